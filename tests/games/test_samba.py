"""Samba, rule by rule (rules/source/samba.txt with the "Samba" and "Canasta (classic)" entries of
rules/NOTES.md, and the numbered choices of ``parlour/games/samba.py``).

Each test plays a prepared deal: a stacked 162-card pack dealing named hands (fifteen each), turning up a
named pile and then drawing a named stock. Seat 0 plays first; seats 0 and 2 are side 0.
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
from parlour.bots.heuristics.canasta import NextTaker, pile_seen
from parlour.bots.heuristics.samba import choose_considered
from parlour.cards import Card
from parlour.cli.main import main
from parlour.games.samba import PACK, SAMBA, SambaState
from parlour.mechanics.melds import minimum_for
from parlour.mechanics.stock import Stock
from parlour.sim.stats import wilson_interval

GAME = "samba"
# Hands with which nobody can meld or take the pile: no three of a rank, no wild, and no two cards of a
# suit closer than three places, so that no set or sequence can even be started.
PLAIN = ["4C 7C 10C KC 5D 8D JD AD 6H 9H QH 4S 7S 10S KS",
         "5C 8C JC AC 6D 9D QD 4H 7H 10H KH 5S 8S JS AS",
         "6C QC 4D 7D 10D KD 5H 8H JH AH 6S 9S QS 3S 3C",
         "4C 7C 10C KC 5D 8D JD AD 6H QH 5S 8S JS AS 3C"]


def pack_for(hands: list[str], pile: str, stock: str = "") -> list[str]:
    """A stacked pack dealing ``hands`` (seat 0 first, fifteen each), turning up ``pile`` (bottom first)
    and then drawing ``stock`` (top first); the copies of a face are given out in order."""
    left = PACK.full_mask

    def take(text: str) -> list[str]:
        nonlocal left
        out = []
        for face in text.split():
            index = PACK.copy_to_take(Card.parse(face), left)
            assert index >= 0, f"no copy of {face} is left"
            left &= ~(1 << index)
            out.append(str(PACK.cards[index]))
        return out

    named = [take(hand) for hand in hands]
    assert all(len(hand) == 15 for hand in named)
    up, drawn = take(pile), take(stock)
    deck = [named[k % 4][k // 4] for k in range(60)]
    rest = [str(PACK.cards[i]) for i in range(len(PACK)) if left >> i & 1]
    # The rest, red 3s and wilds last, so that a test's later draws are plain cards.
    rest.sort(key=lambda c: Card.parse(c).rank in (0, 2, 3))
    return [*deck, *up, *drawn, *rest]


def hands_with(**seats: str) -> list[str]:
    """The plain hands, a seat given cards (``s0="..."``) keeping plain cards of other faces to fifteen."""
    out = []
    for seat in range(4):
        given = seats.get(f"s{seat}", "").split()
        faces = {Card.parse(c).face for c in given}
        pad = [c for c in PLAIN[seat].split() if Card.parse(c).face not in faces]
        out.append(" ".join([*given, *pad][:15]))
    return out


def new(hands: list[str] | None = None, pile: str = "9C", stock: str = "", variant: str | None = None,
        **options: Any) -> SambaState:
    """A prepared deal, played as a game of that one deal unless the test says otherwise."""
    options.setdefault("deals", 1)
    state = parlour.new_game(GAME, variant=variant, seed=1, deal={"pack": pack_for(hands or PLAIN, pile, stock)},
                             **options)
    assert isinstance(state, SambaState)
    return state


def legal(state: SambaState, seat: int | None = None) -> list[str]:
    return [str(a) for a in state.legal_actions(state.to_move[0] if seat is None else seat)]


def lays(slot: int, cards: str) -> list[str]:
    return [f"lay {card} {slot}" for card in cards.split()]


def last(state: SambaState) -> dict[str, int]:
    """The last deal's scoring items for side 0 (seat 0's), by their words."""
    return {r.text: r.points for r in state.hand_results[-1].reasons if r.seat == 0}


def melds(state: SambaState, side: int = 0) -> list[list[str]]:
    return state.view(3).table[f"side_{side}_melds"]


HIGH = "10H JH QH KH AH"                 # a sequence worth 60, a first meld on its own


class TestDeal:
    def test_fifteen_each_an_upcard_and_the_stock(self) -> None:
        """Setup: the 162-card pack, fifteen cards each, one turned up, the rest the stock."""
        state = new()
        assert [h.bit_count() for h in state.hands] == [15] * 4 and len(state.stock) == 162 - 61
        assert state.view(0).table["upcard"] == "9C" and state.to_move == (0,)
        assert legal(state) == ["draw"]


class TestMelds:
    def test_a_sequence_of_one_suit_is_a_meld(self) -> None:
        """Melding: three or more cards of one suit in order (an escalera) are a meld; shown low to high."""
        state = new(hands_with(s0="AH KH QH JH 10H"), stock="5C")
        act(state, "draw", *lays(1, "AH KH QH JH 10H"), "commit")
        assert melds(state) == [["10H", "JH", "QH", "KH", "AH"]]

    def test_a_sequence_runs_from_the_four_to_the_ace_high(self) -> None:
        """Escaleras: aces high, down to the 4; an ace never stands below the 4, and a 3 never joins."""
        state = new(hands_with(s0="AS 4S 5S 6S 3S"), stock="5C")
        act(state, "draw", "lay 4S 1", "lay 5S 1")
        refused(state, 0, "lay AS 1", rule="sequences")
        refused(state, 0, "lay 3S 1", rule="sequences")

    def test_no_wild_card_in_a_sequence(self) -> None:
        """Wild cards are only used in sets, never in escaleras."""
        state = new(hands_with(s0=f"{HIGH} JK 2C"), stock="5C")
        act(state, "draw", *lays(1, "10H JH QH"))
        refused(state, 0, "lay JK 1", rule="meld limits")
        act(state, *lays(1, "KH AH"), "commit")
        assert not [a for a in legal(state) if a.startswith(("add JK", "add 2C"))]

    def test_a_set_holds_two_wilds_at_most(self) -> None:
        """Any set holds two wild cards at most (and two naturals at least)."""
        state = new(hands_with(s0="KC KD KH JK 2C 2D AC AD AH"), stock="5C")
        act(state, "draw", "lay KC 1", "lay JK 1", "lay KD 1", "lay 2C 1")
        refused(state, 0, "lay 2D 1", rule="meld limits")
        act(state, "lay KH 1", *lays(2, "AC AD AH"), "commit")
        refused(state, 0, "add 2D 1", rule="meld limits")

    def test_melds_stop_at_seven_cards(self) -> None:
        """Canastas and sambas: melds are capped at seven; nothing is added to a canasta or samba."""
        state = new(hands_with(s0=f"{KINGS} KS AC AD AH"), stock="5C")
        act(state, "draw", *lays(1, KINGS))
        refused(state, 0, "lay KS 1", rule="seven at most")
        act(state, *lays(2, "AC AD AH"), "commit")
        refused(state, 0, "add KS 1", rule="meld limits")
        assert "add KS 1" not in legal(state)

    def test_several_sets_of_one_rank_stand_and_merge(self) -> None:
        """A side may hold several sets of a rank and combine two into one; never past seven (choice 3)."""
        state = new(hands_with(s0="KC KD KH KS KC KD AC AD AH"), stock="5C")
        act(state, "draw", *lays(1, "KC KD KH"), *lays(2, "KS KC KD"), *lays(3, "AC AD AH"), "commit")
        assert melds(state) == [["KC", "KD", "KH"], ["KS", "KC", "KD"], ["AC", "AD", "AH"]]
        assert [a for a in legal(state) if a.startswith("merge")] == ["merge 1 2"]
        refused(state, 0, "merge 1 3", rule="merging sets")
        act(state, "merge 1 2")
        assert melds(state) == [["KC", "KD", "KH", "KS", "KC", "KD"], ["AC", "AD", "AH"]]

    def test_each_step_is_a_small_numbered_action(self) -> None:
        """Actions by face and in steps, melds of the side named by number (choice 2)."""
        state = new()
        assert state.action_space_size == 2 + 52 + 53 + 53 * 4 + 53 * 52 + 52 * 52 + 6
        for text in ("lay 7H 2", "add 2C 12", "onto 3", "merge 1 4", "discard JK", "take", "commit", "end"):
            action = state.parse_action(text)
            assert str(action) == text and state.decode(state.encode(action)) == action


def laid(state: SambaState, side: int, *faces: str) -> None:
    """The side's melds as if laid before (a test of scoring or going out), their cards from the stock."""
    rest = state.stock.top_first()
    melds = []
    for meld in faces:
        cards = []
        for face in meld.split():
            index = next(i for i in rest if PACK.cards[i].face == Card.parse(face).face)
            rest.remove(index)
            cards.append(index)
        melds.append(tuple(cards))
    state.melds[side] = tuple(melds)
    state.stock = Stock(rest)


def holding(state: SambaState, seat: int, faces: str) -> None:
    """Seat's hand as only these cards (of the copies it was dealt or the stock holds)."""
    rest = state.stock.top_first()
    hand = 0
    for face in faces.split():
        index = next(i for i in rest if PACK.cards[i].face == Card.parse(face).face)
        rest.remove(index)
        hand |= 1 << index
    state.hands[seat] = hand
    state.stock = Stock(rest)


# Seat 0 opens with HIGH; seat 1 then throws the 9H, which would extend it, to seat 2.
def nine_for_seat_two(s2: str = "", pile: str = "9C") -> SambaState:
    state = new(hands_with(s0=HIGH, s1="9H", s2=s2), pile=pile, stock="5D 6C 7D 8S")
    act(state, "draw", *lays(1, HIGH), "commit", "discard 5D", "draw", "discard 9H")
    assert state.to_move == (2,) and state.view(2).table["upcard"] == "9H"
    return state


class TestSteps:
    @pytest.mark.parametrize("game", ["canasta", "samba"])
    def test_lays_are_asked_only_of_started_melds_and_the_next(self, game: str) -> None:
        """Engine hooks ``_open_slots`` and ``_slot_fits`` (staging): asking ``_fits`` only of the started
        melds and the next, and a started meld at once for the whole hand, lists the same lays as asking
        every slot about every card, along a random deal."""
        state = parlour.new_game(game, seed=3, deals=1)
        rng, checked, started = random.Random(3), 0, 0
        while not state.is_over and (checked < 60 or started < 20):
            seat = state.to_move[0]
            stage, hand = state._stage_of(seat), state.hands[seat]
            if state._may_stage(seat) and not stage.closed:
                every = [state.LAY(face, slot) for face in state.PACK.faces_in(hand) for slot in state._slots()
                         if state._fits(stage, state.PACK.copy_to_take(face, hand), slot) is None]
                assert state._lays(seat, stage) == every
                checked += bool(every)
                started += bool(stage.melds)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert checked >= 60 and started >= 20


class TestPile:
    def test_the_pile_is_taken_with_its_top_card_alone_onto_a_sequence(self) -> None:
        """The pile may be taken when its top card alone extends the side's escalera; the rest of the pile
        then goes to the hand (choice 4)."""
        state = nine_for_seat_two()
        assert legal(state)[:2] == ["draw", "onto 1"] and "take" not in legal(state)
        act(state, "onto 1")
        assert melds(state) == [["9H", "10H", "JH", "QH", "KH", "AH"]]
        assert {"9C", "5D"} <= set(state.view(2).hand) and state.view(2).table["pile"] == 0
        assert legal(state)[0].startswith("discard")

    def test_the_pile_is_never_taken_to_start_a_sequence(self) -> None:
        """The pile cannot be taken to form a new escalera, even with the cards for one in hand."""
        state = new(hands_with(s0="KC KD KH AC AD AH", s1="9H", s2="7H 8H"), stock="5D 6C")
        act(state, "draw", *lays(1, "KC KD KH"), *lays(2, "AC AD AH"), "commit", "discard 5D", "draw", "discard 9H")
        assert legal(state) == ["draw"]
        refused(state, 2, "take", rule="taking the pile")
        refused(state, 2, "onto 1", rule="taking the pile")

    def test_a_new_set_from_the_pile_needs_a_natural_pair(self) -> None:
        """Taking the pile for a new set needs two natural cards of the top card's rank from the hand; a
        natural and a wild are not enough (choice 4)."""
        assert "take" not in legal(nine_for_seat_two(s2="9S JK"))
        state = nine_for_seat_two(s2="9S 9D")
        act(state, "take", "lay 9S 1", "lay 9D 1", "commit")
        assert melds(state)[1] == ["9H", "9S", "9D"] and "9C" in state.view(2).hand

    def test_a_frozen_pile_is_taken_only_for_a_new_set(self) -> None:
        """A wild in the pile freezes it: it is then taken only with a natural pair, never onto a meld."""
        state = nine_for_seat_two(s2="9S 9D", pile="2C 9C")
        assert state.view(2).table["pile_frozen"] is True
        assert "onto 1" not in legal(state) and "take" in legal(state)
        refused(state, 2, "onto 1", rule="frozen pile")

    def test_a_pile_topped_by_a_wild_is_never_taken(self) -> None:
        """Wild on top: while a wild card lies uppermost on the pile, no one may take it."""
        state = new(hands_with(s0=HIGH, s1="JK", s2="JK JK"), stock="5D 6C")
        act(state, "draw", *lays(1, HIGH), "commit", "discard 5D", "draw", "discard JK")
        assert legal(state) == ["draw"]
        refused(state, 2, "take", rule="taking the pile")


class TestFirstMeld:
    def test_the_minimum_counts_sets_and_sequences_together(self) -> None:
        """The initial meld: 50 at a score of 0, over all the turn's melds; kings alone (30) fall short, and
        with a sequence (25) they reach it."""
        state = new(hands_with(s0="KC KD KH 7S 8S 9S"), stock="5C")
        act(state, "draw", *lays(1, "KC KD KH"))
        refused(state, 0, "commit", rule="first meld minimum")
        act(state, *lays(2, "7S 8S 9S"), "commit")
        assert state.view(0).extra["first_meld_minimums"] == [0, 50]

    def test_the_minimum_tiers_run_to_ten_thousand(self) -> None:
        """Initial meld values: below 0 15, then 50, 90 from 1,500, 120 from 3,000, 160 from 7,000."""
        scores = (-5, 0, 1_495, 1_500, 2_999, 3_000, 6_999, 7_000, 9_999)
        assert [minimum_for(s, SAMBA.tiers) for s in scores] == [15, 50, 50, 90, 90, 120, 120, 160, 160]
        state = new()
        state.start_totals = (7_000, -20)
        assert state.view(0).extra["first_meld_minimums"] == [160, 15]


KINGS = "KC KC KD KD KH KH KS"            # a natural canasta, 70
LAID = "KC KD KD KH KH KS KS"             # the same, of the kings the stock holds
SPADES = "6S 7S 8S 9S 10S JS QS"          # a samba, 60


class TestGoingOut:
    def test_going_out_needs_two_seven_card_melds(self) -> None:
        """A side must have formed two seven-card melds before going out: with one, the last card stays."""
        state = new(stock="9H")
        laid(state, 0, LAID, "6S 7S 8S 9S 10S")
        holding(state, 0, "JS")
        act(state, "draw")
        refused(state, 0, "add JS 2", rule="going out")

    def test_going_out_scores_two_hundred_with_canastas_and_sambas(self) -> None:
        """Going out 200 (no concealed bonus), a natural canasta and a samba 500 each, the cards melded,
        less the cards left in partner's hand."""
        state = new(stock="9H")
        laid(state, 0, LAID, "6S 7S 8S 9S 10S JS")
        holding(state, 0, "QS")
        act(state, "draw", "add QS 2", "discard 9H")
        assert state.is_over
        items = last(state)
        assert items["going out"] == 200 and items["1 natural canasta"] == 500 and items["1 samba"] == 500
        assert items["cards melded"] == 70 + 5 + 5 + 10 * 5

    def test_the_pile_taken_can_carry_a_player_out(self) -> None:
        """Going out by melding every card: a frozen pile taken for a canasta of 9s, a samba beside it, and
        the wild from the pile melded with the last two cards."""
        state = new(hands_with(s0=f"9C 9C 9D 9D 9H 9H {SPADES} KC KD"), pile="2C 9C")
        act(state, "take", *lays(1, "9C 9C 9D 9D 9H 9H"), *lays(2, SPADES), "commit")
        act(state, "lay KC 1", "lay KD 1", "lay 2C 1", "commit")
        assert state.is_over and last(state)["going out"] == 200


class TestScoring:
    @pytest.mark.parametrize(("melded", "points"), [((LAID, "6S 7S 8S"), -100), ((LAID, SPADES), 100)])
    def test_red_threes_count_against_a_side_without_two_seven_card_melds(self, melded: tuple[str, str],
                                                                         points: int) -> None:
        """Red 3s: 100 each, and minus 100 each unless the side formed two seven-card melds."""
        state = new(hands_with(s0="3H"), stock="5C")
        laid(state, 0, *melded)
        state.stock = Stock([])
        act(state, "end")
        assert [v for k, v in last(state).items() if "red 3" in k] == [points]

    def test_all_six_red_threes_score_a_thousand(self) -> None:
        """All six red 3s score 1,000 for a side with two seven-card melds."""
        state = new(hands_with(s0="3H 3H 3H 3D 3D 3D"), stock="5C 6C 7C 4D 9D 10D")
        laid(state, 0, LAID, SPADES)
        state.stock = Stock([])
        act(state, "end")
        assert last(state)["6 red 3s"] == 1_000

    @pytest.mark.parametrize(("variant", "drawn", "samba"), [(None, 16, 500), ("classic", 17, 1_500)])
    def test_the_draw_and_the_samba_bonus_by_variant(self, variant: str | None, drawn: int, samba: int) -> None:
        """One card from the stock and a samba 500 (text); two cards and 1,500 (variant ``classic``)."""
        state = new(stock="5C 6C", variant=variant)
        act(state, "draw")
        assert state.hands[0].bit_count() == drawn
        laid(state, 0, LAID, SPADES)
        state.stock = Stock([])
        act(state, "discard 5C", "end")
        assert last(state)["1 samba"] == samba


class TestMatch:
    def test_the_game_ends_when_a_side_reaches_ten_thousand(self) -> None:
        """Game: a side with 10,000 at the end of a deal ends it, the higher total winning (choice 11)."""
        state = new(deals=0)
        state.totals = [9_500, 0]
        laid(state, 0, LAID, SPADES)
        state.stock = Stock([])
        act(state, "end")
        assert state.is_over and set(state.result().winners) == {0, 2}

    def test_below_the_target_the_next_deal_is_dealt_until_the_deals_option(self) -> None:
        """Below 10,000 the next deal is dealt; the ``deals`` option (by default 0, the book's end: to
        10,000) ends the game sooner when given."""
        state = new(deals=2)
        state.stock = Stock([])
        act(state, "end")
        assert not state.is_over and state.hand_number == 2 and state.hands[0].bit_count() == 15
        assert {o.name: o.default for o in parlour.game_info(GAME).options}["deals"] == 0

    def test_by_default_the_game_goes_on_to_ten_thousand_then_stops_at_the_safety_bound(self) -> None:
        """Game (the text: the object is to reach 10,000; choice 11): by default ten deals below the target
        leave the game going on; a game still below it after the safety bound of 40 deals stops there,
        the higher total winning, and its result says so."""
        state = parlour.new_game(GAME, seed=1, deal={"pack": pack_for(PLAIN, "9C")})
        while not state.is_over:
            assert len(state.hand_results) < 40
            state.stock = Stock([])
            act(state, "end")
            if len(state.hand_results) == 10:
                assert not state.is_over and state.hand_number == 11
        result = state.result()
        assert len(state.hand_results) == 40 and max(state.scores()) < 10_000
        assert result.text.startswith("no side reached 10,000 within the safety bound of 40 deals, so the game ends")


class TestHiddenInformation:
    def test_twins_differing_only_in_a_hidden_hand_look_the_same_to_a_seat(self) -> None:
        """Leak test: two deals that differ only in cards of seat 1's hand and the stock, which seat 0 cannot
        see, give seat 0 identical views, legal lists, refusals, logs and ``to_move`` along the same play."""
        one = new(hands_with(s1="9D 9D 4D"), stock="5H 6H 4H")
        two = new(hands_with(s1="9S 10D 4C"), stock="5H 6H 4H")
        for step in ("draw", "discard 5H", "draw", "discard 6H", "draw"):
            assert one.view(0) == two.view(0) and one.to_move == two.to_move
            assert legal(one, 0) == legal(two, 0)
            for state in (one, two):
                with pytest.raises(parlour.IllegalAction) as error:
                    state.apply(0, "onto 2")
                assert error.value.rule is not None
            act(one, step)
            act(two, step)
        assert one.view(0).log == two.view(0).log

    def test_sampled_worlds_keep_the_pile_taken_in_the_takers_hand(self) -> None:
        """The pile taken is public: every world sampled for another seat keeps its cards in the hand."""
        state = nine_for_seat_two()
        pile = sum(1 << i for i in state.pile[:-1])
        act(state, "onto 1")
        assert state.hands[2] & pile == pile
        for k in range(6):
            world = state.sample_world(1, random.Random(k))
            assert isinstance(world, SambaState) and world.hands[2] & pile == pile
            assert world.view(1) == state.view(1)

    def test_refusals_name_their_rule_and_change_nothing(self) -> None:
        """Bad input: out-of-phase actions are refused by rule, and nothing observable changes."""
        state = new()
        before = observed(state)
        refused(state, 0, "discard 9C", rule="the turn")
        refused(state, 0, "onto 1", rule="frozen pile")
        refused(state, 0, "merge 1 2", rule="the turn")
        assert observed(state) == before


class TestBots:
    def test_heuristic_games_end_within_max_actions(self) -> None:
        """Whole games by heuristic bots end within ``max_actions`` from several seeds."""
        for seed in range(3):
            state = parlour.new_game(GAME, seed=seed, deals=1 + seed % 2)
            bots_to_end(state, [make_bot("heuristic", GAME, seed=seed * 4 + s) for s in range(4)])
            assert state.is_over and len(state.history) <= state.info.max_actions
            assert max(state.scores()) > 0

    def test_heuristic_beats_random_with_95_percent_confidence(self) -> None:
        """A heuristic side against a random side, the sides alternating, over 16 seeded one-deal games: the
        Wilson interval of its win rate lies above one half."""
        wins, games = 0, 16
        for seed in range(games):
            state = parlour.new_game(GAME, seed=seed, deals=1)
            smart = seed % 2
            bots = [make_bot("heuristic" if s % 2 == smart else "random", GAME, seed=seed * 4 + s) for s in range(4)]
            bots_to_end(state, bots)
            wins += state.scores()[smart] > state.scores()[1 - smart]
        rate, low, _ = wilson_interval(wins, games)
        assert low > 0.5, (rate, low)

    def test_the_heuristic_takes_the_pile_onto_a_meld_and_lays_sequences(self) -> None:
        """The heuristic takes the pile onto its side's sequence, and lays a sequence it holds."""
        heuristic = make_bot("heuristic", GAME, seed=0)
        assert heuristic.choose(nine_for_seat_two().view(2)) == "onto 1"
        state = new(hands_with(s0=HIGH), stock="5C")
        act(state, "draw")
        while state.to_move == (0,) and not state.melds[0]:
            act(state, heuristic.choose(state.view(0)))
        assert melds(state) == [["9H", *HIGH.split()]]

    def test_the_experts_discard_reads_samba_melds(self) -> None:
        """The expert's considered discard (Canasta's) with Samba's melds (choices 1 and 4): onto an unfrozen
        pile, a card that extends the next side's sequence at an end is taken for certain, a card of its suit
        short of an end is not, and nothing goes onto a meld of seven."""
        state = new(hands_with(s0=HIGH, s1="9H"), stock="5D 6C 7D 8S")
        act(state, "draw", *lays(1, HIGH), "commit", "discard 5D", "draw")
        nine, eight, five = (Card.parse(face) for face in ("9H", "8H", "5S"))
        taker = NextTaker(state.view(1), SAMBA, pile_seen(state.view(1).log))
        assert taker.chance(nine) == 1.0 and taker.chance(eight) < 1.0
        laid(state, 0, SPADES)
        assert NextTaker(state.view(1), SAMBA, pile_seen(state.view(1).log)).chance(five) < 1.0
        assert considered_of(GAME) is choose_considered

    def test_the_view_names_canastas_and_sambas(self) -> None:
        """The table shows each side's melds by number, sequences low to high, and names what is complete."""
        state = new()
        laid(state, 0, LAID, "QS JS 10S 9S 8S 7S 6S")
        view = state.view(3)
        assert view.extra["canastas"] == [["natural canasta of Ks", "samba 6S to QS"], []]
        assert view.table["side_0_melds"][1] == SPADES.split()

    def test_ismcts_plays_a_whole_game_legally(self) -> None:
        """``ismcts:50`` at seat 0 with heuristics, on a deal whose stock is nearly gone."""
        state = new()
        state.stock = Stock(state.stock.top_first()[:4])
        bots = [make_bot("ismcts:50", GAME, seed=1), *(make_bot("heuristic", GAME, seed=s) for s in (2, 3, 4))]
        bots_to_end(state, bots)
        assert state.is_over

    def test_the_game_plays_in_the_terminal(self) -> None:
        """``parlour play samba``: a person takes the pile and goes out by typing, bots play the others."""
        console = Console(file=io.StringIO(), width=140)
        deal = json.dumps({"pack": pack_for(hands_with(s0=f"9C 9C 9D 9D 9H 9H {SPADES} KC KD"), "2C 9C")})
        lines = iter(["take", *lays(1, "9C 9C 9D 9D 9H 9H"), *lays(2, SPADES), "commit",
                      "lay KC 1", "lay KD 1", "lay 2C 1", "commit"])
        code = main(["play", GAME, "--seats", "human,heuristic,heuristic,heuristic", "--seed", "1",
                     "--option", f"deal={deal}", "deals=1"], input_fn=lambda _prompt: next(lines), console=console)
        out = console.file.getvalue()  # type: ignore[attr-defined]
        assert code == 0 and "Game over" in out and "seat 0 goes out" in out


class TestMeldBoard:
    """What the view tells a meld board (issue 39, item 4): Samba's melds named by number, as its moves name
    them (choice 2), sequences as runs, a samba's bonus; the moves in a table's words."""

    def test_a_samba_and_a_canasta_are_noted_with_their_bonuses(self) -> None:
        """Canastas and sambas (source text): the kings' natural canasta 500 and the spades' samba, a sequence of
        seven, 1,500 in the classic game; each noted by its number, the one ``add`` and ``onto`` name it by."""
        state = new(variant="classic")
        laid(state, 0, LAID, "QS JS 10S 9S 8S 7S 6S", "AC AD AH")
        melds = state.view(3).extra["meld_notes"]["side_0_melds"]["melds"]
        assert [(m["ref"], m["label"], m["closed"], m["bonus"]) for m in melds] == [
            ("1", "kings", "natural canasta", 500), ("2", "run in spades", "samba", 1_500), ("3", "aces", None, None)]

    def test_sets_of_one_rank_standing_apart_are_told_apart_by_number(self) -> None:
        """Several sets of one rank stand apart (choice 3): the moves onto them are worded with their numbers,
        and merging says which goes onto which."""
        state = new(hands_with(s0="KC KD KH KS KC KD AC AD AH"), stock="5C")
        act(state, "draw", *lays(1, "KC KD KH"), *lays(2, "KS KC KD"), *lays(3, "AC AD AH"), "commit")
        labels = state.action_labels(0)
        assert labels["merge 1 2"] == "put your kings (2) onto your kings (1)"
        assert labels["discard 5C"] == "discard: ends your turn"

    def test_taking_the_pile_onto_a_meld_is_worded(self) -> None:
        """The pile taken with its top card onto the side's sequence (choice 4), in a table's words."""
        state = nine_for_seat_two()
        assert state.action_labels(2)["onto 1"] == "take the pile onto your run in hearts"
