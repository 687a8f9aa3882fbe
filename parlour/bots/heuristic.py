"""Simple rule-of-thumb players, one strategy per game, each reading only the view.

A strategy is a function ``(view, rng) -> notation`` registered for a game id with ``@heuristic_for``;
it lives in ``parlour/bots/heuristics/<game>.py``. A game without one falls back to random play.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable

from parlour.bots.base import DEFAULT_REACTION, LEVELS, Reaction, WorldSampler
from parlour.engine.view import View

Strategy = Callable[[View, random.Random], str]
_STRATEGIES: dict[str, Strategy] = {}


def heuristic_for(game_id: str) -> Callable[[Strategy], Strategy]:
    def register(strategy: Strategy) -> Strategy:
        _STRATEGIES[game_id] = strategy
        return strategy
    return register


def strategy_of(game_id: str) -> Strategy | None:
    if game_id not in _STRATEGIES:
        try:
            importlib.import_module(f"parlour.bots.heuristics.{game_id.replace('-', '_')}")
        except ModuleNotFoundError:
            return None
    return _STRATEGIES.get(game_id)


class HeuristicBot:
    """The game's rule of thumb. Its level (``heuristic:easy``, ``normal``, ``hard``) changes how quickly it
    acts in a claim or a race, not how it plays: a fast and a slow one are equal in skill."""

    name = "heuristic"

    def __init__(self, game_id: str, seed: int | None = None, reaction: Reaction = DEFAULT_REACTION) -> None:
        self.game_id = game_id
        self.rng = random.Random(seed)
        self.strategy = strategy_of(game_id)
        self.reaction = reaction

    @classmethod
    def from_setting(cls, game_id: str, setting: str, seed: int | None = None) -> HeuristicBot:
        """``""`` (normal), ``"easy"``, ``"normal"`` or ``"hard"``."""
        if not setting:
            return cls(game_id, seed)
        if setting not in LEVELS:
            raise ValueError(f"heuristic takes a level, one of {', '.join(LEVELS)} (heuristic:hard), not {setting!r}")
        return cls(game_id, seed, LEVELS[setting])

    def reaction_time(self, view: View, rng: random.Random) -> float:
        return self.reaction.draw(rng)

    def choose(self, view: View, worlds: WorldSampler | None = None) -> str:
        if not view.legal_actions:
            raise ValueError(f"seat {view.seat} has no legal action to choose from")
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        if self.strategy is None:
            return self.rng.choice(view.legal_actions)
        choice = self.strategy(view, self.rng)
        if choice not in view.legal_actions:
            raise RuntimeError(f"the {self.game_id} heuristic chose {choice!r}, which is not legal")
        return choice
