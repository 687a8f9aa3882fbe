"""Banking, written once for the games where chips change hands by comparison rather than through a pot
that one hand takes: a banker against each player (Pontoon), and every player against every other
(Kabu). Everything moves on a :class:`~parlour.mechanics.chips.Ledger`, so chips are conserved and each
movement keeps the book's reason.

A stake lies in its own pot while the hand is played (the table sees it, and a player who buys cards adds
to it). :func:`settle_stake` then resolves it at a multiple: ``+2`` pays the player twice the stake on top
of getting it back (a pontoon), ``-1`` gives the stake to the banker, ``-2`` makes the player pay a second
stake besides (a banker's pontoon), ``0`` hands the stake back.

>>> from parlour.mechanics.chips import Ledger
>>> ledger = Ledger.start(3, 20)
>>> _ = ledger.pay(1, "stake 1", 4, "stakes")
>>> _ = ledger.pay(2, "stake 2", 3, "stakes")
>>> _ = settle_stake(ledger, 0, 1, "stake 1", 2, "pontoon, paid double")
>>> _ = settle_stake(ledger, 0, 2, "stake 2", -1, "the bank wins ties")
>>> ledger.chips, ledger.pots
([15, 28, 17], {})
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.mechanics.chips import Entry, Ledger


def settle_stake(ledger: Ledger, banker: int, seat: int, pot: str, multiple: int, reason: str,
                 tag: str = "bank") -> tuple[Entry, ...]:
    """Resolve one player's stake (the whole of ``pot``) against the banker at ``multiple`` times it."""
    stake = ledger.balance(pot)
    if stake <= 0:
        raise ValueError(f"no stake lies in {pot!r}")
    if multiple >= 0:
        entries = [ledger.take_pot(seat, pot, f"{reason}: the stake back", tag)]
        if multiple:
            entries.append(ledger.pay(banker, seat, stake * multiple, reason, tag))
        return tuple(entries)
    entries = [ledger.take_pot(banker, pot, reason, tag)]
    if multiple < -1:
        entries.append(ledger.pay(seat, banker, stake * (-multiple - 1), reason, tag))
    return tuple(entries)


def pairwise_debts(scores: Sequence[int]) -> list[tuple[int, int, int]]:
    """Each player pays every player with a higher score the difference: ``(payer, payee, amount)`` in
    seat order of the payer, then of the payee (Kabu).

    >>> pairwise_debts([7, 4, 9])
    [(0, 2, 2), (1, 0, 3), (1, 2, 5)]
    """
    return [(payer, payee, scores[payee] - scores[payer])
            for payer in range(len(scores)) for payee in range(len(scores)) if scores[payee] > scores[payer]]


def owed(debts: Sequence[tuple[int, int, int]], seats: int) -> list[int]:
    """What each seat owes in all, to check with :meth:`Ledger.cannot_pay` before anything is paid."""
    total = [0] * seats
    for payer, _, amount in debts:
        total[payer] += amount
    return total


def settle_pairwise(ledger: Ledger, debts: Sequence[tuple[int, int, int]], reason: str,
                    tag: str = "difference") -> tuple[Entry, ...]:
    """Pay every debt of :func:`pairwise_debts`; ``reason`` is formatted with ``payer``, ``payee`` and
    ``amount``, so that one sentence reads right on both sides of the payment.

    >>> from parlour.mechanics.chips import Ledger
    >>> ledger = Ledger.start(3, 20)
    >>> paid = settle_pairwise(ledger, pairwise_debts([7, 4, 9]), "seat {payer} pays seat {payee} {amount}")
    >>> [entry.reason for entry in paid]
    ['seat 0 pays seat 2 2', 'seat 1 pays seat 0 3', 'seat 1 pays seat 2 5']
    """
    return tuple(ledger.pay(payer, payee, amount, reason.format(payer=payer, payee=payee, amount=amount), tag)
                 for payer, payee, amount in debts)
