"""Bulk simulation (``parlour.sim.simulate`` and ``parlour simulate``) on the local backend: the lines are
the tournament's games, whole and replayable, in order whatever the workers; a killed run resumed ends as
the whole run would have; the command's refusals. The same games through Ray are in
``tests/test_ray_backend.py``."""

from __future__ import annotations

import dataclasses
import io
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pytest
from rich.console import Console
from test_tournament import Cheat, run

import parlour
from parlour.sim import GameFailure, run_tournament
from parlour.sim import tournament as sim
from parlour.sim.simulate import in_order, simulate, simulate_file

KABU = ["heuristic", "random", "random", "random"]


def lines_of(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


@pytest.fixture(scope="module")
def kabu() -> str:
    """Four games of Kabu, heuristic against random, as JSON lines; several tests read them."""
    out = io.StringIO()
    simulate("kabu", KABU, games=4, out=out, seed=7)
    return out.getvalue()


class TestLines:
    def test_line_g_is_game_g_of_the_tournament_with_the_same_seed(self, kabu: str) -> None:
        tournament = run_tournament("kabu", KABU, games=4, seed=7)
        fields = [field.name for field in dataclasses.fields(sim.GameRecord)]
        assert [{name: line[name] for name in fields} for line in lines_of(kabu)] == [
            json.loads(json.dumps(dataclasses.asdict(record))) for record in tournament.records]

    def test_each_line_holds_a_record_that_replays_to_its_deals_and_result(self, kabu: str) -> None:
        for line in lines_of(kabu):
            state = parlour.replay(line["record"])
            assert state.is_over and line["record"]["seed"] == line["deal_seed"]
            assert line["deals"] == [deal.to_dict() for deal in state.hand_results]
            assert line["result"] == state.result().to_dict()
            assert line["scores"] == list(state.scores()) and line["actions"] == len(line["record"]["actions"])

    def test_several_workers_write_the_same_lines_in_the_same_order(self, kabu: str) -> None:
        out = io.StringIO()
        simulate("kabu", KABU, games=4, out=out, seed=7, jobs=2)
        assert out.getvalue() == kabu

    def test_each_line_carries_the_runs_seed(self, kabu: str) -> None:
        """Issue 40: the seed is what a resumed run needs, and a run that drew its own told it nowhere else."""
        assert [line["seed"] for line in lines_of(kabu)] == [7] * 4

    def test_results_finished_out_of_order_are_written_in_order(self) -> None:
        assert list(in_order([(2, "c"), (0, "a"), (3, "d"), (1, "b")])) == ["a", "b", "c", "d"]

    def test_no_seed_draws_one_and_returns_it(self) -> None:
        first, again = io.StringIO(), io.StringIO()
        seed = simulate("divide-and-conquer", ["random", "random"], games=1, out=first)
        assert simulate("divide-and-conquer", ["random", "random"], games=1, out=again, seed=seed) == seed
        assert first.getvalue() == again.getvalue() != ""

    def test_a_failed_game_leaves_the_lines_before_it(self, monkeypatch: pytest.MonkeyPatch) -> None:
        real = sim.make_bot
        made: list[int] = []

        def second_game_cheats(kind: str, game: str, seed: int | None = None) -> Any:
            made.append(1)
            return Cheat() if len(made) > 3 else real(kind, game, seed)   # one check, then two seats a game

        monkeypatch.setattr(sim, "make_bot", second_game_cheats)
        out = io.StringIO()
        with pytest.raises(GameFailure, match=r"game 2 \(deal seed \d+.*chose 'play nothing'"):
            simulate("divide-and-conquer", ["random", "random"], games=3, out=out, seed=1)
        assert [line["number"] for line in lines_of(out.getvalue())] == [0]


class TestCommand:
    ARGS: ClassVar[list[str]] = ["simulate", "kabu", "--seats", ",".join(KABU), "-n", "4", "--seed", "7"]

    def test_writes_the_lines_and_says_where(self, tmp_path: Path, kabu: str) -> None:
        path = tmp_path / "kabu.jsonl"
        code, out = run(self.ARGS + ["--out", str(path)], Console(file=io.StringIO(), width=400))
        assert code == 0 and f"Wrote 4 games of Kabu to {path} (seed 7, " in out and "on 1 process)" in out
        assert path.read_text(encoding="utf-8") == kabu

    def test_a_terminal_gets_a_progress_bar(self, tmp_path: Path) -> None:
        path = tmp_path / "dc.jsonl"
        console = Console(file=io.StringIO(), width=120, force_terminal=True)
        code, out = run(["simulate", "divide-and-conquer", "--seats", "heuristic,random", "-n", "2",
                         "--out", str(path)], console)
        assert code == 0 and "games" in out and "Wrote 2 games" in out
        assert len(path.read_text(encoding="utf-8").splitlines()) == 2

    @pytest.mark.parametrize(("argv", "message"), [
        (["snap-dragon", "--seats", "random,random", "-n", "2"], "unknown game 'snap-dragon'"),
        (["kabu", "--seats", "heuristic,robot,random,random", "-n", "2"], "unknown bot 'robot'"),
        (["kabu", "--seats", "heuristic,random", "-n", "2"], "played by 4 players by default, but the seats name 2"),
        (["kabu", "--seats", ",".join(KABU), "-n", "0"], "play at least one game, not 0"),
        (["kabu", "--seats", ",".join(KABU), "-n", "2", "-o", "stake=x"], "option stake"),
        (["kabu", "--seats", ",".join(KABU), "-n", "2", "--jobs", "-1"], "--jobs takes a number of processes"),
        (["kabu", "--seats", ",".join(KABU), "-n", "2", "--address", "127.0.0.1:1"],
         "--address names a Ray cluster: give it with --backend ray"),
        (["kabu", "--seats", ",".join(KABU), "-n", "2", "--backend", "spark"], "invalid choice: 'spark'"),
    ])
    def test_refused_with_the_reason_before_the_file_is_made(self, tmp_path: Path, argv: list[str],
                                                               message: str) -> None:
        path = tmp_path / "out.jsonl"
        code, out = run(["simulate", *argv, "--out", str(path)])
        assert code == 2 and message in out and "Traceback" not in out
        assert not path.exists()

    def test_a_missing_folder_is_refused(self) -> None:
        code, out = run(self.ARGS + ["--out", "/no/such/folder/x.jsonl"])
        assert code == 2 and "cannot write /no/such/folder/x.jsonl: no folder /no/such/folder" in out

    def test_out_is_required(self) -> None:
        code, out = run(self.ARGS)
        assert code == 2 and "the following arguments are required: --out" in out

    def test_a_failing_bot_exits_1(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(sim, "make_bot", lambda kind, game, seed=None: Cheat())
        code, out = run(["simulate", "divide-and-conquer", "--seats", "random,random", "-n", "1",
                         "--out", str(tmp_path / "x.jsonl")])
        assert code == 1 and "chose 'play nothing'" in out

    def test_listed_in_help(self) -> None:
        code, out = run(["--help"])
        assert code == 0 and "simulate" in out


def cut(text: str, lines: int, extra: int = 0) -> bytes:
    """The first ``lines`` lines of ``text`` and ``extra`` bytes of the next: what a kill leaves."""
    whole = text.encode("utf-8")
    end = sum(len(line) for line in whole.splitlines(keepends=True)[:lines])
    return whole[:end + extra]


class TestResume:
    """Issue 40: a killed ``parlour simulate`` resumes from the lines already written, to the very file an
    uninterrupted run writes; a file of another run, or damaged, is refused and left as it was."""

    @pytest.mark.parametrize(("lines", "extra"), [(0, 0), (0, 50), (2, 0), (2, 777), (3, 0), (4, 0)])
    def test_a_killed_run_resumes_to_the_whole_runs_bytes(self, tmp_path: Path, kabu: str, lines: int,
                                                           extra: int) -> None:
        path = tmp_path / "kabu.jsonl"
        path.write_bytes(cut(kabu, lines, extra))
        seed = None if lines else 7     # read from the file when it holds a whole line
        assert simulate_file(path, "kabu", KABU, 4, seed, resume=True) == 7
        assert path.read_text(encoding="utf-8") == kabu

    def test_a_last_line_without_its_newline_is_played_again(self, tmp_path: Path, kabu: str) -> None:
        path = tmp_path / "kabu.jsonl"
        path.write_bytes(kabu.encode("utf-8")[:-1])
        simulate_file(path, "kabu", KABU, 4, resume=True)
        assert path.read_text(encoding="utf-8") == kabu

    def test_progress_counts_the_games_the_file_held(self, tmp_path: Path, kabu: str) -> None:
        path = tmp_path / "kabu.jsonl"
        path.write_bytes(cut(kabu, 2))
        told: list[tuple[int, int]] = []
        simulate_file(path, "kabu", KABU, 4, resume=True, progress=lambda done, total: told.append((done, total)))
        assert told == [(3, 4), (4, 4)]

    def test_each_line_is_on_disk_once_its_game_is_written(self, tmp_path: Path) -> None:
        """What a kill can lose is the games being played, never a written line held in a buffer: as the
        third game ends, the file already holds the first two whole (read by another handle, as a resumed
        run reads it). Divide and Conquer's lines are short, so a buffer would hold several."""
        path = tmp_path / "dc.jsonl"
        seen: list[bytes] = []
        simulate_file(path, "divide-and-conquer", ["heuristic", "random"], 4, 7,
                      progress=lambda done, _total: seen.append(path.read_bytes()))
        assert seen[2] == cut(path.read_text(encoding="utf-8"), 2) and seen[2].count(b"\n") == 2

    def test_a_missing_file_is_started(self, tmp_path: Path, kabu: str) -> None:
        path = tmp_path / "kabu.jsonl"
        simulate_file(path, "kabu", KABU, 4, 7, resume=True)
        assert path.read_text(encoding="utf-8") == kabu

    @pytest.mark.parametrize(("change", "message"), [
        ({"seed": 8}, "line 1: its seed is 7 where game 1 of this run has 8: the file holds another run's games"),
        ({"seats": ["random", "heuristic", "random", "random"]},
         'line 1: its kinds is ["heuristic", "random", "random", "random"] where game 1 of this run has '
         '["random", "heuristic", "random", "random"]'),
        ({"options": {"stake": 5}}, "line 1: its options is"),
        ({"games": 1}, "holds more games than the 1 asked for"),
    ])
    def test_a_file_of_another_run_is_refused_and_left_as_it_was(self, tmp_path: Path, kabu: str,
                                                                  change: dict[str, Any], message: str) -> None:
        path = tmp_path / "kabu.jsonl"
        path.write_bytes(cut(kabu, 2, 40))
        before = path.read_bytes()
        run = {"seats": KABU, "games": 4, "seed": None, "options": None} | change
        with pytest.raises(ValueError, match=re.escape(message)):
            simulate_file(path, "kabu", run["seats"], run["games"], run["seed"], resume=True, options=run["options"])
        assert path.read_bytes() == before

    @pytest.mark.parametrize(("damage", "message"), [
        (lambda line: b"{not json\n", "line 2: not a line of JSON (the file is damaged)"),
        (lambda line: b"[1, 2]\n", "line 2: not a game of a simulation"),
        (lambda line: line.replace(b'"deal_seed":', b'"deal_seed":1'), "line 2: its deal_seed is 1"),
    ])
    def test_a_damaged_line_is_refused_by_its_number(self, tmp_path: Path, kabu: str,
                                                      damage: Callable[[bytes], bytes], message: str) -> None:
        path = tmp_path / "kabu.jsonl"
        first, second, *rest = kabu.encode("utf-8").splitlines(keepends=True)
        path.write_bytes(b"".join([first, damage(second), *rest]))
        before = path.read_bytes()
        with pytest.raises(ValueError, match=re.escape(message)):
            simulate_file(path, "kabu", KABU, 4, resume=True)
        assert path.read_bytes() == before

    def test_the_command_resumes_without_the_seed_and_says_so(self, tmp_path: Path, kabu: str) -> None:
        path = tmp_path / "kabu.jsonl"
        path.write_bytes(cut(kabu, 1, 99))
        code, out = run(["simulate", "kabu", "--seats", ",".join(KABU), "-n", "4", "--out", str(path), "--resume"],
                        Console(file=io.StringIO(), width=400))
        assert code == 0 and f"Wrote 3 more games of Kabu to {path}, after the 1 it held (seed 7, " in out
        assert path.read_text(encoding="utf-8") == kabu
        code, out = run(["simulate", "kabu", "--seats", ",".join(KABU), "-n", "4", "--out", str(path), "--resume"],
                        Console(file=io.StringIO(), width=400))
        assert code == 0 and f"{path} holds all 4 games of Kabu already (seed 7): nothing to play." in out

    def test_the_command_refuses_another_runs_file(self, tmp_path: Path, kabu: str) -> None:
        path = tmp_path / "kabu.jsonl"
        path.write_bytes(cut(kabu, 2))
        code, out = run(TestCommand.ARGS[:-2] + ["--seed", "8", "--out", str(path), "--resume"])
        assert code == 2 and "its seed is 7 where game 1 of this run has 8" in " ".join(out.split())
        assert path.read_bytes() == cut(kabu, 2)

    def test_a_file_with_games_needs_resume_or_force(self, tmp_path: Path, kabu: str) -> None:
        path = tmp_path / "kabu.jsonl"
        path.write_bytes(cut(kabu, 2))
        code, out = run(TestCommand.ARGS + ["--out", str(path)])
        assert code == 2 and "holds games already: --resume to play only those it lacks, or --force" in " ".join(
            out.split())
        assert path.read_bytes() == cut(kabu, 2)
        assert run(TestCommand.ARGS + ["--out", str(path), "--force"])[0] == 0
        assert path.read_text(encoding="utf-8") == kabu

    def test_resume_and_force_exclude_each_other(self, tmp_path: Path) -> None:
        code, out = run(TestCommand.ARGS + ["--out", str(tmp_path / "x.jsonl"), "--resume", "--force"])
        assert code == 2 and "not allowed with argument" in out


class TestWithoutRay:
    """The ray backend names the extra that installs Ray when it is missing (here, hidden from import)."""

    @pytest.mark.parametrize("command", [["simulate", "kabu", "--out", "/tmp/never.jsonl"], ["tournament", "kabu"]])
    def test_the_ray_backend_names_the_cluster_extra(self, monkeypatch: pytest.MonkeyPatch,
                                                      command: list[str]) -> None:
        monkeypatch.setitem(sys.modules, "ray", None)
        code, out = run([*command, "--seats", ",".join(KABU), "-n", "2", "--backend", "ray"])
        assert code == 2 and 'the ray backend needs Ray: pip install "parlour[cluster]"' in out
