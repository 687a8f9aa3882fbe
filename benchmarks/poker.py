"""Our poker evaluator against treys on the same random seven-card hands, in one run.

    python benchmarks/poker.py [--hands 20000] [--rounds 7] [--seed 1]

Both sides value the very same hands: ``parlour.mechanics.poker.high_value`` over our ``Card`` lists, and
``treys.Evaluator().evaluate(hand, board)`` over treys' integer cards (two and five, which it combines
into the best five of seven). The cards are converted for both before any timing, so each side is timed
on its evaluation alone. The rounds interleave the two (ours, treys, ours, treys...), each timed by CPU
time (``time.process_time``, as this machine is shared), so that a change in the machine's load falls
on both alike. The report gives each side's microseconds a hand (median over the rounds) and the ratio
treys ÷ ours per round, median and range: above 1 means ours is faster. The issue asks for at least 1.
Both evaluators must agree on the order of the hands for the numbers to mean anything; that is the proof
in ``tests/test_poker.py``, not here.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from treys import Card as TreysCard  # type: ignore[import-untyped]
from treys import Evaluator

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from parlour.cards import STANDARD_52, Card
from parlour.mechanics.poker import high_value

CLOCK = time.process_time


def _treys_text(card: Card) -> str:
    rank = "T" if card.rank == 10 else str(card)[:-1]
    return rank + card.suit.letter.lower()  # type: ignore[union-attr]


def _timed(work: Callable[[], object]) -> float:
    started = CLOCK()
    work()
    return CLOCK() - started


def run(hands: int, rounds: int, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    pack = list(STANDARD_52)
    ours: list[Sequence[Card]] = [rng.sample(pack, 7) for _ in range(hands)]
    as_treys = {card: TreysCard.new(_treys_text(card)) for card in pack}
    theirs = [([as_treys[c] for c in hand[:2]], [as_treys[c] for c in hand[2:]]) for hand in ours]
    evaluate = Evaluator().evaluate

    def our_side() -> object:
        return [high_value(hand) for hand in ours]

    def treys_side() -> object:
        return [evaluate(hole, board) for hole, board in theirs]

    our_times, treys_times = [], []
    for _ in range(rounds):
        our_times.append(_timed(our_side))
        treys_times.append(_timed(treys_side))
    ratios = [t / o for o, t in zip(our_times, treys_times, strict=True)]
    return {"ours_us": statistics.median(our_times) / hands * 1e6,
            "treys_us": statistics.median(treys_times) / hands * 1e6,
            "ratio": statistics.median(ratios), "ratio_low": min(ratios), "ratio_high": max(ratios)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20_000, help="random seven-card hands a round")
    parser.add_argument("--rounds", type=int, default=7, help="rounds, each timing both sides once")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    row = run(args.hands, args.rounds, args.seed)
    print(f"seven-card high hands, {args.hands:,} a round, {args.rounds} rounds (CPU time)")
    print(f"  parlour high_value    {row['ours_us']:6.2f} µs a hand")
    print(f"  treys evaluate        {row['treys_us']:6.2f} µs a hand")
    print(f"  treys ÷ parlour       {row['ratio']:6.2f}  (range {row['ratio_low']:.2f} to {row['ratio_high']:.2f}; "
          "target ≥ 1)")


if __name__ == "__main__":
    main()
