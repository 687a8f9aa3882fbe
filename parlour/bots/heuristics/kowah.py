"""Kowah: claim whenever the rules allow, declare as soon as the hand is checki, and otherwise build
threes of a rank round an identical pair, throwing the card that adds least.

An eight-card hand is valued by its groups: a rank with two cards is worth something, three (or six)
more, a face held twice (the pair the shape needs) a bonus, and a checki hand most of all. The discard is
the card whose loss costs least; among equals, the one whose face has most copies already in sight (on
the pile or known in other hands), since the copies left are what a pair or a third needs. The discard
pile's top card is taken only when it improves the hand by a group's worth, or wins.

The expert and strong levels play a considered rule instead (``choose_considered``), which measures a hand
by how far it is from winning: ``race`` solves, once, the solitaire of drawing to checki for every pattern of
eight cards (ranks and suits unnamed), and a checki hand is measured by the unseen copies of what it awaits.
So it throws a lone club (a rank of four copies) before a lone suited card (twelve), takes the pile's card
when that leaves the hand nearer than a stock draw would on average, never declares a pair whose copies are
all in sight, and never throws the face of a pair an opponent shows.

The playout habits (``habits``, for IS-MCTS) pursue the same aims at a playout's pace, by rank counts
alone, through ``KowahPosition``: they read only the seat's own hand and what every seat sees.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Protocol

from parlour.bots.heuristic import Position, considered_for, habit_for, heuristic_for, random_habit
from parlour.cards import Card
from parlour.engine.actions import DRAW_DISCARD, DRAW_STOCK, Action
from parlour.engine.view import View
from parlour.games.kowah import (
    FACE_COUNT,
    FACE_MASKS,
    FACE_OF,
    HAND_SIZE,
    PACK,
    RANK_FACES,
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



# --- the considered rule (the expert): the race to checki, solved ------------------------------------------
# A hand's pattern: for each rank it holds, the copies of each of its suits held, most first; the ranks in
# order. Hands of one pattern are the same hand but for the names of ranks and suits.
Pattern = tuple[tuple[int, ...], ...]
SUITED_RANKS = tuple(r for r, faces in enumerate(RANK_FACES) if len(faces) > 1)
CLUB_RANKS = tuple(r for r, faces in enumerate(RANK_FACES) if len(faces) == 1)
UNSEEN_AT_START = len(PACK) - HAND_SIZE
# What a checki hand with two live copies of its pair still costs: about the own turns it waits for one.
WAIT = 6.0


@lru_cache(maxsize=1 << 14)
def pattern(counts: Counts) -> Pattern:
    """The hand's shape with the names of ranks and suits taken away (see ``Pattern``)."""
    return tuple(sorted(tuple(sorted((counts[f] for f in faces), reverse=True))
                        for faces in RANK_FACES if any(counts[f] for f in faces)))


def _example(shape: Pattern) -> Counts:
    """A hand of the pattern: its suited ranks given to ace, two, ..., its club ranks to jack, queen, king."""
    counts = [0] * FACE_COUNT
    suited, clubs = iter(SUITED_RANKS), iter(CLUB_RANKS)
    for held in shape:
        rank = next(suited if len(held) > 1 else clubs)
        for face, n in zip(RANK_FACES[rank], held, strict=True):
            counts[face] = n
    return tuple(counts)


@cache
def race() -> dict[Pattern, float]:
    """The expected number of draws, played best, before an eight-card hand of each pattern is checki: the
    solitaire of drawing from a full stock (four copies of each face less those in the hand) and throwing
    the card that leaves the hand nearest. The patterns are those reachable from any hand, which is all 483
    of them; value iteration settles in about 150 sweeps, under a second once a process."""
    start = pattern(_counts(["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"]))
    shapes, waiting = [start], [start]    # every pattern a draw and a discard reach, found as they are
    draws: dict[Pattern, list[tuple[float, tuple[Pattern, ...]]]] = {}
    while waiting:
        shape = waiting.pop()
        hand = _example(shape)
        after: dict[Pattern, float] = {}
        for face, held in enumerate(hand):
            if held < 4:
                nine = pattern(_with(hand, face))
                after[nine] = after.get(nine, 0.0) + (4 - held) / UNSEEN_AT_START
        draws[shape] = [(chance, _discards(nine)) for nine, chance in after.items()]
        found = {t for _, kept in draws[shape] for t in kept if t not in draws} - set(waiting)
        shapes.extend(found)
        waiting.extend(found)
    number = {shape: n for n, shape in enumerate(shapes)}
    steps = [[] if needs(_example(shape)) else [(chance, [number[t] for t in kept]) for chance, kept in draws[shape]]
             for shape in shapes]
    drawn = [0.0] * len(shapes)
    while True:
        ahead = [1 + sum(chance * min(drawn[t] for t in kept) for chance, kept in step) if step else 0.0
                 for step in steps]
        if max(abs(a - b) for a, b in zip(ahead, drawn, strict=True)) < 1e-7:
            return dict(zip(shapes, ahead, strict=True))
        drawn = ahead


@cache
def _discards(nine: Pattern) -> tuple[Pattern, ...]:
    """The patterns of eight that a discard from nine cards of a pattern leaves."""
    hand = _example(nine)
    return tuple({pattern(_without(hand, face)) for face in range(FACE_COUNT) if hand[face]})


def unseen(view: View) -> list[int]:
    """The copies of each face this seat has not seen: four, less its hand, the discard pile, the shown
    pairs and the cards known to lie in other hands (a taken card may be one of a shown pair, so a seat's
    two count as many as the larger)."""
    left = [4 - n - p for n, p in zip(_counts(view.hand), _counts(view.table["discard"]), strict=True)]
    for entry in view.seats:
        if entry["seat"] != view.seat:
            shown, known = _counts(entry["face_up"]), _counts(view.extra["known_held"][entry["seat"]])
            for face in range(FACE_COUNT):
                left[face] -= max(shown[face], known[face])
    return [max(0, n) for n in left]


def cost(counts: Counts, live: Sequence[int]) -> float:
    """About how many own turns an eight-card hand is from winning: its race to checki and then the wait,
    which is ``WAIT`` with two copies of the pair unseen (``live``), twice that with one. A checki hand
    whose pair is dead (every copy seen) must be rebuilt, which costs about four draws more."""
    awaited = needs(counts)
    if not awaited:
        return race()[pattern(counts)] + WAIT
    outs = sum(live[face] for face in range(FACE_COUNT) if awaited >> face & 1)
    return WAIT * 2 / outs if outs else 4 + WAIT


def _kept(nine: Counts, live: Sequence[int], banned: int = -1) -> float:
    """The cost of nine cards after the best discard (not ``banned``, the card taken from the pile)."""
    return min(cost(_without(nine, f), live) for f in range(FACE_COUNT) if nine[f] and f != banned)


def _drawn(eight: Counts, live: Sequence[int]) -> float:
    """The cost after a stock draw and the best discard, over the unseen cards."""
    total = sum(live)
    if not total:
        return cost(eight, live)
    return sum(n * _kept(_with(eight, face), live) for face, n in enumerate(live) if n) / total


@considered_for("kowah")
def choose_considered(view: View, rng: random.Random) -> str:
    """The expert: the rules of thumb's claims, and every draw, declaration and discard by ``cost``.

    It takes the discard pile's card when the hand it leaves is nearer winning than a stock draw's would
    be in expectation; declares the pair with most copies unseen, and never a dead one; throws the card
    whose loss leaves the hand nearest (``race``, then the rules of thumb's worth); and never throws the
    face of a pair an opponent shows, which wins them the deal."""
    legal = view.legal_actions
    if len(legal) == 1 or view.phase == Phase.CLAIM:
        return kowah(view, rng)
    hand, live = _counts(view.hand), unseen(view)
    if view.phase == Phase.DRAW:
        top = _face(view.table["discard"][-1])
        if view.seat in view.extra["checki"] and needs(hand) >> top & 1:
            return str(DRAW_DISCARD)          # the third copy, left on the pile before the declaration
        return str(DRAW_DISCARD if _kept(_with(hand, top), live, banned=top) < _drawn(hand, live) else DRAW_STOCK)
    declaration = _declaration(hand, legal, live)
    if declaration:
        return declaration
    shown = {_face(card) for entry in view.seats if entry["seat"] != view.seat for card in entry["face_up"]}
    faces = [_face(a.split()[1]) for a in legal if a.startswith("discard ")]
    faces = [f for f in faces if f not in shown] or faces
    face = min(faces, key=lambda f: (cost(_without(hand, f), live), -value(_without(hand, f)), live[f], rng.random()))
    return f"discard {PACK.faces[face]}"


def _declaration(nine: Counts, legal: Sequence[str], live: Sequence[int]) -> str | None:
    """The declaration to make, if any: of the pairs that may be shown, the one with most copies unseen,
    provided some discard leaves a checki hand with a copy of what it awaits still unseen."""
    declare = [a for a in legal if a.startswith("checki ")]
    if not declare:
        return None
    outs = max(sum(live[g] for g in range(FACE_COUNT) if needs(_without(nine, f)) >> g & 1)
               for f in range(FACE_COUNT) if nine[f])
    return max(declare, key=lambda a: live[_face(a.split()[1])]) if outs else None
