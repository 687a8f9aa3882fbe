"""Dealing the unseen cards again, consistently with what one seat knows (for information-set search).

A game describes a seat's ignorance as an :class:`Unknown`: the pool of cards that seat cannot see, and
the hidden places (zones) they lie in, each with a size and the cards it may hold (a revealed void, a
card known to be elsewhere). Beyond single cards, a zone may carry what is known of it as a whole:

- cards known to lie there (``known``: a card handed over on an ask, a discard pile taken into a hand),
  which are put back where they are and never dealt;
- facts about the whole hand (``facts``): at least or at most ``k`` cards of a set (:func:`at_least`,
  :func:`at_most`: a declared pair, "no trumps left"), either of several facts (:func:`any_of`: "a pair
  of some rank"), or any test of the hand's mask (:class:`Holds`: Mus's juego).

A seat's own cards that it may not look at (Twenty-Four's pile, a dealer who calls before looking) are
simply zones of its own ``Unknown``. :func:`deal_unknown` deals the pool into the zones at random under
those constraints; facts are met by drawing again until they hold, which keeps every consistent deal
equally likely when no card is barred from a zone. It is written once here; games only declare what is
known, and a game whose facts would almost never hold by chance builds its worlds itself
(``State._sample_unknown``).

In a pack with copies a seat cannot tell the copies of a face apart, so a game passes the faces of its
pack (``Unknown(pool, faces=PACK.face_of)``): the pool is then dealt in face order, and a world depends
on the faces the seat cannot see, never on which copies they are.
"""

from __future__ import annotations

import random
import struct
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from parlour.cards import bit_indices

# How many deals are drawn before facts that never hold are reported: a fact met by chance once in a
# few hundred deals still costs little, one rarer than that needs a world builder of the game's own.
FACT_TRIES = 2000


@dataclass(frozen=True, slots=True)
class Count:
    """Between ``low`` and ``high`` (inclusive) of the cards of ``cards`` (a mask) lie in the zone."""

    cards: int
    low: int = 0
    high: int | None = None

    def holds(self, hand: int) -> bool:
        n = (hand & self.cards).bit_count()
        return n >= self.low and (self.high is None or n <= self.high)


@dataclass(frozen=True, slots=True)
class AnyOf:
    """At least one of ``facts`` holds: "a pair" is a pair of some rank."""

    facts: tuple[Fact, ...]

    def holds(self, hand: int) -> bool:
        return any(fact.holds(hand) for fact in self.facts)


@dataclass(frozen=True, slots=True)
class Holds:
    """Any test of the hand's mask (known and dealt cards together), for facts that are no count of a
    set: Mus's juego, a total of 31 or more."""

    test: Callable[[int], bool]

    def holds(self, hand: int) -> bool:
        return self.test(hand)


Fact = Count | AnyOf | Holds


def at_least(k: int, cards: int) -> Count:
    """The zone holds ``k`` or more of ``cards``."""
    return Count(cards, low=k)


def at_most(k: int, cards: int) -> Count:
    """The zone holds ``k`` or fewer of ``cards``."""
    return Count(cards, high=k)


def any_of(*facts: Fact) -> AnyOf:
    return AnyOf(facts)


@dataclass(slots=True)
class Zone:
    key: Hashable
    size: int             # how many cards are dealt here (``known`` cards not counted)
    allowed: int = -1     # mask of cards that may be dealt here; -1 is "any card of the pool"
    known: int = 0        # cards known to lie here, given back as they are, outside the pool
    facts: tuple[Fact, ...] = ()
    # Whether the order of the zone's cards means something (a stock drawn from the top) and must be
    # random; a hand's does not, and is left in the order of the deal's one shuffle.
    ordered: bool = True


@dataclass(slots=True)
class Unknown:
    pool: int
    zones: list[Zone] = field(default_factory=list)
    faces: tuple[int, ...] | None = None   # the face of each pack index, for a pack with copies

    def hide(self, key: Hashable, cards: int, allowed: int = -1, known: int = 0,
             facts: tuple[Fact, ...] = (), ordered: bool = True) -> None:
        """Add a hidden place holding ``cards`` (a mask), which join the pool; ``allowed`` limits what a
        re-deal may put there (a revealed void, a card known to lie elsewhere); the ``known`` ones among
        them stay where they are; ``facts`` must hold of the zone's cards after every re-deal. A place
        whose order means nothing (a hand, read back as a mask) says ``ordered=False`` and is spared a
        shuffle of its own."""
        if known:
            if known & ~cards:
                raise ValueError("the cards known to lie in a zone must be among the cards it holds")
            cards &= ~known
        self.pool |= cards
        self.zones.append(Zone(key, cards.bit_count(), allowed, known, facts, ordered))


def shuffle(items: list[int], rng: random.Random) -> None:
    """``rng.shuffle(items)``'s work, three times quicker: the random words for every swap drawn from the
    generator at once (32 bits each, so the modulo's bias is below one in ten million), then Fisher-Yates.
    A sampled world shuffles its unseen cards at every iteration of a search."""
    count = len(items)
    if count < 2:
        return
    words = struct.unpack(f"<{count}I", rng.getrandbits(32 * count).to_bytes(4 * count, "little"))
    for i in range(count - 1, 0, -1):
        j = words[i] % (i + 1)
        items[i], items[j] = items[j], items[i]


def deal_unknown(unknown: Unknown, rng: random.Random) -> dict[Hashable, list[int]]:
    """Assign every pool card to a zone, respecting sizes, allowed cards, known cards and facts; each
    zone's list (its known cards with the dealt ones) is in random order."""
    cards = bit_indices(unknown.pool)
    if unknown.faces is not None:
        cards.sort(key=unknown.faces.__getitem__)
    zones = unknown.zones
    if sum(z.size for z in zones) != len(cards):
        raise ValueError("the hidden zones do not add up to the unseen cards")
    pool = unknown.pool
    for z in zones:
        if z.allowed & pool != pool or z.known or z.facts:
            break
    else:   # the common case, and the playouts' hot path: every deal equally likely
        shuffle(cards, rng)
        out: dict[Hashable, list[int]] = {}
        start = 0
        for z in zones:
            out[z.key] = cards[start:start + z.size]
            start += z.size
        return out
    for _ in range(FACT_TRIES):
        deal = _deal_once(cards, zones, pool, rng)
        if all(_holds(z, deal[z.key]) for z in zones if z.facts):
            for z in zones:
                if z.known:
                    hand = deal[z.key]
                    hand += bit_indices(z.known)
                    if z.ordered:
                        shuffle(hand, rng)
            return deal
    raise ValueError(f"no deal of the unseen cards met the facts known of the hands in {FACT_TRIES} tries: "
                     "a game whose facts are this rare builds its worlds itself (State._sample_unknown)")


def _holds(zone: Zone, dealt: list[int]) -> bool:
    hand = zone.known
    for card in dealt:
        hand |= 1 << card
    return all(fact.holds(hand) for fact in zone.facts)


def _deal_once(cards: list[int], zones: list[Zone], pool: int, rng: random.Random) -> dict[Hashable, list[int]]:
    """One deal respecting sizes and allowed cards (not yet the facts, nor the known cards)."""
    if all(z.allowed & pool == pool for z in zones):
        return deal_unknown(Unknown(pool, [Zone(z.key, z.size) for z in zones]), rng)
    shuffled = list(cards)
    shuffle(shuffled, rng)
    for _ in range(20):
        attempt = _greedy(shuffled, zones, rng)
        if attempt is not None:
            return attempt
    return _matching(shuffled, zones, rng)


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
        if len(hand) > room[k] and zones[k].ordered:
            shuffle(hand, rng)  # constrained cards were placed first: mix them into the free ones
    return {z.key: hand for z, hand in zip(zones, out, strict=True)}


def _matching(cards: list[int], zones: list[Zone], rng: random.Random) -> dict[Hashable, list[int]]:
    """Bipartite matching of cards to zone slots (Kuhn's algorithm); finds a deal whenever one exists."""
    slots = [k for k, z in enumerate(zones) for _ in range(z.size)]
    shuffle(slots, rng)
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
    for z in zones:
        if z.ordered:
            shuffle(out[z.key], rng)
    return out
