"""The README is true: its table of games is the registry's, its Python runs, every command it gives is one
the project offers, and "Where things live" names files that exist.

``python tests/test_readme.py`` prints the games table as the README should hold it.
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from parlour.cli.table import players_span
from parlour.engine import games as all_games  # parlour.games() itself; a name mypy can follow
from parlour.engine.registry import GameInfo
from parlour.engine.rules_page import module_doc, split_docstring

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"^```(\w+)\n(.*?)^```$", README, re.MULTILINE | re.DOTALL)
EXTRAS = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]


def one_line(info: GameInfo) -> str:
    """The game in one line: its module docstring's first sentence, after the name it starts with."""
    lead = split_docstring(module_doc(info)).lead
    line = lead.split(": ", 1)[1] if ": " in lead else lead
    return line[:1].upper() + line[1:]


def games_table() -> str:
    """The README's table of games, one row a registered game, as the registry gives it."""
    rows = [f"| {info.name} (`{info.id}`) | {', '.join(info.family)} | {players_span(info, with_default=False)} | "
            f"{one_line(info).replace('|', '/')} |" for info in all_games()]
    return "\n".join(["| game | family | players | in one line |", "| --- | --- | --- | --- |", *rows])


def test_the_games_table_is_the_registrys() -> None:
    """Issue 40: the README lists every game (Samba was missing), with its family, players and one line;
    the table is generated (``python tests/test_readme.py``), so it cannot drift."""
    assert games_table() in README, "regenerate the README's games table: python tests/test_readme.py"
    assert len(all_games()) == 27 and "| Samba (`samba`) |" in README


def test_the_first_screen_has_the_picture_the_commands_and_the_games() -> None:
    """What a newcomer reads first, in order: what Parlour is, a picture, the two commands, the games."""
    order = [README.index(mark) for mark in ("Parlour plays", "![", "## Two commands", "pip install \".[web]\"",
                                             "pip install -e \".[ci]\"", "## The games")]
    assert order == sorted(order)
    assert README.index("## The games") < README.index("## As a library") < README.index("## Where things live")


@pytest.mark.parametrize("number", [n for n, (language, _) in enumerate(BLOCKS) if language == "python"])
def test_each_python_block_runs(number: int) -> None:
    """The library in ten lines runs as it stands, and shows its result."""
    code = BLOCKS[number][1]
    assert len(code.strip().splitlines()) <= 10
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, f"README.md, block {number + 1}", "exec"), {"__name__": "readme"})
    assert printed.getvalue().strip()


def commands() -> list[str]:
    """Every command the README gives: each step of its shell blocks' lines, and ``parlour ...`` in its text."""
    steps = [step.strip() for language, code in BLOCKS if language == "bash"
             for line in code.splitlines() if line.strip() and not line.startswith("#")
             for step in line.split("#", 1)[0].split("&&")]
    inline = re.findall(r"`((?:parlour|python) [^`]+)`", README)
    return steps + [text for text in inline if not text.startswith("python -m pytest")]


def test_the_readme_gives_commands() -> None:
    given = set(commands())
    assert {"parlour serve", "python -m pytest -n auto", "parlour rules tetka", "python docs/build.py"} <= given


@pytest.mark.parametrize("command", commands())
def test_each_command_is_one_the_project_offers(command: str) -> None:
    """Each command works as written: installs name extras that exist, ``parlour`` commands parse (the ones
    that only print run whole), and the scripts and the test run exist. The commands that install or serve
    are not run here: ``.ci/run`` runs the test command, and the server's tests start ``parlour serve``."""
    words = shlex.split(command)
    if words[:2] == ["pip", "install"]:
        spec = words[-1]
        assert spec.startswith(".[") and spec.endswith("]"), command
        assert set(spec[2:-1].split(",")) <= set(EXTRAS), command
        if spec == ".[web]":
            assert {"fastapi", "uvicorn"} <= {re.split(r"[<>=\[]", r, maxsplit=1)[0] for r in EXTRAS["web"]}
    elif words[0] == "parlour":
        runs_whole = words[1] in {"list", "rules"}
        done = subprocess.run([sys.executable, "-m", "parlour", *words[1:], *([] if runs_whole else ["--help"])],
                              cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0 and done.stdout.strip(), (command, done.stderr)
    elif words[:3] == ["python", "-m", "pytest"]:
        assert "pytest-xdist>=3.5" in EXTRAS["test"]
    elif words[0] == "python":
        assert (ROOT / words[1]).is_file(), command
    else:
        assert command in {"python3 -m venv .venv", ". .venv/bin/activate"}, command


def test_where_things_live_names_files_that_exist() -> None:
    """Every path in the right-hand column of "Where things live" exists (a bare name after a path is in the
    same folder: ``parlour/web/app.py``, ``tables.py``)."""
    table = README.split("## Where things live", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| ") and not line.startswith("| what")]
    assert len(rows) > 30
    for row in rows:
        folder = ROOT
        for name in re.findall(r"`([^`]+)`", row.rstrip(" |").rsplit(" | ", 1)[1]):
            path = ROOT / name if "/" in name else folder / name
            assert path.exists(), (name, row[:60])
            folder = path.parent if "/" in name else folder


if __name__ == "__main__":
    print(games_table())
