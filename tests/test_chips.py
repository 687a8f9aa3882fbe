"""The chip ledger (parlour.mechanics.chips): stakes, antes, named pots, payments with their reasons."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.mechanics.chips import Entry, Ledger


def test_start_gives_every_seat_the_stake() -> None:
    ledger = Ledger.start(4, 100)
    assert ledger.chips == [100] * 4 and ledger.pots == {} and ledger.total() == 400


def test_a_payment_moves_chips_and_keeps_its_reason() -> None:
    ledger = Ledger.start(3, 10)
    entry = ledger.pay(0, 2, 4, "an ace discarded", "ace")
    assert ledger.chips == [6, 10, 14]
    assert entry == Entry(0, 2, 4, "an ace discarded", "ace") and ledger.entries == [entry]


def test_antes_open_a_pot_and_pots_keep_their_order() -> None:
    ledger = Ledger.start(4, 100)
    ledger.ante(0, "pot 1", 5)
    ledger.ante(1, "pot 2", 7)
    ledger.ante(2, "pot 1", 5)
    assert list(ledger.pots.items()) == [("pot 1", 10), ("pot 2", 7)]
    assert ledger.newest_pot == "pot 2"


def test_taking_a_pot_closes_it_and_the_newest_is_taken_by_default() -> None:
    ledger = Ledger.start(2, 50)
    ledger.ante(0, "pot 1", 10)
    ledger.ante(1, "pot 2", 20)
    ledger.take_pot(0)
    assert ledger.pots == {"pot 1": 10} and ledger.chips == [60, 30]
    with pytest.raises(ValueError, match="no pot"):
        ledger.take_pot(1, "pot 2")


def test_a_refunded_take_reopens_the_pot_as_the_newest() -> None:
    ledger = Ledger.start(2, 50)
    ledger.ante(0, "pot 1", 10)
    taken = ledger.take_pot(1)
    assert ledger.newest_pot is None
    ledger.refund(taken, "the take is undone")
    assert ledger.pots == {"pot 1": 10} and ledger.chips == [40, 50]


def test_refunds_can_pay_back_several_times_over() -> None:
    ledger = Ledger.start(2, 50)
    paid = ledger.pay(0, 1, 3, "an ace")
    ledger.refund(paid, "paid back double", factor=2)
    assert ledger.chips == [50 - 3 + 6, 50 + 3 - 6]


def test_bad_payments_are_refused_and_change_nothing() -> None:
    ledger = Ledger.start(2, 5)
    before = ledger.copy()
    for args in [(0, 1, -1), (0, 0, 1), (0, 7, 1), ("pot 9", 0, 1), (0, 1, True)]:
        with pytest.raises(ValueError):
            ledger.pay(*args, "bad")  # type: ignore[arg-type]
    ledger.ante(0, "pot 1", 2)
    with pytest.raises(ValueError, match="holds"):
        ledger.pay("pot 1", 1, 3, "more than the pot holds")
    assert ledger.chips == [3, 5] and before.chips == [5, 5]


def test_balances_may_go_below_zero() -> None:
    """Play on credit: a game that forbids debt checks the chips itself."""
    ledger = Ledger.start(2, 1)
    ledger.pay(0, 1, 5, "a big payment")
    assert ledger.chips == [-4, 6]


def test_copies_are_independent() -> None:
    ledger = Ledger.start(3, 20)
    ledger.ante(0, "pot 1", 5)
    twin = ledger.copy()
    twin.pay(1, 2, 3, "x")
    twin.take_pot(2)
    assert ledger.chips == [15, 20, 20] and ledger.pots == {"pot 1": 5} and len(ledger.entries) == 1
    assert twin != ledger and ledger.copy() == ledger


def test_marks_read_the_journal_and_nets_by_seat() -> None:
    ledger = Ledger.start(3, 20)
    ledger.ante(0, "pot 1", 5)
    mark = ledger.mark()
    ledger.pay(1, 2, 3, "x")
    ledger.take_pot(1)
    assert [e.reason for e in ledger.since(mark)] == ["x", "takes the pot"]
    assert ledger.net_since(mark) == [0, 2, 3]


def test_views_are_json_friendly() -> None:
    ledger = Ledger.start(2, 9)
    ledger.ante(0, "pot 1", 4)
    data = ledger.to_dict()
    assert json.loads(json.dumps(data)) == {"chips": [5, 9], "pots": [{"name": "pot 1", "chips": 4}]}
    assert json.loads(json.dumps(ledger.entries[0].to_dict()))["reason"] == "ante"


MOVES = st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6), st.integers(0, 30), st.sampled_from("pat")),
                 max_size=60)


@given(st.integers(1, 6), st.integers(0, 200), MOVES)
def test_chips_are_never_made_or_lost(seats: int, stake: int, moves: list[tuple[int, int, int, str]]) -> None:
    """Whatever is paid, anted, taken or refunded, seats plus pots always hold the same total."""
    ledger = Ledger.start(seats, stake)
    total = ledger.total()
    for a, b, amount, kind in moves:
        try:
            if kind == "p":
                entry = ledger.pay(a % seats, b % seats, amount, "pay")
            elif kind == "a":
                entry = ledger.ante(a % seats, f"pot {b % 3}", amount)
            else:
                entry = ledger.take_pot(a % seats)
            if amount % 3 == 0:
                ledger.refund(entry, "refund", factor=1)
        except ValueError:
            pass
        assert ledger.total() == total
        assert all(v >= 0 for v in ledger.pots.values())
