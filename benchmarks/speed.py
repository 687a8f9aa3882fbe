"""Issue 11's speed table in one run: Parlour against OpenSpiel, and the costs search pays.

    python benchmarks/speed.py [--seconds 0.7] [--rounds 7] [--only ROW ...] [--json FILE]

Rows (``--only`` takes these names):

- ``tetka``: random Tëtka deals per second ÷ OpenSpiel ``hearts`` deals per second. Both are 52 cards
  among four players with no passing: ``hearts`` is loaded with ``pass_cards=false`` and its first chance
  node, the passing direction (which still passes three deals in four), is resolved as "No Pass".
- ``bridge``, ``schafkopf``, ``vint``, ``preference``: player actions per second, Auction Bridge ÷
  ``bridge`` (``use_double_dummy_result=false``, so the cards are played out), Schafkopf ÷ ``skat``, Vint ÷
  ``spades``, Preference ÷ ``oh_hell``. Whole deals on both sides, the auction included: OpenSpiel's
  bridge has no way to start at the play, and a random auction is about ten calls in either bridge (the
  actions-a-deal figures show it), so the mix of calls and cards is alike. ``oh_hell`` is given
  Preference's deal (32 cards, three hands of ten): the same size of hand to search for legal plays,
  and no slower for OpenSpiel than its 52-card default.
- ``where``: where each of those four games' time goes (issue 41's profile): the share of a game's time,
  and the µs each, of its cards, its calls (bids, exchanges, declarations), the action that ends a deal
  (its scoring and the next deal's shuffle) and ``new_game``. Each action is timed by itself (wall
  ``perf_counter_ns``, a tenth of a µs or so of its own a call), so these µs run a little above the
  rows' CPU rates; the shares are what says where speed would have to come from.
- ``floor``: the same driving loop over a bare state that does no work (whose turn, a fixed list of 13
  action numbers, a count of 52 actions a deal) ÷ OpenSpiel ``hearts`` deals per second: the most any
  Python state driven this way could reach, and what it leaves the rules of a deal for the Tëtka row's
  target (the microseconds a deal left at twice Hearts' rate).
- ``clone``: ``clone()`` in µs of a Tëtka state 22 actions into the first deal and 22 into the last
  (178 actions of history), and late ÷ early, which is 1 when a clone does not grow with the history
  (we call it flat within 10%, measurement noise included). OpenSpiel's Hearts ``clone()`` at the same
  point is timed in the same rounds as a yardstick of the machine's speed in the run.
- ``sample``: ``sample_world()`` in µs for the seat to move, 22 actions into a Tëtka deal.
- ``ismcts``: IS-MCTS iterations per second from the first move of a Tëtka deal.

Why the comparisons are fair. Both sides are driven from Python the same way, as any program would:
read whose turn it is, list the legal actions, pick one uniformly with the same ``random.Random``,
apply it, until the game ends; each side's bound methods are looked up once a game. OpenSpiel's own
idiom is used (``is_chance_node()``, then ``legal_actions()`` of the player to move), which is a few per
cent quicker than asking ``current_player()`` first. Our side uses the integer path (``legal_ids`` and
``apply_id``), as OpenSpiel's actions are integers, where the engine has it, and actions otherwise; the
report says which. Only player actions are counted: OpenSpiel's chance nodes are sampled uniformly from
``chance_outcomes()`` as its dealing, and their time counted, as our shuffles and deals are counted
inside ``new_game`` and ``apply``. Our side plays whole games as the book plays them (a rubber, a pool,
deal after deal with their scoring); OpenSpiel's games are one deal each. In each round both sides get
the same CPU time, in five turns each taken in order (ours, theirs, ours, theirs...), so that a change
in the machine's load falls on both alike; the ratio is taken per round, and the median and range over
the rounds are reported. CPU time (``time.process_time``), not wall time, because this machine is
shared: time the scheduler gave to someone else's process would otherwise count against whichever side
was running. Both sides are single-threaded in this process, so CPU time is all of either's work.

OpenSpiel is optional (``pip install "parlour[bench]"``); without it the rows against it are skipped.
Tests never time anything: these numbers are for issue 11's closing note (``--json``).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import repeat
from pathlib import Path
from typing import Any, ClassVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import parlour
from parlour.bots import sampler_for
from parlour.bots.ismcts import Budget, IsmctsBot
from parlour.engine import Play

CLOCK = time.process_time
# The integer path, where the engine has it, is the like of OpenSpiel's integer actions.
INTEGER_PATH = hasattr(parlour.State, "legal_ids") and hasattr(parlour.State, "apply_id")
LEGAL, APPLY = ("legal_ids", "apply_id") if INTEGER_PATH else ("legal_actions", "apply")
INTO_DEAL = 22   # actions into a deal for the clone and sampling states: five tricks and two cards
WARM_UP = 0.2    # untimed seconds of each side first (at most a round's), to fill caches of legal-action lists
SLICES = 5       # turns each side takes within a round


@dataclass(frozen=True)
class Versus:
    """One of our games against one of OpenSpiel's, and how to load and start the peer fairly."""

    row: str
    ours: str
    theirs: str
    params: dict[str, Any]
    unit: str                     # "deals" or "actions": what is counted per second
    target: float
    first_chance: str | None = None   # an outcome the peer's first chance node is resolved to


PEERS = (
    Versus("tetka", "tetka", "hearts", {"pass_cards": False}, "deals", 2.0, first_chance="No Pass"),
    Versus("bridge", "auction-bridge", "bridge", {"use_double_dummy_result": False}, "actions", 1.0),
    Versus("schafkopf", "schafkopf", "skat", {}, "actions", 1.0),
    Versus("vint", "vint", "spades", {}, "actions", 1.0),
    Versus("preference", "preference", "oh_hell",
           {"players": 3, "num_suits": 4, "num_cards_per_suit": 8, "num_tricks_fixed": 10}, "actions", 1.0),
)
ROWS = (*(peer.row for peer in PEERS), "where", "floor", "clone", "sample", "ismcts")
KINDS = ("cards", "calls", "deal ends", "new games")   # what the ``where`` row splits a game's time by


@dataclass
class Tally:
    """What one side did in one timed run."""

    count: int = 0                # player actions, or calls
    deals: int = 0
    seconds: float = 0.0

    def rate(self, unit: str) -> float:
        return (self.deals if unit == "deals" else self.count) / self.seconds

    def add(self, other: Tally) -> None:
        self.count += other.count
        self.deals += other.deals
        self.seconds += other.seconds


def alternate(sides: Sequence[Callable[[float], Tally]], seconds: float) -> list[Tally]:
    """One round: each side runs for ``seconds`` in all, in ``SLICES`` turns taken in order (ours, theirs,
    ours, theirs...), so that a change in the machine's load during the round falls on every side alike."""
    totals = [Tally() for _ in sides]
    for _ in range(SLICES):
        for total, side in zip(totals, sides, strict=True):
            total.add(side(seconds / SLICES))
    return totals


@dataclass
class Line:
    """One line of the table: a value per round, its target, and what it was made of."""

    what: str
    unit: str
    values: list[float]
    target: tuple[str, float] | None   # ("≥" or "≤", value); None for a line that describes, as a profile
    detail: dict[str, float] = field(default_factory=dict)

    @property
    def median(self) -> float:
        return statistics.median(self.values)

    @property
    def met(self) -> bool | None:
        if self.target is None:
            return None
        op, value = self.target
        return self.median >= value if op == "≥" else self.median <= value

    def text(self) -> str:
        """The median, its range over the rounds and the target, and below it what the ratio was made of."""
        digits = 2 if self.median < 100 else 0
        low, median, high = (f"{v:,.{digits}f}" for v in (min(self.values), self.median, max(self.values)))
        line = f"{self.what:<44} {median:>7} ({low}–{high})"
        if self.target is not None:
            op, value = self.target
            line += f"  target {op} {value:,.{0 if value >= 100 else 1}f}  {'met' if self.met else 'not met'}"
        if self.detail:
            line += "\n" + " " * 6 + ", ".join(f"{name} {number(v)}" for name, v in self.detail.items())
        return line

    def to_dict(self) -> dict[str, Any]:
        return {"what": self.what, "unit": self.unit, "values": self.values, "median": self.median,
                "min": min(self.values), "max": max(self.values),
                "target": None if self.target is None else {"op": self.target[0], "value": self.target[1]},
                "met": self.met, **self.detail}


def number(value: float) -> str:
    """Whole numbers and rates as they are, fractions to three figures or so."""
    if value >= 100 or float(value).is_integer():
        return f"{value:,.0f}"
    return f"{value:.1f}" if value >= 10 else f"{value:.2f}"


# --- the two sides of a comparison ------------------------------------------------------------------
def ours(game_id: str, seconds: float, rng: random.Random) -> Tally:
    """Whole games of ours, uniformly random, for at least ``seconds`` of CPU time."""
    tally, seed, choice = Tally(), rng.getrandbits(32), rng.choice
    start = CLOCK()
    while CLOCK() - start < seconds:
        state = parlour.new_game(game_id, seed=seed)
        seed += 1
        legal, apply = getattr(state, LEGAL), getattr(state, APPLY)
        while not state.is_over:
            seat = state.to_move[0]
            apply(seat, choice(legal(seat)))
            tally.count += 1
        tally.deals += len(state.hand_results)
    tally.seconds = CLOCK() - start
    return tally


def starter(peer: Versus, pyspiel: Any) -> Callable[[], Any]:
    """A new state of the peer's game, its first chance node resolved where the comparison needs it."""
    game = pyspiel.load_game(peer.theirs, peer.params)
    first = None
    if peer.first_chance is not None:
        initial = game.new_initial_state()
        first = next(a for a, _ in initial.chance_outcomes() if initial.action_to_string(a) == peer.first_chance)

    def start() -> Any:
        state = game.new_initial_state()
        if first is not None:
            state.apply_action(first)
        return state

    return start


def theirs(peer: Versus, pyspiel: Any) -> Callable[[float, random.Random], Tally]:
    """Whole games of OpenSpiel's, driven as ours are: only player actions counted."""
    new_state = starter(peer, pyspiel)

    def run(seconds: float, rng: random.Random) -> Tally:
        tally, choice = Tally(), rng.choice
        start = CLOCK()
        while CLOCK() - start < seconds:
            state = new_state()
            legal, apply, outcomes = state.legal_actions, state.apply_action, state.chance_outcomes
            is_over, is_chance = state.is_terminal, state.is_chance_node
            while not is_over():
                if is_chance():
                    apply(choice(outcomes())[0])
                else:
                    apply(choice(legal()))
                    tally.count += 1
            tally.deals += 1
        tally.seconds = CLOCK() - start
        return tally

    return run


def versus(peer: Versus, pyspiel: Any, seconds: float, rounds: int, rng: random.Random) -> list[Line]:
    """Ours and theirs in turns, round after round, and the ratio of each round's rates."""
    peer_run = theirs(peer, pyspiel)
    sides = (lambda span: ours(peer.ours, span, rng), lambda span: peer_run(span, rng))
    alternate(sides, min(WARM_UP, seconds))
    name = parlour.game_info(peer.ours).name
    ratios: list[float] = []
    mine: list[Tally] = []
    peers: list[Tally] = []
    for nth in range(1, rounds + 1):
        first, second = alternate(sides, seconds)
        mine.append(first)
        peers.append(second)
        ratios.append(mine[-1].rate(peer.unit) / peers[-1].rate(peer.unit))
        print(f"  {peer.row} round {nth}: {name} {mine[-1].rate(peer.unit):,.0f} {peer.unit}/s   "
              f"{peer.theirs} {peers[-1].rate(peer.unit):,.0f} {peer.unit}/s   ratio {ratios[-1]:.2f}", flush=True)
    detail = {
        f"ours {peer.unit}/s": statistics.median(t.rate(peer.unit) for t in mine),
        f"theirs {peer.unit}/s": statistics.median(t.rate(peer.unit) for t in peers),
        "ours actions/deal": sum(t.count for t in mine) / sum(t.deals for t in mine),
        "theirs actions/deal": sum(t.count for t in peers) / sum(t.deals for t in peers),
    }
    per = "deals" if peer.unit == "deals" else "per player action"
    return [Line(f"{name} ÷ {peer.theirs} ({per})", "ratio", ratios, ("≥", peer.target), detail)]


def profile(game_id: str, seconds: float, rng: random.Random) -> dict[str, list[int]]:
    """Whole random games of ours for ``seconds`` of CPU time, each action timed and put under its kind
    (``KINDS``): ``[actions, nanoseconds]`` a kind."""
    kinds: dict[str, list[int]] = {kind: [0, 0] for kind in KINDS}
    tick, seed, choice = time.perf_counter_ns, rng.getrandbits(32), rng.choice
    start = CLOCK()
    while CLOCK() - start < seconds:
        began = tick()
        state = parlour.new_game(game_id, seed=seed)
        tally = kinds["new games"]
        tally[0] += 1
        tally[1] += tick() - began
        seed += 1
        legal, apply, decode = getattr(state, LEGAL), getattr(state, APPLY), state.decode
        while not state.is_over:
            seat, deals = state.to_move[0], len(state.hand_results)
            began = tick()
            action = choice(legal(seat))
            apply(seat, action)
            spent = tick() - began
            if len(state.hand_results) != deals:
                kind = "deal ends"
            elif type(decode(action) if INTEGER_PATH else action) is Play:
                kind = "cards"
            else:
                kind = "calls"
            tally = kinds[kind]
            tally[0] += 1
            tally[1] += spent
    return kinds


def where(seconds: float, rounds: int, rng: random.Random) -> list[Line]:
    """Issue 41's profile of the four auction games: each kind's share of a game's time, round by round
    (the games in turn, so that load falls on all alike), with the µs an action of each kind over all rounds."""
    games = [peer.ours for peer in PEERS if peer.unit == "actions"]
    for game_id in games:
        profile(game_id, min(WARM_UP, seconds), rng)
    shares: dict[str, list[float]] = {game_id: [] for game_id in games}
    totals = {game_id: {kind: [0, 0] for kind in KINDS} for game_id in games}
    for nth in range(1, rounds + 1):
        for game_id in games:
            kinds = profile(game_id, seconds, rng)
            spent = sum(ns for _, ns in kinds.values())
            shares[game_id].append(100 * kinds["cards"][1] / spent)
            for kind, (count, ns) in kinds.items():
                totals[game_id][kind][0] += count
                totals[game_id][kind][1] += ns
        print(f"  where round {nth}: cards' share "
              + ", ".join(f"{game_id} {shares[game_id][-1]:.0f}%" for game_id in games), flush=True)
    lines = []
    for game_id in games:
        spent = sum(ns for _, ns in totals[game_id].values())
        detail: dict[str, float] = {}
        for kind, (count, ns) in totals[game_id].items():
            detail[f"{kind} %"] = 100 * ns / spent
            detail[f"{kind} µs each"] = ns / max(count, 1) / 1000
        lines.append(Line(f"{parlour.game_info(game_id).name}: cards' share of its time, %", "%",
                          shares[game_id], None, detail))
    return lines


class Bare:
    """A state with the public integer path and no rules: 52 actions a deal among four seats in turn."""

    __slots__ = ("done", "to_move")
    IDS: ClassVar[list[int]] = list(range(13))

    def __init__(self) -> None:
        self.done, self.to_move = 0, (0,)

    @property
    def is_over(self) -> bool:
        return self.done >= 52

    def legal_ids(self, seat: int) -> list[int]:
        return self.IDS

    def apply_id(self, seat: int, number: int) -> None:
        self.done += 1
        self.to_move = (self.done & 3,)


def bare(seconds: float, rng: random.Random) -> Tally:
    """Deals of :class:`Bare`, driven exactly as :func:`ours` drives a game."""
    tally, choice = Tally(), rng.choice
    start = CLOCK()
    while CLOCK() - start < seconds:
        state = Bare()
        legal, apply = state.legal_ids, state.apply_id
        while not state.is_over:
            seat = state.to_move[0]
            apply(seat, choice(legal(seat)))
            tally.count += 1
        tally.deals += 1
    tally.seconds = CLOCK() - start
    return tally


def floor(pyspiel: Any, seconds: float, rounds: int, rng: random.Random) -> list[Line]:
    """The driving loop's own ceiling against Hearts, and the time a deal it leaves the rules at twice its rate."""
    peer_run = theirs(PEERS[0], pyspiel)
    sides = (lambda span: bare(span, rng), lambda span: peer_run(span, rng))
    alternate(sides, min(WARM_UP, seconds))
    ratios: list[float] = []
    left: list[float] = []
    for nth in range(1, rounds + 1):
        loop, hearts = (tally.rate("deals") for tally in alternate(sides, seconds))
        ratios.append(loop / hearts)
        left.append(1e6 / (2 * hearts) - 1e6 / loop)
        print(f"  floor round {nth}: bare loop {loop:,.0f} deals/s   hearts {hearts:,.0f} deals/s   "
              f"ratio {ratios[-1]:.2f}", flush=True)
    detail = {"µs a deal left for the rules at 2× hearts": statistics.median(left)}
    return [Line("bare loop ÷ hearts (deals): the ceiling", "ratio", ratios, ("≥", 2.0), detail)]


# --- what search pays ---------------------------------------------------------------------------------
def into_deal(deal: int, seed: int = 11) -> parlour.State:
    """A Tëtka state ``INTO_DEAL`` random actions into its ``deal``-th deal."""
    state, rng = parlour.new_game("tetka", seed=seed), random.Random(seed)
    while state.hand_number < deal:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for _ in range(INTO_DEAL):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def hearts_into_deal(pyspiel: Any, seed: int = 11) -> Any:
    """OpenSpiel's Hearts ``INTO_DEAL`` random player actions into its deal."""
    state, rng, played = starter(PEERS[0], pyspiel)(), random.Random(seed), 0
    while played < INTO_DEAL:
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            played += 1
    return state


def calls(call: Callable[[], object], seconds: float) -> Tally:
    """Calls in batches of a hundred (with the collector on, as in real use) for ``seconds``."""
    done, start = 0, CLOCK()
    while CLOCK() - start < seconds:
        for _ in repeat(None, 100):
            call()
        done += 100
    return Tally(count=done, seconds=CLOCK() - start)


def microseconds(tally: Tally) -> float:
    return tally.seconds / tally.count * 1e6


def clones(pyspiel: Any, seconds: float, rounds: int) -> list[Line]:
    """Our clones early and late in a game; OpenSpiel's Hearts clone beside them, where it is installed, as
    a yardstick of the machine's speed in this run (an absolute target means little on a busy machine)."""
    early, late = into_deal(1), into_deal(4)
    sides = [lambda span: calls(early.clone, span), lambda span: calls(late.clone, span)]
    if pyspiel is not None:
        hearts = hearts_into_deal(pyspiel)
        sides.append(lambda span: calls(hearts.clone, span))
    alternate(sides, min(WARM_UP, seconds))
    firsts: list[float] = []
    lasts: list[float] = []
    yardstick: list[float] = []
    for nth in range(1, rounds + 1):
        first, last, *peer = (microseconds(tally) for tally in alternate(sides, seconds))
        firsts.append(first)
        lasts.append(last)
        yardstick.extend(peer)
        print(f"  clone round {nth}: early {first:.2f} µs   late {last:.2f} µs"
              + "".join(f"   OpenSpiel hearts {value:.2f} µs" for value in peer), flush=True)
    history = {"early history": float(len(early.history)), "late history": float(len(late.history))}
    if yardstick:
        history["hearts clone() µs"] = statistics.median(yardstick)
    return [Line("clone() µs, Tëtka first deal", "µs", firsts, ("≤", 1.5)),
            Line("clone() µs, Tëtka last deal", "µs", lasts, ("≤", 1.5)),
            Line("clone() late ÷ early (flat: ≤ 1.1)", "ratio",
                 [b / a for a, b in zip(firsts, lasts, strict=True)], ("≤", 1.1), history)]


def samples(seconds: float, rounds: int) -> list[Line]:
    state, rng = into_deal(1), random.Random(5)
    seat = state.to_move[0]
    calls(lambda: state.sample_world(seat, rng), min(WARM_UP, seconds))
    values: list[float] = []
    for nth in range(1, rounds + 1):
        values.append(microseconds(calls(lambda: state.sample_world(seat, rng), seconds)))
        print(f"  sample round {nth}: {values[-1]:.2f} µs", flush=True)
    return [Line("sample_world() µs, mid-deal Tëtka", "µs", values, ("≤", 25.0))]


def searches(seconds: float, rounds: int) -> list[Line]:
    state = parlour.new_game("tetka", seed=11)
    seat = state.to_move[0]
    view, worlds = state.view(seat), sampler_for(state, seat)
    values: list[float] = []
    for nth in range(1, rounds + 1):
        bot = IsmctsBot("tetka", seed=nth, budget=Budget(iterations=10**9, seconds=seconds))
        start = CLOCK()
        bot.choose(view, worlds)
        values.append(bot.last_iterations / (CLOCK() - start))
        print(f"  ismcts round {nth}: {values[-1]:,.0f} iterations/s", flush=True)
    return [Line("IS-MCTS iterations/s, Tëtka deal start", "iterations/s", values, ("≥", 4800.0))]


# --- the run ----------------------------------------------------------------------------------------------
def measure(row: str, pyspiel: Any, seconds: float, rounds: int, rng: random.Random) -> list[Line]:
    if row == "floor":
        if pyspiel is None:
            print("  floor: skipped, OpenSpiel is not installed (pip install 'parlour[bench]')", flush=True)
            return []
        return floor(pyspiel, seconds, rounds, rng)
    if row == "clone":
        return clones(pyspiel, seconds, rounds)
    if row == "sample":
        return samples(seconds, rounds)
    if row == "where":
        return where(seconds, rounds, rng)
    if row == "ismcts":
        return searches(seconds, rounds)
    peer = next(p for p in PEERS if p.row == row)
    if pyspiel is None:
        print(f"  {row}: skipped, OpenSpiel is not installed (pip install 'parlour[bench]')", flush=True)
        return []
    return versus(peer, pyspiel, seconds, rounds, rng)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.7, help="CPU seconds of each side in each round")
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds of each row")
    parser.add_argument("--only", nargs="+", choices=ROWS, metavar="ROW",
                        help=f"measure only these rows: {', '.join(ROWS)}")
    parser.add_argument("--json", metavar="FILE", help="also write the numbers to FILE as JSON")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1:
        parser.error("--seconds must be positive and --rounds at least 1")
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        pyspiel = None
    path = "integer path (legal_ids, apply_id)" if INTEGER_PATH else "actions (legal_actions, apply)"
    print(f"{args.rounds} interleaved rounds of {args.seconds:g} CPU s a side; Parlour driven through its {path}",
          flush=True)
    rng = random.Random(2026)
    lines: dict[str, list[Line]] = {}
    for row in args.only or ROWS:
        lines[row] = measure(row, pyspiel, args.seconds, args.rounds, rng)
    print()
    for row_lines in lines.values():
        for line in row_lines:
            print(line.text())
    if args.json:
        report = {"seconds": args.seconds, "rounds": args.rounds, "clock": "process_time", "path": LEGAL,
                  "python": platform.python_version(), "machine": platform.machine(),
                  "rows": {row: [line.to_dict() for line in row_lines] for row, row_lines in lines.items()}}
        Path(args.json).write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
