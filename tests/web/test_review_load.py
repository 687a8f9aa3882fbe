"""The coach's reviews under a flood (issue 36, items 3 and 6): one computation per table and seat however many
ask, abandoned when nobody waits, a few at a time per client, and a server that stops at once whatever is
queued.

The ``Reviews`` tests give it a pool whose decisions wait on a gate, so that what is judged, and when, is
seen exactly; the shutdown test floods a real ``parlour serve`` and stops it with SIGTERM.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import time
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("fastapi")

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2")
    from fastapi.testclient import TestClient

from served import Server

from parlour.bots.coach import Decision, decision_points
from parlour.web import errors
from parlour.web.app import create_app
from parlour.web.botpool import ReviewJob
from parlour.web.reviews import Reviews
from parlour.web.tables import Table

RANDOM_PAIR = {"game": "divide-and-conquer", "seats": ["random", "random"]}


class GatedPool:
    """A bot pool whose decisions are judged only when the test opens the gate: it counts what it is asked
    and what was given up."""

    def __init__(self) -> None:
        self.asked: list[ReviewJob] = []
        self.given_up = 0
        self.gate = asyncio.Event()

    async def judge(self, job: ReviewJob) -> Decision:
        self.asked.append(job)
        try:
            await self.gate.wait()
        except asyncio.CancelledError:
            self.given_up += 1
            raise
        return Decision(job.step, 1, "play", "play", 0.0, 1.0, False, False, "search", ())


@pytest.fixture(scope="module")
def finished() -> list[Table]:
    """Three finished games of random bots, as the server keeps them."""
    with TestClient(create_app(database_url="sqlite://")) as client:
        ids = [client.post("/api/tables", json=RANDOM_PAIR).json()["table_id"] for _ in range(3)]
        manager = client.app.state.manager  # type: ignore[attr-defined]
        deadline = time.monotonic() + 10
        while not all(manager.get(table_id).finished for table_id in ids):
            assert time.monotonic() < deadline
            time.sleep(0.02)
        return [manager.get(table_id) for table_id in ids]


def reviews_of(pool: GatedPool) -> Reviews:
    return Reviews(pool, budget=10)  # type: ignore[arg-type]


async def until(check: Any) -> None:
    for _ in range(500):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the condition never held")


def test_many_asking_for_one_review_share_one_computation(finished: list[Table]) -> None:
    """Issue 36, item 3: twenty requests for one table and seat make one review, judged one decision at a
    time, and every one of them gets it."""
    table = finished[0]
    steps = len(decision_points(table.state.record(), 0))

    async def body() -> None:
        pool = GatedPool()
        reviews = reviews_of(pool)
        asking = [asyncio.create_task(reviews.of(table, 0, f"client-{n}")) for n in range(20)]
        await until(lambda: pool.asked)
        assert len(pool.asked) == 1 and reviews.running == 1
        pool.gate.set()
        answers = await asyncio.gather(*asking)
        assert len(pool.asked) == steps and all(answer == answers[0] for answer in answers)
        assert await reviews.of(table, 0) == answers[0] and len(pool.asked) == steps   # kept, not judged again
        reviews.close()

    asyncio.run(body())


def test_a_review_nobody_waits_for_is_abandoned(finished: list[Table]) -> None:
    """Issue 36, item 3: when every request for a review has gone (a client timing out), its decision in hand
    is given up and no further one is judged; asking again starts afresh."""
    table = finished[1]

    async def body() -> None:
        pool = GatedPool()
        reviews = reviews_of(pool)
        asking = [asyncio.create_task(reviews.of(table, 1, "impatient")) for _ in range(3)]
        await until(lambda: pool.asked)
        for task in asking:
            task.cancel()
        await asyncio.gather(*asking, return_exceptions=True)
        await until(lambda: pool.given_up == 1)
        assert reviews.running == 0
        pool.gate.set()
        await asyncio.sleep(0.05)
        assert len(pool.asked) == 1
        again = asyncio.create_task(reviews.of(table, 1, "patient"))
        await until(lambda: len(pool.asked) > 1)
        assert (await again)["seat"] == 1
        reviews.close()

    asyncio.run(body())


def test_one_client_waits_for_a_few_reviews_at_a_time(finished: list[Table]) -> None:
    """Issue 36, item 3: a client waiting for two reviews is refused a third (TooManyRequests) but may ask
    again for one it waits for; another client is not held to the first one's count."""

    async def body() -> None:
        pool = GatedPool()
        reviews = reviews_of(pool)
        waiting = [asyncio.create_task(reviews.of(finished[n], 0, "greedy")) for n in (0, 1)]
        await until(lambda: reviews.running == 2)
        with pytest.raises(errors.TooManyRequests):
            await reviews.of(finished[2], 0, "greedy")
        waiting.append(asyncio.create_task(reviews.of(finished[0], 0, "greedy")))
        waiting.append(asyncio.create_task(reviews.of(finished[2], 0, "someone else")))
        pool.gate.set()
        assert [answer["seat"] for answer in await asyncio.gather(*waiting)] == [0, 0, 0, 0]
        reviews.close()

    asyncio.run(body())


def test_closing_abandons_every_review_at_once(finished: list[Table]) -> None:
    """Issue 36, item 6: ``close`` cancels what is being worked out, so a backlog never holds up a shutdown."""

    async def body() -> None:
        pool = GatedPool()
        reviews = reviews_of(pool)
        asking = [asyncio.create_task(reviews.of(table, seat, f"c{seat}{n}")) for n, table in enumerate(finished)
                  for seat in (0, 1)]
        await until(lambda: len(pool.asked) == 6)
        reviews.close()
        outcomes = await asyncio.gather(*asking, return_exceptions=True)
        assert all(isinstance(outcome, asyncio.CancelledError) for outcome in outcomes)
        assert reviews.running == 0

    asyncio.run(body())


def children(pid: int) -> set[int]:
    """A process's children, from /proc."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found |= {int(child) for child in (task / "children").read_text().split()}
    return found


def alive(pid: int) -> bool:
    """Whether a process runs (a zombie left to a container's first process to reap does not)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads the server's children from /proc")
def test_the_server_stops_within_five_seconds_after_a_flood_of_reviews(tmp_path: Path) -> None:
    """Issue 36, item 6: 400 review requests of clients that give up after 0.3 s, over the 80 seats of 20
    finished Tëtka games, then SIGTERM: the server and its bot workers are gone within five seconds (before:
    still there after 30)."""
    server = Server(f"sqlite:///{tmp_path / 'reviews.sqlite3'}", tmp_path / "serve.log", "--tables-per-minute", "0",
                    "--bot-workers", "2", "--forwarded-allow-ips", "127.0.0.1")   # each request a client of its own
    try:
        made = [server.create(game="tetka", seats=["random"] * 4)["table_id"] for _ in range(20)]
        for table_id in made:
            deadline = time.monotonic() + 10
            while not httpx.get(f"{server.base}/api/tables/{table_id}", timeout=10).json()["is_over"]:
                assert time.monotonic() < deadline
                time.sleep(0.05)

        def ask(number: int) -> None:
            table_id, seat = made[number % len(made)], (number // len(made)) % 4
            with contextlib.suppress(httpx.HTTPError):   # most give up: that is the point
                httpx.get(f"{server.base}/api/tables/{table_id}/review", params={"seat": seat}, timeout=0.3,
                          headers={"X-Forwarded-For": f"10.0.{number}.1"})

        with ThreadPoolExecutor(32) as flood:
            list(flood.map(ask, range(400)))
        workers = children(server.process.pid)
        start = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        server.process.wait(timeout=30)
        assert time.monotonic() - start < 5
        assert workers and not any(alive(pid) for pid in workers)
    finally:
        server.kill()
