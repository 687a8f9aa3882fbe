"""A tournament's journal (``run_tournament(..., journal=path)``, ``parlour tournament --journal``): each
game written as it ends, as a simulation's line, so that a stopped run started again plays only the games
the file lacks and ends as one unbroken run; a file of another run is refused and left as it was."""

from __future__ import annotations

import importlib
import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from parlour.cli.main import main
from parlour.sim import TournamentResult, run_tournament

SEATS = ["heuristic", "random"]
GAME = "divide-and-conquer"
# the module (``parlour.sim.simulate`` is also the name of its function, which ``parlour.sim`` exports)
simulating = importlib.import_module("parlour.sim.simulate")


class Stop(Exception):
    """A stop in the middle of a run, as Ctrl-C or a lost machine would make one."""


def stopped_after(games: int, path: Path, seed: int = 4) -> None:
    """A duplicate run of six games stopped as its ``games``-th ends (before that game is written)."""
    def progress(done: int, _total: int) -> None:
        if done == games:
            raise Stop

    with pytest.raises(Stop):
        run_tournament(GAME, SEATS, games=6, seed=seed, duplicate=True, progress=progress, journal=path)


def whole(seed: int = 4) -> TournamentResult:
    return run_tournament(GAME, SEATS, games=6, seed=seed, duplicate=True)


def numbers(path: Path) -> list[int]:
    return [json.loads(line)["number"] for line in path.read_text(encoding="utf-8").splitlines()]


def test_a_stopped_run_goes_on_and_ends_as_one_unbroken_run(tmp_path: Path) -> None:
    """Three games are written before the stop; started again (its seed read from the file), the run
    counts them done, plays the other three, and its result (records, summaries) equals a run never stopped."""
    path = tmp_path / "games.jsonl"
    stopped_after(4, path)
    assert numbers(path) == [0, 1, 2]
    calls: list[tuple[int, int]] = []
    again = run_tournament(GAME, SEATS, games=6, duplicate=True, journal=path,
                           progress=lambda done, total: calls.append((done, total)))
    assert calls == [(4, 6), (5, 6), (6, 6)]
    assert again == whole()
    assert numbers(path) == list(range(6))


def test_a_finished_journal_plays_nothing_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "games.jsonl"
    first = run_tournament(GAME, SEATS, games=6, seed=4, duplicate=True, journal=path)
    assert first == whole()
    monkeypatch.setattr(simulating, "play_out", fail_if_played)
    assert run_tournament(GAME, SEATS, games=6, seed=4, duplicate=True, journal=path) == first


def test_several_processes_write_one_journal(tmp_path: Path) -> None:
    """Games end out of order on two processes; the file keeps them in the tournament's order."""
    path = tmp_path / "games.jsonl"
    stopped_after(3, path, seed=9)
    assert run_tournament(GAME, SEATS, games=6, seed=9, duplicate=True, journal=path, jobs=2) == whole(9)
    assert numbers(path) == list(range(6))


def test_a_line_cut_short_by_a_stop_is_dropped_and_its_game_played_again(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    stopped_after(4, path)
    path.write_text(path.read_text(encoding="utf-8")[:-25], encoding="utf-8")   # the third line lost its end
    assert run_tournament(GAME, SEATS, games=6, seed=4, duplicate=True, journal=path) == whole()
    assert numbers(path) == list(range(6))


@pytest.mark.parametrize(("seed", "seats", "duplicate", "differs"), [
    (5, SEATS, True, "seed"), (4, ["random", "heuristic"], True, "kinds"), (4, SEATS, False, "deal")])
def test_a_journal_of_another_tournament_is_refused_and_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             seed: int, seats: list[str], duplicate: bool,
                                                             differs: str) -> None:
    """Another seed deals other cards, another seating puts other bots in the seats, a run that is not
    duplicate deals each game anew: mixing their games would be the result of no tournament."""
    path = tmp_path / "games.jsonl"
    stopped_after(3, path)
    before = path.read_text(encoding="utf-8")
    monkeypatch.setattr(simulating, "play_out", fail_if_played)
    with pytest.raises(ValueError, match=rf"games.jsonl, line \d: its {differs} is .* the file holds another "
                                         r"run's games; nothing was changed"):
        run_tournament(GAME, seats, games=6, seed=seed, duplicate=duplicate, journal=path)
    assert path.read_text(encoding="utf-8") == before


@pytest.mark.parametrize(("bad", "problem"), [("not json", "not a line of JSON"),
                                              ('{"number": 1}', "not a game of a simulation"),
                                              ("[1, 2]", "not a game of a simulation")])
def test_a_file_that_is_not_a_journal_is_refused_by_its_line(tmp_path: Path, bad: str, problem: str) -> None:
    path = tmp_path / "games.jsonl"
    stopped_after(2, path)
    path.write_text(path.read_text(encoding="utf-8") + bad + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match=rf"games.jsonl, line 2: {problem}"):
        run_tournament(GAME, SEATS, games=6, seed=4, duplicate=True, journal=path)


def test_the_command_goes_on_from_its_journal(tmp_path: Path) -> None:
    """``--journal FILE``: run again, the same table from the games FILE holds; another seed is refused
    with the reason, and a folder that does not exist before any game is played."""
    path = tmp_path / "games.jsonl"
    args = ["tournament", GAME, "--seats", ",".join(SEATS), "-n", "4", "--journal", str(path)]
    code, first = run(args + ["--seed", "3"])
    assert code == 0 and numbers(path) == [0, 1, 2, 3]
    code, again = run(args)
    assert code == 0 and table(again) == table(first)
    code, out = run(args + ["--seed", "8"])
    assert code == 2 and "the file holds another run's games" in out
    code, out = run(["tournament", GAME, "--seats", "random,random", "-n", "2", "--journal",
                     "/no/such/folder/games.jsonl"])
    assert code == 2 and "cannot write /no/such/folder/games.jsonl" in out


def run(argv: list[str]) -> tuple[int, str]:
    console = Console(file=io.StringIO(), width=120)
    code = main(argv, input_fn=lambda prompt: "", console=console)
    return code, console.file.getvalue()  # type: ignore[attr-defined]


def table(output: str) -> list[str]:
    """The report without its first line, which says how long the run took."""
    return output.splitlines()[1:]


def fail_if_played(*_args: object) -> None:
    raise AssertionError("a game the journal holds was played again")


def test_a_simulation_can_be_duplicate_as_a_tournament_is(tmp_path: Path) -> None:
    """``parlour simulate --duplicate``: each deal once per rotation, the lines a duplicate tournament keeps."""
    path = tmp_path / "games.jsonl"
    code, said = run(["simulate", GAME, "--seats", ",".join(SEATS), "-n", "4", "--seed", "4", "--duplicate",
                     "--out", str(path)])
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert code == 0 and "Wrote 4 games" in said
    assert [(line["deal"], line["rotation"]) for line in lines] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert lines[0]["deal_seed"] == lines[1]["deal_seed"] != lines[2]["deal_seed"]
