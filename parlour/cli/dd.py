"""``parlour dd``: the double-dummy table of bridge deals.

Each deal is a PBN deal string (``N:AK3.Q4.. QJ.K.A2. T9.A.K.3 .J32.Q.K``): four hands of one size, so an
ending of a few tricks is a deal too. For each declarer and strain the table gives the tricks declarer's
side takes of the cards given, every hand open and played perfectly, the hand on declarer's left leading.
``--solver own`` is Parlour's solver (``parlour.bots.doubledummy``), ``dds`` Bo Haglund's DDS through
endplay; ``auto``, the default, takes DDS where endplay is installed, as it is much the faster on whole
deals, and Parlour's own otherwise.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from parlour.cli.ui import Ui, UsageError

HELP = "the double-dummy table of bridge deals (tricks by declarer and strain)"
DEAL_TAG = re.compile(r'^\[Deal\s+"([^"]*)"\]', re.MULTILINE)


def add_parser(commands: Any) -> None:
    """The ``dd`` subcommand's arguments (``commands`` is the parser's subparsers action)."""
    parser = commands.add_parser("dd", help=HELP, description=HELP + ".")
    parser.add_argument("deals", nargs="*", metavar="DEAL",
                        help='a PBN deal, quoted: "N:AK3.Q4.. QJ.K.A2. T9.A.K.3 .J32.Q.K"')
    parser.add_argument("--pbn", metavar="FILE", help="also every [Deal] of a PBN file")
    parser.add_argument("--json", action="store_true",
                        help='print a JSON list of {"deal": ..., "tricks": {"N": {"C": n, ...}, ...}}')
    parser.add_argument("--solver", choices=("auto", "own", "dds"), default="auto",
                        help="Parlour's own solver or DDS through endplay (default: DDS if installed)")


def run(ui: Ui, args: argparse.Namespace) -> int:
    texts = list(args.deals) + (_pbn_deals(args.pbn) if args.pbn else [])
    if not texts:
        raise UsageError("give a deal (a PBN deal string such as \"N:AK3.Q4.. QJ.K.A2. T9.A.K.3 .J32.Q.K\") "
                         "or --pbn FILE")
    from parlour.formats.pbn import deal_text, read_deal
    deals = []
    for text in texts:
        try:
            deals.append(read_deal(text))
        except ValueError as exc:
            raise UsageError(f"{text!r}: {exc}") from None
    table_of = _solver(args.solver)
    results = [(deal_text(0, hands), table_of(hands)) for hands in deals]
    if args.json:
        rows = [{"deal": deal, "tricks": tricks} for deal, tricks in results]
        ui.out.print(json.dumps(rows), markup=False, highlight=False, soft_wrap=True)
    else:
        for deal, tricks in results:
            ui.out.print(_table_text(deal, tricks), markup=False, highlight=False)
    return 0


def _solver(name: str) -> Callable[[Sequence[int]], dict[str, dict[str, int]]]:
    from parlour.bots.doubledummy import bridge_table, dds_table
    if name == "own":
        return bridge_table
    try:
        import endplay.dds  # noqa: F401
    except ImportError:
        if name == "dds":
            raise UsageError('--solver dds needs endplay: pip install "parlour[dds]"') from None
        return bridge_table
    return dds_table


def _pbn_deals(path: str) -> list[str]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
    deals = DEAL_TAG.findall(text)
    if not deals:
        raise UsageError(f"{path} has no [Deal \"...\"] tag")
    return deals


def _table_text(deal: str, tricks: dict[str, dict[str, int]]) -> str:
    from parlour.bots.doubledummy import STRAINS
    lines = [deal, "     " + "".join(f"{strain:>4}" for strain in STRAINS)]
    lines += [f"  {seat}  " + "".join(f"{row[strain]:>4}" for strain in STRAINS) for seat, row in tricks.items()]
    return "\n".join(lines) + "\n"
