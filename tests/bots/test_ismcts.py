"""IS-MCTS: it never cheats, it keeps to its budget, and it chooses only legal moves, in every game."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.bots import make_bot, sampler_for
from parlour.bots.ismcts import Budget, IsmctsBot

GAMES = [info.id for info in parlour.games()]
SEARCHES = 20       # searched choices in a whole game, at most
DEAL = 150          # actions: a random deal longer than this gets proportionally fewer searches

# A Tëtka deal, and its twin in which seats 1 and 2 have swapped two cards seat 0 cannot see. Both
# swapped cards are diamonds, so no one's legal moves change before they are played.
HANDS = [["2C", "5C", "9C", "KC", "3D", "7D", "JD", "4H", "8H", "QH", "6S", "10S", "AS"],
         ["3C", "6C", "10C", "AC", "4D", "8D", "QD", "5H", "9H", "KH", "7S", "JS", "2S"],
         ["4C", "7C", "JC", "2D", "5D", "9D", "KD", "6H", "10H", "AH", "8S", "QS", "3S"],
         ["8C", "QC", "6D", "10D", "AD", "2H", "3H", "7H", "JH", "4S", "5S", "9S", "KS"]]


def twin_deals() -> tuple[dict[str, object], dict[str, object]]:
    swapped = [list(hand) for hand in HANDS]
    swapped[1][swapped[1].index("QD")], swapped[2][swapped[2].index("KD")] = "KD", "QD"
    return {"hands": HANDS, "bum": "KS"}, {"hands": swapped, "bum": "KS"}


def twin_positions() -> tuple[parlour.State, parlour.State, int]:
    """The twin deals after the first trick, and the seat to play: one view, different hidden cards."""
    first, second = (parlour.new_game("tetka", seed=3, deal=d) for d in twin_deals())
    for state in (first, second):
        for card in ("play 2C", "play 3C", "play 4C", "play 8C"):
            state.apply(state.to_move[0], card)
    return first, second, first.to_move[0]


def bot(seed: int, iterations: int = 150) -> IsmctsBot:
    return IsmctsBot("tetka", seed=seed, budget=Budget(iterations=iterations, seconds=60))


class TestNoCheating:
    def test_hidden_cards_do_not_change_the_decision(self) -> None:
        """Two Tëtka states that differ only in cards seat 0 cannot see get the same move from the same seed."""
        first, second, seat = twin_positions()
        assert first.view(seat) == second.view(seat)
        assert first.view(1) != second.view(1)
        for seed in range(4):
            assert bot(seed).choose(first.view(seat), sampler_for(first, seat)) == \
                bot(seed).choose(second.view(seat), sampler_for(second, seat))

    def test_a_face_down_card_does_not_change_the_decision(self) -> None:
        """Divide and Conquer: which card the opponent laid face down cannot change our move."""
        states = []
        for laid in ("lay 3S", "lay 9S"):
            state = parlour.new_game("divide-and-conquer", seed=1,
                                     deal={"hands": [["3S", "9S", "QS", "5S", "7S"], ["2S", "4S", "6S", "8S", "10S"]]})
            state.apply(0, laid)
            states.append(state)
        assert states[0].view(1) == states[1].view(1)
        for seed in range(4):
            decisions = {IsmctsBot("divide-and-conquer", seed=seed, budget=Budget(200, 60)).choose(
                s.view(1), sampler_for(s, 1)) for s in states}
            assert len(decisions) == 1

    def test_the_check_catches_a_bot_that_peeks(self) -> None:
        """The same comparison exposes a search given the live state instead of sampled worlds."""
        first, second = (parlour.new_game("tetka", seed=3, deal=d) for d in twin_deals())
        differed = False
        for state_pair_seed in range(6):
            choices = set()
            for state in (first, second):
                choices.add(bot(state_pair_seed, 300).choose(state.view(0), lambda rng, s=state: s.clone()))
            differed |= len(choices) > 1
        assert differed


class TestBudgetAndLegality:
    def test_iterations_budget(self) -> None:
        state = parlour.new_game("tetka", seed=2)
        searcher = bot(1, iterations=37)
        searcher.choose(state.view(0), sampler_for(state, 0))
        assert searcher.last_iterations == 37

    def test_time_budget(self) -> None:
        state = parlour.new_game("tetka", seed=2)
        searcher = IsmctsBot("tetka", seed=1, budget=Budget(iterations=10**9, seconds=0.2))
        searcher.choose(state.view(0), sampler_for(state, 0))
        assert 0.2 <= searcher.last_seconds < 1.5

    @pytest.mark.parametrize(("setting", "iterations", "seconds"), [("", 600, 1.0), ("250", 250, float("inf")),
                                                                     ("0.3s", 10**9, 0.3)])
    def test_settings(self, setting: str, iterations: int, seconds: float) -> None:
        searcher = make_bot(f"ismcts:{setting}" if setting else "ismcts", "tetka", seed=1)
        assert isinstance(searcher, IsmctsBot)
        assert searcher.budget == Budget(iterations, seconds)

    @pytest.mark.parametrize("setting", ["x", "-3", "0s", "1.5"])
    def test_bad_settings_are_refused(self, setting: str) -> None:
        with pytest.raises(ValueError, match="ismcts"):
            make_bot(f"ismcts:{setting}", "tetka")

    @pytest.mark.parametrize("setting", ["infs", "Infinitys", "-infs", "nans", "1e400s", "1e-400s", "-1s", "0", "inf",
                                         "nan", "abc", "s", "2ss", "1e9"])
    def test_endless_and_meaningless_budgets_are_refused(self, setting: str) -> None:
        """``float`` reads "infs" and "1e400s" as infinity: a search that never ends is not a budget."""
        with pytest.raises(ValueError, match=rf"ismcts:2000 \(iterations\).*not '{setting}'"):
            IsmctsBot.from_setting("tetka", setting)

    def test_a_large_finite_budget_is_the_callers_to_cap(self) -> None:
        """The library takes any finite budget; a server caps it (``parlour.web.botpool.BotLimits``)."""
        assert IsmctsBot.from_setting("tetka", "1e9s").budget == Budget(10**9, 1e9)

    def test_a_sampler_is_required(self) -> None:
        state = parlour.new_game("tetka", seed=2)
        with pytest.raises(ValueError, match="sampler"):
            bot(1).choose(state.view(0))

    @pytest.mark.parametrize("game", GAMES)
    def test_only_legal_moves_in_every_game(self, game: str) -> None:
        """The search picks only legal moves, in every game, at about ``SEARCHES`` states spread through a
        whole game played with random moves between, so that a game of book length (Canasta to 5,000)
        costs what a short one does; and fewer searches (five at least) of fewer iterations (ten at least)
        where a random deal runs past ``DEAL`` actions, since each iteration plays a deal out (Samba's run to
        about 550)."""
        whole = parlour.new_game(game, seed=4)
        length = whole.playout(random.Random(4))
        shorter = min(1.0, DEAL / (length / max(1, len(whole.hand_results))))
        share = min(0.3, max(5.0, SEARCHES * shorter) / length)
        rng = random.Random(4)
        state = parlour.new_game(game, seed=4)
        searcher = IsmctsBot(game, seed=4, budget=Budget(iterations=max(10, round(40 * shorter)), seconds=60))
        while not state.is_over:
            seat = state.to_move[0]
            view = state.view(seat)
            choice = searcher.choose(view, sampler_for(state, seat)) if rng.random() < share else \
                rng.choice(view.legal_actions)
            assert choice in view.legal_actions
            state.apply(seat, choice)


def test_the_habits_move_is_kept_unless_the_search_finds_a_clearly_better_one() -> None:
    """With few visits and a wide spread the search's favourite may be luck: the habit's move stands."""
    from parlour.bots.ismcts import IsmctsBot, Node

    def child(visits: int, rewards: list[float]) -> Node:
        node = Node()
        node.visits, node.reward, node.squares = visits, sum(rewards), sum(r * r for r in rewards)
        return node

    root = Node()
    root.children = {1: child(3, [900.0, -400.0, 800.0]), 2: child(3, [100.0, 50.0, 120.0])}
    names = {1: "bid 6C", 2: "pass"}
    assert IsmctsBot._against_habit(root, names, best=1, habit="pass") == "pass"
    root.children = {1: child(40, [200.0] * 40), 2: child(40, [100.0, 110.0] * 20)}
    assert IsmctsBot._against_habit(root, names, best=1, habit="pass") == "bid 6C"
    assert IsmctsBot._against_habit(root, names, best=1, habit="bid 7NT") == "bid 6C"


def played_worlds(game: str, seed: int, iterations: int = 30) -> tuple[parlour.State, list[parlour.State]]:
    """A game's opening position and the worlds a search of it played its iterations in, as they were
    left (a sampler that keeps what it hands out; the habits' vote at the root takes a few more)."""
    state = parlour.new_game(game, seed=seed)
    seat = state.to_move[0]
    handed: list[parlour.State] = []

    def worlds(rng: random.Random) -> parlour.State:
        handed.append(state.sample_world(seat, rng))
        return handed[-1]

    IsmctsBot(game, seed=seed, budget=Budget(iterations=iterations, seconds=60)).choose(state.view(seat), worlds)
    return state, handed[:iterations]


class TestRollouts:
    @pytest.mark.parametrize("game", ["tetka", "reversis", "vint", "preference"])
    def test_an_iteration_stops_at_the_end_of_its_deal_without_dealing_the_next(self, game: str) -> None:
        """Every iteration plays its world to the end of the deal being searched and no further: the deal
        is scored (its result is kept), no seat is to move, and the next deal is never dealt (the state is
        ``halted`` there, unless the deal was the game's last), so no next deal's antes enter a reward."""
        state, worlds = played_worlds(game, seed=2)
        deal = state.hand_number
        assert worlds
        for world in worlds:
            assert world.hand_number == deal
            assert world.hand_results[-1].number == deal
            assert not world.to_move
            assert world.halted or world.hands_in_game == len(world.hand_results)

    def test_the_descent_edges_are_action_numbers_and_one_edge_for_another_seats_secrets(self) -> None:
        """The tree's edges are the legal actions' numbers in their order; another seat's secret actions (a
        card laid face down) share the one ``SECRET`` edge, with their numbers kept behind it."""
        from parlour.bots.ismcts import SECRET
        state = parlour.new_game("divide-and-conquer", seed=1)
        searcher = IsmctsBot("divide-and-conquer", seed=1)
        laying = state.to_move[0]
        numbers = state.legal_ids(laying)
        assert len(numbers) > 1
        assert searcher._edges(state, laying, laying) == (list(numbers), [])
        assert searcher._edges(state, laying, 1 - laying) == ([SECRET], list(numbers))
