"""The first rows of ``benchmarks/speed.py``, under their old name: random Tëtka deals against OpenSpiel's
Hearts, ``clone()`` and ``sample_world()``.

    python benchmarks/playouts.py [--seconds 0.7] [--rounds 7] [--json FILE]

is ``python benchmarks/speed.py --only tetka clone sample``; see that module for what is measured and
why the comparison is fair.
"""

from __future__ import annotations

import sys

from speed import main

if __name__ == "__main__":
    raise SystemExit(main(["--only", "tetka", "clone", "sample", *sys.argv[1:]]))
