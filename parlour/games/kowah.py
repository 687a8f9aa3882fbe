"""Kowah: two to four players draw and discard from a 120-card pack, declare *checki*, and wait for the
third copy of a pair.

Follows ``rules/source/kowah.txt`` with the Kowah entry of ``rules/NOTES.md``, whose numbered defaults
(two claimants, the winner's own draw, either pair of the second shape, the void deal, a pointless
discard) are kept as they stand. The game belongs to the draw-and-discard family of Pitty Pat.

Choices where the texts are silent (each a default, recorded here and tested):

1. The first dealer is the last seat, so that seat 0 plays first; the deal then passes to the left.
2. The declaration is an action of its own, ``checki 7S``, taken in one's turn after the draw and before
   the discard (with nine cards in hand): it is legal when some discard leaves an eight-card checki hand in
   which the named face is an identical pair. It shows that pair face up; for the second shape either pair
   may be named (notes 3). Declaring is optional, once per deal, and only a declared player can win.
   A hand dealt whole in checki shape is formed at the deal, and the text has the declaration follow the
   forming of the hand: so it is declared at the deal, before the first turn, seat by seat from the
   dealer's left, showing its pair (for the second shape, the lower of the two in the pack's order), and
   its holder may claim from the first card shown or discarded on, and wins on its own first draw of the
   third copy. This declaration is not a choice offered, for a choice would need a window at every deal
   for every seat (offered to one holder alone, it would tell the table who holds a checki hand).
3. A checki hand stands: after declaring, a player's discard must leave a checki hand in which the shown
   pair is still an identical pair (throwing the card just drawn always does). Otherwise a checki player
   takes turns as before (notes 5). The shown pair stays face up and in the hand.
4. A face a checki player awaits is any whose third copy would complete an identical pair of some checki
   arrangement of the hand: for the second shape, either pair (notes 3), whichever was shown.
5. Once someone has declared, a stock draw is shown whenever a checki player other than the drawer
   exists (a checki drawer is the other checki players' opponent too). A shown draw and every discard
   are offered, in a claim window, to the checki players other than the one who drew or discarded it, in
   turn order from that player's left: the first claimant in that order wins (notes 1). Who declared is
   public, so offering it to all of them, whatever they hold, reveals nothing. A claim is optional and
   each answer is secret until the window closes. (With four copies of a face, two players can never
   both claim one card: each would hold two of its face besides the card on offer.)
6. A checki player whose own draw brings the third copy wins at once, before any claim (notes 2), whether
   the card came from the stock or from the discard pile: the discard pile may be taken to win.
7. The discard pile's top card may be taken by anyone in turn, on any turn but the deal's first (there is
   none yet). The card so taken is not thrown back in the same turn, rummy's custom: the text sets no end
   to a deal whose players keep passing one card round, and so a turn always changes the hand. The copies
   of a face are alike, and the table sees a face, so no card of the face taken may go that turn. A
   player holds other faces, but a checki player's discards must keep its hand (choice 3): it may take
   the pile's top card only to win with it or when a card of another face could then go.
8. The stock is used up (notes 4): when a turn begins with the stock empty, the deal is void, even if the
   discard pile could be taken; the last stock card's discard is still offered for claims. A game whose
   every deal was void has no winner.
9. The book's game is one deal. Option ``deals`` plays several, the deal passing left: a point for each
   deal won (none for a void deal), the most points winning.

Hidden information: the hands and the stock. Public: the discard pile, the shown pairs, every shown
draw and every card taken from the discard pile (known to lie in its taker's hand until a card of its
face is discarded). Sampled worlds deal a checki player's hidden cards as a hand that completes its
declared shape, by a builder of the game's own (``_sample_unknown``): a random deal would almost never.

Variants: the text names none; option ``deals`` (choice 9) lengthens the game.

A prepared deal (``deal=``) is ``{"hands": [[8 cards] per seat], "stock": [cards, top first]}``, copies
named as ``7H#2``; the cards the stock list leaves out follow in the seed's order. ``{"pack": [...]}``
stacks the whole pack, dealt one card at a time from the dealer's left.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Hashable
from dataclasses import dataclass
from functools import cache, lru_cache, partial
from itertools import accumulate, combinations_with_replacement
from math import comb
from typing import Any, ClassVar

from parlour import engine
from parlour.cards import KOWAH_120, Card, bit_indices
from parlour.engine import (
    NO_CLAIM,
    Action,
    ActionSpace,
    CardAction,
    Claim,
    ClaimWindow,
    HandResult,
    Holds,
    IllegalAction,
    NoClaim,
    PhasedState,
    Reason,
    Result,
    TurnDiscard,
    Unknown,
    card_table,
    deal_unknown,
    forget_answers,
    seat_entry,
    shown,
    void_result,
)
from parlour.engine.actions import DRAW_DISCARD, DRAW_STOCK
from parlour.engine.actions import DrawFrom as Draw
from parlour.engine.deals import Apart, DealShape
from parlour.engine.view import kinds
from parlour.mechanics.stock import Stock

RULES = """\
**Kowah** comes from Java: two to four players draw and discard, building a hand round an identical pair
and then waiting for that pair's third copy.

*The pack.* 120 cards: four copies each of ace to nine in spades, diamonds and hearts, and of the jack,
queen and king of clubs. Two cards of the same rank and suit are *identical*.

*The deal.* Eight cards each; the rest is the stock. The player left of the dealer begins.

*A turn.* Draw the stock's top card or the discard pile's top card (the first turn of a deal draws from
the stock), then discard a card face up: not the card just taken from the pile, nor a card of the same
rank and suit.

*Checki.* A hand of eight made of two threes of a rank and an identical pair, or of a three of a rank and
five of one rank made of two identical pairs and one card of the third suit, may be declared:
`checki 7S` after drawing, showing the pair (for the second kind, either pair), then discard as usual.
A hand dealt in this shape is declared at the deal, before the first turn. The hand then stands: your
discards must keep it, and you may take the pile's top card only to win with it or when a card of
another rank or suit could then go and keep the hand.

*After a declaration.* Other players show what they draw from the stock. When a shown draw or a discard
is the third copy of a checki player's pair (either pair of the second kind), that player may claim it
out of turn and wins; between two claimants, the one sitting nearer the drawer's (or discarder's) left.
A checki player who draws such a card wins at once.

*The end.* A turn that begins with the stock empty ends the deal with no winner. The game is one deal;
option `deals` plays more, a point for each deal won.
"""


@dataclass(frozen=True, kw_only=True)
class KowahOptions:
    deals: int = engine.option(1, "deals to play; each deal's winner scores a point and the most points win",
                        minimum=1, maximum=50, label="Deals to play")


PACK = KOWAH_120
FACES = PACK.faces
FACE_OF = PACK.face_of
FACE_MASKS = PACK.face_masks
FACE_COUNT = len(FACES)
HAND_SIZE = 8
SHAPE = '{"hands": [eight cards per seat], "stock": [cards, top first]}'


class Phase(engine.Phase):
    DRAW = "draw"
    DISCARD = "discard"
    CLAIM = "claim"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Checki(CardAction):
    """``checki 7S``: declare, showing the identical pair of that face."""

    verb: ClassVar[str] = "checki"
    family: ClassVar[str] = "declare"


DISCARDS = card_table(PACK, TurnDiscard)
CHECKIS = card_table(PACK, Checki)
CLAIMS = card_table(PACK, Claim)
ACTIONS = ActionSpace(Draw, DISCARDS, CHECKIS, CLAIMS, NO_CLAIM)

# A deal has at most about two turns per stock card (rule 7) and each turn at most a draw, a declaration,
# a discard and two windows of three answers: 2 * 104 turns of 9 steps, with room to spare.
DEAL_ACTIONS = 2_000
INFO = engine.GameInfo(
    id="kowah", name="Kowah", family=("draw and discard", "claims"), min_players=2, max_players=4,
    default_players=4, pack=PACK.name, rules_source=("kowah.txt",), summary=RULES,
    num_distinct_actions=len(ACTIONS), options=engine.option_specs(KowahOptions), max_actions=DEAL_ACTIONS * 50,
    rules_version=2)


# --- the shapes, over counts of faces ------------------------------------------------------------------
RANK_FACES: tuple[tuple[int, ...], ...] = tuple(
    tuple(f for f in range(FACE_COUNT) if FACES[f].rank == rank)
    for rank in dict.fromkeys(face.rank for face in FACES))
RANK_OF_FACE = tuple(next(r for r, faces in enumerate(RANK_FACES) if f in faces) for f in range(FACE_COUNT))
Counts = tuple[int, ...]


def counts_of(mask: int) -> Counts:
    """How many copies of each face a mask of cards holds."""
    counts = [0] * FACE_COUNT
    for card in bit_indices(mask):
        counts[FACE_OF[card]] += 1
    return tuple(counts)


def rank_totals(counts: Counts) -> list[int]:
    """How many cards of each rank (suits aside) the counts by face hold."""
    totals = [0] * len(RANK_FACES)
    for f, n in enumerate(counts):
        if n:
            totals[RANK_OF_FACE[f]] += n
    return totals


def _pairings(pair: int) -> tuple[tuple[int, int], ...]:
    """The other two suits of the pair's rank, each way round: (the second pair, the odd card). None for
    the clubs, whose ranks have one suit and so no second shape."""
    others = [f for f in RANK_FACES[RANK_OF_FACE[pair]] if f != pair]
    return ((others[0], others[1]), (others[1], others[0])) if len(others) == 2 else ()


PAIRINGS = tuple(_pairings(f) for f in range(FACE_COUNT))


def _rest_fits(counts: Counts, totals: list[int], pair: int) -> bool:
    """Whether the six cards of ``counts`` besides two of ``pair`` complete a checki hand round that
    identical pair: two threes of a rank, or a three of a rank and three more of the pair's rank, two
    identical and one of the third suit (with the pair, the five of the second shape)."""
    rank = RANK_OF_FACE[pair]
    rest = totals.copy()
    rest[rank] -= 2
    if all(t % 3 == 0 for t in rest):
        return True
    rest[rank] -= 3
    return any(counts[y] >= 2 and counts[z] >= 1 and rest[rank] >= 0 and sorted(rest)[-2:] == [0, 3]
               for y, z in PAIRINGS[pair])


@lru_cache(maxsize=1 << 15)
def needs(counts: Counts) -> int:
    """The faces (a mask over face numbers) whose third copy an eight-card hand awaits: every face that is
    an identical pair of some checki arrangement of it (both pairs of the second shape, notes 3). Zero
    when the hand is no checki hand, as when a rank has 1, 4 or 7 cards (no shape leaves such a rank)."""
    totals = rank_totals(counts)
    if any(t % 3 == 1 for t in totals):
        return 0
    found = 0
    for f, n in enumerate(counts):
        if n >= 2 and _rest_fits(counts, totals, f):
            found |= 1 << f
    return found


RANK_MASKS = tuple(sum(FACE_MASKS[f] for f in faces) for faces in RANK_FACES)   # over the pack's cards


def hand_needs(hand: int) -> int:
    """``needs`` of eight cards given as a mask; a rank of 1, 4 or 7 cards rules checki out at once."""
    if hand.bit_count() != HAND_SIZE or any((hand & m).bit_count() % 3 == 1 for m in RANK_MASKS):
        return 0
    return needs(counts_of(hand))


def after_discards(hand: int) -> dict[int, int]:
    """For nine cards (a mask), what a discard leaves awaited: by face thrown, the faces whose third copy
    the eight cards left would await, for the discards that leave a checki hand. Only a card of a rank
    whose count the discard brings off 1, 4 or 7 can, so few hands need ``needs`` at all."""
    odd = [r for r, m in enumerate(RANK_MASKS) if (hand & m).bit_count() % 3 == 1]
    if len(odd) > 1:
        return {}
    ranks = odd or [r for r, m in enumerate(RANK_MASKS) if (hand & m).bit_count() % 3 == 0 and hand & m]
    left = {}
    for r in ranks:
        for f in RANK_FACES[r]:
            held = hand & FACE_MASKS[f]
            if held:
                awaited = needs(counts_of(hand & ~(held & -held)))
                if awaited:
                    left[f] = awaited
    return left


def awaits(hand: int, pair: int) -> bool:
    """Whether a checki player's hand still awaits a third ``pair``: of eight cards, the pair is one it
    awaits; of nine (its own turn, after the draw), some discard makes it so."""
    if hand.bit_count() == HAND_SIZE:
        return bool(hand_needs(hand) >> pair & 1)
    return any(awaited >> pair & 1 for awaited in after_discards(hand).values())


def declarable(hand: int, kept: int = -1) -> int:
    """The faces a nine-card hand may show in a declaration: those some discard leaves as a pair to await,
    a discard of face ``kept`` aside (the face just taken from the pile, which may not go: choice 7)."""
    faces = 0
    for thrown, awaited in after_discards(hand).items():
        if thrown != kept:
            faces |= awaited
    return faces


@cache
def rests(pair: int) -> tuple[Counts, ...]:
    """Every six cards (counts by face) that complete a checki hand round two copies of ``pair``, within
    the pack's four copies of a face: what a sampled world deals a checki player besides its shown pair."""
    triples = [tuple(sorted(t)) for faces in RANK_FACES for t in combinations_with_replacement(faces, 3)]
    found: set[Counts] = set()
    for a, b in combinations_with_replacement(triples, 2):
        found.add(_counted((*a, *b)))
    for y, z in PAIRINGS[pair]:
        for t in triples:
            found.add(_counted((y, y, z, *t)))
    limit = [4] * FACE_COUNT
    limit[pair] = 2
    return tuple(sorted(c for c in found if all(n <= m for n, m in zip(c, limit, strict=True))
                        and needs(_with_pair(c, pair)) >> pair & 1))


def _with_pair(rest: Counts, pair: int) -> Counts:
    return tuple(n + 2 * (f == pair) for f, n in enumerate(rest))


def _counted(faces: tuple[int, ...]) -> Counts:
    counts = [0] * FACE_COUNT
    for f in faces:
        counts[f] += 1
    return tuple(counts)


def _face(action: Action) -> Card:
    return action.card  # type: ignore[attr-defined, no-any-return]


class KowahState(PhasedState[Phase]):
    ACTIONS = ACTIONS
    ACTION_KINDS = ACTIONS.kinds
    MUTABLE = ("hands", "pile", "stock", "shown", "face_up", "known", "totals")
    ZONES = kinds(stock="count", discard="cards", offered="card", shown="shown")
    EXTRAS = kinds(dealer="seat", turn="seat", checki="seats", known_held="melds",
                   taken="card", deals_in_game="number")
    # A search's cache of the hands a checki player may hold (``_sample_unknown``), kept with the position
    # and seat it was made for; a class default, so that a clone shares it and a world forgets it.
    _shapes_kept: tuple[tuple[int, int, Counts, int, str], list[Counts], list[int]] | None = None

    # --- deal --------------------------------------------------------------------------------------
    def _setup(self) -> None:
        self.totals = [0] * self.players
        self.hands_in_game = self.options["deals"]
        self.dealer = self.players - 1
        self._deal()

    def _deal_shape(self, number: int) -> DealShape:
        return DealShape(PACK, SHAPE, sizes=(HAND_SIZE,) * self.players, apart=(Apart("stock"),), stacked=True)

    def _deal(self) -> None:
        n = self.players
        prepared = self._prepared_now()
        if prepared is None or prepared.pack is not None:
            deck = self._deck(PACK)
            self.hands = self._deal_around(deck[:HAND_SIZE * n], self.dealer)
            rest = deck[HAND_SIZE * n:]
        else:
            self.hands, rest = list(prepared.masks), self._following(prepared, "stock")
        self.stock = Stock(rest)
        self.pile: list[int] = []             # face up, bottom first
        self.offered = -1                     # the card a claim window is open on (-1: none)
        self.offered_drawn = False            # whether it was drawn from the stock (else discarded)
        self.window: ClaimWindow | None = None
        self.shown = [-1] * n                 # per seat, the face of its shown pair; -1 before checki
        self.face_up = [0] * n                # per seat, the shown pair's two cards
        self.known = [0] * n                  # per seat, cards known to every seat to lie in its hand
        self.taken: int | None = None         # the card drawn from the pile this turn
        self.phase = Phase.DRAW
        self._say("hand {}: seat {} deals", self.hand_number, self.dealer)
        self._begin_turn(self.seating.next(self.dealer))

    # --- a turn ------------------------------------------------------------------------------------------
    def _begin_turn(self, seat: int) -> None:
        if not len(self.stock):
            self._finish_hand(HandResult.void_deal(self.hand_number, self.players, "the stock is used up"))
            self._next_deal()
            return
        if not self._moves:          # the deal's first turn: a hand dealt whole in checki shape is declared
            self._declare_dealt(seat)
        self.turn = seat
        self.phase = Phase.DRAW
        self.to_move = (seat,)

    def _declare_dealt(self, first: int) -> None:
        """Choice 2: a hand dealt in checki shape is formed at the deal, so its holder declares then, before
        the first turn, seat by seat from ``first`` (the dealer's left), showing its lowest awaited pair."""
        for seat in self.seating.order_from(first):
            awaited = hand_needs(self.hands[seat])
            if awaited:
                self._declare(seat, (awaited & -awaited).bit_length() - 1)

    def _checki_seats(self, besides: int) -> list[int]:
        """The checki players other than ``besides``, in turn order from its left: a window's priority."""
        return [s for s in self.seating.order_from(self.seating.next(besides)) if self.shown[s] >= 0 and s != besides]

    def _legal(self, seat: int) -> list[Action]:
        if self.phase is Phase.CLAIM:
            offered = FACE_OF[self.offered]
            return [NO_CLAIM, CLAIMS[offered]] if hand_needs(self.hands[seat]) >> offered & 1 else [NO_CLAIM]
        if self.phase is Phase.DRAW:
            return [DRAW_STOCK, DRAW_DISCARD] if self.pile and self._pile_draw_refusal(seat) is None else [DRAW_STOCK]
        hand = self.hands[seat]
        declare = [] if self.shown[seat] >= 0 else [CHECKIS[f] for f in bit_indices(declarable(hand, self._kept()))]
        return [*DISCARDS.of(self._discardable(seat)), *declare]


    def _discardable(self, seat: int) -> int:
        """The cards ``seat`` may discard (a mask): none of the face taken from the pile this turn (choice
        7), and for a checki player those that keep its hand. Never empty: a player holds other faces than
        the one taken, and a checki player may not take a card it could only throw back."""
        keeping = self._keeping(seat)
        return keeping if self.taken is None else keeping & ~FACE_MASKS[FACE_OF[self.taken]]

    def _kept(self) -> int:
        """The face taken from the pile this turn, which may not be discarded (choice 7); -1 when none."""
        return -1 if self.taken is None else FACE_OF[self.taken]

    def _pile_draw_refusal(self, seat: int) -> IllegalAction | None:
        """Choice 7: a checki player may take the pile's top card only to win with it, or when a card of
        another face could then go and keep its hand (else the card could only be thrown back)."""
        pair, top = self.shown[seat], self.pile[-1]
        hand = self.hands[seat]
        if pair < 0 or hand_needs(hand) >> FACE_OF[top] & 1:
            return None
        if self._keeping(seat, hand | 1 << top) & ~FACE_MASKS[FACE_OF[top]]:
            return None
        return IllegalAction(f"{FACES[FACE_OF[top]]} taken from the discard pile could only be thrown back, which "
                             "is not allowed: draw from the stock", rule="not thrown back")

    def _keeping(self, seat: int, hand: int | None = None) -> int:
        """The cards whose discard leaves ``seat``'s hand (or nine cards ``hand``) as the checki rules need
        it: any before checki."""
        hand = self.hands[seat] if hand is None else hand
        pair = self.shown[seat]
        if pair < 0:
            return hand
        keep = 0
        for f, awaited in after_discards(hand).items():
            if awaited >> pair & 1:
                keep |= FACE_MASKS[f] & hand
        return keep

    def _copy(self, seat: int, face: int) -> int:
        """The copy a discard of ``face`` takes: the lowest held that is not face up (the shown pair stays)."""
        held = FACE_MASKS[face] & self.hands[seat] & ~self.face_up[seat] or FACE_MASKS[face] & self.hands[seat]
        return (held & -held).bit_length() - 1

    def _check(self, seat: int, action: Action) -> None:
        kind = type(action)
        if isinstance(action, CardAction) and action.card.copy:
            raise IllegalAction(f"the copies of {action.card.face} are alike: {action.verb} {action.card.face}",
                                rule="by face")
        if self.phase is Phase.CLAIM:
            self._check_answer(seat, action)
            return
        drawing = self.phase is Phase.DRAW
        if (kind is Draw) != drawing or kind not in (Draw, TurnDiscard, Checki):
            expected = "draw from the stock or the discard pile" if drawing else "discard a card (or declare checki)"
            raise IllegalAction(f"{action} is not allowed now: {expected}", rule="draw then discard")
        if kind is Draw:
            self._check_draw(seat, action)
        elif kind is Checki:
            self._check_checki(seat, action)
        else:
            self._check_discard(seat, action)

    def _check_answer(self, seat: int, action: Action) -> None:
        if type(action) is NoClaim:
            return
        if type(action) is not Claim:
            raise IllegalAction(f"{action} is not allowed now: claim the card on offer or decline",
                                rule="claims")
        offered = FACES[FACE_OF[self.offered]]
        if _face(action) != offered:
            raise IllegalAction(f"the card on offer is {offered}, not {_face(action)}", rule="claim the card on offer")
        if not hand_needs(self.hands[seat]) >> FACE_OF[self.offered] & 1:
            raise IllegalAction(f"{offered} is not the third copy of a pair your checki hand awaits",
                                rule="claim a third copy")

    def _check_draw(self, seat: int, action: Action) -> None:
        if action == DRAW_STOCK:
            return
        if self.pile:
            refusal = self._pile_draw_refusal(seat)
            if refusal is not None:
                raise refusal
            return
        first = len(self.stock) == len(PACK) - HAND_SIZE * self.players
        raise IllegalAction("there is no discard to take: draw from the stock",
                            rule="first draw from the stock" if first else "empty pile")

    def _check_checki(self, seat: int, action: Action) -> None:
        if self.shown[seat] >= 0:
            raise IllegalAction("you have declared checki already", rule="one checki")
        face = PACK.face_number.get(_face(action), -1)
        if face < 0 or not declarable(self.hands[seat], self._kept()) >> face & 1:
            raise IllegalAction(f"no discard you may make leaves a checki hand with {_face(action)} as its "
                                "identical pair", rule="checki shape")

    def _check_discard(self, seat: int, action: Action) -> None:
        face = PACK.face_number.get(_face(action), -1)
        if face < 0 or not FACE_MASKS[face] & self.hands[seat]:
            raise IllegalAction(f"you do not hold {_face(action)}", rule="discard from your hand")
        if self.taken is not None and FACE_OF[self.taken] == face:
            raise IllegalAction(f"{_face(action)} was taken from the discard pile this turn: discard another card",
                                rule="not thrown back")
        if not FACE_MASKS[face] & self._discardable(seat):
            raise IllegalAction(f"discarding {_face(action)} breaks your checki hand (pair "
                                f"{FACES[self.shown[seat]]} shown)", rule="checki stands")

    def _do(self, seat: int, action: Action) -> None:
        kind = type(action)
        if kind is Draw:
            self._draw(seat, action == DRAW_STOCK)
        elif kind is Checki:
            self._declare(seat, PACK.face_number[_face(action)])
        elif kind is TurnDiscard:
            self._discard(seat, self._copy(seat, PACK.face_number[_face(action)]))
        else:
            self._answer(seat, action)

    def _draw(self, seat: int, from_stock: bool) -> None:
        card = self.stock.draw()[0] if from_stock else self.pile.pop()
        self.taken = None if from_stock else card
        if self.shown[seat] >= 0 and hand_needs(self.hands[seat]) >> FACE_OF[card] & 1:
            self._win(seat, card, "draws it from the stock" if from_stock else "takes it from the discard pile")
            return
        watchers = self._checki_seats(seat)
        if from_stock and watchers:
            self._say("seat {} shows the card drawn: {}", seat, FACES[FACE_OF[card]])
            self._open_window(card, watchers, drawn=True)
            return
        self._take(seat, card, known=not from_stock)

    def _take(self, seat: int, card: int, known: bool) -> None:
        self.hands[seat] |= 1 << card
        if known:
            self.known[seat] |= 1 << card
        self.phase = Phase.DISCARD
        self.to_move = (seat,)

    def _declare(self, seat: int, face: int) -> None:
        held = FACE_MASKS[face] & self.hands[seat]
        low = held & -held
        second = held & ~low
        self.face_up[seat] = low | (second & -second)
        self.shown[seat] = face
        self._say("seat {} declares checki, showing {} {}", seat, FACES[face], FACES[face])

    def _discard(self, seat: int, card: int) -> None:
        self.hands[seat] &= ~(1 << card)
        self.known[seat] &= ~PACK.face_span(1 << card)
        watchers = self._checki_seats(seat)
        if watchers:
            self._open_window(card, watchers, drawn=False)
            return
        self.pile.append(card)
        self._begin_turn(self.seating.next(seat))

    # --- claims out of turn (notes 1) -----------------------------------------------------------------
    def _open_window(self, card: int, seats: list[int], drawn: bool) -> None:
        self.offered = card
        self.offered_drawn = drawn
        self.window = ClaimWindow.offer(seats)
        self.phase = Phase.CLAIM
        self.to_move = self.window.waiting

    def _answer(self, seat: int, action: Action) -> None:
        assert self.window is not None
        self.window = self.window.answered(seat, self._moves_made() - 1, action)
        if not self.window.closed:
            self.to_move = self.window.waiting
            return
        won, card, drawn = self.window.winner(), self.offered, self.offered_drawn
        self.window, self.offered = None, -1
        if won is not None:
            self._win(won[0], card, f"claims it from seat {self.turn}'s {'draw' if drawn else 'discard'}")
            return
        self._say("no one claims {}", FACES[FACE_OF[card]])
        if drawn:
            self._take(self.turn, card, known=True)
        else:
            self.pile.append(card)
            self._begin_turn(self.seating.next(self.turn))

    # --- the end of a deal ---------------------------------------------------------------------------
    def _win(self, seat: int, card: int, how: str) -> None:
        self.hands[seat] |= 1 << card
        face = FACES[FACE_OF[card]]
        self.totals[seat] += 1
        changes = tuple(int(s == seat) for s in range(self.players))
        self._finish_hand(HandResult(self.hand_number, changes, (Reason(seat, 1, f"a third {face}: wins"),),
                                     f"seat {seat} {how}: a third {face}, and wins", winners=(seat,)))
        self._next_deal()

    def scores(self) -> list[int]:
        return list(self.totals)

    def _result(self) -> Result:
        if not any(self.totals):   # every deal void: the book names no winner, nor a tie of everyone
            return void_result(self.scores(), "no deal was won: the stock ran out")
        return super()._result()

    # --- what each seat sees ------------------------------------------------------------------------
    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        n = self.players
        seats = [seat_entry(s, held=self.hands[s].bit_count(), face_up=[str(c) for c in PACK.shown(self.face_up[s])],
                            status=", ".join(t for t in ("dealer" if s == self.dealer else "",
                                                          "checki" if self.shown[s] >= 0 else "") if t))
                 for s in range(n)]
        table = {"stock": len(self.stock), "discard": [str(FACES[FACE_OF[c]]) for c in self.pile],
                 "offered": None if self.offered < 0 else str(FACES[FACE_OF[self.offered]])}
        # The winner lays down the completed checki hand, the third copy in it.
        table |= shown.at_deal_end(self, lambda: [shown.hand(s, PACK.shown(self.hands[s]), "kowah")
                                                  for s in self._winners()])
        extra = {
            "dealer": self.dealer, "turn": None if self.is_over else self.turn, "deals_in_game": self.hands_in_game,
            "checki": [s for s in range(n) if self.shown[s] >= 0],
            "known_held": [[str(c) for c in PACK.shown(self.known[s])] for s in range(n)],
            "taken": None if self.taken is None else str(FACES[FACE_OF[self.taken]]),
        }
        hand = [] if seat is None else [str(c) for c in PACK.shown(self.hands[seat])]
        return {"phase": self.phase, "hand": hand, "seats": seats, "table": table, "extra": extra}

    # --- sampled worlds --------------------------------------------------------------------------------
    def _winners(self) -> tuple[int, ...]:
        """The seat that won the deal on view, once it is over (none for a void deal, or in play)."""
        return (self.hand_results[-1].winners or ()) if shown.deal_over(self) and self.hand_results else ()

    def _unknown(self, seat: int) -> Unknown:
        unknown = Unknown(pool=0, faces=FACE_OF)
        laid_down = self._winners()
        for s in range(self.players):
            if s != seat and s not in laid_down:
                pair = self.shown[s]
                facts = () if pair < 0 else (Holds(partial(awaits, pair=pair)),)
                unknown.hide(("hand", s), self.hands[s], known=self.known[s] | self.face_up[s], facts=facts,
                             ordered=False)
        self.stock.hide(unknown, seat)
        return unknown

    def _sample_unknown(self, seat: int, rng: random.Random) -> dict[Hashable, list[int]]:
        """Each checki player's hidden cards first, as six cards completing its shape round the shown pair
        (one of ``rests``, chosen with the weight of the ways the unseen copies can make it, so that every
        consistent hand may come and, for one checki player, each equally often); then the rest at random."""
        unknown = self._unknown_now(seat)
        shaped = [z for z in unknown.zones if z.facts]
        if not shaped:
            return deal_unknown(unknown, rng)
        for _ in range(100):
            deal = self._shaped_deal(seat, unknown, rng)
            if deal is not None:
                return deal
        raise ValueError("no deal of the unseen cards completes the declared checki hands")

    def _shaped_deal(self, seat: int, unknown: Unknown, rng: random.Random) -> dict[Hashable, list[int]] | None:
        by_face: list[list[int]] = [[] for _ in range(FACE_COUNT)]
        for card in bit_indices(unknown.pool):
            by_face[FACE_OF[card]].append(card)
        deal: dict[Hashable, list[int]] = {}
        rest = []
        for zone in unknown.zones:
            if not zone.facts:
                rest.append(zone)
                continue
            owner: int = zone.key[1]  # type: ignore[index]
            chosen = self._pick_rest(seat, owner, zone.known, zone.size, by_face, rng)
            if chosen is None:
                return None
            deal[zone.key] = [*chosen, *bit_indices(zone.known)]
        left = sum(1 << c for cards in by_face for c in cards)
        deal.update(deal_unknown(Unknown(left, rest, faces=FACE_OF), rng))
        return deal

    def _pick_rest(self, seat: int, owner: int, known: int, size: int, by_face: list[list[int]],
                   rng: random.Random) -> list[int] | None:
        """The ``size`` hidden cards of checki player ``owner``, taken out of ``by_face`` (the unseen cards by
        face): a rest of its shape weighted by the ways to make it, its copies chosen at random. In its own
        turn after the draw it holds a ninth card besides, a hidden one or one of those known to be there."""
        held = counts_of(known & ~self.face_up[owner])
        avail = [len(cards) for cards in by_face]
        spare = size + known.bit_count() - HAND_SIZE
        options = [(held, *self._rests_for(seat, owner, held, avail))]
        if spare:
            for f in bit_indices(sum(1 << f for f in range(FACE_COUNT) if held[f])):
                fewer = tuple(n - (g == f) for g, n in enumerate(held))
                options.append((fewer, *self._rests_for(seat, owner, fewer, avail)))
        totals = [weights[-1] * (sum(avail) if k == 0 and spare else 1) if weights else 0
                  for k, (_, _, weights) in enumerate(options)]
        if not any(totals):
            return None
        within, fits, weights = options[bisect_right(list(accumulate(totals)), rng.random() * sum(totals))]
        pick = fits[bisect_right(weights, rng.random() * weights[-1])]
        chosen = []
        for f in range(FACE_COUNT):
            for _ in range(pick[f] - within[f]):
                chosen.append(by_face[f].pop(rng.randrange(len(by_face[f]))))
        if len(chosen) < size:   # the ninth card, hidden: any unseen card left
            cards = [c for face in by_face for c in face]
            spare_card = cards[rng.randrange(len(cards))]
            by_face[FACE_OF[spare_card]].remove(spare_card)
            chosen.append(spare_card)
        return chosen

    def _rests_for(self, seat: int, owner: int, held: Counts, avail: list[int]) -> tuple[list[Counts], list[int]]:
        """The rests of ``owner``'s shape holding ``held``, that the unseen cards (``avail``, by face) can
        complete, with cumulative weights: kept for the position while every unseen card is there still
        (the first checki player of each world sampled from it)."""
        key = (seat, owner, held, self._moves_from + len(self._moves), self._chance_key)
        kept = self._shapes_kept
        full = sum(avail) == self._unknown_now(seat).pool.bit_count()
        if full and kept is not None and kept[0] == key:
            return kept[1], kept[2]
        options, weights = [], []
        for rest in rests(self.shown[owner]):
            weight = 1
            for f in range(FACE_COUNT):
                extra = rest[f] - held[f]
                if extra < 0 or extra > avail[f]:
                    break
                if extra:
                    weight *= comb(avail[f], extra)
            else:
                options.append(rest)
                weights.append(weight)
        cumulative = list(accumulate(weights))
        if full:
            self._shapes_kept = (key, options, cumulative)
        return options, cumulative

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        for key, cards in deal.items():
            if isinstance(key, tuple) and key[0] == "hand":
                seat: int = key[1]
                self.hands[seat] = sum(1 << c for c in cards) | self.known[seat] | self.face_up[seat]
        self.stock.place(deal)
        self.window = forget_answers(self, self.window)
        self._shapes_kept = None


engine.register(INFO, KowahState)
