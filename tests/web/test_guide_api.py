"""The guided first deal through the HTTP API (issue 17: "a short guided first deal for each game"): a table
made with ``guide`` says so in every payload and description, keeps saying so after the server starts
again (and a database made before guides opens, its tables unguided), and the flag is refused wherever it
makes no sense: a guide teaches one person against bots, with the hint bot's advice that a table of
several people does not give."""

# ruff: noqa: F811  (the tests take the fixtures imported from test_hostile as their arguments)
from __future__ import annotations

import warnings

import pytest
from test_hostile import client, database  # noqa: F401  (the fixtures: a server on a fresh SQLite file)
from webapi import create, refused, view, wait_for_turn

import parlour
from parlour.web.app import create_app

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2")
    from fastapi.testclient import TestClient

LEARNER = ["human", "heuristic:easy", "heuristic:easy", "heuristic:easy"]


def test_a_guided_table_says_so_to_its_seat_and_in_its_description(client: TestClient) -> None:
    """The lobby's "Learn to play" table: one person against easy bots on a chosen seed, guided. Its seat's
    payload and the table's description carry ``guide``; an ordinary table's say false."""
    guided = create(client, LEARNER, seed=1, guide=True)
    plain = create(client, LEARNER, seed=1)
    assert view(client, guided, 0)["guide"] is True
    assert view(client, plain, 0)["guide"] is False
    assert client.get(f"/api/tables/{guided['table_id']}").json()["guide"] is True
    assert client.get(f"/api/tables/{plain['table_id']}").json()["guide"] is False


def test_a_guided_table_has_words_for_every_kind_of_move(client: TestClient) -> None:
    """Tëtka's play of a card says nothing of itself (a card is not a button): at a guided table its seat
    is still told what the move is, so that the guide never names a kind without saying what it does; an
    ordinary table's buttons keep to what the kinds say."""
    guided = create(client, LEARNER, seed=1, guide=True)
    plain = create(client, LEARNER, seed=1)
    assert wait_for_turn(client, guided, 0)["help"] == {
        "play": "Choose a card of your hand to play: the lit cards are the ones you may play now."}
    assert wait_for_turn(client, plain, 0)["help"] == {}


def test_every_game_can_be_learnt_and_its_first_decision_is_explained(client: TestClient) -> None:
    """The lobby's "Learn to play" for each registered game: its usual number of players, the person against
    easy bots on the fixed seed. Every kind of move open at the person's first decision has its words, so
    a new game gets its guide with no change to the page."""
    for info in parlour.games():
        players = info.players_default
        created = create(client, ["human"] + ["heuristic:easy"] * (players - 1), game=info.id, players=players,
                         seed=1, guide=True, private=True)
        first = wait_for_turn(client, created, 0)
        verbs = {action.split()[0] for action in first["view"]["legal_actions"]}
        assert first["guide"] and verbs and set(first["help"]) == verbs, info.id


@pytest.mark.parametrize("seats", [
    ["human", "open", "heuristic", "heuristic"],
    ["human", "human", "heuristic", "heuristic"],
    ["open", "heuristic", "heuristic", "heuristic"],
    ["heuristic", "heuristic", "heuristic", "heuristic"],
])
def test_a_guide_is_refused_unless_one_person_plays_against_bots(client: TestClient, seats: list[str]) -> None:
    """A friend's open seat, a second person or no person at all: refused with a 400 that says why, and no
    table is made."""
    before = len(client.app.state.manager.tables)  # type: ignore[attr-defined]
    answer = client.post("/api/tables", json={"game": "tetka", "seats": seats, "guide": True})
    body = refused(answer, 400, "MalformedRequest")
    assert "one person learning against bots" in body["message"] and ", ".join(seats) in body["message"]
    assert len(client.app.state.manager.tables) == before  # type: ignore[attr-defined]


def test_the_guide_flag_must_be_a_boolean(client: TestClient) -> None:
    refused(client.post("/api/tables", json={"game": "tetka", "seats": LEARNER, "guide": "yes"}),
            400, "MalformedRequest")


def test_the_rules_page_gives_the_aim_the_guide_opens_with(client: TestClient) -> None:
    rules = client.get("/api/games/tetka/rules").json()
    assert rules["aim"].startswith("Four players avoid the cards")


def test_a_guided_table_stays_guided(database: str) -> None:
    """The flag is stored with the table: a server started again still guides it. (A database made before
    guides: tests/web/test_store_schema.py.)"""
    with TestClient(create_app(database_url=database)) as client:
        guided = create(client, LEARNER, seed=3, guide=True)
    with TestClient(create_app(database_url=database)) as client:
        assert view(client, guided, 0)["guide"] is True
