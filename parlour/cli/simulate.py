"""``parlour simulate``: many games between bots, each written whole as a line of JSON, for analysis.

The games and the lines are ``parlour.sim.simulate``'s; this module reads the command line, shows the
tournament's progress bar while the games run, and says where the lines went. A file that holds games
already is continued with ``--resume`` (only the games it lacks are played) or started again with
``--force``; without either it is refused, so that a run killed after hours is not lost to the same
command typed again.
"""

from __future__ import annotations

import argparse
import os
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
from parlour.sim.simulate import simulation, write

HELP = "play many games between bots and write each one's record and results as a line of JSON"


def add_parser(commands: Any) -> None:
    """The ``simulate`` subcommand's arguments (``commands`` is the parser's subparsers action)."""
    parser = commands.add_parser("simulate", help=HELP, description=HELP + ".")
    parser.add_argument("game", metavar="GAME", help="a game id from 'parlour list'")
    parser.add_argument("-n", "--games", type=int, required=True, metavar="N", help="games to play")
    parser.add_argument("--seats", required=True, metavar="KINDS",
                        help=seats_help() + "; the list is rotated one seat each game, as in a tournament")
    parser.add_argument("--out", required=True, metavar="FILE", help="the JSON lines file to write, one game a line")
    again = parser.add_mutually_exclusive_group()
    again.add_argument("--resume", action="store_true",
                       help="FILE holds the first games of this run (cut short): check them and play only the rest "
                            "(the seed is read from FILE)")
    again.add_argument("--force", action="store_true", help="start FILE again even if it holds games")
    parser.add_argument("--seed", type=int, metavar="S", help="fixes every deal and every bot's choices")
    parser.add_argument("--jobs", "-j", type=int, default=1, metavar="J",
                        help="workers to play on (0: one per CPU; on Ray, every CPU the cluster has or grows to); the "
                             "lines do not depend on it")
    parser.add_argument("--duplicate", action="store_true",
                        help="play each deal once per rotation of the seats, as 'parlour tournament --duplicate'")
    parser.add_argument("--players", type=int, metavar="P", help="number of players (default: the game's)")
    parser.add_argument("--variant", metavar="V", help="a variant from 'parlour rules GAME'")
    parser.add_argument("--option", "-o", action="extend", nargs="+", default=[], metavar="NAME=VALUE",
                        help="a game option (see 'parlour rules GAME'); repeatable")
    add_backend_arguments(parser)


def dispatch(ui: Ui, args: argparse.Namespace) -> int:
    """Run the parsed ``simulate`` command: refusals are ``UsageError``\\ s, a failed game a ``BotFailure``.

    The file is written only once every argument (and with ``--resume`` every line it holds) has passed;
    a failed game leaves the lines before it.
    """
    path = checked_path(args.out)
    if not (args.resume or args.force) and _holds_games(path):
        raise UsageError(f"{path} holds games already: --resume to play only those it lacks, or --force to start "
                         "it again")
    started = time.perf_counter()
    backend, jobs, workers = backend_for(args.backend, args.address, args.jobs)
    try:
        info = game_info(args.game)
        values = option_values(info, args.option)
        with progress_bar(ui, args.games) as advance:
            run = simulation(args.game, seat_kinds(args.seats), args.games, args.seed, jobs=jobs,
                             duplicate=args.duplicate, players=args.players, variant=args.variant, options=values,
                             progress=advance, backend=backend, resume=path if args.resume else None)
            write(path, run)
    except GameFailure as exc:
        raise BotFailure(str(exc)) from None
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None
    played = run.games - run.done
    if not played:
        ui.say(f"{path} holds all {_games(run.games)} of {info.name} already (seed {run.seed}): nothing to play.",
               style="green")
        return 0
    more = f"{played} more game{'s' if played != 1 else ''}" if run.done else _games(played)
    after = f", after the {run.done} it held" if run.done else ""
    ui.say(f"Wrote {more} of {info.name} to {path}{after} (seed {run.seed}, {time.perf_counter() - started:.1f} s "
           f"on {on(used(backend, jobs, played), workers)}).", style="green")
    return 0


def _holds_games(path: str) -> bool:
    """Whether ``path`` is a file with something in it (an empty one holds nothing to lose)."""
    return os.path.isfile(path) and os.path.getsize(path) > 0


def _games(count: int) -> str:
    return f"{count} game{'s' if count != 1 else ''}"
