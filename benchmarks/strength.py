"""The strength table: the expert level against the heuristic in every game, the levels against each other,
OpenSpiel's IS-MCTS against Parlour's, and the heuristic against random play.

    python benchmarks/strength.py [--games N] [--jobs J] [--only GAME ...] [--rows BOT-OPPONENT ...]
                                  [--options KEY=VALUE ...] [--out docs/strength.md]
                                  [--plots docs/images/strength] [--ray ADDRESS] [--journal FOLDER]

Every pairing is a duplicate tournament (``run_tournament(..., duplicate=True)``): each deal is played once
per rotation of the seats, so every kind holds every seat's cards and the luck of the deal cancels. One seat
plays the bot named and every other seat the opponent kind; where partners sit, the bot is partnered by
itself against a side of the opponent kind. The verdict rests on the bot's lead: per deal,
its mean score minus its opponents' mean (signed so that more is better), with a t interval over the deals;
"better" means the whole 95% interval is above zero. That is the paired test of whether one bot beats
another, far sharper than asking whether two score intervals overlap, since the cards' luck is in both
scores and drops out of their difference.

``--options`` plays the games with the game's options (``rubbers=1``: Vint's game of one rubber rather than
three, so that a slow pairing's 200 games fit in hours); the row names them beside its count of games.

Rows are written to ``--out`` as each is measured (a long run interrupted keeps what it finished), and rows
of games not measured this time are kept from the file. With ``--journal FOLDER`` a pairing's games are
kept as each ends (``run_tournament(..., journal=...)``: a simulation's lines, with the seconds taken
beside them), so that a pairing longer than one sitting goes on where it stopped when the same command
is run again. Each pairing's scores and ratings are drawn to
``--plots`` (``parlour.sim.plot``, the picture of ``parlour tournament --plot``).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import parlour
from parlour.bots import make_bot, sampler_for
from parlour.bots.base import PEER
from parlour.engine import games as registered_games
from parlour.sim.plot import plot_tournament
from parlour.sim.ray_backend import RayBackend
from parlour.sim.tournament import Backend, TournamentResult, run_tournament

ROOT = Path(__file__).resolve().parent.parent
# Where the levels are measured against each other, and where OpenSpiel's IS-MCTS meets Parlour's.
LEVEL_GAMES = ("tetka", "heart-solo")
PEER_GAMES = ("tetka", "heart-solo")
PEER_ITERATIONS = 100
LADDER = (("expert", "strong"), ("strong", "medium"), ("medium", "easy"))


def pairings(game_id: str) -> list[tuple[str, str]]:
    """A game's rows: the expert against the heuristic (the headline), the rule of thumb against random play
    (is it worth having?), and in the chosen games the ladder of levels and the peer."""
    rows = [("expert", "heuristic"), ("heuristic", "random")]
    if game_id in LEVEL_GAMES:
        rows += list(LADDER)
    if game_id in PEER_GAMES:
        rows.append((f"{PEER}:{PEER_ITERATIONS}", f"ismcts:{PEER_ITERATIONS}"))
    return rows


def chosen_pairings(game_id: str, rows: list[str] | None) -> list[tuple[str, str]]:
    """The game's pairings named in ``rows`` (all of them without it); a row not among them is measured too,
    split at its last hyphen (``rollout-heuristic``), to try a bot before it has a place in the table."""
    usual = pairings(game_id)
    if not rows:
        return usual
    named = {f"{kind}-{opponent}": (kind, opponent) for kind, opponent in usual}
    return [named.get(row) or split_row(row) for row in rows]


def split_row(row: str) -> tuple[str, str]:
    """``rollout-heuristic`` → (``rollout``, ``heuristic``): the opponent after the last hyphen."""
    kind, _, opponent = row.rpartition("-")
    return kind, opponent


def measure(game: parlour.GameInfo, kind: str, opponent: str, games: int, jobs: int, plots: Path | None,
            backend: Backend | None = None, options: dict[str, Any] | None = None,
            journals: Path | None = None) -> str:
    """Play one pairing (on local processes, or on a Ray cluster's workers), draw it, and return its row.

    With ``journals`` (a folder) the pairing's games and the time they took are kept there as they end,
    and a run started again plays only those missing: its row is one unbroken run's, minutes included.
    """
    players = game.players_default
    games += -games % players                       # whole deals: every rotation of each
    stem = f"{game.id}--{slug(kind)}--{slug(opponent)}{named(options)}"
    clock = Clock(None if journals is None else journals / f"{stem}.seconds")
    result = run_tournament(game.id, seats(game, kind, opponent), games=games, seed=2026, jobs=jobs,
                            duplicate=True, backend=backend, options=options, progress=clock.tick,
                            journal=None if journals is None else journals / f"{stem}.jsonl")
    seconds = clock.tick()
    if plots is not None and kind != "heuristic":     # the yardstick row needs no picture
        plots.mkdir(parents=True, exist_ok=True)
        plot_tournament(result, plots / f"{game.id}--{slug(kind)}--{slug(opponent)}.svg",
                        title=f"{game.name}: {kind} against {against(game, kind, opponent)}, {games} games "
                              f"(duplicate{options_shown(options, '; ')})")
    return table_row(game, result, kind, opponent, seconds, options)


class Clock:
    """The seconds a pairing has taken, over every run that played its games: kept in ``path`` (when given)
    after each game, so that a stopped run's time is counted when it goes on."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.before = float(path.read_text()) if path is not None and path.exists() else 0.0
        self.started = time.perf_counter()

    def tick(self, *_progress: int) -> float:
        """The seconds so far, written down; also the tournament's ``progress(done, total)``."""
        seconds = self.before + time.perf_counter() - self.started
        if self.path is not None:
            self.path.write_text(f"{seconds:.1f}\n")
        return seconds


def named(options: dict[str, Any] | None) -> str:
    """The options as part of a file's name: ``--rubbers=1``."""
    return "".join(f"--{key}={value}" for key, value in sorted((options or {}).items()))


def parse_options(texts: list[str] | None) -> dict[str, Any] | None:
    """``--options rubbers=1 ...`` as the game's options: each value read as JSON where it can be (numbers,
    true, false), else kept as text; the game checks them (``parlour.new_game``) before any is played."""
    if not texts:
        return None
    options: dict[str, Any] = {}
    for text in texts:
        key, sep, value = text.partition("=")
        if not sep or not key:
            raise SystemExit(f"--options takes KEY=VALUE, not {text!r}")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    return options


def options_shown(options: dict[str, Any] | None, before: str = "") -> str:
    """The options as a row or a plot names them: ``; rubbers=1``, or nothing without any."""
    if not options:
        return ""
    return before + ", ".join(f"{key}={json.dumps(value)}" for key, value in options.items())


def partnered(game: parlour.GameInfo) -> bool:
    """Whether the game's usual table seats partners, who face each other (seats 0 and 2, 1 and 3)."""
    return game.partnerships or game.players_default in game.partnership_counts


def seats(game: parlour.GameInfo, kind: str, opponent: str) -> list[str]:
    """One seat of ``kind`` and every other of ``opponent``; where partners sit, ``kind`` partnered by itself
    against a side of ``opponent`` (issue 41): beside a partner of the other kind, a bot whose strength
    is in reading its partner's signals and covering its partner's play is understated (in Mus an expert
    with a random partner did not beat two random players, while two experts won 76% of the sides)."""
    players = game.players_default
    if partnered(game):
        return [kind if seat % 2 == 0 else opponent for seat in range(players)]
    return [kind] + [opponent] * (players - 1)


def against(game: parlour.GameInfo, kind: str, opponent: str) -> str:
    """The table's 'against' cell: the opponents, and who partners the bot where partners sit."""
    others = seats(game, kind, opponent).count(opponent)
    return f"{opponent} ×{others}" + (f", partnered by {kind}" if partnered(game) else "")


# Games whose verdict rests on the lead in games won rather than in points (``margin(by_wins=True)``). Each
# pressure in Crates doubles its side's last, so a deal in a few hundred scores millions: over 400 duplicate
# games the rules of thumb against themselves led by -131,135 points a game [-393,470, +131,200], an interval
# no bot could clear, while the book's object is only to finish lowest.
WON_NOT_SCORED = frozenset({"crates"})


def table_row(game: parlour.GameInfo, result: TournamentResult, kind: str, opponent: str, seconds: float,
              options: dict[str, Any] | None = None) -> str:
    me, them = result.summary(kind), result.summary(opponent)
    by_wins = game.id in WON_NOT_SCORED
    lead = result.margin(kind, by_wins=by_wins)
    verdict = {"better": "**better**", "worse": "worse", "level": "no clear difference"}[lead.verdict]
    deals = f"{lead.units} {'deal' if lead.units == 1 else 'deals'}{options_shown(options, '; ')}"
    unit = " games won" if by_wins else ""
    return (f"| {game.name} | {kind} | {against(game, kind, opponent)} | {len(result.records)} ({deals}) | "
            f"{lead.mean:+.2f} [{lead.low:+.2f}, {lead.high:+.2f}]{unit} | "
            f"{me.mean_score:.2f} vs {them.mean_score:.2f} | "
            f"{me.win_rate:.0%} [{me.win_ci95_low:.0%}, {me.win_ci95_high:.0%}] | {me.elo - them.elo:+.0f} | "
            f"{verdict} | {seconds / 60:.1f} |")


def seconds_per_move(game_id: str, kind: str, moves: int = 20, seed: int = 7) -> float:
    """Mean time the bot takes to choose, over decisions met in random play (forced moves excluded)."""
    rng = random.Random(seed)
    bot = make_bot(kind, game_id, seed=seed)
    spent, counted = 0.0, 0
    state = parlour.new_game(game_id, seed=seed)
    while counted < moves:
        if state.is_over:
            state = parlour.new_game(game_id, seed=rng.getrandbits(32))
        seat = state.to_move[0]
        view = state.view(seat)
        if len(view.legal_actions) > 1 and rng.random() < 0.5:
            start = time.perf_counter()
            bot.choose(view, sampler_for(state, seat))
            spent += time.perf_counter() - start
            counted += 1
        state.apply(seat, rng.choice(view.legal_actions))
    return spent / counted


def seconds_shown(seconds: float) -> str:
    """A mean time for the timing table: three decimals, or two significant figures below a hundredth of a
    second, so that the rules that answer in well under a millisecond do not all read 0.000.

    >>> [seconds_shown(s) for s in (0.4936, 0.0221, 0.0093, 0.000412, 0.000059, 0.0)]
    ['0.494', '0.022', '0.0093', '0.00041', '0.000059', '0.000']
    """
    decimals = 3 if seconds <= 0 else max(3, 1 - math.floor(math.log10(seconds)))
    return f"{seconds:.{decimals}f}"


def slug(kind: str) -> str:
    return kind.replace(":", "-")


# --- the page -------------------------------------------------------------------------------------------
RESULT_HEADER = ("| game | bot | against | games | lead per game [95% CI] | mean score vs theirs | win rate [95% CI] "
                 "| Elo gap | verdict | minutes |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
TIMING_HEADER = "| game | expert: mean seconds per move |\n| --- | --- |"


def kept_rows(path: Path) -> tuple[dict[tuple[str, str, str], str], dict[str, str]]:
    """The rows an earlier run wrote: results by (game name, bot, opponent), timings by game name."""
    results: dict[tuple[str, str, str], str] = {}
    timings: dict[str, str] = {}
    if not path.exists():
        return results, timings
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if not line.startswith("| ") or cells[0] in ("game", "---"):
            continue
        if len(cells) == 10:
            results[cells[0], cells[1], cells[2].split(" ×")[0]] = line
        elif len(cells) == 2:
            timings[cells[0]] = line
    return results, timings


def write_page(path: Path, results: dict[tuple[str, str, str], str], timings: dict[str, str]) -> None:
    """Rewrite the table between the page's marks (its prose around them is kept), the rows in the
    registry's order of games and each game's order of pairings, any other pairing measured after them."""
    lines = []
    for game in registered_games():
        usual = [(game.name, kind, opponent) for kind, opponent in pairings(game.id)]
        others = [key for key in results if key[0] == game.name and key not in usual]
        lines += [results[key] for key in usual + others if key in results]
    times = [timings[game.name] for game in registered_games() if game.name in timings]
    page = path.read_text(encoding="utf-8") if path.exists() else ""
    before = page.split(MARK)[0] if MARK in page else HEADER
    after = page.split(FOOTER_MARK)[1] if FOOTER_MARK in page else "\n"
    table = "\n".join([RESULT_HEADER, *lines, "", TIMING_HEADER, *times])
    path.write_text(f"{before}{MARK}\n\n{table}\n\n{FOOTER_MARK}{after}", encoding="utf-8")


MARK = "<!-- the table: written by benchmarks/strength.py -->"
FOOTER_MARK = "<!-- end of the table -->"
HEADER = "# Strength of the bots\n\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per pairing, rounded up to whole deals")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", default=str(ROOT / "docs" / "strength.md"))
    parser.add_argument("--plots", default=str(ROOT / "docs" / "images" / "strength"))
    parser.add_argument("--only", nargs="+", metavar="GAME", help="measure these games (in this order)")
    parser.add_argument("--rows", nargs="+", metavar="BOT-OPPONENT",
                        help="measure only these pairings, as bot-opponent (expert-heuristic, or any other)")
    parser.add_argument("--options", nargs="+", metavar="KEY=VALUE",
                        help="the game's options (rubbers=1), named in the row")
    parser.add_argument("--ray", metavar="ADDRESS", help="play on a Ray cluster (auto, host:port), --jobs workers")
    parser.add_argument("--journal", metavar="FOLDER",
                        help="keep each pairing's games in FOLDER as they end; run again to go on after a stop")
    args = parser.parse_args()
    options = parse_options(args.options)
    if options is not None:
        if not args.only:
            raise SystemExit("--options are one game's: name it with --only")
        for game_id in args.only:
            try:
                parlour.new_game(game_id, seed=0, **options)     # a bad option stops the run before any game
            except ValueError as exc:
                raise SystemExit(f"--options: {exc}") from None

    backend = RayBackend(args.ray) if args.ray else None
    journals = Path(args.journal) if args.journal else None
    if journals is not None:
        journals.mkdir(parents=True, exist_ok=True)
    out = Path(args.out)
    results, timings = kept_rows(out)
    chosen = [parlour.game_info(game_id) for game_id in args.only] if args.only else list(registered_games())
    for game in chosen:
        for kind, opponent in chosen_pairings(game.id, args.rows):
            results[game.name, kind, opponent] = measure(game, kind, opponent, args.games, args.jobs, Path(args.plots),
                                                         backend, options, journals)
            print(results[game.name, kind, opponent], flush=True)
            write_page(out, results, timings)
        if not args.rows or "expert-heuristic" in args.rows:
            timings[game.name] = f"| {game.name} | {seconds_shown(seconds_per_move(game.id, 'expert'))} |"
            print(timings[game.name], flush=True)
            write_page(out, results, timings)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
