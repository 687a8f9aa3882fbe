"""Crates: shed the dearest cards first, keep the 3s to cover what is left, and never forget "one card".

Every card left at the end of a deal costs its value, so the heuristic plays the legal card worth most
(an 8 at 50, a 5, 6 or 9 at 30), with three exceptions: a 3 is kept while anything else can be played,
since each 3 left turns a dear card into 3 points; a 6 with nothing to cover it is played last, since it
only brings a draw; and at a partnership table a 7 is held back, since its draw falls on one's partner.
When the stock runs low, pressures come near, and they outweigh any card: it then keeps as many suits in
hand as it can (so as to have a play, and not be the one to draw from an empty stock), and plays a 5 if it
has one, so that the others draw first. (Measured over playouts against random seats: at four, the
partnership of the heuristic and a random partner won about 62% rather than 57% without this.)
It calls the suit it holds most of (a blind call, seeing no hand, calls the first suit offered), and it
always says "one card".

The playout habits (``habits``, for IS-MCTS) choose the same way from the position, reading only the
seat's own hand and the public pile, never a blind caller's hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence, Sized
from typing import Protocol

from parlour.bots.heuristic import Position, habit_for, heuristic_for, random_habit
from parlour.cards import Card, Rank, bit_indices
from parlour.engine.actions import Action, Play
from parlour.engine.view import View
from parlour.games.crates import CARDS, SAY_ONE_CARD, SUIT_NAMES, VALUES, Call, Phase

HELD_BACK = 40   # what a 6 without a cover, a kept 3 or a partner's 7 is marked down by


LOW_STOCK = 6    # a stock this small may run out before our next turn: a pressure is near
FLEX = 12        # what each suit still held after the play is worth then
PUSH = 40        # what a 5 is worth more then: the next player draws first, into the empty stock


def _worth(card: Card, hand: Sequence[Card], partners: bool, stock: int) -> int:
    """How much playing ``card`` from ``hand`` is worth: its value, marked down where playing it is worse."""
    bare_six = card.rank is Rank.SIX and not any(c != card and (c.suit == card.suit or c.rank is Rank.SIX)
                                                 for c in hand)
    held_back = card.rank is Rank.THREE or bare_six or (card.rank is Rank.SEVEN and partners)
    worth = VALUES[card.rank] - HELD_BACK * held_back
    if stock <= LOW_STOCK:
        worth += FLEX * len({c.suit for c in hand if c != card}) + PUSH * (card.rank is Rank.FIVE)
    return worth


def _best_call(calls: Sequence[str], hand: Sequence[Card]) -> str:
    def held(call: str) -> int:
        suit = SUIT_NAMES.index(call.split()[1])
        return sum(1 for c in hand if c.suit is not None and int(c.suit) == suit)
    return max(calls, key=held)   # the first offered among equals: the blind call, seeing no hand


@heuristic_for("crates")
def crates(view: View, rng: random.Random) -> str:
    legal = view.legal_actions
    if str(SAY_ONE_CARD) in legal:
        return str(SAY_ONE_CARD)
    hand = [Card.parse(c) for c in view.hand]
    if view.phase == Phase.CALL:
        return _best_call(legal, hand)
    plays = [a for a in legal if a.startswith("play ")]
    if not plays:
        return legal[0]
    partners = any(entry["team"] is not None for entry in view.seats)
    stock = view.table["stock"]
    return max(plays, key=lambda a: (_worth(Card.parse(a.split()[1]), hand, partners, stock), rng.random()))


# --- playout habits (IS-MCTS), reading the position ------------------------------------------------------
class CratesPosition(Position, Protocol):
    @property
    def hands(self) -> Sequence[int]: ...   # masks over the pack; a habit reads only its own seat's
    @property
    def phase(self) -> Phase: ...
    @property
    def blind(self) -> bool: ...            # the dealer calls before looking: its hand is not to be read
    @property
    def side(self) -> tuple[int, ...]: ...
    @property
    def stock(self) -> Sized: ...          # its size only


@habit_for("crates")
def habits(position: CratesPosition, seat: int, rng: random.Random) -> Action:
    """The heuristic's choice, from the position, with a little noise."""
    legal = position.legal_actions(seat)
    if SAY_ONE_CARD in legal:
        return SAY_ONE_CARD
    if position.blind or rng.random() < 0.1:
        return random_habit(position, seat, rng)
    hand = [CARDS[c] for c in bit_indices(position.hands[seat])]
    if position.phase is Phase.CALL:
        calls = [str(a) for a in legal if isinstance(a, Call)]
        return Call(_best_call(calls, hand).split()[1])
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        return legal[0]
    partners = len(set(position.side)) < len(position.side)
    stock = len(position.stock)
    return max(plays, key=lambda a: (_worth(a.card, hand, partners, stock), rng.random()))
