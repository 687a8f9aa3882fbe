"""Seats, teams and turn order, so that no game re-derives who sits to whose left.

Seats are numbered ``0..n-1`` going round the table to the left: seat ``i + 1`` sits at the left of
seat ``i``. A clockwise game passes the turn to the left (``+1``); a counter-clockwise game, such as the
Spanish games, to the right (``-1``).

Three things change during a game and are kept beside the fixed ``Seating``, as small values a clone
shares: a ``Turn`` (whose turn it is and which way play goes, for books whose cards reverse play, skip a
seat or make a player play again) and ``Roles`` (who holds a role that passes between deals, a banker).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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
    def partnership(cls, players: int, direction: int = CLOCKWISE, sides: int = 2) -> Seating:
        """Partners sit apart so that the turn alternates between the sides: seats 0 and 2 against 1 and 3,
        at six 0, 2, 4 against 1, 3, 5 (Canasta's two sides of three) or, with ``sides=3``, three pairs
        sitting opposite (0 and 3, 1 and 4, 2 and 5)."""
        if sides < 2 or players % sides:
            raise ValueError(f"{players} players cannot sit as {sides} equal sides")
        return cls(players, direction, tuple(seat % sides for seat in range(players)))

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

    def turn(self, seat: int) -> Turn:
        """``seat``'s turn, play going the table's way: the start of a running order that can change."""
        return Turn(seat, self.direction, self.players)


@dataclass(frozen=True, slots=True)
class Turn:
    """Whose turn it is and which way play goes now (``step`` +1 to the left, -1 to the right).

    A game whose book changes the order mid-deal keeps one in a field and replaces it after each play
    (``self.turn = self.turn.after(reverse=True)``): a value of three numbers, so a clone shares it and no
    ``Seating`` is rebuilt on any card.
    """

    seat: int
    step: int
    players: int

    def after(self, *, skip: int = 0, reverse: bool = False, again: bool = False) -> Turn:
        """The turn once this seat has played: play first turns round if ``reverse`` (Crates' 10), then the
        same seat plays again if ``again`` (Crates' 6), or else the turn passes over ``skip`` seats to the
        next (Crates' 4 skips one). At two seats a reversal changes nothing, as the book says."""
        step = -self.step if reverse else self.step
        if again:
            return Turn(self.seat, step, self.players)
        return Turn((self.seat + (1 + skip) * step) % self.players, step, self.players)

    def ahead(self, turns: int = 1) -> int:
        """The seat that plays ``turns`` turns after this one in the present direction (Crates' 7: the player
        after the next draws), or before it for a negative number (Crates' jack at three: the one before)."""
        return (self.seat + turns * self.step) % self.players

    def order(self) -> tuple[int, ...]:
        """Every seat in the present direction, this one first (Crates' 5: each player in turn draws)."""
        return tuple(self.ahead(k) for k in range(self.players))


@dataclass(frozen=True, slots=True)
class Roles:
    """Who holds each role that a book passes between deals besides the deal itself (Pontoon's banker), by
    name, in the order declared. A value: a clone shares it, and a change makes a new one."""

    held: tuple[tuple[str, int], ...] = ()

    @classmethod
    def of(cls, **seats: int) -> Roles:
        """``Roles.of(banker=0)``."""
        return cls(tuple(seats.items()))

    def __bool__(self) -> bool:
        return bool(self.held)

    def __getitem__(self, role: str) -> int:
        for name, seat in self.held:
            if name == role:
                return seat
        raise KeyError(role)

    def passed(self, holder: Callable[[str, int], int]) -> Roles:
        """Every role given to ``holder(role, seat now holding it)``: how the roles pass to the next deal."""
        return Roles(tuple((name, holder(name, seat)) for name, seat in self.held))

    def titles(self, seat: int) -> tuple[str, ...]:
        """The roles ``seat`` holds, in the order declared."""
        return tuple(name for name, holder in self.held if holder == seat)

    def to_dict(self) -> dict[str, int]:
        return dict(self.held)
