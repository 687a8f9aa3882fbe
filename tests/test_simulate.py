"""Bulk simulation (``parlour.sim.simulate`` and ``parlour simulate``) on the local backend: the lines are
the tournament's games, whole and replayable, in order whatever the workers; the command's refusals.
The same games through Ray are in ``tests/test_ray_backend.py``."""

from __future__ import annotations

import dataclasses
import io
import json
import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest
from rich.console import Console
from test_tournament import Cheat, run

import parlour
from parlour.sim import GameFailure, run_tournament
from parlour.sim import tournament as sim
from parlour.sim.simulate import in_order, simulate

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


class TestWithoutRay:
    """The ray backend names the extra that installs Ray when it is missing (here, hidden from import)."""

    @pytest.mark.parametrize("command", [["simulate", "kabu", "--out", "/tmp/never.jsonl"], ["tournament", "kabu"]])
    def test_the_ray_backend_names_the_cluster_extra(self, monkeypatch: pytest.MonkeyPatch,
                                                      command: list[str]) -> None:
        monkeypatch.setitem(sys.modules, "ray", None)
        code, out = run([*command, "--seats", ",".join(KABU), "-n", "2", "--backend", "ray"])
        assert code == 2 and 'the ray backend needs Ray: pip install "parlour[cluster]"' in out
