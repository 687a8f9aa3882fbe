"""The bot protocol and the random bot."""

from __future__ import annotations

import random
from typing import Protocol

from parlour.engine.view import View


class Bot(Protocol):
    """A player that chooses from a view alone."""

    name: str

    def choose(self, view: View) -> str:
        """The notation of one of ``view.legal_actions``."""
        ...


class RandomBot:
    """Chooses uniformly among the legal actions: the baseline every other bot must beat."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> str:
        if not view.legal_actions:
            raise ValueError(f"seat {view.seat} has no legal action to choose from")
        return self.rng.choice(view.legal_actions)


def bot_kinds() -> tuple[str, ...]:
    return ("random", "heuristic")


def make_bot(kind: str, game_id: str, seed: int | None = None) -> Bot:
    """A bot of the named kind for a game; an unknown kind names the valid ones."""
    from parlour.bots.heuristic import HeuristicBot

    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        return HeuristicBot(game_id, seed)
    raise ValueError(f"unknown bot {kind!r}; the bots are: {', '.join(bot_kinds())}")
