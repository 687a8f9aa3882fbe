"""The terminal front-end: ``parlour list``, ``rules``, ``play`` and ``replay``.

It knows games only through the public contract (registry, views, actions' notation, records), so a
new game appears here without a change: every table is drawn from ``View.to_dict()`` alone.
"""

from parlour.cli.main import main

__all__ = ["main"]
