"""Actions: small immutable values whose ``str`` is their notation and whose text parses back.

Each action kind is a frozen dataclass with a ``verb``; a game lists the kinds it uses and the engine
reads notation against that list, so ``play QC`` or ``draw stock`` parse the same way in every game.
A kind marked ``secret`` (a card laid face down, a partner's signal) is shown in full only to its audience
(the actor, unless the game's ``AUDIENCES`` declares more for that kind) and to others by its public text,
or not at all if it is ``unseen``.

Actions that carry amounts or structures get their notation and numbers from building blocks rather than
each game's own code: a :class:`FieldAction` is a product of finite domains (:class:`Domain`: a bet from 1
to N, "ask seat S for card C", a card to a meld slot), an :class:`ExpressionAction` is a sum over numbers
on the table (Twenty-Four), and an :class:`ActionSpace` numbers a game's kinds block by block.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from itertools import permutations
from math import factorial, prod
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

from parlour.cards import Card, Pack, bit_indices
from parlour.errors import NotationError

T = TypeVar("T")
F = TypeVar("F", bound="FieldAction")



@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action kind."""

    verb: ClassVar[str] = ""
    # Not for every seat: others read ``public_text`` instead. Who does see it in full is what the game's
    # ``AUDIENCES`` declares for the kind (a partner too, for a signal); without an entry, the actor alone.
    secret: ClassVar[bool] = False
    # Outside its audience the act itself goes unseen: no line in the log, no entry in a record shown.
    unseen: ClassVar[bool] = False
    # What family of moves the kind belongs to (``FAMILIES``), for a table that draws that family's controls
    # its own way (a bidding box, betting buttons with their amounts, a sum to type); "" for none.
    family: ClassVar[str] = ""

    def __str__(self) -> str:
        return self.verb

    def public_text(self) -> str:
        """How the action reads to seats that may not see its details."""
        return str(self)

    @classmethod
    def parse_args(cls, args: Sequence[str]) -> Action:
        if args:
            raise NotationError(f"'{cls.verb}' takes nothing after it")
        return cls()


# The families of moves a kind may declare, and what a table draws for each.
FAMILIES: dict[str, str] = {
    "auction": "a call of an auction's ladder (a bid; a double, a redouble): a bidding box",
    "betting": "a move of a betting round whose amount follows from the round (call, complete, raise): "
               "a betting control that says its amount",
    "vying": "a vie of stakes, offered and answered (envido, a raise, all in): calls with their stakes",
    "sum": "the stating of a sum over the values on the table: a sum to type or build",
    "ask": "asking another player for a card (``ask 2 7H``): whom to ask, then which card",
    "discard": "a card thrown to the discard pile that ends the player's turn: thrown on a second click, as a "
               "card thrown by mistake cannot come back",
    "declare": "a declaration the hand allows at a moment of the player's choosing (Kowah's checki): a button "
               "that lights up when the hand allows it",
}


def families_of(actions: Iterable[Action]) -> dict[str, str]:
    """The family of each verb among ``actions`` that declares one: what a table needs, beside the
    actions' notation, to draw each family's own controls."""
    return {type(action).verb: type(action).family for action in actions if type(action).family}


@dataclass(frozen=True, slots=True)
class CardAction(Action):
    """An action on one card: ``play QC``."""

    card: Card

    def __str__(self) -> str:
        return f"{self.verb} {self.card}"

    @classmethod
    def parse_args(cls, args: Sequence[str]) -> Action:
        if len(args) != 1:
            raise NotationError(f"'{cls.verb}' takes exactly one card, as '{cls.verb} QC'")
        return cls(Card.parse(args[0]))


@dataclass(frozen=True, slots=True)
class Play(CardAction):
    verb: ClassVar[str] = "play"


@dataclass(frozen=True, slots=True)
class Discard(CardAction):
    verb: ClassVar[str] = "discard"


@dataclass(frozen=True, slots=True)
class TurnDiscard(Discard):
    """A discard that ends the player's turn (a draw-and-discard game's)."""

    family: ClassVar[str] = "discard"


@dataclass(frozen=True, slots=True)
class FaceDownDiscard(CardAction):
    """A card laid away face down (to a widow, a talon, a discard): others see that a card went, not which."""

    verb: ClassVar[str] = "discard"
    secret: ClassVar[bool] = True

    def public_text(self) -> str:
        return "discard a card face down"


@dataclass(frozen=True, slots=True)
class Withheld(Action):
    """In a sampled world's history, the stand-in for an action its seat did not see in full: it reads as
    that action's public text and holds nothing more of it, so a search cannot read the action back."""

    verb: ClassVar[str] = "withheld"
    secret: ClassVar[bool] = True
    text: str

    def __str__(self) -> str:
        return self.text

    def public_text(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class WithheldUnseen(Withheld):
    """The stand-in for an act its seat did not see happen at all."""

    unseen: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Let this turn go: no bid, no card taken, no stake put up."""

    verb: ClassVar[str] = "pass"


def parse_action_text(text: object, kinds: Iterable[type[Action]]) -> Action:
    """Read notation against a game's action kinds; malformed text raises ``NotationError``."""
    if not isinstance(text, str):
        raise NotationError(f"an action is written as text, not {type(text).__name__}")
    tokens = text.strip().split()
    by_verb = {kind.verb: kind for kind in kinds}
    if not tokens:
        raise NotationError("empty action: write one of " + ", ".join(sorted(by_verb)))
    kind = by_verb.get(tokens[0].lower())
    if kind is None:
        raise NotationError(f"unknown action {tokens[0]!r}: this game knows " + ", ".join(sorted(by_verb)))
    return kind.parse_args(tokens[1:])


# The widest chunk whose masks a table lists all at once, the first time it is asked for one (a suit of
# thirteen cards: 8,192 masks, some three megabytes for a pack's four suits).
FILLED_CHUNK = 13
def _spreader(tables: list[list[T]], chunks: tuple[int, ...]) -> Callable[[int], T]:
    """One expression adding, for each chunk, the entry of its table for the mask's bits in that chunk."""
    terms = []
    for k, chunk in enumerate(chunks):
        start = (chunk & -chunk).bit_length() - 1
        terms.append(f"t{k}[mask >> {start} & {chunk >> start}]")
    namespace = {f"t{k}": table for k, table in enumerate(tables)}
    return eval(f"lambda mask: {' + '.join(terms)}", namespace)  # type: ignore[no-any-return]


def _by_parts(chunks: tuple[int, ...], cache: dict[int, Any], listing: Callable[[int], Any], mask: int) -> Any:
    """A mask listed part by part, each chunk's part listed the first time it is met and kept."""
    out: tuple[Any, ...] = ()
    for chunk in chunks:
        part = mask & chunk
        if part:
            listed = cache.get(part)
            if listed is None:
                listed = cache[part] = tuple(listing(part))
            out += listed
    return out


# A table's answers for a hot path that must never read one (its masks are another's): always None.
NOTHING_KNOWN: dict[int, tuple[int, ...]] = {}


class ActionTable:
    """Actions indexed by pack index, listed from a bit mask quickly (the hot path of every playout).

    A mask is split in chunks (a suit of a suit-major pack, say); each chunk's list of actions is cached,
    so the common case, a mask within one suit, costs one dictionary look-up.
    """

    __slots__ = ("_by_id", "_cache", "_chunks", "_numbers", "_places", "_spread_actions", "_spread_places",
                 "actions", "known_places")

    def __init__(self, actions: Sequence[Action], chunk: int = 13) -> None:
        self.actions = tuple(actions)
        self._numbers = {action: number for number, action in enumerate(self.actions)}
        # The same numbers by the identity of the table's own actions, which lists made from the table hand
        # out: found without hashing an action (a dataclass hashes in Python). The table keeps each alive,
        # so no other object can have its ``id``.
        self._by_id = {id(action): number for number, action in enumerate(self.actions)}
        self._chunks = tuple(((1 << chunk) - 1) << start for start in range(0, len(self.actions), chunk))
        self._cache: dict[int, tuple[Action, ...]] = {}
        self._places: dict[int, tuple[int, ...]] = {}
        # The functions listing a mask across chunks, made when first needed (``_spreaders``).
        self._spread_places: Callable[[int], tuple[int, ...]] | None = None
        self._spread_actions: Callable[[int], tuple[Action, ...]] | None = None
        # The places of a mask ``places`` has answered before (a mask within one chunk), or None: the hot
        # path's look-up, a dictionary's own ``get`` with no Python call around it.
        self.known_places: Callable[[int], tuple[int, ...] | None] = self._places.get

    def __getitem__(self, index: int) -> Action:
        return self.actions[index]

    def __len__(self) -> int:
        return len(self.actions)

    def encode(self, action: Action) -> int:
        """The action's number: its place in the table (the game's integer encoding), found by identity for
        the table's own actions, which every legal list hands out, without hashing one."""
        number = self._by_id.get(id(action))
        if number is None:
            number = self._numbers.get(action)
        if number is None:
            raise NotationError(f"{action} is not an action of this game")
        return number

    def numbers(self, actions: Iterable[Action]) -> tuple[int, ...]:
        """The numbers of ``actions`` in order, as ``encode`` gives them: by identity where they are the
        table's own actions, as the legal lists of most games are, else by ``encode``."""
        by_id = self._by_id
        try:
            return tuple([by_id[id(action)] for action in actions])
        except KeyError:
            return tuple(map(self.encode, actions))

    def decode(self, number: int) -> Action:
        if type(number) is not int or not 0 <= number < len(self.actions):
            raise NotationError(f"actions are numbered 0 to {len(self.actions) - 1}, not {number!r}")
        return self.actions[number]

    def of(self, mask: int) -> list[Action]:
        """The actions of the set bits of ``mask``, in index order."""
        listed = self._cache.get(mask)
        if listed is None:
            spread = self._spread_actions or self._spreaders()[1]
            listed = spread(mask)
        return list(listed)

    def places(self, mask: int) -> tuple[int, ...]:
        """The places in the table of the actions ``of(mask)`` lists, in the same order: the integer path's
        list, one look-up for a mask within one chunk, a look-up per chunk for a mask across them."""
        listed = self._places.get(mask)
        if listed is not None:
            return listed
        spread = self._spread_places or self._spreaders()[0]
        return spread(mask)

    def _spreaders(self) -> tuple[Callable[[int], tuple[int, ...]], Callable[[int], tuple[Action, ...]]]:
        """The functions that list a mask across chunks, made the first time one is asked for: where every
        chunk is at most ``FILLED_CHUNK`` wide, each chunk's masks are all listed now, in a list by the
        chunk's bits, and the function is one expression adding a list's entry per chunk (a lead from a
        full hand asks for one at every trick of every playout, and a loop over the chunks costs twice as
        much); otherwise a loop over the chunks, listing each part the first time it is met."""
        if all(chunk.bit_count() <= FILLED_CHUNK for chunk in self._chunks):
            tables = [self._fill(chunk) for chunk in self._chunks]
            self._spread_places = _spreader([table for table, _ in tables], self._chunks)
            self._spread_actions = _spreader([table for _, table in tables], self._chunks)
        else:
            self._spread_places = partial(_by_parts, self._chunks, self._places, bit_indices)
            self._spread_actions = partial(_by_parts, self._chunks, self._cache,
                                           lambda part: [self.actions[i] for i in bit_indices(part)])
        return self._spread_places, self._spread_actions

    def _fill(self, chunk: int) -> tuple[list[tuple[int, ...]], list[tuple[Action, ...]]]:
        """Every mask within ``chunk`` listed, by the chunk's bits (kept by mask too, for the look-ups of a
        mask within one chunk): places, and actions."""
        start = (chunk & -chunk).bit_length() - 1
        size = len(self.actions)
        places, cache, actions = self._places, self._cache, self.actions
        within: list[tuple[int, ...]] = [()] * (1 << chunk.bit_count())
        listed_actions: list[tuple[Action, ...]] = [()] * len(within)
        for value in range(1, len(within)):
            high = value.bit_length() - 1
            listed = within[value ^ (1 << high)] + (start + high,)
            if listed[-1] >= size:
                continue
            mask = value << start
            within[value] = places.setdefault(mask, listed)
            listed_actions[value] = cache.setdefault(mask, tuple([actions[i] for i in listed]))
        return within, listed_actions

class FaceTable(ActionTable):
    """An :class:`ActionTable` over the faces of a pack with copies: one action per face (one "discard 7H"
    however many 7♥ a seat holds), numbered by face, and listed from a mask over the pack's cards, so
    ``action_space_size`` counts faces and a game lists its actions from hand masks as any other."""

    __slots__ = ("pack",)

    def __init__(self, pack: Pack, kind: Callable[[Card], Action], chunk: int = 13) -> None:
        super().__init__([kind(face) for face in pack.faces], chunk)
        self.pack = pack
        # Its places are kept by faces' masks, not the cards' masks the hot path asks with.
        self.known_places = NOTHING_KNOWN.get

    def of(self, mask: int) -> list[Action]:
        """The actions of the faces ``mask`` (over the pack's cards) holds, in face order."""
        return super().of(self.pack.face_bits(mask))

    def places(self, mask: int) -> tuple[int, ...]:
        """The face numbers of the faces ``mask`` (over the pack's cards) holds, in face order."""
        return super().places(self.pack.face_bits(mask))


def card_table(pack: Pack, kind: Callable[[Card], Action], chunk: int = 13) -> ActionTable:
    """One action of ``kind`` per card a player can name: per card of a pack without copies, per face of
    a pack with copies (a :class:`FaceTable`). Either way ``of(mask)`` takes a mask over the pack."""
    if pack.has_copies:
        return FaceTable(pack, kind, chunk)
    return ActionTable([kind(card) for card in pack.cards], chunk)


class Numbering(Protocol):
    """What a state needs of its ``ACTIONS``: a number for each action and back, below ``len``."""

    def encode(self, action: Action) -> int: ...

    def decode(self, number: int) -> Action: ...

    def __len__(self) -> int: ...


# --- actions over finite domains ---------------------------------------------------------------------
class Domain(Generic[T]):
    """The values one field of an action may take, numbered ``0..size-1``; a value's notation is its ``str``."""

    size: int
    noun: str

    def index(self, value: T) -> int:
        raise NotImplementedError

    def value(self, index: int) -> T:
        raise NotImplementedError

    def parse(self, token: str) -> T:
        """The value a token spells; ``NotationError`` naming the problem otherwise."""
        raise NotImplementedError


class Numbers(Domain[int]):
    """Whole numbers from ``low`` to ``high``: a stake, a bet, a meld's slot. The bound is the most the
    game can ever allow (the encoding's size); what is allowed now is a rule, checked by the game."""

    def __init__(self, low: int, high: int, noun: str = "number") -> None:
        if high < low:
            raise ValueError(f"no {noun} lies from {low} to {high}")
        self.low, self.high, self.noun, self.size = low, high, noun, high - low + 1

    def index(self, value: int) -> int:
        if type(value) is not int or not self.low <= value <= self.high:
            raise NotationError(f"no {self.noun} {value!r}: {self._span()}")
        return value - self.low

    def value(self, index: int) -> int:
        return self.low + index

    def parse(self, token: str) -> int:
        if not re.fullmatch(r"-?\d{1,9}", token):
            raise NotationError(f"a {self.noun} is a whole number, not {token!r}: {self._span()}")
        number = int(token)
        self.index(number)
        return number

    def _span(self) -> str:
        return f"{self.noun}s are {self.low} to {self.high}"


class Seats(Numbers):
    """A seat at a table of at most ``most`` players (the game checks its own table's size)."""

    def __init__(self, most: int) -> None:
        super().__init__(0, most - 1, "seat")


class Cards(Domain[Card]):
    """The cards a player can name in a pack (or any list of distinct cards), numbered in their order: of
    a pack with copies, its faces (``lay 7H 2``: the copies are alike, so which one goes is the pack's
    rule, ``Pack.copy_to_take``, and not the player's choice)."""

    def __init__(self, cards: Pack | Sequence[Card], noun: str = "card") -> None:
        self.cards = tuple(cards.faces if isinstance(cards, Pack) else cards)
        self._numbers = {card: k for k, card in enumerate(self.cards)}
        if len(self._numbers) != len(self.cards):
            raise ValueError("a domain of cards lists each card once")
        self.noun, self.size = noun, len(self.cards)

    def index(self, value: Card) -> int:
        number = self._numbers.get(value)
        if number is None:
            if isinstance(value, Card) and value.copy and value.face in self._numbers:
                raise NotationError(f"the copies of {value.face} are alike: write {value.face}, not {value}")
            raise NotationError(f"{value} is not a {self.noun} of this game")
        return number

    def value(self, index: int) -> Card:
        return self.cards[index]

    def parse(self, token: str) -> Card:
        card = Card.parse(token)
        self.index(card)
        return card


class Words(Domain[str]):
    """One of a few fixed words (``new``, a suit's name), read without regard to case."""

    def __init__(self, words: Sequence[str], noun: str = "word") -> None:
        self.words = tuple(words)
        self._numbers = {word.lower(): k for k, word in enumerate(self.words)}
        self.noun, self.size = noun, len(self.words)

    def index(self, value: str) -> int:
        number = self._numbers.get(value.lower()) if isinstance(value, str) else None
        if number is None:
            raise NotationError(f"no {self.noun} {value!r}: write one of " + ", ".join(self.words))
        return number

    def value(self, index: int) -> str:
        return self.words[index]

    def parse(self, token: str) -> str:
        return self.value(self.index(token))


@dataclass(frozen=True, slots=True)
class FieldAction(Action):
    """An action whose fields each take a value of a finite domain: ``FIELDS`` gives one domain per
    dataclass field, in order. Its notation is the verb and each field's token (``bet 5``, ``ask 2 QH``,
    ``lay 7H 3``), and its number within its kind is the mixed-radix number of its fields' indices, so the
    kind has ``count()`` numbers however large the game's table."""

    FIELDS: ClassVar[tuple[Domain[Any], ...]] = ()

    def __str__(self) -> str:
        return " ".join([self.verb, *map(str, self._values())])

    def _values(self) -> tuple[Any, ...]:
        names: tuple[str, ...] = self.__match_args__
        return tuple(getattr(self, name) for name in names)

    @classmethod
    def parse_args(cls, args: Sequence[str]) -> Action:
        if len(args) != len(cls.FIELDS):
            nouns = " ".join(f"<{d.noun}>" for d in cls.FIELDS)
            raise NotationError(f"'{cls.verb}' takes {nouns}, as '{cls.from_number(0)}'")
        return cls(*(d.parse(token) for d, token in zip(cls.FIELDS, args, strict=True)))

    @classmethod
    def count(cls) -> int:
        """How many actions of this kind there are: the size of its block of numbers."""
        return prod(d.size for d in cls.FIELDS)

    def number(self) -> int:
        """This action's place among its kind's ``count()``; ``NotationError`` for a value off its domain."""
        number = 0
        for domain, value in zip(self.FIELDS, self._values(), strict=True):
            number = number * domain.size + domain.index(value)
        return number

    @classmethod
    def from_number(cls, number: int) -> FieldAction:
        values = []
        for domain in reversed(cls.FIELDS):
            number, index = divmod(number, domain.size)
            values.append(domain.value(index))
        return cls(*reversed(values))


# --- sums over the numbers on the table ----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Combination:
    """Two terms joined by an operator (``+ - * /``); a term is a whole number or a combination."""

    op: str
    left: Term
    right: Term


Term = int | Combination

_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}
_SYMBOLS = {"×": "*", "x": "*", "X": "*", "÷": "/", "−": "-", "–": "-"}
_TOKEN = re.compile(r"\s*(?:(\d{1,9})|([-+*/×xX÷−–()]))")
_LONGEST = 200


def parse_expression(text: str) -> Term:
    """Read a sum written with numbers, ``+ - * /`` (or the signs for times, divided by and minus, or ``x``)
    and brackets; usual precedence, left to right. Malformed text raises ``NotationError`` saying what is
    wrong.

    >>> write_expression(parse_expression("8 x 5 - (7 + 9)"))
    '8*5-(7+9)'
    """
    if len(text) > _LONGEST:
        raise NotationError(f"a sum is written in at most {_LONGEST} characters")
    tokens = _tokens(text)
    term, at = _sum(tokens, 0)
    if at < len(tokens):
        raise NotationError(f"unexpected {tokens[at]!r} after a complete sum")
    return term


def _tokens(text: str) -> list[str | int]:
    out: list[str | int] = []
    at = 0
    text = text.rstrip()
    while at < len(text):
        found = _TOKEN.match(text, at)
        if found is None:
            raise NotationError(f"{text[at:].strip()[0]!r} has no place in a sum: write numbers, + - * / and "
                                "brackets")
        number, symbol = found.groups()
        out.append(int(number) if number else _SYMBOLS.get(symbol, symbol))
        at = found.end()
    if not out:
        raise NotationError("the sum is missing")
    return out


def _sum(tokens: list[str | int], at: int, level: int = 1) -> tuple[Term, int]:
    """The term from ``at`` made of operators of ``level`` or higher (1: + -, 2: * /, 3: a number or a
    bracketed sum), and where it ends."""
    if level == 3:
        return _atom(tokens, at)
    term, at = _sum(tokens, at, level + 1)
    while at < len(tokens) and _PRECEDENCE.get(str(tokens[at])) == level:
        op = str(tokens[at])
        right, at = _sum(tokens, at + 1, level + 1)
        term = Combination(op, term, right)
    return term, at


def _atom(tokens: list[str | int], at: int) -> tuple[Term, int]:
    if at >= len(tokens):
        raise NotationError("the sum ends where a number or '(' is wanted")
    token = tokens[at]
    if isinstance(token, int):
        if at + 1 < len(tokens) and (isinstance(tokens[at + 1], int) or tokens[at + 1] == "("):
            raise NotationError(f"an operator is wanted after {token}")
        return token, at + 1
    if token != "(":
        raise NotationError(f"a number or '(' is wanted, not {token!r}")
    term, at = _sum(tokens, at + 1)
    if at >= len(tokens) or tokens[at] != ")":
        raise NotationError("a '(' is never closed")
    return term, at + 1


def write_expression(term: Term) -> str:
    """The notation of a term, with only the brackets its shape needs (so it reads back the same)."""
    if isinstance(term, int):
        return str(term)
    level = _PRECEDENCE[term.op]
    left, right = write_expression(term.left), write_expression(term.right)
    if _level(term.left) < level:
        left = f"({left})"
    if _level(term.right) <= level:
        right = f"({right})"
    return f"{left}{term.op}{right}"


def _level(term: Term) -> int:
    return 3 if isinstance(term, int) else _PRECEDENCE[term.op]


def evaluate(term: Term) -> Fraction | None:
    """The exact value of a term; None when it divides by zero."""
    if isinstance(term, int):
        return Fraction(term)
    left, right = evaluate(term.left), evaluate(term.right)
    if left is None or right is None:
        return None
    if term.op == "+":
        return left + right
    if term.op == "-":
        return left - right
    if term.op == "*":
        return left * right
    return None if right == 0 else left / right


def numbers_of(term: Term) -> tuple[int, ...]:
    """The numbers of a term, left to right."""
    if isinstance(term, int):
        return (term,)
    return numbers_of(term.left) + numbers_of(term.right)


Shape = tuple["Shape", "Shape"] | None   # None: a number; a pair: an operator over two shapes


def _shapes(leaves: int) -> list[Shape]:
    if leaves == 1:
        return [None]
    return [(left, right) for k in range(1, leaves) for left in _shapes(k) for right in _shapes(leaves - k)]


def _shape(term: Term) -> Shape:
    return None if isinstance(term, int) else (_shape(term.left), _shape(term.right))


def _ops(term: Term) -> Iterator[str]:
    if isinstance(term, Combination):
        yield term.op
        yield from _ops(term.left)
        yield from _ops(term.right)


Filler = Callable[[Sequence[int]], Term]


def _filler(shape: Shape, ops: Iterator[str], places: Iterator[int]) -> Filler:
    """The function putting numbers (left to right) into a sum of this shape and these operators: made once
    per shape and operators, so that listing a table's sums builds the sums and nothing else."""
    if shape is None:
        place = next(places)
        return lambda numbers: numbers[place]
    op = next(ops)
    left = _filler(shape[0], ops, places)
    right = _filler(shape[1], ops, places)
    return lambda numbers: Combination(op, left(numbers), right(numbers))


class Expressions:
    """Every sum over ``leaves`` numbers on the table, numbered by its shape, its operators and which
    place on the table each number comes from, so the count stays small (7,680 for four numbers) and an
    agent learns "the first card times the third", whatever the cards. A sum's number is therefore
    relative to the table (``board``, the numbers in their places): encoding and decoding take it."""

    OPERATORS = "+-*/"
    # Tables whose sums are kept listed: a search asks again and again about the few tables it is on, and a
    # long simulation meets thousands, which must not all stay in memory.
    KEPT = 32

    def __init__(self, leaves: int = 4) -> None:
        self.leaves = leaves
        self._shapes = _shapes(leaves)
        self._shape_numbers: dict[Shape, int] = {shape: k for k, shape in enumerate(self._shapes)}
        self._orders = list(permutations(range(leaves)))
        self._order_numbers = {order: k for k, order in enumerate(self._orders)}
        self._ops: int = 4 ** (leaves - 1)
        self.size: int = len(self._shapes) * self._ops * factorial(leaves)
        self._every: dict[tuple[int, ...], tuple[Term, ...]] = {}
        self._fillers: dict[int, Filler] = {}   # by shape and operators, made when first asked for

    def encode(self, term: Term, board: Sequence[int]) -> int:
        """The sum's number over ``board``; ``NotationError`` if it does not use the board's numbers."""
        shape = self._shape_numbers.get(_shape(term))
        order = self._places(numbers_of(term), board)
        if shape is None or order is None:
            raise NotationError(f"{write_expression(term)} does not use the {self.leaves} numbers on the table "
                                "once each")
        ops = 0
        for op in _ops(term):
            ops = ops * 4 + self.OPERATORS.index(op)
        return (shape * self._ops + ops) * len(self._orders) + self._order_numbers[order]

    def decode(self, number: int, board: Sequence[int]) -> Term:
        if len(board) != self.leaves:
            raise ValueError(f"a sum's number is read against the {self.leaves} numbers on the table")
        if type(number) is not int or not 0 <= number < self.size:
            raise NotationError(f"sums over {self.leaves} numbers on the table are numbered 0 to {self.size - 1}")
        rest, order = divmod(number, len(self._orders))
        filler = self._fillers.get(rest)
        if filler is None:
            shape, ops = divmod(rest, self._ops)
            symbols = [self.OPERATORS[ops // 4 ** k % 4] for k in reversed(range(self.leaves - 1))]
            filler = self._fillers[rest] = _filler(self._shapes[shape], iter(symbols), iter(range(self.leaves)))
        return filler([board[place] for place in self._orders[order]])

    def every(self, board: Sequence[int]) -> tuple[Term, ...]:
        """Every distinct sum over ``board``, in number order (a repeated number makes fewer)."""
        key = tuple(board)
        listed = self._every.get(key)
        if listed is None:
            if len(self._every) >= self.KEPT:
                self._every.clear()
            listed = self._every[key] = tuple(dict.fromkeys(self.decode(n, key) for n in range(self.size)))
        return listed

    def _places(self, numbers: Sequence[int], board: Sequence[int]) -> tuple[int, ...] | None:
        """Where on the board each number comes from: for a number shown twice, the first place not yet
        taken, so that a sum has one number whichever equal card it names."""
        if len(numbers) != self.leaves or len(board) != self.leaves:
            return None
        free = list(range(self.leaves))
        places = []
        for number in numbers:
            place = next((p for p in free if board[p] == number), None)
            if place is None:
                return None
            free.remove(place)
            places.append(place)
        return tuple(places)


@dataclass(frozen=True, slots=True)
class ExpressionAction(Action):
    """An action that states a sum (``solve 8*5-(7+9)``), of exactly ``LEAVES`` numbers."""

    LEAVES: ClassVar[int] = 4
    expression: Term

    def __str__(self) -> str:
        return f"{self.verb} {write_expression(self.expression)}"

    @classmethod
    def parse_args(cls, args: Sequence[str]) -> Action:
        if not args:
            example = "+".join(str(n) for n in range(1, cls.LEAVES + 1))
            raise NotationError(f"'{cls.verb}' takes a sum of {cls.LEAVES} numbers, as '{cls.verb} {example}'")
        term = parse_expression(" ".join(args))
        count = len(numbers_of(term))
        if count != cls.LEAVES:
            raise NotationError(f"'{cls.verb}' takes a sum of {cls.LEAVES} numbers, not {count}")
        return cls(term)


# --- a game's whole numbering ----------------------------------------------------------------------------
Member = type[FieldAction] | type[ExpressionAction] | Action | ActionTable


class ActionSpace:
    """A game's actions numbered block by block, in the order given: each :class:`FieldAction` kind takes
    ``count()`` numbers, each :class:`ExpressionAction` kind the numbers of its sums, an
    :class:`ActionTable` (the card plays) its length, and a single action one number. ``len`` is the
    game's ``num_distinct_actions``; ``kinds`` its ``ACTION_KINDS``.

    Sums are numbered relative to the table, so a game with an expression kind passes its ``board`` to
    ``encode`` and ``decode``; no other block reads it.
    """

    def __init__(self, *members: Member) -> None:
        self._starts: list[int] = []
        self._decoders: list[Callable[[int, Sequence[int]], Action]] = []
        self._kinds: dict[type[Action], tuple[int, Expressions | None]] = {}
        self._singles: dict[Action, int] = {}
        # The numbers of the space's own action objects by identity: its single actions, its tables' and
        # every action of a kind ``every`` lists. A legal list made of them is encoded with one look-up an
        # action, without hashing one or counting its fields. The space keeps each of them alive (``_kept``,
        # ``_every``), so no other object can have its ``id``.
        self._by_id: dict[int, int] = {}
        self._kept: list[Action] = []
        self._every: dict[type[FieldAction], tuple[FieldAction, ...]] = {}
        kinds: dict[type[Action], None] = {}
        size = 0
        for member in members:
            self._starts.append(size)
            size += self._add(member, size)
            kinds.update(dict.fromkeys(self._kinds_of(member)))
        self.size = size
        self.kinds = tuple(kinds)
        self._by_id.update({id(action): self._singles[action] for action in self._kept
                            if type(action) not in self._kinds})

    def _add(self, member: Member, start: int) -> int:
        if isinstance(member, ActionTable):
            self._singles.update({action: start + k for k, action in enumerate(member.actions)})
            self._kept += member.actions
            self._decoders.append(lambda n, board: member[n])
            return len(member)
        if isinstance(member, Action):
            self._singles[member] = start
            self._kept.append(member)
            self._decoders.append(lambda n, board: member)
            return 1
        if member in self._kinds:
            raise ValueError(f"the kind {member.__name__} is numbered twice")
        if issubclass(member, ExpressionAction):
            sums = Expressions(member.LEAVES)
            self._kinds[member] = (start, sums)
            self._decoders.append(lambda n, board: member(sums.decode(n, board)))
            return sums.size
        if not issubclass(member, FieldAction):
            raise TypeError(f"{member.__name__} has no numbering: make it a FieldAction or list its actions")
        fields = member
        self._kinds[member] = (start, None)
        self._decoders.append(lambda n, board: self._field(fields, n))
        return fields.count()

    @staticmethod
    def _kinds_of(member: Member) -> list[type[Action]]:
        if isinstance(member, ActionTable):
            return [type(action) for action in member.actions]
        return [type(member)] if isinstance(member, Action) else [member]

    def __len__(self) -> int:
        return self.size

    def encode(self, action: Action, board: Sequence[int] = ()) -> int:
        """The action's number; ``NotationError`` for an action that has none in this game."""
        number = self._by_id.get(id(action))
        return self._number(action, board) if number is None else number

    def _number(self, action: Action, board: Sequence[int] = ()) -> int:
        """``encode``'s answer worked out from the action's value, not its identity."""
        block = self._kinds.get(type(action))
        if block is not None:
            start, sums = block
            if sums is not None and isinstance(action, ExpressionAction):
                return start + sums.encode(action.expression, board)
            if isinstance(action, FieldAction):
                return start + action.number()
        number = self._singles.get(action)
        if number is None:
            raise NotationError(f"{action} is not an action of this game")
        return number

    def numbers(self, actions: Iterable[Action]) -> tuple[int, ...]:
        """The numbers of ``actions`` in order, as ``encode`` gives them (``ActionTable.numbers``' answer for a
        whole space): one look-up an action where they are the space's own, as the legal lists of games
        that list from ``every`` and their tables are, else by ``encode``."""
        by_id = self._by_id
        try:
            return tuple([by_id[id(action)] for action in actions])
        except KeyError:
            return tuple(map(self.encode, actions))

    def decode(self, number: int, board: Sequence[int] = ()) -> Action:
        if type(number) is not int or not 0 <= number < self.size:
            raise NotationError(f"actions are numbered 0 to {self.size - 1}, not {number!r}")
        block = bisect_right(self._starts, number) - 1
        return self._decoders[block](number - self._starts[block], board)

    def every(self, kind: type[F]) -> tuple[F, ...]:
        """Every action of the space's :class:`FieldAction` kind ``kind``, in number order (the ``n``-th is
        numbered ``n`` within the kind's block), made the first time it is asked for and kept: a game that
        lists its legal actions from here (a card to a meld slot) hands out objects that ``encode`` numbers
        by identity and ``decode`` hands back, and makes none. For kinds of a few thousand actions at most."""
        listed = self._every.get(kind)
        if listed is None:
            if kind not in self._kinds:
                raise ValueError(f"{kind.__name__} is not a kind of this action space")
            listed = self._every[kind] = tuple(kind.from_number(n) for n in range(kind.count()))
            self._by_id.update({id(action): self._number(action) for action in listed})
        return cast(tuple[F, ...], listed)

    def _field(self, kind: type[FieldAction], number: int) -> FieldAction:
        """The action numbered ``number`` within ``kind``'s block: the one ``every`` lists, once it has."""
        listed = self._every.get(kind)
        return kind.from_number(number) if listed is None else listed[number]

    def parse(self, text: object) -> Action:
        """Read notation against this space's kinds (as ``parse_action_text``)."""
        return parse_action_text(text, self.kinds)


@dataclass(frozen=True, slots=True)
class DrawFrom(FieldAction):
    """``draw stock`` or ``draw discard``: a rummy turn's first step, from the face-down stock or the top of
    the discard pile (Kowah, Carioca)."""

    verb: ClassVar[str] = "draw"
    FIELDS = (Words(("stock", "discard"), "pile"),)
    pile: str


DRAW_STOCK, DRAW_DISCARD = DrawFrom("stock"), DrawFrom("discard")
