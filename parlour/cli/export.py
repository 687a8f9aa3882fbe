"""``parlour export``: a saved game record in another program's format.

Today one format: PBN (Portable Bridge Notation 2.1) for Auction Bridge, which bridge programs read.
The record is checked whole first (``replay.load``), so a corrupted file is refused with the reason.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from parlour.cli.replay import load
from parlour.cli.ui import Ui, UsageError

HELP = "write a saved game record in another format (PBN for Auction Bridge)"
FORMATS = {"pbn": ("auction-bridge",)}


def add_parser(commands: Any) -> None:
    """The ``export`` subcommand's arguments (``commands`` is the parser's subparsers action)."""
    parser = commands.add_parser("export", help=HELP, description=HELP + ".")
    parser.add_argument("record", metavar="RECORD.json", help="a record saved by 'play' (--save FILE)")
    parser.add_argument("--format", default="pbn", choices=sorted(FORMATS), help="the format (default: pbn)")
    parser.add_argument("--seat", type=int, metavar="N",
                        help="only what seat N could see: other hands of unfinished deals are left out")
    parser.add_argument("--out", metavar="FILE", help="write to FILE (default: print)")


def run(ui: Ui, args: argparse.Namespace) -> int:
    record = load(args.record)
    games = FORMATS[args.format]
    if record["game"] not in games:
        raise UsageError(f"{args.format.upper()} is a format for {', '.join(games)}, "
                         f"and {args.record} is a game of {record['game']}")
    from parlour.formats.pbn import to_pbn
    try:
        text = to_pbn(record, seat=args.seat)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if args.out is None:
        ui.out.print(text, end="", markup=False, highlight=False, soft_wrap=True)
        return 0
    try:
        Path(args.out).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write {args.out}: {exc.strerror or exc}") from None
    ui.say(f"wrote {args.out}")
    return 0
