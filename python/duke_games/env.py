"""PettingZoo AEC environments of the four games.

``env(game="crownbattles", players=4, round_types=...)``: every field of the game's Rust
config is a keyword argument (the expansion options included); the rest of the config is
the bounded rulebook game (``GameConfig::bounded``), so every episode ends. Agents are
``player_0`` ... ``player_{n-1}``; the agent selected is the seat the game waits for (seats
that could act out of turn, in Archduke, are not asked). Observations are dicts with the
float32 ``observation`` tensor of that agent and its int8 ``action_mask`` (all zeros for
an agent that is not selected); actions are indices (``Discrete(action_count)``). An
agent's reward for a step is the change of its return (``Game.returns``): the two-player
games pay at the end, the card games as rounds are scored.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from . import Game


def _config(game: str, players, options: dict):
    config = Game(game, players=players).config()
    for key, value in options.items():
        if key not in config and not _optional_field(game, key):
            raise TypeError(f"{game} has no config field {key!r}; its fields are {sorted(config)}")
        config[key] = value
    return config


def _optional_field(game: str, key: str) -> bool:
    # Fields left out of a config's JSON while off (The Duke's Expanded play options).
    return game == "theduke" and key in {"enhanced_tiles", "tiles", "readings", "terrain", "objective"}


class DukeGamesEnv(AECEnv):
    """One of the four games as a PettingZoo AEC environment (see the module docs)."""

    metadata = {"render_modes": ["human", "ansi"], "name": "duke_games_v0", "is_parallelizable": False}

    def __init__(self, game: str = "theduke", players: int | None = None, render_mode: str | None = None, **options):
        super().__init__()
        self.game_name = game
        self.config = _config(game, players, options)
        self.render_mode = render_mode
        probe = Game(game, config=self.config)
        self._seats = probe.seat_count
        self._actions = probe.action_count
        self._shape = tuple(probe.observation_shape)
        self.possible_agents = [f"player_{i}" for i in range(self._seats)]
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, self._shape, np.float32),
                    "action_mask": spaces.Box(0, 1, (self._actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self._actions) for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self.game = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        game_seed = int(self._rng.integers(0, 2**63))
        self.game = Game(self.game_name, config=self.config, seed=game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._returns = self.game.returns()
        self.agent_selection = self.possible_agents[self.game.current()]

    def observe(self, agent):
        seat = self._seat(agent)
        mask = np.zeros(self._actions, dtype=np.int8)
        if agent == self.agent_selection and not self.game.is_over():
            mask[self.game.legal_mask(seat)] = 1
        return {"observation": self.game.observe(seat), "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(self._seat(agent), int(action))
        returns = self.game.returns()
        self.rewards = {a: float(returns[i] - self._returns[i]) for i, a in enumerate(self.agents)}
        self._returns = returns
        if self.game.is_over():
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos = {a: {"outcome": self.game.outcome()} for a in self.agents}
            # Every agent is then asked once more, and removed by `_was_dead_step`.
            index = self.agents.index(agent)
            self.agent_selection = self.agents[(index + 1) % len(self.agents)]
        else:
            self.agent_selection = self.possible_agents[self.game.current()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = self.game.render() if self.game is not None else ""
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass


def env(game: str = "theduke", **kwargs) -> DukeGamesEnv:
    """The AEC environment of `game` (``theduke``, ``archduke``, ``dukesup``, ``crownbattles``)."""
    return DukeGamesEnv(game, **kwargs)
