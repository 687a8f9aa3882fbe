"""Tute, rule by rule, on prepared deals (rules/source/tute.txt and the Tute notes in rules/NOTES.md).

The first dealer is seat 1; play goes counter-clockwise, so seat 0 leads and the order of a trick is
0, 3, 2, 1.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from table import finish_hand, open_ending, open_hand_play, play, refused, spread

import parlour
from parlour import NotationError, OutOfTurn
from parlour.cards import SPANISH_40, parse_cards
from parlour.errors import DealError
from parlour.games.tute import POINTS, Declare, TuteState

DEALER = 1


def prepared(fixed: dict[int, str], trump: str, voids: dict[int, str] | None = None) -> dict[str, Any]:
    """A deal giving each seat the named cards, the trump card to the dealer (seat 1), and the rest of the
    pack spread so that no seat gets a suit it must lack (``voids``: seat -> suit letters)."""
    dealer = fixed.get(DEALER, "")
    named = {**fixed, DEALER: dealer if trump in dealer.split() else f"{dealer} {trump}"}
    return {"hands": spread(SPANISH_40, named, [10] * 4, voids), "trump": trump}


def game(fixed: dict[int, str], trump: str = "7S", voids: dict[int, str] | None = None,
         variant: str | None = None, **options: Any) -> TuteState:
    state = parlour.new_game("tute", seed=1, variant=variant, deal=prepared(fixed, trump, voids), **options)
    assert isinstance(state, TuteState)
    return state


def legal(state: parlour.State) -> set[str]:
    return {str(a) for a in state.legal_actions(state.to_move[0])}


# One suit each: seat 1 (the dealer) holds every spade, the trump suit, and takes every trick.
ONE_SUIT_EACH = {0: "2C 3C 4C 5C 6C 7C JC QC KC AC", 3: "2D 3D 4D 5D 6D 7D JD QD KD AD",
                 2: "2H 3H 4H 5H 6H 7H JH QH KH AH", 1: "3S 4S 5S 6S 7S JS QS KS AS 2S"}


class TestDeal:
    def test_ten_cards_each_and_the_trump_card_shown_to_all(self) -> None:
        """Setup: the 40-card pack is dealt out, ten each; the dealer's last card is shown and sets trumps."""
        state = game({}, trump="5D")
        for seat in (*range(4), None):
            view = state.view(seat)
            assert view.table["trump_card"] == "5D" and view.extra["trump"] == "diamonds"
            assert [s["held"] for s in view.seats] == [10] * 4
            assert view.seats[DEALER]["face_up"] == ["5D"] and view.seats[DEALER]["status"] == "dealer"
        assert "5D" in state.view(DEALER).hand

    def test_a_shuffled_deal_gives_the_turned_card_to_the_dealer(self) -> None:
        """Setup: the trump card is the last card dealt, which is the dealer's."""
        for seed in range(20):
            state = parlour.new_game("tute", seed=seed)
            assert state.view(None).table["trump_card"] in state.view(DEALER).hand
            assert all(len(state.view(s).hand) == 10 for s in range(4))

    def test_play_goes_counter_clockwise_from_the_dealers_right(self) -> None:
        """Game play: the player on the dealer's right leads, and the turn passes to the right."""
        state = game({0: "4C", 3: "5C", 2: "6C"}, voids={3: "C", 2: "C"})
        assert state.seating.direction == -1
        order = [state.to_move[0]]
        play(state, "4C 5C 6C")
        order += [state.to_move[0]]
        assert order == [0, 1] and state.view(None).table["trick"][1]["seat"] == 3

    def test_the_deal_passes_to_the_right(self) -> None:
        """Setup (our choice): the next deal is dealt by the player on the dealer's right."""
        state = game({}, trump="5D", hands=2)
        finish_hand(state)
        assert state.hand_number == 2
        assert state.view(None).extra["dealer"] == 0 and state.to_move == (3,)
        assert state.view(None).table["trump_card"] in state.view(0).hand

    def test_prepared_deals_are_checked(self) -> None:
        """A prepared deal must give ten distinct Spanish cards to each seat and the trump card to the dealer."""
        good = prepared({}, trump="5D")
        with pytest.raises(DealError, match="seat 0 must hold 10 cards, not 9"):
            parlour.new_game("tute", deal={"hands": [h[:9] for h in good["hands"]], "trump": "5D"})
        with pytest.raises(DealError, match=f"the trump {good['hands'][0][0]} must be in seat 1's hand"):
            parlour.new_game("tute", deal={**good, "trump": good["hands"][0][0]})
        with pytest.raises(DealError, match="no 'cards'"):
            parlour.new_game("tute", deal={"cards": []})

    def test_a_prepared_deal_is_refused_before_play(self) -> None:
        """A prepared deal is refused before play when it is not a deal of the game: each deal of a list is
        read for its own dealer (seat 1 deals first, then seat 0 on his right, whose hand must hold the trump
        card), and a card twice, a card not of the Spanish pack, a wrong type or an unknown key is refused."""
        good = prepared({}, trump="5D")
        hands = good["hands"]
        second = {"hands": hands}            # the trump card: seat 0's last
        assert parlour.new_game("tute", hands=2, deal=[good, second]).hand_number == 1
        with pytest.raises(DealError, match="deal 2 of the list: the trump 5D must be in seat 0's hand"):
            parlour.new_game("tute", hands=2, deal=[good, good])
        for bad, why in (({"hands": [hands[0][:-1] + [hands[1][0]], *hands[1:]]}, "names a card twice"),
                         ({**good, "trump": "8C"}, "'8C' is not a card"), ({**good, "trump": ["5D"]}, "one card"),
                         ({**good, "bum": "5D"}, "no 'bum'"), (5, "not int"), ("xyz", "not str")):
            with pytest.raises(DealError, match=why):
                parlour.new_game("tute", deal=bad)


class TestCardOrder:
    def test_the_three_ranks_between_ace_and_king(self) -> None:
        """Card ranking: the 3 sits between ace and king; the ace takes the trick over the 3, the 3 over the king."""
        state = game({0: "KC", 3: "3C", 2: "4C", 1: "AC"}, voids={2: "C"})
        play(state, "KC 3C 4C AC")
        assert state.view(None).seats[1]["tricks"] == 1 and state.to_move == (1,)

    def test_card_points(self) -> None:
        """Card ranking: aces 11, threes 10, kings 4, queens 3, jacks 2, the rest nothing."""
        state = game({0: "KC", 3: "3C", 2: "JC", 1: "AC"}, voids={2: "C"})
        play(state, "KC 3C JC AC")
        assert state.view(None).extra["points"] == [0, 11 + 10 + 4 + 2]
        state = game({0: "QD", 3: "KD", 2: "2D", 1: "7D"}, voids={2: "D", 1: "D"})
        play(state, "QD KD 2D 7D")
        assert state.view(None).extra["points"] == [0, 3 + 4]


class TestPlay:
    def test_must_follow_suit(self) -> None:
        """Game play: a player holding the suit led must play it."""
        state = game({0: "4C", 3: "5C 6D"}, voids={3: "C"})
        play(state, "4C")
        refused(state, 3, "play 6D", "follow suit")

    def test_must_head_the_trick_when_following(self) -> None:
        """Notes: following suit, a player must beat the best card so far if able."""
        state = game({0: "4C", 3: "5C 2C"}, voids={3: "C"})
        play(state, "4C")
        assert legal(state) == {"play 5C"}
        refused(state, 3, "play 2C", "head the trick")

    def test_unable_to_beat_any_card_of_the_suit_will_do(self) -> None:
        """Notes: a follower who cannot beat the trick may play any card of the suit led."""
        state = game({0: "AC", 3: "2C 4C"}, voids={3: "C"})
        play(state, "AC")
        assert legal(state) == {"play 2C", "play 4C"}

    def test_once_trumped_a_follower_need_not_beat_the_suit_led(self) -> None:
        """Notes: heading applies to the best card; after a trump any card of the suit led may follow."""
        state = game({0: "4C", 3: "2S", 2: "2C 6C"}, voids={3: "C", 2: "C"})
        play(state, "4C 2S")
        assert legal(state) == {"play 2C", "play 6C"}

    def test_must_trump_when_void(self) -> None:
        """Game play: a player with none of the suit led must play a trump if holding one."""
        state = game({0: "4C", 3: "2S 6D"}, voids={3: "C"})
        play(state, "4C")
        assert all(a.endswith("S") for a in legal(state))
        refused(state, 3, "play 6D", "must trump")

    def test_must_overtrump_when_able(self) -> None:
        """Game play: trumping after a trump, a player must beat it if able."""
        state = game({0: "4C", 3: "4S", 2: "2S 5S 6D"}, voids={3: "CS", 2: "CS"})
        play(state, "4C 4S")
        assert legal(state) == {"play 5S"}
        refused(state, 2, "play 2S", "must overtrump")

    def test_must_undertrump_when_unable_to_overtrump(self) -> None:
        """Game play: holding only lower trumps, a player void in the suit led must still play a trump."""
        state = game({0: "4C", 3: "AS", 2: "2S 6D"}, voids={3: "C", 2: "CS"})
        play(state, "4C AS")
        assert legal(state) == {"play 2S"}
        refused(state, 2, "play 6D", "must trump")

    def test_release_variant_frees_a_player_who_cannot_overtrump(self) -> None:
        """Notes (variant): a player who cannot beat the trump in the trick may play any card."""
        state = game({0: "4C", 3: "AS", 2: "2S 6D"}, voids={3: "C", 2: "CS"}, variant="release")
        play(state, "4C AS")
        assert legal(state) == {f"play {c}" for c in state.view(2).hand}
        play(state, "6D")
        # Still bound to overtrump when able.
        state = game({0: "4C", 3: "4S", 2: "2S 5S 6D"}, voids={3: "CS", 2: "CS"}, variant="release")
        play(state, "4C 4S")
        assert legal(state) == {"play 5S"}

    def test_with_neither_suit_nor_trumps_any_card(self) -> None:
        """Game play: with no card of the suit led and no trump, any card may be played."""
        state = game({0: "4C", 3: "6D QH"}, voids={3: "CS"})
        play(state, "4C")
        assert legal(state) == {f"play {c}" for c in state.view(3).hand}

    def test_a_trump_takes_the_trick_and_its_winner_leads(self) -> None:
        """Game play: the highest trump wins, else the best of the suit led; the winner leads next."""
        state = game({0: "AC", 3: "2S", 2: "2C", 1: "3C"}, voids={3: "C"})
        play(state, "AC 2S 2C 3C")
        assert state.view(None).seats[3]["tricks"] == 1 and state.to_move == (3,)
        assert [p["card"] for p in state.view(0).table["last_trick"]] == ["AC", "2S", "2C", "3C"]


# Seat 0 leads the ace of clubs, which everyone must follow, and so wins the first trick.
CLUB_TRICK = {3: "2C", 2: "4C", 1: "5C"}


class TestDeclarations:
    def test_a_veinte_after_winning_a_trick(self) -> None:
        """Declarations: the winner of a trick may show a king and queen of a plain suit for 20."""
        state = game({0: "AC KH QH", **CLUB_TRICK})
        assert not any(a.startswith("declare") for a in legal(state))
        play(state, "AC 2C 4C 5C")
        assert "declare veinte hearts" in legal(state)
        state.apply(0, "declare veinte hearts")
        assert state.view(None).extra["points"] == [11 + 20, 0]
        for seat in range(4):
            assert state.view(seat).seats[0]["face_up"] == ["QH", "KH"]
        assert "seat 0 shows QH KH: veinte in hearts (QH KH), 20 points" in state.view(2).log
        assert state.to_move == (0,)

    def test_one_declaration_per_trick_won(self) -> None:
        """Declarations: several marriages are declared one at a time, each after a trick won."""
        state = game({0: "AC AD KH QH KD QD", **CLUB_TRICK, 3: "2C 2D", 2: "4C 4D", 1: "5C 5D"})
        play(state, "AC 2C 4C 5C")
        state.apply(0, "declare veinte hearts")
        assert not any(a.startswith("declare") for a in legal(state))
        refused(state, 0, "declare veinte diamonds", "declare after winning a trick")
        play(state, "AD 2D 4D 5D")
        state.apply(0, "declare veinte diamonds")
        assert state.view(None).extra["points"] == [22 + 40, 0]

    def test_only_the_trick_winner_declares_before_leading(self) -> None:
        """Declarations: made by the player who won the trick, before leading; not at the first lead."""
        state = game({0: "AC KD QD", 2: "4C KH QH", 3: "2C", 1: "5C"})
        refused(state, 0, "declare veinte diamonds", "declare after winning a trick")
        play(state, "AC 2C 4C 5C")
        with pytest.raises(OutOfTurn):
            state.apply(2, "declare veinte hearts")
        play(state, "KD")
        assert not any(a.startswith("declare") for a in legal(state))

    def test_las_cuarenta_come_first(self) -> None:
        """Declarations: holding the king and queen of trumps, they must be declared (40) before any veinte."""
        state = game({0: "AC AD KS QS KH QH", 3: "2C 2D", 2: "4C 4D", 1: "5C 5D"})
        play(state, "AC 2C 4C 5C")
        assert [a for a in legal(state) if a.startswith("declare")] == ["declare cuarenta"]
        refused(state, 0, "declare veinte hearts", "las cuarenta first")
        state.apply(0, "declare cuarenta")
        assert state.view(1).seats[0]["face_up"] == ["QS", "KS"]
        play(state, "AD 2D 4D 5D")
        assert [a for a in legal(state) if a.startswith("declare")] == ["declare veinte hearts"]
        refused(state, 0, "declare cuarenta", "declarations")
        state.apply(0, "declare veinte hearts")
        assert state.view(None).extra["points"] == [22 + 40 + 20, 0]

    def test_trumps_make_cuarenta_never_a_veinte(self) -> None:
        """Declarations: the king and queen of trumps are las cuarenta, never a veinte."""
        state = game({0: "AC KS QS", **CLUB_TRICK})
        play(state, "AC 2C 4C 5C")
        refused(state, 0, "declare veinte spades", "las cuarenta")

    def test_a_marriage_not_held_cannot_be_declared(self) -> None:
        """Declarations: the player shows both cards, so must hold both."""
        state = game({0: "AC KH", **CLUB_TRICK}, voids={0: "H"})
        play(state, "AC 2C 4C 5C")
        refused(state, 0, "declare veinte hearts", "declarations")
        refused(state, 0, "declare tute", "tute")

    def test_tute_of_four_kings_wins_the_hand_at_once(self) -> None:
        """Declarations: all four kings, declared after winning a trick, win the hand on the spot."""
        state = game({0: "AC KC KD KH KS", **CLUB_TRICK}, hands=2)
        play(state, "AC 2C 4C 5C")
        state.apply(0, "declare tute")
        result = state.hand_results[0]
        assert result.changes == (1, 0, 1, 0) and "tute" in result.summary
        assert state.hand_number == 2 and state.scores() == [1, 0, 1, 0]

    def test_notation(self) -> None:
        """Declarations read and write as 'declare cuarenta', 'declare veinte <suit>', 'declare tute'."""
        state = game({})
        for text in ("declare cuarenta", "declare veinte hearts", "declare tute"):
            action = state.parse_action(text)
            assert isinstance(action, Declare) and str(action) == text
            assert state.decode(state.encode(action)) == action
        for bad in ("declare veinte", "declare forty", "declare veinte oros"):
            with pytest.raises(NotationError):
                state.parse_action(bad)


# 65 points to each side when played out first card first; no king lies with its queen in any hand, so
# nobody can declare.
DRAWN_DEAL = {"hands": [["QC", "AC", "2D", "KH", "2S", "4S", "6S", "7S", "JS", "QS"],
                        ["6C", "KC", "7D", "KD", "AD", "3H", "6H", "7H", "QH", "KS"],
                        ["2C", "3C", "4C", "5D", "JD", "5H", "JH", "AH", "3S", "AS"],
                        ["5C", "7C", "JC", "3D", "4D", "6D", "QD", "2H", "4H", "5S"]], "trump": "7H"}


class TestScoring:
    def test_cards_and_the_last_trick_make_130(self) -> None:
        """Scoring: each side counts its card points and ten for the last trick; the higher wins the hand."""
        state = game(ONE_SUIT_EACH, trump="2S")
        finish_hand(state)
        result = state.hand_results[0]
        assert result.changes == (0, 1, 0, 1)
        texts = {r.text: r.points for r in result.reasons}
        assert texts["cards in the baza of seats 1 and 3"] == 120
        assert texts["cards in the baza of seats 0 and 2"] == 0
        assert texts["diez de últimas (the last trick)"] == 10
        assert result.summary == "seats 1 and 3 win the hand, 130 to 0"

    def test_declarations_count_in_the_hand_total(self) -> None:
        """Scoring: 40 for las cuarenta and 20 for each veinte are added to the side's total."""
        state = game(ONE_SUIT_EACH, trump="2S")
        play(state, "AC 2D 2H 2S")
        state.apply(1, "declare cuarenta")
        finish_hand(state)
        assert state.hand_results[0].summary == "seats 1 and 3 win the hand, 170 to 0"
        assert "las cuarenta (QS KS)" in [r.text for r in state.hand_results[0].reasons]

    def test_a_tied_total_is_a_drawn_hand(self) -> None:
        """Notes: 65 each is a drawn hand, won by neither side."""
        state = parlour.new_game("tute", deal=DRAWN_DEAL)
        finish_hand(state)
        assert state.hand_results[0].changes == (0, 0, 0, 0)
        assert state.hand_results[0].summary == "drawn hand, 65 to 65"
        assert state.result().winners == (0, 1, 2, 3) and "drawn game" in state.result().text

    def test_the_game_is_a_majority_of_the_agreed_hands(self) -> None:
        """Scoring: over an agreed number of hands, the side that won more of them wins the game."""
        state = parlour.new_game("tute", seed=4, hands=3)
        while not state.is_over:
            finish_hand(state)
        assert len(state.hand_results) == 3
        wins = [sum(r.changes[s] for r in state.hand_results) for s in range(4)]
        assert state.scores() == wins and wins[0] == wins[2] and wins[1] == wins[3]
        result = state.result()
        if wins[0] != wins[1]:
            side = 0 if wins[0] > wins[1] else 1
            assert set(result.winners) == {side, side + 2} and "win the game" in result.text
        with pytest.raises(ValueError, match="hands"):
            parlour.new_game("tute", hands=0)


class TestOpenHandGoal:
    def test_partners_share_card_points_and_the_ten_of_the_last_trick(self) -> None:
        """Scoring (A 11, 3 10, K 4, Q 3, J 2; diez de últimas): an open-hand search counts them for the
        partners sitting opposite."""
        state = game(ONE_SUIT_EACH, trump="2S")
        side, goal = state.trick_goal(0)
        assert side == frozenset({0, 2}) and state.trick_goal(3)[0] == frozenset({1, 3})
        assert goal.maximize and goal.points == POINTS and goal.trick_worth == (10,)
        index = SPANISH_40.index
        assert [POINTS[index[c]] for c in parse_cards("AH 3H KH QH JH 7H 2H")] == [11, 10, 4, 3, 2, 0, 0]

    @pytest.mark.parametrize("seed", [1, 2])
    def test_the_search_value_is_what_the_partners_take_in_the_last_tricks(self, seed: int) -> None:
        """Three tricks from the end (heading and trumping duties and all), the open-hand value is the
        points the seat's side then takes, the last trick's ten among them."""
        state = parlour.new_game("tute", deal=DRAWN_DEAL)
        seat = open_ending(state, 3, random.Random(seed))
        value, taken = open_hand_play(state, seat, lambda now: now.side_points()[seat % 2])  # type: ignore[attr-defined]
        assert value == taken


class TestHiddenInformation:
    def test_a_view_shows_no_other_hand(self) -> None:
        """Views: a seat sees its own cards, the trump card and cards played or declared, nothing else."""
        state = parlour.new_game("tute", seed=9)
        trump = state.view(None).table["trump_card"]
        theirs = set(state.view(0).hand) - {trump}
        for seat in (1, 2, 3):
            text = json.dumps(state.view(seat).to_dict())
            assert not any(f'"{card}"' in text for card in theirs)

    def test_sampled_worlds_honour_what_play_revealed(self) -> None:
        """Sampling: not following shows a void, not trumping shows no trumps, not heading shows no higher
        card; the trump card and declared cards stay where they are known to be."""
        state = game({0: "AC KH QH 4D", 3: "2C", 2: "4C", 1: "5C 3D"}, voids={3: "DS", 1: "CD"})
        play(state, "AC 2C 4C 5C")
        state.apply(0, "declare veinte hearts")
        hidden_from, follower = 2, 3
        play(state, "4D")
        state.apply(follower, state.legal_actions(follower)[0])
        cannot = state.cannot_hold()[follower]
        diamonds, spades = SPANISH_40.suit_masks[1], SPANISH_40.suit_masks[3]
        assert cannot & diamonds == diamonds and cannot & spades == spades
        rng = random.Random(1)
        for _ in range(30):
            world = state.sample_world(hidden_from, rng)
            assert isinstance(world, TuteState)
            assert not world.hands[follower] & (diamonds | spades)
            assert {"KH", "QH"} <= set(world.view(0).hand) and "7S" in world.view(DEALER).hand
            assert world.view(hidden_from) == state.view(hidden_from)

    def test_not_heading_shows_no_higher_card(self) -> None:
        """Sampling: a follower who played under the best card holds nothing of that suit above it."""
        state = game({0: "KC", 3: "2C"}, voids={3: "C"})
        play(state, "KC 2C")
        above_king = SPANISH_40.mask(parse_cards("3C AC"))
        assert state.cannot_hold()[3] & above_king == above_king
