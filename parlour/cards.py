"""Cards, packs and their notation.

A :class:`Card` is an interned immutable value: ``Card.parse("QC") is Card.parse("Q♣")``. Packs that hold
several copies of one card tell them apart by a copy number written after ``#`` (``7H#2`` is the second
seven of hearts; the first copy is written plainly). Every game works over a :class:`Pack`, whose cards
have fixed indices ``0..len-1``; hot paths represent a set of cards as an ``int`` bit mask over those
indices, and :class:`CardSet` is the readable face of such a mask.

In a pack with copies the copies are alike to the players, so games act and show by *face*: a pack also
numbers its distinct faces (``Pack.faces``), knows each face's copies as a mask, and fixes which copy an
action by face takes (:meth:`Pack.copy_to_take`: the lowest-index copy held), so that replays are exact.
A pack without copies has one face per card, in the same order: the face machinery is then the identity.

>>> str(Card.parse("q♣")), str(Card.parse("10h")), str(Card.parse("JK#2"))
('QC', '10H', 'JK#2')
>>> len(STANDARD_52), len(PIQUET_32), len(KOWAH_120), len(TRIPLE_162)
(52, 32, 120, 162)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import ClassVar

from parlour.errors import NotationError


class Suit(IntEnum):
    """The four French suits, in bridge order (lowest first)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


class Rank(IntEnum):
    """Ranks by face value: the ace is 1 here; each game states its own order as data."""

    JOKER = 0
    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        return _RANK_TEXT[self]


_RANK_TEXT = {Rank.JOKER: "JK", Rank.ACE: "A", Rank.TEN: "10", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K"}
for _r in range(2, 10):
    _RANK_TEXT[Rank(_r)] = str(_r)
_RANK_PARSE = {text: rank for rank, text in _RANK_TEXT.items() if rank != Rank.JOKER}
_RANK_PARSE["T"] = Rank.TEN
_RANK_PARSE["1"] = Rank.ACE
_SUIT_PARSE = {s.letter: s for s in Suit} | {s.symbol: s for s in Suit} | {"♤": Suit.SPADES, "♡": Suit.HEARTS,
                                                                          "♢": Suit.DIAMONDS, "♧": Suit.CLUBS}

# The most copies of one card any pack may hold (the largest here: six jokers). Cards are interned for good,
# so a bound on copies is a bound on the cards that can ever exist, whatever text a client sends.
MAX_COPIES = 16

# Standard rank sequences, lowest first, for building packs.
ACE_HIGH = (Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE,
            Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)


class Card:
    """One playing card: rank, suit (``None`` for a joker) and copy number (0 for the first copy).

    Cards are interned, so identity is equality and hashing is cheap; that matters on the engine's hot
    path, where cards are dictionary keys.
    """

    __slots__ = ("__weakref__", "_text", "copy", "rank", "suit")
    _interned: ClassVar[dict[tuple[int, int | None, int], Card]] = {}
    rank: Rank
    suit: Suit | None
    copy: int
    _text: str

    def __new__(cls, rank: Rank | int, suit: Suit | int | None = None, copy: int = 0) -> Card:
        key = (int(rank), None if suit is None else int(suit), copy)
        card = cls._interned.get(key)
        if card is not None:
            return card
        rank = Rank(rank)
        if (rank == Rank.JOKER) != (suit is None):
            raise ValueError("a joker has no suit and every other card has one")
        if not 0 <= copy < MAX_COPIES:
            raise ValueError(f"copy numbers run from 0 to {MAX_COPIES - 1}: no pack holds more copies of a card")
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", None if suit is None else Suit(suit))
        object.__setattr__(card, "copy", copy)
        face = "JK" if suit is None else rank.letter + Suit(suit).letter
        object.__setattr__(card, "_text", face if copy == 0 else f"{face}#{copy + 1}")
        cls._interned[key] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, int | None, int]]:
        return (Card, (int(self.rank), None if self.suit is None else int(self.suit), self.copy))

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def face(self) -> Card:
        """The same card without its copy number: what players see when copies are identical."""
        return Card(self.rank, self.suit)

    def symbol_text(self) -> str:
        """Notation with the suit symbol, as on a printed card: ``Q♣``."""
        if self.suit is None:
            return self._text
        return self._text.replace(self.suit.letter, self.suit.symbol, 1)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``QC``, ``Q♣``, ``10h``, ``TH``, ``JK`` or a copy such as ``7H#2``."""
        if not isinstance(text, str):
            raise NotationError(f"a card is written as text such as 'QC', not {type(text).__name__}")
        raw = text.strip()
        body, _, copy_text = raw.partition("#")
        copy = 0
        if copy_text:
            if not (copy_text.isascii() and copy_text.isdigit()) or not 1 <= int(copy_text) <= MAX_COPIES:
                raise NotationError(f"{raw[:16]!r}: the copy number after '#' is 1 to {MAX_COPIES}")
            copy = int(copy_text) - 1
        body = body.upper()
        if body in ("JK", "JOKER", "★", "🃏"):
            return cls(Rank.JOKER, None, copy)
        if len(body) < 2 or body[:-1] not in _RANK_PARSE or body[-1] not in _SUIT_PARSE:
            raise NotationError(f"{raw[:16]!r} is not a card: write rank then suit, as QC, 10H, Q♣ or JK")
        return cls(_RANK_PARSE[body[:-1]], _SUIT_PARSE[body[-1]], copy)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read several cards separated by spaces or commas (or given as a list of notations)."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(token) for token in tokens]


class Pack:
    """A named pack: its cards in a fixed order, each with an index used by bit masks."""

    __slots__ = ("_layers", "_lone_copies", "cards", "face_masks", "face_number", "face_of", "faces",
                 "first_copy", "full_mask", "has_copies", "index", "name", "rank_masks", "suit_masks")

    def __init__(self, name: str, cards: Iterable[Card]) -> None:
        self.name = name
        self.cards: tuple[Card, ...] = tuple(cards)
        self.index: dict[Card, int] = {card: i for i, card in enumerate(self.cards)}
        if len(self.index) != len(self.cards):
            raise ValueError(f"pack {name} holds one card twice; give copies distinct copy numbers")
        self.full_mask = (1 << len(self.cards)) - 1
        self.suit_masks: tuple[int, ...] = tuple(
            sum(1 << i for i, c in enumerate(self.cards) if c.suit == suit) for suit in Suit)
        self.rank_masks: dict[Rank, int] = {}
        for i, card in enumerate(self.cards):
            self.rank_masks[card.rank] = self.rank_masks.get(card.rank, 0) | (1 << i)
        self._number_faces()

    def _number_faces(self) -> None:
        # Faces are numbered in the order their first copies lie in the pack.
        numbers: dict[Card, int] = {}
        for card in self.cards:
            numbers.setdefault(card.face, len(numbers))
        self.faces: tuple[Card, ...] = tuple(numbers)
        self.face_number: dict[Card, int] = numbers
        self.face_of: tuple[int, ...] = tuple(numbers[card.face] for card in self.cards)
        masks = [0] * len(self.faces)
        for i, face in enumerate(self.face_of):
            masks[face] |= 1 << i
        self.face_masks: tuple[int, ...] = tuple(masks)
        self.has_copies = len(self.faces) < len(self.cards)
        # Each face by the pack index of its lowest copy; for a pack without copies, ``index`` itself, so
        # that the play of a card costs the same with or without copies.
        self.first_copy: dict[Card, int] = (
            self.index if all(card.copy == 0 for card in self.cards)
            else {face: (m & -m).bit_length() - 1 for face, m in zip(self.faces, masks, strict=True)})
        # Cards whose index and face number differ by the same amount form a layer (a copy of a run of
        # faces, as packs are built): a mask's faces are then a few shifts, not a loop over its cards. Of two
        # copies of a face, the lower lies in the layer of the lower difference, so the layers go in that order
        # (``copies_to_take`` meets each face's lowest copy first).
        layers: dict[int, int] = {}
        for i, face in enumerate(self.face_of):
            layers[i - face] = layers.get(i - face, 0) | (1 << i)
        ordered = sorted(layers.items())
        # The layers of one card above every wider one (a pack's extra jokers, at its end) are taken together
        # by face, as (the face's copies there, the face's bit), and each face's lowest copy there is its
        # lowest bit: a pack's faces are then a few shifts and a test or two, however many jokers it holds.
        wide = max((offset for offset, layer in ordered if layer & (layer - 1)), default=-1)
        self._layers: tuple[tuple[int, int], ...] = tuple(layer for layer in ordered if layer[0] <= wide)
        lone: dict[int, int] = {}
        for offset, layer in ordered:
            if offset > wide:
                face = layer.bit_length() - 1 - offset
                lone[face] = lone.get(face, 0) | layer
        self._lone_copies: tuple[tuple[int, int], ...] = tuple((copies, 1 << face) for face, copies in lone.items())

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.index

    def __repr__(self) -> str:
        return f"<Pack {self.name}: {len(self.cards)} cards>"

    def mask(self, cards: Iterable[Card]) -> int:
        """The bit mask of some cards of this pack."""
        result = 0
        for card in cards:
            try:
                result |= 1 << self.index[card]
            except KeyError:
                raise ValueError(f"{card} is not in the {self.name} pack") from None
        return result

    def cards_in(self, mask: int) -> list[Card]:
        """The cards of a mask, in pack order."""
        cards = self.cards
        return [cards[i] for i in bit_indices(mask)]

    def card_set(self, mask: int = 0) -> CardSet:
        return CardSet(self, mask)

    # --- faces: what players see of a pack with copies ------------------------------------------------
    def face_bits(self, mask: int) -> int:
        """The faces a mask holds, as a mask over face numbers (each face once, however many copies).

        >>> bin(DOUBLE_108.face_bits(DOUBLE_108.mask(parse_cards("2C 2C#2 4C#2"))))
        '0b101'
        """
        faces = 0
        for offset, layer in self._layers:
            faces |= (mask & layer) >> offset
        for copies, face in self._lone_copies:
            if mask & copies:
                faces |= face
        return faces

    def faces_in(self, mask: int) -> list[Card]:
        """The distinct faces a mask (over the pack) holds, in face order.

        >>> DOUBLE_108.faces_in(DOUBLE_108.mask(parse_cards("7H#2 7H JK#3")))
        [Card.parse('7H'), Card.parse('JK')]
        """
        faces = self.faces
        return [faces[f] for f in bit_indices(self.face_bits(mask))]

    def shown(self, mask: int) -> list[Card]:
        """The cards of a mask (over the pack) as players see them: each card's face, repeated for each copy
        held, in face order: a hand with both 7♥ shows ``7H 7H``, never a copy number."""
        face_of, faces = self.face_of, self.faces
        return [faces[f] for f in sorted(face_of[i] for i in bit_indices(mask))]

    def face_span(self, mask: int) -> int:
        """Every copy of every face that ``mask`` holds a copy of (over the pack): what a seat that sees
        faces only can say about where these cards might be."""
        return self.face_cards(self.face_bits(mask))

    def face_cards(self, faces: int) -> int:
        """Every copy of the faces of ``faces`` (a mask over face numbers, as ``face_bits`` gives), as a mask
        over the pack: ``face_bits`` undone, every copy standing for its face.

        >>> DOUBLE_108.cards_in(DOUBLE_108.face_cards(0b101))
        [Card.parse('2C'), Card.parse('4C'), Card.parse('2C#2'), Card.parse('4C#2')]
        """
        cards = 0
        for offset, layer in self._layers:
            cards |= (faces << offset) & layer
        for copies, face in self._lone_copies:
            if faces & face:
                cards |= copies
        return cards

    def copies_to_take(self, mask: int) -> int:
        """The copy ``copy_to_take`` takes of each face ``mask`` holds, at once: the lowest-index copy held
        of each face, as a mask over the pack.

        >>> DOUBLE_108.cards_in(DOUBLE_108.copies_to_take(DOUBLE_108.mask(parse_cards("7H#2 7H 8H#2 JK#3"))))
        [Card.parse('7H'), Card.parse('8H#2'), Card.parse('JK#3')]
        """
        taken = seen = 0
        for offset, layer in self._layers:
            faces = (mask & layer) >> offset & ~seen
            seen |= faces
            taken |= faces << offset
        for copies, face in self._lone_copies:
            held = mask & copies
            if held and not seen & face:
                taken |= held & -held
        return taken

    def copy_to_take(self, face: Card, mask: int) -> int:
        """The pack index of the copy of ``face`` an action by face takes from ``mask`` (a hand): the
        lowest-index copy held, a fixed rule so that replays are exact; -1 if ``mask`` holds none.

        >>> hand = DOUBLE_108.mask(parse_cards("7H#2 7H"))
        >>> DOUBLE_108.cards[DOUBLE_108.copy_to_take(Card.parse("7H"), hand)]
        Card.parse('7H')
        """
        number = self.face_number.get(face)
        if number is None:
            return -1
        held = self.face_masks[number] & mask
        return (held & -held).bit_length() - 1

    def copy_in(self, index: int, mask: int) -> int:
        """Like ``copy_to_take`` for the face of the card at ``index``: the hot path's form."""
        held = self.face_masks[self.face_of[index]] & mask
        return (held & -held).bit_length() - 1


def _build(name: str, suits: Iterable[Suit], ranks: Iterable[Rank], copies: int = 1, jokers: int = 0,
           extra: Iterable[tuple[Rank, Suit]] = ()) -> Pack:
    faces = [(rank, suit) for suit in suits for rank in ranks] + list(extra)
    cards = [Card(rank, suit, n) for n in range(copies) for rank, suit in faces]
    cards += [Card(Rank.JOKER, None, n) for n in range(jokers)]
    return Pack(name, cards)


_SUITS = tuple(Suit)
STANDARD_52 = _build("standard-52", _SUITS, ACE_HIGH)
PIQUET_32 = _build("piquet-32", _SUITS, ACE_HIGH[5:])
SPANISH_40 = _build("spanish-40", _SUITS, ACE_HIGH[:6] + ACE_HIGH[9:])
NUMBER_40 = _build("number-40", _SUITS, (Rank.ACE,) + ACE_HIGH[:9])
REVERSIS_48 = _build("reversis-48", _SUITS, ACE_HIGH[:8] + ACE_HIGH[9:])
# Heart Solo: the piquet pack without the eight of hearts and without every diamond but the seven.
HEART_SOLO_24 = Pack("heart-solo-24", [c for c in PIQUET_32 if not (c.rank == Rank.EIGHT and c.suit == Suit.HEARTS)
                                       and not (c.suit == Suit.DIAMONDS and c.rank != Rank.SEVEN)])
# Kowah: four copies of thirty faces, A-9 of spades, diamonds and hearts with J-Q-K of clubs.
KOWAH_120 = _build("kowah-120", (Suit.SPADES, Suit.DIAMONDS, Suit.HEARTS), (Rank.ACE,) + ACE_HIGH[:8], copies=4,
                   extra=[(r, Suit.CLUBS) for r in (Rank.JACK, Rank.QUEEN, Rank.KING)])
DOUBLE_108 = _build("double-108", _SUITS, ACE_HIGH, copies=2, jokers=4)
TRIPLE_162 = _build("triple-162", _SUITS, ACE_HIGH, copies=3, jokers=6)

PACKS: dict[str, Pack] = {p.name: p for p in (STANDARD_52, PIQUET_32, SPANISH_40, NUMBER_40, REVERSIS_48,
                                              HEART_SOLO_24, KOWAH_120, DOUBLE_108, TRIPLE_162)}


# --- bit masks ------------------------------------------------------------------------------------------
_BYTE_BITS: tuple[tuple[int, ...], ...] = tuple(tuple(b for b in range(8) if n >> b & 1) for n in range(256))


def bit_indices(mask: int) -> list[int]:
    """Indices of the set bits of ``mask``, lowest first: a dense mask byte by byte from a table, a sparse one
    (a hand in a big pack, a few faces) bit by bit, skipping its empty bytes."""
    out: list[int] = []
    if mask.bit_count() * 3 > mask.bit_length():
        base = 0
        table = _BYTE_BITS
        while mask:
            byte = mask & 0xFF
            if byte:
                out.extend([base + b for b in table[byte]])
            mask >>= 8
            base += 8
        return out
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class CardSet:
    """A set API over an ``int`` bit mask of one pack's cards (python-chess's ``SquareSet`` idea)."""

    __slots__ = ("mask", "pack")

    def __init__(self, pack: Pack, mask: int = 0) -> None:
        self.pack = pack
        self.mask = mask

    @classmethod
    def of(cls, pack: Pack, cards: Iterable[Card | str]) -> CardSet:
        return cls(pack, pack.mask(c if isinstance(c, Card) else Card.parse(c) for c in cards))

    def __iter__(self) -> Iterator[Card]:
        return iter(self.pack.cards_in(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        index = self.pack.index.get(card)  # type: ignore[call-overload]
        return index is not None and bool(self.mask >> index & 1)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.pack is self.pack and other.mask == self.mask

    def __hash__(self) -> int:
        return hash((self.pack.name, self.mask))

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.pack, self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.pack, self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.pack, self.mask & ~other.mask)

    def __str__(self) -> str:
        return " ".join(str(c) for c in self)

    def __repr__(self) -> str:
        return f"CardSet.of({self.pack.name!r}, {str(self)!r})"
