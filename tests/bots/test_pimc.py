"""The PIMC bot (``parlour.bots.pimc``): sampled worlds solved open in the last tricks of a deal."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.bots import make_bot
from parlour.bots.base import sampler_for
from parlour.bots.doubledummy import card_values
from parlour.bots.heuristic import HeuristicBot
from parlour.bots.levels import OPEN_ENDINGS, PIMC_FROM, PIMC_REACH
from parlour.bots.pimc import PimcBot
from parlour.engine.state import State


def play_until(game: str, seed: int, cards_left: int) -> State:
    """A game of random moves up to the point where the hand to play holds ``cards_left`` cards."""
    state = parlour.new_game(game, seed=seed)
    rng = random.Random(seed)
    while True:
        seat = state.to_move[0]
        position = state.open_position(seat)  # type: ignore[attr-defined]
        if position is not None and position.hands[position.to_play].bit_count() == cards_left:
            return state
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize(("game", "seed", "cards_left"), [
    ("auction-bridge", 1, 5), ("auction-bridge", 2, 5), ("vint", 3, 5), ("tetka", 4, 5), ("schafkopf", 5, 4),
    ("calabrasella", 6, 4), ("tute", 7, 4), ("solo", 8, 4), ("heart-solo", 9, 4), ("preference", 10, 4),
    ("twenty-five", 11, 3), ("canadian-salad", 12, 4), ("reversis", 13, 2)])
def test_with_every_card_known_it_plays_a_double_dummy_best_card(game: str, seed: int, cards_left: int) -> None:
    """Given worlds that are all the true deal (a sampler that knows everything, for this test only), the
    average over worlds is the open-hand value, so PIMC's card is one of the best double-dummy cards for
    its side: the partners' tricks in Auction Bridge, Vint and Tute (Tute's card points), the declarer's
    side's tricks or card points in the auction games, a side's tricks in Twenty-Five, the fewest
    penalties or card points in Tëtka, Canadian Salad and Reversis."""
    state = play_until(game, seed, cards_left)
    seat = state.to_move[0]
    position = state.open_position(seat)  # type: ignore[attr-defined]
    values = card_values(position)
    best = max(values.values()) if position.goal.maximize else min(values.values())
    bot = PimcBot(game, seed=seed, worlds=3)
    chosen = bot.choose(state.view(seat), lambda rng: state.clone())
    assert any(values[index] == best and chosen in [str(a) for a in state.PLAYS.of(1 << index)]  # type: ignore[attr-defined]
               for index in values)


def test_it_plays_only_from_the_view_and_the_sampler_through_whole_deals() -> None:
    """Two PIMC partners against two heuristic ones, through two deals of Auction Bridge: every choice is
    legal, made from the seat's view and worlds drawn from it."""
    state = parlour.new_game("auction-bridge", seed=5)
    bots = [make_bot(kind, "auction-bridge", seed=s) for s, kind in enumerate(["pimc:4", "heuristic"] * 2)]
    while not state.is_over and state.hand_number <= 2:
        seat = state.to_move[0]
        view = state.view(seat)
        action = bots[seat].choose(view, sampler_for(state, seat))
        assert action in view.legal_actions
        state.apply(seat, action)
    assert state.hand_number >= 3 or state.is_over


def test_where_no_trick_goal_is_declared_it_plays_as_the_heuristic() -> None:
    """Kabu has no tricks, so nothing to search open: PIMC's choices are the heuristic's, move for move."""
    state = parlour.new_game("kabu", seed=2)
    pimc, heuristic = PimcBot("kabu", seed=9, worlds=2), HeuristicBot("kabu", seed=9)
    for _ in range(30):
        if state.is_over:
            break
        seat = state.to_move[0]
        view = state.view(seat)
        chosen = pimc.choose(view, sampler_for(state, seat))
        assert chosen == heuristic.choose(view, sampler_for(state, seat))
        state.apply(seat, chosen)


@pytest.mark.parametrize("kind", ["pimc:0", "pimc:x", "pimc:-3"])
def test_a_bad_setting_is_refused_by_name(kind: str) -> None:
    """``pimc:N`` takes a positive number of worlds a move."""
    with pytest.raises(ValueError, match="pimc takes the worlds"):
        make_bot(kind, "auction-bridge")


class Refuses:
    """A fallback that must not be asked: the test fails if PIMC hands it a decision."""

    name = "refuses"

    def choose(self, view: object, worlds: object = None) -> str:
        raise AssertionError("PIMC handed the decision to its fallback")


@pytest.mark.parametrize("game", ["auction-bridge", "vint"])
def test_where_dds_is_installed_it_solves_bridge_worlds_from_the_first_lead(game: str) -> None:
    """DDS (``dds_strain``) solves a whole deal's world in milliseconds, so at bridge PIMC plays every card
    itself, the first lead included, where the project's search leaves all but the last ``depth`` tricks to
    its fallback; with ``dds=False`` it does so again."""
    pytest.importorskip("endplay.dds")
    state = play_until(game, 21, 13)
    seat = state.to_move[0]
    view = state.view(seat)
    chosen = PimcBot(game, seed=1, worlds=3, fallback=Refuses()).choose(view, sampler_for(state, seat))  # type: ignore[arg-type]
    assert chosen in view.legal_actions
    with pytest.raises(AssertionError, match="fallback"):
        PimcBot(game, seed=1, worlds=3, fallback=Refuses(), dds=False).choose(view, sampler_for(state, seat))  # type: ignore[arg-type]


def test_a_move_stops_waiting_for_a_dds_world_that_overruns_its_second(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep every expert move under a second: about one world in fifty at a whole deal's first lead takes DDS a
    second or more, so once DDS is set up a world that has not answered within what is left of the move's time
    ends the dealing (``OUT_OF_TIME``), the move made from the worlds solved before it; where not one was solved,
    the rule of thumb answers at once, never the slow fallback. Here DDS (the project's search standing in)
    answers the first world and no other."""
    pytest.importorskip("endplay.dds")
    from parlour.bots import pimc
    state = play_until("auction-bridge", 2, 5)   # late enough for the project's search to stand in for DDS
    seat = state.to_move[0]
    view = state.view(seat)
    asked: list[float | None] = []

    def first_only(position: object, strain: int, seconds: float | None) -> dict[int, int] | None:
        asked.append(seconds)
        return card_values(position) if len(asked) == 1 else None  # type: ignore[arg-type]

    monkeypatch.setattr(pimc, "dds_loaded", lambda: True)
    monkeypatch.setattr(pimc, "dds_card_values_within", first_only)
    bot = PimcBot("auction-bridge", seed=1, worlds=8, fallback=Refuses())  # type: ignore[arg-type]
    assert bot.choose(view, sampler_for(state, seat)) in view.legal_actions
    assert len(asked) == 2 and all(seconds is not None and 0 < seconds <= pimc.SECONDS for seconds in asked)

    monkeypatch.setattr(pimc, "dds_card_values_within", lambda position, strain, seconds: None)
    hurried = PimcBot("auction-bridge", seed=1, worlds=8, fallback=Refuses())  # type: ignore[arg-type]
    rule_of_thumb = HeuristicBot("auction-bridge", seed=1)
    assert hurried.choose(view, sampler_for(state, seat)) == rule_of_thumb.choose(view, sampler_for(state, seat))


def test_a_dds_call_given_up_on_answers_none_and_the_next_call_is_answered() -> None:
    """``dds_card_values_within``: while DDS is busy (its lock held, as by a call given up on before), a call
    bounded to a twentieth of a second answers None rather than waiting; once DDS is free, an unbounded call
    answers each legal card's value, as ``dds_card_values`` does."""
    pytest.importorskip("endplay.dds")
    from parlour.bots import doubledummy
    state = play_until("auction-bridge", 2, 5)
    position = state.open_position(state.to_move[0])  # type: ignore[attr-defined]
    strain = doubledummy.dds_strain(position)
    assert strain is not None
    with doubledummy._DDS_AT_ONCE:
        assert doubledummy.dds_card_values_within(position, strain, 0.05) is None
    assert doubledummy.dds_card_values_within(position, strain, None) == doubledummy.dds_card_values(position, strain)


def test_the_expert_without_dds_is_a_kind_of_its_own() -> None:
    """``expert:own`` is the expert whose worlds only the project's search solves (the strength table's
    measure of what DDS adds); the plain expert uses DDS where it is installed."""
    from parlour.bots.levels import ExpertBot
    own, expert = make_bot("expert:own", "auction-bridge", seed=1), make_bot("expert", "auction-bridge", seed=1)
    assert isinstance(own, ExpertBot) and isinstance(own.player, PimcBot) and not own.player.dds
    assert isinstance(expert, ExpertBot) and isinstance(expert.player, PimcBot) and expert.player.dds
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("expert:dds", "auction-bridge")


@pytest.mark.parametrize("game", ["heart-solo", "preference", "schafkopf", "tetka"])
def test_expert_pimc_plays_by_pimc_from_as_many_cards_as_its_second_allows(game: str) -> None:
    """``expert:pimc``, the strength table's candidate, plays the tricks from ``PIMC_REACH`` cards in hand by
    PIMC, handing it no decision among them, and the trick before them to the expert's search; the expert
    itself plays by PIMC only where the table measured that better (``PIMC_FROM``), and the expert before
    issue 41 (``expert:own``) only in the last five tricks of the whist games."""
    from parlour.bots.levels import ExpertBot
    state = play_until(game, 3, PIMC_REACH[game])
    seat = state.to_move[0]
    view = state.view(seat)
    early, expert, own = (make_bot(kind, game, seed=1) for kind in ("expert:pimc", "expert", "expert:own"))
    assert isinstance(early, ExpertBot) and isinstance(early.player, PimcBot)
    assert isinstance(expert, ExpertBot) and (expert.player is expert.search) == (game not in PIMC_FROM)
    assert isinstance(own, ExpertBot) and (own.player is own.search) == (game not in OPEN_ENDINGS)
    early.player.fallback = Refuses()    # type: ignore[assignment]
    early.player.worlds = 2
    assert early.choose(view, sampler_for(state, seat)) in view.legal_actions
    if PIMC_REACH[game] < max_hand(game):
        before = play_until(game, 3, PIMC_REACH[game] + 1)
        seat = before.to_move[0]
        with pytest.raises(AssertionError, match="fallback"):
            early.choose(before.view(seat), sampler_for(before, seat))


def max_hand(game: str) -> int:
    """The most cards a hand to play holds in the game's trick play (its first trick's), over a few deals."""
    most = 0
    for seed in range(3):
        state = parlour.new_game(game, seed=seed)
        rng = random.Random(seed)
        while not state.hand_results:
            seat = state.to_move[0]
            position = state.open_position(seat)  # type: ignore[attr-defined]
            if position is not None:
                most = max(most, position.hands[position.to_play].bit_count())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return most
