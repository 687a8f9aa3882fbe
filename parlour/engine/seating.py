"""Seats, teams and turn order, so that no game re-derives who sits to whose left.

Seats are numbered ``0..n-1`` going round the table to the left: seat ``i + 1`` sits at the left of
seat ``i``. A clockwise game passes the turn to the left (``+1``); a counter-clockwise game, such as the
Spanish games, to the right (``-1``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

CLOCKWISE = 1
COUNTER_CLOCKWISE = -1


@dataclass(frozen=True, slots=True)
class Seating:
    players: int
    direction: int = CLOCKWISE
    teams: tuple[int, ...] | None = None
    # following[seat] is the seat that acts after it: a table, for the playout hot path.
    following: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "following",
                           tuple((seat + self.direction) % self.players for seat in range(self.players)))

    @classmethod
    def partnership(cls, players: int, direction: int = CLOCKWISE) -> Seating:
        """Partners sit opposite: seats 0 and 2 against 1 and 3 (and so on round a larger table)."""
        return cls(players, direction, tuple(seat % 2 for seat in range(players)))

    def next(self, seat: int, steps: int = 1) -> int:
        """The seat that acts ``steps`` turns after ``seat``."""
        return (seat + steps * self.direction) % self.players

    def order_from(self, seat: int) -> tuple[int, ...]:
        """Every seat in playing order, starting with ``seat``."""
        return tuple(self.next(seat, k) for k in range(self.players))

    def after_among(self, seats: Sequence[int]) -> tuple[int, ...]:
        """For each seat, the one of ``seats`` (given in turn order) that acts after it, or -1 for a seat not
        among them: the turn order of a deal in which someone sits out (the dealer at a four-handed
        Calabrasella or Preference)."""
        after = [-1] * self.players
        for k, seat in enumerate(seats):
            after[seat] = seats[(k + 1) % len(seats)]
        return tuple(after)

    def team(self, seat: int) -> int | None:
        return None if self.teams is None else self.teams[seat]

    def partners(self, seat: int) -> tuple[int, ...]:
        """The seats on ``seat``'s side, itself included."""
        if self.teams is None:
            return (seat,)
        return tuple(s for s in range(self.players) if self.teams[s] == self.teams[seat])
