"""Samba: Canasta's heuristic (``parlour/bots/heuristics/canasta.py``) with Samba's rules, which also takes
the pile onto a meld when it can, merges sets, and lays sequences of a suit."""

from __future__ import annotations

import random

from parlour.bots.heuristic import heuristic_for
from parlour.bots.heuristics.canasta import play
from parlour.engine.view import View
from parlour.games.samba import SAMBA


@heuristic_for("samba")
def samba(view: View, rng: random.Random) -> str:
    return play(view, rng, SAMBA)
