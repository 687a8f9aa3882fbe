"""Samba: Canasta with a triple pack, sequences in one suit (escaleras), melds of seven at most, to 10,000.

Follows ``rules/source/samba.txt``, checked against the "Samba" and "Canasta (classic)" entries of
``rules/NOTES.md``. Where the text and the classic game differ, the text is the default and the classic
game is the variant ``classic``. The state is Canasta's (``parlour/games/canasta.py``) with other rules
as data (:data:`SAMBA`) and the methods below where the book differs: sequences, several sets of one
rank and merging them, taking the pile onto a meld, and how complete melds are named.

Canasta's choices 1-3, 9 and 11-13 hold as they are, with fifteen cards each and the numbers below.

Choices where the texts are silent (each a default, recorded here and tested):

1. A meld is a set (three to seven of a rank, at least two naturals, at most two wilds) or a sequence
   (three to seven naturals of one suit in order, from the 4 up to the ace, no wild). A set of seven is
   a canasta, natural or mixed; a sequence of seven a samba. Nothing is added to a meld of seven.
2. The side's melds are numbered in the order laid (the table shows them so): ``add 7H 3`` puts a card on
   meld 3. A new set never joins a set of its rank already down; several stand apart.
3. Merging: ``merge 2 5`` puts the side's set 5 onto its set 2 of the same rank when the two together
   keep the limits (seven cards, two wilds); later melds then move up a number. Sequences never merge.
4. Taking the pile has two forms. ``take`` is Canasta's (a new set from the top card and a natural pair
   from the hand, staged and committed, then the rest of the pile to the hand; a wild from the hand may
   join the set). ``onto 3`` takes it by putting the top card alone on the side's meld 3 (a set of its
   rank or a sequence it extends), at once; the pile must not be frozen. The pile never starts a
   sequence.
5. The pile is frozen for a side that has not melded (as in Canasta; such a side has no meld to put the
   top card on anyway) and for everyone once a wild or red 3 lies in it.
6. ``take`` is offered when the hand holds the natural pair and, before the side's first meld, when an
   estimate of what the hand could meld (its sets, sequences of the other cards, and wilds) reaches the
   minimum; if the melds fall short, a withdrawal puts the pile back and the turn goes on with a draw.
7. The first meld's minimum is reached, not exceeded, as in Canasta: by the side's total at the start of
   the deal, below 0: 15, to 1,495: 50, from 1,500: 90, from 3,000: 120, from 7,000: 160.
8. Going out needs two complete melds (canastas or sambas) and scores 200; there is no concealed bonus.
   Red 3s count 100 each and 1,000 for all six, minus for a side with fewer than two complete melds.
9. The penalty for taking the pile unable to use it cannot arise: the pile is offered only with a use.
10. Black 3s (six in the pack) are melded only by a player going out, three or more, with no wild.
11. The game ends at the end of a deal when a side has 10,000 (``target``), the higher total winning, as
    the book has it. That is the default; as in Canasta (its choice 12), a game that has played a safety
    bound of deals without a side reaching the target stops there, the higher total winning, and its
    result says so: ``SAFETY_DEALS`` (40) at the book's target, in proportion above it, at most 100.
    Measured: of 60 games between heuristic players to 10,000 (the longest run the time allowed), the
    longest took 13 deals, 8.7 on average; the bound is about three times that. Option ``deals`` chooses
    a shorter game of at most that many deals (0, the default: the book's end).
12. Steps of a meld (``lay``): a new meld starts with a natural the hand holds a second of, or two more of
    its suit making three in a row with it; a sequence is laid on from its ends, one card at a time.

Variant ``classic`` (the NOTES' classic Samba): a player draws two cards from the stock and keeps both,
and a samba scores 1,500. The classic canastas that grow past seven are not played: melds stop at seven.

A prepared deal is a stacked pack, ``deal={"pack": [162 cards, top first]}``: the first 60 are dealt
round from the dealer's left, the next are turned up and then form the stock.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, ClassVar

from parlour import engine
from parlour.cards import TRIPLE_162, Card, Rank, Suit, bit_indices
from parlour.engine import (
    COMMIT,
    Action,
    ActionSpace,
    Cards,
    FieldAction,
    IllegalAction,
    Stage,
    TurnDiscard,
    card_table,
)
from parlour.engine.actions import Numbers
from parlour.engine.staging import Lay
from parlour.games.canasta import (
    ASK,
    DEALS_CAP,
    DRAW,
    END,
    MELD_RANKS,
    NO,
    PILE,
    RED_THREE_FACES,
    TAKE,
    YES,
    CanastaRules,
    CanastaState,
    _place,
)
from parlour.mechanics.melds import MeldRules, run_layouts, set_rank

RULES = """\
**Samba** is Canasta's big cousin: four players in two partnerships, three packs and six jokers (162
cards), fifteen cards each, to 10,000.

*Melds.* Sets of three to seven of a rank (two naturals at least, two wilds at most; a side may hold
several sets of one rank and merge two of them), and sequences (escaleras) of three to seven cards of one
suit in order from the 4 up to the ace, with no wild. Seven cards complete a meld: a set of seven is a
canasta, a sequence of seven a samba, and nothing more goes on it.

*A turn.* Draw a card, or take the whole pile: with a natural pair of its top card's rank for a new
set, or by putting the top card alone on one of your side's melds when the pile is not frozen (never to
start a sequence). Meld, add, merge, and discard. The pile freezes once a wild or red 3 is in it, and is
never taken under a wild or a black 3.

*First meld* by the side's score: 15 below 0, then 50, 90 from 1,500, 120 from 3,000, 160 from 7,000.

*Going out* needs two canastas or sambas and scores 200. *Scoring*: the cards melded (as in Canasta),
canastas 500 natural and 300 mixed, sambas 500, red 3s 100 each (1,000 for all six; minus for a side
without two canastas or sambas), less the cards left in hand.

*The end.* Deals go on until a side has 10,000 or more at the end of a deal; the higher total then wins.
(Option `deals` plays a shorter game of at most that many deals.)

Variant `classic`: draw two cards from the stock, and a samba scores 1,500.
"""

CLASSIC = "classic"


@dataclass(frozen=True, kw_only=True)
class SambaOptions:
    target: int = engine.option(10_000, "the total that ends the game at the end of a deal", minimum=100,
                         maximum=100_000, label="Points to win")
    deals: int = engine.option(0, "a shorter game: at most this many deals (still ending when a side reaches the "
                           "target); 0, the default, plays to the target as the book does, with a safety bound "
                           "of 40 deals (more for a target above 10,000) that a result names if ever met",
                        minimum=0, maximum=DEALS_CAP, label="Most deals (0: play to the target)")


PACK = TRIPLE_162
SLOTS = 4                 # new melds staged at once
MELD_NUMBERS = 52         # a side's melds, numbered (156 meldable cards, three a meld at least)
SEVEN = 7
MELDS = MeldRules(wilds=frozenset({Rank.JOKER, Rank.TWO}), set_size=3, run_size=3, wilds_in_runs=False,
                  most_wilds=2, fewest_naturals=2, most_cards=SEVEN, unmeldable=RED_THREE_FACES, lowest_run=4)
SAMBA = CanastaRules(
    pack=PACK, hand_size=15, melds=MELDS, pile=PILE, canasta=SEVEN,
    tiers=((-1_000_000, 15), (0, 50), (1_500, 90), (3_000, 120), (7_000, 160)),
    bonuses=(("natural canasta", 500), ("mixed canasta", 300), ("samba", 500)),
    one_meld_a_rank=False, pile_needs_pair=True, all_red_threes=1_000, threes_need=2, to_go_out=2,
    going_out=200, concealed=None,
    limits="a set has two naturals and two wilds at most, a sequence runs in one suit from the 4 to the ace "
           "with no wild, and no meld passes seven cards",
    no_out="the side has not two canastas or sambas", threes_short="without two canastas or sambas")
# The copies of each card a sequence may hold, by suit and place (4 to 14, the ace high).
PLACES = {(suit, place): sum(1 << i for i, c in enumerate(PACK.cards) if c.suit == suit and c.rank in MELD_RANKS
                             and _place(c) == place) for suit in Suit for place in range(2, 17)}
SAMBA_CLASSIC = replace(SAMBA, draw=2, bonuses=(("natural canasta", 500), ("mixed canasta", 300), ("samba", 1_500)))
# The faces a sequence may hold, as a mask over face numbers. The pack numbers each suit's faces from the 2 up
# to the ace, so a face's neighbours in a sequence are the numbers beside it, and the 2 and 3 of the next suit
# (never in a sequence) keep one suit's ace from the next suit's 4: shifts find the neighbours.
RUN_FACES = sum(1 << f for f, face in enumerate(PACK.faces) if face.rank in MELD_RANKS)


# --- melds by their cards' indices -------------------------------------------------------------------------
# A search's playouts ask the same questions of the same melds, and of them with one card more, again and
# again: the answers are kept, a bounded number. They read only the pack and MELDS, alike in every variant.
KEPT = 1 << 14


@lru_cache(maxsize=KEPT)
def _is_sequence(meld: tuple[int, ...]) -> bool:
    """Whether a meld is (or is being built as) a sequence: naturals of more than one rank."""
    return len({PACK.cards[i].rank for i in meld if not (1 << i) & SAMBA.wild}) > 1


@lru_cache(maxsize=KEPT)
def _makes_meld(cards: tuple[int, ...]) -> bool:
    """Whether the cards make a set or a sequence within the limits (choice 1)."""
    faces = [PACK.cards[i] for i in cards]
    return set_rank(faces, MELDS) is not None or bool(run_layouts(faces, MELDS))


@lru_cache(maxsize=KEPT)
def _fitting(meld: tuple[int, ...]) -> int | None:
    """The cards ``_fits`` lets go to a started meld (see ``SambaState._slot_fits``), or None for a meld
    without naturals, which the hand starts."""
    rules = SAMBA
    naturals = [rules.cards[i] for i in meld if not (1 << i) & rules.wild]
    if not naturals:
        return None
    if len(meld) >= SEVEN:
        return 0
    fits = 0
    if len({c.rank for c in naturals}) == 1:
        if len(meld) - len(naturals) < min(MELDS.most_wilds or SEVEN, len(naturals)):
            fits |= rules.wild
        fits |= rules.naturals[naturals[0].rank]
    suit = naturals[0].suit
    if len(naturals) == len(meld) and suit is not None and all(c.suit == suit for c in naturals):
        places = [_place(c) for c in naturals]
        fits |= sum(PLACES.get((suit, p), 0) for p in (min(places) - 1, max(places) + 1) if p >= MELDS.lowest_run)
    return fits & ~rules.red_threes


@dataclass(frozen=True, slots=True)
class SambaLay(Lay):
    """Put a card into one of this turn's new melds (laid down for good when you commit).

    ``lay 7H 2``: the seven of hearts to this turn's second new meld.
    """

    FIELDS = (Cards(PACK), Numbers(1, SLOTS, "meld"))


@dataclass(frozen=True, slots=True)
class SambaAdd(FieldAction):
    """Add a card from your hand to one of your side's melds.

    ``add 7H 3``: a card from hand to the side's meld 3 (choice 2).
    """

    verb: ClassVar[str] = "add"
    FIELDS = (Cards(PACK), Numbers(1, MELD_NUMBERS, "meld"))
    card: Card
    meld: int


@dataclass(frozen=True, slots=True)
class Onto(FieldAction):
    """Take the discard pile by putting its top card on one of your side's melds.

    ``onto 3``: take the pile by putting its top card on the side's meld 3 (choice 4).
    """

    verb: ClassVar[str] = "onto"
    FIELDS = (Numbers(1, MELD_NUMBERS, "meld"),)
    meld: int


@dataclass(frozen=True, slots=True)
class Merge(FieldAction):
    """Put one of your side's sets onto another of the same rank.

    ``merge 2 5``: the side's set 5 onto its set 2 of the same rank (choice 3).
    """

    verb: ClassVar[str] = "merge"
    FIELDS = (Numbers(1, MELD_NUMBERS, "meld"), Numbers(1, MELD_NUMBERS, "meld"))
    into: int
    meld: int


DISCARDS = card_table(PACK, TurnDiscard)
ACTIONS = ActionSpace(DRAW, TAKE, Onto, DISCARDS, SambaLay, SambaAdd, Merge, COMMIT, engine.WITHDRAW, ASK, YES,
                      NO, END)

# Measured: a deal by random players runs to at most ~670 actions (40 seeds; ~460 drawing two), by
# heuristics ~350-500; a game to 10,000 by heuristics five or six deals. Up to 100 deals (the option's
# bound) at ~1,000 each.
INFO = engine.GameInfo(
    id="samba", name="Samba", family=("rummy", "melding"), min_players=4, max_players=4,
    pack=PACK.name, rules_source=("samba.txt",), summary=RULES, num_distinct_actions=len(ACTIONS),
    variants=(CLASSIC,), options=engine.option_specs(SambaOptions), partnerships=True, max_actions=100_000,
    rules_version=2)


class SambaState(CanastaState):
    RULES = SAMBA
    SAFETY_DEALS = 40     # about three times the longest of the heuristic players' games measured (choice 11)
    VARIANT_RULES: ClassVar[dict[str, CanastaRules]] = {CLASSIC: SAMBA_CLASSIC}
    PACK = PACK
    LAY = SambaLay
    ADD = SambaAdd
    DISCARDS = DISCARDS
    ACTIONS = ACTIONS
    ACTION_KINDS = ACTIONS.kinds

    # --- what makes a meld (choice 1) ----------------------------------------------------------------
    def _sequence(self, meld: tuple[int, ...]) -> bool:
        return _is_sequence(meld)

    def _is_meld(self, cards: tuple[int, ...]) -> bool:
        return _makes_meld(cards)

    def _kind(self, meld: tuple[int, ...]) -> str:
        return "samba" if self._sequence(meld) else super()._kind(meld)

    def _called(self, meld: tuple[int, ...]) -> str:
        if not self._sequence(meld):
            return super()._called(meld)
        faces = self._in_order(meld)
        return f"samba {faces[0]} to {faces[-1]}"

    def _in_order(self, meld: tuple[int, ...]) -> list[str]:
        """A meld's faces as the table shows them: a sequence from its low card up."""
        cards = [self.rules.cards[i] for i in meld]
        if len({c.rank for c in cards}) > 1:
            cards.sort(key=_place)
        return [str(c.face) for c in cards]

    def _meld_view(self, side: int) -> list[list[str]]:
        return [self._in_order(meld) for meld in self.melds[side]]

    def _label(self, action: Action, yours: dict[str, str]) -> str | None:
        if isinstance(action, Onto):
            return f"take the pile onto your {yours.get(str(action.meld), 'meld')}"
        if isinstance(action, Merge):
            return f"put your {yours.get(str(action.meld))} onto your {yours.get(str(action.into))}"
        return None

    def _meld_ref(self, number: int, meld: tuple[int, ...]) -> str:
        return str(number)            # several sets of one rank may stand apart: ``add`` names them by number

    def _slot_fits(self, stage: Stage, slot: int) -> int | None:
        """What ``_fits`` lets go to a meld, at once: to a started one under seven cards, the naturals of a
        set's rank and wilds within the limit, or a sequence's next card at either end; to the next, the
        naturals that start a meld (choice 12)."""
        fits = _fitting(stage.meld(slot))
        if fits is None:
            return self._starting(self.hands[stage.seat]) & ~self.rules.wild & ~self.rules.red_threes
        return fits

    def _fits(self, stage: Stage, index: int, slot: int) -> IllegalAction | None:
        """A step's own rules (choices 1 and 12): melds started in order, each by a natural the hand can
        pair or continue in its suit; a wild only on a set, after its naturals; a sequence of one suit from
        the 4 up, laid on at its ends; seven cards at most."""
        if slot > 1 and not stage.meld(slot - 1):
            return IllegalAction(f"meld {slot - 1} is started first", rule="staged turn")
        rules, card = self.rules, self.rules.cards[index]
        if (1 << index) & rules.red_threes:
            return IllegalAction("red 3s are not melded", rule="red threes")
        meld = stage.meld(slot)
        if len(meld) >= SEVEN:
            return IllegalAction("a meld holds seven cards at most", rule="seven at most")
        naturals = [rules.cards[i] for i in meld if not (1 << i) & rules.wild]
        if (1 << index) & rules.wild:
            if self._sequence(meld) or len(meld) - len(naturals) >= min(MELDS.most_wilds or SEVEN, len(naturals)):
                return IllegalAction("a wild goes only on a set, after its naturals, two at most", rule="meld limits")
            return None
        if not naturals:
            return self._start_refusal(stage.seat, index)
        if all(c.rank == card.rank for c in naturals):
            return None
        places = [_place(c) for c in naturals]
        if (len(naturals) < len(meld) or any(c.suit != card.suit for c in naturals) or card.rank not in MELD_RANKS
                or _place(card) not in (min(places) - 1, max(places) + 1) or _place(card) < MELDS.lowest_run):
            return IllegalAction("a sequence is of one suit, from the 4 up to the ace, no wild, laid on from its ends",
                                 rule="sequences")
        return None

    def _starting(self, hand: int) -> int:
        """The cards of ``hand`` that may start a meld (choice 12): a natural the hand holds a second of its
        rank of (two more of a 3), or one that two more of its suit make three in a row with, from the 4 up."""
        pairs = 0
        for _, cards, least in self.rules.starts:
            held = hand & cards
            if held.bit_count() >= least:
                pairs |= held
        runs = self.PACK.face_bits(hand) & RUN_FACES
        ends = runs & (runs << 2 & runs << 1 | runs << 1 & runs >> 1 | runs >> 1 & runs >> 2)
        return pairs | hand & self.PACK.face_cards(ends)

    def _start_refusal(self, seat: int, index: int) -> IllegalAction | None:
        """A new meld starts with a natural the hand holds a second of, or two cards of its suit that make
        three in a row with it (choice 12)."""
        card = self.rules.cards[index]
        if self._starting(self.hands[seat]) >> index & 1:
            return None
        return IllegalAction(f"a meld starting with {card.face} needs a second card of its rank or two of its suit "
                             "in a row with it", rule="meld limits")

    # --- adding, merging and taking onto numbered melds (choices 2-4) --------------------------------
    def _target(self, side: int, action: Any) -> int:
        return action.meld - 1 if action.meld <= len(self.melds[side]) else -1

    def _adds(self, seat: int) -> list[Any]:
        """Each face of the hand to each of the side's melds under seven it may go on by its kind: a wild or
        the rank to a set, a natural of the suit to a sequence (the limits are ``_add_refusal``'s)."""
        cards = self.rules.cards
        melds = [(k - 1, self._sequence(meld), self._rank_of(meld), cards[meld[0]].suit)
                 for k, meld in enumerate(self.melds[self._side(seat)], 1) if len(meld) < SEVEN]
        if not melds:
            return []
        every, faces, out = self.ACTIONS.every(SambaAdd), self.PACK.faces, []
        for f in bit_indices(self.PACK.face_bits(self.hands[seat])):
            face = faces[f]
            wild = face.rank in MELDS.wilds
            out += [every[f * MELD_NUMBERS + place] for place, sequence, rank, suit in melds
                    if ((wild or face.rank == rank) if not sequence else (not wild and face.suit == suit))]
        return out

    def _merges(self, seat: int) -> list[Action]:
        side = self._side(seat)
        melds, every = self.melds[side], self.ACTIONS.every(Merge)
        return [every[a * MELD_NUMBERS + b] for a in range(len(melds)) for b in range(a + 1, len(melds))
                if self._merge_refusal(side, a + 1, b + 1) is None]

    def _merge_refusal(self, side: int, into: int, meld: int) -> IllegalAction | None:
        melds = self.melds[side]
        if not 1 <= into < meld <= len(melds):
            return IllegalAction(f"merge names two of your side's melds, the lower first (1 to {len(melds)})",
                                 rule="merging sets")
        first, second = melds[into - 1], melds[meld - 1]
        if self._sequence(first) or self._sequence(second) or not self._is_meld((*first, *second)):
            return IllegalAction("only two sets of one rank merge, and only within seven cards and two wilds",
                                 rule="merging sets")
        return None

    def _onto_refusal(self, seat: int, meld: int) -> IllegalAction | None:
        refusal = self._pile_refusal(seat)
        return refusal if refusal is not None else self._top_refusal(seat, meld)

    def _pile_refusal(self, seat: int) -> IllegalAction | None:
        """Why the pile may not be taken onto any meld now (choices 4 and 5), or None."""
        side, rules = self._side(seat), self.rules
        if not self.pile or self.took_back or self.drawn:
            return IllegalAction("the pile is taken at the start of a turn, and not after a withdrawal",
                                 rule="taking the pile")
        if not rules.pile.may_take(rules.cards[self.pile[-1]], MELDS):
            return IllegalAction("a pile under a wild or a black 3 is not taken", rule="taking the pile")
        if self._frozen(side):
            return IllegalAction("the pile is frozen: it is taken only for a new set with a natural pair",
                                 rule="frozen pile")
        if self.hands[seat].bit_count() == 1 and len(self.pile) == 1:
            return IllegalAction("with one card in hand, a pile of one card is not taken", rule="taking the pile")
        return None

    def _top_refusal(self, seat: int, meld: int) -> IllegalAction | None:
        """Why the pile's top card does not go on the side's meld ``meld``, or None."""
        melds = self.melds[self._side(seat)]
        if meld > len(melds) or not self._is_meld((*melds[meld - 1], self.pile[-1])):
            return IllegalAction(f"the top card does not go on your side's meld {meld}", rule="taking the pile")
        return None

    def _takes(self, seat: int) -> list[Action]:
        ontos: list[Action] = []
        if self._pile_refusal(seat) is None:
            every = self.ACTIONS.every(Onto)
            ontos += [every[k - 1] for k in range(1, len(self.melds[self._side(seat)]) + 1)
                      if self._top_refusal(seat, k) is None]
        return [*super()._takes(seat), *ontos]

    def _forced_take(self, seat: int) -> bool:
        """With no stock, a top card that goes on one of the side's melds must be taken."""
        return any(isinstance(a, Onto) for a in self._takes(seat))

    def _turn_legal(self, seat: int) -> list[Action]:
        out = super()._turn_legal(seat)
        if seat == self.turn_seat and self.drawn:
            out += self._merges(seat)
        return out

    def _turn_check(self, seat: int, action: Action) -> None:
        refusal = None
        if seat == self.turn_seat and isinstance(action, Onto):
            refusal = self._onto_refusal(seat, action.meld)
        elif seat == self.turn_seat and isinstance(action, Merge):
            refusal = (IllegalAction("draw or take the pile first", rule="the turn") if not self.drawn
                       else self._merge_refusal(self._side(seat), action.into, action.meld))
        else:
            super()._turn_check(seat, action)
        if refusal is not None:
            raise refusal

    def _turn_do(self, seat: int, action: Action) -> None:
        if isinstance(action, Onto):
            self._onto(seat, action.meld - 1)
        elif isinstance(action, Merge):
            self._merge(seat, action.into - 1, action.meld - 1)
        else:
            super()._turn_do(seat, action)

    def _onto(self, seat: int, place: int) -> None:
        side, top, rest = self._side(seat), self.pile[-1], tuple(self.pile[:-1])
        self.pile = []
        self.drawn = self.laid_now = True
        self.melds[side] = self._replaced(side, place, (*self.melds[side][place], top))
        self._receive_pile(seat, rest)

    def _merge(self, seat: int, into: int, place: int) -> None:
        side = self._side(seat)
        melds = list(self._replaced(side, into, (*self.melds[side][into], *self.melds[side][place])))
        del melds[place]
        self.melds[side] = tuple(melds)
        self.laid_now = True
        self._say("seat {} merges melds {} and {}", seat, into + 1, place + 1)


engine.register(INFO, SambaState)
