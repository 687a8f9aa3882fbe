"""Twenty-Four: two or four players race to make 24 from four face-up number cards.

Follows ``rules/source/twenty-four.txt`` (there is no entry for it in ``rules/NOTES.md``).

Choices where the text is silent (each a default, documented here and tested):

1. **The deal.** The last seat deals the whole 40-card pack one card at a time from its left, each card
   landing on top of its receiver's face-down pile. Nobody looks at any pile, its owner included.
2. **The board.** With two players seat 0's cards fill places 1 and 2 and seat 1's places 3 and 4; with
   four, seat ``s`` turns up the card of place ``s + 1``. Each player turns up his own top cards.
3. **A board is a deal** of the engine: its result moves cards, each seat's score is the number of cards it
   holds (pile and board), and the fewest wins. So each set's outcome reads in the results and the log,
   and a search looks ahead to the end of the set it is racing for.
4. **Slap, then state.** ``slap`` is the race. Stating the sum is a second step taken in two small
   choices, so that no list of actions ever holds thousands of sums: first the sum's ``form`` (its
   brackets and signs over the places a, b, c, d: ``form a*b-(c+d)``, one of 320), then ``solve 8*5-(7+9)``,
   the sum itself with the cards put in (one of at most 24 orders). Any sum of that form over the four
   cards may be stated; a sum that misses 24 is simply wrong (so a player unable to state one, which
   the book treats as a wrong answer, states any). Arithmetic is exact: fractions on the way
   are allowed, and dividing by nought makes no number, so such a sum is wrong too.
5. **Saying there is no solution.** ``none`` gives up the board for the seat saying it, for good: with two
   players the other may still slap. The board has no solution once every seat has said ``none``.
6. **Taking a card back** (two players): each chooses openly which of his two cards goes to the bottom of
   his pile, in either order (the cards are face up, so nothing is hidden by choosing in the open); then
   each turns up his next top card into the place left empty. With four players each has only one card
   on the board, so the swap is done at once. A player whose pile was empty turns the same card up again.
7. **Who takes the four cards.** Two players: the other player if the slapper's sum makes 24, the
   slapper himself if it does not. Four players: the odd player out if the chosen player's sum makes
   24, the chosen player if it does not. The taker puts them under his pile in the board's place order;
   everyone saw them, so where they lie is known to all (``parlour.mechanics.stock``).
8. **The three slaps** (four players). Before anyone slaps, a seat may say ``none``; once a seat has slapped
   a solution is claimed, ``none`` is no longer allowed and the seats that said it rejoin the race. The
   third slap ends the race: the fourth seat chooses whom to ``hear`` among the three.
9. **Too few cards for a board** cannot happen: with two players every result moves two cards, so each
   holding stays even and is nought or at least two; with four, one card is enough. A seat left with no
   card is out.
10. **The end.** After a set, every seat with no card left has won (several at once share the win). The
   others are ranked by the cards they hold, fewest first. As play could go on for ever, option ``boards``
   (100 by default) caps the number of boards, one without a solution counting too: at the cap the
   fewest cards win, ties sharing.

Variants: none. The share of random boards that can make 24 is worked out by this module's solver
(:func:`solvable_share`, shown by ``parlour rules twenty-four``); :func:`solution_table` lists every
board's solutions, for bots.

A prepared deal (``deal=``) is ``{"piles": [[cards, top first] per seat]}`` (20 cards each for two players,
10 for four, together the whole pack), or a stacked pack (``{"pack": [...]}``) dealt as in choice 1. It is
the deal of the first board only, as every later board is turned up from the piles: a list holds one deal.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations
from math import comb, prod
from typing import Any, ClassVar

from parlour import engine
from parlour.cards import NUMBER_40, Card
from parlour.engine import (
    Action,
    ActionSpace,
    CardAction,
    Combination,
    DealShape,
    Domain,
    ExpressionAction,
    Expressions,
    FieldAction,
    IllegalAction,
    NotationError,
    OutOfTurn,
    RaceWon,
    Reason,
    Seats,
    Term,
    card_table,
    evaluate,
    numbers_of,
    parse_expression,
    refuse_out_of_phase,
    write_expression,
)
from parlour.engine.view import kinds
from parlour.mechanics.stock import Stock

RULES = """\
**Twenty-Four** is a race of mental arithmetic for two or four players, from Shanghai, with the forty
number cards (ace counts 1, then 2 to 10).

*The deal.* All the cards are dealt out. Each player squares his share into a face-down pile and
nobody, not even its owner, looks at it.

*A board.* With two players each turns up his top two cards, with four each turns up one: four cards in
the middle. Everyone looks for a way to make exactly **24** from the four values with addition,
subtraction, multiplication and division, using each card once, in any order and with any brackets
(fractions on the way are fine). When you have one you **slap**, and then state it: first its form
(`form a*b-(c+d)`, the places a to d left to right), then the sum itself (`solve 8*5-(7+9)`).

*Two players.* A correct sum wins the set: the other player takes the four cards under his pile. A
wrong one loses it, and the slapper takes them.

*Four players.* Players slap as they find a solution. After the third slap the player left over
chooses one of the three to state the sum (`hear 2`): if it is right, the chooser takes the four cards;
if not, the one who stated it does.

*No solution.* A player who sees none says `none`. When everyone has, each player takes one of his own
cards on the board back under his pile (with four players, his only one) and turns up a new one.

*The end.* The first to run out of cards wins; the rest rank by the cards they hold, fewest first.
Option `boards` caps the game (100 boards by default), the fewest cards then winning.

*Against the bots.* At a browser table where you sit, no bot slaps a board before you have had time to
look for a sum: a new board stays open to you for at least **8 seconds** against an easy bot, **5** against
a medium one and **3** against a hard one (strong, expert), counted from when you go on to it, and each bot
then takes its own time on top, longer on a board with few solutions. The next board waits until you have
seen how the last one ended and clicked *Next deal* (or, if the host set a pause, until it has run out).
"""

PACK = NUMBER_40
CARDS = PACK.cards
INDEX = PACK.index
VALUE = tuple(int(card.rank) for card in CARDS)   # the ace counts 1
TARGET = Fraction(24)
PLACES = 4
SUMS = Expressions(PLACES)
ORDERS = 24   # the ways of putting four cards into a form's places: a sum's number is form * 24 + order
LETTERS = "abcd"


@dataclass(frozen=True, kw_only=True)
class TwentyFourOptions:
    boards: int = engine.option(100, "the most boards played; at the cap the fewest cards win (the book's game "
                                     "could go on for ever)", minimum=1, maximum=1000, label="Most boards (safety end)")


# --- actions ------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Slap(Action):
    """Slap: you see a way to make 24 with the four cards.

    The race: I have a solution.
    """

    verb: ClassVar[str] = "slap"


@dataclass(frozen=True, slots=True)
class NoSolution(Action):
    """Say you see no way to make 24 with these four cards.

    I see no way to make 24 on this board (choice 5).
    """

    verb: ClassVar[str] = "none"


@dataclass(frozen=True, slots=True)
class Take(CardAction):
    """Take this card of yours back under your pile: the board has no solution.

    The card of mine taken back under my pile, when the board has no solution (two players).
    """

    verb: ClassVar[str] = "take"


@dataclass(frozen=True, slots=True)
class Hear(FieldAction):
    """Choose which slapper states the sum.

    The odd player out's choice of who states the sum (four players).
    """

    verb: ClassVar[str] = "hear"
    FIELDS = (Seats(4),)
    seat: int


class Forms(Domain[str]):
    """The 320 forms (five shapes of brackets, three signs of four each), in the order of the sums'
    numbering, worked out when first asked for: a few milliseconds that ``import parlour`` need not pay."""

    noun = "form"
    size = SUMS.size // ORDERS

    def index(self, value: str) -> int:
        number = form_numbers().get(value) if isinstance(value, str) else None
        if number is None:
            raise NotationError(f"no form {value!r}: a form is a sum over the places a, b, c, d, as 'a*b-(c+d)'")
        return number

    def value(self, index: int) -> str:
        return forms()[index]

    def parse(self, token: str) -> str:
        return normal_form(token)


@dataclass(frozen=True, slots=True)
class Form(FieldAction):
    """Choose the shape and signs of your sum, over the cards a, b, c, d from left to right.

    The shape and signs of the sum about to be stated, over the places a, b, c, d left to right.
    """

    verb: ClassVar[str] = "form"
    family: ClassVar[str] = "sum"
    FIELDS = (Forms(),)
    pattern: str

    @classmethod
    def parse_args(cls, args: Sequence[str]) -> Action:
        if not args:
            raise NotationError("'form' takes a sum over the places a, b, c, d, as 'form a*b-(c+d)'")
        return cls(normal_form("".join(args)))   # spaces are allowed within it


@dataclass(frozen=True, slots=True)
class Solve(ExpressionAction):
    """State your sum, each of the four cards' values in it once.

    The sum stated, the four cards' values in it once each: ``solve 8*5-(7+9)``.
    """

    verb: ClassVar[str] = "solve"
    family: ClassVar[str] = "sum"


def _pattern(term: Term) -> str:
    """A sum over the numbers 1 to 4 written with the letters of the places instead."""
    return write_expression(term).translate(str.maketrans("1234", LETTERS))


@cache
def forms() -> tuple[str, ...]:
    """Every form in the order of the sums' numbering: form k is sum numbers 24k to 24k + 23."""
    return tuple(_pattern(SUMS.decode(k * ORDERS, (1, 2, 3, 4))) for k in range(Forms.size))


@cache
def form_numbers() -> dict[str, int]:
    return {form: k for k, form in enumerate(forms())}


@cache
def form_actions() -> tuple[Form, ...]:
    return tuple(Form(form) for form in forms())
# The places each order of a form puts its numbers in, left to right: sum 24k + j of a board fills form k
# with the board's values at ``PLACINGS[j]``.
PLACINGS = tuple(numbers_of(SUMS.decode(j, (0, 1, 2, 3))) for j in range(ORDERS))


def normal_form(text: str) -> str:
    """A form as written (``A * b - (c + d)``, the signs for times and minus too) in its notation; a
    ``NotationError`` says what is wrong.

    >>> normal_form("A x b - (C + d)")
    'a*b-(c+d)'
    """
    if any(ch.isdigit() for ch in text):
        raise NotationError("a form names the places a, b, c, d, not numbers: 'form a*b-(c+d)'")
    term = parse_expression(text.lower().translate(str.maketrans(LETTERS, "1234")))
    if numbers_of(term) != (1, 2, 3, 4):
        raise NotationError("a form names the places a, b, c, d once each, in that order: 'form a*b-(c+d)'")
    return _pattern(term)


SLAP, NO_SOLUTION = Slap(), NoSolution()
TAKES = card_table(PACK, Take)
ACTIONS = ActionSpace(SLAP, NO_SOLUTION, TAKES, Hear, Form, Solve)


@lru_cache(maxsize=256)
def sums_of(form: int, board: tuple[int, ...]) -> tuple[Solve, ...]:
    """Every sum of a form over a board: its places filled in each order, once per sum (two orders give one
    sum exactly when they put the same values in the form's places). Kept for the last boards asked about,
    as the views, clones and worlds of one position all ask again."""
    seen: set[tuple[int, ...]] = set()
    out = []
    for k, order in enumerate(PLACINGS):
        leaves = tuple(board[place] for place in order)
        if leaves not in seen:
            seen.add(leaves)
            out.append(Solve(SUMS.decode(form * ORDERS + k, board)))
    return tuple(out)


# --- the solver ----------------------------------------------------------------------------------------
Values = dict[Fraction, Term]


@cache
def _reach(numbers: tuple[int, ...]) -> Values:
    """Every value some sum of ``numbers`` (sorted, each used once) makes, with one sum making it."""
    if len(numbers) == 1:
        return {Fraction(numbers[0]): numbers[0]}
    out: Values = {}
    for left, right in _splits(numbers):
        for a, x in _reach(left).items():
            for b, y in _reach(right).items():
                for value, op, swapped in _joined(a, b):
                    if value not in out:
                        out[value] = Combination(op, y, x) if swapped else Combination(op, x, y)
    return out


def _splits(numbers: tuple[int, ...]) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The ways to part a multiset in two non-empty multisets, each parting once."""
    out = set()
    n = len(numbers)
    for size in range(1, n // 2 + 1):
        for chosen in combinations(range(n), size):
            left = tuple(numbers[k] for k in chosen)
            right = tuple(numbers[k] for k in range(n) if k not in chosen)
            out.add(min((left, right), (right, left)))
    return out


def _joined(a: Fraction, b: Fraction) -> Iterator[tuple[Fraction, str, bool]]:
    """Each value two parts worth ``a`` and ``b`` make together, with its sign and whether the second part
    comes first."""
    yield a + b, "+", False
    yield a * b, "*", False
    yield a - b, "-", False
    yield b - a, "-", True
    if b:
        yield a / b, "/", False
    if a:
        yield b / a, "/", True


def _needed(a: Fraction) -> Iterator[tuple[Fraction, str, bool]]:
    """For a part worth ``a``, each value the other part must have to make 24 and how the two are joined
    (the sign, and whether the other part comes first): the inverse of each operation, so that a board
    costs a few look-ups rather than every value of one part joined with every value of the other."""
    yield TARGET - a, "+", False
    yield a - TARGET, "-", False
    yield a + TARGET, "-", True
    if a:
        yield TARGET * a, "/", True
        yield TARGET / a, "*", False
        yield a / TARGET, "/", False


@cache
def solutions(board: tuple[int, ...]) -> tuple[Term, ...]:
    """The sums making 24 from the four values of ``board`` (in any order), one for each way of parting the
    cards in two and joining the parts: empty when the board has no solution. The more there are, the
    easier the board.

    >>> [write_expression(term) for term in solutions((5, 1, 5, 5))], solutions((1, 1, 1, 1))
    (['5*(5-1/5)'], ())
    """
    found: dict[str, Term] = {}
    for parts in _splits(tuple(sorted(board))):
        mine, other = sorted(map(_reach, parts), key=len)   # the fewer values to try, the fewer look-ups
        for a, x in mine.items():
            for b, op, after in _needed(a):
                y = other.get(b)
                if y is not None:
                    term = Combination(op, y, x) if after else Combination(op, x, y)
                    found.setdefault(write_expression(term), term)
    return tuple(found.values())


@cache
def solution_table() -> dict[tuple[int, ...], tuple[Term, ...]]:
    """Every board's solutions, by its values sorted: the 715 multisets of four values from 1 to 10."""
    boards = _multisets()
    return {board: solutions(board) for board in boards}


def _multisets() -> list[tuple[int, ...]]:
    values = range(1, 11)
    return [b for b in ((a, b, c, d) for a in values for b in values for c in values for d in values)
            if b == tuple(sorted(b))]


@cache
def solvable_share() -> Fraction:
    """The chance that four cards drawn from the 40-card pack can make 24 (each value has four cards, so a
    board of values ``v`` comes up in ``prod(comb(4, copies))`` of the ``comb(40, 4)`` draws)."""
    table = solution_table()
    hits = sum(prod(comb(4, board.count(v)) for v in set(board)) for board, found in table.items() if found)
    return Fraction(hits, comb(len(PACK), PLACES))


def figures() -> str:
    """The rules page's line on how often a board can make 24, worked out when the page is shown."""
    share = solvable_share()
    draws = comb(len(PACK), PLACES)
    table = solution_table()
    solvable = sum(1 for found in table.values() if found)
    return (f"*By this game's solver,* {float(share):.1%} of random boards can make 24 "
            f"({int(share * draws):,} of the {draws:,} draws of four cards); counting each set of four "
            f"values once, whatever its chance, {solvable} of {len(table)} ({solvable / len(table):.0%}).")


INFO = engine.GameInfo(
    id="twenty-four", name="Twenty-Four", family=("arithmetic", "race", "shedding"), min_players=2,
    max_players=4, player_counts=(2, 4), pack=PACK.name, rules_source=("twenty-four.txt",), summary=RULES,
    figures=figures, num_distinct_actions=len(ACTIONS), options=engine.option_specs(TwentyFourOptions),
    lowest_score_wins=True,
    # A board takes at most nine actions (three nones, three slaps, the choice of whom to hear, a form and
    # a sum), and the game at most ``boards`` boards.
    max_actions=9 * 1000)


class Phase(engine.Phase):
    RACE = "race"
    TAKE_BACK = "take back"
    HEAR = "hear"
    STATE = "state"
    OVER = "over"


KINDS: dict[Phase, tuple[type[Action], ...]] = {
    Phase.RACE: (Slap, NoSolution), Phase.TAKE_BACK: (Take,), Phase.HEAR: (Hear,), Phase.STATE: (Form, Solve)}
DOING = {Phase.RACE: "slap when you see 24, or say none", Phase.TAKE_BACK: "each takes one of his cards back",
         Phase.HEAR: "the odd player out chooses whom to hear", Phase.STATE: "the sum is being stated"}
DEAL_FORM = '{"piles": [[cards, top first] per seat], together the whole pack} or {"pack": [every card, top first]}'


def deal_shape(players: int) -> DealShape:
    """The form of the game's one prepared deal: each seat's pile, the pack shared out evenly, or a stacked
    pack. Only the first board is dealt; every later board is turned up from the piles."""
    return DealShape(PACK, DEAL_FORM, sizes=(len(PACK) // players,) * players, key="piles", whole=True,
                     stacked=True)


class Piles(list[Stock]):
    """The face-down piles by seat; a clone copies each pile, not only the list."""

    def copy(self) -> Piles:
        return Piles(pile.copy() for pile in self)


class TwentyFourState(engine.PhasedState[Phase]):
    ACTION_KINDS = ACTIONS.kinds
    ACTIONS = ACTIONS
    MUTABLE = ("piles", "board")
    ZONES = kinds(board="cards", piles="numbers")
    EXTRAS = kinds(values="operands", slapped="seats", said_none="seats", stating="seat", form="text",
                   boards_in_game="number")

    # --- deal ---------------------------------------------------------------------------------------
    def _setup(self) -> None:
        n = self.players
        self.hands_in_game = self.options["boards"]
        self.dealer = n - 1
        # Which seat's card lies in each place of the board (choice 2).
        self.owner = (0, 0, 1, 1) if n == 2 else (0, 1, 2, 3)
        self.piles = Piles(Stock(pile, name=f"pile {s}") for s, pile in enumerate(self._piles()))
        self.board: list[int | None] = [None] * PLACES
        self.boards: tuple[tuple[int, ...], ...] = ()   # each deal's board values, to read its sums back
        self._deal()

    def _piles(self) -> list[list[int]]:
        """Each seat's pile, top first: as prepared, or dealt round from the dealer's left (choice 1)."""
        n = self.players
        prepared = self._prepared_now()
        if prepared is not None and prepared.pack is None:
            return [list(pile) for pile in prepared.hands]
        deck = self._deck(PACK)
        return [deck[s::n][::-1] for s in range(n)]

    def _deal_shape(self, number: int) -> DealShape | None:
        return deal_shape(self.players) if number == 1 else None

    def _deal(self) -> None:
        """A new board: every empty place filled from the top of its owner's pile, and the race opens."""
        for place, seat in enumerate(self.owner):
            if self.board[place] is None:
                self.board[place] = self.piles[seat].draw()[0]
        self.boards = (*self.boards, self.values)
        self.phase = Phase.RACE
        self.slapped: tuple[int, ...] = ()
        self.said_none: tuple[int, ...] = ()
        self.stating: int | None = None
        self.form: int | None = None
        self.race_won: RaceWon | None = None
        self.to_move = tuple(range(self.players))
        self._say("board {}: {} (values {})", self.hand_number, " ".join(str(CARDS[c]) for c in self._cards()),
                  " ".join(map(str, self.values)))

    @property
    def values(self) -> tuple[int, ...]:
        """The board's values in place order (nought for a place emptied to take a card back)."""
        return tuple(0 if card is None else VALUE[card] for card in self.board)

    def _cards(self) -> list[int]:
        return [card for card in self.board if card is not None]

    def held(self, seat: int) -> int:
        """The cards a seat holds: its pile and its cards on the board."""
        return len(self.piles[seat]) + self._own_cards(seat).bit_count()

    # --- numbering: a sum is numbered against the board of its own deal ----------------------------------
    def encode(self, action: Action) -> int:
        return self.ACTIONS.encode(action, board=self.values)

    def decode(self, number: int) -> Action:
        return self.ACTIONS.decode(number, board=self.values)

    def _decode_at(self, position: int, number: int) -> Action:
        deal = self._deal_of(position) if position < self._moves_from else len(self.boards) - 1
        return self.ACTIONS.decode(number, board=self.boards[deal])

    # --- the race ------------------------------------------------------------------------------------
    def _legal(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase is Phase.RACE:
            return [SLAP, NO_SOLUTION] if self._may_say_none() else [SLAP]
        if phase is Phase.TAKE_BACK:
            return TAKES.of(self._own_cards(seat))
        if phase is Phase.HEAR:
            return [Hear(s) for s in sorted(self.slapped)]
        if self.form is None:
            return list(form_actions())
        return list(sums_of(self.form, self.values))

    def _may_say_none(self) -> bool:
        """Until a seat slaps; afterwards a solution is claimed (choice 8)."""
        return not self.slapped

    def _own_cards(self, seat: int) -> int:
        return sum(1 << card for place, card in enumerate(self.board) if card is not None and self.owner[place] == seat)

    def _holds_on_board(self, seat: int, card: Card) -> bool:
        index = INDEX.get(card)
        return index is not None and bool(self._own_cards(seat) >> index & 1)

    def _check(self, seat: int, action: Action) -> None:
        """Each kind's own rule, checked directly: the legal lists are what passes these."""
        refuse_out_of_phase(action, self.phase, KINDS, DOING)
        if isinstance(action, NoSolution) and not self._may_say_none():
            raise IllegalAction("a seat has slapped, so a solution is claimed: slap when you find it",
                                rule="none only before a slap")
        if isinstance(action, Take) and not self._holds_on_board(seat, action.card):
            raise IllegalAction(f"{action.card} is not one of your cards on the board", rule="take back your own card")
        if isinstance(action, Hear) and action.seat not in self.slapped:
            raise IllegalAction(f"seat {action.seat} has not slapped: hear one of seats "
                                + ", ".join(map(str, sorted(self.slapped))), rule="hear one who slapped")
        if isinstance(action, Form) and self.form is not None:
            raise IllegalAction(f"you chose the form {forms()[self.form]}: now state the sum", rule="state the sum")
        if isinstance(action, Solve):
            self._check_sum(action.expression)

    def _check_sum(self, term: Term) -> None:
        if self.form is None:
            raise IllegalAction("choose the form of your sum first, as 'form a*b-(c+d)'", rule="form first")
        try:
            number = SUMS.encode(term, self.values)
        except NotationError:
            raise IllegalAction("a sum uses the values of the four cards on the board once each",
                                rule="use the four cards once each") from None
        if number // ORDERS != self.form:
            raise IllegalAction(f"{write_expression(term)} is not of the form you chose, {forms()[self.form]} "
                                f"(it is {forms()[number // ORDERS]})", rule="the form chosen")

    def _do(self, seat: int, action: Action) -> None:
        if isinstance(action, Slap):
            self._slap(seat)
        elif isinstance(action, NoSolution):
            self._none(seat)
        elif isinstance(action, Take):
            self._take_back(seat, INDEX[action.card])
            self.to_move = tuple(s for s in self.to_move if s != seat)
            if not self.to_move:
                self._turn_anew()
        elif isinstance(action, Hear):
            self._hear(action.seat)
        elif isinstance(action, Form):
            self.form = form_numbers()[action.pattern]
        elif isinstance(action, Solve):
            self._settle(seat, action.expression)

    def _slap(self, seat: int) -> None:
        if self.players == 2:
            self.race_won = RaceWon.of(seat, self.to_move, SLAP)
            self._hear(seat)
            return
        self.slapped = (*self.slapped, seat)
        self.said_none = ()   # a solution is claimed: whoever said none is back in the race (choice 8)
        rest = tuple(s for s in range(self.players) if s not in self.slapped)
        if len(self.slapped) < 3:
            self.to_move = rest   # those who said none rejoin (choice 8)
            return
        self.race_won = RaceWon.of(seat, self.to_move, SLAP)
        self.phase = Phase.HEAR
        self.to_move = rest

    def _none(self, seat: int) -> None:
        self.said_none = (*self.said_none, seat)
        self.to_move = tuple(s for s in self.to_move if s != seat)
        if self.to_move:
            return
        self._say("no one sees a way to make 24")
        if self.players == 2:
            self.phase = Phase.TAKE_BACK
            self.to_move = tuple(range(self.players))
            return
        for seat, card in zip(self.owner, self._cards(), strict=True):   # one card each: no choice (choice 6)
            self._take_back(seat, card)
        self._turn_anew()

    def _take_back(self, seat: int, card: int) -> None:
        self.board[self.board.index(card)] = None
        self.piles[seat].put_under([card])

    def _turn_anew(self) -> None:
        """Every card to be taken back is back: the board counts for nothing, and new cards fill it."""
        self._finish_hand(engine.HandResult.void_deal(self.hand_number, self.players,
                                                      "no solution: each takes a card back and turns up another"))
        self._next_deal()

    def _hear(self, seat: int) -> None:
        self.stating = seat
        self.phase = Phase.STATE
        self.to_move = (seat,)

    # --- the set decided ---------------------------------------------------------------------------------
    def _settle(self, stater: int, term: Term) -> None:
        value = evaluate(term)
        right = value == TARGET
        if self.players == 2:
            taker = 1 - stater if right else stater
        else:
            taker = next(s for s in range(self.players) if s not in self.slapped) if right else stater
        cards = self._cards()
        before = [self.held(s) for s in range(self.players)]
        self.board = [None] * PLACES
        self.piles[taker].put_under(cards)
        changes = tuple(self.held(s) - before[s] for s in range(self.players))
        said = write_expression(term)
        made = "no number (it divides by nought)" if value is None else str(value)
        verdict = f"seat {stater} makes 24 with {said}" if right else f"seat {stater}'s {said} makes {made}, not 24"
        out = tuple(s for s in range(self.players) if self.held(s) == 0)
        summary = f"{verdict}; seat {taker} takes the four cards" + "".join(
            f"; seat {s} is out of cards" for s in out)
        reasons = (Reason(taker, changes[taker], "takes the four cards"),
                   *(Reason(s, changes[s], "sheds its cards on the board") for s in range(self.players) if s != taker))
        winners = tuple(s for s in range(self.players) if s != taker)
        self._finish_hand(engine.HandResult(self.hand_number, changes, reasons, summary, winners=winners))
        self._next_deal(over=bool(out))

    def _pass_deal(self) -> None:
        """Nobody deals again: the next board comes from the piles as they stand."""

    def scores(self) -> list[int]:
        return [self.held(s) for s in range(self.players)]

    def _result(self) -> engine.Result:
        return engine.result_by_score(self.scores(), lowest_wins=True, unit="cards")

    def _out_of_turn(self, seat: object) -> OutOfTurn:
        late = self.race_won.refusal(seat) if self.race_won is not None else None
        return late or super()._out_of_turn(seat)

    # --- what each seat sees -------------------------------------------------------------------------
    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        def status(s: int) -> str:
            if s == self.stating and self.phase is Phase.STATE:
                return "states the sum"
            return "slapped" if s in self.slapped else "says none" if s in self.said_none else ""

        seats = [engine.seat_entry(s, held=self.held(s), status=status(s),
                                   face_up=[str(CARDS[c]) for p, c in enumerate(self.board) if c is not None
                                            and self.owner[p] == s]) for s in range(self.players)]
        table = {"board": [str(CARDS[c]) for c in self._cards()], "piles": [len(p) for p in self.piles]}
        extra = {"values": list(self.values), "slapped": list(self.slapped), "said_none": list(self.said_none),
                 "stating": self.stating, "form": None if self.form is None else forms()[self.form],
                 "boards_in_game": self.hands_in_game}
        return {"phase": self.phase, "hand": [], "seats": seats, "table": table, "extra": extra}

    def _unknown(self, seat: int) -> engine.Unknown:
        """Every pile is unseen, its owner's too; only the cards seen put under one stay where they lie."""
        unknown = engine.Unknown(pool=0)
        for pile in self.piles:
            pile.hide(unknown, seat)
        return unknown

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        for pile in self.piles:
            pile.place(deal)


engine.register(INFO, TwentyFourState)
