"""VecGame: batched stepping equals the serial games, for any number of threads."""

import numpy as np
import pytest

from duke_games import ActionError, Game, VecGame, split_seed
from duke_games._native import GameError

GAMES = ["theduke", "archduke", "dukesup", "crownbattles"]


def buffers(vec: VecGame):
    n, size = vec.num_games, int(np.prod(vec.observation_shape))
    return (
        np.zeros((n, size), np.float32),
        np.zeros((n, vec.action_count), np.bool_),
        np.zeros(n, np.int64),
        np.zeros((n, vec.seat_count), np.float64),
        np.zeros(n, np.bool_),
    )


def run(name: str, games: int, steps: int, threads: int):
    """Steps `games` games with the lowest legal index; returns the trace of rewards and
    observations."""
    vec = VecGame(name, games, seed=5, threads=threads)
    obs, mask, seat, reward, done = buffers(vec)
    vec.reset(obs, mask, seat)
    trace = []
    for _ in range(steps):
        actions = np.argmax(mask, axis=1).astype(np.int64)
        vec.step(actions, obs, mask, seat, reward, done)
        trace.append((obs.copy(), mask.copy(), seat.copy(), reward.copy(), done.copy()))
    return trace


@pytest.mark.parametrize("name", GAMES)
def test_results_do_not_depend_on_threads(name):
    one = run(name, 6, 150, threads=1)
    two = run(name, 6, 150, threads=2)
    for a, b in zip(one, two):
        for x, y in zip(a, b):
            assert np.array_equal(x, y)


@pytest.mark.parametrize("threads", [0, 2, 3, 5])
def test_uneven_blocks_equal_one_thread(threads):
    # 13 games: blocks of unequal sizes, and more threads than some blocks have games (0:
    # every core).
    one = run("crownbattles", 13, 120, threads=1)
    many = run("crownbattles", 13, 120, threads=threads)
    for a, b in zip(one, many):
        for x, y in zip(a, b):
            assert np.array_equal(x, y)


@pytest.mark.parametrize("name", GAMES)
def test_batched_equals_serial(name):
    games, steps, master = 3, 300, 9
    vec = VecGame(name, games, seed=master, threads=2)
    obs, mask, seat, reward, done = buffers(vec)
    vec.reset(obs, mask, seat)
    # The serial twin: episode e of game i is seeded split_seed(split_seed(master, i), e).
    serial = [Game(name, seed=split_seed(split_seed(master, i), 0)) for i in range(games)]
    episodes = [0] * games
    for i, g in enumerate(serial):
        assert seat[i] == g.current()
        assert np.array_equal(obs[i], g.observe(g.current()).reshape(-1))
    for _ in range(steps):
        actions = np.argmax(mask, axis=1).astype(np.int64)
        vec.step(actions, obs, mask, seat, reward, done)
        for i in range(games):
            g = serial[i]
            before = g.returns()
            g.apply(g.current(), int(actions[i]))
            assert np.array_equal(reward[i], g.returns() - before)
            assert done[i] == g.is_over()
            if g.is_over():
                episodes[i] += 1
                g = serial[i] = Game(name, seed=split_seed(split_seed(master, i), episodes[i]))
            assert seat[i] == g.current()
            assert np.array_equal(obs[i], g.observe(g.current()).reshape(-1))
            assert np.array_equal(mask[i], g.legal_mask(g.current()))


def test_illegal_batched_action_names_the_game():
    vec = VecGame("theduke", 2, seed=1)
    obs, mask, seat, reward, done = buffers(vec)
    vec.reset(obs, mask, seat)
    actions = np.array([np.argmax(mask[0]), vec.action_count + 3], np.int64)
    with pytest.raises(ActionError, match="game 1"):
        vec.step(actions, obs, mask, seat, reward, done)


@pytest.mark.parametrize("threads", [1, 2])
def test_illegal_batched_actions_name_the_first_game_and_the_others_step(threads):
    vec = VecGame("crownbattles", 9, seed=1, threads=threads)
    obs, mask, seat, reward, done = buffers(vec)
    vec.reset(obs, mask, seat)
    serial = [Game("crownbattles", seed=split_seed(split_seed(1, i), 0)) for i in range(9)]
    actions = np.argmax(mask, axis=1).astype(np.int64)
    actions[[2, 7]] = -1
    with pytest.raises(ActionError, match="game 2"):
        vec.step(actions, obs, mask, seat, reward, done)
    for i, g in enumerate(serial):
        if i not in (2, 7):
            g.apply(g.current(), int(actions[i]))
        assert seat[i] == g.current()
        assert np.array_equal(obs[i], g.observe(g.current()).reshape(-1))


def test_wrong_buffer_shapes_raise():
    vec = VecGame("dukesup", 2, seed=1)
    obs, mask, seat, reward, done = buffers(vec)
    with pytest.raises(GameError):
        vec.reset(obs[:1], mask, seat)
