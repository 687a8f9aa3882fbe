"""The coach's review over HTTP (``GET /api/tables/{id}/review?seat=N``): refused while a game goes on and
for a seat the table lacks, given for any seat of a finished game, and the same review the terminal's
``parlour review`` gives for the same budget and seed (the server judges each decision in its bot workers)."""

from __future__ import annotations

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

from webapi import create, refused

from parlour.bots.coach import review
from parlour.web.app import create_app

BUDGET = 30   # the server's iterations a decision here: tiny, as the review's numbers are not under test


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    database = f"sqlite:///{Path(tmp_path_factory.mktemp('review')) / 'parlour.sqlite3'}"
    with TestClient(create_app(database_url=database, review_budget=BUDGET)) as client:
        yield client


@pytest.fixture(scope="module")
def finished(client: TestClient) -> dict[str, Any]:
    """A game of Divide and Conquer between two random bots, played to its end: eight decisions a seat."""
    created = create(client, ["random", "random"], game="divide-and-conquer", seed=3)
    deadline = time.monotonic() + 20
    while client.get(f"/api/tables/{created['table_id']}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.02)
    return created


def reviewed(client: TestClient, table_id: str, seat: Any) -> Any:
    return client.get(f"/api/tables/{table_id}/review", params={"seat": seat})


def test_a_finished_game_is_reviewed_as_the_terminal_reviews_it(client: TestClient, finished: dict[str, Any]) -> None:
    table_id = finished["table_id"]
    record = client.get(f"/api/tables/{table_id}/record").json()
    for seat in (0, 1):   # any seat: the record of a finished game is public
        response = reviewed(client, table_id, seat)
        assert response.status_code == 200, response.text
        answer = response.json()
        assert answer == review(record, seat, budget=BUDGET, seed=0).to_dict()
        assert answer["finished"] and answer["decisions"]
        assert all(record["actions"][decision["step"] - 1] == [seat, decision["played"]]
                   for decision in answer["decisions"])
    assert reviewed(client, table_id, 0).json() == review(record, 0, budget=BUDGET, seed=0).to_dict()   # kept


def test_bad_seats_and_tables_are_refused(client: TestClient, finished: dict[str, Any]) -> None:
    table_id = finished["table_id"]
    body = refused(reviewed(client, table_id, 2), 400, "MalformedRequest")
    assert body["message"] == "no seat 2: seats are 0 to 1"
    refused(reviewed(client, table_id, -1), 400, "MalformedRequest")
    refused(reviewed(client, table_id, "north"), 400, "MalformedRequest")
    refused(client.get(f"/api/tables/{table_id}/review"), 400, "MalformedRequest")
    refused(reviewed(client, "no-such-table", 0), 404, "NotFound")


def test_a_game_in_play_is_not_reviewed(client: TestClient) -> None:
    created = create(client, ["human", "random", "random", "random"], seed=4)
    body = refused(reviewed(client, created["table_id"], 0), 409, "GameNotOver")
    assert "once the game is over" in body["message"]
