"""Nothing lost: a real ``parlour serve`` process killed with SIGKILL comes back with every table as it was."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from parlour.cards import ACE_HIGH

httpx = pytest.importorskip("httpx")
pytest.importorskip("uvicorn")

# Seat 0 holds every club, seat 1 every diamond, and so on: their moves are known in advance.
STACKED = {"hands": [[f"{rank.letter}{suit}" for rank in ACE_HIGH] for suit in "CDHS"]}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self, database: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "parlour", "serve", "--port", str(self.port), "--database",
             f"sqlite:///{database}", "--bot-delay", "0"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 30
        while True:
            try:
                if httpx.get(self.base + "/api/games", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if time.time() > deadline or self.process.poll() is not None:
                self.process.kill()
                raise RuntimeError("parlour serve did not start")
            time.sleep(0.1)

    def kill(self) -> None:
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path / "parlour.sqlite3"


def seat_view(base: str, table: dict[str, Any], seat: int) -> dict[str, Any]:
    token = table["seats"][seat]["token"]
    response = httpx.get(f"{base}/api/tables/{table['table_id']}/view", params={"seat": seat},
                         headers={"X-Seat-Token": token}, timeout=10)
    response.raise_for_status()
    return dict(response.json())


def test_a_killed_server_resumes_every_table_where_it_was(database: Path) -> None:
    """Two humans at one table act; the server is killed with SIGKILL; a new server on the same database
    shows both the same version and the same views, and play goes on."""
    server = Server(database)
    try:
        created = httpx.post(server.base + "/api/tables", timeout=10,
                             json={"game": "tetka", "seats": ["human", "human", "random", "random"],
                                   "options": {"deal": STACKED}}).json()
        first = seat_view(server.base, created, 0)
        action = httpx.post(f"{server.base}/api/tables/{created['table_id']}/actions", timeout=10,
                            headers={"X-Seat-Token": created["seats"][0]["token"]},
                            json={"seat": 0, "version": first["version"], "action": "play 2C"})
        assert action.status_code == 200, action.text
        before = seat_view(server.base, created, 1)
    finally:
        server.kill()
    again = Server(database)
    try:
        after = seat_view(again.base, created, 1)
        assert after["version"] == before["version"] and after["view"] == before["view"]
        move = httpx.post(f"{again.base}/api/tables/{created['table_id']}/actions", timeout=10,
                          headers={"X-Seat-Token": created["seats"][1]["token"]},
                          json={"seat": 1, "version": after["version"], "action": after["view"]["legal_actions"][0]})
        assert move.status_code == 200, move.text
    finally:
        again.kill()
