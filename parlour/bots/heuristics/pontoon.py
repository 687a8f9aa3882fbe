"""Pontoon by rules of thumb: stake the most on an ace and the least on anything else, split aces and
eights, buy where no card can bust the hand (the most when a five-card trick is sure), twist below 17 (the
bank too), stick on 17 or more.

The heuristic reads only the view (its own hand in play, the legal actions); the playout habits (``habits``,
for IS-MCTS) take the same decisions reading the position through ``PontoonPosition``: the cards of the
seat's own hand in play and its legal actions, nothing of another seat's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from parlour.bots.heuristic import Position, habit_for, heuristic_for
from parlour.cards import Card
from parlour.engine.actions import Action
from parlour.engine.view import View
from parlour.games.pontoon import CARDS, PACK, TRICK, VALUE, Phase, low_count, total

STAND = 17      # the least total a player, or the bank, sticks on
SPLITS = (1, 8)  # the ranks worth splitting: aces and eights


class PontoonPosition(Position, Protocol):
    @property
    def phase(self) -> Phase: ...

    def playing(self, seat: int) -> tuple[int, ...]: ...


def decide(phase: str, cards: Sequence[int], legal: Sequence[str]) -> str:
    """The move for a hand of ``cards`` (pack indices) among ``legal`` (notation, in the game's order)."""
    if phase == Phase.STAKE:
        return legal[-1] if VALUE[cards[0]] == 1 else legal[0]   # only an ace wins on average (measured)
    mask = sum(1 << c for c in cards)
    low, best = low_count(mask), total(mask)
    buys = [a for a in legal if a.startswith("buy")]
    if "split" in legal and int(CARDS[cards[0]].rank) in SPLITS:
        return "split"
    if low <= 11 and buys and (len(cards) == TRICK - 1 or (len(cards) == 2 and 9 <= best <= 11)):
        return buys[-1]
    if best >= STAND and "stick" in legal:
        return "stick"
    if "twist" in legal:
        return "twist"
    return "stick" if "stick" in legal else legal[0]


@heuristic_for("pontoon")
def choose(view: View, rng: random.Random) -> str:
    cards = [PACK.index[Card.parse(text)] for text in view.extra["hand_to_play"]]
    return decide(view.phase, cards, view.legal_actions)


@habit_for("pontoon")
def habits(position: PontoonPosition, seat: int, rng: random.Random) -> Action:
    legal = position.legal_actions(seat)
    by_text = {str(action): action for action in legal}
    return by_text[decide(position.phase, position.playing(seat), list(by_text))]
