"""The coach's reviews of finished games, for the replay page (``GET /api/tables/{id}/review``).

A review is worked out once per table and seat and kept: a finished game never changes. Its decisions are
judged one at a time in the server's bot workers (``BotPool.judge``), each under a move's deadline and
with a bounded budget, so a review never blocks the event loop and delays other tables' bots by at most
one move's thinking. Two requests for the same review share one computation.

Any seat of a finished game may be reviewed, by anyone: once the game is over its full record, seed and
every hand included, is public (``GET /record``, the replay of every seat), so a review tells nothing the
record does not; and the coach values each decision from that seat's information alone.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

from parlour.bots.coach import Review, decision_points
from parlour.web import errors
from parlour.web.botpool import BotPool, ReviewFailed, ReviewJob
from parlour.web.tables import Table

BUDGET = 300          # IS-MCTS iterations a decision: a Tëtka game's review in a few seconds on two workers
SEED = 0              # as ``parlour review``'s default, so the terminal can repeat a server's review
CACHED_REVIEWS = 64   # reviews kept, by table and seat


class Reviews:
    """The reviews asked for, computed in ``pool``'s workers and kept, the oldest forgotten first."""

    def __init__(self, pool: BotPool, budget: int = BUDGET, size: int = CACHED_REVIEWS) -> None:
        if budget < 1:
            raise ValueError(f"a review's budget is a positive number of iterations a decision, not {budget}")
        self.pool = pool
        self.budget = budget
        self.size = size
        self._reviews: OrderedDict[tuple[str, int], asyncio.Task[dict[str, Any]]] = OrderedDict()

    async def of(self, table: Table, seat: int) -> dict[str, Any]:
        """The review of ``seat``'s decisions (``Review.to_dict``); refused while the game is going on."""
        if not table.finished:
            raise errors.GameNotOver("a review is given once the game is over: it uses every hand's record")
        players = table.state.players
        if not 0 <= seat < players:
            raise errors.MalformedRequest(f"no seat {seat}: seats are 0 to {players - 1}")
        key = (table.id, seat)
        task = self._reviews.pop(key, None)
        if task is None or (task.done() and (task.cancelled() or task.exception() is not None)):
            task = asyncio.create_task(self._review(table.id, table.state.record(), seat, table.state.is_over))
        self._reviews[key] = task
        while len(self._reviews) > self.size:
            self._reviews.popitem(last=False)
        try:
            return await asyncio.shield(task)   # a caller who leaves does not stop the review for the next
        except ReviewFailed as failure:
            raise errors.ReviewUnavailable(f"{failure}; ask again") from None

    async def _review(self, table_id: str, record: dict[str, Any], seat: int, over: bool) -> dict[str, Any]:
        """A closed table's game may have stopped before its end: it is reviewed as far as it went."""
        points = await asyncio.to_thread(decision_points, record, seat)
        decisions = []
        for step, _, _ in points:   # one at a time: a review holds one place in the bots' queue
            decisions.append(await self.pool.judge(ReviewJob(table_id, record, seat, step, self.budget, SEED)))
        review = Review(record["game"], seat, self.budget, SEED, over, tuple(decisions))
        return review.to_dict()
