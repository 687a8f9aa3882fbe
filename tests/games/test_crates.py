"""Crates, rule by rule (rules/source/crates.txt with the Crates entry of rules/NOTES.md).

Each test names its cards through the prepared deal (``deal=``); the cards a rule does not turn on are
spread the same way every time (``table.spread``), kept off the suits and ranks that would change it.
"""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest
from rich.console import Console
from table import act, bots_to_end, finish_hand, refused, spread

import parlour
from parlour.bots import make_bot
from parlour.bots.heuristics.crates import DRAWN, Draws, Table, read_log
from parlour.cards import STANDARD_52, Rank, Suit, parse_cards
from parlour.cli.main import main
from parlour.errors import DealError
from parlour.games.crates import SIZES, CratesState, hand_points
from parlour.sim.stats import wilson_interval

GAME = "crates"
PACK = STANDARD_52
# A stacked pack in an order of its own, for the deals before the one a test prepares: dealt as by chance.
SHUFFLED = {"pack": [str(card) for card in random.Random(1).sample(PACK.cards, len(PACK))]}


def new(fixed: dict[int, str], upcard: str, stock: str = "", players: int = 2, voids: dict[int, str] | None = None,
        **options: Any) -> CratesState:
    """Deal 1 (eight cards each): seat ``s`` holds ``fixed[s]`` and cards spread from the rest, none of
    ``voids[s]``; the upcard and the stock's top cards as named. The last seat deals; seat 0 plays first."""
    named = PACK.mask(parse_cards(f"{upcard} {stock}"))
    rest = 52 - 8 * players - named.bit_count()
    hands = spread(PACK, fixed, [8] * players + [rest], voids, removed=named)[:players]
    deal = {"hands": hands, "upcard": upcard, "stock": stock.split()}
    state = parlour.new_game(GAME, players=players, seed=3, deal=deal, **options)
    assert isinstance(state, CratesState)
    return state


def held(state: parlour.State) -> list[int]:
    return [entry["held"] for entry in state.view(None).seats]


def legal(state: parlour.State, seat: int | None = None) -> list[str]:
    return [str(a) for a in state.legal_actions(state.to_move[0] if seat is None else seat)]


# Fillers that match nothing above: clubs and spades barred, with the 7s and 9s that would match by rank.
def every(ranks: str) -> str:
    """Every card of these ranks (``"K 7"``), for a test's ``voids``."""
    return " ".join(f"{rank}{suit}" for rank in ranks.split() for suit in "CDHS")


class TestDeal:
    def test_fifteen_deals_of_eight_down_to_one_and_back_up(self) -> None:
        """Setup: eight cards, then one fewer each deal down to one, then one more each deal back up to
        eight in the fifteenth; the stub is the stock and its top card the upcard."""
        assert SIZES == (8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8)
        state = parlour.new_game(GAME, players=3, seed=5)
        sizes = []
        while not state.is_over:
            view = state.view(None)
            sizes.append(view.extra["deal_size"])
            assert view.table["stock"] + sum(held(state)) + 1 == 52
            finish_hand(state)
        assert sizes == list(SIZES) and len(state.hand_results) == 15

    def test_the_dealer_passes_left_and_play_starts_at_the_dealers_left(self) -> None:
        """Game play: the player left of the dealer plays first; the deal passes on each hand (choice 1)."""
        state = new({}, "KH", players=3)
        assert state.view(None).extra["dealer"] == 2 and state.to_move == (0,)
        finish_hand(state)
        assert state.view(None).extra["dealer"] == 0 and state.view(None).log[-1].startswith("hand 2: seat 0 deals")


class TestMatching:
    def test_a_card_matches_by_suit_or_rank(self) -> None:
        """Game play: a card of the upcard's suit or rank may be played; another is refused, changing nothing."""
        state = new({0: "KH 7C 4S"}, "7H", voids={0: "H " + every("7")})
        assert {"play KH", "play 7C"} <= set(legal(state)) and "play 4S" not in legal(state)
        refused(state, 0, "play 4S", rule="match suit or rank")
        refused(state, 0, "play 3D", rule="play from your hand")
        refused(state, 0, "play JK", rule="play from your hand")
        refused(state, 0, "call hearts", rule="call a suit")
        refused(state, 0, "say one card", rule="one card")

    def test_one_who_can_play_must_and_one_who_cannot_draws_and_ends_the_turn(self) -> None:
        """Game play (and the issue): drawing is refused while a card can be played; without one, the player
        draws one card and the turn passes."""
        state = new({0: "KH"}, "QH", stock="3C")
        refused(state, 0, "draw", rule="must play if able")
        act(state, "play KH")
        state2 = new({1: "QD"}, "KH", voids={0: "H " + every("K")})
        assert legal(state2) == ["draw"]
        act(state2, "draw")
        assert held(state2)[0] == 9 and state2.to_move == (1,)


class TestTwoSequence:
    def test_twos_and_aces_run_until_someone_draws_the_total(self) -> None:
        """2-sequences: after a 2 the next must add a 2 or an ace (any suit); one who cannot draws the pips
        of the whole sequence, and the next plays off its last card."""
        state = new({0: "2H 2C", 1: "AS"}, "5H", voids={1: every("2 A")})
        act(state, "play 2H")
        assert legal(state) == ["play AS"]
        refused(state, 1, "draw", rule="must play if able")
        act(state, "play AS", "play 2C")
        assert state.view(None).extra["to_draw"] == 5
        before = held(state)[1]
        assert legal(state) == ["draw"]
        act(state, "draw")
        assert held(state)[1] == before + 5 and state.to_move == (0,)
        assert state.view(None).table["upcard"] == "2C" and state.view(None).extra["to_draw"] is None

    def test_a_player_out_in_a_sequence_ends_the_deal_when_it_is_drawn(self) -> None:
        """Ending the hand: a player who runs out during a 2-sequence does not end the deal; its drawing does."""
        state = parlour.new_game(GAME, players=2, seed=1, deal=[SHUFFLED] * 7 + [
            {"hands": [["KD"], ["2H"]], "upcard": "5H"}])   # deal 8: seat 0 deals
        for _ in range(7):
            finish_hand(state)
        assert state.hand_number == 8
        act(state, "play 2H")
        assert state.hand_number == 8 and legal(state) == ["draw"]
        act(state, "draw")
        assert state.hand_number == 9 and state.hand_results[-1].changes[1] == 0


class TestEffects:
    def test_a_four_skips_the_next_player(self) -> None:
        """4s: the next player's turn is skipped."""
        state = new({0: "4H"}, "5H", players=3)
        act(state, "play 4H")
        assert state.to_move == (2,)

    def test_a_five_makes_every_other_player_draw_in_turn(self) -> None:
        """5s: each other player draws one, ending with the one before the player of the 5."""
        state = new({0: "5H"}, "6H", players=4, partners=False)
        act(state, "play 5H")
        assert held(state) == [7, 9, 9, 9] and state.to_move == (1,)

    def test_a_six_must_be_covered_or_its_player_draws(self) -> None:
        """6s: the player of a 6 plays again, a card matching it; unable, draws one and the turn ends."""
        state = new({0: "6H KH"}, "5H")
        act(state, "play 6H")
        assert state.to_move == (0,) and state.view(0).extra["cover"]
        act(state, "play KH")
        assert state.to_move == (1,)
        state = new({0: "6H"}, "5H", voids={0: "H " + every("6")})
        act(state, "play 6H")
        assert legal(state) == ["draw"]
        act(state, "draw")
        assert held(state)[0] == 8 and state.to_move == (1,)

    def test_a_six_as_the_last_card_is_a_cooper(self) -> None:
        """6s: a 6 as the last card cannot go out; its player draws (choice 7)."""
        state = parlour.new_game(GAME, players=2, seed=1, deal=[SHUFFLED] * 7 + [
            {"hands": [["KD"], ["6H"]], "upcard": "5H"}])   # deal 8: seat 0 deals
        for _ in range(7):
            finish_hand(state)
        act(state, "play 6H")
        assert state.hand_number == 8 and legal(state) == ["draw"]
        act(state, "draw")
        assert held(state) == [1, 1] and state.to_move == (0,)

    @pytest.mark.parametrize(("players", "drawer"), [(2, 1), (3, 1), (4, 2), (5, 2)])
    def test_a_seven_has_the_next_or_the_one_after_draw(self, players: int, drawer: int) -> None:
        """7s: the next player draws at two or three players, the one after the next at four or five (a
        partner at four); the drawer then plays as usual."""
        state = new({0: "7H"}, "6H", players=players)
        act(state, "play 7H")
        assert held(state)[drawer] == 9 and state.to_move == (1,)

    @pytest.mark.parametrize(("players", "drawer"), [(2, 1), (3, 2), (4, None)])
    def test_a_jack_makes_a_player_draw_only_at_two_or_three(self, players: int, drawer: int | None) -> None:
        """Jacks: at two the other draws, at three the player before the jack's, at four nobody."""
        state = new({0: "JH"}, "6H", players=players)
        act(state, "play JH")
        assert held(state) == [7] + [9 if s == drawer else 8 for s in range(1, players)]

    def test_an_eight_calls_any_suit_answered_by_the_suit_or_an_eight(self) -> None:
        """8s and 9s: an 8 calls any suit; the next plays that suit or another 8 (choice 2)."""
        state = new({0: "8H", 1: "8C 4S KH"}, "6H", voids={1: "S " + every("8")})
        act(state, "play 8H")
        assert state.phase == "call" and len(legal(state)) == 4
        act(state, "call spades")
        assert set(legal(state)) == {"play 8C", "play 4S"}
        refused(state, 1, "play KH", rule="match suit or rank")

    def test_a_nine_calls_a_suit_of_its_own_colour(self) -> None:
        """8s and 9s: a 9 calls a suit of its colour only."""
        state = new({0: "9H"}, "6H")
        act(state, "play 9H")
        assert legal(state) == ["call diamonds", "call hearts"]
        refused(state, 0, "call spades", rule="a 9 calls its colour")

    def test_a_ten_reverses_play(self) -> None:
        """10s: the order of play reverses."""
        state = new({0: "10H"}, "6H", players=3)
        act(state, "play 10H")
        assert state.to_move == (2,) and state.view(None).extra["going"] == "right"


class TestBlocked:
    def test_a_deal_nobody_can_play_or_draw_in_is_blocked(self) -> None:
        """Choice 10: with nothing under the upcard, a draw from the empty stock scores its pressure and
        draws nothing; when every player in a row so fails, the deal ends and the cards left score."""
        state = new({}, "KH", voids={0: "H " + every("K"), 1: "H " + every("K")})
        while len(state.stock):
            state.stock.draw()
        left = [hand_points(PACK.mask(parse_cards(" ".join(state.view(s).hand)))) for s in (0, 1)]
        act(state, "draw")
        assert state.scores() == [5, 0] and state.hand_number == 1
        act(state, "draw")
        assert state.hand_number == 2 and "blocked" in state.hand_results[0].summary
        assert state.hand_results[0].changes == (5 + left[0], 5 + left[1])


    def test_a_pressure_that_finds_the_deal_as_before_blocks_it(self) -> None:
        """Choice 10: two 5s passed back and forth over a spent stock, each drawn back from a pile of one
        card, would score pressures for ever; the third pressure finds the deal as the first did, and once it
        is scored the deal is blocked."""
        state = new({0: "5C"}, "5H", voids={0: every("5"), 1: every("5")})
        while len(state.stock):
            state.stock.draw()
        left = [hand_points(PACK.mask(parse_cards(" ".join(state.view(s).hand)))) for s in (0, 1)]
        act(state, "play 5C")                     # seat 1 draws the 5H back: a pressure, 5
        act(state, "play 5H")                     # seat 0 draws the 5C back: a pressure, 5
        assert state.scores() == [5, 5] and state.hand_number == 1
        act(state, "play 5C")                     # seat 1's second pressure, 10: as the first found it
        assert state.hand_number == 2 and "blocked" in state.hand_results[0].summary
        assert state.hand_results[0].changes == (5 + left[0] - hand_points(PACK.mask(parse_cards("5C"))),
                                                 15 + left[1])

    def test_a_sampled_world_forgets_the_real_hands_earlier_pressures_found(self) -> None:
        """Hidden information: the deal as each pressure found it holds every hand, so a sampled world starts
        its memory of pressures afresh."""
        state = new({0: "5C"}, "5H", voids={0: every("5"), 1: every("5")})
        while len(state.stock):
            state.stock.draw()
        act(state, "play 5C")
        assert state.pressed
        assert not state.sample_world(0, random.Random(1)).pressed


class TestPartners:
    def test_partners_share_a_score_and_may_play_alone(self) -> None:
        """Setup: at four the partners sit opposite and share a score; option ``partners`` false seats
        four players each for themselves (choice 11)."""
        assert parlour.new_game(GAME, players=4, seed=1).seating.teams == (0, 1, 0, 1)
        assert parlour.new_game(GAME, players=4, seed=1, partners=False).seating.teams is None
        state = new({}, "KH", players=4)
        finish_hand(state)
        change = state.hand_results[0].changes
        assert change[0] == change[2] and change[1] == change[3] and state.scores()[0] == state.scores()[2]


class TestOneCard:
    def test_saying_one_card_spares_the_penalty(self) -> None:
        """Ending the hand: about to play from two cards, the player says "one card"."""
        state = parlour.new_game(GAME, players=2, seed=1, deal=[SHUFFLED] * 6 + [
            {"hands": [["KH", "QH"], ["3C", "3S"]], "upcard": "5H", "stock": ["4C", "4D", "4S"]}])
        for _ in range(6):
            finish_hand(state)
        assert "say one card" in legal(state)
        act(state, "say one card", "play KH", "draw")
        assert held(state) == [1, 3] and state.to_move == (0,)

    def test_forgetting_one_card_costs_two_cards_next_turn(self) -> None:
        """Ending the hand: a play from two cards without the call costs two cards at the start of the next
        turn (choice 8)."""
        state = parlour.new_game(GAME, players=2, seed=1, deal=[SHUFFLED] * 6 + [
            {"hands": [["KH", "QH"], ["3C", "3S"]], "upcard": "5H", "stock": ["4C", "4D", "4S"]}])
        for _ in range(6):
            finish_hand(state)
        act(state, "play KH")
        assert state.view(None).seats[0]["status"] == "owes two cards"
        act(state, "draw")
        assert held(state) == [3, 3] and state.to_move == (0,)


class TestPressure:
    def test_pressures_score_at_once_and_double_through_the_game(self) -> None:
        """Pressures: a card to draw from an empty stock scores 5 at once and the pile under the upcard
        becomes the new stock; the next pressure scores 10, and the count carries into later deals."""
        state = new({}, "KH", stock="2C 3C", players=5, voids={0: "H " + every("K")})
        drawn = [state.stock.draw()[0] for _ in range(len(state.stock))]
        state.pile[:0] = drawn[:2]   # the stock used up, two cards played under the upcard
        act(state, "draw")
        assert state.scores()[0] == 5 and held(state)[0] == 9 and state.view(None).table["stock"] == 1
        assert state.view(None).table["upcard"] == "KH"
        state._draw(0, 2)
        assert state.scores()[0] == 15 and held(state)[0] == 10
        finish_hand(state)
        count = state.pressures[0]   # never reset at a new deal
        assert state.hand_number == 2 and count >= 2 and state.view(None).extra["next_pressure"][0] == 5 << count

    def test_partners_count_their_pressures_together(self) -> None:
        """Pressures: in the partnership game both partners' pressures count as one side's."""
        state = new({}, "KH", players=4)
        state.pressures[0] = 2
        while len(state.stock):
            state.stock.draw()
        state._draw(2, 1)
        assert state.scores() == [20, 0, 20, 0]


class TestScoring:
    @pytest.mark.parametrize(("cards", "points"), [
        ("AS 2S 4S 5S 6S 7S 8S 9S 10S JS", 1 + 20 + 15 + 30 + 30 + 20 + 50 + 30 + 25 + 10),
        ("3C 3D", -100), ("3C 8S", -50 + 50), ("3C KS 5S", 3 + 10), ("3C 3D 8S 10S", 50 + 3 - 50), ("3C AS", 3),
    ])
    def test_cards_left_score_with_3s_covering(self, cards: str, points: int) -> None:
        """Scoring, with the notes: a 3 covers the dearest card (never an 8), which scores 3; a 3 with nothing
        left to cover scores -50."""
        assert hand_points(PACK.mask(parse_cards(cards))) == points

    def test_going_out_ends_the_deal_and_the_cards_left_score(self) -> None:
        """Ending the hand and Scoring: a player who ends a turn with no cards ends the deal; lowest wins."""
        state = parlour.new_game(GAME, players=2, seed=1, deal=[SHUFFLED] * 7 + [
            {"hands": [["8D"], ["KH"]], "upcard": "5H"}])   # deal 8: seat 0 deals
        for _ in range(7):
            finish_hand(state)
        before = state.scores()
        act(state, "play KH")
        assert state.hand_results[-1].changes == (50, 0) and state.scores() == [before[0] + 50, before[1]]


class TestBlindCall:
    def deal(self, dealer_hand: str) -> CratesState:
        state = parlour.new_game(GAME, players=2, seed=1, deal={
            "hands": [spread(PACK, {}, [8, 35], removed=PACK.mask(parse_cards(f"8H {dealer_hand}")))[0],
                      dealer_hand.split()], "upcard": "8H"})
        assert isinstance(state, CratesState)
        return state

    def test_the_dealer_calls_before_looking(self) -> None:
        """Setup: an upcard 8 has the dealer name the suit first, before looking at the hand; the first
        player follows it (choice 4)."""
        state = self.deal("KS QS JS 10S 9S 7S 6S 5S")
        assert state.to_move == (1,) and state.view(1).hand == [] and len(legal(state)) == 4
        act(state, "call clubs")
        assert state.to_move == (0,) and len(state.view(1).hand) == 8
        assert all(a == "draw" or (a.startswith("play ") and (a.endswith("C") or a.startswith("play 8")))
                   for a in legal(state))

    def test_the_blind_call_does_not_depend_on_the_dealers_hand(self) -> None:
        """Hidden information: two deals differing only in the dealer's hand look the same to the dealer while
        it calls: view, legal list, refusal, and the worlds sampled for it."""
        one, other = self.deal("KS QS JS 10S 9S 7S 6S 5S"), self.deal("KD QD JD 10D 9D 7D 6D 5D")
        assert one.view(1) == other.view(1) and one.to_move == other.to_move
        assert str(refused(one, 1, "play KS")) == str(refused(other, 1, "play KS"))
        world = one.sample_world(1, random.Random(1))
        assert world.view(1) == one.view(1)


class TestHiddenInformation:
    def test_twin_deals_differing_in_a_hidden_hand_look_alike(self) -> None:
        """Hidden information: two deals whose seat 1 hands differ (clubs either way) look the same to seat 0
        in its view, legal list, refusals, log and ``to_move``, through a 7 that makes seat 1 draw and seat
        1's own draw."""
        one, other = "AC 2C 3C 4C 5C 6C 8C 9C", "10C JC QC 3C 4C 5C 6C 8C"
        removed = PACK.mask(parse_cards(f"KH 2S 3S {one} {other}"))
        hands = spread(PACK, {0: "7H"}, [8, 0, 8, 52 - 16 - removed.bit_count()], removed=removed, seed=4)
        states = [parlour.new_game(GAME, players=3, seed=9, deal={
            "hands": [hands[0], seat1.split(), hands[2]], "upcard": "KH", "stock": ["2S", "3S"]})
            for seat1 in (one, other)]
        for step in ("play 7H", "draw", None):
            first, second = states
            assert first.view(0) == second.view(0) and first.to_move == second.to_move
            assert legal(first, 0) == legal(second, 0)
            assert str(refused(first, 0, "play 9C")) == str(refused(second, 0, "play 9C"))
            if step is not None:
                for state in states:
                    act(state, step)
        assert states[0].to_move == (2,) and states[0].view(1) != states[1].view(1)


    def test_a_draw_shows_what_the_hand_lacked_and_worlds_keep_it(self) -> None:
        """Hidden information: seat 1 draws on QH, unable to play, so its eight cards held no heart and no
        queen; the worlds sampled for seat 0 give it at most one such card (the one drawn), until it plays."""
        state = new({0: "QH"}, "KH", voids={1: "H " + every("Q")})
        act(state, "play QH")
        assert legal(state) == ["draw"]
        act(state, "draw")
        barred = PACK.mask(parse_cards("QC QD QS")) | PACK.suit_masks[2]
        rng = random.Random(1)
        worlds = [state.sample_world(0, rng) for _ in range(40)]
        counts = {(world.hands[1] & barred).bit_count() for world in worlds if isinstance(world, CratesState)}
        assert counts <= {0, 1} and state.view(0) == state.sample_world(0, rng).view(0)


class TestPrepared:
    def test_a_bad_prepared_deal_is_refused(self) -> None:
        """A prepared deal names each hand's cards, eight in the first deal."""
        with pytest.raises(DealError, match="seat 0 must hold 8 cards, not 1"):
            parlour.new_game(GAME, players=2, deal={"hands": [["KH"], ["QH"]]})
        with pytest.raises(DealError, match="it has no 'widow'"):
            parlour.new_game(GAME, players=2, deal={"hands": [], "widow": []})

    def test_a_prepared_deal_is_refused_before_play(self) -> None:
        """A prepared deal is refused before play, with a ``DealError``, when any deal of a list does not fit
        its place in the game (each deal's own hand size, at every player count; no sixteenth deal)."""
        first = {"hands": [["KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H"]] * 5}
        with pytest.raises(DealError, match="seat 1's hand names a card twice"):
            parlour.new_game(GAME, players=5, deal=first)
        five = [str(card) for card in PACK.cards[:41]]
        good = {"hands": [five[8 * seat:8 * seat + 8] for seat in range(5)], "upcard": five[40]}
        with pytest.raises(DealError, match="deal 2 of the list: seat 0 must hold 7 cards, not 8"):
            parlour.new_game(GAME, players=5, deal=[good, good])
        with pytest.raises(DealError, match="deal 16 of the list: Crates takes no prepared deal for deal 16"):
            parlour.new_game(GAME, players=2, deal=[SHUFFLED] * 16)
        left = [str(card) for card in PACK.cards[40:]]
        for bad in (5, "xyz", {**good, "upcard": "2C#99"}, {**good, "upcard": "JK"}, {**good, "stock": 5},
                    {**good, "upcard": 5}, {"hands": good["hands"], "stock": left}):
            with pytest.raises(DealError):
                parlour.new_game(GAME, players=5, deal=bad)


class TestBots:
    def test_the_heuristic_beats_random_with_95_percent_confidence(self) -> None:
        """Sixty two-player single deals, seats alternating: the heuristic's share of deals won (a tie half)
        has a Wilson 95% interval above one half."""
        wins = 0.0
        for seed in range(60):
            seat = seed % 2
            bots = [make_bot("random", GAME, seed=seed), make_bot("random", GAME, seed=seed + 100)]
            bots[seat] = make_bot("heuristic", GAME, seed=seed)
            state = parlour.new_game(GAME, players=2, seed=seed, deals=1)
            bots_to_end(state, bots)
            mine, theirs = state.scores()[seat], state.scores()[1 - seat]
            wins += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
        rate, low, _ = wilson_interval(wins, 60)
        assert low > 0.5, (rate, low)

    @pytest.mark.parametrize("players", [2, 3, 4, 5])
    def test_heuristic_games_end_within_max_actions(self, players: int) -> None:
        """Whole games by the playout habits (the heuristic's choices) end within the game's bound."""
        from parlour.bots.heuristic import habits_for
        for seed in range(3):
            state = parlour.new_game(GAME, players=players, seed=seed)
            state.playout(random.Random(seed), habits_for(GAME))
            assert state.is_over and len(state.history) <= state.info.max_actions

    def test_the_heuristic_says_one_card_and_sheds_the_dearest(self) -> None:
        """The heuristic says one card when it must and plays its dearest card, keeping a 3."""
        bot = make_bot("heuristic", GAME, seed=0)
        state = new({0: "8H 3H KH"}, "5H")
        assert bot.choose(state.view(0)) == "play 8H"

    def test_the_log_shows_what_a_player_who_drew_lacks(self) -> None:
        """Expert: one who drew, unable to follow the QH, held no heart and no queen; the pile is the upcard
        and the cards played on it, until a pressure turns it over."""
        state = new({0: "QH"}, "KH", voids={1: "H " + every("Q") + " " + every("K")})
        act(state, "play QH")
        act(state, "draw")
        seen = read_log(state.view(0).log, 2)
        assert seen.lacks[1] == PACK.suit_masks[Suit.HEARTS] | PACK.rank_masks[Rank.QUEEN]
        assert seen.known[1] == 8 and [PACK.cards[c] for c in seen.pile] == parse_cards("KH QH")

    def test_the_expert_leaves_a_suit_the_next_player_has_shown_it_lacks_when_a_pressure_is_near(self) -> None:
        """Expert (pressures): with the stock spent and the next player's pressure at 80 points, the expert
        plays the AH, leaving hearts to one who has just drawn for want of a heart, rather than the QS the
        rule of thumb sheds first (a queen's 10 points against an ace's 1)."""
        state = new({0: "QH QS AH"}, "KH", voids={0: "H " + every("Q"), 1: "H " + every("Q") + " " + every("K")})
        act(state, "play QH")
        act(state, "draw")
        while len(state.stock):
            state.stock.draw()
        state.pressures[1] = 4
        assert legal(state) == ["play AH", "play QS"]
        assert make_bot("heuristic", GAME, seed=0).choose(state.view(0)) == "play QS"
        assert make_bot("expert", GAME, seed=0).choose(state.view(0)) == "play AH"

    def test_the_expert_weighs_who_draws_into_a_spent_stock_after_a_five(self) -> None:
        """Expert (5s, pressures): after a 5 the others draw in turn from the next; with one card left in the
        stock at four partners the next (an opponent) draws it and the partner takes the pressure, while
        with two left it falls to the other opponent."""
        table = Table(parlour.new_game(GAME, players=4, seed=2).view(0))
        table.stake = {0: 80, 1: 80}
        for stock, value in ((1, DRAWN - 80 - DRAWN + DRAWN), (2, DRAWN - DRAWN + 80 + DRAWN)):
            table.stock = stock
            draws = Draws(table, pile_after=10)
            for k in (1, 2, 3):
                draws.draw(table.ahead(k), 1)
            assert draws.value == value

    def test_ismcts_plays_a_whole_deal_legally(self) -> None:
        """``ismcts:50`` against the heuristic, over one deal."""
        state = parlour.new_game(GAME, players=2, seed=4, deals=1)
        bots_to_end(state, [make_bot("ismcts:50", GAME, seed=1), make_bot("heuristic", GAME, seed=2)])
        assert state.is_over

    def test_the_game_plays_in_the_terminal(self) -> None:
        """``parlour play crates``: a person plays a deal by typing (4s that skip, "one card"), the bot draws,
        and the game of one deal is played to its end."""
        console = Console(file=io.StringIO(), width=120)
        deal = json.dumps({"hands": [["4C", "4D", "4H", "4S", "KS", "KH", "KD", "KC"],
                                     ["AC", "2C", "3C", "6C", "7C", "8C", "9C", "10C"]],
                           "upcard": "5C", "stock": ["JC", "QC", "5D"]})
        lines = iter(["play 4C", "play 4D", "play 4H", "play 4S", "play KS", "play KH", "say one card", "play KD",
                      "play KC"])
        code = main(["play", GAME, "--players", "2", "--seats", "human,heuristic", "--seed", "1",
                     "--option", "deals=1", "--option", f"deal={deal}"], input_fn=lambda _prompt: next(lines),
                    console=console)
        out = console.file.getvalue()  # type: ignore[attr-defined]
        assert code == 0 and "Game over" in out and "seat 0 goes out" in out
