"""Schafkopf, rule by rule, on prepared deals (rules/source/schafkopf.txt and its notes in rules/NOTES.md).

Seat 2 deals the first hand, so seat 0 is first offered the widow and leads the first trick.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from table import act, bots_to_end, first_tricks, open_hand_play, play, refused

import parlour
from parlour.bots import make_bot
from parlour.cards import PIQUET_32, Card, parse_cards
from parlour.engine import FaceDownDiscard
from parlour.errors import DealError
from parlour.games.schafkopf import (
    CARD_POINTS,
    ORDER,
    SUIT_MASKS,
    TRUMP,
    TRUMP_ORDER,
    SchafkopfState,
    card_points,
    declarer_score,
    least_score,
)
from parlour.mechanics import tricks

Deal = dict[str, Any]

# Each player holds one plain suit whole and four trumps; the widow is two trumps worth 10.
SUITS_DEAL: Deal = {"hands": [["AC", "10C", "KC", "9C", "8C", "7C", "QC", "JD", "KD", "7D"],
                        ["AS", "10S", "KS", "9S", "8S", "7S", "QS", "JS", "AD", "9D"],
                        ["AH", "10H", "KH", "9H", "8H", "7H", "QH", "QD", "JC", "JH"]],
              "widow": ["10D", "8D"]}
# Seat 0 holds the ten highest trumps.
TOP_DEAL: Deal = {"hands": [["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "10D"],
                      ["KD", "9D", "8D", "7D", "AC", "10C", "KC", "9C", "8C", "7C"],
                      ["AS", "10S", "KS", "9S", "8S", "7S", "KH", "9H", "8H", "7H"]],
            "widow": ["AH", "10H"]}
# Seat 0 holds the nine highest trumps and the 7 of clubs; seat 1's only club is the 9.
NINE_DEAL: Deal = {"hands": [["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "7C"],
                       ["9C", "10D", "KD", "9D", "8D", "7D", "AS", "10S", "KS", "9S"],
                       ["8C", "AC", "10C", "KC", "AH", "10H", "KH", "9H", "8H", "7H"]],
             "widow": ["8S", "7S"]}
# Seat 1 holds neither trump nor ace worth keeping; seat 0 holds the ten highest trumps.
HOPELESS_DEAL: Deal = {"hands": [["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "10D"],
                           ["9C", "8C", "7C", "9S", "8S", "7S", "AH", "10H", "KH", "9H"],
                           ["KD", "9D", "8D", "7D", "AC", "10C", "KC", "AS", "10S", "KS"]],
                 "widow": ["8H", "7H"]}
# Seat 0 holds low spades; seat 1 the high spades and the queen of spades; seat 2 no spade at all.
FOLLOW_DEAL: Deal = {"hands": [["7S", "8S", "9S", "7C", "8C", "9C", "7H", "8H", "9H", "7D"],
                         ["AS", "10S", "KS", "QS", "QC", "JC", "AC", "10C", "KC", "8D"],
                         ["QH", "QD", "JS", "JH", "JD", "AD", "10D", "KD", "9D", "AH"]],
               "widow": ["10H", "KH"]}

# The ten tricks after seat 0 takes SUITS_DEAL's widow (10D 8D) and lays away AC and 10C (21 points).
DISCARD_WINS = "KD QS QD  9D JH 10D  10H 7D KS  JD JS JC  KH 8D AD  10S 7H 9C  7S QH 8C  8H QC 9S  KC AS 9H  7C 8S AH"
DISCARD_LOST = "QC 9D JH  KD AD JC  AH JD AS  7C KS 9H  7D QS QH  7S QD 8C  8H 9C 9S  10H KC 10S  7H 10D JS  8S KH 8D"
SCHNEIDERED = "8D AD JH  7H 9C KS  8H JD 9S  7C 9D 10H  QS JC 7D  AS QD 10D  KH KC 8S  AH 8C 10S  9H KD JS  7S QH QC"
SCHNEIDER = "10D QS JC  JS JH JD  9D QD 8D  KH 7C 8S  AH KD KS  QC AD QH  7D 10S 8H  8C AS 9H  9C 9S 7H  KC 7S 10H"
# TOP_DEAL: seat 0 leads his ten trumps.
ALL_TRUMPS = "QC KD AS  QS 9D 10S  QH 8D KS  QD 7D 9S  JC AC 8S  JS 10C 7S  JH KC KH  JD 9C 9H  AD 8C 8H  10D 7C 7H"
# NINE_DEAL: seat 0 gives up a pointless first trick to seat 1, then takes the rest with his trumps.
NINE_TRICKS = "7C 9C 8C  10D 7H QC  QS KD 8H  QH 9D 9H  QD 8D KH  JC 7D 10H  JS AS AH  JH 10S KC  JD KS 10C  AD 9S AC"
# HOPELESS_DEAL with seat 1 declaring: seat 0 leads his ten trumps and takes every trick.
TEN_TRUMPS = "QC 9C KD  QS 8C 9D  QH 7C 8D  QD 9S 7D  JC 8S AC  JS 7S 10C  JH KH KC  JD 9H AS  AD 8H 10S  10D 7H KS"


def game(deal: Deal, **options: Any) -> SchafkopfState:
    state = parlour.new_game("schafkopf", seed=1, deal=deal, **options)
    assert isinstance(state, SchafkopfState)
    return state


def legal(state: parlour.State) -> set[str]:
    return {str(a) for a in state.legal_actions(state.to_move[0])}


def mask(cards: str) -> int:
    return PIQUET_32.mask(Card.parse(c) for c in cards.split())


def declared(deal: Deal, calls: str, discards: str, plays: str, **options: Any) -> SchafkopfState:
    state = game(deal, **options)
    act(state, *calls.split(","))
    act(state, *(f"discard {c}" for c in discards.split()))
    play(state, plays)
    return state


def least(deal: Deal, plays: str) -> SchafkopfState:
    state = game(deal)
    act(state, "pass", "pass", "pass")
    play(state, plays)
    return state


class TestDeal:
    def test_ten_cards_each_and_two_in_the_widow(self) -> None:
        """Setup: the 32-card pack is dealt out whole, ten to each of three players and two face down."""
        for seed in range(10):
            state = parlour.new_game("schafkopf", seed=seed)
            assert isinstance(state, SchafkopfState)
            view = state.view(None)
            assert [s["held"] for s in view.seats] == [10, 10, 10]
            assert view.table["widow_face_down"] == 2
            assert state.hands[0] | state.hands[1] | state.hands[2] | state.widow == PIQUET_32.full_mask

    def test_the_pack_is_dealt_three_widow_four_three(self) -> None:
        """Setup: from the dealer's left, three each, two to the widow, four each, then three each."""
        pack = [str(c) for c in PIQUET_32.cards]
        state = game({"pack": pack})
        cards = pack
        expected = [cards[0:3] + cards[11:15] + cards[23:26],     # seat 0, the dealer's left
                    cards[3:6] + cards[15:19] + cards[26:29],     # seat 1
                    cards[6:9] + cards[19:23] + cards[29:32]]     # seat 2, the dealer
        assert [state.hands[s] for s in range(3)] == [mask(" ".join(h)) for h in expected]
        assert state.widow == mask(" ".join(cards[9:11]))

    def test_the_deal_passes_to_the_left(self) -> None:
        """Setup (a default): seat 2 deals first; each later deal is made by the last dealer's left."""
        state = least(SUITS_DEAL, "AC JS JC  10H KD KS  7D AD JH  8H QC 7S  KC 8S 9H  8C 9D AH  QS QD JD  "
                                  "9S KH 7C  AS QH 9C  7H 10C 10S")
        assert state.hand_number == 2 and state.view(None).extra["dealer"] == 0
        assert state.to_move == (1,)

    def test_prepared_deals_are_checked(self) -> None:
        """A prepared deal gives ten different cards to each player and two to the widow."""
        with pytest.raises(DealError, match="seat 0 must hold 10 cards, not 9"):
            game({"hands": [h[:9] for h in SUITS_DEAL["hands"]]})
        with pytest.raises(DealError, match="the widow holds 2 cards, not 1"):
            game({**SUITS_DEAL, "widow": ["10D"]})
        with pytest.raises(DealError, match="each of the 32 cards"):
            game({"pack": ["QC"] * 32})
        with pytest.raises(DealError, match="no 'cards'"):
            game({"cards": []})

    def test_a_prepared_deal_is_refused_before_play(self) -> None:
        """A prepared deal is refused before play when it is not a deal of the game: a bad later deal of a
        list stops the game at once, and a card twice, a card not of the 32-card pack, a stacked pack with
        more beside it, a wrong type or an unknown key is refused."""
        with pytest.raises(DealError, match="deal 2 of the list: the widow holds 2 cards, not 3"):
            parlour.new_game("schafkopf", deal=[SUITS_DEAL, {**SUITS_DEAL, "widow": ["10D", "8D", "10D"]}])
        hands = SUITS_DEAL["hands"]
        pack = [str(card) for card in PIQUET_32.cards]
        for bad, why in (({**SUITS_DEAL, "widow": ["10D", "10D"]}, "each once"),
                         ({**SUITS_DEAL, "hands": [hands[0][:-1] + ["6D"], *hands[1:]]}, "'6D' is not a card"),
                         ({"pack": pack, "widow": []}, "nothing beside it"),
                         ({**SUITS_DEAL, "talon": []}, "no 'talon'"), (5, "not int"), ("xyz", "not str")):
            with pytest.raises(DealError, match=why):
                parlour.new_game("schafkopf", deal=bad)


class TestCardOrder:
    def test_queens_jacks_and_diamonds_are_one_trump_suit_in_the_books_order(self) -> None:
        """Card ranking: the four queens (clubs, spades, hearts, diamonds), the four jacks in the same
        order, then the diamonds from the ace down, all of one suit, the trumps."""
        trumps = [c for c in PIQUET_32.cards if ORDER.suit_of[PIQUET_32.index[c]] == TRUMP]
        by_power = sorted(trumps, key=lambda c: -ORDER.power[PIQUET_32.index[c]])
        assert [str(c) for c in by_power] == ["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD",
                                              "AD", "10D", "KD", "9D", "8D", "7D"]
        assert [str(c) for c in reversed(TRUMP_ORDER)] == [str(c) for c in by_power]

    def test_plain_suits_rank_ace_ten_king_nine_eight_seven(self) -> None:
        """Card ranking: the ten ranks above the king; a plain suit has no queen or jack."""
        spades = [c for c in PIQUET_32.cards if PIQUET_32.index[c] in _indices(SUIT_MASKS[3])]
        by_power = sorted(spades, key=lambda c: -ORDER.power[PIQUET_32.index[c]])
        assert [str(c) for c in by_power] == ["AS", "10S", "KS", "9S", "8S", "7S"]

    def test_the_highest_trump_takes_the_trick(self) -> None:
        """Play: the highest trump wins; the seven of diamonds beats a led ten of hearts, the queen of
        spades beats the queen of hearts, the queen of diamonds beats the jack of diamonds."""
        winner = [tricks.winner([PIQUET_32.index[Card.parse(c)] for c in t.split()], ORDER)
                  for t in ("10H 7D KS", "7D QS QH", "QD JD 9D", "JD AD 10D")]
        assert winner == [1, 1, 0, 0]
        state = game(SUITS_DEAL)
        act(state, "pass", "pass", "pass")
        play(state, "7D QS QH")
        assert state.taken[-1][1] == 1

    def test_without_a_trump_the_best_card_of_the_suit_led_wins(self) -> None:
        """Play: with no trump in it, the highest card of the suit led wins; other suits never do, and a
        ten beats a king."""
        state = game(SUITS_DEAL)
        act(state, "pass", "pass", "pass")
        play(state, "7D QS QH  7S JC 9C  QD JD 9D  9H 7C KS")
        assert state.taken[-1][1] == 2           # the 9 of hearts led beats the king of spades thrown
        assert tricks.winner([PIQUET_32.index[Card.parse(c)] for c in ("KC", "10C", "AS")], ORDER) == 1

    def test_the_winner_leads_the_next_trick(self) -> None:
        """Play: whoever takes a trick leads to the next."""
        state = game(SUITS_DEAL)
        act(state, "pass", "pass", "pass")
        play(state, "7D QS QH")
        assert state.to_move == (1,)


class TestFollowing:
    def test_a_queen_led_calls_for_trumps(self) -> None:
        """Play: queens are trumps, so a queen led must be followed with a trump by whoever holds one."""
        state = game(FOLLOW_DEAL)
        act(state, "pass", "pass", "pass")
        play(state, "7S KS 9D")
        assert state.to_move == (2,)
        play(state, "QH")
        assert legal(state) == {"play 7D"}
        refused(state, 0, "play 7H", "follow suit")
        play(state, "7D")
        assert legal(state) == {"play QS", "play QC", "play JC", "play 8D"}
        error = refused(state, 1, "play AS", "follow suit")
        assert "trumps were led" in str(error)

    def test_the_queen_of_spades_does_not_follow_spades(self) -> None:
        """Play: a spade led must be followed with a plain spade; the Q♠ is a trump, not a spade."""
        state = game(FOLLOW_DEAL)
        act(state, "pass", "pass", "pass")
        play(state, "7S")
        assert legal(state) == {"play AS", "play 10S", "play KS"}
        error = refused(state, 1, "play QS", "follow suit")
        assert "spades were led" in str(error) and "queens and jacks are trumps" in str(error)

    def test_a_player_void_in_the_suit_led_may_trump_or_throw_anything(self) -> None:
        """Play: unable to follow, a player may play any card; a trump then takes the trick."""
        state = game(FOLLOW_DEAL)
        act(state, "pass", "pass", "pass")
        play(state, "7S KS")
        assert legal(state) == {f"play {c}" for c in FOLLOW_DEAL["hands"][2]}
        play(state, "9D")
        assert state.taken[-1][1] == 2

    def test_refusals_name_the_rule_you_do_not_hold(self) -> None:
        """Play: only a card of your own hand may be played."""
        state = game(FOLLOW_DEAL)
        act(state, "pass", "pass", "pass")
        refused(state, 0, "play AS", "play from your hand")


class TestTakingTheWidow:
    def test_the_widow_is_offered_from_the_dealers_left(self) -> None:
        """Picking up the widow: the dealer's left may take it or pass, then the next player, the dealer
        last."""
        state = game(SUITS_DEAL)
        assert state.to_move == (0,) and legal(state) == {"take", "pass"}
        act(state, "pass")
        assert state.to_move == (1,)
        act(state, "pass")
        assert state.to_move == (2,)
        act(state, "take")
        assert state.declarer == 2 and state.view(None).phase == "discard"

    def test_the_first_to_take_it_declares_and_the_offer_ends(self) -> None:
        """Picking up the widow: the first to take it becomes the declarer against the other two; the
        dealer is not asked any more."""
        state = game(SUITS_DEAL)
        act(state, "pass", "take")
        view = state.view(None)
        assert view.extra["declarer"] == 1 and state.to_move == (1,)
        assert "declarer" in view.seats[1]["status"]
        assert "defender" in view.seats[0]["status"] and "defender" in view.seats[2]["status"]
        assert state.auction.is_over and state.auction.high_seat == 1

    def test_the_declarer_adds_the_widow_and_lays_away_two(self) -> None:
        """Picking up the widow: the declarer holds twelve, may lay away any two (a widow card, a trump),
        and is back to ten."""
        state = game(SUITS_DEAL)
        act(state, "take")
        assert len(state.view(0).hand) == 12 and {"10D", "8D"} <= set(state.view(0).hand)
        assert legal(state) == {f"discard {c}" for c in SUITS_DEAL["hands"][0] + ["10D", "8D"]}
        act(state, "discard 10D")
        assert state.view(None).phase == "discard"
        act(state, "discard QC")
        assert len(state.view(0).hand) == 10
        assert state.view(None).table["discard_face_down"] == 2

    def test_the_dealers_left_leads_even_when_another_declares(self) -> None:
        """Play of the hand: the player at the dealer's left leads the first trick, whoever declared."""
        state = game(SUITS_DEAL)
        act(state, "pass", "pass", "take", "discard 7H", "discard 8H")
        assert state.view(None).phase == "play" and state.to_move == (0,)

    def test_the_widow_and_the_discard_stay_secret_from_the_defenders(self) -> None:
        """Picking up the widow: the widow goes into the declarer's hand unseen and the discard is face
        down; only the declarer knows them until the hand is scored."""
        state = game(SUITS_DEAL)
        act(state, "pass", "take", "discard AS", "discard 10D")
        for seat in (0, 2):
            view = state.view(seat)
            assert not {"10D", "8D", "AS"} & set(view.hand)
            assert "seat 1: discard a card face down" in view.log
            assert not any("AS" in line or "10D" in line for line in view.log)
            assert "discarded" not in view.extra
        mine = state.view(1)
        assert "seat 1: discard AS" in mine.log and mine.extra["discarded"] == ["10D", "AS"]
        assert any("picks up the widow: 8D 10D" in line for line in mine.log)

    def test_refused_actions_during_the_offer_and_the_discard_change_nothing(self) -> None:
        """Picking up the widow: while it is offered, one takes or passes; then the declarer discards
        from his own hand before any card is played."""
        state = game(SUITS_DEAL)
        refused(state, 0, "play AC", "taking the widow")
        refused(state, 0, "discard AC", "taking the widow")
        act(state, "take")
        refused(state, 0, "play AC", "discarding")
        refused(state, 0, "pass", "discarding")
        refused(state, 0, "take", "discarding")
        refused(state, 0, "discard AS", "discarding")
        act(state, "discard AC", "discard 10C")
        refused(state, 0, "take", "play")
        refused(state, 0, "discard KC", "play")


class TestDeclarerScoring:
    def test_card_points_total_120(self) -> None:
        """Scoring: ace 11, ten 10, king 4, queen 3, jack 2, the rest nothing: 120 in the pack."""
        assert card_points(PIQUET_32.full_mask) == 120
        assert [card_points(mask(c)) for c in ("AS", "10S", "KS", "QS", "JS", "9S 8S 7S")] == [11, 10, 4, 3, 2, 0]

    def test_the_discard_counts_for_the_declarer(self) -> None:
        """Scoring (notes): the two cards laid away count for the declarer. 43 in tricks would lose; with
        the 21 of the discard (A♣ 10♣) he has 64 and wins 2."""
        state = declared(SUITS_DEAL, "take", "AC 10C", DISCARD_WINS)
        result = state.hand_results[0]
        assert result.changes == (2, 0, 0)
        assert [r.points for r in result.reasons[:3]] == [43, 21, 56]
        assert "won with 64 card points" in result.summary

    def test_sixty_or_less_loses_two(self) -> None:
        """Scoring: 60 or less (here 58, discard included) loses 2."""
        state = declared(SUITS_DEAL, "take", "AC 10C", DISCARD_LOST)
        assert state.hand_results[0].changes == (-2, 0, 0)
        assert "lost with 58 card points" in state.hand_results[0].summary

    def test_ninety_one_or_more_is_schneider_and_wins_four(self) -> None:
        """Scoring: 91 or more (here 92) is schneider, worth 4."""
        state = declared(SUITS_DEAL, "take", "AC 10C", SCHNEIDER)
        assert state.hand_results[0].changes == (4, 0, 0)
        assert "schneider with 92" in state.hand_results[0].summary

    def test_thirty_or_less_is_schneidered_and_loses_four(self) -> None:
        """Scoring: 30 or less (here 29, with tricks taken) is schneidered, costing 4."""
        state = declared(SUITS_DEAL, "take", "AC 10C", SCHNEIDERED)
        assert state.hand_results[0].changes == (-4, 0, 0)
        assert "schneidered with 29" in state.hand_results[0].summary

    def test_every_trick_is_schwarz_and_wins_six(self) -> None:
        """Scoring: the declarer who takes every trick (all 120) is schwarz and wins 6; only his score
        moves."""
        state = declared(TOP_DEAL, "take", "AH 10H", ALL_TRUMPS)
        assert state.hand_results[0].changes == (6, 0, 0)
        assert "schwarz" in state.hand_results[0].summary
        assert state.scores() == [6, 0, 0]

    def test_no_trick_is_schwarzed_and_loses_six_whatever_the_discard_holds(self) -> None:
        """Scoring (notes): schwarzed is taking no trick; the 21 points of the discard do not save him."""
        state = declared(HOPELESS_DEAL, "pass,take", "AH 10H", TEN_TRUMPS)
        result = state.hand_results[0]
        assert result.changes == (0, -6, 0)
        assert "schwarzed (0 tricks, 21 card points)" in result.summary

    def test_all_120_points_short_of_every_trick_is_only_schneider(self) -> None:
        """Scoring (notes): schwarz is every trick. Giving up one pointless trick, the declarer takes all
        120 points but nine tricks: schneider, 4."""
        state = declared(NINE_DEAL, "take", "8S 7S", NINE_TRICKS)
        assert state.hand_results[0].changes == (4, 0, 0)

    def test_schwarz_by_points_option(self) -> None:
        """Option ``schwarz="points"``: the book's literal wording, all 120 points (6) or none (-6); a
        declarer with no trick but 21 points in the discard is only schneidered."""
        state = declared(NINE_DEAL, "take", "8S 7S", NINE_TRICKS, schwarz="points")
        assert state.hand_results[0].changes == (6, 0, 0)
        state = declared(HOPELESS_DEAL, "pass,take", "AH 10H", TEN_TRUMPS, schwarz="points")
        assert state.hand_results[0].changes == (0, -4, 0)

    def test_thresholds(self) -> None:
        """Scoring: the boundaries 61, 91, 60 and 30, by the book."""
        assert [declarer_score(p, 5)[0] for p in (61, 90, 91, 119, 60, 31, 30, 1)] == [2, 2, 4, 4, -2, -2, -4, -4]
        assert declarer_score(120, 10) == (6, "schwarz") and declarer_score(0, 0) == (-6, "schwarzed")
        assert declarer_score(15, 0) == (-6, "schwarzed") and declarer_score(15, 0, "points") == (-4, "schneidered")


class TestLeast:
    def test_when_all_refuse_the_widow_everyone_plays_least(self) -> None:
        """Playing least: after three passes nobody declares; all play alone, the dealer's left leads."""
        state = game(SUITS_DEAL)
        act(state, "pass", "pass", "pass")
        view = state.view(None)
        assert view.phase == "play" and view.extra["contract"] == "least" and view.extra["declarer"] is None
        assert all("plays least" in s["status"] and s["team"] is None for s in view.seats)
        assert state.to_move == (0,) and view.table["widow_face_down"] == 2

    def test_the_fewest_points_score_two(self) -> None:
        """Playing least: whoever takes the fewest card points (here seat 1, 23) scores 2."""
        state = least(SUITS_DEAL, "AC JS JC  10H KD KS  7D AD JH  8H QC 7S  KC 8S 9H  8C 9D AH  QS QD JD  "
                                  "9S KH 7C  AS QH 9C  7H 10C 10S")
        result = state.hand_results[0]
        assert result.changes == (0, 2, 0)
        assert "(25 / 23 / 72 points)" in result.summary

    def test_no_points_at_all_score_four(self) -> None:
        """Playing least: taking no card points scores 4."""
        state = least(SUITS_DEAL, "7D JS JC  QH JD 9D  KH KC AS  7H 9C 8S  10H 7C 7S  QD KD AD  9H AC KS  "
                                  "8H 10C 10S  JH QC QS  8C 9S AH")
        result = state.hand_results[0]
        assert result.changes == (0, 4, 0)
        assert "(29 / 0 / 91 points)" in result.summary

    def test_the_untouched_widow_goes_to_the_last_trick(self) -> None:
        """Playing least (notes): the widow's points (10♦ 8♦, 10) go to whoever wins the last trick."""
        plays = ("7D QS QH  7S JC 9C  QD JD 9D  9H 7C KS  JH KD AD  7H AC JS  10S 10H 10C  8S AH KC  "
                 "9S 8H QC  8C AS KH")
        state = least(SUITS_DEAL, plays)
        reasons = state.hand_results[0].reasons
        assert reasons[0].points == 10 and "goes to seat 0 with the last trick" in reasons[0].text
        assert [r.points for r in reasons[1:4]] == [28, 64, 28]     # 18 in tricks + 10 of widow for seat 0

    def test_two_tied_the_one_who_took_a_trick_less_recently_wins(self) -> None:
        """Playing least: seats 0 and 2 tie with 28; seat 2's last trick was the 5th, seat 0's the 10th,
        so seat 2 scores 2."""
        plays = ("7D QS QH  7S JC 9C  QD JD 9D  9H 7C KS  JH KD AD  7H AC JS  10S 10H 10C  8S AH KC  "
                 "9S 8H QC  8C AS KH")
        state = least(SUITS_DEAL, plays)
        result = state.hand_results[0]
        assert result.changes == (0, 0, 2)
        assert "trick 5, against 10" in result.summary

    def test_a_three_way_tie_goes_to_the_dealer(self) -> None:
        """Playing least: 40 each; the dealer (seat 2) scores 2."""
        state = least(SUITS_DEAL, "9C 9S 10H  JD QS QH  JS QD QC  KC KS 7H  8C 8S 9H  AC AS JH  AH 10C AD  "
                                  "9D JC 7D  KH 7C 10S  8H KD 7S")
        result = state.hand_results[0]
        assert result.changes == (0, 0, 2)
        assert "(40 / 40 / 40 points)" in result.summary and "the dealer" in result.summary

    def test_all_120_points_lose_four_and_the_others_score_nothing(self) -> None:
        """Playing least: a player who takes all 120 points loses 4 and the others score nothing, even
        though one of them took a (pointless) trick and so has none."""
        state = least(NINE_DEAL, NINE_TRICKS)
        result = state.hand_results[0]
        assert state.hand_results[0].changes == (-4, 0, 0)
        assert "took all 120 points" in result.summary

    def test_tie_rules_as_a_function(self) -> None:
        """Playing least: the tie rules, each case."""
        changes, why = least_score([30, 30, 60], [10, 4, 9], dealer=2)
        assert changes == [0, 2, 0] and "seat 1 took a trick less recently" in why
        assert least_score([40, 40, 40], [1, 2, 3], dealer=1)[0] == [0, 2, 0]
        assert least_score([0, 0, 120], [0, 0, 10], dealer=0)[0] == [0, 0, -4]
        assert least_score([0, 50, 70], [3, 9, 10], dealer=0)[0] == [4, 0, 0]


LEAST_WIDOW_TO_LAST = ("7D QS QH  7S JC 9C  QD JD 9D  9H 7C KS  JH KD AD  7H AC JS  10S 10H 10C  8S AH KC  "
                       "9S 8H QC  8C AS KH")


class TestOpenHandGoal:
    def test_a_declared_hand_is_the_declarer_against_two_for_card_points(self) -> None:
        """Scoring a declared hand (card points, ace 11 ... jack 2): an open-hand search counts them for the
        declarer alone, or for the two defenders together; no trick is worth anything of itself."""
        state = declared(SUITS_DEAL, "take", "AC 10C", "")
        side, goal = state.trick_goal(0)
        assert side == frozenset({0}) and state.trick_goal(1)[0] == frozenset({1, 2})
        assert goal.maximize and goal.trick_worth == () and goal.points == CARD_POINTS
        worth = [CARD_POINTS[PIQUET_32.index[c]] for c in parse_cards("AS 10D KC QS JD 9C")]
        assert worth == [11, 10, 4, 3, 2, 0]

    def test_least_is_each_for_himself_and_the_widow_goes_with_the_last_trick(self) -> None:
        """Playing least (notes): each avoids card points alone, and the last trick brings the widow's
        (10♦ 8♦: 10)."""
        state = least(SUITS_DEAL, "")
        side, goal = state.trick_goal(1)
        assert side == frozenset({1}) and not goal.maximize
        assert goal.points == CARD_POINTS and goal.trick_worth == (10,)

    def test_the_search_value_is_what_the_defenders_take_in_the_last_two_tricks(self) -> None:
        """With two tricks left of a declared hand, the open-hand value for the defenders is the card points
        they take when the rest is played as the search plays it."""
        state = declared(SUITS_DEAL, "take", "AC 10C", first_tricks(DISCARD_WINS, 8))
        value, taken = open_hand_play(state, 1, lambda s: card_points(s.won[1] | s.won[2]))  # type: ignore[attr-defined]
        assert value == taken

    def test_the_search_value_in_least_counts_the_widow_to_the_last_trick(self) -> None:
        """Playing least, three tricks from the end: the search's value for seat 0 is the card points it
        then takes, the widow's among them if it takes the last trick."""
        state = least(SUITS_DEAL, first_tricks(LEAST_WIDOW_TO_LAST, 7))
        value, taken = open_hand_play(state, 0, lambda s: card_points(s.won[0]))  # type: ignore[attr-defined]
        assert value == taken


class TestTheGame:
    def test_a_game_is_a_round_of_three_deals_and_rounds_lengthen_it(self) -> None:
        """Ending the game (a default): one round, each player dealing once; ``rounds`` adds rounds.
        The highest total wins."""
        for rounds in (1, 2):
            state = parlour.new_game("schafkopf", seed=4, rounds=rounds)
            rng = random.Random(4)
            dealers: list[int] = []
            while not state.is_over:
                if state.view(None).extra["dealer"] not in dealers[-1:]:
                    dealers.append(state.view(None).extra["dealer"])
                seat = state.to_move[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)))
            assert len(state.hand_results) == 3 * rounds
            assert dealers[:3] == [2, 0, 1]
            best = max(state.scores())
            assert state.result().winners == tuple(s for s in range(3) if state.scores()[s] == best)
        with pytest.raises(ValueError, match="rounds"):
            parlour.new_game("schafkopf", rounds=0)

    def test_scores_carry_from_deal_to_deal(self) -> None:
        """Scoring: victory points are kept as running totals across the deals."""
        state = declared(TOP_DEAL, "take", "AH 10H", ALL_TRUMPS)
        assert state.scores() == [6, 0, 0] and state.hand_number == 2
        act(state, "pass", "pass", "take", "discard " + state.view(0).hand[0], "discard " + state.view(0).hand[1])
        assert state.scores() == [6, 0, 0]


class TestHiddenInformation:
    def test_a_view_shows_no_other_hand(self) -> None:
        """Views: a seat sees its own ten cards and the played cards, never another hand or the widow."""
        state = parlour.new_game("schafkopf", seed=9)
        assert isinstance(state, SchafkopfState)
        hidden = state.hands[1] | state.hands[2] | state.widow
        assert not mask(" ".join(state.view(0).hand)) & hidden
        assert state.view(None).hand == []

    def test_sampled_worlds_redeal_the_discard_and_honour_voids(self) -> None:
        """Sampling: a defender's world deals the declarer's hand and discard anew (its history holding
        the sampled discard), never gives a seat a suit it showed void in, and looks the same to him."""
        state = game(FOLLOW_DEAL)
        act(state, "pass", "take", "discard AS", "discard 10S")
        play(state, "7S KS 9D")          # seat 2 shows no spade
        discards = set()
        for k in range(40):
            world = state.sample_world(0, random.Random(k))
            assert isinstance(world, SchafkopfState)
            assert world.view(0) == state.view(0)
            assert not world.hands[2] & SUIT_MASKS[3]
            buried = [a.card for _, a in world.history if isinstance(a, FaceDownDiscard)]
            assert PIQUET_32.mask(buried) == world.laid_away
            discards.add(world.laid_away)
        assert len(discards) > 5
        mine = state.sample_world(1, random.Random(0))
        assert isinstance(mine, SchafkopfState) and mine.laid_away == mask("AS 10S")

    def test_the_widow_is_redealt_in_least(self) -> None:
        """Sampling: in least nobody has seen the widow, so a world may put any unseen card there."""
        state = game(SUITS_DEAL)
        act(state, "pass", "pass", "pass")
        widows = {world.widow for world in (state.sample_world(0, random.Random(k)) for k in range(30))
                  if isinstance(world, SchafkopfState)}
        assert len(widows) > 5


class TestHeuristic:
    def test_heuristic_beats_random_play(self) -> None:
        """Over 40 seeded games, one heuristic seat against two random ones (rotating), the heuristic
        seat scores more than a random seat does on average."""
        heuristic, random_total = 0, 0
        for seed in range(40):
            state = parlour.new_game("schafkopf", seed=seed)
            smart = seed % 3
            bots = [make_bot("heuristic" if s == smart else "random", "schafkopf", seed=seed * 3 + s) for s in range(3)]
            bots_to_end(state, bots)
            scores = state.scores()
            heuristic += scores[smart]
            random_total += sum(scores) - scores[smart]
        assert heuristic > random_total / 2 + 40


def _indices(m: int) -> set[int]:
    return {i for i in range(len(PIQUET_32)) if m >> i & 1}
