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
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence

from parlour.cards import Pack
from parlour.engine.sampling import Unknown

# A mask of seats: every seat, however many there are.
EVERYONE = -1


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
