"""Every registered game played whole at the browser table's API: one person's seat against random bots,
each of the person's moves sent over HTTP as the page sends it, then the finished game's replay.

The per-game tests prove the rules; this proves that nothing a game puts in its views or actions stops the
server from carrying it (JSON, notation sent back as text, bots taking their turns, the end of the game).
A game with a ``deals`` option is played as a game of one deal, which still ends as a game does: the
deals after the first carry nothing new to the server, and Samba's ten random deals are thousands of moves.
Auction Bridge's rubber, which random bids can stretch to dozens of deals, is cut by its safety stop after
``SHORTER``'s four deals, the fewest it allows.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2")
    from fastapi.testclient import TestClient

from webapi import act, create, wait_for_turn

import parlour
from parlour.web.app import create_app

GAMES = [info.id for info in parlour.games()]
SHORTER = {"auction-bridge": {"deal_limit": 4}}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    path: Path = tmp_path_factory.mktemp("every-game") / "parlour.sqlite3"
    with TestClient(create_app(database_url=f"sqlite:///{path}")) as client:
        yield client


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_at_the_table(client: TestClient, game: str) -> None:
    info = parlour.game_info(game)
    seats = ["human"] + ["random"] * (info.players_default - 1)
    short = {"deals": 1} if any(option.name == "deals" for option in info.options) else SHORTER.get(game, {})
    created = create(client, seats, game=game, seed=7, options=short)
    rng = random.Random(game)
    moves = 0
    while not (current := wait_for_turn(client, created, 0))["view"]["is_over"]:
        legal = current["view"]["legal_actions"]
        assert legal, f"{game}: seat 0 is to move with nothing to do"
        answer = act(client, created, 0, current["version"], rng.choice(legal))
        if answer.status_code == 409 and answer.json()["error"] == "StaleStateId":
            continue    # a bot moved at the same moment (Divide and Conquer's simultaneous cards): look again
        assert answer.status_code == 200, answer.text
        moves += 1
        assert moves <= info.max_actions
    final = current["view"]
    assert final["is_over"] and len(final["scores"]) == info.players_default
    # The version counts the person's Next deals too; the replay's steps are the actions alone.
    actions = len(client.get(f"/api/tables/{created['table_id']}/record").json()["actions"])
    assert client.get(f"/api/tables/{created['table_id']}").json()["version"] >= actions
    last = client.get(f"/api/tables/{created['table_id']}/replay", params={"step": actions})
    assert last.status_code == 200, last.text
