"""The ``parlour`` command: list the games, read their rules, play them, replay saved games, run tournaments
and simulations.

Exit codes: 0 done, 1 a bot failed (a bug to report), 2 bad input (unknown game, option, seat kind,
unreadable record), 130 interrupted. Errors are one line on stderr, ``error: `` and what went wrong.

For scripts: ``list``, ``rules``, ``tournament``, ``review`` and ``dd`` print one JSON document with
``--json`` (``parlour.cli.data``), and output that goes to a pipe or a file is never re-wrapped to the
terminal's width (``parlour.cli.ui``).
"""

from __future__ import annotations

import argparse
import io
import sys
import textwrap
from collections.abc import Sequence
from contextlib import redirect_stderr, redirect_stdout

from rich.console import Console

from parlour import __version__
from parlour.bots.base import LEVEL_NAMES
from parlour.cli import data, dd, export, play, replay, review, serve, simulate, table, tournament
from parlour.cli.ui import InputFn, Ui, UsageError, wide
from parlour.engine import game_info, games

EXAMPLES = """\
examples:
  parlour list
  parlour list --json | jq -r '.games[].id'            every game's id, one a line
  parlour rules tetka
  parlour play tetka                                   you in seat 0, strong bots elsewhere
  parlour play tetka --level expert                    the same against the strongest bots
  parlour play tetka --seats heuristic,heuristic,random,random --seed 1
  parlour play tetka --option orbits=2 --save game.json
  parlour replay game.json --seat 0
  parlour review game.json --seat 0                     your mistakes marked, as chess sites do
  parlour play auction-bridge --save rubber.json && parlour export rubber.json --out rubber.pbn
  parlour tournament tetka --seats heuristic,random,random,random -n 100 --jobs 4 --csv results.csv
  parlour simulate kabu --seats heuristic,random,random,random -n 1000 --jobs 0 --out kabu.jsonl
  parlour tournament tetka --seats ismcts,random,random,random -n 400 --backend ray --address auto
  parlour tournament tetka --seats pimc,heuristic,random,random -n 40 --json > results.json
"""

LIST_HELP = "the games, their players, variants and options"
JSON_HELP = "print one JSON document instead (keys: {}; see 'pydoc parlour.cli.data')"


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """argparse's help, with names such as ``openspiel-ismcts`` never broken at their hyphen."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(self._whitespace_matcher.sub(" ", text).strip(), width, break_on_hyphens=False)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="parlour", description="Traditional card games played exactly by their rules.",
        epilog=EXAMPLES, formatter_class=HelpFormatter)
    parser.add_argument("--version", action="version", version=f"parlour {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    listing = commands.add_parser("list", help=LIST_HELP, description="Every game: its id, name, players and "
                                  "families, its variants and options.")
    listing.add_argument("--json", action="store_true",
                         help=JSON_HELP.format('"games", a list of {"id", "name", "family", "min_players", '
                                               '"max_players", "player_counts", "default_players", "variants", '
                                               '"options", ...}'))

    rules = commands.add_parser("rules", help="how a game is played, in brief",
                                description="How a game is played, in brief: its rules, facts and options.")
    rules.add_argument("game", metavar="GAME", help="a game id from 'parlour list'")
    rules.add_argument("--observation", action="store_true",
                       help="print the layout of the numeric observation learning agents get (the rl extra)")
    rules.add_argument("--json", action="store_true",
                       help=JSON_HELP.format('those of a game in \'list --json\', and "rules", "rules_source", '
                                             '"rules_version"'))

    seat_help = play.seats_help("human, ", " (default: human, then bots of --level)")
    game = commands.add_parser("play", help="play a game in the terminal, against bots or at one keyboard")
    game.add_argument("game", metavar="GAME", help="a game id from 'parlour list'")
    game.add_argument("--players", "-n", type=int, metavar="N", help="number of players (default: the game's)")
    game.add_argument("--variant", metavar="V", help="a variant from 'parlour rules GAME'")
    game.add_argument("--seats", metavar="KINDS", help=seat_help)
    game.add_argument("--level", choices=LEVEL_NAMES,
                      help="how well the bots play when --seats is not given (default: strong)")
    game.add_argument("--seed", type=int, metavar="S", help="fixes every deal and every bot's choices")
    game.add_argument("--option", "-o", action="extend", nargs="+", default=[], metavar="NAME=VALUE",
                      help="a game option (see 'parlour rules GAME'); repeatable")
    game.add_argument("--save", metavar="FILE", help="write the game's record to FILE when it ends")

    again = commands.add_parser("replay", help="step through a saved game record")
    again.add_argument("record", metavar="RECORD.json", help="a record saved by 'play' (save FILE or --save)")
    again.add_argument("--seat", type=int, metavar="N", help="see the game as seat N (default: a spectator)")
    again.add_argument("--all", action="store_true", help="print every step without waiting")

    tournament.add_parser(commands)
    simulate.add_parser(commands)
    serve.add_parser(commands)
    export.add_parser(commands)
    review.add_parser(commands)
    dd.add_parser(commands)
    for command in commands.choices.values():
        command.formatter_class = HelpFormatter
    return parser


def parse(parser: argparse.ArgumentParser, argv: Sequence[str], ui: Ui) -> argparse.Namespace | int:
    """The parsed arguments, or the exit code of ``--help``, ``--version`` or a usage error.

    argparse writes to the process's streams and exits; here its text goes to our consoles instead,
    so that ``main`` returns a code and tests see every word.
    """
    out, err = io.StringIO(), io.StringIO()
    try:
        with redirect_stdout(out), redirect_stderr(err):
            return parser.parse_args(argv)
    except SystemExit as exc:
        if out.getvalue():
            with wide(ui.out):
                ui.out.print(out.getvalue(), end="", markup=False, highlight=False)
        if err.getvalue():
            with wide(ui.err):
                ui.err.print(err.getvalue(), end="", markup=False, highlight=False)
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)


def stdin_is_terminal() -> bool:
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except ValueError:  # a closed stdin
        return False


def dispatch(args: argparse.Namespace, ui: Ui, fed_input: bool) -> int:
    if args.command == "list":
        if args.json:
            print_json(ui, data.games_data(games()))
        else:
            ui.whole(table.games_table(games()))
        return 0
    if args.command == "rules":
        try:
            info = game_info(args.game)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        if args.json and args.observation:
            raise UsageError("--json prints the rules; --observation the observation's layout: choose one")
        if args.json:
            print_json(ui, data.rules_data(info))
        elif args.observation:   # one piece a line, unwrapped, brackets and all
            ui.out.print(observation_layout(info.id), markup=False, highlight=False, soft_wrap=True)
        else:
            ui.show(table.rules_page(info))
        return 0
    if args.command == "play":
        return play.play(ui, args.game, players=args.players, variant=args.variant, seed=args.seed,
                         seats=args.seats, options=args.option, save=args.save, level=args.level)
    if args.command == "replay":
        return replay.run(ui, args.record, args.seat, args.all, interactive=fed_input or stdin_is_terminal())
    if args.command == "tournament":
        return tournament.dispatch(ui, args)
    if args.command == "simulate":
        return simulate.dispatch(ui, args)
    if args.command == "serve":
        return serve.run(ui, args)
    if args.command == "export":
        return export.run(ui, args)
    if args.command == "dd":
        return dd.run(ui, args)
    if args.command == "review":
        return review.run(ui, args)
    raise UsageError("choose a command: list, rules, play, replay, tournament, simulate, serve, export, dd or "
                     "review (parlour --help)")


def print_json(ui: Ui, document: object) -> None:
    """One JSON document on stdout, unwrapped and unstyled."""
    ui.out.print(data.dumps(document), markup=False, highlight=False, soft_wrap=True)


def observation_layout(game_id: str) -> str:
    """The game's RL observation, piece by piece (``parlour.rl.observation.Observer.describe``)."""
    try:
        from parlour.rl.observation import Observer
    except ImportError as missing:
        raise UsageError(str(missing)) from None
    return Observer(game_id).describe()


def main(argv: list[str] | None = None, input_fn: InputFn | None = None, console: Console | None = None) -> int:
    """Run one ``parlour`` command; ``input_fn`` and ``console`` stand in for the terminal in tests."""
    ui = Ui.make(console, input_fn, echo=input_fn is not None or not stdin_is_terminal())
    parser = build_parser()
    args = parse(parser, sys.argv[1:] if argv is None else argv, ui)
    if isinstance(args, int):
        return args
    if args.command is None:
        with wide(ui.err):
            ui.err.print(parser.format_help(), end="", markup=False, highlight=False)
        return 2
    try:
        return dispatch(args, ui, fed_input=input_fn is not None)
    except (UsageError, play.BotFailure) as exc:
        ui.error(str(exc))
        return exc.code
    except KeyboardInterrupt:
        ui.say("\nInterrupted.")
        return 130
