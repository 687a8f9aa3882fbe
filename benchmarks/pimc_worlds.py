"""How early in a deal PIMC can start within its second: a world's solve time by the cards left, per game.

    python benchmarks/pimc_worlds.py [--games auction-bridge ...] [--positions 6] [--worlds 4] [--seed 1]
                                     [--budget 10] [--json FILE]

PIMC (``parlour.bots.pimc``) deals worlds from the view of the seat to play and solves each with every hand
open; it plays from the first trick at which its worlds (16, ``pimc.WORLDS``) fit in its second
(``pimc.SECONDS``). For every game with a trick goal, this plays random games to positions where the hand to
play holds ``k`` cards, for ``k`` from two up, deals ``--worlds`` worlds from that seat's view at each of
``--positions`` positions, and times the solve of each world's card values by CPU time: the project's own
search (``card_values``), and DDS beside it where the worlds are bridge's own and endplay is installed. The
search is timed up to the first ``k`` whose slowest world passes ``--budget`` seconds (it grows by an order
of magnitude a trick, so the next would take minutes); DDS, where it solves the worlds, up to the whole hand.

It prints, per game and ``k``, the mean and slowest world and the worlds a second affords at the mean; the
last ``k`` at which 16 worlds fit in a second is where PIMC could start in that game.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import parlour
from parlour.bots import sampler_for
from parlour.bots.doubledummy import card_values, dds_card_values, dds_strain
from parlour.bots.kinds import works_for
from parlour.bots.pimc import SECONDS, WORLDS
from parlour.engine.state import State
from parlour.mechanics.tricks import OpenPosition


def positions_at(game_id: str, cards: int, count: int, rng: random.Random) -> list[State]:
    """``count`` states of random play in which the hand to play holds ``cards`` cards and has a choice."""
    found: list[State] = []
    for _ in range(count * 20):
        if len(found) == count:
            break
        state = parlour.new_game(game_id, seed=rng.getrandbits(32))
        while not state.is_over:
            seat = state.to_move[0]
            position = state.open_position(seat)  # type: ignore[attr-defined]
            if position is not None and position.hands[position.to_play].bit_count() <= cards:
                if position.hands[position.to_play].bit_count() == cards and bin(position.legal()).count("1") > 1:
                    found.append(state)
                break
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return found


def world_positions(state: State, worlds: int, rng: random.Random) -> list[OpenPosition]:
    """The open positions of ``worlds`` worlds dealt from the view of the seat to play, as PIMC deals them."""
    seat = state.to_move[0]
    sample = sampler_for(state, seat)
    out = []
    for _ in range(worlds):
        position = sample(rng).open_position(seat)  # type: ignore[attr-defined]
        assert position is not None
        out.append(position)
    return out


def timed(solve: Any, position: OpenPosition) -> float:
    start = time.process_time()
    solve(position)
    return time.process_time() - start


def measure(game_id: str, positions: int, worlds: int, budget: float, rng: random.Random) -> list[dict[str, Any]]:
    """The rows of one game, by cards left, until the hand is full or a world passes the budget: the search's
    world, or where DDS solves the worlds, DDS's (the search is then left out of the larger hands)."""
    rows, searching = [], True
    for cards in range(2, 14):
        states = positions_at(game_id, cards, positions, rng)
        if not states:
            break
        dealt = [p for state in states for p in world_positions(state, worlds, rng)]
        row: dict[str, Any] = {"game": game_id, "cards": cards, "worlds": len(dealt)}
        if searching:
            ours = [timed(card_values, p) for p in dealt]
            row["mean"], row["slowest"] = statistics.fmean(ours), max(ours)
            searching = max(ours) <= budget
        strains = [dds_strain(p) for p in dealt]
        if all(strain is not None for strain in strains):
            dds = [timed(lambda p, s=s: dds_card_values(p, s), p) for p, s in zip(dealt, strains, strict=True)]
            row["dds_mean"], row["dds_slowest"] = statistics.fmean(dds), max(dds)
        elif not searching:
            rows.append(row)
            print(line(row), flush=True)
            break
        rows.append(row)
        print(line(row), flush=True)
        if "mean" not in row and row["dds_slowest"] > budget:
            break
    return rows


def line(row: dict[str, Any]) -> str:
    text = f"{row['game']:<15} {row['cards']:>2} cards  {row['worlds']:>3} worlds"
    if "mean" in row:
        afford = SECONDS / row["mean"] if row["mean"] else float("inf")
        text += (f"  mean {row['mean'] * 1000:9.1f} ms  slowest {row['slowest'] * 1000:9.1f} ms"
                 f"  {min(afford, 9999):6.0f} worlds a second")
    if "dds_mean" in row:
        text += f"  (DDS: mean {row['dds_mean'] * 1000:.1f} ms, slowest {row['dds_slowest'] * 1000:.1f} ms)"
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", help="game ids (default: every game with a trick goal)")
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--worlds", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=10.0)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    games = args.games or [game.id for game in parlour.games() if works_for("pimc", game.id)]
    rng = random.Random(args.seed)
    rows = [row for game_id in games for row in measure(game_id, args.positions, args.worlds, args.budget, rng)]
    print(f"\nWhere {WORLDS} worlds fit in {SECONDS:g} s (by the mean world, the project's search):")
    for game_id in games:
        fits = [row["cards"] for row in rows if row["game"] == game_id
                and row.get("mean", SECONDS) * WORLDS <= SECONDS]
        dds = [row["cards"] for row in rows if row["game"] == game_id
               and row.get("dds_mean", SECONDS) * WORLDS < SECONDS]
        print(f"  {game_id:<15} up to {max(fits, default=0)} cards a hand"
              + (f"; by DDS up to {max(dds)}" if dds else ""))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
