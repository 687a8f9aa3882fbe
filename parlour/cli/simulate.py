"""``parlour simulate``: many games between bots, each written whole as a line of JSON, for analysis.

The games and the lines are ``parlour.sim.simulate``'s; this module reads the command line, shows the
tournament's progress bar while the games run, and says where the lines went.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from parlour.cli.play import BotFailure, option_values, seats_help
from parlour.cli.tournament import (
    add_backend_arguments,
    backend_for,
    checked_path,
    on,
    progress_bar,
    seat_kinds,
    used,
)
from parlour.cli.ui import Ui, UsageError
from parlour.engine import game_info
from parlour.sim import GameFailure
from parlour.sim.simulate import simulation

HELP = "play many games between bots and write each one's record and results as a line of JSON"


def add_parser(commands: Any) -> None:
    """The ``simulate`` subcommand's arguments (``commands`` is the parser's subparsers action)."""
    parser = commands.add_parser("simulate", help=HELP, description=HELP + ".")
    parser.add_argument("game", metavar="GAME", help="a game id from 'parlour list'")
    parser.add_argument("-n", "--games", type=int, required=True, metavar="N", help="games to play")
    parser.add_argument("--seats", required=True, metavar="KINDS",
                        help=seats_help() + "; the list is rotated one seat each game, as in a tournament")
    parser.add_argument("--out", required=True, metavar="FILE", help="the JSON lines file to write, one game a line")
    parser.add_argument("--seed", type=int, metavar="S", help="fixes every deal and every bot's choices")
    parser.add_argument("--jobs", "-j", type=int, default=1, metavar="J",
                        help="workers to play on (0: one per CPU); the lines do not depend on it")
    parser.add_argument("--players", type=int, metavar="P", help="number of players (default: the game's)")
    parser.add_argument("--variant", metavar="V", help="a variant from 'parlour rules GAME'")
    parser.add_argument("--option", "-o", action="extend", nargs="+", default=[], metavar="NAME=VALUE",
                        help="a game option (see 'parlour rules GAME'); repeatable")
    add_backend_arguments(parser)


def dispatch(ui: Ui, args: argparse.Namespace) -> int:
    """Run the parsed ``simulate`` command: refusals are ``UsageError``\\ s, a failed game a ``BotFailure``.

    The file is written only once every argument has passed; a failed game leaves the lines before it.
    """
    path = checked_path(args.out)
    started = time.perf_counter()
    backend, jobs, workers = backend_for(args.backend, args.address, args.jobs)
    try:
        info = game_info(args.game)
        values = option_values(info, args.option)
        with progress_bar(ui, args.games) as advance:
            seed, lines = simulation(args.game, seat_kinds(args.seats), args.games, args.seed, jobs=jobs,
                                     players=args.players, variant=args.variant, options=values,
                                     progress=advance, backend=backend)
            with open(path, "w", encoding="utf-8") as out:
                for line in lines:
                    out.write(line + "\n")
    except GameFailure as exc:
        raise BotFailure(str(exc)) from None
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None
    games = f"{args.games} game{'s' if args.games != 1 else ''}"
    ui.say(f"Wrote {games} of {info.name} to {path} (seed {seed}, {time.perf_counter() - started:.1f} s on "
           f"{on(used(backend, jobs, args.games), workers)}).", style="green")
    return 0
