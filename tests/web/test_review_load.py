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
import threading
import time
import warnings
from collections.abc import Callable
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
    """A bot pool whose decisions are judged only once the test opens the gate; it records what it is asked
    and how many decisions were given up, and lets the test wait until either reaches a count."""

    def __init__(self) -> None:
        self.asked: list[ReviewJob] = []
        self.given_up = 0
        self.gate = asyncio.Event()
        self._watching: list[tuple[Callable[[], bool], asyncio.Future[None]]] = []

    async def judge(self, job: ReviewJob) -> Decision:
        self.asked.append(job)
        self._tell()
        try:
            await self.gate.wait()
        except asyncio.CancelledError:
            self.given_up += 1
            self._tell()
            raise
        return Decision(job.step, 1, "play", "play", 0.0, 1.0, False, False, "search", ())

    async def until(self, holds: Callable[[], bool]) -> None:
        """Until ``holds()``, checked whenever a decision is asked for or given up."""
        if holds():
            return
        watch = (holds, asyncio.get_running_loop().create_future())
        self._watching.append(watch)
        try:
            await asyncio.wait_for(watch[1], 10)
        finally:
            self._watching.remove(watch)

    def steps(self, table: Table, seat: int) -> list[int]:
        """The decisions of one table and seat asked for so far."""
        return [job.step for job in self.asked if (job.table_id, job.seat) == (table.id, seat)]

    def _tell(self) -> None:
        for holds, met in self._watching:
            if not met.done() and holds():
                met.set_result(None)


@pytest.fixture(scope="module")
def finished() -> list[Table]:
    """Three finished games of random bots, as the server keeps them."""
    with TestClient(create_app(database_url="sqlite://")) as client:
        ids = [client.post("/api/tables", json=RANDOM_PAIR).json()["table_id"] for _ in range(3)]
        manager = client.app.state.manager  # type: ignore[attr-defined]
        deadline = time.monotonic() + 10
        while not all(manager.get(table_id).finished for table_id in ids):
            assert time.monotonic() < deadline, "the random bots did not finish"
            time.sleep(0.02)
        return [manager.get(table_id) for table_id in ids]


def reviews_of(pool: GatedPool, **options: Any) -> Reviews:
    return Reviews(pool, budget=10, **options)  # type: ignore[arg-type]


def steps_of(table: Table, seat: int) -> list[int]:
    return [step for step, _, _ in decision_points(table.state.record(), seat)]


def test_many_asking_for_one_review_share_one_computation(finished: list[Table]) -> None:
    """Issue 36, item 3: twenty requests for one table and seat make one review, judged one decision at a
    time, and every one of them gets it; asked again, it is kept."""
    table = finished[0]

    async def body() -> None:
        pool = GatedPool()
        reviews = reviews_of(pool)
        asking = [asyncio.create_task(reviews.of(table, 0, f"client-{n}")) for n in range(20)]
        await pool.until(lambda: len(pool.asked) == 1)
        assert reviews.running == 1
        pool.gate.set()
        answers = await asyncio.gather(*asking)
        assert pool.steps(table, 0) == steps_of(table, 0) and all(answer == answers[0] for answer in answers)
        assert await reviews.of(table, 0, "late") == answers[0] and len(pool.asked) == len(steps_of(table, 0))
        reviews.close()

    asyncio.run(body())


def test_a_review_nobody_waits_for_is_abandoned(finished: list[Table]) -> None:
    """Issue 36, item 3: when every request for a review has gone (a client timing out), its decision in hand
    is given up and no further one is judged, however long after; asking again starts afresh."""
    table = finished[1]

    async def body() -> None:
        pool = GatedPool()
        reviews = reviews_of(pool)
        asking = [asyncio.create_task(reviews.of(table, 1, "impatient")) for _ in range(3)]
        await pool.until(lambda: len(pool.asked) == 1)
        asking[0].cancel()
        asking[1].cancel()
        await asyncio.gather(*asking[:2], return_exceptions=True)
        assert pool.given_up == 0 and reviews.running == 1      # one request still waits: the review goes on
        asking[2].cancel()
        await pool.until(lambda: pool.given_up == 1)
        assert reviews.running == 0
        pool.gate.set()
        again = asyncio.create_task(reviews.of(table, 1, "patient"))
        assert (await again)["seat"] == 1
        assert pool.steps(table, 1) == [steps_of(table, 1)[0], *steps_of(table, 1)]   # nothing more till then
        reviews.close()

    asyncio.run(body())


def test_one_client_waits_for_a_few_reviews_at_a_time(finished: list[Table]) -> None:
    """Issue 36, item 3: a client waiting for two reviews is refused a third (TooManyRequests, with a time to
    wait) but may ask again for one it waits for; another client is not held to the first one's count, and
    once a review is given the client may ask for another."""

    async def body() -> None:
        pool = GatedPool()
        reviews = reviews_of(pool)
        waiting = [asyncio.create_task(reviews.of(finished[n], 0, "greedy")) for n in (0, 1)]
        await pool.until(lambda: len(pool.asked) == 2)
        with pytest.raises(errors.TooManyRequests) as refused:
            await reviews.of(finished[2], 0, "greedy")
        assert refused.value.status == 429 and refused.value.details["retry_after"] > 0
        waiting.append(asyncio.create_task(reviews.of(finished[0], 0, "greedy")))
        waiting.append(asyncio.create_task(reviews.of(finished[2], 0, "someone else")))
        pool.gate.set()
        assert [answer["seat"] for answer in await asyncio.gather(*waiting)] == [0, 0, 0, 0]
        assert (await reviews.of(finished[1], 1, "greedy"))["seat"] == 1
        reviews.close()

    asyncio.run(body())


def test_a_running_review_is_never_duplicated_and_a_forgotten_one_is_worked_out_again(
        finished: list[Table]) -> None:
    """Issue 36, item 3: with room to keep one finished review, a second review asked meanwhile does not push
    the first, still running, out and have it started again; a finished review pushed out is simply worked
    out again when asked for."""
    first, second = finished[0], finished[1]

    async def body() -> None:
        pool = GatedPool()
        reviews = reviews_of(pool, size=1)
        one = asyncio.create_task(reviews.of(first, 0, "a"))
        other = asyncio.create_task(reviews.of(second, 0, "b"))
        await pool.until(lambda: len(pool.asked) == 2)
        again = asyncio.create_task(reviews.of(first, 0, "c"))
        pool.gate.set()
        assert await one == await again
        await other
        assert pool.steps(first, 0) == steps_of(first, 0)     # once, for both requests
        assert pool.steps(second, 0) == steps_of(second, 0)
        await reviews.of(first, 0, "d")                        # kept now, whether or not it had been
        for table in (second, first):                          # each pushing the other one out
            judged = len(pool.asked)
            await reviews.of(table, 0, "e")
            assert [(job.table_id, job.step) for job in pool.asked[judged:]] == \
                [(table.id, step) for step in steps_of(table, 0)]
        reviews.close()

    asyncio.run(body())


def test_closing_abandons_every_review_and_leaves_no_thread(finished: list[Table]) -> None:
    """Issue 36, item 6: ``close`` cancels what is being worked out and the replays still queued, so a backlog
    never holds up a shutdown."""
    threads = set(threading.enumerate())

    async def body() -> None:
        pool = GatedPool()
        reviews = reviews_of(pool)
        asking = [asyncio.create_task(reviews.of(table, seat, f"c{seat}{n}")) for n, table in enumerate(finished)
                  for seat in (0, 1)]
        await pool.until(lambda: len(pool.asked) == 6)
        reviews.close()
        outcomes = await asyncio.gather(*asking, return_exceptions=True)
        assert all(isinstance(outcome, asyncio.CancelledError) for outcome in outcomes)
        assert reviews.running == 0 and pool.given_up == 6

    asyncio.run(body())
    for thread in set(threading.enumerate()) - threads:
        thread.join(10)
        assert not thread.is_alive(), thread.name


# --- a real server --------------------------------------------------------------------------------------
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


def gone(pids: set[int], seconds: float) -> bool:
    """Whether every one of ``pids`` has ended within ``seconds`` (an orphan learns of its parent's end, and
    ends, a moment after it)."""
    deadline = time.monotonic() + seconds
    while any(alive(pid) for pid in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@pytest.mark.skipif(not Path(f"/proc/self/task/{threading.get_native_id()}/children").exists(),
                    reason="reads the server's children from /proc")
def test_the_server_stops_within_five_seconds_after_a_flood_of_reviews(tmp_path: Path) -> None:
    """Issue 36, item 6: 400 review requests of clients that give up after 0.3 s, over the 80 seats of 20
    finished Tëtka games, while eight clients still wait for theirs, then SIGTERM: the server and its bot
    workers are gone within five seconds. Each request comes from an address of its own
    (``X-Forwarded-For``), so no client's limit holds the flood back."""
    server = Server(f"sqlite:///{tmp_path / 'reviews.sqlite3'}", tmp_path / "serve.log", "--tables-per-minute", "0",
                    "--bot-workers", "2", "--bot-tables-per-client", "0", "--forwarded-allow-ips", "127.0.0.1")
    # One client for every thread: a new client's set-up costs more than a request.
    client = httpx.Client(limits=httpx.Limits(max_connections=64))
    patient: list[threading.Thread] = []
    try:
        made = [server.create(game="tetka", seats=["random"] * 4)["table_id"] for _ in range(20)]
        for table_id in made:
            deadline = time.monotonic() + 10
            while not httpx.get(f"{server.base}/api/tables/{table_id}", timeout=10).json()["is_over"]:
                assert time.monotonic() < deadline, "the random bots did not finish"
                time.sleep(0.05)

        def ask(number: int, timeout: float = 0.3) -> None:
            table_id, seat = made[number % len(made)], (number // len(made)) % 4
            with contextlib.suppress(httpx.HTTPError):   # most give up, and the patient are cut: that is the point
                client.get(f"{server.base}/api/tables/{table_id}/review", params={"seat": seat}, timeout=timeout,
                           headers={"X-Forwarded-For": f"10.0.{number // 250}.{number % 250}"})

        # Reviews go one decision at a time on one worker (the other is kept for people's tables), so the
        # patient ones are still waiting when the server is stopped.
        patient = [threading.Thread(target=ask, args=(number, 60), daemon=True) for number in range(400, 408)]
        for thread in patient:
            thread.start()
        with ThreadPoolExecutor(32) as flood:
            list(flood.map(ask, range(400)))
        workers = children(server.process.pid)
        start = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        server.process.wait(timeout=30)
        assert time.monotonic() - start < 5
        assert workers and gone(workers, 5)
    finally:
        server.kill()
        for thread in patient:
            thread.join(10)
        client.close()
