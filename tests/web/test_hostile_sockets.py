"""The server against a hostile visitor's sockets and floods (issue 36): a revoked credential acts no more, on a
socket that stops reading as on one that reads; refused text grows no memory; a socket that falls behind is
dropped; every write a visitor can repeat is limited; answers that hold a credential or a hand are not cached;
proxy headers are believed only from the proxies named.

The socket tests that must see real TCP (a client that stops reading) run a real ``parlour serve`` on loopback
and speak the websocket protocol by hand (``RawSocket``), so that nothing reads on the client's behalf.
"""

from __future__ import annotations

import base64
import gc
import json
import os
import socket
import struct
import time
import tracemalloc
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("fastapi")

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2")
    from fastapi.testclient import TestClient

from served import Server
from webapi import create, hello, refused, token, view

from parlour.cards import Card
from parlour.web.app import create_app
from parlour.web.tables import MAX_BACKLOG, WRITE_BURST

OPEN_SEAT = ["open", "random", "random", "random"]


class RawSocket:
    """A websocket client written out by hand: it says hello and sends frames, and reads only when told to,
    so the server meets a client that has stopped reading (its receive buffer kept small)."""

    def __init__(self, port: int, table_id: str) -> None:
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /ws/tables/{table_id} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
                          .encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += self.sock.recv(1)
        assert answer.startswith(b"HTTP/1.1 101"), answer

    def send(self, payload: dict[str, Any] | bytes) -> None:
        """One masked frame: text for a JSON object, binary for bytes."""
        data, opcode = (payload, 0x2) if isinstance(payload, bytes) else (json.dumps(payload).encode(), 0x1)
        mask = os.urandom(4)
        length = len(data)
        header = bytes([0x80 | opcode]) + (bytes([0x80 | length]) if length < 126
                                           else bytes([0x80 | 126]) + struct.pack("!H", length))
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def frames(self, seconds: float) -> list[tuple[int, bytes]]:
        """Every frame the server sends within ``seconds`` or until it closes: (opcode, payload)."""
        self.sock.settimeout(seconds)
        data = b""
        try:
            while chunk := self.sock.recv(65536):
                data += chunk
        except (TimeoutError, ConnectionResetError):
            pass
        out = []
        while len(data) >= 2:
            opcode, length, at = data[0] & 0x0F, data[1] & 0x7F, 2
            if length == 126:
                length, at = struct.unpack("!H", data[2:4])[0], 4
            elif length == 127:
                length, at = struct.unpack("!Q", data[2:10])[0], 10
            if len(data) < at + length:
                break
            out.append((opcode, data[at:at + length]))
            data = data[at + length:]
        return out

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    served = Server(f"sqlite:///{tmp_path / 'parlour.sqlite3'}", tmp_path / "serve.log", "--tables-per-minute", "0")
    try:
        yield served
    finally:
        served.kill()


def seated(server: Server) -> tuple[dict[str, Any], str]:
    """A table whose open seat 0 a friend has claimed, the bots played round to it: (table, its credential)."""
    created = server.create(game="tetka", seats=OPEN_SEAT)
    answer = httpx.post(f"{server.base}/api/tables/{created['table_id']}/claim", timeout=10,
                        json={"seat": 0, "invite": created["seats"][0]["invite"]})
    assert answer.status_code == 200, answer.text
    created["seats"][0]["token"] = answer.json()["token"]
    return created, created["seats"][0]["token"]


def turn(server: Server, created: dict[str, Any]) -> dict[str, Any]:
    deadline = time.monotonic() + 10
    while 0 not in (current := server.view(created, 0))["view"]["to_move"]:
        assert time.monotonic() < deadline, "seat 0 never got the turn"
        time.sleep(0.02)
    return current


def deaf_socket(server: Server, created: dict[str, Any]) -> RawSocket:
    """Seat 0's socket, said hello to, that then stops reading."""
    raw = RawSocket(server.port, created["table_id"])
    raw.send({"type": "hello", "seat": 0, "token": created["seats"][0]["token"]})
    return raw


def flood_renames(server: Server, created: dict[str, Any], credential: str) -> None:
    """Rename seat 0 until refused (or 12,000 times), each rename pushed to the deaf socket: what filled its
    outbox before renames were limited, so that a queued close never went out."""
    with httpx.Client(base_url=server.base, timeout=10) as http:
        for number in range(12_000):
            name = f"A name of 24 letters {number:03}"[-24:]
            answer = http.post(f"/api/tables/{created['table_id']}/name", json={"seat": 0, "name": name},
                               headers={"X-Seat-Token": credential})
            if answer.status_code == 429:
                return


def errors_in(frames: list[tuple[int, bytes]]) -> list[str]:
    return [json.loads(body)["error"] for opcode, body in frames if opcode == 0x1 and b'"type":"error"' in body]


def close_codes(frames: list[tuple[int, bytes]]) -> list[int]:
    return [struct.unpack("!H", body[:2])[0] for opcode, body in frames if opcode == 0x8 and len(body) >= 2]


# --- 1. a revoked credential acts no more ---------------------------------------------------------------
def test_a_socket_whose_seat_was_reopened_and_claimed_cannot_act_even_while_it_stops_reading(server: Server) -> None:
    """Issue 36, item 1: the host reopens seat 0 and a friend claims it; the old holder's socket, which
    stopped reading, then sends a legal action: it is refused, never applied as the new holder's, and the
    socket is dropped with SeatReopened."""
    created, credential = seated(server)
    current = turn(server, created)
    raw = deaf_socket(server, created)
    time.sleep(0.3)                                   # the hello is read and the socket subscribed
    flood_renames(server, created, credential)
    reopened = httpx.post(f"{server.base}/api/tables/{created['table_id']}/reopen", json={"seat": 0},
                          headers={"X-Host-Token": created["host_token"]}, timeout=10)
    assert reopened.status_code == 200, reopened.text
    friend = httpx.post(f"{server.base}/api/tables/{created['table_id']}/claim", timeout=10,
                        json={"seat": 0, "invite": reopened.json()["invite"]})
    assert friend.status_code == 200, friend.text
    raw.send({"type": "action", "version": current["version"], "action": current["view"]["legal_actions"][0]})
    time.sleep(0.5)
    created["seats"][0]["token"] = friend.json()["token"]
    after = server.view(created, 0)
    assert after["version"] == current["version"] and 0 in after["view"]["to_move"]   # nothing was applied
    frames = raw.frames(3)
    assert "SeatReopened" in errors_in(frames) and 4409 in close_codes(frames)
    raw.close()
    assert server.act(created, 0, after["version"], after["view"]["legal_actions"][0]).status_code == 200


def test_a_socket_whose_holder_left_cannot_act_for_the_seat(server: Server) -> None:
    """Issue 36, item 1: leaving a seat puts the leaver's socket out; its action afterwards changes nothing."""
    created, credential = seated(server)
    current = turn(server, created)
    raw = deaf_socket(server, created)
    time.sleep(0.3)
    left = httpx.post(f"{server.base}/api/tables/{created['table_id']}/leave", json={"seat": 0},
                      headers={"X-Seat-Token": credential}, timeout=10)
    assert left.status_code == 204, left.text
    raw.send({"type": "action", "version": current["version"], "action": current["view"]["legal_actions"][0]})
    time.sleep(0.5)
    spectator = httpx.get(f"{server.base}/api/tables/{created['table_id']}/view", timeout=10).json()
    assert spectator["version"] == current["version"]
    assert "SeatReopened" in errors_in(raw.frames(3))
    raw.close()


def test_a_seats_socket_at_a_closed_table_acts_no_more_but_hears_of_the_rematch(server: Server) -> None:
    """Issue 36, item 1: once the host closes the table, an action on a seat's socket is refused (TableClosed)
    and changes nothing; the socket stays open to watch, since the host's rematch is told on it."""
    created, _ = seated(server)
    current = turn(server, created)
    raw = deaf_socket(server, created)
    time.sleep(0.3)
    host = {"X-Host-Token": created["host_token"]}
    closed = httpx.post(f"{server.base}/api/tables/{created['table_id']}/close", timeout=10, headers=host)
    assert closed.status_code == 200, closed.text
    raw.send({"type": "action", "version": current["version"], "action": current["view"]["legal_actions"][0]})
    rematch = httpx.post(f"{server.base}/api/tables/{created['table_id']}/rematch", timeout=10, headers=host)
    assert rematch.status_code == 201, rematch.text
    frames = raw.frames(2)
    assert errors_in(frames) == ["TableClosed"] and not close_codes(frames)
    assert any(body.startswith(b'{"type":"rematch"') for _, body in frames)
    assert server.view(created, 0)["version"] == current["version"] + 1     # the closing alone
    raw.close()


def test_an_http_action_with_a_credential_revoked_while_it_waited_is_refused() -> None:
    """Issue 36, item 1: the credential is checked again under the table's lock, as the action is applied,
    not only when the request came in: an action that waited while the seat was reopened is refused."""
    import asyncio

    from parlour.web import errors

    with TestClient(create_app(database_url="sqlite://")) as client:
        created = create(client, ["human", "random", "random", "random"])
        current = view(client, created, 0)
        manager = client.app.state.manager  # type: ignore[attr-defined]
        table = manager.get(created["table_id"])
        credential = manager.authorize(table, 0, created["seats"][0]["token"])

        async def race() -> None:
            async with table.lock:           # the host's reopening, then the action, wait for the lock in turn
                reopening = asyncio.create_task(manager.reopen(table, 0))
                await asyncio.sleep(0)
                acting = asyncio.create_task(manager.act(table, 0, current["version"],
                                                         current["view"]["legal_actions"][0], credential))
                await asyncio.sleep(0)
            await reopening
            with pytest.raises(errors.SeatReopened):
                await acting

        client.portal.call(race)  # type: ignore[union-attr]
        assert table.version == current["version"]


# --- 4. refused text is not kept ----------------------------------------------------------------------------
def refuse_actions(socket: Any, first: int, count: int) -> None:
    """``count`` refused actions of fresh card texts (``2C#N``), sent on a seat's socket and answered."""
    for number in range(first, first + count):
        socket.send_json({"type": "action", "version": 0, "action": f"play 2C#{number}"})
        assert socket.receive_json()["type"] == "error"


def refuse_deals(client: TestClient, first: int) -> None:
    """20 refused creations, each with a 100 KB prepared deal of fresh card texts (``3D#<first>10000``...)."""
    texts = " ".join(f"2C#{n}" for n in range(10_000, 22_000))[:100_000]
    for attempt in range(first, first + 20):
        hand = texts.replace("2C#", f"3D#{attempt}").split()
        answer = client.post("/api/tables", json={"game": "tetka", "seats": ["human", "random", "random", "random"],
                                                  "options": {"deal": {"hands": [hand] * 4}}})
        assert answer.status_code == 400, answer.text


def retained_while(work: Callable[[], None]) -> int:
    """The bytes that the Python objects allocated during ``work`` still hold after it, once garbage is
    collected: what a cache filled by ``work`` keeps, measured exactly (the process's resident size, read
    from outside, moves with the allocator's arenas and failed this test on a quiet change)."""
    gc.collect()
    tracemalloc.start()
    try:
        work()
        gc.collect()
        retained, _peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return retained


def test_refused_card_texts_and_deals_keep_nothing() -> None:
    """Issue 36, item 4: nothing read from a client is cached without bound. After a warm-up, 4,000 refused
    actions of fresh card texts and 20 refused creations with a 100 KB deal of fresh card texts each leave
    under 150 KB of Python objects behind (before: every card text was interned for good, about 200 bytes a
    text, so about 0.8 MB for the actions and 2 MB for the deals)."""
    with TestClient(create_app(database_url="sqlite://")) as client:
        created = create(client, ["human", "random", "random", "random"])
        with client.websocket_connect(f"/ws/tables/{created['table_id']}") as socket:
            hello(socket, created, 0)
            refuse_actions(socket, 100, 500)
            refuse_deals(client, 100)
            after_actions = retained_while(lambda: refuse_actions(socket, 1_000_000, 4_000))
            after_deals = retained_while(lambda: refuse_deals(client, 200))
    assert after_actions < 150_000, after_actions
    assert after_deals < 150_000, after_deals


def test_card_notation_refuses_copy_numbers_no_pack_has() -> None:
    """Issue 36, item 4: a card is interned for good, so its copy number is bounded: ``2C#17`` is not a card."""
    with pytest.raises(ValueError, match="copy number"):
        Card.parse("2C#17")
    assert str(Card.parse("JK#6")) == "JK#6"


# --- 9, 10. what a socket may send and how far behind it may fall -----------------------------------------
def test_a_binary_first_message_is_refused_with_a_close_code() -> None:
    """Issue 36, item 9: a binary hello is read as text: refused as MalformedRequest with close code 4400."""
    with TestClient(create_app(database_url="sqlite://")) as client:
        created = create(client, ["human", "random", "random", "random"])
        with client.websocket_connect(f"/ws/tables/{created['table_id']}") as sock:
            sock.send_bytes(b"\xff\x00 not a hello")
            assert sock.receive_json()["error"] == "MalformedRequest"
            with pytest.raises(Exception) as ended:
                sock.receive_json()
            assert getattr(ended.value, "code", None) == 4400
        with client.websocket_connect(f"/ws/tables/{created['table_id']}") as sock:   # a binary hello that reads
            sock.send_bytes(json.dumps({"type": "hello"}).encode())
            assert sock.receive_json()["type"] == "view"


def test_a_spectator_that_stops_reading_while_sending_junk_is_dropped(server: Server) -> None:
    """Issue 36, item 10: a socket's outbox is bounded. A spectator that sends junk and never reads is
    dropped (TooSlow, 4429) once more than MAX_BACKLOG answers wait for it: what waits for a socket is bounded
    by the count of answers, not by how long the socket sends."""
    created = server.create(game="tetka", seats=["human", "random", "random", "random"])
    raw = RawSocket(server.port, created["table_id"])
    raw.send({"type": "hello"})
    time.sleep(0.3)
    for _ in range(5_000):
        try:
            raw.send(b"junk " * 20)
        except OSError:
            break                                         # the server let the socket go
    frames = raw.frames(3)
    assert errors_in(frames)[-1] == "TooSlow" and 4429 in close_codes(frames)
    assert len(errors_in(frames)) < 5 * MAX_BACKLOG      # answered until its outbox filled, then let go
    raw.close()


def test_renames_and_new_invitations_are_limited() -> None:
    """Issue 36, item 10: every write a visitor can repeat is limited, since each is stored and pushed to
    every watcher: a seat renames itself, and a host gives a seat a new invitation, WRITE_BURST times in a
    few seconds, then is told TooManyRequests with Retry-After."""
    with TestClient(create_app(database_url="sqlite://")) as client:
        created = create(client, ["human", "open", "random", "random"])
        base = f"/api/tables/{created['table_id']}"
        for number in range(WRITE_BURST):
            assert client.post(f"{base}/name", json={"seat": 0, "name": f"Ann {number}"},
                               headers=token(created, 0)).status_code == 200
        flooded = client.post(f"{base}/name", json={"seat": 0, "name": "Ann again"}, headers=token(created, 0))
        refused(flooded, 429, "TooManyRequests")
        assert int(flooded.headers["retry-after"]) > 0
        host = {"X-Host-Token": created["host_token"]}
        for _ in range(WRITE_BURST):
            assert client.post(f"{base}/reopen", json={"seat": 1}, headers=host).status_code == 200
        refused(client.post(f"{base}/reopen", json={"seat": 1}, headers=host), 429, "TooManyRequests")


# --- 11. no cache keeps a credential or a hand ------------------------------------------------------------
def test_answers_with_a_credential_or_a_hand_are_not_stored_by_caches() -> None:
    """Issue 36, item 11: creation, claiming and a seat's view answer with Cache-Control: no-store."""
    with TestClient(create_app(database_url="sqlite://")) as client:
        made = client.post("/api/tables", json={"game": "tetka", "seats": ["human", "open", "random", "random"]})
        created = made.json()
        claimed = client.post(f"/api/tables/{created['table_id']}/claim",
                              json={"seat": 1, "invite": created["seats"][1]["invite"]})
        seen = client.get(f"/api/tables/{created['table_id']}/view", params={"seat": 0}, headers=token(created, 0))
        for answer in (made, claimed, seen):
            assert answer.status_code in (200, 201) and answer.headers["cache-control"] == "no-store"


# --- 8. proxy headers -----------------------------------------------------------------------------------
def test_forwarded_headers_are_ignored_unless_the_proxy_is_named(tmp_path: Path) -> None:
    """Issue 36, item 8: without --forwarded-allow-ips, X-Forwarded-For chooses no address, so a visitor on
    loopback cannot spread its creations over made-up addresses; with the proxy named, it is believed."""
    body = {"game": "tetka", "seats": ["human", "random", "random", "random"]}
    for name, proxy, expected in (("plain", (), [201, 201, 429]),
                                  ("proxied", ("--forwarded-allow-ips", "127.0.0.1"), [201, 201, 201])):
        served = Server(f"sqlite:///{tmp_path / name}.sqlite3", tmp_path / f"{name}.log", "--tables-per-minute", "2",
                        *proxy)
        try:
            statuses = [httpx.post(f"{served.base}/api/tables", json=body, timeout=10,
                                   headers={"X-Forwarded-For": f"10.0.0.{n}"}).status_code for n in range(3)]
            assert statuses == expected, name
        finally:
            served.kill()


# --- 5, 8. bounds per client that hold across processes -----------------------------------------------------
BOTS_ALONE = {"game": "tetka", "seats": ["random"] * 4}


def test_the_creation_limit_is_shared_by_every_process_on_one_database(tmp_path: Path) -> None:
    """Issue 36, item 8: the limit is kept in the database, so two server processes on one database give a
    client two tables a minute between them, not two each (before: one bucket per process)."""
    database = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    with TestClient(create_app(database_url=database, tables_per_minute=2, bot_delay=60)) as first, \
            TestClient(create_app(database_url=database, tables_per_minute=2, bot_delay=60)) as second:
        body = {"game": "tetka", "seats": ["human", "random", "random", "random"]}
        statuses = [client.post("/api/tables", json=body).status_code for client in (first, second, first, second)]
        assert statuses == [201, 201, 429, 429]


def test_tables_of_bots_alone_are_bounded_per_client(tmp_path: Path) -> None:
    """Issue 36, item 5: a client may have ``bot_tables_per_client`` tables of bots alone in play; one more is
    refused (TooManyRequests) until one of them ends or is closed, while a table with a person's seat is not
    counted."""
    with TestClient(create_app(database_url=f"sqlite:///{tmp_path / 'p.sqlite3'}", bot_delay=60,
                               bot_tables_per_client=2)) as client:
        made = [client.post("/api/tables", json=BOTS_ALONE).json() for _ in range(2)]
        refused(client.post("/api/tables", json=BOTS_ALONE), 429, "TooManyRequests")
        assert client.post("/api/tables", json={**BOTS_ALONE, "seats": ["human", "random", "random", "random"]}
                           ).status_code == 201
        closed = client.post(f"/api/tables/{made[0]['table_id']}/close",
                             headers={"X-Host-Token": made[0]["host_token"]})
        assert closed.status_code == 200
        assert client.post("/api/tables", json=BOTS_ALONE).status_code == 201


def test_a_table_set_aside_for_its_actions_is_not_listed_in_the_lobby(tmp_path: Path) -> None:
    """A table whose actions no longer replay is set aside at start (503 TableUnavailable when asked for);
    the lobby does not offer it either, though its own row reads well."""
    import sqlite3

    database = tmp_path / "damaged.sqlite3"
    with TestClient(create_app(database_url=f"sqlite:///{database}")) as client:
        created = create(client, ["human", "random", "random", "random"])
        current = view(client, created, 0)
        answer = client.post(f"/api/tables/{created['table_id']}/actions", headers=token(created, 0),
                             json={"seat": 0, "version": current["version"],
                                   "action": current["view"]["legal_actions"][0]})
        assert answer.status_code == 200, answer.text
    with sqlite3.connect(database) as connection:
        connection.execute("UPDATE parlour_actions SET notation = 'play XX' WHERE position = 0")
    with TestClient(create_app(database_url=f"sqlite:///{database}")) as client:
        refused(client.get(f"/api/tables/{created['table_id']}"), 503, "TableUnavailable")
        assert created["table_id"] not in {t["table_id"] for t in client.get("/api/tables").json()}
