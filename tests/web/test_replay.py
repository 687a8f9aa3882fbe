"""Replays of finished games: the replay API (``GET /api/tables/{id}/replay``) and the replay page.

One game of Tëtka (a person's seat and three random bots) is played to its end over the API once for the
module; the replay of every step is compared with the engine's own rebuild from the game's record. The
browser tests run in the machine's Chromium, as ``test_browser.py`` does, and skip where it is missing.
"""

from __future__ import annotations

import random
import re
import shutil
import socket
import threading
import time
import warnings
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2")
    from fastapi.testclient import TestClient

from webapi import create, view, wait_for_turn

import parlour
from parlour.engine import State
from parlour.web.app import ReplayCache, create_app
from parlour.web.tables import Table

RANDOM_BOTS = ["human", "random", "random", "random"]
SEED = 21


# --- helpers --------------------------------------------------------------------------------------------
def play(client: TestClient, created: dict[str, Any], current: dict[str, Any]) -> None:
    answer = client.post(f"/api/tables/{created['table_id']}/actions",
                         json={"seat": 0, "version": current["version"], "action": current["view"]["legal_actions"][0]},
                         headers={"X-Seat-Token": created["seats"][0]["token"]})
    assert answer.status_code == 200, answer.text


def replay(client: TestClient, table_id: str, step: Any, seat: Any = None) -> Any:
    params = {"step": step} if seat is None else {"step": step, "seat": seat}
    return client.get(f"/api/tables/{table_id}/replay", params=params)


def replayed(client: TestClient, table_id: str, step: int, seat: int | None = None) -> dict[str, Any]:
    response = replay(client, table_id, step, seat)
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def refused(response: Any, status: int, error: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["error"] == error and response.json()["message"]


def rebuilt(record: dict[str, Any], step: int) -> State:
    """The engine's own state after ``step`` actions of the record: what every replay step must show."""
    state = parlour.new_game(record["game"], players=record["players"], variant=record["variant"],
                             seed=record["seed"], **record["options"])
    for seat, action in record["actions"][:step]:
        state.apply(seat, action)
    return state


# --- one finished game, shared ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    database = f"sqlite:///{tmp_path_factory.mktemp('replay') / 'parlour.sqlite3'}"
    with TestClient(create_app(database_url=database)) as client:
        yield client


@pytest.fixture(scope="module")
def finished(client: TestClient) -> dict[str, Any]:
    """A game played to its end over the API: ``created``, the final views and the record."""
    created = create(client, RANDOM_BOTS, seed=SEED)
    while not (current := wait_for_turn(client, created, 0))["view"]["is_over"]:
        play(client, created, current)
    record = client.get(f"/api/tables/{created['table_id']}/record").json()
    return {"created": created, "table_id": created["table_id"], "final": current,
            "spectator": view(client, created, None), "record": record}


# --- the API ----------------------------------------------------------------------------------------------
def test_a_replay_is_refused_until_the_game_is_over(client: TestClient) -> None:
    created = create(client, RANDOM_BOTS, seed=4)
    table_id = created["table_id"]
    refused(replay(client, table_id, 0), 409, "GameNotOver")
    refused(replay(client, table_id, 0, 0), 409, "GameNotOver")
    play(client, created, wait_for_turn(client, created, 0))
    wait_for_turn(client, created, 0)
    for step in (0, 1, 10**6):
        refused(replay(client, table_id, step, 1), 409, "GameNotOver")


def test_step_zero_is_a_fresh_games_view(client: TestClient, finished: dict[str, Any]) -> None:
    fresh = parlour.new_game("tetka", seed=SEED)
    for seat in (None, 0, 1, 2, 3):
        answer = replayed(client, finished["table_id"], 0, seat)
        assert answer == {"table_id": finished["table_id"], "step": 0, "steps": 208, "seat": seat, "action": None,
                          "view": fresh.view(seat).to_dict()}
    assert len(replayed(client, finished["table_id"], 0, 2)["view"]["hand"]) == 13


def test_the_last_step_is_the_final_view(client: TestClient, finished: dict[str, Any]) -> None:
    table_id, actions = finished["table_id"], finished["record"]["actions"]
    last = replayed(client, table_id, 208, 0)
    assert last["view"] == finished["final"]["view"] and last["view"]["is_over"]
    assert last["action"] == f"seat {actions[-1][0]}: {actions[-1][1]}"
    assert replayed(client, table_id, 208)["view"] == finished["spectator"]["view"]


def test_every_step_matches_the_engines_rebuild(client: TestClient, finished: dict[str, Any]) -> None:
    """Stepping forward, back and jumping, for a seat and a spectator, always shows the rebuilt state."""
    record, table_id = finished["record"], finished["table_id"]
    assert len(record["actions"]) == 208
    for step in (1, 2, 3, 2, 1, 0, 17, 16, 15, 100, 48, 207, 208, 207, 33):
        for seat in (None, step % 4):
            answer = replayed(client, table_id, step, seat)
            seat_of, notation = record["actions"][step - 1] if step else (None, None)
            assert answer["step"] == step and answer["steps"] == 208 and answer["seat"] == seat
            assert answer["action"] == (f"seat {seat_of}: {notation}" if step else None)
            assert answer["view"] == rebuilt(record, step).view(seat).to_dict()


def test_a_spectator_sees_no_hand_and_each_seat_its_own(client: TestClient, finished: dict[str, Any]) -> None:
    table_id = finished["table_id"]
    spectator = replayed(client, table_id, 5)
    assert spectator["seat"] is None and spectator["view"]["hand"] == [] and spectator["view"]["seat"] is None
    hands = [replayed(client, table_id, 5, seat)["view"]["hand"] for seat in range(4)]
    assert all(hands) and sum(map(len, hands)) == 52 - 5
    assert len({card for hand in hands for card in hand}) == 52 - 5       # four hands, no card twice
    # Any seat may be looked through once the game is over: no token is asked, even for a person's seat.
    assert replayed(client, table_id, 5, 0)["view"]["hand"] == hands[0]


def test_a_face_down_card_reads_in_the_replay_as_the_chosen_seat_saw_it(client: TestClient) -> None:
    """A replay step words its action as the seat looked through was shown it: the Schafkopf declarer's
    card laid away names the card for the declarer and says only that a card went for the others and a
    spectator, as their logs did during the game (``State.action_text_for``)."""
    created = create(client, ["random"] * 3, game="schafkopf", seed=5, options={"rounds": 1})
    table_id = created["table_id"]
    deadline = time.monotonic() + 30    # three random bots play a deal in well under a second
    while not client.get(f"/api/tables/{table_id}/view").json()["view"]["is_over"]:
        assert time.monotonic() < deadline, "the bots did not finish the deal"
        time.sleep(0.02)
    record = client.get(f"/api/tables/{table_id}/record").json()
    lays = [step for step, (_, action) in enumerate(record["actions"], 1) if action.startswith("discard ")]
    assert lays, "the seeded game has a declarer who lays cards away"
    step = lays[0]
    declarer, laid = record["actions"][step - 1]
    other = (declarer + 1) % 3
    assert replayed(client, table_id, step, declarer)["action"] == f"seat {declarer}: {laid}"
    assert replayed(client, table_id, step, other)["action"] == f"seat {declarer}: discard a card face down"
    assert replayed(client, table_id, step)["action"] == f"seat {declarer}: discard a card face down"


def test_bad_steps_seats_and_tables_are_refused(client: TestClient, finished: dict[str, Any]) -> None:
    table_id = finished["table_id"]
    for step in (-1, 209, 10**30, "x", "1.5", ""):
        refused(replay(client, table_id, step), 400, "MalformedRequest")
    refused(client.get(f"/api/tables/{table_id}/replay"), 400, "MalformedRequest")
    for seat in (-1, 4, "x", "true"):
        refused(replay(client, table_id, 3, seat), 400, "MalformedRequest")
    refused(replay(client, "nope", 0), 404, "NotFound")
    refused(replay(client, "nope", 0, 0), 404, "NotFound")


def test_the_replay_page_is_served(client: TestClient) -> None:
    response = client.get("/replay/anything")
    assert response.status_code == 200 and "text/html" in response.headers["content-type"]
    assert "/static/replay.js" in response.text
    assert client.get("/static/replay.js").status_code == 200
    assert client.get("/static/draw.js").status_code == 200


# --- the cache ------------------------------------------------------------------------------------------
def random_game(seed: int) -> State:
    state = parlour.new_game("tetka", seed=seed)
    chance = random.Random(seed)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, chance.choice(state.legal_actions(seat)))
    return state


def test_the_cache_keeps_checkpoints_and_few_tables() -> None:
    games = {name: random_game(seed) for name, seed in (("a", 1), ("b", 2), ("c", 3))}
    tables = {name: Table(id=name, state=state, seats=[], created=datetime.now(UTC)) for name, state in games.items()}
    cache = ReplayCache(size=2, checkpoint=10)
    record = games["a"].record()
    for step in (208, 0, 55, 56, 54, 13, 208, 199, 1):
        got = cache.state_at(tables["a"], step)
        assert got.view(1).to_dict() == rebuilt(record, step).view(1).to_dict()
        kept = cache._tables["a"].states
        # The start, the checkpoints passed on the way, and the step asked for last: never every step.
        assert step in kept and len(kept) <= 2 + 208 // 10
        assert all(k % 10 == 0 or k == step for k in kept)
    assert cache.state_at(tables["a"], 208).view(None).to_dict() == games["a"].view(None).to_dict()
    cache.state_at(tables["b"], 3)
    cache.state_at(tables["a"], 4)
    cache.state_at(tables["c"], 5)                     # "b" was used longest ago: it goes
    assert list(cache._tables) == ["a", "c"]


# --- the page, in a browser ----------------------------------------------------------------------------------
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    uvicorn = pytest.importorskip("uvicorn")
    port = free_port()
    database = f"sqlite:///{tmp_path_factory.mktemp('replay-browser') / 'parlour.sqlite3'}"
    instance = uvicorn.Server(uvicorn.Config(create_app(database_url=database), host="127.0.0.1", port=port,
                                             log_level="warning"))
    thread = threading.Thread(target=instance.run, daemon=True)
    thread.start()
    deadline = time.time() + 20
    while not instance.started:
        assert time.time() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    instance.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def bots_game(server: str) -> dict[str, Any]:
    """A table of four random bots, played to its end by the server itself; its id and record."""
    httpx = pytest.importorskip("httpx")
    created = httpx.post(f"{server}/api/tables", json={"game": "tetka", "seats": ["random"] * 4, "seed": 5}).json()
    table_id = created["table_id"]
    deadline = time.time() + 30
    while not httpx.get(f"{server}/api/tables/{table_id}").json()["is_over"]:
        assert time.time() < deadline, "the bots did not finish"
        time.sleep(0.05)
    return {"table_id": table_id, "record": httpx.get(f"{server}/api/tables/{table_id}/record").json()}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    if CHROMIUM is None:
        pytest.skip("Chromium is not installed (Debian package 'chromium')")
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


def hand_of(page: Any) -> list[str]:
    cards = page.get_by_test_id("hand").locator("[data-testid^='card-']")
    return [str(cards.nth(i).get_attribute("data-testid"))[len("card-"):] for i in range(cards.count())]


def test_the_replay_page_steps_through_the_game(server: str, bots_game: dict[str, Any], browser: Any) -> None:
    from playwright.sync_api import expect

    table_id, actions = bots_game["table_id"], bots_game["record"]["actions"]
    first_seat = actions[0][0]             # the seat that acts first: its hand changes at step 1
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server}/replay/{table_id}?seat={first_seat}")
    step = page.get_by_test_id("replay-step")
    expect(step).to_have_text("0 / 208")
    start = hand_of(page)
    assert len(start) == 13
    expect(page.get_by_test_id("replay-back")).to_be_disabled()

    for k in (1, 2, 3):
        page.get_by_test_id("replay-forward").click()
        expect(step).to_have_text(f"{k} / 208")
    # People by name: the viewer's own seat is "You", a random bot of four is told apart by its seat's letter.
    actor = actions[2][0]
    expect(page.get_by_test_id("replay-action")).to_contain_text("You" if actor == first_seat else
                                                                 f"Random bot {'ABCD'[actor]}")
    after = hand_of(page)
    assert len(after) == 12 and set(after) < set(start)
    assert actions[0][1].split()[-1] not in after          # the card the seat played has left its hand
    assert re.search(r"[?&]step=3\b", page.url)

    page.keyboard.press("ArrowLeft")
    expect(step).to_have_text("2 / 208")
    page.keyboard.press("End")
    expect(step).to_have_text("208 / 208")
    expect(page.get_by_test_id("replay-forward")).to_be_disabled()
    expect(page.get_by_test_id("hand")).to_contain_text("no cards in hand")
    page.get_by_test_id("replay-back").click()
    expect(step).to_have_text("207 / 208")

    page.keyboard.press("Home")
    expect(step).to_have_text("0 / 208")
    expect(page.get_by_test_id("hand").locator("[data-testid^='card-']")).to_have_count(13)
    page.get_by_test_id("replay-seat").select_option("")          # the spectator: no hand
    expect(page.get_by_test_id("hand").locator("[data-testid^='card-']")).to_have_count(0)
    expect(page).to_have_url(re.compile(r"/replay/[^?]+\?step=0$"))
    assert not errors, errors


def test_the_finished_table_links_to_its_replay(server: str, bots_game: dict[str, Any], browser: Any) -> None:
    from playwright.sync_api import expect

    page = browser.new_page()
    page.goto(f"{server}/table/{bots_game['table_id']}")
    link = page.get_by_test_id("replay-link")
    expect(link).to_be_visible()
    expect(page.get_by_test_id("download-record")).to_be_visible()
    link.click()
    page.wait_for_url(re.compile(r"/replay/"))
    expect(page.get_by_test_id("replay-step")).to_have_text("0 / 208")
    expect(page.get_by_test_id("hand").locator("[data-testid^='card-']")).to_have_count(0)


def test_an_unfinished_game_has_no_replay_page(server: str, browser: Any) -> None:
    from playwright.sync_api import expect
    httpx = pytest.importorskip("httpx")

    created = httpx.post(f"{server}/api/tables", json={"game": "tetka", "seats": RANDOM_BOTS}).json()
    page = browser.new_page()
    page.goto(f"{server}/replay/{created['table_id']}?seat=0")
    expect(page.get_by_test_id("replay-unavailable")).to_contain_text("not over yet")
    expect(page.get_by_test_id("replay-forward")).to_be_disabled()


def test_the_table_page_keeps_its_drawing(server: str, browser: Any) -> None:
    """The drawing moved to draw.js: a live table still draws its seats, zones, hand and log."""
    from playwright.sync_api import expect
    httpx = pytest.importorskip("httpx")

    created = httpx.post(f"{server}/api/tables", json={"game": "tetka", "seats": RANDOM_BOTS, "seed": 9}).json()
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # The seat's url carries no secret: the token rides in the #fragment, as the lobby or a program sends it.
    page.goto(f"{server}{created['seats'][0]['url']}#token={created['seats'][0]['token']}")
    expect(page.get_by_test_id("hand").locator("[data-testid^='card-']")).to_have_count(13)
    expect(page.get_by_test_id("seat-2")).to_be_visible()
    expect(page.get_by_test_id("scores")).to_contain_text("Random bot D")
    expect(page.get_by_test_id("your-turn")).to_be_visible()
    page.locator("[data-testid^='card-'][data-playable='true']").first.click()
    expect(page.get_by_test_id("log")).to_contain_text("You:")
    expect(page.get_by_test_id("replay-link")).to_have_count(0)
    assert not errors, errors
