"""Calabrasella, rule by rule, on prepared deals (rules/source/calabrasella.txt and its notes in rules/NOTES.md)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from table import act, open_ending, open_hand_play, play, random_to_end, refused

import parlour
from parlour.cards import SPANISH_40, Card, parse_cards
from parlour.errors import DealError
from parlour.games.calabrasella import (
    CARD_POINTS,
    LAST_TRICK,
    ORDER,
    THREES,
    TRICKS,
    CalabrasellaState,
    deal_value,
    points,
)
from parlour.mechanics import tricks

RANKS = ["2", "3", "4", "5", "6", "7", "J", "Q", "K", "A"]


def suit(letter: str) -> list[str]:
    return [r + letter for r in RANKS]


# Seat 0 (eldest, the single player below) holds every club; seat 1 every heart; seat 2 every spade. The
# 3 of diamonds lies in the talon.
SUITS_DEAL = {"hands": [suit("C") + ["4D", "5D"], suit("H") + ["JD", "7D"], suit("S") + ["QD", "6D"]],
              "talon": ["3D", "2D", "AD", "KD"]}
# Seat 0 holds every 3, every 2 and three aces: nothing to ask for, and every trick is his.
TOP_DEAL = {"hands": [["3C", "3D", "3H", "3S", "2C", "2D", "2H", "2S", "AC", "AD", "AH", "AS"],
                      ["4C", "5C", "6C", "7C", "JC", "QC", "KC", "4D", "5D", "6D", "7D", "JD"],
                      ["QD", "KD", "4H", "5H", "6H", "7H", "JH", "QH", "KH", "4S", "5S", "6S"]],
            "talon": ["KS", "QS", "JS", "7S"]}
# Seat 0 holds every 3 but no 2; seat 1 holds 2C and 2D, the talon 2H, seat 2 2S.
THREES_DEAL = {"hands": [["3C", "3D", "3H", "3S", "AC", "AD", "AH", "AS", "KC", "KD", "KH", "KS"],
                         ["2C", "2D", "4C", "5C", "6C", "7C", "JC", "QC", "4D", "5D", "6D", "7D"],
                         ["2S", "JD", "QD", "4H", "5H", "6H", "7H", "JH", "QH", "4S", "5S", "6S"]],
               "talon": ["2H", "7S", "QS", "JS"]}


def game(deal: dict[str, Any], players: int = 3, **options: Any) -> CalabrasellaState:
    if players == 4:
        deal = {**deal, "hands": [*deal["hands"], []]}
    state = parlour.new_game("calabrasella", players=players, seed=1, deal=deal, **options)
    assert isinstance(state, CalabrasellaState)
    return state


def legal(state: parlour.State) -> set[str]:
    return {str(a) for a in state.legal_actions(state.to_move[0])}


def suits_game_to_play(take: str = "3D") -> CalabrasellaState:
    """Seat 0 stands, asks for 3D (in the talon), discards 4D and takes ``take``."""
    state = game(SUITS_DEAL)
    act(state, "stand", "ask 3D", "discard 4D", "done", f"take {take}")
    return state


class TestDeal:
    def test_twelve_each_and_four_in_the_talon(self) -> None:
        """Dealing: twelve cards to each of three, four at a time; four stay face down as the talon."""
        for seed in range(10):
            state = parlour.new_game("calabrasella", seed=seed)
            view = state.view(None)
            assert [s["held"] for s in view.seats] == [12, 12, 12]
            assert view.table["talon_face_down"] == 4 and view.table["talon"] == []

    def test_four_players_the_dealer_takes_no_cards_and_never_acts(self) -> None:
        """Players: with four, the dealer sits the deal out; declaring starts at his left and skips him."""
        state = game(SUITS_DEAL, players=4)
        assert [s["held"] for s in state.view(None).seats] == [12, 12, 12, 0]
        assert "sits out" in state.view(None).seats[3]["status"]
        assert state.to_move == (0,)
        act(state, "pass", "pass")
        assert state.to_move == (2,)
        act(state, "stand")
        assert state.view(None).extra["single"] == 2

    def test_the_deal_passes_to_the_left(self) -> None:
        """Dealing: the next deal is made by the player at the left of the last dealer."""
        state = game(SUITS_DEAL)
        act(state, "pass", "pass", "pass")
        assert state.hand_number == 2 and state.view(None).extra["dealer"] == 0
        assert state.to_move == (1,)

    def test_prepared_deals_are_checked(self) -> None:
        """A prepared deal gives twelve different cards to each player and four to the talon."""
        with pytest.raises(DealError, match="seat 0 must hold 12 cards, not 11"):
            parlour.new_game("calabrasella", deal={"hands": [h[:11] for h in SUITS_DEAL["hands"]]})  # type: ignore[attr-defined]
        with pytest.raises(DealError, match="the talon holds 4 cards, not 1"):
            parlour.new_game("calabrasella", deal={**SUITS_DEAL, "talon": ["3D"]})
        with pytest.raises(DealError, match="no 'cards'"):
            parlour.new_game("calabrasella", deal={"cards": []})

    def test_a_prepared_deal_is_refused_before_play(self) -> None:
        """A prepared deal is refused before play when it is not a deal of the game: each deal of a list is
        read for its own dealer (with four the second deal's dealer, seat 0, sits out, not seat 3), and a
        wrong size, a card twice, a card not of the Spanish pack, a wrong type or an unknown key is refused."""
        hands: list[list[str]] = SUITS_DEAL["hands"]  # type: ignore[assignment]
        four = {**SUITS_DEAL, "hands": [*hands, []]}
        with pytest.raises(DealError, match="deal 2 of the list: seat 0 must hold 0 cards, not 12"):
            parlour.new_game("calabrasella", players=4, deal=[four, four])
        for bad, why in (({"hands": [hands[0], hands[1], hands[2][:-1] + ["3C"]]}, "names a card twice"),
                         ({**SUITS_DEAL, "talon": ["3D", "2D", "AD", "8D"]}, "'8D' is not a card"),
                         ({**SUITS_DEAL, "talon": ["3D", "2D", "AD", "6D"]}, "no hand nor other list holds"),
                         ({**SUITS_DEAL, "widow": []}, "no 'widow'"), (5, "not int"), ("xyz", "not str")):
            with pytest.raises(DealError, match=why):
                parlour.new_game("calabrasella", deal=bad)


class TestDeclaring:
    def test_the_first_to_stand_plays_alone(self) -> None:
        """Declaring: from eldest hand each stands or passes; the first to stand is the single player."""
        state = game(SUITS_DEAL)
        assert legal(state) == {"stand", "pass"}
        act(state, "pass", "stand")
        view = state.view(None)
        assert view.extra["single"] == 1 and view.phase == "ask"
        assert "single player" in view.seats[1]["status"] and "adversary" in view.seats[0]["status"]

    def test_when_all_pass_the_deal_is_void(self) -> None:
        """Declaring: three passes make the deal void; nobody scores and the deal passes on."""
        state = game(SUITS_DEAL)
        act(state, "pass", "pass", "pass")
        assert state.hand_results[0].changes == (0, 0, 0)
        assert "void" in state.hand_results[0].summary
        assert state.scores() == [0, 0, 0]


class TestAsking:
    def test_only_a_three_he_lacks_may_be_asked_for(self) -> None:
        """Declaring: the single player names a 3 he does not hold, and no lower card."""
        state = game(SUITS_DEAL)
        act(state, "stand")
        assert legal(state) == {"ask 3D", "ask 3H", "ask 3S"}
        refused(state, 0, "ask 3C", "asking")
        refused(state, 0, "ask 2H", "asking")
        refused(state, 0, "play 3C", "ask")

    def test_holding_all_four_threes_he_asks_for_a_two(self) -> None:
        """Declaring: with every 3 in hand, he may ask for a 2 instead, but for nothing lower."""
        state = game(THREES_DEAL)
        act(state, "stand")
        assert legal(state) == {"ask 2C", "ask 2D", "ask 2H", "ask 2S"}
        refused(state, 0, "ask AC", "asking")

    def test_holding_every_three_and_two_there_is_nothing_to_ask(self) -> None:
        """Declaring (a default): with every 3 and every 2 there is no card he may name; he discards at once."""
        state = game(TOP_DEAL)
        act(state, "stand")
        assert state.view(None).phase == "discard"
        assert any("asks for nothing" in line for line in state.view(1).log)

    def test_the_holder_gives_up_the_card_asked_for(self) -> None:
        """Declaring: whichever adversary holds the named 3 must give it to the single player."""
        state = game(SUITS_DEAL)
        act(state, "stand", "ask 3H")
        assert "3H" in state.view(0).hand and "3H" not in state.view(1).hand
        assert state.view(None).extra["asked_from"] == 1 and state.view(None).phase == "give"

    def test_a_card_asked_for_in_the_talon_is_not_replaced(self) -> None:
        """Declaring: if the named card lies in the talon he may not name another; nothing is exchanged."""
        state = game(SUITS_DEAL)
        act(state, "stand", "ask 3D")
        assert state.view(None).phase == "discard" and state.view(None).extra["asked_from"] == "talon"
        assert [s["held"] for s in state.view(None).seats] == [12, 12, 12]
        assert any("3D lies in the talon" in line for line in state.view(2).log)

    def test_the_card_given_in_exchange_is_seen_only_by_the_two_involved(self) -> None:
        """Declaring: the adversary who gave the 3 gets a card of the single player's choice, unseen by the
        other adversary (a secret action: the log and views of the third seat show no card)."""
        state = game(SUITS_DEAL)
        act(state, "stand", "ask 3H")
        refused(state, 0, "give 3H", "exchange")
        act(state, "give 4C")
        assert "4C" in state.view(1).hand and state.view(1).extra["exchanged"] == "4C"
        assert state.view(0).extra["exchanged"] == "4C"
        third = state.view(2)
        assert "exchanged" not in third.extra
        assert not any("4C" in line for line in third.log)
        assert "seat 0: give a card face down in exchange" in third.log
        twin = game(SUITS_DEAL)
        act(twin, "stand", "ask 3H", "give 5C")
        assert twin.view(2) == third and twin.view(1) != state.view(1)

    def test_sampled_worlds_of_the_third_seat_draw_the_exchange_card_again(self) -> None:
        """Hidden information: a world sampled for the uninvolved adversary may hold any exchanged card, and
        its history names the card dealt there, never the real one."""
        state = game(SUITS_DEAL)
        act(state, "stand", "ask 3H", "give 4C")
        seen = set()
        for k in range(30):
            world = state.sample_world(2, random.Random(k))
            assert world.view(2) == state.view(2)
            gift = str(world.history[-1][1]).split()[1]
            assert gift in world.view(1).hand and gift not in world.view(0).hand
            assert "3H" in world.view(0).hand
            seen.add(gift)
        assert len(seen) > 1
        # The receiver and the single player both know it: their worlds keep it.
        for seat in (0, 1):
            assert "4C" in state.sample_world(seat, random.Random(0)).view(1).hand

    def test_asking_for_a_two_tells_everyone_where_the_threes_were(self) -> None:
        """Hidden information: a 2 is asked for only by a holder of every 3, so a world sampled for the other
        adversary keeps the 3s with the single player, except one that may have gone across in exchange."""
        state = game(THREES_DEAL)
        act(state, "stand", "ask 2D", "give 3S")
        for k in range(40):
            world = state.sample_world(2, random.Random(k))
            assert isinstance(world, CalabrasellaState) and world.view(2) == state.view(2)
            threes_with_seat1 = [c for c in world.view(1).hand if c.startswith("3")]
            assert len(threes_with_seat1) <= 1
            hidden_talon = world.talon & THREES
            assert not hidden_talon


class TestDiscarding:
    def test_one_to_four_cards_are_discarded(self) -> None:
        """Discarding: at least one card, at most four; the fourth turns the talon up at once."""
        state = game(SUITS_DEAL)
        act(state, "stand", "ask 3D")
        assert "done" not in legal(state)
        refused(state, 0, "done", "discarding")
        act(state, "discard 4C", "discard 5C", "discard 6C")
        assert "done" in legal(state)
        act(state, "discard 7C")
        assert state.view(None).phase == "take"
        assert state.view(None).table["talon"] == ["2D", "3D", "KD", "AD"]

    def test_discards_are_face_down(self) -> None:
        """Discarding: the discards are laid face down; the adversaries see only how many."""
        state = game(SUITS_DEAL)
        act(state, "stand", "ask 3D", "discard 4C", "discard JC")
        twin = game(SUITS_DEAL)
        act(twin, "stand", "ask 3D", "discard 5C", "discard 6C")
        for seat in (1, 2):
            assert state.view(seat) == twin.view(seat)
            assert "seat 0: discard a card face down" in state.view(seat).log
        assert state.view(0).extra["discarded"] == ["4C", "JC"]
        assert state.view(1).table["stock_face_down"] == 2

    def test_he_takes_as_many_talon_cards_as_he_discarded(self) -> None:
        """Discarding: from the turned-up talon he takes as many cards as he laid away, and only those."""
        state = game(SUITS_DEAL)
        act(state, "stand", "ask 3D", "discard 4C", "discard 5C", "done")
        assert legal(state) == {"take 2D", "take 3D", "take KD", "take AD"}
        refused(state, 0, "take 4C", "talon")
        refused(state, 0, "discard 6C", "take")
        act(state, "take 3D")
        assert state.view(None).phase == "take"
        act(state, "take AD")
        view = state.view(1)
        assert view.phase == "play" and view.seats[0]["held"] == 12
        assert view.extra["taken_from_talon"] == ["3D", "AD"]
        # The cards left in the talon stay with the discards as the stock.
        assert view.table["stock_face_down"] == 2 and view.table["talon"] == ["2D", "KD"]


class TestPlay:
    def test_eldest_hand_leads_even_when_another_stands(self) -> None:
        """Playing: eldest hand leads the first trick whoever the single player is."""
        state = game(SUITS_DEAL)
        act(state, "pass", "stand", "ask 3D", "discard 4H", "done", "take 3D")
        assert state.to_move == (0,) and state.view(None).phase == "play"

    def test_follow_suit_but_no_need_to_win(self) -> None:
        """Playing: a player must follow suit if able, but may play under the best card."""
        state = suits_game_to_play()
        play(state, "5D")
        assert legal(state) == {"play 7D", "play JD"}
        refused(state, 1, "play 4H", "follow suit")
        play(state, "7D")
        assert legal(state) == {"play 6D", "play QD"}

    def test_three_is_highest_then_two_then_ace_and_four_lowest(self) -> None:
        """Cards: from the top, 3, then 2, A, K, Q, J, 7, 6, 5 and the 4 last, in each suit; no trumps."""
        def best(*cards: str) -> str:
            trick = [SPANISH_40.index[Card.parse(c)] for c in cards]
            return cards[tricks.winner(trick, ORDER)]
        assert best("AC", "2C", "KC") == "2C"
        assert best("2C", "3C", "AC") == "3C"
        assert best("4C", "3D", "5C") == "5C"
        assert best("JC", "7C", "KC") == "KC"

    def test_four_players_the_dealer_takes_no_part_in_tricks(self) -> None:
        """Players: with four, tricks go round the three who hold cards."""
        state = game(SUITS_DEAL, players=4)
        act(state, "stand", "ask 3D", "discard 4D", "done", "take 3D")
        play(state, "5D")
        assert state.to_move == (1,)
        play(state, "7D QD")
        assert state.to_move == (2,)


class TestScoring:
    def test_the_counting_cards_and_last_trick_make_35(self) -> None:
        """Objects: aces count 3; 3s, 2s, kings, queens and jacks 1; the last trick 3: 35 in all."""
        assert points(SPANISH_40.full_mask) + 3 == 35
        assert points(SPANISH_40.mask([Card.parse("AC")])) == 3
        assert points(SPANISH_40.mask([Card.parse(c) for c in ("3C", "2C", "KC", "QC", "JC", "7C", "4C")])) == 5

    def test_the_score_is_the_difference_between_the_sides(self) -> None:
        """Showing and scoring: 23 points win 11; 16 lose 3; 18 or more is a gain; all 35 count 70."""
        assert deal_value(23) == 11 and deal_value(16) == -3
        assert deal_value(18) == 1 and deal_value(17) == -1
        assert deal_value(35) == 70 and deal_value(0) == -70

    def test_the_stock_goes_with_the_last_trick_to_the_adversaries(self) -> None:
        """Showing: whoever takes the final trick also gets the stock, and counts its cards for his side."""
        state = suits_game_to_play(take="KD")
        for club, other in zip(("3C", "2C", "AC", "KC", "QC", "JC", "7C", "6C", "5C", "4C"),
                               ("4", "5", "6", "7", "J", "Q", "K", "A", "2", "3"), strict=True):
            play(state, f"{club} {other}H {other}S")
        play(state, "KD 7D 6D 5D JD QD")
        result = state.hand_results[0]
        # Single player: 8 in clubs, 8 in hearts, 8 in spades, the king of diamonds = 25; adversaries: JD
        # QD, the last trick and the stock (2D 3D AD and the discarded 4D) = 2 + 3 + 5 = 10.
        assert "25 points to 10" in result.summary
        assert result.changes == (30, -15, -15)
        assert any("stock (2D 3D 4D AD)" in r.text and "adversaries" in r.text for r in result.reasons)

    def test_the_stock_goes_with_the_last_trick_to_the_single_player(self) -> None:
        """Showing: the single player winning the last trick counts the stock, his own discard included."""
        state = suits_game_to_play(take="3D")
        play(state, "5D 7D QD")
        for spade, other in zip(("4S", "5S", "6S", "7S", "JS", "QS", "KS", "AS", "2S", "3S"),
                                ("4", "5", "6", "7", "J", "Q", "K", "A", "2", "3"), strict=True):
            play(state, f"{spade} {other}C {other}H")
        play(state, "6D 3D JD")
        result = state.hand_results[0]
        assert "loses 15 (10 points to 25)" in result.summary
        assert result.changes == (-30, 15, 15)

    def test_all_35_points_count_70(self) -> None:
        """Showing: a side taking every point counts 70; the single player wins 70 from each."""
        state = game(TOP_DEAL)
        act(state, "stand", "discard AS", "done", "take KS")
        for lead in ("3C", "3D", "3H", "3S", "2C", "2D", "2H", "2S", "AC", "AD", "AH", "KS"):
            play(state, lead)
            for _ in range(2):
                act(state, str(state.legal_actions(state.to_move[0])[0]))
        result = state.hand_results[0]
        assert result.changes == (140, -70, -70)
        assert "35 points to 0" in result.summary

    def test_four_players_the_dealer_shares_the_adversaries_fortune(self) -> None:
        """Players: with four, the dealer pays or collects with the adversaries."""
        state = game(SUITS_DEAL, players=4)
        act(state, "stand", "ask 3D", "discard 4D", "done", "take KD")
        for club, other in zip(("3C", "2C", "AC", "KC", "QC", "JC", "7C", "6C", "5C", "4C"),
                               ("4", "5", "6", "7", "J", "Q", "K", "A", "2", "3"), strict=True):
            play(state, f"{club} {other}H {other}S")
        play(state, "KD 7D 6D 5D JD QD")
        assert state.hand_results[0].changes == (45, -15, -15, -15)
        assert sum(state.scores()) == 0

    def test_a_game_is_one_deal_by_each_player(self) -> None:
        """Game length (a default): each player deals once; ``rounds`` lengthens it."""
        for players, rounds in ((3, 1), (4, 1), (3, 2)):
            state = parlour.new_game("calabrasella", players=players, seed=4, rounds=rounds)
            random_to_end(state, random.Random(4))
            assert len(state.hand_results) == players * rounds
            assert sum(state.scores()) == 0


class TestOpenHandGoal:
    def test_the_single_player_against_the_adversaries_for_the_counting_cards(self) -> None:
        """Counting (aces 3; 3s, 2s, kings, queens, jacks 1; the last trick 3 and the stock with it): an
        open-hand search counts them for the single player, or for the two adversaries together. Seat 0
        laid away 4D and left 2D AD KD in the talon: the last trick is worth 3 + 1 + 3 + 1."""
        state = suits_game_to_play()
        side, goal = state.trick_goal(0)
        assert side == frozenset({0}) and state.trick_goal(2)[0] == frozenset({1, 2})
        assert goal.maximize and goal.trick_worth == (8,)
        worth = [CARD_POINTS[SPANISH_40.index[c]] for c in parse_cards("AS 3S 2S KS QS JS 7S 4S")]
        assert worth == [3, 1, 1, 1, 1, 1, 0, 0]
        assert sum(CARD_POINTS) + LAST_TRICK == 35

    @pytest.mark.parametrize("seed", [3, 4])
    def test_four_players_the_search_value_is_what_the_side_takes_in_the_last_tricks(self, seed: int) -> None:
        """With four at the table the dealer sits out and has no hand in the search: two tricks from the
        end, the open-hand value is what the seat's side then takes, the last trick and the stock included."""
        state = parlour.new_game("calabrasella", players=4, seed=seed)
        seat = open_ending(state, 2, random.Random(seed))
        side = state.trick_goal(seat)[0]  # type: ignore[attr-defined]
        assert len(state.open_position(seat).hands) == 3  # type: ignore[attr-defined]

        def takings(now: parlour.State) -> int:
            assert isinstance(now, CalabrasellaState)
            won = sum(now.cards_won()[s] for s in side)
            last = len(now.taken) == TRICKS and now.taken[-1][1] in side
            return points(won) + (LAST_TRICK + points(now.talon | now.buried) if last else 0)

        value, taken = open_hand_play(state, seat, takings)
        assert value == taken
