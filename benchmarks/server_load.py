"""Load on the game server: N tables of random players acting over websockets, on loopback.

    python benchmarks/server_load.py [--tables 100] [--seconds 20] [--game tetka]

The server runs in its own process (``parlour serve`` on a fresh SQLite file), so that the players, all
in this process on one event loop, do not share its interpreter. Every seat of every table is a client:
it connects its seat's websocket, and whenever a pushed view says it is to move it sends a random legal
action over the socket. Latency is the time from sending an action to receiving the next view of a newer
version on that socket. Reported: actions per second over the run and the 50th and 99th percentile
latencies, and the server process's CPU time (user + system, read from the OS by psutil) per acknowledged
action over the same span.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import psutil
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def wait_for_server(base: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    async with httpx.AsyncClient() as client:
        while time.monotonic() < deadline:
            try:
                if (await client.get(base + "/api/games")).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.1)
    raise RuntimeError("the server did not start")


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.actions = 0
        self.errors = 0
        self.elapsed = 0.0
        self.server_cpu = 0.0    # seconds of the server process's CPU over the run


async def seat_player(ws_url: str, seat: int, token: str, stats: Stats, stop: float, rng: random.Random) -> None:
    async with websockets.connect(ws_url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "seat": seat, "token": token}))
        sent_at: float | None = None
        sent_version = -1
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.01, stop - time.monotonic()))
            except TimeoutError:
                return
            data: dict[str, Any] = json.loads(raw)
            if data.get("type") == "error":
                stats.errors += 1
                sent_at = None
                continue
            version = data.get("version", -1)
            if sent_at is not None and version > sent_version:
                stats.latencies.append(time.monotonic() - sent_at)
                stats.actions += 1
                sent_at = None
            view = data.get("view", {})
            if view.get("is_over"):
                return
            if seat in view.get("to_move", []) and view.get("legal_actions") and sent_at is None:
                sent_version = version
                sent_at = time.monotonic()
                await ws.send(json.dumps({"type": "action", "version": version,
                                          "action": rng.choice(view["legal_actions"])}))


async def run(base: str, tables: int, seconds: float, game: str, server: psutil.Process) -> Stats:
    stats = Stats()
    async with httpx.AsyncClient(timeout=30) as client:
        created = []
        for _ in range(tables):
            info = await client.get(f"{base}/api/games")
            players = next(g for g in info.json() if g["id"] == game)["default_players"]
            response = await client.post(f"{base}/api/tables", json={"game": game, "seats": ["human"] * players})
            response.raise_for_status()
            created.append(response.json())
    ws_base = base.replace("http://", "ws://")
    stop = time.monotonic() + seconds
    rng = random.Random(1)
    players = [seat_player(f"{ws_base}/ws/tables/{t['table_id']}", s["seat"], s["token"], stats, stop,
                           random.Random(rng.getrandbits(32)))
               for t in created for s in t["seats"]]
    start, cpu_start = time.monotonic(), server.cpu_times()
    await asyncio.gather(*players)
    cpu_end = server.cpu_times()
    stats.elapsed = time.monotonic() - start
    stats.server_cpu = (cpu_end.user + cpu_end.system) - (cpu_start.user + cpu_start.system)
    return stats


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--game", default="tetka")
    args = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen([sys.executable, "-m", "parlour", "serve", "--port", str(port), "--database",
                                   f"sqlite:///{Path(folder) / 'load.sqlite3'}", "--tables-per-minute", "0"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            asyncio.run(wait_for_server(base))
            stats = asyncio.run(run(base, args.tables, args.seconds, args.game, psutil.Process(server.pid)))
        finally:
            server.terminate()
            server.wait(timeout=10)
    lat = sorted(stats.latencies)
    elapsed = stats.elapsed
    if not lat:
        print("no action was acknowledged")
        return 1
    p99 = lat[min(len(lat) - 1, int(0.99 * len(lat)))]
    print(f"{args.tables} tables of {args.game}, {elapsed:.1f} s: {stats.actions} actions, "
          f"{stats.actions / elapsed:.0f} actions/s, latency p50 {statistics.median(lat) * 1000:.1f} ms, "
          f"p99 {p99 * 1000:.1f} ms, {stats.errors} refused; "
          f"server CPU {stats.server_cpu * 1000 / stats.actions:.2f} ms per action "
          f"({stats.server_cpu / elapsed:.0%} of a core)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
