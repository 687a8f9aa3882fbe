"""What a deal and a whole game come to: hand results in the book's words, and final standings.

Besides the usual deal (points changed hands) and the usual ending (best total wins), the books have deals
nobody wins (a void deal thrown in, a drawn one), deals shared (a split pot), and games cut short (a player
who cannot pay): each is said once here, so every game reads and shows them alike. Their ``to_dict`` keys
appear only when a result uses them, so results from before them read exactly as they did.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple


def counted(n: int, word: str, words: str | None = None) -> str:
    """``n`` and its noun agreeing, for results people read: "1 trick", "3 tricks", "1 king"; ``words`` is
    the plural where adding an s is wrong ("2 honours" needs nothing, "3 jacks" nothing, "2 pence" does)."""
    return f"{n} {word if n == 1 else words or word + 's'}"


class Reason(NamedTuple):
    """One scoring item of a deal: ``seat`` gets ``points`` for ``text`` (the book's words)."""

    seat: int | None
    points: int
    text: str

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "points": self.points, "text": self.text}


class HandResult:
    """A finished deal: each seat's score change, and why in the book's words.

    The words may be given as ``explain``, a function that returns ``(reasons, summary)`` and is called
    the first time either is read: playouts by the thousand never read them, people always do. It must
    close over immutable data only, since clones of a state share their results.

    ``winners`` are the seats that won the deal where the book names any (several share it, as a split
    pot; none: a drawn deal); ``None`` where a deal only moves points. A ``void`` deal counts for nothing:
    thrown in, or ended without result (Kowah's stock run out), so no seat's score changes.
    """

    __slots__ = ("_explain", "_reasons", "_summary", "changes", "number", "void", "winners")

    def __init__(self, number: int, changes: tuple[int, ...], reasons: tuple[Reason, ...] = (), summary: str = "",
                 explain: Callable[[], tuple[tuple[Reason, ...], str]] | None = None, *,
                 winners: tuple[int, ...] | None = None, void: bool = False) -> None:
        if void and (any(changes) or winners):
            raise ValueError("a void deal changes no score and has no winner")
        self.number = number
        self.changes = changes
        self._reasons = reasons
        self._summary = summary
        self._explain = explain
        self.winners = () if void else winners
        self.void = void

    @classmethod
    def void_deal(cls, number: int, players: int, why: str) -> HandResult:
        """A deal that counts for nothing, ``why`` in the book's words ("all three pass")."""
        return cls(number, (0,) * players, summary=f"void deal: {why}", void=True)

    @property
    def drawn(self) -> bool:
        """Played to its end and won by no one (a tie that the book leaves standing)."""
        return self.winners == () and not self.void

    def _worded(self) -> None:
        if self._explain is not None:
            self._reasons, self._summary = self._explain()
            self._explain = None

    @property
    def reasons(self) -> tuple[Reason, ...]:
        self._worded()
        return self._reasons

    @property
    def summary(self) -> str:
        """The deal in one line: the game's words, or the engine's for a deal it left unworded."""
        self._worded()
        return self._summary or self._default_summary()

    def _default_summary(self) -> str:
        if self.void:
            return "void deal"
        if self.winners is None:
            return ""
        if not self.winners:
            return "drawn: no one wins the deal"
        return f"{seat_names(self.winners)} {'wins' if len(self.winners) == 1 else 'share'} the deal"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HandResult) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"HandResult(number={self.number}, changes={self.changes}, reasons={self.reasons!r})"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"number": self.number, "changes": list(self.changes),
                               "reasons": [r.to_dict() for r in self.reasons], "summary": self.summary}
        if self.winners is not None:
            out["winners"] = list(self.winners)
        if self.void:
            out["void"] = True
        return out


class EarlyEnd(NamedTuple):
    """Why a game stopped before the book's usual end: the seat it turned on, and the book's words
    ("seat 2 cannot pay the 7 chips owed")."""

    seat: int | None
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Result:
    """The end of a game: winners (several on a tie, none when the game is void) and the standings.

    ``ended_early`` says why the game stopped before the book's usual end, when it did (a bust).
    """

    winners: tuple[int, ...]
    places: tuple[int, ...]          # finishing place of each seat, 1 = first; equal places are ties
    scores: tuple[int, ...]
    text: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    ended_early: EarlyEnd | None = None

    @property
    def drawn(self) -> bool:
        """Every seat finished level: a drawn game (a void game too, which has no winner at all)."""
        return len(set(self.places)) == 1

    def to_dict(self) -> dict[str, Any]:
        out = {"winners": list(self.winners), "places": list(self.places), "scores": list(self.scores),
               "text": self.text, "extra": dict(self.extra)}
        if self.ended_early is not None:
            out["ended_early"] = self.ended_early.to_dict()
        return out


def places_by_score(scores: Sequence[int], lowest_wins: bool) -> tuple[int, ...]:
    """Competition ranking (1, 2, 2, 4) of seats by score."""
    key = [s if lowest_wins else -s for s in scores]
    return tuple(1 + sum(1 for other in key if other < mine) for mine in key)


def seat_names(seats: Sequence[int]) -> str:
    """``seat 1``, ``seat 1 and seat 3``: seats named in a result's words."""
    return " and ".join(f"seat {s}" for s in seats)


def _singular(unit: str) -> str:
    """A unit counted once: ``points`` is ``point``, ``games won`` is ``game won``."""
    first, _, rest = unit.partition(" ")
    return " ".join(filter(None, (first.removesuffix("s"), rest)))


def result_by_score(scores: Sequence[int], lowest_wins: bool, unit: str = "points",
                    ended_early: EarlyEnd | None = None) -> Result:
    """The usual ending: best total wins, ties share the win. A game cut short (``ended_early``, a seat
    that cannot pay) is ranked the same way, on the totals when it stopped, and says why it stopped."""
    places = places_by_score(scores, lowest_wins)
    winners = tuple(seat for seat, place in enumerate(places) if place == 1)
    best = scores[winners[0]]
    verb = "wins" if len(winners) == 1 else "share the win"
    text = f"{seat_names(winners)} {verb} with {best} {_singular(unit) if abs(best) == 1 else unit}"
    if ended_early is not None:
        text = f"{ended_early.reason}, so the game ends: {text}"
    return Result(winners, places, tuple(scores), text, ended_early=ended_early)


def void_result(scores: Sequence[int], why: str) -> Result:
    """A game that ends with no winner at all (the book voids it), every seat level; ``why`` in its words."""
    return Result((), (1,) * len(scores), tuple(scores), f"void game: {why}")
