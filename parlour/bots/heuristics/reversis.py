"""Reversis by rules of thumb: lay aside the costliest card, duck under tricks, shed Quinola, aces and
court cards when void, lead low.

The heuristic reads only the view: own hand, the trick so far and the phase.

The playout habits (``habits``, for IS-MCTS) read the position through ``ReversisPosition`` only, and only
what their seat may know.
"""

from __future__ import annotations

import random
from typing import Protocol

from parlour.bots.heuristic import CardPosition, duck, habit_for, heuristic_for, random_habit
from parlour.cards import Card, Rank, Suit, bit_indices
from parlour.engine.actions import Action
from parlour.engine.view import View
from parlour.games.reversis import DISCARDS, PLAYS, QUINOLA, SUIT_MASKS, SUIT_OF, Phase
from parlour.games.reversis import POINTS as CARD_POINTS

POINTS = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}


def strength(card: Card) -> int:
    """Rank order with aces high."""
    return 14 if card.rank == Rank.ACE else int(card.rank)


def danger(card: Card) -> tuple[int, int]:
    """How badly a card wants to be shed: Quinola first, then by points, then by height."""
    return (card.rank == Rank.JACK and card.suit == Suit.HEARTS, POINTS.get(card.rank, 0))


@heuristic_for("reversis")
def choose(view: View, rng: random.Random) -> str:
    if view.phase == "exchange":
        hand = [Card.parse(c) for c in view.hand]
        worst = max(hand, key=lambda c: (POINTS.get(c.rank, 0), strength(c), rng.random()))
        if "pass" in view.legal_actions and POINTS.get(worst.rank, 0) < 3:
            return "pass"
        return f"discard {worst}"
    plays = {Card.parse(a.split()[1]): a for a in view.legal_actions}
    cards = list(plays)
    trick = [Card.parse(p["card"]) for p in view.table["trick"]]
    if not trick:
        return plays[min(cards, key=lambda c: (POINTS.get(c.rank, 0), strength(c), rng.random()))]
    led = trick[0].suit
    best = max((c for c in trick if c.suit == led), key=strength)
    following = [c for c in cards if c.suit == led]
    if following:
        under = [c for c in following if strength(c) < strength(best)]
        if under:
            return plays[max(under, key=strength)]
        return plays[min(following, key=strength)]
    return plays[max(cards, key=lambda c: (danger(c), strength(c), rng.random()))]


# --- playout habits (IS-MCTS), reading the position ------------------------------------------------------
class ReversisPosition(CardPosition, Protocol):
    @property
    def phase(self) -> str: ...   # "exchange" while each seat lays a card away for the next


@habit_for("reversis")
def habits(position: ReversisPosition, seat: int, rng: random.Random) -> Action:
    """Discard the costliest card; duck under the trick; shed Quinola, aces and courts when void; lead
    low."""
    if seat not in position.to_move or rng.random() < 0.1:
        return random_habit(position, seat, rng)
    if position.phase is Phase.EXCHANGE:
        return DISCARDS[max(bit_indices(position.hands[seat]), key=lambda c: (CARD_POINTS[c], c % 12))]
    legal = position.legal_mask(seat)
    trick = position.trick
    if not trick:
        return PLAYS[min(bit_indices(legal), key=lambda c: (CARD_POINTS[c], c % 12))]
    ducked = duck(legal, trick, SUIT_MASKS, SUIT_OF)
    if ducked >= 0:
        return PLAYS[ducked]
    return PLAYS[max(bit_indices(legal), key=lambda c: (c == QUINOLA, CARD_POINTS[c], c % 12))]
