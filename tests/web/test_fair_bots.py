"""The bots' workers shared fairly between tables (issue 36, item 5): a person's table first, tables taking
turns, and the searches nobody watches (bots alone, the coach's reviews) never holding every worker.

``Schedule`` is tested on its own with jobs that are plain data, one turn of the event loop at a time; one
test runs a real pool beside eight tables of bots alone thinking a full second a move, and checks where in
the line a person's table is served.
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


async def one_turn() -> None:
    """Let every task that is ready run until it waits again: a schedule's ``take`` either returns a job
    at its first step or waits for a change, so one turn of the loop settles it (no I/O is involved)."""
    await asyncio.sleep(0)


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
        for job in (review("r"), bots("alone", person=False), review("r2"), bots("people", person=True)):
            schedule.put(job, loop.create_future())
        return await taken(schedule, 4)

    assert run(body) == ["people:True", "alone:False", "r:review", "r2:review"]


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
    """Issue 36, item 5: with background=1 (two workers), a second search of bots alone or a review waits
    while one runs, but a person's move, put after them, is handed out at once; when the first search ends,
    the next in line goes."""

    async def body() -> None:
        schedule = Schedule(background=1)
        loop = asyncio.get_running_loop()
        for job in (bots("alone-1", person=False), bots("alone-2", person=False), review("r")):
            schedule.put(job, loop.create_future())
        first, _ = await schedule.take()
        second = asyncio.create_task(schedule.take())
        await one_turn()
        assert not second.done()                        # the other worker is kept for people
        schedule.put(bots("people", person=True), loop.create_future())
        person, _ = await asyncio.wait_for(second, 1)   # the waiting worker takes the person's move
        assert person.table_id == "people"
        third = asyncio.create_task(schedule.take())
        await one_turn()
        assert not third.done()
        schedule.done(first)
        later, _ = await asyncio.wait_for(third, 1)
        assert later.table_id == "alone-2"

    run(body)


def test_a_job_whose_caller_left_is_passed_over_or_taken_out_of_line() -> None:
    """A caller that stops waiting cancels its answer: such a job is never handed out, whether it is still
    in line (a moment after the cancellation) or was taken out of it; its table keeps its turn."""

    async def body() -> list[str]:
        schedule = Schedule(background=1)
        loop = asyncio.get_running_loop()
        gone, left = loop.create_future(), loop.create_future()
        for job, answer in ((bots("a", person=True), gone), (bots("a", person=True), left),
                            (bots("b", person=True), loop.create_future()),
                            (bots("a", person=True), loop.create_future())):
            schedule.put(job, answer)
        gone.cancel()
        left.cancel()
        schedule.discard(bots("a", person=True), left)
        assert schedule.waiting == 3
        return await taken(schedule, 2)

    assert run(body) == ["a:True", "b:True"]


def test_a_persons_table_is_answered_beside_eight_tables_of_bots_alone() -> None:
    """Issue 36, item 5, with real workers: eight tables of bots alone each ask for a one-second search, then a
    person's table asks for a short one. It is answered while at least six of the eight are still waiting or
    thinking (before: behind all eight, in first-in first-out order, so at most one was left)."""
    state = parlour.new_game("tetka", seed=5)
    rng = random.Random(5)
    for _ in range(6):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.view(seat).legal_actions))
    record, seat = state.record(), state.to_move[0]

    async def body() -> int:
        pool = BotPool(2, BotLimits(max_seconds=1.0))
        try:
            # Two moves at once go to one worker each: both workers are then started and ready, so that
            # neither one's start-up (seconds, on a loaded machine) is what the test measures.
            await asyncio.gather(*(pool.choose(BotJob(f"warm-{n}", "ismcts:10", record, seat, n)) for n in range(2)))
            alone = [asyncio.create_task(pool.choose(BotJob(f"alone-{n}", "ismcts:1s", record, seat, n,
                                                            person_waits=False))) for n in range(8)]
            await one_turn()   # the eight are in line before the person's table asks
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
