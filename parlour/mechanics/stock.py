"""A stock of face-down cards that outlives a deal or runs through a long one, and what each seat knows of it.

Cards are drawn from the top. Cards go back under it in a known order (Pontoon's busted hands, and the
whole table after a deal without a pontoon, go to the bottom unshuffled); a discard pile is shuffled and
put under it when it runs out (Crates' pressure, Mus's discards), each reshuffle with a chance of its own.

What a seat knows is kept card by card: the seats that know which card lies at each place. A shuffled pack
or a reshuffled pile is known to nobody, place by place; cards put under the stock are known, in place, to
the seats that saw them (everyone for cards shown, one seat for cards it laid under face down). Places
count from the bottom, so that knowledge holds while cards are drawn above and more go under.

Sampling (``hide`` and ``place``) keeps every card a seat knows where it lies and deals the rest anew.
That a reshuffled card is *somewhere* in the stock is not kept: it fades with each face-down draw (the
card may then be in the drawer's hand), and a world built from it would tell a search which cards were
drawn. A game that can follow such cards publicly adds zones of its own.

The deal that leaves a stock is written here once too (:func:`deal_stock`, :func:`deal_upcard`): so many
cards each, one at a time from the seat after the dealer, the rest the stock, whose top card some books
turn up to start the discard pile; and the form of such a deal prepared for a test (:func:`stock_shape`,
:func:`upcard_shape`), the stock given from its top or not at all.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import cache, partial

from parlour.cards import Pack
from parlour.engine.deals import Apart, DealShape, Prepared
from parlour.engine.sampling import Unknown
from parlour.engine.state import State

# A mask of seats: every seat, however many there are.
EVERYONE = -1
# The lists a prepared deal gives beside the hands: the card turned up, and the stock from its top.
UPCARD, STOCK = "upcard", "stock"


class Stock:
    """The cards of a stock and, for each, the seats that know it lies where it does.

    A mutable container: a game names it in ``MUTABLE`` so that a clone copies it (``copy``).
    """

    __slots__ = ("_cards", "_seen", "name", "reshuffles")

    def __init__(self, cards: Sequence[int] = (), *, name: str = "stock") -> None:
        """A stock of ``cards`` (indices of the game's pack, top first), whose order no seat knows: a pack
        just shuffled, or stacked by a prepared deal (``State._deck``)."""
        self.name = name
        self._cards: list[int] = list(reversed(cards))   # bottom first, so that a draw is a pop()
        self._seen: list[int] = [0] * len(self._cards)   # per card, the mask of seats that know it is there
        self.reshuffles = 0

    def copy(self) -> Stock:
        twin = Stock(name=self.name)
        twin._cards = self._cards.copy()
        twin._seen = self._seen.copy()
        twin.reshuffles = self.reshuffles
        return twin

    def __len__(self) -> int:
        return len(self._cards)

    def top_first(self) -> list[int]:
        """Every card, top first: the true order, for the rules and tests, never for a view."""
        return self._cards[::-1]

    def draw(self) -> tuple[int, int]:
        """Take the top card: the card and the seats that knew it was there (they now know who holds it)."""
        if not self._cards:
            raise ValueError(f"the {self.name} is empty")
        return self._cards.pop(), self._seen.pop()

    def put_under(self, cards: Sequence[int], seen_by: int = EVERYONE) -> None:
        """Put ``cards`` (top first) under the stock unshuffled; ``seen_by`` (a mask of seats, ``EVERYONE``
        for cards shown) know each of them where it lies."""
        self._cards[:0] = reversed(cards)
        self._seen[:0] = [seen_by] * len(cards)

    def refill(self, cards: Sequence[int], shuffled: Callable[[str, int], list[int]], purpose: str) -> None:
        """Shuffle ``cards`` (a discard pile) and put them under the stock, their order known to nobody.

        ``shuffled`` is the state's ``_shuffled``; each reshuffle of this stock has a purpose of its own
        (``"<purpose>: stock reshuffle <k>"``), so that a replay or a clone shuffles alike, and a sampled
        world, whose chance is new, shuffles anew. ``purpose`` names the deal when a stock lives for one
        (``f"deal {self.hand_number}"``)."""
        self.reshuffles += 1
        order = shuffled(f"{purpose}: {self.name} reshuffle {self.reshuffles}", len(cards))
        self.put_under([cards[k] for k in order], seen_by=0)

    def known(self, seat: int | None) -> list[tuple[int, int]]:
        """The cards ``seat`` knows in the stock, top first, as (place from the top, 0 being the top card,
        card): what its view shows of the stock besides the count. A spectator (``None``) knows the cards
        every seat saw put there."""
        top = len(self._cards) - 1
        return [(top - k, self._cards[k]) for k in range(top, -1, -1) if _knows(self._seen[k], seat)]

    # --- sampling ---------------------------------------------------------------------------------------
    def hide(self, unknown: Unknown, seat: int) -> None:
        """Add to ``seat``'s ``Unknown`` the cards of the stock it does not know, as one hidden place: the
        cards it knows stay where they lie."""
        bit = 1 << seat
        unseen = sum(1 << card for card, seen in zip(self._cards, self._seen, strict=True) if not seen & bit)
        unknown.hide((self.name, seat), unseen)

    def place(self, deal: Mapping[Hashable, list[int]]) -> None:
        """In a sampled world (``_place_unknown``), deal the stock's hidden places the cards ``deal`` gives
        them, bottom up; the places the seat knows keep their cards."""
        for key, cards in deal.items():
            if isinstance(key, tuple) and len(key) == 2 and key[0] == self.name:
                bit = 1 << key[1]
                fresh = iter(cards)
                self._cards = [card if seen & bit else next(fresh) for card, seen in
                               zip(self._cards, self._seen, strict=True)]
                return


def _knows(seen: int, seat: int | None) -> bool:
    return seen == EVERYONE if seat is None else bool(seen >> seat & 1)


def not_thrown_back(hand: int, taken: int | None, pack: Pack) -> int:
    """The cards of ``hand`` (a mask) a player may discard, having taken card ``taken`` from the pile.

    Rummy's custom: the card taken from the discard pile is not thrown back in the same turn, nor a copy of
    its face (the same throw), or a turn could change nothing and a deal go round for ever. A hand holding
    nothing else may discard it.
    """
    if taken is None:
        return hand
    others = hand & ~pack.face_masks[pack.face_of[taken]]
    return others or hand


# --- the deal that leaves a stock ----------------------------------------------------------------------
def deal_stock(state: State, pack: Pack, size: int) -> tuple[list[int], list[int]]:
    """The hands (masks by seat) and the stock (top first): ``size`` cards each dealt one at a time from the
    seat after the dealer (``State._deal_around``) off ``pack``, shuffled or stacked, the rest left as they
    lie (Mus, Kabu); or a prepared deal's hands (:func:`stock_shape`) over its stock: the cards it lists,
    then those it names nowhere, in the seed's order."""
    hands, rest, _ = _dealt(state, pack, size, STOCK)
    return hands, rest


def deal_upcard(state: State, pack: Pack, size: int) -> tuple[list[int], int, list[int]]:
    """The hands, the upcard and the stock: dealt as :func:`deal_stock` deals, the stock's top card then
    turned up to start the discard pile (Pitty Pat, Crates, Carioca). A prepared deal
    (:func:`upcard_shape`) that names no upcard turns up the first card it names nowhere, over the stock it
    lists."""
    hands, rest, prepared = _dealt(state, pack, size, UPCARD, STOCK)
    if prepared is not None and UPCARD not in prepared.apart:
        listed = len(prepared.apart.get(STOCK, ()))
        return hands, rest[listed], [*rest[:listed], *rest[listed + 1:]]
    return hands, rest[0], rest[1:]


def _dealt(state: State, pack: Pack, size: int, *apart: str) -> tuple[list[int], list[int], Prepared | None]:
    prepared = state._prepared_now()
    if prepared is None or prepared.pack is not None:
        deck = state._deck(pack)
        dealt = size * state.players
        return state._deal_around(deck[:dealt], state.dealer), deck[dealt:], None
    return list(prepared.masks), state._following(prepared, *apart), prepared


@cache
def stock_shape(pack: Pack, size: int, players: int) -> DealShape:
    """The form of a prepared deal for :func:`deal_stock`: ``size`` cards a hand and the stock, which may be
    given in part from its top or left out, or a stacked pack."""
    form = f'{{"hands": [{size} cards per seat], "stock": [cards, top first]}} or a stacked pack'
    return DealShape(pack, form, sizes=(size,) * players, apart=(Apart(STOCK),), stacked=True)


@cache
def upcard_shape(pack: Pack, size: int, players: int, stacked: bool = True) -> DealShape:
    """The form of a prepared deal for :func:`deal_upcard`: ``size`` cards a hand, the upcard and the stock
    given from its top, both of which may be left out, or (``stacked``) a stacked pack."""
    form = f'{{"hands": [{size} cards per seat], "upcard": card, "stock": [cards, top first]}}'
    return DealShape(pack, form + " or a stacked pack" * stacked, sizes=(size,) * players,
                     apart=(Apart(UPCARD, 1, single=True), Apart(STOCK)), stacked=stacked,
                     check=partial(_one_to_turn, pack.full_mask))


def _one_to_turn(full: int, prepared: Prepared) -> str | None:
    """Without an upcard, a card the deal names nowhere is turned up: one must be left."""
    if UPCARD in prepared.apart or prepared.named != full:
        return None
    return "without an upcard, the hands and the stock must leave a card to turn up"
