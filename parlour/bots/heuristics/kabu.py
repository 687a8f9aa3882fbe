"""Kabu: draw exactly when drawing raises the expected score, counted over the cards this seat has not seen.

Every pair of players settles the difference of their scores, so a player's chips from a deal are the
sum over opponents of (own score - their score): linear in the own score, whatever the others hold. The
best play for the deal is therefore to maximise the expected own score, and nothing the others do
changes which cards are likely to come (their hands and the stock are alike unseen). The seat sees only
its own cards, so each unseen card is equally likely to be the next one drawn; ``draw_gain`` works out,
over those cards, the expected score of drawing now and then playing on as well (a second draw when
that is better), against standing. It comes to drawing on 5 or less and standing on 6 or more; the
cards held move the margin a little (a 5 made of 5 and 10 gains more from a draw than one of 1 and 4).

The playout habits (``habits``, for IS-MCTS) make the same choice from the position, reading through
``KabuPosition`` only the seat's own hand and how many cards it has drawn.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Protocol

from parlour.bots.heuristic import Position, habit_for, heuristic_for, random_habit
from parlour.cards import Card, bit_indices
from parlour.engine.actions import Action
from parlour.engine.view import View
from parlour.games.kabu import DRAW, MOST_DRAWS, PASS, VALUE

# How many cards of each value (1 to 10) the pack holds.
COPIES = tuple(sum(1 for v in VALUE if v == value) for value in range(11))


@cache
def _best(total: int, left: tuple[int, ...], draws: int) -> float:
    """The expected score of the better of standing on ``total`` and drawing (``draws`` still allowed),
    when the unseen cards hold ``left[v]`` cards of value ``v``."""
    stand = float(total % 10)
    if not draws:
        return stand
    return max(stand, _drawn(total, left, draws))


@cache
def _drawn(total: int, left: tuple[int, ...], draws: int) -> float:
    """The expected score of drawing one card now and then playing on as well as possible."""
    unseen = sum(left)
    expected = 0.0
    for value in range(1, 11):
        if left[value]:
            rest = (*left[:value], left[value] - 1, *left[value + 1:])
            expected += left[value] * _best((total + value) % 10, rest, draws - 1)
    return expected / unseen


def draw_gain(values: Sequence[int], draws: int) -> float:
    """How much drawing now raises the expected score of a hand of these card values, with ``draws``
    draws still allowed; negative or zero: stand."""
    if not draws:
        return 0.0
    left = list(COPIES)
    for value in values:
        left[value] -= 1
    total = sum(values) % 10
    return _drawn(total, tuple(left), draws) - total


@heuristic_for("kabu")
def kabu(view: View, rng: random.Random) -> str:
    seat = view.seat if view.seat is not None else 0
    values = [int(Card.parse(card).rank) for card in view.hand]
    gain = draw_gain(values, MOST_DRAWS - view.extra["drawn"][seat])
    return str(DRAW) if gain > 0 else str(PASS)


# --- playout habits (IS-MCTS), reading the position ------------------------------------------------------
class KabuPosition(Position, Protocol):
    @property
    def hands(self) -> Sequence[int]: ...   # masks over the pack; a habit reads only its own seat's
    @property
    def drawn(self) -> Sequence[int]: ...   # cards each seat has drawn this deal (public)


@habit_for("kabu")
def habits(position: KabuPosition, seat: int, rng: random.Random) -> Action:
    """The heuristic's choice, with a little noise so that a search still tries the other move."""
    if seat not in position.to_move or rng.random() < 0.05:
        return random_habit(position, seat, rng)
    values = [VALUE[card] for card in bit_indices(position.hands[seat])]
    return DRAW if draw_gain(values, MOST_DRAWS - position.drawn[seat]) > 0 else PASS

