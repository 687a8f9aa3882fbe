"""The speed benchmark runs: a smoke test of ``benchmarks/speed.py`` on its quickest row.

Tests never time anything (issue 11): this checks only that the script runs, prints its clone lines
against their targets and writes its JSON, so that the benchmark the closing note quotes does not rot.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from parlour.engine import game_info
from parlour.sim import tournament

SPEED = Path(__file__).resolve().parent.parent / "benchmarks" / "speed.py"


def test_speed_runs_its_clone_row_and_writes_json(tmp_path: Path) -> None:
    """``speed.py --seconds 0.05 --rounds 1 --only clone`` prints the three clone lines with their targets
    and writes them as JSON: one value a line, from histories of different lengths. The row needs no
    OpenSpiel (its Hearts yardstick is left out without it), so this runs on every machine."""
    out = tmp_path / "speed.json"
    run = subprocess.run([sys.executable, str(SPEED), "--seconds", "0.05", "--rounds", "1", "--only", "clone",
                          "--json", str(out)], capture_output=True, text=True, timeout=60, check=False)
    assert run.returncode == 0, run.stderr
    assert "clone() µs, Tëtka first deal" in run.stdout
    assert "target ≤ 1.5" in run.stdout
    lines = json.loads(out.read_text(encoding="utf-8"))["rows"]["clone"]
    assert [line["unit"] for line in lines] == ["µs", "µs", "ratio"]
    assert all(len(line["values"]) == 1 and line["median"] > 0 for line in lines)
    assert lines[2]["early history"] < lines[2]["late history"]


def test_speed_profiles_where_each_auction_games_time_goes(tmp_path: Path) -> None:
    """``speed.py --only where`` (issue 41's profile) splits each of the four auction games' time among its
    cards, calls, deals' ends and new games: the shares of a game add up to 100 and every kind occurs, since
    every one of these games has an auction and a whole game of several deals. No OpenSpiel needed."""
    out = tmp_path / "where.json"
    run = subprocess.run([sys.executable, str(SPEED), "--seconds", "0.05", "--rounds", "1", "--only", "where",
                          "--json", str(out)], capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    lines = json.loads(out.read_text(encoding="utf-8"))["rows"]["where"]
    names = [line["what"].split(":")[0] for line in lines]
    assert names == ["Auction Bridge", "Schafkopf", "Vint", "Preference"]
    for line in lines:
        shares = [line[f"{kind} %"] for kind in ("cards", "calls", "deal ends", "new games")]
        assert sum(shares) == pytest.approx(100)
        assert all(line[f"{kind} µs each"] > 0 for kind in ("cards", "calls", "deal ends", "new games"))
        assert line["target"] is None and line["met"] is None
    assert "Preference: cards' share of its time" in run.stdout


def test_the_double_dummy_benchmark_compares_tables_and_writes_json(tmp_path: Path) -> None:
    """``doubledummy.py`` on three small endings: every table equal to DDS's, one row per hand size in its
    JSON. Skipped without endplay (the ``dds`` extra)."""
    import pytest
    pytest.importorskip("endplay.dds")
    out = tmp_path / "dd.json"
    script = Path(__file__).resolve().parent.parent / "benchmarks" / "doubledummy.py"
    run = subprocess.run([sys.executable, str(script), "--positions", "3", "--min", "3", "--max", "4", "--jobs", "1",
                          "--json", str(out)], capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "3 of 3 positions have equal tables" in run.stdout
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["equal"] == 3 and {row["size"] for row in report["rows"]} <= {3, 4}


def test_the_pimc_worlds_benchmark_times_worlds_by_the_cards_left(tmp_path: Path) -> None:
    """``pimc_worlds.py`` on Heart Solo, stopped by a tiny budget: a row per hand size from two cards up, in
    order, each with its worlds timed, and where sixteen worlds fit in a second said."""
    out = tmp_path / "worlds.json"
    script = Path(__file__).resolve().parent.parent / "benchmarks" / "pimc_worlds.py"
    run = subprocess.run([sys.executable, str(script), "--games", "heart-solo", "--positions", "1", "--worlds", "1",
                          "--budget", "0.002", "--json", str(out)], capture_output=True, text=True, timeout=120,
                         check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "heart-solo      up to" in run.stdout
    rows = json.loads(out.read_text(encoding="utf-8"))
    assert [row["cards"] for row in rows] == list(range(2, 2 + len(rows)))
    assert rows[-1]["slowest"] > 0.002 or rows[-1]["cards"] == 8     # over the budget, or the whole hand
    assert all(row["game"] == "heart-solo" and row["worlds"] == 1 and row["mean"] > 0 for row in rows)


def test_the_strength_table_keeps_its_prose_and_earlier_rows_and_draws_each_pairing(tmp_path: Path) -> None:
    """``strength.py --only divide-and-conquer --rows expert-heuristic``: the expert's row (a duplicate
    tournament, judged by the lead per deal) and its timing replace only the table between the page's marks;
    the prose around them and another game's earlier row stay, and the pairing is drawn as SVG."""
    script = Path(__file__).resolve().parent.parent / "benchmarks" / "strength.py"
    page = tmp_path / "strength.md"
    kept = ("| Tëtka | expert | heuristic ×3 | 40 (10 deals) | +5.07 [+3.81, +6.32] | 5.20 vs 10.27 | 46% [32%, 62%] "
            "| +209 | **better** | 3.3 |")
    page.write_text("# Strength\n\nIntro.\n\n<!-- the table: written by benchmarks/strength.py -->\n\n" + kept
                    + "\n\n<!-- end of the table -->\n\nReading it.\n", encoding="utf-8")
    run = subprocess.run([sys.executable, str(script), "--only", "divide-and-conquer", "--rows", "expert-heuristic",
                          "--games", "2", "--jobs", "1", "--out", str(page), "--plots", str(tmp_path / "plots")],
                         capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    text = page.read_text(encoding="utf-8")
    assert text.startswith("# Strength\n\nIntro.\n") and text.endswith("<!-- end of the table -->\n\nReading it.\n")
    assert kept in text
    row = next(line for line in text.splitlines() if line.startswith("| Divide and Conquer | expert |"))
    assert "| heuristic ×1 | 2 (1 deal) |" in row
    assert any(verdict in row for verdict in ("**better**", "| worse |", "no clear difference"))
    assert "| Divide and Conquer | " in text.split("expert: mean seconds per move")[1]
    assert "expert" in (tmp_path / "plots" / "divide-and-conquer--expert--heuristic.svg").read_text(encoding="utf-8")


def test_a_strength_pairing_with_a_journal_goes_on_after_a_stop_with_its_minutes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--journal FOLDER``: a pairing's games and seconds are kept by its name (options included); run
    again, it plays none it holds and its row counts the minutes of every run."""
    strength = strength_module()
    game = game_info("divide-and-conquer")
    first = strength.measure(game, "heuristic", "random", 2, 1, None, journals=tmp_path)
    stem = tmp_path / "divide-and-conquer--heuristic--random"
    assert len(stem.with_suffix(".jsonl").read_text(encoding="utf-8").splitlines()) == 2
    assert float(stem.with_suffix(".seconds").read_text(encoding="utf-8")) < 60
    stem.with_suffix(".seconds").write_text("600.0\n", encoding="utf-8")         # ten minutes in an earlier run
    monkeypatch.setattr(importlib.import_module("parlour.sim.simulate"), "play_out",
                        lambda task: pytest.fail(f"game {task.number} played again"))
    again = strength.measure(game, "heuristic", "random", 2, 1, None, journals=tmp_path)
    assert again.rsplit("|", 2)[0] == first.rsplit("|", 2)[0] and again.endswith("| 10.0 |")
    assert strength.named({"rubbers": 1, "deal": "pack"}) == "--deal=pack--rubbers=1" and strength.named(None) == ""


def test_the_strength_tables_options_are_the_games_named_in_the_row_and_checked_first() -> None:
    """``--options rubbers=1``: values read as JSON where they can be, named after the row's deals; a bad
    option or one given without ``--only`` stops the run, naming it, before any game is played."""
    strength = strength_module()
    assert strength.parse_options(["rubbers=1", "deal=pack", "flag=true"]) == {"rubbers": 1, "deal": "pack",
                                                                               "flag": True}
    assert strength.parse_options(None) is None and strength.options_shown(None, "; ") == ""
    assert strength.options_shown({"rubbers": 1}, "; ") == "; rubbers=1"
    with pytest.raises(SystemExit, match="KEY=VALUE"):
        strength.parse_options(["rubbers"])
    script = Path(__file__).resolve().parent.parent / "benchmarks" / "strength.py"
    for arguments, said in ((["--only", "vint", "--options", "rubbers=0"], "rubbers must be at least 1"),
                            (["--options", "rubbers=1"], "name it with --only")):
        run = subprocess.run([sys.executable, str(script), *arguments, "--out", "/nonexistent/strength.md"],
                             capture_output=True, text=True, timeout=120, check=False)
        assert run.returncode != 0 and said in run.stderr and "Traceback" not in run.stderr


def test_the_timing_table_shows_times_under_a_millisecond() -> None:
    """``seconds_shown``: three decimals as before, but two significant figures below a hundredth of a
    second, so that the experts that answer in a fraction of a millisecond no longer read 0.000."""
    strength = strength_module()
    assert [strength.seconds_shown(s) for s in (0.4936, 0.0221, 0.0093, 0.000412, 0.000059, 0.0)] == [
        "0.494", "0.022", "0.0093", "0.00041", "0.000059", "0.000"]


def test_in_a_partnership_game_the_bot_is_partnered_by_itself() -> None:
    """Issue 41: where partners sit (facing each other), the bot's partner is the bot, against a side of the
    opponent kind, in every rotation of the duplicate tournament; elsewhere one seat is the bot."""
    strength = strength_module()
    for game_id in ("mus", "auction-bridge", "canasta", "crates"):
        seats = strength.seats(game_info(game_id), "expert", "random")
        assert seats == ["expert", "random", "expert", "random"]
        for rotation in range(4):
            turned = tournament.seating(seats, rotation)
            assert turned[0] == turned[2] != turned[1] == turned[3]
    assert strength.against(game_info("mus"), "expert", "random") == "random ×2, partnered by expert"
    assert strength.seats(game_info("tetka"), "expert", "heuristic") == ["expert"] + ["heuristic"] * 3
    assert strength.against(game_info("tetka"), "expert", "heuristic") == "heuristic ×3"


def strength_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("strength", Path(__file__).resolve().parent.parent / "benchmarks"
                                                  / "strength.py")
    assert spec is not None and spec.loader is not None
    strength = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(strength)
    return strength
