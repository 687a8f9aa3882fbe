"""Chips, written once for every game that settles in counters: stakes, antes, named pots and payments.

A :class:`Ledger` holds each seat's chips and any number of named pots, opened in order (the last opened
is the *newest*), and a journal of every movement with the book's reason for it. Chips only ever move:
the sum of all seats' chips and all pots never changes. Nothing here knows any one game; Reversis, Solo,
Preference, Pontoon, Kabu and Mus state their own amounts and reasons.

An account is a seat (an ``int``) or a pot (its name, a ``str``). Paying into a pot that is not open
opens it as the newest; a pot emptied by a payment out of it is closed. Balances may go below zero
(play on credit); a game that forbids debt checks ``chips`` itself.

A game played for chips to the end derives from :class:`ChipsState`: its score is the chips each seat
holds, and the most chips win.

>>> ledger = Ledger.start(4, 100)
>>> _ = ledger.ante(3, "pot 1", 10, "the dealer's ante")
>>> _ = ledger.pay(0, 1, 5, "Quinola discarded")
>>> _ = ledger.take_pot(1, "pot 1", "takes the pot")
>>> ledger.chips, ledger.pots, ledger.total()
([95, 115, 100, 90], {}, 400)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.engine.match import Reason, Result, result_by_score
from parlour.engine.state import State

Account = int | str   # a seat, or a pot's name


@dataclass(frozen=True, slots=True)
class Entry:
    """One movement of chips: ``amount`` from ``source`` to ``target``, and why (``reason``, the book's
    words; ``tag``, a short kind a game may use to find entries again, such as ``"ace"``)."""

    source: Account
    target: Account
    amount: int
    reason: str
    tag: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"from": self.source, "to": self.target, "amount": self.amount, "reason": self.reason,
                "tag": self.tag}


class Ledger:
    """Seats' chips, named pots in opening order, and the journal of every movement."""

    __slots__ = ("chips", "entries", "pots")

    def __init__(self, chips: Sequence[int], pots: dict[str, int] | None = None,
                 entries: Sequence[Entry] = ()) -> None:
        self.chips: list[int] = list(chips)
        self.pots: dict[str, int] = dict(pots or {})
        self.entries: list[Entry] = list(entries)

    @classmethod
    def start(cls, seats: int, stake: int) -> Ledger:
        """``seats`` players with ``stake`` chips each and no pot."""
        if seats < 1 or stake < 0:
            raise ValueError("a ledger needs at least one seat and a stake of zero or more")
        return cls([stake] * seats)

    def copy(self) -> Ledger:
        """An independent ledger (entries are immutable, so they are shared)."""
        twin = object.__new__(Ledger)
        twin.chips = self.chips.copy()
        twin.pots = self.pots.copy()
        twin.entries = self.entries.copy()
        return twin

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Ledger) and self.chips == other.chips
                and list(self.pots.items()) == list(other.pots.items()) and self.entries == other.entries)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Ledger(chips={self.chips}, pots={self.pots})"

    # --- reading --------------------------------------------------------------------------------------
    def total(self) -> int:
        """Every chip in play: the seats' and the pots'. Constant for the life of a ledger."""
        return sum(self.chips) + sum(self.pots.values())

    def balance(self, account: Account) -> int:
        """A seat's chips, or a pot's (0 for a pot not open)."""
        if isinstance(account, str):
            return self.pots.get(account, 0)
        self._seat(account)
        return self.chips[account]

    @property
    def newest_pot(self) -> str | None:
        """The pot opened last among those still open."""
        return next(reversed(self.pots), None)

    def mark(self) -> int:
        """A place in the journal, to read what happened after it with :meth:`since`."""
        return len(self.entries)

    def since(self, mark: int) -> tuple[Entry, ...]:
        return tuple(self.entries[mark:])

    def net_since(self, mark: int) -> list[int]:
        """Each seat's gain (or loss, negative) over the entries after ``mark``."""
        net = [0] * len(self.chips)
        for entry in self.entries[mark:]:
            if isinstance(entry.source, int):
                net[entry.source] -= entry.amount
            if isinstance(entry.target, int):
                net[entry.target] += entry.amount
        return net

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: chips by seat, pots in opening order."""
        return {"chips": list(self.chips), "pots": self.pots_view()}

    def pots_view(self) -> list[dict[str, Any]]:
        """The pots as a view's table shows them, oldest first."""
        return [{"name": name, "chips": amount} for name, amount in self.pots.items()]

    # --- moving chips ---------------------------------------------------------------------------------
    def pay(self, source: Account, target: Account, amount: int, reason: str, tag: str = "") -> Entry:
        """Move ``amount`` chips; a pot paid into opens if need be, a pot emptied closes."""
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise ValueError(f"a payment is a whole number of chips, zero or more, not {amount!r}")
        if source == target:
            raise ValueError("an account cannot pay itself")
        self._check_account(target)
        if isinstance(source, str):
            if source not in self.pots:
                raise ValueError(f"no pot named {source!r} is open")
            if amount > self.pots[source]:
                raise ValueError(f"the {source} holds {self.pots[source]} chips, not {amount}")
        else:
            self._seat(source)
        self._move(source, -amount)
        self._move(target, amount)
        entry = Entry(source, target, amount, reason, tag)
        self.entries.append(entry)
        return entry

    def ante(self, seat: int, pot: str, amount: int, reason: str = "ante", tag: str = "ante") -> Entry:
        """A seat puts chips into a pot (opening it if it is not open)."""
        return self.pay(seat, pot, amount, reason, tag)

    def take_pot(self, seat: int, pot: str | None = None, reason: str = "takes the pot",
                 tag: str = "pot") -> Entry:
        """A seat takes the whole of a pot (the newest if none is named), which closes it."""
        name = self.newest_pot if pot is None else pot
        if name is None or name not in self.pots:
            raise ValueError("there is no pot to take" if name is None else f"no pot named {name!r} is open")
        return self.pay(name, seat, self.pots[name], reason, tag)

    def split_pot(self, winners: Collection[int], order: Sequence[int], pot: str | None = None,
                  reason: str = "shares the pot", tag: str = "pot") -> tuple[Entry, ...]:
        """Equal hands share a pot (the newest if none is named): equal shares, and the chips left over,
        one each, to the winners first in ``order``, every seat in the book's order for the odd chip
        (Razz: from the dealer's left, ``seating.order_from(seating.next(dealer))``).

        >>> ledger = Ledger([0, 0, 0, 0], {"pot": 25})
        >>> [(e.target, e.amount) for e in ledger.split_pot({3, 1}, order=(1, 2, 3, 0))]
        [(1, 13), (3, 12)]
        """
        name = self.newest_pot if pot is None else pot
        if name is None or name not in self.pots:
            raise ValueError("there is no pot to split" if name is None else f"no pot named {name!r} is open")
        sharing = [seat for seat in order if seat in winners]
        if not sharing or len(sharing) != len(winners):
            raise ValueError("the order for the odd chip names every seat that shares the pot")
        total = self.pots[name]
        return tuple(self.pay(name, seat, amount, _share_words(reason, amount, total, odd), tag)
                     for seat, amount, odd in shares(total, sharing))

    def cannot_pay(self, debts: Sequence[int]) -> tuple[int, ...]:
        """The seats whose debt (``debts[seat]``) is more than their chips: where a book ends the game on
        a player who cannot pay (Kabu), before anything is paid."""
        return tuple(seat for seat, owed in enumerate(debts) if owed > self.chips[seat])

    def refund(self, entry: Entry, reason: str, factor: int = 1, tag: str = "refund") -> Entry:
        """Pay ``entry`` back, ``factor`` times over (a pot taken and refunded opens again as the newest)."""
        if factor < 1:
            raise ValueError("a refund pays back at least the amount paid")
        return self.pay(entry.target, entry.source, entry.amount * factor, reason, tag)

    def _move(self, account: Account, delta: int) -> None:
        if isinstance(account, str):
            left = self.pots.get(account, 0) + delta
            if left == 0 and delta < 0:
                del self.pots[account]
            else:
                self.pots[account] = left
        else:
            self.chips[account] += delta

    def _check_account(self, account: Account) -> None:
        if isinstance(account, str):
            if not account:
                raise ValueError("a pot needs a name")
        else:
            self._seat(account)

    def _seat(self, seat: object) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.chips):
            raise ValueError(f"no seat {seat!r} in this ledger")


def shares(amount: int, seats: Sequence[int]) -> tuple[tuple[int, int, bool], ...]:
    """``amount`` divided equally among ``seats``: each seat's share and whether it holds an odd chip,
    the chips left over going one each to the first seats.

    >>> shares(10, (2, 0, 1))
    ((2, 4, True), (0, 3, False), (1, 3, False))
    """
    if not seats:
        raise ValueError("a share needs at least one seat")
    each, odd = divmod(amount, len(seats))
    return tuple((seat, each + (k < odd), k < odd) for k, seat in enumerate(seats))


def reasons(entries: Sequence[Entry]) -> tuple[Reason, ...]:
    """A deal's reasons from its ledger entries: each seat's side of every payment, as a hand result
    words them."""
    out = []
    for entry in entries:
        if isinstance(entry.source, int):
            out.append(Reason(entry.source, -entry.amount, entry.reason))
        if isinstance(entry.target, int):
            out.append(Reason(entry.target, entry.amount, entry.reason))
    return tuple(out)


def worded(entries: Sequence[Entry], summary: str) -> tuple[tuple[Reason, ...], str]:
    """A hand result's words (``HandResult(explain=partial(worded, entries, summary))``): the entries as
    reasons, and the summary, built only when someone reads them."""
    return reasons(entries), summary


def _share_words(reason: str, amount: int, total: int, odd: bool) -> str:
    return f"{reason}: {amount} of {total}" + (", with an odd chip" if odd else "")


class ChipsState(State):
    """A game played for chips (Pontoon, Kabu, Razz): each seat's score is what it holds on the game's
    ledger, and when the game ends, early or not, the most chips win."""

    ledger: Ledger

    def scores(self) -> list[int]:
        return list(self.ledger.chips)

    def _result(self) -> Result:
        return result_by_score(self.scores(), False, "chips", ended_early=self.ended_early)
