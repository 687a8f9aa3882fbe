"""What a plain ``pip install .`` ships (the browser page and the typing marker, not only the modules), the
extras and what they install, and the package's description."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def test_the_package_data_covers_every_static_file() -> None:
    """Every file the browser page needs is declared as package data, so a non-editable install serves it."""
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["parlour"]
    package = ROOT / "parlour"
    shipped = {path for pattern in patterns for path in package.glob(pattern)}
    needed = {path for path in (package / "web" / "static").rglob("*") if path.is_file()} | {package / "py.typed"}
    assert needed and needed <= shipped


def _project() -> dict[str, Any]:
    project: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return project


def _extra(name: str, seen: frozenset[str] = frozenset()) -> set[str]:
    """An extra's requirements by distribution name, its own extras of parlour followed."""
    found: set[str] = set()
    for requirement in _project()["optional-dependencies"][name]:
        if requirement.startswith("parlour["):
            for inner in requirement[len("parlour["):-1].split(","):
                found |= {f"[{inner}]"} | (_extra(inner, seen | {name}) if inner not in seen else set())
        else:
            found.add(re.split(r"[<>=\[ ]", requirement, maxsplit=1)[0])
    return found


def test_pettingzoo_and_openspiel_are_extras_apart_and_rl_is_both() -> None:
    """Issue 40: a PettingZoo user need not install OpenSpiel, nor the reverse."""
    assert "open-spiel" not in _extra("pettingzoo") and "pettingzoo" not in _extra("openspiel")
    assert {"pettingzoo", "gymnasium", "open-spiel"} <= _extra("rl")


def test_numpy_is_declared_by_every_extra_whose_modules_import_it() -> None:
    """Issue 40: numpy was imported but declared nowhere; each module that imports it names its extra
    (solver, or the RL adapters), and that extra declares numpy."""
    extras = {"parlour/bots/solver.py": "solver", "parlour/rl/observation.py": "pettingzoo",
              "parlour/rl/pettingzoo.py": "pettingzoo", "parlour/rl/openspiel.py": "openspiel"}
    importing = {str(path.relative_to(ROOT)) for path in (ROOT / "parlour").rglob("*.py")
                 if re.search(r"^\s*(import numpy|from numpy)", path.read_text(encoding="utf-8"), re.MULTILINE)}
    assert importing <= set(extras), importing - set(extras)
    for module, extra in extras.items():
        assert "numpy" in _extra(extra), (module, extra)
    assert "numpy" in _extra("openspiel") and "numpy" in _extra("rl")


def test_the_test_extra_is_light_and_ci_installs_everything() -> None:
    """Issue 40: ``test`` is what a contributor needs (the heavy parts skip with a reason without theirs);
    ``ci`` adds Ray, OpenSpiel, Playwright and PostgreSQL's driver, so CI runs every test it ran. DDS comes
    with the table (issue 41: its bridge bots and claims ask it for every trick), so with ``test`` too."""
    light = _extra("test")
    assert not light & {"ray", "open-spiel", "playwright", "psycopg"}
    assert "[dds]" in _extra("web") and "endplay" in _extra("dds")
    assert {"pytest", "pytest-xdist", "hypothesis", "fastapi", "pettingzoo", "sphinx"} <= light
    everything = _extra("ci")
    every_extra = set(_project()["optional-dependencies"]) - {"ci", "lint", "bench"}
    assert {f"[{name}]" for name in every_extra} <= everything | {"[test]"}
    assert {"ray", "open-spiel", "playwright", "psycopg", "endplay"} <= everything


def test_ci_runs_the_readmes_test_command() -> None:
    """``.ci/run`` installs and runs exactly what the README tells a contributor to."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = 'python3 -m venv .venv && . .venv/bin/activate && pip install -e ".[ci]" && python -m pytest -n auto'
    assert command in readme
    assert command in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_package_says_what_it_is() -> None:
    """Classifiers for the index's filters, and a README for its page."""
    project = _project()
    classifiers = project["classifiers"]
    assert "License :: OSI Approved :: MIT License" in classifiers and "Typing :: Typed" in classifiers
    assert any(c.startswith("Topic :: Games/Entertainment") for c in classifiers)
    assert f"Programming Language :: Python :: {project['requires-python'].lstrip('>=')}" in classifiers
    assert project["readme"] == "README.md"
