"""Write the golden records again: seeded whole games of every registered game, played by heuristic bots.

Run only on purpose, when a game's behaviour is meant to change (and its ``rules_version`` was bumped):

    python tests/golden/regenerate.py            # every game
    python tests/golden/regenerate.py solo vint  # only these
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

import parlour  # noqa: E402
from parlour.bots import make_bot  # noqa: E402

SEED = 2026


def golden_game(game_id: str) -> dict[str, Any]:
    """A whole seeded game and everything it should come to, as JSON-ready data."""
    state = parlour.new_game(game_id, seed=SEED)
    bots = [make_bot("heuristic", game_id, seed=SEED + seat) for seat in range(state.players)]
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, bots[seat].choose(state.view(seat)))
    return {
        "record": state.record(),
        "hand_results": [r.to_dict() for r in state.hand_results],
        "result": state.result().to_dict(),
        "final_view": state.view(None).to_dict(),
    }


def path_for(game_id: str) -> Path:
    return HERE / f"{game_id}.json"


def main(only: list[str]) -> None:
    for info in parlour.games():
        if only and info.id not in only:
            continue
        golden = golden_game(info.id)
        golden["final_view"].pop("kinds")   # stored as the older records are: test_golden checks kinds apart
        path_for(info.id).write_text(json.dumps(golden, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print("wrote", path_for(info.id).name)


if __name__ == "__main__":
    main(sys.argv[1:])
