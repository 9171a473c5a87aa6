"""Random-playout speed of OpenSpiel's Oh Hell, driven from Python.

Usage: python3 openspiel_oh_hell.py [players] [seconds]
Counts every applied action (chance outcomes of the deal and trump included, as
OpenSpiel models them as actions) and reports actions/s and games/s.
"""
import random
import sys
import time

import pyspiel

players = int(sys.argv[1]) if len(sys.argv) > 1 else 3
seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 10.0
game = pyspiel.load_game("oh_hell", {"players": players})
rng = random.Random(1)
actions = games = 0
chance_actions = 0
start = time.perf_counter()
cpu_start = time.process_time()
while time.perf_counter() - start < seconds:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choice(outcomes))
            chance_actions += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        actions += 1
    games += 1
elapsed = time.perf_counter() - start
cpu = time.process_time() - cpu_start
print(f"oh_hell players={players}: {games} games, {actions} actions ({chance_actions} chance) in {elapsed:.2f}s")
print(f"  wall: {actions / elapsed:,.0f} actions/s (all), {(actions - chance_actions) / elapsed:,.0f} player actions/s, {games / elapsed:,.1f} games/s")
print(f"  CPU time {cpu:.2f}s: {actions / cpu:,.0f} actions/s (all), {(actions - chance_actions) / cpu:,.0f} player actions/s, {games / cpu:,.1f} games/s")
