"""The coach's reviews of finished games, for the replay page (``GET /api/tables/{id}/review``).

A review is worked out once per table and seat and kept: a finished game never changes. Its decisions are
judged one at a time in the server's bot workers (``BotPool.judge``), each under a move's deadline and
with a bounded budget, in the pool's last class: behind every live table's bots, so a review never delays
a game (``botpool.Schedule``).

Strangers may ask for reviews, so the work is bounded by who waits for it (issue 36: 3,000 requests that
gave up after 0.3 s had kept the workers busy for minutes, and a table's bots ten minutes on a card):

* at most one computation per table and seat at a time, however many ask, and a finished one is kept
  apart from those still running, so that forgetting old results never starts a running one again;
* a computation nobody waits for any more is abandoned: its decision waiting for a worker is dropped,
  and one a worker already thinks about is finished unheeded (a move's deadline at most);
* one client waits for at most ``PER_CLIENT`` reviews at a time; more is ``TooManyRequests``;
* the replay that finds a review's decisions runs on one thread of the reviews' own, never the event
  loop's default pool: a flood queues its replays there, each dropped when its review is abandoned, and
  ``close`` drops whatever is still queued, so that the server's shutdown waits for one replay at most.

Any seat of a finished game may be reviewed, by anyone: once the game is over its full record, seed and
every hand included, is public (``GET /record``, the replay of every seat), so a review tells nothing the
record does not; and the coach values each decision from that seat's information alone.
"""

from __future__ import annotations

import asyncio
from collections import Counter, OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from parlour.bots.coach import Review, decision_points
from parlour.web import errors
from parlour.web.botpool import BotPool, ReviewFailed, ReviewJob
from parlour.web.tables import Table

BUDGET = 300          # IS-MCTS iterations a decision: a Tëtka game's review in a few seconds on two workers
SEED = 0              # as ``parlour review``'s default, so the terminal can repeat a server's review
CACHED_REVIEWS = 64   # finished reviews kept, by table and seat
PER_CLIENT = 2        # reviews one client may wait for at once
RETRY_SECONDS = 5     # what a client refused for asking too much is told to wait

Key = tuple[str, int]   # (table id, seat)


@dataclass
class _Running:
    """A review being worked out, and who waits for it: requests by client."""

    task: asyncio.Task[dict[str, Any]]
    clients: Counter[str] = field(default_factory=Counter)


class Reviews:
    """The reviews asked for: computed in ``pool``'s workers while someone waits, then kept, the oldest
    forgotten first."""

    def __init__(self, pool: BotPool, budget: int = BUDGET, size: int = CACHED_REVIEWS,
                 per_client: int = PER_CLIENT) -> None:
        if budget < 1:
            raise ValueError(f"a review's budget is a positive number of iterations a decision, not {budget}")
        self.pool = pool
        self.budget = budget
        self.size = size
        self.per_client = per_client
        self._finished: OrderedDict[Key, dict[str, Any]] = OrderedDict()
        self._running: dict[Key, _Running] = {}
        self._clients: Counter[str] = Counter()     # client -> the running reviews it waits for
        self._replays = ThreadPoolExecutor(max_workers=1, thread_name_prefix="parlour-review")

    @property
    def running(self) -> int:
        """How many reviews are being worked out."""
        return len(self._running)

    async def of(self, table: Table, seat: int, client: str) -> dict[str, Any]:
        """The review of ``seat``'s decisions (``Review.to_dict``), for ``client`` (its address, which bounds how
        many reviews it may wait for at once); refused while the game is going on."""
        if not table.finished:
            raise errors.GameNotOver("a review is given once the game is over: it uses every hand's record")
        players = table.state.players
        if not 0 <= seat < players:
            raise errors.MalformedRequest(f"no seat {seat}: seats are 0 to {players - 1}")
        key = (table.id, seat)
        if key in self._finished:
            self._finished.move_to_end(key)
            return self._finished[key]
        running = self._running.get(key)
        if (running is None or client not in running.clients) and self._clients[client] >= self.per_client:
            raise errors.TooManyRequests(f"at most {self.per_client} reviews are worked out for one client at a "
                                         "time; wait for one of them", retry_after=RETRY_SECONDS)
        if running is None:
            running = self._start(key, table.state.record(), table.state.is_over)
        return await self._wait(key, running, client)

    def close(self) -> None:
        """Abandon every review being worked out, and the replays still queued, at once (the server stops)."""
        for running in self._running.values():
            running.task.cancel()
        self._running.clear()
        self._replays.shutdown(wait=False, cancel_futures=True)

    # --- inside ----------------------------------------------------------------------------------------
    def _start(self, key: Key, record: dict[str, Any], over: bool) -> _Running:
        task = asyncio.get_running_loop().create_task(self._review(key, record, over), name=f"review of {key}")
        running = self._running[key] = _Running(task)
        task.add_done_callback(lambda _: self._settle(key, running))
        return running

    async def _wait(self, key: Key, running: _Running, client: str) -> dict[str, Any]:
        """Wait for a running review as one of its waiters; the last to leave before it ends abandons it.

        The review is shielded from any one waiter's cancellation (a client gone), so that the others keep
        it; ``finally`` counts every way out, cancellation included."""
        if client not in running.clients:
            self._clients[client] += 1
        running.clients[client] += 1
        try:
            return await asyncio.shield(running.task)
        except ReviewFailed as failure:
            raise errors.ReviewUnavailable(f"{failure}; ask again") from None
        finally:
            self._leave(key, running, client)

    def _leave(self, key: Key, running: _Running, client: str) -> None:
        """One request has stopped waiting, answered or not; the last one out abandons the review."""
        running.clients[client] -= 1
        if running.clients[client] == 0:
            del running.clients[client]
            self._clients[client] -= 1
            if self._clients[client] == 0:
                del self._clients[client]
        if not running.clients and not running.task.done():
            running.task.cancel()            # nobody waits for it: its decision in line is dropped
            if self._running.get(key) is running:
                del self._running[key]       # the next request starts afresh, not on a review being cancelled

    def _settle(self, key: Key, running: _Running) -> None:
        """Once a review's task ends: it runs no more, and its review is kept if it was worked out."""
        if self._running.get(key) is running:
            del self._running[key]
        task = running.task
        if task.cancelled() or task.exception() is not None:
            return                           # the waiters have the failure; asking again tries again
        self._finished[key] = task.result()
        while len(self._finished) > self.size:
            self._finished.popitem(last=False)

    async def _review(self, key: Key, record: dict[str, Any], over: bool) -> dict[str, Any]:
        """Judge each decision in turn, so that a review holds one place in the pool's line at a time. A
        closed table's game may have stopped before its end: it is reviewed as far as it went."""
        table_id, seat = key
        points = await asyncio.get_running_loop().run_in_executor(self._replays, decision_points, record, seat)
        decisions = []
        for step, _, _ in points:
            decisions.append(await self.pool.judge(ReviewJob(table_id, record, seat, step, self.budget, SEED)))
        return Review(record["game"], seat, self.budget, SEED, over, tuple(decisions)).to_dict()
