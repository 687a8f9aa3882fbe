"""Heart Solo by the rules of thumb of Solo (``solo.py``): bid a solo the hand can make, draw trumps, cash
masters; with no bid, keep a low card back for the last trick, which pays.

The heuristic reads only the view; the playout habits are Solo's too."""

from __future__ import annotations

from parlour.bots.heuristic import habit_for, heuristic_for
from parlour.bots.heuristics.solo import choose, habits

heuristic_for("heart-solo")(choose)
habit_for("heart-solo")(habits)
