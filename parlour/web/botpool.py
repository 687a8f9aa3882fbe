"""The server's bots, bounded: every search runs in a worker process, under a cap and a deadline.

A client names its bots (``ismcts:2s``), so without bounds a client could seat ``ismcts:1e9s`` and hold
one of the server's threads for thirty years; a search in a thread also holds the GIL, and so slows
every other table and request. Hence three bounds, each standing in for the one before if that fails:

* ``BotLimits.check`` refuses a table whose bot asks for more than the server allows, naming the limit;
* ``BotLimits.bound`` caps the bot itself, so that even an iterations-only budget stops at a deadline;
* the parent process gives each move ``max_seconds`` plus a grace, and kills a worker that has not
  answered by then (a bot that ignores its budget, a rebuild that never ends): the move is played at
  random, the worker is replaced, and the other tables never notice.

Searching bots think in worker *processes* (``multiprocessing``'s "spawn", since the server has threads
and forking a threaded process can copy a held lock), so a search never takes the event loop or the
GIL. Workers ignore SIGINT: Ctrl+C in a terminal reaches the whole process group, and it is the server's
to stop its workers, not each worker's to die with a traceback. The random and heuristic bots (and the easy
and medium levels, which are the heuristic) answer in well under a millisecond and are played inline, so that
a table of them never queues behind a search.

Jobs wait in a ``Schedule``, which shares the workers fairly (issue 36: eight tables of bots alone, each
thinking five seconds a move, had made a person's table wait a minute a card). Three classes, each served
before the next: the bots of a table where a person sits (and hints), whose moves someone is waiting for;
then the bots of tables of bots alone; then the coach's reviews of finished games. Within a class the
tables take turns, one job each, so a table with many jobs waiting cannot hold the class. The last two
classes together may occupy at most all workers but one, so with two workers or more a person's table
never waits behind a search nobody is watching; with a single worker it waits for at most the one already
running (a move's deadline). A person's table plays one move at a time, so the worker kept free is
enough for it: on two cores (the default, a worker a core) a person's three ``ismcts:200`` bots answered a
card in 0.07 s (median) beside eight tables of bots alone, as on an idle server, where with every worker
open to those tables it took 5 s, and up to 25 (``benchmarks/server_load.py --beside``). Pausing a search
(SIGSTOP) or killing it for a person's move would let the background use every worker, but needs a spare
process per paused one and a deadline that stops while paused; the kept worker is simpler, and enough.

A job whose caller stops waiting is dropped from the line at once; if a worker is already on it, the
worker finishes that one move (bounded by its deadline) and its answer is thrown away, since killing the
worker would cost a new one's start-up, a couple of seconds of a core.

A job is plain data (``BotJob``): the table's record, not its state, since the states of some games do
not pickle. Each worker keeps the states of its last few tables, and applies only the actions a record
adds to a history it has already played. A bot is given only its seat's view and a world sampler, as
everywhere else: the worker holds the full state, the bot does not.

The coach's review of a finished game goes through the same workers, one decision a job (``ReviewJob``),
in the last class, so that a review never delays a table's bots; a decision that fails or overruns is an
error for its caller (``ReviewFailed``), not a random answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import multiprocessing
import random
import signal
import threading
import time
import traceback
from collections import OrderedDict, deque
from collections.abc import Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnContext, SpawnProcess
from typing import Any

from parlour.bots import Bot, make_bot, sampler_for
from parlour.bots.base import LEVEL_NAMES, PEER
from parlour.bots.coach import Decision, judge, state_before
from parlour.bots.ismcts import Budget, IsmctsBot
from parlour.bots.levels import ExpertBot, warm_dds_for
from parlour.bots.pimc import PimcBot
from parlour.bots.rollout import RolloutBot
from parlour.engine import State
from parlour.engine.record import replay

logger = logging.getLogger("parlour.web")

# Bots fast enough to play inline, in the server's own process: the easy and medium levels are the rule of
# thumb too (the easy one slipping now and then), as quick as ``heuristic``.
QUICK_KINDS = ("random", "heuristic", "easy", "medium")
GRACE = 2.0          # seconds past its own limit before a worker's move is given up and the worker killed
STARTUP = 30.0       # seconds a new worker may take to start and import the games (a loaded machine is slow)
CACHED_TABLES = 32   # tables whose states each process keeps, to apply only a record's new actions
STOP_WAIT = 0.5      # seconds ``close`` waits for killed workers to be reaped


def is_quick(kind: str) -> bool:
    """Whether a seat kind's bot answers fast enough to play inline rather than in a worker."""
    return kind in QUICK_KINDS or kind.startswith("heuristic:")   # a heuristic's level sets only its reaction time


def move_seed(table_seed: int, seat: int, version: int, purpose: str = "bot") -> int:
    """The bot's seed for one move, drawn from the table's seed: a restarted server plays the same moves."""
    return random.Random(f"{table_seed}|{purpose}|{seat}|{version}").getrandbits(63)


def _seconds(amount: float) -> str:
    return f"{amount:g} second{'' if amount == 1 else 's'}"


# --- limits --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class BotLimits:
    """How long any one bot may think about one move on this server (``--max-bot-seconds`` and
    ``--max-bot-iterations``). Construction refuses limits that would not bound anything."""

    max_seconds: float = 5.0
    max_iterations: int = 100_000

    def __post_init__(self) -> None:
        seconds = self.max_seconds
        if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not 0 < seconds < math.inf:
            raise ValueError(f"--max-bot-seconds must be a positive, finite number of seconds, not {seconds!r}")
        iterations = self.max_iterations
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
            raise ValueError(f"--max-bot-iterations must be a whole number of at least 1, not {iterations!r}")

    def check(self, kind: str, game_id: str) -> None:
        """Refuse a bot that asks for more than this server allows, naming the limit and its option.

        A malformed kind (unknown, or a budget of ``inf``, ``nan`` or ``-1s``) is refused by ``make_bot``
        itself, whose message says what a kind looks like. Every searching kind is judged by what its name
        asks for (``_asks``): a seconds budget by its seconds (its iteration count then means "no limit"),
        a count by its count, whether iterations (``ismcts:N``), worlds (``pimc:N``) or simulations
        (``openspiel-ismcts:N``), which ``--max-bot-iterations`` bounds alike. A level, chosen by name, and
        what a kind's name cannot set (pimc's second) are capped to the limits (``bound``) rather than refused.
        Whether the kind plays the game at all is the caller's to ask (``parlour.bots.kinds.works_for``).
        """
        bot = make_bot(kind, game_id)
        if kind in LEVEL_NAMES:
            return
        seconds, count = _asks(bot)
        if seconds is not None and seconds > self.max_seconds:
            raise ValueError(f"{kind} thinks longer than this server allows: at most "
                             f"{_seconds(self.max_seconds)} a move (--max-bot-seconds)")
        if count is not None and count[0] > self.max_iterations:
            raise ValueError(f"{kind} thinks longer than this server allows: at most "
                             f"{self.max_iterations} {count[1]} a move (--max-bot-iterations)")

    def bound(self, bot: Bot) -> Bot:
        """The bot, its budget capped by both limits (a searching bot's, in place; other bots have none).

        Both limits apply to every budget, so an iterations-only budget (whose seconds are infinite) still
        stops at ``max_seconds``: the worker keeps to the deadline by itself, and the parent's kill is
        only for a bot that cannot. Each searching kind has both: IS-MCTS a ``Budget``, rollouts a ``Budget``
        and a ``limit`` that holds even for the two worlds a comparison needs, pimc its worlds and seconds, and
        OpenSpiel's IS-MCTS its simulations and seconds.
        """
        if isinstance(bot, ExpertBot):   # the expert level: its search, and open-hand worlds at the end
            self.bound(bot.search)
            self.bound(bot.player)
        if isinstance(bot, PimcBot):
            bot.worlds = min(bot.worlds, self.max_iterations)
            bot.seconds = min(bot.seconds, self.max_seconds)
            self.bound(bot.fallback)
        if isinstance(bot, IsmctsBot | RolloutBot):
            bot.budget = Budget(min(bot.budget.iterations, self.max_iterations),
                                min(bot.budget.seconds, self.max_seconds))
        if isinstance(bot, RolloutBot):   # its two worlds at least, within the limit all the same
            bot.limit = min(bot.limit, self.max_seconds)
        if _is_peer(bot):
            peer: Any = bot
            peer.simulations = min(peer.simulations, self.max_iterations)
            peer.seconds = min(peer.seconds, self.max_seconds)
        return bot


def _is_peer(bot: Bot) -> bool:
    """Whether ``bot`` is OpenSpiel's IS-MCTS (known by name: its module needs OpenSpiel to import)."""
    return getattr(bot, "name", None) == PEER and hasattr(bot, "simulations")


def _asks(bot: Bot) -> tuple[float | None, tuple[int, str] | None]:
    """What a bot's kind asks of the server a move: its seconds, and its count with what it counts
    (``(200, "iterations")``), each None where the kind does not set it; ``(None, None)`` for a bot that does
    not search. A ``Budget`` with finite seconds asks for those (its iteration count is "no limit", or the
    default's, stopped by the seconds first); pimc's seconds are not its name's to set."""
    if isinstance(bot, IsmctsBot | RolloutBot):
        if bot.budget.seconds < math.inf:
            return bot.budget.seconds, None
        return None, (bot.budget.iterations, "iterations")
    if isinstance(bot, PimcBot):
        return None, (bot.worlds, "worlds")
    if _is_peer(bot):
        peer: Any = bot
        return None, (int(peer.simulations), "simulations")
    return None, None


# --- jobs, and rebuilding their states ------------------------------------------------------------------
@dataclass(frozen=True)
class BotJob:
    """What a worker needs to choose one move, as plain data that pickles: which bot, in which seat, of
    which table (``table_id`` keys the workers' caches), the table's ``state.record()``, and the seed."""

    table_id: str
    kind: str
    record: dict[str, Any]
    seat: int
    seed: int
    person_waits: bool = True   # a person sits at the table (a hint, or bots playing among people)


@dataclass(frozen=True)
class ReviewJob:
    """One decision of a finished game for the coach to judge (``parlour.bots.coach.judge``): the move at
    ``step`` (1-based) of the record, made by ``seat``, valued with ``budget`` iterations and ``seed``."""

    table_id: str
    record: dict[str, Any]
    seat: int
    step: int
    budget: int
    seed: int


class ReviewFailed(Exception):
    """A decision of a review could not be judged: its worker failed or overran the deadline."""


def _judge(job: ReviewJob, limits: BotLimits) -> Decision:
    """The coach's verdict on one decision, its search bounded by the server's limits like a bot's move."""
    state = state_before(job.record, job.step)
    played = job.record["actions"][job.step - 1][1]
    return judge(state, job.seat, played, job.step, min(job.budget, limits.max_iterations), None, job.seed,
                 seconds=limits.max_seconds)


def _setup(record: dict[str, Any]) -> tuple[Any, ...]:
    """What a record's game was started with: a cached state serves only a record with the same."""
    return (record.get("game"), record.get("players"), record.get("variant"), record.get("seed"),
            record.get("options"))


class _States:
    """The states of the last few tables seen, so that a game's next move replays only the new actions.

    A cached state serves a record whose actions begin with the ones it has played; after an undo, or
    with anything else unexpected, the record is replayed from the start (``replay``, which checks it).
    """

    def __init__(self, size: int = CACHED_TABLES) -> None:
        self.size = size
        self._entries: OrderedDict[str, tuple[tuple[Any, ...], list[list[Any]], State]] = OrderedDict()

    def state(self, table_id: str, record: dict[str, Any]) -> State:
        """The state the record describes. It is the cache's own: read it, do not change it."""
        actions: list[list[Any]] = record["actions"]
        entry = self._entries.pop(table_id, None)   # back only once it is known to be right
        state = self._extended(entry, record) if entry is not None else None
        if state is None:
            state = replay(record)
        self._entries[table_id] = (_setup(record), [list(action) for action in actions], state)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)
        return state

    @staticmethod
    def _extended(entry: tuple[tuple[Any, ...], list[list[Any]], State], record: dict[str, Any]) -> State | None:
        """The cached state with the record's new actions applied, or None if it is not a prefix of it."""
        setup, played, state = entry
        actions = record["actions"]
        if setup != _setup(record) or len(played) > len(actions) or actions[:len(played)] != played:
            return None
        for seat, notation in actions[len(played):]:
            state.apply(seat, notation)
        if "scores" in record and record["scores"] != state.scores():
            return None   # the cache has drifted from the record somehow: start again from the record
        return state


class _Bots:
    """The bots of the last few seats seen, kept between moves for what they learn that only saves time
    (the solver's table of solved positions); each move reseeds the bot's own chance from the job, so a
    kept bot chooses exactly as a new one would."""

    def __init__(self, size: int = CACHED_TABLES * 4) -> None:
        self.size = size
        self._bots: OrderedDict[tuple[str, int, str], Bot] = OrderedDict()

    def bot(self, job: BotJob, game_id: str) -> Bot:
        key = (job.table_id, job.seat, job.kind)
        bot = self._bots.pop(key, None)
        chance = getattr(bot, "rng", None)
        # OpenSpiel's search also draws from a NumPy generator seeded once from ``rng``: it is built anew.
        if bot is None or not isinstance(chance, random.Random) or _is_peer(bot):
            bot = make_bot(job.kind, game_id, seed=job.seed)
        else:
            chance.seed(job.seed)
        self._bots[key] = bot
        while len(self._bots) > self.size:
            self._bots.popitem(last=False)
        return bot


def _choose(job: BotJob, states: _States, limits: BotLimits, bots: _Bots | None = None) -> str:
    """One move for the job's seat: its bot, bounded, sees the seat's view and a world sampler only."""
    state = states.state(job.table_id, job.record)
    bot = limits.bound(bots.bot(job, state.info.id) if bots is not None
                       else make_bot(job.kind, state.info.id, seed=job.seed))
    view = state.view(job.seat)
    choice = bot.choose(view, sampler_for(state, job.seat))
    if choice not in view.legal_actions:
        raise ValueError(f"the {job.kind} bot chose {choice!r}, which seat {job.seat} may not play")
    return choice


def _random_move(job: BotJob, states: _States) -> str:
    """A uniformly random legal move, seeded by the job: what is played when the bot could not answer."""
    legal = states.state(job.table_id, job.record).view(job.seat).legal_actions
    if not legal:
        raise ValueError(f"seat {job.seat} has no legal action to choose from")
    return random.Random(job.seed).choice(legal)


# --- the worker process ---------------------------------------------------------------------------------
def _work(conn: Connection, limits: BotLimits) -> None:
    """A worker's whole life: say it is ready, then answer jobs until the parent goes.

    Each answer is ``("ok", notation)`` or ``("error", traceback)``: a bot that raises is reported and the
    worker carries on. SIGINT is ignored (and already was while Python started: see ``_sigint_ignored``).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    states, bots = _States(), _Bots()   # the games and bots were imported with this module, before "ready"
    conn.send(("ready", None))
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return   # the parent has gone
        if not isinstance(job, BotJob | ReviewJob):
            return
        warm_dds_for(job.record.get("game"))   # at its first bridge job: the first card is then as quick
        try:
            reply = ("ok", _choose(job, states, limits, bots) if isinstance(job, BotJob) else _judge(job, limits))
        except Exception:
            reply = ("error", traceback.format_exc())
        try:
            conn.send(reply)
        except OSError:
            return


@contextlib.contextmanager
def _sigint_ignored() -> Iterator[None]:
    """Ignore SIGINT for a moment (from the main thread only, where Python allows it).

    A process started meanwhile inherits "ignored", and Python then installs no KeyboardInterrupt handler
    of its own: a Ctrl+C while a worker is still importing cannot spray a traceback. The parent's own
    handler is back a few milliseconds later.
    """
    previous = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() or previous is None:
        yield   # not ours to change here, or a handler set outside Python, which could not be put back
        return
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


class _WorkerLost(Exception):
    """A worker did not answer in time (logged as a warning: a slow bot) or died (an error): replace it."""

    def __init__(self, what: str, level: int = logging.ERROR) -> None:
        super().__init__(what)
        self.level = level


class _BotFailed(Exception):
    """A bot raised in its worker (the worker itself is fine); the message is the worker's traceback."""


class _Worker:
    """One worker process, and the parent's end of its pipe."""

    def __init__(self, context: SpawnContext, limits: BotLimits, number: int) -> None:
        self.context = context
        self.limits = limits
        self.name = f"parlour-bot-{number}"
        self.process: SpawnProcess | None = None
        self.conn: Connection | None = None
        self.ready = False

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.is_alive()

    def _pipe(self) -> Connection:
        if self.conn is None:
            raise RuntimeError(f"{self.name} has not been started")
        return self.conn

    def start(self) -> None:
        """Start the process; it says "ready" once it has imported the games."""
        parent_end, child_end = self.context.Pipe()
        process = self.context.Process(target=_work, args=(child_end, self.limits), name=self.name, daemon=True)
        with _sigint_ignored():
            process.start()
        child_end.close()   # so that the parent sees end-of-file when the worker dies
        self.process, self.conn, self.ready = process, parent_end, False

    def kill(self) -> None:
        """SIGKILL, at once: a search is never waited for."""
        if self.process is not None and self.process.is_alive():
            self.process.kill()

    def reap(self, timeout: float) -> None:
        """After ``kill``: collect the process and let its pipe go."""
        if self.process is not None:
            self.process.join(timeout)
            if self.process.exitcode is not None:
                self.process.close()
        if self.conn is not None:
            self.conn.close()
        self.process, self.conn, self.ready = None, None, False

    def replace(self) -> None:
        self.kill()
        self.reap(STOP_WAIT)
        self.start()

    async def ask(self, job: BotJob | ReviewJob, deadline: float, startup: float) -> Any:
        """The worker's answer to one job; ``_WorkerLost`` if it died or overran ``deadline`` seconds."""
        if not self.alive:   # never started, or died while idle: a fresh one gets the job
            if self.process is not None:
                logger.warning("%s stopped while idle (exit code %s); starting another",
                               self.name, self.process.exitcode)
            self.reap(STOP_WAIT)
            self.start()
        if not self.ready:
            await self._receive(startup, f"did not start within {_seconds(startup)}")
            self.ready = True
        try:
            self._pipe().send(job)
        except OSError as exc:
            raise _WorkerLost(f"could not be sent the job ({exc})") from None
        kind, value = await self._receive(deadline, f"did not answer within {_seconds(deadline)}")
        if kind == "error":
            raise _BotFailed(value)
        return value

    async def _receive(self, timeout: float, overran: str) -> tuple[str, Any]:
        """The worker's next message, awaited on the event loop (no thread) until ``timeout``."""
        conn, loop = self._pipe(), asyncio.get_running_loop()
        readable = loop.create_future()

        def wake() -> None:
            if not readable.done():
                readable.set_result(None)

        loop.add_reader(conn.fileno(), wake)
        try:
            async with asyncio.timeout(timeout):    # never wait_for: on 3.11 it can swallow a cancel (gh-86296)
                await readable
            message: tuple[str, Any] = conn.recv()
        except TimeoutError:
            raise _WorkerLost(overran, logging.WARNING) from None
        except (EOFError, OSError):
            # The pipe closes a moment before the process's exit is seen: wait for it briefly, so that
            # the exit code is known rather than reported as None.
            code = None
            if self.process is not None:
                self.process.join(STOP_WAIT)
                code = self.process.exitcode
            raise _WorkerLost(f"stopped unexpectedly (exit code {code})") from None
        finally:
            loop.remove_reader(conn.fileno())
        return message


# --- sharing the workers ---------------------------------------------------------------------------------
PERSON, ALONE, REVIEW = 0, 1, 2     # the classes of jobs, served in this order


def job_class(job: BotJob | ReviewJob) -> int:
    """Whose job it is: a move someone waits for, a move of bots alone, or a decision of a review."""
    if isinstance(job, ReviewJob):
        return REVIEW
    return PERSON if job.person_waits else ALONE


Waiting = tuple[BotJob | ReviewJob, "asyncio.Future[Any]"]   # a job, and the future its caller awaits


class Schedule:
    """The jobs waiting for a worker, handed out by class (``PERSON``, then ``ALONE``, then ``REVIEW``) and,
    within a class, a job a table in turn; ``ALONE`` and ``REVIEW`` jobs together run on at most
    ``background`` workers at once, so that the rest stay free for the tables where people wait."""

    def __init__(self, background: int) -> None:
        if background < 1:
            raise ValueError(f"searches nobody watches need at least one worker, not {background}")
        self.background = background
        self._waiting: list[OrderedDict[str, deque[Waiting]]] = [OrderedDict() for _ in (PERSON, ALONE, REVIEW)]
        self._running_background = 0
        self._changed = asyncio.Event()

    def put(self, job: BotJob | ReviewJob, answer: asyncio.Future[Any]) -> None:
        """Line ``job`` up, behind its table's earlier jobs of the same class."""
        self._waiting[job_class(job)].setdefault(job.table_id, deque()).append((job, answer))
        self._changed.set()

    def discard(self, job: BotJob | ReviewJob, answer: asyncio.Future[Any]) -> None:
        """Take a job out of the line once its caller has stopped waiting (nothing if it was handed out)."""
        tables = self._waiting[job_class(job)]
        jobs = tables.get(job.table_id)
        if jobs is None:
            return
        kept = deque(entry for entry in jobs if entry[1] is not answer)
        if kept:
            tables[job.table_id] = kept      # the table keeps its turn
        else:
            del tables[job.table_id]

    async def take(self) -> Waiting:
        """The next job a free worker should run (its caller must say ``done`` after it)."""
        while (chosen := self._next()) is None:
            self._changed.clear()
            await self._changed.wait()
        if job_class(chosen[0]) != PERSON:
            self._running_background += 1
        return chosen

    def done(self, job: BotJob | ReviewJob) -> None:
        """A job handed out by ``take`` has ended, one way or another."""
        if job_class(job) != PERSON:
            self._running_background -= 1
            self._changed.set()          # a background place is free again

    def cancel_all(self) -> None:
        """Empty the line, cancelling every waiting job's answer (the pool is closing)."""
        for tables in self._waiting:
            for jobs in tables.values():
                for _, answer in jobs:
                    answer.cancel()
            tables.clear()

    @property
    def waiting(self) -> int:
        """How many jobs wait for a worker."""
        return sum(len(jobs) for tables in self._waiting for jobs in tables.values())

    def _next(self) -> Waiting | None:
        for rank, tables in enumerate(self._waiting):
            if rank != PERSON and self._running_background >= self.background:
                return None
            while tables:
                table_id, jobs = next(iter(tables.items()))
                job, answer = jobs.popleft()
                if answer.done():   # cancelled a moment ago, before its caller ran to ``discard`` it
                    if not jobs:
                        del tables[table_id]
                    continue        # the table keeps its turn
                del tables[table_id]
                if jobs:
                    tables[table_id] = jobs      # its next job, after every other table's
                return job, answer
        return None


# --- the pool -------------------------------------------------------------------------------------------
class BotPool:
    """The server's bots: quick ones inline, searching ones in a few worker processes, each move under a
    deadline. ``choose`` answers every job with a legal move; ``close`` stops every worker at once."""

    def __init__(self, workers: int, limits: BotLimits, *, grace: float = GRACE, startup: float = STARTUP) -> None:
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise ValueError(f"a bot pool needs at least one worker, not {workers!r}")
        if not 0 <= grace < math.inf or not 0 < startup < math.inf:
            raise ValueError(f"grace ({grace!r}) and startup ({startup!r}) must be finite, startup positive")
        self.limits = limits
        self.grace = grace
        self.startup = startup
        context = multiprocessing.get_context("spawn")
        self._workers = [_Worker(context, limits, number) for number in range(workers)]
        self._schedule = Schedule(max(1, workers - 1))
        self._servers: list[asyncio.Task[None]] = []
        self._states = _States()   # for quick bots and random fallbacks, in this process
        self._closed = False

    @property
    def live_workers(self) -> int:
        """How many worker processes are running (none until the first searching bot's move)."""
        return sum(worker.alive for worker in self._workers)

    async def choose(self, job: BotJob) -> str:
        """The notation of a legal action for ``job.seat``: the bot's, or a random one if it failed.

        Raises only if no move can be found at all (a record that does not replay, a seat with no legal
        action), ``CancelledError`` if the pool is closed while the job waits or runs, and ``RuntimeError``
        once it is closed.
        """
        if self._closed:
            raise RuntimeError("the bot pool is closed")
        if is_quick(job.kind):
            return self._choose_inline(job)
        return str(await self._queued(job))

    async def judge(self, job: ReviewJob) -> Decision:
        """The coach's verdict on one decision, judged in a worker under the deadline of a move; raises
        ``ReviewFailed`` if the worker fails or overruns, and as ``choose`` does once closed."""
        if self._closed:
            raise RuntimeError("the bot pool is closed")
        decision: Decision = await self._queued(job)
        return decision

    async def _queued(self, job: BotJob | ReviewJob) -> Any:
        """The answer of a worker to ``job``, once the schedule hands it out."""
        self._start()
        answer: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._schedule.put(job, answer)
        try:
            return await answer
        except asyncio.CancelledError:   # the caller has gone (cancelling it cancelled the answer too)
            self._schedule.discard(job, answer)
            raise

    async def close(self) -> None:
        """Kill every worker now (a running search is not waited for) and cancel the jobs still waiting."""
        self._closed = True
        for server in self._servers:
            server.cancel()
        await asyncio.gather(*self._servers, return_exceptions=True)
        self._servers.clear()
        for worker in self._workers:
            worker.kill()
        until = time.monotonic() + STOP_WAIT
        for worker in self._workers:
            worker.reap(max(until - time.monotonic(), 0.0))
        self._schedule.cancel_all()

    # --- inside ----------------------------------------------------------------------------------------
    def _choose_inline(self, job: BotJob) -> str:
        try:
            return _choose(job, self._states, self.limits)
        except Exception:
            logger.exception("table %s: the %s bot in seat %d failed; playing at random",
                             job.table_id, job.kind, job.seat)
            return _random_move(job, self._states)

    def _start(self) -> None:
        """On the first searching bot's move: start the workers, each served by one task."""
        if self._servers:
            return
        for worker in self._workers:
            worker.start()   # all at once, so that they import in parallel
        loop = asyncio.get_running_loop()
        self._servers = [loop.create_task(self._serve(worker), name=f"{worker.name} server")
                         for worker in self._workers]

    async def _serve(self, worker: _Worker) -> None:
        """Take the schedule's next job whenever this worker is free, for as long as the pool is open."""
        while not self._closed:
            job, answer = await self._schedule.take()
            try:
                choice = await (self._ask(worker, job) if isinstance(job, BotJob) else self._review(worker, job))
            except asyncio.CancelledError:
                answer.cancel()
                raise
            except Exception as exc:   # not even a random move: the record or the seat is at fault
                if not answer.done():
                    answer.set_exception(exc)
                continue
            finally:
                self._schedule.done(job)
            if not answer.done():
                answer.set_result(choice)

    async def _review(self, worker: _Worker, job: ReviewJob) -> Decision:
        try:
            decision: Decision = await worker.ask(job, self.limits.max_seconds + self.grace, self.startup)
        except _BotFailed as failure:
            logger.error("table %s: the review of step %d failed\n%s", job.table_id, job.step, failure)
            raise ReviewFailed(f"the coach could not judge step {job.step}") from None
        except _WorkerLost as lost:
            logger.log(lost.level, "table %s: the worker reviewing step %d %s; it was replaced",
                       job.table_id, job.step, lost)
            worker.replace()
            raise ReviewFailed(f"the coach could not judge step {job.step} in time") from None
        return decision

    async def _ask(self, worker: _Worker, job: BotJob) -> str:
        try:
            return str(await worker.ask(job, self.limits.max_seconds + self.grace, self.startup))
        except _BotFailed as failure:
            logger.error("table %s: the %s bot in seat %d failed; playing at random\n%s",
                         job.table_id, job.kind, job.seat, failure)
        except _WorkerLost as lost:
            logger.log(lost.level, "table %s: the worker thinking for the %s bot in seat %d %s; it was "
                       "replaced, and a random move played", job.table_id, job.kind, job.seat, lost)
            worker.replace()   # at once, so that the new worker imports while the pool carries on
        return _random_move(job, self._states)
