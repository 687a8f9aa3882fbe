"""Tute by rules of thumb: declare whatever may be declared, win tricks cheaply, feed points to a partner.

The heuristic reads only the view: own hand, the trick so far, the trump suit and the legal actions.

The playout habits (``habits``, for IS-MCTS) read the position through ``TutePosition`` only, and only what
their seat may know.
"""

from __future__ import annotations

import random
from typing import Protocol

from parlour.bots.heuristic import CardPosition, habit_for, heuristic_for, random_habit
from parlour.cards import Card, Rank, bit_indices
from parlour.engine.actions import Action
from parlour.engine.view import View
from parlour.games.tute import PLAYS, Declare
from parlour.games.tute import POINTS as CARD_POINTS
from parlour.mechanics import tricks

STRENGTH = {Rank.TWO: 0, Rank.FOUR: 1, Rank.FIVE: 2, Rank.SIX: 3, Rank.SEVEN: 4, Rank.JACK: 5, Rank.QUEEN: 6,
            Rank.KING: 7, Rank.THREE: 8, Rank.ACE: 9}
POINTS = {Rank.ACE: 11, Rank.THREE: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
PREFERENCE = ("declare tute", "declare cuarenta", "declare veinte")


def power(card: Card, trump: str, led: str | None) -> int:
    """How strongly a card stands in the trick: trumps above the suit led, other suits nowhere."""
    suit = card.suit.name.lower() if card.suit is not None else ""
    if suit == trump:
        return 100 + STRENGTH[card.rank]
    if suit == led or led is None:
        return STRENGTH[card.rank]
    return -1


@heuristic_for("tute")
def choose(view: View, rng: random.Random) -> str:
    legal = view.legal_actions
    for wanted in PREFERENCE:
        for action in legal:
            if action.startswith(wanted):
                return action
    trump = view.extra["trump"]
    plays = {Card.parse(a.split()[1]): a for a in legal if a.startswith("play ")}
    cards = list(plays)
    trick = [(p["seat"], Card.parse(p["card"])) for p in view.table["trick"]]
    if not trick:
        # Lead an ace of a plain suit if we have one, else the lowest plain card.
        aces = [c for c in cards if c.rank == Rank.ACE and c.suit is not None and c.suit.name.lower() != trump]
        if aces:
            return plays[aces[0]]
        plain = [c for c in cards if c.suit is not None and c.suit.name.lower() != trump] or cards
        return plays[min(plain, key=lambda c: (POINTS.get(c.rank, 0), STRENGTH[c.rank], rng.random()))]
    led = trick[0][1].suit.name.lower() if trick[0][1].suit is not None else None
    best_seat, best = max(trick, key=lambda p: power(p[1], trump, led))
    partner_wins = view.seat is not None and (best_seat - view.seat) % 4 == 2
    if partner_wins:
        # Give the partner points, keeping trumps.
        return plays[max(cards, key=lambda c: (power(c, trump, led) < 100, POINTS.get(c.rank, 0), rng.random()))]
    beating = [c for c in cards if power(c, trump, led) > power(best, trump, led)]
    if beating:
        return plays[min(beating, key=lambda c: power(c, trump, led))]
    return plays[min(cards, key=lambda c: (POINTS.get(c.rank, 0), STRENGTH[c.rank], rng.random()))]


# --- playout habits (IS-MCTS), reading the position ------------------------------------------------------
class TutePosition(CardPosition, Protocol):
    @property
    def trump(self) -> int: ...
    @property
    def order(self) -> tricks.CardOrder: ...
    @property
    def above(self) -> tuple[int, ...]: ...   # by card: the cards of its suit that beat it
    @property
    def may_declare(self) -> bool: ...        # the leader has just won a trick and may declare first


@habit_for("tute")
def habits(position: TutePosition, seat: int, rng: random.Random) -> Action:
    """Declare what can be declared; lead a low plain card; win the trick cheaply when the partner is not
    winning it, else play low."""
    if seat not in position.to_move or rng.random() < 0.1:
        return random_habit(position, seat, rng)
    if position.may_declare:
        # The legal list ends with what may be declared, the best last.
        last = position.legal_actions(seat)[-1]
        if type(last) is Declare:
            return last
    legal = position.legal_mask(seat)
    order = position.order
    power = order.power
    trump = position.trump
    trick = position.trick
    cards = bit_indices(legal)
    if not trick:
        plain = [c for c in cards if order.suit_of[c] != trump] or cards
        return PLAYS[min(plain, key=power.__getitem__)]
    winning = tricks.winner(trick, order)
    best = trick[winning]
    if len(trick) - winning != 2:   # the partner is not the one winning
        beats = position.above[best]
        if order.suit_of[best] != trump:
            beats |= order.suit_masks[trump]
        if legal & beats:
            return PLAYS[min(bit_indices(legal & beats), key=power.__getitem__)]
    return PLAYS[min(cards, key=lambda c: (CARD_POINTS[c], power[c]))]
