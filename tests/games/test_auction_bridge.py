"""Auction Bridge, rule by rule, on prepared deals (rules/source/auction-bridge.txt and the Auction Bridge
notes in rules/NOTES.md, which supply the trick values, the auction and the play).

Seats 0 and 2 are partners against 1 and 3; the first dealer is seat 0 and calls first.

Most scoring tests use one family of deals, ``layout(k, denomination, declarer)``, in which the declarer
takes exactly ``k`` tricks when every hand plays by its suit preferences (``play_out``): the declarer holds
the top ``k`` cards of one suit (the trump suit, or any suit at no trumps) and low cards of a second; the
opening leader holds the rest of the first suit; the leader's partner guards the second suit; dummy holds
a whole third suit that nobody else holds and that nobody can win with. The declarer wins the ``k``
tricks of his long suit and nothing else.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from table import bots_to_end, play, refused, rollouts_to_end

import parlour
from parlour import OutOfTurn
from parlour.bots import make_bot
from parlour.cards import ACE_HIGH, STANDARD_52, Card, Suit
from parlour.errors import DealError
from parlour.games.auction_bridge import (
    CONTRACT_NAMES,
    AuctionBridgeState,
    bid_worth,
    honours,
    settle,
)

RANKS = [rank.letter for rank in ACE_HIGH]           # lowest first
SPADES = STANDARD_52.mask(c for c in STANDARD_52 if c.suit == Suit.SPADES)
NT = 4
SUIT_LETTERS = "CDHS"

Deal = dict[str, list[list[str]]]
Preferences = dict[int, list[int]]


def suit_cards(suit: int, ranks: list[str]) -> list[str]:
    return [rank + SUIT_LETTERS[suit] for rank in ranks]


def layout(k: int, denomination: int, declarer: int = 0) -> tuple[Deal, Preferences]:
    """A deal in which ``declarer`` takes exactly ``k`` tricks at ``denomination`` under ``play_out``, and the
    order in which each hand prefers to play its suits. Long suit: the trumps (spades at no trumps)."""
    if denomination == NT and k == 13:
        raise ValueError("at no trumps the leader must hold a card of the declarer's long suit")
    long = 3 if denomination == NT else denomination
    shed, dummy_suit, guarded = [s for s in range(4) if s != long]
    north, east, south, west = ((declarer + i) % 4 for i in range(4))
    hands = {
        north: suit_cards(long, RANKS[13 - k:]) + suit_cards(guarded, RANKS[:13 - k]),
        east: suit_cards(long, RANKS[:13 - k]) + suit_cards(shed, RANKS[:k]),
        south: suit_cards(dummy_suit, RANKS),
        west: suit_cards(guarded, RANKS[13 - k:]) + suit_cards(shed, RANKS[k:]),
    }
    preferences = {north: [long, guarded], east: [long, shed], south: [dummy_suit], west: [shed, guarded]}
    return {"hands": [hands[s] for s in range(4)]}, preferences


def new(deals: Deal | list[Deal], **options: Any) -> AuctionBridgeState:
    state = parlour.new_game("auction-bridge", seed=1, deal=deals, **options)
    assert isinstance(state, AuctionBridgeState)
    return state


def call(state: parlour.State, calls: str) -> None:
    """Make the calls in turn order: ``1S``, ``pass``, ``double``, ``redouble``."""
    for word in calls.split():
        state.apply(state.to_move[0], word if word in ("pass", "double", "redouble") else f"bid {word}")


def play_out(state: parlour.State, preferences: Preferences) -> None:
    """Play the deal to its end: each hand plays its lowest legal card of the first suit it prefers."""
    number = state.hand_number
    while not state.is_over and state.hand_number == number:
        seat = state.to_move[0]
        hand = state.view(seat).extra["playing"]
        order = preferences[hand]

        def key(action: str, order: list[int] = order) -> tuple[int, int]:
            card = Card.parse(action.split()[1])
            suit = int(card.suit)  # type: ignore[arg-type]
            return (order.index(suit) if suit in order else 9, ACE_HIGH.index(card.rank))
        state.apply(seat, min((str(a) for a in state.legal_actions(seat)), key=key))


def played(contract: str, k: int, doubling: str = "", **options: Any) -> AuctionBridgeState:
    """One deal: seat 0 (the dealer) bids ``contract``, seat 1 doubles and seat 2 redoubles as asked, and the
    declarer takes ``k`` tricks."""
    denomination = ("C", "D", "H", "S", "NT").index(contract[1:])
    deal, preferences = layout(k, denomination)
    state = new(deal, **options)
    calls = {"": f"{contract} pass pass pass", "double": f"{contract} double pass pass pass",
             "redouble": f"{contract} double redouble pass pass pass"}[doubling]
    call(state, calls)
    play_out(state, preferences)
    return state


def reasons(state: parlour.State, hand: int = -1) -> list[tuple[int, str]]:
    return [(r.points, r.text) for r in state.hand_results[hand].reasons]


def points_of(state: parlour.State, words: str, hand: int = -1) -> list[int]:
    return [p for p, text in reasons(state, hand) if words in text]


def legal(state: parlour.State) -> list[str]:
    return [str(a) for a in state.legal_actions(state.to_move[0])]


class TestLayoutHelper:
    @pytest.mark.parametrize("denomination", range(5))
    def test_the_declarer_takes_exactly_k_tricks(self, denomination: int) -> None:
        """The test deals do what they promise, for every denomination and several trick counts."""
        for k in (0, 3, 7, 10, 12):
            deal, preferences = layout(k, denomination)
            state = new(deal)
            call(state, f"1{('C', 'D', 'H', 'S', 'NT')[denomination]} pass pass pass")
            play_out(state, preferences)
            assert state.deals()[0].declarer_tricks == k


class TestDeal:
    def test_thirteen_cards_each_and_the_dealer_calls_first(self) -> None:
        """Notes, deal and auction: 52 cards, 13 each; the dealer (seat 0 to begin) calls first."""
        state = parlour.new_game("auction-bridge", seed=4)
        assert state.to_move == (0,)
        assert all(len(state.view(s).hand) == 13 for s in range(4))
        assert len({c for s in range(4) for c in state.view(s).hand}) == 52
        view = state.view(None)
        assert view.phase == "auction" and view.seats[0]["status"] == "dealer"
        assert [s["team"] for s in view.seats] == [0, 1, 0, 1]

    def test_a_seat_sees_only_its_own_hand(self) -> None:
        """Hidden information: during the auction no seat sees another's cards."""
        deal, _ = layout(7, NT)
        state = new(deal)
        for seat in range(4):
            view = state.view(seat)
            assert view.hand == sorted(deal["hands"][seat], key=lambda c: STANDARD_52.index[Card.parse(c)])
            assert all(s["face_up"] == [] for s in view.seats)

    def test_the_deal_passes_to_the_left(self) -> None:
        """Choice: each new deal is dealt by the player on the last dealer's left, who calls first."""
        deal, preferences = layout(8, NT)
        state = new([deal])
        call(state, "1NT pass pass pass")
        play_out(state, preferences)
        assert state.hand_number == 2 and state.to_move == (1,) and state.view(None).extra["dealer"] == 1

    def test_prepared_deals_are_checked(self) -> None:
        """A prepared deal gives 13 different cards to each seat."""
        deal, _ = layout(7, NT)
        with pytest.raises(DealError, match="seat 0 must hold 13 cards, not 12"):
            new({"hands": [h[:12] for h in deal["hands"]]})
        with pytest.raises(DealError, match="one another hand holds"):
            new({"hands": [deal["hands"][0]] * 4})
        with pytest.raises(DealError, match="no 'cards'"):
            new({"cards": []})
        with pytest.raises(DealError, match="deal 2 of the list: seat 3 must hold 13 cards"):
            new([deal, {"hands": [*deal["hands"][:3], []]}])


class TestAuction:
    def test_the_dealer_must_open(self) -> None:
        """Notes, opening: the dealer must bid; a pass is refused and changes nothing."""
        state = new(layout(7, NT)[0])
        assert "pass" not in legal(state)
        refused(state, 0, "pass", "the dealer opens")
        call(state, "1C pass")       # once a bid is made, passing is allowed
        assert state.to_move == (2,)

    def test_dealer_may_pass_option_and_a_thrown_in_deal(self) -> None:
        """Notes, opening (option): the dealer may pass; four passes throw the deal in, nobody scores, and
        the next dealer deals."""
        state = new(layout(7, NT)[0], dealer_may_pass=True)
        assert "pass" in legal(state)
        call(state, "pass pass pass pass")
        assert state.hand_results[0].changes == (0, 0, 0, 0)
        assert "thrown in" in state.hand_results[0].summary
        assert state.hand_number == 2 and state.to_move == (1,) and state.phase == "auction"

    def test_a_passed_player_may_bid_later(self) -> None:
        """Notes, auction: calls go round until three pass in a row; an earlier pass does not bar a bid."""
        state = new(layout(7, NT)[0])
        call(state, "1C pass pass 1H")
        assert state.to_move == (0,)
        call(state, "pass 1NT")       # seat 1 passed before and bids now
        assert state.auction.high == "1NT" and state.auction.high_seat == 1

    def test_overcalling_is_by_value_not_by_level(self) -> None:
        """Notes: a bid is higher when level x trick value is greater: 3S (27) beats 4C (24), not the reverse."""
        state = new(layout(7, NT)[0])
        call(state, "3S")
        assert "bid 4C" not in legal(state) and "bid 4D" in legal(state)   # 4D is 28
        error = refused(state, 1, "bid 4C", "overcall by value")
        assert "24" in str(error) and "27" in str(error)
        state = new(layout(7, NT)[0])
        call(state, "4C")
        assert "bid 3S" in legal(state)
        call(state, "3S")
        assert state.auction.high == "3S"

    def test_at_equal_value_more_tricks_is_higher(self) -> None:
        """Notes: at equal value the bid of more tricks is higher: 3C over 2S (both 18), 4C over 3H (both 24)."""
        state = new(layout(7, NT)[0])
        call(state, "2S")
        assert "bid 3C" in legal(state)
        call(state, "3C")
        refused(state, 2, "bid 2S", "overcall by value")
        call(state, "3H")     # 24 beats 18
        assert "bid 4C" in legal(state)
        call(state, "4C")
        refused(state, 0, "bid 3H", "overcall by value")
        assert bid_worth(4, 0) > bid_worth(3, 2) and bid_worth(3, 0) > bid_worth(2, 3)

    def test_bids_are_listed_in_order_of_value(self) -> None:
        """Notes: the ladder of bids runs by value, ties broken by level: 1C (6), 1D (7), ..., 7NT (70)."""
        assert CONTRACT_NAMES[:6] == ("1C", "1D", "1H", "1S", "1NT", "2C")
        assert CONTRACT_NAMES[-1] == "7NT" and len(CONTRACT_NAMES) == 35
        worths = [bid_worth(int(name[0]), ("C", "D", "H", "S", "NT").index(name[1:])) for name in CONTRACT_NAMES]
        assert worths == sorted(worths)
        state = new(layout(7, NT)[0])
        call(state, "6D")     # 42: 7C (42, more tricks) is the next bid up
        bids = [a for a in legal(state) if a.startswith("bid")]
        assert bids[0] == "bid 7C" and "bid 6H" in bids

    def test_only_an_opponent_may_double(self) -> None:
        """Notes: only an opponent may double a bid; no one doubles a partner's bid."""
        state = new(layout(7, NT)[0])
        call(state, "1S")
        assert "double" in legal(state)
        call(state, "pass")
        assert "double" not in legal(state)
        refused(state, 2, "double", "double")
        call(state, "pass double")       # seat 3, an opponent
        assert state.auction.doubled == 1

    def test_a_bid_is_doubled_once_and_redoubled_only_by_the_doubled_side(self) -> None:
        """Notes: doubled once and redoubled once; the redouble belongs to the doubled side, either partner."""
        state = new(layout(7, NT)[0])
        call(state, "1S")
        refused(state, 1, "redouble", "redouble")        # nothing doubled yet
        call(state, "double")
        assert "redouble" in legal(state) and "double" not in legal(state)   # seat 2, the bidder's partner
        call(state, "pass")
        refused(state, 3, "redouble", "redouble")        # the doubler's partner may not
        refused(state, 3, "double", "double")            # and it cannot be doubled again
        call(state, "pass redouble")                      # the bidder himself redoubles
        assert state.auction.doubled == 2
        refused(state, 1, "redouble", "redouble")
        refused(state, 1, "double", "double")

    def test_a_new_bid_cancels_doubling_and_needs_only_beat_the_undoubled_value(self) -> None:
        """Notes: a later bid wipes out a double or redouble and need only beat the undoubled bid."""
        state = new(layout(7, NT)[0])
        call(state, "2C double redouble")
        assert "bid 2D" in legal(state)          # 14 beats 12, doubling or not
        call(state, "2D")
        assert state.auction.doubled == 0 and state.view(None).extra["doubled"] is None
        call(state, "pass pass pass")
        assert state.view(None).extra["contract"] == "2D" and state.declarer == 3

    def test_three_passes_after_the_last_call_end_the_auction(self) -> None:
        """Notes: the auction ends when three pass in a row after a bid; a double restarts the count."""
        state = new(layout(7, NT)[0])
        call(state, "1S pass pass double pass pass")
        assert state.phase == "auction" and state.to_move == (2,)
        call(state, "pass")
        assert state.phase == "play" and state.view(None).extra["contract"] == "1S doubled"
        refused(state, 1, "pass", "the play")
        refused(state, 1, "bid 7NT", "the play")

    def test_no_card_is_played_during_the_auction(self) -> None:
        """Notes: the play follows the auction."""
        state = new(layout(7, NT)[0])
        refused(state, 0, f"play {state.view(0).hand[0]}", "the auction")

    def test_the_declarer_is_the_first_of_the_side_to_name_the_denomination(self) -> None:
        """Notes (EB1922): the declarer is the partner who first named the contract's denomination; the one
        who raised it is dummy."""
        state = new(layout(7, NT)[0])
        call(state, "1H pass 2H pass pass pass")
        assert state.declarer == 0 and state.dummy == 2
        state = new(layout(7, NT)[0])
        call(state, "1C pass 1H pass 2H pass 3H pass pass pass")
        assert state.declarer == 2 and state.dummy == 0 and state.to_move == (3,)
        # The opponents' bids in the same denomination do not count for the winning side.
        state = new(layout(7, NT)[0])
        call(state, "1C 1S 1NT 2S 2NT pass pass pass")
        assert state.declarer == 2


class TestPlay:
    def test_the_player_on_the_declarers_left_leads(self) -> None:
        """Notes, play: the opening lead is made by the declarer's left-hand opponent."""
        deal, _ = layout(7, NT, declarer=2)
        state = new(deal)
        call(state, "1C pass 1NT pass pass pass")
        assert state.declarer == 2 and state.to_move == (3,) and state.phase == "play"
        assert state.view(None).table["contract"] == "1NT by seat 2"

    def test_dummy_is_shown_to_all_after_the_opening_lead(self) -> None:
        """Notes, play: dummy's hand is laid face up once the opening lead is made, not before."""
        deal, _ = layout(7, NT)
        state = new(deal)
        call(state, "1NT pass pass pass")
        assert all(s["face_up"] == [] for seat in (*range(4), None) for s in state.view(seat).seats)
        state.apply(1, "play 2S")
        dummy_cards = sorted(deal["hands"][2], key=lambda c: STANDARD_52.index[Card.parse(c)])
        for seat in (*range(4), None):
            seats = state.view(seat).seats
            assert seats[2]["face_up"] == dummy_cards and seats[2]["status"] == "dummy"
            assert all(seats[s]["face_up"] == [] for s in (0, 1, 3))
        assert any("dummy (seat 2) is laid face up" in line for line in state.view(3).log)

    def test_the_declarer_plays_dummys_cards(self) -> None:
        """Notes, play: the declarer plays both hands: while dummy is to play, the declarer is to move and
        the legal actions are dummy's cards; dummy never acts."""
        deal, _ = layout(7, NT)
        state = new(deal)
        call(state, "1NT pass pass pass")
        state.apply(1, "play 2S")
        assert state.to_move == (0,)
        view = state.view(0)
        assert view.extra["playing"] == 2 and view.extra["dummy"] == 2
        assert legal(state) == [f"play {c}" for c in state.view(0).seats[2]["face_up"]]
        assert view.hand == sorted(deal["hands"][0], key=lambda c: STANDARD_52.index[Card.parse(c)])
        assert state.legal_actions(2) == []
        with pytest.raises(OutOfTurn):
            state.apply(2, "play 2D")
        refused(state, 0, "play 2H", "play from the hand to play")   # the declarer's own card, not dummy's
        state.apply(0, "play 2D")
        assert state.view(None).table["trick"][1] == {"seat": 2, "card": "2D"}
        assert state.to_move == (3,) and state.view(3).extra["playing"] == 3
        state.apply(3, "play 9C")
        assert state.to_move == (0,) and state.view(0).extra["playing"] == 0
        state.apply(0, "play 8S")
        assert state.view(None).seats[0]["tricks"] == 1 and state.to_move == (0,)

    def test_dummy_must_follow_suit_too(self) -> None:
        """Notes, play: players must follow suit, dummy's hand included."""
        hands = layout(7, NT)[0]["hands"]
        hands = [list(h) for h in hands]
        hands[2][0], hands[1][5] = hands[1][5], hands[2][0]   # dummy gets the 7S, the leader the 2D
        state = new({"hands": hands})
        call(state, "1NT pass pass pass")
        state.apply(1, "play 2S")
        spade = next(c for c in state.view(0).seats[2]["face_up"] if c.endswith("S"))
        assert legal(state) == [f"play {spade}"]
        error = refused(state, 0, "play 3D", "follow suit")
        assert "dummy holds one" in str(error)

    def test_must_follow_suit(self) -> None:
        """Notes, play: a player holding the suit led must play it."""
        deal, _ = layout(7, NT)
        state = new(deal)
        call(state, "1NT pass pass pass")
        state.apply(1, "play 2S")
        state.apply(0, "play 2D")
        state.apply(3, "play 9C")
        refused(state, 0, "play 2H", "follow suit")

    def test_the_highest_trump_wins(self) -> None:
        """Notes, play: with trumps, the highest trump played wins the trick even against higher cards."""
        deal, _ = layout(7, 3)           # spades trumps; seat 0 holds the top seven spades
        state = new(deal)
        call(state, "1S pass pass pass")
        state.apply(1, "play 2C")
        state.apply(0, "play 2D")        # dummy, with no clubs and no trumps, discards
        state.apply(3, "play AC")        # the ace of the suit led
        state.apply(0, "play 8S")        # the declarer, void in clubs, ruffs with his lowest trump
        assert state.view(None).seats[0]["tricks"] == 1

    def test_without_trumps_the_highest_card_of_the_suit_led_wins(self) -> None:
        """Notes, play: at no trumps the best card of the suit led wins; other suits never do."""
        deal, _ = layout(7, NT)
        state = new(deal)
        call(state, "1NT pass pass pass")
        state.apply(1, "play 2C")        # a club, which nobody else holds
        play(state, "2D AC 2H")
        assert state.view(None).seats[3]["tricks"] == 1 and state.to_move == (3,)

    def test_sampled_worlds_keep_dummys_cards_and_shown_voids(self) -> None:
        """Hidden information: once shown, dummy's cards are known to all; a void shown by not following
        stays a void in every sampled world; the other hidden hands are dealt anew."""
        deal, _ = layout(7, NT)
        state = new(deal)
        call(state, "1NT pass pass pass")
        play(state, "2S 2D 9C 8S")      # seat 3 shows it has no spades
        rng = random.Random(1)
        seen = set()
        for _ in range(20):
            world = state.sample_world(1, rng)
            assert isinstance(world, AuctionBridgeState)
            assert world.view(1) == state.view(1)
            assert world.hands[2] == state.hands[2]          # dummy's hand
            assert world.hands[1] == state.hands[1]          # the seat's own
            assert not world.hands[3] & SPADES
            seen.add(world.hands[0])
        assert len(seen) > 1
        # Before the opening lead, dummy's hand is as hidden as any other.
        state = new(deal)
        call(state, "1NT pass pass pass")
        worlds = [state.sample_world(1, rng) for _ in range(10)]
        assert len({w.hands[2] for w in worlds if isinstance(w, AuctionBridgeState)}) > 1

    def test_sampled_worlds_keep_no_hand_of_a_thrown_in_deal(self) -> None:
        """Hidden information: the hands of a deal that all four passed were never shown, so a sampled world
        keeps only the seat's own (earlier deals played out were seen card by card)."""
        state = new(layout(7, NT)[0], dealer_may_pass=True)
        call(state, "pass pass pass pass")
        world = state.sample_world(2, random.Random(1))
        assert isinstance(world, AuctionBridgeState)
        assert world.deals()[0].hands == (None, None, state.deals()[0].hands[2], None)
        assert state.deals()[0].hands[0] is not None

    def test_refused_cards_name_the_rule_and_change_nothing(self) -> None:
        """A card not in the hand to play is refused, whoever holds it."""
        deal, _ = layout(7, NT)
        state = new(deal)
        call(state, "1NT pass pass pass")
        refused(state, 1, "play AS", "play from the hand to play")
        with pytest.raises(OutOfTurn):
            state.apply(0, "play AS")


class TestBelowTheLine:
    @pytest.mark.parametrize(("contract", "value"), [("1C", 6), ("1D", 7), ("1H", 8), ("1S", 9), ("1NT", 10)])
    def test_trick_values(self, contract: str, value: int) -> None:
        """Notes, trick values verified: clubs 6, diamonds 7, hearts 8, spades 9, no trumps 10 an odd trick."""
        state = played(contract, 9)
        assert points_of(state, "declarer made") == [3 * value]
        assert "made " + contract in reasons(state)[0][1] and "3 odd tricks" in reasons(state)[0][1]

    def test_every_odd_trick_counts_overtricks_included(self) -> None:
        """Source: a contract of 3 diamonds made with ten tricks scores 28 below the line, not 21."""
        state = played("3D", 10)
        assert points_of(state, "declarer made") == [28]
        assert state.view(None).extra["below_the_line"] == [28, 0]

    def test_a_doubled_contract_made_scores_twice_below(self) -> None:
        """Notes: doubled, the odd tricks count twice their value below the line."""
        state = played("1NT", 8, "double")
        assert points_of(state, "declarer made") == [40]

    def test_a_redoubled_contract_made_scores_four_times_below(self) -> None:
        """Notes: redoubled, the odd tricks count four times their value below the line."""
        state = played("1C", 7, "redouble")
        assert points_of(state, "declarer made") == [24]

    def test_the_defenders_never_score_below_the_line(self) -> None:
        """Notes: a defeated contract scores nothing below the line for anyone."""
        state = played("3NT", 7)
        assert state.view(None).extra["below_the_line"] == [0, 0]
        assert points_of(state, "declarer made") == [] and points_of(state, "undertricks") == [100]

    def test_thirty_below_the_line_is_game_and_both_sides_start_afresh(self) -> None:
        """Source: 30 points below the line win a game; notes: part-scores add up, and a game wipes both
        sides' part-scores for the next game."""
        deals = [layout(8, NT, declarer=0), layout(7, NT, declarer=1), layout(8, NT, declarer=2)]
        state = new([d for d, _ in deals])
        call(state, "1NT pass pass pass")
        play_out(state, deals[0][1])
        assert state.view(None).extra["below_the_line"] == [20, 0]
        call(state, "1NT pass pass pass")                 # seat 1 deals and declares
        play_out(state, deals[1][1])
        assert state.view(None).extra["below_the_line"] == [20, 10]
        call(state, "1NT pass pass pass")                 # seat 2: 20 more makes 40
        play_out(state, deals[2][1])
        extra = state.view(None).extra
        assert extra["games"] == [1, 0] and extra["below_the_line"] == [0, 0]
        assert points_of(state, "win a game with 40 below the line") == [0]
        assert state.scores() == [40, 10, 40, 10]

    def test_points_beyond_thirty_still_count(self) -> None:
        """Notes: every odd trick made is scored in full, even past the 30 that wins the game."""
        state = played("1NT", 12)
        assert points_of(state, "declarer made") == [60]
        assert state.view(None).extra["games"] == [1, 0]


class TestAboveTheLine:
    def test_doubled_contract_made_bonus_and_overtricks(self) -> None:
        """Source: making a doubled contract earns 50 for the contract and 50 for each overtrick."""
        state = played("1NT", 9, "double")
        assert points_of(state, "for making a doubled contract") == [50]
        assert points_of(state, "2 overtricks doubled") == [100]
        assert state.hand_results[0].changes == (60 + 50 + 100, 0, 60 + 50 + 100, 0)

    def test_doubled_contract_made_exactly_has_no_overtrick_bonus(self) -> None:
        """Source: the overtrick bonus is for tricks beyond the contract only."""
        state = played("2NT", 8, "double")
        assert points_of(state, "for making a doubled contract") == [50]
        assert points_of(state, "overtrick") == []

    def test_redoubled_contract_made_bonus_and_overtricks(self) -> None:
        """Source: redoubled, 100 for the contract and 100 for each overtrick."""
        state = played("1NT", 9, "redouble")
        assert points_of(state, "declarer made") == [120]
        assert points_of(state, "for making a redoubled contract") == [100]
        assert points_of(state, "2 overtricks redoubled") == [200]

    def test_undertricks(self) -> None:
        """Source: the defenders score 50 above the line for each trick the declarer falls short."""
        state = played("3NT", 7)
        assert points_of(state, "defeated by 2 undertricks at 50") == [100]
        assert state.hand_results[0].changes == (0, 100, 0, 100)

    def test_doubled_undertricks(self) -> None:
        """Source: 100 per undertrick when the contract is doubled."""
        state = played("3NT", 7, "double")
        assert points_of(state, "defeated by 2 undertricks at 100") == [200]

    def test_redoubled_undertricks(self) -> None:
        """Source: 200 per undertrick when the contract is redoubled."""
        state = played("3NT", 8, "redouble")
        assert points_of(state, "defeated by 1 undertrick at 200") == [200]
        assert state.hand_results[0].changes == (0, 200, 0, 200)

    def test_small_slam_bid_or_not(self) -> None:
        """Source: twelve tricks are a small slam, 50 above the line; notes: it need not be bid."""
        state = played("1NT", 12)
        assert points_of(state, "small slam") == [50]
        assert state.hand_results[0].changes == (60 + 50, 0, 60 + 50, 0)

    def test_grand_slam(self) -> None:
        """Source: thirteen tricks are a grand slam, 100 above the line."""
        state = played("1S", 13)
        assert points_of(state, "grand slam") == [100]
        assert points_of(state, "declarer made") == [63]
        assert points_of(state, "five honours in one hand") == [100]
        assert state.hand_results[0].changes == (63 + 100 + 100, 0, 63 + 100 + 100, 0)

    def test_no_slam_bonus_when_the_contract_fails(self) -> None:
        """Notes (default): twelve tricks on a failed grand slam bid earn no slam bonus."""
        state = played("7NT", 12)
        assert points_of(state, "slam") == []
        assert points_of(state, "defeated by 1 undertrick at 50") == [50]
        assert state.hand_results[0].changes == (0, 50, 0, 50)


class TestHonours:
    def test_honours_go_to_the_side_that_holds_them_made_or_not(self) -> None:
        """Source: honours score for the side holding most of them whoever declared; here the defeated
        declarer's opponents hold K Q J 10 of trumps in one hand."""
        state = played("1S", 1)
        assert points_of(state, "four honours in one hand") == [80]
        assert points_of(state, "defeated by 6 undertricks") == [300]
        assert state.hand_results[0].changes == (0, 380, 0, 380)
        honour = next(r for r in state.hand_results[0].reasons if "honours" in r.text)
        assert honour.seat == 1 and "seats 1 and 3" in honour.text

    @pytest.mark.parametrize(("k", "side", "points"), [(0, 1, 100), (2, 1, 30), (3, 0, 30), (4, 0, 80),
                                                       (5, 0, 100)])
    def test_honours_scored_in_play(self, k: int, side: int, points: int) -> None:
        """Source: the honours table, from the hands as dealt: the declarer holds the top ``k`` trumps, the
        opening leader the rest."""
        state = played("1H", k)
        honour = [r for r in state.hand_results[0].reasons if "honours in hearts" in r.text]
        assert [r.points for r in honour] == [points]
        assert honour[0].seat is not None and honour[0].seat % 2 == side

    def test_no_honours_when_the_aces_are_split(self) -> None:
        """Notes: at no trumps the aces score only for a side holding three or four."""
        state = played("1NT", 8)
        assert points_of(state, "honours") == []

    @pytest.mark.parametrize(("spread", "points", "holding"), [
        (("AKQ", "", "", ""), 30, "three honours"),
        (("AK", "", "Q", "J"), 30, "three honours"),
        (("AK", "", "QJ", "T"), 40, "four honours, divided"),
        (("AKQ", "", "JT", ""), 50, "five honours, divided"),
        (("AKQJ", "T", "", ""), 80, "four honours in one hand"),
        (("AKQJ", "", "T", ""), 90, "four honours in one hand and the fifth in partner's"),
        (("AKQJT", "", "", ""), 100, "five honours in one hand"),
    ])
    def test_trump_honours_table(self, spread: tuple[str, ...], points: int, holding: str) -> None:
        """Source: the honours table with trumps (A K Q J 10 of trumps), for seats 0 and 2."""
        hands = [STANDARD_52.mask(Card.parse(("10" if r == "T" else r) + "H") for r in ranks) for ranks in spread]
        scored = honours(hands, 2)
        assert scored is not None and (scored.side, scored.points, scored.holding) == (0, points, holding)

    @pytest.mark.parametrize(("spread", "expected"), [
        (("CDH", "S", "", ""), (0, 30, "three aces")),
        (("CD", "", "HS", ""), (0, 40, "four aces, divided")),
        (("", "CDHS", "", ""), (1, 100, "four aces in one hand")),
        (("CD", "HS", "", ""), None),
    ])
    def test_no_trump_honours_are_the_aces(self, spread: tuple[str, ...],
                                           expected: tuple[int, int, str] | None) -> None:
        """Source: at no trumps the honours are the four aces: 3 aces 30, 4 divided 40, 4 in one hand 100."""
        hands = [STANDARD_52.mask(Card.parse("A" + s) for s in suits) for suits in spread]
        scored = honours(hands, NT)
        assert (None if scored is None else (scored.side, scored.points, scored.holding)) == expected


class TestRubber:
    def test_two_games_win_the_rubber_and_its_bonus(self) -> None:
        """Source: the first side to win two games earns the 250 rubber bonus; the rubber then ends (the
        book's game is one rubber)."""
        first, second = layout(9, NT, declarer=0), layout(10, NT, declarer=2)
        state = new([first[0], second[0]])
        call(state, "1NT pass pass pass")
        play_out(state, first[1])
        assert state.view(None).extra["games"] == [1, 0] and not state.is_over
        call(state, "1C 3NT pass pass pass")     # seat 1 deals and opens; seat 2 takes the contract
        play_out(state, second[1])
        assert state.is_over
        assert points_of(state, "rubber bonus") == [250]
        assert state.hand_results[1].changes == (40 + 250, 0, 40 + 250, 0)
        assert state.scores() == [30 + 290, 0, 320, 0]
        result = state.result()
        assert result.winners == (0, 2) and "rubber 1 to seats 0 and 2, 2 games to 0" in result.text

    def test_a_game_all_rubber_goes_to_a_third_game(self) -> None:
        """Source: one game each, the rubber goes on until one side has two."""
        deals = [layout(9, NT, 0), layout(9, NT, 1), layout(9, NT, 2)]
        state = new([d for d, _ in deals])
        for _, preferences in deals:
            call(state, "1NT pass pass pass")
            play_out(state, preferences)
        assert state.is_over and state.result().winners == (0, 2)
        assert state.scores() == [30 + 30 + 250, 30, 310, 30]
        assert "2 games to 1" in state.result().text

    def test_more_rubbers_option(self) -> None:
        """Option ``rubbers``: after a rubber, games and part-scores start afresh; totals carry on."""
        deals = [layout(9, NT, 0), layout(9, NT, 1), layout(9, NT, 2), layout(8, NT, 3)]
        state = new([d for d, _ in deals], rubbers=2)
        call(state, "1NT pass pass pass")
        play_out(state, deals[0][1])
        call(state, "1NT pass pass pass")
        play_out(state, deals[1][1])
        call(state, "1NT pass pass pass")
        play_out(state, deals[2][1])
        extra = state.view(None).extra
        assert not state.is_over and extra["rubber"] == 2 and extra["games"] == [0, 0]
        assert extra["rubber_points"] == [0, 0] and state.scores()[0] == 310
        call(state, "1NT pass pass pass")
        play_out(state, deals[3][1])
        assert state.view(None).extra["below_the_line"] == [0, 20]

    def test_the_deal_limit_abandons_an_unfinished_rubber(self) -> None:
        """Choice (safety stop): a rubber unfinished after ``deal_limit`` deals ends with no rubber bonus."""
        state = new(layout(7, NT)[0], dealer_may_pass=True, deal_limit=4)
        for _ in range(4):
            call(state, "pass pass pass pass")
        assert state.is_over and state.scores() == [0, 0, 0, 0]
        assert "abandoned" in state.result().text and state.result().winners == (0, 1, 2, 3)


class TestResults:
    def test_hand_results_in_the_books_words(self) -> None:
        """The result of a deal names odd tricks, the line and the side."""
        state = played("2H", 10)
        texts = [t for _, t in reasons(state)]
        assert texts[0] == "seats 0 and 2: declarer made 2H with 4 odd tricks at 8: 32 below the line"
        assert "seat 0 played 2H, took 10 tricks and made it" in state.hand_results[0].summary

    def test_scores_are_per_partnership(self) -> None:
        """Partners share their side's total."""
        state = played("3NT", 7)
        scores = state.scores()
        assert scores[0] == scores[2] == 0 and scores[1] == scores[3] == 100


def test_settle_is_the_scoring_table() -> None:
    """The pure scoring function behind the tests above: made, doubled, redoubled, slams, undertricks."""
    assert settle(3, 1, 0, 10).below == 28
    made = settle(1, 4, 2, 12)
    assert (made.below, made.contract_bonus, made.overtrick_bonus, made.slam) == (240, 100, 500, 50)
    assert settle(4, 3, 1, 8).undertricks == 200 and not settle(4, 3, 1, 8).made


def test_the_heuristic_beats_random_play() -> None:
    """The heuristic side scores more than the random side in most short matches, either way round."""
    start = time.process_time()
    wins = 0
    games = 0
    for seed in range(4):
        for heuristic_side in (0, 1):
            state = parlour.new_game("auction-bridge", seed=seed, deal_limit=6)
            bots = [make_bot("heuristic" if s % 2 == heuristic_side else "random", "auction-bridge", seed=seed + s)
                    for s in range(4)]
            bots_to_end(state, bots)
            games += 1
            wins += state.scores()[heuristic_side] > state.scores()[1 - heuristic_side]
    assert wins >= games - 1
    assert time.process_time() - start < 20


def test_playout_habits_play_legally() -> None:
    """The search playout habits (``habits_for``) choose only legal actions, in the auction and in the play."""
    for seed in range(5):
        state = parlour.new_game("auction-bridge", seed=seed, deal_limit=4)
        rollouts_to_end(state, random.Random(seed))
