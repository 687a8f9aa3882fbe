"""Kabu, rule by rule (rules/source/kabu.txt with the Kabu entry of rules/NOTES.md; the choices where they are
silent are numbered in the module docstring of ``parlour/games/kabu.py``).

Each test names the cards it turns on through the prepared deal (``deal=``) rather than hunting for a seed,
and every test that moves chips checks that none is made or lost.
"""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.console import Console
from table import act, bots_to_end, refused

import parlour
from parlour import NotationError
from parlour.bots import make_bot, sampler_for
from parlour.bots.heuristics.kabu import draw_gain
from parlour.cards import Card
from parlour.cli.main import main
from parlour.engine import Play
from parlour.errors import DealError
from parlour.games.kabu import PACK, score
from parlour.sim.stats import mean_interval

GAME = "kabu"
EVERY_CARD = [str(card) for card in PACK]
# Deal 1 leaves seat 1 with 2 chips and the others with 29; in deal 2 seat 1 (5) owes seat 0 (9) 4 and cannot
# pay it, while seat 2 (1) owes seat 0 8 and seat 1 4, and can.
SHORT = [{"hands": [["4H", "5H"], ["10S", "10D"], ["3C", "6C"]]},
         {"hands": [["4D", "5D"], ["2H", "3H"], ["AC", "10C"]]}]
# Every card but the twins' hands (and the two cards they swap), for the stock of both.
TWIN_STOCK = [c for c in EVERY_CARD if c not in ("AC", "2C", "3C", "5C", "6C", "9H", "3D")]


def new(*hands: str, stock: str = "", **options: Any) -> parlour.State:
    """A game whose first deal gives seat ``s`` the cards ``hands[s]`` and stacks the stock's top."""
    deal = {"hands": [hand.split() for hand in hands], "stock": stock.split()}
    return parlour.new_game(GAME, players=len(hands), seed=1, deal=deal, **options)


def chips(state: parlour.State) -> list[int]:
    return state.scores()


def conserved(state: parlour.State) -> bool:
    ledger = state.ledger  # type: ignore[attr-defined]
    return bool(ledger.total() == state.starting_stack * state.players and not ledger.pots)  # type: ignore[attr-defined]


def mask(cards: str) -> int:
    return PACK.mask(Card.parse(card) for card in cards.split())


class TestScore:
    def test_a_hand_scores_the_last_digit_of_its_total(self) -> None:
        """Aces count 1 and the others their number; a total above nine keeps only its last digit
        (kabu.txt, 'Game play')."""
        assert score(mask("7C 6D")) == 3
        assert score(mask("AC 8D")) == 9
        assert score(mask("9C 9D 9H 9S")) == 6

    def test_ten_and_twenty_score_nought(self) -> None:
        """The notes correct the text's typo: a score runs from 0 to 9, so 10 and 20 score 0 (NOTES.md,
        'Kabu (000)')."""
        assert score(mask("10C 10D")) == 0
        assert score(mask("4C 6D")) == 0
        assert score(mask("10C 10D 10H 10S")) == 0


class TestDeal:
    def test_stacks_are_ten_and_fifteen_a_player_or_the_option(self) -> None:
        """Sackson's stacks: 10 and 15 for each player, the same for everyone (kabu.txt, 'Setup'; choice 4)."""
        for players in range(2, 7):
            state = parlour.new_game(GAME, players=players, seed=players)
            assert chips(state) == [10 + 15 * players] * players
        assert chips(parlour.new_game(GAME, players=3, seed=1, stake=20)) == [20, 20, 20]

    def test_two_cards_each_one_at_a_time_from_the_dealers_left(self) -> None:
        """Two face-down cards each, dealt one at a time from the dealer's left; the rest is the stock; the
        last seat deals first and the player on its left begins (kabu.txt, 'Setup', 'Game play'; choice 2)."""
        state = parlour.new_game(GAME, players=3, seed=1, deal={"pack": EVERY_CARD})
        assert state.dealer == 2 and state.to_move == (0,)
        assert [state.view(s).hand for s in range(3)] == [["AC", "4C"], ["2C", "5C"], ["3C", "6C"]]
        assert state.view(None).table["stock"] == 34
        act(state, "draw")
        assert state.view(0).hand == ["AC", "4C", "7C"]

    def test_the_deal_passes_to_the_left_after_every_deal(self) -> None:
        """The next deal is the next player's, and the player on the new dealer's left begins (choice 2)."""
        state = new("AC 2C", "3C 4C", "5C 6C")
        act(state, "pass", "pass", "pass")
        assert state.hand_number == 2 and state.dealer == 0 and state.to_move == (1,)
        act(state, "pass", "pass", "pass")
        assert state.dealer == 1 and state.to_move == (2,)

    def test_a_prepared_deal_of_the_wrong_shape_is_refused(self) -> None:
        """Two different cards a seat, from the 40-card pack, and a stock of cards no one holds."""
        for deal in ({"hands": [["AC"], ["2C", "3C"]]}, {"hands": [["AC", "KC"], ["2C", "3C"]]},
                     {"hands": [["AC", "2C"], ["3C", "4C"]], "stock": ["AC"]}, {"hands": [["AC", "2C"]] * 2},
                     {"hands": [["AC", "2C"], ["3C", "4C"]], "upcard": "5C"}):
            with pytest.raises(DealError):
                parlour.new_game(GAME, players=2, seed=1, deal=deal)

    def test_a_prepared_deal_is_refused_before_play(self) -> None:
        """A prepared deal is refused before play, with a ``DealError``: a bad later deal of a list, a card
        not of the 40-card pack, and what is no deal or no list of cards."""
        good = {"hands": [["AC", "2C"], ["3C", "4C"]], "stock": ["5C"]}
        with pytest.raises(DealError, match="deal 2 of the list: the stock: 'KC' is not a card of the"):
            parlour.new_game(GAME, players=2, seed=1, deal=[good, {**good, "stock": ["KC"]}])
        bads: list[Any] = [5, "xyz", [], {**good, "stock": 5}, {**good, "stock": ["2C#99"]},
                           {"hands": [["AC", "JK"]] * 2}, {"pack": EVERY_CARD[1:]}, {"pack": EVERY_CARD, "stock": []}]
        for bad in bads:
            with pytest.raises(DealError):
                parlour.new_game(GAME, players=2, seed=1, deal=bad)


class TestDrawing:
    def test_a_draw_takes_the_top_card_face_down(self) -> None:
        """A card requested comes from the stock, seen by its taker only (kabu.txt, 'Game play'; choice 3)."""
        state = new("AC 2C", "3C 4C", stock="9H 8H")
        act(state, "draw")
        assert state.view(0).hand == ["AC", "2C", "9H"] and state.view(0).table["hands"][0]["total"] == "2"
        assert "you draw 9H" in state.view(0).log
        for seat in (1, None):
            view = state.view(seat)
            assert "9H" not in str(view.to_dict()) and view.seats[0]["held"] == 3
            assert "seat 0: draw" in view.log

    def test_drawing_goes_round_until_all_have_passed_or_drawn_twice(self) -> None:
        """Turns go round the table; the deal is settled once no one may draw (kabu.txt, 'Game play')."""
        state = new("AC 2C", "3C 4C", "5C 6C")
        order: list[int] = []
        while state.hand_number == 1 and len(order) < 8:
            order.append(state.to_move[0])
            act(state, "draw" if order[-1] != 1 else "pass")
        assert order == [0, 1, 2, 0, 2] and state.hand_number == 2

    def test_at_most_two_draws(self) -> None:
        """No one takes more than two cards: after the second draw the seat is skipped, and an attempt to
        draw again is refused, changing nothing (kabu.txt, 'Game play')."""
        state = new("AC 2C", "3C 4C", "5C 6C")
        act(state, "draw", "draw", "pass", "draw")
        assert state.view(1).seats[0]["held"] == 4 and state.hand_number == 1 and state.to_move == (1,)
        refused(state, 0, "draw", rule="at most two draws")
        act(state, "draw")
        assert state.hand_number == 2

    def test_a_pass_is_final(self) -> None:
        """A player who has passed is skipped in the later rounds and may not draw again (choice 1)."""
        state = new("AC 2C", "3C 4C", "5C 6C")
        act(state, "pass", "draw", "draw", "draw")
        assert state.to_move == (2,)
        error = refused(state, 0, "draw", rule="a pass is final")
        assert "pass ends your drawing" in str(error)
        assert state.view(2).table["hands"][0]["status"] == "passed"

    def test_out_of_turn_and_foreign_actions_are_refused(self) -> None:
        """Only the seat to move acts, and only by drawing or passing; malformed notation is an error."""
        state = new("AC 2C", "3C 4C")
        refused(state, 1, "pass", rule="turn order")
        refused(state, 0, Play(Card.parse("AC")), rule="actions")
        with pytest.raises(NotationError):
            state.apply(0, "draw 2")


class TestSettlement:
    def test_each_pays_every_higher_score_the_difference(self) -> None:
        """Everyone shows; a player pays every opponent who scored more than they did the gap between their
        scores (kabu.txt, 'Game play'; choice 5), worded as the book words it."""
        state = new("3H 6H", "7C 6S", "5H 3S", stake=50)
        act(state, "pass", "pass", "pass")
        assert chips(state) == [50 + 6 + 1, 50 - 6 - 5, 50 + 5 - 1] and conserved(state)
        result = state.hand_results[0]
        assert result.changes == (7, -11, 4)
        assert "seat 1 pays seat 0 the difference, 6" in result.summary
        assert result.summary.startswith("seat 0 shows 3H 6H: 9; seat 1 shows 7C 6S: 3; seat 2 shows 5H 3S: 8")
        assert {(r.seat, r.points) for r in result.reasons if r.text == "seat 2 pays seat 0 the difference, 1"} \
            == {(2, -1), (0, 1)}

    def test_equal_scores_pay_nothing(self) -> None:
        """Only a higher score is paid: two equal hands settle nothing between them (choice 5)."""
        state = new("3H 4H", "2C 5C", "AD AS")
        act(state, "pass", "pass", "pass")
        assert state.hand_results[0].changes == (5, 5, -10) and conserved(state)

    def test_the_shown_hands_stay_on_the_table_for_the_next_deal(self) -> None:
        """After the show everyone's cards, score and chips won or lost are public (choice 3)."""
        state = new("3H 6H", "7C 6S")
        act(state, "pass", "pass")
        assert state.view(1).extra["last_deal"] == [
            {"seat": 0, "cards": ["3H", "6H"], "score": 9, "chips": 6},
            {"seat": 1, "cards": ["7C", "6S"], "score": 3, "chips": -6}]

    def short(self, **options: Any) -> parlour.State:
        state = parlour.new_game(GAME, players=3, seed=1, stake=20, deal=SHORT, **options)
        act(state, "pass", "pass", "pass")
        assert chips(state) == [29, 2, 29]
        act(state, "pass", "pass", "pass")
        return state

    def test_a_player_who_cannot_pay_pays_no_one_and_the_game_ends(self) -> None:
        """Owing more than one holds: that player pays nobody and the game ends after the deal; whoever
        holds the most chips wins (kabu.txt, 'Game play'; choice 6)."""
        state = self.short()
        assert state.is_over and conserved(state)
        assert state.hand_results[1].changes == (8, 4, -12)
        assert "seat 1 cannot pay and pays no one" in state.hand_results[1].summary
        result = state.result()
        assert result.ended_early is not None and result.ended_early.seat == 1
        assert result.winners == (0,)
        assert result.text == ("seat 1 cannot pay the 4 chips owed, holding 2, so the game ends: "
                               "seat 0 wins with 37 chips")

    def test_the_others_still_settle_and_the_short_player_collects(self) -> None:
        """The text excuses only the debtor's own payments: the others settle among themselves as usual,
        and lower scores still pay the player who cannot pay (choice 6)."""
        state = self.short()
        paid = [(r.seat, r.points, r.text) for r in state.hand_results[1].reasons]
        assert (1, 4, "seat 2 pays seat 1 the difference, 4") in paid
        assert (0, 8, "seat 2 pays seat 0 the difference, 8") in paid
        assert all(not text.startswith("seat 1 pays") for _, _, text in paid)
        assert chips(state) == [37, 6, 17]

    def test_owing_exactly_ones_chips_is_paid_and_play_goes_on(self) -> None:
        """A player who can just pay does, left with nothing; the game goes on (choice 6)."""
        state = new("4H 5H", "AC 2C", stake=6)
        act(state, "pass", "pass")
        assert chips(state) == [12, 0] and not state.is_over and state.hand_number == 2

    def test_with_the_option_no_one_pays_in_the_last_deal(self) -> None:
        """``others_settle=False``: when anyone cannot pay, no chips move at all that deal (choice 6)."""
        state = self.short(others_settle=False)
        assert state.is_over and chips(state) == [29, 2, 29] and conserved(state)
        assert state.hand_results[1].changes == (0, 0, 0)
        assert state.result().winners == (0, 2)

    def test_several_who_cannot_pay_are_all_named(self) -> None:
        """Two players short in one deal: each pays no one, and the game's end names both (choice 7)."""
        state = new("4H 5H", "AC 2C", "10S 10D", stake=5)
        act(state, "pass", "pass", "pass")
        # Scores 9, 3 and 0: seat 1 owes 6 and seat 2 owes 12, each more than 5; no one else owes anything.
        assert chips(state) == [5, 5, 5] and state.is_over
        result = state.result()
        assert result.ended_early is not None and result.ended_early.seat is None
        assert result.text.startswith("seat 1 cannot pay the 6 chips owed, holding 5 and seat 2 cannot pay the 12 "
                                      "chips owed, holding 5, so the game ends")
        assert "seat 1 cannot pay and pays no one; seat 2 cannot pay and pays no one" in state.hand_results[0].summary

    def test_most_chips_win_and_equal_stacks_share(self) -> None:
        """Whoever holds the most chips wins; a tie shares the win (kabu.txt, 'Game play'; choice 8)."""
        state = new("4H 5H", "AC 2C", deals=1)
        act(state, "pass", "pass")
        assert state.is_over and state.result().winners == (0,)
        assert state.result().text == "seat 0 wins with 46 chips"
        state = new("4H 5H", "AC 8C", deals=1)
        act(state, "pass", "pass")
        assert state.is_over and state.result().winners == (0, 1)
        assert state.result().ended_early is None

    def test_random_games_keep_every_chip(self) -> None:
        """Over whole random games at every table size, chips only change hands, and no stack ever goes below
        nought: a player who cannot pay pays nothing (choice 6)."""
        for players in range(2, 7):
            for seed in range(30):
                state = parlour.new_game(GAME, players=players, seed=seed)
                state.playout(random.Random(seed))
                assert conserved(state) and min(chips(state)) >= 0
                assert state.result().ended_early is not None

    def test_the_safety_end_caps_the_deals(self) -> None:
        """Option ``deals``: the game stops after that many deals, most chips winning (choice 9)."""
        state = parlour.new_game(GAME, players=3, seed=4, deals=3)
        while not state.is_over:
            act(state, "pass")
        assert len(state.hand_results) == 3 and conserved(state)


class TestHiddenInformation:
    def twins(self) -> tuple[parlour.State, parlour.State]:
        """Two games that differ only in one card of seat 1's hand, swapped with the stock's bottom card."""
        def game(card: str, bottom: str) -> parlour.State:
            deal = {"hands": [["AC", "2C"], ["3C", card], ["5C", "6C"]], "stock": [*TWIN_STOCK, bottom]}
            return parlour.new_game(GAME, players=3, seed=1, deal=deal)
        return game("9H", "3D"), game("3D", "9H")

    def test_twins_that_differ_in_a_hidden_card_look_alike_to_the_others(self) -> None:
        """Seat 0 and seat 2 cannot tell the twins apart at any point of the drawing: the same views, legal
        lists, refusals, logs, records shown, seats to move and sampled worlds (choice 3)."""
        one, other = self.twins()
        for action in ("draw", "draw", "pass", "draw", "pass"):
            for seat in (0, 2, None):
                assert one.view(seat) == other.view(seat)
                if seat is not None:
                    assert one.legal_actions(seat) == other.legal_actions(seat)
                    assert one.record_for(seat) == other.record_for(seat)
                    if seat not in one.to_move:
                        assert str(refused(one, seat, "draw")) == str(refused(other, seat, "draw"))
                    worlds = [twin.sample_world(seat, random.Random(7)) for twin in (one, other)]
                    assert worlds[0].hands == worlds[1].hands  # type: ignore[attr-defined]
                    assert worlds[0].stock.top_first() == worlds[1].stock.top_first()  # type: ignore[attr-defined]
            assert one.to_move == other.to_move
            assert one.view(1) != other.view(1)
            act(one, action)
            act(other, action)

    def test_the_table_shows_stacks_the_dealer_and_who_is_still_drawing(self) -> None:
        """What a player at the table sees: every stack, the dealer, how many cards each holds, who has
        passed or drawn twice, the stock's size, and of the cards only their own (choice 3)."""
        state = new("AC 2C", "3C 4C", "5C 6C", stock="9H 8H 7H")
        act(state, "draw", "pass", "draw", "draw")
        view = state.view(2)
        assert [s["chips"] for s in view.seats] == [55, 55, 55]
        assert [s["held"] for s in view.seats] == [4, 2, 3]
        assert [s.get("role") for s in view.seats] == [None, None, "dealer"]
        assert view.table == {"stock": 31, "hands": [
            {"seat": 0, "cards": [], "face_down": 4, "stake": None, "total": None, "status": "drew twice"},
            {"seat": 1, "cards": [], "face_down": 2, "stake": None, "total": None, "status": "passed"},
            {"seat": 2, "cards": ["5C", "6C", "8H"], "face_down": 0, "stake": None, "total": "9", "status": "to play"}]}
        assert view.extra["drawn"] == [2, 0, 1] and view.extra["passed"] == [1]
        assert view.hand == ["5C", "6C", "8H"]
        onlooker = state.view(None)
        assert onlooker.hand == [] and [h["total"] for h in onlooker.table["hands"]] == [None, None, None]
        assert not {"9H", "7H", "AC", "3C", "5C"} & set(str(onlooker.to_dict()).replace("'", " ").split())

    def test_worlds_keep_the_seats_own_cards_and_deal_the_others_anew(self) -> None:
        """A seat's sampled worlds keep its hand and what it drew, and re-deal the others' cards."""
        state = new("AC 2C", "3C 4C", "5C 6C", stock="9H 8H")
        act(state, "draw", "draw")
        rng = random.Random(3)
        worlds = [state.sample_world(0, rng) for _ in range(20)]
        assert all(world.view(0) == state.view(0) for world in worlds)
        assert all(world.hands[0] == state.hands[0] for world in worlds)  # type: ignore[attr-defined]
        assert len({world.hands[1] for world in worlds}) > 1  # type: ignore[attr-defined]


class TestTotals:
    """Each hand once in the table's ``hands`` (kind "banked"), from the dealer's left, with its score."""

    def test_your_hand_reads_its_last_digit_and_the_others_nothing_until_the_show(self) -> None:
        """A hand scores the last digit of its total (kabu.txt, 'Game play'; NOTES.md 'Kabu (000)': 10 scores
        0): your own is read to you; the others' cards and scores stay hidden while the drawing goes on."""
        state = new("7H 6H", "AC 9C", "10S 10D", stock="9H 8H 7S")
        act(state, "draw")                       # seat 0: 7 6 9 = 22, scores 2
        view = state.view(0)
        assert [h["seat"] for h in view.table["hands"]] == [0, 1, 2]
        assert view.table["hands"][0] == {"seat": 0, "cards": ["6H", "7H", "9H"], "face_down": 0, "stake": None,
                                          "total": "2", "status": ""}
        assert [(h["cards"], h["face_down"], h["total"]) for h in view.table["hands"][1:]] == [([], 2, None),
                                                                                              ([], 2, None)]
        assert state.view(1).table["hands"][1]["total"] == "0" and state.view(2).table["hands"][2]["total"] == "0"
        assert "9H" not in str(state.view(1).to_dict()) and "9H" not in str(state.view(None).to_dict())

    def test_at_the_show_every_hand_reads_its_score_to_all(self) -> None:
        """Settling: everyone shows and announces the total: every hand face up with its score (choice 3)."""
        state = new("7H 6H", "AC 8C", stock="9H", deals=1)
        act(state, "pass", "pass")
        assert state.is_over
        assert [(h["cards"], h["total"]) for h in state.view(None).table["hands"]] == [(["6H", "7H"], "3"),
                                                                                       (["AC", "8C"], "9")]


class TestBots:
    def test_the_heuristic_draws_to_five_and_stands_on_six(self) -> None:
        """Drawing raises the expected score exactly when the hand scores 5 or less, over the unseen cards."""
        for first in range(1, 11):
            for second in range(1, 11):
                total = (first + second) % 10
                assert (draw_gain([first, second], 2) > 0) == (total <= 5), (first, second)
        assert draw_gain([2, 3, 4], 0) == 0

    def test_the_heuristic_beats_random_play_in_chips(self) -> None:
        """One heuristic seat against three random ones, the seat rotating, over 60 seeded games: the 95%
        interval of its chips won per game minus a random seat's average lies above nought."""
        margins = []
        for seed in range(60):
            state = parlour.new_game(GAME, players=4, seed=seed)
            smart = seed % 4
            bots_to_end(state, [make_bot("heuristic" if s == smart else "random", GAME, seed=seed * 4 + s)
                                for s in range(4)])
            gains = [c - state.starting_stack for c in chips(state)]  # type: ignore[attr-defined]
            margins.append(gains[smart] - (sum(gains) - gains[smart]) / 3)
            assert conserved(state)
        mean, low, _ = mean_interval(margins)
        assert low > 0, (mean, low)

    def test_heuristic_games_end_within_the_action_limit(self) -> None:
        """Whole games of heuristic bots at every table size end by the book's end, well within
        ``max_actions``, with every chip kept."""
        limit = parlour.game_info(GAME).max_actions
        for players in range(2, 7):
            for seed in range(8):
                state = parlour.new_game(GAME, players=players, seed=seed)
                bots_to_end(state, [make_bot("heuristic", GAME, seed=seed + s) for s in range(players)])
                assert len(state.history) <= limit and conserved(state)
                assert state.result().ended_early is not None

    def test_ismcts_plays_a_whole_game_legally(self) -> None:
        """The searching bot, on worlds sampled for its seat, plays every move of a whole game legally, to
        the book's end (small stacks keep it short)."""
        state = parlour.new_game(GAME, players=3, seed=2, stake=12)
        bots_to_end(state, [make_bot("ismcts:50", GAME, seed=s) for s in range(3)])
        assert state.is_over and conserved(state) and state.result().ended_early is not None

    def test_ismcts_stands_on_nine(self) -> None:
        """With nine in hand the search passes rather than draw."""
        state = new("4H 5H", "AC 2C")
        bot = make_bot("ismcts:200", GAME, seed=1)
        assert bot.choose(state.view(0), sampler_for(state, 0)) == "pass"


class TestTerminal:
    def test_a_person_plays_at_the_terminal(self) -> None:
        """``parlour play kabu``: the table, the chips and the settlement drawn from the views alone."""
        console = Console(file=io.StringIO(), width=120)
        typed = iter(["draw", "pass"] * 40)

        def read(_prompt: str) -> str:
            try:
                return next(typed)
            except StopIteration:
                raise EOFError from None

        code = main(["play", GAME, "--seats", "human,heuristic", "--seed", "3", "--option", "deals=3"],
                    input_fn=read, console=console)
        out = console.file.getvalue()  # type: ignore[attr-defined]
        assert code == 0 and "Game over" in out
        assert "pays seat" in out and "the difference" in out
