"""Canadian Salad by rules of thumb: duck under the trick, shed this deal's costly cards when void, lead low.

The heuristic reads only the view: own hand, the trick so far, which penalties this deal has and the trick
number.

The playout habits (``habits``, for IS-MCTS) read the position through ``CanadianSaladPosition`` only, and
only what their seat may know.
"""

from __future__ import annotations

import random
from typing import Protocol

from parlour.bots.heuristic import CardPosition, duck, habit_for, heuristic_for, high_card, low_card, random_habit
from parlour.cards import Card, Rank, Suit
from parlour.engine.actions import Action
from parlour.engine.view import View
from parlour.games.canadian_salad import HEART, HEARTS, KING, KS_BIT, PLAYS, QUEEN, QUEENS, SUIT_MASKS, SUIT_OF

HIGH = {Rank.ACE: 14}


def strength(card: Card) -> int:
    """Rank order with aces high."""
    return HIGH.get(card.rank, int(card.rank))


def danger(card: Card, penalises: list[str]) -> int:
    """What a card costs whoever takes the trick it lies in, in this deal."""
    points = 0
    if "hearts" in penalises and card.suit == Suit.HEARTS:
        points += 10
    if "queens" in penalises and card.rank == Rank.QUEEN:
        points += 25
    if "king of spades" in penalises and card.rank == Rank.KING and card.suit == Suit.SPADES:
        points += 100
    return points


@heuristic_for("canadian-salad")
def choose(view: View, rng: random.Random) -> str:
    plays = {Card.parse(a.split()[1]): a for a in view.legal_actions}
    penalises: list[str] = view.extra["penalises"]
    trick = [Card.parse(p["card"]) for p in view.table["trick"]]
    last_trick = view.extra["trick_number"] == view.extra["tricks_in_deal"]
    cards = list(plays)
    if not trick:
        # Lead the lowest card that costs nothing, keeping dangerous cards back.
        safe = [c for c in cards if not danger(c, penalises)] or cards
        return plays[min(safe, key=lambda c: (strength(c), rng.random()))]
    led = trick[0].suit
    best = max((c for c in trick if c.suit == led), key=strength)
    following = [c for c in cards if c.suit == led]
    if following:
        under = [c for c in following if strength(c) < strength(best)]
        if under:
            # Duck with the highest card that still loses, getting rid of height safely.
            return plays[max(under, key=strength)]
        at_stake = sum(danger(c, penalises) for c in trick) + ("tricks" in penalises) \
            + (last_trick and "last trick" in penalises)
        if len(trick) == len(view.seats) - 1 and not at_stake:
            # We take it anyway and it costs nothing: take it with the highest harmless card.
            return plays[max(following, key=lambda c: (-danger(c, penalises), strength(c)))]
        return plays[min(following, key=strength)]
    # Void in the suit led: shed the most dangerous card, then the highest.
    return plays[max(cards, key=lambda c: (danger(c, penalises), strength(c), rng.random()))]


# --- playout habits (IS-MCTS), reading the position ------------------------------------------------------
class CanadianSaladPosition(CardPosition, Protocol):
    @property
    def conditions(self) -> int: ...   # what this deal penalises (bits TRICK, HEART, QUEEN, KING, LAST)


# The plays by pack index, read directly at every card of a playout.
CARDS = PLAYS.actions
COSTLY = ((KING, KS_BIT), (QUEEN, QUEENS), (HEART, HEARTS))   # shed first when void, in this order


@habit_for("canadian-salad")
def habits(position: CanadianSaladPosition, seat: int, rng: random.Random) -> Action:
    """Duck under the trick when following, shed this deal's costly cards when void, lead low; now and
    then anything legal."""
    if seat not in position.to_move or rng.random() < 0.1:
        return random_habit(position, seat, rng)
    legal = position.legal_mask(seat)
    trick = position.trick
    conditions = position.conditions
    if not trick:
        safe = legal
        if conditions & HEART:
            safe = legal & ~HEARTS or legal
        if conditions & (QUEEN | KING):
            safe = safe & ~(QUEENS | KS_BIT) or safe
        return CARDS[low_card(safe)]
    ducked = duck(legal, trick, SUIT_MASKS, SUIT_OF)
    if ducked >= 0:
        return CARDS[ducked]
    for condition, cards in COSTLY:
        costly = legal & cards
        if conditions & condition and costly:
            return CARDS[high_card(costly)]
    return CARDS[high_card(legal)]

