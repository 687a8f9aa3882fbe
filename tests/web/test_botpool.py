"""The bounded bot pool: limits refuse endless bots, workers answer legally and repeatably, an overrunning or
dead worker is replaced and its move played at random, and closing leaves no process behind."""

from __future__ import annotations

import asyncio
import logging
import math
import multiprocessing
import os
import random
import signal
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import pytest

import parlour
from parlour.bots import make_bot, sampler_for
from parlour.bots.coach import judge, state_before
from parlour.bots.ismcts import Budget, IsmctsBot
from parlour.engine import State
from parlour.web.botpool import (
    BotJob,
    BotLimits,
    BotPool,
    ReviewFailed,
    ReviewJob,
    _States,
    _Worker,
    is_quick,
    move_seed,
)

T = TypeVar("T")


def played(game: str, seed: int, moves: int, **options: Any) -> State:
    """A game a few random moves in."""
    state = parlour.new_game(game, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.view(seat).legal_actions))
    return state


def job(state: State, kind: str, seed: int = 7, table: str = "t") -> BotJob:
    return BotJob(table_id=table, kind=kind, record=state.record(), seat=state.to_move[0], seed=seed)


def legal(state: State) -> list[str]:
    return state.view(state.to_move[0]).legal_actions


def children() -> set[int | None]:
    return {process.pid for process in multiprocessing.active_children()}


def with_pool(workers: int, limits: BotLimits, body: Callable[[BotPool], Awaitable[T]], **options: float) -> T:
    """Run ``body`` against a new pool, and check that closing the pool leaves none of its processes alive."""
    before = children()

    async def run() -> T:
        pool = BotPool(workers, limits, **options)
        try:
            return await body(pool)
        finally:
            await pool.close()
    result = asyncio.run(run())
    assert children() <= before
    return result


# --- limits ---------------------------------------------------------------------------------------------
class TestLimits:
    @pytest.mark.parametrize(("kind", "refusal"), [
        ("ismcts:1e9s", r"ismcts:1e9s thinks longer than this server allows: at most 5 seconds a move "
                        r"\(--max-bot-seconds\)"),
        ("ismcts:9s", "at most 5 seconds a move"),
        ("ismcts:99999999999", r"at most 100000 iterations a move \(--max-bot-iterations\)"),
        ("ismcts:100001", "at most 100000 iterations"),
        ("ismcts:infs", "not 'infs'"),
        ("ismcts:nans", "not 'nans'"),
        ("ismcts:1e400s", "not '1e400s'"),
        ("ismcts:-1s", "not '-1s'"),
        ("ismcts:0", "not '0'"),
        ("ismcts:abc", "not 'abc'"),
        ("minimax", "unknown bot 'minimax'"),
    ])
    def test_endless_absurd_and_malformed_bots_are_refused(self, kind: str, refusal: str) -> None:
        with pytest.raises(ValueError, match=refusal):
            BotLimits().check(kind, "tetka")

    @pytest.mark.parametrize("kind", ["ismcts", "ismcts:2s", "ismcts:0.5s", "ismcts:5s", "ismcts:100000",
                                      "random", "heuristic"])
    def test_the_usual_bots_pass_the_default_limits(self, kind: str) -> None:
        BotLimits().check(kind, "tetka")

    def test_one_second_is_singular(self) -> None:
        with pytest.raises(ValueError, match="at most 1 second a move"):
            BotLimits(max_seconds=1).check("ismcts:2s", "tetka")

    @pytest.mark.parametrize("seconds", [math.inf, math.nan, 0, -1, True, "5"])
    def test_limits_that_bound_nothing_are_refused(self, seconds: Any) -> None:
        with pytest.raises(ValueError, match="--max-bot-seconds"):
            BotLimits(max_seconds=seconds)

    @pytest.mark.parametrize("iterations", [0, -5, 1.5, True])
    def test_iteration_limits_must_be_whole_and_positive(self, iterations: Any) -> None:
        with pytest.raises(ValueError, match="--max-bot-iterations"):
            BotLimits(max_iterations=iterations)

    @pytest.mark.parametrize(("kind", "budget"), [("ismcts:200", Budget(200, 5.0)), ("ismcts:2s", Budget(100_000, 2.0)),
                                                  ("ismcts", Budget(600, 1.0))])
    def test_bound_gives_every_search_a_deadline_and_an_iteration_cap(self, kind: str, budget: Budget) -> None:
        bot = BotLimits().bound(make_bot(kind, "tetka", seed=1))
        assert isinstance(bot, IsmctsBot)
        assert bot.budget == budget

    def test_bound_leaves_other_bots_alone(self) -> None:
        bot = make_bot("random", "tetka", seed=1)
        assert BotLimits().bound(bot) is bot


def test_move_seeds_are_repeatable_and_distinct() -> None:
    assert move_seed(5, 1, 10) == move_seed(5, 1, 10)
    seeds = {move_seed(5, seat, version, purpose) for seat in range(4) for version in range(20)
             for purpose in ("bot", "hint")}
    assert len(seeds) == 160
    assert all(0 <= seed < 2**63 for seed in seeds)


def test_only_random_and_heuristic_are_quick() -> None:
    assert is_quick("random") and is_quick("heuristic")
    assert not any(is_quick(kind) for kind in ("ismcts", "ismcts:50", "solver", "random:1"))


# --- rebuilding states ----------------------------------------------------------------------------------
class TestStates:
    def test_a_longer_record_of_the_same_game_extends_the_cached_state(self) -> None:
        states = _States()
        early, later = played("tetka", 3, 4), played("tetka", 3, 9)
        first = states.state("t", early.record())
        assert states.state("t", later.record()) is first
        assert first.record() == later.record()

    def test_a_record_that_is_not_an_extension_is_replayed(self) -> None:
        """After an undo, or another seed's game under the same id, the cache starts again."""
        states = _States()
        first = states.state("t", played("tetka", 3, 9).record())
        undone = played("tetka", 3, 4)
        assert states.state("t", undone.record()) is not first
        assert states.state("t", undone.record()).record() == undone.record()
        other = played("tetka", 4, 9)
        assert states.state("t", other.record()).record() == other.record()

    def test_only_the_newest_tables_are_kept(self) -> None:
        states = _States(size=2)
        kept = states.state("a", played("tetka", 1, 2).record())
        states.state("b", played("tetka", 2, 2).record())
        states.state("c", played("tetka", 3, 2).record())
        assert states.state("a", played("tetka", 1, 3).record()) is not kept


# --- the pool -------------------------------------------------------------------------------------------
def test_quick_bots_answer_inline_without_a_worker() -> None:
    state = played("tetka", 2, 5)
    before = children()

    async def body(pool: BotPool) -> None:
        for kind in ("random", "heuristic"):
            choice = await pool.choose(job(state, kind, seed=11))
            seat = state.to_move[0]
            assert choice == make_bot(kind, "tetka", seed=11).choose(state.view(seat), sampler_for(state, seat))
        assert pool.live_workers == 0
        assert children() == before

    with_pool(2, BotLimits(), body)


def test_a_tetka_job_gets_a_legal_move_and_the_same_one_again_for_the_same_seed() -> None:
    """A worker rebuilds the state from the record and plays what the bot would play in this process."""
    state = played("tetka", 5, 6)
    seat = state.to_move[0]
    here = BotLimits().bound(make_bot("ismcts:60", "tetka", seed=21)).choose(state.view(seat), sampler_for(state, seat))

    async def body(pool: BotPool) -> list[str]:
        return [await pool.choose(job(state, "ismcts:60", seed=21)) for _ in range(3)]

    answers = with_pool(1, BotLimits(), body) + with_pool(1, BotLimits(), body)
    assert answers == [here] * 6
    assert here in legal(state)


def answer_all(states: list[State], workers: int) -> tuple[list[str], list[int]]:
    """Each state's table asks for one move at once; the answers, and the order the tables got them in."""
    finished: list[int] = []

    async def body(pool: BotPool) -> list[str]:
        async def one(number: int) -> str:
            choice = await pool.choose(job(states[number], "ismcts:40", seed=number, table=f"table {number}"))
            finished.append(number)
            return choice
        return await asyncio.gather(*(one(number) for number in range(len(states))))

    return with_pool(workers, BotLimits(), body), finished


def test_eight_tables_on_two_workers_all_get_their_moves() -> None:
    states = [played("tetka", seed, seed) for seed in range(8)]
    answers, finished = answer_all(states, workers=2)
    assert all(answer in legal(state) for answer, state in zip(answers, states, strict=True))
    assert sorted(finished) == list(range(8))


def test_jobs_are_taken_first_in_first_out() -> None:
    """With one worker, the tables get their moves in the order they asked: none can jump the queue."""
    _, finished = answer_all([played("tetka", seed, 2 * seed) for seed in range(5)], workers=1)
    assert finished == list(range(5))


def test_a_worker_that_overruns_its_deadline_is_killed_and_replaced(caplog: pytest.LogCaptureFixture) -> None:
    """The solver has no budget to cap: a long Divide and Conquer takes it half a second or more, far past a
    deadline of 0.05 s plus 0.25 s grace. Its move is played at random, and the next job is answered."""
    duel, tetka = played("divide-and-conquer", 1, 0, variant="long"), played("tetka", 1, 3)
    earlier = children()

    async def body(pool: BotPool) -> tuple[str, str, set[int | None], set[int | None]]:
        thinking = asyncio.ensure_future(pool.choose(job(duel, "solver", seed=4, table="duel")))
        await asyncio.sleep(0)   # the worker starts with the first job
        before = children() - earlier
        fallback = await thinking
        after = children() - earlier
        return fallback, await pool.choose(job(tetka, "ismcts:20", table="tetka")), before, after

    # The deadline, not the solver's whole think, ended the wait: the log says so and the worker was
    # replaced (how long that took is the machine's business, not the test's).
    with caplog.at_level(logging.WARNING, logger="parlour.web"):
        fallback, answer, before, after = with_pool(1, BotLimits(max_seconds=0.05), body, grace=0.25)
    assert fallback == random.Random(4).choice(legal(duel))
    assert answer in legal(tetka)
    assert before and after and before.isdisjoint(after)
    assert "did not answer within 0.3 seconds" in caplog.text


def test_a_worker_that_dies_is_replaced_and_its_move_played_at_random(caplog: pytest.LogCaptureFixture) -> None:
    state = played("tetka", 8, 2)
    earlier = children()

    async def body(pool: BotPool) -> tuple[str, float, str]:
        thinking = asyncio.ensure_future(pool.choose(job(state, "ismcts:4s", seed=9)))
        await asyncio.sleep(1.0)
        for pid in children() - earlier:
            os.kill(pid or 0, signal.SIGKILL)
        killed = time.perf_counter()
        fallback = await thinking
        waited = time.perf_counter() - killed
        return fallback, waited, await pool.choose(job(state, "ismcts:20", seed=9))

    with caplog.at_level(logging.WARNING, logger="parlour.web"):
        fallback, waited, answer = with_pool(1, BotLimits(), body)
    assert fallback == random.Random(9).choice(legal(state))
    assert waited < 1
    assert answer in legal(state)
    assert [record.levelname for record in caplog.records] == ["ERROR"]
    assert "stopped unexpectedly (exit code -9)" in caplog.text


def test_a_bot_that_raises_in_its_worker_gets_a_random_move_and_a_logged_error(
        caplog: pytest.LogCaptureFixture) -> None:
    """The pool takes kinds on trust (the server checks them when a table is created): a bad one is a bot
    that fails in its worker, which is logged with the worker's traceback and carries on."""
    state = played("tetka", 6, 1)

    async def body(pool: BotPool) -> tuple[str, str]:
        return (await pool.choose(job(state, "ismcts:abc", seed=3)),
                await pool.choose(job(state, "ismcts:20", seed=3)))

    with caplog.at_level(logging.ERROR, logger="parlour.web"):
        fallback, answer = with_pool(1, BotLimits(), body)
    assert fallback == random.Random(3).choice(legal(state))
    assert answer in legal(state)
    assert "the ismcts:abc bot in seat" in caplog.text and "not 'abc'" in caplog.text


def test_a_record_that_cannot_be_replayed_is_an_error_for_the_caller() -> None:
    """No move at all can be found for a corrupted record: the job raises rather than hangs."""
    state = played("tetka", 6, 1)
    broken = BotJob("t", "ismcts:20", {**state.record(), "actions": [[0, "play ZZ"]]}, 0, 1)

    async def body(pool: BotPool) -> None:
        with pytest.raises(parlour.RecordError):
            await pool.choose(broken)
        assert await pool.choose(job(state, "ismcts:20")) in legal(state)

    with_pool(1, BotLimits(), body)


def test_close_during_a_long_search_is_prompt_and_leaves_no_process() -> None:
    state = played("tetka", 9, 0)
    earlier = children()

    async def body(pool: BotPool) -> None:
        searches = [asyncio.ensure_future(pool.choose(job(state, "ismcts:20s", seed=seed, table=str(seed))))
                    for seed in range(3)]   # two searching, one waiting
        await asyncio.sleep(1.0)
        assert pool.live_workers == 2
        started = time.perf_counter()
        await pool.close()
        assert time.perf_counter() - started < 2
        assert children() <= earlier
        for search in searches:
            with pytest.raises(asyncio.CancelledError):
                await search
        with pytest.raises(RuntimeError, match="closed"):
            await pool.choose(job(state, "ismcts:20"))

    with_pool(2, BotLimits(max_seconds=30), body)


def test_ctrl_c_does_not_reach_the_workers_and_the_server_keeps_running(caplog: pytest.LogCaptureFixture) -> None:
    """Ctrl+C goes to the whole process group: a worker, starting or searching, ignores it (the server stops
    its workers itself). Meanwhile the server's event loop is free: the search holds neither it nor the GIL."""
    state = played("tetka", 10, 3)
    earlier = children()

    async def body(pool: BotPool) -> tuple[str, int]:
        thinking = asyncio.ensure_future(pool.choose(job(state, "ismcts:1.5s", seed=5)))
        await asyncio.sleep(0)
        for _ in range(2):   # once while the worker imports, once while it searches
            for pid in children() - earlier:
                os.kill(pid or 0, signal.SIGINT)
            await asyncio.sleep(0.6)
        ticks = 0
        while not thinking.done():
            await asyncio.sleep(0.01)
            ticks += 1
        return await thinking, ticks

    with caplog.at_level(logging.WARNING, logger="parlour.web"):
        answer, ticks = with_pool(1, BotLimits(), body)
    assert answer in legal(state)
    assert caplog.text == ""   # answered by the bot, not by a random fallback
    assert ticks > 10


def test_a_review_decision_is_judged_in_a_worker_and_a_failure_is_the_callers() -> None:
    """The coach's decisions go through the same queue: a decision is judged as the coach judges it in
    this process, and one that cannot be (a step the record lacks) raises ``ReviewFailed`` rather than
    answering something at random; the worker carries on."""
    state = played("tetka", 6, 1)
    record = state.record()

    async def body(pool: BotPool) -> None:
        decision = await pool.judge(ReviewJob("t", record, 0, 1, 20, 0))
        assert decision == judge(state_before(record, 1), 0, record["actions"][0][1], 1, 20, None, 0)
        with pytest.raises(ReviewFailed, match="could not judge step 9"):
            await pool.judge(ReviewJob("t", record, 0, 9, 20, 0))
        assert await pool.choose(job(state, "ismcts:20")) in legal(state)

    with_pool(1, BotLimits(), body)


def test_a_cancel_that_comes_with_the_workers_answer_is_not_lost() -> None:
    """The pool closes by cancelling the tasks that wait for its workers' answers. A cancel arriving in the same
    turn of the event loop as an answer must still end the wait: Python 3.11's ``asyncio.wait_for`` returned
    the answer and dropped the cancel (gh-86296), so the task serving that worker went on to wait for its next
    job for ever and the server's shutdown hung."""
    parent_end, child_end = multiprocessing.Pipe()
    worker = _Worker(multiprocessing.get_context("spawn"), BotLimits(), 0)
    worker.conn = parent_end
    child_end.send(("move", "x"))
    loop = asyncio.new_event_loop()
    try:
        waiting = loop.create_task(worker._receive(5.0, "did not answer"))

        def readable_and_cancelled(fd: int, wake: Callable[[], None]) -> None:
            loop.call_soon(wake)             # the answer is there...
            loop.call_soon(waiting.cancel)   # ...and the pool closes, in the same turn of the loop

        loop.add_reader = readable_and_cancelled     # type: ignore[method-assign, assignment]
        loop.remove_reader = lambda fd: True         # type: ignore[method-assign]
        with pytest.raises(asyncio.CancelledError):
            loop.run_until_complete(waiting)
    finally:
        loop.close()
        parent_end.close()
        child_end.close()
