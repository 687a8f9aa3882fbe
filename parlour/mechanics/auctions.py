"""Auctions, written once for every bidding game: whose call it is, the bid to beat, passing, doubling,
and when the auction is over.

A game names its contracts (a :class:`Bid` subclass listing them) and says how they rank (a key: the
higher key beats the lower); an :class:`Auction` runs the calls. Three shapes cover the books:

* ``OPEN`` — calls go round and round; a seat that passed may bid later; the auction ends when every
  other seat passes in a row after a bid, or when every seat passes at once with no bid (Vint, Auction
  Bridge). Opponents of the high bidder may double it and its side may redouble; a new bid cancels both.
  ``closing_passes`` sets another count of passes in a row that ends it, bid or no bid (old Vint: 8 or 12).
* ``ELIMINATION`` — calls go round; a pass is final; the auction ends when one seat is left holding the
  high bid, or when every seat has passed (Foster's Solo).
* ``ONE_ROUND`` — every seat has exactly one call, in order, a pass or a bid beating the last; the highest
  bid when the round is done wins (both rounds of Preference).
* ``PAIRWISE`` — two seats contend at a time, the one who was there first (the elder) answering each bid
  of the other; whoever passes is replaced by the next seat in order; the auction ends when the last seat
  has had its chance (the Spanish Solo auction that ends against the dealer).

``top_key`` ends an auction the moment the highest contract there is gets bid, when no one may hold it
(taking Schafkopf's widow: the first to take it has it). ``holds`` lets an earlier seat in ``order``
match the high bid rather than beat it — the elder hand's privilege in several books.

An auction is a small mutable object: a game keeps it in an attribute listed in ``MUTABLE`` so that
clones copy it. A game's state built on :class:`AuctionState` gets the round of calls around it: after each
call the next seat is to call, until the auction is over and the game settles it. Naming trumps once the
contract is settled (``trumps hearts``) is the call :class:`Trumps`.

For the integer path, :class:`CallNumbers` keeps the numbers of the legal calls by what decides them, and a
game offers them to the seat whose call it is (``offer_numbers``), so that ``legal_ids`` answers a call as
quickly as the card fast lane answers a play.

>>> auction = Auction((1, 2, 3, 0), shape=OPEN, sides=(0, 1, 0, 1))
>>> auction.bid(1, "1S", key=1); auction.double(2); auction.pass_(3); auction.pass_(0)
>>> auction.is_over, auction.turn
(False, 1)
>>> auction.pass_(1)
>>> auction.is_over, auction.high_seat, auction.high, auction.doubled
(True, 1, '1S', 1)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar

from parlour.cards import Suit
from parlour.engine.actions import Action
from parlour.engine.state import State
from parlour.errors import IllegalAction, NotationError


# --- the calls, as actions ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Bid(Action):
    """``bid 3NT``, ``bid solo``: a contract named from the game's list.

    A game subclasses this with its ``CONTRACTS`` (canonical spellings, any order); notation is read
    without regard to case and stored in the canonical spelling, so ``bid 3nt`` is ``bid 3NT``.
    """

    verb: ClassVar[str] = "bid"
    family: ClassVar[str] = "auction"
    CONTRACTS: ClassVar[tuple[str, ...]] = ()

    contract: str

    def __str__(self) -> str:
        return f"bid {self.contract}"

    @classmethod
    def parse_args(cls, args: Sequence[str]) -> Action:
        text = " ".join(args)
        canonical = {name.lower(): name for name in cls.CONTRACTS}
        if not text:
            raise NotationError("'bid' needs a contract, as 'bid " + (cls.CONTRACTS or ("...",))[0] + "'")
        if text.lower() not in canonical:
            raise NotationError(f"no contract {text!r}: the contracts are " + ", ".join(cls.CONTRACTS))
        return cls(canonical[text.lower()])


@dataclass(frozen=True, slots=True)
class Double(Action):
    """Double the opponents' bid: if it stands, its tricks and penalties count double. A new bid cancels
    it."""

    verb: ClassVar[str] = "double"
    family: ClassVar[str] = "auction"


@dataclass(frozen=True, slots=True)
class Redouble(Action):
    """Redouble your side's doubled bid: it now counts four times. A new bid cancels it."""

    verb: ClassVar[str] = "redouble"
    family: ClassVar[str] = "auction"


# The suits as the calls name them, by suit number (``Suit``).
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")


def suit_named(text: str) -> int:
    """The number of the suit a call names: by its name, singular or plural, its initial or its symbol
    (``hearts``, ``heart``, ``h``, ``♥``)."""
    word = text.lower()
    for suit in Suit:
        name = SUIT_WORDS[suit]
        if word in (name, name[:-1], name[0], suit.symbol):
            return int(suit)
    raise NotationError(f"{text!r} is not a suit: write clubs, diamonds, hearts or spades")


@dataclass(frozen=True, slots=True)
class Trumps(Action):
    """Name the trump suit for the play (``trumps hearts``).

    The call of the one player the book lets choose trumps once the contract is settled: the widow's buyer
    at Preference, the holder of the called ace in a forcée at Solo. ``suit`` is the suit's number.
    """

    verb: ClassVar[str] = "trumps"
    suit: int

    def __str__(self) -> str:
        return f"trumps {SUIT_WORDS[self.suit]}"

    @classmethod
    def parse_args(cls, args: Sequence[str]) -> Action:
        if len(args) != 1:
            raise NotationError("write 'trumps <suit>', as 'trumps hearts'")
        return cls(suit_named(args[0]))


# --- the auction ----------------------------------------------------------------------------------------
class Shape(Enum):
    OPEN = "open"
    ELIMINATION = "elimination"
    ONE_ROUND = "one round"
    PAIRWISE = "pairwise"


OPEN, ELIMINATION, ONE_ROUND, PAIRWISE = Shape.OPEN, Shape.ELIMINATION, Shape.ONE_ROUND, Shape.PAIRWISE


class Auction:
    """One auction in progress. ``order`` is every bidder in calling order, the first to speak first."""

    __slots__ = ("_contenders", "_next_entrant", "calls", "closing_passes", "doubled", "doubler", "high",
                 "high_key", "high_seat", "holds", "order", "out", "passes", "shape", "sides", "top_key", "turn")

    def __init__(self, order: Sequence[int], *, shape: Shape = OPEN, sides: Sequence[int] | None = None,
                 holds: bool = False, closing_passes: int | None = None, top_key: Any = None) -> None:
        if len(order) < 2 or len(set(order)) != len(order):
            raise ValueError("an auction needs two or more distinct bidders")
        self.order = tuple(order)
        self.shape = shape
        self.sides = None if sides is None else tuple(sides)
        self.holds = holds
        self.closing_passes = closing_passes
        self.top_key = top_key
        self.calls: list[tuple[int, Any]] = []    # (seat, contract or "pass"/"double"/"redouble")
        self.high: Any = None                      # the contract to beat, None before the first bid
        self.high_key: Any = None
        self.high_seat: int | None = None
        self.doubled = 0                           # 0, 1 doubled, 2 redoubled
        self.doubler: int | None = None
        self.out: set[int] = set()                 # seats whose pass was final (elimination, pairwise)
        self.passes = 0                            # passes in a row (open)
        if shape is PAIRWISE:
            # The elder (first in order) waits; the second speaks first, bidding to the elder.
            self._contenders = [self.order[0], self.order[1]]
            self._next_entrant = 2
            self.turn: int | None = self.order[1]
        else:
            self._contenders = []
            self._next_entrant = 0
            self.turn = self.order[0]

    def copy(self) -> Auction:
        twin = object.__new__(type(self))
        for name in Auction.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.calls = self.calls.copy()
        twin.out = self.out.copy()
        twin._contenders = self._contenders.copy()
        return twin

    # --- questions -------------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.turn is None

    @property
    def all_passed(self) -> bool:
        """Over with no bid made: the game's rule for a passed-out deal applies."""
        return self.turn is None and self.high_seat is None

    def may_bid(self, seat: int, key: Any) -> bool:
        """Whether a contract of rank ``key`` is high enough for ``seat`` now."""
        if self.high_seat is None:
            return True
        if key > self.high_key:
            return True
        return bool(self.holds and key == self.high_key and self._elder(seat, self.high_seat))

    def may_double(self, seat: int) -> bool:
        return (self.sides is not None and self.high_seat is not None and self.doubled == 0
                and self.sides[seat] != self.sides[self.high_seat])

    def may_redouble(self, seat: int) -> bool:
        return (self.sides is not None and self.high_seat is not None and self.doubled == 1
                and self.sides[seat] == self.sides[self.high_seat])

    def _elder(self, seat: int, other: int) -> bool:
        return self.order.index(seat) < self.order.index(other)

    # --- calls -------------------------------------------------------------------------------------------
    def bid(self, seat: int, contract: Any, key: Any) -> None:
        self._turn_of(seat)
        if not self.may_bid(seat, key):
            raise IllegalAction(f"{contract} does not beat {self.high}", rule="a bid must beat the last")
        self.calls.append((seat, contract))
        self.high, self.high_key, self.high_seat = contract, key, seat
        self.doubled, self.doubler = 0, None
        self.passes = 0
        if self.top_key is not None and key >= self.top_key and not self.holds:
            self.turn = None      # nothing can beat it
            return
        self._advance(seat)

    def pass_(self, seat: int) -> None:
        self._turn_of(seat)
        self.calls.append((seat, "pass"))
        if self.shape is OPEN:
            self.passes += 1
            needed = self.closing_passes or len(self.order) - (0 if self.high_seat is None else 1)
            if self.passes >= needed:
                self.turn = None
                return
        else:
            self.out.add(seat)
        self._advance(seat)

    def double(self, seat: int) -> None:
        self._turn_of(seat)
        if not self.may_double(seat):
            raise IllegalAction("only an opponent of the high bidder may double, and only once",
                                rule="double")
        self._doubling(seat, 1, "double")

    def redouble(self, seat: int) -> None:
        self._turn_of(seat)
        if not self.may_redouble(seat):
            raise IllegalAction("only the doubled side may redouble, and only a double", rule="redouble")
        self._doubling(seat, 2, "redouble")

    def _doubling(self, seat: int, level: int, call: str) -> None:
        self.calls.append((seat, call))
        self.doubled = level
        if level == 1:
            self.doubler = seat
        self.passes = 0
        self._advance(seat)

    def _turn_of(self, seat: int) -> None:
        if self.turn is None:
            raise IllegalAction("the auction is over", rule="end of the auction")
        if seat != self.turn:
            raise IllegalAction(f"it is seat {self.turn}'s call, not seat {seat}'s", rule="calling order")

    def _advance(self, seat: int) -> None:
        if self.shape is PAIRWISE:
            self._advance_pair(seat)
            return
        order, n = self.order, len(self.order)
        if self.shape is OPEN:
            # No one drops out of an open auction: the next in order calls (the commonest case, so first).
            self.turn = order[(order.index(seat) + 1) % n]
            return
        if self.shape is ONE_ROUND:
            at = len(self.calls)
            self.turn = order[at] if at < n else None
            return
        if self.shape is ELIMINATION:
            left = [s for s in order if s not in self.out]
            if not left or (len(left) == 1 and left[0] == self.high_seat):
                self.turn = None
                return
        at = order.index(seat)
        for step in range(1, n + 1):
            candidate = order[(at + step) % n]
            if candidate not in self.out:
                self.turn = candidate
                return
        self.turn = None

    def _advance_pair(self, seat: int) -> None:
        pair = self._contenders
        if seat in self.out:
            pair.remove(seat)
            if self._next_entrant < len(self.order):
                entrant = self.order[self._next_entrant]
                self._next_entrant += 1
                pair.append(entrant)
                self.turn = entrant          # the newcomer bids to the survivor
            elif pair and self.high_seat is None:
                self.turn = pair[0]          # every challenger passed unbid: the survivor may still open
            else:
                self.turn = None
            return
        if len(pair) == 1:                   # the last survivor opened with no one left to answer
            self.turn = None
            return
        self.turn = pair[0] if pair[1] == seat else pair[1]


class AuctionState(State):
    """A game state whose deal has an auction, kept in ``auction``: the round of calls, written once. After
    each call (``_after_call``) the seat whose call it is calls next, offered its legal calls
    (``_offer_calls``), until the auction is over and the game settles it (``_auction_over``).

    The game checks each call and makes it on the auction (``auction.bid``, ``pass_``, ``double``...)
    before calling ``_after_call``.
    """

    auction: Auction

    def _after_call(self) -> None:
        """A call has been made: the next seat calls, or the auction is over."""
        turn = self.auction.turn
        if turn is None:
            self._auction_over()
        else:
            self.to_move = (turn,)
            self._offer_calls()

    def _offer_calls(self) -> None:
        """Offer the seat whose call it is the numbers of its legal calls (``CallNumbers.offer``), for the
        integer path; by default nothing is offered, and ``legal_ids`` works them out when asked."""

    def _auction_over(self) -> None:
        """Every call is made: the game settles the contract, or what happens when no one bid
        (``auction.all_passed``)."""
        raise NotImplementedError


def calls_shown(calls: Sequence[tuple[int, Any]]) -> list[dict[str, Any]]:
    """An auction's calls as a view shows them (a ``bids`` zone, which front-ends draw as a bidding grid):
    ``{"seat", "call"}`` in the order made, each call as the bidding box says it (``7NT``, ``pass``,
    ``solo``). A new list each time, so that a view never shares the auction's own.

    >>> calls_shown([(1, "1S"), (2, "double")])
    [{'seat': 1, 'call': '1S'}, {'seat': 2, 'call': 'double'}]
    """
    return [{"seat": seat, "call": str(call)} for seat, call in calls]


# --- the integer path's lane for calls ------------------------------------------------------------------
def offer_numbers(state: State, seat: int, numbers: tuple[int, ...]) -> None:
    """Offer ``seat``, the one seat to move, the numbers of its legal actions before it asks for them, as
    ``legal_ids`` would keep its own answer (``State._offer``, with no mask of cards): its next
    ``legal_ids`` is answered at once, and ``apply_id`` of a number among them is known legal. Called by a
    game right after the action that made it ``seat``'s turn (every action forgets the offer before it is
    carried out), with ``numbers`` in the order of ``legal_actions``."""
    state._offer_numbers(seat, numbers)


class CallNumbers:
    """The numbers of an auction's legal calls, kept by what decides them, for the integer path.

    Which calls a seat may make depends on a few facts only (whether it may pass, double or redouble, the
    lowest bid that beats the last), which a game names as a key. The first time a key is met its numbers
    are made the checked way, from the game's own ``_legal`` and ``encode``, so they agree with the notation
    path by construction; after that a call costs one look-up, where listing it as actions and numbering
    them cost more than playing a card (a bridge auction is ten of a deal's sixty actions and was a fifth of
    its time). ``offer`` hands them to the seat whose call it is (``offer_numbers``).

    One ``CallNumbers`` serves every state of a game, so a key names everything its legal list depends on,
    the options and the phase included; ``tests/test_call_numbers.py`` walks each game that uses one.
    """

    __slots__ = ("_known",)

    def __init__(self) -> None:
        self._known: dict[Hashable, tuple[int, ...]] = {}

    def offer(self, state: State, seat: int, key: Hashable) -> None:
        """Offer ``seat`` its legal calls, which ``key`` decides in ``state``'s game and options."""
        numbers = self._known.get(key)
        if numbers is None:
            numbers = self._known[key] = tuple(map(state.encode, state._legal(seat)))
        offer_numbers(state, seat, numbers)
