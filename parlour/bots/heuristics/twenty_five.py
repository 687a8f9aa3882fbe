"""Twenty-Five by rules of thumb: rob when allowed, lead strength, win a trick as cheaply as possible
unless a partner already holds it, and otherwise throw the weakest card.

The heuristic reads only the view: own hand, the trick so far, the trump suit and the sides.

The playout habits (``habits``, for IS-MCTS) read the position through ``TwentyFivePosition`` only, and only
what their seat may know.
"""

from __future__ import annotations

import random
from typing import Protocol

from parlour.bots.heuristic import CardPosition, habit_for, heuristic_for, random_habit
from parlour.cards import Card, Suit, bit_indices
from parlour.engine.actions import Action
from parlour.engine.seating import Seating
from parlour.engine.view import View
from parlour.games.twenty_five import ACTIONS, INDEX, ORDERS, PASS, ROB_BASE, Phase, strength
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


# --- playout habits (IS-MCTS), reading the position ------------------------------------------------------
class TwentyFivePosition(CardPosition, Protocol):
    @property
    def phase(self) -> str: ...                # "rob" while the turned-up trump may be robbed
    @property
    def order(self) -> tricks.CardOrder: ...   # this deal's card order, trumps known to all
    @property
    def leader(self) -> int: ...
    @property
    def side(self) -> tuple[int, ...]: ...     # each seat's side (public partnerships)
    @property
    def seating(self) -> Seating: ...

    def may_rob(self, seat: int) -> bool: ...  # from the seat's own hand and the upcard


@habit_for("twenty-five")
def habits(position: TwentyFivePosition, seat: int, rng: random.Random) -> Action:
    """Rob when allowed, throwing the weakest card; lead the strongest card; win a trick as cheaply as
    possible, else throw the weakest card."""
    if seat not in position.to_move or rng.random() < 0.1:
        return random_habit(position, seat, rng)
    order = position.order
    power = order.power
    if position.phase is Phase.ROB:
        if position.may_rob(seat):
            return ACTIONS[ROB_BASE + min(bit_indices(position.hands[seat]), key=power.__getitem__)]
        return PASS
    legal = bit_indices(position.legal_mask(seat))
    trick = position.trick
    if not trick:
        return ACTIONS[max(legal, key=power.__getitem__)]
    best = trick[tricks.winner(trick, order)]
    winning = [c for c in legal if tricks.beats(c, best, order)]
    side = position.side
    if winning and side[position.seating.next(position.leader, trick.index(best))] != side[seat]:
        return ACTIONS[min(winning, key=power.__getitem__)]
    return ACTIONS[min(legal, key=power.__getitem__)]
