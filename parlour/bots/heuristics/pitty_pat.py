"""Pitty Pat: match when forced, and make the free discard the card least likely ever to be matched.

Matching and turning are forced; which card of a rank matches makes no difference. The one real choice
is the free discard. A card is worth keeping when many of its rank are still unseen (not in our hand,
not on the public pile, not in a re-formed stock whose order everyone knows), since each is a future
upcard we could match. The same card is the safest to throw: the fewer of its rank are unseen, the less
likely the next player can match it. A rank the next player is known to lack is safer still.
"""

from __future__ import annotations

import random
from collections import Counter

from parlour.bots.heuristic import heuristic_for
from parlour.engine.view import View


def _rank(card: str) -> str:
    return card.split("#")[0][:-1]


@heuristic_for("pitty-pat")
def pitty_pat(view: View, rng: random.Random) -> str:
    discards = [a for a in view.legal_actions if a.startswith("discard ")]
    if not discards:
        return view.legal_actions[0]
    seen = Counter(_rank(c) for c in [*view.hand, *view.table["discard"], *view.extra["known_stock"]])
    seat = view.seat if view.seat is not None else 0
    next_lacks = set(view.extra["known_lacks"][(seat + 1) % len(view.seats)])

    def risk(action: str) -> tuple[int, int, float]:
        rank = _rank(action.split()[1])
        return 4 - seen[rank], 0 if rank in next_lacks else 1, rng.random()

    return min(discards, key=risk)
