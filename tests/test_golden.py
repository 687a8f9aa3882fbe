"""Golden records: seeded whole games replay to exactly the outcome stored when they were made.

A failure means a game's behaviour changed. If that was meant, bump the game's ``rules_version`` and run
``python tests/golden/regenerate.py``; if not, it is a regression.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import parlour

sys.path.insert(0, str(Path(__file__).resolve().parent / "golden"))
from regenerate import golden_game, path_for

GAMES = [info.id for info in parlour.games()]


@pytest.mark.parametrize("game", GAMES)
def test_golden_record_replays_to_the_stored_outcome(game: str) -> None:
    path = path_for(game)
    assert path.exists(), f"no golden record for {game}: run python tests/golden/regenerate.py"
    stored = json.loads(path.read_text(encoding="utf-8"))
    state = parlour.replay(stored["record"])
    assert [r.to_dict() for r in state.hand_results] == stored["hand_results"]
    assert state.result().to_dict() == stored["result"]
    assert state.view(None).to_dict() == stored["final_view"]


@pytest.mark.parametrize("game", GAMES)
def test_the_bots_still_play_the_golden_game(game: str) -> None:
    """The heuristic bots are deterministic given their seeds: they make the same game again."""
    stored = json.loads(path_for(game).read_text(encoding="utf-8"))
    assert golden_game(game) == stored
