"""Uniform-random playouts through the public API: Tëtka deals per second, against OpenSpiel's Hearts.

Both sides are driven from Python the same way: read whose turn it is, list the legal actions, pick one
uniformly, apply it. OpenSpiel's ``hearts`` (with ``pass_cards=false`` and its passing direction set to
"No Pass", so that no cards are passed, as none are in Tëtka) deals through chance nodes, which we sample
uniformly too; that is its cost of dealing, as shuffling is ours. The rounds alternate
between the two so that a noisy shared machine affects both alike, and the ratio is taken per round
(median reported). OpenSpiel is optional: ``pip install "parlour[bench]"``.

    python benchmarks/playouts.py [--seconds 2] [--rounds 7]

Also measures the cost of ``clone()`` and ``sample_world()`` on a mid-deal Tëtka state.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import timeit
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import parlour


def tetka_deals(seconds: float, rng: random.Random) -> float:
    """Deals per second of Tëtka (a game is four deals)."""
    deals = 0
    seed = rng.getrandbits(32)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = parlour.new_game("tetka", seed=seed)
        seed += 1
        choice = rng.choice
        while not state.is_over:
            seat = state.to_move[0]
            state.apply(seat, choice(state.legal_actions(seat)))
        deals += len(state.hand_results)
    return deals / (time.perf_counter() - start)


def openspiel_deals(seconds: float, rng: random.Random) -> Callable[[], float] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("hearts", {"pass_cards": False})
    # Even with pass_cards=false the first chance node draws the passing direction, and in three deals of
    # four the players then pass cards (61 player actions instead of 52). Tëtka never passes, so the fair
    # deal to compare with is Hearts without passing: that node is resolved as "No Pass".
    first = game.new_initial_state()
    no_pass = next(a for a, _ in first.chance_outcomes() if first.action_to_string(a) == "No Pass")

    def run() -> float:
        deals = 0
        choice = rng.choice
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = game.new_initial_state()
            state.apply_action(no_pass)
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(choice(state.chance_outcomes())[0])
                else:
                    state.apply_action(choice(state.legal_actions()))
            deals += 1
        return deals / (time.perf_counter() - start)

    return run


def mid_deal_state() -> parlour.State:
    state = parlour.new_game("tetka", seed=11)
    rng = random.Random(11)
    for _ in range(22):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="length of each timed run")
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds of both")
    args = parser.parse_args()
    rng = random.Random(2026)
    openspiel = openspiel_deals(args.seconds, rng)
    tetka_deals(0.5, rng)  # warm the caches of legal-action lists
    ours, theirs, ratios = [], [], []
    for round_number in range(1, args.rounds + 1):
        ours.append(tetka_deals(args.seconds, rng))
        line = f"round {round_number}: Tëtka {ours[-1]:8.0f} deals/s"
        if openspiel is not None:
            theirs.append(openspiel())
            ratios.append(ours[-1] / theirs[-1])
            line += f"   OpenSpiel hearts {theirs[-1]:8.0f} deals/s   ratio {ratios[-1]:.2f}"
        print(line, flush=True)
    print(f"Tëtka (parlour): median {statistics.median(ours):.0f} deals/s")
    if openspiel is None:
        print("OpenSpiel is not installed (pip install 'parlour[bench]'): no ratio")
    else:
        print(f"OpenSpiel hearts, no passing: median {statistics.median(theirs):.0f} deals/s")
        print(f"ratio Parlour / OpenSpiel: median {statistics.median(ratios):.2f} "
              f"(min {min(ratios):.2f}, max {max(ratios):.2f})")
    state = mid_deal_state()
    n = 20000
    clone_us = timeit.timeit(state.clone, number=n) / n * 1e6
    sample_rng = random.Random(5)
    sample_us = timeit.timeit(lambda: state.sample_world(1, sample_rng), number=n // 10) / (n // 10) * 1e6
    print(f"clone(): {clone_us:.2f} µs   sample_world(): {sample_us:.2f} µs (mid-deal Tëtka)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
