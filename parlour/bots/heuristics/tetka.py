"""Tëtka by rules of thumb: duck under the trick, shed dangerous cards when void, lead low.

Reads only the view: own hand, the trick so far, the bum card, the trick number and the dealer.
"""

from __future__ import annotations

import random

from parlour.bots.heuristic import heuristic_for
from parlour.cards import Card, Rank, Suit
from parlour.engine.view import View

HIGH = {Rank.ACE: 14}


def strength(card: Card) -> int:
    """Rank order with aces high."""
    return HIGH.get(card.rank, int(card.rank))


def danger(card: Card, bum_suit: Suit | None, bum: Card) -> int:
    """How much a card costs whoever takes the trick it lies in."""
    points = 0
    if card is bum:
        points += 1
    if card.rank == Rank.QUEEN:
        points += 2 if card.suit == bum_suit else 1
    return points


@heuristic_for("tetka")
def choose(view: View, rng: random.Random) -> str:
    plays = {Card.parse(a.split()[1]): a for a in view.legal_actions}
    bum = Card.parse(view.extra["bum_card"])
    trick = [(p["seat"], Card.parse(p["card"])) for p in view.table["trick"]]
    trick_number = view.extra["trick_number"]
    costly_trick = trick_number in (view.extra["numbered_trick"], 13)
    cards = list(plays)
    if not trick:
        # Lead the lowest card of the suit where we hold the most low cards; keep queens back.
        safe = [c for c in cards if c.rank != Rank.QUEEN] or cards
        return plays[min(safe, key=lambda c: (strength(c), rng.random()))]
    led = trick[0][1].suit
    best = max((c for _, c in trick if c.suit == led), key=strength)
    following = [c for c in cards if c.suit == led]
    at_stake = sum(danger(c, bum.suit, bum) for _, c in trick) + (1 if costly_trick else 0)
    if following:
        under = [c for c in following if strength(c) < strength(best)]
        if under:
            # Duck with the highest card that still loses, getting rid of height safely.
            return plays[max(under, key=strength)]
        last_to_play = len(trick) == len(view.seats) - 1
        if last_to_play and at_stake == 0:
            # We win anyway and nothing is at stake: win with the highest, keeping low cards for later.
            return plays[max(following, key=lambda c: (strength(c) if c.rank != Rank.QUEEN else -1))]
        return plays[min(following, key=strength)]
    # Void in the suit led: shed the most dangerous card, then the highest.
    return plays[max(cards, key=lambda c: (danger(c, bum.suit, bum), strength(c), rng.random()))]
