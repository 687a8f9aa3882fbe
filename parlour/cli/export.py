"""``parlour export``: a saved game record in another program's format.

Two formats: PBN (Portable Bridge Notation 2.1) for Auction Bridge, which bridge programs read, and PHH
(Poker Hand History) for Razz, which pokerkit and other poker tools read: one hand (``--hand N``) as a
``.phh`` file, or every finished hand as one ``.phhs``. The record is checked whole first
(``replay.load``), so a corrupted file is refused with the reason.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from parlour.cli.replay import load
from parlour.cli.ui import Ui, UsageError

HELP = "write a saved game record in another format (PBN for Auction Bridge, PHH for Razz)"
FORMATS = {"pbn": ("auction-bridge",), "phh": ("razz",)}


def add_parser(commands: Any) -> None:
    """The ``export`` subcommand's arguments (``commands`` is the parser's subparsers action)."""
    parser = commands.add_parser("export", help=HELP, description=HELP + ".")
    parser.add_argument("record", metavar="RECORD.json", help="a record saved by 'play' (--save FILE)")
    parser.add_argument("--format", choices=sorted(FORMATS),
                        help="the format (default: the one for the record's game)")
    parser.add_argument("--seat", type=int, metavar="N",
                        help="only what seat N could see (PBN: other hands of unfinished deals are left out; "
                             "PHH: cards it never saw are ??)")
    parser.add_argument("--hand", type=int, metavar="N", help="PHH: only hand N, as a .phh file (default: every "
                                                               "finished hand, as a .phhs file)")
    parser.add_argument("--out", metavar="FILE", help="write to FILE (default: print)")


def run(ui: Ui, args: argparse.Namespace) -> int:
    record = load(args.record)
    chosen = args.format or next((name for name, games in FORMATS.items() if record["game"] in games), None)
    if chosen is None:
        raise UsageError(f"{args.record} is a game of {record['game']}, which no export format holds "
                         f"(PBN: {', '.join(FORMATS['pbn'])}; PHH: {', '.join(FORMATS['phh'])})")
    games = FORMATS[chosen]
    if record["game"] not in games:
        raise UsageError(f"{chosen.upper()} is a format for {', '.join(games)}, "
                         f"and {args.record} is a game of {record['game']}")
    if args.hand is not None and chosen != "phh":
        raise UsageError("--hand chooses one hand of a PHH export")
    try:
        text = _written(chosen, record, args.seat, args.hand)
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


def _written(chosen: str, record: dict[str, Any], seat: int | None, hand: int | None) -> str:
    if chosen == "pbn":
        from parlour.formats.pbn import to_pbn
        return to_pbn(record, seat=seat)
    from parlour.formats.phh import to_phh, to_phhs
    return to_phhs(record, seat=seat) if hand is None else to_phh(record, hand, seat=seat)
