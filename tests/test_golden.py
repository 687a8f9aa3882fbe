"""Golden records: seeded whole games replay to exactly the outcome stored when they were made.

A failure means a game's behaviour changed. If that was meant, bump the game's ``rules_version`` and run
``python tests/golden/regenerate.py``; if not, it is a regression.

The stored final views were made before views said what their zones hold: every stored field must still
compare equal, and the view's ``kinds`` are checked apart, against the zones the view shows.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

import parlour

sys.path.insert(0, str(Path(__file__).resolve().parent / "golden"))
from regenerate import golden_game, path_for

from parlour.engine.view import misfits

GAMES = [info.id for info in parlour.games()]


def without_kinds(golden: dict[str, Any]) -> dict[str, Any]:
    """A golden game as stored, made now: its final view without the ``kinds`` the stored ones predate,
    once those are checked to cover the view's zones, each with a kind that fits it."""
    view = golden["final_view"]
    assert misfits(parlour.View.from_dict(view)) == []
    return {**golden, "final_view": {k: v for k, v in view.items() if k != "kinds"}}


@pytest.mark.parametrize("game", GAMES)
def test_golden_record_replays_to_the_stored_outcome(game: str) -> None:
    path = path_for(game)
    assert path.exists(), f"no golden record for {game}: run python tests/golden/regenerate.py"
    stored = json.loads(path.read_text(encoding="utf-8"))
    state = parlour.replay(stored["record"])
    assert [r.to_dict() for r in state.hand_results] == stored["hand_results"]
    assert state.result().to_dict() == stored["result"]
    final = state.view(None).to_dict()
    assert set(final) - set(stored["final_view"]) == {"kinds"}
    assert without_kinds({"final_view": final}) == {"final_view": stored["final_view"]}


@pytest.mark.parametrize("game", GAMES)
def test_the_bots_still_play_the_golden_game(game: str) -> None:
    """The heuristic bots are deterministic given their seeds: they make the same game again."""
    stored = json.loads(path_for(game).read_text(encoding="utf-8"))
    assert without_kinds(golden_game(game)) == stored
