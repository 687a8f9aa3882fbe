"""Solo, rule by rule, on prepared deals: the Spanish description (rules/source/solo-spanish.txt, the default
variant) and Foster's (rules/source/solo-foster.txt, variant ``foster``), with the Solo table of
rules/NOTES.md ("Solo: where the two descriptions disagree", its rows cited as "notes #n").

Prepared deals name the dealer seat 3, so seat 0 is eldest: it speaks first and leads the first trick.
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
from parlour.cards import PIQUET_32, Card, Pack, Suit, parse_cards
from parlour.errors import DealError
from parlour.games.solo import SoloState
from parlour.mechanics import tricks

PACK = PIQUET_32


def prepared(fixed: dict[int, str], voids: dict[int, str] | None = None, dealer: int = 3, players: int = 4,
             pack: Pack = PACK) -> dict[str, Any]:
    """A deal giving each seat the named cards, the rest spread (the same way every time) so that no seat
    gets what ``voids`` bars it from: suit letters (``"C"``, all clubs) or single cards (``"QS"``), nor
    both black queens unless the test gives them."""
    queens = {Card.parse("QC"), Card.parse("QS")}
    for attempt in range(100):
        out = spread(pack, fixed, [8] * players, voids, seed=attempt)
        # Both black queens in one hand change the bidding: only where the test puts them there.
        if not any(queens <= set(parse_cards(out[s])) and not queens <= set(parse_cards(fixed.get(s, "")))
                   for s in range(players)):
            break
    return {"hands": out, "dealer": dealer}


def game(fixed: dict[int, str], variant: str | None = None, voids: dict[int, str] | None = None,
         **options: Any) -> SoloState:
    state = parlour.new_game("solo", seed=1, variant=variant, deal=prepared(fixed, voids), **options)
    assert isinstance(state, SoloState)
    return state


def legal(state: parlour.State) -> list[str]:
    return [str(a) for a in state.legal_actions(state.to_move[0])]


def first(state: parlour.State, count: int = 1) -> None:
    """The first legal action, ``count`` times, for the seat to move."""
    for _ in range(count):
        act(state, legal(state)[0])


def play_until_not_playing(state: parlour.State) -> None:
    while state.phase == "play":  # type: ignore[attr-defined]
        first(state)


def play_tricks(state: parlour.State, count: int) -> None:
    """The first legal card for every seat, for ``count`` tricks."""
    for _ in range(count * state.players):
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0])


SPANISH_WIN = ("ask", "pass", "pass", "pass")          # seat 0 asks, no one questions him
FOSTER_WIN = ("bid simple", "pass", "pass", "pass")    # seat 0 bids, the others pass
# Seat 0's hands: the eight best hearts, the eight best clubs (clubs are the colour), seven hearts and Q♣.
HEARTS_TOP = "QC 7H QS AH KH QH JH 10H"
CLUBS_TOP = "QC 7C QS AC KC JC 10C 9C"
HEARTS_NO_BASTA = "QC 7H AH KH QH JH 10H 9H"


# --- the pack and the trumps ------------------------------------------------------------------------
class TestPackAndTrumps:
    def test_thirty_two_cards_eight_each(self) -> None:
        """Setup: 7 to ace in four suits, dealt out whole, eight cards to each of four players."""
        for variant in ("spanish", "foster"):
            state = parlour.new_game("solo", variant=variant, seed=4)
            hands = [set(state.view(s).hand) for s in range(4)]
            assert [len(h) for h in hands] == [8] * 4
            assert set().union(*hands) == {str(c) for c in PACK.cards} and len(PACK) == 32

    def test_spanish_cards_go_one_at_a_time(self) -> None:
        """Spanish deal (our choice, notes #1: no packets given): one card at a time from the dealer's left."""
        pack = [str(c) for c in PACK.cards]
        state = parlour.new_game("solo", seed=1, deal={"pack": pack})
        held = dealt_in_packets(pack, (0, 1, 2, 3), [1] * 8)
        assert [set(state.view(s).hand) for s in range(4)] == [held[s] for s in range(4)]

    def test_foster_deals_three_two_three(self) -> None:
        """Foster, Players (notes #1): eight cards each, 3-2-3 at a time from the dealer's left."""
        pack = [str(c) for c in PACK.cards]
        state = parlour.new_game("solo", variant="foster", seed=1, deal={"pack": pack})
        held = dealt_in_packets(pack, (0, 1, 2, 3), (3, 2, 3))
        assert [set(state.view(s).hand) for s in range(4)] == [held[s] for s in range(4)]

    def test_foster_first_dealer_gets_the_first_club(self) -> None:
        """Foster, Players: cards are thrown round and the first club turned up deals (from seat 0, our
        choice); the deal then passes to the left."""
        assert len({first_dealer("solo", seed, variant="foster") for seed in range(6)}) > 1

    @pytest.mark.parametrize("trump", list(Suit))
    def test_queen_of_clubs_seven_of_trumps_queen_of_spades_on_top(self, trump: Suit) -> None:
        """Card ranking: Q♣, the 7 of trumps, Q♠ are the top three trumps whatever the trump suit, then the
        ace, king (queen), jack, 10, 9, 8 of trumps; the trump 7 is not a low card any more."""
        state = game({})
        order = state.T.orders[trump]
        trumps = sorted((c for c in PACK.cards if order.suit_of[PACK.index[c]] == trump),
                        key=lambda c: -order.power[PACK.index[c]])
        letter = trump.letter
        expected = ["QC", f"7{letter}", "QS"] + [f"{r}{letter}" for r in ("A", "K", "Q", "J", "10", "9", "8")
                                                  if f"{r}{letter}" not in ("QC", "QS")]
        assert [str(c) for c in trumps] == expected
        assert len(trumps) == (9 if trump in (Suit.CLUBS, Suit.SPADES) else 10)

    def test_plain_suits_rank_ace_to_seven_and_black_ones_lack_their_queen(self) -> None:
        """Card ranking: a plain suit is A K Q J 10 9 8 7; a black plain suit has no queen."""
        state = game({})
        order = state.T.orders[Suit.HEARTS]
        for suit, count in ((Suit.DIAMONDS, 8), (Suit.CLUBS, 7), (Suit.SPADES, 7)):
            cards = [c for c in PACK.cards if order.suit_of[PACK.index[c]] == suit]
            ranked = sorted(cards, key=lambda c: order.power[PACK.index[c]])
            assert len(cards) == count and str(ranked[0])[0] == "7" and str(ranked[-1])[0] == "A"

    def test_the_queen_of_clubs_wins_over_the_seven_and_the_queen_of_spades(self) -> None:
        """Play: the highest trump wins: Q♣ beats the trump 7, which beats Q♠, which beats the trump ace."""
        state = game({0: "QS 7D", 1: "AH 8D", 2: "7H 9D", 3: "QC 10D"}, voids={0: "H"})
        act(state, *SPANISH_WIN, "name simple hearts")
        first(state)
        act(state, "play QS", "play AH", "play 7H", "play QC")
        assert state.tricks_won == [0, 0, 0, 1]
        order = state.T.orders[Suit.HEARTS]
        trick = [PACK.index[Card.parse(c)] for c in ("QS", "AH", "7H")]
        assert tricks.winner(trick, order) == 2

    def test_a_black_queen_may_not_follow_its_printed_suit(self) -> None:
        """Play: the black queens belong to trumps, so with diamonds trumps and clubs led, a player holding
        Q♣ and another club must play the club."""
        state = game({0: "7C", 1: "QC 8C"}, voids={1: "9C 10C JC KC AC"})
        act(state, *SPANISH_WIN, "name simple diamonds")
        first(state)
        act(state, "play 7C")
        message = str(refused(state, 1, "play QC", "follow suit"))
        assert "QC is a trump" in message
        assert legal(state) == ["play 8C"]

    def test_a_black_queen_trumps_a_lead_of_its_printed_suit(self) -> None:
        """Play: Q♣ is no club; a player with no other club is void in clubs and may trump with it."""
        state = game({0: "7C", 1: "QC"}, voids={1: "C"})
        act(state, *SPANISH_WIN, "name simple diamonds")
        first(state)
        act(state, "play 7C")
        assert "play QC" in legal(state) and len(legal(state)) == 8
        act(state, "play QC")
        first(state, 2)
        assert state.tricks_won[1] == 1

    def test_a_plain_seven_is_the_lowest_card(self) -> None:
        """Card ranking: outside trumps the 7 is the lowest card of its suit."""
        state = game({0: "7D", 1: "8D", 2: "9D", 3: "10D"})
        act(state, *SPANISH_WIN, "name simple hearts")
        first(state)
        act(state, "play 7D", "play 8D", "play 9D", "play 10D")
        assert state.tricks_won == [0, 0, 0, 1]


# --- the Spanish auction --------------------------------------------------------------------------------
class TestSpanishAuction:
    def test_ask_then_questions_and_holds(self) -> None:
        """Bidding: the eldest says "I ask"; the next asks "is it in colour?", "is it a solo?"... and the
        asker answers yes (hold) or passes."""
        state = game({})
        assert state.to_move == (0,) and legal(state) == ["ask", "pass"]
        act(state, "ask")
        assert state.to_move == (1,) and legal(state) == ["bid simple in colour", "pass"]
        act(state, "bid simple in colour")
        assert state.to_move == (0,) and legal(state) == ["hold", "pass"]
        act(state, "hold")
        assert legal(state) == ["bid solo", "pass"]
        assert state.view(None).extra["bid"] == {"contract": "simple in colour", "seat": 0}

    def test_the_questions_go_one_step_at_a_time(self) -> None:
        """Bidding: each question is the next game up ("in colour?" before "a solo?")."""
        state = game({})
        act(state, "ask")
        refused(state, 1, "bid solo", "questioning")
        refused(state, 1, "hold", "questioning")
        act(state, "bid simple in colour")
        refused(state, 0, "bid solo", "hold or pass")

    def test_a_questioner_who_passes_is_replaced_where_the_questions_stood(self) -> None:
        """Bidding: if the second player passes, the third continues the questioning where it stood."""
        state = game({})
        act(state, "ask", "bid simple in colour", "hold", "pass")
        assert state.to_move == (2,) and legal(state) == ["bid solo", "pass"]

    def test_an_asker_who_passes_leaves_the_questioner_committed(self) -> None:
        """Bidding: if the first player passes, the second is committed to the game he asked about, and the
        third questions him in turn."""
        state = game({})
        act(state, "ask", "bid simple in colour", "pass")
        assert state.to_move == (2,) and legal(state) == ["bid solo", "pass"]
        act(state, "pass", "pass")
        assert state.declarer == 1 and state.view(None).extra["bid_won"] == "simple in colour"
        assert state.phase == "naming" and state.to_move == (1,)

    def test_the_last_contest_is_against_the_dealer(self) -> None:
        """Bidding: the survivor bids against the dealer last, and then the auction ends."""
        state = game({})
        act(state, "ask", "pass", "pass")
        assert state.to_move == (3,) and state.dealer == 3 and legal(state) == ["bid simple in colour", "pass"]
        act(state, "bid simple in colour", "pass")
        assert state.phase == "naming" and state.declarer == 3

    def test_a_pass_before_asking_is_final_and_the_next_may_ask(self) -> None:
        """Bidding: a player who does not wish to bid passes; the next may then ask, and the first has no
        further say."""
        state = game({})
        act(state, "pass")
        assert state.to_move == (1,) and legal(state) == ["ask", "pass"]
        act(state, "ask", "bid simple in colour", "hold", "bid solo", "hold", "pass", "bid solo in colour", "pass")
        assert state.declarer == 3 and all(seat != 0 for seat, _ in state.history[1:])

    def test_unquestioned_asker_plays_at_least_a_simple_game(self) -> None:
        """Bidding: the asker is assumed to bid at least a simple game in suit."""
        state = game({})
        act(state, *SPANISH_WIN)
        assert state.declarer == 0 and state.view(None).extra["bid_won"] == "simple"
        assert "name simple hearts" in legal(state)

    def test_the_winner_may_name_a_higher_game_but_not_a_lower_one(self) -> None:
        """Bidding: the winner names any game and trump ranking at least as high as the bid."""
        state = game({})
        act(state, "ask", "bid simple in colour", "hold", "pass", "pass", "pass")
        refused(state, 0, "name simple hearts", "name at least the bid")
        assert legal(state)[0] == "name simple clubs"
        act(state, "name tout hearts")
        assert state.phase == "play" and state.view(None).extra["game"]["value"] == 16

    def test_a_tout_is_always_played_alone(self) -> None:
        """Types of games (notes #3): a Spanish tout has no partner and no ace is called."""
        state = game({})
        act(state, *SPANISH_WIN, "name tout hearts")
        assert state.phase == "play" and state.called == -1

    def test_all_pass_the_queen_of_clubs_shows_and_plays_a_simple_game(self) -> None:
        """Additional rules (notes #4): if all four pass, the Q♣ holder reveals it and becomes declarer in a
        simple game, choosing trumps (and so whether it is in colour)."""
        state = game({2: "QC", 3: "QS"})
        act(state, "pass", "pass", "pass", "pass")
        assert state.phase == "naming" and state.to_move == (2,) and state.declarer == 2
        for seat in (*range(4), None):
            assert state.view(seat).seats[2]["face_up"] == ["QC"]
        assert legal(state) == [f"name simple {s}" for s in ("clubs", "diamonds", "hearts", "spades")]
        refused(state, 2, "name solo hearts", "all pass")
        act(state, "name simple clubs")
        first(state)
        assert state.view(None).extra["game"]["value"] == 4
        partner = state.partner
        finish_hand(state)
        changes = state.hand_results[0].changes
        assert abs(changes[2]) == 4 and changes[partner] == changes[2]
        assert all(changes[s] == 0 for s in range(4) if s not in (2, partner))

    def test_both_black_queens_must_ask(self) -> None:
        """Additional rules (notes #5): whoever holds both black queens may not pass."""
        state = game({0: "QC QS"})
        assert legal(state) == ["ask"]
        refused(state, 0, "pass", "both black queens")

    def test_both_black_queens_must_hold_up_to_a_solo(self) -> None:
        """Additional rules (notes #5): holding both black queens, the asker may not pass while the question
        is at most a solo in suit; above that he may."""
        state = game({0: "QC QS"})
        act(state, "ask", "bid simple in colour")
        assert legal(state) == ["hold"]
        act(state, "hold", "bid solo")
        refused(state, 0, "pass", "both black queens")
        act(state, "hold", "bid solo in colour")
        assert legal(state) == ["hold", "pass"]

    def test_both_black_queens_must_question_up_to_a_solo(self) -> None:
        """Additional rules (notes #5): a questioner holding both black queens may not pass until the bidding
        stands at a solo in suit."""
        state = game({1: "QC QS"})
        act(state, "ask")
        assert legal(state) == ["bid simple in colour"]
        act(state, "bid simple in colour", "hold")
        assert legal(state) == ["bid solo"]
        act(state, "bid solo", "hold")
        assert legal(state) == ["bid solo in colour", "pass"]

    def test_both_black_queens_must_play_at_least_a_solo(self) -> None:
        """Additional rules (notes #5): the holder of both black queens must play at least a solo in suit."""
        state = game({0: "QC QS"})
        act(state, *SPANISH_WIN)
        assert all(not a.startswith("name simple") for a in legal(state))
        refused(state, 0, "name simple clubs", "both black queens")
        act(state, "name solo hearts")
        assert state.phase == "play"


# --- the called ace -------------------------------------------------------------------------------------
class TestCalledAce:
    def test_spanish_calls_an_ace_he_does_not_hold(self) -> None:
        """Types of games: the simple game's partner is whoever holds the ace named (another player: our
        reading of the Spanish text, notes #8)."""
        state = game({0: "AH AD"}, voids={0: "AC AS"})
        act(state, *SPANISH_WIN, "name simple hearts")
        assert legal(state) == ["call AC", "call AS"]
        refused(state, 0, "call AH", "calling an ace")
        assert "only an ace" in str(refused(state, 0, "call KH", "calling an ace"))

    def test_spanish_holding_all_four_aces_calls_his_own_and_plays_alone(self) -> None:
        """Our choice (notes #8): with every ace in hand the Spanish declarer calls one of his own and plays
        alone; he alone scores."""
        state = game({0: "AC AD AH AS QC 7H KH QH"})
        act(state, *SPANISH_WIN, "name simple hearts")
        assert legal(state) == ["call AC", "call AD", "call AH", "call AS"]
        act(state, "call AD")
        assert state.partner == 0
        assert state.view(1).extra["partner"] is None and state.view(0).extra["partner"] == 0
        finish_hand(state)
        assert state.hand_results[0].changes == (2, 0, 0, 0)

    def test_the_partner_is_secret_until_the_ace_is_played(self) -> None:
        """Types of games: the partner does not reveal himself; he is known when he plays the ace. Only he
        knows it before: views, logs and the declarer's own view keep the secret."""
        state = game({0: "QC 7H AH KH QH JH 10H 7S", 3: "AS"})
        act(state, *SPANISH_WIN, "name simple hearts", "call AS")
        assert state.partner == 3
        act(state, "play 7S")
        first(state, 2)
        for seat in (0, 1, 2, None):
            view = state.view(seat)
            assert view.extra["partner"] is None and view.seats[3]["team"] is None
            assert "partner" not in view.seats[3]["status"]
            assert not any("partner" in line for line in view.log)
        assert state.view(0).seats[1]["team"] is None and state.view(1).seats[1]["team"] == 1
        assert state.view(1).extra["side_tricks"] is None
        mine = state.view(3)
        assert mine.extra["partner"] == 3 and [s["team"] for s in mine.seats] == [0, 1, 1, 0]
        assert mine.extra["side_tricks"] == {"declarer side": 0, "adversaries": 0}
        act(state, "play AS")
        for seat in (0, 1, 2, None):
            assert state.view(seat).extra["partner"] == 3
            assert [s["team"] for s in state.view(seat).seats] == [0, 1, 1, 0]
        assert any("the called ace: seat 3 is seat 0's partner" in line for line in state.view(1).log)

    def test_sampled_worlds_hide_the_partner(self) -> None:
        """Hidden information: an adversary's sampled worlds put the called ace in any unseen hand but the
        declarer's (he would not call an ace he holds unless he held all four, and this adversary holds one)."""
        state = game({0: HEARTS_NO_BASTA, 3: "AS", 1: "AD"})
        act(state, *SPANISH_WIN, "name simple hearts", "call AS")
        rng = random.Random(2)
        holders = set()
        for _ in range(40):
            world = state.sample_world(1, rng)
            assert isinstance(world, SoloState)
            assert world.view(1) == state.view(1)
            holders.add(world.partner)
            assert world.hands[world.partner] >> PACK.index[Card.parse("AS")] & 1
        assert holders == {2, 3}
        partner_world = state.sample_world(3, rng)
        assert isinstance(partner_world, SoloState) and partner_world.partner == 3

    def test_sampled_worlds_keep_the_shown_queen_of_clubs(self) -> None:
        """Hidden information: the Q♣ shown when all pass stays with its holder in every sampled world, and
        Q♠ never joins it (no one holding both black queens may pass)."""
        state = game({2: "QC", 3: "QS"})
        act(state, "pass", "pass", "pass", "pass")
        rng = random.Random(1)
        basta = set()
        for _ in range(30):
            world = state.sample_world(0, rng)
            assert isinstance(world, SoloState)
            assert world.hands[2] >> PACK.index[Card.parse("QC")] & 1
            assert world.legal_actions(2)
            basta.add(world.holder(PACK.index[Card.parse("QS")]))
        assert basta == {1, 3}

    def test_sampled_worlds_keep_voids_by_effective_suit(self) -> None:
        """Hidden information: a player who did not follow clubs has no club left, though he may hold Q♣."""
        state = game({0: "7C", 1: "QC 8D"}, voids={1: "C"})
        act(state, *SPANISH_WIN, "name simple diamonds")
        first(state)
        act(state, "play 7C", "play 8D")
        clubs = state.order.suit_masks[Suit.CLUBS]
        rng = random.Random(3)
        found_queen = False
        for _ in range(40):
            world = state.sample_world(2, rng)
            assert isinstance(world, SoloState)
            assert not world.hands[1] & clubs
            found_queen |= bool(world.hands[1] >> PACK.index[Card.parse("QC")] & 1)
        assert found_queen


# --- Spanish scoring -----------------------------------------------------------------------------------
MADE = [  # (game named, declarer's hand, the ace called, value)
    ("simple hearts", HEARTS_NO_BASTA, "AS", 2),
    ("simple clubs", "QC 7C AC KC JC 10C 9C 8C", "AS", 4),
    ("solo hearts", HEARTS_TOP, None, 4),
    ("solo clubs", CLUBS_TOP, None, 8),
    ("tout hearts", HEARTS_TOP, None, 16),
    ("tout clubs", CLUBS_TOP, None, 32),
]
LOST = [  # (game named, prepared cards, the ace called, value)
    ("simple hearts", {0: "7D 8D 9D 10D 7S 8S 9S 10S", 2: "QC 7H AH KH QH JH 10H 9H", 1: "QS"}, "AC", 2),
    ("simple clubs", {0: "7D 8D 9D 10D 7S 8S 9S 10S", 2: "QC 7C AC KC JC 10C 9C 8C", 1: "QS"}, "AH", 4),
    ("solo hearts", {0: "QC QS 7D 8D 9D 7S 8S 9S", 2: "7H AH KH QH JH 10H 9H 8H"}, None, 4),
    ("solo clubs", {0: "QC QS 7D 8D 9D 7H 8H 9H", 2: "7C AC KC JC 10C 9C 8C 10H"}, None, 8),
    ("tout hearts", {0: "QC 7H AH KH QH JH 7D 7S", 1: "QS AD"}, None, 16),
    ("tout clubs", {0: "QC 7C AC KC JC 10C 7D 7H", 1: "QS AD"}, None, 32),
]


class TestOpenHandGoal:
    def test_the_declarer_and_the_called_aces_holder_play_for_tricks(self) -> None:
        """Types of games: the declarer's side is he and whoever holds the called ace (a sampled world
        names him), against the other two, for tricks."""
        state = game({0: "QC 7H AH KH QH JH 10H 7S", 3: "AS"})
        act(state, *SPANISH_WIN, "name simple hearts", "call AS")
        assert state.trick_goal(0) == (frozenset({0, 3}), tricks.TRICKS)
        assert state.trick_goal(3) == (frozenset({0, 3}), tricks.TRICKS)
        assert state.trick_goal(1) == (frozenset({1, 2}), tricks.TRICKS)

    def test_a_solo_is_the_declarer_alone_against_three(self) -> None:
        """Types of games: a solo is played alone, so the declarer's side is himself."""
        state = game({0: "QC 7H AH KH QH JH 10H 7S"})
        act(state, *SPANISH_WIN, "name solo hearts")
        assert state.trick_goal(0)[0] == frozenset({0}) and state.trick_goal(2)[0] == frozenset({1, 2, 3})

    @pytest.mark.parametrize("seed", [1, 2])
    def test_the_search_value_is_the_tricks_the_side_takes_at_the_end(self, seed: int) -> None:
        """Three tricks from the end of a simple game, the open-hand value for the declarer's side is the
        tricks it then takes."""
        state = game({0: "QC 7H AH KH QH JH 10H 7S", 3: "AS"})
        act(state, *SPANISH_WIN, "name simple hearts", "call AS")
        open_ending(state, 3, random.Random(seed))
        value, taken = open_hand_play(state, 0, lambda now: now.trick_counts()[0] + now.trick_counts()[3])  # type: ignore[attr-defined]
        assert value == taken


class TestSpanishScoring:
    @pytest.mark.parametrize(("name", "hand", "ace", "value"), MADE, ids=[m[0] for m in MADE])
    def test_a_game_made_scores_its_value(self, name: str, hand: str, ace: str | None, value: int) -> None:
        """Types of games and scoring: simple 2 / 4 in colour, solo 4 / 8, tout 16 / 32; made, the declarer
        scores the value, and in a simple game the partner scores the same."""
        state = game({0: hand})
        act(state, *SPANISH_WIN, f"name {name}")
        if ace:
            act(state, f"call {ace}")
        partner = state.partner if ace else None
        finish_hand(state)
        result = state.hand_results[0]
        expected = tuple(value if s == 0 or s == partner else 0 for s in range(4))
        assert result.changes == expected and state.scores() == list(expected)
        assert "made" in result.summary

    @pytest.mark.parametrize(("name", "fixed", "ace", "value"), LOST, ids=[m[0] for m in LOST])
    def test_a_game_lost_costs_its_value(self, name: str, fixed: dict[int, str], ace: str | None,
                                         value: int) -> None:
        """Scoring: a declarer who falls short loses the value; in a simple game so does his partner; the
        other players' scores do not change."""
        state = game(fixed)
        act(state, *SPANISH_WIN, f"name {name}")
        if ace:
            act(state, f"call {ace}")
        partner = state.partner if ace else None
        finish_hand(state)
        assert state.hand_results[0].changes == tuple(-value if s in (0, partner) else 0 for s in range(4))
        assert "lost" in state.hand_results[0].summary

    def test_a_tout_needs_every_trick(self) -> None:
        """Types of games: a tout must take all eight tricks; more than five are not enough."""
        state = game({0: "QC 7H AH KH QH JH 10H 7D"})
        act(state, *SPANISH_WIN, "name tout hearts")
        finish_hand(state)
        assert state.hand_results[0].changes[0] == -16
        assert "with 6 tricks (8 needed)" in state.hand_results[0].reasons[0].text

    def test_all_eight_tricks_are_played(self) -> None:
        """Play of the hand (notes #9): the Spanish hand is scored once all eight tricks are played, even
        when the declarer has his five early."""
        state = game({0: HEARTS_TOP})
        act(state, *SPANISH_WIN, "name solo hearts")
        play_tricks(state, 5)
        assert state.tricks_won[0] == 5 and state.phase == "play" and state.hand_number == 1
        play_tricks(state, 3)
        assert state.hand_number == 2 and state.hand_results[0].changes == (4, 0, 0, 0)

    def test_the_game_lasts_the_agreed_number_of_hands(self) -> None:
        """Game end (our default, notes #11): ``hands`` deals, four by default; the highest score wins."""
        state = parlour.new_game("solo", seed=3, hands=2)
        random_to_end(state, random.Random(3))
        assert isinstance(state, SoloState)
        assert len(state.hand_results) == 2 and state.phase == "over"
        best = max(state.scores())
        assert set(state.result().winners) == {s for s in range(4) if state.scores()[s] == best}

    def test_a_point_target_ends_the_game_early(self) -> None:
        """Game end: play stops once a player's score goes above the agreed threshold."""
        state = game({0: HEARTS_TOP}, target=3)
        act(state, *SPANISH_WIN, "name solo hearts")
        finish_hand(state)
        assert state.is_over and state.scores() == [4, 0, 0, 0] and state.result().winners == (0,)


# --- Foster -------------------------------------------------------------------------------------------
class TestFosterAuction:
    def test_bids_must_beat_the_last_and_a_pass_is_final(self) -> None:
        """Bidding: players bid against one another, eldest first; a bid beats the one before it (our
        reading: a pass is final, mechanics ELIMINATION)."""
        state = game({}, variant="foster")
        assert state.to_move == (0,) and len(legal(state)) == 7
        act(state, "bid solo")
        refused(state, 1, "bid simple in colour", "a bid must beat the last")
        act(state, "pass", "bid tout", "pass")
        assert state.to_move == (0,) and legal(state) == ["bid tout in colour", "pass"]
        act(state, "pass")
        assert state.declarer == 2 and state.phase == "naming"

    def test_the_best_offer_names_his_game_at_least_as_high(self) -> None:
        """Bidding: the highest bidder chooses his game, one ranking at least as high as his bid."""
        state = game({}, variant="foster")
        act(state, "bid solo", "pass", "pass", "pass")
        refused(state, 0, "name simple clubs", "name at least the bid")
        assert legal(state)[0] == "name solo clubs"

    def test_spanish_calls_are_not_foster_calls(self) -> None:
        """Bidding: Foster's auction knows no "I ask" or holding."""
        state = game({}, variant="foster")
        refused(state, 0, "ask", "bidding")
        refused(state, 0, "hold", "bidding")

    def test_foster_may_call_his_own_ace_and_plays_alone_unknown(self) -> None:
        """Objects (notes #8): asking for an ace one holds means playing without a partner, unknown to the
        others until that ace is played; he settles alone, with each of the three."""
        state = game({0: "AH QC 7H KH QH JH 10H 9H"}, variant="foster")
        act(state, *FOSTER_WIN, "name simple hearts")
        assert "call AH" in legal(state)
        act(state, "call AH")
        assert state.partner == 0
        assert state.view(1).extra["partner"] is None and state.view(0).extra["partner"] == 0
        assert [s["team"] for s in state.view(0).seats] == [0, 1, 1, 1]
        play_until_not_playing(state)
        act(state, "abandon")
        assert state.hand_results[0].changes == (6, -2, -2, -2)


class TestFosterGames:
    def test_simple_partners_each_settle_with_one_adversary(self) -> None:
        """Payments: each of two partners settles with a single adversary (our pairing: the declarer with the
        adversary after him, the partner with the other)."""
        state = game({0: HEARTS_NO_BASTA, 3: "AS"}, variant="foster")
        act(state, *FOSTER_WIN, "name simple hearts", "call AS")
        play_tricks(state, 5)
        assert state.phase == "five tricks" and state.to_move == (0,)
        act(state, "abandon")
        assert state.hand_results[0].changes == (2, -2, -2, 2)
        assert state.scores() == [102, 98, 98, 102]
        assert state.ledger is not None and state.ledger.total() == 400

    def test_a_solo_wins_from_each_adversary(self) -> None:
        """Payments: a solo player wins from each of his adversaries the amount of the game."""
        state = game({0: HEARTS_TOP}, variant="foster")
        act(state, *FOSTER_WIN, "name solo hearts")
        play_tricks(state, 5)
        act(state, "abandon")
        assert state.hand_results[0].changes == (12, -4, -4, -4)

    def test_a_solo_lost_pays_each_adversary(self) -> None:
        """Payments: a solo player loses to each adversary individually; in colour the value is double."""
        state = game({0: "QC QS 7D 8D 9D 7H 8H 9H", 2: "7C AC KC JC 10C 9C 8C 10H"}, variant="foster")
        act(state, *FOSTER_WIN, "name solo clubs")
        finish_hand(state)
        assert state.hand_results[0].changes == (-24, 8, 8, 8)

    def test_the_deal_is_abandoned_at_five_tricks(self) -> None:
        """Playing (notes #9): once the bidder has five tricks, the rest of the hand is not played."""
        state = game({0: HEARTS_TOP}, variant="foster")
        act(state, *FOSTER_WIN, "name solo hearts")
        play_tricks(state, 5)
        assert legal(state) == ["abandon", "continue"]
        refused(state, 0, "play 10H", "five tricks")
        act(state, "abandon")
        assert state.hand_number == 2 and "abandoned" in state.hand_results[0].summary

    def test_playing_on_all_eight_wins_a_tout(self) -> None:
        """Playing: a bidder who goes on must win all eight tricks; doing so is worth a tout (16 in suit)."""
        state = game({0: HEARTS_TOP}, variant="foster")
        act(state, *FOSTER_WIN, "name solo hearts")
        play_tricks(state, 5)
        act(state, "continue")
        assert state.view(None).extra["game"]["tricks_needed"] == 8
        finish_hand(state)
        assert state.hand_results[0].changes == (48, -16, -16, -16)

    def test_playing_on_and_failing_loses_a_tout(self) -> None:
        """Playing: a bidder who goes on and misses a trick loses the value of a tout."""
        state = game({0: "QC 7H QS AH KH 7D 7S 8S", 1: "AD", 2: "AS"}, variant="foster")
        act(state, *FOSTER_WIN, "name simple hearts", "call AC")
        play_until_not_playing(state)
        assert state.phase == "five tricks"
        act(state, "continue")
        partner = state.partner
        finish_hand(state)
        assert partner not in (0, -1)
        changes = state.hand_results[0].changes
        assert changes[0] == -16 and changes[partner] == -16 and sorted(changes) == [-16, -16, 16, 16]

    def test_a_claim_that_counts_the_partner_shows_him(self) -> None:
        """Hidden information (our choice): five tricks made partly by the secret partner are claimed in the
        open, so the partnership is known to all from then on."""
        state = game({0: "QC 7H 7D 8D 9D 7S 8S 9S", 3: "QS AH KH QH AS AD AC KS"}, variant="foster")
        act(state, *FOSTER_WIN, "name simple hearts", "call AS")
        play_until_not_playing(state)
        assert state.tricks_won[0] < 5 and state.phase == "five tricks"
        assert state.view(1).extra["partner"] == 3
        assert any("with his partner, seat 3" in line for line in state.view(2).log)

    def test_a_tout_with_a_partner_shares_gains_and_losses(self) -> None:
        """Games (notes #3): a tout may be played with a partner; then each partner settles with one
        adversary, sharing the result."""
        state = game({0: HEARTS_NO_BASTA, 2: "QS AS"}, variant="foster")
        act(state, "bid tout", "pass", "pass", "pass", "name tout hearts")
        assert legal(state) == ["call AC", "call AD", "call AH", "call AS", "alone"]
        act(state, "call AS")
        finish_hand(state)
        assert state.hand_results[0].changes == (16, -16, 16, -16)

    def test_a_tout_alone_wins_or_loses_all(self) -> None:
        """Games: a tout alone wins or loses the whole value with each adversary."""
        state = game({0: HEARTS_TOP}, variant="foster")
        act(state, "bid tout", "pass", "pass", "pass", "name tout hearts", "alone")
        finish_hand(state)
        assert state.hand_results[0].changes == (48, -16, -16, -16)
        state = game({0: "QC 7H AH KH QH JH 7D 7S"}, variant="foster")
        act(state, "bid tout", "pass", "pass", "pass", "name tout hearts")
        refused(state, 0, "call KH", "calling an ace")
        act(state, "alone")
        finish_hand(state)
        assert state.hand_results[0].changes == (-48, 16, 16, 16)

    def test_a_simple_game_must_call_an_ace(self) -> None:
        """Simple game: it is played with a partner holding a designated ace; only a tout may go alone."""
        state = game({}, variant="foster")
        act(state, *FOSTER_WIN, "name simple hearts")
        refused(state, 0, "alone", "calling an ace")


class TestForcee:
    def test_no_bid_with_both_black_queens_forces_a_game(self) -> None:
        """Forcée: nobody bids and one player has Spadilla and Basta: he is forced to a solo or an ace call. The
        queens are shown (our choice: being forced tells the table anyway)."""
        state = game({2: "QC QS"}, variant="foster")
        act(state, "pass", "pass", "pass", "pass")
        assert state.phase == "forcée" and state.to_move == (2,)
        assert state.view(0).seats[2]["face_up"] == ["QC", "QS"]
        assert legal(state) == [*(f"name solo {s}" for s in ("clubs", "diamonds", "hearts", "spades")),
                                "call AC", "call AD", "call AH", "call AS"]
        refused(state, 2, "name simple hearts", "forcée")
        refused(state, 2, "name tout hearts", "forcée")

    def test_forcee_as_a_solo_is_worth_a_solo(self) -> None:
        """Forcée (notes #7): played as a solo it is worth 4, in clubs (colour) 8, from each adversary."""
        state = game({2: "QC QS 7C AC KC JC 10C 9C"}, variant="foster")
        act(state, "pass", "pass", "pass", "pass", "name solo clubs")
        play_tricks(state, 5)
        act(state, "abandon")
        assert state.hand_results[0].changes == (-8, -8, 24, -8)
        assert "Forcée in colour" in state.hand_results[0].summary

    def test_forcee_with_a_called_ace_lets_its_holder_name_trumps(self) -> None:
        """Forcée (notes #6): if he calls, the ace's holder names trumps, but not the suit of that ace; the
        holder is known at once."""
        state = game({2: "QC QS", 1: "AH"}, variant="foster")
        act(state, "pass", "pass", "pass", "pass", "call AH")
        assert state.phase == "trumps" and state.to_move == (1,)
        assert legal(state) == ["trumps clubs", "trumps diamonds", "trumps spades"]
        refused(state, 1, "trumps hearts", "forcée")
        assert state.view(0).extra["partner"] == 1
        act(state, "trumps spades")
        assert state.trump == Suit.SPADES and state.view(3).extra["game"]["value"] == 4
        finish_hand(state)
        changes = state.hand_results[0].changes
        assert changes[1] == changes[2] and abs(changes[1]) == 4 and sum(changes) == 0

    def test_no_bid_and_no_forcee_throws_the_cards_in(self) -> None:
        """Forcée (notes #4): with no bid and the black queens apart, no game is played (our choice: the deal
        is thrown in, counts as a deal, and the next player deals)."""
        state = game({1: "QC", 2: "QS"}, variant="foster")
        act(state, "pass", "pass", "pass", "pass")
        assert state.hand_number == 2 and state.hand_results[0].changes == (0, 0, 0, 0)
        assert "thrown in" in state.hand_results[0].summary
        assert state.dealer == 0 and state.to_move == (1,)

    def test_counters_never_leave_the_table(self) -> None:
        """Payments (mechanics.chips): every payment is between players; the counters in play stay 400."""
        state = parlour.new_game("solo", variant="foster", seed=8, hands=8)
        random_to_end(state, random.Random(8))
        assert sum(state.scores()) == 400
        assert all(sum(r.changes) == 0 for r in state.hand_results)
        assert "counters" in state.result().text


# --- refusals, notation, prepared deals -----------------------------------------------------------------
class TestRefusalsAndNotation:
    def test_cards_are_not_played_during_the_auction(self) -> None:
        """Play begins only after the game is named."""
        state = game({0: "AH"})
        refused(state, 0, "play AH", "auction")

    def test_notation_reads_back(self) -> None:
        """Notation: bids may say color or colour; games and suits are named in words."""
        state = game({})
        assert str(state.parse_action("bid Solo in Color")) == "bid solo in colour"
        assert str(state.parse_action("name tout H")) == "name tout hearts"
        with pytest.raises(NotationError):
            state.parse_action("bid grand")
        with pytest.raises(NotationError):
            state.parse_action("name misere hearts")

    def test_prepared_deals_are_checked(self) -> None:
        """A prepared deal is refused before play unless it gives eight different cards of the 32-card pack
        to each of four players, and names as dealer (in the first deal only) a seat of the table."""
        good = prepared({})
        hands = good["hands"]
        with pytest.raises(DealError, match=r"deal 2 of the list: .*8 cards, not 7"):
            parlour.new_game("solo", deal=[good, {"hands": [h[:7] for h in hands]}])
        with pytest.raises(DealError, match=r"deal 2 of the list: .*no 'dealer'"):
            parlour.new_game("solo", deal=[good, good])
        with pytest.raises(DealError, match="dealer"):
            parlour.new_game("solo", deal={**good, "dealer": 7})
        with pytest.raises(DealError, match="twice"):
            parlour.new_game("solo", deal={"hands": [hands[0], hands[0], hands[2], hands[3]]})
        with pytest.raises(DealError, match="'2C' is not a card of"):
            parlour.new_game("solo", deal={"hands": [["2C", *hands[0][1:]], *hands[1:]]})
        for junk in (5, "xyz", {"hands": hands, "widow": []}):
            with pytest.raises(DealError):
                parlour.new_game("solo", deal=junk)


# --- the heuristic ------------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", ["spanish", "foster"])
def test_the_heuristic_beats_random_play(variant: str) -> None:
    """Two heuristic players (partners by seat, though Solo partnerships change each deal) gain against two
    random players over whole games."""
    heuristic, random_total = 0, 0
    for seed in range(16):
        state = parlour.new_game("solo", variant=variant, seed=seed)
        mine = {seed % 4, (seed + 2) % 4}
        bots = [make_bot("heuristic" if s in mine else "random", "solo", seed=seed * 10 + s) for s in range(4)]
        start = state.scores()
        bots_to_end(state, bots)
        for seat in range(4):
            gain = state.scores()[seat] - start[seat]
            if seat in mine:
                heuristic += gain
            else:
                random_total += gain
    assert heuristic > random_total + 50
