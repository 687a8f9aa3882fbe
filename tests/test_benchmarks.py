"""The speed benchmark runs: a smoke test of ``benchmarks/speed.py`` on its quickest row.

Tests never time anything (issue 11): this checks only that the script runs, prints its clone lines
against their targets and writes its JSON, so that the benchmark the closing note quotes does not rot.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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
