"""The ``solver`` bot: exact equilibrium play of Divide and Conquer, found by linear programming.

Why this game can be solved exactly. Both hands are open all game (``rules/source/divide-and-conquer.txt``),
so the only thing a player does not know is the card the other lays face down *this* match. A position is
therefore just: the two players' remaining cards (as values), the half (in the first half, also the two
hands that will be exchanged for the second, which are the hands as originally dealt), and the matches won
so far. Each match is a simultaneous-move, zero-sum matrix game: rows are my remaining cards, columns the
opponent's, and an entry is the value of the position that pair of cards leads to. Solving the positions
from the last match backwards (backward induction), each by the maximin linear programme, gives the value
of every position and an optimal mixed strategy in it. The whole game tree is small: a standard deal has
under 2,000 positions whose result is still open, a long deal about 31,000.

The payoff is the *game result* for the solver's seat: +1 for a win (a majority of the matches), 0 for a
tie, -1 for a loss. It is not the expected number of matches won, because only the result is what the
game is played for, and the two differ near the end: with a lead of four and three matches left the game
is won whatever happens, so a card that loses a match costs nothing, though it costs a match; and a
player who can no longer win cares only for the matches that save the tie.

Sound reductions, each exact:

* Only the *margin* (my matches minus theirs) is kept, not the two scores: the number of matches is fixed,
  and the result is the sign of the final margin, so scores (3, 1) and (4, 2) with the same cards are one
  position.
* A position whose margin is larger than the matches left is settled (its value is the sign of the
  margin, and every card is as good as any other); it is never solved.
* All positions of one half with the same number of cards left form one *level*: their games depend only
  on the level below, so a level is solved at once (``solve_matrix_games``). Games with a saddle point
  (the best row minimum equals the best column maximum) and 2x2 games without one are solved in closed
  form, the answer the LP would give. The others first lose weakly dominated rows and columns, which keeps
  the value and leaves optimal strategies optimal; games of a level that are one game with rows or columns
  relabelled are solved once; the rest go to ``scipy.optimize.linprog`` (HiGHS), as independent blocks of
  one LP a few hundred games at a time, because scipy's overhead per call (about 2 ms) dwarfs the work of
  a 5x5 LP, and an optimum of a sum of independent blocks is an optimum of each block.
* Positions are memoised in a dict keyed by a frozen canonical tuple (see ``Key``), and the bot keeps its
  ``Solver`` for the whole game: its first move solves everything reachable, every later move looks up.

A cold solve of a whole game, on the development machine: about 0.08 s for the standard game (some 1,750
positions) and 0.6-0.9 s for the long game (14 cards, 7 + 7 matches; some 31,000 positions, of which about
4,400 matrix games reach the LP). Only the bot's first move in a game pays it.

What the solution shows. Every position's value turns out to be the expected result when the cards of
each half are matched uniformly at random, and laying uniformly at random is itself optimal everywhere:
whatever one player does, if the other lays at random the pairing of the cards is uniformly random, so
either player can hold the result to that expectation. (The heuristic bot's docstring says as much of a
single half.) Since the random strategy never gives up anything, every card of the opponent earns it
exactly the value against any optimal strategy, so this bot's expected result is the position's value
against *every* opponent: it can never be beaten in expectation, and it never exploits a weak opponent
either. The tests check the solved values against that expectation computed directly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError("the solver bot needs scipy and numpy: pip install 'parlour[solver]'") from error

from parlour.bots.base import WorldSampler
from parlour.engine.view import View
from parlour.games.divide_and_conquer import match_winner

GAMES = ("divide-and-conquer",)

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]

# A pure equilibrium is accepted when the best row minimum and the best column maximum agree this closely.
SADDLE_TOLERANCE = 1e-12
# HiGHS tolerances, tighter than its defaults (1e-7): payoffs lie in [-1, 1], and values feed the levels above.
LP_OPTIONS = {"presolve": False, "primal_feasibility_tolerance": 1e-10, "dual_feasibility_tolerance": 1e-10}
# Roughly how many matrix entries one linprog call takes: big enough to amortise scipy's overhead, small
# enough that HiGHS stays in its fast regime (measured: time per game grows again in much larger LPs).
LP_BLOCK_ENTRIES = 6000
# Rounds of row and column sorting that put games in a standard order to find repeats (``_sorted_games``).
ROUNDS = 2
# Games whose matrices agree to within this are solved once (the error it allows is below any LP's).
SAME_GAME = 1e-12


# --- matrix games ------------------------------------------------------------------------------------------
def _linprog() -> Callable[..., Any]:
    """scipy's ``linprog``, imported on first use so that parlour itself does not depend on scipy."""
    try:
        from scipy.optimize import linprog  # type: ignore[import-untyped]
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise ImportError("the solver bot needs scipy: pip install 'parlour[solver]'") from error
    return linprog  # type: ignore[no-any-return]


def _solve_by_lp(games: Floats) -> tuple[Floats, Floats, Floats]:
    """Values and both players' optimal strategies of ``games`` (shape n x k x m), by the maximin LP.

    For one game with matrix A the row player's LP is: maximise v subject to sum_i x_i A_ij >= v for
    every column j, sum_i x_i = 1, x >= 0 (v free). The duals of the column constraints are an optimal
    strategy of the column player. Many games are stacked as independent blocks of one LP.
    """
    from scipy.sparse import coo_array  # type: ignore[import-untyped]

    linprog = _linprog()
    n, k, m = games.shape
    values, rows, cols = np.empty(n), np.empty((n, k)), np.empty((n, m))
    block = max(1, LP_BLOCK_ENTRIES // (k * m))
    for start in range(0, n, block):
        part = games[start:start + block]
        g = len(part)
        width = k + 1  # variables of one game: x_0 .. x_{k-1}, then v
        game, row, col = np.indices((g, k, m)).reshape(3, -1)
        # Constraint (game, j): v - sum_i x_i A_ij <= 0.
        con_rows = np.concatenate([game * m + col, np.arange(g * m)])
        con_cols = np.concatenate([game * width + row, np.repeat(np.arange(g) * width + k, m)])
        con_data = np.concatenate([-part.reshape(-1), np.ones(g * m)])
        a_ub = coo_array((con_data, (con_rows, con_cols)), shape=(g * m, g * width)).tocsr()
        eq_rows = np.repeat(np.arange(g), k)
        eq_cols = (np.arange(g)[:, None] * width + np.arange(k)).reshape(-1)
        a_eq = coo_array((np.ones(g * k), (eq_rows, eq_cols)), shape=(g, g * width)).tocsr()
        cost = np.zeros(g * width)
        cost[k::width] = -1.0
        lower = np.zeros(g * width)
        lower[k::width] = -np.inf
        bounds = np.stack([lower, np.full(g * width, np.inf)], axis=1)
        result = linprog(cost, A_ub=a_ub, b_ub=np.zeros(g * m), A_eq=a_eq, b_eq=np.ones(g), bounds=bounds,
                         method="highs", options=LP_OPTIONS)
        if result.status != 0:
            raise RuntimeError(f"HiGHS could not solve a matrix game: {result.message}")
        solution = np.asarray(result.x).reshape(g, width)
        values[start:start + g] = solution[:, k]
        rows[start:start + g] = solution[:, :k]
        cols[start:start + g] = -np.asarray(result.ineqlin.marginals).reshape(g, m)
    return values, _normalised(rows), _normalised(cols)


def _normalised(strategies: Floats) -> Floats:
    """Strategies with the solver's rounding (tiny negatives, sums a hair off 1) cleaned away."""
    clipped = np.clip(strategies, 0.0, None)
    return clipped / clipped.sum(axis=1, keepdims=True)  # type: ignore[no-any-return]


def _undominated(games: Floats) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """Which rows and columns survive iterated elimination of weakly dominated strategies, per game.

    A row no better than another against every remaining column can be dropped: moving its probability to
    the other row never lowers any payoff, and against any column strategy it earns no more than the other
    row does, so the value is unchanged and an optimal pair of the smaller game is optimal in the whole
    game (likewise for columns, with the inequalities reversed). Of two equal rows the later is dropped.
    Comparisons are exact: a doubtful dominance is simply not used.
    """
    n, k, m = games.shape
    rows, cols = np.ones((n, k), dtype=bool), np.ones((n, m), dtype=bool)
    changed = True
    while changed:
        changed = False
        for a in range(k):
            for b in range(k):
                if a != b:
                    worse = np.all((games[:, a, :] <= games[:, b, :]) | ~cols, axis=1)
                    if a < b:
                        worse &= np.any((games[:, a, :] < games[:, b, :]) & cols, axis=1)
                    drop = worse & rows[:, a] & rows[:, b]
                    if drop.any():
                        rows[drop, a], changed = False, True
        for a in range(m):
            for b in range(m):
                if a != b:
                    worse = np.all((games[:, :, a] >= games[:, :, b]) | ~rows, axis=1)
                    if a < b:
                        worse &= np.any((games[:, :, a] > games[:, :, b]) & rows, axis=1)
                    drop = worse & cols[:, a] & cols[:, b]
                    if drop.any():
                        cols[drop, a], changed = False, True
    return rows, cols


def _sorted_games(games: Floats, rounds: int = ROUNDS) -> tuple[Floats, Ints, Ints]:
    """The games with rows and columns put in a standard order, and where each came from.

    Rows are sorted lexicographically, then columns, a few times over: two games that are the same game
    with rows or columns relabelled usually come out identical (not always: it is not a full canonical
    form, but a miss only costs a duplicate LP). ``ordered[g, i, j] == games[g, rows[g, i], cols[g, j]]``.
    """
    n, k, m = games.shape
    ordered = games
    row_order = np.tile(np.arange(k), (n, 1))
    col_order = np.tile(np.arange(m), (n, 1))
    for _ in range(rounds):
        # np.lexsort's last key is the primary one: the game, then the entries from the first on.
        flat = ordered.reshape(n * k, m)
        perm = np.lexsort((*flat.T[::-1], np.repeat(np.arange(n), k))).reshape(n, k) - np.arange(n)[:, None] * k
        ordered = np.take_along_axis(ordered, perm[:, :, None], axis=1)
        row_order = np.take_along_axis(row_order, perm, axis=1)
        flat = ordered.transpose(0, 2, 1).reshape(n * m, k)
        perm = np.lexsort((*flat.T[::-1], np.repeat(np.arange(n), m))).reshape(n, m) - np.arange(n)[:, None] * m
        ordered = np.take_along_axis(ordered, perm[:, None, :], axis=2)
        col_order = np.take_along_axis(col_order, perm, axis=1)
    return ordered, row_order, col_order


def solve_matrix_games(games: npt.ArrayLike, reduce: bool = True) -> tuple[Floats, Floats, Floats]:
    """Solve many zero-sum matrix games of one shape at once: ``games`` is n x k x m, payoffs to the row player.

    Returns ``(values, row_strategies, column_strategies)`` with shapes n, n x k and n x m: for each game its
    value and an optimal mixed strategy of each player. Saddle points and 2x2 games are answered in closed
    form. The others first lose their dominated strategies (``_undominated``; skipped with ``reduce=False``),
    and what is left of each, grouped by shape, is solved the same way; games still needing it go to linear
    programming (``_solve_by_lp``), each distinct game once: games equal up to the order of rows and columns
    and to within ``SAME_GAME`` in every entry share one solution.
    """
    matrices = np.asarray(games, dtype=np.float64)
    if matrices.ndim != 3 or 0 in matrices.shape:
        raise ValueError("matrix games must be given as an n x k x m array with k, m >= 1")
    n, k, m = matrices.shape
    values, rows, cols = np.empty(n), np.zeros((n, k)), np.zeros((n, m))
    row_minima, col_maxima = matrices.min(axis=2), matrices.max(axis=1)
    lower, upper = row_minima.max(axis=1), col_maxima.min(axis=1)
    pure = np.flatnonzero(upper - lower <= SADDLE_TOLERANCE)
    # A saddle point: the row with the best minimum against the column with the best maximum.
    values[pure] = lower[pure]
    rows[pure, row_minima[pure].argmax(axis=1)] = 1.0
    cols[pure, col_maxima[pure].argmin(axis=1)] = 1.0
    mixed = np.flatnonzero(upper - lower > SADDLE_TOLERANCE)
    if not len(mixed):
        return values, rows, cols
    if k == m == 2:
        # Without a saddle point both players mix both strategies so as to make the other indifferent.
        a, b = matrices[mixed, 0, 0], matrices[mixed, 0, 1]
        c, d = matrices[mixed, 1, 0], matrices[mixed, 1, 1]
        denominator = a - b - c + d
        values[mixed] = (a * d - b * c) / denominator
        rows[mixed, 0] = (d - c) / denominator
        rows[mixed, 1] = 1.0 - rows[mixed, 0]
        cols[mixed, 0] = (d - b) / denominator
        cols[mixed, 1] = 1.0 - cols[mixed, 0]
        return values, rows, cols
    if not reduce:
        # Many games of a level are one game with its rows or columns in another order: solve each once.
        # Entries are compared to within SAME_GAME: values solved by different LPs differ in the last bits.
        ordered, row_order, col_order = _sorted_games(np.round(matrices[mixed] / SAME_GAME) * SAME_GAME)
        _, first, inverse = np.unique(ordered.reshape(len(mixed), -1), axis=0, return_index=True,
                                      return_inverse=True)
        ordered = np.take_along_axis(np.take_along_axis(matrices[mixed], row_order[:, :, None], axis=1),
                                     col_order[:, None, :], axis=2)
        found_values, found_rows, found_cols = _solve_by_lp(ordered[first])
        inverse = inverse.reshape(-1)
        values[mixed] = found_values[inverse]
        rows[mixed[:, None], row_order] = found_rows[inverse]
        cols[mixed[:, None], col_order] = found_cols[inverse]
        return values, rows, cols
    keep_rows, keep_cols = _undominated(matrices[mixed])
    shapes = keep_rows.sum(axis=1) * (m + 1) + keep_cols.sum(axis=1)
    for shape in np.unique(shapes):
        group = np.flatnonzero(shapes == shape)
        which, kr, mr = mixed[group], int(shape) // (m + 1), int(shape) % (m + 1)
        row_index = np.nonzero(keep_rows[group])[1].reshape(-1, kr)
        col_index = np.nonzero(keep_cols[group])[1].reshape(-1, mr)
        smaller = matrices[which[:, None, None], row_index[:, :, None], col_index[:, None, :]]
        values[which], x, y = solve_matrix_games(smaller, reduce=False)
        rows[which[:, None], row_index] = x
        cols[which[:, None], col_index] = y
    return values, rows, cols


def solve_matrix_game(matrix: Sequence[Sequence[float]] | npt.ArrayLike) -> tuple[float, list[float]]:
    """The value of a zero-sum matrix game (payoffs to the row player) and an optimal row strategy.

    >>> value, strategy = solve_matrix_game([[1, -1], [-1, 1]])   # matching pennies
    >>> round(value, 9), [round(p, 9) for p in strategy]
    (0.0, [0.5, 0.5])
    """
    value, row, _ = solve_matrix_game_both(matrix)
    return value, row


def solve_matrix_game_both(matrix: Sequence[Sequence[float]] | npt.ArrayLike) -> tuple[float, list[float], list[float]]:
    """Like ``solve_matrix_game``, with the column player's optimal strategy as well."""
    games = np.asarray(matrix, dtype=np.float64)
    if games.ndim != 2:
        raise ValueError("a matrix game is a k x m matrix")
    values, rows, cols = solve_matrix_games(games[None])
    return float(values[0]) + 0.0, [float(p) for p in rows[0]], [float(p) for p in cols[0]]


# --- positions ---------------------------------------------------------------------------------------------
class Position(NamedTuple):
    """A Divide and Conquer position from one player's side ("mine"), all cards given by their values.

    ``margin`` is my matches won minus theirs. In the first half of a two-half game ``next_mine`` and
    ``next_theirs`` are the hands we will hold in the second (the hands as dealt, exchanged); otherwise
    they are empty.
    """

    mine: tuple[int, ...]
    theirs: tuple[int, ...]
    margin: int = 0
    next_mine: tuple[int, ...] = ()
    next_theirs: tuple[int, ...] = ()

    @classmethod
    def of(cls, mine: Sequence[int], theirs: Sequence[int], margin: int = 0, next_mine: Sequence[int] = (),
           next_theirs: Sequence[int] = ()) -> Position:
        """A position in canonical form (cards ascending), checked for sense."""
        position = cls(tuple(sorted(mine)), tuple(sorted(theirs)), margin, tuple(sorted(next_mine)),
                       tuple(sorted(next_theirs)))
        if len(position.mine) != len(position.theirs) or len(position.next_mine) != len(position.next_theirs):
            raise ValueError("both players always hold the same number of cards")
        for cards in (position.mine + position.theirs, position.next_mine + position.next_theirs):
            if len(set(cards)) != len(cards) or any(v < 1 or v > 60 for v in cards):
                raise ValueError(f"cards must be distinct values from 1 to 60, not {cards}")
        return position

    def after(self, mine: int, theirs: int) -> Position:
        """The position after I lay ``mine`` and the opponent lays ``theirs``: the match is scored and, once the
        first half's cards are gone, the hands are exchanged."""
        margin = self.margin + (1 if match_winner(mine, theirs) == 0 else -1)
        left_mine = tuple(c for c in self.mine if c != mine)
        left_theirs = tuple(c for c in self.theirs if c != theirs)
        if len(left_mine) == len(self.mine) or len(left_theirs) == len(self.theirs):
            raise ValueError(f"{mine} or {theirs} is not in hand")
        if not left_mine and self.next_mine:
            return Position(self.next_mine, self.next_theirs, margin)
        return Position(left_mine, left_theirs, margin, self.next_mine, self.next_theirs)

    def swapped(self) -> Position:
        """The same position seen from the other player."""
        return Position(self.theirs, self.mine, -self.margin, self.next_theirs, self.next_mine)


@dataclass(frozen=True)
class Equilibrium:
    """A position's value to "me" (+1 win, 0 tie, -1 loss, in expectation) and optimal mixed strategies."""

    value: float
    mine: tuple[int, ...]
    strategy: tuple[float, ...]          # probability of laying each of ``mine``
    theirs: tuple[int, ...]
    their_strategy: tuple[float, ...]    # the opponent's optimal strategy over ``theirs``


# The memo key: (my cards, their cards, margin, my next-half cards, their next-half cards), each set of
# cards as a bit mask of values (bit v set: the card worth v is held). Canonical: one key per position.
Key = tuple[int, int, int, int, int]
Entry = tuple[float, tuple[float, ...], tuple[float, ...]]


def _mask(cards: Sequence[int]) -> int:
    return sum(1 << v for v in cards)


def _cards(mask: int) -> tuple[int, ...]:
    return tuple(v for v in range(mask.bit_length()) if mask >> v & 1)


def _key(position: Position) -> Key:
    mine, theirs = _mask(position.mine), _mask(position.theirs)
    if not mine and position.next_mine:
        return (_mask(position.next_mine), _mask(position.next_theirs), position.margin, 0, 0)
    return (mine, theirs, position.margin, _mask(position.next_mine), _mask(position.next_theirs))


def _settled(key: Key) -> float | None:
    """The value of a position whose result no longer depends on play, else None."""
    mine, _, margin, next_mine, _ = key
    left = mine.bit_count() + next_mine.bit_count()
    if abs(margin) > left or left == 0:
        return float((margin > 0) - (margin < 0))
    return None


class Solver:
    """Solves positions and remembers them: ``memo`` maps a canonical key (see ``Key``) to its value and both
    players' optimal strategies. Keep one instance for a game; a fresh one costs only memory."""

    def __init__(self) -> None:
        self.memo: dict[Key, Entry] = {}

    def value(self, position: Position) -> float:
        """The position's value to "me": the expected result (+1 win, 0 tie, -1 loss) under optimal play."""
        return self._entry(_key(position))[0]

    def equilibrium(self, position: Position) -> Equilibrium:
        """The position's value and an optimal mixed strategy for each player."""
        key = _key(position)
        value, mine, theirs = self._entry(key)
        return Equilibrium(value, _cards(key[0]), mine, _cards(key[1]), theirs)

    def matrix(self, position: Position) -> list[list[float]]:
        """The match's payoff matrix: entry (i, j) is the value after I lay my i-th card, they their j-th."""
        key = _key(position)
        mine, theirs = _cards(key[0]), _cards(key[1])
        canonical = Position(mine, theirs, key[2], _cards(key[3]), _cards(key[4]))
        return [[self.value(canonical.after(a, b)) for b in theirs] for a in mine]

    def _entry(self, key: Key) -> Entry:
        settled = _settled(key)
        if settled is not None:
            # Every card is as good as any other; say so with a uniform strategy.
            n = key[0].bit_count()
            uniform = (1 / n,) * n if n else ()
            return settled, uniform, uniform
        if key not in self.memo:
            self._solve(key)
        return self.memo[key]

    def _solve(self, key: Key) -> None:
        """Solve ``key`` and every position reachable from it, the last half first."""
        mine, theirs, margin, next_mine, next_theirs = key
        left = mine.bit_count()
        if next_mine:
            # The second half starts with a margin within ``left`` of today's, of the same parity.
            self._solve_half(_cards(next_mine), _cards(next_theirs), range(margin - left, margin + left + 1, 2),
                             (0, 0), lambda d: float((d > 0) - (d < 0)))
            second = (next_mine, next_theirs)
            self._solve_half(_cards(mine), _cards(theirs), range(margin, margin + 1), second,
                             lambda d: self._entry((*second, d, 0, 0))[0])
        else:
            self._solve_half(_cards(mine), _cards(theirs), range(margin, margin + 1), (0, 0),
                             lambda d: float((d > 0) - (d < 0)))

    def _solve_half(self, mine: tuple[int, ...], theirs: tuple[int, ...], margins: range, later: tuple[int, int],
                    end_value: Callable[[int], float]) -> None:
        """Solve every position of a half that starts from hands ``mine`` and ``theirs`` with one of ``margins``.

        Positions are indexed by local bit masks over the two hands; ``values[s, t, d + offset]`` is the value
        with subsets s and t in hand and margin d. Levels run from no cards left (the half's end, worth
        ``end_value(margin)``) up to the full hands; each level is one batch of matrix games.
        """
        size, more = len(mine), later[0].bit_count()
        beats = np.array([[1 if match_winner(a, b) == 0 else -1 for b in theirs] for a in mine], dtype=np.int64)
        low, high = margins.start - size, margins.stop - 1 + size
        offset = -low
        values = np.full((1 << size, 1 << size, high - low + 1), np.nan)
        # Per local mask: the mask of values it stands for (the memo key) and, by level, its members.
        global_mine = np.array([_mask([mine[i] for i in range(size) if s >> i & 1]) for s in range(1 << size)])
        global_theirs = np.array([_mask([theirs[i] for i in range(size) if s >> i & 1]) for s in range(1 << size)])
        for d in range(margins.start - size, margins.stop + size, 2):
            values[0, 0, d + offset] = end_value(d)
        for level in range(1, size + 1):
            played = size - level
            reach = np.arange(margins.start - played, margins.stop + played, 2)
            subsets = np.array([s for s in range(1 << size) if s.bit_count() == level], dtype=np.int64)
            members = np.array([[i for i in range(size) if s >> i & 1] for s in subsets], dtype=np.int64)
            settled = reach[np.abs(reach) > level + more]
            values[np.ix_(subsets, subsets, settled + offset)] = np.sign(settled)
            open_margins = reach[np.abs(reach) <= level + more]
            if not len(open_margins):
                continue
            s, t, m = np.indices((len(subsets), len(subsets), len(open_margins))).reshape(3, -1)
            own, other = members[s], members[t]                                       # n x level each
            child_own = subsets[s][:, None] ^ (1 << own)
            child_other = subsets[t][:, None] ^ (1 << other)
            child_margin = open_margins[m][:, None, None] + beats[own[:, :, None], other[:, None, :]] + offset
            games = values[child_own[:, :, None], child_other[:, None, :], child_margin]
            if np.isnan(games).any():
                raise AssertionError("a position was reached that its level did not solve")
            game_values, rows, cols = solve_matrix_games(games)
            values[subsets[s], subsets[t], open_margins[m] + offset] = game_values
            keys = zip(global_mine[subsets[s]].tolist(), global_theirs[subsets[t]].tolist(),
                       open_margins[m].tolist(), strict=True)
            for (a, b, d), v, x, y in zip(keys, game_values.tolist(), rows.tolist(), cols.tolist(), strict=True):
                self.memo[(a, b, d, *later)] = (v, tuple(x), tuple(y))


def position_value(position: Position, solver: Solver | None = None) -> float:
    """The value of ``position`` to "me" under optimal play: the expected result, +1 win, 0 tie, -1 loss."""
    return (solver or Solver()).value(position)


def equilibrium(position: Position, solver: Solver | None = None) -> Equilibrium:
    """The value of ``position`` and an optimal mixed strategy for each player."""
    return (solver or Solver()).equilibrium(position)


# --- the bot -----------------------------------------------------------------------------------------------
def position_from_view(view: View) -> Position:
    """The position the view's seat is in: everything the solver needs is open information in the view.

    The opponent's cards are its face-up entry, which includes a card it may have laid face down this
    match: which card that is, is exactly what we do not know, so it is still one of its choices.
    """
    if view.seat is None:
        raise ValueError("a spectator has no position to play")
    seat, opponent = view.seat, 1 - view.seat
    values: dict[str, int] = view.extra["values"]
    theirs = next(entry["face_up"] for entry in view.seats if entry["seat"] == opponent)
    first_half = view.hand_number < view.extra.get("halves", 2)
    dealt: list[list[str]] = view.extra["dealt"]
    return Position.of([values[c] for c in view.hand], [values[c] for c in theirs],
                       view.scores[seat] - view.scores[opponent],
                       [values[c] for c in dealt[opponent]] if first_half else (),
                       [values[c] for c in dealt[seat]] if first_half else ())


class SolverBot:
    """Plays an equilibrium strategy: lays each card with the probability an optimal mixed strategy gives it.

    Against any opponent its expected result is at least the position's value; it does not try to exploit
    a weak opponent's habits (that is what the heuristic bot is for).
    """

    name = "solver"

    def __init__(self, seed: int | None = None) -> None:
        _linprog()  # import scipy now (about half a second, once), not within the first move's budget
        self.rng = random.Random(seed)
        self.solver = Solver()
        self._deal: Any = None

    def choose(self, view: View, worlds: WorldSampler | None = None) -> str:
        if not view.legal_actions:
            raise ValueError(f"seat {view.seat} has no legal action to choose from")
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        deal = (view.extra["dealt"], view.extra["values"])
        if deal != self._deal:
            # A new game: positions of the old one will not come back, so let their memo go.
            self.solver, self._deal = Solver(), deal
        found = self.solver.equilibrium(position_from_view(view))
        values: dict[str, int] = view.extra["values"]
        by_value = {values[action.split()[1]]: action for action in view.legal_actions}
        card = self.rng.choices(found.mine, weights=found.strategy)[0]
        return by_value[card]


def solver_for(game_id: str, seed: int | None = None) -> SolverBot:
    """The solver bot for a game it can solve; any other game is refused, naming the ones it can."""
    if game_id not in GAMES:
        raise ValueError(f"the solver bot plays only games small enough to solve exactly: {', '.join(GAMES)}; "
                         f"not {game_id!r}")
    return SolverBot(seed)
