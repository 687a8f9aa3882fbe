"""A real ``parlour serve`` process on loopback, for the tests that must see what a process does: its log,
its exit on Ctrl+C or SIGKILL, and two servers on one database. Imported by the test modules of this folder."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

START_SECONDS = 30


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``parlour serve --database URL`` with its output written to ``log_file``."""

    def __init__(self, database: str, log_file: Path, *extra: str) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_file = log_file
        with open(log_file, "ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "parlour", "serve", "--port", str(self.port), "--database", database,
                 "--bot-delay", "0", *extra], stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                if httpx.get(self.base + "/api/games", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or self.process.poll() is not None:
                self.process.kill()
                raise RuntimeError(f"parlour serve did not start:\n{self.log()}")
            time.sleep(0.1)

    def log(self) -> str:
        return self.log_file.read_text(encoding="utf-8", errors="replace")

    def kill(self) -> None:
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def interrupt(self) -> float:
        """Ctrl+C: SIGINT to the server; answers how long it took to exit."""
        start = time.monotonic()
        self.process.send_signal(signal.SIGINT)
        self.process.wait(timeout=30)
        return time.monotonic() - start

    def create(self, **body: Any) -> dict[str, Any]:
        response = httpx.post(self.base + "/api/tables", json=body, timeout=10)
        assert response.status_code == 201, response.text
        created: dict[str, Any] = response.json()
        return created

    def view(self, created: dict[str, Any], seat: int | None) -> dict[str, Any]:
        params, headers = {}, {}
        if seat is not None:
            params, headers = {"seat": seat}, {"X-Seat-Token": created["seats"][seat]["token"]}
        response = httpx.get(f"{self.base}/api/tables/{created['table_id']}/view", params=params, headers=headers,
                             timeout=10)
        assert response.status_code == 200, response.text
        answer: dict[str, Any] = response.json()
        return answer

    def act(self, created: dict[str, Any], seat: int, version: int, action: str) -> httpx.Response:
        return httpx.post(f"{self.base}/api/tables/{created['table_id']}/actions", timeout=10,
                          headers={"X-Seat-Token": created["seats"][seat]["token"]},
                          json={"seat": seat, "version": version, "action": action})


def worker_database(url: str, worker: str) -> str:
    """A database of this test process's own on the server, so that parallel test processes neither clear
    each other's tables nor contend for the lock whose holder moves the bots."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = f"parlour_test_{re.sub(r'[^a-z0-9]', '_', worker.lower())}"
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        if not connection.scalar(text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": name}):
            connection.execute(text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    return make_url(url).set(database=name).render_as_string(hide_password=False)


def empty_database(kind: str, tmp_path: Path, purpose: str) -> str:
    """A new, empty database for a test: an SQLite file, or (``kind`` "postgresql") a PostgreSQL database of
    this test process's own for ``purpose``, emptied of every table; skips without PostgreSQL."""
    import pytest
    import sqlalchemy as sa

    if kind == "sqlite":
        return f"sqlite:///{tmp_path / 'parlour.sqlite3'}"
    postgres = os.environ.get("PARLOUR_TEST_POSTGRES")
    if postgres is None:
        pytest.skip("no PostgreSQL server: set PARLOUR_TEST_POSTGRES to a database URL (.ci/run starts one)")
    url = worker_database(postgres, f"{purpose}_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}")
    engine = sa.create_engine(url)
    everything = sa.MetaData()
    everything.reflect(engine)
    everything.drop_all(engine)
    engine.dispose()
    return url
