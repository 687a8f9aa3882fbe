"""The bot protocol and the random bot.

A bot is given its seat's ``View`` and, for bots that search, a ``WorldSampler``: a function from a random
generator to a full state dealt consistently with that view (``state.sample_world(seat, rng)``). It never
receives the live state, so it cannot look at cards its seat may not see.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from parlour.engine.view import View

if TYPE_CHECKING:
    from parlour.engine.state import State

WorldSampler = Callable[[random.Random], "State"]


class Bot(Protocol):
    """A player that chooses from a view alone (and from sampled worlds, if it searches)."""

    name: str

    def choose(self, view: View, worlds: WorldSampler | None = None) -> str:
        """The notation of one of ``view.legal_actions``."""
        ...


def sampler_for(state: State, seat: int) -> WorldSampler:
    """What a searching bot in ``seat`` is given instead of the state: worlds its view cannot tell apart."""
    def worlds(rng: random.Random) -> State:
        return state.sample_world(seat, rng)
    return worlds


class RandomBot:
    """Chooses uniformly among the legal actions: the baseline every other bot must beat."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, worlds: WorldSampler | None = None) -> str:
        if not view.legal_actions:
            raise ValueError(f"seat {view.seat} has no legal action to choose from")
        return self.rng.choice(view.legal_actions)


def bot_kinds() -> tuple[str, ...]:
    return ("random", "heuristic", "ismcts", "solver")


def make_bot(kind: str, game_id: str, seed: int | None = None) -> Bot:
    """A bot of the named kind for a game; an unknown kind names the valid ones.

    ``ismcts`` may carry a strength after a colon: ``ismcts:2000`` (iterations per move) or
    ``ismcts:0.5s`` (seconds per move).
    """
    from parlour.bots.heuristic import HeuristicBot

    name, _, setting = kind.partition(":")
    if name == "random" and not setting:
        return RandomBot(seed)
    if name == "heuristic" and not setting:
        return HeuristicBot(game_id, seed)
    if name == "ismcts":
        from parlour.bots.ismcts import IsmctsBot
        return IsmctsBot.from_setting(game_id, setting, seed)
    if name == "solver" and not setting:
        try:
            from parlour.bots.solver import solver_for
        except ImportError:
            raise ValueError("the solver bot needs scipy: pip install 'parlour[solver]'") from None
        return solver_for(game_id, seed)
    raise ValueError(f"unknown bot {kind!r}; the bots are: {', '.join(bot_kinds())}")
