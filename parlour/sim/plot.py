"""Pictures of a tournament: each bot's scores, and its rating with the uncertainty the games leave.

``parlour tournament --plot FILE.svg`` and the strength page (``benchmarks/strength.py``) draw with
``plot_tournament``: on the left, every game's score of each bot kind (a box over its spread, each game a
dot, the mean a diamond), so a reader sees how much the cards decide and where the bots differ; on the
right, each kind's Elo with its 95% interval, from refitting the ratings to resampled games (a bootstrap:
the Bradley-Terry fit has no closed-form interval). Needs matplotlib (``pip install 'parlour[plot]'``).
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from parlour.sim import stats
from parlour.sim.tournament import ELO_ANCHOR, GameRecord, TournamentResult

RESAMPLES = 200        # bootstrap rounds for the rating intervals
COLOURS = ("#1f5f8b", "#b5523b", "#4c8c4a", "#8a6bb0", "#a08a2c", "#5a5a5a")


def scores_by_kind(result: TournamentResult) -> dict[str, list[float]]:
    """Each kind's score in every game it played: the mean of its seats there (one value per game)."""
    scores: dict[str, list[float]] = {summary.bot: [] for summary in result.summaries}
    for record in result.records:
        for kind in scores:
            mine = [score for sitter, score in zip(record.kinds, record.scores, strict=True) if sitter == kind]
            if mine:
                scores[kind].append(statistics.fmean(mine))
    return scores


def elo_intervals(result: TournamentResult, resamples: int = RESAMPLES,
                  seed: int = 0) -> dict[str, tuple[float, float]]:
    """Each kind's 95% Elo interval: the 2.5th and 97.5th percentiles of its rating refitted to ``resamples``
    draws of the games with replacement (whole deals in duplicate mode, whose rotations share the cards)."""
    units: dict[int, list[GameRecord]] = {}
    for record in result.records:
        units.setdefault(record.deal if result.duplicate else record.number, []).append(record)
    groups = list(units.values())
    kinds = [summary.bot for summary in result.summaries]
    anchor = ELO_ANCHOR if ELO_ANCHOR in kinds else None
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {kind: [] for kind in kinds}
    for _ in range(resamples):
        sample = [record for _ in groups for record in rng.choice(groups)]
        wins = stats.pairwise_wins((record.kinds, record.places) for record in sample)
        ratings = stats.elo_ratings(stats.bradley_terry(wins, players=kinds), anchor)
        for kind in kinds:
            draws[kind].append(ratings[kind])
    return {kind: _percentiles(values) for kind, values in draws.items()}


def _percentiles(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return ordered[int(0.025 * (len(ordered) - 1))], ordered[round(0.975 * (len(ordered) - 1))]


def plot_tournament(result: TournamentResult, path: str | Path, title: str | None = None) -> None:
    """Draw the tournament's scores and ratings to ``path`` (SVG, or any format matplotlib knows by suffix)."""
    plt = pyplot()
    scores = scores_by_kind(result)
    intervals = elo_intervals(result)
    kinds = list(scores)
    figure, (left, right) = plt.subplots(1, 2, figsize=(9, 1.1 + 0.7 * len(kinds)),
                                         gridspec_kw={"width_ratios": (3, 2)})
    _score_panel(left, kinds, scores, result.lowest_score_wins)
    _rating_panel(right, kinds, result, intervals)
    games = len(result.records)
    mode = f"duplicate, {result.deals} deals" if result.duplicate else "seats rotated"
    figure.suptitle(title or f"{result.game_id}: {games} games ({mode}), seed {result.seed}", fontsize=11)
    figure.tight_layout()
    figure.savefig(path, metadata={"Date": None} if str(path).endswith(".svg") else None)
    plt.close(figure)


def _score_panel(axes: Any, kinds: Sequence[str], scores: dict[str, list[float]], lowest_wins: bool) -> None:
    rows = list(range(len(kinds)))[::-1]          # the best (first) kind on top
    axes.boxplot([scores[kind] for kind in kinds], positions=rows, orientation="horizontal", widths=0.5,
                 showfliers=False, medianprops={"color": "#222"})
    jitter = random.Random(1)
    for row, kind, colour in zip(rows, kinds, COLOURS * len(kinds), strict=False):
        values = scores[kind]
        axes.scatter(values, [row + jitter.uniform(-0.18, 0.18) for _ in values], s=9, alpha=0.45,
                     color=colour, linewidths=0)
        axes.scatter([statistics.fmean(values)], [row], marker="D", s=36, color=colour, edgecolors="#222", zorder=3)
    axes.set_yticks(rows, kinds)
    axes.set_xlabel("final score per game" + (" (lower wins)" if lowest_wins else " (higher wins)"))
    axes.grid(axis="x", alpha=0.3)


def _rating_panel(axes: Any, kinds: Sequence[str], result: TournamentResult,
                  intervals: dict[str, tuple[float, float]]) -> None:
    rows = list(range(len(kinds)))[::-1]
    for row, kind, colour in zip(rows, kinds, COLOURS * len(kinds), strict=False):
        elo = result.summary(kind).elo
        low, high = intervals[kind]
        axes.errorbar([elo], [row], xerr=[[max(elo - low, 0.0)], [max(high - elo, 0.0)]], fmt="o", color=colour,
                      capsize=4)
    axes.set_yticks(rows, [""] * len(kinds))
    axes.axvline(0, color="#999", linewidth=0.8)
    axes.set_xlabel("Elo, 95% interval (bootstrap)")
    axes.grid(axis="x", alpha=0.3)


def pyplot() -> Any:
    """matplotlib's pyplot on the file-only backend, with text kept as text in SVG (small, searchable)."""
    try:
        import matplotlib
    except ImportError:
        raise ImportError("drawing a tournament needs matplotlib: pip install 'parlour[plot]'") from None
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.fonttype"] = "none"
    matplotlib.rcParams["svg.hashsalt"] = "parlour"      # the same tournament draws the same file
    import matplotlib.pyplot as plt
    return plt
