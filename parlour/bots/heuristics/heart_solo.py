"""Heart Solo by the rules of thumb of Solo (``solo.py``): bid a solo the hand can make, draw trumps, cash
masters; with no bid, keep a low card back for the last trick, which pays.

Reads only the view.
"""

from __future__ import annotations

from parlour.bots.heuristic import heuristic_for
from parlour.bots.heuristics.solo import choose

heuristic_for("heart-solo")(choose)
