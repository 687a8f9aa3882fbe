"""``parlour review``: the coach's review of one seat's decisions in a saved game (``parlour.bots.coach``).

A progress bar runs while the decisions are valued (a whole game takes tens of seconds), then each decision
is listed as chess sites list moves: the deal, the step (as ``parlour replay`` numbers them), the move
played, the best option and what the move cost, marked ``?`` for a mistake and ``??`` for a blunder;
and a summary. ``--json`` prints the review as data instead, with every option's value.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from parlour.bots.coach import BUDGET, Decision, Review, review
from parlour.cli.replay import load
from parlour.cli.ui import Ui, UsageError

HELP = "review one seat's decisions in a saved game: each option valued, mistakes marked"


def add_parser(commands: Any) -> None:
    """The ``review`` subcommand's arguments (``commands`` is the parser's subparsers action)."""
    parser = commands.add_parser("review", help=HELP, description=HELP + ".")
    parser.add_argument("record", metavar="RECORD.json", help="a record saved by 'play' (--save FILE)")
    parser.add_argument("--seat", type=int, required=True, metavar="N", help="the seat whose decisions to review")
    parser.add_argument("--budget", type=int, default=BUDGET, metavar="ITER",
                        help=f"search iterations a decision (default {BUDGET}); more is slower and surer")
    parser.add_argument("--threshold", type=float, metavar="X",
                        help="a loss above X points is a mistake (default: a quarter of the spread of "
                             "outcomes at each decision)")
    parser.add_argument("--seed", type=int, default=0, help="the searches' seed (default 0): same seed, same review")
    parser.add_argument("--json", action="store_true", help="print the review as JSON")


def run(ui: Ui, args: argparse.Namespace) -> int:
    record = load(args.record)
    try:
        if args.json:
            result = review(record, args.seat, args.budget, args.threshold, args.seed)
        else:
            result = _with_progress(ui, record, args)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        ui.out.print(json.dumps(result.to_dict(), indent=1), markup=False, highlight=False, soft_wrap=True)
        return 0
    ui.whole(report_table(result))
    ui.say(summary(result))
    return 0


def _with_progress(ui: Ui, record: dict[str, Any], args: argparse.Namespace) -> Review:
    columns = (TextColumn("valuing decisions"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    # Only on a terminal: elsewhere a bar draws nothing useful and leaves a blank line before any error.
    with Progress(*columns, console=ui.err, transient=True, disable=not ui.err.is_terminal) as bar:
        task = bar.add_task("review", total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        return review(record, args.seat, args.budget, args.threshold, args.seed, progress=advance)


def report_table(result: Review) -> Table:
    """One row a decision: where it was, what was played, what was better and by how much."""
    table = Table(title=f"{result.game}: seat {result.seat}'s decisions", title_justify="left")
    for heading in ("deal", "step", "played", "", "best", "cost", "how"):
        table.add_column(heading, justify="right" if heading in ("deal", "step", "cost") else "left")
    for decision in result.decisions:
        table.add_row(str(decision.hand), str(decision.step), decision.played, decision.mark,
                      "" if decision.best == decision.played else decision.best, _cost(decision),
                      decision.method, style=_style(decision))
    return table


def summary(result: Review) -> str:
    """The review in one sentence: decisions, mistakes and blunders, and what they cost together."""
    unfinished = "" if result.finished else " (the game is unfinished: reviewed as far as it goes)"
    return (f"{_count(len(result.decisions), 'decision')} reviewed{unfinished}: "
            f"{_count(result.mistakes, 'mistake')} (?), of which {_count(result.blunders, 'blunder')} (??); "
            f"estimated loss {result.total_loss:.2f} points in all, {result.budget} iterations a decision, seed "
            f"{result.seed}.")


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _cost(decision: Decision) -> str:
    return "" if decision.best == decision.played else f"{decision.loss:.2f}"


def _style(decision: Decision) -> str | None:
    return "bold red" if decision.blunder else "yellow" if decision.mistake else None
