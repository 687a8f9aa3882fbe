"""The clock per move and the rematch's news through the HTTP API.

The clock: a table may give people a number of seconds a move; the server plays for a person out of time as
the heuristic bot would (a claim window is declined, never claimed), says so to the table, never clocks a
bot, refuses a clock outside its range, and keeps the deadline over a restart. The time source is a
``Moment`` the tests move on, so nothing waits for a real clock to run out.

The rematch: once the host starts one, each seat of the old table is told of it, a person their own seat
there (taken with their credential here), a spectator only the address to watch; no payload holds a link
that is a credential.
"""

# ruff: noqa: F811  (the tests take the fixtures imported from test_hostile as their arguments)
from __future__ import annotations

import random
import sys
import time
import warnings
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from test_hostile import client, database  # noqa: F401  (the fixtures: a server on a fresh SQLite file)
from webapi import Moment, act, claim, create, refused, token, view, wait_for_turn

import parlour
from parlour.engine import registry
from parlour.engine.claims import NO_CLAIM
from parlour.web.app import create_app
from parlour.web.botpool import move_seed
from parlour.web.tables import CLOCK_TICK, DEAL_END_PAUSE, Seat, Table

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2")
    from fastapi.testclient import TestClient

# Marked, the test-only game with claim windows, from the contract's tests one folder up.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from test_contract_turns import Marked

BOTS = ["heuristic"] * 3


@pytest.fixture
def moment() -> Moment:
    return Moment()


@pytest.fixture
def timed(database: str, moment: Moment) -> Iterator[TestClient]:
    with TestClient(create_app(database_url=database, now=moment)) as client:
        yield client


def settle() -> None:
    """Long enough for the clock's watcher to look at the tables at least twice."""
    time.sleep(CLOCK_TICK * 3)


def test_a_person_out_of_time_is_played_for_as_the_heuristic_would(timed: TestClient, moment: Moment) -> None:
    created = create(timed, ["human", *BOTS], clock=15, name="Ann")
    start = wait_for_turn(timed, created, 0)
    assert start["clock"] == {"seconds": 15, "deadline": (moment.at + timedelta(seconds=15)).isoformat(),
                              "seats": [0], "news": []}
    table = timed.app.state.manager.get(created["table_id"])  # type: ignore[attr-defined]
    from parlour.bots import make_bot, sampler_for

    expected = make_bot("heuristic", "tetka", seed=move_seed(table.seed, 0, table.version, "clock")).choose(
        table.state.view(0), sampler_for(table.state, 0))
    with timed.websocket_connect(f"/ws/tables/{created['table_id']}") as socket:
        socket.send_json({"type": "hello"})
        assert socket.receive_json()["version"] == start["version"]
        moment.advance(14.9)
        settle()
        assert view(timed, created, 0)["version"] == start["version"]       # not yet
        moment.advance(0.2)
        pushed = socket.receive_json()
    assert table.state.history[start["version"]] == (0, table.state.parse_action(expected))
    # Every watcher's log says so, after the line of the move.
    news = f"time ran out: Ann plays {expected.removeprefix('play ')}"
    assert pushed["version"] == start["version"] + 1
    [told] = pushed["clock"]["news"]
    assert told["text"] == news and pushed["view"]["log"][told["line"] - 1] == f"seat 0: {expected}"
    # The bots played on at once; the person's next move has its own full time.
    again = wait_for_turn(timed, created, 0)
    assert again["clock"]["deadline"] == (moment.at + timedelta(seconds=15)).isoformat()
    assert [n["text"] for n in again["clock"]["news"]] == [news]


def test_bots_are_never_clocked(timed: TestClient, moment: Moment) -> None:
    created = create(timed, ["heuristic", *BOTS], clock=5, options={"orbits": 1})
    table = timed.app.state.manager.get(created["table_id"])  # type: ignore[attr-defined]
    deadline = time.monotonic() + 10
    while not table.state.is_over and time.monotonic() < deadline:
        assert table.deadline is None
        time.sleep(0.01)
    assert table.state.is_over
    assert view(timed, created, None)["clock"] == {"seconds": 5, "deadline": None, "seats": [], "news": []}


def test_a_claim_window_is_declined_for_a_person_out_of_time(database: str, moment: Moment,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The person holds a card they could claim; the clock lets the window pass rather than claim for them."""
    monkeypatch.setitem(registry._GAMES, "marked", (Marked.info, Marked))
    with TestClient(create_app(database_url=database, now=moment)) as timed:
        created = create(timed, ["human", "random", "random"], game="marked", clock=10,
                         options={"deal": {"hands": [["QH"], ["2C"], ["2D"]]}, "turns": 1})
        start = wait_for_turn(timed, created, 0)
        assert act(timed, created, 0, start["version"], "pass").status_code == 200
        table = timed.app.state.manager.get(created["table_id"])  # type: ignore[attr-defined]
        assert "claim QH" in [str(a) for a in table.state.legal_actions(0)]
        moment.advance(11)
        deadline = time.monotonic() + 10
        while not table.state.is_over and time.monotonic() < deadline:
            time.sleep(0.02)
        assert (0, NO_CLAIM) in table.state.history
        assert table.state.scores() == [0, 0, 0]


@pytest.mark.parametrize("clock, problem", [(4, "5 to 3600"), (3601, "5 to 3600"), ("30", "clock"),
                                            (True, "clock"), (1.5, "clock")])
def test_a_bad_clock_is_refused_and_makes_no_table(client: TestClient, clock: Any, problem: str) -> None:
    body = refused(client.post("/api/tables", json={"game": "tetka", "seats": ["human", *BOTS], "clock": clock}),
                   400, "MalformedRequest")
    assert problem in body["message"]
    assert client.get("/api/tables").json() == []


def test_no_clock_by_default(client: TestClient) -> None:
    created = create(client, ["human", *BOTS])
    assert view(client, created, 0)["clock"] is None


def test_the_deadline_survives_a_restart(database: str, moment: Moment) -> None:
    """(A database made before clocks: tests/web/test_store_schema.py.)"""
    with TestClient(create_app(database_url=database, now=moment)) as timed:
        created = create(timed, ["human", *BOTS], clock=30)
        start = wait_for_turn(timed, created, 0)
        moment.advance(20)
    with TestClient(create_app(database_url=database, now=moment)) as timed:
        again = view(timed, created, 0)
        assert (again["version"], again["clock"]) == (start["version"], start["clock"])
        moment.advance(9)
        settle()
        assert view(timed, created, 0)["version"] == start["version"]
        moment.advance(2)
        deadline = time.monotonic() + 10
        while view(timed, created, 0)["version"] == start["version"]:
            assert time.monotonic() < deadline, "the clock did not play after the restart"
            time.sleep(0.02)
        told = view(timed, created, 0)["clock"]["news"]
        assert len(told) == 1 and told[0]["text"].startswith("time ran out: seat 0 plays ")
    with TestClient(create_app(database_url=database, now=moment)) as timed:     # and what it played, kept
        assert view(timed, created, 0)["clock"]["news"] == told


# --- the rematch, told to the old table -------------------------------------------------------------------------
FRIENDS = ["human", "open", "heuristic", "open"]


def host(created: dict[str, Any]) -> dict[str, str]:
    return {"X-Host-Token": created["host_token"]}


def test_the_old_table_tells_each_seat_its_own_place_at_the_rematch(client: TestClient) -> None:
    created = create(client, FRIENDS, name="Ann", clock=30)
    claim(client, created, 1)
    old = created["table_id"]
    client.post(f"/api/tables/{old}/close", headers=host(created))
    assert view(client, created, 1)["rematch"] is None
    refused(client.post(f"/api/tables/{old}/rematch/join", json={"seat": 1}, headers=token(created, 1)), 404,
            "NotFound")
    with client.websocket_connect(f"/ws/tables/{old}") as socket:
        socket.send_json({"type": "hello", "seat": 1, "token": created["seats"][1]["token"]})
        assert socket.receive_json()["type"] == "view"
        again = client.post(f"/api/tables/{old}/rematch", json={}, headers=host(created)).json()
        pushed = socket.receive_json()
    new = again["table_id"]
    mine = {"table_id": new, "url": f"/table/{new}", "seat": 1, "seat_url": f"/table/{new}?seat=1"}
    assert pushed == {"type": "rematch", "table_id": old, "rematch": mine}
    assert view(client, created, 1)["rematch"] == mine
    assert view(client, created, 0)["rematch"]["seat_url"] == f"/table/{new}?seat=0"
    assert view(client, created, None)["rematch"] == {"table_id": new, "url": f"/table/{new}"}
    assert client.get(f"/api/tables/{new}/view").json()["clock"]["seconds"] == 30     # the clock goes along
    # No payload holds a credential of the new table.
    secrets = [s[key] for s in again["seats"] for key in ("token", "invite") if key in s]
    for seat in (0, 1, None):
        text = client.get(f"/api/tables/{old}/view", params={} if seat is None else {"seat": seat},
                          headers={} if seat is None else token(created, seat)).text
        assert not any(secret in text for secret in secrets)


def test_a_friend_takes_their_seat_at_the_rematch_with_their_old_credential(client: TestClient) -> None:
    created = create(client, FRIENDS, name="Ann")
    claim(client, created, 1)
    response = client.post(f"/api/tables/{created['table_id']}/claim",
                           json={"seat": 3, "invite": created["seats"][3]["invite"], "name": "Cy"})
    created["seats"][3]["token"] = response.json()["token"]
    old = created["table_id"]
    client.post(f"/api/tables/{old}/close", headers=host(created))
    again = client.post(f"/api/tables/{old}/rematch", json={}, headers=host(created)).json()
    path = f"/api/tables/{old}/rematch/join"
    refused(client.post(path, json={"seat": 1}, headers=token(created, 3)), 401, "Unauthorized")
    joined = client.post(path, json={"seat": 1, "name": "Bea"}, headers=token(created, 1))
    assert joined.status_code == 200, joined.text
    answer = joined.json()
    assert (answer["table_id"], answer["seat"]) == (again["table_id"], 1)
    seated = {"table_id": again["table_id"], "seats": [{}, {"token": answer["token"]}]}
    assert view(client, seated, 1)["names"][:2] == ["Ann", "Bea"]
    refused(client.post(path, json={"seat": 1}, headers=token(created, 1)), 409, "SeatTaken")
    refused(client.post(path, json={"seat": 0}, headers=token(created, 0)), 409, "SeatTaken")
    # Cy keeps the name he had; his new seat's link, sent by the host, is taken already.
    assert client.post(path, json={"seat": 3}, headers=token(created, 3)).status_code == 200
    assert view(client, seated, 1)["names"][3] == "Cy"
    refused(client.post(f"/api/tables/{again['table_id']}/claim",
                        json={"seat": 3, "invite": again["seats"][3]["invite"]}), 409, "SeatTaken")


def test_the_first_move_of_a_deal_has_the_deal_end_pause_as_well() -> None:
    """The page shows a finished deal for DEAL_END_PAUSE seconds among people while the server goes on: the
    person to move first in the next deal is given that time on top of their clock."""
    state = parlour.new_game("tetka", seed=3)
    rng = random.Random(0)
    while True:
        seat = state.to_move[0]
        after = state.clone()
        after.apply(seat, rng.choice(after.legal_actions(seat)))
        if after.hand_results:
            break
        state = after
    now = datetime(2026, 1, 1, tzinfo=UTC)
    table = Table(id="t", state=state, seats=[Seat(s, "human") for s in range(4)], created=now, clock=30)
    table.deadline = now
    assert table.deadline_after(seat, state, after, now) == now + timedelta(seconds=30 + DEAL_END_PAUSE)
