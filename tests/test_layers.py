"""The house's layering: rules never import bots or front-ends (checked over the source with ast)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "parlour"
RULES = ("cards.py", "errors.py", "engine", "mechanics", "games")
FORBIDDEN = ("parlour.bots", "parlour.cli", "parlour.web", "parlour.rl", "parlour.sim")


def imports_of(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def rule_files() -> list[Path]:
    files: list[Path] = []
    for entry in RULES:
        path = PACKAGE / entry
        files.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return files


def test_rules_import_no_bots_or_front_ends() -> None:
    offenders = [(f.relative_to(PACKAGE), name) for f in rule_files() for name in imports_of(f)
                 if name.startswith(FORBIDDEN)]
    assert offenders == []


def test_the_check_would_catch_an_offender(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from parlour.bots import make_bot\nimport parlour.cli.main\n")
    assert {n for n in imports_of(bad) if n.startswith(FORBIDDEN)} >= {"parlour.bots", "parlour.cli.main"}


def test_bots_never_reach_into_a_game() -> None:
    """Bots choose from views (and search worlds sampled for them): they may reuse a game's pure rule
    functions, never import its state class."""
    for path in sorted((PACKAGE / "bots").rglob("*.py")):
        names = imports_of(path)
        assert not any(n.startswith("parlour.games") and n.endswith("State") for n in names), path
