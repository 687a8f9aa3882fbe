"""What a deal and a whole game come to: hand results in the book's words, and final standings."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple


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
    """

    __slots__ = ("_explain", "_reasons", "_summary", "changes", "number")

    def __init__(self, number: int, changes: tuple[int, ...], reasons: tuple[Reason, ...] = (), summary: str = "",
                 explain: Callable[[], tuple[tuple[Reason, ...], str]] | None = None) -> None:
        self.number = number
        self.changes = changes
        self._reasons = reasons
        self._summary = summary
        self._explain = explain

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
        self._worded()
        return self._summary

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HandResult) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"HandResult(number={self.number}, changes={self.changes}, reasons={self.reasons!r})"

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "changes": list(self.changes),
                "reasons": [r.to_dict() for r in self.reasons], "summary": self.summary}


@dataclass(frozen=True, slots=True)
class Result:
    """The end of a game: winners (several on a tie, none when the game is void) and the standings."""

    winners: tuple[int, ...]
    places: tuple[int, ...]          # finishing place of each seat, 1 = first; equal places are ties
    scores: tuple[int, ...]
    text: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "places": list(self.places), "scores": list(self.scores),
                "text": self.text, "extra": dict(self.extra)}


def places_by_score(scores: Sequence[int], lowest_wins: bool) -> tuple[int, ...]:
    """Competition ranking (1, 2, 2, 4) of seats by score."""
    key = [s if lowest_wins else -s for s in scores]
    return tuple(1 + sum(1 for other in key if other < mine) for mine in key)


def result_by_score(scores: Sequence[int], lowest_wins: bool, unit: str = "points") -> Result:
    """The usual ending: best total wins, ties share the win."""
    places = places_by_score(scores, lowest_wins)
    winners = tuple(seat for seat, place in enumerate(places) if place == 1)
    best = scores[winners[0]]
    who = " and ".join(f"seat {s}" for s in winners)
    verb = "wins" if len(winners) == 1 else "share the win"
    return Result(winners, places, tuple(scores), f"{who} {verb} with {best} {unit}")
