"""Games per second of a tournament on 1 and 2 workers, on this machine's process pool and through Ray.

    python benchmarks/cluster.py [--game kabu] [--seats heuristic,random,random,random] [--games 200]
                                 [--rounds 5] [--json FILE]

What is measured. ``play_games`` over the same planned games (a new seed each round) on each of the four
set-ups, wall time from the call to the last record, as a user waits for it: the local pool's
start of its worker processes (one fork server, then each worker) counts in every run, since every
tournament pays it; Ray's start-up and its first workers' start are paid once a process and reported
apart, since Ray keeps its workers for every later run. Each game is a Ray task, so the Ray rows include
its round trip to Ray's scheduler, which the quick games measured here show at its largest. The four
run in turn within each round, in an order rotated each round, so that a change in the machine's load
falls on all alike; the median and the range over the rounds are reported. Ray is started here with
two CPUs (``connect(num_cpus=2)``).

Wall time, not CPU time, because the point is parallel work; on a shared machine the ranges say how
much the other users moved the numbers. Every set-up plays the very same games (the records are
checked equal), so the numbers compare the backends only. Ray is optional (``pip install
"parlour[cluster]"``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from parlour.sim import GameRecord, GameTask, plan_games, play_games
from parlour.sim.ray_backend import RayBackend, connect
from parlour.sim.tournament import Backend

Setup = tuple[str, int, Backend | None]


def timed(run: Callable[[], list[GameRecord]]) -> tuple[float, list[GameRecord]]:
    started = time.perf_counter()
    records = run()
    return time.perf_counter() - started, records


def measure(setups: Sequence[Setup], plans: Sequence[list[GameTask]]) -> dict[str, list[float]]:
    """Games per second of each set-up in each round, the set-ups taken in a rotated order."""
    rates: dict[str, list[float]] = {name: [] for name, _, _ in setups}
    for round_number, tasks in enumerate(plans):
        expected: list[GameRecord] | None = None
        for offset in range(len(setups)):
            name, jobs, backend = setups[(round_number + offset) % len(setups)]
            seconds, records = timed(lambda: play_games(tasks, jobs=jobs, backend=backend))  # noqa: B023
            if expected is not None and records != expected:
                raise SystemExit(f"{name} played other games than the other set-ups: a bug")
            expected = records
            rates[name].append(len(tasks) / seconds)
    return rates


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kabu", help="a quick game (default: kabu)")
    parser.add_argument("--seats", default="heuristic,random,random,random", help="one bot kind per seat")
    parser.add_argument("--games", type=int, default=200, help="games in each run")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds")
    parser.add_argument("--json", metavar="FILE", help="also write the numbers to FILE as JSON")
    args = parser.parse_args(argv)
    seats = args.seats.split(",")
    plans = [plan_games(args.game, seats, args.games, seed=round_number) for round_number in range(args.rounds)]

    start_up, _ = timed(lambda: (connect(num_cpus=2), [])[1])
    ray = RayBackend()
    first_run, _ = timed(lambda: play_games(plans[0][:4], jobs=2, backend=ray))
    setups: list[Setup] = [("local, 1 worker", 1, None), ("local, 2 workers", 2, None),
                           ("ray, 1 worker", 1, ray), ("ray, 2 workers", 2, ray)]
    rates = measure(setups, plans)

    print(f"{args.game}, seats {args.seats}: {args.games} games a run, {args.rounds} rounds, wall time")
    print(f"Ray start-up {start_up:.1f} s; its first run (4 games, its two workers started) {first_run:.1f} s")
    rows = {}
    for name, values in rates.items():
        rows[name] = {"median": statistics.median(values), "min": min(values), "max": max(values),
                      "values": values}
        print(f"{name:<18} {rows[name]['median']:8.1f} games/s  [{min(values):.1f}–{max(values):.1f}]")
    if args.json:
        Path(args.json).write_text(json.dumps({"game": args.game, "seats": seats, "games": args.games,
                                               "ray_start_up_s": start_up, "ray_first_run_s": first_run,
                                               "rows": rows}, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
