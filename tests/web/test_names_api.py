"""Names, rematch and leaving through the HTTP API: a person's name is checked, stored with the seat and shown
to every watcher; bots are named by kind; a rematch repeats the table on a new seed; a person who leaves
opens their seat again; people chat. Also that a database made before seats had names (or tables a chat)
still opens."""

# ruff: noqa: F811  (the tests take the fixtures imported from test_hostile as their arguments)
from __future__ import annotations

import warnings
from typing import Any

import pytest
from test_hostile import client, database  # noqa: F401  (the fixtures: a server on a fresh SQLite file)
from webapi import claim, create, refused, token

from parlour.web.tables import bot_name

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2")
    from fastapi.testclient import TestClient

FRIENDS = ["human", "open", "heuristic", "ismcts:2s"]


def seat_names(client: TestClient, created: dict[str, Any]) -> list[str | None]:
    return [s["name"] for s in client.get(f"/api/tables/{created['table_id']}").json()["seats"]]


def host(created: dict[str, Any]) -> dict[str, str]:
    return {"X-Host-Token": created["host_token"]}


def test_names_are_trimmed_stored_and_shown_to_everyone(client: TestClient) -> None:
    created = create(client, FRIENDS, name="  Ann  ")
    response = client.post(f"/api/tables/{created['table_id']}/claim",
                           json={"seat": 1, "invite": created["seats"][1]["invite"], "name": "<b>x</b>"})
    assert response.status_code == 200, response.text
    assert seat_names(client, created) == ["Ann", "<b>x</b>", "Heuristic bot", "IS-MCTS hard"]
    spectator = client.get(f"/api/tables/{created['table_id']}/view").json()
    assert spectator["names"] == ["Ann", "<b>x</b>", "Heuristic bot", "IS-MCTS hard"]


@pytest.mark.parametrize("name, problem", [("", "1 to 24"), ("   ", "1 to 24"), ("x" * 25, "1 to 24"),
                                           ("a\nb", "printable"), ("tab\there", "printable")])
def test_a_bad_name_is_refused_and_changes_nothing(client: TestClient, name: str, problem: str) -> None:
    body = refused(client.post("/api/tables", json={"game": "tetka", "seats": FRIENDS, "name": name}), 400,
                   "MalformedRequest")
    assert problem in body["message"]
    assert client.get("/api/tables").json() == []
    created = create(client, FRIENDS, name="Ann")
    body = refused(client.post(f"/api/tables/{created['table_id']}/claim",
                               json={"seat": 1, "invite": created["seats"][1]["invite"], "name": name}),
                   400, "MalformedRequest")
    assert problem in body["message"]
    assert client.get(f"/api/tables/{created['table_id']}").json()["seats"][1]["taken"] is False


def test_bots_are_named_by_kind_in_short() -> None:
    assert [bot_name(k) for k in ("random", "heuristic", "heuristic:easy", "ismcts", "ismcts:200", "ismcts:2s",
                                  "ismcts:500", "ismcts:1.5s")] == [
        "Random bot", "Heuristic bot", "Heuristic bot", "IS-MCTS bot", "IS-MCTS easy", "IS-MCTS hard",
        "IS-MCTS 500", "IS-MCTS 1.5 s"]
    assert [bot_name(level) for level in ("easy", "medium", "strong", "expert")] == [
        "Easy bot", "Medium bot", "Strong bot", "Expert bot"]


def test_a_claim_tells_the_watchers_the_new_name(client: TestClient) -> None:
    created = create(client, FRIENDS, name="Ann")
    with client.websocket_connect(f"/ws/tables/{created['table_id']}") as socket:
        socket.send_json({"type": "hello"})
        assert socket.receive_json()["type"] == "view"
        client.post(f"/api/tables/{created['table_id']}/claim",
                    json={"seat": 1, "invite": created["seats"][1]["invite"], "name": "Bea"})
        message = socket.receive_json()
        while message["type"] != "seats":
            message = socket.receive_json()
        assert [s["name"] for s in message["seats"]][:2] == ["Ann", "Bea"]
    # The views built before the claim are built again with the new name.
    assert client.get(f"/api/tables/{created['table_id']}/view").json()["names"][1] == "Bea"


def test_rematch_repeats_the_table_on_a_new_seed(client: TestClient) -> None:
    created = create(client, FRIENDS, name="Ann", options={"orbits": 1}, private=True)
    claim(client, created, 1)
    old = created["table_id"]
    refused(client.post(f"/api/tables/{old}/rematch", json={}, headers=host(created)), 409, "GameNotOver")
    client.post(f"/api/tables/{old}/close", headers=host(created))
    refused(client.post(f"/api/tables/{old}/rematch", json={}, headers={"X-Host-Token": "nope"}), 401,
            "Unauthorized")
    response = client.post(f"/api/tables/{old}/rematch", json={}, headers=host(created))
    assert response.status_code == 201, response.text
    again = response.json()
    new = again["table_id"]
    assert new != old
    assert [s["kind"] for s in again["seats"]] == FRIENDS
    assert "token" in again["seats"][0] and "invite" in again["seats"][1]
    assert again["seats"][1]["invite"] != created["seats"][1]["invite"]
    described = client.get(f"/api/tables/{new}").json()
    assert (described["game"], described["players"], described["options"]["orbits"], described["private"]) == \
        ("tetka", 4, 1, True)
    assert seat_names(client, again) == ["Ann", None, "Heuristic bot", "IS-MCTS hard"]
    manager = client.app.state.manager  # type: ignore[attr-defined]
    assert manager.get(new).seed != manager.get(old).seed
    assert client.get(f"/api/tables/{new}/view", params={"seat": 0}, headers=token(again, 0)).status_code == 200


def test_leaving_opens_the_seat_for_its_link_and_tells_the_table(client: TestClient) -> None:
    created = create(client, FRIENDS, name="Ann")
    claim(client, created, 1)
    table_id = created["table_id"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        socket.send_json({"type": "hello"})
        assert socket.receive_json()["type"] == "view"
        refused(client.post(f"/api/tables/{table_id}/leave", json={"seat": 1}, headers=token(created, 0)), 401,
                "Unauthorized")
        response = client.post(f"/api/tables/{table_id}/leave", json={"seat": 1}, headers=token(created, 1))
        assert response.status_code == 204, response.text
        message = socket.receive_json()
        while message["type"] != "seats":
            message = socket.receive_json()
        assert "seat 1 is open again" in message["news"]
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert (seats[1]["taken"], seats[1]["name"]) == (False, None)
    refused(client.get(f"/api/tables/{table_id}/view", params={"seat": 1}, headers=token(created, 1)), 401,
            "Unauthorized")
    # The friend's link seats the next person; the creator leaving makes theirs open too.
    claim(client, created, 1)
    assert client.post(f"/api/tables/{table_id}/leave", json={"seat": 0}, headers=token(created, 0)).status_code == 204
    assert client.get(f"/api/tables/{table_id}").json()["seats"][0] == {"seat": 0, "kind": "open", "taken": False,
                                                                        "name": None}


def test_a_seated_person_may_change_their_name(client: TestClient) -> None:
    created = create(client, FRIENDS)
    claim(client, created, 1)
    path = f"/api/tables/{created['table_id']}/name"
    response = client.post(path, json={"seat": 1, "name": " Bea "}, headers=token(created, 1))
    assert response.status_code == 200 and response.json() == {"seat": 1, "name": "Bea"}
    refused(client.post(path, json={"seat": 1, "name": "Cy"}, headers=token(created, 0)), 401, "Unauthorized")
    refused(client.post(path, json={"seat": 2, "name": "Cy"}, headers=token(created, 1)), 401, "Unauthorized")
    refused(client.post(path, json={"seat": 1, "name": "\x00"}, headers=token(created, 1)), 400, "MalformedRequest")
    assert seat_names(client, created)[:2] == [None, "Bea"]


def test_chat_is_between_people_kept_pushed_and_limited(client: TestClient) -> None:
    created = create(client, FRIENDS, name="Ann")
    path = f"/api/tables/{created['table_id']}/chat"
    refused(client.post(path, json={"seat": 0, "text": "anyone?"}, headers=token(created, 0)), 409, "ChatUnavailable")
    claim(client, created, 1)
    refused(client.post(path, json={"seat": 0, "text": "x" * 201}, headers=token(created, 0)), 400,
            "MalformedRequest")
    refused(client.post(path, json={"seat": 0, "text": "   "}, headers=token(created, 0)), 400, "MalformedRequest")
    refused(client.post(path, json={"seat": 2, "text": "hi"}, headers=token(created, 0)), 401, "Unauthorized")
    with client.websocket_connect(f"/ws/tables/{created['table_id']}") as socket:
        socket.send_json({"type": "hello"})
        assert socket.receive_json()["type"] == "view"
        said = client.post(path, json={"seat": 0, "text": " <b>hi</b>\n  there "}, headers=token(created, 0))
        assert said.status_code == 200, said.text
        message = socket.receive_json()
        assert (message["type"], message["name"], message["text"]) == ("chat", "Ann", "<b>hi</b> there")
        # A spectator's socket reads, but cannot speak.
        socket.send_json({"type": "chat", "text": "me too"})
        assert socket.receive_json()["error"] == "MalformedRequest"
    for n in range(4):
        assert client.post(path, json={"seat": 0, "text": f"{n}"}, headers=token(created, 0)).status_code == 200
    limited = client.post(path, json={"seat": 0, "text": "again"}, headers=token(created, 0))
    refused(limited, 429, "TooManyRequests")
    assert int(limited.headers["Retry-After"]) >= 1
    assert client.post(path, json={"seat": 1, "text": "mine"}, headers=token(created, 1)).status_code == 200
    kept = client.get(path).json()
    assert [m["text"] for m in kept] == ["<b>hi</b> there", "0", "1", "2", "3", "mine"]
    assert [m["position"] for m in kept] == list(range(6))
