"""``parlour.bots.kinds``: every kind listed for a game plays it, and every kind left out is one that cannot."""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour.bots import kinds, make_bot, sampler_for
from parlour.bots.base import LEVEL_NAMES
from parlour.bots.ismcts import Budget, IsmctsBot
from parlour.bots.levels import ExpertBot
from parlour.bots.pimc import PimcBot
from parlour.bots.rollout import RolloutBot
from parlour.engine.registry import games

GAMES = [info.id for info in games()]
QUICK = Budget(iterations=8, seconds=0.2)
# The research kinds, each with a small setting where it takes one, so that the sweep stays quick.
SETTINGS = {"ismcts": "ismcts:8", "pimc": "pimc:2", "rollout": "rollout:0.05s",
            "openspiel-ismcts": "openspiel-ismcts:2"}


def quick(bot: Any) -> Any:
    """The bot with its searches cut to a few iterations (the strengths are measured elsewhere)."""
    if isinstance(bot, ExpertBot):
        quick(bot.search)
        quick(bot.player)
    if isinstance(bot, PimcBot):
        bot.seconds, bot.worlds = 0.1, 2
        quick(bot.fallback)
    if isinstance(bot, IsmctsBot | RolloutBot):
        bot.budget = QUICK
    return bot


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_listed_plays_a_legal_move(game: str) -> None:
    listed = kinds.kinds_for(game)
    assert listed[:4] == LEVEL_NAMES
    state = parlour.new_game(game, seed=7)
    seat = state.to_move[0]
    view = state.view(seat)
    for kind in listed:
        bot = quick(make_bot(SETTINGS.get(kind, kind), game, seed=1))
        assert bot.choose(view, sampler_for(state, seat)) in view.legal_actions, kind


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_left_out_cannot_play_it(game: str) -> None:
    listed = kinds.kinds_for(game)
    for kind in (*LEVEL_NAMES, *kinds.RESEARCH):
        if kind in listed:
            continue
        if game in kinds.TOO_SLOW.get(kind, ()):
            continue        # it would play, but a move takes far too long (measured: see ``TOO_SLOW``)
        if kind == "pimc":
            # pimc would play, but only as the heuristic: no world of this game is ever solved open.
            state = parlour.new_game(game, seed=7)
            assert getattr(state, "trick_goal", lambda seat: None)(0) is None
            continue
        with pytest.raises(ValueError):
            make_bot(kind, game)


def test_the_solver_plays_only_divide_and_conquer() -> None:
    assert [game for game in GAMES if "solver" in kinds.kinds_for(game)] == ["divide-and-conquer"]
    assert "pimc" in kinds.kinds_for("auction-bridge") and "pimc" not in kinds.kinds_for("canasta")


def test_what_is_not_installed_is_not_listed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kinds, "installed", lambda module: False)
    assert "solver" not in kinds.kinds_for("divide-and-conquer")
    assert "openspiel-ismcts" not in kinds.kinds_for("tetka")
    assert kinds.kinds_for("tetka")[:4] == LEVEL_NAMES


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(ValueError, match="tetka"):
        kinds.kinds_for("no-such-game")
