"""Pitty Pat: match when forced, and make the free discard the card least likely ever to be matched.

Matching and turning are forced; which card of a rank matches makes no difference. The one real choice
is the free discard. A card is worth keeping when many of its rank are still unseen (not in our hand,
not on the public pile, not in a re-formed stock whose order everyone knows), since each is a future
upcard we could match. The same card is the safest to throw: the fewer of its rank are unseen, the less
likely the next player can match it. A rank the next player is known to lack is safer still.

The playout habits (``habits``, for IS-MCTS) read the position through ``PittyPatPosition`` only, and only
what their seat may know.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Protocol

from parlour.bots.heuristic import Position, habit_for, heuristic_for, random_habit
from parlour.cards import bit_indices
from parlour.engine.actions import Action
from parlour.engine.view import View
from parlour.games.pitty_pat import DISCARDS, RANK_MASK_OF, Stage


def _rank(card: str) -> str:
    return card.split("#")[0][:-1]


@heuristic_for("pitty-pat")
def pitty_pat(view: View, rng: random.Random) -> str:
    discards = [a for a in view.legal_actions if a.startswith("discard ")]
    if not discards:
        return view.legal_actions[0]
    seen = Counter(_rank(c) for c in [*view.hand, *view.table["discard"], *view.extra["known_stock"]])
    seat = view.seat if view.seat is not None else 0
    next_lacks = set(view.extra["ranks_known_lacking"][(seat + 1) % len(view.seats)])

    def risk(action: str) -> tuple[int, int, float]:
        rank = _rank(action.split()[1])
        return 4 - seen[rank], 0 if rank in next_lacks else 1, rng.random()

    return min(discards, key=risk)


# --- playout habits (IS-MCTS), reading the position ------------------------------------------------------
class PittyPatPosition(Position, Protocol):
    @property
    def hands(self) -> Sequence[int]: ...   # masks over the pack; a habit reads only its own seat's
    @property
    def pile(self) -> Sequence[int]: ...    # the discard pile, face up, bottom first
    @property
    def stage(self) -> Stage: ...


@habit_for("pitty-pat")
def habits(position: PittyPatPosition, seat: int, rng: random.Random) -> Action:
    """For the free discard, the card whose rank has the fewest copies this seat has not seen (in its
    hand or on the pile): the one least likely to be matched. Everything else is forced or random."""
    if seat not in position.to_move or position.stage is not Stage.DISCARD or rng.random() < 0.1:
        return random_habit(position, seat, rng)
    hand = position.hands[seat]
    seen = hand
    for card in position.pile:
        seen |= 1 << card
    cards = bit_indices(hand)
    return DISCARDS[min(cards, key=lambda c: (4 - (RANK_MASK_OF[c] & seen).bit_count(), rng.random()))]
