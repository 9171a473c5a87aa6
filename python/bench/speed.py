"""Python-driven actions per second: one game in a Python loop, and batched, against
OpenSpiel's Python loop (pyspiel's oh_hell, a trick-taking game) when it is installed.

    python bench/speed.py [--seconds 2] [--rounds 5] [--threads N] [--games 256]

The one-game loops have the shape of pyspiel's: ask for the legal actions (our
`legal_indices`, pyspiel's `legal_actions`: both a list of Python ints), pick one at random
with the standard library's `random`, apply it (pyspiel samples its chance nodes too). numpy's
`Generator.integers` costs about a microsecond a call, more than either engine's step, so it
would measure numpy. The loops take turns, `--rounds` times, so that a busy machine slows
them alike; the ratio column is each game's loop over pyspiel's.

The batched run steps `--games` games per call (256 by default) on every core, each taking
its first legal action (`argmax` of the mask), and counts every game's step (observation and
mask of the next seat included); it prints the rate of the stepping calls alone (the
environment's throughput, what a policy of any cost adds to) and of the whole loop with the
`argmax` policy. A call wakes the pool's workers, which costs tens of microseconds: with few
games per call (256 steps of Crown Battles take about 40 microseconds on one core) that
wake-up is much of the call, so the second core adds less than with thousands of games; but
thousands of games with large masks (Dukes Up!'s 18,469 entries each) leave the caches.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from duke_games import Game, VecGame

GAMES = ["theduke", "archduke", "dukesup", "crownbattles"]


def one_env(name: str, seconds: float, seed: int = 0) -> tuple[int, float]:
    """Whole games from `seed` on for `seconds`: (actions, seconds taken)."""
    rnd = random.Random(1 + seed)
    actions, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = Game(name, seed=seed)
        seed += 1
        while not g.is_over():
            seat = g.current()
            legal = g.legal_indices(seat)
            g.apply(seat, legal[rnd.randrange(len(legal))])
            actions += 1
    return actions, time.perf_counter() - start


def batched(name: str, seconds: float, games: int = 256, threads: int | None = None) -> tuple[float, float]:
    vec = VecGame(name, games, seed=1, threads=threads)
    size = int(np.prod(vec.observation_shape))
    obs = np.zeros((games, size), np.float32)
    mask = np.zeros((games, vec.action_count), np.bool_)
    seat = np.zeros(games, np.int64)
    reward = np.zeros((games, vec.seat_count), np.float64)
    done = np.zeros(games, np.bool_)
    vec.reset(obs, mask, seat)
    steps, stepping, start = 0, 0.0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        # The cheapest policy numpy has: the first legal action of each game (a random one
        # would cost a random number per mask entry, more than the stepping itself).
        actions = np.argmax(mask, axis=1).astype(np.int64)
        before = time.perf_counter()
        vec.step(actions, obs, mask, seat, reward, done)
        stepping += time.perf_counter() - before
        steps += games
    return steps / stepping, steps / (time.perf_counter() - start)


def pyspiel_loop(seconds: float, seed: int = 0) -> tuple[int, float] | None:
    """Whole games of oh_hell for `seconds`: (actions, seconds taken), or None without
    pyspiel."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell")
    rnd = random.Random(1 + seed)
    actions, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rnd.choices(outcomes, probs)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rnd.randrange(len(legal))])
            actions += 1
    return actions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=2.0, help="time of each loop (all rounds together)")
    parser.add_argument("--rounds", type=int, default=5, help="turns the one-game loops take")
    parser.add_argument("--threads", type=int, default=None, help="VecGame threads (default: every core)")
    parser.add_argument("--games", type=int, default=256, help="games per VecGame call")
    args = parser.parse_args()
    rounds = max(1, args.rounds)
    share = args.seconds / rounds
    # (actions, seconds) per loop, summed over the rounds; the loops take turns.
    totals: dict[str, list[float]] = {name: [0, 0.0] for name in [*GAMES, "pyspiel"]}
    for r in range(rounds):
        spiel = pyspiel_loop(share, seed=1000 * r)
        if spiel is not None:
            totals["pyspiel"][0] += spiel[0]
            totals["pyspiel"][1] += spiel[1]
        for name in GAMES:
            actions, seconds = one_env(name, share, seed=1000 * r)
            totals[name][0] += actions
            totals[name][1] += seconds
    rate = {name: (a / s if s else None) for name, (a, s) in totals.items()}
    cores = "every core" if args.threads is None else f"{args.threads} threads"
    print(f"| game | one game, Python loop | × pyspiel's loop | batched stepping ({args.games} games, {cores}) | batched with argmax policy |")
    print("|---|---|---|---|---|")
    for name in GAMES:
        loop = rate[name] or 0.0
        ratio = f"{loop / rate['pyspiel']:.2f}" if rate["pyspiel"] else ""
        stepping, whole = (r / 1e6 for r in batched(name, args.seconds, games=max(1, args.games), threads=args.threads))
        print(f"| {name} | {loop / 1e6:.3f} M/s | {ratio} | {stepping:.2f} M/s | {whole:.2f} M/s |")
    if rate["pyspiel"] is None:
        print("| pyspiel oh_hell | not installed | | | |")
    else:
        print(f"| pyspiel oh_hell | {rate['pyspiel'] / 1e6:.3f} M/s | 1 | | |")


if __name__ == "__main__":
    main()
