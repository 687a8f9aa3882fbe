"""Bulk simulation: many games between bot kinds, each written whole as one line of JSON.

The games are a tournament's (``plan_games``: the seats rotated one place each game, every deal and
bot seeded from the one seed), so line ``g`` of a simulation is game ``g`` of the tournament with the
same arguments, on any backend and any number of workers. Each line holds the ``GameRecord``'s fields
(``number``, ``deal``, ``rotation``, ``deal_seed``, ``kinds``, ``bot_seeds``, ``scores``, ``places``,
``winners``, ``actions``), ``deals`` (each deal's ``HandResult.to_dict()``, in order), ``result``
(``Result.to_dict()``) and ``record``: the full record, seed and every action, which ``parlour.replay``
plays again. Lines are written in game order as soon as every earlier game is done, so a long run can be
read while it goes, and memory holds only the games finished out of order.

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
import secrets
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import IO, Any

from parlour.sim.tournament import Backend, GameTask, Progress, game_record, plan_games, play_out, played


def simulate(game_id: str, seats: Sequence[str], games: int, out: IO[str], seed: int | None = None, *,
             jobs: int = 1, players: int | None = None, variant: str | None = None,
             options: Mapping[str, Any] | None = None, progress: Progress | None = None,
             backend: Backend | None = None) -> int:
    """Play ``games`` games and write one JSON line each to ``out``; the seed used (drawn if not given).

    Bad arguments raise ``ValueError`` before any game is played (``plan_games``' refusals); a game
    that fails raises ``GameFailure``, after the lines of the games before it.
    """
    seed, lines = simulation(game_id, seats, games, seed, jobs=jobs, players=players, variant=variant,
                             options=options, progress=progress, backend=backend)
    for line in lines:
        out.write(line + "\n")
    return seed


def simulation(game_id: str, seats: Sequence[str], games: int, seed: int | None = None, *, jobs: int = 1,
               players: int | None = None, variant: str | None = None, options: Mapping[str, Any] | None = None,
               progress: Progress | None = None, backend: Backend | None = None) -> tuple[int, Iterator[str]]:
    """The seed and the lines, in game order, each as soon as the games before it are done.

    Everything is checked here, before the lines are asked for: a caller opens its file only then.
    """
    if seed is None:
        seed = secrets.randbits(63)
    tasks = plan_games(game_id, seats, games, seed, players=players, variant=variant, options=options)
    return seed, in_order(played(simulate_game, tasks, jobs, progress, backend))


def in_order(results: Iterable[tuple[int, str]]) -> Iterator[str]:
    """Results numbered from 0 and given as they finish, put back in their order."""
    finished: dict[int, str] = {}
    written = 0
    for index, line in results:
        finished[index] = line
        while written in finished:
            yield finished.pop(written)
            written += 1


def simulate_game(task: GameTask) -> str:
    """One game played as ``play_game`` plays it, as its line of JSON (small to send back from a worker)."""
    state, result, actions = play_out(task)
    line = dataclasses.asdict(game_record(task, state, result, actions)) | {
        "deals": [deal.to_dict() for deal in state.hand_results], "result": result.to_dict(),
        "record": state.record()}
    return json.dumps(line, ensure_ascii=False, separators=(",", ":"))
