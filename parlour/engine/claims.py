"""Out of turn: claims any seat may make, and races won by the first to act.

Most of the time one seat is to move. Two shapes put several seats in ``state.to_move`` at once, and every
driver (tournaments, search, the server, the terminal) lets any of them act, bots after their reaction
time (``parlour.bots.base.reaction_time``):

* **A claim window** (Kowah's third copy, Comet's 9♦ "at any time"). The game offers a
  :class:`ClaimWindow` to every seat that could claim *as far as any other seat can tell*, so that
  ``to_move`` never shows who holds a card: a seat that cannot claim is offered the window anyway, with
  only :data:`NO_CLAIM` in its legal list, while a holder's list also has its claim (a :class:`Claim`, or
  the game's own kind of :class:`Answer`). Each seat answers once, in any order; every answer reads ``answers``
  to the others until the window closes, when the game resolves it by the book's priority
  (:meth:`ClaimWindow.winner`: the first claimant in the order the window was offered in) and says what
  happened in the log. While a window is open a sampled world forgets the other seats' answers
  (:func:`forget_answers`, from the game's ``_place_unknown``).
* **A race** (Twenty-Four's slap). Every seat in ``to_move`` may act and the first action applied
  wins: the game moves on at once, takes the other racers out of ``to_move`` and keeps a
  :class:`RaceWon`, whose :meth:`RaceWon.refusal` its ``_out_of_turn`` returns, so that a late racer is
  told who got in first rather than that it was not its turn.

Simultaneous secret choices (Divide and Conquer) are neither: every seat in ``to_move`` acts once and the
order does not matter, so a driver may take them in any order, as it does a window's answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from parlour.engine.actions import Action, CardAction
from parlour.errors import IllegalAction, OutOfTurn

if TYPE_CHECKING:
    from parlour.engine.state import State

# How any answer to a window reads to the other seats until the window closes.
ANSWERED = "answers"
# The rule named when a racer acts after another got in first.
LATE = "first to act"


@dataclass(frozen=True, slots=True)
class Answer(Action):
    """An answer to a claim window: secret until the window closes, and read alike whatever it says."""

    secret: ClassVar[bool] = True

    def public_text(self) -> str:
        return ANSWERED


@dataclass(frozen=True, slots=True)
class Claim(Answer, CardAction):
    """A claim out of turn on one card (``claim 9D``)."""

    verb: ClassVar[str] = "claim"


@dataclass(frozen=True, slots=True)
class NoClaim(Answer):
    """The answer of a seat that lets a window pass (``decline``)."""

    verb: ClassVar[str] = "decline"


NO_CLAIM = NoClaim()


@dataclass(frozen=True, slots=True)
class ClaimWindow:
    """A moment when the seats of ``order`` may claim, in the book's priority (first claimant wins).

    An immutable value, so a clone of the state shares it safely; each answer makes a new window.
    ``answers`` holds (seat, its place in the history, its answer) in the order they came.
    """

    order: tuple[int, ...]
    answers: tuple[tuple[int, int, Action], ...] = ()

    @classmethod
    def offer(cls, order: Sequence[int]) -> ClaimWindow:
        """A window for these seats, highest priority first (``seating.order_from(...)`` in most books)."""
        seats = tuple(order)
        if not seats or len(set(seats)) != len(seats):
            raise ValueError(f"a claim window is offered to distinct seats in priority order, not {seats}")
        return cls(seats)

    @property
    def waiting(self) -> tuple[int, ...]:
        """The seats yet to answer, in priority order: the game's ``to_move`` while the window is open."""
        done = {seat for seat, _, _ in self.answers}
        return tuple(seat for seat in self.order if seat not in done)

    @property
    def closed(self) -> bool:
        return len(self.answers) == len(self.order)

    def check(self, seat: int) -> None:
        """Refuse a second answer from one seat, or one from a seat not offered the window."""
        if seat not in self.order:
            raise IllegalAction(f"seat {seat} was not offered this claim", rule="claims")
        if seat not in self.waiting:
            raise IllegalAction(f"seat {seat} has already answered this claim", rule="one answer per claim")

    def answered(self, seat: int, at: int, action: Action) -> ClaimWindow:
        """The window once ``seat`` has given ``action`` (a claim or ``NO_CLAIM``) at history place ``at``."""
        self.check(seat)
        return ClaimWindow(self.order, (*self.answers, (seat, at, action)))

    def claims(self) -> list[tuple[int, Action]]:
        """Every claim made so far, in the book's priority order."""
        made = {seat: action for seat, _, action in self.answers if not isinstance(action, NoClaim)}
        return [(seat, made[seat]) for seat in self.order if seat in made]

    def winner(self) -> tuple[int, Action] | None:
        """The claim that stands once the window is closed: the first claimant in priority, or none."""
        if not self.closed:
            raise ValueError("a claim window is resolved only once every seat offered it has answered")
        claims = self.claims()
        return claims[0] if claims else None

    def seen_by(self, seat: int) -> ClaimWindow:
        """The window as ``seat`` knows it: other seats' answers become ``NO_CLAIM`` (it cannot tell)."""
        return ClaimWindow(self.order, tuple(
            (s, at, action if s == seat else NO_CLAIM) for s, at, action in self.answers))


def forget_answers(world: State, window: ClaimWindow | None) -> ClaimWindow | None:
    """In a sampled world (from ``_place_unknown``), the open window as its seat knows it, with the other
    seats' answers in the history rewritten to ``NO_CLAIM``, so that a search cannot read a claim back.
    Returns the window the world must keep."""
    if window is None or world.sampled_for is None:
        return window
    for seat, at, _ in window.answers:
        if seat != world.sampled_for:
            world._rewrite_secret(seat, (at,), (NO_CLAIM,))
    return window.seen_by(world.sampled_for)


@dataclass(frozen=True, slots=True)
class RaceWon:
    """Who got in first in the last race, and with what (as the other seats saw it)."""

    seat: int
    rivals: frozenset[int]
    what: str

    @classmethod
    def of(cls, seat: int, racers: Sequence[int], action: Action) -> RaceWon:
        return cls(seat, frozenset(racers) - {seat}, action.public_text())

    def refusal(self, seat: object) -> OutOfTurn | None:
        """The refusal of a rival's late action, naming the winner; ``None`` for a seat not in the race."""
        if seat not in self.rivals:
            return None
        return OutOfTurn(f"too late: seat {self.seat} was first ({self.what})", rule=LATE)
