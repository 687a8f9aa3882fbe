"""The clock with two server processes on one PostgreSQL database (as two apps in this process): only the one
that moves the bots plays for a person out of time, and the other learns the move, the deadline and the
clock's news from the database. Skipped without ``PARLOUR_TEST_POSTGRES``, as test_two_servers is."""

# ruff: noqa: F811  (the test takes the fixture imported from test_two_servers as its argument)
from __future__ import annotations

import time
import warnings
from typing import Any

from test_clock_api import BOTS, Moment
from test_two_servers import database  # noqa: F401  (a PostgreSQL database of the worker's own)
from webapi import create, view, wait_for_turn

from parlour.web.app import create_app
from parlour.web.tables import CLOCK_TICK

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2")
    from fastapi.testclient import TestClient


def test_only_the_process_that_moves_the_bots_plays_for_a_person_out_of_time(database: str) -> None:
    moment = Moment()
    with TestClient(create_app(database_url=database, now=moment)) as first, \
            TestClient(create_app(database_url=database, now=moment)) as second:
        mover, other = first.app.state.manager, second.app.state.manager  # type: ignore[attr-defined]
        assert mover.moves_bots and not other.moves_bots
        # What each process's clock watcher would play for is noted; the mover's plays too once let.
        looked: dict[str, list[str]] = {"mover": [], "other": []}

        def spy(who: str) -> Any:
            async def time_out(table: Any) -> None:
                looked[who].append(table.id)
            return time_out

        mover._time_out, other._time_out = spy("mover"), spy("other")
        created = create(second, ["human", *BOTS], clock=10, name="Ann")
        start = wait_for_turn(second, created, 0)
        assert start["clock"]["deadline"] == view(first, created, 0)["clock"]["deadline"]
        moment.advance(11)
        deadline = time.monotonic() + 10
        while not looked["mover"]:
            assert time.monotonic() < deadline, "the process that moves the bots never looked at the clock"
            time.sleep(0.02)
        time.sleep(CLOCK_TICK * 3)
        assert looked["other"] == []
        del mover._time_out
        deadline = time.monotonic() + 10
        while view(second, created, 0)["version"] == start["version"]:
            assert time.monotonic() < deadline, "no process played for the person"
            time.sleep(0.02)
        assert list(mover.get(created["table_id"]).clock_moves) == [start["version"]]
        told = wait_for_turn(second, created, 0)["clock"]
        assert [n["text"].startswith("time ran out: Ann plays ") for n in told["news"]] == [True]
        assert told["deadline"] == view(first, created, 0)["clock"]["deadline"]
        assert looked["other"] == []
