"""Prepared deals (``deal=``): each game declares the form of its deal, and this module reads and refuses.

A prepared deal sets the cards of a deal for a test, a tutorial or a bug report: the hands, and beside
them the lists a game deals apart (a widow, a talon, an upcard, a stock given from its top), or a whole
stacked pack that the game then deals by its book's own procedure. A game says what its deal holds in a
:class:`DealShape` (its pack, each hand's size, the lists beside the hands); :func:`read_deal` reads one
deal against it. ``State`` reads every deal it is given, every one of a list included, before the first
card is dealt, so that a bad fifth deal is refused by ``new_game`` and never half way through a game.

Every refusal is a :class:`~parlour.errors.DealError` that says what is wrong and where, in the game's own
words for its form.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.cards import Card, Pack
from parlour.errors import DealError, NotationError

# The keys a stacked pack is written with; a deal holding it holds nothing else.
STACKED = "pack"
DEALER = "dealer"


@dataclass(frozen=True)
class Apart:
    """A list a prepared deal gives beside the hands, by its key.

    ``size`` is its exact number of cards, or ``None`` for a list given from its top in part (a stock:
    the cards named nowhere follow in the seed's order). ``single``: written as one card (``"upcard":
    "7H"``), not a list. ``rest``: left out, it is every card the hands do not hold (a widow, a talon).
    ``in_hand``: the card is one of that seat's cards rather than apart from the hands (a trump card the
    dealer turns up from his own hand)."""

    key: str
    size: int | None = None
    single: bool = False
    rest: bool = False
    in_hand: int | None = None


@dataclass(frozen=True)
class DealShape:
    """The form of a game's prepared deal for one deal of the game.

    ``sizes`` are the cards of each hand by seat (0 for a seat that sits the deal out); ``None`` for hands
    of any sizes of at least ``least`` cards each. ``whole``: the hands together hold the whole pack.
    ``stacked``: a stacked pack ``{"pack": [every card, top first]}`` is taken (and, with ``hands=False``,
    nothing else). ``dealer``: the deal may name its dealer, ``{"dealer": seat}``. ``form`` is the form
    in words, which a refusal quotes. ``check``, where a game's deal has a rule no field here says (Twenty-
    Four's piles of a player count), is given the deal as read and answers what is wrong, or ``None``."""

    pack: Pack
    form: str
    sizes: Sequence[int] | None = None
    apart: tuple[Apart, ...] = ()
    key: str = "hands"
    hands: bool = True
    least: int = 0
    whole: bool = False
    stacked: bool = False
    dealer: bool = False
    check: Callable[[Prepared], str | None] | None = None


@dataclass(frozen=True)
class Prepared:
    """A prepared deal as read: pack indices, in the order the deal lists them.

    ``hands`` by seat (empty for a stacked pack), ``masks`` the same as bit masks and ``held`` all the
    cards they hold; ``apart`` each list beside the hands that the deal gives, or that a ``rest`` list
    left out leaves; ``pack`` a stacked pack's cards, top first; ``dealer`` the seat the deal names."""

    hands: tuple[tuple[int, ...], ...] = ()
    masks: tuple[int, ...] = ()
    held: int = 0
    apart: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    pack: tuple[int, ...] | None = None
    dealer: int | None = None

    @property
    def named(self) -> int:
        """Every card the deal names, in the hands or apart: what a stock given in part leaves to the seed."""
        named = self.held
        for cards in self.apart.values():
            named |= sum(1 << card for card in cards)
        return named


def read_deal(deal: Any, shape: DealShape, players: int) -> Prepared:
    """``deal`` read against ``shape``: a :class:`Prepared`, or a ``DealError`` saying what is wrong."""
    if isinstance(deal, dict) and STACKED in deal and shape.stacked:
        return _read_stacked(deal, shape, players)
    if not shape.hands:
        raise DealError(f"a prepared deal is {shape.form}")
    if not isinstance(deal, dict):
        raise DealError(f"a prepared deal is {shape.form}, not {_kind(deal)}")
    known = {shape.key, *(apart.key for apart in shape.apart), *((DEALER,) if shape.dealer else ())}
    unknown = sorted(map(str, set(deal) - known))
    if unknown:
        raise DealError(f"a prepared deal is {shape.form}; it has no {unknown[0]!r}")
    hands = _read_hands(deal.get(shape.key), shape, players)
    masks = tuple(_mask(hand) for hand in hands)
    held = sum(masks)
    dealer = _read_dealer(deal, players) if shape.dealer else None
    apart: dict[str, tuple[int, ...]] = {}
    named = held
    for spec in shape.apart:
        cards = _read_apart(deal, spec, shape, masks, named)
        if cards is not None:
            apart[spec.key] = cards
            if spec.in_hand is None:
                named |= _mask(cards)
    prepared = Prepared(hands, masks, held, apart, None, dealer)
    fault = shape.check(prepared) if shape.check is not None else None
    if fault is not None:
        raise DealError(fault)
    return prepared


def _read_stacked(deal: dict[Any, Any], shape: DealShape, players: int) -> Prepared:
    pack = shape.pack
    beside = set(deal) - {STACKED, *((DEALER,) if shape.dealer else ())}
    if beside:
        also = " (and its dealer)" if shape.dealer else ""
        raise DealError(f"a stacked pack is {{'pack': [the {len(pack)} cards, top first]}}{also} and nothing "
                        f"beside it, not {sorted(map(str, beside))[0]!r}")
    cards = _cards(deal[STACKED], "the stacked pack", pack)
    if len(cards) != len(pack) or len(set(cards)) != len(cards):
        raise DealError(f"a stacked pack lists each of the {len(pack)} cards of the {pack.name} pack once")
    return Prepared(pack=tuple(cards), dealer=_read_dealer(deal, players) if shape.dealer else None)


def _read_hands(listed: Any, shape: DealShape, players: int) -> tuple[tuple[int, ...], ...]:
    sizes = shape.sizes
    if not isinstance(listed, list) or len(listed) != players:
        raise DealError(f"a prepared deal is {shape.form}: {shape.key!r} holds {players} lists of cards, one a seat")
    hands: list[tuple[int, ...]] = []
    seen = 0
    for seat, cards in enumerate(listed):
        hand = tuple(_cards(cards, f"seat {seat}'s hand", shape.pack))
        mask = _mask(hand)
        if mask.bit_count() != len(hand) or mask & seen:
            raise DealError(f"seat {seat}'s hand names a card twice, or one another hand holds")
        if sizes is not None and len(hand) != sizes[seat]:
            raise DealError(f"seat {seat} must hold {sizes[seat]} cards, not {len(hand)}")
        if sizes is None and len(hand) < shape.least:
            raise DealError(f"seat {seat} must hold at least {shape.least} card{'s' * (shape.least != 1)}")
        seen |= mask
        hands.append(hand)
    if shape.whole and seen != shape.pack.full_mask:
        raise DealError(f"the hands together must hold every card of the {shape.pack.name} pack once")
    return tuple(hands)


def _read_apart(deal: dict[Any, Any], spec: Apart, shape: DealShape, hands: Sequence[int],
                named: int) -> tuple[int, ...] | None:
    """One list beside the hands, checked against the cards already named; ``None`` when left out and
    nothing stands for it."""
    pack, key = shape.pack, spec.key
    if key not in deal:
        if not spec.rest:
            return None
        left = [i for i in range(len(pack)) if not named >> i & 1]
        if spec.size is not None and len(left) != spec.size:
            raise DealError(f"the {key} holds {spec.size} cards; the hands leave {len(left)}")
        return tuple(left)
    given = deal[key]
    if spec.single:
        if not isinstance(given, str):
            raise DealError(f"the {key} of a prepared deal is one card such as 'QC', not {_kind(given)}")
        given = [given]
    cards = _cards(given, f"the {key}", pack)
    if spec.size is not None and len(cards) != spec.size:
        raise DealError(f"the {key} holds {spec.size} card{'s' * (spec.size != 1)}, not {len(cards)}")
    mask = _mask(cards)
    if spec.in_hand is not None:
        if not hands[spec.in_hand] & mask == mask:
            raise DealError(f"the {key} {_names(cards, pack)} must be in seat {spec.in_hand}'s hand")
    elif mask.bit_count() != len(cards) or mask & named:
        raise DealError(f"the {key} may name only cards no hand nor other list holds, each once")
    return tuple(cards)


def _read_dealer(deal: dict[Any, Any], players: int) -> int | None:
    dealer = deal.get(DEALER)
    if dealer is None:
        return None
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise DealError(f"the dealer of a prepared deal is a seat, 0 to {players - 1}, not {_kind(dealer)}")
    return dealer


def _cards(listed: Any, what: str, pack: Pack) -> list[int]:
    """Pack indices of a list of card notations; anything else, or a card not in ``pack``, is refused."""
    if not isinstance(listed, list):
        raise DealError(f"{what} is a list of cards such as ['QC', '10H'], not {_kind(listed)}")
    out = []
    for text in listed:
        try:
            card = Card.parse(text)
        except NotationError as exc:
            raise DealError(f"{what}: {exc}") from None
        index = pack.index.get(card)
        if index is None:
            raise DealError(f"{what}: {str(text)[:16]!r} is not a card of the {pack.name} pack")
        out.append(index)
    return out


def _mask(cards: Sequence[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _names(cards: Sequence[int], pack: Pack) -> str:
    return " ".join(str(pack.cards[card]) for card in cards)


def _kind(value: Any) -> str:
    name = type(value).__name__
    if isinstance(value, int) and abs(value) >= 10**24:
        return f"an {name} of {value.bit_length()} bits"    # str() of a huge number costs, or refuses
    return f"{name} {str(value)[:24]!r}" if isinstance(value, (str, int, float)) else name
