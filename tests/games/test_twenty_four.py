"""Twenty-Four, rule by rule (rules/source/twenty-four.txt; the choices where it is silent are numbered in
the module's docstring, and a test citing "choice N" checks that one).

Each test names the cards on the board through the prepared deal (``deal={"piles": ...}``).
"""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
import warnings
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from table import refused

import parlour
from parlour import OutOfTurn
from parlour.bots import make_bot
from parlour.bots.base import LEVELS, Reaction
from parlour.bots.heuristic import HeuristicBot
from parlour.cards import NUMBER_40
from parlour.cli.main import main
from parlour.engine import Expressions, evaluate, numbers_of, write_expression
from parlour.errors import DealError
from parlour.games import twenty_four as g24
from parlour.sim.tournament import GameTask, derive_seed, play_game, run_tournament

GAME = "twenty-four"
PACK = [str(card) for card in NUMBER_40]


def piles(*tops: str, players: int = 2) -> list[list[str]]:
    """Piles whose top cards are ``tops`` (one string of cards per seat, top first), the rest of the pack
    following in pack order, dealt alike every time."""
    named = [top.split() for top in tops] + [[] for _ in range(players - len(tops))]
    rest = iter(card for card in PACK if not any(card in top for top in named))
    size = len(PACK) // players
    return [top + [next(rest) for _ in range(size - len(top))] for top in named]


def new(*tops: str, players: int = 2, **options: Any) -> Any:
    return parlour.new_game(GAME, players=players, seed=1, deal={"piles": piles(*tops, players=players)}, **options)


def legal(state: Any, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def state_sum(state: Any, seat: int, term: str) -> None:
    """Seat ``seat`` (to move after its slap or being heard) states ``term``: its form, then the sum."""
    state.apply(seat, f"form {_form(term)}")
    state.apply(seat, f"solve {term}")


def _form(term: str) -> str:
    """The form of a sum: its numbers replaced by the places a, b, c, d in order."""
    letters = iter("abcd")
    out, digits = [], False
    for ch in term:
        if ch.isdigit():
            if not digits:
                out.append(next(letters))
            digits = True
        else:
            out.append(ch)
            digits = False
    return "".join(out)


def held(state: Any) -> list[int]:
    return [seat["held"] for seat in state.view(None).seats]


class TestDeal:
    def test_the_pack_is_dealt_round_and_each_pile_ends_on_its_last_card(self) -> None:
        """Setup: the whole pack is dealt out, twenty each to two; choice 1: one card at a time from the
        dealer's left (seat 0 first), each on top of its pile; choice 2: each turns up his own top cards."""
        state = parlour.new_game(GAME, players=2, seed=1, deal={"pack": PACK})
        assert state.view(None).table["board"] == [PACK[38], PACK[36], PACK[39], PACK[37]]
        assert held(state) == [20, 20]
        four = parlour.new_game(GAME, players=4, seed=1, deal={"pack": PACK})
        assert four.view(None).table["board"] == PACK[36:40]
        assert held(four) == [10, 10, 10, 10]

    def test_nobody_sees_any_pile_not_even_its_owner(self) -> None:
        """Setup: players may not look at their own cards; the view shows each pile only as a count."""
        state = new("8C 5C", "7C 9C")
        for seat in (0, 1, None):
            view = state.view(seat)
            assert view.hand == [] and view.table["piles"] == [18, 18]
            assert view.kinds["table"]["piles"] == "numbers"

    def test_two_or_four_players_but_not_three(self) -> None:
        """Twenty-Four is for two or four players (``GameInfo.player_counts``: the lobby offers those)."""
        with pytest.raises(ValueError, match="2 or 4 players"):
            parlour.new_game(GAME, players=3)
        assert g24.INFO.counts == (2, 4) and parlour.game_info("tetka").counts == (4,)

    def test_the_browsers_lobby_is_told_the_player_counts(self) -> None:
        pytest.importorskip("fastapi")
        from parlour.web.app import game_entry
        assert game_entry(g24.INFO)["player_counts"] == [2, 4]

    @pytest.mark.parametrize(("deal", "message"), [
        ({"piles": [PACK[:20]]}, "'piles' holds 2 lists of cards, one a seat"),
        ({"piles": [PACK[:20], PACK[:20]]}, "names a card twice"),
        ({"hands": []}, "a prepared deal is {\"piles\""),
        ({"piles": [["KH", *PACK[1:20]], PACK[20:]]}, "'KH' is not a card of the number-40 pack"),
    ])
    def test_a_malformed_prepared_deal_says_its_shape(self, deal: Any, message: str) -> None:
        with pytest.raises(DealError, match=message):
            parlour.new_game(GAME, players=2, deal=deal)

    def test_a_prepared_deal_is_refused_before_play(self) -> None:
        """A prepared deal is refused before play: it deals the first board only (later boards come from the
        piles), as piles of an even share of the pack, 20 for two and 10 for four, or a stacked pack."""
        with pytest.raises(DealError, match="deal 2 of the list: Twenty-Four takes no prepared deal for deal 2"):
            parlour.new_game(GAME, players=2, deal=[{"piles": piles()}, {"piles": piles()}])
        for players, bad in ((2, 5), (2, "xyz"), (4, {"piles": piles()}), (2, {"piles": piles(), "pack": PACK}),
                             (2, {"piles": [[*PACK[:19], "2C#99"], PACK[20:]]}), (2, {"pack": PACK[:-1]})):
            with pytest.raises(DealError):
                parlour.new_game(GAME, players=players, deal=bad)


class TestTwoPlayers:
    def test_a_correct_sum_wins_the_set_and_the_other_takes_the_four(self) -> None:
        """For two players: a correct solution wins the set; the loser puts the four cards under his pile
        (choice 7: in the board's place order, seen by all)."""
        state = new("8C 5C", "7C 9C")
        state.apply(0, "slap")
        state_sum(state, 0, "8*5-(7+9)")
        result = state.hand_results[-1]
        assert result.changes == (-2, 2) and result.winners == (0,)
        assert "seat 0 makes 24 with 8*5-(7+9); seat 1 takes the four cards" in result.summary
        assert held(state) == [18, 22]
        assert [str(NUMBER_40.cards[c]) for c in state.piles[1].top_first()[-4:]] == ["8C", "5C", "7C", "9C"]
        assert state.hand_number == 2 and state.to_move == (0, 1)

    def test_a_wrong_sum_loses_the_set_and_the_slapper_takes_the_four(self) -> None:
        """For two players: if the stated sum is not 24, the other player wins the set."""
        state = new("8C 5C", "7C 9C")
        state.apply(1, "slap")
        state_sum(state, 1, "8+5+7+9")
        assert state.hand_results[-1].changes == (-2, 2)
        assert "seat 1's 8+5+7+9 makes 29, not 24; seat 1 takes the four cards" in state.hand_results[-1].summary

    def test_fractions_on_the_way_are_exact(self) -> None:
        """The sum must equal exactly 24; exact rational arithmetic lets 5*(5-1/5) make it."""
        state = new("5C 5D", "AC 5H")
        state.apply(0, "slap")
        state_sum(state, 0, "5*(5-1/5)")
        assert state.hand_results[-1].changes == (-2, 2)

    def test_a_sum_dividing_by_nought_makes_no_number_and_is_wrong(self) -> None:
        """Choice 4: a sum that divides by nought makes no number, so it misses 24."""
        state = new("8C 5C", "5D 3C")
        state.apply(0, "slap")
        state_sum(state, 0, "8/(5-5)*3")
        assert "makes no number (it divides by nought), not 24" in state.hand_results[-1].summary
        assert state.hand_results[-1].changes == (2, -2)

    def test_a_late_slap_is_told_who_was_first(self) -> None:
        """The race: whoever slaps first states the sum; a late slap is refused by the rule 'first to act'."""
        state = new("8C 5C", "7C 9C")
        state.apply(1, "slap")
        with pytest.raises(OutOfTurn, match=r"too late: seat 1 was first \(slap\)") as late:
            state.apply(0, "slap")
        assert late.value.rule == "first to act"

    def test_the_form_comes_first_and_the_sum_must_fit_it_and_the_board(self) -> None:
        """Choice 4: the sum is stated as its form, then the cards put in; refusals change nothing."""
        state = new("8C 5C", "7C 9C")
        state.apply(0, "slap")
        refused(state, 0, "solve 8*5-(7+9)", "form first")
        state.apply(0, "form a*b-(c+d)")
        refused(state, 0, "form a+b+c+d", "state the sum")
        refused(state, 0, "solve 8+5+7+9", "the form chosen")
        refused(state, 0, "solve 8*6-(7+9)", "use the four cards once each")
        assert len(legal(state, 0)) == 24
        assert "solve 8*5-(7+9)" in legal(state, 0)

    def test_none_gives_up_the_board_and_the_other_may_still_slap(self) -> None:
        """Choice 5: a seat saying none is out of this board's race; the other may slap and state."""
        state = new("8C 5C", "7C 9C")
        state.apply(0, "none")
        assert state.to_move == (1,)
        state.apply(1, "slap")
        state_sum(state, 1, "8*5-(7+9)")
        assert state.hand_results[-1].changes == (2, -2)

    def test_no_solution_each_takes_back_one_of_his_cards_and_turns_up_another(self) -> None:
        """For two players, no solution: each chooses one of his cards to put under his pile and turns up
        his next card (choice 6: openly, in either order)."""
        state = new("AC AD 2C", "AH AS 3C")
        state.apply(0, "none")
        state.apply(1, "none")
        assert state.phase is g24.Phase.TAKE_BACK and legal(state, 0) == ["take AC", "take AD"]
        refused(state, 0, "take AH", "take back your own card")
        refused(state, 0, "take KH", "take back your own card")
        state.apply(1, "take AS")
        state.apply(0, "take AC")
        assert state.hand_results[-1].void and state.hand_results[-1].changes == (0, 0)
        assert state.view(None).table["board"] == ["2C", "AD", "AH", "3C"]
        assert [str(NUMBER_40.cards[state.piles[s].top_first()[-1]]) for s in (0, 1)] == ["AC", "AS"]
        assert held(state) == [20, 20]


class TestFourPlayers:
    def board(self) -> Any:
        return new("8C", "5C", "7C", "9C", players=4)

    def test_the_third_slap_lets_the_odd_player_out_choose_whom_to_hear(self) -> None:
        """For four players: each slaps on finding a solution; after three, the last player chooses one of
        them to state it."""
        state = self.board()
        state.apply(2, "slap")
        assert state.to_move == (0, 1, 3)
        state.apply(0, "slap")
        state.apply(3, "slap")
        assert state.phase is g24.Phase.HEAR and state.to_move == (1,)
        assert legal(state, 1) == ["hear 0", "hear 2", "hear 3"]
        refused(state, 1, "hear 1", "hear one who slapped")
        refused(state, 1, "slap", g24.Phase.HEAR)
        with pytest.raises(OutOfTurn, match="waiting for seat 1"):
            state.apply(3, "hear 0")

    def test_a_correct_sum_heard_costs_the_odd_player_out_the_four_cards(self) -> None:
        """For four players: if the chosen player's sum is right, the odd player out adds the four cards to
        his pile."""
        state = self.board()
        for seat in (2, 0, 3):
            state.apply(seat, "slap")
        state.apply(1, "hear 2")
        state_sum(state, 2, "8*5-(7+9)")
        assert state.hand_results[-1].changes == (-1, 3, -1, -1)
        assert held(state) == [9, 13, 9, 9]

    def test_a_wrong_sum_heard_costs_the_player_who_stated_it(self) -> None:
        """For four players: a wrong sum means the odd player out wins the set (choice 7: the chosen player
        takes the four cards)."""
        state = self.board()
        for seat in (2, 0, 3):
            state.apply(seat, "slap")
        state.apply(1, "hear 0")
        state_sum(state, 0, "8*5-7+9")
        assert state.hand_results[-1].changes == (3, -1, -1, -1)

    def test_none_is_refused_after_a_slap_and_those_who_said_it_rejoin(self) -> None:
        """Choice 8: after a slap a solution is claimed; seats that said none are back in the race."""
        state = self.board()
        state.apply(1, "none")
        assert state.to_move == (0, 2, 3)
        state.apply(0, "slap")
        assert state.to_move == (1, 2, 3) and legal(state, 1) == ["slap"]
        assert state.view(None).extra["said_none"] == []
        refused(state, 2, "none", "none only before a slap")

    def test_no_solution_with_four_swaps_every_card_at_once(self) -> None:
        """For four players, no solution: each swaps the one card he played, so the board is all new."""
        state = new("AC 2C", "AD 2D", "AH 2H", "AS 2S", players=4)
        for seat in range(4):
            state.apply(seat, "none")
        assert state.hand_results[-1].void
        assert state.view(None).table["board"] == ["2C", "2D", "2H", "2S"]
        assert held(state) == [10, 10, 10, 10]


def win_sets(state: Any, winners: tuple[int, ...], hear: int = 0) -> None:
    """Play on with ``winners`` always stating a true sum (four players: they slap, the odd seat hears
    ``hear``) and every seat saying none to a board with no solution."""
    while not state.is_over:
        found = g24.solutions(state.values)
        if not found:
            for seat in range(state.players):
                state.apply(seat, "none")
            while state.to_move:
                if state.phase is not g24.Phase.TAKE_BACK:
                    break
                seat = state.to_move[0]
                state.apply(seat, legal(state, seat)[0])
            continue
        for seat in winners:
            state.apply(seat, "slap")
        stater = winners[0]
        if state.players == 4:
            state.apply(state.to_move[0], f"hear {hear}")
            stater = hear
        number = g24.SUMS.encode(found[0], state.values)
        state.apply(stater, f"form {g24.forms()[number // g24.ORDERS]}")
        state.apply(stater, str(g24.Solve(found[0])))


class TestEnd:
    def test_the_first_player_out_of_cards_wins(self) -> None:
        """Game play continues until a player runs out of cards; he is the winner (choice 9: with two
        players a holding is always even, so a board can always be turned up)."""
        state = parlour.new_game(GAME, players=2, seed=4)
        win_sets(state, (0,))
        assert state.scores() == [0, 40] and state.phase is g24.Phase.OVER
        result = state.result()
        assert result.winners == (0,) and result.text == "seat 0 wins with 0 cards"
        assert "seat 0 is out of cards" in state.hand_results[-1].summary

    def test_players_out_at_once_share_the_win_and_the_rest_rank_by_cards(self) -> None:
        """Choice 10: every seat left with no card after a set has won; the others rank by cards held."""
        state = parlour.new_game(GAME, players=4, seed=2)
        win_sets(state, (0, 1, 2), hear=0)
        assert state.scores() == [0, 0, 0, 40]
        assert state.result().winners == (0, 1, 2) and state.result().places == (1, 1, 1, 4)

    def test_the_cap_on_boards_ends_the_game_and_the_fewest_cards_win(self) -> None:
        """Choice 10: option ``boards`` caps the game, the fewest cards then winning."""
        state = new("8C 5C", "7C 9C", boards=1)
        state.apply(0, "slap")
        state_sum(state, 0, "8*5-(7+9)")
        assert state.is_over and state.result().winners == (0,) and state.scores() == [18, 22]
        void = new("AC AD", "AH AS", boards=1)   # a board without a solution counts too
        for seat, action in ((0, "none"), (1, "none"), (0, "take AC"), (1, "take AH")):
            void.apply(seat, action)
        assert void.is_over and void.result().winners == (0, 1)


class TestNotation:
    @pytest.mark.parametrize(("text", "form"), [
        ("form a*b-(c+d)", "form a*b-(c+d)"), ("form A × b − (c + d)", "form a*b-(c+d)"),
        ("form ((a+b))+c+d", "form a+b+c+d"), ("form a/(b-c/d)", "form a/(b-c/d)")])
    def test_a_form_reads_places_and_the_books_signs(self, text: str, form: str) -> None:
        assert str(new("8C 5C", "7C 9C").parse_action(text)) == form

    @pytest.mark.parametrize(("text", "problem"), [
        ("form 8*5-(7+9)", "not numbers"), ("form b*a-(c+d)", "in that order"), ("form a*b", "once each"),
        ("form", "'form' takes"), ("form a*b-(c+e)", "has no place")])
    def test_a_malformed_form_says_what_is_wrong(self, text: str, problem: str) -> None:
        with pytest.raises(parlour.NotationError, match=problem):
            new("8C 5C", "7C 9C").parse_action(text)

    def test_every_form_in_the_numbering_of_the_sums(self) -> None:
        """Form k is the sums numbered 24k to 24k + 23: 320 forms of the 7,680 sums over four places."""
        assert len(g24.forms()) == 320 == len(set(g24.forms()))
        board = (8, 5, 7, 9)
        for k in (0, 77, 319):
            term = g24.SUMS.decode(k * 24 + 5, board)
            assert g24.normal_form(g24._pattern(g24.SUMS.decode(k * 24, (1, 2, 3, 4)))) == g24.forms()[k]
            assert g24.SUMS.encode(term, board) // 24 == k

    def test_a_sum_of_an_earlier_board_reads_back_against_its_own_board(self) -> None:
        """A sum's number is relative to its board (``Expressions``), so the history reads each stated sum
        against the board it was stated on (``State._decode_at``), and the record replays."""
        state = new("8C 5C", "7C 9C")
        state.apply(0, "slap")
        state_sum(state, 0, "8*5-(7+9)")
        assert str(state.history[-1][1]) == "solve 8*5-(7+9)"
        again = parlour.replay(json.loads(json.dumps(state.record())))
        assert again.view(0) == state.view(0) and again.hand_results[-1].summary == state.hand_results[-1].summary


class TestSolver:
    BOARDS = ((1, 1, 1, 1), (1, 5, 5, 5), (3, 3, 8, 8), (1, 1, 1, 8), (5, 7, 8, 9), (10, 10, 10, 10),
              (1, 2, 7, 7), (4, 4, 10, 10), (1, 3, 4, 6), (2, 5, 5, 10))

    def test_the_solver_agrees_with_every_sum_tried_by_brute_force(self) -> None:
        """Two methods: the solver (values of parts joined by inverse look-ups) and every sum of
        ``Expressions(4).every`` over the board evaluated exactly, on hard, easy and random boards."""
        rng = random.Random(24)
        boards = [*self.BOARDS] + [tuple(rng.randint(1, 10) for _ in range(4)) for _ in range(6)]
        sums = Expressions(4)
        for board in boards:
            brute = any(evaluate(term) == 24 for term in sums.every(board))
            assert bool(g24.solutions(board)) == brute, board

    def test_every_solution_makes_24_from_the_boards_four_values(self) -> None:
        for board, found in g24.solution_table().items():
            for term in found:
                assert evaluate(term) == 24 and sorted(numbers_of(term)) == list(board), write_expression(term)

    def test_the_share_of_solvable_boards_is_weighted_by_the_packs_chances(self) -> None:
        """``parlour rules`` gives the chance that four cards from the 40-card pack can make 24: counted
        here over every draw of four cards, against the solver's weighting of the 715 multisets."""
        table = g24.solution_table()
        assert len(table) == 715 and sum(1 for found in table.values() if found) == 566
        values = [int(card.rank) for card in NUMBER_40]
        from itertools import combinations
        hits = sum(1 for draw in combinations(values, 4) if table[tuple(sorted(draw))])
        assert g24.solvable_share() == Fraction(hits, comb(40, 4))
        assert "87.5% of random boards can make 24" in g24.figures() and "566 of 715 (79%)" in g24.figures()
        assert f"({hits:,} of the 91,390 draws of four cards)" in g24.figures()

    def test_the_rules_page_shows_the_share_and_importing_computes_nothing(self) -> None:
        console = Console(file=io.StringIO(), width=140)
        assert main(["rules", GAME], console=console) == 0
        assert "87.5% of random boards can make 24" in console.file.getvalue()  # type: ignore[attr-defined]
        fresh = subprocess.run([sys.executable, "-c", "import parlour.games.twenty_four as m; "
                                "print(m.solution_table.cache_info().currsize, m._reach.cache_info().currsize, "
                                "m.forms.cache_info().currsize)"],
                               capture_output=True, text=True, check=True)
        assert fresh.stdout.split() == ["0", "0", "0"]


class TestHiddenInformation:
    def twins(self) -> tuple[Any, Any]:
        """Two deals alike in every card anyone has seen, differing deep in the piles."""
        first = piles("8C 5C", "7C 9C")
        second = [pile.copy() for pile in first]
        second[0][10], second[1][15] = first[1][15], first[0][10]
        return tuple(parlour.new_game(GAME, players=2, seed=1, deal={"piles": p}) for p in (first, second))  # type: ignore[return-value]

    def test_twins_differing_only_in_the_piles_look_the_same_to_every_seat(self) -> None:
        """Hidden information: no seat, nor a spectator, can tell the twins apart (views, legal lists,
        refusals, logs, ``to_move``), nor draw different worlds from them, as play goes on."""
        one, two = self.twins()
        steps = [(0, None), (1, "none"), (0, "slap"), (0, "form a*b-(c+d)"), (0, "solve 8*5-(7+9)"),
                 (1, None)]
        for seat, action in steps:
            for watcher in (0, 1, None):
                assert one.view(watcher) == two.view(watcher)
            assert one.to_move == two.to_move
            for s in (0, 1):
                assert legal(one, s) == legal(two, s)
                for bad in ("take 8C", "hear 1", "solve 1+2+3+4", "form a*b", "slap"):
                    assert _refusal(one, s, bad) == _refusal(two, s, bad)
                worlds = [t.sample_world(s, random.Random(9)) for t in (one, two)]
                assert [p.top_first() for p in worlds[0].piles] == [p.top_first() for p in worlds[1].piles]
            if action is not None:
                for twin in (one, two):
                    twin.apply(seat, action)
        assert one.piles[0].top_first() != two.piles[0].top_first()


def _refusal(state: Any, seat: int, action: str) -> str:
    try:
        twin = state.clone()
        twin.apply(seat, action)
    except ValueError as error:
        return f"{type(error).__name__}: {error}"
    return "accepted"


class TestBots:
    def test_heuristic_games_end_within_max_actions(self) -> None:
        """Whole games by heuristic bots, from many seeds and at both counts, end within ``max_actions``."""
        for players in (2, 4):
            result = run_tournament(GAME, ["heuristic", "heuristic:hard", "heuristic:easy", "heuristic"][:players],
                                    16, seed=players, players=players)
            assert all(record.actions <= g24.INFO.max_actions for record in result.records)

    @pytest.mark.parametrize("players", [2, 4])
    def test_the_heuristic_beats_random_play_with_95_percent_confidence(self, players: int) -> None:
        """One heuristic seat against random ones, seats rotating: the Wilson 95% interval of its win rate
        lies wholly above a random seat's fair share (1/2, 1/4)."""
        result = run_tournament(GAME, ["heuristic"] + ["random"] * (players - 1), 24, seed=7, players=players)
        smart = result.summary("heuristic")
        assert smart.win_ci95_low > 1 / players, smart

    def test_the_hard_level_beats_the_easy_one(self) -> None:
        """The levels play alike and differ in speed only, which decides this game: over seeded games the
        hard heuristic's Wilson 95% interval of wins lies above one half against the easy one."""
        result = run_tournament(GAME, ["heuristic:hard", "heuristic:easy"], 16, seed=5, players=2)
        assert result.summary("heuristic:hard").win_ci95_low > 0.5

    def test_reaction_time_follows_the_level_and_the_boards_difficulty(self) -> None:
        """A person can beat an easy bot and lose to a hard one: the hard level reacts faster, and every
        level takes longer over a board with one solution than over one with many, and longer still to
        give up on one with none."""
        def mean_time(bot: HeuristicBot, *tops: str) -> float:
            view = new(*tops).view(0)
            rng = random.Random(0)
            return sum(bot.reaction_time(view, rng) for _ in range(400)) / 400

        easy, hard = (HeuristicBot(GAME, 0, LEVELS[level]) for level in ("easy", "hard"))
        many, one, none = ("2C 3C", "4C 6C"), ("AC 5C", "5D 5H"), ("AC AD", "AH AS")
        assert len(g24.solutions((1, 5, 5, 5))) == 1 and len(g24.solutions((2, 3, 4, 6))) > 5
        assert mean_time(hard, *many) < mean_time(easy, *many)
        for bot in (easy, hard):
            assert mean_time(bot, *many) < mean_time(bot, *one) <= mean_time(bot, *none)
        assert HeuristicBot(GAME, 0, Reaction(1.0)).pace is not None

    def test_the_heuristic_states_a_true_sum_and_says_none_with_no_solution(self) -> None:
        bot = make_bot("heuristic", GAME, seed=1)
        state = new("8C 5C", "7C 9C")
        state.apply(1, "none")
        assert bot.choose(state.view(0)) == "slap"
        state.apply(0, "slap")
        state.apply(0, bot.choose(state.view(0)))
        state.apply(0, bot.choose(state.view(0)))
        assert state.hand_results[-1].changes == (-2, 2)
        assert bot.choose(new("AC AD", "AH AS").view(0)) == "none"

    def test_ismcts_plays_a_whole_game_legally(self) -> None:
        """``make_bot("ismcts:50", ...)`` plays whole games at both counts (a few boards, to stay quick)."""
        for players in (2, 4):
            kinds = ("ismcts:50", *["heuristic"] * (players - 1))
            task = GameTask(number=0, deal=0, rotation=0, game_id=GAME, players=players, variant=None,
                            options={"boards": 4}, deal_seed=derive_seed(3, "deal"), kinds=kinds,
                            bot_seeds=tuple(range(players)))
            record = play_game(task)
            assert len(record.scores) == players and sum(record.scores) == 40


class TestFrontEnds:
    def test_a_person_plays_in_the_terminal(self) -> None:
        """``parlour play twenty-four``: a person slaps, states a sum and sees the set's result."""
        deal = json.dumps({"piles": piles("8C 5C", "7C 9C")})
        console = Console(file=io.StringIO(), width=140)
        lines = iter(["slap", "form a*b-(c+d)", "solve 8 × 5 − (7 + 9)", "quit"])
        code = main(["play", GAME, "--seats", "human,heuristic:easy", "--seed", "1", "--option", f"deal={deal}"],
                    input_fn=lambda prompt: next(lines), console=console)
        out = console.file.getvalue()  # type: ignore[attr-defined]
        assert code == 0, out
        assert "seat 0 makes 24 with 8*5-(7+9)" in out

    def test_in_the_browser_a_slap_sent_at_once_beats_the_easy_bot(self, tmp_path: Path) -> None:
        """The race is real time at the server: the easy bot waits its reaction time (a second at least),
        so a person's slap sent at once gets in first; the person then states the sum and wins the set."""
        pytest.importorskip("fastapi")
        pytest.importorskip("sqlalchemy")
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message=".*httpx2")
            from fastapi.testclient import TestClient
        from parlour.web.app import create_app
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
        from webapi import act, create, wait_for_turn  # type: ignore[import-not-found]

        with TestClient(create_app(database_url=f"sqlite:///{tmp_path / 'race.sqlite3'}")) as client:
            table = create(client, ["human", "heuristic:easy"], game=GAME, seed=1,
                           options={"deal": {"piles": piles("8C 5C", "7C 9C")}})
            for action in ("slap", "form a*b-(c+d)", "solve 8*5-(7+9)"):
                now = wait_for_turn(client, table, 0)
                assert act(client, table, 0, now["version"], action).status_code == 200, action
            assert wait_for_turn(client, table, 0)["view"]["log"][0].startswith("hand 1: seat 0 makes 24")
