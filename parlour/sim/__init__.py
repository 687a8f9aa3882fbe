"""Bulk simulation: tournaments between bot kinds, the statistics that summarise them, and simulations
that write every game whole (``simulate``), on this machine (``LocalPool``) or a Ray cluster
(``parlour.sim.ray_backend.RayBackend``, with the ``cluster`` extra).

>>> from parlour.sim import run_tournament
>>> result = run_tournament("pitty-pat", ["heuristic", "random"], games=2, seed=5, players=2)
>>> [summary.games for summary in result.summaries]
[2, 2]
"""

from __future__ import annotations

from parlour.sim.simulate import simulate, simulate_file
from parlour.sim.stats import bradley_terry, elo_ratings, mean_interval, pairwise_wins, t_quantile, wilson_interval
from parlour.sim.tournament import (
    CSV_COLUMNS,
    Backend,
    GameFailure,
    GameRecord,
    GameTask,
    KindSummary,
    LocalPool,
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
    "Backend",
    "GameFailure",
    "GameRecord",
    "GameTask",
    "KindSummary",
    "LocalPool",
    "TournamentResult",
    "bradley_terry",
    "elo_ratings",
    "mean_interval",
    "pairwise_wins",
    "plan_games",
    "play_game",
    "play_games",
    "run_tournament",
    "simulate",
    "simulate_file",
    "summarise",
    "t_quantile",
    "wilson_interval",
    "write_csv",
]
