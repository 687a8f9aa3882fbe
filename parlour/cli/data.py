"""The JSON documents the commands print with ``--json``: one document on stdout, keys that stay put.

``parlour list --json``::

    {"games": [GAME, ...]}                       every game, in the order of ``parlour list``

``parlour rules GAME --json``: one ``GAME`` with three more keys, ``rules`` (the page's text, Markdown),
``rules_source`` (the texts it follows) and ``rules_version``. A ``GAME`` is::

    {"id": "tetka", "name": "Tëtka", "family": ["trick-taking", ...], "min_players": 4, "max_players": 4,
     "player_counts": [4], "default_players": 4, "partnerships": false, "lowest_score_wins": false,
     "pack": "...", "variants": ["..."],
     "options": [{"name": "orbits", "default": 1, "kind": "int", "choices": null, "minimum": 1,
                  "maximum": null, "doc": "..."}, ...]}

``parlour tournament ... --json``: what was played and one row per bot, best Elo first, with the CSV
file's columns (an interval that cannot be worked out is ``null``)::

    {"game": "tetka", "name": "Tëtka", "variant": null, "options": {}, "players": 4, "seats": [...],
     "games": 100, "deals": 100, "duplicate": false, "seed": 1, "lowest_score_wins": false, "seconds": 3.2,
     "bots": [{"bot": "heuristic", "games": 100, "mean_score": ..., "ci95_low": ..., "ci95_high": ...,
               "win_rate": ..., "win_ci95_low": ..., "win_ci95_high": ..., "elo": ...}, ...]}

>>> from parlour.engine import game_info
>>> sorted(game_data(game_info("tetka")))[:4]
['default_players', 'family', 'id', 'lowest_score_wins']
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Any

from parlour.engine import GameInfo, OptionSpec, game_info
from parlour.sim import TournamentResult
from parlour.sim.tournament import CSV_COLUMNS


def game_data(info: GameInfo) -> dict[str, Any]:
    """A game's facts, as ``parlour list`` shows them."""
    return {
        "id": info.id, "name": info.name, "family": list(info.family),
        "min_players": info.min_players, "max_players": info.max_players, "player_counts": list(info.counts),
        "default_players": info.players_default, "partnerships": info.partnerships,
        "lowest_score_wins": info.lowest_score_wins, "pack": info.pack, "variants": list(info.variants),
        "options": [option_data(spec) for spec in info.options],
    }


def option_data(spec: OptionSpec) -> dict[str, Any]:
    return {"name": spec.name, "default": plain(spec.default), "kind": spec.kind.__name__,
            "choices": None if spec.choices is None else [plain(choice) for choice in spec.choices],
            "minimum": spec.minimum, "maximum": spec.maximum, "doc": spec.doc}


def games_data(infos: Sequence[GameInfo]) -> dict[str, Any]:
    return {"games": [game_data(info) for info in infos]}


def rules_data(info: GameInfo) -> dict[str, Any]:
    """A game's facts and its rules page."""
    return {**game_data(info), "rules": info.rules_text(), "rules_source": list(info.rules_source),
            "rules_version": info.rules_version}


def tournament_data(result: TournamentResult, seconds: float) -> dict[str, Any]:
    """A tournament's settings and its table, as the CSV file has it."""
    return {
        "game": result.game_id, "name": game_info(result.game_id).name, "variant": result.variant,
        "options": {name: plain(value) for name, value in result.options.items()}, "players": result.players,
        "seats": list(result.seats), "games": len(result.records), "deals": result.deals,
        "duplicate": result.duplicate, "seed": result.seed, "lowest_score_wins": result.lowest_score_wins,
        "seconds": round(seconds, 3),
        "bots": [{column: number(getattr(row, column)) for column in CSV_COLUMNS} for row in result.summaries],
    }


def number(value: Any) -> Any:
    """A float as JSON can carry it (NaN, which JSON lacks, as ``null``); anything else as it is."""
    if isinstance(value, float):
        return None if math.isnan(value) or math.isinf(value) else round(value, 6) + 0.0
    return value


def plain(value: Any) -> Any:
    """An option's value as JSON data: tuples as lists, anything JSON lacks as its text."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return number(value)
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    return str(value)


def dumps(document: Any) -> str:
    """The document as one JSON text, non-ASCII letters kept (Tëtka, not T\\u00ebtka)."""
    return json.dumps(document, ensure_ascii=False, indent=1)
