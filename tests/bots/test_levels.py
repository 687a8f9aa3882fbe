"""The four strengths offered to people (``parlour.bots.levels``): what each is made of, that each plays from
its view alone, and that the server's limits bound them. How they rank is measured in ``docs/strength.md``."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from test_ismcts import twin_positions

import parlour
from parlour.bots import bot_kinds, levels, make_bot, sampler_for
from parlour.bots.heuristic import HeuristicBot
from parlour.bots.ismcts import Budget, IsmctsBot, Node
from parlour.bots.levels import EXPERT, STRONG, ExpertBot, SlippingBot
from parlour.bots.pimc import PimcBot
from parlour.bots.rollout import RolloutBot
from parlour.web.botpool import BotLimits


def test_the_levels_are_bot_kinds_weakest_first() -> None:
    assert bot_kinds()[:4] == ("easy", "medium", "strong", "expert")


def test_what_each_level_is_made_of() -> None:
    """medium is the rule of thumb; strong the search anchored on it; expert the larger search, with
    open-hand worlds at the end of a deal in the whist games only."""
    easy, medium, strong, expert = (make_bot(level, "tetka", seed=1) for level in bot_kinds()[:4])
    assert isinstance(easy, SlippingBot) and isinstance(medium, HeuristicBot)
    assert isinstance(strong, IsmctsBot) and strong.budget == STRONG and isinstance(strong.anchor, HeuristicBot)
    assert isinstance(expert, ExpertBot) and expert.player is expert.search and expert.search.budget == EXPERT
    assert expert.search.anchor is expert.rule_of_thumb
    bridge = make_bot("expert", "auction-bridge", seed=1)
    assert isinstance(bridge, ExpertBot) and isinstance(bridge.player, PimcBot)
    assert bridge.player.fallback is bridge.search
    preference = make_bot("expert", "preference", seed=1)
    assert isinstance(preference, ExpertBot) and isinstance(preference.search, RolloutBot)
    assert preference.player is preference.search and preference.search.anchor is preference.rule_of_thumb
    assert [bot.name for bot in (easy, strong, expert)] == ["easy", "strong", "expert"]


@pytest.mark.parametrize("kind", ["easy:1", "expert:2000", "Expert"])
def test_a_level_takes_no_setting(kind: str) -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot(kind, "tetka")


def test_easy_slips_about_one_move_in_three() -> None:
    """Over 300 Tëtka decisions with a choice, the easy bot leaves the rule of thumb's move about a third of
    the time (a random move is sometimes the same one), never when slips are off, always a legal move."""
    state = parlour.new_game("tetka", seed=4)
    rng = random.Random(4)
    easy, steady = SlippingBot("tetka", seed=2), SlippingBot("tetka", seed=2, slip=0)
    usual = HeuristicBot("tetka", seed=2)
    differed = decided = 0
    while decided < 300:
        if state.is_over:
            state = parlour.new_game("tetka", seed=rng.getrandbits(32))
        seat = state.to_move[0]
        view = state.view(seat)
        if len(view.legal_actions) > 1:
            decided += 1
            usual.rng, steady.usual.rng = random.Random(decided), random.Random(decided)
            expected = usual.choose(view)
            assert steady.choose(view) == expected
            chosen = easy.choose(view)
            assert chosen in view.legal_actions
            differed += chosen != expected
        state.apply(seat, rng.choice(view.legal_actions))
    assert 40 <= differed <= 110


def test_the_search_keeps_the_anchor_s_move_unless_clearly_better_by_its_caution() -> None:
    """The anchor's move stands unless the search's beats it by ``caution`` standard errors of the
    difference: a gain of about 1.2 errors is taken at caution 1, not at 2 (the expert's)."""
    def child(rewards: list[float]) -> Node:
        node = Node()
        node.visits, node.reward, node.squares = len(rewards), sum(rewards), sum(r * r for r in rewards)
        return node

    root = Node()
    root.children = {1: child([10.0, 0.0] * 10 + [10.0] * 4), 2: child([0.0, 10.0] * 10 + [0.0] * 4)}
    names = {1: "play AS", 2: "play 2C"}
    assert IsmctsBot._against_habit(root, names, best=1, habit="play 2C", caution=1.0) == "play AS"
    assert IsmctsBot._against_habit(root, names, best=1, habit="play 2C", caution=2.0) == "play 2C"


def by_iterations(bot: Any) -> Any:
    """``bot`` with its search bounded by its iterations alone: under a time bound as well, how far a search
    gets, and so its move, would depend on how busy the machine is, not on what the seat knows."""
    search = getattr(bot, "search", bot)
    if isinstance(search, IsmctsBot):
        search.budget = Budget(iterations=search.budget.iterations, seconds=float("inf"))
    return bot


@pytest.mark.parametrize("level", ["easy", "strong", "expert"])
def test_hidden_cards_do_not_change_a_level_s_decision(level: str) -> None:
    """Two Tëtka states that differ only in cards seat 0 cannot see get the same move from the same seed (each
    search run to its whole number of iterations, so that the machine's load cannot tell them apart)."""
    first, second, seat = twin_positions()
    for seed in range(2):
        assert by_iterations(make_bot(level, "tetka", seed)).choose(first.view(seat), sampler_for(first, seat)) == \
            by_iterations(make_bot(level, "tetka", seed)).choose(second.view(seat), sampler_for(second, seat))


@pytest.mark.parametrize("game", ["heart-solo", "auction-bridge", "kabu", "pontoon", "preference"])
def test_the_expert_plays_legal_moves_through_a_deal(game: str) -> None:
    """The expert against medium bots in auction games (Preference's by rollouts), bridge (dummy and all), a
    vying and a banking game: every choice legal, made from the seat's view and worlds sampled from it (a
    small budget here)."""
    state = parlour.new_game(game, seed=2)
    bots = [make_bot("expert" if seat == 0 else "medium", game, seed=seat) for seat in range(state.players)]
    expert = bots[0]
    assert isinstance(expert, ExpertBot)
    # 40 iterations of the tree search, or 4 worlds of rollouts (each plays out every candidate move)
    expert.search.budget = Budget(iterations=40 if isinstance(expert.search, IsmctsBot) else 4, seconds=5)
    while not state.is_over and state.hand_number == 1:
        seat = state.to_move[0]
        view = state.view(seat)
        action = bots[seat].choose(view, sampler_for(state, seat))
        assert action in view.legal_actions
        state.apply(seat, action)


def test_the_expert_leaves_a_game_s_listed_phases_to_the_rule_of_thumb(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where ``HEURISTIC_PHASES`` names a phase, the expert answers there as the heuristic does, no search."""
    monkeypatch.setitem(levels.HEURISTIC_PHASES, "tetka", frozenset({"play"}))
    state = parlour.new_game("tetka", seed=6)
    expert = make_bot("expert", "tetka", seed=3)
    assert isinstance(expert, ExpertBot)
    view = state.view(state.to_move[0])
    assert view.phase == "play" and len(view.legal_actions) > 1
    assert expert.choose(view, sampler_for(state, view.seat)) == HeuristicBot("tetka", seed=3).choose(view)
    assert expert.search.last_iterations == 0


@pytest.mark.parametrize("game", ["tetka", "auction-bridge", "preference"])
def test_the_server_bounds_the_expert_s_search_and_its_worlds(game: str) -> None:
    """A server's limits reach the search inside the expert and the time its open-hand worlds may take."""
    expert = BotLimits(max_seconds=0.25, max_iterations=50).bound(make_bot("expert", game, seed=1))
    assert isinstance(expert, ExpertBot) and expert.search.budget == Budget(iterations=50, seconds=0.25)
    assert not isinstance(expert.player, PimcBot) or expert.player.seconds == 0.25


def test_a_server_with_tight_limits_caps_the_levels_rather_than_refusing_them() -> None:
    """A person picks "strong" by name: a server allowing fewer iterations plays it at its limit."""
    limits = BotLimits(max_seconds=5, max_iterations=100)
    for level in ("strong", "expert"):
        limits.check(level, "tetka")
    with pytest.raises(ValueError, match="thinks longer than this server allows"):
        limits.check("ismcts:200", "tetka")
    strong = limits.bound(make_bot("strong", "tetka", seed=1))
    assert isinstance(strong, IsmctsBot) and strong.budget.iterations == 100


@pytest.mark.parametrize("game", sorted(levels.UNSEARCHED))
def test_where_the_search_measured_worse_the_expert_is_the_quick_rule_of_thumb(game: str) -> None:
    """In ``UNSEARCHED`` games the expert answers as the heuristic does, with no search, and reacts as
    ``heuristic:hard`` (Twenty-Four's skill is speed: its rules of thumb find every 24 there is)."""
    state = parlour.new_game(game, seed=5)
    rng = random.Random(5)
    expert, usual = make_bot("expert", game, seed=3), HeuristicBot(game, seed=3)
    assert isinstance(expert, ExpertBot) and not expert.searches
    for _ in range(30):
        if state.is_over:
            break
        seat = state.to_move[0]
        view = state.view(seat)
        assert expert.choose(view, sampler_for(state, seat)) == usual.choose(view)
        state.apply(seat, rng.choice(view.legal_actions))
    assert expert.search.last_iterations == 0
    factor = usual.pace(view) if usual.pace is not None else 1.0      # a hard board slows everyone alike
    times = [expert.reaction_time(view, random.Random(i)) / factor for i in range(50)]
    assert min(times) >= 0.25 and max(times) <= 0.75          # about 0.5 s, where the usual bot takes 1 s


@pytest.mark.parametrize("game", ["authors", "samba", "kabu"])
def test_where_the_expert_does_not_search_neither_does_strong(game: str) -> None:
    """The ladder: where a search plays worse than the rules of thumb (in Authors the strong search lost to
    medium by 2.03 books a game), strong plays the expert's own rule, considered or not, and makes the same
    moves as the expert; only the expert answers sooner."""
    strong, expert = make_bot("strong", game, seed=3), make_bot("expert", game, seed=3)
    assert isinstance(strong, HeuristicBot) and strong.name == "strong" and not levels.searched(game)
    assert isinstance(expert, ExpertBot) and strong.strategy is expert.rule_of_thumb.strategy
    state, rng = parlour.new_game(game, seed=5), random.Random(5)
    for _ in range(30):
        if state.is_over:
            break
        seat = state.to_move[0]
        view = state.view(seat)
        assert strong.choose(view) == expert.choose(view, sampler_for(state, seat))
        state.apply(seat, rng.choice(view.legal_actions))
    assert isinstance(make_bot("strong", "tetka", seed=3), IsmctsBot) and levels.searched("tetka")


def test_in_east_west_the_expert_plays_the_rule_of_thumb_over_many_more_boards() -> None:
    """East-West's rule of thumb is itself a sampling of finished boards (40 a decision); the expert runs the
    same judgement on ``CONSIDERED_SAMPLES`` boards rather than searching (``considered_for``), so where the
    few boards disagree among themselves the expert settles on the row the many boards favour."""
    from parlour.bots.heuristics import east_west

    expert = make_bot("expert", "east-west", seed=3)
    assert isinstance(expert, ExpertBot) and not expert.searches
    assert expert.rule_of_thumb.strategy is east_west.choose_considered
    state, rng = parlour.new_game("east-west", seed=11), random.Random(11)
    unsettled, expert_agrees, quick_agree = 0, 0, 0.0
    while not state.is_over and unsettled < 6:
        seat = state.to_move[0]
        view = state.view(seat)
        quick = [east_west.place(view, random.Random(i), east_west.SAMPLES) for i in range(8)]
        if len(set(quick)) > 1:
            unsettled += 1
            many = east_west.place(view, random.Random(99), 5 * east_west.CONSIDERED_SAMPLES)
            expert_agrees += expert.choose(view, sampler_for(state, seat)) == many
            quick_agree += quick.count(many) / len(quick)
        state.apply(seat, rng.choice(view.legal_actions))
    assert unsettled == 6 and expert_agrees >= quick_agree + 2   # here 5 of 6, against 1.9 of 6


def test_in_a_claim_window_the_search_answers_as_its_anchor_without_searching() -> None:
    """Comet's claim windows: an anchored search answers as its anchor does, at once (a search made only by a
    seat holding the card would take longer exactly then). The anchor here always picks the last choice, a
    move the habits would not make every time."""
    from parlour.engine import NO_CLAIM

    class LastChoice:
        name = "last"

        def choose(self, view: parlour.View, worlds: object = None) -> str:
            return view.legal_actions[-1]

    rng = random.Random(2)
    state = parlour.new_game("comet", seed=2)
    search = IsmctsBot("comet", seed=4, budget=STRONG, anchor=LastChoice())
    windows = 0
    while not state.is_over and windows < 5:
        seat = state.to_move[0]
        view = state.view(seat)
        if str(NO_CLAIM) in view.legal_actions and len(view.legal_actions) > 1:
            windows += 1
            assert search.choose(view, sampler_for(state, seat)) == view.legal_actions[-1]
            assert search.last_iterations == 0
        state.apply(seat, rng.choice(view.legal_actions))
    assert windows == 5


def test_in_mus_the_expert_weighs_its_calls_against_what_the_bets_say() -> None:
    """Mus's expert plays the considered envites (``considered_for``), not a search: facing an órdago in grande
    that only a strong grande makes, with two kings and little behind them, it refuses where the rule of thumb
    (a 70% grande by its count) accepts."""
    from parlour.bots.heuristics import mus

    expert = make_bot("expert", "mus", seed=3)
    assert isinstance(expert, ExpertBot) and not expert.searches
    assert expert.rule_of_thumb.strategy is mus.choose_considered
    hands = ["4C 5C 6C 7C", "JC JD 6S 7S", "3C KS 5D 6D", "KC KD KH 4S"]
    state = parlour.new_game("mus", seed=1, signs="none", deal={"hands": [h.split() for h in hands]})
    for call in ("no hay mus", "paso", "ordago"):
        state.apply(state.to_move[0], call)
    view = state.view(2)
    assert make_bot("heuristic", "mus", seed=3).choose(view, None) == "quiero"
    assert expert.choose(view, sampler_for(state, 2)) == "no quiero"


def test_dds_is_set_up_in_the_background_once_and_only_for_games_the_expert_plays_by_it(
        fresh_python: Callable[[str], list[str]]) -> None:
    """The first bridge card an expert plays would otherwise wait about two seconds for DDS to load and set
    itself up. ``warm_dds_for``, called by the server's bot workers at each job and by the terminal at a game's
    start, starts that in a thread at the first call for Auction Bridge or Vint, once a process, and never for a
    game whose cards DDS does not play (Tëtka), nor for a malformed record's game. In a fresh process, so that no
    earlier test has loaded DDS."""
    pytest.importorskip("endplay.dds")
    code = ("from parlour.bots.levels import warm_dds_for\n"
            "from parlour.bots.doubledummy import dds_loaded\n"
            "print(warm_dds_for('tetka'), warm_dds_for(None), warm_dds_for(['vint']))\n"
            "thread = warm_dds_for('vint')\n"
            "print(warm_dds_for('auction-bridge'))\n"
            "thread.join(60)\n"
            "print(dds_loaded())\n")
    assert fresh_python(code) == ["None", "None", "None", "None", "True"]
