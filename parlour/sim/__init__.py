"""Bulk simulation: tournaments between bot kinds, and the statistics that summarise them.

>>> from parlour.sim import run_tournament
>>> result = run_tournament("pitty-pat", ["heuristic", "random"], games=2, seed=5, players=2)
>>> [summary.games for summary in result.summaries]
[2, 2]
"""

from __future__ import annotations

from parlour.sim.stats import bradley_terry, elo_ratings, mean_interval, pairwise_wins, t_quantile, wilson_interval
from parlour.sim.tournament import (
    CSV_COLUMNS,
    GameFailure,
    GameRecord,
    GameTask,
    KindSummary,
    TournamentResult,
    plan_games,
    play_game,
    play_games,
    run_tournament,
    summarise,
    write_csv,
)

__all__ = [
    "CSV_COLUMNS",
    "GameFailure",
    "GameRecord",
    "GameTask",
    "KindSummary",
    "TournamentResult",
    "bradley_terry",
    "elo_ratings",
    "mean_interval",
    "pairwise_wins",
    "plan_games",
    "play_game",
    "play_games",
    "run_tournament",
    "summarise",
    "t_quantile",
    "wilson_interval",
    "write_csv",
]
