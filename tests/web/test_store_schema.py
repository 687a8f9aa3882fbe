"""The database's schema has a version, and a database made before it had one is upgraded in place and plays
on; a row holding bytes that are not UTF-8 sets its table aside and nothing else.

The databases of earlier releases are built here from a frozen copy of the tables they made (656b820, the
last release before migrations, and 74eaa49, before names, guides, clocks and chat), with a game in progress
stored as rows. On SQLite always; on PostgreSQL too when ``PARLOUR_TEST_POSTGRES`` is set (``.ci/run``).
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import warnings
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

sa = pytest.importorskip("sqlalchemy")
pytest.importorskip("alembic")
pytest.importorskip("fastapi")

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2")
    from fastapi.testclient import TestClient

from alembic.autogenerate import compare_metadata  # noqa: E402
from alembic.runtime.migration import MigrationContext  # noqa: E402
from alembic.script import ScriptDirectory  # noqa: E402
from served import empty_database  # noqa: E402
from webapi import act, create, refused, view, wait_for_turn  # noqa: E402

import parlour  # noqa: E402
from parlour.web.app import create_app  # noqa: E402
from parlour.web.store import MIGRATIONS, VERSION_TABLE, Base, Store, StoreUnavailable, token_hash  # noqa: E402

POSTGRES = os.environ.get("PARLOUR_TEST_POSTGRES")
SEED = 7
PLAYED = 3      # actions already stored at the old table


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database: a file, or a PostgreSQL database of this test process's own, emptied."""
    return empty_database(request.param, tmp_path, "schema")


# --- the databases of earlier releases, frozen ------------------------------------------------------------------
def release_schema(release: str) -> Any:
    """The tables release 656b820 made (``create_all`` of its models), or 74eaa49, the first with these
    tables: no seat names, guides, clocks, rematches or clock moves, and no chat."""
    first = release == "74eaa49"
    metadata = sa.MetaData()

    def owner() -> Any:
        return sa.ForeignKey("parlour_tables.id", ondelete="CASCADE")

    def since(*columns: Any) -> list[Any]:
        return [] if first else list(columns)

    sa.Table("parlour_tables", metadata,
             sa.Column("id", sa.String(32), primary_key=True), sa.Column("game", sa.String(64), nullable=False),
             sa.Column("players", sa.Integer, nullable=False), sa.Column("variant", sa.String(64)),
             sa.Column("options", sa.JSON, nullable=False), sa.Column("seed", sa.BigInteger, nullable=False),
             sa.Column("created", sa.DateTime(timezone=True), nullable=False),
             sa.Column("last_active", sa.DateTime(timezone=True), nullable=False, index=True),
             sa.Column("version", sa.Integer, nullable=False), sa.Column("rewound", sa.Integer, nullable=False),
             sa.Column("is_over", sa.Boolean, nullable=False), sa.Column("closed", sa.Boolean, nullable=False),
             sa.Column("private", sa.Boolean, nullable=False), sa.Column("stacked", sa.Boolean, nullable=False),
             *since(sa.Column("guide", sa.Boolean, nullable=False)), sa.Column("host_hash", sa.String(64)),
             *since(sa.Column("clock", sa.Integer), sa.Column("deadline", sa.DateTime(timezone=True)),
                    sa.Column("rematch", sa.String(32))))
    sa.Table("parlour_seats", metadata,
             sa.Column("table_id", sa.String(32), owner(), primary_key=True),
             sa.Column("seat", sa.Integer, primary_key=True), sa.Column("kind", sa.String(64), nullable=False),
             sa.Column("token_hash", sa.String(64)), sa.Column("invite_hash", sa.String(64)),
             *since(sa.Column("name", sa.String(24))))
    sa.Table("parlour_actions", metadata,
             sa.Column("table_id", sa.String(32), owner(), primary_key=True),
             sa.Column("position", sa.Integer, primary_key=True), sa.Column("seat", sa.Integer, nullable=False),
             sa.Column("notation", sa.String(256), nullable=False), *since(sa.Column("by_clock", sa.Boolean)))
    if not first:
        sa.Table("parlour_chat", metadata,
                 sa.Column("table_id", sa.String(32), owner(), primary_key=True),
                 sa.Column("position", sa.Integer, primary_key=True), sa.Column("seat", sa.Integer, nullable=False),
                 sa.Column("name", sa.String(24)), sa.Column("text", sa.String(200), nullable=False))
    return metadata


def made_by_release(url: str, release: str) -> dict[str, Any]:
    """A database as ``release`` left it, holding one table of four people (the creator and three friends
    who claimed their seats) three cards into a deal; answers the table as ``create`` would."""
    metadata = release_schema(release)
    state = parlour.new_game("tetka", players=4, seed=SEED)
    actions = []
    for _ in range(PLAYED):
        seat = state.to_move[0]
        action = state.legal_actions(seat)[0]
        actions.append({"table_id": "old", "position": len(actions), "seat": seat, "notation": str(action)})
        state.apply(seat, action)
    tokens = [f"credential-{seat}" for seat in range(4)]
    moment = datetime.now(UTC)
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        metadata.create_all(connection)
        tables = metadata.tables
        row = {"id": "old", "game": "tetka", "players": 4, "variant": None, "options": state.record()["options"],
               "seed": SEED, "created": moment, "last_active": moment, "version": PLAYED, "rewound": 0,
               "is_over": False, "closed": False, "private": False, "stacked": False, "host_hash": token_hash("host")}
        connection.execute(tables["parlour_tables"].insert().values(
            **row, **({} if release == "74eaa49" else {"guide": False})))
        connection.execute(tables["parlour_seats"].insert(), [
            {"table_id": "old", "seat": seat, "kind": "human" if seat == 0 else "open",
             "token_hash": token_hash(tokens[seat]), "invite_hash": None} for seat in range(4)])
        connection.execute(tables["parlour_actions"].insert(), actions)
    engine.dispose()
    return {"table_id": "old", "seats": [{"token": token} for token in tokens]}


def revision(url: str) -> str | None:
    engine = sa.create_engine(url)
    with engine.connect() as connection:
        found = MigrationContext.configure(connection, opts={"version_table": VERSION_TABLE}).get_current_revision()
    engine.dispose()
    return found


HEAD = ScriptDirectory(str(MIGRATIONS)).get_current_head()


# --- upgrading ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("release", ["656b820", "74eaa49"])
def test_a_database_of_an_earlier_release_is_upgraded_in_place_and_plays_on(database: str, release: str) -> None:
    """Made before the schema had a version (no version table): recognised by its tables, completed,
    recorded at the newest revision, and its game resumes where it stood and takes the next card."""
    old = made_by_release(database, release)
    assert revision(database) is None
    with TestClient(create_app(database_url=database)) as client:
        assert revision(database) == HEAD
        seen = view(client, old, 0)
        assert seen["version"] == PLAYED and seen["view"]["to_move"] == [3]
        assert seen["guide"] is False and seen["clock"] is None
        assert [seat["name"] for seat in client.get("/api/tables/old").json()["seats"]] == [None] * 4
        card = view(client, old, 3)["view"]["legal_actions"][0]
        assert act(client, old, 3, PLAYED, card).status_code == 200
        assert view(client, old, 0)["version"] == PLAYED + 1
        assert client.post("/api/tables/old/name", json={"seat": 1, "name": "Ann"},
                           headers={"X-Seat-Token": old["seats"][1]["token"]}).status_code == 200
        assert client.post("/api/tables/old/chat", json={"seat": 1, "text": "hello"},
                           headers={"X-Seat-Token": old["seats"][1]["token"]}).status_code == 200
    store = Store(database)
    try:
        stored = store.load("old")
        assert stored is not None and len(stored.actions) == PLAYED + 1 and stored.creator is None
        assert stored.seats[1].name == "Ann" and [m["text"] for m in store.chat("old", 10)] == ["hello"]
    finally:
        store.close()


def test_a_new_database_is_made_by_the_revisions_exactly_as_the_models_say(database: str) -> None:
    """Made from nothing by the revisions alone; a model changed without a revision would show here."""
    Store(database).close()
    assert revision(database) == HEAD
    engine = sa.create_engine(database)
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={
            "version_table": VERSION_TABLE, "compare_type": True,
            "include_object": lambda _o, name, kind, _r, _c: not (kind == "table" and name == VERSION_TABLE)})
        assert compare_metadata(context, Base.metadata) == []
    engine.dispose()


def test_a_database_made_by_a_newer_parlour_is_refused_naming_its_revision(database: str) -> None:
    Store(database).close()
    engine = sa.create_engine(database)
    with engine.begin() as connection:
        connection.execute(sa.text(f"UPDATE {VERSION_TABLE} SET version_num = '0099_from_the_future'"))
    engine.dispose()
    with pytest.raises(StoreUnavailable, match=r"0099_from_the_future.*newer Parlour"):
        Store(database)


def test_servers_starting_at_once_upgrade_the_database_once(database: str) -> None:
    """Eight processes opening one database of the last release together: one upgrades it, under the lock,
    and the others wait and find it done (without the lock they make the same tables at once, and all but
    one fail to start)."""
    if database.startswith("sqlite"):
        pytest.skip("SQLite serves one process per file")
    made_by_release(database, "656b820")
    opening = ("import sys; from alembic import command; from parlour.web.store import Store; "
               "print('ready', flush=True); sys.stdin.readline(); Store(sys.argv[1]).close()")
    processes = [subprocess.Popen([sys.executable, "-c", opening, database], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(8)]
    for process in processes:       # every one has imported what it needs
        assert process.stdout is not None and process.stdout.readline() == "ready\n"
    for process in processes:
        assert process.stdin is not None
        process.stdin.write("go\n")
        process.stdin.flush()
    failures = [error for process in processes if (error := process.communicate(timeout=60)[1]) or process.returncode]
    assert failures == [] and revision(database) == HEAD


# --- damaged text ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("damage", [
    "UPDATE parlour_tables SET options = x'7b22ff22' WHERE id = :id",
    "UPDATE parlour_tables SET last_active = x'7b22ff22' WHERE id = :id",
    "UPDATE parlour_seats SET name = CAST(x'416eff' AS TEXT) WHERE table_id = :id AND seat = 0",
    "UPDATE parlour_actions SET notation = CAST(x'706c6179ff' AS TEXT) WHERE table_id = :id AND position = 0",
])
def test_a_row_of_text_that_is_not_utf8_sets_its_table_aside_and_the_server_starts(tmp_path: Path,
                                                                                    damage: str) -> None:
    """The server starts, the damaged table answers that it is set aside (naming the column), and the
    good one is listed and plays on."""
    file_database = tmp_path / "parlour.sqlite3"
    url = f"sqlite:///{file_database}"
    people = ["human", "random", "random", "random"]
    with TestClient(create_app(database_url=url, bot_delay=0)) as client:
        good = create(client, people, seed=3)
        damaged = create(client, people, seed=4)
        turn = wait_for_turn(client, damaged, 0)
        assert act(client, damaged, 0, turn["version"], turn["view"]["legal_actions"][0]).status_code == 200
    with sqlite3.connect(file_database) as connection:
        connection.execute(damage, {"id": damaged["table_id"]})
    with TestClient(create_app(database_url=url, bot_delay=0)) as client:
        answer = refused(client.get(f"/api/tables/{damaged['table_id']}/view"), 503, "TableUnavailable")
        assert "not UTF-8" in answer["message"]
        assert good["table_id"] in [row["table_id"] for row in client.get("/api/tables").json()]
        turn = wait_for_turn(client, good, 0)
        assert act(client, good, 0, turn["version"], turn["view"]["legal_actions"][0]).status_code == 200
