"""Twenty-Five by rules of thumb: rob when allowed, lead strength, win a trick as cheaply as possible
unless a partner already holds it, and otherwise throw the weakest card.

Reads only the view: own hand, the trick so far, the trump suit and the sides.
"""

from __future__ import annotations

import random

from parlour.bots.heuristic import heuristic_for
from parlour.cards import Card, Suit
from parlour.engine.view import View
from parlour.games.twenty_five import INDEX, ORDERS, strength
from parlour.mechanics import tricks


def beats(card: Card, best: Card, trump: Suit) -> bool:
    """Whether ``card`` would take the trick from ``best``: the shared rule, on the cards of a view."""
    return tricks.beats(INDEX[card], INDEX[best], ORDERS[int(trump)])


def key(card: Card, trump: Suit) -> tuple[bool, int]:
    return strength(card, trump)


@heuristic_for("twenty-five")
def choose(view: View, rng: random.Random) -> str:
    trump = Suit("CDHS".index(view.extra["trump"]))
    legal = view.legal_actions
    if view.phase == "rob":
        robs = [a for a in legal if a.startswith("rob ")]
        if not robs:
            return "pass"
        # Throw the weakest card to take the upcard.
        return min(robs, key=lambda a: (key(Card.parse(a.split()[1]), trump), rng.random()))
    plays = {Card.parse(a.split()[1]): a for a in legal}
    cards = list(plays)
    trick = [(p["seat"], Card.parse(p["card"])) for p in view.table["trick"]]
    if not trick:
        trumps = [c for c in cards if strength(c, trump)[0]]
        if len(trumps) >= 2:
            return plays[max(trumps, key=lambda c: key(c, trump))]
        plain = [c for c in cards if not strength(c, trump)[0]] or cards
        return plays[max(plain, key=lambda c: key(c, trump))]
    best_seat, best = trick[0]
    for seat, card in trick[1:]:
        if beats(card, best, trump):
            best_seat, best = seat, card
    sides = view.extra["sides"]
    partner_winning = view.seat is not None and sides[best_seat] == sides[view.seat]
    winners = [c for c in cards if beats(c, best, trump)]
    if winners and not partner_winning:
        return plays[min(winners, key=lambda c: key(c, trump))]
    return plays[min(cards, key=lambda c: (key(c, trump), rng.random()))]
