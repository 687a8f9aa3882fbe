"""Kowah (rules/source/kowah.txt, with rules/NOTES.md "Kowah"): one test per rule, on prepared deals."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Sequence
from typing import Any

import pytest
from rich.console import Console
from table import act, bots_to_end, observed, refused

import parlour
from parlour.bots import make_bot
from parlour.bots.heuristics.kowah import choose_considered, pattern, race, unseen
from parlour.bots.levels import searched
from parlour.cards import Card, bit_indices, parse_cards
from parlour.cli.main import main
from parlour.engine import IllegalAction
from parlour.engine.actions import families_of
from parlour.errors import DealError
from parlour.games.kowah import (
    DEAL_ACTIONS,
    FACES,
    PACK,
    KowahState,
    Phase,
    awaits,
    counts_of,
    hand_needs,
    needs,
    rests,
)
from parlour.sim.stats import wilson_interval

GAME = "kowah"
AD = PACK.face_number[Card.parse("AD")]
# Seat 0 holds the first shape round the pair AD; seat 1 holds nothing near a shape.
FIRST_SHAPE = "5S 5H 5D 7H 7S 7D AD AD#2"
SECOND_SHAPE = "5S 5H 5D 7S 7S#2 7D 7D#2 7H"
LOOSE = "2S 3S 4S 6S 8S 9S 2H 3H"
# A hand dealt in shape is declared at the deal (choice 2): to declare in play, a seat is dealt these, one
# card short of the shape and holding 4H, and draws the missing card (AD#2, 7D#2) from the stock's top.
SHORT_OF_FIRST = "5S 5H 5D 7H 7S 7D AD 4H"
SHORT_OF_SECOND = "5S 5H 5D 7S 7S#2 7D 7H 4H"
LOOSE_TOO = "2D 3D 4D 6D 8D 9D 8H 9H"


def new(hands: Sequence[str], stock: str = "", seed: int = 0, **options: Any) -> KowahState:
    deal = {"hands": [hand.split() for hand in hands], "stock": stock.split()}
    state = parlour.new_game(GAME, players=len(hands), seed=seed, deal=deal, **options)
    assert isinstance(state, KowahState)
    return state


def legal(state: parlour.State, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def hand_counts(cards: str) -> tuple[int, ...]:
    return counts_of(sum(1 << PACK.index[card] for card in parse_cards(cards)))


def faces(mask: int) -> list[str]:
    return [str(FACES[f]) for f in bit_indices(mask)]


def declared(stock: str = "AD#3", hands: Sequence[str] = (SHORT_OF_FIRST, LOOSE)) -> KowahState:
    """Seat 0 draws AD#2 from the stock's top, declares checki on its pair of AD and throws 4H; ``stock``
    follows."""
    state = new(hands, f"AD#2 {stock}")
    act(state, "draw stock", "checki AD", "discard 4H")
    return state


def two_checki(stock: str) -> KowahState:
    """Three players: seat 0 declares on AD, seat 2 on KC, each window checked on the way; then seat 1
    draws the fifth card of ``stock`` (after seat 0's AD#2), shown to both checki players."""
    state = new([SHORT_OF_FIRST, LOOSE, "2S#2 2S#3 2S#4 3S#2 3S#3 3S#4 KC 9D"], f"AD#2 {stock}")
    act(state, "draw stock", "checki AD", "discard 4H")
    for seat, action, window in ((1, "draw stock", (0,)), (0, "decline", None), (1, "discard 6H", (0,)),
                                 (0, "decline", None), (2, "draw stock", (0,)), (0, "decline", None),
                                 (2, "checki KC", None), (2, "discard 9D", (0,)), (0, "decline", None),
                                 (0, "draw stock", (2,)), (2, "decline", None), (0, "discard 8D", (2,)),
                                 (2, "decline", None)):
        state.apply(seat, action)
        assert window is None or (state.window is not None and state.window.order == window)
    assert state.view(1).log.count("seat 0 shows the card drawn: 8D") == 1
    state.apply(1, "draw stock")
    return state


class TestDeal:
    def test_the_pack_is_four_copies_of_thirty_cards(self) -> None:
        """Setup: ace to nine of three suits and the clubs' J Q K, four copies each: 120 cards."""
        assert len(PACK) == 120 and len(FACES) == 30
        assert all(PACK.face_masks[f].bit_count() == 4 for f in range(30))
        assert {str(f) for f in FACES if f.suit is not None and f.suit.letter == "C"} == {"JC", "QC", "KC"}

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_eight_cards_each_the_rest_is_the_stock_and_the_dealers_left_begins(self, players: int) -> None:
        """Setup: eight each, the stub is the stock; the first dealer is the last seat, so seat 0 begins."""
        state = parlour.new_game(GAME, players=players, seed=3)
        assert isinstance(state, KowahState)
        assert [h.bit_count() for h in state.hands] == [8] * players
        assert len(state.stock) == 120 - 8 * players and state.pile == []
        assert state.dealer == players - 1 and state.to_move == (0,)

    def test_a_stacked_pack_is_dealt_one_card_at_a_time_from_the_dealers_left(self) -> None:
        """The book's deal: a stacked pack of two players gives seat 0 the 1st, 3rd, ... cards."""
        pack = [str(c) for c in PACK.cards]
        state = parlour.new_game(GAME, players=2, seed=0, deal={"pack": pack})
        assert isinstance(state, KowahState)
        assert state.hands[0] == sum(1 << i for i in range(0, 16, 2))
        assert state.stock.top_first()[0] == 16

    def test_a_prepared_deal_of_the_wrong_shape_is_refused(self) -> None:
        """Bad input: a prepared deal with an unknown part, a card dealt twice or a later deal of a list that
        does not fit is refused by ``new_game``, before play, saying why."""
        good = {"hands": [SHORT_OF_FIRST.split(), LOOSE.split()], "stock": ["AD#2"]}
        with pytest.raises(DealError, match="it has no 'widow'"):
            parlour.new_game(GAME, players=2, deal={"hands": [LOOSE.split()], "widow": []})
        with pytest.raises(DealError, match="names a card twice, or one another hand holds"):
            parlour.new_game(GAME, players=2, deal={"hands": [LOOSE.split(), LOOSE.split()]})
        with pytest.raises(DealError, match="deal 2 of the list: the stock: 'JK' is not a card of the kowah-120"):
            parlour.new_game(GAME, players=2, deal=[good, {**good, "stock": ["JK"]}])
        for bad in (5, "xyz", [5], {"pack": ["AD"]}, {"hands": [LOOSE.split(), ["AD#9"] * 8]}):
            with pytest.raises(DealError):
                parlour.new_game(GAME, players=2, deal=bad)


class TestTurn:
    def test_the_first_turn_draws_from_the_stock_only(self) -> None:
        """Game play: the first player draws from the stock (there is no discard yet)."""
        state = new([FIRST_SHAPE, LOOSE])
        assert legal(state, 0) == ["draw stock"]
        refused(state, 0, "draw discard", "first draw from the stock")

    def test_a_turn_is_a_draw_then_a_discard_and_the_next_may_take_it(self) -> None:
        """Game play: draw, discard face up, the turn passes left; later turns draw from either pile."""
        state = new([LOOSE, LOOSE_TOO], "KC")
        act(state, "draw stock")
        assert state.phase is Phase.DISCARD and state.hands[0].bit_count() == 9
        refused(state, 0, "draw stock", "draw then discard")
        act(state, "discard KC")
        assert state.to_move == (1,) and state.view(1).table["discard"] == ["KC"]
        assert legal(state, 1) == ["draw stock", "draw discard"]
        act(state, "draw discard")
        assert state.pile == [] and "KC" in state.view(1).hand

    def test_the_discard_may_be_taken_on_turns_running(self) -> None:
        """Game play (the text): after the first turn either top card may be drawn, whatever the last
        turn drew."""
        state = new([LOOSE, LOOSE_TOO], "KC")
        act(state, "draw stock", "discard KC", "draw discard", "discard 2D")
        assert legal(state, 0) == ["draw stock", "draw discard"]
        act(state, "draw discard")
        assert state.view(0).extra["taken"] == "2D"

    def test_the_card_taken_is_not_thrown_back(self) -> None:
        """Choice 7: the card taken from the pile, or a copy of its face, is not discarded that turn."""
        state = new([LOOSE, LOOSE_TOO], "KC")
        act(state, "draw stock", "discard KC", "draw discard")
        assert "discard KC" not in legal(state, 1)
        refused(state, 1, "discard KC", "not thrown back")
        act(state, "discard 2D", "draw stock")
        assert state.view(0).extra["taken"] is None

    def test_no_copy_of_the_face_taken_from_the_pile_is_thrown_back(self) -> None:
        """Choice 7 (the rules page: not the card just taken): the copies of a face are alike, so once KC is
        taken from the pile no KC may go that turn, neither the copy taken nor the one already held."""
        state = new([LOOSE, "KC 3D 4D 6D 8D 9D 8H 9H"], "KC#2")
        act(state, "draw stock", "discard KC", "draw discard")
        assert state.view(1).hand.count("KC") == 2 and "discard KC" not in legal(state, 1)
        refused(state, 1, "discard KC", "not thrown back")
        act(state, "discard 3D")
        assert state.view(0).table["discard"] == ["3D"]

    def test_a_checki_player_takes_the_pile_only_if_another_face_may_then_go(self) -> None:
        """Choice 7 with choice 3: a checki player's discards keep its hand, so a discarded 9H, which only a
        9H thrown back would leave it keeping, may not be taken (only the stock is drawn); a 5S may be, as
        5H or 5D may then go in its place, while no 5S may."""
        hand_1 = "9H 5S#2 4S 6S 8S 9S 2H 3H"
        state = new([FIRST_SHAPE, hand_1], "4H KC")
        act(state, "draw stock", "discard 4H", "draw stock", "decline", "discard 9H", "decline")
        assert legal(state, 0) == ["draw stock"]
        refused(state, 0, "draw discard", "not thrown back")
        state = new([FIRST_SHAPE, hand_1], "4H KC")
        act(state, "draw stock", "discard 4H", "draw stock", "decline", "discard 5S", "decline")
        assert legal(state, 0) == ["draw stock", "draw discard"]
        act(state, "draw discard")
        assert legal(state, 0) == ["discard 5D", "discard 5H"]
        refused(state, 0, "discard 5S", "not thrown back")
        act(state, "discard 5H")
        assert state.to_move == (1,) and state.view(1).seats[0]["face_up"] == ["AD", "AD"]

    def test_no_checki_is_declared_that_only_throwing_back_the_card_taken_would_keep(self) -> None:
        """Choice 7 with choice 2: seat 0 holds a checki hand undeclared and takes 6H from the pile; only
        throwing 6H back would leave the shape, so it may not declare (and every other card may go)."""
        state = new(["5S 5H 5D 7H 7S AD AD#2 KC", LOOSE], "7D 6H")
        act(state, "draw stock", "discard KC", "draw stock", "discard 6H", "draw discard")
        assert sorted(legal(state, 0)) == sorted(f"discard {c}" for c in ("AD", "5S", "5D", "5H", "7S", "7D", "7H"))
        refused(state, 0, "checki AD", "checki shape")

    def test_two_copies_held_make_one_action_by_face(self) -> None:
        """Packs with copies: two AD held, one ``discard AD``; naming a copy is refused."""
        state = new(["AD AD#2 2S 3S 4S 6S 8S 2H", LOOSE_TOO], "4H")
        act(state, "draw stock")
        assert legal(state, 0).count("discard AD") == 1 and state.view(0).hand.count("AD") == 2
        refused(state, 0, "discard AD#2", "by face")
        refused(state, 0, "discard 9H", "discard from your hand")
        act(state, "discard AD")
        assert state.pile == [PACK.index[Card.parse("AD")]]   # the lowest copy held


class TestShapes:
    def test_the_first_shape_awaits_its_identical_pair(self) -> None:
        """Declaring checki, first shape: two threes of a rank and an identical pair awaits that pair."""
        assert faces(hand_needs(PACK.mask(parse_cards(FIRST_SHAPE)))) == ["AD"]
        assert faces(hand_needs(PACK.mask(parse_cards("JC JC#2 JC#3 QC QC#2 QC#3 KC KC#2")))) == ["KC"]

    def test_the_second_shape_awaits_either_pair(self) -> None:
        """Second shape (notes 3): a five made of two identical pairs and one more awaits either pair."""
        assert faces(hand_needs(PACK.mask(parse_cards(SECOND_SHAPE)))) == ["7S", "7D"]

    def test_a_pair_of_the_same_rank_but_not_the_same_suit_is_no_shape(self) -> None:
        """Identical means rank and suit: AD with AH is no pair, and a hand of it awaits nothing."""
        assert hand_needs(PACK.mask(parse_cards("5S 5H 5D 7H 7S 7D AD AH"))) == 0
        assert hand_needs(PACK.mask(parse_cards("5S 5S#2 5D 7H 7S 7D 9D AD"))) == 0

    def test_every_rest_completes_the_shape_round_the_pair(self) -> None:
        """The builder's list: each six cards listed with two AD make a hand awaiting AD, both shapes
        among them, and no face beyond its four copies."""
        ad = PACK.face_number[Card.parse("AD")]
        listed = rests(ad)
        for rest in listed[::50]:
            hand = tuple(n + 2 * (f == ad) for f, n in enumerate(rest))
            assert needs(hand) >> ad & 1 and max(hand) <= 4
        assert any(sum(rest[f] for f in range(30) if FACES[f].rank == FACES[ad].rank) == 3 for rest in listed)


class TestChecki:
    def test_checki_is_declared_after_the_draw_and_shows_the_pair(self) -> None:
        """Choice 2: ``checki AD`` after drawing shows both AD face up; they stay in the hand."""
        state = new([SHORT_OF_FIRST, LOOSE], "AD#2")
        act(state, "draw stock")
        assert "checki AD" in legal(state, 0)
        act(state, "checki AD")
        seat = state.view(1).seats[0]
        assert seat["face_up"] == ["AD", "AD"] and "checki" in seat["status"]
        assert state.view(1).log[-1] == "seat 0 declares checki, showing AD AD"
        assert state.view(0).hand.count("AD") == 2 and state.phase is Phase.DISCARD

    def test_either_pair_of_the_second_shape_may_be_shown(self) -> None:
        """Declaring checki (second shape): either identical pair may be laid face up."""
        state = new([SHORT_OF_SECOND, LOOSE], "7D#2")
        act(state, "draw stock")
        assert [a for a in legal(state, 0) if a.startswith("checki")] == ["checki 7S", "checki 7D"]

    def test_checki_is_a_declaration_and_a_discard_ends_the_turn_by_their_families(self) -> None:
        """Choice 2 and the turn (draw, then discard): ``checki`` declares the family "declare", a move the hand
        allows at a moment of the player's choosing, for a table that draws it as a button lit while the hand
        allows it; the discard the family "discard", which ends the turn, for a table that asks twice."""
        state = new([SHORT_OF_FIRST, LOOSE], "AD#2")
        act(state, "draw stock")
        assert families_of(state.legal_actions(0)) == {"checki": "declare", "discard": "discard"}
        act(state, "checki AD")
        assert families_of(state.legal_actions(0)) == {"discard": "discard"}

    def test_a_hand_of_no_shape_cannot_declare(self) -> None:
        """Declaring checki: only a hand of one of the two shapes may declare (choice 2)."""
        state = new([LOOSE, LOOSE_TOO], "4H")
        act(state, "draw stock")
        assert not [a for a in legal(state, 0) if a.startswith("checki")]
        refused(state, 0, "checki 2S", "checki shape")

    def test_checki_is_declared_once(self) -> None:
        """Choice 2: a player declares checki once a deal; a second declaration is refused."""
        state = new([SHORT_OF_FIRST, LOOSE], "AD#2")
        act(state, "draw stock", "checki AD")
        refused(state, 0, "checki AD", "one checki")

    def test_the_declared_hand_stands(self) -> None:
        """Choice 3: after declaring, a discard that breaks the hand is refused; 4H, the odd card, may go."""
        state = new([SHORT_OF_FIRST, LOOSE], "AD#2")
        act(state, "draw stock", "checki AD")
        assert legal(state, 0) == ["discard 4H"]
        refused(state, 0, "discard 5S", "checki stands")


class TestDealtChecki:
    def test_a_hand_dealt_in_checki_shape_is_declared_at_the_deal_and_its_first_draw_may_win(self) -> None:
        """Declaring checki upon forming the hand (the text; choice 2): a hand dealt in checki shape is formed
        at the deal, so it is declared before the first turn, its pair shown, and its holder's first draw of
        the third copy wins."""
        state = new([FIRST_SHAPE, LOOSE], "AD#3 4H")
        assert state.view(1).seats[0]["face_up"] == ["AD", "AD"] and "checki" in state.view(1).seats[0]["status"]
        assert state.view(1).log[-1] == "seat 0 declares checki, showing AD AD" and state.to_move == (0,)
        assert legal(state, 0) == ["draw stock"]
        act(state, "draw stock")
        assert state.is_over and state.result().winners == (0,)
        assert state.hand_results[0].summary == "seat 0 draws it from the stock: a third AD, and wins"

    def test_a_hand_dealt_in_checki_shape_claims_from_the_first_card_on(self) -> None:
        """Declaring checki upon forming the hand (the text; choice 2): seat 1, dealt a checki hand, has
        declared before seat 0's first turn, so seat 0's first draw is shown to it and seat 0's first
        discard, a third AD, is its to claim."""
        state = new(["AD#3 3S 4S 6S 8S 9S 2H 3H", FIRST_SHAPE], "4H")
        act(state, "draw stock")
        assert state.view(0).log[-1] == "seat 0 shows the card drawn: 4H" and state.to_move == (1,)
        act(state, "decline", "discard AD")
        assert state.to_move == (1,) and legal(state, 1) == ["decline", "claim AD"]
        state.apply(1, "claim AD")
        assert state.result().winners == (1,)
        assert state.hand_results[0].summary == "seat 1 claims it from seat 0's discard: a third AD, and wins"

    def test_either_shape_dealt_is_declared_and_the_lower_pair_shown(self) -> None:
        """Choice 2: a hand dealt in the second shape is declared at the deal too, showing the lower of its
        two pairs in the pack's order; a third copy of either pair wins (notes 3). Other hands are not."""
        state = new([LOOSE, SECOND_SHAPE, LOOSE_TOO], "4H 7D#3")
        assert [s for s in range(3) if state.shown[s] >= 0] == [1]
        assert state.view(0).seats[1]["face_up"] == ["7S", "7S"]
        act(state, "draw stock", "decline", "discard 4H", "decline", "draw stock")
        assert state.result().winners == (1,)


class TestClaims:
    def test_after_checki_the_others_show_their_stock_draws(self) -> None:
        """When a player has declared checki, an opponent's stock draw is shown and offered to the
        checki player alone (choice 5)."""
        state = declared("KC")
        assert state.to_move == (1,) and state.phase is Phase.DRAW   # no window on one's own discard
        state.apply(1, "draw stock")
        assert state.view(0).log[-1] == "seat 1 shows the card drawn: KC" and state.to_move == (0,)
        assert state.view(0).table["offered"] == "KC" and legal(state, 0) == ["decline"]
        state.apply(0, "decline")
        assert state.to_move == (1,) and "KC" in state.view(0).extra["known_held"][1]

    def test_a_third_copy_drawn_by_an_opponent_may_be_claimed_and_wins(self) -> None:
        """When a player has declared checki: a shown draw matching the pair is claimed, and wins."""
        state = declared()
        state.apply(1, "draw stock")
        assert legal(state, 0) == ["decline", "claim AD"]
        state.apply(0, "claim AD")
        assert state.is_over and state.result().winners == (0,) and state.scores() == [1, 0]
        assert state.hand_results[0].summary == "seat 0 claims it from seat 1's draw: a third AD, and wins"

    def test_a_third_copy_discarded_may_be_claimed_out_of_turn(self) -> None:
        """When a player has declared checki: a discard matching the pair is claimed out of turn."""
        state = new([SHORT_OF_FIRST, "AD#3 3S 4S 6S 8S 9S 2H 3H"], "AD#2 KC")
        act(state, "draw stock", "checki AD", "discard 4H", "draw stock", "decline", "discard AD")
        assert state.to_move == (0,) and state.view(0).table["offered"] == "AD"
        state.apply(0, "claim AD")
        assert state.result().winners == (0,)
        assert "from seat 1's discard" in state.hand_results[0].summary

    def test_only_the_card_on_offer_and_only_a_needed_one_may_be_claimed(self) -> None:
        """When a player has declared checki: only the card just shown may be claimed, only as the third
        copy of a pair the hand awaits, and in a window nothing but an answer is allowed."""
        state = declared("KC")
        state.apply(1, "draw stock")
        refused(state, 0, "claim AD", "claim the card on offer")
        refused(state, 0, "claim KC", "claim a third copy")
        refused(state, 0, "draw stock", "claims")

    def test_the_window_goes_round_from_the_left_of_who_drew_or_discarded(self) -> None:
        """Notes 1: the window is offered to the checki players other than the one who drew or discarded,
        in turn order from that player's left. (Two can never both claim one card: each would hold two of
        its face, and with the card on offer that is five of four copies.)"""
        state = two_checki("6H KC#2 8D KC#3")
        assert state.window is not None and state.window.order == (2, 0) and state.to_move == (2, 0)

    def test_a_claim_reads_as_an_answer_until_the_window_closes(self) -> None:
        """Choice 5: answers are secret until the window closes; seat 0 then claims and wins."""
        state = two_checki("6H KC#2 8D AD#3")
        state.apply(2, "decline")
        assert state.view(1).log[-1] == "seat 2: answers" and state.view(2).log[-1] == "seat 2: decline"
        state.apply(0, "claim AD")
        assert state.result().winners == (0,)

    def test_before_any_checki_stock_draws_stay_hidden_and_no_window_opens(self) -> None:
        """When a player has declared checki (and not before): draws are shown and discards offered."""
        state = new([LOOSE, LOOSE_TOO], "KC")
        act(state, "draw stock", "discard 2S")
        assert "KC" not in " ".join(state.view(1).log) and state.to_move == (1,)


class TestWinning:
    def test_a_checki_players_own_stock_draw_of_the_third_copy_wins_at_once(self) -> None:
        """Notes 2: the checki player's own draw completes the triple: it wins, no window."""
        state = declared("KC AD#3")
        act(state, "draw stock", "decline", "discard KC", "decline", "draw stock")
        assert state.result().winners == (0,)
        assert state.hand_results[0].summary == "seat 0 draws it from the stock: a third AD, and wins"

    def test_a_checki_player_may_take_the_discard_to_win(self) -> None:
        """Choice 6: taking the third copy from the discard pile wins too."""
        state = new([SHORT_OF_FIRST, "AD#3 3S 4S 6S 8S 9S 2H 3H"], "AD#2 KC")
        act(state, "draw stock", "checki AD", "discard 4H", "draw stock", "decline", "discard AD", "decline",
            "draw discard")
        assert state.hand_results[0].summary == "seat 0 takes it from the discard pile: a third AD, and wins"

    def test_only_a_declared_player_wins_and_may_throw_its_own_third_copy(self) -> None:
        """Notes 5: a shape not yet declared wins nothing on the third copy; throwing it is legal."""
        state = new(["5S 5H 5D 7H 7S AD AD#2 KC", LOOSE], "7D 6H AD#3")
        act(state, "draw stock", "discard KC", "draw stock", "discard 6H")
        assert hand_needs(state.hands[0]) and state.shown[0] < 0
        act(state, "draw stock")
        assert not state.is_over and "discard AD" in legal(state, 0) and "checki AD" in legal(state, 0)
        act(state, "discard AD")
        assert state.to_move == (1,) and not state.hand_results


class TestEnd:
    def test_a_stock_used_up_leaves_the_deal_void(self) -> None:
        """Notes 4: the stock runs out before a third copy: the hand ends with no winner."""
        state = new([LOOSE, LOOSE_TOO])
        while not state.is_over:
            seat = state.to_move[0]
            state.apply(seat, state.legal_actions(seat)[0])
        result = state.hand_results[0]
        assert result.void and result.winners == () and state.scores() == [0, 0]
        assert state.view(None).log[-1] == "hand 1: void deal: the stock is used up"
        assert state.result().winners == () and len(state.history) <= DEAL_ACTIONS

    def test_several_deals_pass_the_deal_left_and_count_wins(self) -> None:
        """Choice 10: option ``deals``; a win scores a point, the deal passes to the left."""
        state = parlour.new_game(GAME, players=2, seed=1, deals=2,
                                 deal={"hands": [SHORT_OF_FIRST.split(), LOOSE.split()], "stock": ["AD#2", "AD#3"]})
        act(state, "draw stock", "checki AD", "discard 4H", "draw stock", "claim AD")
        assert state.hand_number == 2 and state.scores() == [1, 0]
        assert state.view(0).extra["dealer"] == 0 and state.to_move == (1,)


# --- hidden information ---------------------------------------------------------------------------------
def _twin_views(states: Sequence[KowahState], seat: int, probe: str) -> None:
    """Both states look the same to ``seat``: view, legal list, log, ``to_move`` and a refusal."""
    first, second = states
    assert first.view(seat) == second.view(seat) and first.to_move == second.to_move
    assert legal(first, seat) == legal(second, seat)
    errors = []
    for state in states:
        with pytest.raises((IllegalAction, parlour.OutOfTurn)) as refused_action:
            state.apply(seat, probe)
        errors.append((str(refused_action.value), getattr(refused_action.value, "rule", None)))
    assert errors[0] == errors[1]


class TestHiddenInformation:
    def test_twins_differing_in_a_checki_hand_look_alike_to_the_other_seat(self) -> None:
        """Seat 1's checki hands differ (the first shape, the second, other triples) and so does the stock
        below its top: seat 0 sees the same views, legal lists, logs, ``to_move`` and refusals."""
        loose = "2S 3S 4S 6S 8S 9S 2H 3H"
        twins = [new([loose, "5S 5H 5D 7H 7S 7D AD 6D"], "4H AD#2 9D 8D 2D 3D"),
                 new([loose, "AD AS AS#2 AH 9H 9H#2 9H#3 6D"], "4H AD#2 9D 8D 3D 2D")]
        steps = [(0, "draw stock"), (0, "discard 4H"), (1, "draw stock"), (1, "checki AD"), (1, "discard 6D"),
                 (0, "draw stock"), (1, "decline"), (0, "discard 9D"), (1, "decline"), (1, "draw stock")]
        for seat, action in steps:
            _twin_views(twins, 0, "claim 9S")
            for state in twins:
                state.apply(seat, action)
        _twin_views(twins, 0, "claim 9S")
        assert twins[0].view(1) != twins[1].view(1)

    def test_a_window_is_offered_alike_whether_or_not_the_checki_player_can_claim(self) -> None:
        """Twins: seat 2 shows 7S and holds 7D 7D hidden (the second shape, awaiting 7D too) or 7H 7H 7H
        (the first): when seat 1 throws 7D, seat 2 is offered the window in both, only one of its lists
        has the claim, and seat 0 sees the same views, lists, logs, ``to_move`` and refusals throughout."""
        seat_1 = "2S 3S 4S 6S 8S 7D#3 2H 3H"
        twins = [new([SHORT_OF_FIRST, seat_1, hidden], "AD#2 6H 7S#3 2D 3D")
                 for hidden in ("7S#2 8D 7D#2 7D#4 7H#2 9H 9H#2 9H#3", "7S#2 8D 7H#2 7H#3 7H#4 9H 9H#2 9H#3")]
        steps = [(0, "draw stock"), (0, "checki AD"), (0, "discard 4H"), (1, "draw stock"), (0, "decline"),
                 (1, "discard 6H"), (0, "decline"), (2, "draw stock"), (0, "decline"), (2, "checki 7S"),
                 (2, "discard 8D"), (0, "decline"), (0, "draw stock"), (2, "decline"), (0, "discard 2D"),
                 (2, "decline"), (1, "draw stock"), (2, "decline"), (0, "decline"), (1, "discard 7D")]
        for seat, action in steps:
            _twin_views(twins, 0, "claim 9S")
            for state in twins:
                state.apply(seat, action)
        assert twins[0].to_move == twins[1].to_move == (2, 0)
        assert [legal(state, 2) for state in twins] == [["decline", "claim 7D"], ["decline"]]
        for state in twins:
            state.apply(2, "decline")
        _twin_views(twins, 0, "claim 9S")

    def test_worlds_deal_a_checki_player_a_hand_that_completes_its_shape(self) -> None:
        """Sampled worlds: seat 1's hidden cards, in every world of seat 0, complete its declared shape
        round the shown pair, both shapes come, and the world looks the same to seat 0."""
        state = new([LOOSE, "5S 5H 5D 7H 7S 7D AD 6D"], "4H AD#2")
        act(state, "draw stock", "discard 4H", "draw stock", "checki AD", "discard 6D")
        ad = AD
        rng = random.Random(1)
        seen, second_shape = set(), 0
        for _ in range(200):
            world = state.sample_world(0, rng)
            assert isinstance(world, KowahState)
            assert awaits(world.hands[1], ad) and world.view(0) == state.view(0)
            seen.add(world.hands[1])
            second_shape += sum(counts_of(world.hands[1])[f] for f in range(30) if FACES[f].rank == FACES[ad].rank) == 5
        assert len(seen) > 150 and second_shape > 0

    def test_worlds_in_the_checki_players_own_turn_keep_nine_cards_that_hold_the_shape(self) -> None:
        """After its draw a checki player holds nine: its worlds give it a shape plus one card, and the 5S
        it was seen to take from the discard pile (a 5H or 5D may go in its place) stays in its hand."""
        state = declared("5S#2")
        act(state, "draw stock", "decline", "discard 5S", "decline", "draw discard")
        assert state.phase is Phase.DISCARD and state.to_move == (0,)
        fives = PACK.face_masks[PACK.face_number[Card.parse("5S")]]
        rng = random.Random(2)
        for _ in range(60):
            world = state.sample_world(1, rng)
            assert isinstance(world, KowahState) and world.view(1) == state.view(1)
            assert world.hands[0].bit_count() == 9 and world.hands[0] & fives and awaits(world.hands[0], AD)

    def test_a_world_forgets_the_other_seats_answers(self) -> None:
        """Seat 2 claims KC, secretly, while seat 0 has yet to answer: seat 0's worlds hold a decline."""
        state = two_checki("6H KC#2 8D KC#3")
        state.apply(2, "claim KC")
        world = state.sample_world(0, random.Random(3))
        assert isinstance(world, KowahState) and world.window is not None
        assert [str(a) for _, _, a in world.window.answers] == ["decline"] and world.view(0) == state.view(0)
        assert awaits(world.hands[2], PACK.face_number[Card.parse("KC")])


# --- bots, the terminal -----------------------------------------------------------------------------------
class TestBots:
    def test_the_heuristic_beats_random_with_95_percent_confidence(self) -> None:
        """Thirty two-player games, seats alternating: the heuristic's win rate has a Wilson 95% interval
        above one half (a random opponent's fair share)."""
        wins = 0
        for seed in range(30):
            seat = seed % 2
            bots = [make_bot("random", GAME, seed=seed), make_bot("random", GAME, seed=seed + 100)]
            bots[seat] = make_bot("heuristic", GAME, seed=seed)
            state = parlour.new_game(GAME, players=2, seed=seed)
            bots_to_end(state, bots)
            wins += seat in state.result().winners
        rate, low, _ = wilson_interval(wins, 30)
        assert low > 0.5, (rate, low)

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_heuristic_games_end_within_max_actions(self, players: int) -> None:
        """Whole games by heuristic bots end within the game's bound, at every player count."""
        for seed in range(4):
            state = parlour.new_game(GAME, players=players, seed=seed)
            bots = [make_bot("heuristic", GAME, seed=s) for s in range(players)]
            while state.to_move:
                mover = state.to_move[-1]
                state.apply(mover, bots[mover].choose(state.view(mover)))
            assert len(state.history) <= DEAL_ACTIONS

    def test_the_heuristic_claims_and_declares(self) -> None:
        """The heuristic declares as soon as the hand is checki, and claims the third copy on offer."""
        heuristic = make_bot("heuristic", GAME, seed=0)
        state = new([SHORT_OF_FIRST, LOOSE], "AD#2 AD#3")
        act(state, "draw stock")
        assert heuristic.choose(state.view(0)) == "checki AD"
        act(state, "checki AD", "discard 4H", "draw stock")
        assert heuristic.choose(state.view(0)) == "claim AD"

    def test_the_heuristic_throws_a_singleton_and_takes_a_discard_that_makes_a_three(self) -> None:
        """The heuristic throws a card of a rank held once, and takes a discard that makes three of a rank."""
        heuristic = make_bot("heuristic", GAME, seed=0)
        state = new(["5S 5H 7H 7S 7D AD AD#2 KC", LOOSE], "QC 5D")
        act(state, "draw stock")
        assert heuristic.choose(state.view(0)) in ("discard KC", "discard QC")
        act(state, "discard QC", "draw stock", "discard 5D")
        assert heuristic.choose(state.view(0)) == "draw discard"

    def test_the_race_counts_draws_to_checki_by_pattern(self) -> None:
        """``race``: every one of the 483 patterns of eight cards has an expected number of draws to checki,
        none for a checki hand. A hand a 5 away (ten copies) is nearer than one that needs a 5 and then a
        9; a lone club (a rank of four copies) is further from a three than a lone suited card (twelve);
        and eight ranks held once with all three clubs among them are the furthest of all."""
        far = race()
        assert len(far) == 483
        assert far[pattern(hand_counts(FIRST_SHAPE))] == 0
        one_away = far[pattern(hand_counts("5S 5H 7H 7S 7D AD AD#2 KC"))]
        two_away = far[pattern(hand_counts("5S 9H 7H 7S 7D AD AD#2 KC"))]
        assert 0 < one_away < two_away
        assert far[pattern(hand_counts("5S 5H 7H 7S 7D AD AD#2 9S"))] < one_away
        assert max(far.values()) == far[pattern(hand_counts("AS 2S 3S 4S 5S JC QC KC"))]

    def test_the_expert_throws_a_lone_club_before_a_lone_suited_card(self) -> None:
        """A club rank has four copies and a suited rank twelve, so a lone KC or QC is further from a three
        than a lone AS: the expert throws a club, where the rules of thumb, counting groups alone, throw
        the ace."""
        state = new(["4D 5H 5S 6D 6H 8H AS KC", LOOSE], "QC")
        act(state, "draw stock")
        assert choose_considered(state.view(0), random.Random(0)) in ("discard KC", "discard QC")
        assert make_bot("heuristic", GAME, seed=0).choose(state.view(0)) == "discard AS"

    def test_the_expert_takes_a_discard_that_beats_a_stock_draw_on_average(self) -> None:
        """Taking 4D beside 4H makes a second pair of a rank and frees a club to throw, which leaves the
        hand nearer checki than the stock's card would on average: the expert takes it. The rules of thumb
        take a discard only when it makes a group's worth of difference, and draw."""
        state = new(["2D 2H 4H 7S AD JC QC QC#2", "4D 3S 4S 6S 8S 9S 2S 3H"], "9S#2 8D")
        act(state, "draw stock", "discard 9S", "draw stock", "discard 4D")
        assert choose_considered(state.view(0), random.Random(0)) == "draw discard"
        assert make_bot("heuristic", GAME, seed=0).choose(state.view(0)) == "draw stock"

    def test_the_expert_does_not_declare_a_pair_whose_other_copies_are_on_the_pile(self) -> None:
        """With both other copies of AD thrown, a checki on AD could never win and would bind the hand to
        it (the hand stands): the expert keeps building instead, where the rules of thumb declare."""
        state = new(["5S 5H 7H 7S 7D AD AD#2 4H", "AD#3 AD#4 4S 6S 8S 9S 2H 3H"], "2D 9H 3D 9D 5D")
        act(state, "draw stock", "discard 2D", "draw stock", "discard AD", "draw stock", "discard 3D",
            "draw stock", "discard AD", "draw stock")
        assert unseen(state.view(0))[AD] == 0
        assert make_bot("heuristic", GAME, seed=0).choose(state.view(0)) == "checki AD"
        assert choose_considered(state.view(0), random.Random(0)).startswith("discard ")

    def test_the_expert_never_throws_the_face_of_a_pair_an_opponent_shows(self) -> None:
        """Seat 1 shows AD AD: a third AD thrown would win it the deal. The expert's lone AD is its
        likeliest throw by every other measure (two of its copies are in sight), yet it keeps it."""
        state = new(["AD#3 2S 3S 4S 6S 8S 9S 2H", SHORT_OF_FIRST], "3H AD#2 6H")
        act(state, "draw stock", "discard 3H", "draw stock", "checki AD", "discard 4H", "draw stock")
        state.apply(1, "decline")
        assert choose_considered(state.view(0), random.Random(0)) != "discard AD"

    def test_the_expert_and_strong_play_the_considered_rule_not_a_search(self) -> None:
        """Kowah is among the games whose expert plays a considered rule (``considered_for``)."""
        assert not searched(GAME)

    def test_ismcts_plays_a_whole_game_legally(self) -> None:
        """``ismcts:50`` at seat 0 against the heuristic, on a deal short enough for a test."""
        state = new([FIRST_SHAPE, LOOSE], "4H KC 9H AD#3")
        bots = [make_bot("ismcts:50", GAME, seed=1), make_bot("heuristic", GAME, seed=2)]
        bots_to_end(state, bots)
        assert state.is_over

    def test_the_game_plays_in_the_terminal(self) -> None:
        """``parlour play kowah``: a person draws and discards by typing, a bot answers, the windows in which
        the person has nothing to claim are declined for it, and the game is played to its end."""
        console = Console(file=io.StringIO(), width=120)
        deal = json.dumps({"hands": [SHORT_OF_FIRST.split(), LOOSE.split()], "stock": ["AD#2", "KC", "AD#3"]})
        lines = iter(["draw stock", "checki AD", "discard 4H", "draw stock"])   # the windows: declined for it
        code = main(["play", GAME, "--players", "2", "--seats", "human,heuristic", "--seed", "1",
                     "--option", f"deal={deal}"], input_fn=lambda _prompt: next(lines), console=console)
        out = console.file.getvalue()  # type: ignore[attr-defined]
        assert code == 0 and "Game over" in out and "a third A♦, and wins" in out


def test_observed_is_unchanged_by_a_refusal() -> None:
    """Bad input changes nothing: an out-of-turn draw and a malformed line leave every view as it was."""
    state = new([FIRST_SHAPE, LOOSE], "4H")
    before = observed(state)
    with pytest.raises(parlour.OutOfTurn):
        state.apply(1, "draw stock")
    with pytest.raises(parlour.NotationError):
        state.apply(0, "draw pond")
    assert observed(state) == before
