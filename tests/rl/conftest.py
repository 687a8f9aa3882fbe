"""The RL adapters' tests need their extras: a file whose packages are missing is skipped whole, saying
which extra to install (``pettingzoo`` for PettingZoo and the observations, ``openspiel`` for OpenSpiel)."""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path
from typing import Any

import pytest

# Each file's packages, and the extra that brings them.
NEEDS = {
    "test_observation.py": (("numpy",), "pettingzoo"),
    "test_pettingzoo.py": (("numpy", "gymnasium", "pettingzoo"), "pettingzoo"),
    "test_openspiel.py": (("numpy", "pyspiel"), "openspiel"),
    "test_research_page.py": (("numpy", "gymnasium", "pettingzoo", "pyspiel"), "rl"),
}


class _Missing(pytest.Module):
    """A test file whose packages are not installed: one skip, with the reason, instead of an import error."""

    reason = ""

    def collect(self) -> Any:
        pytest.skip(self.reason, allow_module_level=True)


def pytest_pycollect_makemodule(module_path: Path, parent: pytest.Collector) -> pytest.Module | None:
    packages, extra = NEEDS.get(module_path.name, ((), ""))
    missing = [name for name in packages if find_spec(name) is None]
    if not missing:
        return None
    module = _Missing.from_parent(parent, path=module_path)
    module.reason = f"{', '.join(missing)} not installed (pip install -e \".[{extra}]\")"
    return module
