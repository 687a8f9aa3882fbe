"""Calls to the server's API that the web tests share: create a table, claim a friend's seat, read a seat's
view, wait for a turn, act, say hello on a websocket, and check a refusal. Imported by the test modules of
this folder (pytest puts it on the path)."""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

with warnings.catch_warnings():
    # Starlette announces a successor to httpx for its test client; httpx is what FastAPI documents.
    warnings.filterwarnings("ignore", message=".*httpx2")
    from fastapi.testclient import TestClient

TIMEOUT = 10.0
# For ``page.wait_for_function(IN_SIGHT, arg=selector)``: every element the selector finds lies wholly in the
# window as it is scrolled now (and one at least is found).
IN_SIGHT = """(selector) => {
  const rects = [...document.querySelectorAll(selector)].map((n) => n.getBoundingClientRect());
  return rects.length > 0 && rects.every((r) => r.top >= 0 && r.bottom <= innerHeight + 0.5);
}"""


def create(client: TestClient, seats: list[str], **body: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json={"game": "tetka", "seats": seats, **body})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def claim(client: TestClient, created: dict[str, Any], seat: int) -> str:
    """Take a friend's seat by its invitation, as the browser opening its link does; the credential is
    kept in ``created`` so that ``token`` finds it."""
    response = client.post(f"/api/tables/{created['table_id']}/claim",
                           json={"seat": seat, "invite": created["seats"][seat]["invite"]})
    assert response.status_code == 200, response.text
    credential: str = response.json()["token"]
    created["seats"][seat]["token"] = credential
    return credential


def token(created: dict[str, Any], seat: int) -> dict[str, str]:
    return {"X-Seat-Token": created["seats"][seat]["token"]}


def hello(socket: Any, created: dict[str, Any] | None = None, seat: int | None = None) -> dict[str, Any]:
    """Say who is watching, as a websocket's first message must, and answer the first thing pushed."""
    if seat is None or created is None:
        socket.send_json({"type": "hello"})
    else:
        socket.send_json({"type": "hello", "seat": seat, "token": created["seats"][seat]["token"]})
    first: dict[str, Any] = socket.receive_json()
    return first


def hands(client: TestClient, created: dict[str, Any]) -> list[list[str]]:
    """Every seat's cards, read from the server's own state: what a test must know to look for leaks at
    a table of several people, whose deal may not be chosen."""
    state = client.app.state.manager.get(created["table_id"]).state  # type: ignore[attr-defined]
    return [list(state.view(seat).hand) for seat in range(state.players)]


def view(client: TestClient, created: dict[str, Any], seat: int | None) -> dict[str, Any]:
    if seat is None:
        response = client.get(f"/api/tables/{created['table_id']}/view")
    else:
        response = client.get(f"/api/tables/{created['table_id']}/view", params={"seat": seat},
                              headers=token(created, seat))
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def next_deal(client: TestClient, created: dict[str, Any], seat: int, headers: dict[str, str] | None = None) -> Any:
    """Say, for ``seat``, that its person has seen the deal that ended (the page's "Next deal")."""
    return client.post(f"/api/tables/{created['table_id']}/next-deal", json={"seat": seat},
                       headers=token(created, seat) if headers is None else headers)


def wait_for_turn(client: TestClient, created: dict[str, Any], seat: int) -> dict[str, Any]:
    """Poll the seat's view until it is to move or the game is over (the bots answer in between). A person
    waiting for their turn has looked at each deal as it ended: where the table waits for their "Next deal",
    they say it."""
    deadline = time.monotonic() + TIMEOUT
    while True:
        current = view(client, created, seat)
        pause = current.get("pause")
        if pause and seat in pause["waiting"]:
            response = next_deal(client, created, seat)
            assert response.status_code == 200, response.text
            continue
        if current["view"]["is_over"] or (seat in current["view"]["to_move"] and not pause):
            return current
        if time.monotonic() > deadline:
            raise AssertionError(f"seat {seat} never got the turn: {current['view']['to_move']}")
        time.sleep(0.005)


def act(client: TestClient, created: dict[str, Any], seat: int, version: Any, action: Any,
        headers: dict[str, str] | None = None) -> Any:
    return client.post(f"/api/tables/{created['table_id']}/actions",
                       json={"seat": seat, "version": version, "action": action},
                       headers=token(created, seat) if headers is None else headers)


def refused(response: Any, status: int, error: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert body["error"] == error and body["message"], body
    return body


class Moment:
    """A time source the test moves on by hand (UTC, as the server's own)."""

    def __init__(self) -> None:
        self.at = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.at

    def advance(self, seconds: float) -> None:
        self.at += timedelta(seconds=seconds)


class PersonAtSeatZero:
    """A table on a running server as the person at seat 0 has it (``client``, the table's ``id``, the seat's
    ``token``): the address that opens their page, and their seat's payload."""

    client: Any       # an httpx.Client on the server's base address
    id: str
    token: str

    def url(self) -> str:
        return f"/table/{self.id}?seat=0#token={self.token}"

    def payload(self) -> dict[str, Any]:
        answer = self.client.get(f"/api/tables/{self.id}/view", params={"seat": 0},
                                 headers={"X-Seat-Token": self.token})
        assert answer.status_code == 200, answer.text
        payload: dict[str, Any] = answer.json()
        return payload


@contextmanager
def window(browser: Any, size: dict[str, int], **options: Any) -> Iterator[tuple[Any, list[str]]]:
    """A page of ``size`` in a fresh context of ``browser`` (the conftest's Chromium), with the list of the
    errors it throws; the context is closed afterwards, whatever happened."""
    context = browser.new_context(viewport=size, reduced_motion="reduce", **options)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        yield page, errors
    finally:
        context.close()
