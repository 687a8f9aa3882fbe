"""Melds, written once for the rummy family: sets and runs, wild cards and their limits, a wild standing
for a particular card of a run, canastas, and first-meld minimums by score.

Each game states its melds as a :class:`MeldRules` (which ranks are wild, the least size of a set and of a
run, how many wilds a meld may hold and how many naturals it needs, a cap on its size, faces never
melded) and asks the pure functions here whether cards make a meld:

* :func:`set_rank` says which rank a set is of (its naturals all of one rank), or ``None``;
* a run is a :class:`Run`: one suit, a first position and its cards in order, each wild sitting in the
  place of the card it stands for. Positions run from 1 (an ace played low) through 2..13 to 14 (an ace
  played high), so an ace is high or low but never both and a run never turns the corner (K-A-2).
  :func:`run_layouts` gives every run some cards can make (a spare wild may go at either end),
  :func:`extended` the runs made by adding a card at an end, and :func:`with_natural` the runs made by
  putting a natural card in the place of the wild standing for it, the wild moving to an end (Carioca).

Cards are :class:`~parlour.cards.Card` values, copies included: a meld of the double pack may hold both
7♥s, and nothing here looks at copy numbers.

>>> from parlour.cards import parse_cards
>>> CARIOCA = MeldRules()
>>> set_rank(parse_cards("7H 7S JK"), CARIOCA)
<Rank.SEVEN: 7>
>>> [str(run) for run in run_layouts(parse_cards("5H 6H JK 8H"), CARIOCA)]
['5H 6H JK 8H']
>>> [str(run) for run in run_layouts(parse_cards("QH KH AH JK"), CARIOCA)]
['JK QH KH AH']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from parlour.cards import Card, Rank, Suit

ACE_LOW, ACE_HIGH = 1, 14     # the two places an ace may take in a run
Face = tuple[Rank, Suit | None]


@dataclass(frozen=True)
class MeldRules:
    """What makes a meld in one game.

    ``wilds``: the ranks that are wild (jokers, and 2s in Canasta). ``set_size`` and ``run_size``: the
    fewest cards of a set and of a run (``run_size=None``: no runs). ``wilds_in_runs``: whether a run may
    hold wilds. ``most_wilds``: the most wilds in one meld (``None``: any). ``fewest_naturals``: the
    fewest natural cards in one meld. ``wilds_at_most_naturals``: never more wilds than naturals.
    ``most_cards``: the largest a meld may grow (Samba's seven). ``unmeldable``: faces never melded
    (Canasta's red 3s), as (rank, suit). ``lowest_run``: the lowest position a run may start at (Samba's
    sequences run from the 4 up to the ace, so 4: an ace is then high only).
    """

    wilds: frozenset[Rank] = frozenset({Rank.JOKER})
    set_size: int = 3
    run_size: int | None = 4
    wilds_in_runs: bool = True
    most_wilds: int | None = None
    fewest_naturals: int = 1
    wilds_at_most_naturals: bool = False
    most_cards: int | None = None
    unmeldable: frozenset[Face] = field(default_factory=frozenset)
    lowest_run: int = ACE_LOW

    def allows(self, naturals: int, wilds: int) -> bool:
        """Whether a meld of this many natural and wild cards keeps the limits on wilds and size."""
        return (naturals >= self.fewest_naturals
                and (self.most_wilds is None or wilds <= self.most_wilds)
                and (not self.wilds_at_most_naturals or wilds <= naturals)
                and (self.most_cards is None or naturals + wilds <= self.most_cards))


def is_wild(card: Card, rules: MeldRules) -> bool:
    return card.rank in rules.wilds


def _split(cards: Iterable[Card], rules: MeldRules) -> tuple[list[Card], list[Card]] | None:
    """The naturals and the wilds, or None when a card may never be melded."""
    naturals, wilds = [], []
    for card in cards:
        if is_wild(card, rules):
            wilds.append(card)
        elif (card.rank, card.suit) in rules.unmeldable:
            return None
        else:
            naturals.append(card)
    return naturals, wilds


# --- sets ----------------------------------------------------------------------------------------------
def set_rank(cards: Sequence[Card], rules: MeldRules) -> Rank | None:
    """The rank of the set ``cards`` make (naturals of one rank, wilds within the limits), or None."""
    parts = _split(cards, rules)
    if parts is None or len(cards) < rules.set_size:
        return None
    naturals, wilds = parts
    ranks = {card.rank for card in naturals}
    if len(ranks) != 1 or not rules.allows(len(naturals), len(wilds)):
        return None
    return ranks.pop()


def is_natural(cards: Iterable[Card], rules: MeldRules) -> bool:
    """Whether a meld holds no wild card."""
    return not any(is_wild(card, rules) for card in cards)


def is_canasta(cards: Sequence[Card], size: int = 7) -> bool:
    """Whether a meld has reached a canasta's size (natural or mixed: see :func:`is_natural`)."""
    return len(cards) >= size


# --- runs ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Run:
    """A run in ``suit`` whose first card stands at position ``low`` (1 an ace low .. 14 an ace high);
    ``cards`` in order, a wild sitting in the place of the card it stands for."""

    suit: Suit
    low: int
    cards: tuple[Card, ...]

    @property
    def high(self) -> int:
        return self.low + len(self.cards) - 1

    def stands_for(self, index: int) -> tuple[Rank, Suit]:
        """The card that place ``index`` of the run stands for (what a wild there represents)."""
        return rank_at(self.low + index), self.suit

    def natural_positions(self, rules: MeldRules) -> tuple[int, ...]:
        """The places (indices into ``cards``) that natural cards hold."""
        return tuple(k for k, card in enumerate(self.cards) if not is_wild(card, rules))

    def __str__(self) -> str:
        return " ".join(str(card) for card in self.cards)


def rank_at(position: int) -> Rank:
    """The rank standing at a run position: an ace at both ends, the rank's own number between."""
    if not ACE_LOW <= position <= ACE_HIGH:
        raise ValueError(f"a run has no position {position}")
    return Rank.ACE if position in (ACE_LOW, ACE_HIGH) else Rank(position)


def _positions(card: Card) -> tuple[int, ...]:
    return (ACE_LOW, ACE_HIGH) if card.rank == Rank.ACE else (int(card.rank),)


def run_layouts(cards: Sequence[Card], rules: MeldRules) -> list[Run]:
    """Every valid run ``cards`` make: each reading of an ace (low or high) and each way of placing the
    wilds not needed for a gap at the two ends; [] when they make none."""
    parts = _split(cards, rules)
    if parts is None or rules.run_size is None or len(cards) < rules.run_size:
        return []
    naturals, wilds = parts
    if (wilds and not rules.wilds_in_runs) or not rules.allows(len(naturals), len(wilds)):
        return []
    suits = {card.suit for card in naturals}
    if len(suits) != 1:
        return []
    suit = suits.pop()
    assert suit is not None
    layouts: dict[tuple[int, tuple[Card, ...]], Run] = {}
    for places in _readings(naturals):
        for run in _fill(suit, places, wilds, rules):
            layouts.setdefault((run.low, run.cards), run)
    return list(layouts.values())


def _readings(naturals: Sequence[Card]) -> Iterable[dict[int, Card]]:
    """The naturals by position, for each reading of the aces; none where two share a place."""
    readings: list[dict[int, Card]] = [{}]
    for card in naturals:
        readings = [{**placed, position: card} for placed in readings for position in _positions(card)
                    if position not in placed]
    return readings


def _fill(suit: Suit, placed: dict[int, Card], wilds: Sequence[Card], rules: MeldRules) -> Iterable[Run]:
    """The runs with naturals at ``placed``, wilds filling the gaps and then the ends in every split."""
    low, high = min(placed), max(placed)
    gaps = high - low + 1 - len(placed)
    spare = len(wilds) - gaps
    if spare < 0:
        return
    for below in range(spare + 1):
        start, end = low - below, high + spare - below
        if start < rules.lowest_run or end > ACE_HIGH or end - start > ACE_HIGH - ACE_LOW - 1:
            continue
        pool = iter(wilds)
        yield Run(suit, start, tuple(placed[p] if p in placed else next(pool) for p in range(start, end + 1)))


def _fits_place(card: Card, run: Run, position: int, rules: MeldRules) -> bool:
    return is_wild(card, rules) or (card.suit == run.suit and position in _positions(card))


def _valid(run: Run, rules: MeldRules) -> bool:
    wilds = sum(is_wild(card, rules) for card in run.cards)
    return (run.low >= rules.lowest_run and run.high <= ACE_HIGH and run.high - run.low < ACE_HIGH - ACE_LOW
            and (rules.wilds_in_runs or not wilds) and rules.allows(len(run.cards) - wilds, wilds))


def extended(run: Run, card: Card, rules: MeldRules) -> list[Run]:
    """The runs made by adding ``card`` at the low or the high end of ``run`` (a wild fits either)."""
    if not is_wild(card, rules) and (card.rank, card.suit) in rules.unmeldable:
        return []
    out = []
    if _fits_place(card, run, run.low - 1, rules):
        out.append(Run(run.suit, run.low - 1, (card, *run.cards)))
    if _fits_place(card, run, run.high + 1, rules):
        out.append(Run(run.suit, run.low, (*run.cards, card)))
    return [grown for grown in out if _valid(grown, rules)]


def with_natural(run: Run, card: Card, rules: MeldRules) -> list[tuple[Run, Card]]:
    """The runs made by putting natural ``card`` in the place of a wild standing for it, that wild then
    going to either end of the run (Carioca): each with the wild moved."""
    if is_wild(card, rules):
        return []
    out = []
    for index, held in enumerate(run.cards):
        if not is_wild(held, rules) or run.stands_for(index) != (card.rank, card.suit):
            continue
        swapped = Run(run.suit, run.low, (*run.cards[:index], card, *run.cards[index + 1:]))
        out += [(grown, held) for grown in extended(swapped, held, rules)]
    return out


# --- melds in words --------------------------------------------------------------------------------------
def rank_plural(rank: Rank) -> str:
    """A rank's cards in words, as a table names a set of them: "kings", "sixes", "aces".

    >>> rank_plural(Rank.SIX), rank_plural(Rank.KING)
    ('sixes', 'kings')
    """
    name = rank.name.lower()
    return name + ("es" if name.endswith("x") else "s")


def meld_label(cards: Sequence[Card], rules: MeldRules) -> str:
    """What a meld (or one being laid) is, in words: its rank's cards for a set ("kings"), its suit for a run
    ("run in hearts"), "wild cards" while it holds nothing else.

    >>> from parlour.cards import parse_cards
    >>> meld_label(parse_cards("KS KH JK"), MeldRules()), meld_label(parse_cards("5H 6H JK"), MeldRules())
    ('kings', 'run in hearts')
    """
    naturals = [card for card in cards if not is_wild(card, rules)]
    if not naturals:
        return "wild cards"
    if len({card.rank for card in naturals}) == 1:
        return rank_plural(naturals[0].rank)
    suit = naturals[0].suit
    return f"run in {suit.name.lower()}" if suit is not None else "run"


# --- first melds ---------------------------------------------------------------------------------------
def minimum_for(score: int, tiers: Sequence[tuple[int, int]]) -> int:
    """The first-meld minimum for a side's ``score``: ``tiers`` are (from this score, the minimum) in
    ascending order, and a score below the first tier's start takes the first tier's minimum.

    >>> CANASTA = ((-10**9, 15), (0, 50), (1500, 90), (3000, 120))
    >>> [minimum_for(s, CANASTA) for s in (-40, 0, 1495, 1500, 4000)]
    [15, 50, 50, 90, 120]
    """
    if not tiers:
        raise ValueError("a minimum needs at least one tier")
    minimum = tiers[0][1]
    for start, value in tiers:
        if score >= start:
            minimum = value
    return minimum


# --- Carioca: what only Carioca needs ------------------------------------------------------------------


# --- Canasta and Samba: the discard pile, and what only they need ----------------------------------------
@dataclass(frozen=True)
class PileRules:
    """When the discard pile may be taken, as data (Canasta's defaults; Samba configures its own).

    ``freezers``: faces that freeze the pile for everyone once they lie in it, besides the wilds when
    ``wilds_freeze`` (Canasta's red 3s). ``blockers``: faces that, on top, may not be taken (a black 3
    stops the next player; the next discard covers it). ``frozen_until_melded``: the pile is frozen for a
    side that has not melded. ``natural_pair``: how many natural cards of the top card's rank from the hand
    a frozen pile needs."""

    freezers: frozenset[Face] = field(default_factory=frozenset)
    wilds_freeze: bool = True
    blockers: frozenset[Face] = field(default_factory=frozenset)
    frozen_until_melded: bool = True
    natural_pair: int = 2

    def is_frozen(self, pile: Iterable[Card], melded: bool, rules: MeldRules) -> bool:
        """Whether the pile is frozen for a side (``melded``: the side has melded this deal)."""
        return (self.frozen_until_melded and not melded) or any(
            (self.wilds_freeze and is_wild(card, rules)) or (card.rank, card.suit) in self.freezers for card in pile)

    def may_take(self, top: Card, rules: MeldRules) -> bool:
        """Whether a pile with ``top`` on it may be taken at all: never under a wild, a blocker or a card
        never melded."""
        face = (top.rank, top.suit)
        return not is_wild(top, rules) and face not in self.blockers and face not in rules.unmeldable
