"""Heart Solo, rule by rule, on prepared deals: the last paragraph of rules/source/solo-foster.txt (row 13 of
the Solo table in rules/NOTES.md), with Foster's Solo where that paragraph is silent.

Prepared deals name the dealer seat 2, so seat 0 is eldest: it bids first and leads the first trick.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from table import (
    act,
    bots_to_end,
    dealt_in_packets,
    finish_hand,
    first_dealer,
    open_ending,
    open_hand_play,
    random_to_end,
    refused,
    spread,
)

import parlour
from parlour import NotationError
from parlour.bots import make_bot
from parlour.cards import HEART_SOLO_24, PIQUET_32, Card, Rank, Suit
from parlour.errors import DealError
from parlour.games.heart_solo import HeartSoloState
from parlour.mechanics import tricks

PACK = HEART_SOLO_24


def prepared(fixed: dict[int, str], voids: dict[int, str] | None = None, dealer: int = 2) -> dict[str, Any]:
    """A deal giving each seat the named cards and spreading the rest (the same way every time), so that
    no seat gets what ``voids`` bars: suit letters (``"C"``) or single cards (``"QS"``)."""
    return {"hands": spread(PACK, fixed, [8] * 3, voids), "dealer": dealer}


def game(fixed: dict[int, str], voids: dict[int, str] | None = None, **options: Any) -> HeartSoloState:
    state = parlour.new_game("heart-solo", seed=1, deal=prepared(fixed, voids), **options)
    assert isinstance(state, HeartSoloState)
    return state


def legal(state: parlour.State) -> list[str]:
    return [str(a) for a in state.legal_actions(state.to_move[0])]


HEARTS_TOP = "QC 7H QS AH KH QH JH 10H"     # the eight best trumps with hearts trumps


class TestPackAndDeal:
    def test_twenty_four_cards_without_the_eight_of_hearts_and_six_diamonds(self) -> None:
        """The pack: the 32-card pack less the 8♥ and every diamond but the 7♦; eight cards to each of three."""
        assert len(PACK) == 24
        missing = {str(c) for c in PIQUET_32.cards} - {str(c) for c in PACK.cards}
        assert missing == {"8H", "8D", "9D", "10D", "JD", "QD", "KD", "AD"}
        state = parlour.new_game("heart-solo", seed=2)
        hands = [set(state.view(s).hand) for s in range(3)]
        assert [len(h) for h in hands] == [8, 8, 8] and set().union(*hands) == {str(c) for c in PACK.cards}

    def test_the_first_club_thrown_round_deals(self) -> None:
        """As Foster's Solo: cards are thrown round from seat 0 and the first club turned up deals."""
        assert len({first_dealer("heart-solo", seed) for seed in range(6)}) > 1

    def test_dealt_three_two_three_from_the_dealers_left(self) -> None:
        """As Foster's Solo: cards go 3-2-3 from the dealer's left."""
        pack = [str(c) for c in PACK.cards]
        state = parlour.new_game("heart-solo", seed=1, deal={"pack": pack})
        held = dealt_in_packets(pack, (0, 1, 2), (3, 2, 3))
        assert [set(state.view(s).hand) for s in range(3)] == [held[s] for s in range(3)]


    def test_a_prepared_deal_is_refused_before_play_unless_it_fits(self) -> None:
        """A prepared deal is refused before play unless it gives eight cards of the 24-card pack to each of
        three seats, with a dealer (the first deal only) among them; the 8♥ is not in the pack."""
        good = prepared({})
        hands = good["hands"]
        with pytest.raises(DealError, match=r"deal 2 of the list: .*'8H' is not a card of"):
            parlour.new_game("heart-solo", deal=[good, {"hands": [["8H", *hands[0][1:]], *hands[1:]]}])
        with pytest.raises(DealError, match="dealer"):
            parlour.new_game("heart-solo", deal={**good, "dealer": 3})
        with pytest.raises(DealError, match="8 cards, not 9"):
            parlour.new_game("heart-solo", deal={"hands": [[*hands[0], hands[1][0]], hands[1][1:], hands[2]]})
        for junk in (5, "xyz", {"hands": hands[:2]}, {"hands": hands, "widow": []}):
            with pytest.raises(DealError):
                parlour.new_game("heart-solo", deal=junk)


class TestTrumps:
    def test_diamonds_are_the_colour_with_three_trumps(self) -> None:
        """Diamonds are always colour, and the only trumps then are Spadilla, Manilla (7♦) and Basta."""
        state = game({})
        assert state.view(None).extra["colour"] == "diamonds"
        order = state.T.orders[Suit.DIAMONDS]
        trumps = sorted((c for c in PACK.cards if order.suit_of[PACK.index[c]] == Suit.DIAMONDS),
                        key=lambda c: -order.power[PACK.index[c]])
        assert [str(c) for c in trumps] == ["QC", "7D", "QS"]

    def test_hearts_trumps_run_from_spadilla_down_without_the_eight(self) -> None:
        """Trumps: Q♣, the trump 7, Q♠, then the trump suit from the ace down (no 8♥ in this pack)."""
        order = game({}).T.orders[Suit.HEARTS]
        trumps = sorted((c for c in PACK.cards if order.suit_of[PACK.index[c]] == Suit.HEARTS),
                        key=lambda c: -order.power[PACK.index[c]])
        assert [str(c) for c in trumps] == ["QC", "7H", "QS", "AH", "KH", "QH", "JH", "10H", "9H"]

    def test_a_black_queen_does_not_follow_its_suit(self) -> None:
        """Play: Q♠ is a trump; with spades led a player holding Q♠ and another spade plays the spade."""
        state = game({0: "7S QC 7H AH KH QH JH 10H", 1: "QS 8S"})
        act(state, "bid solo", "pass", "pass", "name solo hearts", "play 7S")
        refused(state, 1, "play QS", "follow suit")
        assert "play 8S" in legal(state) and all(a[-1] == "S" and a != "play QS" for a in legal(state))


class TestBidding:
    def test_only_a_solo_may_be_bid(self) -> None:
        """The only play is for the Solo: a solo, or a solo in colour; nothing else is a bid."""
        state = game({})
        assert legal(state) == ["bid solo", "bid solo in colour", "pass"]
        with pytest.raises(NotationError):
            state.apply(0, "bid simple")
        with pytest.raises(NotationError):
            state.apply(0, "bid tout")
        act(state, "bid solo", "pass", "pass")
        assert all(a.startswith("name solo ") for a in legal(state))
        refused(state, 0, "name simple hearts", "the games")
        refused(state, 0, "name tout hearts", "the games")

    def test_a_solo_in_colour_outbids_a_solo_and_must_be_played_in_diamonds(self) -> None:
        """Colour ranks higher: a solo in colour beats a solo, and is played with diamonds trumps."""
        state = game({})
        act(state, "bid solo")
        assert legal(state) == ["bid solo in colour", "pass"]
        act(state, "bid solo in colour")
        refused(state, 2, "bid solo", "a bid must beat the last")
        act(state, "pass", "pass")
        assert state.declarer == 1 and legal(state) == ["name solo diamonds"]
        refused(state, 1, "name solo hearts", "name at least the bid")

    def test_a_solo_bid_may_be_played_in_colour(self) -> None:
        """The winner names trumps; a solo may still be played in colour, worth double."""
        state = game({})
        act(state, "bid solo", "pass", "pass")
        assert legal(state) == [f"name solo {s}" for s in ("clubs", "diamonds", "hearts", "spades")]
        act(state, "name solo diamonds")
        assert state.view(None).extra["game"]["value"] == 8


class TestScoring:
    def test_a_solo_won_is_paid_by_each_adversary(self) -> None:
        """Payments: the soloist wins the value (4 in suit) from each of his two adversaries."""
        state = game({0: HEARTS_TOP})
        act(state, "bid solo", "pass", "pass", "name solo hearts")
        finish_hand(state)
        assert state.hand_results[0].changes == (8, -4, -4) and state.scores() == [108, 96, 96]

    def test_a_solo_lost_pays_each_adversary(self) -> None:
        """Payments: a soloist who falls short pays each adversary; in colour the value is 8."""
        state = game({0: "7S 8S 9S 7C 8C 9C 7H 9H", 1: "QC QS"})
        act(state, "bid solo in colour", "pass", "pass", "name solo diamonds")
        finish_hand(state)
        assert state.hand_results[0].changes == (-16, 8, 8)
        assert "lost a solo in colour" in state.hand_results[0].summary

    def test_the_deal_ends_once_the_soloist_has_five_tricks(self) -> None:
        """Playing: the deal stops when the soloist has his five tricks; with no tout in Heart Solo
        there is nothing to play on for (our reading)."""
        state = game({0: HEARTS_TOP})
        act(state, "bid solo", "pass", "pass", "name solo hearts")
        for _ in range(4 * 3):
            act(state, legal(state)[0])
        assert state.hand_number == 1 and state.tricks_won[0] == 4
        for _ in range(3):
            act(state, legal(state)[0])
        assert state.hand_number == 2 and "abandoned" in state.hand_results[0].summary
        assert not any(a.verb in ("continue", "abandon") for a in state.ACTIONS.actions)

    @pytest.mark.parametrize(("passed_deal", "value"), [("colour", 8), ("suit", 4)])
    def test_no_bid_is_played_in_colour_and_the_last_trick_pays(self, passed_deal: str, value: int) -> None:
        """No bid: the deal is played out with diamonds (the colour) trumps, and whoever takes the final trick
        pays a solo's value to each other player (in colour, 8, by default; option ``passed_deal``)."""
        state = game({0: "QC"}, passed_deal=passed_deal)
        act(state, "pass", "pass", "pass")
        assert state.phase == "play" and state.trump == Suit.DIAMONDS and state.to_move == (0,)
        assert state.view(None).extra["game"]["game"] == "no bid"
        for _ in range(7 * 3 + 2):
            act(state, legal(state)[0])
        last_card = PACK.index[Card.parse(legal(state)[0].split()[1])]
        taker = (state.leader + tricks.winner([*state.trick, last_card], state.order)) % 3
        act(state, legal(state)[0])
        result = state.hand_results[0]
        assert result.changes == tuple(-2 * value if s == taker else value for s in range(3))
        assert f"seat {taker} took the last trick" in result.summary

    def test_the_game_ends_after_its_deals_with_most_counters_winning(self) -> None:
        """Game end (our default): three deals, one dealt by each player; the most counters wins."""
        state = parlour.new_game("heart-solo", seed=4)
        random_to_end(state, random.Random(4))
        assert len(state.hand_results) == 3 and sum(state.scores()) == 300
        best = max(state.scores())
        assert set(state.result().winners) == {s for s in range(3) if state.scores()[s] == best}
        assert "counters" in state.result().text


class TestOpenHandGoal:
    def test_the_soloist_plays_alone_against_two_for_tricks(self) -> None:
        """The solo: five tricks alone, so the soloist's side is himself, for tricks."""
        state = game({0: HEARTS_TOP})
        act(state, "bid solo", "pass", "pass", "name solo hearts")
        assert state.trick_goal(0) == (frozenset({0}), tricks.TRICKS)
        assert state.trick_goal(1) == (frozenset({1, 2}), tricks.TRICKS)

    @pytest.mark.parametrize(("passed_deal", "value"), [("colour", 8), ("suit", 4)])
    def test_no_bid_only_the_last_trick_counts_against_its_taker(self, passed_deal: str, value: int) -> None:
        """No bid: each for himself, no card worth anything, and the last trick costs its taker the value of
        a solo to each of the other two."""
        state = game({0: "QC"}, passed_deal=passed_deal)
        act(state, "pass", "pass", "pass")
        side, goal = state.trick_goal(1)
        assert side == frozenset({1}) and not goal.maximize
        assert goal.trick_worth == (2 * value,) and goal.points is not None and not any(goal.points)

    @pytest.mark.parametrize("seed", [1, 2])
    def test_no_bid_the_search_value_is_what_the_last_trick_costs(self, seed: int) -> None:
        """No bid, two tricks from the end: the open-hand value for the seat to play is what the last trick
        then costs it (16, or nothing)."""
        state = game({0: "QC"})
        act(state, "pass", "pass", "pass")
        seat = open_ending(state, 2, random.Random(seed))
        value, taken = open_hand_play(state, seat, lambda now: 16 * sum(r.changes[seat] < 0 for r in now.hand_results))
        assert value == taken


def test_cards_are_not_played_before_the_solo_is_named() -> None:
    """Play begins once trumps are named."""
    state = game({0: "AH"})
    refused(state, 0, "play AH", "auction")
    assert Card(Rank.ACE, Suit.HEARTS) in PACK


def test_the_heuristic_beats_random_play() -> None:
    """One heuristic player against two random ones gains counters over whole games."""
    heuristic, others = 0, 0
    for seed in range(24):
        state = parlour.new_game("heart-solo", seed=seed)
        mine = seed % 3
        bots = [make_bot("heuristic" if s == mine else "random", "heart-solo", seed=seed * 10 + s) for s in range(3)]
        start = state.scores()
        bots_to_end(state, bots)
        gains = [state.scores()[s] - start[s] for s in range(3)]
        heuristic += gains[mine]
        others += sum(gains) - gains[mine]
    assert heuristic > 0 > others
