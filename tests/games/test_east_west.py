"""East-West, rule by rule (rules/source/east-west.txt, with the East-West bullets of rules/NOTES.md).

Deals are stacked packs: the board cards first, then the stock in the order the cards are drawn, the
nondealer's card first. ``board_of`` builds one from the rows a test wants to see finished.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest
from table import bots_to_end, refused, rollouts_to_end

import parlour
from parlour import NotationError
from parlour.bots import make_bot
from parlour.bots.heuristic import habits_for
from parlour.cards import PIQUET_32
from parlour.errors import DealError
from parlour.games.east_west import ROW_SIZE, ROWS, game_winner
from parlour.sim.stats import mean_interval

GAME = "east-west"
ALL = [str(c) for c in PIQUET_32]


def stacked(board: str, draws: Sequence[str]) -> dict[str, Any]:
    """A stacked pack: ``board`` (three cards), then ``draws`` in the order drawn, then the rest."""
    named = [*board.split(), *draws]
    return {"pack": named + [c for c in ALL if c not in named]}


def board_of(board: str, west: Sequence[str], east: Sequence[str]) -> tuple[dict[str, Any], list[str]]:
    """The deal and the placements (for the seat to move each time) that finish with these rows: East
    (seat 1, the nondealer of the first game) draws first, and each side fills its rows top to bottom.
    Board cards and rows not given are filled from the cards no one names, in pack order."""
    named = [*board.split(), *" ".join((*west, *east)).split()]
    assert len(set(named)) == len(named), "a card is named twice"
    spare = iter(c for c in ALL if c not in named)
    board_cards = board.split()
    board_cards += [next(spare) for _ in range(ROWS - len(board_cards))]
    sides = []
    for rows in (east, west):
        rows = [*rows, *[""] * (ROWS - len(rows))]
        filled = [row.split() + [next(spare) for _ in range(ROW_SIZE - len(row.split()))] for row in rows]
        sides.append([(r, c) for r, row in enumerate(filled) for c in row])
    draws, moves = [], []
    for (er, ec), (wr, wc) in zip(*sides, strict=True):
        draws += [ec, wc]
        moves += [f"row {er + 1}", f"row {wr + 1}"]
    return stacked(" ".join(board_cards), draws), moves


def finished(board: str, west: Sequence[str], east: Sequence[str], **options: Any) -> parlour.State:
    deal, moves = board_of(board, west, east)
    state = parlour.new_game(GAME, deal=deal, **options)
    for move in moves:
        state.apply(state.to_move[0], move)
    assert state.is_over
    return state


def row_one(board: str, west: str, east: str, **options: Any) -> tuple[int | None, str, str]:
    """Who wins row 1 (its reason's seat, None if drawn) and both hands in words; other rows any cards."""
    state = finished(board, (west,), (east,), **options)
    rows = state.view(None).table["rows"]
    return state.hand_results[0].reasons[0].seat, rows[0]["west_hand"], rows[0]["east_hand"]


# West wins rows 1 and 3, East row 2.
WON = ("AS KH 7D", ("AH AD KS KC", "7C 8C 9S 10D", "7H 7S QC QD"), ("QS JS 10S KD", "AC 8D 9D JD", "8H 9C JC 8S"))
# Row 1 drawn (a pair of aces each, same kickers), East wins row 2, West row 3.
SPLIT = ("AS KH 7D", ("AH 8C 9C JC", "KS 8D 9D JD", "QH QD 7H KC"), ("AD 8H 9S JS", "KD 10C 10D 8S", "QC QS 7S 10H"))
# Rows 1 and 2 drawn, West wins row 3.
ONE_ROW = ("AS KH 7D", ("AH 8C 9C JC", "KS 8D 9D JD", "QH QD 7H KC"), ("AD 8H 9S JS", "KD 8S 9H JH", "QC 10D 7S 10S"))


class TestDeal:
    def test_three_board_cards_and_the_stock(self) -> None:
        """Setup: 32 cards, three dealt face up as the board cards, the rest the stock (east-west.txt,
        'Setup')."""
        state = parlour.new_game(GAME, deal=stacked("AS KH 7D", []))
        view = state.view(None)
        assert [row["board"] for row in view.table["rows"]] == ["AS", "KH", "7D"]
        assert view.table["stock"] == 32 - 3 - 1   # the nondealer has drawn already

    def test_nondealer_goes_first_and_draws(self) -> None:
        """Game play: the nondealer (seat 1 in the first game) draws first and sees the card (east-west.txt,
        'Game play'; choice 1 and 2)."""
        state = parlour.new_game(GAME, deal=stacked("AS KH 7D", ["9C"]))
        assert state.to_move == (1,)
        assert state.view(1).hand == ["9C"]
        assert state.view(1).extra["dealer"] == 0

    def test_deal_alternates_between_games(self) -> None:
        """Choice 1: over a match of two games, seat 1 deals the second, so seat 0 places first."""
        state = parlour.new_game(GAME, games=2, seed=4)
        while state.hand_number == 1:
            state.apply(state.to_move[0], state.legal_actions(state.to_move[0])[0])
        assert state.to_move == (0,) and state.view(0).extra["dealer"] == 1

    def test_bad_stacked_pack_refused(self) -> None:
        """A prepared pack must list the 32 cards once each."""
        with pytest.raises(DealError, match="32 cards"):
            parlour.new_game(GAME, deal={"pack": ALL[:-1]})

    def test_a_prepared_deal_is_refused_before_play(self) -> None:
        """A prepared deal is refused before play: it is a stacked pack of the 32 cards, one for each game of
        a match, and nothing else (no deal at random instead)."""
        good = stacked("AS KH 7D", [])
        with pytest.raises(DealError, match="deal 2 of the list: a stacked pack lists each of the 32 cards"):
            parlour.new_game(GAME, games=2, deal=[good, {"pack": [ALL[1], *ALL[1:]]}])
        for bad in (5, "xyz", {"hands": [ALL[:16], ALL[16:]]}, {**good, "dealer": 1}, {"pack": [*ALL[1:], "2C"]}):
            with pytest.raises(DealError):
                parlour.new_game(GAME, deal=bad)


class TestPlacing:
    def test_card_goes_to_own_side_of_the_row(self) -> None:
        """Game play: the card drawn goes next to the chosen board card, on the player's own side."""
        state = parlour.new_game(GAME, deal=stacked("AS KH 7D", ["9C", "10C"]))
        state.apply(1, "row 2")
        rows = state.view(None).table["rows"]
        assert rows[1]["east"] == ["9C"] and rows[1]["west"] == [] and rows[0]["east"] == []

    def test_players_alternate(self) -> None:
        """Game play: the dealer places next, then the turns alternate."""
        state = parlour.new_game(GAME, deal=stacked("AS KH 7D", ["9C", "10C", "JC"]))
        state.apply(1, "row 1")
        assert state.to_move == (0,) and state.view(0).hand == ["10C"]
        state.apply(0, "row 1")
        assert state.to_move == (1,) and state.view(1).hand == ["JC"]
        assert state.view(None).table["rows"][0]["west"] == ["10C"]

    def test_full_row_refused(self) -> None:
        """Game play: once four cards lie on one's side of a row the hand is complete and the row takes no
        more; the refusal names the rule and changes nothing (choice 4)."""
        state = parlour.new_game(GAME, seed=1)
        for _ in range(ROW_SIZE):
            state.apply(1, "row 3")
            state.apply(0, "row 1")
        assert [str(a) for a in state.legal_actions(1)] == ["row 1", "row 2"]
        error = refused(state, 1, "row 3", rule="a full row takes no more cards")
        assert "row 3 is full" in str(error)

    def test_only_open_row_is_still_an_action(self) -> None:
        """Choice 4: with two rows full, the last open row is the only legal action."""
        state = parlour.new_game(GAME, seed=2)
        for row in ("row 1", "row 2") * ROW_SIZE:
            state.apply(1, row)
            state.apply(0, row)
        assert [str(a) for a in state.legal_actions(1)] == ["row 3"]

    @pytest.mark.parametrize("text", ["row 4", "row 0", "row x", "row", "place 1"])
    def test_malformed_notation_refused(self, text: str) -> None:
        """Rows are 1 to 3; anything else is malformed notation, and nothing changes."""
        state = parlour.new_game(GAME, seed=3)
        before = json.dumps(state.record())
        with pytest.raises(NotationError):
            state.apply(1, text)
        assert json.dumps(state.record()) == before

    def test_out_of_turn_refused(self) -> None:
        """Game play: players alternate; the seat not to move is refused, learning nothing of the card."""
        state = parlour.new_game(GAME, deal=stacked("AS KH 7D", ["9C"]))
        error = refused(state, 0, "row 1", rule="turn order")
        assert "9C" not in str(error)

    def test_game_ends_when_every_row_is_full(self) -> None:
        """Game play: the rows are compared once both players have completed all three hands; the five
        cards left in the stock are never shown (choice 8)."""
        state = parlour.new_game(GAME, seed=5)
        for _ in range(2 * ROWS * ROW_SIZE):
            assert not state.is_over
            state.apply(state.to_move[0], state.legal_actions(state.to_move[0])[0])
        assert state.is_over and state.view(None).table["stock"] == 5
        assert state.view(None).phase == "over"


class TestShowdown:
    def test_two_rows_win_the_game(self) -> None:
        """Game play: each row's hands are compared, and winning two of the three rows wins the game; the
        result says so in words."""
        state = finished(*WON)
        result = state.hand_results[0]
        assert result.winners == (0,) and result.changes == (1, 0) and state.scores() == [1, 0]
        assert result.summary.startswith("West wins rows 1 and 3, and the game: ")
        assert "West wins row 1: full house, aces over kings against straight, ace high" in result.summary
        assert "East wins row 2: ace high against king high" in result.summary
        assert "West wins row 3: full house, 7s over queens against pair of 8s" in result.summary
        assert [r.points for r in result.reasons] == [0, 0, 0, 1]
        assert state.result().winners == (0,) and state.result().text == "seat 0 wins with 1 game won"

    def test_board_card_belongs_to_both_hands(self) -> None:
        """Game play: each hand is its row's board card with the player's four cards on that row: West's
        two 7s make three with the board's 7D."""
        rows = finished(*WON).view(None).table["rows"]
        assert rows[2]["board"] == "7D" and sorted(rows[2]["west"]) == ["7H", "7S", "QC", "QD"]
        assert rows[2]["west_hand"] == "full house, 7s over queens"

    def test_tied_row_is_drawn_and_one_win_each_draws_the_game(self) -> None:
        """Notes: hands of equal worth draw their row, and with one row won each the game is drawn."""
        state = finished(*SPLIT)
        result = state.hand_results[0]
        assert result.drawn and result.changes == (0, 0) and state.scores() == [0, 0]
        assert "row 1 drawn: pair of aces each" in result.summary
        assert result.summary.startswith("drawn game: ")
        assert result.reasons[0].seat is None
        assert state.result().winners == (0, 1) and "share the win" in state.result().text

    def test_one_row_won_two_drawn_is_drawn_by_the_book(self) -> None:
        """Object: the game is won by winning two rows, so one row won and two drawn is no win (choice 6);
        option most_rows gives it to that row's winner."""
        assert finished(*ONE_ROW).hand_results[0].drawn
        generous = finished(*ONE_ROW, most_rows=True).hand_results[0]
        assert generous.winners == (0,) and generous.changes == (1, 0)
        assert generous.summary.startswith("West wins row 3, and the game")

    def test_game_winner_rule(self) -> None:
        """Game play and notes, as a table: two rows win; one each, or fewer than two, draws."""
        assert game_winner([0, 0, 1]) == 0 and game_winner([1, None, 1]) == 1
        assert game_winner([0, 1, None]) is None and game_winner([0, None, None]) is None
        assert game_winner([None, None, None]) is None
        assert game_winner([0, None, None], most_rows=True) == 0
        assert game_winner([0, 1, None], most_rows=True) is None

    def test_match_of_games(self) -> None:
        """Choice 7: option games plays that many games, one point a game won; more games won wins."""
        state = parlour.new_game(GAME, games=3, seed=8)
        while not state.is_over:
            state.apply(state.to_move[0], state.legal_actions(state.to_move[0])[-1])
        results = state.hand_results
        assert len(results) == 3
        assert state.scores() == [sum(r.changes[s] for r in results) for s in (0, 1)]
        assert sum(state.scores()) == sum(1 for r in results if not r.drawn)


class TestRanking:
    def test_ace_low_straight_counts(self) -> None:
        """Notes: A-7-8-9-10 is a straight (choice 5), above three of a kind."""
        winner, west, east = row_one("AS", "7H 8H 9H 10S", "AH AD KH QC")
        assert (winner, west, east) == (0, "straight, 10 high", "three aces")

    def test_ace_low_straight_is_the_lowest(self) -> None:
        """Choice 5: the ace plays under the 7, so A-7-8-9-10 loses to 7-8-9-10-J."""
        winner, west, east = row_one("10S", "7H 8H 9H AH", "7D 8D 9D JD")
        assert (winner, west, east) == (1, "straight, 10 high", "straight, jack high")

    def test_no_wheel_option(self) -> None:
        """Option wheel=False: A-7-8-9-10 is no straight, only ace high."""
        winner, west, east = row_one("AS", "7H 8H 9H 10S", "KH QC JD 9D", wheel=False)
        assert (winner, west, east) == (1, "ace high", "ace high")

    def test_full_house_beats_flush_by_default(self) -> None:
        """Notes: by default the standard ranking stands, the full house above the flush."""
        winner, west, east = row_one("KC", "7C 9C JC AC", "KH KS QD QH")
        assert (winner, west, east) == (1, "flush, ace high", "full house, kings over queens")

    def test_flush_above_full_house_variant(self) -> None:
        """Notes: the variant flush-over-full-house ranks the rarer flush higher."""
        deal, moves = board_of("KC", ("7C 9C JC AC",), ("KH KS QD QH",))
        state = parlour.new_game(GAME, variant="flush-over-full-house", deal=deal)
        for move in moves:
            state.apply(state.to_move[0], move)
        assert state.hand_results[0].reasons[0].seat == 0
        assert state.view(None).extra["ranking"] == "32 cards, flush above full house"


def _legal_texts(state: parlour.State, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]
class TestWhatEachSeatSees:
    def test_drawn_card_seen_by_its_drawer_only(self) -> None:
        """Choice 3: the drawer sees its card until it places it; the other seat and onlookers read only
        that a card was drawn, and then where it went."""
        state = parlour.new_game(GAME, deal=stacked("AS KH 7D", ["9C", "10C"]))
        assert state.view(1).hand == ["9C"] and "you drew 9C" in state.view(1).log
        for seat in (0, None):
            view = state.view(seat)
            assert view.hand == [] and "9C" not in json.dumps(view.to_dict())
            assert "seat 1 draws a card" in view.log
        state.apply(1, "row 1")
        assert "seat 1 places 9C on row 1" in state.view(0).log
        assert "10C" not in json.dumps(state.view(1).to_dict())

    def test_twins_differing_in_the_unseen_card_look_alike(self) -> None:
        """Hidden information: two deals alike but for the card East has just drawn (and the stock's order)
        give West identical views, legal lists, refusals, logs, to_move, records shown to it and worlds."""
        placed = ["9C", "10C", "JC", "QC"]
        twins = [parlour.new_game(GAME, deal=stacked("AS KH 7D", [*placed, card])) for card in ("8H", "AD")]
        for state in twins:
            for row in ("row 1", "row 2", "row 3", "row 1"):
                state.apply(state.to_move[0], row)
        assert twins[0].view(1).hand != twins[1].view(1).hand
        for seat in (0, None):
            assert twins[0].view(seat) == twins[1].view(seat)
            assert twins[0].record_for(seat) == twins[1].record_for(seat)
        assert twins[0].to_move == twins[1].to_move == (1,)
        assert _legal_texts(twins[0], 0) == _legal_texts(twins[1], 0) == []
        errors = [str(refused(state, 0, "row 2")) for state in twins]
        assert errors[0] == errors[1]
        for k in range(5):
            worlds = [state.sample_world(0, random.Random(k)) for state in twins]
            assert worlds[0].view(1) == worlds[1].view(1) and worlds[0].view(0) == twins[0].view(0)

    def test_worlds_deal_only_the_stock_and_the_drawn_card(self) -> None:
        """Choice 3: a sampled world keeps every placed card and the board; only the other seat's card in
        hand and the stock are dealt anew, and the world looks the same to its seat."""
        state = parlour.new_game(GAME, seed=11)
        for _ in range(7):
            state.apply(state.to_move[0], state.legal_actions(state.to_move[0])[0])
        seat = 1 - state.to_move[0]
        seen = set()
        for k in range(30):
            world = state.sample_world(seat, random.Random(k))
            assert world.view(seat) == state.view(seat)
            assert world.rows == state.rows and world.board == state.board  # type: ignore[attr-defined]
            seen.add(world.view(world.to_move[0]).hand[0])
        assert len(seen) > 5
        own = state.sample_world(state.to_move[0], random.Random(1))
        assert own.view(own.to_move[0]).hand == state.view(state.to_move[0]).hand

    def test_rows_say_how_each_hand_stands(self) -> None:
        """The view shows each row with both sides and each side's hand in words, so far or made."""
        state = parlour.new_game(GAME, deal=stacked("AS KH 7D", ["AH"]))
        state.apply(1, "row 1")
        row = state.view(0).table["rows"][0]
        assert row == {"row": 1, "board": "AS", "west": [], "west_hand": "ace high so far", "east": ["AH"],
                       "east_hand": "pair of aces so far"}
        seats = state.view(0).seats
        assert seats[0]["status"] == "West, dealer" and seats[1]["status"] == "East"
        assert seats[1]["face_up"] == ["AH"]


class TestBots:
    def test_heuristic_beats_random(self) -> None:
        """The heuristic beats random play with 95% confidence: over 60 seeded games, seats alternating,
        the mean of +1 (win), 0 (draw), -1 (loss) has its whole t interval above zero."""
        outcomes = []
        for seed in range(60):
            smart = seed % 2
            bots = [make_bot("heuristic" if s == smart else "random", GAME, seed=2 * seed + s) for s in (0, 1)]
            state = parlour.new_game(GAME, seed=seed)
            bots_to_end(state, bots)
            winners = state.hand_results[0].winners
            outcomes.append(0 if not winners else 1 if winners == (smart,) else -1)
        mean, low, _ = mean_interval(outcomes)
        assert low > 0.5, (mean, low)

    @pytest.mark.parametrize(("variant", "options"), [(None, {}), ("flush-over-full-house", {"wheel": False})])
    def test_heuristic_games_end(self, variant: str | None, options: dict[str, Any]) -> None:
        """Whole games by heuristic bots end within max_actions, from many seeds, in each ranking."""
        for seed in range(10):
            state = parlour.new_game(GAME, seed=seed, variant=variant, **options)
            bots_to_end(state, [make_bot("heuristic", GAME, seed=seed + s) for s in (0, 1)])
            assert len(state.history) == 2 * ROWS * ROW_SIZE <= state.info.max_actions

    def test_ismcts_plays_a_whole_game_legally(self) -> None:
        """IS-MCTS, searching worlds where only the stock and the card in hand are dealt anew, plays a whole
        game legally against the heuristic."""
        state = parlour.new_game(GAME, seed=3)
        bots_to_end(state, [make_bot("ismcts:50", GAME, seed=1), make_bot("heuristic", GAME, seed=2)])
        assert state.is_over and len(state.history) == 2 * ROWS * ROW_SIZE

    def test_playout_habits_pair_the_card_and_play_to_the_end(self) -> None:
        """The search's habits put a drawn card where its rank lies already (mostly: a tenth of the time
        any row), and play whole games legally."""
        state = parlour.new_game(GAME, deal=stacked("AS KH 7D", ["KC"]))
        habits = habits_for(GAME)
        chosen = [str(habits(state, 1, random.Random(k))) for k in range(100)]
        assert chosen.count("row 2") > 80
        for seed in range(3):
            game = parlour.new_game(GAME, seed=seed)
            rollouts_to_end(game, random.Random(seed))
            assert game.is_over
