"""Samba: Canasta's heuristic (``parlour/bots/heuristics/canasta.py``) with Samba's rules, which also takes
the pile onto a meld when it can, merges sets, and lays sequences of a suit; Canasta's considered discard for
the expert, reading Samba's melds (a sequence is taken onto at its ends, a meld of seven not at all); and
Canasta's playout habits, which read Samba's rules from the position."""

from __future__ import annotations

import random

from parlour.bots.heuristic import considered_for, habit_for, heuristic_for
from parlour.bots.heuristics.canasta import habits, play
from parlour.engine.view import View
from parlour.games.samba import SAMBA


@heuristic_for("samba")
def samba(view: View, rng: random.Random) -> str:
    return play(view, rng, SAMBA)


@considered_for("samba")
def choose_considered(view: View, rng: random.Random) -> str:
    """The expert's play: the rule of thumb with Canasta's considered discard."""
    return play(view, rng, SAMBA, considered=True)


habit_for("samba")(habits)
