"""Calabrasella by rules of thumb: stand on high cards, keep counting cards, win tricks worth winning.

The heuristic reads only the view: own hand, the trick so far, the turned-up talon and who the single player
is.

The playout habits (``habits``, for IS-MCTS) read the position through ``CalabrasellaPosition`` only, and only
what their seat may know.
"""

from __future__ import annotations

import random
from typing import Protocol

from parlour.bots.heuristic import CardPosition, habit_for, heuristic_for, random_habit
from parlour.cards import Card, Rank, bit_indices
from parlour.engine.actions import Action
from parlour.engine.view import View
from parlour.games.calabrasella import (
    BIT,
    BURIES,
    DONE,
    GIVES,
    LEGAL,
    PASS,
    PLAYS,
    POWER,
    STAND,
    SUIT_MASKS,
    SUIT_OF,
    TAKES,
    THREES,
    TWOS,
    Phase,
    points,
)

# Lowest first: 4 5 6 7 J Q K A 2 3.
STRENGTH = {rank: k for k, rank in enumerate((Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.JACK, Rank.QUEEN,
                                             Rank.KING, Rank.ACE, Rank.TWO, Rank.THREE))}


def strength(card: Card) -> int:
    return STRENGTH[card.rank]


def value(card: Card) -> int:
    """Counting value: aces 3; threes, twos, kings, queens and jacks 1."""
    if card.rank == Rank.ACE:
        return 3
    return 1 if card.rank in (Rank.THREE, Rank.TWO, Rank.KING, Rank.QUEEN, Rank.JACK) else 0


def cheap(card: Card) -> tuple[int, int]:
    return value(card), strength(card)


@heuristic_for("calabrasella")
def choose(view: View, rng: random.Random) -> str:
    legal = view.legal_actions
    hand = [Card.parse(c) for c in view.hand]
    if "stand" in legal:
        top = sum(1 for c in hand if c.rank in (Rank.THREE, Rank.TWO))
        aces = sum(1 for c in hand if c.rank == Rank.ACE)
        return "stand" if top + aces >= 5 else "pass"
    by_verb: dict[str, dict[Card, str]] = {}
    for action in legal:
        verb, *rest = action.split()
        if rest:
            by_verb.setdefault(verb, {})[Card.parse(rest[0])] = action
    if "ask" in by_verb:
        # Ask in the suit where we are longest: the 3 then guards it.
        asks = by_verb["ask"]
        return asks[max(asks, key=lambda c: (sum(1 for h in hand if h.suit == c.suit), rng.random()))]
    if "give" in by_verb:
        gives = by_verb["give"]
        return gives[min(gives, key=cheap)]
    if "discard" in by_verb or "done" in legal:
        if "done" in legal:
            return "done"
        discards = by_verb["discard"]
        return discards[min(discards, key=cheap)]
    if "take" in by_verb:
        takes = by_verb["take"]
        return takes[max(takes, key=lambda c: (strength(c), value(c)))]
    plays = by_verb["play"]
    trick = [(p["seat"], Card.parse(p["card"])) for p in view.table["trick"]]
    cards = list(plays)
    if not trick:
        return plays[max(cards, key=lambda c: (strength(c), rng.random()))]
    led = trick[0][1].suit
    best_seat, best = max(((s, c) for s, c in trick if c.suit == led), key=lambda sc: strength(sc[1]))
    single = view.extra["single"]
    partner_winning = view.seat != single and best_seat != single
    following = [c for c in cards if c.suit == led]
    if following:
        above = [c for c in following if strength(c) > strength(best)]
        if above and not partner_winning:
            return plays[min(above, key=strength)]
        if partner_winning and len(trick) == 2:
            return plays[max(following, key=lambda c: (value(c), -strength(c)))]
        return plays[min(following, key=cheap)]
    if partner_winning:
        return plays[max(cards, key=lambda c: (value(c), -strength(c)))]
    return plays[min(cards, key=cheap)]


# --- playout habits (IS-MCTS), reading the position ------------------------------------------------------
class CalabrasellaPosition(CardPosition, Protocol):
    @property
    def phase(self) -> str: ...
    @property
    def asked(self) -> int: ...    # the card the player asked for, named aloud
    @property
    def buried(self) -> int: ...   # what the player has laid away so far: his own cards (read by him only)
    @property
    def talon(self) -> int: ...    # the talon, turned face up when the player takes from it


@habit_for("calabrasella")
def habits(position: CalabrasellaPosition, seat: int, rng: random.Random) -> Action:
    """Stand on a hand with three or more 3s and 2s, give and discard low cards, take the best of the
    talon; in play, win cheaply when following if possible, else duck low, and lead high."""
    if seat not in position.to_move or rng.random() < 0.1:
        return random_habit(position, seat, rng)
    hand = position.hands[seat]
    phase = position.phase
    if phase is Phase.PLAY:
        trick = position.trick
        legal = LEGAL(hand, trick)
        if not trick:
            return PLAYS[max(bit_indices(legal), key=POWER.__getitem__)]
        follow = legal & SUIT_MASKS[SUIT_OF[trick[0]]]
        if follow:
            best = max(POWER[c] for c in trick if SUIT_OF[c] == SUIT_OF[trick[0]])
            above = [c for c in bit_indices(follow) if POWER[c] > best]
            if above:
                return PLAYS[min(above, key=POWER.__getitem__)]
        return PLAYS[min(bit_indices(legal), key=lambda c: (points(BIT[c]), POWER[c]))]
    if phase is Phase.DECLARE:
        return STAND if (hand & (THREES | TWOS)).bit_count() >= 3 else PASS
    if phase is Phase.DISCARD:
        if position.buried:
            return DONE
        return BURIES[min(bit_indices(hand), key=lambda c: (points(BIT[c]), POWER[c]))]
    if phase is Phase.GIVE:
        return GIVES[min(bit_indices(hand & ~BIT[position.asked]), key=lambda c: (points(BIT[c]), POWER[c]))]
    if phase is Phase.TAKE:
        return TAKES[max(bit_indices(position.talon), key=POWER.__getitem__)]
    return random_habit(position, seat, rng)
