"""Carioca, rule by rule (rules/source/carioca.txt; NOTES.md has no entry, so the module's numbered
choices stand for it). Each test names its cards through the prepared deal (``deal=``)."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest
from rich.console import Console
from table import act, bots_to_end, refused

import parlour
from parlour.bots import make_bot
from parlour.cards import Card
from parlour.cli.main import main
from parlour.engine.staging import COMMIT
from parlour.errors import DealError
from parlour.games.carioca import CariocaState, contract_plan, contract_words, hand_points
from parlour.sim.stats import wilson_interval

GAME = "carioca"
PACK = parlour.cards.DOUBLE_108

TRIOS = "7H 7S 7D KC KD KS 3H 5C 9D JK 2H"
OTHER = "4C 4D 8S 8H 10C QD QH 6S 6D AC 2S"
# Eleven cards that are the whole first contract (five sevens, six kings): out on the first turn.
QUICK = "7H 7S 7D 7C 7C#2 KC KD KS KH KH#2 KC#2"
# Deal 2 (a trio and an escalera): seat 1 plays first and holds 5H 6H JK 8H (the joker for 7H) and 9s.
RUNNER = "5H 6H 8H JK 9S 9C 9D 2C 3D 4S QC"
WAITER = "7H AC 2D 3S 10H 10S KD QS JD 4H 4D"


def deal(hands: tuple[str, ...], upcard: str, stock: str = "") -> dict[str, Any]:
    return {"hands": [h.split() for h in hands], "upcard": upcard, "stock": stock.split()}


def new(hands: tuple[str, ...] = (TRIOS, OTHER), upcard: str = "4H", stock: str = "9C", **options: Any) -> CariocaState:
    options.setdefault("deals", 1)      # a prepared deal is a game of that deal unless the test says otherwise
    state = parlour.new_game(GAME, players=len(hands), seed=1, deal=deal(hands, upcard, stock), **options)
    assert isinstance(state, CariocaState)
    return state


def legal(state: CariocaState, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def lay(*melds: str) -> list[str]:
    """The steps laying out ``melds`` (space-separated faces each) to slots 1, 2, ... and committing."""
    return [*(f"lay {face} {slot}" for slot, meld in enumerate(melds, 1) for face in meld.split()), "commit"]


LAID = ("draw stock", *lay("7H 7S 7D", "KC KD KS"))


def second_deal(stock: str = "2S") -> CariocaState:
    """Deal 1 ended by seat 0 going out at once; deal 2 dealt from RUNNER (seat 1) and WAITER (seat 0)."""
    first = deal((QUICK, OTHER), "4H", "9C")
    state = parlour.new_game(GAME, players=2, seed=1, deals=2,
                             deal=[first, deal((WAITER, RUNNER), "6C", stock)])
    assert isinstance(state, CariocaState)
    act(state, "draw stock", *lay("7H 7S 7D 7C 7C", "KC KD KS KH KH KC"), "discard 9C")
    assert state.hand_number == 2 and state.to_move == (1,)
    return state


class TestDeal:
    def test_eleven_cards_each_and_an_upcard_then_play_goes_right(self) -> None:
        """Setup and Game play: eleven cards each, the stock's top card turned up; seat 0, on the first
        dealer's right, plays first, and the turn passes to the right (seat 2 after seat 0 of three)."""
        state = parlour.new_game(GAME, players=3, seed=4)
        assert [h.bit_count() for h in state.hands] == [11, 11, 11] and state.dealer == 1
        assert state.view(0).table["upcard"] is not None and state.view(0).table["stock"] == 108 - 33 - 1
        assert state.to_move == (0,)
        act(state, "draw stock")
        act(state, f"discard {state.view(0).hand[0]}")
        assert state.to_move == (2,)

    def test_the_seventh_deal_gives_twelve_cards(self) -> None:
        """Setup: twelve cards on the seventh and last deal (choice 2), whose contract is three escaleras."""
        state = parlour.new_game(GAME, players=2, seed=3, deals=7)
        while state.hand_number < 7:
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            act(state, next((str(a) for a in legal if str(a).startswith(("draw stock", "discard"))), str(legal[0])))
        assert [h.bit_count() for h in state.hands] == [12, 12]
        assert state.view(0).table["contract"] == "deal 7: 3 escaleras"


    def test_a_prepared_deal_without_an_upcard_turns_up_a_card_it_names_nowhere(self) -> None:
        """Setup: the stock's top card is turned up. A prepared deal that lists the stock's top but names no
        upcard keeps that stock as listed and turns up a card it names nowhere over it, as in Pitty Pat and
        Crates (``parlour.mechanics.stock.deal_upcard``); one that leaves no such card is refused."""
        state = parlour.new_game(GAME, players=2, seed=1, deals=1,
                                 deal={"hands": [TRIOS.split(), OTHER.split()], "stock": ["9C", "10S"]})
        assert isinstance(state, CariocaState)
        upcard = state.view(0).table["upcard"]
        assert upcard is not None and upcard not in (TRIOS + " " + OTHER + " 9C 10S").split()
        assert [str(PACK.cards[c]) for c in state.stock.top_first()[:2]] == ["9C", "10S"]
        held = TRIOS.split() + OTHER.split()
        rest = [str(card) for card in PACK.cards if str(card) not in held]
        with pytest.raises(DealError, match="without an upcard, the hands and the stock must leave a card"):
            parlour.new_game(GAME, players=2, deal={"hands": [TRIOS.split(), OTHER.split()], "stock": rest})

    def test_a_prepared_deal_is_refused_before_play(self) -> None:
        """A prepared deal is refused before play, with a ``DealError``, when any deal of a list does not fit
        its place (eleven cards a hand, twelve in the seventh deal, and no eighth deal) or names a card that is
        not of the pack or not a list where a list belongs."""
        good = deal((TRIOS, OTHER), "4H", "9C")
        with pytest.raises(DealError, match="deal 2 of the list: the upcard: '2C#99'"):
            parlour.new_game(GAME, players=2, deal=[good, {**good, "upcard": "2C#99"}])
        with pytest.raises(DealError, match="deal 7 of the list: seat 0 must hold 12 cards, not 11"):
            parlour.new_game(GAME, players=2, deal=[good] * 7)
        with pytest.raises(DealError, match="Carioca takes no prepared deal for deal 8"):
            parlour.new_game(GAME, players=2, deal=[{"pack": [str(card) for card in PACK.cards]}] * 8)
        for bad in (5, "xyz", {**good, "stock": 5}, {**good, "upcard": "2C#3"}, {**good, "stock": ["9C", "9C"]},
                    {**good, "widow": []}, {**good, "hands": good["hands"][:1]}):
            with pytest.raises(DealError):
                parlour.new_game(GAME, players=2, deal=bad)

class TestContract:
    def test_each_deal_has_its_own_contract_in_the_books_order(self) -> None:
        """Melding: the seven contracts in order (choice 1), trios before escaleras in the slots."""
        assert [contract_words(n) for n in range(1, 8)] == [
            "2 trios", "1 trio and 1 escalera", "2 escaleras", "3 trios", "2 trios and 1 escalera",
            "1 trio and 2 escaleras", "3 escaleras"]

    def test_the_deal_passes_to_the_right(self) -> None:
        """Ending the hand: the next deal is dealt by the seat on the dealer's right, and the seat on the new
        dealer's right plays first (three players: seat 1 deals, then seat 0; seat 2 begins)."""
        state = parlour.new_game(GAME, players=3, seed=2, deals=2)
        while state.hand_number == 1:
            seat = state.to_move[0]
            act(state, "draw stock")
            act(state, f"discard {state.view(seat).hand[0]}")
        assert state.dealer == 0 and state.to_move == (2,)

    def test_the_contract_is_laid_all_at_once_and_shown(self) -> None:
        """Melding: the first meld is the whole contract (deal 1: two trios), laid at once; every seat
        sees the melds with their owner."""
        state = new()
        act(state, *LAID)
        view = state.view(1)
        assert view.table["melds"] == [["7H", "7S", "7D"], ["KC", "KD", "KS"]]
        assert view.table["meld_words"][0] == "meld 1, seat 0's trio: 7H 7S 7D"
        assert view.extra["laid"] == [0] and view.seats[0]["held"] == 6

    def test_a_stage_short_of_the_contract_is_refused_and_changes_nothing(self) -> None:
        """Melding: one trio is not the contract of two; commit is not offered and is refused by name."""
        state = new()
        act(state, "draw stock", "lay 7H 1", "lay 7S 1", "lay 7D 1", "lay KC 2", "lay KD 2")
        assert COMMIT not in state.legal_actions(0)
        refused(state, 0, "commit", rule="contract")

    def test_a_trio_slot_takes_cards_of_one_rank_and_a_2_is_no_wild(self) -> None:
        """Melding and Using jokers: a trio is of one rank; a 2 is a plain card (it does not join the
        sevens), the joker does."""
        state = new()
        act(state, "draw stock", "lay 7H 1", "lay 7S 1")
        refused(state, 0, "lay 2H 1", rule="trio")
        act(state, "lay JK 1")
        assert state.stage is not None and len(state.stage.meld(1)) == 3

    def test_one_joker_in_a_meld_of_the_contract(self) -> None:
        """Using jokers: at the initial meld each meld holds one joker at most."""
        state = new((TRIOS.replace("2H", "JK#2"), OTHER))
        act(state, "draw stock", "lay 7H 1", "lay JK 1")
        refused(state, 0, "lay JK 1", rule="one joker")

    def test_no_meld_beyond_the_contract(self) -> None:
        """Melding: deal 1's contract has two melds; a third slot is refused."""
        state = new()
        act(state, "draw stock", "lay 7H 1")
        refused(state, 0, "lay KC 3", rule="contract")

    def test_the_contract_is_laid_out_only_from_a_hand_that_makes_it(self) -> None:
        """Choice 11: seat 1's hand holds no two trios, so it is offered no lay and a lay is refused."""
        state = new()
        act(state, "draw stock", "discard 3H", "draw stock")
        assert contract_plan(state.hands[1], 1) is None
        assert not any(str(a).startswith("lay") for a in state.legal_actions(1))
        refused(state, 1, "lay 4C 1", rule="staged turn")

    def test_an_escalera_is_four_of_a_suit_in_sequence_with_its_joker_where_laid(self) -> None:
        """Melding: deal 2's contract is a trio (meld 1) and an escalera (meld 2); the joker laid between
        6H and 8H stands for 7H, and the table says so."""
        state = second_deal()
        act(state, "draw stock", *lay("9S 9C 9D", "5H 6H JK 8H"))
        words = state.view(0).table["meld_words"]
        assert words[1] == "meld 2, seat 1's escalera: 5H 6H JK 8H (JK for 7H)"

    def test_an_ace_is_high_or_low_but_not_both(self) -> None:
        """Melding: A-2-3-4 and J-Q-K-A are escaleras; Q-K-A-2 turns the corner and is none."""
        def makes(faces: str) -> bool:
            return contract_plan(PACK.mask([Card.parse(f) for f in faces.split()]), 3) is not None
        assert makes("AS 2S 3S 4S JH QH KH AH")
        assert not makes("QS KS AS 2S JH QH KH AH")


class TestAfterTheContract:
    def test_additions_wait_for_a_later_turn(self) -> None:
        """Melding: extending melds is for the turns after the contract, not the turn it goes down."""
        state = new((TRIOS.replace("2H", "7C"), OTHER))
        act(state, *LAID)
        refused(state, 0, "add 7C 1", rule="later turns")

    def test_a_player_adds_to_any_meld_on_the_table(self) -> None:
        """Melding: once the contract is down, a card goes to any player's meld, and jokers freely."""
        state = new((TRIOS, "4C 4D 4S 8S 8H 8D QD QH 6S KH AC"), stock="9C 2C 3C 5S")
        act(state, *LAID, "discard 9C", "draw stock", *lay("4C 4D 4S", "8S 8H 8D"), "discard 2C")
        assert state.to_move == (0,)
        act(state, "draw stock", "add JK 3")
        assert state.view(1).table["melds"][2] == ["4C", "4D", "4S", "JK"]
        act(state, "discard 3C")
        act(state, "draw stock", "add KH 2")
        assert state.view(0).table["melds"][1] == ["KC", "KD", "KS", "KH"]

    def test_only_a_player_who_laid_the_contract_adds(self) -> None:
        """Melding: a player who has not met the contract may not extend the table's melds."""
        state = new((TRIOS, OTHER.replace("2S", "7C")))
        act(state, *LAID, "discard 9C", "draw stock")
        refused(state, 1, "add 7C 1", rule="contract first")

    def test_an_escalera_grows_at_the_end_named(self) -> None:
        """Melding: an escalera grows at its low end or its high end, as the player names it."""
        state = second_deal(stock="2S 3C 4H#2")
        act(state, "draw stock", *lay("9S 9C 9D", "5H 6H JK 8H"), "discard 2S", "draw stock", "discard 3C",
            "draw stock")
        assert "extend 4H 2 low" in [str(a) for a in state.legal_actions(1)]
        refused(state, 1, "extend 4H 2 high", rule="meld fit")
        act(state, "extend 4H 2 low")
        assert state.view(0).table["melds"][1] == ["4H", "5H", "6H", "JK", "8H"]

    def test_a_joker_in_an_escalera_is_taken_back_to_the_end_chosen(self) -> None:
        """Using jokers: the natural card takes the joker's place and the joker moves to the end the player
        names, staying in the escalera."""
        for end, cards, stands in (("high", ["5H", "6H", "7H", "8H", "JK"], "9H"),
                                   ("low", ["JK", "5H", "6H", "7H", "8H"], "4H")):
            state = second_deal(stock="2S 4C 7H#2")
            act(state, "draw stock", *lay("9S 9C 9D", "5H 6H JK 8H"), "discard 2S", "draw stock", "discard 4C",
                "draw stock", f"swap 7H 2 {end}")
            view = state.view(0)
            assert view.table["melds"][1] == cards and view.table["meld_words"][1].endswith(f"(JK for {stands})")

    def test_a_joker_in_a_trio_is_never_taken_back(self) -> None:
        """Choice 5: a trio's joker stands for no card: no swap for it."""
        state = new((TRIOS.replace("3H", "JK#2"), OTHER))
        act(state, "draw stock", *lay("7H 7S JK", "KC KD KS"), "discard 9C", "draw stock", "discard 4C",
            "draw stock")
        legal = [str(a) for a in state.legal_actions(0)]
        assert "add 7D 1" in legal and not any(a.startswith("swap") for a in legal)


class TestDrawing:
    def test_the_pile_may_be_drawn_on_turns_running(self) -> None:
        """Game play (the text): either the upcard or the stock's top card, on any turn, the last turn's
        draw notwithstanding."""
        state = new()
        act(state, "draw discard", "discard 3H")
        assert legal(state, 1)[:2] == ["draw stock", "draw discard"]
        refused(state, 1, "discard 4C", rule="draw first")
        act(state, "draw discard")
        assert state.view(1).extra["taken"] == "3H"

    def test_the_card_taken_from_the_pile_is_not_thrown_back(self) -> None:
        """Choice 7: the card drawn from the pile, or a copy of its face, is not discarded that turn."""
        state = new()
        act(state, "draw discard")
        assert "discard 4H" not in legal(state, 0) and "discard 3H" in legal(state, 0)
        refused(state, 0, "discard 4H", rule="not thrown back")
        act(state, "discard 3H", "draw stock")
        assert state.view(1).extra["taken"] is None

    def test_a_drawn_upcard_stays_in_the_takers_hand_in_every_world(self) -> None:
        """Sampled worlds keep the card taken from the pile in its taker's hand."""
        state = new()
        act(state, "draw discard", "discard 3H", "draw stock")
        taken = PACK.index[Card.parse("4H")]
        for number in range(6):
            world = state.sample_world(1, random.Random(number))
            assert isinstance(world, CariocaState) and world.hands[0] >> taken & 1


class TestEnd:
    def test_going_out_by_melding_scores_deadwood_to_the_others(self) -> None:
        """Ending the hand: the one out scores 0, the others count 50 a joker, 20 an ace, 10 a court card,
        pips otherwise, a 2 counting two (choice 9); going out needs no final discard (choice 6)."""
        state = parlour.new_game(GAME, players=2, seed=1, deal=deal((QUICK, OTHER.replace("2S", "JK")), "4H", "7S#2"),
                                 deals=1)
        act(state, "draw stock", *lay("7H 7S 7D 7C 7C 7S", "KC KD KS KH KH KC"))
        assert state.is_over
        other = 4 + 4 + 8 + 8 + 10 + 10 + 10 + 6 + 6 + 20 + 50
        assert state.scores() == [0, other] and state.hand_results[0].winners == (0,)
        assert state.result().winners == (0,)

    def test_a_final_discard_when_the_option_asks_for_one(self) -> None:
        """Option ``final_discard`` (choice 6): a contract using every card is refused; keep one back."""
        hands = (QUICK, OTHER)
        state = parlour.new_game(GAME, players=2, seed=1, deal=deal(hands, "4H", "7S#2"), final_discard=True,
                                 deals=1)
        act(state, "draw stock", *lay("7H 7S 7D 7C 7C 7S", "KC KD KS KH KH KC")[:-1])
        refused(state, 0, "commit", rule="final discard")
        act(state, "withdraw")
        assert not state.is_over

    def test_an_empty_stock_ends_the_deal_with_everyone_counting(self) -> None:
        """Choice 8: a turn that begins with the stock empty ends the deal; each counts the cards held."""
        state = new()
        while state.hand_number == 1 and not state.is_over:
            seat = state.to_move[0]
            act(state, "draw stock")
            act(state, f"discard {PACK.cards[max(state.hands[seat].bit_length() - 1, 0)].face}")
        result = state.hand_results[0]
        assert result.winners == () and list(result.changes) == [hand_points(h) for h in state.hands]
        assert state.scores() == list(result.changes)

    def test_lowest_total_wins_and_ties_share(self) -> None:
        """Object: the lowest score wins."""
        assert parlour.game_info(GAME).lowest_score_wins


class TestHiddenInformation:
    def test_twins_differing_in_a_hidden_card_look_the_same(self) -> None:
        """Seat 0 cannot tell seat 1's 6D from a 6C deep in the stock: same views, legal lists, refusals,
        logs, to_move and worlds for seat 0 through a contract, a draw of the upcard and a discard."""
        twins = [new((TRIOS, OTHER), stock="9C 2C"), new((TRIOS, OTHER.replace("6D", "6C")), stock="9C 2C")]
        for state in twins:
            act(state, *LAID, "discard 9C", "draw discard", "discard 4C")
        assert twins[0].hands != twins[1].hands
        views = [t.view(0) for t in twins]
        assert views[0] == views[1] and twins[0].to_move == twins[1].to_move == (0,)
        assert twins[0].legal_actions(0) == twins[1].legal_actions(0)
        for action in ("commit", "add 6D 1", "discard 6C"):
            messages = [str(refused(t, 0, action)) for t in twins]
            assert messages[0] == messages[1]
        for number in range(4):
            worlds = [t.sample_world(0, random.Random(number)) for t in twins]
            assert all(worlds[0].view(s) == worlds[1].view(s) for s in (0, 1, None))
            assert worlds[0].hands == worlds[1].hands


class TestBots:
    def test_the_heuristic_beats_random_play_with_95_percent_confidence(self) -> None:
        """Over 24 two-player games, the heuristic in turn at each seat against random play: the 95% Wilson
        interval of its win rate (a shared win counting its share) lies above a fair 1/2."""
        wins = 0.0
        for seed in range(24):
            me = seed % 2
            bots = [make_bot("random", GAME, seed=seed * 2 + s) for s in range(2)]
            bots[me] = make_bot("heuristic", GAME, seed=seed)
            state = parlour.new_game(GAME, players=2, seed=seed, deals=1)
            bots_to_end(state, bots)
            winners = state.result().winners
            wins += (me in winners) / len(winners)
        assert wilson_interval(wins, 24)[1] > 0.5

    @pytest.mark.parametrize("players", [2, 3, 4, 5])
    def test_whole_games_by_heuristic_bots_end_within_max_actions(self, players: int) -> None:
        limit = parlour.game_info(GAME).max_actions
        for seed in range(2):
            state = parlour.new_game(GAME, players=players, seed=seed, deals=7 if seed == 0 and players == 2 else 1)
            bots = [make_bot("heuristic", GAME, seed=seed + s) for s in range(players)]
            bots_to_end(state, bots)
            assert state.is_over and len(state.history) < limit

    @pytest.mark.parametrize("players", [2, 5])
    def test_random_games_of_the_books_seven_deals_end_within_max_actions(self, players: int) -> None:
        """The conformance suite plays the default single deal; the book's seven end in time too."""
        limit = parlour.game_info(GAME).max_actions
        for seed in range(2):
            state = parlour.new_game(GAME, players=players, seed=seed, deals=7)
            state.playout(random.Random(seed))
            assert state.is_over and len(state.hand_results) == 7 and len(state.history) < limit

    def test_the_heuristic_lays_the_contract_it_holds(self) -> None:
        state = new()
        bot = make_bot("heuristic", GAME, seed=0)
        while not state.laid[0]:
            act(state, bot.choose(state.view(0)))
        assert len(state.melds) == 2

    def test_ismcts_plays_a_whole_game_legally(self) -> None:
        """``ismcts:50`` at seat 0 against the heuristic, from a deal the heuristic soon ends."""
        state = new((OTHER, QUICK), stock="9C 3C")
        bots = [make_bot("ismcts:50", GAME, seed=1), make_bot("heuristic", GAME, seed=2)]
        bots_to_end(state, bots)
        assert state.is_over


def test_the_game_plays_in_the_terminal() -> None:
    """``parlour play carioca``: a person draws, lays the contract and discards by typing; the bot answers."""
    console = Console(file=io.StringIO(), width=120)
    options = json.dumps(deal((QUICK, OTHER), "4H", "7S#2"))
    lines = iter(["draw stock", *lay("7H 7S 7D 7C 7C 7S", "KC KD KS KH KH KC")])
    code = main(["play", GAME, "--players", "2", "--seats", "human,heuristic", "--seed", "1",
                 "--option", f"deal={options}", "deals=1"], input_fn=lambda _prompt: next(lines), console=console)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert code == 0 and "Game over" in out and "seat 0 goes out" in out


class TestMeldBoard:
    """What the view tells a meld board (issue 39, item 4): each meld on the table with its owner, what it is
    and its joker, by the number the moves name it by; the contract being laid; the moves in a table's words."""

    def test_each_meld_is_noted_with_its_owner_and_its_joker(self) -> None:
        """Melding: the trio of nines and the escalera in hearts laid by seat 1 (deal 2's contract, a trio and an
        escalera), its joker marked where it stands for the 7♥."""
        state = second_deal(stock="2S 3C 4H#2")
        act(state, "draw stock", *lay("9S 9C 9D", "5H 6H JK 8H"))
        notes = state.view(0).extra["meld_notes"]
        assert notes["melds"]["verbs"] == ["add", "extend", "swap"] and notes["melds"]["side"] is None
        trio, escalera = notes["melds"]["melds"][-2:]
        assert (trio["label"], trio["owner"], trio["wilds"]) == ("trio of nines", 1, [])
        assert (escalera["ref"], escalera["label"], escalera["owner"], escalera["wilds"], escalera["natural"]) == (
            str(len(notes["melds"]["melds"])), "escalera in hearts", 1, [2], False)
        assert state.view(0).table["melds"][-1][2] == "JK" and escalera["closed"] is None

    def test_the_contract_being_laid_and_its_moves_are_worded(self) -> None:
        """The contract laid all at once (rules: melding), in a table's words: a card starts a meld, or a second
        one beside it, or joins the trio being laid; withdrawing takes the contract back."""
        state = new()
        act(state, "draw stock")
        labels = state.action_labels(0)
        assert labels["lay 7H 1"] == "start a meld" and labels["lay 7H 2"] == "start a second meld"
        act(state, "lay 7H 1", "lay 7S 1")
        assert state.view(1).extra["meld_notes"]["staged"]["melds"][0]["label"] == "sevens"
        labels = state.action_labels(0)
        assert labels["lay 7D 1"] == "add to the sevens you are laying" and labels["lay KC 2"] == "start a meld"
        assert labels["withdraw"] == "take the contract back" and state.action_labels(1) == {}

    def test_growing_an_escalera_and_taking_its_joker_are_worded(self) -> None:
        """An escalera grows at the end named, and a natural card takes its joker's place (rules: melding,
        using jokers), in words that name the meld and the end."""
        state = second_deal(stock="2S 4C 7H#2")
        act(state, "draw stock", *lay("9S 9C 9D", "5H 6H JK 8H"), "discard 2S", "draw stock", "discard 4C",
            "draw stock")
        labels = state.action_labels(1)
        number = len(state.melds)
        swap = "take the joker's place in the escalera in hearts (the joker to its high end)"
        assert labels[f"swap 7H {number} high"] == swap
        grown = second_deal(stock="2S 3C 4H#2")
        act(grown, "draw stock", *lay("9S 9C 9D", "5H 6H JK 8H"), "discard 2S", "draw stock", "discard 3C",
            "draw stock")
        assert grown.action_labels(1)[f"extend 4H {number} low"] == "add to the escalera in hearts at its low end"
