"""The bots' workers shared fairly between tables (issue 36, item 5): a person's table first, tables taking
turns, and the searches nobody watches (bots alone, the coach's reviews) never holding every worker.

``Schedule`` is tested on its own with jobs that are plain data; one test runs a real pool beside eight
tables of bots alone thinking a full second a move, and checks where in the line a person's table is served.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import parlour
from parlour.web.botpool import ALONE, PERSON, REVIEW, BotJob, BotLimits, BotPool, ReviewJob, Schedule, job_class

RECORD: dict[str, Any] = {}     # a schedule never reads a job's record


def bots(table: str, *, person: bool) -> BotJob:
    return BotJob(table, "ismcts:1s", RECORD, 0, 0, person_waits=person)


def review(table: str) -> ReviewJob:
    return ReviewJob(table, RECORD, 0, 1, 10, 0)


def run(body: Any) -> Any:
    return asyncio.run(body())


async def taken(schedule: Schedule, count: int) -> list[str]:
    """The tables of the next ``count`` jobs handed out, each marked done at once."""
    out = []
    for _ in range(count):
        job, _ = await asyncio.wait_for(schedule.take(), 1)
        schedule.done(job)
        out.append(f"{job.table_id}:{'review' if isinstance(job, ReviewJob) else job.person_waits}")
    return out


def test_jobs_are_classed_by_who_waits_for_them() -> None:
    assert [job_class(bots("a", person=True)), job_class(bots("a", person=False)), job_class(review("a"))] == \
        [PERSON, ALONE, REVIEW]


def test_a_persons_table_is_served_first_then_bots_alone_then_reviews() -> None:
    """Issue 36, items 3 and 5: whatever the order they came in, a move a person waits for goes before the
    moves of bots alone, and those before the coach's reviews (never ahead of a live table's bots)."""

    async def body() -> list[str]:
        schedule = Schedule(background=2)
        loop = asyncio.get_running_loop()
        for job in (review("r"), bots("alone", person=False), bots("people", person=True)):
            schedule.put(job, loop.create_future())
        return await taken(schedule, 3)

    assert run(body) == ["people:True", "alone:False", "r:review"]


def test_tables_take_turns_within_a_class() -> None:
    """Issue 36, item 5: a table with three moves waiting does not hold its class: each table, one job each."""

    async def body() -> list[str]:
        schedule = Schedule(background=2)
        loop = asyncio.get_running_loop()
        for table in ("a", "a", "a", "b", "c"):
            schedule.put(bots(table, person=False), loop.create_future())
        return await taken(schedule, 5)

    assert run(body) == ["a:False", "b:False", "c:False", "a:False", "a:False"]


def test_searches_nobody_watches_leave_a_worker_for_a_person() -> None:
    """Issue 36, item 5: with background=1 (two workers), a second search of bots alone waits while one runs,
    but a person's move, put after it, is handed out at once; when the first search ends, the second goes."""

    async def body() -> None:
        schedule = Schedule(background=1)
        loop = asyncio.get_running_loop()
        schedule.put(bots("alone-1", person=False), loop.create_future())
        schedule.put(bots("alone-2", person=False), loop.create_future())
        first, _ = await schedule.take()
        second = asyncio.create_task(schedule.take())
        await asyncio.sleep(0.05)
        assert not second.done()                        # the other worker is kept for people
        schedule.put(bots("people", person=True), loop.create_future())
        person, _ = await asyncio.wait_for(second, 1)   # the waiting worker takes the person's move
        assert person.table_id == "people"
        third = asyncio.create_task(schedule.take())
        await asyncio.sleep(0.05)
        assert not third.done()
        schedule.done(first)
        later, _ = await asyncio.wait_for(third, 1)
        assert later.table_id == "alone-2"

    run(body)


def test_a_job_whose_caller_left_is_passed_over() -> None:
    async def body() -> str:
        schedule = Schedule(background=1)
        loop = asyncio.get_running_loop()
        gone = loop.create_future()
        gone.cancel()
        schedule.put(bots("gone", person=True), gone)
        schedule.put(bots("here", person=True), loop.create_future())
        job, _ = await schedule.take()
        return job.table_id

    assert run(body) == "here"


def test_a_persons_table_is_answered_beside_eight_tables_of_bots_alone() -> None:
    """Issue 36, item 5, with real workers: eight tables of bots alone each ask for a one-second search, then a
    person's table asks for a short one. It is answered while at least six of the eight are still waiting or
    thinking (before: behind all eight, in first-in first-out order)."""
    state = parlour.new_game("tetka", seed=5)
    rng = random.Random(5)
    for _ in range(6):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.view(seat).legal_actions))
    record, seat = state.record(), state.to_move[0]

    async def body() -> int:
        pool = BotPool(2, BotLimits(max_seconds=1.0))
        try:
            alone = [asyncio.create_task(pool.choose(BotJob(f"alone-{n}", "ismcts:1s", record, seat, n,
                                                            person_waits=False))) for n in range(8)]
            await asyncio.sleep(0)
            person = await pool.choose(BotJob("people", "ismcts:50", record, seat, 9, person_waits=True))
            assert person in state.view(seat).legal_actions
            unanswered = sum(not task.done() for task in alone)
            for task in alone:
                task.cancel()
            await asyncio.gather(*alone, return_exceptions=True)
            return unanswered
        finally:
            await pool.close()

    assert run(body) >= 6
