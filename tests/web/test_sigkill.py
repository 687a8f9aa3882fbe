"""Nothing lost: a real ``parlour serve`` process killed with SIGKILL comes back with every table as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("httpx")
pytest.importorskip("uvicorn")

from served import Server


def test_a_killed_server_resumes_every_table_where_it_was(tmp_path: Path) -> None:
    """Two humans at one table act; the server is killed with SIGKILL; a new server on the same database
    shows both the same version and the same views, and play goes on."""
    database = f"sqlite:///{tmp_path / 'parlour.sqlite3'}"
    server = Server(database, tmp_path / "first.log")
    try:
        created = server.create(game="tetka", seats=["human", "human", "random", "random"])
        first = server.view(created, 0)
        action = server.act(created, 0, first["version"], first["view"]["legal_actions"][0])
        assert action.status_code == 200, action.text
        before = server.view(created, 1)
    finally:
        server.kill()
    again = Server(database, tmp_path / "second.log")
    try:
        after = again.view(created, 1)
        assert after["version"] == before["version"] and after["view"] == before["view"]
        move = again.act(created, 1, after["version"], after["view"]["legal_actions"][0])
        assert move.status_code == 200, move.text
    finally:
        again.kill()
