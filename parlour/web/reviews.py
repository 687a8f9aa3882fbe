"""The coach's reviews of finished games, for the replay page (``GET /api/tables/{id}/review``).

A review is worked out once per table and seat and kept: a finished game never changes. Its decisions are
judged one at a time in the server's bot workers (``BotPool.judge``), each under a move's deadline and
with a bounded budget, in the pool's last class: behind every live table's bots, so a review never delays
a game (``botpool.Schedule``).

Strangers may ask for reviews, so the work is bounded by who waits for it (issue 36: 3,000 requests that
gave up after 0.3 s had kept the workers busy for minutes and a table's bots waiting ten):

* at most one computation per table and seat at a time, however many ask, and a finished one is kept
  apart from those still running, so that forgetting old results never starts a running one again;
* a computation nobody waits for any more is abandoned (its queued decisions are never judged);
* one client waits for at most ``PER_CLIENT`` reviews at a time; more is ``TooManyRequests``;
* the replay that finds a review's decisions runs on one thread of the reviews' own, which ``close``
  stops at once with whatever is queued, so that a backlog never holds up the server's shutdown.

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
    """A review being worked out, and how many requests wait for it."""

    task: asyncio.Task[dict[str, Any]]
    waiters: int = 0
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
        self._waiting: Counter[str] = Counter()     # client -> reviews it waits for
        self._replays = ThreadPoolExecutor(max_workers=1, thread_name_prefix="parlour-review")

    @property
    def running(self) -> int:
        """How many reviews are being worked out."""
        return len(self._running)

    async def of(self, table: Table, seat: int, client: str = "unknown") -> dict[str, Any]:
        """The review of ``seat``'s decisions (``Review.to_dict``), for ``client`` (whose address bounds how
        many it may wait for); refused while the game is going on."""
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
        if (running is None or running.clients[client] == 0) and self._waiting[client] >= self.per_client:
            raise errors.TooManyRequests(f"at most {self.per_client} reviews are worked out for one client at a "
                                         "time; wait for one of them", retry_after=RETRY_SECONDS)
        if running is None:
            running = self._running[key] = _Running(asyncio.create_task(
                self._review(key, table.state.record(), seat, table.state.is_over)))
        return await self._wait(key, running, client)

    async def _wait(self, key: Key, running: _Running, client: str) -> dict[str, Any]:
        """Wait for a running review as one of its waiters; the last to leave before it ends abandons it."""
        running.waiters += 1
        running.clients[client] += 1
        if running.clients[client] == 1:
            self._waiting[client] += 1
        try:
            return await asyncio.shield(running.task)
        except ReviewFailed as failure:
            raise errors.ReviewUnavailable(f"{failure}; ask again") from None
        finally:
            running.waiters -= 1
            running.clients[client] -= 1
            if running.clients[client] == 0:
                self._waiting[client] -= 1
                if self._waiting[client] == 0:
                    del self._waiting[client]
            if running.waiters == 0 and not running.task.done():
                running.task.cancel()           # nobody waits for it: its decisions go unjudged
                self._running.pop(key, None)

    async def _review(self, key: Key, record: dict[str, Any], seat: int, over: bool) -> dict[str, Any]:
        """Judge each decision in turn (one place in the pool's queue at a time), then keep the review. A
        closed table's game may have stopped before its end: it is reviewed as far as it went."""
        try:
            points = await asyncio.get_running_loop().run_in_executor(self._replays, decision_points, record, seat)
            decisions = []
            for step, _, _ in points:
                decisions.append(await self.pool.judge(ReviewJob(key[0], record, seat, step, self.budget, SEED)))
            review = Review(record["game"], seat, self.budget, SEED, over, tuple(decisions)).to_dict()
        finally:
            self._running.pop(key, None)
        self._finished[key] = review
        while len(self._finished) > self.size:
            self._finished.popitem(last=False)
        return review

    def close(self) -> None:
        """Abandon every review being worked out, and the replays still queued, at once."""
        for running in list(self._running.values()):
            running.task.cancel()
        self._running.clear()
        self._replays.shutdown(wait=False, cancel_futures=True)
