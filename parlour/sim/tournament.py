"""Tournaments: many games between bot kinds, with the seats rotated, on one or several processes.

Everything is drawn from the tournament's seed: game ``g``'s deal seed and each of its bots' seeds
(from the seed, ``g`` and the seat), so a tournament replays exactly whatever the number of processes,
and any single game can be replayed alone from its ``GameRecord``.

Seating. The seat list gives one bot kind per seat. Game ``g`` rotates it by ``g``: the kind listed
``i``-th sits in seat ``(i + g) % players``, so over a multiple of the player count every kind has held
every seat equally often (seat order matters in most games: the eldest hand leads).

Duplicate. ``duplicate=True`` replays each deal once per rotation: games ``g`` with the same
``g // players`` share one deal seed, hence the same cards and the same chance throughout, and each
kind in turn plays every seat's cards, so the luck of the deal cancels. ``games`` still counts games
played (not deals), and must then be a multiple of the player count, since a deal played for only
some rotations would bring its luck back.

What is reported per bot kind (several seats of one kind are one player, merged under its name; each
seat it held counts as one game for it):

- mean score: the final ``state.scores()`` of its seats, as the game counts them (lower is better in
  games with ``GameInfo.lowest_score_wins``), with a t interval over independent units: games, or
  deals in duplicate mode (the rotations of one deal share its luck, so they are not independent, and
  averaging them first is what lets duplicate give narrower intervals).
- win rate: a win is being among ``result.winners``; a win shared by k seats counts 1/k, so a game's
  wins add up to one (a void game, with no winners, to none). Wilson interval over its games.
- Elo: a Bradley-Terry fit over every pair of seats with different kinds in every game (the better
  place beats the other, equal places are half a win each), with half a virtual win each way per pair
  so that a clean sweep stays finite, on the Elo scale with the ``random`` kind at 0 when it plays
  (otherwise the mean is 0).

>>> result = run_tournament("divide-and-conquer", ["heuristic", "random"], games=4, seed=1)
>>> [record.kinds for record in result.records][:2]
[('heuristic', 'random'), ('random', 'heuristic')]
>>> sorted(s.bot for s in result.summaries), result.summary("random").elo
(['heuristic', 'random'], 0.0)
"""

from __future__ import annotations

import csv
import math
import multiprocessing
import os
import random
import secrets
import signal
import statistics
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import IO, Any, Protocol, TypeVar

from parlour.bots import make_bot, sampler_for
from parlour.bots.base import first_to_act, reaction_time
from parlour.engine import GameInfo, Result, State, game_info, new_game
from parlour.sim import stats

Progress = Callable[[int, int], None]
R = TypeVar("R")
K = TypeVar("K")   # the handle a backend keeps a submitted game by (a future, a Ray reference)
Finished = Generator[tuple[int, R], None, None]   # (index of the task, its result), as each game ends

CSV_COLUMNS = ("bot", "games", "mean_score", "ci95_low", "ci95_high", "win_rate", "win_ci95_low",
               "win_ci95_high", "elo")
ELO_ANCHOR = "random"
# Tasks waiting for a worker, per worker: enough to keep each busy, few enough that an interrupt
# does not wait for thousands of queued games to be cancelled.
QUEUED_PER_JOB = 4


class GameFailure(RuntimeError):
    """A game that could not be played to its end: a bot's error or refused choice (a bug to report).

    The message names the game, its deal seed and the seating, which is all it takes to replay it.
    """


# --- plain data -----------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class GameTask:
    """Everything one game needs, small and picklable: what a worker process receives."""

    number: int                     # 0-based, in the tournament's order
    deal: int                       # the deal's number: equal to ``number`` unless duplicate
    rotation: int                   # how far the seat list was rotated for this game
    game_id: str
    players: int
    variant: str | None
    options: Mapping[str, Any]
    deal_seed: int
    kinds: tuple[str, ...]          # bot kind by seat
    bot_seeds: tuple[int, ...]      # bot seed by seat


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What one game came to: who sat where, and the final scores, places and winners by seat.

    ``new_game(game_id, players, variant, seed=deal_seed, **options)`` with
    ``make_bot(kinds[s], game_id, bot_seeds[s])`` in each seat replays it.
    """

    number: int
    deal: int
    rotation: int
    deal_seed: int
    kinds: tuple[str, ...]
    bot_seeds: tuple[int, ...]
    scores: tuple[int, ...]
    places: tuple[int, ...]
    winners: tuple[int, ...]
    actions: int

    def wins(self, seat: int) -> float:
        """The share of the win that went to ``seat``: 1/k when k seats share it."""
        return 1 / len(self.winners) if seat in self.winners else 0.0


@dataclass(frozen=True, slots=True)
class KindSummary:
    """One row of the tournament table and of its CSV file (``CSV_COLUMNS``, in order)."""

    bot: str
    games: int
    mean_score: float
    ci95_low: float
    ci95_high: float
    win_rate: float
    win_ci95_low: float
    win_ci95_high: float
    elo: float

    def row(self) -> tuple[str | int | float, ...]:
        return tuple(getattr(self, name) for name in CSV_COLUMNS)


@dataclass(frozen=True, slots=True)
class Margin:
    """A bot's mean lead over the other kinds at its tables (more is better), its 95% interval and the
    independent units (games, or deals in duplicate mode) behind it."""

    mean: float
    low: float
    high: float
    units: int

    @property
    def verdict(self) -> str:
        """``better`` or ``worse`` when the interval clears zero, ``level`` when it does not."""
        return "better" if self.low > 0 else "worse" if self.high < 0 else "level"


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """The games played, in order, and a summary per bot kind, best Elo first."""

    game_id: str
    players: int
    variant: str | None
    seed: int
    duplicate: bool
    seats: tuple[str, ...]
    lowest_score_wins: bool
    records: tuple[GameRecord, ...]
    summaries: tuple[KindSummary, ...]
    options: Mapping[str, Any] = field(default_factory=dict)

    def summary(self, bot: str) -> KindSummary:
        for row in self.summaries:
            if row.bot == bot:
                return row
        raise KeyError(bot)

    @property
    def deals(self) -> int:
        return len({record.deal for record in self.records})

    def margin(self, bot: str, by_wins: bool = False) -> Margin:
        """How much better ``bot`` scored than the other kinds at its tables: per game (per deal in duplicate
        mode), its seats' mean score minus the other seats' mean, signed so that more is better even where
        the lowest score wins, with a t interval over those units.

        This is the paired comparison that says whether one bot beats another: the deal's luck is in both
        scores and cancels in their difference, so it separates bots that two overlapping score intervals
        (each carrying that luck) cannot.

        ``by_wins`` counts each seat's share of the game's win (1/k of a win shared by k seats) in place of
        its score: the lead in games won, for a game whose scores have no useful mean (Crates, where each
        pressure doubles the last and one deal in a few hundred scores millions).
        """
        sign = -1 if self.lowest_score_wins and not by_wins else 1
        units: dict[int, list[float]] = {}
        for record in self.records:
            scores = [record.wins(seat) for seat in range(len(record.kinds))] if by_wins else record.scores
            mine = [score for kind, score in zip(record.kinds, scores, strict=True) if kind == bot]
            theirs = [score for kind, score in zip(record.kinds, scores, strict=True) if kind != bot]
            if mine and theirs:
                units.setdefault(record.deal if self.duplicate else record.number, []).append(
                    sign * (statistics.fmean(mine) - statistics.fmean(theirs)))
        if not units:
            raise KeyError(f"{bot!r} never met another kind in this tournament")
        return Margin(*stats.mean_interval([statistics.fmean(unit) for unit in units.values()]), units=len(units))

    def write_csv(self, stream: IO[str]) -> None:
        write_csv(self.summaries, stream)


# --- planning -----------------------------------------------------------------------------------------
def derive_seed(seed: int, purpose: str) -> int:
    """A 63-bit seed for one purpose, drawn from the tournament's: the same in every process."""
    return random.Random(f"{seed}|{purpose}").getrandbits(63)


def seating(seats: Sequence[str], rotation: int) -> tuple[str, ...]:
    """The seat list rotated: the kind listed ``i``-th sits in seat ``(i + rotation) % len(seats)``.

    >>> seating(["a", "b", "c"], 1)
    ('c', 'a', 'b')
    """
    n = len(seats)
    return tuple(seats[(seat - rotation) % n] for seat in range(n))


def plan_games(game_id: str, seats: Sequence[str], games: int, seed: int, *, duplicate: bool = False,
               players: int | None = None, variant: str | None = None,
               options: Mapping[str, Any] | None = None) -> list[GameTask]:
    """Check everything that can be checked before a game is played, and lay out every game.

    Refusals are ``ValueError``\\ s in the registry's and ``make_bot``'s words: an unknown game, variant,
    option or bot kind, the wrong number of seats, fewer than one game. Nothing runs until all pass,
    so a typo in the last seat does not cost an hour of games.
    """
    info = game_info(game_id)
    kinds = tuple(seats)
    count = players if players is not None else info.players_default
    if not kinds:
        raise ValueError("name one bot kind per seat")
    if len(kinds) != count:
        by, hint = ("", "") if players is not None else (" by default", ", or set the number of players")
        raise ValueError(f"{info.name} is played by {count} players{by}, but the seats name {len(kinds)}: "
                         f"give one bot kind per seat{hint}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"play at least one game, not {games!r}")
    if duplicate and games % count:
        raise ValueError(f"duplicate mode plays each deal once per rotation of the {count} seats: the number of "
                         f"games must be a multiple of {count}, not {games}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"the seed must be a whole number, not {seed!r}")
    settings = dict(options or {})
    new_game(game_id, players=count, variant=variant, seed=0, **settings)   # refuses a bad variant or option
    for kind in dict.fromkeys(kinds):
        check_bot(kind, game_id)
    tasks = []
    for number in range(games):
        deal = number // count if duplicate else number
        rotation = number % count
        tasks.append(GameTask(
            number=number, deal=deal, rotation=rotation, game_id=game_id, players=count, variant=variant,
            options=settings, deal_seed=derive_seed(seed, f"deal {deal}"), kinds=seating(kinds, rotation),
            bot_seeds=tuple(derive_seed(seed, f"game {number} seat {seat}") for seat in range(count))))
    return tasks


def check_bot(kind: str, game_id: str) -> None:
    """Make one bot of ``kind`` to see that it can be made; a bot whose module is missing is unknown too."""
    try:
        make_bot(kind, game_id, seed=0)
    except ImportError as exc:
        raise ValueError(f"bot {kind!r} is not available: {exc}") from None


# --- playing ------------------------------------------------------------------------------------------------
def play_game(task: GameTask) -> GameRecord:
    """Play one game to its end; run in a worker process, so it takes and returns plain data."""
    return game_record(task, *play_out(task))


def game_record(task: GameTask, state: State, result: Result, actions: int) -> GameRecord:
    """What the game of ``task`` came to, from its final state."""
    return GameRecord(number=task.number, deal=task.deal, rotation=task.rotation, deal_seed=task.deal_seed,
                      kinds=task.kinds, bot_seeds=task.bot_seeds, scores=tuple(state.scores()),
                      places=tuple(result.places), winners=tuple(result.winners), actions=actions)


def play_out(task: GameTask) -> tuple[State, Result, int]:
    """The game of ``task`` played to its end: the final state, its result and the number of actions.

    Bots see only their seat's view and a sampler of worlds consistent with it, never the state. When
    several seats may act at once (a claim window, a race), each bot among them gives its reaction time
    for its view and the quickest decides and acts, equal times settled by the game's own seeded chance
    (never by seat order); then ``to_move`` is read again. Only the quickest decides, since the others'
    decisions would be made again on the new state anyway. Any error is a ``GameFailure`` naming the game.
    """
    try:
        info = game_info(task.game_id)
        state = new_game(task.game_id, players=task.players, variant=task.variant, seed=task.deal_seed,
                         **dict(task.options))
        bots = [make_bot(kind, task.game_id, seed) for kind, seed in zip(task.kinds, task.bot_seeds, strict=True)]
        reactions = random.Random(derive_seed(task.deal_seed, "reactions"))   # shared by a duplicate deal's rotations
        actions = 0
        while not state.is_over:
            if actions >= info.max_actions:
                raise GameFailure(f"{which(task)} did not end within {info.max_actions} actions")
            seat = state.to_move[0] if len(state.to_move) == 1 else first_to_act(
                {s: reaction_time(bots[s], state.view(s), reactions) for s in state.to_move}, reactions)
            choice = bots[seat].choose(state.view(seat), sampler_for(state, seat))
            try:
                state.apply(seat, choice)
            except ValueError as exc:
                raise GameFailure(f"{which(task)}: the {task.kinds[seat]} bot in seat {seat} chose "
                                  f"{choice!r}, refused: {exc}") from None
            actions += 1
        return state, state.result(), actions
    except GameFailure:
        raise
    except Exception as exc:
        raise GameFailure(f"{which(task)} failed: {type(exc).__name__}: {exc}") from exc


def which(task: GameTask) -> str:
    """The game of ``task`` as a failure names it: enough to replay it alone."""
    return f"game {task.number + 1} (deal seed {task.deal_seed}, seats {', '.join(task.kinds)})"


class Backend(Protocol):
    """Where the games are played: ``run`` plays ``play(task)`` for every task on ``jobs`` workers.

    It yields ``(index, result)`` as each game ends, ``index`` being the task's place in ``tasks``, and
    raises the ``GameFailure`` of a game that fails, as ``play`` raised it. ``play`` must be a
    module-level function, so that it reaches other processes by name.
    """

    def run(self, play: Callable[[GameTask], R], tasks: Sequence[GameTask], jobs: int) -> Finished[R]:
        ...


class LocalPool:
    """This machine: one process plays in this one (nothing to pickle, and a debugger sees the games).

    Several use a process pool whose workers are started by a fork server where there is one: forking
    this process directly would copy whatever threads it runs (a progress bar's, a web server's) in
    mid-step.
    """

    def run(self, play: Callable[[GameTask], R], tasks: Sequence[GameTask], jobs: int) -> Finished[R]:
        if jobs == 1 or len(tasks) <= 1:
            for index, task in enumerate(tasks):
                yield index, play(task)
            return
        pool = ProcessPoolExecutor(max_workers=min(jobs, len(tasks)), mp_context=_context(),
                                   initializer=_worker_start)
        try:
            yield from _pooled(pool, play, tasks, jobs * QUEUED_PER_JOB)
        except BaseException:
            _stop(pool)
            raise
        pool.shutdown()


def play_games(tasks: Sequence[GameTask], jobs: int = 1, progress: Progress | None = None,
               backend: Backend | None = None) -> list[GameRecord]:
    """Every game of ``tasks``, in their order, on ``jobs`` workers of ``backend`` (default: this
    machine's processes, ``LocalPool``); ``progress(done, total)`` after each."""
    records: dict[int, GameRecord] = dict(played(play_game, tasks, jobs, progress, backend))
    return [records[index] for index in range(len(tasks))]


def played(play: Callable[[GameTask], R], tasks: Sequence[GameTask], jobs: int = 1, progress: Progress | None = None,
           backend: Backend | None = None) -> Iterator[tuple[int, R]]:
    """``(index, play(task))`` as each game of ``tasks`` ends on ``backend``, with ``progress`` told each time."""
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"a tournament runs on at least one process, not {jobs!r}")
    games = (backend or LocalPool()).run(play, tasks, jobs)
    try:
        for done, (index, result) in enumerate(games, 1):
            if progress is not None:
                progress(done, len(tasks))
            yield index, result
    finally:
        games.close()   # an interrupt in ``progress`` or in the caller stops the workers at once


def _worker_start() -> None:
    """Workers leave Ctrl-C to the parent, which stops them all at once rather than each printing a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel the queued games and end those being played, whose results are no longer wanted.

    After a failure or an interrupt, waiting for the running games could take minutes with searching
    bots. ``ProcessPoolExecutor`` has no public way to end its workers before Python 3.14's
    ``terminate_workers``, hence its private process table.
    """
    workers = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join()
    pool.shutdown(wait=True)


def top_up(running: dict[K, int], waiting: Iterator[tuple[int, GameTask]], submit: Callable[[GameTask], K],
           most: int) -> None:
    """Submit the next ``waiting`` games (numbered) until ``most`` are ``running``, each under the handle
    ``submit`` gives back: one way for every backend to keep a bounded number of games in flight."""
    for index, task in waiting:
        running[submit(task)] = index
        if len(running) >= most:
            break


def _pooled(pool: ProcessPoolExecutor, play: Callable[[GameTask], R], tasks: Sequence[GameTask],
            queued: int) -> Iterator[tuple[int, R]]:
    """``(index, result)`` as games finish, keeping at most ``queued`` games submitted and unfinished."""
    waiting = enumerate(tasks)
    running: dict[Future[R], int] = {}
    while True:
        top_up(running, waiting, lambda task: pool.submit(play, task), queued)
        if not running:
            return
        done, _ = wait(running, return_when=FIRST_COMPLETED)
        for future in done:
            yield running.pop(future), future.result()


def _context() -> multiprocessing.context.BaseContext:
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([__name__])
        return context
    return multiprocessing.get_context()


# --- summarising ---------------------------------------------------------------------------------------------
def summarise(records: Sequence[GameRecord], by_deal: bool = False,
              anchor: str | None = ELO_ANCHOR) -> tuple[KindSummary, ...]:
    """One summary per bot kind, best Elo first (ties in order of first appearance).

    A kind's score in one game is the mean of its seats there; the interval takes each game's as one
    draw, or with ``by_deal`` (duplicate mode) each deal's mean. Every game seats a kind as often, so
    the mean of these equals the mean over all its seats.
    """
    if not records:
        raise ValueError("no games to summarise")
    kinds = list(dict.fromkeys(kind for record in records for kind in record.kinds))
    elo = stats.elo_ratings(stats.bradley_terry(
        stats.pairwise_wins((record.kinds, record.places) for record in records), players=kinds), anchor)
    rows = []
    for kind in kinds:
        games = 0
        wins = 0.0
        units: dict[int, list[float]] = {}
        for record in records:
            seats = [seat for seat, sitter in enumerate(record.kinds) if sitter == kind]
            if not seats:
                continue
            games += len(seats)
            wins += math.fsum(record.wins(seat) for seat in seats)
            units.setdefault(record.deal if by_deal else record.number, []).append(
                statistics.fmean(record.scores[seat] for seat in seats))
        mean, low, high = stats.mean_interval([statistics.fmean(unit) for unit in units.values()])
        rate, win_low, win_high = stats.wilson_interval(min(wins, games), games)
        rows.append(KindSummary(bot=kind, games=games, mean_score=mean, ci95_low=low, ci95_high=high,
                                win_rate=rate, win_ci95_low=win_low, win_ci95_high=win_high, elo=elo[kind]))
    order = {kind: i for i, kind in enumerate(kinds)}
    return tuple(sorted(rows, key=lambda row: (-row.elo, order[row.bot])))


# --- the whole tournament ---------------------------------------------------------------------------------
def run_tournament(game_id: str, seats: Sequence[str], games: int, seed: int | None = None, *, jobs: int = 1,
                   duplicate: bool = False, players: int | None = None, variant: str | None = None,
                   options: Mapping[str, Any] | None = None, progress: Progress | None = None,
                   anchor: str | None = ELO_ANCHOR, backend: Backend | None = None,
                   journal: str | os.PathLike[str] | None = None) -> TournamentResult:
    """Play ``games`` games of ``game_id`` between the bot kinds of ``seats`` and summarise them.

    ``seed`` fixes every deal and every bot's choices (none given: one is drawn and kept in the
    result); the result depends on neither ``jobs`` nor ``backend`` (``LocalPool`` unless given, or a
    cluster's, ``parlour.sim.ray_backend.RayBackend``). Bad arguments raise ``ValueError`` before any game
    is played; a game that fails raises ``GameFailure``.

    With a ``journal`` file each game is written there whole as it ends (a simulation's lines,
    ``parlour.sim.simulate``), and the games it holds already are not played again: a run stopped midway
    goes on where it stopped when started again (the seed, if not given, is read from the file). A file of
    another run is a ``ValueError``, and stays as it was.
    """
    if journal is not None:
        from parlour.sim.simulate import records_in, simulate_file  # simulations are built on this module

        seed = simulate_file(journal, game_id, seats, games, seed, resume=True, jobs=jobs, duplicate=duplicate,
                             players=players, variant=variant, options=options, progress=progress, backend=backend)
    elif seed is None:
        seed = secrets.randbits(63)
    info: GameInfo = game_info(game_id)
    tasks = plan_games(game_id, seats, games, seed, duplicate=duplicate, players=players, variant=variant,
                       options=options)
    records = records_in(journal) if journal is not None else play_games(tasks, jobs=jobs, progress=progress,
                                                                          backend=backend)
    return TournamentResult(
        game_id=game_id, players=tasks[0].players, variant=variant, seed=seed, duplicate=duplicate,
        seats=tuple(seats), lowest_score_wins=info.lowest_score_wins, records=tuple(records),
        summaries=summarise(records, by_deal=duplicate, anchor=anchor),
        options=dict(tasks[0].options))


def write_csv(summaries: Sequence[KindSummary], stream: IO[str]) -> None:
    """The header ``CSV_COLUMNS`` and one row per bot kind; an undefined interval is written ``nan``."""
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for summary in summaries:
        writer.writerow([_csv_value(value) for value in summary.row()])


def _csv_value(value: str | int | float) -> str:
    if isinstance(value, float):
        return "nan" if math.isnan(value) else repr(round(value, 6) + 0.0)
    return str(value)
