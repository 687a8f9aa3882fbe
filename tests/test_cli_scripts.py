"""The ``parlour`` command as scripts meet it (issue 40, part 3): piped output keeps its lines, ``--json`` gives
one document, errors are one line on stderr that name the problem, and the help names every bot kind.

Most tests run the real command in a subprocess with its output piped (not a terminal), at a narrow
``COLUMNS``, so that any re-wrapping to the terminal's width would show.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

import parlour
from parlour.bots import bot_kinds
from parlour.bots.base import LEVEL_NAMES
from parlour.bots.kinds import RESEARCH
from parlour.cli.main import EXAMPLES, main
from parlour.sim.tournament import CSV_COLUMNS

QUICK = ["--seats", "random,random,random,random", "-n", "2", "--seed", "1"]


def parlour_cmd(*args: str, columns: int = 60) -> subprocess.CompletedProcess[str]:
    """``python -m parlour ARGS`` with stdout and stderr piped, as a script runs it."""
    env = {**os.environ, "COLUMNS": str(columns), "PYTHONIOENCODING": "utf-8"}
    env.pop("FORCE_COLOR", None)
    return subprocess.run([sys.executable, "-m", "parlour", *args], capture_output=True, text=True, env=env,
                          stdin=subprocess.DEVNULL, timeout=300, encoding="utf-8")


def run(argv: list[str]) -> tuple[int, str]:
    """In-process: the exit code and everything printed (one console, not a terminal)."""
    console = Console(file=io.StringIO(), width=80)
    code = main(argv, input_fn=lambda prompt: "", console=console)
    return code, console.file.getvalue()  # type: ignore[attr-defined]


def one_line(text: str) -> str:
    """Help text with argparse's own folding undone, to look for a phrase in it."""
    return re.sub(r"\s+", " ", text)


# --- piped output keeps its lines ---------------------------------------------------------------------------
def test_piped_help_keeps_every_example_line_whole() -> None:
    done = parlour_cmd("--help")
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    examples = [line for line in EXAMPLES.splitlines()[1:] if line.strip()]
    assert any(len(line) > 80 for line in examples)   # the test means something: some examples are long
    for line in examples:
        assert line in lines, f"re-wrapped: {line!r}"


def test_piped_error_is_one_line_on_stderr() -> None:
    done = parlour_cmd("rules", "no-such-game")   # the message lists all 27 games: far longer than 60 columns
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith("error: ") and "no-such-game" in done.stderr and "tetka" in done.stderr


def test_piped_tournament_table_keeps_each_bot_on_one_line() -> None:
    done = parlour_cmd("tournament", "tetka", "--seats", "heuristic:normal,random,random,random", "-n", "2",
                       "--seed", "1", columns=40)
    assert done.returncode == 0, done.stderr
    rows = {line.split()[0]: line for line in done.stdout.splitlines() if line.startswith(("heuristic", "random"))}
    assert set(rows) == {"heuristic:normal", "random"}
    for row in rows.values():   # the bot, its games, its score, its two intervals, its win rate and its Elo
        assert re.fullmatch(r"\S+\s+\d+\s+\S+\s+\[\S+, \S+\]\s+\S+%\s+\S+%\s+\S+", row.strip()), row
    notes = [line for line in done.stdout.splitlines() if line.startswith("Scores as Tëtka counts them")]
    assert len(notes) == 1 and notes[0].endswith("counts one game per seat.")   # the notes in one line, unfolded


# --- --json: one document on stdout -------------------------------------------------------------------------
def test_list_json_has_every_game_with_its_facts() -> None:
    code, out = run(["list", "--json"])
    assert code == 0
    document = json.loads(out)
    infos = parlour.games()
    assert len(infos) == 27
    assert [game["id"] for game in document["games"]] == [info.id for info in infos]
    for game, info in zip(document["games"], infos, strict=True):
        assert game["name"] == info.name
        assert (game["min_players"], game["max_players"]) == (info.min_players, info.max_players)
        assert game["player_counts"] == list(info.counts)
        assert game["family"] == list(info.family) and game["variants"] == list(info.variants)
        assert [option["name"] for option in game["options"]] == [spec.name for spec in info.options]
    assert {"name": "Tëtka"}.items() <= next(g for g in document["games"] if g["id"] == "tetka").items()


def test_rules_json_is_the_game_and_its_rules() -> None:
    code, out = run(["rules", "tetka", "--json"])
    assert code == 0
    game = json.loads(out)
    info = parlour.game_info("tetka")
    assert game["id"] == "tetka" and game["name"] == info.name
    assert game["rules"] == info.rules_text() and game["rules"].strip()
    assert game["rules_source"] == list(info.rules_source) and game["rules_version"] == info.rules_version
    assert {option["name"]: option["default"] for option in game["options"]}["orbits"] is not None
    listed = json.loads(run(["list", "--json"])[1])["games"]
    assert next(g for g in listed if g["id"] == "tetka").items() <= game.items()   # the same keys as in the list


def test_rules_json_and_observation_together_are_refused() -> None:
    code, out = run(["rules", "tetka", "--json", "--observation"])
    assert code == 2 and out.startswith("error: ") and "choose one" in out


def test_tournament_json_is_one_document_and_notes_go_to_stderr(tmp_path: Path) -> None:
    csv_path = tmp_path / "results.csv"
    done = parlour_cmd("tournament", "tetka", *QUICK, "--json", "--csv", str(csv_path))
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    assert {"game": "tetka", "name": "Tëtka", "players": 4, "games": 2, "seed": 1, "duplicate": False,
            "variant": None}.items() <= document.items()
    assert document["seats"] == ["random"] * 4
    assert [list(row) for row in document["bots"]] == [list(CSV_COLUMNS)]
    assert document["bots"][0]["bot"] == "random" and document["bots"][0]["games"] == 8
    assert f"Wrote {csv_path}." in done.stderr and csv_path.exists()


def test_tournament_json_matches_the_csv(tmp_path: Path) -> None:
    csv_path = tmp_path / "results.csv"
    code, out = run(["tournament", "tetka", "--seats", "heuristic,random,random,random", "-n", "2", "--seed", "1",
                     "--json", "--csv", str(csv_path)])
    assert code == 0
    document = json.loads(out[:out.rindex("}") + 1])   # one console in this test: the note follows the document
    header, *rows = [line.split(",") for line in csv_path.read_text().splitlines()]
    assert header == list(CSV_COLUMNS)
    assert [row[0] for row in rows] == [bot["bot"] for bot in document["bots"]]
    for row, bot in zip(rows, document["bots"], strict=True):
        for column, text in zip(CSV_COLUMNS[1:], row[1:], strict=True):
            assert bot[column] is None if text == "nan" else bot[column] == pytest.approx(float(text))


# --- help and errors ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("command", ["play", "tournament", "simulate"])
def test_seats_help_names_every_bot_kind_of_the_registry(command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "50")   # argparse folds its help to this: no name may break at its hyphen
    code, out = run([command, "--help"])
    assert code == 0
    helped = one_line(out)
    kinds = set(bot_kinds()) | set(LEVEL_NAMES) | set(RESEARCH)
    assert {"pimc", "rollout", "openspiel-ismcts"} <= kinds
    for kind in kinds:
        assert re.search(rf"[ ,:]{re.escape(kind)}[,; )]", helped), f"{command} --help omits {kind}"


def test_list_help_has_a_description() -> None:
    code, out = run(["list", "--help"])
    assert code == 0
    assert "Every game:" in out and "--json" in out


def test_an_error_unrelated_to_the_seats_does_not_mention_them() -> None:
    code, out = run(["play", "tetka", "--seats", "random,random,random,random", "--option", "nope=1"])
    assert code == 2
    assert out.startswith("error: unknown option 'nope'") and "--seats" not in out
    code, out = run(["play", "tetka", "--seats", "random,random,random,random", "--variant", "nope"])
    assert code == 2 and "--seats" not in out


def test_a_wrong_number_of_seats_says_so() -> None:
    code, out = run(["play", "tetka", "--seats", "random,random,random"])
    assert code == 2
    assert out.strip() == "error: Tëtka is played by 4 players, but --seats names 3: give one kind per seat"


def test_review_error_has_no_blank_line_before_it(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(parlour.new_game("tetka", seed=1).record()), encoding="utf-8")
    done = parlour_cmd("review", str(path), "--seat", "9")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("error: ") and len(done.stderr.splitlines()) == 1, repr(done.stderr)


def test_usage_errors_are_on_stderr_with_code_2() -> None:
    done = parlour_cmd()
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("usage: parlour")
    done = parlour_cmd("tournament", "tetka", "--seats", "random,random,random,random")   # no -n
    assert done.returncode == 2 and done.stdout == ""
    assert "the following arguments are required: -n/--games" in done.stderr
