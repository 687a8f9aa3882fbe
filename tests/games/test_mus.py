"""Mus, rule by rule (rules/source/mus.txt with the "Mus" entry of rules/NOTES.md, and the numbered choices
of ``parlour/games/mus.py``).

Every test names the hands (``deal={"hands": ...}``). Seat 1 deals the first hand, so seat 0 is mano and
speaking goes 0, 3, 2, 1; seats 0 and 2 play against 1 and 3.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from table import act, bots_to_end, refused

import parlour
from parlour.bots import make_bot
from parlour.cards import Card
from parlour.engine import Unknown, Withheld, deal_unknown
from parlour.engine.sampling import at_least
from parlour.errors import DealError
from parlour.games.mus import (
    CHICA,
    GRANDE,
    JUEGO,
    PACK,
    PARES,
    PUNTO,
    MusState,
    best_seat,
    lance_key,
    loose_deal,
    pares_of,
    total,
)
from parlour.sim.stats import wilson_interval

GAME = "mus"
ORDER = (0, 3, 2, 1)


def mask(cards: str) -> int:
    return PACK.mask(Card.parse(c) for c in cards.split())


def game(hands: list[str], stock: str = "", seed: int = 1, variant: str | None = None, **options: Any) -> MusState:
    """A game on the named hands (by seat), its stock as listed (top first) before the rest of the pack."""
    deal: dict[str, Any] = {"hands": [h.split() for h in hands]}
    if stock:
        deal["stock"] = stock.split()
    state = parlour.new_game(GAME, seed=seed, variant=variant, deal=deal, **options)
    assert isinstance(state, MusState)
    return state


def played(hands: list[str], *calls: str, **options: Any) -> MusState:
    """No hay mus at once, no señas; then ``calls`` in turn."""
    state = game(hands, signs="none", **options)
    act(state, "no hay mus", *calls)
    return state


def reasons(state: MusState) -> list[tuple[int | None, int, str]]:
    return [(r.seat, r.points, r.text) for r in state.hand_results[-1].reasons]


# Seat 0: the best grande (three kings) and medias; seat 1: the best chica; nobody else has pares or juego.
STRONG = ["KC KD KH QC", "AC 5C 6S 7H", "4H 5H 6H 7S", "4D 5D 6D 7D"]


class TestCards:
    def test_threes_are_kings_and_twos_aces(self) -> None:
        """Eight kings and eight aces: a 3 is a king and a 2 an ace everywhere, so K-3 is a pair
        (mus.txt, 'Game play'; notes, 'Eight kings, eight aces')."""
        assert pares_of(mask("KC 3D 7S 4H"))[:2] == (1, 10)
        assert pares_of(mask("AC 2D 7S 4H"))[:2] == (1, 1)
        assert lance_key(GRANDE, mask("3C 4D 5S 6H")) == lance_key(GRANDE, mask("KC 4H 5H 6S"))

    def test_juego_values(self) -> None:
        """Kings, queens, jacks (and 3s) count 10, aces and 2s 1, the rest their face (notes, 'Juego values')."""
        assert total(mask("KC QD JS 2H")) == 31
        assert total(mask("3C 7D 5S AH")) == 23


class TestComparisons:
    def test_grande_compares_from_the_top_and_ties_go_to_mano(self) -> None:
        """Grande: highest card first, then the next; identical hands go to the player nearer mano
        (mus.txt, 'The rounds'; notes, 'Mano')."""
        hands = [mask("KC 7C 5C 4C"), mask("KD QD AD 2D"), mask("KH 7H 5H 4H"), mask("QS JS 7S 6S")]
        assert best_seat(GRANDE, hands, ORDER) == 1
        hands[1] = mask("KD 7D 5D 4D")
        assert best_seat(GRANDE, hands, ORDER) == 0
        assert best_seat(GRANDE, hands, (3, 2, 1)) == 2

    def test_chica_compares_from_the_bottom(self) -> None:
        """Chica: the lowest card first, then the next lowest: A 4 6 7 beats 2 4 Q K on the third card
        (mus.txt, 'The rounds')."""
        hands = [mask("AC 5C 6C KC"), mask("2D 4D QD KD"), mask("AH 4H 7H 6H"), mask("4S 5S 6S 7S")]
        assert best_seat(CHICA, hands, ORDER) == 2

    def test_pares_order_duples_medias_par(self) -> None:
        """Duples beat medias beat a pair; within each, the higher group first (mus.txt, 'Pares')."""
        duples, medias, pair = mask("4C 4D 5C 5D"), mask("KC KD KH AC"), mask("KS 3S QS JS")
        assert lance_key(PARES, duples) > lance_key(PARES, medias) > lance_key(PARES, pair)
        assert lance_key(PARES, mask("KC 3C 4H 4S")) > lance_key(PARES, mask("QC QD JC JD"))
        assert lance_key(PARES, mask("QC QD 7C 5D")) > lance_key(PARES, mask("QH QS 7H 4D"))

    def test_the_juego_order(self) -> None:
        """Juego: 31, then 32, 40, 37, 36, 35, 34, 33 (notes, 'Juego')."""
        by_total = {31: "KC QC JC AC", 32: "KD QD 7D 5D", 40: "KH QH JH 3H", 37: "KS QS JS 7S",
                    36: "KC QD JH 6C", 35: "KD QC JS 5C", 34: "KH QS JD 4C", 33: "KS QH 7C 6D"}
        ranked = sorted(by_total, key=lambda t: lance_key(JUEGO, mask(by_total[t])), reverse=True)
        assert ranked == [31, 32, 40, 37, 36, 35, 34, 33]

    def test_ties_in_pares_and_juego_go_to_mano(self) -> None:
        """Identical pares or equal juegos: the player nearer mano wins (notes, 'Mano')."""
        hands = [mask("4C 5C 6C 7C"), mask("KC KD QC JC"), mask("KH 3H QH JH"), mask("KS 3S QS JS")]
        assert best_seat(PARES, hands, ORDER) == 3 and best_seat(JUEGO, hands, ORDER) == 3
        assert best_seat(PARES, hands, (2, 1)) == 2

    def test_punto_highest_total(self) -> None:
        """Punto: the highest total below 31 (mus.txt, 'Punto')."""
        assert lance_key(PUNTO, mask("KC QC 7C 2C")) > lance_key(PUNTO, mask("KD 7D 6D 4D"))


class TestMus:
    def test_all_four_mus_then_discard_and_draw(self) -> None:
        """Only when all four say mus does each lay away one to four cards face down and draw as many; how
        many is public, which is not; then mus is asked again (mus.txt, 'Mus or no mus'; choice 8)."""
        state = game(STRONG, stock="JC JD", signs="none")
        act(state, "mus", "mus", "mus")
        assert state.phase == "mus"
        act(state, "mus")
        assert state.phase == "discard" and state.to_move == (0,)
        refused(state, 0, "draw", rule="discard")
        refused(state, 0, "discard 4D", rule="discard")
        act(state, "discard QC", "discard KH")
        assert state.view(3).log[-2:] == ["seat 0: discard a card face down"] * 2
        assert state.view(0).log[-1] == "seat 0: discard KH"
        act(state, "draw")
        assert state.hands[0] == mask("KC KD JC JD")
        assert state.to_move == (3,)
        act(state, "discard 4D", "discard 5D", "discard 6D", "discard 7D")
        refused(state, 3, "discard AS", rule="discard")
        act(state, "draw")
        for _ in range(2):
            act(state, "discard " + str(PACK.cards_in(state.hands[state.to_move[0]])[0]), "draw")
        assert state.phase == "mus" and state.to_move == (0,) and state.mus_rounds == 1

    def test_a_prepared_stock_holds_no_dealt_card(self) -> None:
        """A prepared deal's stock may not list a card a hand holds, nor one card twice."""
        for stock in ("KC", "JC JC"):
            with pytest.raises(DealError, match="the stock may name only cards no hand nor other list holds"):
                game(STRONG, stock=stock)

    def test_a_prepared_deal_is_refused_before_play(self) -> None:
        """A prepared deal is refused before play, with a ``DealError``: a bad later deal of a list, four cards
        a hand of the Spanish pack (no 8s, 9s or 10s), and what is no deal or no list of cards."""
        hands = [h.split() for h in STRONG]
        good = {"hands": hands, "stock": ["JC"]}
        with pytest.raises(DealError, match="deal 2 of the list: seat 0's hand: '8C' is not a card of the"):
            parlour.new_game(GAME, seed=1, deal=[good, {"hands": [["8C", *hands[0][1:]], *hands[1:]]}])
        for bad in (5, "xyz", {**good, "stock": 5}, {**good, "stock": ["2C#99"]}, {**good, "upcard": "JC"},
                    {"hands": [h[:3] for h in hands]}):
            with pytest.raises(DealError):
                parlour.new_game(GAME, seed=1, deal=bad)

    def test_no_hay_mus_ends_the_discarding(self) -> None:
        """The first "no hay mus" ends discarding and the lances begin (mus.txt, 'Mus or no mus')."""
        state = game(STRONG, signs="none")
        act(state, "mus", "no hay mus")
        assert state.phase == "grande" and state.to_move == (0,)

    def test_the_stock_running_out(self) -> None:
        """When the stock cannot give a player his cards, the discards are shuffled into a new stock
        (mus.txt, 'Mus or no mus'; choice 8)."""
        state = game(STRONG, signs="none")
        for _ in range(2):
            act(state, "mus", "mus", "mus", "mus")
            for _ in range(4):
                seat = state.to_move[0]
                act(state, *(f"discard {c}" for c in PACK.cards_in(state.hands[seat])), "draw")
        assert "the stock runs out: the discards are shuffled into a new stock" in state.view(None).log
        assert all(h.bit_count() == 4 for h in state.hands)
        held = sum(state.hands) | state.pile | sum(1 << c for c in state.stock.top_first())
        assert held == PACK.full_mask and len(state.stock) + state.pile.bit_count() == 24


class TestEnvites:
    def test_a_refused_first_bet_scores_one_at_once(self) -> None:
        """A first bet refused by both opponents gives the bettors 1 at once (mus.txt, 'Betting'; notes)."""
        state = played(STRONG, "envido 2", "no quiero")
        assert state.points == [0, 0] and state.to_move == (1,)
        act(state, "no quiero")
        assert state.points == [1, 0] and state.phase == "chica"

    def test_a_refusal_needs_both_opponents(self) -> None:
        """One opponent's no quiero passes the answer to his partner, who may still accept (choice 4)."""
        state = played(STRONG, "envido 2", "no quiero", "quiero")
        assert state.points == [0, 0] and state.phase == "chica"
        assert state.lances[0][1:] == ("accepted", 2)

    def test_a_refused_raise_scores_what_was_accepted_before(self) -> None:
        """A refused raise gives the raisers the stake accepted before it: envido 2, reenvido 3 refused
        scores 2 (notes, 'Envites')."""
        state = played(STRONG, "envido 2", "reenvido 3", "no quiero", "no quiero")
        assert state.points == [0, 2]
        refused(state, 0, "quiero", rule="envite")

    def test_each_call_is_labelled_with_the_stones_it_comes_to(self) -> None:
        """The calls' buttons say their stakes (issue 39): facing envido 2 raised by 3, a raise of 2 makes 7,
        quiero accepts 5, no quiero gives the raisers the 2 accepted before."""
        state = played(STRONG, "envido 2", "reenvido 3")
        labels = state.action_labels(state.to_move[0])
        assert labels["quiero"] == "Quiero (5)" and labels["no quiero"] == "No quiero (2 to them)"
        assert labels["reenvido 2"] == "Raise to 7" and labels["ordago"] == "Órdago"
        assert set(labels) == {str(action) for action in state.legal_actions(state.to_move[0])}
        opening = played(STRONG)
        assert opening.action_labels(0)["envido 2"] == "Envido 2" and opening.action_labels(0)["paso"] == "Paso"
        assert opening.action_labels(1) == {}

    def test_bets_are_bounded_and_answered_only_when_standing(self) -> None:
        """Bets run from 2 to the table's most; quiero needs a bet (choice 3)."""
        state = played(STRONG)
        refused(state, 0, "quiero", rule="envite")
        refused(state, 0, "envido 11", rule="envite")
        act(state, "ordago")
        refused(state, 3, "reenvido 2", rule="envite")

    def test_an_all_passed_lance_scores_one_to_the_better_hand(self) -> None:
        """Four passes: the lance is worth 1 to the better hand at the showdown; pares and juego held by one
        side only are not spoken and pay their bonuses (mus.txt, 'Betting'; notes; choice 7)."""
        state = played(STRONG, *["paso"] * 8)
        assert state.hand_number == 2
        assert reasons(state) == [
            (0, 1, "seats 0 and 2: grande: seat 0 (KC KD KH QC), en paso"),
            (1, 1, "seats 1 and 3: chica: seat 1 (7H 6S 5C AC), en paso"),
            (0, 2, "seats 0 and 2: pares: seat 0 (medias of kings), bonuses only"),
            (0, 2, "seats 0 and 2: juego: seat 0 (40), bonuses only")]
        assert state.points == [5, 1]
        assert (state.dealer, state.mano) == (0, 3)   # the deal passes to the right

    def test_an_accepted_ordago_decides_the_game_at_once(self) -> None:
        """An accepted órdago shows the hands at once and the lance's winner takes the game; the other lances
        are not played (mus.txt, 'Betting'; choice 11)."""
        state = played(STRONG, "paso", "paso", "paso", "paso", "ordago", "quiero")
        assert state.is_over and state.points == [0, 40]
        log = state.view(None).log
        assert "órdago accepted in chica: the hands are shown" in log
        assert "seat 1: 7H 6S 5C AC" in log
        assert state.result().winners == (1, 3)

    def test_a_refused_ordago_is_a_refused_bet(self) -> None:
        """A refused órdago counts as a refused first bet: 1 (notes, 'Órdago')."""
        state = played(STRONG, "ordago", "no quiero", "no quiero")
        assert state.points == [1, 0] and not state.is_over

    def test_scoring_stops_the_moment_a_side_reaches_the_target(self) -> None:
        """The showdown pays lance by lance and stops when a side reaches the target: grande's accepted 5
        wins at 5, and chica's point for the other side is never paid (mus.txt, 'Resolution')."""
        state = played(STRONG, "envido 5", "quiero", "paso", "paso", "paso", "paso", target=5)
        assert state.is_over and state.points == [5, 0]
        assert [r[2] for r in reasons(state)] == ["seats 0 and 2: grande: seat 0 (KC KD KH QC), 5 accepted"]


NOBODY = ["KC QD 6C 4H", "AC 5D 6H JS", "QC JD 5C 4S", "7D 6D AD KH"]


class TestTheCallsInPlayingOrder:
    def test_the_view_declares_the_speaking_order_from_mano_to_the_right_all_deal(self) -> None:
        """Speaking goes from mano to the right (mus.txt, 'Betting'): the view declares that order, of kind
        ``turn_order``, the same in every lance of the deal, so the table's grid of calls keeps its columns
        (issue 39) even while a lance holds one call, or only the seats that hold pares speak."""
        state = played(STRONG)
        orders = []
        for calls in ((), ("envido 2",), ("envido 2", "quiero"), ("envido 2", "quiero", "paso", "paso")):
            step = played(STRONG, *calls)
            view = step.view(0)
            assert view.kinds["extra"]["order"] == "turn_order"
            orders.append((step.phase, view.extra["order"]))
        assert {order for _, order in [(p, tuple(o)) for p, o in orders]} == {(0, 3, 2, 1)}
        assert len({phase for phase, _ in orders}) >= 2        # across lances, not within one only
        assert state.view(None).extra["order"] == [0, 3, 2, 1]


class TestDeclarations:
    def test_a_lance_nobody_holds_is_not_played(self) -> None:
        """Nobody declares pares: the lance is skipped, and the declarations are shown to all (notes,
        'Pares: declaring')."""
        state = played(NOBODY, *["paso"] * 8)
        log = state.view(2).log
        assert "pares: seat 0 no, seat 3 no, seat 2 no, seat 1 no" in log
        assert "nobody has pares: the lance is not played" in log
        assert "nobody has juego: punto is played" in log
        assert state.phase == "punto" and state.vie is not None and state.vie.order == ORDER

    def test_a_passed_pares_without_its_point_as_an_option(self) -> None:
        """Option ``passed_point`` off: a passed pares pays its bonuses alone (notes, a variant)."""
        state = played(BOTH, *["paso"] * 15, passed_point=False)
        assert (0, 4, "seats 0 and 2: pares: seat 0 (duples (kings and 4s)), bonuses only") in reasons(state)

    def test_hands_stay_hidden_when_a_refusal_ends_the_game(self) -> None:
        """A game won by a refused bet never reaches the showdown: the hands stay face down (choice 12)."""
        state = played(STRONG, "envido 2", "reenvido 4", "reenvido 2", "no quiero", "no quiero", target=6)
        assert state.is_over and state.points == [6, 0]
        assert all(not entry["face_up"] for entry in state.view(None).seats)


# Pares and juego held on both sides: seat 0 duples, seat 2 a pair, seat 3 a pair; seat 0 juego of 31 ...
BOTH = ["KC KD 4C 4D", "AC 5D 6H 7H", "QC QD 5C 4S", "JC JD 7C AD"]
JUEGOS = ["KC QC JC AC", "KH QH 6H 7H", "KD QD JD 3D", "4S 5S 6S 7S"]


class TestBonuses:
    def test_pares_bonuses_for_each_partner(self) -> None:
        """The side that wins pares scores each partner's holding: duples 3 and a pair 1, with the passed
        lance's 1 (notes, 'Pares: bonuses')."""
        state = played(BOTH, *["paso"] * 15)
        assert (0, 5, "seats 0 and 2: pares: seat 0 (duples (kings and 4s)), en paso") in reasons(state)

    def test_only_holders_speak_in_pares(self) -> None:
        """Only players who declared pares speak in the pares lance (choice 6), declared for all to see."""
        state = played(BOTH, *["paso"] * 8)
        assert state.phase == "pares" and state.vie is not None and state.vie.order == (0, 3, 2)
        assert "pares: seat 0 yes, seat 3 yes, seat 2 yes, seat 1 no" in state.view(1).extra["declarations"]

    def test_bonuses_of_the_best_player_alone_as_an_option(self) -> None:
        """Option ``bonuses=best``: only the winning player's holding scores (notes, source text)."""
        state = played(BOTH, *["paso"] * 15, bonuses="best")
        assert (0, 4, "seats 0 and 2: pares: seat 0 (duples (kings and 4s)), en paso") in reasons(state)

    def test_juego_bonuses_31_and_40(self) -> None:
        """Juego: 3 for a 31 and 2 for any other juego, for each partner: 31 with 40 makes 5, besides the
        passed lance's 1 (notes, 'Juego')."""
        state = played(JUEGOS, *["paso"] * 8, "paso", "paso", "paso")
        assert (0, 6, "seats 0 and 2: juego: seat 0 (31), en paso") in reasons(state)

    def test_punto_when_nobody_has_juego(self) -> None:
        """Punto is played when nobody has juego: the highest total wins, with 1 more (mus.txt, 'Punto')."""
        state = played(BOTH, *["paso"] * 11)
        assert state.phase == "punto"
        act(state, "envido 2", "quiero")
        assert (0, 3, "seats 0 and 2: punto: seat 2 (29), 2 accepted") in reasons(state)

    def test_pares_betting_when_anyone_holds_them_as_an_option(self) -> None:
        """Option ``pares_betting=anyone``: one side's pares are enough for a lance that all four speak
        (notes, source text)."""
        state = played(STRONG, *["paso"] * 8, pares_betting="anyone")
        assert state.phase == "pares" and state.vie is not None and state.vie.order == ORDER


# Seat 0 holds two kings; seat 2 duples.
SIGNED = ["KC KD 5C 4C", "AC 5D 6H 7H", "QC QD 5S 5H", "JC 7D 7C 6D"]


class TestSenas:
    def test_a_sign_only_when_holding_it(self) -> None:
        """A sign means only what its holding allows: seat 0, without duples, cannot sign duples (choice 9)."""
        state = game(SIGNED)
        act(state, "no hay mus")
        assert state.phase == "signs"
        refused(state, 0, "sena duples", rule="señas")
        assert [str(a) for a in state.legal_actions(0)] == ["sena two-kings", "sena none"]

    def test_twin_signs_leak_nothing_to_the_opponents(self) -> None:
        """Twin states that differ only in seat 0's sign (two kings, or none): the opponents' and a
        spectator's views, logs, legal lists, records shown and worlds are identical; the partner's differ."""
        twins = []
        for sign in ("two-kings", "none"):
            state = game(SIGNED)
            act(state, "no hay mus", f"sena {sign}")
            twins.append(state)
        a, b = twins
        assert a.to_move == b.to_move
        for seat in (1, 3, None):
            assert a.view(seat) == b.view(seat)
            assert json.dumps(a.record_for(seat)) == json.dumps(b.record_for(seat))
        for seat in (1, 3):
            assert a.legal_actions(seat) == b.legal_actions(seat)
            wa, wb = a.sample_world(seat, random.Random(7)), b.sample_world(seat, random.Random(7))
            assert isinstance(wa, MusState) and isinstance(wb, MusState)
            assert wa.hands == wb.hands and wa.view(seat) == wb.view(seat) and wa.history == wb.history
        assert a.view(2).extra["partner_sign"] == "two-kings" and b.view(2).extra["partner_sign"] == "none"
        assert a.view(2).log != b.view(2).log

    def test_the_partners_worlds_keep_the_sign(self) -> None:
        """Worlds sampled for the partner hold what the sign means (seat 2 signed duples)."""
        state = game(SIGNED)
        act(state, "no hay mus", "sena two-kings", "sena none", "sena duples")
        rng = random.Random(3)
        for _ in range(20):
            world = state.sample_world(0, rng)
            assert isinstance(world, MusState) and pares_of(world.hands[2])[0] == 3

    def test_worlds_drop_facts_too_rare_to_meet(self) -> None:
        """Where the facts known of the hands cannot be met by drawing again, a world still keeps every card
        the seat knows where it lies (here a fact no hand can meet)."""
        unknown = Unknown(pool=0)
        unknown.hide(("hand", 1), mask("KC KD KH KS"), facts=(at_least(5, PACK.full_mask),))
        unknown.hide("pile", mask("4C 5C"), known=mask("4C"))
        with pytest.raises(ValueError):
            deal_unknown(unknown, random.Random(1))
        deal = loose_deal(unknown, random.Random(1))
        assert len(deal[("hand", 1)]) == 4 and PACK.index[Card.parse("4C")] in deal["pile"]

    def test_an_opponent_may_catch_a_sign(self) -> None:
        """Variant ``caught-signs``: an opponent catches a sign by a chance fixed by the seed, and only that
        opponent sees it (choice 10)."""
        caught = 0
        for seed in range(30):
            state = game(SIGNED, seed=seed, variant="caught-signs")
            act(state, "no hay mus", "sena two-kings")
            seen = {s: state.view(s).extra["signs_caught"] for s in (1, 3)}
            for s, other in ((1, 3), (3, 1)):
                if seen[s]:
                    caught += 1
                    assert seen[s] == ["seat 0: two-kings"] and state.view(s).log[-1] == "seat 0: sena two-kings"
                    if not seen[other]:
                        assert state.view(other).log[-1] == "seat 0: sena (a sign or none)"
        assert 0 < caught < 30


# --- acts done face down: who reads each (issue 36) -------------------------------------------------------
FACE_DOWN = "discard a card face down"
SIGN_HIDDEN = "sena (a sign or none)"
VARIANTS = (None, "caught-signs")
# Seat 0's hand for each sign it may make, beside seats 1 to 3 of SIGNED; the sign set that offers it.
SIGN_HANDS = [
    ("customary", "two-kings", "KC KD 5C 4C"),
    ("customary", "two-aces", "AS 2C 4C 6C"),
    ("customary", "duples", "KC KD 4C 4S"),
    ("customary", "medias", "KC KD KH 4C"),
    ("customary", "thirty-one", "KC QH JH AS"),
    ("customary", "blind", "AS 4C 5C 6C"),
    ("customary", "none", "KC KD 5C 4C"),
    ("few", "duples", "KC KD 4C 4S"),
    ("few", "medias", "KC KD KH 4C"),
    ("few", "thirty-one", "KC QH JH AS"),
    ("few", "none", "AS 4C 5C 6C"),
]


def view_text(state: MusState, seat: int | None) -> str:
    """``seat``'s view as text, but for its own legal actions (which may be the same words: ``sena none``)."""
    shown = state.view(seat).to_dict()
    return json.dumps({key: value for key, value in shown.items() if key != "legal_actions"}, ensure_ascii=False)


def words_in(state: MusState, seat: int | None) -> set[str]:
    """Every word and card of ``seat``'s view, for asking whether it names a card."""
    return set(re.findall(r"[\w#]+", view_text(state, seat)))


def discarded(variant: str | None, *cards: str, seed: int = 1) -> MusState:
    """All four say mus over STRONG (the stock starting JC JD) and seat 0, mano, lays ``cards`` away."""
    state = game(STRONG, stock="JC JD", seed=seed, variant=variant)
    act(state, "mus", "mus", "mus", "mus", *(f"discard {card}" for card in cards))
    return state


def read_as(state: MusState, position: int, seat: int | None) -> tuple[str | None, str, list[Any]]:
    """How ``seat`` is told the act at ``position``, the last taken and seat 0's: in the words of the
    history (the server's replay), as the last line of its view's log, and in the record shown to it."""
    entries = [entry for entry in state.record_for(seat)["actions"] if entry[0] == 0]
    return state.action_text_for(position, seat), state.view(seat).log[-1], entries[-1]


class TestSecrets:
    """Every secret act of Mus, in each variant: a discard is seen by its discarder alone (choice 8), a
    sign by its side, and in ``caught-signs`` by an opponent who catches it (choices 9 and 10)."""

    @pytest.mark.parametrize("variant", VARIANTS)
    def test_a_discard_is_seen_by_the_discarder_alone(self, variant: str | None) -> None:
        """Seat 0 lays away QC and KH face down (mus.txt: "discard one to four cards, face down"): its
        partner, the opponents and a spectator read only that a card went, in the log, the words of the
        history and the record shown to them, and no view of theirs names either card; how many went is
        public. Seat 0 reads its own cards, and the full record keeps them for replay."""
        state = discarded(variant, "QC", "KH")
        for position, card in ((4, "QC"), (5, "KH")):
            assert state.shown_to(position) == frozenset((0,))
            assert state.history[position] == (0, state.parse_action(f"discard {card}"))
            assert state.record()["actions"][position] == [0, f"discard {card}"]
        for seat in (2, 1, 3, None):
            assert state.view(seat).log[-2:] == [f"seat 0: {FACE_DOWN}"] * 2
            assert read_as(state, 5, seat) == (FACE_DOWN, f"seat 0: {FACE_DOWN}", [0, FACE_DOWN])
            assert state.action_text_for(4, seat) == FACE_DOWN
            assert state.game_log(seat)[-2:] == [f"seat 0: {FACE_DOWN}"] * 2
            assert state.view(seat).table["discards"] == 2
            assert not {"QC", "KH"} & words_in(state, seat)
        assert state.view(0).log[-2:] == ["seat 0: discard QC", "seat 0: discard KH"]
        assert read_as(state, 5, 0) == ("discard KH", "seat 0: discard KH", [0, "discard KH"])

    @pytest.mark.parametrize("variant", VARIANTS)
    def test_twin_discards_look_the_same_to_every_other_seat(self, variant: str | None) -> None:
        """Twin deals in which seat 0 lays away QC or KH and draws JC: every other seat's view, record and
        legal actions, and a spectator's, are identical; the worlds sampled for the partner hold the
        stand-in, not the card, while seat 0's keep it (choice 8)."""
        twins = []
        for card in ("QC", "KH"):
            state = discarded(variant, card)
            act(state, "draw")
            twins.append(state)
        a, b = twins
        for seat in (2, 1, 3, None):
            assert a.view(seat) == b.view(seat)
            assert json.dumps(a.record_for(seat)) == json.dumps(b.record_for(seat))
        for seat in (2, 1, 3):
            assert a.legal_actions(seat) == b.legal_actions(seat)
            world = a.sample_world(seat, random.Random(seat))
            assert world.history[4] == (0, Withheld(FACE_DOWN)) and world.view(seat) == a.view(seat)
        assert a.sample_world(0, random.Random(0)).history[4] == (0, a.parse_action("discard QC"))
        assert a.view(0) != b.view(0)

    def test_an_opponent_who_catches_signs_does_not_see_discards(self) -> None:
        """``caught-signs``, seed 6: both opponents catch seat 0's sign (duples, after it laid away QC and
        KH and drew JC JD), and each reads the sign in full; yet the discards stay seat 0's alone, for
        the partner and the catchers alike (choices 8 and 10)."""
        state = discarded("caught-signs", "QC", "KH", seed=6)
        act(state, "draw", "discard 4D", "draw", "discard 4H", "draw", "discard AC", "draw", "no hay mus",
            "sena duples")
        sign = state.actions_taken - 1
        assert state.hands[0] == mask("KC KD JC JD")
        assert state.shown_to(sign) == frozenset((0, 1, 2, 3))
        for seat in (1, 3):
            assert state.view(seat).extra["signs_caught"] == ["seat 0: duples"]
        for seat in (1, 2, 3):
            assert read_as(state, sign, seat) == ("sena duples", "seat 0: sena duples", [0, "sena duples"])
            assert [state.action_text_for(p, seat) for p in (4, 5)] == [FACE_DOWN] * 2
            assert state.game_log(seat).count(f"seat 0: {FACE_DOWN}") == 2
            assert not {"QC", "KH"} & words_in(state, seat)
        assert read_as(state, sign, None) == (SIGN_HIDDEN, f"seat 0: {SIGN_HIDDEN}", [0, SIGN_HIDDEN])

    @pytest.mark.parametrize(("signs", "sign", "hand"), SIGN_HANDS)
    def test_a_sign_is_read_in_full_by_its_audience_alone(self, signs: str, sign: str, hand: str) -> None:
        """Each sign of each sign set, made by seat 0 holding what it means (choice 9): seat 0 and its
        partner read it in full (the partner's view shows it as ``partner_sign``); the opponents and a
        spectator read only that a sign, or none, was made, in the log, the words of the history and the
        record shown to them, and no view of theirs says which."""
        state = game([hand, *SIGNED[1:]], signs=signs)
        act(state, "no hay mus", f"sena {sign}")
        position, full = state.actions_taken - 1, f"sena {sign}"
        assert state.shown_to(position) == frozenset((0, 2))
        for insider in (0, 2):
            assert read_as(state, position, insider) == (full, f"seat 0: {full}", [0, full])
        assert state.view(2).extra["partner_sign"] == sign and state.view(0).extra["partner_sign"] is None
        for seat in (1, 3, None):
            assert read_as(state, position, seat) == (SIGN_HIDDEN, f"seat 0: {SIGN_HIDDEN}", [0, SIGN_HIDDEN])
            assert state.view(seat).extra["partner_sign"] is None and state.view(seat).extra["signs_caught"] == []
            assert full not in view_text(state, seat)

    def test_a_caught_sign_is_read_by_its_catcher_too(self) -> None:
        """``caught-signs``, seed 8: seat 1 catches seat 0's sign (two kings) and seat 3 does not (choice
        10). Seat 1 reads it in full and sees it among ``signs_caught``; seat 3 and a spectator read only
        that a sign was made; seat 2 reads it as the partner's sign."""
        state = game(SIGNED, seed=8, variant="caught-signs")
        act(state, "no hay mus", "sena two-kings")
        full, position = "sena two-kings", 1
        assert state.shown_to(position) == frozenset((0, 1, 2))
        for insider in (0, 1, 2):
            assert read_as(state, position, insider) == (full, f"seat 0: {full}", [0, full])
        assert state.view(1).extra["signs_caught"] == ["seat 0: two-kings"]
        assert state.view(1).extra["partner_sign"] is None and state.view(2).extra["partner_sign"] == "two-kings"
        for seat in (3, None):
            assert read_as(state, position, seat) == (SIGN_HIDDEN, f"seat 0: {SIGN_HIDDEN}", [0, SIGN_HIDDEN])
            assert state.view(seat).extra["signs_caught"] == [] and full not in view_text(state, seat)

    def test_without_signs_the_discard_is_the_only_secret(self) -> None:
        """With ``signs="none"`` there is no window of signs: the lances follow "no hay mus" at once, and the
        one secret act left, a discard, is still seat 0's alone."""
        state = game(STRONG, stock="JC JD", signs="none")
        act(state, "mus", "mus", "mus", "mus", "discard QC", "draw")
        assert state.shown_to(4) == frozenset((0,))
        for seat in (2, 1, 3, None):
            assert state.action_text_for(4, seat) == FACE_DOWN
        for _ in range(3):
            act(state, "discard " + str(PACK.cards_in(state.hands[state.to_move[0]])[0]), "draw")
        act(state, "no hay mus")
        assert state.phase == "grande"
        assert [type(action).__name__ for _, action in state.history if action.secret] == ["FaceDownDiscard"] * 4


class TestBots:
    def test_heuristic_games_end_within_max_actions(self) -> None:
        """Whole games by heuristic bots end within ``max_actions`` from many seeds."""
        for seed in range(20):
            state = parlour.new_game(GAME, seed=seed)
            bots_to_end(state, [make_bot("heuristic", GAME, seed=seed * 4 + s) for s in range(4)])
            assert state.is_over and len(state.history) <= state.info.max_actions

    def test_the_heuristic_reads_its_partners_sign(self) -> None:
        """Seat 2 (a pair of queens) passes grande when its partner signed nothing, and stakes the game
        when the partner signed two kings."""
        choices = []
        for sign in ("two-kings", "none"):
            state = game(SIGNED)
            act(state, "no hay mus", f"sena {sign}", "sena none", "sena duples", "sena none", "paso", "paso")
            choices.append(make_bot("heuristic", GAME, seed=1).choose(state.view(2), None))
        assert choices == ["ordago", "paso"]

    def test_the_heuristic_beats_random_play(self) -> None:
        """Heuristic partners against random ones, sides alternating: a win rate whose 95% interval lies
        above one half."""
        wins, games = 0, 120
        for seed in range(games):
            side = seed % 2
            state = parlour.new_game(GAME, seed=seed)
            bots = [make_bot("heuristic" if s % 2 == side else "random", GAME, seed=seed * 4 + s) for s in range(4)]
            bots_to_end(state, bots)
            wins += state.scores()[side] > state.scores()[1 - side]
        _, low, _ = wilson_interval(wins, games)
        assert low > 0.5

    def test_ismcts_plays_a_whole_game(self) -> None:
        """An IS-MCTS bot plays a whole (short) game legally among heuristic ones."""
        state = parlour.new_game(GAME, seed=4, target=8)
        bots = [make_bot("ismcts:50", GAME, seed=1), *(make_bot("heuristic", GAME, seed=s) for s in range(3))]
        bots_to_end(state, bots)
        assert state.is_over


class TestTheExpertsEnvites:
    """The expert's considered envites (``choose_considered``): the rule of thumb's calls weighed in deals that
    keep every call already made, against the rule of thumb's answers."""

    def test_an_ordago_says_the_bettor_is_strong_and_the_expert_reads_it(self) -> None:
        """Seat 2 holds two kings (3C counts as one), which the rule of thumb takes for a 70% grande, so it
        accepts seat 3's órdago; but the rule of thumb stakes the game only on a strong grande, two kings or
        more, which beat two kings with a 6 and a 5 behind them more often than not. The expert refuses."""
        from parlour.bots.heuristics import mus as rules

        state = played(["4C 5C 6C 7C", "JC JD 6S 7S", "3C KS 5D 6D", "KC KD KH 4S"], "paso", "ordago")
        view = state.view(2)
        assert rules.choose(view, random.Random(1)) == "quiero"
        assert rules.choose_considered(view, random.Random(1)) == "no quiero"

    def test_the_deals_weighed_keep_every_call_made(self) -> None:
        """In every deal the expert weighs, the rule of thumb holding the dealt hands would have called as
        the table did: here seat 3's órdago (two kings or more for grande, no sign seen) and seat 0's pass."""
        from parlour.bots.heuristics import mus as rules

        state = played(["4C 5C 6C 7C", "JC JD 6S 7S", "3C KS 5D 6D", "KC KD KH 4S"], "paso", "ordago")
        view = state.view(2)
        lance = rules.read_lance(view)
        assert lance is not None and lance.speakers == ORDER and [c for _, c, _ in lance.calls] == ["paso", "ordago"]
        deals = rules.believed_hands(view, lance, random.Random(3), 200, seconds=None)
        assert len(deals) == 200
        kings = PACK.mask(c for c in PACK.cards if c.rank.name in ("KING", "THREE"))
        assert all((hands[3] & kings).bit_count() >= 2 for hands in deals)
        assert all(hands[2] == mask("3C KS 5D 6D") for hands in deals)
        assert all(not hands[s] & hands[t] for hands in deals for s in range(4) for t in range(s))

    def test_after_three_passes_the_last_speaker_bets_where_the_answers_fold(self) -> None:
        """Seat 1 speaks last in grande after three passes, holding no king: the rule of thumb passes. Each
        pass says that hand's grande is short of the rule of thumb's bet, and its answer to a bet of 4 needs
        more than that, so the expert bets and most deals give it the point of the refusal."""
        from parlour.bots.heuristics import mus as rules

        state = played(["4C 5C 6C 7C", "QS QD 7S 4S", "2C 4D 5D 6D", "AC AD 5H 4H"], "paso", "paso", "paso")
        view = state.view(1)
        assert rules.choose(view, random.Random(1)) == "paso"
        assert rules.choose_considered(view, random.Random(1)).startswith("envido")

    def test_the_ladder_is_rebuilt_whoever_speaks_in_pares(self) -> None:
        """Where anyone may speak in pares (option ``pares_betting="anyone"``), all four speak, seat 1 without
        pares too; the expert rebuilds that ladder from the view's calls, and outside the lances leaves the
        calls to the rule of thumb."""
        from parlour.bots.heuristics import mus as rules

        state = played(["KC KD 5C 4C", "AC 5D 6H 7H", "QC QD 5S 5H", "JC 7D 7C 6D"], *["paso"] * 11,
                       pares_betting="anyone")
        view = state.view(1)     # no pares, and speaking after the three who hold them passed
        assert view.phase == PARES and view.to_move == [1]
        lance = rules.read_lance(view)
        assert lance is not None and lance.speakers == ORDER
        start = game(["KC KD 5C 4C", "AC 5D 6H 7H", "QC QD 5S 5H", "JC 7D 7C 6D"])
        assert rules.read_lance(start.view(0)) is None
        assert rules.choose_considered(start.view(0), random.Random(1)) == rules.choose(start.view(0), random.Random(1))
