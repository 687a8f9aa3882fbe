"""The game server through its HTTP and websocket API (FastAPI's ``TestClient``), on a temporary SQLite file.

Bots move in background tasks on the server, so the tests poll a seat's view until it is that seat's turn.
Tables are stacked through the public ``deal`` option where a test must know who holds what.

Set ``PARLOUR_TEST_POSTGRES`` to a PostgreSQL URL (an empty database the tests may clear) to run every
server test against it as well.
"""

from __future__ import annotations

import io
import json
import os
import re
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

with warnings.catch_warnings():
    # Starlette announces a successor to httpx for its test client; httpx is what FastAPI documents.
    warnings.filterwarnings("ignore", message=".*httpx2")
    from fastapi.testclient import TestClient

from rich.console import Console
from served import worker_database
from webapi import TIMEOUT, act, claim, create, hands, hello, refused, token, view, wait_for_turn

import parlour
from parlour.cards import ACE_HIGH
from parlour.cli.main import main
from parlour.engine import games as all_games  # parlour.games() itself; a name mypy can follow
from parlour.web.app import create_app
from parlour.web.store import Base, Store, StoreConflict, StoredSeat, StoredTable, token_hash

SUITS = "CDHS"
RANKS = [rank.letter for rank in ACE_HIGH]
# Seat 0 holds every club, seat 1 every diamond, seat 2 every heart, seat 3 (the dealer) every spade.
HANDS = [[rank + suit for rank in RANKS] for suit in SUITS]
STACKED = {"deal": {"hands": HANDS}}
# Named in every view of that deal: the bum card (the dealer's last card, shown) and Tëtka, the queen of its suit.
PUBLIC = {"AS", "QS"}
RANDOM_BOTS = ["human", "random", "random", "random"]
FRIENDS = ["human", "open", "random", "random"]


POSTGRES = os.environ.get("PARLOUR_TEST_POSTGRES")


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'parlour.sqlite3'}"
    if POSTGRES is None:
        pytest.skip("no PostgreSQL server: set PARLOUR_TEST_POSTGRES to a database URL (.ci/run starts one)")
    url = worker_database(POSTGRES, os.environ.get("PYTEST_XDIST_WORKER", "main"))
    store = Store(url)
    Base.metadata.drop_all(store.engine)
    store.close()
    return url


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    # The ``with`` block runs the app's lifespan and keeps one event loop alive, so bots' background
    # tasks go on between requests.
    with TestClient(create_app(database_url=database)) as client:
        yield client


def created_at() -> Any:
    from datetime import UTC, datetime
    return datetime.now(UTC)


def cards_in(text: str, cards: list[str]) -> set[str]:
    """The cards named in `text` as cards.

    Table ids and seat tokens are random URL-safe text, so a card's letters inside one (``…x6S-…``) must
    not count: a card is bounded by characters no token uses.
    """
    return {card for card in cards if re.search(rf"(?<![\w-]){card}(?![\w-])", text)}


# --- listings -------------------------------------------------------------------------------------------
def test_games_are_listed_with_their_options(client: TestClient) -> None:
    listed = {game["id"]: game for game in client.get("/api/games").json()}
    assert set(listed) == {info.id for info in all_games()}
    assert listed["tute"]["direction"] == "counter-clockwise" and listed["tetka"]["direction"] == "clockwise"
    assert listed["tute"]["partnerships"] is True and listed["tetka"]["partnerships"] is False
    tetka = listed["tetka"]
    assert (tetka["min_players"], tetka["max_players"], tetka["default_players"]) == (4, 4, 4)
    assert tetka["options"] == [{"name": "orbits", "label": "Rounds of the table", "default": 1,
                                 "doc": tetka["options"][0]["doc"], "kind": "int", "choices": None, "minimum": 1,
                                 "maximum": 50}]
    assert "solver" not in tetka["bots"] and "random" in tetka["bots"]
    assert tetka["bots"][:4] == ["easy", "medium", "strong", "expert"]     # the strengths people choose by name
    assert tetka["summary"] and tetka["family"]


def test_bots_are_listed_with_strengths(client: TestClient) -> None:
    bots = client.get("/api/bots").json()
    assert bots["kinds"] == ["easy", "medium", "strong", "expert", "random", "heuristic", "ismcts", "rollout", "pimc",
                             "solver", "openspiel-ismcts"]
    assert "ismcts:2s" in bots["strengths"]["ismcts"]
    assert bots["strengths"]["heuristic"] == ["heuristic:easy", "heuristic", "heuristic:hard"]


def test_pages_are_served_even_before_the_page_exists(client: TestClient) -> None:
    for path in ("/", "/table/abc"):
        response = client.get(path)
        assert response.status_code == 200 and "text/html" in response.headers["content-type"]


# --- creating tables ------------------------------------------------------------------------------------
def test_a_new_table_gives_credentials_to_people_only_and_stores_only_their_digests(client: TestClient,
                                                                                     database: str) -> None:
    """The creator's own seat gets its credential; a friend's seat an invitation (in the link's fragment,
    which browsers never send); the database keeps digests only."""
    created = create(client, ["human", "open", "random", "heuristic"])
    table_id = created["table_id"]
    kinds = [(s["seat"], s["kind"], "token" in s, "invite" in s) for s in created["seats"]]
    assert kinds == [(0, "human", True, False), (1, "open", False, True), (2, "random", False, False),
                     (3, "heuristic", False, False)]
    assert created["seats"][0]["url"] == f"/table/{table_id}?seat=0"
    assert created["seats"][1]["url"] == f"/table/{table_id}?seat=1#invite={created['seats'][1]['invite']}"
    assert created["spectator_url"] == f"/table/{table_id}" and created["host_token"]
    stored = Store(database).load(table_id)
    assert stored is not None
    assert [(s.token_hash, s.invite_hash) for s in stored.seats] == [
        (token_hash(created["seats"][0]["token"]), None), (None, token_hash(created["seats"][1]["invite"])),
        (None, None), (None, None)]
    assert stored.host_hash == token_hash(created["host_token"])
    table = client.get(f"/api/tables/{table_id}").json()
    assert table["seats"] == [{"seat": 0, "kind": "human", "taken": True, "name": None},
                              {"seat": 1, "kind": "open", "taken": False, "name": None},
                              {"seat": 2, "kind": "random", "taken": None, "name": "Random bot"},
                              {"seat": 3, "kind": "heuristic", "taken": None, "name": "Heuristic bot"}]
    assert (table["players"], table["game"], table["version"], table["is_over"]) == (4, "tetka", 0, False)
    assert (table["status"], table["private"], table["stacked"]) == ("playing", False, False)
    listing = client.get("/api/tables").json()
    assert [t["table_id"] for t in listing] == [table_id]
    assert set(listing[0]) == {"table_id", "game", "players", "seats", "is_over", "status", "private", "stacked",
                               "version", "created", "last_active"}


@pytest.mark.parametrize(("body", "words"), [
    ({"game": "no-such-game", "seats": RANDOM_BOTS}, "unknown game"),
    ({"game": "tetka", "seats": ["human", "random"]}, "4 players"),
    ({"game": "tetka", "players": 4, "seats": ["human", "random"]}, "names 2 seats"),
    ({"game": "tetka", "seats": ["human", "random", "random", "wizard"]}, "unknown seat kind"),
    ({"game": "tetka", "seats": ["human", "random", "random", "solver"]}, "solver"),
    ({"game": "tetka", "seats": ["human", "random", "random", "ismcts:fast"]}, "ismcts takes"),
    ({"game": "tetka", "seats": ["ismcts:1e9s"] * 4}, "at most 5 seconds"),
    ({"game": "tetka", "seats": ["ismcts:infs"] * 4}, "ismcts takes"),
    ({"game": "tetka", "seats": ["ismcts:nans"] * 4}, "ismcts takes"),
    ({"game": "tetka", "seats": ["ismcts:-1s"] * 4}, "ismcts takes"),
    ({"game": "tetka", "seats": ["ismcts:99999999999"] * 4}, "at most 100000 iterations"),
    ({"game": "tetka", "seats": FRIENDS, "seed": 5}, "every other seat is a bot"),
    ({"game": "tetka", "seats": ["human", "human", "random", "random"], "options": STACKED},
     "every other seat is a bot"),
    ({"game": "tetka", "seats": RANDOM_BOTS, "options": {"orbits": 0}}, "at least 1"),
    ({"game": "tetka", "seats": RANDOM_BOTS, "options": {"speed": 3}}, "unknown option"),
    ({"game": "tetka", "seats": RANDOM_BOTS, "options": {"deal": {"hands": [["QC"]]}}}, ""),
    ({"game": "tetka", "seats": RANDOM_BOTS, "options": {"deal": [[1, {"x": None}]]}}, ""),
    ({"game": "tetka", "seats": RANDOM_BOTS, "variant": "fast"}, "unknown variant"),
    ({"game": "tetka", "seats": RANDOM_BOTS, "seed": "1"}, "seed"),
    ({"game": "tetka", "seats": RANDOM_BOTS, "players": True}, "players"),
    ({"game": "tetka", "seats": "human"}, "seats"),
    ({"game": "tetka", "seats": RANDOM_BOTS, "colour": "red"}, "colour"),
    ({"seats": RANDOM_BOTS}, "game"),
])
def test_a_bad_table_is_refused_and_none_is_made(client: TestClient, body: dict[str, Any], words: str) -> None:
    answer = refused(client.post("/api/tables", json=body), 400, "MalformedRequest")
    assert words in answer["message"]
    assert client.get("/api/tables").json() == []


# --- playing --------------------------------------------------------------------------------------------
def test_a_whole_game_of_tetka_over_http_against_three_random_bots(client: TestClient) -> None:
    created = create(client, RANDOM_BOTS, seed=11)
    table_id = created["table_id"]
    refused(client.get(f"/api/tables/{table_id}/record"), 409, "GameNotOver")
    moves = 0
    bot_moves_seen = False
    while True:
        current = wait_for_turn(client, created, 0)
        if current["view"]["is_over"]:
            break
        before = current["version"]
        answer = act(client, created, 0, before, current["view"]["legal_actions"][0])
        assert answer.status_code == 200, answer.text
        assert answer.json()["version"] == before + 1
        moves += 1
        after = wait_for_turn(client, created, 0)
        bot_moves_seen = bot_moves_seen or after["version"] > before + 1
    assert moves == 52 and bot_moves_seen
    # 208 actions, and the person's Next deal after each of the first three deals (the fourth ends the game).
    assert current["version"] == 208 + 3 and current["result"] is not None
    assert [r["number"] for r in current["hand_results"]] == [1, 2, 3, 4]
    assert current["can_hint"] is False and current["can_undo"] is False
    assert client.get(f"/api/tables/{table_id}").json()["is_over"] is True
    refused(act(client, created, 0, current["version"], "play 2C"), 409, "GameOver")

    record = client.get(f"/api/tables/{table_id}/record").json()
    replayed = parlour.replay(record)
    assert replayed.is_over and replayed.scores() == current["view"]["scores"] == current["result"]["scores"]
    assert replayed.view(0).to_dict() == current["view"]


def test_a_table_of_bots_plays_itself_to_the_end(client: TestClient) -> None:
    created = create(client, ["random"] * 4, seed=3)
    assert all("token" not in seat for seat in created["seats"])
    deadline = time.monotonic() + TIMEOUT
    while not (spectator := view(client, created, None))["view"]["is_over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.01)
    assert spectator["version"] == 208 and spectator["result"]["winners"]


# --- refusals -------------------------------------------------------------------------------------------
def test_every_refused_action_is_typed_and_changes_nothing(client: TestClient) -> None:
    created = create(client, FRIENDS)
    claim(client, created, 1)
    table_id = created["table_id"]
    dealt = hands(client, created)
    before = view(client, created, 0)
    assert before["version"] == 0 and before["view"]["to_move"] == [0]
    mine, theirs = before["view"]["legal_actions"][0], dealt[1][0]
    url = f"/api/tables/{table_id}/actions"
    seat0 = token(created, 0)

    refused(client.post(url, content=b"{not json", headers={**seat0, "Content-Type": "application/json"}),
            400, "MalformedRequest")
    body: Any
    for body in ([], "play 2C", {"seat": 0, "version": 0}, {"seat": "0", "version": 0, "action": "play 2C"},
                 {"seat": 0, "version": True, "action": "play 2C"}, {"seat": 0, "version": 0, "action": 7},
                 {"seat": 0, "version": 0, "action": "play 2C", "also": 1},
                 {"seat": 0, "version": 0, "action": "play 2C" * 100}):
        refused(client.post(url, json=body, headers=seat0), 400, "MalformedRequest")
    notation = refused(act(client, created, 0, 0, "play QX"), 400, "MalformedRequest")
    assert "QX" in notation["message"]
    refused(act(client, created, 0, 0, "fly away"), 400, "MalformedRequest")
    for seat in (-1, 4, 10**30):
        refused(act(client, created, seat, 0, mine, headers=seat0), 400, "MalformedRequest")

    refused(act(client, created, 0, 0, mine, headers={}), 401, "Unauthorized")
    refused(act(client, created, 0, 0, mine, headers={"X-Seat-Token": "guess"}), 401, "Unauthorized")
    refused(act(client, created, 0, 0, mine, headers=token(created, 1)), 401, "Unauthorized")
    refused(act(client, created, 0, 0, mine, headers={"X-Seat-Token": created["seats"][1]["invite"]}),
            401, "Unauthorized")   # an invitation is not a credential
    refused(act(client, created, 2, 0, f"play {dealt[2][0]}", headers=seat0), 401, "Unauthorized")
    refused(client.get(f"/api/tables/{table_id}/view", params={"seat": 1}, headers=seat0), 401, "Unauthorized")
    refused(client.post("/api/tables/nope/actions", json={"seat": 0, "version": 0, "action": "play 2C"},
                        headers=seat0), 404, "NotFound")
    refused(client.get("/api/tables/nope/view"), 404, "NotFound")
    refused(client.get("/api/tables/nope"), 404, "NotFound")

    stale = refused(act(client, created, 0, 1, mine), 409, "StaleStateId")
    assert stale["version"] == 0
    refused(act(client, created, 0, -3, mine), 409, "StaleStateId")
    refused(act(client, created, 1, 0, f"play {theirs}"), 409, "InactivePlayer")
    illegal = refused(act(client, created, 0, 0, f"play {theirs}"), 422, "InvalidMove")
    assert "rule" in illegal
    refused(client.post(f"/api/tables/{table_id}/undo", json={"seat": 0}, headers=seat0), 409, "UndoUnavailable")
    refused(client.post(f"/api/tables/{table_id}/hint", json={"seat": 1}, headers=token(created, 1)),
            409, "InactivePlayer")
    refused(client.post(f"/api/tables/{table_id}/hint", json={"seat": 0}, headers=seat0), 409, "HintUnavailable")
    assert view(client, created, 0)["can_hint"] is False

    after = view(client, created, 0)
    assert after == before
    assert client.get(f"/api/tables/{table_id}").json()["version"] == 0

    # A refusal names only the card the seat itself named (and the notation's own examples), never
    # who holds it nor anyone else's cards.
    said = json.dumps(illegal) + json.dumps(stale) + json.dumps(notation)
    assert cards_in(said, dealt[1] + dealt[2]) <= {theirs, "QC", "10H"} and "seat 1" not in illegal["message"]


# --- hidden information ---------------------------------------------------------------------------------
def test_a_seat_sees_its_own_hand_and_no_one_elses(client: TestClient) -> None:
    created = create(client, FRIENDS)
    claim(client, created, 1)
    table_id = created["table_id"]
    dealt = hands(client, created)
    mine = view(client, created, 0)
    text = json.dumps(mine)
    # The dealer's bum card is shown to all, and Tëtka (the queen of its suit) named, whoever holds her;
    # nothing else of anyone else's hand is.
    shown = set(mine["view"]["seats"][3]["face_up"]) | {mine["view"]["extra"]["tetka"]}
    assert cards_in(text, dealt[1] + dealt[2] + dealt[3]) <= shown

    first = mine["view"]["legal_actions"][0]
    played = act(client, created, 0, 0, first)
    assert played.status_code == 200
    assert cards_in(played.text, dealt[1] + dealt[2]) <= shown
    friend = view(client, created, 1)
    assert sorted(friend["view"]["hand"]) == sorted(dealt[1])
    assert not cards_in(json.dumps(friend), [card for card in dealt[0]
                                             if f"play {card}" != first and card not in shown])

    for text in (client.get(f"/api/tables/{table_id}").text, client.get("/api/tables").text):
        assert "deal" not in text and not cards_in(text, dealt[0] + dealt[1] + dealt[2] + dealt[3])


def test_a_spectator_sees_no_hand(client: TestClient) -> None:
    created = create(client, RANDOM_BOTS, seed=2, options=STACKED)
    spectator = view(client, created, None)
    assert spectator["seat"] is None and spectator["view"]["hand"] == []
    assert spectator["view"]["legal_actions"] == [] and not spectator["can_hint"] and not spectator["can_undo"]
    assert cards_in(json.dumps(spectator), [card for hand in HANDS for card in hand]) == PUBLIC


# --- storage and restart --------------------------------------------------------------------------------
def test_every_acknowledged_action_is_already_in_the_database(database: str) -> None:
    with TestClient(create_app(database_url=database, bot_delay=60)) as client:
        created = create(client, RANDOM_BOTS, seed=4, options=STACKED)
        assert act(client, created, 0, 0, "play 5C").status_code == 200
        # Read by a second connection while the server runs: what a SIGKILL now would leave.
        stored = Store(database).load(created["table_id"])
        assert stored is not None
        assert stored.actions == [[0, "play 5C"]] and stored.version == 1 and stored.seed == 4
        assert stored.stacked and not stored.is_over


def test_a_restarted_server_resumes_every_table_where_it_was(database: str) -> None:
    with TestClient(create_app(database_url=database)) as first:
        created = create(first, RANDOM_BOTS, seed=8)
        current = wait_for_turn(first, created, 0)
        act(first, created, 0, current["version"], current["view"]["legal_actions"][0])
        mid = wait_for_turn(first, created, 0)
        # A table whose bot is still thinking when the server stops: a long pause keeps it waiting.
    with TestClient(create_app(database_url=database, bot_delay=60)) as second:
        waiting = create(second, ["random", "human", "random", "random"], seed=1)
        assert view(second, waiting, 1)["version"] == 0
    with TestClient(create_app(database_url=database)) as third:
        again = view(third, created, 0)
        assert again == mid
        resumed = wait_for_turn(third, waiting, 1)
        assert resumed["version"] >= 1 and 1 in resumed["view"]["to_move"]
        current = wait_for_turn(third, created, 0)
        assert act(third, created, 0, current["version"], current["view"]["legal_actions"][0]).status_code == 200


def test_the_store_refuses_a_write_from_a_stale_server(database: str) -> None:
    """Two servers on one database cannot both extend a table: the second write names the conflict."""
    store = Store(database)
    created = parlour.new_game("tetka", seed=1)
    store.add(StoredTable(id="t1", game="tetka", players=4, variant=None, options=dict(created.options), seed=1,
                          created=created_at(), seats=[StoredSeat(0, "human", "ab"), StoredSeat(1, "random")]))
    store.append_action("t1", 0, 0, "play 2C", version=1, is_over=False, expected_version=0, now=created_at())
    with pytest.raises(StoreConflict):
        store.append_action("t1", 0, 0, "play 3C", version=1, is_over=False, expected_version=0, now=created_at())
    loaded = store.load("t1")
    assert loaded is not None
    assert (loaded.actions, loaded.version, loaded.seed, loaded.options) == ([[0, "play 2C"]], 1, 1, {"orbits": 1})
    assert [(s.seat, s.kind, s.token_hash) for s in loaded.seats] == [(0, "human", "ab"), (1, "random", None)]
    assert loaded.created.tzinfo is not None and loaded.last_active is not None
    store.close()


def test_an_in_memory_database_serves_too() -> None:
    with TestClient(create_app(database_url="sqlite://")) as client:
        created = create(client, RANDOM_BOTS, seed=2)
        current = wait_for_turn(client, created, 0)
        assert act(client, created, 0, current["version"], current["view"]["legal_actions"][0]).status_code == 200


# --- the websocket --------------------------------------------------------------------------------------
def test_the_websocket_pushes_each_change_built_from_the_seats_view(client: TestClient) -> None:
    created = create(client, FRIENDS)
    claim(client, created, 1)
    table_id = created["table_id"]
    dealt = hands(client, created)
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket, \
            client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        first = hello(socket, created, 0)
        assert first["type"] == "view" and first["version"] == 0 and first["seat"] == 0
        assert {k: v for k, v in first.items() if k != "type"} == view(client, created, 0)
        assert hello(watcher)["view"]["hand"] == []

        lead, other = first["view"]["legal_actions"][:2]
        assert act(client, created, 0, 0, lead).status_code == 200
        update = socket.receive_json()
        assert update["version"] == 1 and f"seat 0: {lead}" in update["view"]["log"]
        assert watcher.receive_json()["version"] == 1

        socket.send_json({"type": "action", "version": 0, "action": other})
        assert socket.receive_json() == {"type": "error", "error": "StaleStateId", "version": 1,
                                         "message": "the action was made against version 0, but the table is at "
                                                    "version 1"}
        socket.send_text("not json")
        assert socket.receive_json()["error"] == "MalformedRequest"
        watcher.send_json({"type": "action", "version": 1, "action": f"play {dealt[1][0]}"})
        assert watcher.receive_json()["error"] == "Unauthorized"

    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        current = hello(socket, created, 1)
        assert current["version"] == 1
        socket.send_json({"type": "action", "version": 1, "action": current["view"]["legal_actions"][0]})
        update = socket.receive_json()
        assert update["version"] == 2 and update["type"] == "view"
        public = set(first["view"]["seats"][3]["face_up"]) | {first["view"]["extra"]["tetka"]}
        assert not cards_in(json.dumps(update), [card for card in dealt[0] if f"play {card}" != lead
                                                 and card not in public])


def test_the_websocket_takes_no_credential_in_its_url_and_must_say_hello(client: TestClient) -> None:
    """The credential travels in the first message, never in the URL (which reaches access logs); a first
    message of another shape is refused and the socket closed."""
    created = create(client, RANDOM_BOTS, options=STACKED)
    table_id, credential = created["table_id"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table_id}?seat=0&token={credential}") as socket:
        socket.send_json({"type": "action", "version": 0, "action": "play 2C"})
        assert socket.receive_json()["error"] == "MalformedRequest"
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        socket.send_json({"type": "hello", "seat": 0})
        assert socket.receive_json()["error"] == "Unauthorized"
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        assert hello(socket, created, 0)["view"]["hand"]


def test_a_websocket_with_a_wrong_token_is_told_and_closed(client: TestClient) -> None:
    created = create(client, RANDOM_BOTS, options=STACKED)
    with client.websocket_connect(f"/ws/tables/{created['table_id']}") as socket:
        socket.send_json({"type": "hello", "seat": 0, "token": "wrong"})
        message = socket.receive_json()
        assert message["type"] == "error" and message["error"] == "Unauthorized"
        assert not cards_in(json.dumps(message), HANDS[0])
    with client.websocket_connect("/ws/tables/nope") as socket:
        assert socket.receive_json()["error"] == "NotFound"


# --- undo and hint --------------------------------------------------------------------------------------
def test_undo_takes_back_the_seats_move_and_the_bots_moves_after_it(client: TestClient, database: str) -> None:
    created = create(client, RANDOM_BOTS, seed=12)
    table_id = created["table_id"]
    start = wait_for_turn(client, created, 0)
    assert start["can_undo"] is False and start["can_hint"] is True
    act(client, created, 0, start["version"], start["view"]["legal_actions"][-1])
    later = wait_for_turn(client, created, 0)
    assert later["can_undo"] is True and len(later["view"]["hand"]) == 12
    undone = client.post(f"/api/tables/{table_id}/undo", json={"seat": 0}, headers=token(created, 0))
    assert undone.status_code == 200, undone.text
    back = undone.json()
    assert back["version"] == later["version"] + 1     # versions only grow, even backwards in the game
    assert back["view"] == start["view"] and back["can_undo"] is False
    refused(act(client, created, 0, later["version"], later["view"]["legal_actions"][0]), 409, "StaleStateId")
    refused(client.post(f"/api/tables/{table_id}/undo", json={"seat": 0}, headers=token(created, 0)),
            409, "UndoUnavailable")
    refused(client.post(f"/api/tables/{table_id}/undo", json={"seat": 0}), 401, "Unauthorized")
    assert act(client, created, 0, back["version"], back["view"]["legal_actions"][0]).status_code == 200
    stored = Store(database).load(table_id)
    assert stored is not None and stored.actions[0] == [0, back["view"]["legal_actions"][0]]


def test_a_hint_is_a_legal_action_from_a_short_search(client: TestClient) -> None:
    created = create(client, RANDOM_BOTS, seed=13)
    current = wait_for_turn(client, created, 0)
    hint = client.post(f"/api/tables/{created['table_id']}/hint", json={"seat": 0}, headers=token(created, 0))
    assert hint.status_code == 200, hint.text
    assert hint.json()["action"] in current["view"]["legal_actions"]
    assert hint.json()["version"] == current["version"]
    refused(client.post(f"/api/tables/{created['table_id']}/hint", json={"seat": 0}), 401, "Unauthorized")
    refused(client.post(f"/api/tables/{created['table_id']}/hint", json={"seat": "0"}, headers=token(created, 0)),
            400, "MalformedRequest")


def test_two_actions_racing_for_one_version_one_wins(database: str) -> None:
    with TestClient(create_app(database_url=database, bot_delay=60)) as client:
        race(client)


def race(client: TestClient) -> None:
    created = create(client, RANDOM_BOTS, seed=7, options=STACKED)
    answers: list[int] = []

    def send(card: str) -> None:
        answers.append(act(client, created, 0, 0, f"play {card}").status_code)

    racers = [threading.Thread(target=send, args=(card,)) for card in ("2C", "3C", "4C", "5C")]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join()
    assert sorted(answers) == [200, 409, 409, 409]
    assert view(client, created, 0)["version"] == 1 and len(view(client, created, 0)["view"]["hand"]) == 12


def test_junk_never_crashes_the_server(client: TestClient) -> None:
    created = create(client, FRIENDS)
    table_id = created["table_id"]
    junk: list[Any] = [None, 0, [], {}, "", "\u0000", {"seat": None}, {"seat": 0, "version": 0, "action": "\u0000"},
                       {"seat": 0, "version": 0, "action": "play"}, {"seat": 0, "version": 0, "action": "play 2C 3C"},
                       {"seat": 0, "version": 2**70, "action": "play 2C"}, {"seat": 0.0, "version": 0, "action": "x"},
                       {"seat": 0, "version": 0, "action": "pass"}, {"seat": 0, "version": 0, "action": " "}]
    for path in ("actions", "hint", "undo"):
        for body in junk:
            response = client.post(f"/api/tables/{table_id}/{path}", json=body, headers=token(created, 0))
            assert 400 <= response.status_code < 500 and response.json()["error"], (path, body, response.text)
    for params in ({"seat": "x"}, {"seat": ""}, {"seat": "1e9"}, {"seat": 99}):
        response = client.get(f"/api/tables/{table_id}/view", params=params, headers=token(created, 0))
        assert 400 <= response.status_code < 500, response.text
    for body in junk:
        for path in ("claim", "reopen"):
            response = client.post(f"/api/tables/{table_id}/{path}", json=body,
                                   headers={"X-Host-Token": created["host_token"]})
            assert 400 <= response.status_code < 500 and response.json()["error"], (path, body, response.text)
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        hello(socket, created, 0)
        for body in junk:
            socket.send_text(json.dumps(body))
            assert socket.receive_json()["type"] == "error"
        socket.send_bytes(b"\xff\xfe")
        assert socket.receive_json()["type"] == "error"
    assert view(client, created, 0)["version"] == 0


# --- the command ----------------------------------------------------------------------------------------
def test_parlour_serve_prints_where_to_go_and_runs_uvicorn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    served: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: served.update(app=app, **kwargs))
    console = Console(file=io.StringIO(), width=200)
    url = f"sqlite:///{tmp_path / 'served.sqlite3'}"
    assert main(["serve", "--port", "8123", "--database", url], console=console) == 0
    said = console.file.getvalue()  # type: ignore[attr-defined]
    assert "http://127.0.0.1:8123/" in said and "served.sqlite3" in said
    assert (served["host"], served["port"]) == ("127.0.0.1", 8123)
    assert (tmp_path / "served.sqlite3").exists()


@pytest.mark.parametrize("argv", [["serve", "--port", "70000"], ["serve", "--database", "nosuchdb://x"],
                                  ["serve", "--bot-delay", "-1"]])
def test_parlour_serve_refuses_bad_arguments(argv: list[str]) -> None:
    console = Console(file=io.StringIO(), width=200)
    assert main(argv, console=console) == 2
    assert "error" in console.file.getvalue()  # type: ignore[attr-defined]
