"""A person's table beside loads that used to starve it (issue 36, items 3 and 5), on a real server.

    python benchmarks/fair_bots.py [--cards 3] [--source DIR ...]

One table of a person and three ``ismcts:200`` bots (Tëtka): the person plays a card, and the time until it
is their turn again (the three bots' moves) is measured, card after card, under three loads:

* none;
* eight tables of bots alone, each ``{"game": "vint", "seats": ["ismcts:5s"] * 4}``, from eight addresses;
* a flood of review requests over the 80 seats of 20 finished games, from clients that give up after 0.3 s.

Each ``--source`` is a checkout whose ``parlour`` is served (``PYTHONPATH``), so that a release before a
change and after it are measured by the same script on the same machine, one after the other. The server has
two bot workers and trusts ``X-Forwarded-For`` from loopback, so each load table is its own client. A turn
that takes longer than ``--give-up`` seconds is reported as that bound.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import suppress
from pathlib import Path
from typing import Any

import httpx
from server_load import free_port, wait_for_server

PERSON_TABLE = {"game": "tetka", "seats": ["human", "ismcts:200", "ismcts:200", "ismcts:200"]}
BOTS_ALONE = {"game": "vint", "seats": ["ismcts:5s"] * 4}
FINISHED = {"game": "tetka", "seats": ["random"] * 4}


class Served:
    """``parlour serve`` from one checkout, on a fresh SQLite file."""

    def __init__(self, source: Path) -> None:
        self.folder = tempfile.TemporaryDirectory()
        port = free_port()
        self.base = f"http://127.0.0.1:{port}"
        environment = {**os.environ, "PYTHONPATH": str(source)}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "parlour", "serve", "--port", str(port), "--bot-delay", "0",
             "--database", f"sqlite:///{self.folder.name}/bench.sqlite3", "--tables-per-minute", "0",
             "--bot-workers", "2", "--forwarded-allow-ips", "127.0.0.1"],
            env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        asyncio.run(wait_for_server(self.base))
        self.http = httpx.Client(base_url=self.base, timeout=30)

    def create(self, body: dict[str, Any], address: str = "10.9.9.9") -> dict[str, Any]:
        answer = self.http.post("/api/tables", json=body, headers={"X-Forwarded-For": address})
        answer.raise_for_status()
        created: dict[str, Any] = answer.json()
        return created

    def stop(self) -> None:
        self.http.close()
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.folder.cleanup()


def turns(served: Served, table: dict[str, Any], cards: int, give_up: float) -> list[float]:
    """Seconds from each of the person's cards until their next turn."""
    headers = {"X-Seat-Token": table["seats"][0]["token"]}
    url = f"/api/tables/{table['table_id']}"

    def my_turn(after: int) -> dict[str, Any] | None:
        deadline = time.monotonic() + give_up
        while time.monotonic() < deadline:
            seen = served.http.get(f"{url}/view", params={"seat": 0}, headers=headers).json()
            if seen["version"] > after and (0 in seen["view"]["to_move"] or seen["view"]["is_over"]):
                return dict(seen)
            time.sleep(0.02)
        return None

    current = my_turn(-1)
    times = []
    for _ in range(cards):
        if current is None or current["view"]["is_over"]:
            break
        start = time.monotonic()
        served.http.post(f"{url}/actions", headers=headers, json={
            "seat": 0, "version": current["version"], "action": current["view"]["legal_actions"][0]})
        current = my_turn(current["version"])
        times.append(min(time.monotonic() - start, give_up))
    return times


def flood(served: Served, stop: threading.Event) -> None:
    """Review requests over the 80 seats of 20 finished games, each client giving up after 0.3 s."""
    made = [served.create(FINISHED)["table_id"] for _ in range(20)]
    for table_id in made:
        while not served.http.get(f"/api/tables/{table_id}").json()["is_over"]:
            time.sleep(0.05)

    def ask(number: int) -> None:
        while not stop.is_set():
            with suppress(httpx.HTTPError):
                httpx.get(f"{served.base}/api/tables/{made[number % 20]}/review", timeout=0.3,
                          params={"seat": (number // 20) % 4}, headers={"X-Forwarded-For": f"10.1.{number % 250}.1"})
            number += 16

    for first in range(16):
        threading.Thread(target=ask, args=(first,), daemon=True).start()


def measure(source: Path, cards: int, give_up: float) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {}
    for load in ("none", "eight tables of bots alone", "review flood"):
        served = Served(source)
        stop = threading.Event()
        try:
            if load == "eight tables of bots alone":
                for number in range(8):
                    served.create(BOTS_ALONE, address=f"10.2.0.{number}")
            elif load == "review flood":
                flood(served, stop)
                time.sleep(2)
            out[load] = turns(served, served.create(PERSON_TABLE), cards, give_up)
        finally:
            stop.set()
            served.stop()
        print(f"  {source}: {load}: " + ", ".join(f"{t:.1f}" for t in out[load]) + " s", flush=True)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=3, help="the person's cards timed under each load")
    parser.add_argument("--give-up", type=float, default=120.0, help="seconds after which a turn is cut short")
    parser.add_argument("--source", type=Path, action="append",
                        help="a checkout to serve (repeatable; default: this one)")
    args = parser.parse_args()
    sources = args.source or [Path(__file__).resolve().parent.parent]
    results = {source: measure(source, args.cards, args.give_up) for source in sources}
    print(f"{'source':40} {'load':28} {'median s':>9} {'max s':>7}")
    for source, loads in results.items():
        for load, times in loads.items():
            if times:
                print(f"{str(source)[-40:]:40} {load:28} {statistics.median(times):9.1f} {max(times):7.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
