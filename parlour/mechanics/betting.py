"""Fixed-limit betting, written once for every limit poker game: a round of bets over the chip ledger,
and the pots a showdown divides.

A :class:`Round` is one betting round as an immutable value: the fixed size of a bet in it, what each
seat has put in during it, who is still to act, the bet to match and how many bets and raises have been
made. :meth:`Round.moves` lists a seat's legal moves from that alone (and its stack), and
:meth:`Round.act` pays the chips through a :class:`~parlour.mechanics.chips.Ledger` and returns the
round that follows. The rules it keeps:

* **A forced opening** (``forced``, a stud bring-in): the first seat must post it or *complete* to a
  full bet; the others may call the forced amount or complete. The completion counts as the round's bet.
* **The cap**: at most ``cap`` bets in a round (one bet and three raises by default), or none where a
  game lifts it (heads-up).
* **Full bets only**: a bet or raise is always the round's fixed size; a seat that cannot afford a full
  one may only call, all in for less if need be. A bet or raise needs another seat in the hand that could
  still put in more, as nobody could answer it otherwise.
* **Checking and folding**: a seat owing nothing checks (and may not fold, which would throw away a
  hand for nothing); a seat facing a bet folds, calls or raises.

At the showdown :func:`side_pots` builds the main pot and the side pots from each seat's contributions
over the whole deal (antes included), each pot with the seats still in the hand that may win it, and
:func:`settle` pays each one to its winners through ``Ledger.split_pot``, the odd chip by the book's
order.

>>> from parlour.mechanics.chips import Ledger
>>> ledger = Ledger.start(3, 10)
>>> r = Round.open((0, 1, 2), size=4, stacks=ledger.chips)
>>> [str(m) for m in r.moves(0, ledger.chips[0])]
['check', 'bet']
>>> r = r.act(0, Move.BET, ledger, "pot")
>>> [str(m) for m in r.moves(1, ledger.chips[1])]
['fold', 'call', 'raise']
>>> [p.amount for p in side_pots([4, 10, 10], live={0, 1, 2})], ledger.total()
([12, 12], 30)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import ClassVar

from parlour.engine.actions import Action
from parlour.mechanics.chips import Entry, Ledger

# One bet and three raises: the usual limit of a round.
USUAL_CAP = 4


class Move(StrEnum):
    """What a seat may do in a betting round, in the order legal lists give them."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BRING_IN = "bring-in"
    COMPLETE = "complete"
    BET = "bet"
    RAISE = "raise"


@dataclass(frozen=True, slots=True)
class BettingAction(Action):
    """A move as a game's action: ``fold``, ``check``, ``call``, ``bring-in``, ``complete``, ``bet``,
    ``raise``. Fixed limits need no amounts: each move's amount follows from the round."""

    move: ClassVar[Move]
    family: ClassVar[str] = "betting"


@dataclass(frozen=True, slots=True)
class Fold(BettingAction):
    """Give up this hand: the chips you have put in stay in the pot, and you take no further part in the
    deal."""

    verb: ClassVar[str] = "fold"
    move: ClassVar[Move] = Move.FOLD


@dataclass(frozen=True, slots=True)
class Check(BettingAction):
    """Stay in without putting in a chip: no one has bet in this betting round yet."""

    verb: ClassVar[str] = "check"
    move: ClassVar[Move] = Move.CHECK


@dataclass(frozen=True, slots=True)
class Call(BettingAction):
    """Put in just enough chips to match the bet you face and stay in the hand."""

    verb: ClassVar[str] = "call"
    move: ClassVar[Move] = Move.CALL


@dataclass(frozen=True, slots=True)
class BringIn(BettingAction):
    """Open the betting with the bring-in: a small forced bet, less than a full bet, made by the seat the game
    names."""

    verb: ClassVar[str] = "bring-in"
    move: ClassVar[Move] = Move.BRING_IN


@dataclass(frozen=True, slots=True)
class Complete(BettingAction):
    """Raise the bring-in to a full bet of this street, as if no one had bet before."""

    verb: ClassVar[str] = "complete"
    move: ClassVar[Move] = Move.COMPLETE


@dataclass(frozen=True, slots=True)
class Bet(BettingAction):
    """Put in the fixed bet of this street (the small bet early, the big bet later); the others must call,
    raise or fold."""

    verb: ClassVar[str] = "bet"
    move: ClassVar[Move] = Move.BET


@dataclass(frozen=True, slots=True)
class Raise(BettingAction):
    """Put in the bet you face and one more fixed bet of this street; the others must match it or fold."""

    verb: ClassVar[str] = "raise"
    move: ClassVar[Move] = Move.RAISE


# One action of each move, in ``Move`` order: a game's ``ActionSpace(*BETTING_ACTIONS, ...)``.
BETTING_ACTIONS: tuple[BettingAction, ...] = tuple(kind() for kind in (Fold, Check, Call, BringIn, Complete,
                                                                        Bet, Raise))
ACTION_OF: dict[Move, BettingAction] = {action.move: action for action in BETTING_ACTIONS}
# A move's words on its button, its amount filled in (``Round.labels``): to what a bet brings the round.
LABELS = {Move.FOLD: "Fold", Move.CHECK: "Check", Move.CALL: "Call {}", Move.BRING_IN: "Bring in {}",
          Move.COMPLETE: "Complete to {}", Move.BET: "Bet {}", Move.RAISE: "Raise to {}"}


@dataclass(frozen=True, slots=True)
class Round:
    """One betting round. Seats are table seat numbers; ``bets`` has an entry for every seat."""

    size: int                    # the fixed bet (and raise) of this round
    order: tuple[int, ...]       # the seats in the hand, in betting order from the first to act
    bets: tuple[int, ...]        # by seat, the chips put in during this round
    queue: tuple[int, ...]       # the seats still to act, the next first
    top: int = 0                 # the bet every seat in the hand must match
    made: int = 0                # bets and raises made so far (a completion is the bet)
    cap: int | None = USUAL_CAP  # the most bets in the round; None for no cap
    forced: int = 0              # while the first seat must open: the forced amount (a bring-in)

    @classmethod
    def open(cls, order: Sequence[int], size: int, stacks: Sequence[int], *, cap: int | None = USUAL_CAP,
             forced: int = 0) -> Round:
        """A new round among the seats of ``order`` (the seats in the hand, the first to act first): only
        those with chips left act, and nobody does unless two of them could still bet."""
        able = tuple(seat for seat in order if stacks[seat] > 0)
        return cls(size, tuple(order), (0,) * len(stacks), able if len(able) > 1 else (), cap=cap,
                   forced=forced if len(able) > 1 else 0)

    @property
    def over(self) -> bool:
        return not self.queue

    @property
    def to_act(self) -> int | None:
        return self.queue[0] if self.queue else None

    def owed(self, seat: int) -> int:
        """What ``seat`` must put in to stay in: the bet to match, less what it has put in."""
        return self.top - self.bets[seat]

    def moves(self, seat: int, stack: int, stacks: Sequence[int] | None = None) -> tuple[Move, ...]:
        """The legal moves of ``seat`` (holding ``stack`` chips) if it is to act, else none. ``stacks``
        (by seat) tells whether another seat could answer a bet; without it, every seat could."""
        if self.to_act != seat:
            return ()
        if self.forced:
            return (Move.BRING_IN, Move.COMPLETE) if self._may_raise(seat, stack, stacks) else (Move.BRING_IN,)
        owed = self.owed(seat)
        base = (Move.FOLD, Move.CALL) if owed > 0 else (Move.CHECK,)
        if not self._may_raise(seat, stack, stacks):
            return base
        return (*base, Move.BET if self.top == 0 else Move.COMPLETE if self.top < self.size else Move.RAISE)

    def amount(self, seat: int, move: Move, stack: int) -> int:
        """The chips a move comes to: what a call or the bring-in puts in (all in, if the stack is short),
        and the round's bet after a bet, a completion or a raise ("raise to 8"); 0 for a check or a fold."""
        if move is Move.CALL:
            return min(self.owed(seat), stack)
        if move is Move.BRING_IN:
            return min(self.forced, stack)
        if move in (Move.BET, Move.COMPLETE, Move.RAISE):
            return self._raise_to()
        return 0

    def labels(self, seat: int, moves: Sequence[Move], stack: int) -> dict[str, str]:
        """The words of each of ``moves`` with its amount, by notation: "Call 2", "Complete to 4", "Bet 4",
        "Raise to 8", "Bring in 1" (with "all in" where it is the seat's every chip), "Check", "Fold"."""
        labels = {}
        for move in moves:
            amount = self.amount(seat, move, stack)
            paid = amount if move in (Move.CALL, Move.BRING_IN) else amount - self.bets[seat]
            all_in = amount > 0 and paid >= stack
            labels[str(ACTION_OF[move])] = LABELS[move].format(amount) + (", all in" if all_in else "")
        return labels

    def _may_raise(self, seat: int, stack: int, stacks: Sequence[int] | None) -> bool:
        """A full bet is affordable, the cap is not reached, and another seat in the hand could put in
        more than the new bet's base."""
        if self.cap is not None and self.made >= self.cap:
            return False
        if stack < self._raise_to() - self.bets[seat]:
            return False
        return stacks is None or any(stacks[s] + self.bets[s] > self.top for s in self.order if s != seat)

    def _raise_to(self) -> int:
        """The round's bet after a bet, a completion or a raise."""
        return self.size if self.top < self.size else self.top + self.size

    def act(self, seat: int, move: Move, ledger: Ledger, pot: str, stacks: Sequence[int] | None = None) -> Round:
        """The round after ``seat`` makes ``move``, its chips paid into ``pot``; an illegal move is a
        ``ValueError`` (a game checks first and refuses in its own words)."""
        stack = ledger.chips[seat]
        if move not in self.moves(seat, stack, stacks):
            raise ValueError(f"seat {seat} may not {move} now")
        if move is Move.FOLD:
            return replace(self, order=tuple(s for s in self.order if s != seat), queue=self.queue[1:])
        if move is Move.CHECK:
            return replace(self, queue=self.queue[1:])
        if move is Move.CALL:
            paid = min(self.owed(seat), stack)
            self._pay(ledger, pot, seat, paid, f"calls {paid}" + (" all in" if paid == stack else ""))
            return replace(self, bets=_plus(self.bets, seat, paid), queue=self.queue[1:])
        if move is Move.BRING_IN:
            paid = min(self.forced, stack)
            self._pay(ledger, pot, seat, paid, f"brings in {paid}" + (" all in" if paid == stack else ""))
            return replace(self, bets=_plus(self.bets, seat, paid), top=paid, forced=0,
                           queue=self._after(seat, ledger.chips))
        to = self._raise_to()
        words = {Move.BET: "bets", Move.COMPLETE: "completes to", Move.RAISE: "raises to"}[move]
        self._pay(ledger, pot, seat, to - self.bets[seat], f"{words} {to}")
        return replace(self, bets=_plus(self.bets, seat, to - self.bets[seat]), top=to, made=self.made + 1,
                       forced=0, queue=self._after(seat, ledger.chips))

    def _after(self, seat: int, chips: Sequence[int]) -> tuple[int, ...]:
        """After a bet: every other seat in the hand with chips left, round from ``seat``."""
        at = self.order.index(seat)
        return tuple(s for s in self.order[at + 1:] + self.order[:at] if chips[s] > 0)

    @staticmethod
    def _pay(ledger: Ledger, pot: str, seat: int, amount: int, reason: str) -> None:
        if amount:
            ledger.pay(seat, pot, amount, reason, "bet")


def _plus(values: tuple[int, ...], seat: int, amount: int) -> tuple[int, ...]:
    return (*values[:seat], values[seat] + amount, *values[seat + 1:])


# --- the pots at the showdown ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Pot:
    """A pot of ``amount`` chips that the seats of ``eligible`` (in the hand, having matched its level)
    may win."""

    amount: int
    eligible: tuple[int, ...]

    NAMES: ClassVar[tuple[str, str]] = ("main pot", "side pot")


def side_pots(contributed: Sequence[int], live: Collection[int]) -> tuple[Pot, ...]:
    """The main pot and the side pots from what each seat put in over the deal (``contributed``, by seat):
    one pot for each level a seat still in the hand (``live``) went all in at, each won among the live
    seats that reached it. Chips of folded seats above the last live level go to the pot below, which
    never happens when a fold needs a bet to face.

    >>> side_pots([10, 30, 50, 50], live={0, 1, 2})
    (Pot(amount=40, eligible=(0, 1, 2)), Pot(amount=60, eligible=(1, 2)), Pot(amount=40, eligible=(2,)))
    """
    levels = sorted({contributed[s] for s in live if contributed[s] > 0})
    pots: list[Pot] = []
    below = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, below) for c in contributed)
        pots.append(Pot(amount, tuple(s for s in sorted(live) if contributed[s] >= level)))
        below = level
    rest = sum(c - min(c, below) for c in contributed)
    if rest and pots:
        pots[-1] = Pot(pots[-1].amount + rest, pots[-1].eligible)
    return tuple(pots)


def pot_names(count: int) -> tuple[str, ...]:
    """``("main pot", "side pot 1", ...)``; a single pot is just ``"pot"``, and no pot no name."""
    if count <= 1:
        return ("pot",)[:count]
    return (Pot.NAMES[0], *(f"{Pot.NAMES[1]} {k}" for k in range(1, count)))


def settle(ledger: Ledger, pot: str, pots: Sequence[Pot], winners: Callable[[tuple[int, ...]], Collection[int]],
           order: Sequence[int]) -> tuple[Entry, ...]:
    """Pay every pot out of the ledger's ``pot`` to its winners (``winners(eligible)``), each split with
    ``Ledger.split_pot`` and its odd chips by ``order``; the side pots are set apart under their own
    names first, so every entry says which pot it shares. Returns the entries made."""
    mark = ledger.mark()
    names = pot_names(len(pots))
    for name, each in zip(names[1:], pots[1:], strict=True):
        ledger.pay(pot, name, each.amount, f"set apart as the {name}", "side pot")
    for name, each in zip(names, pots, strict=True):
        source = pot if name in ("pot", Pot.NAMES[0]) else name
        won = winners(each.eligible)
        if len(won) == 1:
            ledger.take_pot(next(iter(won)), source, f"takes the {name}: {each.amount}")
        else:
            ledger.split_pot(won, order, source, f"shares the {name}")
    return ledger.since(mark)
