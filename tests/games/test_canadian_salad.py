"""Canadian Salad, rule by rule, on prepared deals (rules/source/canadian-salad.txt and its notes in
rules/NOTES.md)."""

from __future__ import annotations

import json
import random

import pytest
from table import finish_hand, open_ending, open_hand_play, play, random_to_end, spread

import parlour
from parlour import IllegalAction
from parlour.cards import ACE_HIGH, STANDARD_52, Card, parse_cards
from parlour.errors import DealError
from parlour.games.canadian_salad import DEALS, REMOVED_MASKS, CanadianSaladState, deal_total


def prepared(fixed: dict[int, str], players: int = 4, voids: dict[int, str] | None = None) -> dict[str, object]:
    """A deal giving each seat the named cards and spreading the rest of the pack (without the cards set
    aside for ``players``) so that no seat gets a suit it must be void in (``voids``: seat -> suit letters)."""
    size = {3: 17, 4: 13, 5: 10, 6: 8}[players]
    return {"hands": spread(STANDARD_52, fixed, [size] * players, voids, removed=REMOVED_MASKS[players])}


def game(fixed: dict[int, str], voids: dict[int, str] | None = None, *, deal_number: int = 1, players: int = 4,
         **options: object) -> CanadianSaladState:
    """A game whose ``deal_number``-th deal is prepared, the earlier ones (spread, since every deal of a list
    names its cards) already played out."""
    plan = [prepared({}, players)] * (deal_number - 1) + [prepared(fixed, players, voids)]
    state = parlour.new_game("canadian-salad", players=players, seed=1, deal=plan, **options)
    assert isinstance(state, CanadianSaladState)
    while state.hand_number < deal_number:
        finish_hand(state)
    return state


def penalties(state: parlour.State) -> list[int]:
    return state.view(None).extra["penalties_this_deal"]


def one_suit_each(leader: int) -> dict[int, str]:
    """Four players with a whole suit each, the leader holding clubs: nobody can follow the leader, who
    therefore takes all thirteen tricks."""
    ranks = tuple(rank.letter for rank in ACE_HIGH)
    return {(leader + k) % 4: " ".join(f"{r}{'CDHS'[k]}" for r in ranks) for k in range(4)}


class TestPack:
    @pytest.mark.parametrize(("players", "set_aside", "size"), [
        (3, "2♣", 17), (4, "", 13), (5, "2♣ 2♦", 10), (6, "2♣ 3♣ 2♦ 3♦", 8)])
    def test_cards_set_aside_for_each_player_count(self, players: int, set_aside: str, size: int) -> None:
        """Setup: three players lose the 2♣, five the 2♣ and 2♦, six the 2♣, 3♣, 2♦ and 3♦; four use the whole
        pack; everything else is dealt out evenly."""
        removed = {str(c) for c in parse_cards(set_aside)}
        for seed in range(5):
            state = parlour.new_game("canadian-salad", players=players, seed=seed)
            assert set(state.view(None).table["set_aside"]) == removed
            hands = [state.view(s).hand for s in range(players)]
            assert all(len(h) == size for h in hands)
            dealt = {c for h in hands for c in h}
            assert len(dealt) == 52 - len(removed) == players * size
            assert not dealt & removed

    def test_a_prepared_deal_may_not_hold_a_card_set_aside(self) -> None:
        """Setup: a prepared deal is refused before play unless it shares out the pack left for the player
        count, each seat its share: with three players the 2♣ is out of play, so a deal giving it is refused."""
        good = prepared({}, players=3)
        hands: list[list[str]] = good["hands"]  # type: ignore[assignment]
        bad = [hands[0][:-1] + ["2C"], hands[1], hands[2]]
        with pytest.raises(DealError, match="deal 2 of the list: 2C is set aside with 3 players"):
            parlour.new_game("canadian-salad", players=3, deal=[good, {"hands": bad}])
        with pytest.raises(DealError, match="seat 0 must hold 17 cards, not 16"):
            parlour.new_game("canadian-salad", players=3, deal={"hands": [h[:16] for h in hands]})
        with pytest.raises(DealError, match="twice"):
            parlour.new_game("canadian-salad", players=3, deal={"hands": [hands[0], hands[0], hands[2]]})
        with pytest.raises(DealError, match="'JK' is not a card of"):
            parlour.new_game("canadian-salad", players=3, deal={"hands": [hands[0][:-1] + ["JK"], *hands[1:]]})
        junk: list[object] = [5, "xyz", {"cards": []}, {"pack": [str(card) for card in STANDARD_52.cards]}]
        for deal in junk:
            with pytest.raises(DealError):
                parlour.new_game("canadian-salad", deal=deal)

    def test_the_player_left_of_the_dealer_leads_and_the_deal_passes_left(self) -> None:
        """Game play: the seat left of the dealer leads first; the next deal is dealt by the next seat."""
        state = game({})
        assert state.dealer == 3 and state.to_move == (0,)
        finish_hand(state)
        assert state.hand_number == 2 and state.dealer == 0 and state.to_move == (1,)


class TestPlay:
    def test_must_follow_suit_if_able(self) -> None:
        """Game play: a player holding the suit led must play it; the refusal changes nothing."""
        state = game({0: "2D", 1: "3D 4C"})
        play(state, "2D")
        before = json.dumps(state.record()), state.view(None)
        with pytest.raises(IllegalAction, match="follow suit") as refused:
            state.apply(1, "play 4C")
        assert refused.value.rule == "follow suit"
        assert (json.dumps(state.record()), state.view(None)) == before

    def test_a_void_player_may_play_any_card(self) -> None:
        """Game play: with no card of the suit led, any card may be played."""
        state = game({0: "2D"}, voids={1: "D"})
        play(state, "2D")
        assert {str(a) for a in state.legal_actions(1)} == {f"play {c}" for c in state.view(1).hand}

    def test_highest_card_of_the_suit_led_wins_and_leads_next(self) -> None:
        """Game play: the best card of the suit led takes the trick (aces high, no trumps) and its taker
        leads the next one."""
        state = game({0: "2C", 1: "AD", 2: "AC", 3: "4C"}, voids={1: "C"})
        play(state, "2C AD AC 4C")
        assert state.view(None).seats[2]["tricks"] == 1 and state.to_move == (2,)

    def test_a_card_set_aside_cannot_be_played(self) -> None:
        """Setup: the cards set aside take no part in play."""
        state = parlour.new_game("canadian-salad", players=6, seed=4)
        with pytest.raises(IllegalAction, match="do not hold"):
            state.apply(state.to_move[0], "play 3D")


class TestSixDeals:
    def test_first_deal_each_trick_scores_ten(self) -> None:
        """Scoring: in the first deal every trick taken costs 10, whatever it holds."""
        state = game({0: "2C", 1: "3C", 2: "QH", 3: "AC"}, voids={2: "C"})
        assert state.view(None).extra["deal"] == "tricks"
        play(state, "2C 3C QH AC")
        assert penalties(state) == [0, 0, 0, 10]

    def test_second_deal_each_heart_scores_ten(self) -> None:
        """Scoring: in the second deal each heart taken costs 10; the trick itself costs nothing."""
        state = game({1: "2H", 2: "AH", 3: "3H", 0: "QC"}, voids={0: "H"}, deal_number=2)
        assert state.view(None).extra["deal"] == "hearts" and state.to_move == (1,)
        play(state, "2H AH 3H QC")
        assert penalties(state) == [0, 0, 30, 0]

    def test_third_deal_each_queen_scores_twenty_five(self) -> None:
        """Scoring: in the third deal each queen taken costs 25; the K♠ and hearts cost nothing."""
        state = game({2: "2S", 3: "QS", 0: "KS", 1: "QH"}, voids={1: "S"}, deal_number=3)
        assert state.view(None).extra["deal"] == "queens"
        play(state, "2S QS KS QH")
        assert penalties(state) == [50, 0, 0, 0]

    def test_fourth_deal_the_king_of_spades_scores_a_hundred_and_play_goes_on(self) -> None:
        """Scoring: in the fourth deal taking the K♠ costs 100; the deal is still played to its last trick."""
        state = game({3: "2S", 0: "KS", 1: "AS", 2: "QH"}, voids={2: "S"}, deal_number=4)
        assert state.view(None).extra["deal"] == "king of spades"
        play(state, "2S KS AS QH")
        assert penalties(state) == [0, 100, 0, 0]
        assert state.hand_number == 4 and state.to_move == (1,)
        finish_hand(state)
        assert state.hand_results[3].changes == (0, 100, 0, 0)
        assert "the king of spades (KS) taken" in [r.text for r in state.hand_results[3].reasons]

    def test_fifth_deal_only_the_last_trick_scores(self) -> None:
        """Scoring: in the fifth deal only whoever takes the final trick scores, 100."""
        state = game(one_suit_each(0), deal_number=5)
        assert state.view(None).extra["deal"] == "last trick"
        for _ in range(12 * 4):
            seat = state.to_move[0]
            state.apply(seat, state.legal_actions(seat)[0])
        assert penalties(state) == [0, 0, 0, 0]
        finish_hand(state)
        assert state.hand_results[4].changes == (100, 0, 0, 0)
        assert [r.text for r in state.hand_results[4].reasons] == ["the last trick taken"]

    def test_sixth_deal_all_five_penalties_at_once(self) -> None:
        """Scoring: in the sixth deal every earlier penalty applies together; the Q♥ counts as heart and queen."""
        state = game({1: "2H", 2: "QH", 3: "KS", 0: "3H"}, voids={3: "H"}, deal_number=6)
        assert state.view(None).extra["deal"] == "all five"
        play(state, "2H QH KS 3H")
        assert penalties(state) == [0, 0, 10 + 3 * 10 + 25 + 100, 0]

    def test_sixth_deal_everything_to_one_player(self) -> None:
        """Scoring: taking every trick of the sixth deal costs all 560 points of it."""
        state = game(one_suit_each(1), deal_number=6)
        finish_hand(state)
        assert state.hand_results[5].changes == (0, 130 + 130 + 100 + 100 + 100, 0, 0)
        texts = [r.text for r in state.hand_results[5].reasons]
        assert "13 tricks taken, 10 each" in texts and "the last trick taken" in texts
        assert any(t.startswith("4 queens taken, 25 each") for t in texts)

    @pytest.mark.parametrize("players", [3, 4, 5, 6])
    def test_each_deal_hands_out_a_fixed_total(self, players: int) -> None:
        """Notes: all the points of a deal are always taken, so its total is fixed for each player count."""
        tricks = {3: 17, 4: 13, 5: 10, 6: 8}[players]
        expected = [10 * tricks, 130, 100, 100, 100, 10 * tricks + 430]
        assert [deal_total(d, players) for d in DEALS] == expected
        for seed in range(4):
            state = parlour.new_game("canadian-salad", players=players, seed=seed)
            random_to_end(state, random.Random(seed))
            assert [sum(r.changes) for r in state.hand_results] == expected


class TestGame:
    def test_six_deals_and_the_lowest_total_wins(self) -> None:
        """Scoring: after the sixth deal the lowest total wins."""
        state = parlour.new_game("canadian-salad", seed=3)
        while not state.is_over:
            finish_hand(state)
        assert len(state.hand_results) == 6
        totals = [sum(r.changes[s] for r in state.hand_results) for s in range(4)]
        assert state.scores() == totals
        assert state.result().winners == tuple(s for s in range(4) if totals[s] == min(totals))

    def test_rounds_repeat_the_six_deals(self) -> None:
        """Options: ``rounds`` plays the cycle of six deals again, starting over with the tricks deal."""
        state = parlour.new_game("canadian-salad", seed=3, rounds=2)
        for _ in range(6):
            finish_hand(state)
        assert state.hand_number == 7 and state.view(None).extra["deal"] == "tricks"
        while not state.is_over:
            finish_hand(state)
        assert len(state.hand_results) == 12
        with pytest.raises(ValueError, match="rounds"):
            parlour.new_game("canadian-salad", rounds=0)


class TestOpenHandGoal:
    def test_the_first_deal_costs_ten_a_trick_and_no_card_anything(self) -> None:
        """The six deals, the first (every trick taken: 10): an open-hand search counts each trick against
        its taker alone, who wants as few as he can."""
        state = game({})
        side, goal = state.trick_goal(2)
        assert side == frozenset({2}) and not goal.maximize
        assert goal.points is not None and not any(goal.points) and goal.trick_worth == (10,) * 13

    def test_the_sixth_deal_counts_every_penalty(self) -> None:
        """The six deals, the sixth (notes): hearts 10, queens 25 (Q♥ 35), K♠ 100; every trick 10 and the
        last trick 100 more."""
        state = game({}, deal_number=6)
        goal = state.trick_goal(0)[1]
        index = STANDARD_52.index
        assert goal.points is not None
        assert [goal.points[index[c]] for c in parse_cards("2H QH QS KS AC")] == [10, 35, 25, 100, 0]
        assert goal.trick_worth == (110, *(10,) * 12)

    @pytest.mark.parametrize("players", [4, 5])
    def test_the_search_value_is_the_penalties_taken_at_the_end(self, players: int) -> None:
        """The sixth deal, three tricks from the end: the open-hand value for the seat to play is the
        penalties it then takes (by card, by trick and for the last trick)."""
        state = game({}, deal_number=6, players=players)
        seat = open_ending(state, 3, random.Random(players))
        value, taken = open_hand_play(state, seat, lambda now: now.penalties_so_far()[seat])  # type: ignore[attr-defined]
        assert value == taken


class TestHiddenInformation:
    def test_a_view_shows_no_other_hand(self) -> None:
        """Views: a seat sees its own cards and the played cards, never another hand."""
        state = parlour.new_game("canadian-salad", seed=9, players=5)
        theirs = set(state.view(0).hand)
        for seat in range(1, 5):
            text = json.dumps(state.view(seat).to_dict())
            assert not any(f'"{card}"' in text for card in theirs)

    def test_sampled_worlds_honour_voids_and_the_cards_set_aside(self) -> None:
        """Sampling: a seat that showed a void never gets that suit back; set-aside cards are never dealt."""
        state = game({0: "3D", 1: "AS"}, voids={1: "D"}, players=5)
        play(state, "3D AS")
        rng = random.Random(1)
        diamonds = STANDARD_52.suit_masks[1]
        removed = STANDARD_52.mask([Card.parse("2C"), Card.parse("2D")])
        for _ in range(50):
            world = state.sample_world(0, rng)
            assert isinstance(world, CanadianSaladState)
            assert not world.hands[1] & diamonds and state.voids()[1] == 1 << 1
            assert not any(h & removed for h in world.hands)
            assert world.view(0) == state.view(0)
