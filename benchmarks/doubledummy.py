"""Parlour's double-dummy solver against DDS (Bo Haglund's, through endplay) on random bridge positions.

    python benchmarks/doubledummy.py [--positions 1000] [--min 4] [--max 8] [--full 0] [--seed 18] [--jobs 2]
                                     [--json FILE]

Each position is a random deal of ``--min`` to ``--max`` cards a hand (an ending), or, ``--full`` times,
of thirteen. For each, both solvers give the whole double-dummy table, 20 numbers (every declarer and
strain, declarer's left-hand opponent leading), and the tables must be equal. Both are timed by CPU time
on the same position, one after the other, so the comparison is fair to DDS: it is given the deal as a PBN
string, as its users give it, and its own table call (which solves the 20 in one go, sharing work, as
``bridge_table`` does not). The positions are shared over ``--jobs`` processes; the result is the same
whatever the number.

Prints the count of positions and of numbers that agree, and each solver's CPU seconds per position by
hand size, with the ratio. Exit status 1 if any table differs.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from parlour.bots.doubledummy import bridge_table, dds_table


def positions(count: int, low: int, high: int, full: int, seed: int) -> list[tuple[int, list[int]]]:
    """``count`` random deals of ``low``..``high`` cards a hand (``full`` of them of thirteen): (size, hands)."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        size = 13 if k < full else rng.randint(low, high)
        cards = rng.sample(range(52), 4 * size)
        out.append((size, [sum(1 << c for c in cards[h * size:(h + 1) * size]) for h in range(4)]))
    return out


def check(item: tuple[int, list[int]]) -> dict[str, Any]:
    """Both tables of one position, and the CPU time each took."""
    size, hands = item
    start = time.process_time()
    ours = bridge_table(hands)
    middle = time.process_time()
    theirs = dds_table(hands)
    end = time.process_time()
    agree = sum(ours[seat][strain] == theirs[seat][strain] for seat in ours for strain in ours[seat])
    return {"size": size, "agree": agree, "own": middle - start, "dds": end - middle,
            "hands": hands if agree != 20 else None}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--min", type=int, default=4)
    parser.add_argument("--max", type=int, default=8)
    parser.add_argument("--full", type=int, default=0, help="how many of the positions are whole deals")
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args(argv)
    items = positions(args.positions, args.min, args.max, args.full, args.seed)
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(check, items, chunksize=4))
    wall = time.perf_counter() - started
    equal = sum(r["agree"] == 20 for r in results)
    print(f"{equal} of {len(results)} positions have equal tables "
          f"({sum(r['agree'] for r in results)} of {20 * len(results)} numbers); {wall:.0f} s on {args.jobs} processes")
    print(f"{'cards a hand':>12} {'positions':>9} {'own s/table':>12} {'DDS s/table':>12} {'own / DDS':>10}")
    rows = []
    for size in sorted({r["size"] for r in results}):
        chosen = [r for r in results if r["size"] == size]
        own = sum(r["own"] for r in chosen) / len(chosen)
        dds = sum(r["dds"] for r in chosen) / len(chosen)
        rows.append({"size": size, "positions": len(chosen), "own": own, "dds": dds})
        print(f"{size:>12} {len(chosen):>9} {own:>12.4f} {dds:>12.5f} {own / max(dds, 1e-9):>10.0f}")
    for r in results:
        if r["hands"] is not None:
            from parlour.formats.pbn import deal_text
            print("differs:", deal_text(0, r["hands"]))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"positions": len(results), "equal": equal, "rows": rows}, out, indent=1)
    return 0 if equal == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
