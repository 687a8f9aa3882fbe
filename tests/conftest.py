"""Settings for the whole suite, and its shared fixtures.

Hypothesis draws the same examples on every run (derandomized, with no example database), so that CI
judges every change by the same inputs and a failure seen once is seen again: a property test that found a
new input on one machine only would be a flaky test. To explore afresh, run with
``HYPOTHESIS_PROFILE=explore``.
"""

import os
import subprocess
import sys
from collections.abc import Callable

import pytest
from hypothesis import settings

settings.register_profile("parlour", derandomize=True, database=None)
settings.register_profile("explore")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "parlour"))


@pytest.fixture
def fresh_python() -> Callable[[str], list[str]]:
    """Run Python code in a new interpreter, where nothing an earlier test loaded is loaded (DDS, say), and
    answer the words it printed; a failure shows what it wrote to stderr."""
    def run(code: str) -> list[str]:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode == 0, done.stderr
        return done.stdout.split()
    return run
