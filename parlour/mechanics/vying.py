"""Vying side against side, written once: a ladder of bets where each proposal is answered by the other side.

Mus's envites are its model, but nothing here is Mus's own. A :class:`Vie` is one round of vying as an
immutable value: the seats that may speak (in speaking order), the side of every seat, the stake proposed
and the stake accepted before it, and who is still to answer. :meth:`Vie.moves` lists what the seat to act
may do, :meth:`Vie.act` returns the round that follows. The rules it keeps:

* **Before any bet** each speaker in turn passes or bets (at least ``least_bet``) or goes all in; when every
  speaker has passed the round is ``passed`` and the game decides what that is worth.
* **A proposal is answered by the other side**, its speakers in speaking order from the proposer: each may
  accept (the round is ``accepted`` at the proposed stake), raise (accepting the proposal and proposing
  more: the other side answers in turn) or refuse. **A refusal needs the whole side**: a speaker who refuses
  hands the answer to the next speaker of its side, and only when none is left is the round ``refused``.
* **What a refusal is worth** (:attr:`Vie.owed`): the stake accepted before the refused proposal, or 1 when
  nothing had been accepted (a refused first bet), to the proposer's side.
* **All in** stakes the whole game: it may open or raise, and is only accepted or refused; accepted, the
  round is ``all in`` and the game is decided by it.

>>> v = Vie.open((0, 1, 2, 3), sides=(0, 1, 0, 1))
>>> v = v.act(0, Move.BET, 2)
>>> v.queue, [f"{m} {n}" if n else str(m) for m, n in v.moves()][:3]
((1, 3), ['accept', 'refuse', 'raise 2'])
>>> v = v.act(1, Move.REFUSE).act(3, Move.RAISE, 3)
>>> v.stake, v.accepted, v.queue
(5, 2, (0, 2))
>>> v = v.act(0, Move.REFUSE).act(2, Move.REFUSE)
>>> v.outcome, v.owed, v.sides[v.proposer]
(<Outcome.REFUSED: 'refused'>, 2, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum


class Move(StrEnum):
    """What a speaker may do, in the order :meth:`Vie.moves` lists them."""

    PASS = "pass"
    ACCEPT = "accept"
    REFUSE = "refuse"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "all in"


class Outcome(StrEnum):
    OPEN = "open"            # still being spoken
    PASSED = "passed"        # every speaker passed before any bet
    ACCEPTED = "accepted"    # a proposal accepted: ``stake`` is what the better hands win
    REFUSED = "refused"      # a proposal refused by the whole answering side: ``owed`` to the proposer's
    ALL_IN = "all in"        # all in, accepted: the game is decided by this round


@dataclass(frozen=True, slots=True)
class Limits:
    """The amounts a game's ladder offers: the least opening bet and raise, and the most of either (the
    rest is the all-in's)."""

    least_bet: int = 2
    least_raise: int = 2
    most: int = 10


@dataclass(frozen=True, slots=True)
class Vie:
    order: tuple[int, ...]           # the seats that speak, in speaking order
    sides: tuple[int, ...]           # the side of every seat of the table, by seat number
    limits: Limits = Limits()
    queue: tuple[int, ...] = ()      # the seats still to speak now, the next first
    stake: int = 0                   # the proposal standing (a total), 0 before any bet
    accepted: int = 0                # the stake accepted before the proposal standing
    proposer: int = -1               # the seat whose proposal stands
    all_in: bool = False             # the proposal standing is all in
    outcome: Outcome = Outcome.OPEN

    @classmethod
    def open(cls, order: tuple[int, ...], sides: tuple[int, ...], limits: Limits = Limits()) -> Vie:
        """A round among ``order``'s speakers: each speaks in turn until a bet is made."""
        return cls(tuple(order), tuple(sides), limits, queue=tuple(order))

    @property
    def over(self) -> bool:
        return self.outcome is not Outcome.OPEN

    @property
    def to_act(self) -> int | None:
        return self.queue[0] if self.queue else None

    @property
    def owed(self) -> int:
        """What a refusal gives the proposer's side: the stake accepted before, or 1 for a first bet."""
        return self.accepted or 1

    def answerers(self, seat: int) -> tuple[int, ...]:
        """The other side's speakers in speaking order after ``seat``: who answers its proposal."""
        k = self.order.index(seat)
        after = self.order[k + 1:] + self.order[:k]
        return tuple(s for s in after if self.sides[s] != self.sides[seat])

    def moves(self) -> list[tuple[Move, int]]:
        """The moves of the seat to act, each with its amount (0 where none): a bet or raise of every
        amount from the least to the most. Only a speaker with an opponent among the speakers may bet."""
        seat = self.to_act
        if seat is None:
            return []
        if self.proposer < 0:
            if not self.answerers(seat):
                return [(Move.PASS, 0)]
            low, most = self.limits.least_bet, self.limits.most
            return [(Move.PASS, 0), *((Move.BET, n) for n in range(low, most + 1)), (Move.ALL_IN, 0)]
        answers = [(Move.ACCEPT, 0), (Move.REFUSE, 0)]
        if self.all_in:
            return answers
        low, most = self.limits.least_raise, self.limits.most
        return [*answers, *((Move.RAISE, n) for n in range(low, most + 1)), (Move.ALL_IN, 0)]

    def act(self, seat: int, move: Move, amount: int = 0) -> Vie:
        """The round after ``seat``'s move, which must be among :meth:`moves` (a game checks it first)."""
        if move is Move.PASS:
            rest = self.queue[1:]
            return replace(self, queue=rest, outcome=Outcome.OPEN if rest else Outcome.PASSED)
        if move is Move.ACCEPT:
            return replace(self, queue=(), outcome=Outcome.ALL_IN if self.all_in else Outcome.ACCEPTED)
        if move is Move.REFUSE:
            rest = self.queue[1:]
            return replace(self, queue=rest, outcome=Outcome.OPEN if rest else Outcome.REFUSED)
        # A bet, a raise or all in: whatever stood is accepted, and the other side answers the new proposal.
        return replace(self, queue=self.answerers(seat), accepted=self.stake, stake=self.stake + amount,
                       proposer=seat, all_in=move is Move.ALL_IN)
