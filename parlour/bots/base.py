"""The bot protocol and the random bot.

A bot is given its seat's ``View`` and, for bots that search, a ``WorldSampler``: a function from a random
generator to a full state dealt consistently with that view (``state.sample_world(seat, rng)``). It never
receives the live state, so it cannot look at cards its seat may not see.

Where several seats may act at once (a claim window, a race: ``parlour.engine.claims``), the one that acts
first is the quickest: a bot may say how quickly it acts with ``reaction_time(view, rng) -> float``
seconds (drawn afresh each time, from the driver's seeded ``rng``); one that does not reacts like
``DEFAULT_REACTION``. Drivers call :func:`reaction_time` and :func:`first_to_act`, so that ties fall to
chance and never to seat order.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
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


@dataclass(frozen=True, slots=True)
class Reaction:
    """How quickly a bot acts when others may act at the same moment: ``mean`` seconds, each reaction
    drawn uniformly from half to one and a half times it, so that equally quick bots share the races."""

    mean: float

    def __post_init__(self) -> None:
        if not 0 < self.mean < float("inf"):
            raise ValueError(f"a reaction time is a positive number of seconds, not {self.mean!r}")

    def draw(self, rng: random.Random) -> float:
        return self.mean * (0.5 + rng.random())


DEFAULT_REACTION = Reaction(1.0)
# The strength settings of the bots that take one (``heuristic:hard``): a weak player is a slow one.
LEVELS = {"easy": Reaction(2.0), "normal": DEFAULT_REACTION, "hard": Reaction(0.5)}


# Where a person sits at the table, a bot that may act at the same moment as others waits at least this long,
# by the pace of its level (``pace_of``), before its usual reaction time: long enough for a person to take in
# what is on the table and answer. Races (Twenty-Four's slap): the time to find a sum of four cards that
# makes 24, which takes a person several seconds on an easy board and longer on a hard one, so that an easy bot
# leaves a board open 8 s, a medium one 5 s and a hard one 3 s. Claim windows (Comet's 9 of diamonds, Kowah's
# third copy): only a glance at one's hand for the card, and the window is settled by the book's order of
# claimants, not by who answers first; the page answers for its person after 2 s (``WINDOW_SECONDS`` in
# table.js), so a bot answers after 2 s, 1.5 s or 1 s. Bots alone at a table (and every simulation and
# tournament) keep their usual times.
PEOPLE_RACE = {"easy": 8.0, "normal": 5.0, "hard": 3.0}
PEOPLE_WINDOW = {"easy": 2.0, "normal": 1.5, "hard": 1.0}


def pace_of(kind: str) -> str:
    """The pace (a key of ``LEVELS``) a seat's bot kind keeps among people: the easy level and
    ``heuristic:easy`` are easy, the medium level, the random bot and the plain heuristic normal, every
    stronger bot (``strong``, ``expert``, ``ismcts``, ``solver``, ``heuristic:hard``) hard."""
    name, _, setting = kind.partition(":")
    if name == "heuristic":
        return setting if setting in LEVELS else "normal"
    return {"easy": "easy", "medium": "normal", "random": "normal"}.get(name, "hard")


def least_reaction(kind: str, *, window: bool) -> float:
    """The seconds a bot of ``kind`` waits at least, where a person sits, in a claim window (``window``) or
    a race, before its own reaction time."""
    return (PEOPLE_WINDOW if window else PEOPLE_RACE)[pace_of(kind)]


def reaction_time(bot: Bot, view: View, rng: random.Random) -> float:
    """How many seconds ``bot`` takes to act on ``view`` this time; ``DEFAULT_REACTION`` for a bot that
    does not say."""
    react: Callable[[View, random.Random], float] | None = getattr(bot, "reaction_time", None)
    return DEFAULT_REACTION.draw(rng) if react is None else float(react(view, rng))


def first_to_act(times: Mapping[int, float], rng: random.Random) -> int:
    """The seat with the shortest reaction time; equal times are settled by ``rng``, never by seat order."""
    if not times:
        raise ValueError("no seat to act")
    quickest = min(times.values())
    tied = sorted(seat for seat, time in times.items() if time == quickest)
    return tied[0] if len(tied) == 1 else rng.choice(tied)


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

    def reaction_time(self, view: View, rng: random.Random) -> float:
        return DEFAULT_REACTION.draw(rng)


# OpenSpiel's IS-MCTS, played through the OpenSpiel adapter: the peer of the strength table.
PEER = "openspiel-ismcts"


# ``expert:own``: the expert as it was before issue 41, for the strength table to measure today's against: DDS left
# out, and PIMC only in the last five tricks of the whist games, by the project's own search (the tree search
# before them, and in every other game throughout).
OWN_SOLVER = "own"
# ``expert:pimc``: the expert playing the cards by PIMC as early as a second a move allows in every trick game
# (``levels.PIMC_REACH``), the candidate the strength table measures against the expert.
EARLY_PIMC = "pimc"

# The strengths offered to people (``parlour.bots.levels``), weakest first.
LEVEL_NAMES = ("easy", "medium", "strong", "expert")


def bot_kinds() -> tuple[str, ...]:
    """Every kind of bot a seat may hold, here and on the server: the levels, weakest first, then the research
    bots in the order they are offered (``parlour.bots.kinds.RESEARCH``). Not every kind plays every game, nor
    with whatever is installed: ``parlour.bots.kinds_for`` says which do (``pimc`` only trick games, ``solver``
    only the games it solves, ``openspiel-ismcts`` only with OpenSpiel)."""
    return (*LEVEL_NAMES, "random", "heuristic", "ismcts", "rollout", "pimc", "solver", PEER)


def make_bot(kind: str, game_id: str, seed: int | None = None) -> Bot:
    """A bot of the named kind for a game; an unknown kind names the valid ones.

    ``ismcts`` may carry a strength after a colon: ``ismcts:2000`` (iterations per move) or
    ``ismcts:0.5s`` (seconds per move), from which its reaction time follows; ``heuristic`` may carry
    ``easy``, ``normal`` or ``hard`` (``heuristic:hard``), which sets only how quickly it acts.
    ``expert:own`` is the expert before issue 41: without DDS, and without PIMC's early tricks (``OWN_SOLVER``);
    ``expert:pimc`` plays the cards by PIMC as early as its second allows (``EARLY_PIMC``). ``rollout`` may
    carry seconds a move (``rollout:0.5s``). ``pimc`` (``pimc:N``, N worlds a move, within a second) solves
    sampled worlds open in the last tricks of a trick game's deal (every trick, by DDS, where the worlds are
    bridge's own and endplay is installed) and plays as ``heuristic`` elsewhere, so it is offered only in the
    trick games (``parlour.bots.kinds``). ``openspiel-ismcts:N``, OpenSpiel's own IS-MCTS at ``N``
    simulations a move (with the ``rl`` extra), is a peer to measure the house's bots against. A server bounds
    every one of them (``parlour.web.botpool.BotLimits``): seconds by ``--max-bot-seconds``, and iterations,
    pimc's worlds and OpenSpiel's simulations by ``--max-bot-iterations``.
    """
    from parlour.bots.heuristic import HeuristicBot

    name, _, setting = kind.partition(":")
    if name in LEVEL_NAMES and not setting:
        from parlour.bots.levels import level_bot
        return level_bot(name, game_id, seed)
    if name == "expert" and setting in (OWN_SOLVER, EARLY_PIMC):
        from parlour.bots.levels import OPEN_ENDINGS, PIMC_REACH, ExpertBot
        from parlour.bots.pimc import DEPTH
        if setting == EARLY_PIMC:
            return ExpertBot(game_id, seed, pimc_from=PIMC_REACH)
        return ExpertBot(game_id, seed, dds=False, pimc_from=dict.fromkeys(OPEN_ENDINGS, DEPTH))
    if name == "random" and not setting:
        return RandomBot(seed)
    if name == "heuristic":
        return HeuristicBot.from_setting(game_id, setting, seed)
    if name == "ismcts":
        from parlour.bots.ismcts import IsmctsBot
        return IsmctsBot.from_setting(game_id, setting, seed)
    if name == "solver" and not setting:
        try:
            from parlour.bots.solver import solver_for
        except ImportError:
            raise ValueError("the solver bot needs scipy: pip install 'parlour[solver]'") from None
        return solver_for(game_id, seed)
    if name == "rollout":
        from parlour.bots.rollout import RolloutBot
        return RolloutBot.from_setting(game_id, setting, seed)
    if name == "pimc":
        from parlour.bots.pimc import PimcBot
        return PimcBot.from_setting(game_id, setting, seed)
    if name == PEER:
        try:
            from parlour.rl.openspiel import OpenSpielIsmctsBot
        except ImportError:
            raise ValueError(f"the {PEER} bot needs OpenSpiel: pip install 'parlour[openspiel]'") from None
        return OpenSpielIsmctsBot.from_setting(game_id, setting, seed)
    raise ValueError(f"unknown bot {kind!r}; the bots are: {', '.join(bot_kinds())}")
