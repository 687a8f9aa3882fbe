"""Banking (``parlour/mechanics/banking.py``): a stake settled against the banker at a multiple, and every
player paying each higher scorer the difference; chips conserved and each payment worded."""

from __future__ import annotations

import pytest

from parlour.mechanics.banking import owed, pairwise_debts, settle_pairwise, settle_stake
from parlour.mechanics.chips import Ledger


def staked(amount: int = 4) -> Ledger:
    ledger = Ledger.start(3, 50)
    ledger.pay(1, "stake 1", amount, "stake")
    return ledger


@pytest.mark.parametrize(("multiple", "banker", "player"), [
    (2, 42, 58),     # a pontoon: the stake back and twice it besides
    (1, 46, 54),     # a win at evens
    (0, 50, 50),     # the stake handed back
    (-1, 54, 46),    # the bank takes the stake
    (-2, 58, 42),    # a banker's pontoon: the stake and a second one
])
def test_a_stake_is_settled_at_its_multiple(multiple: int, banker: int, player: int) -> None:
    """The stake's pot closes and the banker and player end where the multiple puts them."""
    ledger = staked()
    entries = settle_stake(ledger, 0, 1, "stake 1", multiple, "why")
    assert (ledger.chips[0], ledger.chips[1]) == (banker, player) and ledger.pots == {}
    assert ledger.total() == 150 and all(e.tag == "bank" for e in entries)


def test_the_stake_back_is_worded_apart_from_the_winnings() -> None:
    """A won stake reads as two entries: the stake back, and what the bank pays, each with the reason."""
    ledger = staked()
    entries = settle_stake(ledger, 0, 1, "stake 1", 2, "pontoon, paid double")
    assert [(e.source, e.target, e.amount, e.reason) for e in entries] == [
        ("stake 1", 1, 4, "pontoon, paid double: the stake back"), (0, 1, 8, "pontoon, paid double")]


def test_a_bank_short_of_chips_pays_on_credit() -> None:
    """The ledger lets the bank run below zero: the game decides whether that ends it (Pontoon does)."""
    ledger = Ledger([3, 50, 50])
    ledger.pay(1, "stake 1", 10, "stake")
    settle_stake(ledger, 0, 1, "stake 1", 1, "beats the bank")
    assert ledger.chips == [-7, 60, 50] and ledger.total() == 103


def test_settling_an_empty_stake_is_an_error() -> None:
    """No stake lies in a pot never paid into: a programming error, refused."""
    with pytest.raises(ValueError, match="no stake"):
        settle_stake(Ledger.start(2, 10), 0, 1, "stake 1", 1, "why")


def test_each_player_pays_every_higher_scorer_the_difference() -> None:
    """Kabu's settlement: pairwise differences, what each owes, and the payments conserving chips."""
    debts = pairwise_debts([7, 4, 9, 7])
    assert debts == [(0, 2, 2), (1, 0, 3), (1, 2, 5), (1, 3, 3), (3, 2, 2)]
    assert owed(debts, 4) == [2, 11, 0, 2]
    ledger = Ledger.start(4, 20)
    entries = settle_pairwise(ledger, debts, "pays seat {payee} {amount}")
    assert ledger.chips == [21, 9, 29, 21] and ledger.total() == 80
    assert entries[0].reason == "pays seat 2 2"
