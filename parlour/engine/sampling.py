"""Dealing the unseen cards again, consistently with what one seat knows (for information-set search).

A game describes a seat's ignorance as an :class:`Unknown`: the pool of cards that seat cannot see, and
the hidden places (zones) they lie in, each with a size and the cards it may hold (a revealed void, a
card known to be elsewhere). :func:`deal_unknown` deals the pool into the zones at random under those
constraints. It is written once here; games only declare what is known.

In a pack with copies a seat cannot tell the copies of a face apart, so a game passes the faces of its
pack (``Unknown(pool, faces=PACK.face_of)``): the pool is then dealt in face order, and a world depends
on the faces the seat cannot see, never on which copies they are.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass, field

from parlour.cards import bit_indices


@dataclass(slots=True)
class Zone:
    key: Hashable
    size: int
    allowed: int = -1     # mask of cards that may lie here; -1 is "any card of the pool"


@dataclass(slots=True)
class Unknown:
    pool: int
    zones: list[Zone] = field(default_factory=list)
    faces: tuple[int, ...] | None = None   # the face of each pack index, for a pack with copies

    def hide(self, key: Hashable, cards: int, allowed: int = -1) -> None:
        """Add a hidden place holding ``cards`` (a mask), which join the pool; ``allowed`` limits what a
        re-deal may put there (a revealed void, a card known to lie elsewhere)."""
        self.pool |= cards
        self.zones.append(Zone(key, cards.bit_count(), allowed))


def deal_unknown(unknown: Unknown, rng: random.Random) -> dict[Hashable, list[int]]:
    """Assign every pool card to a zone, respecting sizes and allowed cards; lists are in random order."""
    cards = bit_indices(unknown.pool)
    if unknown.faces is not None:
        cards.sort(key=unknown.faces.__getitem__)
    zones = unknown.zones
    if sum(z.size for z in zones) != len(cards):
        raise ValueError("the hidden zones do not add up to the unseen cards")
    rng.shuffle(cards)
    if all(z.allowed & unknown.pool == unknown.pool for z in zones):
        out: dict[Hashable, list[int]] = {}
        start = 0
        for z in zones:
            out[z.key] = cards[start:start + z.size]
            start += z.size
        return out
    for _ in range(20):
        attempt = _greedy(cards, zones, rng)
        if attempt is not None:
            return attempt
    return _matching(cards, zones, rng)


def _greedy(cards: list[int], zones: list[Zone], rng: random.Random) -> dict[Hashable, list[int]] | None:
    """Constrained cards first, each to a random allowed zone weighted by the room left there; the cards
    that may lie anywhere (usually most of them) then fill the remaining room in their shuffled order."""
    room = [z.size for z in zones]
    anywhere = -1
    for z in zones:
        anywhere &= z.allowed
    free = [c for c in cards if anywhere >> c & 1]
    options = {c: [k for k, z in enumerate(zones) if z.allowed >> c & 1] for c in cards if not anywhere >> c & 1}
    out: list[list[int]] = [[] for _ in zones]
    random_float = rng.random
    for card in sorted(options, key=lambda c: len(options[c])):
        choices = [k for k in options[card] if room[k]]
        if not choices:
            return None
        pick = random_float() * sum(room[k] for k in choices)
        for k in choices:
            pick -= room[k]
            if pick < 0:
                break
        room[k] -= 1
        out[k].append(card)
    start = 0
    for k, hand in enumerate(out):
        hand += free[start:start + room[k]]
        start += room[k]
        if len(hand) > room[k]:
            rng.shuffle(hand)  # constrained cards were placed first: mix them into the free ones
    return {z.key: hand for z, hand in zip(zones, out, strict=True)}


def _matching(cards: list[int], zones: list[Zone], rng: random.Random) -> dict[Hashable, list[int]]:
    """Bipartite matching of cards to zone slots (Kuhn's algorithm); finds a deal whenever one exists."""
    slots = [k for k, z in enumerate(zones) for _ in range(z.size)]
    rng.shuffle(slots)
    slot_of_card: dict[int, int] = {}
    card_in_slot: list[int | None] = [None] * len(slots)

    def place(card: int, seen: set[int]) -> bool:
        for s, k in enumerate(slots):
            if s in seen or not zones[k].allowed >> card & 1:
                continue
            seen.add(s)
            other = card_in_slot[s]
            if other is None or place(other, seen):
                card_in_slot[s] = card
                slot_of_card[card] = s
                return True
        return False

    for card in cards:
        if not place(card, set()):
            raise ValueError("no deal of the unseen cards fits what is known")
    out: dict[Hashable, list[int]] = {z.key: [] for z in zones}
    for card, s in slot_of_card.items():
        out[zones[slots[s]].key].append(card)
    for hand in out.values():
        rng.shuffle(hand)
    return out
