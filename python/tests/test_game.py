"""The Game class: every method on every game, and errors as exceptions."""

import json

import numpy as np
import pytest

import duke_games
from duke_games import ActionError, ConfigError, Game, GameError

GAMES = ["theduke", "archduke", "dukesup", "crownbattles"]


def play_random(game: Game, rng: np.random.Generator, limit: int = 100_000):
    """Plays random legal actions by index until the game is over."""
    steps = 0
    while not game.is_over() and steps < limit:
        seat = game.current()
        legal = game.legal_indices(seat)
        game.apply(seat, int(rng.choice(legal)))
        steps += 1
    return steps


def test_game_names():
    assert duke_games.game_names() == GAMES


@pytest.mark.parametrize("name", GAMES)
def test_a_whole_game_by_indices(name):
    game = Game(name, seed=7)
    rng = np.random.default_rng(7)
    steps = play_random(game, rng)
    assert game.is_over()
    assert steps == game.steps() > 0
    returns = game.returns()
    low, high = game.return_bounds
    assert returns.shape == (game.seat_count,)
    assert np.all(returns >= low) and np.all(returns <= high)
    if game.utility == "zero-sum":
        assert abs(returns.sum()) < 1e-9
    assert game.outcome() is not None


@pytest.mark.parametrize("name", GAMES)
def test_masks_indices_and_notation_agree(name):
    game = Game(name, seed=3)
    rng = np.random.default_rng(3)
    for _ in range(60):
        if game.is_over():
            break
        for seat in range(game.seat_count):
            mask = game.legal_mask(seat)
            assert mask.dtype == np.bool_ and mask.shape == (game.action_count,)
            indices = game.legal_indices(seat)
            assert np.flatnonzero(mask).tolist() == indices  # ascending, as the mask
            assert all(type(i) is int for i in indices)
            notation = game.legal_actions(seat)
            assert [game.action_to_index(a) for a in notation] == indices
            assert [game.index_to_action(i) for i in indices] == notation
        seat = game.current()
        game.apply(seat, game.legal_actions(seat)[int(rng.integers(len(game.legal_actions(seat))))])


@pytest.mark.parametrize("name", GAMES)
def test_observations(name):
    game = Game(name, seed=5)
    shape = tuple(game.observation_shape)
    for observer in [None, *range(game.seat_count)]:
        obs = game.observe(observer)
        assert obs.dtype == np.float32 and obs.shape == shape
        assert np.all(np.isfinite(obs))
        flat = np.zeros(int(np.prod(shape)), dtype=np.float32)
        game.observe_into(flat, observer)
        assert np.array_equal(flat, obs.reshape(-1))


@pytest.mark.parametrize("name", GAMES)
def test_undo_views_events_records(name):
    game = Game(name, seed=11)
    rng = np.random.default_rng(11)
    for _ in range(25):
        if game.is_over():
            break
        before = game.state()
        seat = game.current()
        game.apply(seat, int(rng.choice(game.legal_indices(seat))))
        assert game.undo()
        assert game.state() == before
        game.apply(seat, int(rng.choice(game.legal_indices(seat))))
    view = game.view(0)
    assert isinstance(view, dict)
    assert isinstance(game.render(None), str) and game.render(None)
    events = game.events(0)
    assert all({"step", "event", "text"} <= set(e) for e in events)
    assert any(e["step"] is not None for e in events)
    record = game.record()
    assert record["game"] == name
    again = Game.from_record(record)
    assert again.state() == game.state()
    assert Game.from_record(json.dumps(record)).state() == game.state()
    config = game.config()
    assert Game(name, config=config, seed=11).config() == config


@pytest.mark.parametrize("name", GAMES)
def test_determinize_keeps_the_seat_view(name):
    game = Game(name, seed=13)
    rng = np.random.default_rng(13)
    for _ in range(10):
        if game.is_over():
            break
        seat = game.current()
        game.apply(seat, int(rng.choice(game.legal_indices(seat))))
    twin = game.determinize(0, 99)
    assert twin.view(0) == game.view(0)
    assert np.array_equal(twin.observe(0), game.observe(0))
    with pytest.raises(GameError):
        twin.events(0)


@pytest.mark.parametrize("name", GAMES)
def test_errors_are_exceptions_and_change_nothing(name):
    game = Game(name, seed=1)
    state = game.state()
    with pytest.raises(ActionError):
        game.apply(game.current(), game.action_count + 5)
    with pytest.raises(ActionError):
        game.apply(game.current(), "this is not an action")
    with pytest.raises(GameError):
        game.legal_actions(200)
    with pytest.raises(GameError):
        game.apply(game.current(), 1.5)
    assert game.state() == state
    assert not game.undo()


def test_bad_configs_raise_config_error():
    with pytest.raises(ConfigError):
        Game("chess")
    with pytest.raises(ConfigError):
        Game("crownbattles", players=12)
    with pytest.raises(ConfigError):
        Game("theduke", config={"first_player": "nobody"})
    with pytest.raises(ConfigError):
        Game("archduke", config="{not json")
    assert issubclass(ConfigError, ValueError)


def test_bad_records_raise():
    with pytest.raises(GameError):
        Game.from_record({"format": 1, "game": "theduke", "config": {}, "seed": 0, "steps": [{"seat": 0, "action": "nonsense"}]})
    with pytest.raises(GameError):
        Game.from_record("[]")
