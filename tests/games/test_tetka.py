"""Tëtka, rule by rule, on prepared deals (rules/source/tetka.txt and the Tëtka notes in rules/NOTES.md)."""

from __future__ import annotations

import json
import random

import pytest
from table import finish_hand, play, spread

import parlour
from parlour import IllegalAction
from parlour.cards import STANDARD_52, parse_cards
from parlour.errors import DealError
from parlour.games.tetka import TetkaState, most_tricks_taker


def prepared(fixed: dict[int, str], bum: str, voids: dict[int, str] | None = None) -> dict[str, object]:
    """A deal giving each seat the named cards, the bum card to the dealer (seat 3), and the rest of the
    pack spread so that no seat gets a suit it must be void in (``voids``: seat -> suit letters)."""
    dealer = fixed.get(3, "")
    named = {**fixed, 3: dealer if bum in dealer.split() else f"{dealer} {bum}"}
    hands = spread(STANDARD_52, named, [13] * 4, voids)
    hands[3].remove(bum)
    hands[3].append(bum)
    return {"hands": hands, "bum": bum}


def game(fixed: dict[int, str], bum: str, voids: dict[int, str] | None = None, **options: object) -> TetkaState:
    state = parlour.new_game("tetka", seed=1, deal=prepared(fixed, bum, voids), **options)
    assert isinstance(state, TetkaState)
    return state


def penalties(state: parlour.State) -> list[int]:
    return state.view(None).extra["penalties_this_deal"]


# One suit each: nobody can follow anyone else, so the leader (seat 0) takes all thirteen tricks.
ONE_SUIT_EACH = {0: "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", 1: "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
                 2: "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", 3: "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS AS"}


class TestDeal:
    def test_thirteen_cards_each_and_the_bum_card_shown_to_all(self) -> None:
        """Setup: the whole pack is dealt, 13 each; the last card, the dealer's, is shown to everyone."""
        state = game({}, bum="5D")
        for seat in range(4):
            view = state.view(seat)
            assert view.table["bum_card"] == "5D"
            assert [s["held"] for s in view.seats] == [13, 13, 13, 13]
            assert view.seats[3]["face_up"] == ["5D"] and view.seats[3]["status"] == "dealer"
        assert "5D" in state.view(3).hand

    def test_a_shuffled_deal_gives_the_last_card_to_the_dealer(self) -> None:
        """Setup: the bum card is the last card dealt, which goes to the dealer."""
        for seed in range(20):
            state = parlour.new_game("tetka", seed=seed)
            assert state.view(None).table["bum_card"] in state.view(3).hand

    def test_the_player_left_of_the_dealer_leads_first(self) -> None:
        """Game play: the seat left of the dealer opens the first trick."""
        assert game({}, bum="5D").to_move == (0,)

    def test_the_deal_passes_to_the_left(self) -> None:
        """Ending the game: each player deals once; the deal moves left, and so does the first lead."""
        state = game({}, bum="5D")
        finish_hand(state)
        assert state.hand_number == 2
        assert state.view(None).extra["dealer"] == 0 and state.to_move == (1,)
        assert state.view(None).table["bum_card"] in state.view(0).hand

    def test_prepared_deals_are_checked(self) -> None:
        """A prepared deal must give 13 distinct cards to each seat and the bum card to the dealer."""
        good = prepared({}, bum="5D")
        short = {"hands": [h[:12] for h in good["hands"]], "bum": "5D"}  # type: ignore[index]
        with pytest.raises(DealError, match="seat 0 must hold 13 cards, not 12"):
            parlour.new_game("tetka", deal=short)
        with pytest.raises(DealError, match="must be in seat 3's hand"):
            parlour.new_game("tetka", deal={**good, "bum": good["hands"][0][0]})  # type: ignore[index]
        with pytest.raises(DealError, match="no 'cards'"):
            parlour.new_game("tetka", deal={"cards": []})

    def test_a_prepared_deal_is_refused_before_play(self) -> None:
        """A prepared deal is refused before play when it is not a deal of the game: each deal of a list is
        read for its own dealer (seat 3 deals first, then seat 0, whose hand must hold the bum card), and a
        card twice, a card not of the 52-card pack, a stacked pack short of cards, a wrong type or an unknown
        key is refused."""
        good = prepared({}, bum="5D")
        hands: list[list[str]] = good["hands"]  # type: ignore[assignment]
        assert parlour.new_game("tetka", deal=[good, {"hands": hands}]).hand_number == 1
        with pytest.raises(DealError, match="deal 2 of the list: the bum 5D must be in seat 0's hand"):
            parlour.new_game("tetka", deal=[good, good])
        pack = [str(card) for card in STANDARD_52.cards]
        for bad, why in (({"hands": [hands[0][:-1] + [hands[1][0]], *hands[1:]]}, "names a card twice"),
                         ({**good, "bum": "JK"}, "'JK' is not a card"), ({"pack": pack[:51]}, "each of the 52"),
                         ({**good, "trump": "5D"}, "no 'trump'"), (5, "not int"), ("xyz", "not str")):
            with pytest.raises(DealError, match=why):
                parlour.new_game("tetka", deal=bad)


class TestPlay:
    def test_must_follow_suit_if_able(self) -> None:
        """Game play: a player holding the suit led must play it; the refusal changes nothing."""
        state = game({0: "2D", 1: "3D 4C"}, bum="5S")
        play(state, "2D")
        before = json.dumps(state.record()), state.view(None)
        with pytest.raises(IllegalAction, match="follow suit") as refused:
            state.apply(1, "play 4C")
        assert refused.value.rule == "follow suit"
        assert (json.dumps(state.record()), state.view(None)) == before
        assert "play 4C" not in [str(a) for a in state.legal_actions(1)]

    def test_a_void_player_may_play_any_card(self) -> None:
        """Game play: with no card of the suit led, any card may be played."""
        state = game({0: "2D", 1: "AS QH 4C"}, bum="5S", voids={1: "D"})
        play(state, "2D")
        assert {str(a) for a in state.legal_actions(1)} == {f"play {c}" for c in state.view(1).hand}

    def test_highest_card_of_the_suit_led_wins(self) -> None:
        """Game play: the highest card of the suit led takes the trick; aces are high; no trumps."""
        state = game({0: "2C", 1: "AD", 2: "AC", 3: "4C"}, bum="5S", voids={1: "C"})
        play(state, "2C AD AC 4C")
        assert state.view(None).seats[2]["tricks"] == 1

    def test_a_higher_card_of_another_suit_does_not_win(self) -> None:
        """Game play: only cards of the suit led can win the trick."""
        state = game({0: "2C", 1: "AD", 2: "3C", 3: "4C"}, bum="5S", voids={1: "C"})
        play(state, "2C AD 3C 4C")
        assert state.view(None).seats[3]["tricks"] == 1

    def test_the_winner_leads_the_next_trick(self) -> None:
        """Game play: whoever wins a trick leads to the next one."""
        state = game({0: "2C", 1: "KC", 2: "3C", 3: "4C"}, bum="5S")
        play(state, "2C KC 3C 4C")
        assert state.to_move == (1,)
        assert [p["card"] for p in state.view(0).table["last_trick"]] == ["2C", "KC", "3C", "4C"]


class TestPenalties:
    def test_the_bum_card_scores_one(self) -> None:
        """Penalties: taking the bum card scores 1."""
        state = game({0: "2D", 1: "3D", 2: "4D"}, bum="5D")
        play(state, "2D 3D 4D 5D")
        assert penalties(state) == [0, 0, 0, 1]

    def test_tetka_scores_two(self) -> None:
        """Penalties: Tëtka, the queen of the bum card's suit, scores 2."""
        state = game({0: "2D", 1: "QD", 2: "3D", 3: "4D"}, bum="5D")
        play(state, "2D QD 3D 4D")
        assert penalties(state) == [0, 2, 0, 0]

    def test_every_other_queen_scores_one(self) -> None:
        """Penalties: each queen other than Tëtka scores 1."""
        state = game({0: "2C", 1: "QC", 2: "QH", 3: "AC"}, bum="5D", voids={2: "C"})
        play(state, "2C QC QH AC")
        assert penalties(state) == [0, 0, 0, 2]

    def test_the_trick_numbered_by_the_bum_card_scores_one(self) -> None:
        """Penalties: with a 2 as bum card the second trick scores 1 for its winner."""
        state = game({0: "3C 8C", 1: "4C 9C", 2: "5C 10C", 3: "6C 7C"}, bum="2D")
        play(state, "3C 4C 5C 6C")
        assert penalties(state) == [0, 0, 0, 0]
        play(state, "7C 8C 9C 10C")
        assert penalties(state) == [0, 0, 1, 0]

    def test_an_ace_numbers_the_first_trick(self) -> None:
        """Penalties: an ace as bum card makes the first trick the scoring one."""
        state = game({0: "3C", 1: "4C", 2: "5C", 3: "6C"}, bum="AD")
        play(state, "3C 4C 5C 6C")
        assert penalties(state) == [0, 0, 0, 1]

    def test_a_queen_bum_card_is_also_tetka_and_scores_three(self) -> None:
        """Notes: a queen as bum card is Tëtka too, so taking it scores 1 + 2."""
        state = game({0: "2S", 1: "3S", 2: "4S"}, bum="QS")
        play(state, "2S 3S 4S QS")
        assert penalties(state) == [0, 0, 0, 3]
        texts = [r.text for r in state.trick_penalties(1)]
        assert "the bum card (QS)" in texts and "Tëtka (QS)" in texts

    def test_the_last_trick_scores_and_a_king_bum_card_doubles_it(self) -> None:
        """Penalties: the 13th trick scores 1, and 1 more when the bum card is a king; a hand is 9 points."""
        state = game(ONE_SUIT_EACH, bum="KS")
        finish_hand(state)
        result = state.hand_results[0]
        assert result.changes == (9, 0, 0, 0)
        texts = [r.text for r in result.reasons]
        assert "the last trick" in texts and "the 13th trick, numbered by the bum card" in texts
        assert "most tricks" in texts

    def test_the_view_shows_running_penalties_then_the_deal_result(self) -> None:
        """Penalties: the view counts each seat's penalties as tricks are taken, and the whole result at the end."""
        state = game(ONE_SUIT_EACH, bum="KS", orbits=1)
        play(state, "2C 2D 2H KS")
        assert penalties(state) == [1, 0, 0, 0]
        while not state.is_over:
            finish_hand(state)
        assert state.view(None).extra["penalties_this_deal"] == list(state.hand_results[-1].changes)

    def test_every_hand_distributes_nine_points_unless_nobody_takes_most_tricks(self) -> None:
        """Notes: the penalties of a hand always add up to 9 (8 when the most-tricks point is not scored)."""
        for seed in range(40):
            state = parlour.new_game("tetka", seed=seed)
            finish_hand(state)
            total = sum(state.hand_results[0].changes)
            assert total == 9 or (total == 8 and "no one scores it" in state.hand_results[0].summary)

    def test_the_points_scored_are_the_points_the_words_give(self) -> None:
        """The book's scoring is counted from masks while the words are made only when read: every deal of
        a few whole games scores each seat exactly the points its reasons list (bum 1, Tëtka 2, queens 1,
        the numbered and last tricks 1, most tricks 1; a bum card that is Tëtka 3)."""
        for seed in range(12):
            state = parlour.new_game("tetka", seed=seed)
            rng = random.Random(seed)
            while not state.is_over:
                seat = state.to_move[0]
                state.apply_id(seat, rng.choice(state.legal_ids(seat)))
            for result in state.hand_results:
                worded = [0] * 4
                for reason in result.reasons:
                    worded[reason.seat] += reason.points  # type: ignore[index]
                assert tuple(worded) == result.changes


class TestMostTricks:
    @staticmethod
    def settle(tricks: list[int], won: list[str]) -> tuple[int | None, str]:
        """``won``: the cards of the bum suit each seat took."""
        return most_tricks_taker(tricks, [STANDARD_52.mask(parse_cards(cards)) for cards in won])

    def test_most_tricks_scores_one(self) -> None:
        """Penalties: the player with the most tricks scores 1."""
        assert self.settle([5, 4, 2, 2], ["", "", "", ""]) == (0, "most tricks")

    def test_a_tie_goes_to_most_cards_of_the_bum_suit(self) -> None:
        """Penalties: tied on tricks, whoever took more cards of the bum card's suit scores it."""
        taker, why = self.settle([4, 4, 3, 2], ["2D 3D", "4D", "", ""])
        assert taker == 0 and "most cards of the bum suit" in why

    def test_then_to_the_highest_card_of_the_bum_suit(self) -> None:
        """Penalties: still tied, whoever took the highest card of the bum suit scores it."""
        taker, why = self.settle([4, 4, 3, 2], ["2D 3D", "4D KD", "AD", ""])
        assert taker == 1 and "highest card" in why

    def test_nobody_scores_it_when_the_tied_took_no_bum_suit_card(self) -> None:
        """Notes: if none of the tied players took a card of the bum suit, the point is not scored."""
        taker, _ = self.settle([4, 4, 3, 2], ["", "", "AD", ""])
        assert taker is None


class TestGame:
    def test_four_deals_and_the_lowest_total_wins(self) -> None:
        """Ending the game: after four deals (each player dealing once) the lowest total wins."""
        state = parlour.new_game("tetka", seed=3)
        while not state.is_over:
            finish_hand(state)
        assert len(state.hand_results) == 4
        totals = [sum(r.changes[s] for r in state.hand_results) for s in range(4)]
        assert state.scores() == totals
        assert state.result().winners == tuple(s for s in range(4) if totals[s] == min(totals))

    def test_orbits_lengthen_the_game(self) -> None:
        """Ending the game: a longer game is agreed as a number of orbits of the deal."""
        state = parlour.new_game("tetka", seed=3, orbits=2)
        while not state.is_over:
            finish_hand(state)
        assert len(state.hand_results) == 8
        with pytest.raises(ValueError, match="orbits"):
            parlour.new_game("tetka", orbits=0)


class TestHiddenInformation:
    def test_a_view_shows_no_other_hand(self) -> None:
        """Views: a seat sees its own cards, the bum card and played cards, never another hand."""
        state = parlour.new_game("tetka", seed=9)
        theirs = set(state.view(0).hand)
        for seat in (1, 2, 3):
            text = json.dumps(state.view(seat).to_dict())
            assert not any(f'"{card}"' in text for card in theirs)

    def test_sampled_worlds_honour_voids_and_the_bum_card(self) -> None:
        """Sampling: a seat that showed a void never gets that suit back; the bum card stays with the dealer."""
        state = game({0: "2D", 1: "AS"}, bum="5S", voids={1: "D"})
        play(state, "2D AS")
        rng = random.Random(1)
        diamonds = STANDARD_52.suit_masks[1]
        for _ in range(50):
            world = state.sample_world(0, rng)
            assert isinstance(world, TetkaState)
            assert not world.hands[1] & diamonds and state.voids()[1] == 1 << 1
            assert "5S" in world.view(3).hand
            assert world.view(0) == state.view(0)


class TestOpenHandGoal:
    def test_an_open_hand_search_counts_the_penalties_of_cards_and_tricks(self) -> None:
        """The worth an open-hand search (``trick_goal``) gives a Tëtka deal: the bum card 1, Tëtka 2,
        every other queen 1 (a queen bum card 1 + 2), the trick the bum card numbers 1 and the last trick 1,
        each for the taker alone, who wants as few as he can. With the 4 of hearts as bum card, the fourth
        trick is the one with nine tricks after it."""
        state = game({}, bum="4H")
        side, goal = state.trick_goal(2)
        assert side == frozenset({2}) and not goal.maximize
        index = STANDARD_52.index
        points = goal.points
        assert points is not None
        assert points[index[parse_cards("4H")[0]]] == 1 and points[index[parse_cards("QH")[0]]] == 2
        assert [points[index[c]] for c in parse_cards("QS QD QC")] == [1, 1, 1]
        assert sum(points) == 6 and points[index[parse_cards("AH")[0]]] == 0
        assert goal.trick_worth[0] == 1 and goal.trick_worth[9] == 1 and sum(goal.trick_worth) == 2
        queen_bum = game({}, bum="QS").trick_goal(0)[1]
        assert queen_bum.points is not None and queen_bum.points[index[parse_cards("QS")[0]]] == 3
