"""Open-hand ("double-dummy") solving of trick play, for every trick game of the house.

With every hand face up, trick play is a game of perfect information, and its value can be searched out
exactly: what one side takes when both sides play perfectly. Bridge players call this the double-dummy
result. Searching bots use it at the leaves of sampled worlds (perfect-information Monte Carlo), and
``parlour dd`` prints the double-dummy table of a bridge deal.

The search reads the trick mechanic's own data (``mechanics.tricks``): the hands as masks, the card order
(effective suits, powers, trumps), the game's rule of following, and the hand after each hand. So one
search serves any following rule (Tute's heading, trumping duties), any trump order (Solo's matadors), card
points (Schafkopf, Tute) and penalty cards (Tëtka), as a :class:`Goal` says. With more than two sides, the
hands not on the counted side are taken to play together against it (the "paranoid" reading of a game in
which each plays for himself).

How it is made fast, as the programs bridge players use do it:

* **Null-window search.** Each search asks only "can the side take at least *t*?", a yes-or-no question
  that prunes far more than a search for the exact value. The value is found by asking first of a guess
  and of one more (as MTD(f) does: two questions when the guess is right), then by halving what is open.
* **Cards renumbered by strength.** Inside the search a card's number is its place in its effective suit,
  weakest first, suit after suit, so a suit is a run of bits and everything below reads it with shifts.
* **Transpositions.** At the start of each trick the position is looked up by its *shape*: each suit as
  the owners of its cards still out, strongest first. Positions that differ only in which low cards have
  gone are one position; the table keeps bounds on what the side takes from there, so every question of a
  solve reuses what the others proved. The four declarers of a strain share one table
  (``bridge_table``): its bounds are kept for one side, and read turned over by the other.
* **Partition search** (the "winning ranks" of DDS, Ginsberg's partitions), where which cards may be played
  hangs on suits alone, tricks are counted, not card points, and the side wants them. Each answer of the
  search comes back with the cards it rested on: the card that took a trick by beating a card of its own
  suit, the runs behind the sure tricks, and what the answers below rested on. Only the owners of each
  suit's cards from the best down to the lowest of those matter; the answer is kept for every position with
  the same leader and lengths in which those cards have the same owners, and positions differing in their
  low cards share it.
* **Equal cards.** Cards of one hand with no card still out between them (a king and queen once the ace is
  gone) do the same work: only one of them is tried, and the lowest only after every other card failed
  (partition search's proofs cover positions where another hand's low card splits the run).
* **Sure tricks.** A leader can cash its runs of best cards, and then its partner's after leading a card
  of a suit the partner heads; a hand holding the best trumps will win a trick with each whoever leads.
  Where the others hold trumps a plain suit's run counts as long as each of them must still follow it.
  Counted once a shape and kept as its first bounds, they often answer the question without a search.
* **Move order.** The leader tries its best cards first, then cards that reach its partner, then its
  cheapest; a follower its cheapest card that takes the trick, then its cheapest card (only the cheapest
  when its side has the trick already); and a shape tries first the lead that settled it before. Orders
  are kept by what decides them (the cards held and still out, the card taking the trick).
* **The last tricks.** The last one is played out without a search, and where following is plain and only
  tricks count, the last two, every card tried: cheaper than looking the position up.

On whole bridge deals it remains far slower than DDS, whose C and finer move order Python cannot match
(``benchmarks/doubledummy.py`` measures both): it is meant for the last tricks of a deal, where a searching
bot needs it. Where a position is bridge's own (``dds_strain``) and endplay is installed, DDS itself answers
for claims and PIMC (``dds_card_values``), from the first lead.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from operator import getitem
from typing import Any

from parlour.cards import ACE_HIGH, STANDARD_52, Suit
from parlour.mechanics.tricks import PLAIN, TRICKS, CardOrder, Goal, OpenPosition, follower, follower_rules, winner

__all__ = ["TRICKS", "Goal", "OpenPosition", "bridge_table", "bridge_tricks", "card_values", "cards_reaching",
           "dds_card_values", "dds_card_values_within", "dds_installed", "dds_loaded", "dds_strain", "dds_table",
           "dds_warm_up", "reaches", "remaining_worth", "solve"]


def solve(position: OpenPosition) -> int:
    """What ``position.side`` takes of the tricks still to play (the trick being played among them) when
    every hand plays perfectly: tricks, or points as its goal counts them."""
    return _Search(position).value()


def card_values(position: OpenPosition) -> dict[int, int]:
    """For each card the hand to play may play (by pack index), what the side takes from here if that card
    is played and every hand plays perfectly after it. Equal cards are searched once and share a value."""
    return _Search(position).card_values()


def reaches(position: OpenPosition, target: int) -> bool:
    """Whether ``position.side`` is sure of ``target`` (where taking is good) or of no more than ``target``
    (where it is bad) against every play of the other hands: one yes-or-no question of the search, far
    quicker than ``solve`` when all that is asked is whether a claim holds."""
    search = _Search(position)
    if search.flip:     # the search counts the others' takings, which the side wants to be at least the rest
        target = search._remaining_worth() - target
    return search._start(target)


def cards_reaching(position: OpenPosition, target: int) -> list[int]:
    """The cards the hand to play may play (by pack index) after which ``position.side`` is still sure of
    ``target`` (at most ``target`` where taking is bad): ``reaches`` asked of each card, equal cards once."""
    search = _Search(position)
    if search.flip:
        target = search._remaining_worth() - target
    return search.cards_reaching(target)


def remaining_worth(position: OpenPosition) -> int:
    """All that the tricks still to play are worth, to whoever takes them (tricks, or points as the goal
    counts them)."""
    return _Search(position)._remaining_worth()


@dataclass(frozen=True, slots=True)
class _Renumbering:
    """The cards renumbered by strength for the search: suit after suit, weakest first in each suit."""

    to_search: tuple[int, ...]     # pack index -> search number
    to_pack: tuple[int, ...]       # search number -> pack index
    order: CardOrder               # the order over search numbers
    starts: tuple[int, ...]        # each effective suit's first search number
    lengths: tuple[int, ...]       # and how many cards it has

    @classmethod
    def of(cls, order: CardOrder) -> _Renumbering:
        size = len(order.power)
        to_pack = tuple(sorted(range(size), key=lambda c: (order.suit_of[c], order.power[c], c)))
        to_search = [0] * size
        for number, card in enumerate(to_pack):
            to_search[card] = number
        suits = len(order.suit_masks)
        lengths = tuple(sum(1 for c in range(size) if order.suit_of[c] == s) for s in range(suits))
        starts = tuple(sum(lengths[:s]) for s in range(suits))
        suit_of = tuple(order.suit_of[c] for c in to_pack)
        power = tuple(order.power[c] for c in to_pack)
        masks = tuple(((1 << lengths[s]) - 1) << starts[s] for s in range(suits))
        beaten_by = tuple(sum(1 << to_search[b] for b in _bits(order.beaten_by[card])) for card in to_pack)
        renumbered = CardOrder(order.pack, suit_of, power, masks, order.trump, beaten_by)
        return cls(tuple(to_search), to_pack, renumbered, starts, lengths)

    def mask(self, mask: int) -> int:
        out = 0
        to_search = self.to_search
        for card in _bits(mask):
            out |= 1 << to_search[card]
        return out

    def unmask(self, mask: int) -> int:
        out = 0
        to_pack = self.to_pack
        for card in _bits(mask):
            out |= 1 << to_pack[card]
        return out


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# One suit of a position (``_owners``): its shape's code; the owner of its best card still out, and how many
# best cards it holds in a row; each hand's length in it. Then for partition search: the owners of its ``k``
# best cards still out, a few bits each after a leading 1, for each ``k``; the ``k``-th best card as a bit
# of the search's numbering (0 for ``k = 0``); for each place in the suit, how many cards still out are as
# good or better (the ``k`` that place rests on); and the hands' lengths packed ``LENGTH_BITS`` bits each.
SuitShape = tuple[int, int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int]
# The classes of one leader and set of lengths: by how many top cards of each suit they rest on, by those
# cards' owners, the bounds proved.
Classes = dict[tuple[int, ...], dict[tuple[int, ...], tuple[int, int]]]


class _Shared:
    """What searches of one deal under one card order may share: the table of what was proved of each shape
    (as bounds on what the hands of ``anchor``'s side take, so that searches for either side share it) and
    the memos of suit shapes, runs of equal cards and move orders. ``bridge_table`` shares one over a
    strain's four declarers."""

    def __init__(self, suits: int, anchor: int = 0) -> None:
        self.anchor = anchor
        self.table: dict[tuple[int, ...], tuple[int, ...]] = {}
        # Partition search: by leader and suit lengths, by how many top cards of each suit a proof rests on,
        # by the owners of those cards: bounds that hold for every position of the class.
        self.classes: dict[tuple[int, ...], Classes] = {}
        self.classes_kept = 0
        self.suit_shapes: list[dict[int, SuitShape]] = [{} for _ in range(suits)]
        self.orders: dict[tuple[int, ...], tuple[int, ...]] = {}
        self.runs: dict[tuple[int, int], tuple[list[int], int]] = {}


TABLE_LIMIT = 1 << 20   # shapes a table keeps before it starts afresh: memory stays bounded (about 300 MB)
ORDERS_LIMIT = 1 << 18   # and each memo of suit shapes, runs and move orders


class _Search:
    """One position's search, with its table of transpositions (kept while the position is searched, so the
    several questions of one solve, and the cards of ``card_values``, share what was proved)."""

    def __init__(self, position: OpenPosition, shared: _Shared | None = None) -> None:
        self.position = position
        numbers = self.numbers = _Renumbering.of(position.order)
        self.order = order = numbers.order
        if position.follow is None:
            self.follow = follower(order, position.rules)
        else:
            own = position.follow
            self.follow = lambda hand, trick: numbers.mask(own(numbers.unmask(hand),
                                                               [numbers.to_pack[c] for c in trick]))
        n = self.n = len(position.hands)
        goal = position.goal
        # The search counts what ``counted`` takes, which the side (``maximizers``) wants to be much: its
        # own takings, or, where taking is bad, the others' (the rest of a fixed whole). ``cashing``: the
        # side counted is the one that wants to take, so a leader's sure tricks bound the search.
        self.maximizers = position.side
        self.counted = position.side if goal.maximize else frozenset(range(n)) - position.side
        self.is_max = tuple(h in self.maximizers for h in range(n))
        self.is_counted = tuple(h in self.counted for h in range(n))
        self.teams = {flag: tuple(h for h in range(n) if self.is_counted[h] == flag) for flag in (False, True)}
        self.flip = not goal.maximize
        self.cashing = goal.maximize and goal.points is None
        self.points = None if goal.points is None else tuple(goal.points[c] for c in numbers.to_pack)
        self.trick_worth = worth = goal.trick_worth
        # What taking a trick is worth besides its cards, by the tricks its taker has left after it; and
        # the most the bonuses of the last ``k`` tricks come to.
        self.bonus = tuple(worth[k] if k < len(worth) else 0 for k in range(64))
        self.bonuses = tuple(sum(worth[:k]) for k in range(64))
        self.seat_at = [[0] * n for _ in range(n)]
        for leader in range(n):
            hand = leader
            for k in range(n):
                self.seat_at[leader][k] = hand
                hand = position.after[hand]
        self.power = order.power
        self.suit_of = order.suit_of
        self.suit_masks = order.suit_masks
        self.beaten_by = order.beaten_by
        self.suits = tuple(zip(numbers.starts, numbers.lengths, strict=True))
        self.suit_bits = tuple(((1 << length) - 1) << start for start, length in self.suits)
        # Where the table is shared, it keeps bounds for the anchor's side: a search counting the others
        # reads and writes them turned over (what one side takes of the tricks left, the other does not).
        self.mirror = shared is not None and shared.anchor not in self.counted
        shared = self.shared = shared or _Shared(len(self.suits))
        self.table = shared.table
        self.orders = shared.orders
        if self.mirror and (self.points is not None or worth):
            raise ValueError("a shared table counts tricks only")
        # Sure tricks beyond the top trumps count cards of plain suits led, which the others must follow
        # while they hold the suit: only where following is the plain rule.
        rules = position.rules
        self.plain = position.follow is None and rules.must_follow and not rules.may_always_trump
        self.plain_following = position.follow is None and rules == PLAIN
        # The cards of each worth, to count what the cards still out are worth with a few bit counts.
        self.point_masks = [(value, sum(1 << c for c, worth in enumerate(self.points or ()) if worth == value))
                            for value in sorted(set(self.points or ())) if value]
        # Each card's worth as a small number, by its place in its suit: a shape keeps what each card is
        # worth, so that positions alike but for the worth of their cards are not taken for one.
        values = sorted(set(self.points or (0,)))
        if len(values) > WORTH_KINDS:
            raise ValueError(f"an open-hand search tells apart at most {WORTH_KINDS} card worths, not {len(values)}")
        kinds = [tuple(values.index(self.points[start + k]) if self.points else 0 for k in range(length))
                 for start, length in self.suits]
        self.suit_info = tuple((start, (1 << length) - 1, length, shared.suit_shapes[suit], kinds[suit])
                               for suit, (start, length) in enumerate(self.suits))
        # Partition search (the "winning ranks" of DDS): what a search proves holds for every position with
        # the same lengths in which the cards it rested on have the same owners. Only where which cards can
        # be played and what a trick is worth hang on suits and lengths alone, not on ranks or points. And only
        # where the side wants tricks: where it wants to take none (a misère), playing under is the whole
        # game, and kept proofs were found wrong in a few positions in a hundred that the search by whole shapes
        # gets right (``test_each_cards_value_is_the_search_by_whole_shapes...``), so each shape is searched alone.
        self.partition = (goal.maximize and self.points is None and position.follow is None
                          and not (rules.must_head or rules.must_overtrump or rules.release_if_cannot_overtrump))
        self.classes = shared.classes
        # The last two tricks are played out directly where tricks alone count and following is plain.
        self.two_fast = self.plain_following and self.points is None and not any(worth)
        self.rel = 0    # the cards whose owners the last answer of the search rested on (``_node``)
        self.hands = [numbers.mask(hand) for hand in position.hands]
        self.trick = [numbers.to_search[card] for card in position.trick]
        self.live = self._live()      # the cards not yet in a finished trick; the same all through a trick

    # --- what is still to take ------------------------------------------------------------------------
    def _live(self) -> int:
        out = 0
        for hand in self.hands:
            out |= hand
        for card in self.trick:
            out |= 1 << card
        return out

    def _remaining_worth(self) -> int:
        """All that the tricks still to play are worth, to whoever takes them."""
        live = self._live()
        if not live:
            return 0
        left = max(hand.bit_count() for hand in self.hands)   # tricks, the current one among them
        return self._worth(live, left)

    def _worth(self, live: int, left: int) -> int:
        if self.points is None:
            worth = left
        else:
            worth = sum(value * (live & cards).bit_count() for value, cards in self.point_masks)
        return worth + self.bonuses[left]

    def _start(self, target: int) -> bool:
        """Whether the maximizers reach ``target`` from the position given."""
        trick = self.trick
        if trick:
            return self._continue(self.position.leader, len(trick), target, winner(trick, self.order))
        return self._node(self.position.leader, target)

    def value(self, guess: int | None = None) -> int:
        total = self._remaining_worth()
        if guess is not None and self.flip:
            guess = total - guess
        best = self._best(self._start, total, guess)
        return total - best if self.flip else best

    @staticmethod
    def _best(reaches: Callable[[int], bool], total: int, guess: int | None = None) -> int:
        """The most the maximizers can make sure of, by yes-or-no questions: first whether ``guess`` is
        reached and whether one more is (two questions settle it when the guess is right, as MTD(f) asks
        them), then a binary search over what is left open."""
        low, high = 0, total
        if guess is not None and 0 < guess <= total:
            if reaches(guess):
                low = guess
                if guess == total or not reaches(guess + 1):
                    return guess
                low = guess + 1
            else:
                high = guess - 1
                if not guess - 1 or reaches(guess - 1):
                    return guess - 1
                high = guess - 2
        while low < high:
            mid = (low + high + 1) // 2
            if reaches(mid):
                low = mid
            else:
                high = mid - 1
        return low

    def card_values(self) -> dict[int, int]:
        position, numbers = self.position, self.numbers
        mover, leader = position.to_play, position.leader
        hands, trick = self.hands, self.trick
        legal = self.follow(hands[mover], trick)
        total = self._remaining_worth()
        values: dict[int, int] = {}
        best: int | None = None      # each card's value is asked first of the last card's: often the same
        for card in self._candidates(legal, mover, leader, len(trick)):
            if numbers.to_pack[card] in values:      # the lowest of a run, valued with its top
                continue
            hands[mover] ^= 1 << card
            trick.append(card)
            best = self._best(lambda target: self._continue(leader, len(trick), target, winner(trick, self.order)),
                              total, best)
            trick.pop()
            hands[mover] |= 1 << card
            for same in self._equals(card, legal):
                values[numbers.to_pack[same]] = total - best if self.flip else best
        return values

    def cards_reaching(self, target: int) -> list[int]:
        position, numbers = self.position, self.numbers
        mover, leader = position.to_play, position.leader
        hands, trick = self.hands, self.trick
        legal = self.follow(hands[mover], trick)
        out: list[int] = []
        tried = 0
        for card in self._candidates(legal, mover, leader, len(trick)):
            if tried >> card & 1:                   # the lowest of a run, tried with its top
                continue
            equal = self._equals(card, legal)
            for same in equal:
                tried |= 1 << same
            hands[mover] ^= 1 << card
            trick.append(card)
            reached = self._continue(leader, len(trick), target, winner(trick, self.order))
            trick.pop()
            hands[mover] |= 1 << card
            if reached:
                out += [numbers.to_pack[same] for same in equal]
        return out

    # --- the search -----------------------------------------------------------------------------------
    def _node(self, leader: int, target: int) -> bool:
        """At the start of a trick: can the maximizers take ``target`` of what is left? ``self.rel`` is left
        holding the cards whose owners the answer rests on (the lowest of them in each suit is enough)."""
        self.rel = 0
        if target <= 0:
            return True
        hands = self.hands
        left = hands[leader].bit_count()
        if not left:
            return False
        if left == 1:
            return self._last(leader) >= target
        if left == 2 and self.two_fast:
            return self._two(leader, 0, target, 0)
        live = 0
        for hand in hands:
            live |= hand
        worth = self._worth(live, left)
        if target > worth:
            return False
        # The key: each suit as the owners of its cards still out, strongest first (``_owners``).
        key = [leader]
        heads = []
        four = self.n == 4
        if four:
            h0, h1, h2, h3 = hands
        for start, bits, length, memo, kinds in self.suit_info:
            if four:
                holdings = ((((h0 >> start & bits) << length | h1 >> start & bits) << length
                             | h2 >> start & bits) << length) | h3 >> start & bits
            else:
                holdings = 0
                for hand in hands:
                    holdings = holdings << length | (hand >> start) & bits
            found = memo.get(holdings)
            if found is None:
                if len(memo) >= ORDERS_LIMIT:
                    memo.clear()
                found = memo[holdings] = _owners(holdings, length, self.n, kinds, start)
            key.append(found[0])
            heads.append(found)
        if self.partition:
            return self._partitioned(leader, target, tuple(key), heads, live, left, worth)
        shape = tuple(key)
        table = self.table
        entry = table.get(shape)
        mirror = self.mirror
        if entry is None:
            low, high = self._bounds(leader, heads, left, worth)
            best = -1
        elif mirror:
            high, low, best = entry
            low, high = worth - low, worth - high
        else:
            low, high, best = entry
        if low < target <= high:
            saved = self.live
            self.live = live
            reached, best = self._lead(leader, target, best)
            self.live = saved
            if reached:
                low = target
            else:
                high = target - 1
        elif entry is not None:
            return low >= target
        if len(table) >= TABLE_LIMIT:
            table.clear()
        table[shape] = (worth - high, worth - low, best) if mirror else (low, high, best)
        return low >= target

    def _partitioned(self, leader: int, target: int, shape: tuple[int, ...], heads: list[SuitShape], live: int,
                     left: int, worth: int) -> bool:
        """``_node`` by partition search: bounds proved of a class of positions (the same leader and
        lengths, the same owners of each suit's top cards, as many as the proof rested on) answer for this
        one, and a search's answer is kept for the class its proof rests on. The table of shapes keeps
        what is known of this very position (the sure tricks, the classes' bounds found for it, each with
        the cards it rests on, and the lead that settled it before), so that coming back is one lookup."""
        mirror = self.mirror
        table = self.table
        entry = table.get(shape)
        if entry is None:
            low, high = self._bounds(leader, heads, left, worth)
            low_rel = self._sure_cards(heads, True) if low else 0
            high_rel = self._sure_cards(heads, False) if high < worth else 0
            best = -1
        else:
            low, high, low_rel, high_rel, best = entry
            if mirror:
                low, high, low_rel, high_rel = worth - high, worth - low, high_rel, low_rel
        if low < target <= high:
            lengths = (leader, *[suit[7] for suit in heads])
            classes = self.classes.get(lengths)
            prefixes = [suit[4] for suit in heads]
            if classes is not None:
                for tops, bounds in classes.items():
                    found = bounds.get(tuple(map(getitem, prefixes, tops)))
                    if found is None:
                        continue
                    e_low, e_high = (worth - found[1], worth - found[0]) if mirror else found
                    if e_low > low:
                        low, low_rel = e_low, self._top_cards(tops, heads)
                    if e_high < high:
                        high, high_rel = e_high, self._top_cards(tops, heads)
            if low < target <= high:
                saved = self.live
                self.live = live
                reached, card = self._lead(leader, target, best)
                self.live = saved
                rel = self.rel
                if card >= 0:
                    best = card
                if reached:
                    low, low_rel = target, rel
                else:
                    high, high_rel = target - 1, rel
                self._keep_class(classes, lengths, prefixes, heads, rel, worth,
                                 (target, worth) if reached else (0, target - 1))
        if entry is None and len(table) >= TABLE_LIMIT:
            table.clear()
        table[shape] = ((worth - high, worth - low, high_rel, low_rel, best) if mirror
                        else (low, high, low_rel, high_rel, best))
        if target <= low:
            self.rel = low_rel
            return True
        self.rel = high_rel
        return False

    def _keep_class(self, classes: Classes | None, lengths: tuple[int, ...], prefixes: list[tuple[int, ...]],
                    heads: list[SuitShape], rel: int, worth: int, proved: tuple[int, int]) -> None:
        """Keep bounds a search ``proved`` for the class its proof rests on (``rel``): how many top cards
        of each suit, and their owners."""
        kept = []
        for (start, suit_bits, *_), suit in zip(self.suit_info, heads, strict=True):
            resting = rel >> start & suit_bits
            kept.append(suit[6][(resting & -resting).bit_length() - 1] if resting else 0)
        tops = tuple(kept)
        owners = tuple(map(getitem, prefixes, tops))
        if classes is None:
            classes = self.classes[lengths] = {}
        bounds = classes.get(tops)
        if bounds is None:
            bounds = classes[tops] = {}
        e_low, e_high = proved
        if self.mirror:
            e_low, e_high = worth - e_high, worth - e_low
        found = bounds.get(owners)
        if found is None:
            shared = self.shared
            shared.classes_kept += 1
            if shared.classes_kept >= TABLE_LIMIT:
                self.classes.clear()
                shared.classes_kept = 0
                self.classes[lengths] = {tops: bounds}
            bounds[owners] = (e_low, e_high)
        else:
            bounds[owners] = (max(found[0], e_low), min(found[1], e_high))

    @staticmethod
    def _top_cards(tops: tuple[int, ...], heads: list[SuitShape]) -> int:
        """The lowest of the ``tops[s]`` best cards still out of each suit ``s``: what a class rests on."""
        rel = 0
        for suit, k in zip(heads, tops, strict=True):
            rel |= suit[5][k]
        return rel

    def _sure_cards(self, heads: list[SuitShape], counted: bool) -> int:
        """What a sure-trick bound of the ``counted`` side (or of the others) rests on: who heads each suit,
        and in the suits that side heads, the run of best cards of the hand heading it."""
        rel = 0
        is_counted = self.is_counted
        for suit in heads:
            head = suit[1]
            if head >= 0:
                rel |= suit[5][suit[2] if is_counted[head] == counted else 1]
        return rel

    def _last(self, leader: int) -> int:
        """The last trick, each hand holding one card: what ``counted`` takes of it."""
        hands, beaten_by = self.hands, self.beaten_by
        seats = self.seat_at[leader]
        first = hands[leader]
        best = first.bit_length() - 1
        place = 0
        cards = first
        for k in range(1, self.n):
            hand = hands[seats[k]]
            card = hand.bit_length() - 1
            cards |= hand
            if beaten_by[best] >> card & 1:
                best, place = card, k
        others = cards & ~(1 << best)
        self.rel = 1 << best if others & self.suit_masks[self.suit_of[best]] else 0
        if not self.is_counted[seats[place]]:
            return 0
        points = self.points
        if points is None:
            return 1 + self.bonus[0]
        return sum(points[c] for c in _bits(cards)) + self.bonus[0]

    def _bounds(self, leader: int, heads: list[SuitShape], left: int,
                worth: int) -> tuple[int, int]:
        """Bounds on what ``counted`` takes from a trick's start, before any search: the top trumps win a
        trick each whoever holds them, and the leader's side can cash its sure tricks (``_cashable``)."""
        if self.points is not None:
            return 0, worth
        ours = theirs = 0
        trump = self.order.trump
        if trump is not None:
            holder, run = heads[trump][1], heads[trump][2]
            if holder >= 0:
                if self.is_counted[holder]:
                    ours = run
                else:
                    theirs = run
        if self.cashing:
            sure = self._cashable(leader, heads)
            if self.is_counted[leader]:
                ours = max(ours, sure)
            else:
                theirs = max(theirs, sure)
        return ours, worth - theirs

    def _two(self, leader: int, k: int, target: int, win: int) -> bool:
        """The last two tricks, played out without the table or move orders: the ``k``-th card of the first
        of them is to be played, the ``win``-th card taking it. Every card held is tried (at most two a
        hand), which costs less than looking a position up; ``self.rel`` is left as the search leaves it."""
        player = self.seat_at[leader][k]
        hands, trick = self.hands, self.trick
        hand = hands[player]
        legal = hand & self.suit_masks[self.suit_of[trick[0]]] or hand if k else hand
        maximizing = self.is_max[player]
        beaten_by = self.beaten_by[trick[win]] if k else 0
        last = k + 1 == self.n
        rel = 0
        while legal:
            bit = legal & -legal
            legal ^= bit
            card = bit.bit_length() - 1
            hands[player] ^= bit
            trick.append(card)
            now = k if beaten_by >> card & 1 else win
            reached = self._two_taken(leader, target, now) if last else self._two(leader, k + 1, target, now)
            trick.pop()
            hands[player] |= bit
            if reached == maximizing:
                return reached
            rel |= self.rel
        self.rel = rel
        return not maximizing

    def _by_rank(self, trick: list[int], taking: int) -> int:
        """What who took a complete trick rests on: the owner of the card ``taking`` it, if it beat a card of
        its own suit (a trick won by the only card of its suit, or a trump, rests on lengths alone)."""
        suit_of = self.suit_of
        suit = suit_of[taking]
        for card in trick:
            if card != taking and suit_of[card] == suit:
                return 1 << taking
        return 0

    def _two_taken(self, leader: int, target: int, win: int) -> bool:
        """The first of the last two tricks complete, its ``win``-th card taking it: the last trick."""
        trick = self.trick
        taker = self.seat_at[leader][win]
        if self.is_counted[taker]:
            target -= 1
        by_rank = self._by_rank(trick, trick[win])
        if target <= 0:
            self.rel = by_rank
            return True
        reached = self._last(taker) >= target
        self.rel |= by_rank
        return reached

    def _lead(self, leader: int, target: int, first: int) -> tuple[bool, int]:
        """The leader's choice of card, ``first`` (the card that settled this shape before) tried first:
        whether the maximizers reach ``target``, and the card that decided it (-1 if none did)."""
        hands, trick = self.hands, self.trick
        legal = hands[leader]
        maximizing = self.is_max[leader]
        cards = self._candidates(legal, leader, leader, 0)
        if first >= 0 and legal >> first & 1:
            cards = (first, *(c for c in cards if c != first))
        rel = 0
        for card in cards:
            bit = 1 << card
            hands[leader] ^= bit
            trick.append(card)
            reached = self._in_trick(leader, 1, target, 0)
            trick.pop()
            hands[leader] |= bit
            if reached == maximizing:
                return reached, card
            rel |= self.rel
        self.rel = rel
        return not maximizing, -1

    def _in_trick(self, leader: int, k: int, target: int, win: int) -> bool:
        """The ``k``-th card of the trick ``leader`` led is to be played; the ``win``-th card is taking it."""
        if k == 0:
            return self._lead(leader, target, -1)[0]
        player = self.seat_at[leader][k]
        hands, trick = self.hands, self.trick
        hand = hands[player]
        if self.plain_following:
            legal = hand & self.suit_masks[self.suit_of[trick[0]]] or hand
        else:
            legal = self.follow(hand, trick)
        maximizing = self.is_max[player]
        taking = trick[win]
        # The memo of move orders first (``_candidates`` makes its key the same way).
        live = self.live
        suit = self.suit_masks[self.suit_of[legal.bit_length() - 1]]
        if not legal & ~suit:
            live &= suit
        cards = self.orders.get((legal, live, taking, self.is_counted[self.seat_at[leader][win]] == maximizing))
        if cards is None:
            cards = self._candidates(legal, player, leader, k, win)
        beaten_by = self.beaten_by[taking]
        last = k + 1 == self.n
        rel = 0
        for card in cards:
            bit = 1 << card
            hands[player] ^= bit
            trick.append(card)
            now = k if beaten_by >> card & 1 else win
            reached = self._taken(leader, target, now) if last else self._in_trick(leader, k + 1, target, now)
            trick.pop()
            hands[player] |= bit
            if reached == maximizing:
                return reached
            rel |= self.rel
        self.rel = rel
        return not maximizing

    def _continue(self, leader: int, played: int, target: int, win: int) -> bool:
        """After the ``played``-th card of the trick, the ``win``-th taking it: the next card, or the trick
        taken and the next one."""
        if played < self.n:
            return self._in_trick(leader, played, target, win)
        return self._taken(leader, target, win)

    def _taken(self, leader: int, target: int, win: int) -> bool:
        """The trick is complete, its ``win``-th card taking it: the next trick."""
        trick = self.trick
        taker = self.seat_at[leader][win]
        if self.is_counted[taker]:
            points = self.points
            target -= 1 if points is None else sum(points[c] for c in trick)
            target -= self.bonus[self.hands[taker].bit_count()]
        by_rank = self._by_rank(trick, trick[win])
        if target <= 0:
            self.rel = by_rank
            return True
        self.trick = []
        reached = self._node(taker, target)
        self.trick = trick
        self.rel |= by_rank
        return reached

    # --- which cards to try, in which order -----------------------------------------------------------
    def _candidates(self, legal: int, player: int, leader: int, k: int, win: int = -1) -> tuple[int, ...]:
        """One card of each run of equal cards among ``legal``, the most promising first."""
        live = self.live
        if k == 0:
            side = self.is_max[player]
            others = 0
            for h, hand in enumerate(self.hands):
                if h != player and self.is_max[h] == side:
                    others |= hand
            key: tuple[int, ...] = (legal, live, others)
        else:
            trick = self.trick
            if win < 0:
                win = winner(trick, self.order)
            ahead = self.is_counted[self.seat_at[leader][win]] == self.is_max[player]
            suit = self.suit_masks[self.suit_of[legal.bit_length() - 1]]
            if not legal & ~suit:       # following suit: only that suit's cards still out matter
                live &= suit
            key = (legal, live, trick[win], ahead)
        orders = self.orders
        found = orders.get(key)
        if found is None:
            if len(orders) >= ORDERS_LIMIT:
                orders.clear()
                self.shared.runs.clear()
            found = orders[key] = self._order(legal, live, key)
        return found

    def _order(self, legal: int, live: int, key: tuple[int, ...]) -> tuple[int, ...]:
        """The cards to try of ``legal`` (``_candidates``), a suit at a time from the memo of runs. A leader:
        its best cards still out, best first; then, cheapest first, cards of suits its partner heads (to
        reach it), then the rest. A follower: cheapest first, the cards taking the trick before the others
        unless its side has the trick already.

        Last, the lowest card of each run of equal cards, where the run has more than one: here it does what
        the run's top does, and a hand that tried every card tries it only after all the others failed (the
        shape it leads to is in the table by then). Partition search keeps a proof for positions whose low
        cards differ, and in one of them the run's lower cards may be split from its top by another hand's
        card; without this the proof would not have refuted playing one of them."""
        runs = self.shared.runs
        power = self.power
        leading = len(key) == 3
        others = key[2] if leading else 0
        picks: list[int] = []
        tops: list[int] = []
        crossing: list[int] = []
        lows = 0
        for suit, bits in enumerate(self.suit_bits):
            held = legal & bits
            if not held:
                continue
            out = live & bits
            found = runs.get((held, out))
            if found is None:
                found = runs[held, out] = self._runs(suit, out, held)
            suit_picks = found[0]
            lows |= found[1]
            if not leading:
                picks.extend(suit_picks)
                continue
            best = out.bit_length() - 1         # the best card of the suit still out
            if suit_picks[0] == best:
                tops.append(best)
                suit_picks = suit_picks[1:]
            (crossing if others >> best & 1 else picks).extend(suit_picks)
        if leading:
            tops.sort(key=power.__getitem__, reverse=True)
            crossing.sort(key=power.__getitem__)
            picks.sort(key=power.__getitem__)
            return (*tops, *crossing, *picks, *_bits(lows))
        picks.sort(key=power.__getitem__)
        if key[3]:
            return (*picks, *_bits(lows))
        beaten_by = self.beaten_by[key[2]]
        return (*[c for c in picks if beaten_by >> c & 1], *[c for c in picks if not beaten_by >> c & 1], *_bits(lows))

    def _runs(self, suit: int, live: int, legal: int) -> tuple[list[int], int]:
        """The top card of each run of equal cards of ``legal`` in ``suit``: cards with no live card of
        another hand (nor a card of the trick) between them and, where cards have points, equal points.
        And the lowest card of each run of more than one, as a mask (``_order`` tries them last)."""
        start, length = self.suits[suit]
        points = self.points
        picks: list[int] = []
        lows = 0
        in_run = False
        worth = -1
        low = -1
        for card in range(start + length - 1, start - 1, -1):
            if not live >> card & 1:
                continue
            if legal >> card & 1:
                card_worth = 0 if points is None else points[card]
                if not in_run or card_worth != worth:
                    picks.append(card)
                    in_run, worth = True, card_worth
                    if low >= 0:
                        lows |= 1 << low
                    low = -1
                else:
                    low = card
            else:
                in_run = False
                if low >= 0:
                    lows |= 1 << low
                low = -1
        if low >= 0:
            lows |= 1 << low
        return picks, lows

    def _equals(self, card: int, legal: int) -> list[int]:
        """``card`` and the cards of ``legal`` equal to it: no live card between them, the same worth."""
        live = self._live()
        points = self.points
        suit = self.order.suit_of[card]
        start, length = self.suits[suit]
        worth = 0 if points is None else points[card]
        run = [card]
        for step in (1, -1):
            other = card + step
            while start <= other < start + length:
                if live >> other & 1:
                    if not legal >> other & 1 or (points is not None and points[other] != worth):
                        break
                    run.append(other)
                other += step
        return run

    def _cashable(self, leader: int, heads: list[SuitShape]) -> int:
        """Tricks the leader's side can cash now, one after another: the leader's own runs of best cards,
        or its partner's, reached by leading a card of a suit the partner heads (the leader's own first,
        where the partner has as many other cards to throw on them).

        Where trumps are and the other side holds one, a run of a plain suit counts only as far as each
        other hand holding trumps still follows it (and not at all unless following is the plain rule):
        the others then follow every card cashed, keeping their other suits, so the suits add up."""
        counted = self.is_counted
        side = counted[leader]
        trump = self.order.trump
        ruffers: list[int] = []
        if trump is not None:
            lengths = heads[trump][3]
            ruffers = [h for h in self.teams[not side] if lengths[h]]
        plain = self.plain
        own = 0
        theirs: dict[int, list[int]] = {}     # each partner's cashable tricks, and whether it has an entry
        for suit, (_, first, run, lengths, *_) in enumerate(heads):
            if first < 0 or counted[first] != side:
                continue
            if ruffers and suit != trump:
                if not plain:
                    continue
                for h in ruffers:
                    if lengths[h] < run:
                        run = lengths[h]
                if not run:
                    continue
            if first == leader:
                own += run
            else:
                found = theirs.setdefault(first, [0, 0])
                found[0] += run
                # An entry: a card of a suit the partner heads and the others follow, led to the partner.
                if lengths[leader]:
                    found[1] = 1
        best = own
        for partner, (total, entry) in theirs.items():
            if not entry:
                continue
            # The leader cashes its own first if the partner can spare a card for each of them.
            if sum(head[3][partner] for head in heads) - total >= own:
                total += own
            if total > best:
                best = total
        return best


def _owners(holdings: int, length: int, hands: int, worths: tuple[int, ...], start: int = 0) -> SuitShape:
    """One suit as the owners of its cards still out, strongest first, each with its worth, as a number (a
    leading 1 keeps the suit's length in it); the owner of the best card (-1 if none is out), how many of
    the best cards it holds in a row, and how many cards of the suit each hand holds; then what partition
    search reads (``SuitShape``). ``holdings`` is each hand's cards of the suit, ``length`` bits a hand,
    hand 0 first, the suit's first card numbered ``start``; ``worths`` numbers each card's points (0 where
    cards have none) among ``kinds`` of them."""
    suit_bits = (1 << length) - 1
    held = [(holdings >> (length * (hands - 1 - h))) & suit_bits for h in range(hands)]
    bits = max(1, (hands - 1).bit_length())
    code = owners = 1
    first = -1
    run = 0
    counting = True
    prefixes = [owners]
    tops = [0]
    places = [0] * length
    for card in range(length - 1, -1, -1):
        for owner in range(hands):
            if held[owner] >> card & 1:
                code = (code * hands + owner) * WORTH_KINDS + worths[card]
                owners = owners << bits | owner
                prefixes.append(owners)
                tops.append(1 << (start + card))
                if first < 0:
                    first = owner
                if counting:
                    if owner == first:
                        run += 1
                    else:
                        counting = False
                break
        places[card] = len(tops) - 1
    lengths = tuple(h.bit_count() for h in held)
    packed = 0
    for count in lengths:
        packed = packed << LENGTH_BITS | count
    return code, first, run, lengths, tuple(prefixes), tuple(tops), tuple(places), packed


LENGTH_BITS = 6      # a hand's length in one suit, packed (an effective suit of trumps may pass 15 cards)
WORTH_KINDS = 32   # the distinct card worths a shape tells apart (a pack's point values, with room to spare)


# --- bridge: the double-dummy table of a deal -------------------------------------------------------------
STRAINS = ("C", "D", "H", "S", "NT")
COMPASS = "NESW"
BRIDGE_ORDERS = _BRIDGE_ORDERS = (*(CardOrder.build(STANDARD_52, ACE_HIGH, trump=suit) for suit in Suit),
                  CardOrder.build(STANDARD_52, ACE_HIGH))
DDTable = dict[str, dict[str, int]]


def _bridge_position(hands: Sequence[int], declarer: int, strain: int) -> OpenPosition:
    return OpenPosition(tuple(hands), (), (declarer + 1) % 4, (1, 2, 3, 0), _BRIDGE_ORDERS[strain],
                        frozenset({declarer, (declarer + 2) % 4}))


def bridge_tricks(hands: Sequence[int], declarer: int, strain: int) -> int:
    """The tricks ``declarer``'s side takes double dummy in ``strain`` (0 clubs .. 3 spades, 4 no trumps),
    the hand on declarer's left leading: ``hands`` are North, East, South, West, masks over the 52 cards."""
    return solve(_bridge_position(hands, declarer, strain))


def bridge_table(hands: Sequence[int]) -> DDTable:
    """The double-dummy table: tricks by declarer (``N``, ``E``, ``S``, ``W``) and strain (``C`` .. ``NT``).

    The four declarers of a strain share one table of what was proved (the same shapes arise whoever
    declares), and each search starts from a guess, what the declarer before it made."""
    table: DDTable = {seat: {} for seat in COMPASS}
    left = hands[0].bit_count()
    for strain in range(5):
        shared = _Shared(4)
        made: dict[int, int] = {}
        for declarer, guess in ((0, None), (2, 0), (1, 2), (3, 0)):
            start = None if guess is None else made[guess] if declarer % 2 == guess % 2 else left - made[guess]
            made[declarer] = _Search(_bridge_position(hands, declarer, strain), shared).value(start)
            table[COMPASS[declarer]][STRAINS[strain]] = made[declarer]
    return {seat: {STRAINS[s]: table[seat][STRAINS[s]] for s in range(5)} for seat in COMPASS}


def dds_table(hands: Sequence[int]) -> DDTable:
    """The same table from DDS, Bo Haglund's solver, through endplay (``pip install "parlour[dds]"``).

    DDS counts an ending as the last tricks of a whole deal, the tricks before it going to declarer; they
    are taken off, so both tables count only the tricks of the cards given."""
    from endplay.dds import calc_dd_table
    from endplay.types import Deal, Denom, Player

    from parlour.formats.pbn import deal_text

    with _DDS_AT_ONCE:
        table = calc_dd_table(Deal(deal_text(0, hands)))
        _DDS_READY.set()
    before = 13 - hands[0].bit_count()
    denoms = (Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt)
    return {COMPASS[declarer]: {STRAINS[strain]: table[denoms[strain], Player(declarer)] - before
                                for strain in range(5)} for declarer in range(4)}


# --- DDS, where a position is bridge's own ----------------------------------------------------------------
# Four hands of the 52-card pack, aces high, one of bridge's five strains, play to the left, following suit as
# at bridge and every trick counting one: there DDS (Bo Haglund's solver, through endplay, where installed)
# values every card of the hand to play at once, in tens of milliseconds at the first lead where the search
# above takes minutes. Checking claims and PIMC's worlds ask it there (Auction Bridge, Vint); everywhere else,
# and where endplay is missing, the search above answers.
# DDS keeps its search's memory by thread number, and endplay calls it (releasing the GIL) as thread 0 every
# time: two Python threads in it at once (two claims checked by the server's worker threads) would share that
# memory. One call at a time, then.
_DDS_AT_ONCE = threading.Lock()
# The thread DDS's bounded calls run in (``dds_card_values_within``), one at a time, so that a move may stop
# waiting for one; no thread is started until the first such call.
_DDS_CALLS = ThreadPoolExecutor(max_workers=1, thread_name_prefix="dds")
# Set once DDS has answered a call in this process: loaded, and its memory set up (the first call's extra 0.7 s).
_DDS_READY = threading.Event()


def _dds_calls_anew() -> None:
    """In a process forked from one that used DDS (a pool of simulations), the lock and the calls' thread
    are the parent's: a call given up on there may still hold the lock, and its thread does not exist here, so
    a call would wait for ever. The child starts with its own."""
    global _DDS_AT_ONCE, _DDS_CALLS
    _DDS_AT_ONCE = threading.Lock()
    _DDS_CALLS = ThreadPoolExecutor(max_workers=1, thread_name_prefix="dds")


os.register_at_fork(after_in_child=_dds_calls_anew)


@functools.cache
def dds_installed() -> bool:
    """Whether endplay is installed: found, not imported (importing it takes a second, which the server spends
    in the worker thread that checks a claim or moves a bot, not on its event loop)."""
    return importlib.util.find_spec("endplay") is not None


def dds_loaded() -> bool:
    """Whether DDS is loaded and set up in this process: it has answered a call. The first call (of
    ``dds_card_values``, ``dds_table`` or ``dds_warm_up``) loads it and sets up its memory, which takes about two
    seconds; a call that waits for another thread's first is still before this is true."""
    return _DDS_READY.is_set()


def dds_card_values_within(position: OpenPosition, strain: int, seconds: float | None) -> dict[int, int] | None:
    """``dds_card_values``, waited for at most ``seconds`` (None: as long as it takes), or None once they run out.

    Most worlds of a whole deal take DDS milliseconds, but about one in fifty at the first lead takes it a
    second or more, which no bound on the worlds a move deals can foresee; a move must not wait for it. The call
    given up on goes on in DDS's own thread, its answer thrown away, and the next call waits for it within its
    own time; one given up on before it began is never made."""
    future = _DDS_CALLS.submit(dds_card_values, position, strain)
    try:
        return future.result(timeout=seconds)
    except TimeoutError:
        future.cancel()
        return None


def dds_warm_up() -> None:
    """Load DDS and let it set itself up, where it is installed: its import takes about a second and its first
    solve some 0.7 s more (its memory), which would otherwise fall on the first bridge card an expert plays in
    a process. ``levels.warm_dds_for`` calls it in a thread where an expert will play bridge's cards (a bot
    worker's first such job, a terminal game with bots), so that the first card is as quick as the rest. A no-op
    without endplay; DDS's answer sets ``dds_loaded``."""
    if dds_installed():
        dds_table([0b1, 0b10, 0b100, 0b1000])     # one card a hand: the least DDS can be asked


def dds_strain(position: OpenPosition) -> int | None:
    """The bridge strain (0 clubs .. 3 spades, 4 no trumps) of a position DDS can solve, or None: where the
    position is not bridge's own, or endplay is not installed."""
    if position.goal != TRICKS or _compass(position) is None or not _follows_as_bridge(position) \
            or not dds_installed():
        return None
    for strain, order in enumerate(BRIDGE_ORDERS):
        if position.order == order:
            return strain
    return None


def _compass(position: OpenPosition) -> tuple[int, ...] | None:
    """Each hand's place at DDS's table (North 0 .. West 3), hand 0 North and the others in the order of play,
    where four hands play round in one circle and the side is a pair of partners, facing each other there
    (Vint seats its partnerships anew each rubber); None otherwise."""
    after = position.after
    if len(after) != 4:
        return None
    place, hand = [-1] * 4, 0
    for step in range(4):
        if place[hand] >= 0:
            return None
        place[hand], hand = step, after[hand]
    side = {place[hand] for hand in position.side}
    return tuple(place) if hand == 0 and side in ({0, 2}, {1, 3}) else None


def _follows_as_bridge(position: OpenPosition) -> bool:
    """Whether the position's rule of following is bridge's: follow suit if you can, else play anything,
    suits being the printed ones (a game's own follow function counts only if ``follower`` made it so)."""
    if position.follow is None:
        return position.rules == PLAIN
    made = follower_rules(position.follow)
    return made is not None and made[1] == PLAIN and made[0].suit_of == BRIDGE_ORDERS[4].suit_of


@functools.cache
def _dds_cards() -> tuple[tuple[Any, ...], dict[tuple[Any, Any], int]]:
    """The 52 cards as endplay's cards, by pack index, and back."""
    from endplay.types import Card as DdsCard

    from parlour.formats.pbn import rank_char

    cards = tuple(DdsCard(str(card)[-1] + rank_char(card.rank)) for card in STANDARD_52.cards)
    return cards, {(card.suit, card.rank): index for index, card in enumerate(cards)}


def dds_card_values(position: OpenPosition, strain: int) -> dict[int, int]:
    """``card_values`` by DDS, for a position of bridge's (``dds_strain`` gives its ``strain``): for each card
    the hand to play may play (pack index), the tricks ``position.side`` takes from here, the trick being
    played among them. The answer is checked to value each legal card and no other, within the tricks left:
    a position misread for DDS (a seat, a card) would otherwise be misplayed without a word."""
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    from parlour.formats.pbn import deal_text

    cards, index = _dds_cards()
    place = _compass(position)
    assert place is not None, "dds_strain chose the position"
    hands = [0] * 4
    for hand, compass in enumerate(place):
        hands[compass] = position.hands[hand]
    deal = Deal(deal_text(0, hands))
    deal.first = Player(place[position.leader])
    deal.trump = (Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt)[strain]
    for card in position.trick:
        deal.play(cards[card], from_hand=False)
    left = max(hand.bit_count() for hand in position.hands)
    ours = position.to_play in position.side
    with _DDS_AT_ONCE:
        solved = list(solve_board(deal))
        _DDS_READY.set()
    values = {index[(card.suit, card.rank)]: tricks if ours else left - tricks for card, tricks in solved}
    legal = position.legal()
    if sum(1 << card for card in values) != legal or not all(0 <= value <= left for value in values.values()):
        raise RuntimeError(f"DDS answered {values} for a position whose legal cards are {_bits(legal)}: "
                           f"{position}")
    return values
