"""The server as a hostile visitor meets it: every way found to freeze it, stop it, cheat at it or read a
credential off it gets a clean refusal or keeps working.

Most tests drive the app in-process (FastAPI's ``TestClient``); those that must see a process (its log, its
exit at Ctrl+C, its start on a damaged database) run a real ``parlour serve`` on loopback.
"""

from __future__ import annotations

import io
import json
import logging
import sqlite3
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2")
    from fastapi.testclient import TestClient

from rich.console import Console
from served import Server
from webapi import TIMEOUT, act, claim, create, hello, refused, token, view, wait_for_turn

from parlour.cli.main import main
from parlour.web.app import create_app
from parlour.web.botpool import BotLimits

RANDOM_BOTS = ["human", "random", "random", "random"]
FRIENDS = ["human", "open", "random", "random"]


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'parlour.sqlite3'}"


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    with TestClient(create_app(database_url=database)) as client:
        yield client


def until(check: Any, seconds: float = TIMEOUT) -> Any:
    deadline = time.monotonic() + seconds
    while not (answer := check()):
        assert time.monotonic() < deadline, "the condition never held"
        time.sleep(0.02)
    return answer


# --- 1. bounded bots -------------------------------------------------------------------------------------
def test_searching_bots_at_their_limit_never_hold_up_another_tables_bots(database: str) -> None:
    """Seven tables of bots thinking as long as the server allows, on one worker: a new table of random
    bots plays at once (quick bots never queue behind searches), and so after a restart."""
    limits = BotLimits(max_seconds=1.0)
    searching = {"game": "tetka", "seats": ["ismcts:1s"] * 4}
    with TestClient(create_app(database_url=database, limits=limits, bot_workers=1)) as client:
        for _ in range(7):
            assert client.post("/api/tables", json=searching).status_code == 201
        quick = create(client, ["random", "random"], game="divide-and-conquer")
        assert until(lambda: view(client, quick, None)["version"] > 0, seconds=2)
    with TestClient(create_app(database_url=database, limits=limits, bot_workers=1)) as client:
        assert len(client.app.state.manager.tables) >= 7   # type: ignore[attr-defined]  # the searches resumed
        again = create(client, ["random", "random"], game="divide-and-conquer")
        assert until(lambda: view(client, again, None)["version"] > 0, seconds=2)


def test_a_budget_above_the_servers_limit_is_refused_naming_the_limit(database: str) -> None:
    with TestClient(create_app(database_url=database, limits=BotLimits(max_seconds=2, max_iterations=500))) as client:
        for kind, words in (("ismcts:3s", "at most 2 seconds a move (--max-bot-seconds)"),
                            ("ismcts:501", "at most 500 iterations a move (--max-bot-iterations)"),
                            ("ismcts:1e9s", "--max-bot-seconds"), ("ismcts:infs", "ismcts takes"),
                            ("ismcts:nans", "ismcts takes"), ("ismcts:-2s", "ismcts takes"),
                            ("ismcts:99999999999", "--max-bot-iterations")):
            answer = refused(client.post("/api/tables", json={"game": "tetka", "seats": [kind] * 4}),
                             400, "MalformedRequest")
            assert words in answer["message"], (kind, answer)
        assert client.get("/api/bots").json()["max_seconds"] == 2
        assert client.post("/api/tables", json={"game": "tetka", "seats": ["ismcts:2s"] * 4}).status_code == 201


def test_ctrl_c_stops_the_server_promptly_while_its_bots_search(tmp_path: Path) -> None:
    """SIGINT while four bots think five seconds a move: the server and its workers are gone within
    seconds, not after the search."""
    server = Server(f"sqlite:///{tmp_path / 'parlour.sqlite3'}", tmp_path / "serve.log")
    try:
        server.create(game="tetka", seats=["ismcts:5s"] * 4)
        time.sleep(3)            # a worker has started and is mid-search
        took = server.interrupt()
    finally:
        server.kill()
    assert took < 5, (took, server.log())
    assert server.process.returncode == 0
    assert "Traceback" not in server.log()


# --- 2. a resilient start ------------------------------------------------------------------------------------
DAMAGE = {
    "options": "UPDATE parlour_tables SET options = 'not json{' WHERE id = :id",
    "created": "UPDATE parlour_tables SET created = 'yesterday' WHERE id = :id",
    "version": "UPDATE parlour_tables SET version = 99 WHERE id = :id",
    "notation": "UPDATE parlour_actions SET notation = 'play ZZ' WHERE table_id = :id AND position = 0",
    "gap": "DELETE FROM parlour_actions WHERE table_id = :id AND position = 0",
    "seat": "DELETE FROM parlour_seats WHERE table_id = :id AND seat = 3",
    "credential": "UPDATE parlour_seats SET token_hash = NULL WHERE table_id = :id AND seat = 0",
    "kind": "UPDATE parlour_seats SET kind = 'ismcts:1e9s' WHERE table_id = :id AND seat = 3",
    "game": "UPDATE parlour_tables SET game = 'chess' WHERE id = :id",
}


def test_damaged_rows_are_set_aside_and_every_other_table_is_served(database: str, tmp_path: Path,
                                                                    caplog: pytest.LogCaptureFixture) -> None:
    """Each kind of damage to one table's rows (made with the server stopped): that table is set aside,
    logged once with its id and the reason, and answers 503 naming it; the sound table plays on."""
    with TestClient(create_app(database_url=database, bot_delay=60)) as client:
        sound = create(client, RANDOM_BOTS)
        damaged = {}
        for what in DAMAGE:
            damaged[what] = created = create(client, RANDOM_BOTS)
            current = view(client, created, 0)
            assert act(client, created, 0, 0, current["view"]["legal_actions"][0]).status_code == 200
    with sqlite3.connect(tmp_path / "parlour.sqlite3") as connection:
        for what, statement in DAMAGE.items():
            connection.execute(statement, {"id": damaged[what]["table_id"]})
    caplog.set_level(logging.ERROR, logger="parlour.web")
    with TestClient(create_app(database_url=database)) as client:
        current = wait_for_turn(client, sound, 0)
        assert act(client, sound, 0, current["version"], current["view"]["legal_actions"][0]).status_code == 200
        for what, created in damaged.items():
            answer = refused(client.get(f"/api/tables/{created['table_id']}"), 503, "TableUnavailable")
            assert created["table_id"] in answer["message"], what
            refused(client.get(f"/api/tables/{created['table_id']}/view"), 503, "TableUnavailable")
        listed = {t["table_id"] for t in client.get("/api/tables").json()}
        assert sound["table_id"] in listed
    for what, created in damaged.items():
        lines = [r.getMessage() for r in caplog.records if created["table_id"] in r.getMessage()]
        assert len(lines) == 1 and "set aside" in lines[0], (what, lines)


@pytest.mark.parametrize("damage", ["truncated", "garbage", "directory"])
def test_a_database_that_cannot_be_opened_gives_one_clear_message_naming_it(tmp_path: Path, damage: str,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    path = tmp_path / "parlour.sqlite3"
    if damage == "directory":
        path.mkdir()
    else:
        with TestClient(create_app(database_url=f"sqlite:///{path}")) as client:
            for _ in range(30):
                create(client, ["random"] * 4)
        data = path.read_bytes()
        path.write_bytes(data[:len(data) // 3] if damage == "truncated" else b"not a database at all" * 200)
        for extra in (tmp_path / "parlour.sqlite3-wal", tmp_path / "parlour.sqlite3-shm"):
            extra.unlink(missing_ok=True)
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: pytest.fail("served a broken database"))
    console = Console(file=io.StringIO(), width=300)
    assert main(["serve", "--database", f"sqlite:///{path}"], console=console) == 2
    said = console.file.getvalue()  # type: ignore[attr-defined]
    assert str(path) in said and "Traceback" not in said, said


# --- 3. fair tables -------------------------------------------------------------------------------------
def test_a_chosen_seed_or_deal_is_refused_where_anyone_else_would_sit(client: TestClient) -> None:
    """Whoever chooses the seed or the deal knows every hand: allowed only where every other seat is a bot."""
    for seats in (FRIENDS, ["human", "human", "random", "random"], ["open"] * 4):
        for extra in ({"seed": 1}, {"options": {"deal": {"hands": [["2C"]]}}}):
            answer = refused(client.post("/api/tables", json={"game": "tetka", "seats": seats, **extra}),
                             400, "MalformedRequest")
            assert "every other seat is a bot" in answer["message"]
    alone = create(client, RANDOM_BOTS, seed=5)
    assert client.get(f"/api/tables/{alone['table_id']}").json()["stacked"] is True


def test_the_seed_is_drawn_securely_and_never_shown_before_the_end(client: TestClient) -> None:
    tables = [create(client, FRIENDS) for _ in range(3)]
    seeds = {client.app.state.manager.get(t["table_id"]).seed for t in tables}  # type: ignore[attr-defined]
    assert len(seeds) == 3 and all(seed.bit_length() > 32 for seed in seeds)
    for created in tables:
        texts = [client.get(f"/api/tables/{created['table_id']}").text, client.get("/api/tables").text,
                 json.dumps(view(client, created, 0)), json.dumps(view(client, created, None))]
        assert not any('"seed"' in text for text in texts)
        refused(client.get(f"/api/tables/{created['table_id']}/record"), 409, "GameNotOver")
        refused(client.get(f"/api/tables/{created['table_id']}/replay", params={"step": 0}), 409, "GameNotOver")


# --- 4. seats that are claimed -------------------------------------------------------------------------------
def test_one_link_seats_one_person_and_the_next_is_told_the_seat_is_taken(client: TestClient) -> None:
    created = create(client, FRIENDS)
    table_id, invite = created["table_id"], created["seats"][1]["invite"]
    refused(client.get(f"/api/tables/{table_id}/view", params={"seat": 1}, headers={"X-Seat-Token": invite}),
            401, "Unauthorized")
    with client.websocket_connect(f"/ws/tables/{table_id}") as host:
        hello(host, created, 0)
        claim(client, created, 1)
        told = host.receive_json()   # a claim changes no version, but the host's page is told at once
        assert told["type"] == "seats" and [s["taken"] for s in told["seats"]] == [True, True, None, None]
    assert view(client, created, 1)["seat"] == 1
    taken = refused(client.post(f"/api/tables/{table_id}/claim", json={"seat": 1, "invite": invite}),
                    409, "SeatTaken")
    assert "watch" in taken["message"]
    refused(client.post(f"/api/tables/{table_id}/claim", json={"seat": 1, "invite": "guess"}), 401, "Unauthorized")
    refused(client.post(f"/api/tables/{table_id}/claim", json={"seat": 2, "invite": invite}), 400, "MalformedRequest")
    refused(client.post(f"/api/tables/{table_id}/claim", json={"seat": 0, "invite": invite}), 401, "Unauthorized")
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert [s["taken"] for s in seats] == [True, True, None, None]
    assert client.get("/api/tables").json()[0]["seats"][1]["taken"] is True


def test_the_host_reopens_a_seat_and_whoever_held_it_is_put_out(client: TestClient) -> None:
    created = create(client, FRIENDS)
    table_id, host = created["table_id"], {"X-Host-Token": created["host_token"]}
    old_invite = created["seats"][1]["invite"]
    claim(client, created, 1)
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        assert hello(socket, created, 1)["seat"] == 1
        refused(client.post(f"/api/tables/{table_id}/reopen", json={"seat": 1}), 401, "Unauthorized")
        refused(client.post(f"/api/tables/{table_id}/reopen", json={"seat": 1}, headers=token(created, 0)),
                401, "Unauthorized")
        refused(client.post(f"/api/tables/{table_id}/reopen", json={"seat": 2}, headers=host), 400, "MalformedRequest")
        reopened = client.post(f"/api/tables/{table_id}/reopen", json={"seat": 1}, headers=host)
        assert reopened.status_code == 200, reopened.text
        told = socket.receive_json()
        assert told["type"] == "error" and told["error"] == "SeatReopened"
    refused(client.get(f"/api/tables/{table_id}/view", params={"seat": 1}, headers=token(created, 1)),
            401, "Unauthorized")
    refused(client.post(f"/api/tables/{table_id}/claim", json={"seat": 1, "invite": old_invite}), 401, "Unauthorized")
    assert client.get(f"/api/tables/{table_id}").json()["seats"][1]["taken"] is False
    fresh = reopened.json()
    assert fresh["url"] == f"/table/{table_id}?seat=1#invite={fresh['invite']}"
    created["seats"][1]["invite"] = fresh["invite"]
    claim(client, created, 1)
    assert view(client, created, 1)["seat"] == 1


def test_the_host_closes_the_table_and_it_stays_replayable(client: TestClient) -> None:
    created = create(client, FRIENDS)
    table_id = created["table_id"]
    claim(client, created, 1)
    current = view(client, created, 0)
    assert act(client, created, 0, 0, current["view"]["legal_actions"][0]).status_code == 200
    refused(client.post(f"/api/tables/{table_id}/close"), 401, "Unauthorized")
    refused(client.post(f"/api/tables/{table_id}/close", headers={"X-Host-Token": created["seats"][0]["token"]}),
            401, "Unauthorized")
    closed = client.post(f"/api/tables/{table_id}/close", headers={"X-Host-Token": created["host_token"]})
    assert closed.status_code == 200 and closed.json()["status"] == "closed"
    after = view(client, created, 1)
    assert after["status"] == "closed" and after["version"] == 2
    refused(act(client, created, 1, after["version"], after["view"]["legal_actions"][0]), 409, "TableClosed")
    assert table_id not in {t["table_id"] for t in client.get("/api/tables").json()}
    record = client.get(f"/api/tables/{table_id}/record").json()
    assert len(record["actions"]) == 1
    assert client.get(f"/api/tables/{table_id}/replay", params={"step": 1}).status_code == 200


def test_private_finished_and_idle_tables_leave_the_listing_but_stay_reachable(database: str) -> None:
    with TestClient(create_app(database_url=database)) as client:
        private = create(client, RANDOM_BOTS, private=True)
        public = create(client, RANDOM_BOTS)
        finished = create(client, ["random"] * 4)
        until(lambda: view(client, finished, None)["view"]["is_over"])
        assert [t["table_id"] for t in client.get("/api/tables").json()] == [public["table_id"]]
        for created in (private, finished):
            assert client.get(f"/api/tables/{created['table_id']}").status_code == 200
    with TestClient(create_app(database_url=database, idle_hours=1e-9)) as client:
        assert client.get("/api/tables").json() == []
        assert view(client, public, 0)["status"] == "playing"


def test_a_finished_table_swept_out_of_memory_is_read_back_from_the_database(client: TestClient) -> None:
    finished = create(client, ["random"] * 4)
    until(lambda: view(client, finished, None)["view"]["is_over"])
    manager = client.app.state.manager  # type: ignore[attr-defined]
    final = view(client, finished, None)
    manager._sweep()
    assert finished["table_id"] not in manager.tables
    assert view(client, finished, None) == final


# --- 5. no credential in a URL that reaches a log -------------------------------------------------------------
def test_no_credential_reaches_the_servers_log(tmp_path: Path) -> None:
    """A whole session of seat views, claims, actions, websockets and host controls: the server's own log
    output (uvicorn's access log included) holds none of the secrets handed out."""
    import httpx
    import websockets.sync.client as ws_client

    server = Server(f"sqlite:///{tmp_path / 'parlour.sqlite3'}", tmp_path / "serve.log")
    try:
        created = server.create(game="tetka", seats=FRIENDS)
        table_id = created["table_id"]
        secrets_given = [created["host_token"], created["seats"][0]["token"], created["seats"][1]["invite"]]
        claimed = httpx.post(f"{server.base}/api/tables/{table_id}/claim", timeout=10,
                             json={"seat": 1, "invite": created["seats"][1]["invite"]}).json()
        created["seats"][1]["token"] = claimed["token"]
        secrets_given.append(claimed["token"])
        with ws_client.connect(f"ws://127.0.0.1:{server.port}/ws/tables/{table_id}") as socket:
            socket.send(json.dumps({"type": "hello", "seat": 0, "token": created["seats"][0]["token"]}))
            first = json.loads(socket.recv(timeout=10))
            socket.send(json.dumps({"type": "action", "version": first["version"],
                                    "action": first["view"]["legal_actions"][0]}))
            assert json.loads(socket.recv(timeout=10))["version"] == 1
        server.view(created, 1)
        reopened = httpx.post(f"{server.base}/api/tables/{table_id}/reopen", json={"seat": 1}, timeout=10,
                              headers={"X-Host-Token": created["host_token"]}).json()
        secrets_given.append(reopened["invite"])
        time.sleep(0.5)
    finally:
        took = server.interrupt()
    log = server.log()
    assert f"/api/tables/{table_id}/view" in log and f"/ws/tables/{table_id}" in log, log
    assert not [secret for secret in secrets_given if secret in log]
    assert took < 5


# --- 6. headers and creation limits ---------------------------------------------------------------------------
def test_every_answer_carries_a_strict_policy(client: TestClient) -> None:
    for path in ("/", "/table/abc", "/static/table.js", "/api/games", "/api/tables/nope"):
        headers = client.get(path).headers
        policy = headers["content-security-policy"]
        assert "script-src 'self';" in policy and "unsafe-inline" not in policy, path
        assert "frame-ancestors 'none'" in policy and "object-src 'none'" in policy
        assert headers["referrer-policy"] == "no-referrer"
        assert headers["x-frame-options"] == "DENY" and headers["x-content-type-options"] == "nosniff"


def test_table_creation_is_limited_per_client_address(database: str) -> None:
    with TestClient(create_app(database_url=database, tables_per_minute=3)) as client:
        for _ in range(3):
            create(client, ["random"] * 4)
        response = client.post("/api/tables", json={"game": "tetka", "seats": ["random"] * 4})
        answer = refused(response, 429, "TooManyRequests")
        assert "3 a minute" in answer["message"] and int(response.headers["retry-after"]) >= 1
        assert len(client.get("/api/tables").json()) <= 3


def test_a_database_of_the_first_schema_is_carried_over(tmp_path: Path) -> None:
    """A server upgraded in place resumes the games its first schema held (actions as one JSON list); an
    unreadable row of it is left behind, logged, and the rest carried over."""
    import parlour
    from parlour.web.store import token_hash

    path = tmp_path / "old.sqlite3"
    game = parlour.new_game("tetka", seed=3)
    first = game.view(0).legal_actions[0]
    with sqlite3.connect(path) as connection:
        connection.executescript(
            "CREATE TABLE tables (id VARCHAR(32) PRIMARY KEY, game VARCHAR(64), players INTEGER, variant VARCHAR(64),"
            " options JSON, seed BIGINT, created DATETIME, actions JSON, version INTEGER, is_over BOOLEAN);"
            "CREATE TABLE seats (table_id VARCHAR(32), seat INTEGER, kind VARCHAR(64), token_hash VARCHAR(64),"
            " PRIMARY KEY (table_id, seat));")
        for table_id, actions in (("old", json.dumps([[0, first]])), ("broken", "not json{")):
            connection.execute("INSERT INTO tables VALUES (?, 'tetka', 4, NULL, ?, 3, '2026-01-02 03:04:05.000000', ?,"
                               " 1, 0)", (table_id, json.dumps(dict(game.options)), actions))
            connection.executemany("INSERT INTO seats VALUES (?, ?, ?, ?)",
                                   [(table_id, 0, "human", token_hash("secret"))]
                                   + [(table_id, seat, "random", None) for seat in (1, 2, 3)])
    with TestClient(create_app(database_url=f"sqlite:///{path}", bot_delay=60)) as client:
        old = {"table_id": "old", "seats": [{"token": "secret"}]}
        current = view(client, old, 0)
        assert current["version"] == 1 and f"seat 0: {first}" in current["view"]["log"]
        assert client.get("/api/tables/broken").status_code == 404
