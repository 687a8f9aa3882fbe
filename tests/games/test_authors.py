"""Authors, rule by rule (rules/source/authors.txt, finished by the Authors entry of rules/NOTES.md).

Each test names its cards through the prepared deal (``deal=``), every card of the pack placed, rather than
hunting for a seed.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from table import act, bots_to_end, refused, rollouts_to_end

import parlour
from parlour.bots import make_bot
from parlour.bots.base import sampler_for
from parlour.bots.heuristic import habits_for
from parlour.bots.heuristics.authors import odds
from parlour.cards import STANDARD_52, Card
from parlour.errors import DealError
from parlour.games.authors import RANK_LETTERS, RANK_MASKS, RANK_OF, RANKS, TO_ASKED, AuthorsState
from parlour.sim.stats import wilson_interval

GAME = "authors"
PACK = STANDARD_52
ALL = [str(c) for c in PACK.cards]


def book(rank: str) -> list[str]:
    return [f"{rank}{suit}" for suit in "CDHS"]


def hands_with(fixed: dict[int, str], players: int = 3, closed: tuple[int, ...] = ()) -> list[list[str]]:
    """Hands naming the cards ``fixed`` gives each seat, the rest of the pack spread so that nobody holds
    four of a rank (each card to the open seat holding fewest of its rank, then fewest cards). Seats in
    ``closed`` hold exactly their fixed cards."""
    hands = [fixed.get(seat, "").split() for seat in range(players)]
    named = {card for hand in hands for card in hand}
    open_seats = [s for s in range(players) if s not in closed]
    for card in ALL:
        if card in named:
            continue
        rank = card[:-1]
        seat = min(open_seats, key=lambda s: (sum(c[:-1] == rank for c in hands[s]), len(hands[s]), s))
        hands[seat].append(card)
    return hands


def new(hands: list[list[str]], variant: str | None = None, **options: Any) -> AuthorsState:
    state = parlour.new_game(GAME, players=len(hands), variant=variant, seed=1, deal={"hands": hands}, **options)
    assert isinstance(state, AuthorsState)
    return state


def holds(state: AuthorsState, seat: int, card: str) -> bool:
    return bool(state.hands[seat] >> PACK.index[Card.parse(card)] & 1)


# Seat 0 holds 7C and 8C; seat 1 the 7D; seat 2 the 8D, 8H and 8S.
BASIC = hands_with({0: "7C 8C 2C", 1: "7D 2D", 2: "8D 8H 8S 2H"}, closed=(0,))


class TestDeal:
    @pytest.mark.parametrize("players", [3, 4, 5, 6])
    def test_every_card_dealt_one_at_a_time_from_the_dealers_left(self, players: int) -> None:
        """The deal: all 52 cards, one at a time, starting at the dealer's left (NOTES, Authors)."""
        pack = ALL[::-1]
        state = parlour.new_game(GAME, players=players, seed=3, deal={"pack": pack})
        assert isinstance(state, AuthorsState)
        for seat in range(players):
            dealt = PACK.mask(Card.parse(c) for c in pack[seat::players])
            assert state.hands[seat] | state.books[seat] == dealt

    @pytest.mark.parametrize(("players", "sizes"), [(3, [18, 17, 17]), (5, [11, 11, 10, 10, 10]),
                                                    (6, [9, 9, 9, 9, 8, 8])])
    def test_uneven_deals_give_the_extra_cards_nearest_the_dealers_left(self, players: int, sizes: list[int]) -> None:
        """Some players may get a card more (NOTES): those dealt first, from the dealer's left (choice 2)."""
        state = parlour.new_game(GAME, players=players, seed=11)
        assert isinstance(state, AuthorsState)
        assert [(h | b).bit_count() for h, b in zip(state.hands, state.books, strict=True)] == sizes

    def test_the_player_left_of_the_dealer_asks_first(self) -> None:
        """The player on the dealer's left starts (NOTES); the first dealer is the last seat (choice 1)."""
        state = new(BASIC)
        assert state.to_move == (0,) and state.view(None).extra["dealer"] == 2

    def test_a_book_dealt_complete_goes_down_before_the_first_ask(self) -> None:
        """Books are laid down as soon as complete, including books dealt complete (NOTES; choice 3)."""
        state = new(hands_with({1: " ".join(book("Q"))}))
        assert state.books[1] == RANK_MASKS[RANK_LETTERS.index("Q")] and not state.hands[1] & state.books[1]
        assert "seat 1 lays down a book of queens (dealt complete)" in state.view(0).log
        assert state.view(0).table["books"][1] == book("Q")

    def test_three_to_six_players(self) -> None:
        """Three to six players (NOTES)."""
        for players in (2, 7):
            with pytest.raises(ValueError, match="players"):
                parlour.new_game(GAME, players=players)

    @pytest.mark.parametrize(("deal", "message"), [
        ({"hands": [["2C"], ["3C"], ["4C"]]}, "every card"),
        ({"hands": [["2C", "2C"], [], ALL[1:]]}, "twice"),
        ({"hands": [ALL]}, "holds 3 lists of cards, one a seat"),
        ({"cards": []}, "it has no 'cards'"),
    ])
    def test_a_prepared_deal_is_checked(self, deal: dict[str, Any], message: str) -> None:
        """A prepared deal names every card once, in one hand per seat."""
        with pytest.raises(DealError, match=message):
            parlour.new_game(GAME, players=3, deal=deal)

    def test_a_prepared_deal_is_refused_before_play(self) -> None:
        """A prepared deal is refused before play when any deal of a list is bad: hands of any sizes that
        hold the whole pack, or a stacked pack of the 52 cards, and nothing else."""
        good = {"hands": [ALL[:20], ALL[20:40], ALL[40:]]}
        with pytest.raises(DealError, match="deal 2 of the list: seat 2's hand: 'JK' is not a card"):
            parlour.new_game(GAME, players=3, deals=2, deal=[good, {"hands": [ALL[:20], ALL[20:40], ["JK"]]}])
        for bad in (5, "xyz", {"hands": [ALL[:20], ALL[20:40], ALL[40:]], "widow": []}, {"pack": ALL[1:]},
                    {"pack": ALL, "hands": good["hands"]}):
            with pytest.raises(DealError):
                parlour.new_game(GAME, players=3, deal=bad)


class TestAsking:
    def test_the_legal_asks_are_every_card_of_a_rank_held_but_not_held_of_every_other_player(self) -> None:
        """One asks a named player for a named card of a rank one holds, never one held (NOTES)."""
        state = new(hands_with({0: "7C 8C 8D"}, players=4, closed=(0,)))
        wanted = ["7D", "7H", "7S", "8H", "8S"]
        expected = {f"ask {seat} {card}" for seat in (1, 2, 3) for card in wanted}
        assert {str(a) for a in state.legal_actions(0)} == expected

    def test_an_ask_needs_a_card_of_that_rank_in_hand(self) -> None:
        """The asker must hold a card of the rank (NOTES); the penalty for it cannot arise (choice 8)."""
        state = new(BASIC)
        error = refused(state, 0, "ask 1 9D", rule="ask for a rank you hold")
        assert "nines" in str(error)

    def test_never_ask_for_a_card_you_hold(self) -> None:
        """The asker must not ask for a card already held (NOTES)."""
        refused(new(BASIC), 0, "ask 1 7C", rule="never ask for a card you hold")

    def test_ask_another_player_at_the_table(self) -> None:
        """One asks one named player: another, and one at this table."""
        state = new(BASIC)
        refused(state, 0, "ask 0 7D", rule="ask another player")
        refused(state, 0, "ask 4 7D", rule="seats")
        refused(state, 1, "ask 0 7C", rule="turn order")

    def test_a_player_who_is_out_cannot_be_asked(self) -> None:
        """A player with no cards is out (NOTES): there is nothing to ask of them (choice 4)."""
        state = new(hands_with({0: "7C", 1: " ".join(book("K"))}, players=4, closed=(1,)))
        assert not state.hands[1] and "out" in state.view(0).seats[1]["status"]
        refused(state, 0, "ask 1 7D", rule="players out")
        assert all(str(a).split()[1] != "1" for a in state.legal_actions(0))

    def test_a_hit_hands_the_card_over_and_the_asker_asks_again(self) -> None:
        """Holding the card, the asked player must give it, and the asker asks again (NOTES)."""
        state = new(BASIC)
        act(state, "ask 1 7D")
        assert holds(state, 0, "7D") and not holds(state, 1, "7D")
        assert state.to_move == (0,)
        assert state.view(2).log[-1] == "seat 0 asks seat 1 for the 7♦: given"

    def test_a_miss_passes_the_turn_to_the_left(self) -> None:
        """Without the card, the turn ends and passes to the left (NOTES, Bicycle and Dummies)."""
        state = new(BASIC)
        act(state, "ask 2 7D")
        assert state.to_move == (1,)
        assert state.view(0).log[-1] == "seat 0 asks seat 2 for the 7♦: not held"

    def test_variant_a_miss_passes_the_turn_to_the_asked_player(self) -> None:
        """Variant turn-to-asked: the asked player has the next turn after a miss (NOTES, Quartet)."""
        state = new(BASIC, variant=TO_ASKED)
        act(state, "ask 2 7D")
        assert state.to_move == (2,)
        act(state, "ask 0 8C")
        assert state.to_move == (2,)

    def test_a_book_goes_down_the_moment_it_is_made(self) -> None:
        """A book completed by an ask is laid down at once (NOTES)."""
        state = new(BASIC)
        act(state, "ask 2 8D", "ask 2 8H", "ask 2 8S")
        eights = RANK_MASKS[RANK_LETTERS.index("8")]
        assert state.books[0] == eights and not state.hands[0] & eights
        assert "seat 0 lays down a book of eights" in state.view(1).log
        assert "1 book" in state.view(1).seats[0]["status"]

    @pytest.mark.parametrize("variant", [None, TO_ASKED])
    def test_an_asker_left_without_cards_passes_the_turn_to_the_left(self, variant: str | None) -> None:
        """After a hit and a book the asker may hold nothing; the turn passes to the left and the empty
        player is out from then on, in both ways of passing (choices 5 and 6)."""
        hands = hands_with({0: "8C", 2: "8D 8H 8S"}, players=4, closed=(0,))
        state = new(hands, variant=variant)
        act(state, "ask 2 8D", "ask 2 8H", "ask 2 8S")
        assert not state.hands[0] and state.to_move == (1,)
        assert "seat 0 has no cards left and is out" in state.view(1).log

    def test_the_turn_passes_over_players_who_are_out(self) -> None:
        """Empty-handed players are skipped (NOTES; choice 6)."""
        state = new(hands_with({0: "7C", 1: " ".join(book("K"))}, players=4, closed=(0, 1)))
        act(state, f"ask {3 if holds(state, 2, '7D') else 2} 7D")
        assert state.to_move == (2,)

    def test_notation_and_numbers(self) -> None:
        """Asks are written ``ask <seat> <card>`` and numbered seat by seat, card by card."""
        state = new(BASIC)
        with pytest.raises(parlour.NotationError):
            state.apply(0, "ask seven")
        action = state.parse_action("ask 1 7D")
        assert state.decode(state.encode(action)) == action and state.encode(action) == 52 + 13 + 5
        assert state.action_space_size == 6 * 52


class TestScoring:
    # Seat 0 has four books and the ace of spades, seat 1 four or five books and nothing else, seat 2 four
    # books and the other aces: seat 0 takes them in three asks and the last book ends the deal.
    RANKS_0, RANKS_2 = ("2", "3", "4", "5"), ("10", "J", "Q", "K")

    def endgame(self, ranks_1: tuple[str, ...]) -> list[list[str]]:
        hand_0 = [c for r in self.RANKS_0 for c in book(r)] + ["AS"]
        hand_1 = [c for r in ranks_1 for c in book(r)]
        hand_2 = [c for c in ALL if c not in hand_0 and c not in hand_1]
        return [hand_0, hand_1, hand_2]

    def test_most_books_wins(self) -> None:
        """Play goes on until all thirteen books are made; the most books wins (NOTES)."""
        state = new(self.endgame(("6", "7", "8", "9")))
        assert state.books[1].bit_count() == 16 and state.hands[1] == 0
        act(state, "ask 2 AC", "ask 2 AD", "ask 2 AH")
        assert state.is_over and state.scores() == [5, 4, 4]
        assert state.result().winners == (0,) and state.hand_results[0].winners == (0,)
        assert state.result().text == "seat 0 wins with 5 books"

    def test_a_tie_for_most_books_stands_and_the_win_is_shared(self) -> None:
        """Ties stand (NOTES): the tied players share the win (choice 7)."""
        hands = self.endgame(("6", "7", "8", "9", "10"))
        state = new(hands)
        act(state, "ask 2 AC", "ask 2 AD", "ask 2 AH")
        assert state.scores() == [5, 5, 3]
        assert state.result().winners == (0, 1) and state.hand_results[0].winners == (0, 1)
        assert state.hand_results[0].summary == "seat 0 and seat 1 share the deal with 5 books"

    def test_a_match_of_several_deals_adds_up_the_books(self) -> None:
        """Option deals (choice 9): each deal's books are added, the deal passing to the left."""
        first = self.endgame(("6", "7", "8", "9"))
        state = parlour.new_game(GAME, players=3, seed=2, deals=2, deal=[{"hands": first}])
        act(state, "ask 2 AC", "ask 2 AD", "ask 2 AH")
        assert not state.is_over and state.hand_number == 2
        assert state.view(None).extra["dealer"] == 0 and state.to_move == (1,)
        rollouts_to_end(state, random.Random(2))
        assert sum(state.scores()) == 26 and state.scores()[0] >= 5

    def test_one_deal_by_default(self) -> None:
        """The book's game is one deal (choice 9)."""
        state = new(self.endgame(("6", "7", "8", "9")))
        act(state, "ask 2 AC", "ask 2 AD", "ask 2 AH")
        assert state.is_over and len(state.hand_results) == 1


class TestHiddenInformation:
    def test_a_seat_sees_its_own_hand_and_the_public_facts_only(self) -> None:
        state = new(BASIC)
        act(state, "ask 1 7D", f"ask {1 if holds(state, 2, '7H') else 2} 7H")
        view = state.view(1)
        assert set(view.hand) == set(BASIC[1]) - {"7D"}
        assert view.extra["known_held"][0] == ["7D"]
        lacking = view.extra["known_lacking"]
        assert "7H" in lacking[0] and any("7H" in cards for cards in lacking[1:])
        assert view.extra["held_at_least"][0] == ["2 of 7"]
        assert state.view(None).hand == []

    def test_twin_deals_that_differ_only_in_unseen_cards_look_the_same(self) -> None:
        """Two deals that differ only where seat 0 cannot see (two cards swapped between seats 1 and 2 that
        no ask touches) give seat 0 the same view, legal list, refusals, log, turn and worlds."""
        one = hands_with({0: "7C 8C", 1: "7D 2D 3D", 2: "8D 2H 3H"})
        two = [list(one[0]), [c if c != "3D" else "3H" for c in one[1]], [c if c != "3H" else "3D" for c in one[2]]]
        states = [new(one), new(two)]
        for state in states:
            act(state, "ask 1 7D", "ask 2 8D", "ask 1 8H")
        for refusal in ("ask 1 9D", "ask 0 7H", "ask 1 7C", "ask 3 7H"):
            messages = []
            for state in states:
                with pytest.raises(parlour.IllegalAction) as error:
                    state.apply(0, refusal)
                messages.append(str(error.value))
            assert messages[0] == messages[1]
        a, b = states
        assert a.view(0) == b.view(0) and a.to_move == b.to_move
        assert a.legal_actions(0) == b.legal_actions(0) and a.record_for(0)["actions"] == b.record_for(0)["actions"]
        for k in range(5):
            assert a.sample_world(0, random.Random(k)).view(0) == b.sample_world(0, random.Random(k)).view(0)
        assert a.view(1) != b.view(1)

    def test_sampled_worlds_keep_every_kind_of_fact(self) -> None:
        """Worlds for seat 2 keep what the asks showed: the card seat 0 received stays there; seat 0 holds
        at least two sevens (it asked for one, and received one); neither seat 0 nor seat 1 holds the 7H
        they were asked for or asked without; nobody holds four of a rank; hand sizes hold."""
        state = new(hands_with({0: "7C 2C", 1: "7D 2D", 2: "3C"}, players=4))
        act(state, "ask 1 7D", "ask 1 7H")
        rng = random.Random(4)
        for _ in range(200):
            world = state.sample_world(2, rng)
            assert isinstance(world, AuthorsState)
            assert world.view(2) == state.view(2)
            assert holds(world, 0, "7D") and not holds(world, 0, "7H") and not holds(world, 1, "7H")
            assert (world.hands[0] & RANK_MASKS[RANK_LETTERS.index("7")]).bit_count() >= 2
            for seat in range(4):
                assert world.hands[seat].bit_count() == state.hands[seat].bit_count()
                assert all(world.hands[seat] & m != m for m in RANK_MASKS)

    def test_a_fact_that_play_made_false_no_longer_constrains(self) -> None:
        """Seat 1 asked for a seven and was known to hold two; then seat 3 took both from it. The fact is
        dropped: in seat 2's worlds the last unseen seven (7H, really seat 0's) lies with seat 0 or seat 1,
        each sometimes, and never with seat 3, which would then hold four."""
        state = new(hands_with({0: "7H 2C", 1: "7C 3C", 3: "7S 5C 5D"}, players=4, closed=(0, 1, 3)))
        act(state, "ask 1 2D", "ask 2 7D", "ask 0 7S", "ask 0 5C")
        assert state.to_move == (3,) and state.least[1 * RANKS + RANK_OF[5]] == 2
        act(state, "ask 1 7D", "ask 1 7C")
        sevens = RANK_MASKS[RANK_LETTERS.index("7")]
        assert not state.hands[1] & sevens and state.least[1 * RANKS + RANK_OF[5]] == 0
        where = set()
        rng = random.Random(1)
        for _ in range(150):
            world = state.sample_world(2, rng)
            assert isinstance(world, AuthorsState)
            where |= {s for s in range(4) if holds(world, s, "7H")}
        assert where == {0, 1}

    def test_sampled_worlds_match_the_view_in_bot_play(self) -> None:
        """Along games by the playout habits at every table size, each seat's worlds look the same to it and
        keep every public fact."""
        for players in (3, 4, 5, 6):
            state = parlour.new_game(GAME, players=players, seed=players)
            assert isinstance(state, AuthorsState)
            rng = random.Random(players)
            habits = habits_for(GAME)
            step = 0
            while not state.is_over:
                if step % 7 == 0:
                    for seat in range(players):
                        world = state.sample_world(seat, rng)
                        assert isinstance(world, AuthorsState) and world.view(seat) == state.view(seat)
                        for s in range(players):
                            assert world.known[s] & ~world.hands[s] == 0 and world.hands[s] & world.lacks[s] == 0
                            for r in range(RANKS):
                                count = (world.hands[s] & RANK_MASKS[r]).bit_count()
                                assert state.least[s * RANKS + r] <= count < 4
                seat = state.to_move[0]
                state.apply(seat, habits(state, seat, rng))
                step += 1


class TestBots:
    def test_the_heuristic_beats_random_play_with_95_percent_confidence(self) -> None:
        """Over 40 four-player games, the heuristic in turn at each seat against three random players: the
        95% Wilson interval of its win rate (a shared win counting its share) lies above a fair 1/4."""
        wins = 0.0
        for seed in range(40):
            seat_of = seed % 4
            bots = [make_bot("random", GAME, seed=seed * 4 + s) for s in range(4)]
            bots[seat_of] = make_bot("heuristic", GAME, seed=seed)
            state = parlour.new_game(GAME, players=4, seed=seed)
            while state.to_move:
                seat = state.to_move[0]
                state.apply(seat, bots[seat].choose(state.view(seat)))
            winners = state.result().winners
            wins += (seat_of in winners) / len(winners)
        _, low, _ = wilson_interval(wins, 40)
        assert low > 0.25

    def test_the_heuristic_asks_for_a_card_known_to_be_there(self) -> None:
        """Seat 1 received the 7D from seat 0 in sight of all; seat 2, holding a seven, asks seat 1 for it."""
        state = new(hands_with({0: "7D 2C", 1: "7C 2D"}, closed=(0, 1)))
        act(state, "ask 1 2H", "ask 0 7D", "ask 0 2H")
        assert state.to_move == (2,)
        assert make_bot("heuristic", GAME, seed=0).choose(state.view(2)) == "ask 1 7D"

    def test_the_expert_weighs_a_hit_by_how_near_it_brings_a_book(self) -> None:
        """Seat 0 holds three sevens and a queen; seat 1 has shown it lacks the QH, so the QH is in one of
        two hands (an even chance) while the 7C may be in any of three (about one in three). The rule of thumb
        takes the likelier hit, the queen; the expert's considered asks the seven, as a hit there completes
        the book (a one-in-three chance at four sevens in hand beats an even chance at two queens)."""
        hands = hands_with({0: "7S 7H 7D QS 2C", 1: "3D 5C", 2: "QH 3C 4D", 3: "4C 5D"}, players=4, closed=(0,))
        state = new(hands)
        act(state, "ask 1 QH", "ask 0 3C", "ask 0 4C", "ask 0 5C")
        assert state.to_move == (0,)
        view = state.view(0)
        assert make_bot("heuristic", GAME, seed=0).choose(view).endswith("QH")
        expert = make_bot("expert", GAME, seed=0)
        assert expert.choose(view, sampler_for(state, 0)).endswith("7C")

    def test_the_experts_sure_hits_come_first(self) -> None:
        """A card known to be in a hand is asked for before any chance, even a likely one at the fourth card of
        a book: a sure hit keeps the turn, and the chance is still there after it. Seat 1 took the 7D in sight
        of all; seat 2, with a seven and three kings, asks for it before the KC that seat 3's big hand most
        likely holds."""
        hands = hands_with({0: "7D 2C", 1: "7C 2D", 2: "7H KS KH KD"}, players=4, closed=(0, 1, 2))
        state = new(hands)
        act(state, "ask 1 2H", "ask 0 7D", "ask 0 2H")
        assert state.to_move == (2,)
        view = state.view(2)
        worth = {ask: hit * (held + 1) for ask, hit, held in odds(view)}
        assert worth["ask 3 KC"] > worth["ask 1 7D"] == 2
        assert make_bot("expert", GAME, seed=0).choose(view) == "ask 1 7D"

    @pytest.mark.parametrize("players", [3, 4, 5, 6])
    def test_whole_games_by_bots_end_within_max_actions(self, players: int) -> None:
        """Games by the heuristic at every seat, and by the playout habits, end well within max_actions."""
        limit = parlour.game_info(GAME).max_actions
        for seed in range(3):
            state = parlour.new_game(GAME, players=players, seed=seed)
            bots = [make_bot("heuristic", GAME, seed=seed + s) for s in range(players)]
            steps = 0
            while state.to_move:
                seat = state.to_move[0]
                state.apply(seat, bots[seat].choose(state.view(seat)))
                steps += 1
            assert steps < limit
        for seed in range(40):
            state = parlour.new_game(GAME, players=players, seed=seed)
            rollouts_to_end(state, random.Random(seed))
            assert len(state.history) < limit and sum(state.scores()) == 13

    def test_ismcts_plays_a_whole_game_legally(self) -> None:
        """An IS-MCTS bot of 50 iterations, against the heuristic and random play, plays a whole game."""
        state = parlour.new_game(GAME, players=3, seed=4)
        bots = [make_bot("ismcts:50", GAME, seed=1), make_bot("heuristic", GAME, seed=2),
                make_bot("random", GAME, seed=3)]
        bots_to_end(state, bots)
        assert sum(state.scores()) == 13

    def test_a_record_replays_through_json(self) -> None:
        state = parlour.new_game(GAME, players=5, seed=9, variant=TO_ASKED)
        rollouts_to_end(state, random.Random(9))
        again = parlour.replay(json.loads(json.dumps(state.record())))
        assert again.view(None) == state.view(None) and again.scores() == state.scores()
