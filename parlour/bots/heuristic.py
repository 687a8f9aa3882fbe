"""Simple rule-of-thumb players, and the quick habits a search plays in its playouts, one module per game.

A strategy is a function ``(view, rng) -> notation`` registered for a game id with ``@heuristic_for``;
it reads the view only, and a game without one falls back to random play.

Habits are a function ``(position, seat, rng) -> Action`` registered with ``@habit_for``: the move a seat
makes in an IS-MCTS playout, where building a view for every move would cost more than the whole playout.
So a habit reads the position itself, but only through a narrow, read-only window the game offers (a
``Protocol`` beside the habit names every member it may read: the seat's own hand, the trick, the phase,
who declared, ...), and only what ``seat`` may know; ``tests/bots/test_habits.py`` checks that a habit
chooses alike on two positions that differ only in cards ``seat`` cannot see. A game without habits plays
its playouts at random (``random_habit``).

Both live in ``parlour/bots/heuristics/<game>.py``, so that a game's strategy, and the hand-reading helpers
its heuristic and its habits share, stand in one file and never in the rules module.
"""

from __future__ import annotations

import contextlib
import importlib
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from parlour.bots.base import DEFAULT_REACTION, LEVELS, Reaction, WorldSampler
from parlour.engine.actions import Action
from parlour.engine.staging import Stage
from parlour.engine.view import View

Strategy = Callable[[View, random.Random], str]
# How much longer than its level's usual time a heuristic takes to act on a view (a hard board, a late
# moment): a factor, registered with ``pace_for``; a game without one is paced by the level alone.
Pace = Callable[[View], float]
_PACES: dict[str, Pace] = {}
# The first argument is the game's own state, read through the game's position protocol.
Habit = Callable[[Any, int, random.Random], Action]
_STRATEGIES: dict[str, Strategy] = {}
# The rule of thumb given the expert's time, where that serves better than a search: East-West's sampling of
# finished boards over many more boards, Mus's calls weighed in deals that keep the calls already made.
# Registered with ``considered_for`` and played by the expert instead of a search.
_CONSIDERED: dict[str, Strategy] = {}
_HABITS: dict[str, Habit] = {}


class Position(Protocol):
    """What every game's habits may read: who acts now, and a seat's legal actions (for the random moves).

    Members are read-only properties and queries, so a habit typed with a game's protocol can neither
    change the position nor read what the protocol does not name (mypy checks it)."""

    @property
    def to_move(self) -> tuple[int, ...]: ...

    def legal_actions(self, seat: int) -> list[Action]: ...


class CardPosition(Position, Protocol):
    """A game of cards played from hand: the hands as masks over its pack (a habit reads only the entry
    of the seat it plays for), the trick as pack indices in the order played, and the cards a seat may
    play now."""

    @property
    def hands(self) -> Sequence[int]: ...

    @property
    def trick(self) -> Sequence[int]: ...

    def legal_mask(self, seat: int) -> int: ...


class StagedPosition(Position, Protocol):
    """A melding game's turn built in steps (``engine.staging``): the hands as masks over its pack (a habit
    reads only its own seat's entry) and the melds being laid out this turn, which everyone sees."""

    @property
    def hands(self) -> Sequence[int]: ...

    @property
    def stage(self) -> Stage | None: ...


def duck(legal: int, trick: Sequence[int], suit_masks: Sequence[int], suit_of: Sequence[int]) -> int:
    """Following suit, the highest card that stays under the best card of the suit led, else the lowest
    (in a pack whose indices rise with rank within each suit); -1 when void in the suit led."""
    suit_mask = suit_masks[suit_of[trick[0]]]
    follow = legal & suit_mask
    if not follow:
        return -1
    # A loop rather than ``max`` over a generator: this runs at nearly every card of a playout.
    best = -1
    for card in trick:
        if card > best and suit_mask >> card & 1:
            best = card
    under = follow & ((1 << best) - 1)
    return under.bit_length() - 1 if under else (follow & -follow).bit_length() - 1


# In a 52-card pack of four suits of thirteen in a row (each suit's ranks rising with the index): the four
# cards of the lowest rank, one per suit (shifted left by ``r``, the four of rank ``r``), and one suit's span.
RANK_COLUMN = 1 | 1 << 13 | 1 << 26 | 1 << 39
ONE_SUIT = (1 << 13) - 1


def low_card(mask: int) -> int:
    """The lowest-ranked card of a non-empty ``mask`` of a 52-card pack of suits of thirteen (rank
    ``index % 13``), the first in pack order among equals: ``min(bit_indices(mask), key=lambda c: c % 13)``,
    worked out on the mask with no list, as a playout habit asks it at nearly every card."""
    ranks = (mask | mask >> 13 | mask >> 26 | mask >> 39) & ONE_SUIT
    column = mask & RANK_COLUMN << ((ranks & -ranks).bit_length() - 1)
    return (column & -column).bit_length() - 1


def high_card(mask: int) -> int:
    """The highest-ranked card of a non-empty ``mask`` of a 52-card pack of suits of thirteen, the first
    in pack order among equals: ``max(bit_indices(mask), key=lambda c: c % 13)``, with no list."""
    ranks = (mask | mask >> 13 | mask >> 26 | mask >> 39) & ONE_SUIT
    column = mask & RANK_COLUMN << (ranks.bit_length() - 1)
    return (column & -column).bit_length() - 1


def heuristic_for(game_id: str) -> Callable[[Strategy], Strategy]:
    def register(strategy: Strategy) -> Strategy:
        _STRATEGIES[game_id] = strategy
        return strategy
    return register


def considered_for(game_id: str) -> Callable[[Strategy], Strategy]:
    def register(strategy: Strategy) -> Strategy:
        _CONSIDERED[game_id] = strategy
        return strategy
    return register


def pace_for(game_id: str) -> Callable[[Pace], Pace]:
    def register(pace: Pace) -> Pace:
        _PACES[game_id] = pace
        return pace
    return register


def habit_for(game_id: str) -> Callable[[Habit], Habit]:
    def register(habit: Habit) -> Habit:
        _HABITS[game_id] = habit
        return habit
    return register


def random_habit(position: Position, seat: int, rng: random.Random) -> Action:
    """Any legal action, uniformly: the playouts of a game without habits, and the habits' noise."""
    return rng.choice(position.legal_actions(seat))


def heuristic_habit(strategy: Strategy) -> Habit:
    """The rule of thumb itself as a playout policy: each move read from the mover's view of the position.

    About ten times the cost of a game's quick habits (a view a move), for playouts in which every seat
    plays as well as the rule of thumb does: what a search needs where the habits' weaker defence makes a
    contract look better than it is (``parlour.bots.rollout``)."""
    def rule_of_thumb(position: Any, seat: int, rng: random.Random) -> Action:
        seen = position.view(seat)
        legal = seen.legal_actions
        action: Action = position.parse_action(legal[0] if len(legal) == 1 else strategy(seen, rng))
        return action
    return rule_of_thumb


def _load(game_id: str) -> None:
    """Import the game's strategy module, which registers what it has; a game may have none."""
    with contextlib.suppress(ModuleNotFoundError):
        importlib.import_module(f"parlour.bots.heuristics.{game_id.replace('-', '_')}")


def strategy_of(game_id: str) -> Strategy | None:
    if game_id not in _STRATEGIES:
        _load(game_id)
    return _STRATEGIES.get(game_id)


def considered_of(game_id: str) -> Strategy | None:
    """The game's rule of thumb at the expert's leisure (``considered_for``), where it has one."""
    if game_id not in _STRATEGIES:
        _load(game_id)
    return _CONSIDERED.get(game_id)


def habits_for(game_id: str) -> Habit:
    """The game's playout habits, or ``random_habit`` where it has none. Look it up once per search."""
    if game_id not in _HABITS:
        _load(game_id)
    return _HABITS.get(game_id, random_habit)


class HeuristicBot:
    """The game's rule of thumb. Its level (``heuristic:easy``, ``normal``, ``hard``) changes how quickly it
    acts in a claim or a race, not how it plays: a fast and a slow one are equal in skill. A game's pace
    (``pace_for``) may stretch that time by what the view shows (a board with few solutions)."""

    name = "heuristic"

    def __init__(self, game_id: str, seed: int | None = None, reaction: Reaction = DEFAULT_REACTION,
                 strategy: Strategy | None = None) -> None:
        self.game_id = game_id
        self.rng = random.Random(seed)
        self.strategy = strategy or strategy_of(game_id)
        self.pace = _PACES.get(game_id)   # its module is loaded by ``strategy_of``
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
        time = self.reaction.draw(rng)
        return time if self.pace is None else time * self.pace(view)

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
