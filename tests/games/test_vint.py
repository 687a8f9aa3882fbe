"""Vint, rule by rule, on prepared deals (rules/source/vint.txt and the Vint notes in rules/NOTES.md).

Seat 0 deals the first hand and the deal passes to the left. In the first rubber seats 0 and 2 play
against seats 1 and 3.

Two kinds of prepared deal recur:

* ``BLOCKS``: each seat holds a whole suit (0 spades, 1 hearts, 2 diamonds, 3 clubs). With spades trumps
  seat 0 takes every trick; at no trumps the player on lead takes every trick, as nobody can follow.
* ``split(h)``: seat 1 holds the top ``h`` hearts and the low clubs, seat 0 the low hearts and the top
  ``h`` clubs, seats 2 and 3 diamonds and spades. With seat 0 declaring in hearts or no trumps and each
  player playing the first legal card of the order listed, seat 1 takes ``h`` tricks and seat 0 the rest.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from table import act, bots_to_end, dealt_in_packets, refused

import parlour
from parlour import NotationError
from parlour.bots import make_bot
from parlour.cards import ACE_HIGH, STANDARD_52, Card, Suit, parse_cards
from parlour.errors import DealError
from parlour.games.vint import (
    CONTRACTS,
    NO_TRUMPS,
    STRAINS,
    Honours,
    VintBid,
    VintState,
    coronets,
    honour_value,
    honours,
    honours_words,
    penalty,
    slam_bonus,
)

RANKS_LOW_FIRST = [r.letter for r in ACE_HIGH]   # 2 .. A


def suit_cards(letter: str, ranks: list[str]) -> list[str]:
    return [f"{r}{letter}" for r in ranks]


BLOCKS = {"hands": [suit_cards(letter, RANKS_LOW_FIRST[::-1]) for letter in "SHDC"]}


def split(h: int) -> dict[str, list[list[str]]]:
    """Seat 1: the top ``h`` hearts then its low clubs; seat 0: its low hearts then the top ``h`` clubs."""
    high, low = RANKS_LOW_FIRST[13 - h:][::-1], RANKS_LOW_FIRST[:13 - h]
    return {"hands": [suit_cards("H", low) + suit_cards("C", high[::-1]),
                      suit_cards("H", high) + suit_cards("C", low),
                      suit_cards("D", RANKS_LOW_FIRST), suit_cards("S", RANKS_LOW_FIRST)]}


def game(*deals: dict[str, list[list[str]]], **options: Any) -> VintState:
    state = parlour.new_game("vint", seed=1, deal=list(deals), **options)
    assert isinstance(state, VintState)
    return state


def declare(state: parlour.State, seat: int, contract: str) -> None:
    """Everyone passes until ``seat`` bids ``contract``; then three passes end the auction."""
    while state.to_move[0] != seat:
        act(state, "pass")
    act(state, f"bid {contract}", "pass", "pass", "pass")


def play_out(state: parlour.State, deal: dict[str, list[list[str]]]) -> None:
    """Each player plays the first card of his listed hand that is legal, until the deal ends."""
    number = state.hand_number
    order = deal["hands"]
    while not state.is_over and state.hand_number == number:
        seat = state.to_move[0]
        legal = {str(a) for a in state.legal_actions(seat)}
        state.apply(seat, next(f"play {c}" for c in order[seat] if f"play {c}" in legal))


def texts(result: parlour.HandResult) -> list[str]:
    return [r.text for r in result.reasons]


def reason(result: parlour.HandResult, words: str) -> int:
    """The points of the one reason whose text contains ``words``."""
    found = [r.points for r in result.reasons if words in r.text]
    assert len(found) == 1, (words, texts(result))
    return found[0]


def mask(cards: str) -> int:
    return STANDARD_52.mask(parse_cards(cards))


class TestDealAndSeats:
    def test_thirteen_cards_each_from_the_full_pack(self) -> None:
        """Cards, dealing: the 52 cards are dealt out, thirteen to each player; no trump is turned."""
        for seed in range(10):
            state = parlour.new_game("vint", seed=seed)
            hands = [state.view(s).hand for s in range(4)]
            assert all(len(h) == 13 for h in hands)
            assert len({c for h in hands for c in h}) == 52
            assert "trump_card" not in state.view(None).table

    def test_cards_go_one_at_a_time_from_the_dealers_left(self) -> None:
        """Dealing: the dealer gives the cards one at a time, starting with the player on his left."""
        pack = [str(c) for c in STANDARD_52.cards]
        held = dealt_in_packets(pack, (1, 2, 3, 0), [1] * 13)
        assert [set(game({"pack": pack}).view(s).hand) for s in range(4)] == [held[s] for s in range(4)]

    def test_partners_sit_opposite(self) -> None:
        """Players: partners sit opposite each other (the engine's partnership seating)."""
        state = game(BLOCKS)
        assert state.info.partnerships
        assert [s["team"] for s in state.view(None).seats] == [0, 1, 0, 1]
        assert state.view(None).extra["sides"] == [[0, 2], [1, 3]]

    def test_the_dealer_calls_first_and_the_deal_passes_to_the_left(self) -> None:
        """Making the trump: the dealer bids first; dealing: the deal passes to the left."""
        state = game(BLOCKS, BLOCKS)
        assert state.to_move == (0,) and state.view(None).extra["dealer"] == 0
        act(state, "pass", "pass", "pass", "pass")
        assert state.hand_number == 2 and state.to_move == (1,) and state.view(None).extra["dealer"] == 1

    def test_prepared_deals_are_checked(self) -> None:
        """A prepared deal is refused before play unless it gives 13 different cards of the 52-card pack to
        each of the four seats (or is a stacked pack of all 52)."""
        hands = BLOCKS["hands"]
        with pytest.raises(DealError, match="deal 2 of the list: seat 0 must hold 13 cards, not 12"):
            parlour.new_game("vint", deal=[BLOCKS, {"hands": [h[:12] for h in hands]}])
        with pytest.raises(DealError, match="twice"):
            parlour.new_game("vint", deal={"hands": [hands[0]] * 4})
        with pytest.raises(DealError, match="holds 4 lists of cards"):
            parlour.new_game("vint", deal={"hands": hands[:3]})
        with pytest.raises(DealError, match="'JK' is not a card of"):
            parlour.new_game("vint", deal={"hands": [["JK", *hands[0][1:]], *hands[1:]]})
        for junk in (5, "xyz", {"hands": hands, "upcard": "2C"}, {"pack": ["2C"] * 52}):
            with pytest.raises(DealError):
                parlour.new_game("vint", deal=junk)


class TestAuction:
    def test_levels_one_to_seven_and_the_suit_order(self) -> None:
        """Making the trump: bids of one to seven (7 to 13 tricks); spades, clubs, diamonds, hearts, then
        no trumps highest."""
        assert CONTRACTS[:6] == ("1S", "1C", "1D", "1H", "1NT", "2S") and CONTRACTS[-1] == "7NT"
        assert len(CONTRACTS) == 35 and STRAINS[NO_TRUMPS] == "NT"
        state = game(BLOCKS)
        act(state, "bid 1H")
        legal = [str(a) for a in state.legal_actions(1)]
        assert legal[:3] == ["pass", "bid 1NT", "bid 2S"] and "bid 1D" not in legal

    @pytest.mark.parametrize("contract", CONTRACTS)
    def test_every_contract_sets_tricks_needed_trick_value_and_trumps(self, contract: str) -> None:
        """Making the trump: "one" is seven tricks ... "seven" thirteen; each trick is worth 10 times the
        level; the suit named is trumps (none at no trumps)."""
        level, strain = int(contract[0]), contract[1:]
        state = game(BLOCKS)
        declare(state, 0, contract)
        extra = state.view(None).extra
        assert (extra["tricks_needed"], extra["trick_value"], extra["level"]) == (6 + level, 10 * level, level)
        assert extra["trumps"] == {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts",
                                   "NT": "no trumps"}[strain]

    def test_a_bid_must_beat_the_last(self) -> None:
        """Bidding: more tricks, or as many in a better suit; anything else is refused."""
        state = game(BLOCKS)
        act(state, "bid 2D")
        refused(state, 1, "bid 2C", "a bid must beat the last")
        refused(state, 1, "bid 1NT", "a bid must beat the last")
        refused(state, 1, "bid 2D", "a bid must beat the last")
        act(state, "bid 2H")
        assert state.view(None).table["auction"][-1] == {"seat": 1, "call": "2H"}

    def test_three_passes_after_a_bid_end_it_and_the_highest_bidder_declares(self) -> None:
        """Notes, ending the auction: a bid followed by three passes in a row ends it."""
        state = game(BLOCKS)
        act(state, "pass", "bid 1C", "pass", "pass")
        assert state.view(None).phase == "auction" and state.to_move == (0,)
        act(state, "pass")
        view = state.view(None)
        assert view.phase == "play" and state.contract == "1C" and view.extra["declarer"] == 1
        assert view.table["contract"] == "1C by seat 1" and view.extra["level"] == 1
        assert view.extra["tricks_needed"] == 7 and view.extra["trick_value"] == 10

    def test_a_player_who_passed_may_bid_later_and_partner_may_overbid_partner(self) -> None:
        """Bidding: players may outbid one another any number of times, partners included; a player who
        passed may come in later (notes)."""
        state = game(BLOCKS)
        act(state, "pass", "bid 1S", "pass", "bid 1C", "bid 1D", "pass", "bid 2S", "pass", "pass", "pass")
        view = state.view(None)
        assert state.contract == "2S" and view.extra["declarer"] == 2

    def test_all_four_passing_means_no_play(self) -> None:
        """Notes, all four pass: the hand is not played, nobody scores, and the next player deals."""
        state = game(BLOCKS, BLOCKS)
        act(state, "pass", "pass", "pass", "pass")
        result = state.hand_results[0]
        assert result.changes == (0, 0, 0, 0) and "all four passed" in result.summary
        assert state.hand_number == 2 and state.scores() == [0, 0, 0, 0]

    def test_no_one_may_raise_his_own_bid_unless_overbid(self) -> None:
        """Bidding: nobody may increase his own bid unless overbid in the interval (shown with the
        eight-pass variant, where the bidder is asked again)."""
        state = game(BLOCKS, passes=8)
        act(state, "bid 1S", "pass", "pass", "pass")
        assert state.to_move == (0,) and [str(a) for a in state.legal_actions(0)] == ["pass"]
        refused(state, 0, "bid 2S", "own bid")
        act(state, "pass", "bid 1C", "pass", "pass", "bid 1D")    # seat 1 overbid him: he may raise now
        assert state.contract is None

    def test_the_eight_pass_variant_needs_everyone_to_pass_twice(self) -> None:
        """Variant (Wikipedia): the auction ends after eight passes in a row, the bidder's included."""
        state = game(BLOCKS, passes=8)
        act(state, "bid 1S", *["pass"] * 7)
        assert state.view(None).phase == "auction"
        act(state, "pass")
        assert state.view(None).phase == "play" and state.view(None).extra["declarer"] == 0

    def test_with_eight_passes_a_deal_nobody_bids_needs_eight_passes_too(self) -> None:
        """Variant (our reading): eight passes in a row throw in a deal nobody bids."""
        state = game(BLOCKS, BLOCKS, passes=8)
        act(state, *["pass"] * 7)
        assert state.hand_number == 1 and state.view(None).phase == "auction"
        act(state, "pass")
        assert state.hand_number == 2 and state.hand_results[0].changes == (0, 0, 0, 0)

    def test_the_twelve_pass_variant_lets_a_bidder_overcall_himself(self) -> None:
        """Variant (1886 rules, pagat): twelve passes end the auction, and a player may overcall himself."""
        state = game(BLOCKS, passes=12)
        act(state, "bid 1S", "pass", "pass", "pass", "bid 2S", *["pass"] * 11)
        assert state.view(None).phase == "auction"
        act(state, "pass")
        assert state.contract == "2S"

    def test_with_the_default_the_bidder_is_never_asked_again_unless_overbid(self) -> None:
        """Bidding (Foster) under the notes' ending: the bidder's next turn only comes after an overbid."""
        state = game(BLOCKS)
        act(state, "bid 1S", "pass", "pass", "bid 1C", "bid 1D", "pass", "pass")
        assert state.to_move == (3,)

    def test_there_is_no_doubling(self) -> None:
        """The book has no doubling: the call does not exist."""
        state = game(BLOCKS)
        act(state, "bid 1S")
        with pytest.raises(NotationError):
            state.apply(1, "double")

    def test_cards_are_not_played_during_the_auction_nor_calls_made_in_play(self) -> None:
        """Order of play: the auction comes first; once it is over only cards are played."""
        state = game(BLOCKS)
        refused(state, 0, "play AS", "auction")
        declare(state, 0, "1S")
        refused(state, 1, "bid 2S", "play")
        refused(state, 1, "pass", "play")


class TestPlay:
    def test_the_player_left_of_the_highest_bidder_leads(self) -> None:
        """The play: the first lead comes from the left of the winning bidder, not of the dealer."""
        state = game(BLOCKS)
        declare(state, 2, "1NT")
        assert state.to_move == (3,)

    def test_no_dummy_every_player_plays_his_own_hand(self) -> None:
        """The play: there is no dummy; the declarer's partner plays his own cards, and nobody sees them."""
        state = game(BLOCKS)
        declare(state, 0, "1NT")
        act(state, "play AH")
        assert state.to_move == (2,) and all(c.endswith("D") for c in state.view(2).hand)
        assert all(c.endswith("S") for c in state.view(0).hand)
        assert not any(c.endswith("D") for s in (0, 1, 3) for c in state.view(s).hand)

    def test_must_follow_suit(self) -> None:
        """The play: each player must follow suit if he can."""
        state = game(split(4))
        declare(state, 0, "2H")
        act(state, "play AH")
        act(state, "play 2D", "play 2S")
        refused(state, 0, "play AC", "follow suit")
        assert {str(a) for a in state.legal_actions(0)} == {f"play {r}H" for r in [*"23456789", "10"]}

    def test_a_void_player_may_trump_and_trumps_win(self) -> None:
        """The play: the highest card of the suit led wins, trumps winning all other suits."""
        state = game(BLOCKS)
        declare(state, 0, "1S")           # seat 1 leads hearts; seat 0 holds only spades
        act(state, "play AH", "play AD", "play AC", "play 2S")
        assert state.to_move == (0,) and state.view(None).seats[0]["tricks"] == 1

    def test_at_no_trumps_the_highest_card_of_the_suit_led_wins(self) -> None:
        """The play: at no trumps nothing beats the suit led; the winner leads the next trick."""
        state = game(BLOCKS)
        declare(state, 0, "1NT")
        act(state, "play 2H", "play AD", "play AC", "play AS")
        assert state.to_move == (1,) and state.view(None).seats[1]["tricks"] == 1


class TestTrickScores:
    def test_every_trick_scores_ten_times_the_level_for_its_side(self) -> None:
        """Scoring: both sides score every trick taken, at 10 times the level bid (a "two", nine tricks to
        four: 180 and 80)."""
        state = game(split(4))
        declare(state, 0, "2H")
        play_out(state, split(4))
        result = state.hand_results[0]
        assert reason(result, "(declarers): 9 tricks at 20") == 180
        assert reason(result, "seats 1 & 3: 4 tricks at 20") == 80

    def test_the_trick_value_depends_on_the_level_not_the_suit(self) -> None:
        """Scoring: it is the number of tricks bid, not the rank of the suit, that sets the value."""
        for contract in ("2H", "2NT"):
            state = game(split(4))
            declare(state, 0, contract)
            play_out(state, split(4))
            assert reason(state.hand_results[0], "(declarers): 9 tricks") == 180

    def test_a_game_is_won_on_the_trick_that_reaches_500(self) -> None:
        """Scoring: 500 wins the game at once, in the middle of a hand; the hand is still played out and
        every trick recorded; 1,000 above the line for the game."""
        state = game(BLOCKS)
        declare(state, 0, "7S")
        for _ in range(7 * 4):
            act(state, str(state.legal_actions(state.to_move[0])[0]))
        assert state.view(None).extra["games_won"] == [0, 0] and state.view(None).extra["below_line"] == [490, 0]
        for _ in range(4):
            act(state, str(state.legal_actions(state.to_move[0])[0]))
        extra = state.view(None).extra
        assert extra["games_won"] == [1, 0] and extra["below_line"] == [560, 0] and extra["above_line"] == [1000, 0]
        assert any("win game 1" in line for line in state.view(None).log)
        play_out(state, BLOCKS)
        result = state.hand_results[0]
        assert reason(result, "at trick 8: game 1 won") == 1000
        assert reason(result, "13 tricks at 70") == 910
        assert state.view(None).extra["past_games"] == [[910, 0]]

    def test_the_defenders_can_count_out_first(self) -> None:
        """Scoring: the adversaries win the game if they reach 500 first, whoever bid."""
        state = game(BLOCKS, BLOCKS)
        declare(state, 0, "3NT")                   # seat 1 leads and takes all 13: 390 to seats 1 & 3
        play_out(state, BLOCKS)
        assert state.view(None).extra["below_line"] == [0, 390] and state.view(None).extra["games_won"] == [0, 0]
        declare(state, 2, "1NT")                   # seat 3 leads and takes all 13 at 10
        play_out(state, BLOCKS)
        result = state.hand_results[1]
        assert reason(result, "seats 1 & 3: 500 reached below the line at trick 11: game 1 won") == 1000
        assert state.view(None).extra["past_games"] == [[0, 520]]

    def test_a_new_game_starts_both_sides_at_zero(self) -> None:
        """Notes (default): after a game the next deal starts both sides at 0 below the line."""
        state = game(BLOCKS, BLOCKS)
        declare(state, 0, "7S")
        play_out(state, BLOCKS)
        extra = state.view(None).extra
        assert extra["game"] == 2 and extra["below_line"] == [0, 0] and extra["games_won"] == [1, 0]


class TestHonours:
    def test_a_side_with_both_majorities_scores_all_its_honours(self) -> None:
        """Honours: three clubs honours and three aces against two and one: six honours at 300 when the
        bid is three in clubs."""
        clubs = STRAINS.index("C")
        held = honours([mask("AC KC QC AH AD"), mask("JC 10C AS")], clubs, [7, 6])
        assert (held.side, held.number) == (0, 6)
        assert honour_value(clubs, 3) == 300

    def test_the_ace_of_trumps_counts_twice(self) -> None:
        """Honours: with a trump suit its ace is both a trump honour and an ace."""
        spades = STRAINS.index("S")
        held = honours([mask("AS KS QS AH AD"), mask("JS 10S AC")], spades, [7, 6])
        assert held.trumps == (3, 2) and held.aces == (3, 1) and held.number == 6

    def test_split_majorities_offset(self) -> None:
        """Honours: four aces and two honours against three honours leave one honour to the good."""
        clubs = STRAINS.index("C")
        held = honours([mask("AC AD AH AS KC"), mask("QC JC 10C")], clubs, [8, 5])
        assert (held.side, held.number) == (0, 1)
        assert "they offset" in honours_words(held, ("seats 0 & 2", "seats 1 & 3"), 300)

    def test_three_honours_against_three_aces_is_a_tie(self) -> None:
        """Honours: a side's three trump honours cancel the other side's three aces: nothing to score."""
        clubs = STRAINS.index("C")
        held = honours([mask("KC QC JC AS"), mask("AC 10C AD AH")], clubs, [9, 4])
        assert held.trumps == (3, 2) and held.aces == (1, 3)
        assert (held.side, held.number) == (None, 0)

    def test_aces_two_all_go_to_the_side_with_more_tricks(self) -> None:
        """Honours: with aces tied the side winning more tricks scores them: three honours and two aces
        score five with the odd trick, one without."""
        clubs = STRAINS.index("C")
        sides = [mask("AC KC QC AD"), mask("JC 10C AH AS")]
        assert honours(sides, clubs, [7, 6])[:2] == (0, 5)
        held = honours(sides, clubs, [6, 7])
        assert held[:2] == (0, 1) and held.aces_by_tricks

    def test_at_no_trumps_only_aces_count_at_25_times_the_trick(self) -> None:
        """Honours: at no trumps the aces are the only honours, worth 25 times the trick value: three at
        two no trumps make 1,500."""
        held = honours([mask("AC AD AH KS QS JS 10S"), mask("AS")], NO_TRUMPS, [7, 6])
        assert (held.side, held.number) == (0, 3)
        assert held.number * honour_value(NO_TRUMPS, 2) == 1500

    def test_aces_easy_at_no_trumps_score_nothing(self) -> None:
        """Honours: at no trumps, aces two and two: neither side scores."""
        held = honours([mask("AC AD"), mask("AH AS")], NO_TRUMPS, [13, 0])
        assert held == Honours(None, 0, None, (2, 2), None, None)
        state = game(BLOCKS)                   # each seat holds one ace: 2-2 between the sides
        declare(state, 0, "1NT")
        play_out(state, BLOCKS)
        assert reason(state.hand_results[0], "aces easy (2-2) at no trumps: no honours") == 0

    def test_honours_are_scored_above_the_line_for_their_side(self) -> None:
        """Honours go in the honour column: each side's dealt cards decide, whoever bid (seven in spades:
        five trump honours and the aces 2-2 taken by the side with all the tricks, seven at 700)."""
        state = game(BLOCKS)
        declare(state, 0, "7S")
        play_out(state, BLOCKS)
        assert reason(state.hand_results[0], "5 trump honours and 2 aces, 7 honours at 700") == 4900


class TestCoronets:
    HEARTS = STRAINS.index("H")
    SPADES = STRAINS.index("S")

    def test_three_in_sequence_in_a_plain_suit_is_500_and_each_more_500(self) -> None:
        """Coronets: three in sequence 500, each further card 500 (K Q J 10 9 makes 1,500)."""
        assert [p for p, _ in coronets(mask("AH KH QH"), self.SPADES)] == [500]
        assert [p for p, _ in coronets(mask("KS QS JS 10S 9S"), self.HEARTS)] == [1500]
        assert coronets(mask("KS QS 9S 8S"), self.HEARTS) == []

    def test_coronets_in_trumps_and_at_no_trumps_count_double(self) -> None:
        """Coronets: in the trump suit, and in every suit at no trumps, they are worth double."""
        assert [p for p, _ in coronets(mask("KS QS JS 10S 9S"), self.SPADES)] == [3000]
        assert [p for p, _ in coronets(mask("KS QS JS 10S 9S"), NO_TRUMPS)] == [3000]
        assert [p for p, _ in coronets(mask("4D 3D 2D"), NO_TRUMPS)] == [1000]

    def test_three_or_four_aces_in_one_hand(self) -> None:
        """Coronets: three aces in one hand 500, four 1,000; doubled at no trumps (notes' default)."""
        assert [p for p, _ in coronets(mask("AC AD AH"), self.SPADES)] == [500]
        assert [p for p, _ in coronets(mask("AC AD AH AS"), self.SPADES)] == [1000]
        assert [p for p, _ in coronets(mask("AC AD AH AS"), NO_TRUMPS)] == [2000]

    def test_separate_runs_count_separately_and_the_ace_is_only_high(self) -> None:
        """Coronets (our reading): every run of three or more is a coronet; A-2-3 is no sequence."""
        assert [p for p, _ in coronets(mask("AH KH QH 5H 4H 3H"), self.SPADES)] == [500, 500]
        assert coronets(mask("AH 2H 3H"), self.SPADES) == []

    def test_coronets_score_for_the_holders_side(self) -> None:
        """Coronets are held by a single player and scored in the honour column for his side."""
        state = game(BLOCKS)
        declare(state, 0, "7S")
        play_out(state, BLOCKS)
        result = state.hand_results[0]
        assert reason(result, "coronet of seat 0: a sequence of 13") == 11000
        assert reason(result, "seats 1 & 3: coronet of seat 1") == 5500
        assert reason(result, "seats 0 & 2: coronet of seat 2") == 5500


class TestSlamsAndPenalties:
    def test_slam_values(self) -> None:
        """Slams: 12 unbid 1,000; 13 unbid 2,000; six bid and made 6,000; six bid, 13 made 7,000; seven
        bid and made 12,000."""
        assert slam_bonus(12, None) == (1000, "little slam made, not bid")
        assert slam_bonus(12, 3) == (1000, "little slam made, not bid")
        assert slam_bonus(13, 5) == (2000, "grand slam made, not bid")
        assert slam_bonus(12, 6) == (6000, "little slam bid and made")
        assert slam_bonus(13, 6) == (7000, "little slam bid and grand slam made")
        assert slam_bonus(13, 7) == (12000, "grand slam bid and made")
        assert slam_bonus(11, 5) is None

    def test_a_grand_slam_bid_and_made(self) -> None:
        """Slams: a "seven" bid and made is worth 12,000 (with every other score of the hand)."""
        state = game(BLOCKS)
        declare(state, 0, "7S")
        play_out(state, BLOCKS)
        result = state.hand_results[0]
        assert reason(result, "grand slam bid and made") == 12000
        # 910 tricks, 1,000 game, 4,900 honours, 16,500 coronets and the slam, less 11,000 of coronets.
        assert result.changes == (24310, -24310, 24310, -24310)

    def test_a_little_slam_bid_and_made(self) -> None:
        """Slams: a "six" bid and twelve tricks made: 6,000."""
        state = game(split(1))
        declare(state, 0, "6H")
        play_out(state, split(1))
        assert reason(state.hand_results[0], "(declarers): 12 tricks") == 720
        assert reason(state.hand_results[0], "little slam bid and made") == 6000

    def test_a_little_slam_bid_and_a_grand_slam_made(self) -> None:
        """Slams: a "six" bid with all thirteen tricks: 7,000."""
        state = game(BLOCKS)
        declare(state, 0, "6S")
        play_out(state, BLOCKS)
        assert reason(state.hand_results[0], "little slam bid and grand slam made") == 7000

    def test_slams_made_but_not_bid(self) -> None:
        """Slams: twelve tricks not bid 1,000, thirteen 2,000."""
        state = game(split(1), BLOCKS)
        declare(state, 0, "1H")
        play_out(state, split(1))
        assert reason(state.hand_results[0], "little slam made, not bid") == 1000
        declare(state, 0, "1S")
        play_out(state, BLOCKS)
        assert reason(state.hand_results[1], "grand slam made, not bid") == 2000

    def test_the_defenders_score_an_unbid_slam_too(self) -> None:
        """Slams (our reading): whichever side takes 12 or 13 tricks without bidding them scores it."""
        state = game(BLOCKS)
        declare(state, 0, "1NT")
        play_out(state, BLOCKS)
        assert reason(state.hand_results[0], "seats 1 & 3: grand slam made, not bid") == 2000

    def test_a_failed_bid_gives_the_adversaries_100_times_the_trick_value_a_trick(self) -> None:
        """Lost games: three bid, the odd trick only taken: 210 and 180 below the line still, and 2 x 3,000
        penalty to the adversaries."""
        assert penalty(3, 7) == 6000 and penalty(3, 9) == 0 and penalty(1, 0) == 7000
        state = game(split(6))
        declare(state, 0, "3NT")
        play_out(state, split(6))
        result = state.hand_results[0]
        assert reason(result, "(declarers): 7 tricks at 30") == 210
        assert reason(result, "seats 1 & 3: 6 tricks at 30") == 180
        assert reason(result, "penalty: the declarers fell 2 tricks short of 9") == 6000
        assert "fell 2 short" in result.summary

    def test_a_grand_slam_one_short_pays_the_penalty_but_keeps_its_little_slam(self) -> None:
        """Slams and penalty (our reading): a "seven" with twelve tricks pays 7,000 and earns 1,000."""
        state = game(split(1))
        declare(state, 0, "7H")
        play_out(state, split(1))
        result = state.hand_results[0]
        assert reason(result, "seats 1 & 3: penalty") == 7000
        assert reason(result, "seats 0 & 2: little slam made, not bid") == 1000


def seat_zero_bids_seven_spades(state: VintState, deals: int) -> None:
    for _ in range(deals):
        declare(state, 0, "7S")
        play_out(state, BLOCKS)


class TestRubbersAndMatch:
    def test_two_games_win_the_rubber_and_2000(self) -> None:
        """Tricks and honours: the first side to win two games adds 2,000 rubber points."""
        state = game(BLOCKS, BLOCKS)
        seat_zero_bids_seven_spades(state, 2)
        result = state.hand_results[1]
        assert reason(result, "two games: rubber 1 won") == 2000
        assert reason(result, "game 2 won") == 1000
        assert state.view(None).extra["rubber"] == 2
        assert state.view(None).extra["rubbers_played"][0]["winner"] == [0, 2]

    def test_partners_change_each_rubber_so_everyone_partners_everyone(self) -> None:
        """Rubbers: partners change without cutting; after three rubbers each player has had each of the
        others for a partner. Players move so that partners still sit opposite."""
        state = game(*[BLOCKS] * 6)
        sides = []
        for _ in range(3):
            view = state.view(None)
            sides.append(view.extra["sides"])
            teams = [s["team"] for s in view.seats]
            for first, second in view.extra["sides"]:
                assert teams[first] == teams[second]
                # Partners sit opposite: two turns round the table from one is the other.
                assert state.left[state.left[first]] == second
            seat_zero_bids_seven_spades(state, 2)
        assert sides == [[[0, 2], [1, 3]], [[0, 1], [2, 3]], [[0, 3], [1, 2]]]
        assert state.is_over

    def test_the_tricks_a_seat_plays_for_are_its_partners_in_this_rubbers_seating(self) -> None:
        """Rubbers: in the second rubber seat 0 partners seat 1, so the open-hand search and claims count
        the tricks of seats 0 and 1 for either of them (``trick_goal``), not of seats two apart, and the
        play goes round 0, 2, 1, 3 with the partners facing each other."""
        state = game(*[BLOCKS] * 3)
        seat_zero_bids_seven_spades(state, 2)
        declare(state, 0, "7S")
        assert state.rubber == 2
        for seat in range(4):
            side, _ = state.trick_goal(seat)
            partner = 1 - seat if seat < 2 else 5 - seat
            assert side == {seat, partner} and state.after[state.after[seat]] == partner
        position = state.open_position(2)     # West, on declarer's left, leads
        assert position is not None and position.side == {2, 3} and position.after == (2, 3, 1, 0)

    def test_scores_are_kept_per_player_and_settled_after_three_rubbers(self) -> None:
        """Rubbers: at the end of the third rubber each player's gains and losses are settled: his side's
        points less the other side's, deal by deal. The scores sum to zero."""
        state = game(*[BLOCKS] * 6)
        seat_zero_bids_seven_spades(state, 6)
        # Each deal: 24,310 to seat 0's side (26,310 with the rubber bonus), so 50,620 a rubber.
        assert state.scores() == [151860, -50620, -50620, -50620]
        assert [sum(r.changes[s] for r in state.hand_results) for s in range(4)] == state.scores()
        result = state.result()
        assert result.winners == (0,) and len(result.extra["rubbers"]) == 3
        assert [r["winner"] for r in result.extra["rubbers"]] == [[0, 2], [0, 1], [0, 3]]

    def test_the_number_of_rubbers_is_an_option(self) -> None:
        """Match length (option ``rubbers``): one rubber ends the match after it."""
        state = game(BLOCKS, BLOCKS, rubbers=1)
        seat_zero_bids_seven_spades(state, 2)
        assert state.is_over and state.scores() == [50620, -50620, 50620, -50620]

    def test_the_cap_on_deals_ends_a_match_that_nobody_bids(self) -> None:
        """Our bound (option ``max_deals``): the match stops after that many deals, points kept."""
        state = game(BLOCKS, max_deals=3)
        declare(state, 0, "1S")
        play_out(state, BLOCKS)
        for _ in range(2):
            act(state, "pass", "pass", "pass", "pass")
        assert state.is_over and state.hand_number == 3
        rubber = state.result().extra["rubbers"][0]
        assert rubber["unfinished"] and rubber["games"] == [[130, 0]]
        assert state.info.max_actions >= 1000 * (35 * 12 + 12 + 52)


class TestNotationAndViews:
    def test_notation_and_encoding(self) -> None:
        """Calls are written ``bid 3D``, ``bid 7NT`` (any case) and ``pass``; 52 cards, 35 bids and pass."""
        state = game(BLOCKS)
        assert state.parse_action("bid 7nt") == VintBid("7NT") and str(VintBid("3D")) == "bid 3D"
        assert state.action_space_size == 88
        with pytest.raises(NotationError, match="no contract"):
            state.parse_action("bid 8S")

    def test_a_view_shows_no_other_hand(self) -> None:
        """Views: a seat sees its own cards, the calls and played cards, never another hand."""
        state = parlour.new_game("vint", seed=9)
        act(state, "bid 1C", "pass", "pass", "pass")
        theirs = set(state.view(0).hand)
        for seat in (1, 2, 3, None):
            text = json.dumps(state.view(seat).to_dict())
            assert not any(f'"{card}"' in text for card in theirs)

    def test_sampled_worlds_honour_voids(self) -> None:
        """Sampling: a player who did not follow suit never gets that suit back in a sampled world."""
        state = game(BLOCKS)
        declare(state, 0, "1NT")
        act(state, "play 2H", "play 2D", "play 2C", "play 2S")
        rng = random.Random(1)
        hearts = STANDARD_52.suit_masks[Suit.HEARTS]
        for _ in range(30):
            world = state.sample_world(0, rng)
            assert isinstance(world, VintState)
            assert not world.hands[2] & hearts and not world.hands[3] & hearts
            assert world.view(0) == state.view(0)
        assert len({json.dumps(state.sample_world(0, rng).view(2).hand) for _ in range(10)}) > 1

    def test_the_card_notation_of_the_pack(self) -> None:
        """The full pack of 52, ace high."""
        assert Card.parse("AS") in STANDARD_52 and len(STANDARD_52) == 52


class TestHeuristic:
    def test_the_heuristic_beats_random_play(self) -> None:
        """The heuristic side (seats 0 and 2) wins a one-rubber match against random players."""
        wins = 0
        for seed in range(6):
            state = parlour.new_game("vint", seed=seed, rubbers=1)
            bots = [make_bot("heuristic" if s % 2 == 0 else "random", "vint", seed=seed + s) for s in range(4)]
            bots_to_end(state, bots)
            wins += state.scores()[0] > 0
        assert wins >= 5

    def test_the_heuristic_bids_a_strong_hand_and_passes_a_weak_one(self) -> None:
        """Bidding habits: thirteen spades bid spades; a hand of low cards passes."""
        state = game(BLOCKS)
        bot = make_bot("heuristic", "vint", seed=0)
        choice = bot.choose(state.view(0))
        assert choice.startswith("bid") and choice.endswith("S")
        low = "2C 3C 4C 5C 2D 3D 4D 2H 3H 4H 2S 3S 4S"
        rest = [str(c) for c in STANDARD_52 if str(c) not in low.split()]
        weak = game({"hands": [low.split(), rest[0::3], rest[1::3], rest[2::3]]})
        assert bot.choose(weak.view(0)) == "pass"
