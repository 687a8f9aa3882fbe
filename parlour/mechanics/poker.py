"""Poker hands, written once for every game that ranks them: high hands over any pack, and ace-to-five low.

A hand's *value* is one ``int``: the larger value is the better hand, in both the high and the low
ranking, so that games compare hands with ``>`` and ``max`` whatever they play for. A value packs the
hand's category above its ranks (four bits each, the most telling first), so values are cheap to compare,
to store in a view and to sort; :func:`category` and :func:`describe` read them back.

High hands are ranked by a :class:`HighRules`: the pack's ranks in order (the 52-card pack, or the 32-card
pack of 7s to aces), where the flush stands, and whether the ace may play low: then the lowest straight
is the ace under the pack's lowest rank (A-2-3-4-5 in 52 cards, A-7-8-9-10 in 32). The value of a hand
of more than five cards is that of its best five, found directly from rank counts and suit masks rather
than by trying every five;
:func:`grouped_value` values a hand still being built (fewer than five cards) by its repeated ranks.

Ace-to-five low (:func:`low_value`) ignores straights and flushes and plays the ace low: the best low is
5-4-3-2-A, any hand without a pair beats any hand with one, and within a category the highest group
decides, then the next. Suits never count. It takes any number of cards: fewer than five are valued as
they lie (a stud board showing two to four cards), more than five by their best five.

>>> from parlour.cards import parse_cards
>>> describe(high_value(parse_cards("AS KS QS JS 10S 2C 2D")))
'straight flush, ace high'
>>> high_value(parse_cards("AH 2C 3D 4S 5H")) < high_value(parse_cards("2C 3D 4S 5H 6H"))
True
>>> describe(low_value(parse_cards("KC 8S 6D 4H 2C AS AH")), low=True)
'8-6-4-2-A'
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from functools import lru_cache

from parlour.cards import ACE_HIGH, Card, Rank


class Category(IntEnum):
    """High-hand categories in the usual order, weakest first (a rule set may move the flush)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def words(self) -> str:
        return self.name.lower().replace("_", " ")


class LowCategory(IntEnum):
    """Ace-to-five low categories, best (lowest) first: pairs count against a hand."""

    NO_PAIR = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    FULL_HOUSE = 4
    FOUR_OF_A_KIND = 5


_USUAL_ORDER = tuple(Category)
_FLUSH_OVER_FULL_HOUSE = (Category.HIGH_CARD, Category.PAIR, Category.TWO_PAIR, Category.THREE_OF_A_KIND,
                          Category.STRAIGHT, Category.FULL_HOUSE, Category.FLUSH, Category.FOUR_OF_A_KIND,
                          Category.STRAIGHT_FLUSH)
_FIVE = 0b11111
_CATEGORY_SHIFT = 24


def _straight_table(count: int, ace_low: bool) -> tuple[int, ...]:
    """For every mask of ranks present, the strength of the top card of its best straight, or -1. Where
    ``ace_low``, the ace (the top rank) also plays under the lowest, so that straight's top card is strength 3."""
    wheel = 1 << (count - 1) | 0b1111
    table = []
    for mask in range(1 << count):
        top = next((high for high in range(count - 1, 3, -1) if mask >> (high - 4) & _FIVE == _FIVE), -1)
        table.append(top if top >= 0 or not ace_low or mask & wheel != wheel else 3)
    return tuple(table)


@dataclass(frozen=True)
class HighRules:
    """How high hands rank: ``ranks`` lowest first (ace last), ``categories`` weakest first, and whether
    the ace also plays low in a straight (``ace_low``: A-2-3-4-5, or A-7-8-9-10 in 32 cards)."""

    name: str
    ranks: tuple[Rank, ...]
    categories: tuple[Category, ...] = _USUAL_ORDER
    ace_low: bool = True
    _strength: dict[Rank, int] = field(init=False, repr=False, compare=False)
    _straights: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _places: dict[Category, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.ranks) < 5 or sorted(self.categories) != list(Category):
            raise ValueError("high rules need at least five ranks and every category once")
        object.__setattr__(self, "_strength", {rank: k for k, rank in enumerate(self.ranks)})
        object.__setattr__(self, "_straights", _straight_table(len(self.ranks), self.ace_low))
        object.__setattr__(self, "_places", {cat: k for k, cat in enumerate(self.categories)})

    def strength(self, rank: Rank) -> int:
        """A rank's place in this order, 0 for the lowest."""
        return self._strength[rank]


HIGH_52 = HighRules("52 cards", ACE_HIGH)
HIGH_32 = HighRules("32 cards", ACE_HIGH[5:])
HIGH_32_FLUSH_OVER_FULL_HOUSE = HighRules("32 cards, flush above full house", ACE_HIGH[5:],
                                          _FLUSH_OVER_FULL_HOUSE)


# --- high hands ---------------------------------------------------------------------------------------
def high_value(cards: Iterable[Card], rules: HighRules = HIGH_52) -> int:
    """The value of the best five-card high hand among ``cards`` (five or more, no jokers)."""
    strength = rules._strength
    counts = [0] * len(rules.ranks)
    suits = [0, 0, 0, 0]
    total = 0
    for card in cards:
        place = strength[card.rank]
        counts[place] += 1
        suits[card.suit] |= 1 << place  # type: ignore[index]
        total += 1
    if total < 5:
        raise ValueError(f"a high hand needs five cards, not {total}")
    best = 0
    for made in _made_hands(counts, suits, rules):
        value = rules._places[made[0]] << _CATEGORY_SHIFT | _packed(made[1])
        best = max(best, value)
    return best


def grouped_value(cards: Iterable[Card], rules: HighRules = HIGH_52) -> int:
    """The value of what repeated ranks alone make of any number of cards (a pair, three of a kind...), as
    :func:`high_value` would count it: for a hand still being built, where fewer than five cards can make
    no straight or flush, so that a view can say how the hand stands so far."""
    counts = [0] * len(rules.ranks)
    for card in cards:
        counts[rules._strength[card.rank]] += 1
    groups = [(counts[place], place) for place in range(len(counts) - 1, -1, -1) if counts[place]]
    made, places = _grouped(groups)
    return rules._places[made] << _CATEGORY_SHIFT | _packed(places)


def _made_hands(counts: list[int], suits: list[int],
                rules: HighRules) -> Iterable[tuple[Category, Sequence[int]]]:
    """Every category the cards make, each with its best ranks; the caller keeps the best by the rules."""
    straights = rules._straights
    for mask in suits:
        if mask.bit_count() >= 5:
            top = straights[mask]
            if top >= 0:
                yield Category.STRAIGHT_FLUSH, (top,)
            yield Category.FLUSH, _top_bits(mask, 5)
    present = 0
    groups: list[tuple[int, int]] = []
    for place in range(len(counts) - 1, -1, -1):
        if counts[place]:
            present |= 1 << place
            groups.append((counts[place], place))
    top = straights[present]
    if top >= 0:
        yield Category.STRAIGHT, (top,)
    yield _grouped(groups)


def _grouped(groups: list[tuple[int, int]]) -> tuple[Category, Sequence[int]]:
    """The best category from repeated ranks alone (``groups``: (count, place), highest place first)."""
    quads = [place for count, place in groups if count >= 4]
    trips = [place for count, place in groups if count >= 3]
    pairs = [place for count, place in groups if count >= 2]
    if quads:
        return Category.FOUR_OF_A_KIND, (quads[0], *_kickers(groups, quads[:1], 1))
    if trips and len(pairs) >= 2:
        return Category.FULL_HOUSE, (trips[0], next(p for p in pairs if p != trips[0]))
    if trips:
        return Category.THREE_OF_A_KIND, (trips[0], *_kickers(groups, trips[:1], 2))
    if len(pairs) >= 2:
        return Category.TWO_PAIR, (pairs[0], pairs[1], *_kickers(groups, pairs[:2], 1))
    if pairs:
        return Category.PAIR, (pairs[0], *_kickers(groups, pairs, 3))
    return Category.HIGH_CARD, _kickers(groups, (), 5)


def _kickers(groups: list[tuple[int, int]], used: Sequence[int], count: int) -> list[int]:
    return [place for _, place in groups if place not in used][:count]


def _top_bits(mask: int, count: int) -> list[int]:
    out: list[int] = []
    while len(out) < count:
        top = mask.bit_length() - 1
        out.append(top)
        mask ^= 1 << top
    return out


def _packed(places: Sequence[int]) -> int:
    """Up to five ranks, the most telling first, four bits each (missing ones count as nothing)."""
    value = 0
    for k in range(5):
        value = value << 4 | (places[k] + 1 if k < len(places) else 0)
    return value


def category(value: int, rules: HighRules = HIGH_52) -> Category:
    """The category of a high value."""
    return rules.categories[value >> _CATEGORY_SHIFT]


def best_high_five(cards: Sequence[Card], rules: HighRules = HIGH_52) -> tuple[Card, ...]:
    """The five cards that make the best high hand (for showing a showdown; not a hot path)."""
    return max(itertools.combinations(cards, 5), key=lambda five: high_value(five, rules))


# --- ace-to-five low -----------------------------------------------------------------------------------
def low_value(cards: Iterable[Card]) -> int:
    """The value of the best ace-to-five low among ``cards`` (any number); larger is better, as for high
    hands, so the best low 5-4-3-2-A has the largest value."""
    return _low_of_ranks(tuple(sorted(int(card.rank) for card in cards)))


@lru_cache(maxsize=1 << 16)
def _low_of_ranks(ranks: tuple[int, ...]) -> int:
    """Suits never count in a low, so the value depends on the ranks alone (about 50,000 multisets of
    seven ranks): worked out once each, by trying every five."""
    if len(ranks) <= 5:
        return -_low_badness(ranks)
    return max(-_low_badness(five) for five in itertools.combinations(ranks, 5))


def _low_badness(ranks: Sequence[int]) -> int:
    """How bad a low is, as one int: its category, then its groups largest first, then highest first."""
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    groups = sorted(counts.items(), key=lambda item: (-item[1], -item[0]))
    shape = tuple(count for _, count in groups)
    low = _LOW_SHAPES[next(s for s in _LOW_SHAPES if shape[:len(s)] == s)]
    return low << _CATEGORY_SHIFT | _packed([rank - 1 for rank, _ in groups])


_LOW_SHAPES: dict[tuple[int, ...], LowCategory] = {
    (4,): LowCategory.FOUR_OF_A_KIND, (3, 2): LowCategory.FULL_HOUSE, (3,): LowCategory.THREE_OF_A_KIND,
    (2, 2): LowCategory.TWO_PAIR, (2,): LowCategory.PAIR, (): LowCategory.NO_PAIR,
}


def low_category(value: int) -> LowCategory:
    """The category of a low value."""
    return LowCategory((-value) >> _CATEGORY_SHIFT)


# --- words --------------------------------------------------------------------------------------------
def describe(value: int, rules: HighRules = HIGH_52, *, low: bool = False) -> str:
    """A value in a player's words: ``'full house, kings over sevens'``; a low as its ranks, ``'8-6-4-2-A'``
    (a paired low adds its category: ``'pair of 2s: 2-2-9-5-A'``)."""
    if low:
        return _describe_low(-value)
    cat = category(value, rules)
    places = _unpacked(value)
    names = [_rank_words(rules.ranks[p]) for p in places]
    if cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.FLUSH):
        return f"{cat.words}, {_singular(rules.ranks[places[0]])} high"
    if cat == Category.FULL_HOUSE:
        return f"full house, {names[0]} over {names[1]}"
    if cat == Category.FOUR_OF_A_KIND:
        return f"four {names[0]}"
    if cat == Category.THREE_OF_A_KIND:
        return f"three {names[0]}"
    if cat == Category.TWO_PAIR:
        return f"two pair, {names[0]} and {names[1]}"
    if cat == Category.PAIR:
        return f"pair of {names[0]}"
    return f"{_singular(rules.ranks[places[0]])} high"


def _describe_low(badness: int) -> str:
    cat = LowCategory(badness >> _CATEGORY_SHIFT)
    counted = [(p + 1) for p in _unpacked(badness)]
    shape = next(s for s, c in _LOW_SHAPES.items() if c == cat)
    ranks = [rank for k, rank in enumerate(counted) for _ in range(shape[k] if k < len(shape) else 1)]
    text = "-".join(Rank(rank).letter for rank in ranks)
    if cat == LowCategory.NO_PAIR:
        return text
    return f"{cat.name.lower().replace('_', ' ')}: {text}"


def _unpacked(value: int) -> list[int]:
    places = []
    for k in range(4, -1, -1):
        nibble = value >> (4 * k) & 0xF
        if nibble:
            places.append(nibble - 1)
    return places


_PLURALS = {Rank.ACE: "aces", Rank.KING: "kings", Rank.QUEEN: "queens", Rank.JACK: "jacks", Rank.SIX: "sixes"}


def _rank_words(rank: Rank) -> str:
    return _PLURALS.get(rank, f"{rank.letter}s")


def _singular(rank: Rank) -> str:
    return {Rank.ACE: "ace", Rank.KING: "king", Rank.QUEEN: "queen", Rank.JACK: "jack"}.get(rank, rank.letter)
