"""Tournaments and simulations on a Ray cluster: the same games as the local pool, played elsewhere.

``RayBackend(address)`` is a ``parlour.sim.tournament.Backend``: give it to ``run_tournament`` or
``simulate`` (``backend=``), or say ``--backend ray [--address ADDR]`` on the command line. Each game is
still ``play_game(task)`` (or the simulation's own function) on a ``GameTask`` planned from the seed here,
so the results are those of the local pool, game for game, whatever the cluster and whatever it loses.

- **Games are Ray tasks** of one CPU each, at most ``jobs`` submitted at once, so ``jobs`` means what it
  means locally: at most that many games at once. Tasks rather than a pool of actors, because Ray places
  each task on whichever worker is free, anywhere, and a task waiting for a CPU is demand that an
  autoscaling cluster answers by adding nodes; actors sized to the CPUs present when the run starts never
  ask it to grow. ``--jobs 0`` (``jobs=SUBMITTED_AT_MOST`` from Python) submits up to that many games, so
  the cluster grows as far as its autoscaler allows and plays as many at once as it then has CPUs. Ray
  reuses its task workers, so a game costs no process start; it does cost a round trip to the scheduler
  when it ends, which a game of bots that think dwarfs (``benchmarks/cluster.py`` measures it on the
  fastest games).
- **A lost game is played again.** A game whose worker process, node or result is lost (Ray's
  ``WorkerCrashedError``, ``NodeDiedError``, ``ObjectLostError``, ``OutOfMemoryError``) is submitted again,
  to whichever worker Ray picks: it is planned from the seed, so it comes out the same. After
  ``attempts`` losses (``ATTEMPTS``, 3) the run fails with a ``GameFailure`` naming the game and how often it was lost,
  since a game that kills every worker it meets is a bug. A game whose own code fails is not retried: its
  ``GameFailure`` is the local pool's, word for word. Ray's own task retries are off, so that this
  counting is the only one.
- **The code.** The cluster runs this process's own ``parlour`` package, shipped with the job
  (``runtime_env`` ``py_modules``): a node with another version installed, or none, plays by the
  driver's rules all the same. The nodes need Python and parlour's dependencies (``rich``; ``scipy``
  for the solver bot).
- **Where.** ``address=None`` or ``"local"`` starts a Ray on this machine; ``"auto"`` follows Ray's own
  search (``RAY_ADDRESS``, then the cluster ``ray start`` began here); ``host:port`` (the head's GCS
  port, 6379 by default) or ``ray://host:port`` (Ray Client) joins a cluster, after a quick check that
  something answers there, since Ray itself would retry for minutes. A program that has already
  called ``ray.init`` keeps its own session.

**What a local Ray opens to the network.** Ray binds its gRPC services (the GCS, the raylet's two ports,
every worker's port) to all interfaces, and will not take loopback as its node's address (it replaces
127.0.0.1 by the machine's address), so these listen on every interface whatever parlour asks; only the
dashboard could stay on loopback, and parlour does not start it. What guards them is Ray's token
authentication: Ray 2.60 turns it on for a Ray that ``ray.init`` starts, keeping a random token in
``~/.ray/auth_token`` that every call must carry, unless ``RAY_AUTH_MODE=disabled``. A Ray that leaves it
off by default (2.52 did) needs ``RAY_AUTH_MODE=token`` in the environment before parlour starts (Ray reads
it on import, so parlour cannot set it for you), and Rays before 2.52 have none: anyone who can reach the
machine can then run code in its Ray. To join a secured cluster, give this process what its nodes have: the
token (``RAY_AUTH_MODE=token`` and the cluster's token in ``~/.ray/auth_token``, ``RAY_AUTH_TOKEN_PATH`` or
``RAY_AUTH_TOKEN``), and where the cluster uses TLS, ``RAY_USE_TLS=1`` with ``RAY_TLS_SERVER_CERT``,
``RAY_TLS_SERVER_KEY`` and ``RAY_TLS_CA_CERT``. Or reach the head's Ray Client port through SSH (``ssh -N -L
10001:localhost:10001 HEAD``, then ``--address ray://127.0.0.1:10001``), so that the head need open nothing
but SSH to you.

Ray is an optional dependency (``pip install "parlour[cluster]"``); without it, ``RayBackend`` fails
with an ``ImportError`` that says so.
"""

from __future__ import annotations

import importlib
import logging
import re
import socket
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

import parlour
from parlour.sim.tournament import Finished, GameFailure, GameTask, top_up, which

R = TypeVar("R")
ADDRESS = re.compile(r"(?:ray://)?(?P<host>\[[0-9a-fA-F:]+\]|[\w.-]+):(?P<port>\d{1,5})")
# Long enough for a cluster across the world, short enough that a typo is told at once.
REACH_SECONDS = 5.0
# How often one game may be lost before the run fails (see RayBackend).
ATTEMPTS = 3
# Games submitted at once whatever ``jobs`` says: enough for an autoscaler to grow a large cluster, few
# enough that a run of a million games does not hold a million tasks in this process.
SUBMITTED_AT_MOST = 4096


def require_ray() -> ModuleType:
    """The ``ray`` module, or an ``ImportError`` naming the extra that installs it."""
    try:
        return importlib.import_module("ray")     # a ModuleType whether or not Ray's types are installed
    except ImportError:
        raise ImportError('the ray backend needs Ray: pip install "parlour[cluster]"') from None


def check_address(address: str | None) -> str:
    """The address ``ray.init`` is given (``None`` becomes ``"local"``), refused unless well formed."""
    if address is None or address in ("local", "auto"):
        return address or "local"
    match = ADDRESS.fullmatch(address)
    if match is None or not 0 < int(match["port"]) < 65536:
        raise ValueError(f"a Ray address is host:port, ray://host:port, auto or local, not {address!r}")
    return address


def reach(address: str) -> None:
    """Refuse at once a ``host:port`` where nothing listens (``ray.init`` would retry for minutes)."""
    match = ADDRESS.fullmatch(address)
    if match is None:
        return
    try:
        socket.create_connection((match["host"].strip("[]"), int(match["port"])), timeout=REACH_SECONDS).close()
    except OSError as exc:
        raise ValueError(f"no Ray cluster answers at {address}: {exc.strerror or exc}") from None


def connect(address: str | None = None, num_cpus: int | None = None) -> ModuleType:
    """Ray, initialised: joined to the cluster at ``address``, or started here with ``num_cpus`` CPUs.

    The job carries this process's ``parlour`` package, so that every node plays by the same rules.
    """
    ray = require_ray()
    where = check_address(address)
    reach(where)
    if ray.is_initialized():
        return ray
    settings: dict[str, Any] = {"runtime_env": {"py_modules": [str(Path(parlour.__file__).parent)]},
                                "logging_level": logging.WARNING}
    if where == "local":
        settings |= {"num_cpus": num_cpus, "include_dashboard": False}
    try:
        ray.init(address=where, **settings)
    except ConnectionError as exc:
        raise ValueError(f"cannot join the Ray cluster at {where}: {exc}") from None
    return ray


class RayBackend:
    """Games played as Ray tasks on the cluster at ``address`` (see the module's docstring).

    ``attempts`` is how often one game may be lost (its worker, node or result gone) before the run
    fails with a ``GameFailure`` that says so: a game that kills every worker it reaches is a bug to
    report, not bad luck to retry forever.
    """

    def __init__(self, address: str | None = None, attempts: int = ATTEMPTS) -> None:
        if isinstance(attempts, bool) or not isinstance(attempts, int) or attempts < 1:
            raise ValueError(f"a game is played at least once, not {attempts!r} times")
        self.address = check_address(address)
        self.attempts = attempts
        require_ray()

    def workers(self) -> int:
        """The cluster's CPUs now: the most games it plays at once until an autoscaler adds nodes."""
        return max(1, int(connect(self.address).cluster_resources().get("CPU", 1)))

    def run(self, play: Callable[[GameTask], R], tasks: Sequence[GameTask], jobs: int) -> Finished[R]:
        """``(index, play(task))`` as games end, with at most ``jobs`` games submitted at once (and
        ``SUBMITTED_AT_MOST``). A lost game is submitted again, up to ``attempts`` times; a failure or an
        interrupt cancels the games still submitted, ending their workers, whose results are no longer
        wanted.
        """
        ray = connect(self.address)
        remote = _remote_play(ray)
        lost = _lost(ray)
        waiting = enumerate(tasks)
        running: dict[Any, int] = {}
        losses: dict[int, int] = {}
        at_once = min(jobs, SUBMITTED_AT_MOST)
        try:
            while True:
                top_up(running, waiting, lambda task: remote.remote(play, task), at_once)
                if not running:
                    return
                for ref in _finished(ray, list(running)):
                    index = running.pop(ref)
                    try:
                        yield index, _result(ray, ref, tasks[index], lost)
                    except lost as exc:
                        losses[index] = losses.get(index, 0) + 1
                        if losses[index] >= self.attempts:
                            raise GameFailure(_lost_message(tasks[index], losses[index], exc)) from None
                        running[remote.remote(play, tasks[index])] = index
        except BaseException:
            for ref in running:
                ray.cancel(ref, force=True)
            raise


def _finished(ray: ModuleType, refs: list[Any]) -> list[Any]:
    """The games of ``refs`` that have ended: one at least (waited for), and every other ended by then."""
    (first,), rest = ray.wait(refs, num_returns=1, fetch_local=False)
    if not rest:
        return [first]
    others, _ = ray.wait(rest, num_returns=len(rest), timeout=0, fetch_local=False)
    return [first, *others]


def _result(ray: ModuleType, ref: Any, task: GameTask, lost: tuple[type[BaseException], ...]) -> Any:
    """A game's result. Its ``GameFailure`` is raised as the local pool raises it (not wrapped by Ray), any
    other error of the game's own code or of Ray's is a ``GameFailure`` too, naming the game; Ray's word
    that the game was ``lost`` passes through, for the caller to play it again."""
    try:
        return ray.get(ref)
    except lost:
        raise
    except ray.exceptions.RayTaskError as exc:
        cause = exc.cause
        if isinstance(cause, GameFailure):
            raise GameFailure(str(cause)) from None
        raise GameFailure(f"{which(task)} failed on the Ray cluster: {type(cause).__name__}: {cause}") from None
    except ray.exceptions.RayError as exc:
        raise GameFailure(f"{which(task)} could not be played on the Ray cluster: {_said(exc)}") from None


def _lost_message(task: GameTask, times: int, exc: BaseException) -> str:
    return (f"{which(task)} was lost {times} time{'s' if times != 1 else ''} on the Ray cluster, its worker or "
            f"node gone each time (the last: {_said(exc)})")


def _said(exc: BaseException) -> str:
    """A Ray error in one line: its name and its first line (the rest is Ray's advice and traceback)."""
    lines = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {lines[0] if lines else ''}"


def _lost(ray: ModuleType) -> tuple[type[BaseException], ...]:
    """Ray's errors for a game whose worker, node or result is gone: the game itself did nothing wrong."""
    names = ("WorkerCrashedError", "NodeDiedError", "ObjectLostError", "OutOfMemoryError")
    return tuple(error for name in names if isinstance(error := getattr(ray.exceptions, name, None), type))


def _play(play: Callable[[GameTask], R], task: GameTask) -> R:
    """A Ray task's body: one game."""
    return play(task)


@cache
def _remote_play(ray: ModuleType) -> Any:
    """``_play`` as a Ray task of one CPU that Ray never retries itself: ``RayBackend.run`` counts the losses."""
    return ray.remote(num_cpus=1, max_retries=0)(_play)
