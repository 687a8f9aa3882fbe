"""Tournaments and simulations on a Ray cluster: the same games as the local pool, played elsewhere.

``RayBackend(address)`` is a ``parlour.sim.tournament.Backend``: give it to ``run_tournament`` or
``simulate`` (``backend=``), or say ``--backend ray [--address ADDR]`` on the command line. Each game is
still ``play_game(task)`` (or the simulation's own function) on a ``GameTask`` planned from the seed here,
so the results are those of the local pool, game for game, whatever the cluster.

- **Workers.** ``jobs`` Ray actors (at most one per CPU of the cluster), one CPU each, each playing one
  game after another with a few queued (``QUEUED_PER_JOB``), so ``jobs`` means what it means locally:
  that many games at once.
- **The code.** The cluster runs this process's own ``parlour`` package, shipped with the job
  (``runtime_env`` ``py_modules``): a node with another version installed, or none, plays by the
  driver's rules all the same. The nodes need Python and parlour's dependencies (``rich``; ``scipy``
  for the solver bot).
- **Where.** ``address=None`` or ``"local"`` starts a Ray on this machine (no dashboard; Ray binds to
  the machine's address, never to loopback alone); ``"auto"`` follows Ray's own search
  (``RAY_ADDRESS``, then the cluster ``ray start`` began here); ``host:port`` (the head's GCS port,
  6379 by default) or ``ray://host:port`` (Ray Client) joins a cluster, after a quick check that
  something answers there, since Ray itself would retry for minutes. A program that has already
  called ``ray.init`` keeps its own session.

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
from parlour.sim.tournament import QUEUED_PER_JOB, Finished, GameFailure, GameTask, which

R = TypeVar("R")
ADDRESS = re.compile(r"(?:ray://)?(?P<host>\[[0-9a-fA-F:]+\]|[\w.-]+):(?P<port>\d{1,5})")
# Long enough for a cluster across the world, short enough that a typo is told at once.
REACH_SECONDS = 5.0


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
    """Games played by Ray actors on the cluster at ``address`` (see the module's docstring).

    The actors outlive a run, shared by every backend of this process, so a second tournament starts at
    once (an actor costs a process start and the job's code) and two backends never wait on each
    other's CPUs; ``close()`` ends them, as does the end of the Ray session.
    """

    def __init__(self, address: str | None = None) -> None:
        self.address = check_address(address)
        require_ray()

    def workers(self) -> int:
        """The cluster's CPUs: the most games it can play at once (what ``--jobs 0`` asks for)."""
        return max(1, int(connect(self.address).cluster_resources().get("CPU", 1)))

    def run(self, play: Callable[[GameTask], R], tasks: Sequence[GameTask], jobs: int) -> Finished[R]:
        """``(index, play(task))`` as games end, on ``jobs`` actors (at most one per CPU of the cluster,
        since an actor waiting for a CPU would hold its queued games forever), each kept
        ``QUEUED_PER_JOB`` games ahead. A failure or an interrupt ends the actors, whose queued games
        are no longer wanted.
        """
        ray = connect(self.address)
        actors = _actors(ray, min(jobs, len(tasks), self.workers()))
        waiting = enumerate(tasks)
        running: dict[Any, tuple[int, Any]] = {}

        def submit(actor: Any) -> None:
            for index, task in waiting:
                running[actor.play.remote(play, task)] = index, actor
                return

        try:
            for _ in range(QUEUED_PER_JOB):
                for actor in actors:
                    submit(actor)
            while running:
                (ref,), _ = ray.wait(list(running), num_returns=1)
                index, actor = running.pop(ref)
                yield index, _result(ray, ref, tasks[index])
                submit(actor)
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        """End the actors (a later run starts new ones)."""
        ray = require_ray()
        for actor in _POOL.pop("actors", []):
            ray.kill(actor)


# The actors of this process's Ray session, which it names ("session"): a new session starts anew.
_POOL: dict[str, Any] = {}


def _actors(ray: ModuleType, count: int) -> list[Any]:
    """``count`` actors of the pool, started as needed."""
    session = ray.get_runtime_context().get_job_id()
    if _POOL.get("session") != session:
        _POOL.clear()
        _POOL["session"] = session
    actors: list[Any] = _POOL.setdefault("actors", [])
    while len(actors) < count:
        actors.append(_player(ray).remote())
    return actors[:count]


def _result(ray: ModuleType, ref: Any, task: GameTask) -> Any:
    """A game's result, its ``GameFailure`` raised as the local pool raises it (not wrapped by Ray)."""
    try:
        return ray.get(ref)
    except ray.exceptions.RayTaskError as exc:
        cause = exc.cause
        if isinstance(cause, GameFailure):
            raise GameFailure(str(cause)) from None
        raise GameFailure(f"{which(task)} failed on the Ray cluster: {type(cause).__name__}: {cause}") from None
    except ray.exceptions.RayError as exc:
        raise GameFailure(f"{which(task)} was lost with its Ray worker: {type(exc).__name__}: {exc}") from None


class _Player:
    """A Ray actor's body: it plays the games it is sent, one at a time."""

    def play(self, play: Callable[[GameTask], R], task: GameTask) -> R:
        return play(task)


@cache
def _player(ray: ModuleType) -> Any:
    return ray.remote(num_cpus=1)(_Player)
