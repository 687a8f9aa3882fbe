"""Settings for the whole suite.

Hypothesis draws the same examples on every run (derandomized, with no example database), so that CI
judges every change by the same inputs and a failure seen once is seen again: a property test that found a
new input on one machine only would be a flaky test. To explore afresh, run with
``HYPOTHESIS_PROFILE=explore``.
"""

import os

from hypothesis import settings

settings.register_profile("parlour", derandomize=True, database=None)
settings.register_profile("explore")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "parlour"))
