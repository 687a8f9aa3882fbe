"""Tëtka by rules of thumb: duck under the trick, shed dangerous cards when void, lead low.

The heuristic reads only the view: own hand, the trick so far, the bum card, the trick number and the dealer.

The playout habits (``habits``, for IS-MCTS) read the position through ``TetkaPosition`` only, and only what
their seat may know.
"""

from __future__ import annotations

import random
from typing import Protocol

from parlour.bots.heuristic import CardPosition, duck, habit_for, heuristic_for, high_card, low_card, random_habit
from parlour.cards import Card, Rank, Suit
from parlour.engine.actions import Action
from parlour.engine.view import View
from parlour.games.tetka import BIT, BUM_FACTS, PLAYS, QUEENS, SUIT_MASKS, SUIT_OF

HIGH = {Rank.ACE: 14}
# The plays by pack index, read directly at every card of a playout.
CARDS = PLAYS.actions


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


# --- playout habits (IS-MCTS), reading the position ------------------------------------------------------
class TetkaPosition(CardPosition, Protocol):
    @property
    def bum(self) -> int: ...     # the pack index of the bum card, face up for all


@habit_for("tetka")
def habits(position: TetkaPosition, seat: int, rng: random.Random) -> Action:
    """Duck under the trick when following, shed Tëtka, queens and high cards when void, lead low; now
    and then anything legal."""
    if seat not in position.to_move or rng.random() < 0.1:
        return random_habit(position, seat, rng)
    legal = position.legal_mask(seat)
    trick = position.trick
    if not trick:
        return CARDS[low_card(legal & ~QUEENS or legal)]
    ducked = duck(legal, trick, SUIT_MASKS, SUIT_OF)
    if ducked >= 0:
        return CARDS[ducked]
    bum = position.bum
    costly = legal & BIT[BUM_FACTS[bum][0]] or legal & QUEENS or legal & BIT[bum]
    return CARDS[costly.bit_length() - 1 if costly else high_card(legal)]
