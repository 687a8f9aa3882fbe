"""Canasta (classic), rule by rule (rules/source/canasta.txt with the "Canasta (classic)" entry of
rules/NOTES.md, and the numbered choices of ``parlour/games/canasta.py``).

Each test stacks the pack (``deal={"pack": ...}``) with named hands, pile and stock; a test of the end of
the stock replaces the stock by the cards it names, standing for a stock played down to them.
"""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest
from rich.console import Console
from table import act, bots_to_end, observed, refused

import parlour
from parlour.bots import make_bot
from parlour.bots.heuristic import considered_of
from parlour.bots.heuristics.canasta import NextTaker, choose_considered, pile_seen
from parlour.bots.heuristics.canasta import canasta as heuristic_play
from parlour.cards import Card
from parlour.cli.main import main
from parlour.engine.actions import families_of
from parlour.games.canasta import CANASTA, PACK, CanastaState, card_value
from parlour.mechanics.stock import Stock
from parlour.sim.stats import wilson_interval

GAME = "canasta"
RANKS = ("A", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# Hands with which nobody can meld or take the pile: seat 0 one card of every meldable rank in clubs; the
# others cards of their suit (7s, jacks and queens twice), no 8, king or ace, which the tests give out.
PLAIN = [" ".join(f"{r}C" for r in RANKS),
         *(" ".join(f"{r}{suit}" for r in ("4", "5", "6", "7", "9", "10", "J", "Q", "7", "J", "Q")) for suit in "DHS")]


def pack_for(hands: list[str], pile: str, stock: str = "") -> list[str]:
    """A stacked pack dealing ``hands`` (seat 0 first, eleven each), turning up ``pile`` (bottom first) and
    then drawing ``stock`` (top first); the copies of a face are given out in order."""
    left = PACK.full_mask
    named: list[list[str]] = []

    def take(text: str) -> list[str]:
        nonlocal left
        out = []
        for face in text.split():
            index = PACK.copy_to_take(Card.parse(face), left)
            assert index >= 0, f"no copy of {face} is left"
            left &= ~(1 << index)
            out.append(str(PACK.cards[index]))
        return out

    for hand in hands:
        named.append(take(hand))
        assert len(named[-1]) == 11
    up, drawn = take(pile), take(stock)
    deck = [named[k % 4][k // 4] for k in range(44)]
    rest = [str(PACK.cards[i]) for i in range(len(PACK)) if left >> i & 1]
    # The rest, red 3s and wilds last, so that a test's later draws are plain cards.
    rest.sort(key=lambda c: Card.parse(c).rank in (0, 2, 3))
    return [*deck, *up, *drawn, *rest]


def new(hands: list[str] | None = None, pile: str = "9C", stock: str = "", **options: Any) -> CanastaState:
    """A prepared deal, played as a game of that one deal unless the test says otherwise."""
    options.setdefault("deals", 1)
    state = parlour.new_game(GAME, seed=1, deal={"pack": pack_for(hands or PLAIN, pile, stock)}, **options)
    assert isinstance(state, CanastaState)
    return state


def hands_with(**seats: str) -> list[str]:
    """The plain hands with some seats' hands given (``s0="..."``)."""
    return [seats.get(f"s{s}", PLAIN[s]) for s in range(4)]


def legal(state: CanastaState, seat: int | None = None) -> list[str]:
    return [str(a) for a in state.legal_actions(state.to_move[0] if seat is None else seat)]


def run_down(state: CanastaState, cards: str) -> None:
    """The stock as if played down to ``cards`` (top first)."""
    state.stock = Stock([PACK.copy_to_take(Card.parse(c), PACK.full_mask) for c in cards.split()])


def last(state: CanastaState) -> dict[str, int]:
    """The last deal's scoring items for side 0 (seat 0's), by their words."""
    return {r.text: r.points for r in state.hand_results[-1].reasons if r.seat == 0}


KINGS = "KC KD KH AC AD AH 6C 7C 8C 9C 10C"          # kings (30) and aces (60) for a first meld of 90


def lays(slot: int, cards: str) -> list[str]:
    return [f"lay {card} {slot}" for card in cards.split()]


OPEN = [*lays(1, "KC KD KH"), *lays(2, "AC AD AH")]     # KINGS' first meld
EIGHTS = "8C 8D 8H 8S 8C 8D 8H"
# Seat 1 takes seat 0's discarded KC with its two kings, and aces, for a first meld of 90.
TAKER = "KD KH AD AH AS 6D 7D 8D 9D 10D JD"


class TestDeal:
    def test_eleven_each_an_upcard_and_the_stock(self) -> None:
        """Deal: eleven cards each from the dealer's left, one card turned up, the rest the stock; seat 3
        deals first, so seat 0 plays first (choice 1)."""
        state = new()
        assert [h.bit_count() for h in state.hands] == [11] * 4 and len(state.stock) == 108 - 45
        assert state.view(0).table["upcard"] == "9C" and state.to_move == (0,) and state.dealer == 3
        assert sorted(state.view(0).hand) == sorted(PLAIN[0].split())

    def test_a_wild_or_red_three_turned_up_freezes_the_pile_and_another_is_turned(self) -> None:
        """Upcard (NOTES default): a wild or red 3 turned up stays in the pile, frozen, and another card is
        turned on it."""
        state = new(pile="2C 3H 9C")
        table = state.view(0).table
        assert table["upcard"] == "9C" and table["pile"] == 3 and table["pile_frozen"] is True

    def test_red_threes_dealt_are_laid_out_and_replaced(self) -> None:
        """Red 3s are bonus cards laid out at once and replaced from the stock (choice 3)."""
        state = new(hands_with(s1="3H 4D 5D 6D 7D 8D 9D 10D JD QD KD"), stock="AD")
        view = state.view(0)
        assert view.seats[1]["face_up"] == ["3H"] and view.seats[1]["held"] == 11
        assert "AD" in state.view(1).hand and view.extra["red_threes"] == [[], ["3H"]]


class TestDraw:
    def test_a_red_three_drawn_is_laid_out_and_replaced(self) -> None:
        """A red 3 drawn goes face up before the seat and another card is drawn in its place."""
        state = new(stock="3D 5H")
        act(state, "draw")
        assert state.view(0).seats[0]["face_up"] == ["3D"] and "5H" in state.view(0).hand
        assert state.hands[0].bit_count() == 12


class TestFirstMeld:
    def test_the_minimum_is_counted_over_the_turns_melds_together(self) -> None:
        """First meld: 50 at a score of 0; kings alone (30) are refused at commit, kings and aces (90)
        together lay down (choice 6). The refusal changes nothing."""
        state = new(hands_with(s0=KINGS), stock="5H")
        act(state, "draw", *lays(1, "KC KD KH"))
        assert "commit" not in legal(state)
        refused(state, 0, "commit", rule="first meld minimum")
        act(state, *lays(2, "AC AD AH"), "commit")
        assert state.view(1).table["side_0_melds"] == [["KC", "KD", "KH"], ["AC", "AD", "AH"]]
        assert state.view(0).extra["first_meld_minimums"] == [0, 50]

    def test_the_minimum_follows_the_sides_score_at_the_start_of_the_deal(self) -> None:
        """Minimums by score: below 0 15, to 1,495 50, from 1,500 90, from 3,000 120 (NOTES)."""
        state = new()
        for totals, minimums in (((-5, 1495), [15, 50]), ((1500, 3000), [90, 120])):
            state.start_totals = totals
            assert state.view(0).extra["first_meld_minimums"] == minimums

    def test_bonuses_never_count_towards_the_minimum(self) -> None:
        """A red 3 laid out counts nothing towards the minimum: 4s (15) with a red 3 stay below 50."""
        state = new(hands_with(s0="3H 4C 4D 4H 6C 7C 8C 9C 10C JC QC"), stock="KD 5H")
        act(state, "draw", *lays(1, "4C 4D 4H"))
        assert state.view(0).seats[0]["face_up"] == ["3H"]
        refused(state, 0, "commit", rule="first meld minimum")


class TestMelds:
    def test_a_meld_has_two_naturals_and_at_most_three_wilds_never_more_than_naturals(self) -> None:
        """Meld limits (NOTES default): a wild waits for naturals to stand with, and no meld holds more wilds
        than naturals."""
        state = new(hands_with(s0="KC KD KH AC AD 2C 2D 2H JK 9C 10C"), stock="5H")
        act(state, "draw")
        refused(state, 0, "lay 2C 1", rule="meld limits")
        act(state, "lay KC 1", "lay 2C 1")
        refused(state, 0, "lay JK 1", rule="meld limits")
        act(state, "lay KD 1", "lay JK 1", "lay KH 1", "lay 2D 1")
        refused(state, 0, "lay 2H 1", rule="meld limits")
        act(state, *lays(2, "AC AD 2H"), "commit")
        assert state.view(0).table["side_0_melds"][0] == ["KC", "2C", "KD", "JK", "KH", "2D"]

    def test_a_meld_needs_a_pair_of_its_rank_to_start(self) -> None:
        """A meld of a rank starts only when the hand holds two naturals of it (choice 4)."""
        state = new(stock="3S")
        act(state, "draw")
        refused(state, 0, "lay 9C 1", rule="meld limits")
        assert [a for a in legal(state) if a.startswith("lay ")] == []

    def test_red_threes_are_never_melded_and_black_threes_only_going_out(self) -> None:
        """Black 3s (three or four, no wild) are melded only by a player going out (source text)."""
        state = new(hands_with(s0=KINGS.replace("6C 7C 8C", "3C 3S 3C")), stock="5H")
        act(state, "draw", *OPEN, *lays(3, "3C 3C 3S"))
        refused(state, 0, "commit", rule="black threes")

    def test_black_threes_are_melded_by_a_player_going_out(self) -> None:
        """Black 3s, four and no wild, go down in the turn their player goes out, and count 5 each."""
        state = new(hands_with(s0=f"{EIGHTS} 3C 3C 3S 3S"), stock="9H")
        act(state, "draw", *lays(1, EIGHTS), *lays(2, "3C 3C 3S 3S"), "commit", "discard 9H")
        assert last(state)["cards melded"] == 70 + 20 and last(state)["going out concealed"] == 200

    def test_each_step_is_a_small_numbered_action(self) -> None:
        """Actions by face and in steps: a draw, a take, 53 discards, 53 faces to 4 new melds, 53 faces to 11
        melds of the side, commit, withdraw, ask, yes, no, end."""
        state = new()
        assert state.action_space_size == 2 + 53 + 53 * 4 + 53 * 11 + 6
        for text in ("lay 7H 2", "add 2C K", "discard JK", "take", "commit", "ask", "no", "end"):
            action = state.parse_action(text)
            assert str(action) == text and state.decode(state.encode(action)) == action

    def test_a_side_melds_one_meld_of_a_rank(self) -> None:
        """A new meld of a rank the side has goes onto that meld (source text: one set a rank)."""
        state = new(hands_with(s0=KINGS, s2="KC KS QC 4H 5H 6H 7H 8H 9H 10H JH"), stock="5C 5D 5S")
        act(state, "draw", *OPEN, "commit", "discard 5C", "draw", "discard 5D", "draw", "lay KC 1", "lay KS 1",
            "commit")
        assert state.view(0).table["side_0_melds"][0] == ["KC", "KD", "KH", "KC", "KS"]

    def test_adding_to_the_sides_melds_and_never_the_opponents(self) -> None:
        """``add``: a card to the side's own meld of its rank; the opponents' melds take nothing."""
        state = new(hands_with(s0=KINGS.replace("10C", "KS")), stock="5C 9D 5S")
        act(state, "draw", *OPEN, "commit", "add KS K")
        assert state.view(0).table["side_0_melds"][0] == ["KC", "KD", "KH", "KS"]
        act(state, "discard 5C", "draw")
        refused(state, 1, "add KD K", rule="add to your side's melds")


class TestPile:
    def test_the_pile_is_taken_only_to_meld_its_top_card(self) -> None:
        """Taking the pile: the top card must be melded at once; the rest of the pile then goes to hand."""
        state = new(hands_with(s1=TAKER), stock="5H")
        act(state, "draw", "discard KC")
        assert "take" in legal(state)
        act(state, "take")
        assert state.view(1).table["staged"] == [["KC"]] and state.view(1).table["pile"] == 1
        act(state, *lays(1, "KD KH"), *lays(2, "AD AH AS"), "commit")
        assert "9C" in state.view(1).hand and state.view(1).table["pile"] == 0

    def test_a_frozen_pile_needs_a_natural_pair_of_the_top_cards_rank(self) -> None:
        """Frozen pile (a side that has not melded): only a natural pair from hand takes it; a king and a
        wild do not."""
        assert "take" not in legal(new(hands_with(s0="KC 2C AC AD AH 6C 7C 8C 9C 10C JC"), pile="KH"))
        state = new(hands_with(s0="KC KD AC AD AH 6C 7C 8C 9C 10C JC"), pile="KH")
        act(state, "take", *lays(1, "KC KD"), *lays(2, "AC AD AH"))
        assert "commit" in legal(state)

    def test_taking_needs_the_first_meld_minimum(self) -> None:
        """Taking the pile to open needs the minimum: a pair of 4s with the top 4 (15) does not reach 50."""
        assert "take" not in legal(new(hands_with(s0="4C 4D 5C 6C 7C 8C 9C 10C JC QC KC"), pile="4H"))

    def test_a_black_three_on_top_stops_the_next_player(self) -> None:
        """Black 3s: a black 3 discarded may not be taken by the next player (source text)."""
        state = new(hands_with(s1="9D 9D 4D 5D 6D 7D 8D 10D JD QD KD", s0="3C " + " ".join(PLAIN[0].split()[1:])),
                    pile="9C", stock="5H")
        act(state, "draw", "discard 3C")
        assert legal(state) == ["draw"]

    def test_a_withdrawal_puts_the_pile_back(self) -> None:
        """Never stuck: after taking, a withdrawal returns the pile as it was, and the turn goes on with a
        draw (choice 5)."""
        state = new(hands_with(s1=TAKER), stock="5H 6H")
        act(state, "draw", "discard KC")
        before, hand = state.view(2), sorted(state.view(1).hand)
        act(state, "take", "lay KD 1", "withdraw")
        assert state.view(2).table == before.table and legal(state) == ["draw"]
        assert sorted(state.view(1).hand) == hand

    def test_a_red_three_in_the_pile_taken_is_laid_out_with_no_replacement(self) -> None:
        """A red 3 in a pile taken (the first upcard) is laid out, with no card drawn for it (NOTES)."""
        state = new(hands_with(s0="KC KD AC AD AH 6C 7C 8C 9C 10C JC"), pile="3D KH")
        act(state, "take", *lays(1, "KC KD"), *lays(2, "AC AD AH"), "commit")
        assert state.view(0).seats[0]["face_up"] == ["3D"] and state.hands[0].bit_count() == 6


OUT = f"{EIGHTS} KC KD KH KS"                        # a natural canasta of 8s and four kings
GO_OUT = [*lays(1, EIGHTS), *lays(2, "KC KD KH KS"), "commit", "discard 9H"]
PARTNERS_OPEN = [*lays(1, "KD KH KS"), *lays(2, "AC AD AH")]     # seat 2's first meld of 90


def hand_points(*hands: str) -> int:
    return sum(card_value(Card.parse(c)) for hand in hands for c in hand.split())


class TestGoingOut:
    def test_no_going_out_without_a_canasta(self) -> None:
        """A side without a canasta may not go out, so no commit leaves its player without a card to keep
        after the discard (source text; choice 8)."""
        state = new(hands_with(s0="8C 8C 8D 8H 8S 2C KC KC KD KH KS"), stock="9H")
        act(state, "draw", *lays(1, "8C 8C 8D 8H 8S 2C"), *lays(2, "KC KC KD KH KS"))
        refused(state, 0, "commit", rule="going out")

    def test_going_out_concealed_scores_two_hundred(self) -> None:
        """Going out concealed: the whole hand in one turn with a canasta, nothing laid before: 200 in all
        (NOTES), beside the natural canasta's 500 and the cards' values, less partner's cards."""
        state = new(hands_with(s0=OUT), stock="9H")
        act(state, "draw", *GO_OUT)
        items = last(state)
        assert items["going out concealed"] == 200 and items["1 natural canasta"] == 500
        assert items["cards melded"] == 110 and items["cards left in hand"] == -hand_points(PLAIN[2])
        assert "going out" not in items

    def test_going_out_after_an_earlier_meld_scores_a_hundred(self) -> None:
        """A player who laid melds on an earlier turn scores 100 for going out (NOTES)."""
        state = new(hands_with(s0=OUT), stock="9H 5D 5S 6S 4D")
        act(state, "draw", *lays(1, EIGHTS), "commit", "discard 9H", "draw", "discard 5D", "draw", "discard 5S",
            "draw", "discard 6S", "draw", *lays(1, "KC KD KH KS"), "commit", "discard 4D")
        items = last(state)
        assert items["going out"] == 100 and "going out concealed" not in items

    # Seat 2 holds kings and aces for a first meld; seat 0 seven 8s and four kings, and has laid nothing.
    PARTNERS_KINGS = hands_with(s0=f"{EIGHTS} KC KC KD KH", s2="KD KH KS AC AD AH 4H 5H 6H 9H 10H")

    def test_adding_to_partners_melds_in_the_going_out_turn_is_not_concealed(self) -> None:
        """Going out concealed (choice 10; the text and NOTES): a player who adds to partner's melds does not
        go out concealed, even in the turn that lays the whole hand and its canasta: 100, not 200. Seat 2
        melds kings and aces; seat 0, having laid nothing, lays seven 8s, puts four kings on partner's
        kings and discards its last card."""
        state = new(self.PARTNERS_KINGS, stock="5C 6C 7C 4C 9S")
        act(state, "draw", "discard 5C", "draw", "discard 6C", "draw", *PARTNERS_OPEN, "commit", "discard 7C",
            "draw", "discard 4C", "draw", *lays(1, EIGHTS), "commit", "add KC K", "add KC K", "add KD K",
            "add KH K", "discard 9S")
        assert state.view(None).log[-2] == "seat 0 goes out"
        items = last(state)
        assert items["going out"] == 100 and "going out concealed" not in items
        assert items["2 natural canastas"] == 1_000

    def test_a_new_meld_joining_partners_meld_of_its_rank_is_not_concealed(self) -> None:
        """Going out concealed (choice 10): a meld of a rank partner has melded joins partner's meld, which
        is adding to it: seat 0 lays seven 8s and four kings, the kings going onto seat 2's: 100."""
        state = new(self.PARTNERS_KINGS, stock="5C 6C 7C 4C 9S")
        act(state, "draw", "discard 5C", "draw", "discard 6C", "draw", *PARTNERS_OPEN, "commit", "discard 7C",
            "draw", "discard 4C", "draw", *lays(1, EIGHTS), *lays(2, "KC KC KD KH"), "commit", "discard 9S")
        items = last(state)
        assert items["going out"] == 100 and "going out concealed" not in items

    def test_adding_to_ones_own_new_meld_in_the_going_out_turn_is_still_concealed(self) -> None:
        """Going out concealed (choice 10): cards added to a meld laid in that same turn are the player's
        own, not partner's: six 8s committed, the seventh added, then the kings and the discard: 200."""
        state = new(hands_with(s0=OUT), stock="9H")
        act(state, "draw", *lays(1, "8C 8D 8H 8S 8C 8D"), *lays(2, "KC KD KH KS"), "commit", "add 8H 8",
            "discard 9H")
        items = last(state)
        assert items["going out concealed"] == 200 and items["1 natural canasta"] == 500

    def test_asking_partner_and_the_answer_binds(self) -> None:
        """Asking partner (NOTES): the partner answers as a choice of its own; after "no" the player may not
        go out this turn."""
        state = new(hands_with(s0=OUT), stock="9H")
        act(state, "draw", "ask")
        assert state.to_move == (2,) and legal(state) == ["yes", "no"]
        refused(state, 2, "draw", rule="asking partner")
        act(state, "no")
        assert state.to_move == (0,) and "ask" not in legal(state)
        act(state, *lays(1, EIGHTS), *lays(2, "KC KD KH KS"))
        refused(state, 0, "commit", rule="going out")

    def test_told_yes_and_not_going_out_costs_a_hundred(self) -> None:
        """After "yes" a player who does not go out loses 100 for the side (NOTES)."""
        state = new(hands_with(s0=KINGS), stock="5H")
        act(state, "draw", "ask", "yes", *OPEN, "commit", "discard 5H")
        assert state.penalties == [100, 0]
        assert "seat 0 was told yes and did not go out: 100 off" in state.view(1).log


class TestEndOfStock:
    def test_a_red_three_drawn_last_ends_the_deal_without_a_discard(self) -> None:
        """The stock's last card a red 3: the player melds, then the deal ends with no discard (NOTES)."""
        state = new(hands_with(s0=KINGS))
        run_down(state, "3H")
        act(state, "draw")
        assert not any(a.startswith("discard") for a in legal(state)) and "end" in legal(state)
        act(state, *OPEN, "commit", "end")
        assert len(state.hand_results) == 1 and last(state)["1 red 3"] == 100

    def _kings_opened(self, discard: str, s0: str = KINGS) -> CanastaState:
        """Seat 0 opens with kings; the others draw and discard; the stock runs out before seat 3's discard."""
        s3 = f"4S 5S 6S 7S 9S 10S JS QS 7S JS {discard}"
        state = new(hands_with(s0=s0, s3=s3), stock="5H 5D 6H 6D")
        act(state, "draw", *OPEN, "commit", "discard 5H", "draw", "discard 5D", "draw", "discard 6H", "draw")
        run_down(state, "")
        act(state, f"discard {discard}")
        return state

    def test_with_no_stock_a_discard_that_goes_on_the_sides_meld_must_be_taken(self) -> None:
        """No stock: the top card that goes on the side's meld must be taken (NOTES)."""
        state = self._kings_opened("KS")
        assert state.to_move == (0,) and legal(state) == ["take"]
        act(state, "take", "commit")
        assert state.view(0).table["side_0_melds"][0] == ["KC", "KD", "KH", "KS"]

    def test_with_no_stock_a_player_who_cannot_take_ends_the_deal(self) -> None:
        """No stock: a player who cannot use the discard ends the deal, by the same ``end`` as one who will
        not (NOTES; choice 11)."""
        state = self._kings_opened("4S")
        assert legal(state) == ["end"]
        act(state, "end")
        assert len(state.hand_results) == 1 and "seat 0: end" in state.view(1).log

    def test_with_no_stock_a_player_may_decline_a_discard_and_end_the_deal(self) -> None:
        """No stock: a player able to take the pile for a new meld may decline it, which ends the deal
        (choice 11)."""
        state = self._kings_opened("QS", s0=KINGS.replace("9C 10C", "QC QC"))
        assert legal(state) == ["take", "end"]
        act(state, "end")
        assert len(state.hand_results) == 1

    def test_one_card_may_not_take_a_one_card_pile(self) -> None:
        """With a single card in hand a player may not take a one-card pile, though a longer one (NOTES)."""
        s3 = "4S 5S 6S 7S 9S 10S JS QS 7S JS KS"
        state = new(hands_with(s0=OUT, s3=s3), stock="9H 5D 5H 6H")
        act(state, "draw", *lays(1, EIGHTS), *lays(2, "KC KD KH"), "commit", "discard 9H", "draw", "discard 5D",
            "draw", "discard 5H", "draw", "discard KS")
        assert state.hands[0].bit_count() == 1 and "take" in legal(state)
        state.pile = state.pile[-1:]             # as if the pile had been taken and one card thrown on it
        assert legal(state) == ["draw"]


class TestScoring:
    def test_red_threes_count_minus_for_a_side_that_has_not_melded(self) -> None:
        """Red 3s: 100 each, all four 800, and minus for a side with no meld (source text, NOTES)."""
        state = new(hands_with(s1="3H 3H 3D 3D 6D 7D 8D 9D 10D JD QD"), stock="KD AD 4D 5D")
        run_down(state, "")
        act(state, "end")
        side1 = {r.text: r.points for r in state.hand_results[-1].reasons if r.seat == 1}
        assert side1["4 red 3s with no meld"] == -800

    def test_the_cards_left_in_both_partners_hands_count_against_the_side(self) -> None:
        """Scoring: bonuses and melded cards, less the cards in both partners' hands (NOTES)."""
        state = new()
        run_down(state, "")
        act(state, "end")
        assert last(state)["cards left in hand"] == -hand_points(PLAIN[0], PLAIN[2])

    def test_a_mixed_canasta_scores_three_hundred(self) -> None:
        """Canastas: natural 500, mixed 300, beside the cards' values (source text)."""
        state = new(hands_with(s0="8C 8C 8D 8H 8S 2C JK KC KD KH KS"), stock="9H")
        act(state, "draw", *lays(1, "8C 8C 8D 8H 8S 2C JK"), *lays(2, "KC KD KH KS"), "commit", "discard 9H")
        items = last(state)
        assert items["1 mixed canasta"] == 300 and items["cards melded"] == 50 + 20 + 50 + 40


class TestMatch:
    def test_the_game_ends_at_the_target_with_the_higher_total_winning(self) -> None:
        """Game: to 5,000 (``target``), the higher total winning (NOTES); here a target of 100."""
        state = new(hands_with(s0=OUT), stock="9H", target=100, deals=0)
        act(state, "draw", *GO_OUT)
        assert state.is_over and state.result().winners == (0, 2)

    def test_below_the_target_the_next_deal_is_dealt(self) -> None:
        """Below the target, with ``deals=0``, the deal passes left and the game goes on."""
        state = new(hands_with(s0=OUT), stock="9H", deals=0)
        act(state, "draw", *GO_OUT)
        assert not state.is_over and state.hand_number == 2 and state.dealer == 0 and state.to_move == (1,)

    def test_by_default_the_game_goes_on_past_ten_deals_until_a_side_reaches_the_target(self) -> None:
        """Game (the text, NOTES; choice 12): by default the game is played to 5,000, however many deals that
        takes; ten deals ended below the target (each with the stock run out) leave it going on."""
        assert {o.name: o.default for o in parlour.game_info(GAME).options}["deals"] == 0
        state = parlour.new_game(GAME, seed=1, deal={"pack": pack_for(PLAIN, "9C")})
        for _ in range(10):
            run_down(state, "")
            act(state, "end")
        assert not state.is_over and state.hand_number == 11 and max(state.scores()) < 5_000

    def test_a_game_that_meets_the_safety_bound_says_so(self) -> None:
        """Choice 12: a game to the target still below it after the safety bound of deals (40 at 5,000, the
        measured longest game three times over) stops there, the higher total winning, and its result
        names the bound and the target."""
        state = parlour.new_game(GAME, seed=1, deal={"pack": pack_for(PLAIN, "9C")})
        while not state.is_over:
            run_down(state, "")
            act(state, "end")
        result = state.result()
        assert len(state.hand_results) == 40 and result.ended_early is not None
        assert result.text.startswith("no side reached 5,000 within the safety bound of 40 deals, so the game ends")
        assert set(result.winners) in ({0, 2}, {1, 3})

    def test_the_safety_bound_grows_with_a_higher_target(self) -> None:
        """Choice 12: the bound is in proportion to the target above the book's (80 deals at 10,000), at
        most 100, and an explicit ``deals`` replaces it."""
        for target, bound in ((5_000, 40), (10_000, 80), (50_000, 100), (1_000, 40)):
            state = parlour.new_game(GAME, seed=1, target=target)
            assert isinstance(state, CanastaState) and state._bound() == bound
        assert parlour.new_game(GAME, seed=1, deals=12).hands_in_game == 12

    def test_the_deals_option_bounds_the_game(self) -> None:
        """Choice 12: after ``deals`` deals the game ends, the higher total winning."""
        state = new(deals=1)
        run_down(state, "")
        act(state, "end")
        assert state.is_over and len(state.hand_results) == 1


class TestHiddenInformation:
    def test_twins_differing_only_in_a_hidden_hand_look_the_same_to_a_seat(self) -> None:
        """Leak test: two deals that differ only in cards of seat 1's hand and the stock, which seat 0 cannot
        see, give seat 0 identical views, legal lists, refusals, logs and ``to_move`` along the same play."""
        one = new(hands_with(s1="9D 9D 4D 5D 6D 7D 8D 10D JD QD KD"), stock="5H 6H 4H")
        two = new(hands_with(s1="9H 10H 4D 5D 6D 7D 8D 9D JD QD KD"), stock="5H 6H 4H")
        for step in ("draw", "discard 9C", "draw", "discard 4D"):
            assert one.view(0) == two.view(0) and one.to_move == two.to_move
            assert legal(one, 0) == legal(two, 0)
            for state in (one, two):
                with pytest.raises(parlour.IllegalAction) as error:
                    state.apply(0, "discard JK")
                assert error.value.rule is not None
            act(one, step)
            act(two, step)
        assert one.view(0).log == two.view(0).log

    def test_sampled_worlds_keep_the_pile_taken_in_the_takers_hand(self) -> None:
        """The pile taken is public: every world sampled for another seat keeps its cards in the hand."""
        state = new(hands_with(s1=TAKER), stock="5H")
        act(state, "draw", "discard KC")
        pile = 1 << state.pile[0]
        act(state, "take", *lays(1, "KD KH"), *lays(2, "AD AH AS"), "commit")
        assert state.hands[1] & pile == pile
        for k in range(6):
            world = state.sample_world(2, random.Random(k))
            assert isinstance(world, CanastaState) and world.hands[1] & pile == pile
            assert world.view(2) == state.view(2)

    def test_every_view_shows_the_cards_seen_going_into_a_hand_until_they_leave_it(self) -> None:
        """Choice 13: the pile's other cards go to the taker's hand in everyone's sight, so every view lists
        them as known held (``extra["known_held"]``) until they are played."""
        state = new(hands_with(s1=TAKER), stock="5H")
        act(state, "draw", "discard KC", "take", *lays(1, "KD KH"), *lays(2, "AD AH AS"), "commit")
        assert all(state.view(s).extra["known_held"] == [[], ["9C"], [], []] for s in range(4))
        act(state, "discard 9C")
        assert state.view(0).extra["known_held"] == [[], [], [], []]

    def test_refusals_name_their_rule_and_change_nothing(self) -> None:
        """Bad input: an out-of-phase action is refused by rule, and nothing observable changes."""
        state = new()
        before = observed(state)
        refused(state, 0, "discard 9C", rule="the turn")
        refused(state, 0, "take", rule="taking the pile")
        assert observed(state) == before


# Seat 1 holds every 8 and three kings: it goes out on its first turn.
SHORT = hands_with(s0=PLAIN[0].replace("8C", "9C"), s1="8C 8D 8H 8S 8C 8D 8H 8S KC KD KH")


def kings_melded_by_seat_1(pile: str) -> CanastaState:
    """Seat 1 melds six kings (its side's first meld) and a round later seat 0, holding the seventh king and
    one card of each other rank in clubs, has drawn and must discard; ``pile`` is the deal's upcards."""
    state = new(hands_with(s1="KD KD KH KH KS KS 4D 5D 6D 9D 10D"), pile=pile, stock="5H 6H 5S 6S 8H")
    act(state, "draw", "discard 5H", "draw", *lays(1, "KD KD KH KH KS KS"), "commit", "discard 4D",
        "draw", "discard 5S", "draw", "discard 6S", "draw")
    return state


class TestBots:
    def test_heuristic_games_end_within_max_actions(self) -> None:
        """Whole games by heuristic bots end within ``max_actions`` from many seeds, and one to 5,000."""
        for seed in range(6):
            state = parlour.new_game(GAME, seed=seed, **({"deals": 0} if seed == 0 else {}))
            bots_to_end(state, [make_bot("heuristic", GAME, seed=seed * 4 + s) for s in range(4)])
            assert state.is_over and len(state.history) <= state.info.max_actions
        assert max(state.scores()) > 0

    def test_heuristic_beats_random_with_95_percent_confidence(self) -> None:
        """A heuristic side against a random side, the sides alternating, over 30 seeded games of one deal:
        the Wilson interval of its win rate lies above one half."""
        wins = 0
        for seed in range(30):
            state = parlour.new_game(GAME, seed=seed, deals=1)
            smart = seed % 2
            bots = [make_bot("heuristic" if s % 2 == smart else "random", GAME, seed=seed * 4 + s) for s in range(4)]
            bots_to_end(state, bots)
            wins += state.scores()[smart] > state.scores()[1 - smart]
        rate, low, _ = wilson_interval(wins, 30)
        assert low > 0.5, (rate, low)

    def test_the_heuristic_takes_the_pile_melds_and_blocks_with_a_black_three(self) -> None:
        """The heuristic takes the pile when it may, lays its melds, and discards a black 3 first."""
        heuristic = make_bot("heuristic", GAME, seed=0)
        state = new(hands_with(s0="3C " + " ".join(PLAIN[0].split()[1:]), s1=TAKER), stock="5H")
        act(state, "draw")
        assert heuristic.choose(state.view(0)) == "discard 3C"
        act(state, "discard KC")
        assert heuristic.choose(state.view(1)) == "take"
        while "withdraw" in legal(state) or "take" in legal(state):
            act(state, heuristic.choose(state.view(1)))
        assert state.view(1).table["side_1_melds"] == [["KC", "KD", "KH"], ["AD", "AH", "AS"]]

    def test_the_expert_throws_a_card_of_their_meld_when_a_frozen_pile_keeps_it_from_them(self) -> None:
        """Considered discard (a frozen pile needs a natural pair): with a wild in the pile, seat 1's side has
        melded six kings and seat 0 holds the seventh, so no one can hold the pair seat 1 would need. The
        expert throws that king; the rule of thumb keeps it back as a card of their meld and throws a card
        the next player may pair."""
        state = kings_melded_by_seat_1(pile="2D 9C")
        view = state.view(0)
        assert view.table["pile_frozen"] and "discard KC" in view.legal_actions
        assert {choose_considered(view, random.Random(k)) for k in range(8)} == {"discard KC"}
        assert "discard KC" not in {heuristic_play(view, random.Random(k)) for k in range(8)}
        assert considered_of(GAME) is choose_considered

    def test_the_chance_the_next_player_takes_reads_the_pile_and_their_melds(self) -> None:
        """What the considered discard weighs: a card onto their meld of an unfrozen pile is taken for
        certain; frozen, only a pair takes it, and no one holds two of a rank whose other copies are all in
        sight; a wild or a black 3 is never taken; another card lies in between."""
        frozen, unfrozen = (kings_melded_by_seat_1(pile=pile).view(0) for pile in ("2D 9C", "9C"))
        assert pile_seen(frozen.log) == ["2D", "9C", "5H", "4D", "5S", "6S"] and frozen.table["pile"] == 6
        king, ace, wild, black = (Card.parse(face) for face in ("KC", "AC", "2C", "3S"))
        assert NextTaker(unfrozen, CANASTA, pile_seen(unfrozen.log)).chance(king) == 1.0
        taker = NextTaker(frozen, CANASTA, pile_seen(frozen.log))
        assert taker.chance(king) == 0.0 and taker.chance(wild) == 0.0 and taker.chance(black) == 0.0
        assert 0.0 < taker.chance(ace) < 0.5

    def test_the_view_marks_canastas_natural_and_mixed(self) -> None:
        """The table shows each side's melds grouped, and names its canastas natural or mixed."""
        state = new(hands_with(s0="8C 8C 8D 8H 8S 2C JK KC KD KH KS"), stock="9H")
        act(state, "draw", *lays(1, "8C 8C 8D 8H 8S 2C JK"), *lays(2, "KC KD KH"), "commit")
        view = state.view(3)
        assert view.extra["canastas"] == [["mixed canasta of 8s"], []]
        assert view.table["side_0_melds"] == [["8C", "8C", "8D", "8H", "8S", "2C", "JK"], ["KC", "KD", "KH"]]

    def test_ismcts_plays_a_whole_game_legally(self) -> None:
        """``ismcts:50`` at seat 0 with heuristics, on a deal seat 1 ends on its first turn by going out."""
        state = new(SHORT, pile="9S", stock="5H 6H")
        bots = [make_bot("ismcts:50", GAME, seed=1), *(make_bot("heuristic", GAME, seed=s) for s in (2, 3, 4))]
        bots_to_end(state, bots)
        assert state.is_over

    def test_the_game_plays_in_the_terminal(self) -> None:
        """``parlour play canasta``: a person draws and discards by typing, bots play the other seats."""
        console = Console(file=io.StringIO(), width=140)
        deal = json.dumps({"pack": pack_for(SHORT, "9S", "5H 6H")})
        lines = iter(["draw", "discard 9C"])
        code = main(["play", GAME, "--seats", "human,heuristic,heuristic,heuristic", "--seed", "1",
                     "--option", f"deal={deal}", "deals=1"], input_fn=lambda _prompt: next(lines), console=console)
        out = console.file.getvalue()  # type: ignore[attr-defined]
        assert code == 0 and "Game over" in out


class TestMeldBoard:
    """What the view tells a meld board (issue 39, item 4), all of it public: each side's melds in words, their
    wild cards, a closed canasta's kind and bonus; the pile's frozen state under its own kind; the moves in a
    table's words."""

    def test_each_meld_is_named_with_its_wild_cards_and_a_closed_canasta_its_kind_and_bonus(self) -> None:
        """Canastas: a meld of seven or more is closed, natural (500) or mixed (300) (source text; choice 7's
        wilds, 2s and jokers): the notes name the kings, mark the 2 and the joker among the eights, and call
        the eights a mixed canasta worth 300."""
        state = new(hands_with(s0="8C 8C 8D 8H 8S 2C JK KC KD KH KS"), stock="9H 4D")
        act(state, "draw", *lays(1, "8C 8C 8D 8H 8S 2C JK"), *lays(2, "KC KD KH"), "commit")
        view = state.view(2)                      # partner's view, the same as any seat's: public facts
        assert view.kinds["extra"]["meld_notes"] == "meld_notes"
        notes = view.extra["meld_notes"]
        assert notes["side_0_melds"]["verbs"] == ["add"] and notes["side_0_melds"]["side"] == 0
        eights, kings = notes["side_0_melds"]["melds"]
        assert [view.table["side_0_melds"][0][k] for k in eights["wilds"]] == ["2C", "JK"]
        assert (eights["ref"], eights["label"], eights["closed"], eights["natural"], eights["bonus"]) == (
            "8", "eights", "mixed canasta", False, 300)
        assert (kings["ref"], kings["label"], kings["closed"], kings["natural"], kings["bonus"], kings["wilds"]) == (
            "K", "kings", None, True, None, [])
        assert notes["side_1_melds"]["melds"] == [] and notes["staged"] == {"verbs": ["lay"], "side": None, "melds": []}
        assert state.view(1).extra["meld_notes"] == notes and state.view(None).extra["meld_notes"] == notes

    def test_a_natural_canasta_is_noted_natural_with_its_five_hundred(self) -> None:
        """Canastas: seven of a rank with no wild card is a natural canasta, 500 (source text)."""
        state = new(hands_with(s0=OUT), stock="9H")
        act(state, "draw", *lays(1, EIGHTS))
        (staged,) = state.view(0).extra["meld_notes"]["staged"]["melds"]
        assert (staged["ref"], staged["label"], staged["closed"], staged["natural"], staged["bonus"]) == (
            "1", "eights", "natural canasta", True, 500)

    def test_the_frozen_pile_is_declared_by_its_own_kind(self) -> None:
        """The pile frozen by a wild card turned up (NOTES: upcard) is said under the kind "frozen", so that a
        table marks it on the pile and not as any yes-or-no fact."""
        frozen, plain = new(pile="2C 3H 9C").view(0), new().view(0)
        assert frozen.kinds["table"]["pile_frozen"] == "frozen"
        assert frozen.table["pile_frozen"] is True and plain.table["pile_frozen"] is False

    def test_the_moves_are_worded_for_the_table(self) -> None:
        """Choice 4's small steps, in a table's words: a card laid starts a meld or joins one being laid, a
        card added goes to the side's meld of its rank, a discard ends the turn. Only the seat to move is
        told."""
        state = new(hands_with(s0=KINGS), stock="KS")
        act(state, "draw")
        labels = state.action_labels(0)
        assert labels["lay KC 1"] == "start a meld" and labels["discard KC"] == "discard: ends your turn"
        act(state, *OPEN[:2])
        labels = state.action_labels(0)
        assert labels["lay KH 1"] == "add to the kings you are laying" and labels["lay AC 2"] == "start a meld"
        assert labels["withdraw"] == "take these melds back"
        act(state, *OPEN[2:], "commit")
        assert state.action_labels(0)["add KS K"] == "add to your kings"
        assert state.action_labels(1) == {}

    def test_a_discard_ends_the_turn_and_says_so_by_its_family(self) -> None:
        """A turn ends with its discard (source text): the discard's kind declares the family "discard", for
        a table that asks for a second click before throwing the card."""
        state = new(stock="9H")
        act(state, "draw")
        assert families_of(state.legal_actions(0))["discard"] == "discard"
