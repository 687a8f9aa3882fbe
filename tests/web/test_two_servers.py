"""Two real ``parlour serve`` processes on one PostgreSQL database serve the same tables: a seat connected to
either sees every change, each action is applied once, the bots move once, and when the process that moves
the bots dies the other takes them over.

Needs a PostgreSQL server: ``PARLOUR_TEST_POSTGRES`` (``.ci/run`` starts one); skipped, and said so, without.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("psycopg")
httpx = pytest.importorskip("httpx")
ws_client = pytest.importorskip("websockets.sync.client")

from served import Server, worker_database  # noqa: E402

import parlour  # noqa: E402
from parlour.web.store import Base, Store  # noqa: E402

POSTGRES = os.environ.get("PARLOUR_TEST_POSTGRES")


@pytest.fixture
def database() -> str:
    if POSTGRES is None:
        pytest.skip("no PostgreSQL server: set PARLOUR_TEST_POSTGRES to a database URL (.ci/run starts one)")
    url = worker_database(POSTGRES, "two_" + os.environ.get("PYTEST_XDIST_WORKER", "main"))
    store = Store(url)
    Base.metadata.drop_all(store.engine)
    store.close()
    return url


def cut_listeners(url: str) -> None:
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    with engine.begin() as connection:
        cut = connection.scalar(text("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                                     "WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid() "
                                     "AND datname = current_database()"))   # not another test's servers
    engine.dispose()
    assert cut == 2


class Seat:
    """One person's websocket to one of the servers."""

    def __init__(self, stack: contextlib.ExitStack, server: Server, created: dict[str, Any], seat: int) -> None:
        self.seat = seat
        self.socket = stack.enter_context(ws_client.connect(f"ws://127.0.0.1:{server.port}/ws/tables/"
                                                            f"{created['table_id']}"))
        self.socket.send(json.dumps({"type": "hello", "seat": seat, "token": created["seats"][seat]["token"]}))
        self.latest: dict[str, Any] = {}
        self.versions: list[int] = []
        self.read(timeout=10)

    def read(self, timeout: float) -> bool:
        """Take what has been pushed; whether anything was."""
        try:
            message = json.loads(self.socket.recv(timeout=timeout))
        except TimeoutError:
            return False
        assert message["type"] == "view", message
        self.latest = message
        self.versions.append(message["version"])
        return True


def test_two_servers_play_one_table_each_action_once(database: str, tmp_path: Path) -> None:
    first = Server(database, tmp_path / "first.log", "--bot-workers", "1")
    second = Server(database, tmp_path / "second.log", "--bot-workers", "1")
    stack = contextlib.ExitStack()
    try:
        created = first.create(game="tetka", seats=["human", "open", "random", "random"])
        table_id = created["table_id"]
        claimed = httpx.post(f"{second.base}/api/tables/{table_id}/claim", timeout=10,
                             json={"seat": 1, "invite": created["seats"][1]["invite"]})
        assert claimed.status_code == 200, claimed.text
        created["seats"][1]["token"] = claimed.json()["token"]
        # The claim on the second server holds on the first, and a second claim is refused on either.
        assert first.view(created, 1)["seat"] == 1
        again = httpx.post(f"{first.base}/api/tables/{table_id}/claim", timeout=10,
                           json={"seat": 1, "invite": created["seats"][1]["invite"]})
        assert again.status_code == 409 and again.json()["error"] == "SeatTaken"

        # The database drops both servers' listening connections: they listen again and catch up.
        cut_listeners(database)
        seats = [Seat(stack, first, created, 0), Seat(stack, second, created, 1)]
        servers = [first, second]
        moves = 0
        deadline = time.monotonic() + 120
        while True:
            assert time.monotonic() < deadline, "the game did not end"
            for person in seats:
                while person.read(timeout=0):   # whatever has arrived, without waiting
                    pass
            newest = max(seats, key=lambda p: p.latest["version"]).latest
            if newest["view"]["is_over"]:
                break
            pause = newest.get("pause")
            if pause:                # a deal ended: each person says Next deal, through their own server
                for person in seats:
                    if person.seat in pause["waiting"]:
                        said = httpx.post(f"{servers[person.seat].base}/api/tables/{table_id}/next-deal", timeout=10,
                                          json={"seat": person.seat},
                                          headers={"X-Seat-Token": created["seats"][person.seat]["token"]})
                        # 409: the other server had already gone on (a pause this seat had not yet seen end).
                        assert said.status_code in (200, 409), said.text
                seats[0].read(timeout=1)
                continue
            mover = next((p for p in seats if p.seat in newest["view"]["to_move"]), None)
            if mover is None:        # the bots are moving
                seats[0].read(timeout=1)
                continue
            while mover.latest["version"] < newest["version"]:
                assert mover.read(timeout=10)
            # Each seat acts now through its own server, now through the other one.
            server = servers[moves % 2]
            answer = server.act(created, mover.seat, mover.latest["version"], mover.latest["view"]["legal_actions"][0])
            # 409: the table moved on before the action arrived (a version this seat had not yet read).
            assert answer.status_code in (200, 409), answer.text
            moves += answer.status_code == 200
        for person in seats:
            while person.latest["version"] < newest["version"]:
                assert person.read(timeout=10)
            # Every change reached both sockets, in order, whichever server made it.
            assert person.versions == sorted(person.versions)

        record = httpx.get(f"{second.base}/api/tables/{table_id}/record", timeout=10).json()
        assert record == httpx.get(f"{first.base}/api/tables/{table_id}/record", timeout=10).json()
        # 208 actions, and each person's Next deal after each of the first three deals (the fourth ends the game).
        assert len(record["actions"]) == 208 == seats[0].latest["version"] - 6 == seats[1].latest["version"] - 6
        assert moves == 104
        replayed = parlour.replay(record)
        assert replayed.is_over and replayed.scores() == seats[0].latest["view"]["scores"]
        stack.close()

        # The first server moved the bots; when it dies, the second takes them over.
        first.kill()
        bots = second.create(game="tetka", seats=["random"] * 4)
        deadline = time.monotonic() + 30
        while not second.view(bots, None)["view"]["is_over"]:
            assert time.monotonic() < deadline, "no server moved the bots"
            time.sleep(0.1)
        assert "now moves the bots" in second.log()
    finally:
        stack.close()
        first.kill()
        second.kill()
