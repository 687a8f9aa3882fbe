"""Load on the game server, on loopback: many people's tables, or one person's table beside bots' load.

    python benchmarks/server_load.py [--tables 100] [--seconds 20] [--game tetka]
    python benchmarks/server_load.py --beside quiet|alone|reviews [--answers 12] [--workers 2]

The server runs in its own process (``parlour serve`` on a fresh SQLite file), and the clients all run in
this process on one event loop. The server is started as ``python -m parlour`` from the current
directory, so run this from a worktree of another commit (``cd ../old && python ../main/benchmarks/...``)
to measure that commit.

Without ``--beside``: every seat of every table is a client. It connects its seat's websocket, and
whenever a pushed view says it is to move it sends a random legal action over the socket. Latency is the
time from sending an action to receiving the next view of a newer version on that socket. Reported:
actions per second over the run and the 50th and 99th percentile latencies, and the server process's CPU
time (user + system, read from the OS by psutil) per acknowledged action over the same span.

With ``--beside`` (issue 36, items 3, 5 and 6): a person plays random cards at a table of Tëtka with three
``ismcts:200`` bots, and an *answer* is the time from the person's card to the person's next turn, when
the three bots have moved (each move a job for the bot workers). The table plays on a quiet server, or
beside eight tables of Vint between four ``ismcts:5s`` bots, or beside a flood of review requests (50 a
second for a minute at least, over the 66 seats 0 and 1 of 33 finished games, each from an address of its
own, each given up after 0.3 s). Reported: the answers' median and maximum; for the flood, its answers
by status and how busy the bot workers still are in the ten seconds after it stops; and how long the
server takes to exit on SIGTERM.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
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


# --- one person's table beside the bots' load --------------------------------------------------------------
PERSON_TABLE = {"game": "tetka", "seats": ["human", "ismcts:200", "ismcts:200", "ismcts:200"]}
ALONE_TABLE = {"game": "vint", "seats": ["ismcts:5s"] * 4}
ALONE_TABLES = 8
FINISHED_TABLES = 33          # seats 0 and 1 reviewed at each: 66 (table, seat) pairs
REVIEWS_A_SECOND = 50         # the flood's pace, kept whatever the answers
REVIEW_TIMEOUT = 0.3          # each review request is given up after this
FLOOD_SECONDS = 60            # the flood lasts at least this long: 3,000 requests, as in issue 36
QUIET_AFTER = 10.0            # seconds over which the workers' CPU is read once the flood stops
PATIENCE = 300.0              # an answer not come by then is counted as this, and the timing stops


async def person_answers(base: str, answers: int) -> list[float]:
    """Seconds from each of the person's cards to the person's next turn, for ``answers`` cards after
    which a bot moved (a card that wins a trick may be followed by the person's own lead); one that takes
    ``PATIENCE`` or more ends the timing."""
    async with httpx.AsyncClient(timeout=30) as client:
        response = await client.post(f"{base}/api/tables", json=PERSON_TABLE)
        response.raise_for_status()
        created = response.json()
    times: list[float] = []
    rng = random.Random(2)
    url = f"{base.replace('http://', 'ws://')}/ws/tables/{created['table_id']}"
    async with websockets.connect(url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "seat": 0, "token": created["seats"][0]["token"]}))
        sent_at, sent_version = None, -1
        while len(times) < answers:
            waited = 0.0 if sent_at is None else time.monotonic() - sent_at
            try:
                data = json.loads(await asyncio.wait_for(ws.recv(), PATIENCE - waited))
            except TimeoutError:
                times.append(PATIENCE)
                print(f"  answer {len(times)}: none within {PATIENCE:g} s; stopping there", flush=True)
                break
            view, version = data.get("view", {}), data.get("version", -1)
            if view.get("is_over"):
                break
            if 0 not in view.get("to_move", []) or not view.get("legal_actions") or version <= sent_version:
                continue
            if sent_at is not None and version > sent_version + 1:
                times.append(time.monotonic() - sent_at)
                print(f"  answer {len(times)}: {times[-1]:.2f} s", flush=True)
            sent_at, sent_version = time.monotonic(), version
            await ws.send(json.dumps({"type": "action", "version": version,
                                      "action": rng.choice(view["legal_actions"])}))
    return times


async def create_tables(client: httpx.AsyncClient, base: str, body: dict[str, Any], count: int) -> list[str]:
    ids = []
    for _ in range(count):
        response = await client.post(f"{base}/api/tables", json=body)
        response.raise_for_status()
        ids.append(response.json()["table_id"])
    return ids


async def finished_pairs(base: str) -> list[tuple[str, int]]:
    """Games of Tëtka between random bots (they finish in moments), seats 0 and 1 of each to review."""
    async with httpx.AsyncClient(timeout=30) as client:
        ids = await create_tables(client, base, {"game": "tetka", "seats": ["random"] * 4}, FINISHED_TABLES)
        for table_id in ids:
            while (await client.get(f"{base}/api/tables/{table_id}")).json()["status"] != "over":
                await asyncio.sleep(0.05)
    return [(table_id, seat) for table_id in ids for seat in (0, 1)]


async def flood(base: str, pairs: list[tuple[str, int]], stop: asyncio.Event, answers: Counter[str]) -> None:
    """Review requests at a steady pace until ``stop``, each from an address of its own and given up after
    ``REVIEW_TIMEOUT``."""
    rng = random.Random(3)

    async def one(client: httpx.AsyncClient, number: int) -> None:
        table_id, seat = rng.choice(pairs)
        try:
            response = await client.get(f"{base}/api/tables/{table_id}/review", params={"seat": seat},
                                        headers={"X-Forwarded-For": f"10.{number // 65536 % 256}."
                                                                    f"{number // 256 % 256}.{number % 256}"})
            answers[str(response.status_code)] += 1
        except httpx.TimeoutException:
            answers["given up"] += 1
        except httpx.HTTPError as exc:
            answers[type(exc).__name__] += 1

    limits = httpx.Limits(max_connections=None, max_keepalive_connections=0)
    async with httpx.AsyncClient(timeout=REVIEW_TIMEOUT, limits=limits) as client:
        requests: set[asyncio.Task[None]] = set()
        number = 0
        while not stop.is_set():
            task = asyncio.create_task(one(client, number))
            requests.add(task)
            task.add_done_callback(requests.discard)
            number += 1
            await asyncio.sleep(1 / REVIEWS_A_SECOND)
        await asyncio.gather(*requests)


def workers_cpu(server: psutil.Process) -> float:
    """CPU seconds (user + system) used so far by the server's child processes still alive."""
    total = 0.0
    for child in server.children(recursive=True):
        with contextlib.suppress(psutil.Error):
            times = child.cpu_times()
            total += times.user + times.system
    return total


async def beside(base: str, load: str, answers: int, server: psutil.Process) -> None:
    """Time the person's table beside ``load``, and after a flood, how busy it left the workers."""
    if load == "alone":
        async with httpx.AsyncClient(timeout=30) as client:
            await create_tables(client, base, ALONE_TABLE, ALONE_TABLES)
        await asyncio.sleep(5)    # their searches under way
    stop, statuses = asyncio.Event(), Counter[str]()
    flooding = None
    if load == "reviews":
        flooding = asyncio.create_task(flood(base, await finished_pairs(base), stop, statuses))
        flood_ends = time.monotonic() + FLOOD_SECONDS
        await asyncio.sleep(5)    # a backlog builds up
    times = await person_answers(base, answers)
    print(f"beside {load}: {len(times)} answers, median {statistics.median(times):.2f} s, max {max(times):.2f} s")
    if flooding is not None:
        await asyncio.sleep(flood_ends - time.monotonic())
        stop.set()
        await flooding
        before = workers_cpu(server)
        await asyncio.sleep(QUIET_AFTER)
        busy = (workers_cpu(server) - before) / QUIET_AFTER
        print(f"review requests: {dict(statuses)}; in the {QUIET_AFTER:g} s after the flood the workers used "
              f"{busy:.0%} of a core")


def serve(folder: str, port: int, *extra: str) -> subprocess.Popen[bytes]:
    """``parlour serve`` from the current directory's ``parlour``, on a fresh SQLite file."""
    return subprocess.Popen([sys.executable, "-m", "parlour", "serve", "--port", str(port), "--database",
                             f"sqlite:///{Path(folder) / 'load.sqlite3'}", "--tables-per-minute", "0", *extra],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def stop(server: subprocess.Popen[bytes], patience: float = 30) -> str:
    """SIGTERM, and how long the server took to exit (killed after ``patience`` seconds)."""
    started = time.monotonic()
    server.terminate()
    try:
        server.wait(timeout=patience)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()
        return f"still running {patience:g} s after SIGTERM; killed"
    return f"exited {time.monotonic() - started:.1f} s after SIGTERM"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--game", default="tetka")
    parser.add_argument("--beside", choices=["quiet", "alone", "reviews"],
                        help="time a person's table of three ismcts:200 bots beside this load instead")
    parser.add_argument("--answers", type=int, default=12, help="the person's cards to time (with --beside)")
    parser.add_argument("--workers", type=int, default=2, help="the server's bot workers (with --beside)")
    args = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    extra = (["--bot-delay", "0", "--bot-workers", str(args.workers), "--bot-tables-per-client", "0",
              "--forwarded-allow-ips", "127.0.0.1"] if args.beside else [])
    with tempfile.TemporaryDirectory() as folder:
        server = serve(folder, port, *extra)
        try:
            asyncio.run(wait_for_server(base))
            if args.beside:
                asyncio.run(beside(base, args.beside, args.answers, psutil.Process(server.pid)))
            else:
                stats = asyncio.run(run(base, args.tables, args.seconds, args.game, psutil.Process(server.pid)))
        finally:
            print(stop(server), flush=True)
    if args.beside:
        return 0
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
