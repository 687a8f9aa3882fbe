"""The shared auction: calling order, beating and holding bids, doubling, and the three ways an auction ends."""

import pytest

from parlour.errors import IllegalAction, NotationError
from parlour.mechanics.auctions import ELIMINATION, ONE_ROUND, OPEN, PAIRWISE, Auction, Bid


class LadderBid(Bid):
    CONTRACTS = ("1C", "1NT", "2C", "solo")


def test_bid_notation_is_read_without_case_and_refuses_unknown_contracts() -> None:
    assert LadderBid.parse_args(["1nt"]) == LadderBid("1NT")
    assert str(LadderBid("solo")) == "bid solo"
    with pytest.raises(NotationError, match="no contract '9Z'"):
        LadderBid.parse_args(["9Z"])
    with pytest.raises(NotationError, match="needs a contract"):
        LadderBid.parse_args([])


def test_open_auction_passed_out_when_every_seat_passes_at_once() -> None:
    auction = Auction((0, 1, 2, 3))
    for seat in (0, 1, 2):
        auction.pass_(seat)
    assert not auction.is_over
    auction.pass_(3)
    assert auction.all_passed


def test_open_auction_a_passed_seat_may_bid_later_and_three_passes_end_it() -> None:
    auction = Auction((0, 1, 2, 3), sides=(0, 1, 0, 1))
    auction.pass_(0)
    auction.bid(1, "1C", key=1)
    auction.pass_(2)
    auction.pass_(3)
    auction.bid(0, "1NT", key=2)    # seat 0 passed before and may still come in
    for seat in (1, 2):
        auction.pass_(seat)
    assert auction.turn == 3
    auction.pass_(3)
    assert auction.is_over and auction.high_seat == 0 and auction.high == "1NT"


def test_a_bid_must_beat_the_last_and_a_new_bid_cancels_doubling() -> None:
    auction = Auction((0, 1, 2, 3), sides=(0, 1, 0, 1))
    auction.bid(0, "1NT", key=2)
    with pytest.raises(IllegalAction, match="does not beat"):
        auction.bid(1, "1C", key=1)
    assert auction.turn == 1 and auction.calls == [(0, "1NT")]
    auction.double(1)
    with pytest.raises(IllegalAction, match="only an opponent"):
        auction.double(2)
    auction.redouble(2)
    assert auction.doubled == 2 and auction.doubler == 1
    auction.bid(3, "2C", key=3)
    assert auction.doubled == 0 and auction.doubler is None


def test_redouble_needs_a_double_and_the_doubled_side() -> None:
    auction = Auction((0, 1, 2, 3), sides=(0, 1, 0, 1))
    auction.bid(0, "1C", key=1)
    with pytest.raises(IllegalAction, match="only the doubled side"):
        auction.redouble(1)
    auction.double(1)
    assert not auction.may_redouble(3) and auction.may_redouble(2)


def test_calls_out_of_turn_are_refused() -> None:
    auction = Auction((2, 0, 1))
    with pytest.raises(IllegalAction, match="seat 2's call"):
        auction.pass_(0)


def test_elimination_a_pass_is_final_and_the_last_bidder_left_wins() -> None:
    auction = Auction((1, 2, 0), shape=ELIMINATION)
    auction.bid(1, "1C", key=1)
    auction.pass_(2)
    auction.bid(0, "1NT", key=2)
    assert auction.turn == 1    # seat 2 is out and is skipped
    auction.bid(1, "2C", key=3)
    assert auction.turn == 0
    auction.pass_(0)
    assert auction.is_over and auction.high_seat == 1


def test_elimination_the_last_seat_may_still_open_when_the_others_passed() -> None:
    auction = Auction((1, 2, 0), shape=ELIMINATION)
    auction.pass_(1)
    auction.pass_(2)
    assert auction.turn == 0
    auction.bid(0, "1C", key=1)
    assert auction.is_over and auction.high_seat == 0


def test_holding_lets_an_earlier_seat_match_the_bid() -> None:
    auction = Auction((1, 2, 0), shape=ELIMINATION, holds=True)
    auction.bid(1, "1C", key=1)
    assert not auction.may_bid(2, 1) and auction.may_bid(2, 2)
    auction.bid(2, "1NT", key=2)
    auction.pass_(0)
    assert auction.may_bid(1, 2)    # seat 1 comes before seat 2: it may hold
    auction.bid(1, "1NT", key=2)
    assert auction.turn == 2 and auction.high_seat == 1


def test_pairwise_the_survivor_meets_each_newcomer_and_the_dealer_last() -> None:
    auction = Auction((1, 2, 3, 0), shape=PAIRWISE, holds=True)
    assert auction.turn == 2       # the second seat bids to the elder
    auction.bid(2, "1C", key=1)
    assert auction.turn == 1
    auction.bid(1, "1C", key=1)    # the elder holds
    assert auction.turn == 2
    auction.pass_(2)
    assert auction.turn == 3       # the next seat comes in against the elder
    auction.bid(3, "2C", key=3)
    auction.pass_(1)
    assert auction.turn == 0       # and finally the dealer
    auction.pass_(0)
    assert auction.is_over and auction.high_seat == 3 and auction.high == "2C"


def test_pairwise_when_no_one_bids_the_elder_may_still_open() -> None:
    auction = Auction((1, 2, 0), shape=PAIRWISE)
    auction.pass_(2)
    auction.pass_(0)
    assert auction.turn == 1
    auction.pass_(1)
    assert auction.all_passed


def test_a_copy_is_independent() -> None:
    auction = Auction((0, 1, 2), shape=PAIRWISE)
    twin = auction.copy()
    twin.bid(1, "1C", key=1)
    assert auction.calls == [] and auction.turn == 1 and twin.turn == 0
    assert OPEN is not ELIMINATION


def test_one_round_every_seat_calls_once_and_an_outbid_seat_gets_no_second_call() -> None:
    auction = Auction((1, 2, 0), shape=ONE_ROUND)
    auction.bid(1, "1C", key=1)
    auction.bid(2, "1NT", key=2)
    assert auction.turn == 0
    auction.pass_(0)
    assert auction.is_over and auction.high_seat == 2    # seat 1, outbid, does not speak again


def test_one_round_all_pass() -> None:
    auction = Auction((0, 1), shape=ONE_ROUND)
    auction.pass_(0)
    auction.pass_(1)
    assert auction.all_passed


def test_closing_passes_let_an_open_auction_need_more_passes_in_a_row() -> None:
    """Old Vint: eight (or twelve) passes in a row end the auction, bid or no bid."""
    auction = Auction((0, 1, 2, 3), closing_passes=8)
    auction.bid(0, "1C", key=1)
    for k in range(7):
        auction.pass_((1 + k) % 4)
    assert auction.turn == 0          # the bidder speaks again before the eighth pass
    auction.pass_(0)
    assert auction.is_over and auction.high_seat == 0


def test_top_key_ends_the_auction_at_the_highest_contract() -> None:
    """Schafkopf's widow: the first seat to take it has it; the seats after it are not asked."""
    auction = Auction((1, 2, 0), shape=ELIMINATION, top_key=1)
    auction.pass_(1)
    auction.bid(2, "take", key=1)
    assert auction.is_over and auction.high_seat == 2 and auction.calls == [(1, "pass"), (2, "take")]


def test_double_and_redouble_say_what_they_do_to_a_player() -> None:
    """The buttons' help: a double makes the opponents' bid count double, a redouble four times, and a new
    bid cancels either (Auction Bridge's doubling, in a player's words)."""
    from parlour.engine.rules_page import action_help
    from parlour.mechanics.auctions import Double, Redouble

    assert str(action_help(Double)).startswith("Double the opponents' bid")
    assert "four times" in str(action_help(Redouble))
    assert all("new bid cancels" in str(action_help(kind)) for kind in (Double, Redouble))
