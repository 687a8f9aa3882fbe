"""The small statistics a tournament reports, in pure Python (the core carries no numpy or scipy).

- ``mean_interval``: a mean with its confidence interval from Student's t. Tournaments are often a few
  dozen games, where the normal 1.96 would claim more precision than the data holds (with 8 games the
  honest factor is 2.36); the t quantile is computed exactly from its closed form for whole degrees of
  freedom, so nothing is tabulated.
- ``wilson_interval``: the Wilson score interval for a rate. Unlike the normal ``p ± 1.96·√(p(1-p)/n)``
  it never leaves [0, 1] and does not collapse to zero width when a bot wins every game or none.
- ``bradley_terry`` and ``elo_ratings``: strengths fitted to pairwise outcomes by the MM algorithm
  (Hunter 2004, "MM algorithms for generalized Bradley-Terry models"), put on the Elo scale.

>>> round(t_quantile(7), 4), round(t_quantile(10 ** 6), 4)
(2.3646, 1.96)
>>> [round(x, 4) for x in wilson_interval(8, 10)]
[0.8, 0.4902, 0.9433]
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Hashable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import TypeVar

P = TypeVar("P", bound=Hashable)

CONFIDENCE = 0.95
ELO_PER_NATURAL_LOG = 400 / math.log(10)   # Elo's scale: 400 points are odds of 10 to 1
# Above this many degrees of freedom the Cornish-Fisher series for t is exact to ~1e-12, and cheaper
# than the closed form, whose length grows with the degrees of freedom.
_SERIES_FROM = 300


# --- Student's t -----------------------------------------------------------------------------------------
def _t_central_probability(t: float, df: int) -> float:
    """P(|T| ≤ t) for Student's t with whole ``df``: the finite sums of Abramowitz & Stegun 26.7.3."""
    theta = math.atan(t / math.sqrt(df))
    s, c2 = math.sin(theta), math.cos(theta) ** 2
    if df % 2:
        if df == 1:
            return 2 * theta / math.pi
        c = math.cos(theta)
        total = term = c
        for k in range(1, (df - 3) // 2 + 1):
            term *= c2 * (2 * k) / (2 * k + 1)
            total += term
        return 2 / math.pi * (theta + s * total)
    total = term = 1.0
    for k in range(1, (df - 2) // 2 + 1):
        term *= c2 * (2 * k - 1) / (2 * k)
        total += term
    return s * total


@lru_cache(maxsize=256)
def t_quantile(df: int, confidence: float = CONFIDENCE) -> float:
    """The two-sided critical value of Student's t: ``P(|T| ≤ result) = confidence``.

    >>> round(t_quantile(1), 4), round(t_quantile(2), 4), round(t_quantile(30), 4)
    (12.7062, 4.3027, 2.0423)
    """
    if df < 1:
        raise ValueError(f"Student's t needs at least one degree of freedom, not {df}")
    if not 0 < confidence < 1:
        raise ValueError(f"a confidence level lies strictly between 0 and 1, not {confidence}")
    if df >= _SERIES_FROM:
        z = statistics.NormalDist().inv_cdf((1 + confidence) / 2)
        # Cornish-Fisher expansion of t in powers of 1/df (Abramowitz & Stegun 26.7.5).
        g = ((z ** 3 + z) / 4,
             (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96,
             (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384,
             (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160)
        return z + math.fsum(gk / float(df) ** (k + 1) for k, gk in enumerate(g))
    low, high = 0.0, 2.0
    while _t_central_probability(high, df) < confidence:
        low, high = high, high * 2
    for _ in range(200):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        if _t_central_probability(middle, df) < confidence:
            low = middle
        else:
            high = middle
    return (low + high) / 2


# --- intervals -------------------------------------------------------------------------------------------
def mean_interval(values: Sequence[float], confidence: float = CONFIDENCE) -> tuple[float, float, float]:
    """``(mean, low, high)``: the mean and its t interval from the sample standard deviation.

    The values must be independent draws (a tournament passes one value per game, or per deal in
    duplicate mode). With fewer than two values the spread is unknown and the bounds are NaN.

    >>> [round(x, 3) for x in mean_interval([1, 2, 3, 4])]
    [2.5, 0.446, 4.554]
    """
    if not values:
        raise ValueError("the mean of no values is undefined")
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.nan, math.nan
    half = t_quantile(len(values) - 1, confidence) * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def wilson_interval(successes: float, trials: int, confidence: float = CONFIDENCE) -> tuple[float, float, float]:
    """``(rate, low, high)``: the observed rate and its Wilson score interval.

    ``successes`` may be fractional (a shared win counts 1/k); the formula needs only the rate and n.
    """
    if trials < 1:
        raise ValueError(f"a rate needs at least one trial, not {trials}")
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes in {trials} trials is impossible")
    z = statistics.NormalDist().inv_cdf((1 + confidence) / 2)
    p = successes / trials
    z2n = z * z / trials
    centre = (p + z2n / 2) / (1 + z2n)
    half = z / (1 + z2n) * math.sqrt(p * (1 - p) / trials + z2n / (4 * trials))
    # The interval always holds p and lies in [0, 1]; rounding alone could put a bound a hair outside.
    return p, min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half))


# --- Bradley-Terry and Elo ---------------------------------------------------------------------------------
def pairwise_wins(games: Iterable[tuple[Sequence[P], Sequence[int]]]) -> dict[tuple[P, P], float]:
    """Pairwise outcomes from finishing places: ``{(a, b): times a beat b}``.

    Each game is ``(player by seat, place by seat)`` (1 = first). Every pair of seats held by different
    players is one comparison: the better place wins it, equal places give each half. Seats of the same
    player are not compared, since a player cannot beat itself.

    >>> pairwise_wins([(["a", "b", "c"], [1, 2, 2])]) == {("a", "b"): 1, ("a", "c"): 1, ("b", "c"): 0.5,
    ...                                                   ("c", "b"): 0.5}
    True
    """
    wins: dict[tuple[P, P], float] = {}
    for players, places in games:
        for i in range(len(players)):
            for j in range(i + 1, len(players)):
                a, b = players[i], players[j]
                if a == b:
                    continue
                if places[i] == places[j]:
                    wins[a, b] = wins.get((a, b), 0.0) + 0.5
                    wins[b, a] = wins.get((b, a), 0.0) + 0.5
                else:
                    winner, loser = (a, b) if places[i] < places[j] else (b, a)
                    wins[winner, loser] = wins.get((winner, loser), 0.0) + 1
    return wins


def bradley_terry(wins: Mapping[tuple[P, P], float], players: Iterable[P] = (), prior: float = 0.5,
                  tolerance: float = 1e-10, max_iterations: int = 100_000) -> dict[P, float]:
    """Bradley-Terry strengths ``p`` (P(a beats b) = p_a / (p_a + p_b)) fitted to ``wins``.

    Strengths are scaled so that their geometric mean is 1 (their logarithms sum to zero).
    ``prior`` adds that many virtual wins each way to every pair that met: without it a player who
    never lost (or never won) has no finite maximum-likelihood strength, which is common in short
    tournaments. Half a win each way (one drawn virtual game) pulls ratings toward each other by less
    than one real game does. With ``prior=0`` such data raise ``ValueError``. Players compared with no
    one keep strength 1; separate groups that never met are each scaled on their own, as the data say
    nothing about how they compare.

    >>> s = bradley_terry({("a", "b"): 2, ("b", "a"): 1}, prior=0)
    >>> round(s["a"] / s["b"], 6)
    2.0
    """
    if prior < 0:
        raise ValueError(f"the prior is a number of virtual wins, at least 0, not {prior}")
    names: list[P] = list(dict.fromkeys(players))
    games: dict[tuple[P, P], float] = {}       # comparisons of each unordered pair, both keys
    won: dict[P, float] = {}
    for (a, b), count in wins.items():
        if count < 0:
            raise ValueError(f"{a!r} beat {b!r} a negative number of times")
        if a == b or count == 0:
            continue
        for name in (a, b):
            if name not in won:
                won[name] = 0.0
                if name not in names:
                    names.append(name)
        won[a] += count
        games[a, b] = games.get((a, b), 0.0) + count
        games[b, a] = games.get((b, a), 0.0) + count
    if prior:
        for a, b in list(games):
            won[a] += prior
            games[a, b] += 2 * prior
    opponents: dict[P, list[tuple[P, float]]] = {name: [] for name in names}
    for (a, b), count in games.items():
        opponents[a].append((b, count))
    lost = {a: sum(n for _, n in opponents[a]) - won.get(a, 0.0) for a in names}
    stuck = [a for a in names if opponents[a] and (won[a] <= 0 or lost[a] <= 0)]
    if stuck:
        raise ValueError(f"{stuck[0]!r} never {'won' if won[stuck[0]] <= 0 else 'lost'}: its maximum-likelihood "
                         "strength is not finite; use a prior above 0")
    strength = {name: 1.0 for name in names}
    for _ in range(max_iterations):
        # Hunter's MM step: each player's wins divided by its expected number of games at current odds.
        new = {a: won[a] / sum(n / (strength[a] + strength[b]) for b, n in opponents[a]) if opponents[a] else 1.0
               for a in names}
        new = _normalised(new, opponents)
        change = max((abs(math.log(new[a] / strength[a])) for a in names), default=0.0)
        strength = new
        if change < tolerance:
            break
    return strength


def _normalised(strength: dict[P, float], opponents: Mapping[P, Sequence[tuple[P, float]]]) -> dict[P, float]:
    """Each connected group of players scaled so that its log-strengths sum to zero."""
    out = dict(strength)
    seen: set[P] = set()
    for start in strength:
        if start in seen:
            continue
        group, frontier = [start], [start]
        seen.add(start)
        while frontier:
            for other, _ in opponents[frontier.pop()]:
                if other not in seen:
                    seen.add(other)
                    group.append(other)
                    frontier.append(other)
        shift = math.fsum(math.log(strength[a]) for a in group) / len(group)
        for a in group:
            out[a] = math.exp(math.log(strength[a]) - shift)
    return out


def elo_ratings(strengths: Mapping[P, float], anchor: P | None = None) -> dict[P, float]:
    """Bradley-Terry strengths on the Elo scale (400 / ln 10 points per unit of log-strength).

    Only differences of ratings mean anything; ``anchor``, if it is one of the players, is put at 0
    (a tournament anchors the ``random`` bot, so ratings read as "points above random play"),
    otherwise the mean rating is 0.

    >>> {a: round(r, 6) for a, r in elo_ratings({"a": 10.0, "b": 1.0}, anchor="b").items()}
    {'a': 400.0, 'b': 0.0}
    """
    if not strengths:
        return {}
    logs = {a: ELO_PER_NATURAL_LOG * math.log(p) for a, p in strengths.items()}
    zero = logs[anchor] if anchor is not None and anchor in logs else math.fsum(logs.values()) / len(logs)
    return {a: value - zero for a, value in logs.items()}
