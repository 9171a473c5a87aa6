"""Rules engines of The Duke, Archduke, Dukes Up! and Crown Battles, from Python.

- :class:`Game`: one game: legal actions as notation or indices, apply, undo, views and
  events as dicts, observation tensors and legal-action masks as numpy arrays, returns,
  determinization, records (the same JSON as the Rust crates).
- :class:`VecGame`: many games stepped by one call, with the GIL released and the games
  spread over every core, writing into preallocated numpy arrays.
- :mod:`duke_games.env`: PettingZoo AEC environments (``pip install duke-games[pettingzoo]``).

Engine errors raise :class:`GameError` (a ``ValueError``), or its subclasses
:class:`ConfigError` and :class:`ActionError`, with the engine's message.
"""

from ._native import (
    ActionError,
    ConfigError,
    Game,
    GameError,
    VecGame,
    game_names,
    split_seed,
)

__all__ = ["ActionError", "ConfigError", "Game", "GameError", "VecGame", "game_names", "split_seed"]
