"""Kowah: claim whenever the rules allow, declare as soon as the hand is checki, and otherwise build
threes of a rank round an identical pair, throwing the card that adds least.

An eight-card hand is valued by its groups: a rank with two cards is worth something, three (or six)
more, a face held twice (the pair the shape needs) a bonus, and a checki hand most of all. The discard is
the card whose loss costs least; among equals, the one whose face has most copies already in sight (on
the pile or known in other hands), since the copies left are what a pair or a third needs. The discard
pile's top card is taken only when it improves the hand by a group's worth, or wins.

The playout habits (``habits``, for IS-MCTS) pursue the same aims at a playout's pace, by rank counts
alone, through ``KowahPosition``: they read only the seat's own hand and what every seat sees.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol

from parlour.bots.heuristic import Position, habit_for, heuristic_for, random_habit
from parlour.cards import Card
from parlour.engine.actions import DRAW_DISCARD, DRAW_STOCK, Action
from parlour.engine.view import View
from parlour.games.kowah import (
    FACE_COUNT,
    FACE_MASKS,
    FACE_OF,
    PACK,
    RANK_MASKS,
    RANK_OF_FACE,
    Checki,
    Counts,
    Phase,
    needs,
    rank_totals,
)

# What a rank's cards are worth by how many are held: a pair of a rank, a three, a three and more.
GROUP = (0, 0, 2, 7, 7, 8, 14, 14, 14)
PAIR_BONUS = 3
CHECKI = 100
# How much better the discard pile's card must make the hand to be taken rather than the stock's.
TAKE_MARGIN = 4


@lru_cache(maxsize=1 << 12)
def value(counts: Counts) -> int:
    """The worth of an eight-card hand (counts by face): its rank groups, a pair, checki above all."""
    if needs(counts):
        return CHECKI
    return sum(GROUP[t] for t in rank_totals(counts)) + (PAIR_BONUS if max(counts) >= 2 else 0)


def _without(counts: Counts, face: int) -> Counts:
    return tuple(n - (f == face) for f, n in enumerate(counts))


def _with(counts: Counts, face: int) -> Counts:
    return tuple(n + (f == face) for f, n in enumerate(counts))


def best_discard(counts: Counts, faces: Sequence[int], seen: Counts, rng: random.Random) -> int:
    """The face to throw from nine cards (``counts``) among ``faces``: the loss that costs least, then the
    face with most copies in sight, then chance."""
    return max(faces, key=lambda f: (value(_without(counts, f)), seen[f], rng.random()))


@lru_cache(maxsize=1 << 12)
def worth_taking(counts: Counts, face: int) -> bool:
    """Whether the discard ``face`` makes eight cards (``counts``) better by a group's worth."""
    nine = _with(counts, face)
    best = max(value(_without(nine, f)) for f in range(FACE_COUNT) if nine[f])
    return best >= value(counts) + TAKE_MARGIN


def _face(card: str) -> int:
    return PACK.face_number[Card.parse(card)]


def _counts(cards: Sequence[str]) -> Counts:
    counts = [0] * FACE_COUNT
    for card in cards:
        counts[_face(card)] += 1
    return tuple(counts)


@heuristic_for("kowah")
def kowah(view: View, rng: random.Random) -> str:
    legal = view.legal_actions
    if len(legal) == 1:
        return legal[0]
    if view.phase == Phase.CLAIM:
        return legal[-1]                      # the claim, listed after "decline"
    hand = _counts(view.hand)
    if view.phase == Phase.DRAW:
        return str(DRAW_DISCARD if worth_taking(hand, _face(view.table["discard"][-1])) else DRAW_STOCK)
    declare = [a for a in legal if a.startswith("checki ")]
    seen = _counts([*view.table["discard"], *(c for cards in view.extra["known_held"] for c in cards)])
    if declare:
        return min(declare, key=lambda a: seen[_face(a.split()[1])])
    faces = [_face(a.split()[1]) for a in legal if a.startswith("discard ")]
    return f"discard {PACK.faces[best_discard(hand, faces, seen, rng)]}"


# --- playout habits (IS-MCTS), reading the position ------------------------------------------------------
class KowahPosition(Position, Protocol):
    @property
    def hands(self) -> Sequence[int]: ...   # masks over the pack; a habit reads only its own seat's
    @property
    def pile(self) -> Sequence[int]: ...    # the discard pile, face up, bottom first
    @property
    def phase(self) -> Phase: ...


@habit_for("kowah")
def habits(position: KowahPosition, seat: int, rng: random.Random) -> Action:
    """The heuristic's aims at a playout's pace: claim and declare whenever listed, take the discard when
    it makes a three of a rank (or wins), and throw a card of the rank held least, a face held once before
    a copy of a pair; a tenth of the draws and discards at random, for variety."""
    legal = position.legal_actions(seat)
    if position.phase is Phase.CLAIM or len(legal) == 1 or type(legal[-1]) is Checki:
        return legal[-1]                      # the claim, after "decline"; a declaration, after the discards
    if rng.random() < 0.1:
        return random_habit(position, seat, rng)
    hand = position.hands[seat]
    if position.phase is Phase.DRAW:
        top = position.pile[-1]
        return DRAW_DISCARD if (hand & RANK_MASKS[RANK_OF_FACE[FACE_OF[top]]]).bit_count() == 2 else DRAW_STOCK

    def keep(action: Action) -> tuple[int, int, float]:
        face = PACK.face_number[action.card]  # type: ignore[attr-defined]
        return ((hand & RANK_MASKS[RANK_OF_FACE[face]]).bit_count(), (hand & FACE_MASKS[face]).bit_count(),
                rng.random())

    return min(legal, key=keep)
