"""What a plain ``pip install .`` ships: the browser page and the typing marker, not only the modules."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_package_data_covers_every_static_file() -> None:
    """Every file the browser page needs is declared as package data, so a non-editable install serves it."""
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["parlour"]
    package = ROOT / "parlour"
    shipped = {path for pattern in patterns for path in package.glob(pattern)}
    needed = {path for path in (package / "web" / "static").rglob("*") if path.is_file()} | {package / "py.typed"}
    assert needed and needed <= shipped
