"""``parlour tournament``: bots against bots, many games, one table of results (and a CSV file).

The games and the statistics are ``parlour.sim``'s; this module reads the command line, shows a
progress bar while the games run (only on a terminal: piped output and tests get the table alone),
and draws the table.
"""

from __future__ import annotations

import argparse
import math
import os
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from parlour.cli import data
from parlour.cli.play import BotFailure, option_values, seats_help
from parlour.cli.table import SEP, game_name
from parlour.cli.ui import Ui, UsageError
from parlour.engine import game_info
from parlour.sim import GameFailure, TournamentResult, run_tournament
from parlour.sim.ray_backend import SUBMITTED_AT_MOST, RayBackend
from parlour.sim.tournament import Backend
from parlour.sim.tournament import Progress as ProgressCallback

HELP = "play many games between bots and report each bot's scores, wins and Elo"


def add_parser(commands: Any) -> None:
    """The ``tournament`` subcommand's arguments (``commands`` is the parser's subparsers action)."""
    parser = commands.add_parser("tournament", help=HELP, description=HELP + ".")
    parser.add_argument("game", metavar="GAME", help="a game id from 'parlour list'")
    parser.add_argument("--seats", required=True, metavar="KINDS",
                        help=seats_help() + "; the list is rotated one seat each game")
    parser.add_argument("-n", "--games", type=int, required=True, metavar="N",
                        help="games to play in all (with --duplicate: deals × players)")
    parser.add_argument("--seed", type=int, metavar="S", help="fixes every deal and every bot's choices")
    parser.add_argument("--jobs", "-j", type=int, default=1, metavar="J",
                        help="processes (or Ray workers) to play on (0: one per CPU; on Ray, every CPU the cluster "
                             "has or grows to); the results do not depend on it")
    parser.add_argument("--duplicate", action="store_true",
                        help="play each deal once per rotation of the seats, so the luck of the cards cancels")
    parser.add_argument("--csv", metavar="FILE", help="also write the table to FILE as CSV")
    parser.add_argument("--json", action="store_true",
                        help='print one JSON document instead of the table (keys: "game", "players", "seats", '
                             '"games", "seed", ..., and "bots", one row per bot with the CSV file\'s columns; '
                             "see 'pydoc parlour.cli.data')")
    parser.add_argument("--plot", metavar="FILE.svg",
                        help="also draw each bot's scores and rating interval to FILE (SVG; needs matplotlib)")
    parser.add_argument("--journal", metavar="FILE",
                        help="write each game to FILE as it ends (JSON lines, as 'parlour simulate' writes them) "
                             "and play only the games FILE lacks: the same command run again goes on after a stop")
    parser.add_argument("--players", type=int, metavar="P", help="number of players (default: the game's)")
    parser.add_argument("--variant", metavar="V", help="a variant from 'parlour rules GAME'")
    parser.add_argument("--option", "-o", action="extend", nargs="+", default=[], metavar="NAME=VALUE",
                        help="a game option (see 'parlour rules GAME'); repeatable")
    add_backend_arguments(parser)


def add_backend_arguments(parser: argparse.ArgumentParser) -> None:
    """``--backend`` and ``--address``: where the games are played (shared with ``parlour simulate``)."""
    parser.add_argument("--backend", choices=("local", "ray"), default="local",
                        help="local: processes on this machine (default); ray: Ray tasks (pip install "
                             "'parlour[cluster]'), with the same results, a game whose worker or node is lost "
                             "played again")
    parser.add_argument("--address", metavar="ADDR",
                        help="with --backend ray, the cluster to join: host:port, ray://host:port or auto "
                             "(default: start Ray on this machine; Ray's ports then listen on every interface, "
                             "not loopback alone, guarded by the token Ray keeps in ~/.ray/auth_token. A secured "
                             "cluster needs its token, RAY_AUTH_MODE=token, or its TLS files, RAY_USE_TLS=1, in "
                             "the environment: see docs/researchers.md)")


def backend_for(name: str, address: str | None, jobs: int) -> tuple[Backend | None, int, str]:
    """The backend named on the command line, the number of workers (``jobs``; 0 for every CPU this
    machine has, or on Ray for every CPU the cluster has or grows to) and what to call them in the report.

    Ray is joined (or started) only once the games are planned, so that a typo in a seat is told before
    Ray's start-up is paid. Refusals (Ray missing, a bad address) are ``UsageError``\\ s.
    """
    if jobs < 0:
        raise UsageError(f"--jobs takes a number of processes, at least 1 (or 0 for one per CPU), not {jobs}")
    if name == "local":
        if address is not None:
            raise UsageError("--address names a Ray cluster: give it with --backend ray")
        return None, jobs or os.cpu_count() or 1, "process"
    try:
        backend = RayBackend(address)
        return backend, jobs or SUBMITTED_AT_MOST, "Ray worker"
    except (ImportError, ValueError) as exc:
        raise UsageError(str(exc)) from None


def used(backend: Backend | None, jobs: int, games: int) -> int:
    """The workers a run had: no more than its games, nor on Ray than the cluster's CPUs."""
    return min(jobs, games, backend.workers() if isinstance(backend, RayBackend) else jobs)


def checked_path(path: str) -> str:
    """``path``, refused at once if its folder does not exist (rather than after every game is played)."""
    folder = Path(path).parent
    if not folder.is_dir():
        raise UsageError(f"cannot write {path}: no folder {folder}")
    return path


def run(ui: Ui, game: str, seats: str, games: int, seed: int | None = None, jobs: int = 1,
        duplicate: bool = False, csv_path: str | None = None, players: int | None = None,
        variant: str | None = None, options: Sequence[str] = (), backend_name: str = "local",
        address: str | None = None, plot_path: str | None = None, as_json: bool = False,
        journal: str | None = None) -> int:
    """Play the tournament, print its table (or with ``as_json`` its JSON document), write the CSV file and the
    picture; refusals are ``UsageError``\\ s. With ``as_json`` stdout holds the document alone: what was
    written is said on stderr."""
    for path in (csv_path, plot_path, journal):
        if path is not None:
            checked_path(path)
    draw = plotter() if plot_path is not None else None
    started = time.perf_counter()
    backend, jobs, workers = backend_for(backend_name, address, jobs)
    kinds = seat_kinds(seats)
    try:
        info = game_info(game)
        values = option_values(info, options)
        with progress_bar(ui, games) as advance:
            result = run_tournament(game, kinds, games, seed, jobs=jobs, duplicate=duplicate, players=players,
                                    variant=variant, options=values, progress=advance, backend=backend,
                                    journal=journal)
    except GameFailure as exc:
        raise BotFailure(str(exc)) from None
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"cannot write {journal}: {exc.strerror or exc}") from None
    seconds = time.perf_counter() - started
    if as_json:
        ui.out.print(data.dumps(data.tournament_data(result, seconds)), markup=False, highlight=False,
                     soft_wrap=True)
    else:
        ui.whole(report(result, seconds, used(backend, jobs, len(result.records)), workers))
    said = ui.err if as_json else ui.out
    if csv_path is not None:
        try:
            with open(csv_path, "w", encoding="utf-8", newline="") as stream:
                result.write_csv(stream)
        except OSError as exc:
            raise UsageError(f"cannot write {csv_path}: {exc.strerror or exc}") from None
        said.print(f"Wrote {csv_path}.", style="green", markup=False, highlight=False)
    if draw is not None and plot_path is not None:
        try:
            draw(result, plot_path)
        except (OSError, ValueError) as exc:
            raise UsageError(f"cannot draw {plot_path}: {exc}") from None
        said.print(f"Drew {plot_path}.", style="green", markup=False, highlight=False)
    return 0


def plotter() -> Callable[[TournamentResult, str], None]:
    """The drawing function, found before any game is played: without matplotlib, say so at once."""
    try:
        from parlour.sim.plot import plot_tournament, pyplot
        pyplot()
    except ImportError as exc:
        raise UsageError(str(exc)) from None
    return plot_tournament


def seat_kinds(seats: str) -> list[str]:
    """The bot kinds of ``--seats``, as ``make_bot`` reads them."""
    return [kind.strip().lower() for kind in seats.split(",")]


@contextmanager
def progress_bar(ui: Ui, total: int) -> Iterator[ProgressCallback]:
    """A ``progress(done, total)`` callback that moves a bar on a terminal and does nothing elsewhere."""
    bar = Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   TimeRemainingColumn(), console=ui.out, transient=True, disable=not ui.out.is_terminal)
    task = bar.add_task("games", total=max(total, 0))

    def advance(done: int, _total: int) -> None:
        bar.update(task, completed=done)

    with bar:
        yield advance


# --- the report -------------------------------------------------------------------------------------------
def report(result: TournamentResult, seconds: float, jobs: int, workers: str = "process") -> RenderableType:
    """A line saying what was played (on ``jobs`` ``workers``), the table, and how to read it."""
    games = len(result.records)
    plural = "s" if games != 1 else ""
    mode = (f"duplicate: {result.deals} deal{'s' if result.deals != 1 else ''} × {result.players} rotations"
            if result.duplicate else "seats rotated each game")
    variant = f" ({result.variant})" if result.variant else ""
    line = SEP.join([f"{game_name(result.game_id)}{variant}", f"{result.players} players", f"{games} game{plural}",
                     f"seed {result.seed}", mode,
                     f"{seconds:.1f} s on {on(jobs, workers)}"])
    notes = [f"Scores as {game_name(result.game_id)} counts them: "
             + ("lower is better." if result.lowest_score_wins else "higher is better."),
             "A win shared by k players counts 1/k. Intervals are 95%"
             + (" (score: over deals)." if result.duplicate else "."),
             "Elo from a Bradley–Terry fit over the places of every pair of seats, "
             + ("random = 0." if any(s.bot == "random" for s in result.summaries) else "mean = 0.")]
    if len(set(result.seats)) < len(result.seats):
        notes.append("A bot in several seats counts one game per seat.")
    return Group(Text(line, style="bold"), results_table(result), Text(" ".join(notes), style="dim"))


def on(jobs: int, workers: str) -> str:
    """``2 processes``, ``1 Ray worker``."""
    return f"{jobs} {workers}{('es' if workers.endswith('s') else 's') if jobs != 1 else ''}"


def results_table(result: TournamentResult) -> Table:
    """One row per bot kind; the mean score's header says which way is better in this game.

    Numbers never wrap; on a narrow terminal the bot names and the headers fold instead.
    """
    table = Table(header_style="bold", box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False,
                  collapse_padding=True)
    table.add_column("bot", overflow="fold")
    better = "lower wins" if result.lowest_score_wins else "higher wins"
    for column in ("games", f"mean score\n({better})", "95% CI", "win rate", "95% CI", "Elo"):
        table.add_column(column, justify="right", no_wrap=column.endswith("CI"))
    for row in result.summaries:
        table.add_row(row.bot, str(row.games), number(row.mean_score), interval(row.ci95_low, row.ci95_high),
                      percent(row.win_rate), percent_interval(row.win_ci95_low, row.win_ci95_high),
                      f"{row.elo:+.0f}".replace("-", "−") if round(row.elo) else "0")
    return table


def number(value: float) -> str:
    """Two decimals, with a true minus sign so that a negative bound stands out from the dash."""
    return "—" if math.isnan(value) else f"{value:.2f}".replace("-", "−")


def percent(value: float) -> str:
    return "—" if math.isnan(value) else f"{100 * value:.1f}%"


def interval(low: float, high: float) -> str:
    return "—" if math.isnan(low) or math.isnan(high) else f"[{number(low)}, {number(high)}]"


def percent_interval(low: float, high: float) -> str:
    return "—" if math.isnan(low) or math.isnan(high) else f"{100 * low:.1f}–{100 * high:.1f}%"


def dispatch(ui: Ui, args: argparse.Namespace) -> int:
    """Run the parsed ``tournament`` command."""
    return run(ui, args.game, args.seats, args.games, seed=args.seed, jobs=args.jobs, duplicate=args.duplicate,
               csv_path=args.csv, players=args.players, variant=args.variant, options=args.option,
               backend_name=args.backend, address=args.address, plot_path=args.plot, as_json=args.json,
               journal=args.journal)
