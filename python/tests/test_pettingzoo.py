"""Farama's own PettingZoo tests, unchanged, on every game with and without its options."""

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from duke_games.env import env  # noqa: E402

# Each game plain, and with options of its expansion (keyword arguments are config fields).
CASES = [
    ("theduke", {}),
    ("theduke", {"enhanced_tiles": True, "terrain": {"mountain": True, "fort": True, "dragon": True}}),
    ("archduke", {}),
    ("archduke", {"players": 6}),
    ("dukesup", {}),
    ("dukesup", {"rounds": 3}),
    ("crownbattles", {}),
    ("crownbattles", {"players": 5, "round_types": "Missions"}),
]


def ids(case):
    game, options = case
    return game + ("+" + ",".join(options) if options else "")


@pytest.mark.parametrize("case", CASES, ids=[ids(c) for c in CASES])
def test_api(case):
    game, options = case
    api_test(env(game, **options), num_cycles=300)


@pytest.mark.parametrize("case", CASES, ids=[ids(c) for c in CASES])
def test_seed(case):
    game, options = case
    seed_test(lambda: env(game, **options), num_cycles=200)


def test_unknown_option_is_refused():
    with pytest.raises(TypeError):
        env("dukesup", no_such_option=1)
