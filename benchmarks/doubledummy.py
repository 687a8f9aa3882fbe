"""Parlour's double-dummy solver against DDS (Bo Haglund's, through endplay) on random bridge positions.

    python benchmarks/doubledummy.py [--positions 1000] [--min 4] [--max 8] [--full 0] [--whole-numbers 20]
                                     [--seed 18] [--jobs 2] [--json FILE]

Each position is a random deal of ``--min`` to ``--max`` cards a hand (an ending), or, ``--full`` times,
of thirteen. For each, both solvers give the whole double-dummy table, 20 numbers (every declarer and
strain, declarer's left-hand opponent leading), and the tables must be equal. On a whole deal Parlour's
solver takes from seconds to minutes a number, so ``--whole-numbers`` compares only that many of a whole deal's 20
(which ones, the seed chooses), each solved alone (``bridge_tricks``), its time scaled up to the table's;
a whole table is solved as ``parlour dd`` solves it (``bridge_table``, its four declarers of a strain sharing
what was proved). Both are timed by CPU time on the same position, one after the other, so the comparison is
fair to DDS: it is given the deal as a PBN string, as its users give it, and its own table call (which
solves the 20 in one go, sharing work). Each process first solves one small ending with both, untimed: DDS
spends some 0.7 s of CPU setting itself up at its first call (its transposition tables), which counted
in a run of twenty positions would have made it look several times slower than it is. The positions are shared
over ``--jobs`` processes; the result is the same whatever the number.

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

from parlour.bots.doubledummy import COMPASS, STRAINS, bridge_table, bridge_tricks, dds_table

Position = tuple[int, list[int], list[tuple[int, int]]]   # cards a hand, the hands, (declarer, strain) compared
EVERY_NUMBER = [(declarer, strain) for declarer in range(4) for strain in range(5)]


def positions(count: int, low: int, high: int, full: int, seed: int, whole_numbers: int = 20) -> list[Position]:
    """``count`` random deals of ``low``..``high`` cards a hand (``full`` of them of thirteen), each with the
    numbers of its table to compare: all 20 of an ending, ``whole_numbers`` of a whole deal."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        size = 13 if k < full else rng.randint(low, high)
        cards = rng.sample(range(52), 4 * size)
        hands = [sum(1 << c for c in cards[h * size:(h + 1) * size]) for h in range(4)]
        numbers = sorted(rng.sample(EVERY_NUMBER, whole_numbers)) if size == 13 else EVERY_NUMBER
        out.append((size, hands, numbers))
    return out


def warm_up() -> None:
    """Each solver's one-time costs paid before anything is timed, in each process: DDS's set-up at its first
    call and, alike, anything ours builds on first use."""
    (_, hands, _), = positions(1, 2, 2, 0, 0)
    dds_table(hands)
    bridge_table(hands)


def check(item: Position) -> dict[str, Any]:
    """Both solvers' numbers for one position, and the CPU time each took: ours for the numbers compared,
    scaled to a whole table; DDS's for its one call that gives the whole table."""
    size, hands, numbers = item
    start = time.process_time()
    if len(numbers) == len(EVERY_NUMBER):    # the whole table: as ``parlour dd`` asks for it, sharing work
        table = bridge_table(hands)
        ours = {(declarer, strain): table[COMPASS[declarer]][STRAINS[strain]] for declarer, strain in numbers}
    else:
        ours = {(declarer, strain): bridge_tricks(hands, declarer, strain) for declarer, strain in numbers}
    middle = time.process_time()
    theirs = dds_table(hands)
    end = time.process_time()
    agree = sum(tricks == theirs[COMPASS[declarer]][STRAINS[strain]] for (declarer, strain), tricks in ours.items())
    return {"size": size, "agree": agree, "compared": len(numbers), "own": (middle - start) * 20 / len(numbers),
            "dds": end - middle, "hands": hands if agree != len(numbers) else None}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--min", type=int, default=4)
    parser.add_argument("--max", type=int, default=8)
    parser.add_argument("--full", type=int, default=0, help="how many of the positions are whole deals")
    parser.add_argument("--whole-numbers", type=int, default=20, choices=range(1, 21), metavar="1..20",
                        help="how many of a whole deal's 20 numbers to compare (chosen by the seed)")
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args(argv)
    items = positions(args.positions, args.min, args.max, args.full, args.seed, args.whole_numbers)
    started = time.perf_counter()
    results = []
    with ProcessPoolExecutor(args.jobs, initializer=warm_up) as pool:
        for result in pool.map(check, items, chunksize=1 if args.full else 4):
            results.append(result)
            if result["size"] == 13:   # minutes each: shown as they come, so that a long run tells as it goes
                print(f"whole deal {len(results)}: {result['agree']} of {result['compared']} numbers equal, "
                      f"own {result['own'] * result['compared'] / 20:.0f} s", flush=True)
    wall = time.perf_counter() - started
    equal = sum(r["agree"] == r["compared"] for r in results)
    print(f"{equal} of {len(results)} positions have equal tables ({sum(r['agree'] for r in results)} of "
          f"{sum(r['compared'] for r in results)} numbers); {wall:.0f} s on {args.jobs} processes")
    if args.full and args.whole_numbers < 20:
        print(f"(whole deals: {args.whole_numbers} numbers of 20 compared, our time scaled to the table's)")
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
