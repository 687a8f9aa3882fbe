"""Every example on the research page (``docs/research.md``) runs as it stands."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "research.md"
EXAMPLES = re.findall(r"^```python\n(.*?)^```$", PAGE.read_text(encoding="utf-8"), re.MULTILINE | re.DOTALL)


def test_the_page_has_an_example_for_each_interface() -> None:
    text = "\n".join(EXAMPLES)
    for used in ("Observer(", "pettingzoo import env", "parallel_env(", "pyspiel.load_game(", "openspiel-ismcts",
                 "simulate("):
        assert used in text


@pytest.mark.parametrize("number", range(len(EXAMPLES)))
def test_an_example_runs(number: int) -> None:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(EXAMPLES[number], f"{PAGE.name}, example {number + 1}", "exec"), {"__name__": "example"})
    assert printed.getvalue().strip(), "every example shows its result"
