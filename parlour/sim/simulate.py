"""Bulk simulation: many games between bot kinds, each written whole as one line of JSON.

The games are a tournament's (``plan_games``: the seats rotated one place each game, or with
``duplicate`` each deal once per rotation, every deal and bot seeded from the one seed), so line ``g`` of
a simulation is game ``g`` of the tournament with the same arguments, on any backend and any number of
workers; ``run_tournament(..., journal=path)`` keeps its games in such a file. Each line holds ``seed`` (the run's, from
which every game is planned), the ``GameRecord``'s fields (``number``, ``deal``, ``rotation``,
``deal_seed``, ``kinds``, ``bot_seeds``, ``scores``, ``places``, ``winners``, ``actions``), ``deals``
(each deal's ``HandResult.to_dict()``, in order), ``result`` (``Result.to_dict()``) and ``record``: the
full record, seed and every action, which ``parlour.replay`` plays again. Lines are written in game
order as soon as every earlier game is done, so a long run can be read while it goes, and memory holds
only the games finished out of order.

Resuming. A run killed midway leaves a file of its first games, perhaps with a last line cut short.
``simulate_file(path, ..., resume=True)`` (``parlour simulate --resume``) reads it, checks that every
whole line is the game this run plans at that place (its seed, number, deal seed, seating, bot seeds,
game, rules version, variant, players and options: a line of another run is refused, and so is
damage, with nothing changed), drops a last line without its newline, and plays only the games after
the last whole line, appending them. The games come from the seed alone, so the file ends byte for byte
as an uninterrupted run would have written it. The seed need not be given again: the lines carry it.

>>> import io, json
>>> out = io.StringIO()
>>> simulate("divide-and-conquer", ["heuristic", "random"], games=2, out=out, seed=3)
3
>>> [(line["number"], line["kinds"], len(line["deals"])) for line in map(json.loads, out.getvalue().splitlines())]
[(0, ['heuristic', 'random'], 2), (1, ['random', 'heuristic'], 2)]
"""

from __future__ import annotations

import dataclasses
import json
import os
import secrets
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import partial
from typing import IO, Any

from parlour.engine import new_game
from parlour.sim.tournament import Backend, GameRecord, GameTask, Progress, game_record, plan_games, play_out, played

FilePath = str | os.PathLike[str]
RECORD_FIELDS = tuple(field.name for field in dataclasses.fields(GameRecord))
LINE_KEYS = frozenset({"seed", *RECORD_FIELDS, "deals", "result", "record"})
# What a game's record says of the run rather than of the game: the same on every line of one run.
RUN_FACTS = ("format", "format_version", "game", "rules_version", "variant", "players", "options")


@dataclasses.dataclass(frozen=True, slots=True)
class Simulation:
    """A simulation checked and ready to play: its seed, the games a file already holds of it (``done``,
    in its first ``keep`` bytes) and the lines of the others, in game order, each as soon as the games
    before it are done."""

    seed: int
    games: int
    done: int
    keep: int
    lines: Iterator[str]


def simulate(game_id: str, seats: Sequence[str], games: int, out: IO[str], seed: int | None = None, *,
             jobs: int = 1, duplicate: bool = False, players: int | None = None, variant: str | None = None,
             options: Mapping[str, Any] | None = None, progress: Progress | None = None,
             backend: Backend | None = None) -> int:
    """Play ``games`` games and write one JSON line each to ``out``; the seed used (drawn if not given).

    Bad arguments raise ``ValueError`` before any game is played (``plan_games``' refusals); a game
    that fails raises ``GameFailure``, after the lines of the games before it.
    """
    run = simulation(game_id, seats, games, seed, jobs=jobs, duplicate=duplicate, players=players, variant=variant,
                     options=options, progress=progress, backend=backend)
    for line in run.lines:
        out.write(line + "\n")
    return run.seed


def simulate_file(path: FilePath, game_id: str, seats: Sequence[str], games: int, seed: int | None = None, *,
                  resume: bool = False, jobs: int = 1, duplicate: bool = False, players: int | None = None,
                  variant: str | None = None, options: Mapping[str, Any] | None = None,
                  progress: Progress | None = None, backend: Backend | None = None) -> int:
    """``simulate`` into the file at ``path`` (made anew), or with ``resume`` after the games it holds of
    this very run (see the module's docstring); the seed. A file of another run, or damaged, is a
    ``ValueError`` and stays as it was."""
    run = simulation(game_id, seats, games, seed, jobs=jobs, duplicate=duplicate, players=players, variant=variant,
                     options=options, progress=progress, backend=backend, resume=path if resume else None)
    write(path, run)
    return run.seed


def simulation(game_id: str, seats: Sequence[str], games: int, seed: int | None = None, *, jobs: int = 1,
               duplicate: bool = False, players: int | None = None, variant: str | None = None,
               options: Mapping[str, Any] | None = None, progress: Progress | None = None,
               backend: Backend | None = None, resume: FilePath | None = None) -> Simulation:
    """The simulation, everything checked (with ``resume``, the file's lines too) before the lines are asked
    for: a caller opens its file only then. ``progress`` counts the games the file held as done."""
    held = _first_line(resume) if resume is not None else None
    if seed is None:
        seed = held["seed"] if held is not None and isinstance(held.get("seed"), int) else secrets.randbits(63)
    tasks = plan_games(game_id, seats, games, seed, duplicate=duplicate, players=players, variant=variant,
                       options=options)
    done, keep = held_games(resume, tasks, seed) if resume is not None else (0, 0)
    counted = None if progress is None else partial(_progress, progress, done, len(tasks))
    lines = in_order(played(partial(simulate_game, seed=seed), tasks[done:], jobs, counted, backend)) \
        if done < len(tasks) else iter(())
    return Simulation(seed=seed, games=len(tasks), done=done, keep=keep, lines=lines)


def write(path: FilePath, run: Simulation) -> None:
    """The lines of ``run`` written to ``path`` after its first ``run.keep`` bytes (from the start when
    none are kept), which drops a line a kill cut short. Each line is handed to the system as it is
    written, so that a kill loses only the games being played, not lines held in a buffer."""
    with open(path, "r+b" if run.keep else "wb") as out:
        out.truncate(run.keep)
        out.seek(run.keep)
        for line in run.lines:
            out.write(line.encode("utf-8") + b"\n")
            out.flush()


def held_games(path: FilePath, tasks: Sequence[GameTask], seed: int) -> tuple[int, int]:
    """How many games of ``tasks`` the file at ``path`` holds (none if it is missing), and the bytes that
    hold them, every whole line checked against its game; a ``ValueError`` names the first that is not."""
    facts = _run_facts(tasks[0])
    done = keep = 0
    try:
        with open(path, "rb") as lines:
            for raw in lines:
                if not raw.endswith(b"\n"):
                    break        # cut short by a kill: played again
                if done == len(tasks):
                    raise ValueError(f"{path} holds more games than the {len(tasks)} asked for: it is another run's, "
                                     "or ask for more; nothing was changed")
                problem = _mismatch(raw, tasks[done], seed, facts)
                if problem is not None:
                    raise ValueError(f"{path}, line {done + 1}: {problem}; nothing was changed")
                done += 1
                keep += len(raw)
    except FileNotFoundError:
        return 0, 0
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from None
    return done, keep


def records_in(path: FilePath) -> list[GameRecord]:
    """The ``GameRecord`` of each whole line of the simulation file at ``path`` (``held_games`` has checked
    them): a tournament's results read back from the games it journalled."""
    with open(path, "rb") as lines:
        return [GameRecord(**{name: _tupled(json.loads(raw)[name]) for name in RECORD_FIELDS})
                for raw in lines if raw.endswith(b"\n")]


def _tupled(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def in_order(results: Iterable[tuple[int, str]]) -> Iterator[str]:
    """Results numbered from 0 and given as they finish, put back in their order."""
    finished: dict[int, str] = {}
    written = 0
    for index, line in results:
        finished[index] = line
        while written in finished:
            yield finished.pop(written)
            written += 1


def simulate_game(task: GameTask, seed: int) -> str:
    """One game played as ``play_game`` plays it, as its line of JSON (small to send back from a worker);
    ``seed`` is the run's, which the line carries so that the run can be resumed from it."""
    state, result, actions = play_out(task)
    line = {"seed": seed} | dataclasses.asdict(game_record(task, state, result, actions)) | {
        "deals": [deal.to_dict() for deal in state.hand_results], "result": result.to_dict(),
        "record": state.record()}
    return json.dumps(line, ensure_ascii=False, separators=(",", ":"))


def _first_line(path: FilePath) -> dict[str, Any] | None:
    """The first whole line of the file at ``path`` as JSON, if it is one (``held_games`` judges the rest)."""
    try:
        with open(path, "rb") as lines:
            first = lines.readline()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        line = json.loads(first) if first.endswith(b"\n") else None
    except ValueError:
        return None
    return line if isinstance(line, dict) else None


def _run_facts(task: GameTask) -> dict[str, Any]:
    """What every game record of this run says of the run, as JSON gives it back (options filled in)."""
    record = new_game(task.game_id, players=task.players, variant=task.variant, seed=0, **dict(task.options)).record()
    facts: dict[str, Any] = json.loads(json.dumps({key: record.get(key) for key in RUN_FACTS}))
    return facts


def _mismatch(raw: bytes, task: GameTask, seed: int, facts: Mapping[str, Any]) -> str | None:
    """Why the line ``raw`` is not the game of ``task`` in this run, or ``None`` when it is."""
    try:
        line = json.loads(raw)
    except ValueError:
        return "not a line of JSON (the file is damaged)"
    if not isinstance(line, dict) or set(line) != LINE_KEYS or not isinstance(line["record"], dict):
        return "not a game of a simulation (the file is damaged, or another kind of file)"
    expected = {"seed": seed, "number": task.number, "deal": task.deal, "rotation": task.rotation,
                "deal_seed": task.deal_seed, "kinds": list(task.kinds), "bot_seeds": list(task.bot_seeds)}
    found = {**{key: line[key] for key in expected}, **{key: line["record"].get(key) for key in facts}}
    for key, value in {**expected, **facts}.items():
        if found[key] != value:
            return (f"its {key} is {json.dumps(found[key])} where game {task.number + 1} of this run has "
                    f"{json.dumps(value)}: the file holds another run's games")
    return None


def _progress(progress: Progress, done: int, total: int, finished: int, _of: int) -> None:
    progress(done + finished, total)
