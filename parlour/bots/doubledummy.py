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
  that prunes far more than a search for the exact value; the value is found by asking for a few *t*.
* **Cards renumbered by strength.** Inside the search a card's number is its place in its effective suit,
  weakest first, suit after suit, so a suit is a run of bits and everything below reads it with shifts.
* **Transpositions.** At the start of each trick the position is looked up by its *shape*: each suit as
  the owners of its cards still out, strongest first. Positions that differ only in which low cards have
  gone are one position; what was proved of one holds for the other.
* **Equal cards.** Cards of one hand with no card still out between them (a king and queen once the ace is
  gone) do the same work: only one of them is tried.
* **Sure tricks.** A leader can cash its runs of best cards, or its partner's after leading a card of a
  suit the partner heads; a hand holding the best trumps will win a trick with each whoever leads.
  Counted at once, they often answer the question without a search.
* **Move order.** The leader tries its best cards first, then cards that reach its partner, then its
  cheapest; a follower its cheapest card that takes the trick, then its cheapest card (only the cheapest
  when its side has the trick already); and a shape tries first the lead that settled it before.

On whole bridge deals it remains far slower than DDS, whose C and partition search Python cannot match
(``benchmarks/doubledummy.py`` measures both): it is meant for the last tricks of a deal, where a searching
bot needs it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from parlour.cards import ACE_HIGH, STANDARD_52, Suit
from parlour.mechanics.tricks import TRICKS, CardOrder, Goal, OpenPosition, follower, winner

__all__ = ["TRICKS", "Goal", "OpenPosition", "bridge_table", "bridge_tricks", "card_values", "cards_reaching",
           "dds_table", "reaches", "remaining_worth", "solve"]


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
    if search.trick:
        return search._continue(position.leader, len(search.trick), target)
    return search._node(position.leader, target)


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


class _Search:
    """One position's search, with its table of transpositions (kept while the position is searched, so the
    several questions of one solve, and the cards of ``card_values``, share what was proved)."""

    def __init__(self, position: OpenPosition) -> None:
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
        self.flip = not goal.maximize
        self.cashing = goal.maximize
        self.points = None if goal.points is None else tuple(goal.points[c] for c in numbers.to_pack)
        self.trick_worth = goal.trick_worth
        self.seat_at = [[0] * n for _ in range(n)]
        for leader in range(n):
            hand = leader
            for k in range(n):
                self.seat_at[leader][k] = hand
                hand = position.after[hand]
        self.power = order.power
        self.beaten_by = order.beaten_by
        self.suits = tuple(zip(numbers.starts, numbers.lengths, strict=True))
        self.table: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.suit_shapes: list[dict[int, tuple[int, int, int]]] = [{} for _ in self.suits]
        # The cards of each worth, to count what the cards still out are worth with a few bit counts.
        self.point_masks = [(value, sum(1 << c for c, worth in enumerate(self.points or ()) if worth == value))
                            for value in sorted(set(self.points or ())) if value]
        # Each card's worth as a small number, by its place in its suit: a shape keeps what each card is
        # worth, so that positions alike but for the worth of their cards are not taken for one.
        values = sorted(set(self.points or (0,)))
        if len(values) > WORTH_KINDS:
            raise ValueError(f"an open-hand search tells apart at most {WORTH_KINDS} card worths, not {len(values)}")
        self.worth_kinds = [tuple(values.index(self.points[start + k]) if self.points else 0 for k in range(length))
                            for start, length in self.suits]
        self.runs: dict[tuple[int, int, int], tuple[int, ...]] = {}
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
        if self.points is None:
            worth = left
        else:
            worth = sum(value * (live & cards).bit_count() for value, cards in self.point_masks)
        return worth + sum(self.trick_worth[:left])

    def value(self) -> int:
        total = self._remaining_worth()
        best = self._best(lambda target: self._continue(self.position.leader, len(self.trick), target)
                          if self.trick else self._node(self.position.leader, target), total)
        return total - best if self.flip else best

    @staticmethod
    def _best(reaches: Callable[[int], bool], total: int) -> int:
        """The most the maximizers can make sure of: a binary search over yes-or-no questions."""
        low, high = 0, total
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
        for card in self._candidates(legal, mover, leader, len(trick)):
            hands[mover] ^= 1 << card
            trick.append(card)
            best = self._best(lambda target: self._continue(leader, len(trick), target), total)
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
        for card in self._candidates(legal, mover, leader, len(trick)):
            hands[mover] ^= 1 << card
            trick.append(card)
            reached = self._continue(leader, len(trick), target)
            trick.pop()
            hands[mover] |= 1 << card
            if reached:
                out += [numbers.to_pack[same] for same in self._equals(card, legal)]
        return out

    # --- the search -----------------------------------------------------------------------------------
    def _node(self, leader: int, target: int) -> bool:
        """At the start of a trick: can the maximizers take ``target`` of what is left?"""
        if target <= 0:
            return True
        hands = self.hands
        left = hands[leader].bit_count()
        if not left:
            return False
        saved_live = self.live
        live = 0
        for hand in hands:
            live |= hand
        self.live = live
        try:
            key, ours, theirs = self._shape(leader)
            if self.points is None:
                if ours >= target:
                    return True
                if left + sum(self.trick_worth[:left]) - theirs < target:
                    return False
            elif target > self._remaining_worth():
                return False
            entry = self.table.get(key)
            if entry is not None:
                low, high, best = entry
                if low >= target:
                    return True
                if high < target:
                    return False
            else:
                low, high, best = 0, 1 << 30, -1
            reached, card = self._lead(leader, target, best)
            self.table[key] = ((max(low, target), high, card) if reached else (low, min(high, target - 1), card))
            return reached
        finally:
            self.live = saved_live

    def _lead(self, leader: int, target: int, first: int) -> tuple[bool, int]:
        """The leader's choice of card, ``first`` (the card that settled this shape before) tried first:
        whether the maximizers reach ``target``, and the card that decided it (-1 if none did)."""
        hands, trick = self.hands, self.trick
        legal = hands[leader]
        maximizing = leader in self.maximizers
        cards = self._candidates(legal, leader, leader, 0)
        if first >= 0 and legal >> first & 1:
            cards = [first, *(c for c in cards if c != first)]
        for card in cards:
            bit = 1 << card
            hands[leader] ^= bit
            trick.append(card)
            reached = self._continue(leader, 1, target)
            trick.pop()
            hands[leader] |= bit
            if reached == maximizing:
                return reached, card
        return not maximizing, -1

    def _in_trick(self, leader: int, k: int, target: int) -> bool:
        """The ``k``-th card of the trick ``leader`` led is to be played."""
        if k == 0:
            return self._lead(leader, target, -1)[0]
        player = self.seat_at[leader][k]
        hands, trick = self.hands, self.trick
        legal = self.follow(hands[player], trick)
        maximizing = player in self.maximizers
        for card in self._candidates(legal, player, leader, k):
            bit = 1 << card
            hands[player] ^= bit
            trick.append(card)
            reached = self._continue(leader, k + 1, target)
            trick.pop()
            hands[player] |= bit
            if reached == maximizing:
                return reached
        return not maximizing

    def _continue(self, leader: int, played: int, target: int) -> bool:
        """After the ``played``-th card of the trick: the next card, or the trick taken and the next one."""
        if played < self.n:
            return self._in_trick(leader, played, target)
        trick = self.trick
        taker = self.seat_at[leader][winner(trick, self.order)]
        if taker in self.counted:
            points = self.points
            target -= 1 if points is None else sum(points[c] for c in trick)
            worth = self.trick_worth
            if worth:
                after = self.hands[taker].bit_count()
                if after < len(worth):
                    target -= worth[after]
        saved = trick[:]
        trick.clear()
        reached = self._node(taker, target)
        trick.extend(saved)
        return reached

    # --- which cards to try, in which order -----------------------------------------------------------
    def _runs(self, suit: int, live: int, legal: int) -> tuple[int, ...]:
        """The top card of each run of equal cards of ``legal`` in ``suit``: cards with no live card of
        another hand (nor a card of the trick) between them and, where cards have points, equal points."""
        key = (suit, live, legal)
        found = self.runs.get(key)
        if found is not None:
            return found
        start, length = self.suits[suit]
        points = self.points
        picks: list[int] = []
        in_run = False
        worth = -1
        for card in range(start + length - 1, start - 1, -1):
            if not live >> card & 1:
                continue
            if legal >> card & 1:
                card_worth = 0 if points is None else points[card]
                if not in_run or card_worth != worth:
                    picks.append(card)
                    in_run, worth = True, card_worth
            else:
                in_run = False
        found = self.runs[key] = tuple(picks)
        return found

    def _candidates(self, legal: int, player: int, leader: int, k: int) -> list[int]:
        """One card of each run of equal cards among ``legal``, the most promising first."""
        live = self.live
        picks: list[int] = []
        for suit, (start, length) in enumerate(self.suits):
            bits = ((1 << length) - 1) << start
            if legal & bits:
                picks.extend(self._runs(suit, live & bits, legal & bits))
        power = self.power
        if k == 0:
            tops = [c for c in picks if self._is_top(c, live)]
            rest = sorted((c for c in picks if c not in tops), key=power.__getitem__)
            crossing = [c for c in rest if self._partner_heads(c, player, live)]
            rest = crossing + [c for c in rest if c not in crossing]
            return sorted(tops, key=lambda c: -power[c]) + rest
        trick = self.trick
        place = winner(trick, self.order)
        picks.sort(key=power.__getitem__)
        if (self.seat_at[leader][place] in self.counted) == (player in self.maximizers):
            return picks
        beaten_by = self.beaten_by[trick[place]]
        return [c for c in picks if beaten_by >> c & 1] + [c for c in picks if not beaten_by >> c & 1]

    def _partner_heads(self, card: int, player: int, live: int) -> bool:
        """Whether a hand on ``player``'s side holds the best card still out of ``card``'s suit."""
        start, length = self.suits[self.order.suit_of[card]]
        top = (live >> start) & ((1 << length) - 1)
        if not top:
            return False
        best = start + top.bit_length() - 1
        side = player in self.maximizers
        return any(h != player and (h in self.maximizers) == side and self.hands[h] >> best & 1
                   for h in range(self.n))

    def _is_top(self, card: int, live: int) -> bool:
        start, length = self.suits[self.order.suit_of[card]]
        return not live >> (card + 1) & (((1 << length) - 1) << start) >> (card + 1)

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

    def _cashable(self, leader: int, heads: list[tuple[int, int]]) -> int:
        """Tricks the leader's side can cash now, one after another: the leader's own runs of best cards,
        or its partner's, reached by leading a card of a suit the partner heads. Where trumps are and the
        other side holds one, only runs of trumps count (a plain suit could be ruffed)."""
        hands, suits, trump = self.hands, self.suits, self.order.trump
        side = leader in self.counted
        partners = [h for h in range(self.n) if h != leader and (h in self.counted) == side]
        counted_suits: Sequence[int] = range(len(suits))
        if trump is not None:
            start, length = suits[trump]
            trumps = ((1 << length) - 1) << start
            if any(hands[h] & trumps for h in range(self.n) if (h in self.counted) != side):
                counted_suits = [trump]
        best = sum(heads[s][1] for s in counted_suits if heads[s][0] == leader)
        own = hands[leader]
        for partner in partners:
            total = sum(heads[s][1] for s in counted_suits if heads[s][0] == partner)
            if total <= best:
                continue
            for s in counted_suits:
                start, length = suits[s]
                if heads[s][0] == partner and own >> start & ((1 << length) - 1):
                    best = total
                    break
        return best

    def _shape(self, leader: int) -> tuple[tuple[int, ...], int, int]:
        """The position at a trick's start as the table's key, and bounds on what ``counted`` takes from
        here: at least ``ours``, and the others at least ``theirs``.

        The key writes each suit as the owners of its cards still out, strongest first: which hand holds
        the best card left, the second best, and so on, whatever the cards are. Looked up in one table a
        suit (``suit_shapes``), which also gives the owner of the suit's best card and how many of the best
        it holds in a row: the tricks it can cash."""
        hands = self.hands
        n = self.n
        codes = []
        heads: list[tuple[int, int]] = []     # each suit's best card's owner, and its run of best cards
        trump = self.order.trump
        trump_top = (0, 0)
        for suit, (start, length) in enumerate(self.suits):
            suit_bits = (1 << length) - 1
            holdings = 0
            for hand in hands:
                holdings = holdings << length | (hand >> start) & suit_bits
            memo = self.suit_shapes[suit]
            found = memo.get(holdings)
            if found is None:
                found = memo[holdings] = _owners(holdings, length, n, self.worth_kinds[suit])
            code, owner, run = found
            codes.append(code)
            heads.append((owner, run))
            if suit == trump:
                trump_top = (owner, run)
        # Bounds on what ``counted`` takes: ``ours`` it is sure of, ``theirs`` the others are.
        ours = theirs = 0
        if trump is not None:
            # The top trumps still out win a trick each whenever they are played, whoever wants them to.
            holder, run = trump_top
            if holder in self.counted:
                ours = run
            else:
                theirs = run
        if self.cashing:
            sure = self._cashable(leader, heads)
            if leader in self.counted:
                ours = max(ours, sure)
            else:
                theirs = max(theirs, sure)
        key = (leader, *codes)
        return key, ours, theirs


def _owners(holdings: int, length: int, hands: int, worths: tuple[int, ...]) -> tuple[int, int, int]:
    """One suit as the owners of its cards still out, strongest first, each with its worth, as a number (a
    leading 1 keeps the suit's length in it); the owner of the best card (-1 if none is out) and how many of
    the best cards it holds in a row. ``holdings`` is each hand's cards of the suit, ``length`` bits a hand,
    hand 0 first; ``worths`` numbers each card's points (0 where cards have none) among ``kinds`` of them."""
    suit_bits = (1 << length) - 1
    held = [(holdings >> (length * (hands - 1 - h))) & suit_bits for h in range(hands)]
    code = 1
    first = -1
    run = 0
    counting = True
    for card in range(length - 1, -1, -1):
        for owner in range(hands):
            if held[owner] >> card & 1:
                code = (code * hands + owner) * WORTH_KINDS + worths[card]
                if first < 0:
                    first = owner
                if counting:
                    if owner == first:
                        run += 1
                    else:
                        counting = False
                break
    return code, first, run


WORTH_KINDS = 32   # the distinct card worths a shape tells apart (a pack's point values, with room to spare)


# --- bridge: the double-dummy table of a deal -------------------------------------------------------------
STRAINS = ("C", "D", "H", "S", "NT")
COMPASS = "NESW"
BRIDGE_ORDERS = _BRIDGE_ORDERS = (*(CardOrder.build(STANDARD_52, ACE_HIGH, trump=suit) for suit in Suit),
                  CardOrder.build(STANDARD_52, ACE_HIGH))
DDTable = dict[str, dict[str, int]]


def bridge_tricks(hands: Sequence[int], declarer: int, strain: int) -> int:
    """The tricks ``declarer``'s side takes double dummy in ``strain`` (0 clubs .. 3 spades, 4 no trumps),
    the hand on declarer's left leading: ``hands`` are North, East, South, West, masks over the 52 cards."""
    position = OpenPosition(tuple(hands), (), (declarer + 1) % 4, (1, 2, 3, 0), _BRIDGE_ORDERS[strain],
                            frozenset({declarer, (declarer + 2) % 4}))
    return solve(position)


def bridge_table(hands: Sequence[int]) -> DDTable:
    """The double-dummy table: tricks by declarer (``N``, ``E``, ``S``, ``W``) and strain (``C`` .. ``NT``)."""
    return {COMPASS[declarer]: {STRAINS[strain]: bridge_tricks(hands, declarer, strain) for strain in range(5)}
            for declarer in range(4)}


def dds_table(hands: Sequence[int]) -> DDTable:
    """The same table from DDS, Bo Haglund's solver, through endplay (``pip install "parlour[dds]"``).

    DDS counts an ending as the last tricks of a whole deal, the tricks before it going to declarer; they
    are taken off, so both tables count only the tricks of the cards given."""
    from endplay.dds import calc_dd_table
    from endplay.types import Deal, Denom, Player

    from parlour.formats.pbn import deal_text

    table = calc_dd_table(Deal(deal_text(0, hands)))
    before = 13 - hands[0].bit_count()
    denoms = (Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt)
    return {COMPASS[declarer]: {STRAINS[strain]: table[denoms[strain], Player(declarer)] - before
                                for strain in range(5)} for declarer in range(4)}
