"""Carioca: lay the contract as soon as the hand makes it, then put every card that fits on the table's
melds, and otherwise throw the costliest card that helps no trio or escalera.

The contract is laid card by card along the plan the rules' own ``contract_plan`` finds for the hand
(the staged cards counted back in, so each step follows the same plan), escaleras low to high so that
each joker stands where it was laid. A card helps when another of its rank is held (a trio in the
making) or one of its suit lies within two places (an escalera); jokers are never thrown. The discard
pile's top card is taken when it is a joker, when it completes the contract in hand, or when it fits a
meld on the table after the contract: a card so taken is melded that turn, or (a joker) kept for good,
so that no card goes round the table for ever with the stock untouched. Reads the view only.

The playout habits (``habits``, for IS-MCTS) play the same way, quicker: always the stock, the contract by
the same plan the moment the hand makes it, every card that fits the table, and otherwise the costliest
card with no partner of its rank. They read the position through ``CariocaPosition``, their own hand only.
"""

from __future__ import annotations

import random
from typing import Protocol

from parlour.bots.heuristic import StagedPosition, habit_for, heuristic_for, random_habit
from parlour.cards import Card, Rank, bit_indices
from parlour.engine import COMMIT, WITHDRAW, Action, Discard
from parlour.engine.actions import DRAW_STOCK
from parlour.engine.view import View
from parlour.games.carioca import (
    CARDS,
    PACK,
    POINTS,
    TABLE_RULES,
    Add,
    ContractLay,
    Extend,
    Phase,
    Swap,
    contract_plan,
)
from parlour.mechanics.melds import Run, extended, is_wild, set_rank, with_natural


def hand_mask(faces: list[str]) -> int:
    """The hand as a mask over the pack: each face shown takes the lowest copy not taken yet."""
    mask = 0
    for text in faces:
        copies = PACK.face_masks[PACK.face_number[Card.parse(text)]] & ~mask
        mask |= copies & -copies
    return mask


def _face(index: int) -> str:
    return str(PACK.cards[index].face)


def helps(card: Card, others: list[Card]) -> int:
    """How many other cards of the hand could meld with ``card``: same rank, or same suit close by."""
    if card.rank == Rank.JOKER:
        return 99
    return sum(other.rank == card.rank or (other.suit == card.suit and abs(int(other.rank) - int(card.rank)) <= 2)
               for other in others)


def _cards(view: View) -> list[Card]:
    return [Card.parse(text) for text in view.hand]


def _take_upcard(view: View) -> bool:
    upcard = view.table["upcard"]
    if upcard is None:
        return False
    card = Card.parse(upcard)
    if card.rank == Rank.JOKER:
        return True
    if view.seat in view.extra["laid"]:
        return any(_fits(card, meld) for meld in view.table["melds"])
    return contract_plan(hand_mask([*view.hand, upcard]), view.hand_number) is not None


def _fits(card: Card, faces: list[str]) -> bool:
    """Whether ``card`` may be added to the meld on the table shown as ``faces`` (low to high for an
    escalera, each joker where it stands)."""
    cards = [Card.parse(face) for face in faces]
    naturals = [(k, c) for k, c in enumerate(cards) if not is_wild(c, TABLE_RULES)]
    if len({c.rank for _, c in naturals}) == 1:
        return set_rank([*cards, card], TABLE_RULES) is not None
    place, first = naturals[0]          # an ace first among the naturals is low: the others lie above it
    assert first.suit is not None       # a natural card
    run = Run(first.suit, int(first.rank) - place, tuple(cards))
    return bool(extended(run, card, TABLE_RULES) or with_natural(run, card, TABLE_RULES))


def _next_lay(view: View) -> str | None:
    """The next card of the contract's plan, as ``lay <face> <meld>``, or None without a plan."""
    staged = view.table["staged"]
    held = hand_mask([*view.hand, *(face for meld in staged for face in meld)])
    plan = contract_plan(held, view.hand_number)
    if plan is None:
        return None
    for slot, meld in enumerate(plan, 1):
        laid = staged[slot - 1] if slot <= len(staged) else []
        faces = [_face(i) for i in meld]
        if laid != faces[:len(laid)]:
            return None
        if len(laid) < len(faces):
            return f"lay {faces[len(laid)]} {slot}"
    return None


def _discard(view: View, legal: list[str]) -> str:
    cards = _cards(view)
    options = [a for a in legal if a.startswith("discard ")]

    def cost(action: str) -> tuple[int, int]:
        card = Card.parse(action.split()[1])
        others = list(cards)
        others.remove(card)
        index = PACK.index[card]
        return helps(card, others), -POINTS[index]
    return min(options, key=cost)


@heuristic_for("carioca")
def carioca(view: View, rng: random.Random) -> str:
    legal = view.legal_actions
    if len(legal) == 1:
        return legal[0]
    if view.phase == Phase.DRAW:
        return "draw discard" if "draw discard" in legal and _take_upcard(view) else "draw stock"
    if "commit" in legal:
        return "commit"
    if "withdraw" in legal or any(a.startswith("lay ") for a in legal):
        lay = _next_lay(view)
        if lay in legal:
            return lay
        if "withdraw" in legal:
            return "withdraw"
    for verb in ("swap ", "extend ", "add "):
        moves = [a for a in legal if a.startswith(verb) and not a.startswith(f"{verb}JK")]
        if moves:
            return moves[0]
    jokers = [a for a in legal if a.split()[0] in ("extend", "add") and a.split()[1] == "JK"]
    if jokers:
        return jokers[0]
    return _discard(view, legal)


# --- playout habits (IS-MCTS), reading the position ------------------------------------------------------
class CariocaPosition(StagedPosition, Protocol):
    @property
    def phase(self) -> Phase: ...
    @property
    def hand_number(self) -> int: ...


@habit_for("carioca")
def habits(position: CariocaPosition, seat: int, rng: random.Random) -> Action:
    """The heuristic's play without its care: the stock always (the deal moves on), the contract by plan,
    the first card that fits the table, else the costliest card that pairs with no other of its rank."""
    if seat not in position.to_move or rng.random() < 0.1:
        return random_habit(position, seat, rng)
    if position.phase is Phase.DRAW:
        return DRAW_STOCK
    legal = position.legal_actions(seat)
    if COMMIT in legal:
        return COMMIT
    lay = _planned_lay(position, seat) if position.stage or any(isinstance(a, ContractLay) for a in legal) else None
    if lay is not None and lay in legal:
        return lay
    if WITHDRAW in legal:
        return WITHDRAW
    additions = [a for a in legal if isinstance(a, Add | Extend | Swap)]
    if additions:
        return min(additions, key=lambda a: a.card.rank == Rank.JOKER)
    return max((a for a in legal if isinstance(a, Discard)), key=lambda a: _throw_value(a, position.hands[seat]))


def _planned_lay(position: CariocaPosition, seat: int) -> Action | None:
    """The next card of the contract's plan for the hand and the cards staged, or None."""
    stage = position.stage
    staged = stage.cards if stage else 0
    plan = contract_plan(position.hands[seat] | staged, position.hand_number)
    if plan is None:
        return None
    for slot, meld in enumerate(plan, 1):
        laid = [CARDS[i].face for i in stage.meld(slot)] if stage else []
        faces = [CARDS[i].face for i in meld]
        if laid != faces[:len(laid)]:
            return None
        if len(laid) < len(faces):
            return ContractLay(faces[len(laid)], slot)
    return None


def _throw_value(action: Discard, hand: int) -> tuple[bool, bool, int]:
    """Jokers last; then a card with no other of its rank held before one that has; then the costlier."""
    card = action.card
    alone = not any(CARDS[i].rank == card.rank for i in bit_indices(hand) if CARDS[i].face != card)
    return card.rank != Rank.JOKER, alone, POINTS[PACK.index[card]]
