"""PettingZoo environments for every Parlour game: ``env(...)`` (AEC) and ``parallel_env(...)``.

Agents are ``player_0`` ... ``player_{n-1}``, one a seat. Each observes a dict, as PettingZoo's own card
games do: ``observation``, the seat's :class:`~parlour.rl.observation.Observer` vector (``float32``,
built from its view alone; ``env(...).unwrapped.observer.describe()`` prints its layout), and
``action_mask``, ``int8`` over ``range(action_space_size)``, 1 for each of the seat's legal action
numbers (all zeros for a seat not to move). Actions are those numbers (``Discrete(action_space_size)``).

- **Seeding**: ``reset(seed=s)`` deals the game ``new_game(..., seed=s)``, so the same seed plays the same
  game; ``reset()`` without one takes the next seed of a generator seeded by the last seed given (or by
  the system, if none was ever given).
- **Illegal actions** raise the engine's error (``IllegalAction``, a ``ValueError``, naming the rule) and
  change nothing, as ``apply_id`` does; wrap the environment in PettingZoo's ``TerminateIllegalWrapper``
  for the convention of ending the game with a penalty instead.
- **Rewards** come at the end only, from the game's ``Result``: +1 for each winner, -1 for every other
  seat, and 0 for all when the game is drawn (every seat placed alike, a void game too). Partners who win
  together each get +1. ``max_steps`` truncates every agent after that many actions, with no reward.
- **Several seats to move** (a claim window, a race, Divide and Conquer's cards laid at once): the AEC
  environment hands the turn to the first of them after the seat that acted last, going round the table,
  so every one of them gets its chance in turn; a seat that is to move but not selected sees its legal
  actions in its mask all the same. ``parallel_env`` lets every seat to move act in one step (see
  :class:`ParlourParallelEnv`); it is meant for the games whose moves are simultaneous (Divide and
  Conquer, and the races and windows of Comet and Twenty-Four), and plays any other game one seat a step.
- **Rendering**: ``render_mode="ansi"`` makes ``render()`` return the table as the selected seat sees it,
  drawn by the terminal's renderer, as plain text; ``"human"`` draws it on the terminal, in colour. There
  is no ``"rgb_array"``: like PettingZoo's own classic card games, a table is text.
- **Names and versions**: ``metadata["name"]`` names the game and its version, as PettingZoo names its
  environments (``parlour_tetka_v0``, ``parlour_twenty_five_v0``; :func:`env_name`). A game's version is
  bumped, in :data:`VERSIONS`, whenever what an agent learns from changes: its rewards, or its observations
  (their layout, or what a piece of them means), or its actions' numbers. Results obtained with
  ``parlour_tetka_v0`` are then comparable only with others obtained with ``parlour_tetka_v0``.

>>> environment = env("tetka")
>>> environment.reset(seed=3)
>>> observation, reward, terminated, truncated, info = environment.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((1151,), 13)
"""

from __future__ import annotations

import io
import random
from collections.abc import Mapping
from typing import Any, ClassVar

from rich.console import Console

from parlour.cli.table import draw_view
from parlour.engine import State, new_game
from parlour.engine.registry import game_info
from parlour.rl import spiel_name
from parlour.rl.observation import Observer, Vector

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv, ParallelEnv
    from pettingzoo.utils import wrappers
except ImportError as missing:  # pragma: no cover - depends on the environment
    raise ImportError("parlour.rl.pettingzoo needs pettingzoo and gymnasium: "
                      "pip install 'parlour[pettingzoo]'") from missing

RENDER_MODES = ("ansi", "human")
# Each game's environment version, 0 where it is not given; bump a game's when its rewards, observations or
# action numbers change (tests/rl/test_pettingzoo.py keeps a fingerprint of each layout, to remind you).
VERSIONS: dict[str, int] = {}


def env_name(game_id: str) -> str:
    """The environment's name, as PettingZoo names its own: ``parlour_``, the game's id with underscores,
    and its version (``parlour_divide_and_conquer_v0``). An unknown game raises the registry's error.

    >>> env_name("twenty-five")
    'parlour_twenty_five_v0'
    """
    info = game_info(game_id)
    return f"{spiel_name(info.id)}_v{VERSIONS.get(info.id, 0)}"


def env(game_id: str, players: int | None = None, variant: str | None = None, render_mode: str | None = None,
        max_steps: int | None = None, **options: Any) -> AECEnv:
    """The AEC environment of a game, behind PettingZoo's order-enforcing wrapper (reset before step)."""
    return wrappers.OrderEnforcingWrapper(ParlourEnv(game_id, players, variant, render_mode, max_steps, **options))


def parallel_env(game_id: str, players: int | None = None, variant: str | None = None,
                 render_mode: str | None = None, max_steps: int | None = None, **options: Any) -> ParallelEnv:
    """The parallel environment of a game: every seat to move acts in each step."""
    return ParlourParallelEnv(game_id, players, variant, render_mode, max_steps, **options)


class _Table:
    """What both environments share: the game's facts, the spaces, the state, and how a seat observes
    it, is rewarded and is shown."""

    def __init__(self, game_id: str, players: int | None, variant: str | None, render_mode: str | None,
                 max_steps: int | None, options: Mapping[str, Any]) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode {render_mode!r} is not one of: {', '.join(RENDER_MODES)}")
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int)
                                      or max_steps < 1):
            raise ValueError(f"max_steps is a whole number of actions, 1 or more, not {max_steps!r}")
        self.observer = Observer(game_id, players, variant, **options)
        self.game, self.players, self.variant = game_id, self.observer.players, variant
        self.options = dict(options)
        self.render_mode, self.max_steps = render_mode, max_steps
        self.agents = [f"player_{seat}" for seat in range(self.players)]
        size = self.observer.action_space_size
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.observer.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (size,), np.int8)}) for agent in self.agents}
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.agents}
        self.seeds = random.Random()
        self.state: State | None = None
        self.steps = 0

    def deal(self, seed: int | None) -> State:
        if isinstance(seed, np.integer):
            seed = int(seed)
        if seed is not None:
            self.seeds.seed(seed)
        else:
            seed = self.seeds.getrandbits(63)
        self.state = new_game(self.game, self.players, self.variant, seed=seed, **self.options)
        self.steps = 0
        return self.state

    @property
    def live(self) -> State:
        if self.state is None:
            raise RuntimeError("reset the environment before using it")
        return self.state

    def seat(self, agent: str) -> int:
        try:
            return self.agents.index(agent)
        except ValueError:
            raise ValueError(f"no agent {agent!r}: the agents are {', '.join(self.agents)}") from None

    def observe(self, seat: int) -> dict[str, Vector]:
        state = self.live
        return {"observation": self.observer.encode(state.view(seat)),
                "action_mask": self.observer.action_mask(state.legal_ids(seat))}

    def act(self, seat: int, action: Any) -> None:
        """Apply an action number: numpy's integers are read as ints, anything else is the engine's to
        refuse, in its words."""
        number = int(action) if isinstance(action, np.integer) else action
        self.live.apply_id(seat, number)
        self.steps += 1

    def truncated(self) -> bool:
        return self.max_steps is not None and self.steps >= self.max_steps and not self.live.is_over

    def rewards(self) -> list[float]:
        """+1 a winner, -1 any other seat, 0 for all in a drawn game; 0 before the end."""
        state = self.live
        if not state.is_over:
            return [0.0] * self.players
        result = state.result()
        if result.drawn:
            return [0.0] * self.players
        return [1.0 if seat in result.winners else -1.0 for seat in range(self.players)]

    def next_seat(self, after: int) -> int:
        """Of the seats to move, the first after ``after`` going round the table."""
        to_move = self.live.to_move
        return min(to_move, key=lambda seat: (seat - after - 1) % self.players)

    def render(self, seat: int) -> str | None:
        """The seat's table: as text (``ansi``), or drawn on the terminal in colour (``human``)."""
        if self.render_mode is None:
            return None
        table = draw_view(self.live.view(seat).to_dict())
        if self.render_mode == "human":
            Console().print(table)
            return None
        out = io.StringIO()
        Console(file=out, width=100, color_system=None, force_terminal=False).print(table)
        return out.getvalue()


class _Seated:
    """The part both environments share: a ``_Table`` and the spaces, one pair an agent, made once
    (PettingZoo's tests ask for the same space object each time), and the metadata with the game's name."""

    METADATA: ClassVar[dict[str, Any]] = {}

    def __init__(self, game_id: str, players: int | None = None, variant: str | None = None,
                 render_mode: str | None = None, max_steps: int | None = None, **options: Any) -> None:
        self.table = _Table(game_id, players, variant, render_mode, max_steps, options)
        self.observer = self.table.observer   # its ``describe()`` is the layout of ``observation``
        self.render_mode = render_mode
        self.metadata: dict[str, Any] = {**self.METADATA, "name": env_name(game_id)}
        self.possible_agents = list(self.table.agents)
        self.agents: list[str] = []
        self.observation_spaces = self.table.observation_spaces
        self.action_spaces = self.table.action_spaces

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def close(self) -> None:
        """Nothing to release: the game is plain Python data."""


class ParlourEnv(_Seated, AECEnv):  # type: ignore[misc]
    """A Parlour game as a PettingZoo AEC environment (see the module's notes)."""

    # ``metadata`` is this and the game's versioned name (``parlour_tetka_v0``), set per environment.
    METADATA: ClassVar[dict[str, Any]] = {"render_modes": list(RENDER_MODES), "is_parallelizable": False}


    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        state = self.table.deal(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[self.table.next_seat(-1)] if state.to_move else self.agents[0]

    def observe(self, agent: str) -> dict[str, Vector]:
        return self.table.observe(self.table.seat(agent))

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.table.seat(agent)
        self.table.act(seat, action)
        self._cumulative_rewards[agent] = 0.0
        state = self.table.live
        if state.is_over or self.table.truncated():
            ends = self.terminations if state.is_over else self.truncations
            for other, reward in zip(self.agents, self.table.rewards(), strict=True):
                self.rewards[other] = reward
                ends[other] = True
        else:
            self.agent_selection = self.agents[self.table.next_seat(seat)]
        self._accumulate_rewards()
        self._deads_step_first()

    def render(self) -> str | None:
        """The selected agent's table, as its seat sees it: with ``render_mode="ansi"`` returned as plain
        text, with ``"human"`` printed on the terminal in colour (returning None), and None without a render
        mode. There is no ``rgb_array`` mode: the table is text."""
        return self.table.render(self.table.seat(self.agent_selection))


class ParlourParallelEnv(_Seated, ParallelEnv):  # type: ignore[misc]
    """A Parlour game as a PettingZoo parallel environment.

    Each step takes an action from any of the seats to move; the others' entries are ignored (a seat
    not to move has an empty mask). The actions are applied one by one, starting from a seat that turns
    with each step (so that no seat always wins a race), each only while its seat is still to move and
    the action still legal: a claim made too late, once another's has ended the window, is dropped, as at
    the table. An action that was not legal when it was chosen raises an error naming the agent (so
    PettingZoo's ``parallel_seed_test``, which samples without the masks, does not apply). A seat to move
    that sends no action waits.
    """

    METADATA: ClassVar[dict[str, Any]] = {"render_modes": list(RENDER_MODES)}


    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self.table.deal(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), {agent: {} for agent in self.agents}

    def step(self, actions: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, float], dict[str, bool],
                                                          dict[str, bool], dict[str, dict[str, Any]]]:
        state = self.table.live
        chosen = {self.table.seat(agent): action for agent, action in actions.items()
                  if self.table.seat(agent) in state.to_move}
        offered = {seat: state.legal_ids(seat) for seat in chosen}
        for seat, action in chosen.items():
            if action not in offered[seat]:
                raise ValueError(f"{self.agents[seat]}: {action!r} is not one of its legal action numbers now")
        start = self.table.steps % self.players
        for seat in sorted(chosen, key=lambda s: (s - start) % self.players):
            if seat in state.to_move and int(chosen[seat]) in state.legal_ids(seat):
                self.table.act(seat, chosen[seat])
        observations = self._observations()
        rewards = dict(zip(self.agents, self.table.rewards(), strict=True))
        over, cut = state.is_over, self.table.truncated()
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, cut)
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        if over or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    @property
    def players(self) -> int:
        return self.table.players

    def _observations(self) -> dict[str, Any]:
        return {agent: self.table.observe(seat) for seat, agent in enumerate(self.agents)}

    def render(self) -> str | None:
        """The table as the first seat to move sees it (seat 0 once the game is over): text with
        ``render_mode="ansi"``, printed in colour with ``"human"``, None without a render mode. There is no
        ``rgb_array`` mode: the table is text."""
        state = self.table.live
        return self.table.render(state.to_move[0] if state.to_move else 0)
