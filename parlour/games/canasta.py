"""Canasta (classic): two partnerships of two meld sets of one rank from a 108-card pack, to 5,000.

Follows ``rules/source/canasta.txt`` with the "Canasta (classic)" entry of ``rules/NOTES.md``, which
restores the card values, the bonuses, the first-meld minimums and the end of the stock.

Choices where the texts are silent (each a default, recorded here and tested):

1. Seat 3 deals first, so seat 0 plays first; the deal passes to the left. Seats 0 and 2 are one side
   ("side 0"), seats 1 and 3 the other. Eleven cards each, one at a time from the dealer's left.
2. The upcard: a red 3 or a wild card turned up stays in the pile, freezing it, and the next card of the
   stock is turned on top until a card that is neither turns up (NOTES).
3. Red 3s are laid out at once, never held: those dealt are laid out (each replaced from the stock)
   before the first turn, seat by seat from the dealer's left; one drawn is laid out and replaced at
   once. A red 3 in a pile taken is laid out with no replacement (NOTES). So the 500-point penalty for a
   red 3 kept in hand cannot arise.
4. A turn in small steps: ``draw`` (from the stock) or ``take`` (the pile), then any number of staged
   meld turns (``lay 7H 2`` ... ``commit``, or ``withdraw``), additions to the side's melds
   (``add 7H 7``, ``add 2C K``), then ``discard 7H``. New melds of a rank the side already has are added
   to that meld at commit: a side never holds two melds of one rank.
5. ``take`` puts the pile's top card in the first staged meld and sets the rest of the pile aside; the
   commit must use that card (in a new meld, or added to the side's meld of its rank when the pile is not
   frozen for the side) and only then does the rest of the pile go to the hand. A withdrawal puts the pile
   back as it was and the turn goes on with a draw. ``take`` is offered only when the hand holds what a
   legal commit needs: a natural pair of the top card's rank when the pile is frozen for the side, and
   cards enough to reach the first meld's minimum when the side has not melded.
6. The first meld's minimum is counted over the cards of the melds committed in that one commit (the
   pile's top card included, the rest of the pile not), never bonuses, by the side's total at the start
   of the deal (below 0: 15; to 1,495: 50; to 2,995: 90; from 3,000: 120).
7. Melds: at least two natural cards, at most three wild cards and never more wilds than naturals (the
   NOTES default). Black 3s are melded only in the turn a player goes out, three or four, with no wild.
8. A side without a canasta may not go out, so no step may leave its player unable to keep a card after
   the discard (a commit or addition leaves at least two cards, or one where the deal then ends without a
   discard).
9. Asking partner: ``ask`` is optional, once a turn, after the draw and before any meld; the partner
   answers ``yes`` or ``no``. After ``no`` the player may not go out this turn (refused); after ``yes``
   a player who ends the turn without going out loses 100 for the side.
10. Concealed going out (200 rather than 100): the player had laid nothing before this turn, a meld laid
    this turn is a canasta when the player goes out, and nothing went onto the melds the side had when
    the turn began, partner's (the text and NOTES both deny the bonus to a player who added to partner's
    melds): not by ``add``, not by a new meld joining partner's meld of its rank, not by the pile's top
    card. Cards added to the melds laid in that same turn are the player's own and allowed.
11. The end of the stock: a red 3 drawn as the last card ends the deal once the player has melded
    (``end``, no discard). Otherwise, with the stock empty, a player must take the pile when its top card
    can be added to the side's meld (the pile not frozen); else may take it if able, or ``end`` the deal,
    which is all a player who cannot take it may do (so that whether a player could have taken the pile
    stays hidden). With a single card in hand, a player may not take a one-card pile (NOTES).
12. The game ends at the end of a deal when a side has 5,000 (``target``), the higher total winning, as
    the book has it; equal totals share the win. That is the default: the game is never cut short while a
    real table would play on. So that every game still ends (random players never reach 5,000), a game
    that has played a safety bound of deals without a side reaching the target stops there, the higher
    total winning, and its result says so: ``SAFETY_DEALS`` (40) at the book's target, in proportion
    above it, at most 100. Measured: of 117 games between heuristic players to 5,000 (the longest run the
    time allowed), the longest took 12 deals, 6.7 on average; the bound is about three times that.
    Option ``deals`` chooses a shorter game instead: at most that many deals, still ending sooner at the
    target (``deals=0``, the default, is the book's end).
13. The pile's top card shows in the view with the pile's size and whether it is frozen; the pile's
    other cards were seen when discarded and are in the log. Cards every seat saw go into a hand (the rest
    of a pile taken, melds withdrawn) are listed in the view as that hand's (``known_held``) until played.

Hidden information: the hands (less the pile cards taken, and staged cards taken back, which every seat
saw go there) and the stock.

A prepared deal is a stacked pack, ``deal={"pack": [108 cards, top first]}``: the first 44 are dealt
round from the dealer's left, the next are turned up and then form the stock.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

from parlour import engine
from parlour.cards import DOUBLE_108, Card, Pack, Rank, Suit, bit_indices
from parlour.engine import (
    COMMIT,
    Action,
    ActionSpace,
    Cards,
    Discard,
    FieldAction,
    HandResult,
    IllegalAction,
    Pass,
    PhasedState,
    Reason,
    Stage,
    StagedTurnState,
    TurnDiscard,
    Unknown,
    Words,
    card_table,
    counted,
    seat_entry,
    shown,
)
from parlour.engine.actions import Numbers
from parlour.engine.deals import DealShape
from parlour.engine.staging import Lay
from parlour.engine.view import kinds, meld_note
from parlour.mechanics.melds import MeldRules, PileRules, is_wild, meld_label, minimum_for, set_rank
from parlour.mechanics.stock import Stock

RULES = """\
**Canasta** is a partnership game of melding for four players with two packs and four jokers (108
cards). Partners sit across; each side scores together.

*The deal.* Eleven cards each; the next card is turned up to start the discard pile (a red 3 or a wild
turned up freezes the pile and another is turned on it); the rest is the stock.

*Cards.* Jokers and 2s are wild. Red 3s are bonus cards: laid out at once and replaced from the stock.
Black 3s stop the next player taking the pile.

*A turn.* Draw a card from the stock, or take the whole pile by melding its top card at once; lay melds
(three or more of one rank, at least two natural cards, at most three wilds and never more wilds than
naturals), add to your side's melds, and discard. A side's first melds of a deal must count a minimum that
grows with its score: 15 below 0, then 50, 90 from 1,500 and 120 from 3,000.

*The pile* is frozen for a side that has not melded, and for both once a wild or red 3 lies in it: it is
then taken only with a natural pair of the top card's rank from the hand.

*Canastas.* A meld of seven or more: natural (no wild) 500, mixed 300. A side needs one to go out.

*Going out.* Meld or discard your last card; you may first ask your partner, whose answer binds. Going
out scores 100, or 200 when the whole hand goes down at once (concealed): a canasta among the melds
laid, nothing laid before, and nothing added to partner's melds.

*Scoring.* Cards melded count (joker 50, ace and 2 20, 8 to K 10, 4 to 7 and black 3 5) with the
bonuses, red 3s 100 each (800 for all four; minus when the side has not melded), less the cards left in
both partners' hands.

*The end.* Deals go on, the deal passing left, until a side has 5,000 or more at the end of a deal; the
higher total then wins. (Option `deals` plays a shorter game of at most that many deals.)
"""


# The safety bound of a game played to the target (choice 12): deals at the book's target, about three times the
# longest of the heuristic players' games measured; in proportion above it, never past the cap, which is
# also ``deals``' maximum (what ``max_actions`` allows for).
SAFETY_DEALS = 40
DEALS_CAP = 100


@dataclass(frozen=True, kw_only=True)
class CanastaOptions:
    target: int = engine.option(5_000, "the total that ends the game at the end of a deal", minimum=100,
                         maximum=100_000, label="Points to win")
    deals: int = engine.option(0, "a shorter game: at most this many deals (still ending when a side reaches the "
                           "target); 0, the default, plays to the target as the book does, with a safety bound "
                           "of 40 deals (more for a target above 5,000) that a result names if ever met",
                        minimum=0, maximum=DEALS_CAP, label="Most deals (0: play to the target)")


# --- the game as data (Samba changes the pack, the hand, the tiers, the limits and the bonuses) ----------
def card_value(card: Card) -> int:
    """A card's meld value (NOTES' table); a red 3 counts only as a bonus."""
    if card.rank == Rank.JOKER:
        return 50
    if card.rank in (Rank.TWO, Rank.ACE):
        return 20
    if card.rank == Rank.THREE:
        return 0 if card.suit is not None and card.suit.is_red else 5
    return 10 if card.rank >= Rank.EIGHT else 5


MELD_RANKS = (Rank.ACE, *(Rank(r) for r in range(4, 14)))
RANK_WORDS = tuple(r.letter for r in MELD_RANKS)
RED_THREE_FACES = frozenset({(Rank.THREE, Suit.HEARTS), (Rank.THREE, Suit.DIAMONDS)})
BLACK_THREE_FACES = frozenset({(Rank.THREE, Suit.CLUBS), (Rank.THREE, Suit.SPADES)})


@dataclass(frozen=True, kw_only=True)
class CanastaRules:
    """What a game of the Canasta family plays with, as data; the state reads it as ``self.rules``.

    ``tiers``: (from this score at the start of the deal, the first meld's minimum). ``bonuses``: each kind
    of complete meld (``canasta`` cards or more) and its bonus, in the order scored. ``one_meld_a_rank``:
    a side keeps one set of a rank, new ones joining it (Canasta); else several stand apart (Samba).
    ``pile_needs_pair``: a new meld from the pile always needs a natural pair from the hand (Samba), not
    only when the pile is frozen. ``to_go_out``: complete melds a side needs to go out; ``threes_need``:
    complete melds its red 3s need to count plus (0: any meld). ``concealed``: the bonus for going out
    concealed (None: no such bonus)."""

    pack: Pack
    hand_size: int
    melds: MeldRules
    pile: PileRules
    tiers: tuple[tuple[int, int], ...]
    bonuses: tuple[tuple[str, int], ...] = (("natural canasta", 500), ("mixed canasta", 300))
    canasta: int = 7
    one_meld_a_rank: bool = True
    pile_needs_pair: bool = False
    draw: int = 1
    red_three: int = 100
    all_red_threes: int = 800
    threes_need: int = 0
    to_go_out: int = 1
    going_out: int = 100
    concealed: int | None = 200
    broken_answer: int = 100
    limits: str = "a meld has two naturals, at most three wilds and no more wilds than naturals"
    no_out: str = "the side has no canasta"
    threes_short: str = "with no meld"

    @cached_property
    def cards(self) -> tuple[Card, ...]:
        return self.pack.cards

    @cached_property
    def value(self) -> tuple[int, ...]:
        return tuple(card_value(c) for c in self.cards)

    @cached_property
    def wild(self) -> int:
        return sum(1 << i for i, c in enumerate(self.cards) if is_wild(c, self.melds))

    @cached_property
    def red_threes(self) -> int:
        return sum(1 << i for i, c in enumerate(self.cards) if (c.rank, c.suit) in RED_THREE_FACES)

    @cached_property
    def freezers(self) -> int:
        return self.wild | self.red_threes

    @cached_property
    def pile_freezers(self) -> int:
        """The cards that freeze a pile they lie in, for everyone (``PileRules.is_frozen`` of each alone)."""
        return sum(1 << i for i, c in enumerate(self.cards) if self.pile.is_frozen((c,), True, self.melds))

    @cached_property
    def naturals(self) -> dict[Rank, int]:
        return {r: sum(1 << i for i, c in enumerate(self.cards) if c.rank == r) for r in (*MELD_RANKS, Rank.THREE)}

    @cached_property
    def starts(self) -> tuple[tuple[Rank, int, int], ...]:
        """Each rank of ``naturals``, its cards, and how many of them a hand needs to start a meld of them
        without a meld of the rank down: two, or three black 3s (never melded fewer)."""
        return tuple((rank, cards, 3 if rank == Rank.THREE else 2) for rank, cards in self.naturals.items())

    def points(self, mask: int) -> int:
        return sum(self.value[i] for i in bit_indices(mask))

    def best_first_meld(self, hand: int, top: int | None = None) -> int:
        """The most a first meld could count from ``hand`` (with the pile's ``top`` card in a meld of its
        rank): every rank with two naturals melded, the naturals a sequence could hold where there are
        sequences, and the wilds placed where limits allow, dearest first."""
        capacity, total, used = 0, 0, 0
        for rank in MELD_RANKS:
            naturals = (hand & self.naturals[rank]).bit_count() + (top is not None and self.cards[top].rank == rank)
            if naturals >= 2:
                used |= hand & self.naturals[rank]
                total += self.points(hand & self.naturals[rank]) + (
                    self.value[top] if top is not None and self.cards[top].rank == rank else 0)
                capacity += min(naturals, self.melds.most_wilds or naturals) if self.one_meld_a_rank else naturals
        wilds = sorted((self.value[i] for i in bit_indices(hand & self.wild)), reverse=True)
        return total + self.points(self._in_sequences(hand & ~used & ~self.wild)) + sum(wilds[:capacity])

    def _in_sequences(self, hand: int) -> int:
        """The cards of ``hand`` that stand in some sequence of the least length, one copy of each face."""
        if self.melds.run_size is None:
            return 0
        out = 0
        for suit in Suit:
            place = {_place(self.cards[i]): i for i in bit_indices(hand) if self.cards[i].suit == suit
                     and self.cards[i].rank in MELD_RANKS and _place(self.cards[i]) >= self.melds.lowest_run}
            for low in place:
                span = range(low, low + self.melds.run_size)
                if all(p in place for p in span):
                    out |= sum(1 << place[p] for p in span)
        return out


def _place(card: Card) -> int:
    """A card's place in a sequence: its number, the ace above the king."""
    return 14 if card.rank == Rank.ACE else int(card.rank)


PACK = DOUBLE_108
SLOTS = 4                 # new melds staged at once
PILE = PileRules(freezers=RED_THREE_FACES, blockers=BLACK_THREE_FACES)
MELDS = MeldRules(wilds=frozenset({Rank.JOKER, Rank.TWO}), set_size=3, run_size=None, most_wilds=3,
                  fewest_naturals=2, wilds_at_most_naturals=True,
                  unmeldable=RED_THREE_FACES)
# From each side's score at the start of the deal: the first meld's minimum (any score below 0: 15).
CANASTA = CanastaRules(pack=PACK, hand_size=11, melds=MELDS, pile=PILE,
                       tiers=((-1_000_000, 15), (0, 50), (1_500, 90), (3_000, 120)))


def _names(notes: list[dict[str, Any]]) -> dict[str, str]:
    """Each noted meld's name by its ref: its label, with its ref beside it where two share a label."""
    labels = [note["label"] for note in notes]
    return {note["ref"]: note["label"] + (f" ({note['ref']})" if labels.count(note["label"]) > 1 else "")
            for note in notes}


def _mask(cards: tuple[int, ...] | list[int]) -> int:
    return sum(1 << i for i in cards)


# --- actions ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Draw(Pass):
    """Draw from the stock."""

    verb: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class Take(Pass):
    """Take the whole discard pile, its top card going into the first meld staged."""

    verb: ClassVar[str] = "take"


@dataclass(frozen=True, slots=True)
class MeldLay(Lay):
    """Put a card into one of this turn's new melds (laid down for good when you commit).

    ``lay 7H 2``: the seven of hearts to this turn's second new meld.
    """

    FIELDS = (Cards(PACK), Numbers(1, SLOTS, "meld"))


@dataclass(frozen=True, slots=True)
class Add(FieldAction):
    """Add a card from your hand to one of your side's melds.

    ``add 2C K``: a card from hand to the side's meld of kings.
    """

    verb: ClassVar[str] = "add"
    FIELDS = (Cards(PACK), Words(RANK_WORDS, "meld"))
    card: Card
    meld: str


@dataclass(frozen=True, slots=True)
class Ask(Pass):
    """Ask your partner "may I go out?": after yes you must go out this turn, after no you may not.

    ``ask``: "partner, may I go out?".
    """

    verb: ClassVar[str] = "ask"


@dataclass(frozen=True, slots=True)
class Yes(Pass):
    """Answer yes: your partner may go out."""

    verb: ClassVar[str] = "yes"


@dataclass(frozen=True, slots=True)
class No(Pass):
    """Answer no: your partner may not go out."""

    verb: ClassVar[str] = "no"


@dataclass(frozen=True, slots=True)
class End(Pass):
    """End the deal: after a red 3 drawn as the stock's last card, or refusing the pile with no stock."""

    verb: ClassVar[str] = "end"


DRAW, TAKE, ASK, YES, NO, END = Draw(), Take(), Ask(), Yes(), No(), End()
DISCARDS = card_table(PACK, TurnDiscard)
ACTIONS = ActionSpace(DRAW, TAKE, DISCARDS, MeldLay, Add, COMMIT, engine.WITHDRAW, ASK, YES, NO, END)

# Measured: a deal by random players runs to at most ~410 actions (300 seeds), by heuristics ~290; a game
# to 5,000 by heuristics about seven deals. Up to 100 deals (the option's bound) at ~1,000 each.
INFO = engine.GameInfo(
    id="canasta", name="Canasta", family=("rummy", "melding"), min_players=4, max_players=4,
    pack=PACK.name, rules_source=("canasta.txt",), summary=RULES, num_distinct_actions=len(ACTIONS),
    options=engine.option_specs(CanastaOptions), partnerships=True, max_actions=100_000,
    rules_version=2)


class Phase(engine.Phase):
    PLAY = "play"
    OVER = "over"


class CanastaState(PhasedState[Phase], StagedTurnState):
    """Canasta; its rules as data are ``RULES`` (a variant may name others in ``VARIANT_RULES``), which
    Samba's state replaces, overriding only the methods where its book differs."""

    RULES: ClassVar[CanastaRules] = CANASTA
    VARIANT_RULES: ClassVar[dict[str, CanastaRules]] = {}
    SAFETY_DEALS: ClassVar[int] = SAFETY_DEALS
    PACK = PACK
    LAY: ClassVar[type[Lay]] = MeldLay
    ADD: ClassVar[type[FieldAction]] = Add
    DISCARDS = DISCARDS
    ACTIONS = ACTIONS
    ACTION_KINDS = ACTIONS.kinds
    MUTABLE = ("hands", "stock", "pile", "melds", "red_threes", "totals", "penalties")
    ZONES = kinds(upcard="card", pile="count", stock="count", pile_frozen="frozen", staged="melds",
                  side_0_melds="melds", side_1_melds="melds", shown="shown")
    EXTRAS = kinds(dealer="seat", first_meld_minimums="numbers", canastas="texts", red_threes="melds", step="text",
                   answer="text", deals_in_game="number", target="number", known_held="melds",
                   meld_notes="meld_notes")

    # --- deal ----------------------------------------------------------------------------------------
    def _setup(self) -> None:
        self.phase = Phase.PLAY
        self.rules = self.VARIANT_RULES.get(self.variant or "", self.RULES)
        self.totals = [0, 0]
        self.hands_in_game = self.options["deals"] or None
        self.dealer = self.players - 1
        self._deal()

    def _deal_shape(self, number: int) -> DealShape:
        return DealShape(self.PACK, f'a stacked pack, {{"pack": [the {len(self.PACK)} cards, top first]}}',
                         hands=False, stacked=True)

    def _deal(self) -> None:
        deck = self._deck(self.PACK)
        self.hands = self._deal_around(deck[:self.rules.hand_size * 4], self.dealer)
        rest = deck[self.rules.hand_size * 4:]
        turned = 1
        while (1 << rest[turned - 1]) & self.rules.freezers:
            turned += 1
        self.pile = rest[:turned]                       # bottom first
        self.stock = Stock(rest[turned:])
        self.melds: list[tuple[tuple[int, ...], ...]] = [(), ()]
        self.red_threes = [0] * self.players          # laid out before each seat
        self.penalties = [0, 0]
        self.last_red = False                           # the stock's last card was a red 3
        self.laid_before = 0                            # seats (a mask) that laid melds in earlier turns
        self.start_totals = tuple(self.totals)
        self._say("hand {}: seat {} deals; the upcard is {}", self.hand_number, self.dealer,
                  " ".join(str(self.rules.cards[i].face) for i in self.pile))
        for seat in self.seating.order_from(self.seating.next(self.dealer)):
            self._lay_red_threes(seat)
        self._start_turn(self.seating.next(self.dealer))

    def _side(self, seat: int) -> int:
        return seat % 2

    def _lay_red_threes(self, seat: int) -> None:
        """Red 3s in hand go face up at once, each replaced from the stock (a replacement may be one)."""
        while self.hands[seat] & self.rules.red_threes:
            index = bit_indices(self.hands[seat] & self.rules.red_threes)[0]
            self.hands[seat] &= ~(1 << index)
            self.red_threes[seat] |= 1 << index
            self._say("seat {} lays out {}", seat, self.rules.cards[index].face)
            if len(self.stock):
                self.hands[seat] |= 1 << self.stock.draw()[0]
            else:
                self.last_red = True

    def _start_turn(self, seat: int) -> None:
        self.drawn = False
        self.taken: tuple[int, ...] | None = None       # the rest of a pile being taken, set aside
        self.took_back = False
        self.asked = False
        self.answer = ""
        self.laid_now = False
        self.melds_before = self.melds[self._side(seat)]   # the side's melds as the turn began (choice 10)
        self.to_move = (seat,)
        self.turn_seat = seat

    # --- what a side may do ----------------------------------------------------------------------------
    def _minimum(self, side: int) -> int:
        return minimum_for(self.start_totals[side], self.rules.tiers)

    def _opened(self, side: int) -> bool:
        return bool(self.melds[side])

    def _frozen(self, side: int) -> bool:
        """Frozen for everyone once a wild or red 3 lies in it; for a side that has not melded, always."""
        rules = self.rules
        return (rules.pile.is_frozen((), self._opened(side), rules.melds)
                or any((1 << i) & rules.pile_freezers for i in self.pile))

    def _meld_of(self, side: int, rank: Rank) -> int:
        """The place of the side's meld of ``rank``, or -1."""
        for k, meld in enumerate(self.melds[side]):
            if self._rank_of(meld) == rank:
                return k
        return -1

    def _rank_of(self, cards: tuple[int, ...] | list[int]) -> Rank | None:
        """The rank of the first natural card, or None for wilds alone."""
        wild = self.rules.wild
        for i in cards:
            if not (1 << i) & wild:
                return self.rules.cards[i].rank
        return None

    def _has_canasta(self, melds: tuple[tuple[int, ...], ...]) -> bool:
        """Whether the side has the complete melds it needs to go out."""
        return self._complete(melds) >= self.rules.to_go_out

    def _complete(self, melds: tuple[tuple[int, ...], ...]) -> int:
        return sum(1 for meld in melds if len(meld) >= self.rules.canasta)

    def _is_meld(self, cards: tuple[int, ...]) -> bool:
        """Whether the cards make a meld within the limits (a set here; Samba adds its sequences)."""
        return set_rank([self.rules.cards[i] for i in cards], self.rules.melds) is not None

    def _kind(self, meld: tuple[int, ...]) -> str:
        """What a complete meld is called, as the bonuses name it."""
        return "mixed canasta" if _mask(meld) & self.rules.wild else "natural canasta"

    def _joins(self, side: int, rank: Rank) -> int:
        """Where a new meld of ``rank`` goes: onto the side's meld of that rank (choice 4), or -1."""
        return self._meld_of(side, rank) if self.rules.one_meld_a_rank else -1

    def _can_take(self, seat: int) -> bool:
        """Whether a legal commit using the pile's top card exists (rule 5)."""
        if not self.pile or self.took_back:
            return False
        top = self.pile[-1]
        card, hand, side = self.rules.cards[top], self.hands[seat], self._side(seat)
        if not self.rules.pile.may_take(card, self.rules.melds):
            return False
        if hand.bit_count() == 1 and len(self.pile) == 1:
            return False
        naturals = (hand & self.rules.naturals[card.rank]).bit_count()
        if self._frozen(side) or self.rules.pile_needs_pair:
            if naturals < self.rules.pile.natural_pair:
                return False
            return self._opened(side) or self.rules.best_first_meld(hand, top) >= self._minimum(side)
        return self._meld_of(side, card.rank) >= 0 or naturals >= 2 or (naturals >= 1 and bool(hand & self.rules.wild))

    def _forced_take(self, seat: int) -> bool:
        """With no stock, the top card that goes on the side's meld must be taken (rule 11)."""
        side = self._side(seat)
        return (not self._frozen(side) and self._meld_of(side, self.rules.cards[self.pile[-1]].rank) >= 0)

    def _may_go_out(self, melds: tuple[tuple[int, ...], ...]) -> bool:
        return self._has_canasta(melds) and self.answer != "no"

    def _leaves_too_few(self, left: int, melds: tuple[tuple[int, ...], ...]) -> IllegalAction | None:
        """Rule 8: a player who may not go out keeps a card to discard and one more."""
        if left >= 2 or self._may_go_out(melds) or (left == 1 and self.last_red):
            return None
        why = "partner said no" if self.answer == "no" else self.rules.no_out
        return IllegalAction(f"that would leave you unable to go on without going out, and {why}",
                             rule="going out")

    # --- the turn -----------------------------------------------------------------------------------
    def _may_stage(self, seat: int) -> bool:
        return self.drawn and self.to_move == (self.turn_seat,) and seat == self.turn_seat

    def _turn_legal(self, seat: int) -> list[Action]:
        if seat != self.turn_seat:
            return [YES, NO]
        if not self.drawn:
            take = self._takes(seat)
            if not len(self.stock):
                return take if take and self._forced_take(seat) else [*take, END]
            return [DRAW, *take]
        hand = self.hands[seat]
        out: list[Action] = []
        if not self.last_red and self._discard_refusal(seat) is None:
            out += self.DISCARDS.of(hand)
        out += [a for a in self._adds(seat) if self._add_refusal(seat, a) is None]
        if not self.asked and not self.laid_now:
            out.append(ASK)
        if self.last_red:
            out.append(END)
        return out

    def _takes(self, seat: int) -> list[Action]:
        """The ways of taking the pile open now (Samba has more than one)."""
        return [TAKE] if self._can_take(seat) else []

    def _adds(self, seat: int) -> list[Any]:
        """Each face of the hand to each meld of the side it may go on by rank (the limits are
        ``_add_refusal``'s), in face then rank order: the space's own ``add`` actions, numbered by face then
        rank (``Add.FIELDS``)."""
        ranks = {self._rank_of(meld) for meld in self.melds[self._side(seat)]}
        melded = [(k, rank) for k, rank in enumerate(MELD_RANKS) if rank in ranks]
        if not melded:
            return []
        every, faces, out = self.ACTIONS.every(Add), self.PACK.faces, []
        for f in bit_indices(self.PACK.face_bits(self.hands[seat])):
            wild, rank_of_face = is_wild(faces[f], self.rules.melds), faces[f].rank
            out += [every[f * len(MELD_RANKS) + k] for k, rank in melded if wild or rank_of_face == rank]
        return out

    def _discard_refusal(self, seat: int) -> IllegalAction | None:
        side = self._side(seat)
        if self.hands[seat].bit_count() == 1 and not self._may_go_out(self.melds[side]):
            why = "partner said no" if self.answer == "no" else self.rules.no_out
            return IllegalAction(f"discarding your last card goes out, and {why}", rule="going out")
        return None

    def _target(self, side: int, action: Any) -> int:
        """The place of the side's meld an ``add`` names (by its rank here), or -1."""
        return self._meld_of(side, MELD_RANKS[RANK_WORDS.index(action.meld)])

    def _add_refusal(self, seat: int, action: Any) -> IllegalAction | None:
        side = self._side(seat)
        place = self._target(side, action)
        if place < 0:
            return IllegalAction(f"your side has no meld of {action.meld}", rule="add to your side's melds")
        index = self.PACK.copy_to_take(action.card, self.hands[seat])
        if index < 0:
            return IllegalAction(f"you do not hold {action.card}", rule="add from your hand")
        meld = (*self.melds[side][place], index)
        if not self._is_meld(meld):
            return IllegalAction(f"{action.card} does not go on the meld of {action.meld}: {self.rules.limits}",
                                 rule="meld limits")
        melds = self._replaced(side, place, meld)
        return self._leaves_too_few(self.hands[seat].bit_count() - 1, melds)

    def _replaced(self, side: int, place: int, meld: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
        melds = list(self.melds[side])
        melds[place] = meld
        return tuple(melds)

    def _turn_check(self, seat: int, action: Action) -> None:
        if seat != self.turn_seat:
            if action not in (YES, NO):
                raise IllegalAction("answer your partner: yes or no", rule="asking partner")
            return
        if isinstance(action, self.ADD):
            if not self.drawn:
                raise IllegalAction("draw or take the pile first", rule="the turn")
            refusal = self._add_refusal(seat, action)
            if refusal is not None:
                raise refusal
            return
        if isinstance(action, Discard) and self.drawn and not self.last_red:
            if self.PACK.copy_to_take(action.card, self.hands[seat]) < 0:
                raise IllegalAction(f"you do not hold {action.card}", rule="discard from your hand")
            refusal = self._discard_refusal(seat)
            if refusal is not None:
                raise refusal
            return
        if action == TAKE and not self.drawn and TAKE not in self._turn_legal(seat):
            raise IllegalAction("the pile may be taken only to meld its top card at once, with a natural pair "
                                "when it is frozen, and not at all under a black 3 or a wild", rule="taking the pile")
        if action not in self._turn_legal(seat):
            doing = "draw or take the pile" if not self.drawn else "meld, add or discard"
            raise IllegalAction(f"{action} is not allowed now: {doing}", rule="the turn")

    def _turn_do(self, seat: int, action: Action) -> None:
        if action in (YES, NO):
            self.answer = str(action)
            self.to_move = (self.turn_seat,)
        elif action == ASK:
            self.asked = True
            self.to_move = (self.seating.next(seat, 2),)
        elif action == DRAW:
            self._draw(seat)
        elif action == TAKE:
            self._take(seat)
        elif action == END:
            self._say("seat {} ends the deal", seat)
            self._score(None)
        elif isinstance(action, self.ADD):
            self._add(seat, action)
        else:
            self._discard(seat, self.PACK.copy_to_take(action.card, self.hands[seat]))  # type: ignore[attr-defined]

    def _draw(self, seat: int) -> None:
        """The rules' number of cards from the stock (fewer if it runs out), red 3s laid out and replaced."""
        self.drawn = True
        for _ in range(self.rules.draw):
            if not len(self.stock):
                return
            index = self.stock.draw()[0]
            self.hands[seat] |= 1 << index
            if (1 << index) & self.rules.red_threes:
                if not len(self.stock):
                    self.last_red = True
                self._lay_red_threes(seat)

    def _take(self, seat: int) -> None:
        """The top card goes into the first staged meld, the rest of the pile aside until the commit."""
        top = self.pile[-1]
        self.taken = tuple(self.pile[:-1])
        self.pile = []
        self.drawn = True
        self.stage = Stage(seat).lay(top, 1)

    def _withdrawn(self, seat: int, stage: Stage) -> None:
        if self.taken is None:
            return
        top = stage.melds[0][0]
        self.hands[seat] &= ~(1 << top)
        self.pile = [*self.taken, top]
        self.taken = None
        self.drawn = False
        self.took_back = True
        self.stage = None

    def _add(self, seat: int, action: Any) -> None:
        side = self._side(seat)
        place = self._target(side, action)
        index = self.PACK.copy_to_take(action.card, self.hands[seat])
        self.hands[seat] &= ~(1 << index)
        self.melds[side] = self._replaced(side, place, (*self.melds[side][place], index))
        self.laid_now = True
        if not self.hands[seat]:
            self._go_out(seat)

    def _discard(self, seat: int, index: int) -> None:
        self.hands[seat] &= ~(1 << index)
        self.pile.append(index)
        if not self.hands[seat]:
            self._go_out(seat)
            return
        if self.answer == "yes":
            self.penalties[self._side(seat)] += self.rules.broken_answer
            self._say("seat {} was told yes and did not go out: 100 off", seat)
        self._end_turn(seat)

    def _end_turn(self, seat: int) -> None:
        if self.laid_now:
            self.laid_before |= 1 << seat
        self._start_turn(self.seating.next(seat))

    # --- the staged melds --------------------------------------------------------------------------------
    def _open_slots(self, stage: Stage) -> range:
        """Melds are started in order: a card goes to a started meld or the next."""
        return range(1, min(len(stage.melds) + 1, len(self._slots())) + 1)

    def _slot_fits(self, stage: Stage, slot: int) -> int | None:
        """What ``_fits`` lets go to a meld, at once: to a started one the naturals of its rank, and wilds
        while its wilds are fewer than its naturals and the most allowed; to the next, the naturals of a rank
        not staged yet that the hand holds two of (three black 3s) or the side has melded."""
        meld = stage.meld(slot)
        wild = self.rules.wild
        naturals = [i for i in meld if not (1 << i) & wild]
        if not naturals:
            return self._starters(stage) & ~self.rules.red_threes
        wilds_fit = len(meld) - len(naturals) < min(self.rules.melds.most_wilds or self.rules.canasta, len(naturals))
        same_rank = self.rules.naturals[self.rules.cards[naturals[0]].rank]
        return (same_rank | (wild if wilds_fit else 0)) & ~self.rules.red_threes

    def _starters(self, stage: Stage) -> int:
        """The naturals that may start a new meld of ``stage``: see ``_fits``."""
        hand = self.hands[stage.seat]
        staged = {self._rank_of(other) for other in stage.melds}
        melded = {self._rank_of(meld) for meld in self.melds[self._side(stage.seat)]}
        return sum((cards for rank, cards, least in self.rules.starts if rank not in staged and (
            (hand & cards).bit_count() >= least or rank in melded)), 0)

    def _fits(self, stage: Stage, index: int, slot: int) -> IllegalAction | None:
        """A step's own rules (choice 4): melds started in order, each by a natural card of a rank the hand
        can pair (or the side has melded), wilds laid after the naturals they stand with."""
        card = self.rules.cards[index]
        if (1 << index) & self.rules.red_threes:
            return IllegalAction("red 3s are not melded", rule="red threes")
        if slot > 1 and not stage.meld(slot - 1):
            return IllegalAction(f"meld {slot - 1} is started first", rule="staged turn")
        meld = stage.meld(slot)
        naturals = [i for i in meld if not (1 << i) & self.rules.wild]
        if (1 << index) & self.rules.wild:
            if len(meld) - len(naturals) >= min(self.rules.melds.most_wilds or self.rules.canasta, len(naturals)):
                return IllegalAction("a wild card goes on a meld of more naturals than wilds, at most three",
                                     rule="meld limits")
            return None
        if naturals:
            rank = self.rules.cards[naturals[0]].rank
            return None if rank == card.rank else IllegalAction(f"meld {slot} is of {rank.letter}s",
                                                                rule="one rank a meld")
        if any(self._rank_of(other) == card.rank for other in stage.melds):
            return IllegalAction(f"a meld of {card.rank.letter}s is laid out already", rule="one meld a rank")
        held = (self.hands[stage.seat] & self.rules.naturals[card.rank]).bit_count()
        if held < (3 if card.rank == Rank.THREE else 2) and self._meld_of(self._side(stage.seat), card.rank) < 0:
            return IllegalAction(f"a meld of {card.rank.letter}s needs two natural cards", rule="meld limits")
        return None

    def _planned(self, stage: Stage) -> tuple[tuple[tuple[int, ...], ...], IllegalAction | None]:
        """The side's melds once ``stage`` is committed, or why it may not be."""
        side = self._side(stage.seat)
        melds = list(self.melds[side])
        left = self.hands[stage.seat].bit_count() + len(self.taken or ())
        seen: set[Rank] = set()
        for slot, meld in enumerate(stage.melds, 1):
            if not meld:
                continue
            rank = self._rank_of(meld)
            if rank is None:
                return (), IllegalAction(f"meld {slot} needs natural cards", rule="meld limits")
            if rank in seen and self.rules.one_meld_a_rank:
                return (), IllegalAction(f"two melds of {rank.letter}: a side has one meld of a rank",
                                         rule="one meld a rank")
            seen.add(rank)
            place = self._joins(side, rank)
            whole = (*melds[place], *meld) if place >= 0 else meld
            if rank == Rank.THREE:
                if any((1 << i) & self.rules.wild for i in meld) or len(meld) < 3:
                    return (), IllegalAction("black 3s are melded three or more, with no wild",
                                             rule="black threes")
            elif not self._is_meld(whole):
                return (), IllegalAction(f"meld {slot} is not a meld: {self.rules.limits}", rule="meld limits")
            if place >= 0:
                melds[place] = whole
            else:
                melds.append(meld)
        planned = tuple(melds)
        if Rank.THREE in seen and not (left <= 1 and self._may_go_out(planned)):
            return (), IllegalAction("black 3s are melded only by a player going out", rule="black threes")
        return planned, self._leaves_too_few(left, planned)

    def _commit_refusal(self, stage: Stage) -> IllegalAction | None:
        refusal = self._planned(stage)[1]
        if refusal is not None:
            return refusal
        side = self._side(stage.seat)
        if self.taken is not None:
            rules, top = self.rules, stage.melds[0][0]
            rank = rules.cards[top].rank
            pair = sum(1 for i in stage.melds[0][1:] if rules.cards[i].rank == rank and not (1 << i) & rules.wild)
            if (self._frozen(side) or rules.pile_needs_pair) and pair < rules.pile.natural_pair:
                return IllegalAction("the pile is frozen: its top card is taken only with a natural pair of its "
                                     "rank from your hand", rule="frozen pile")
        if not self._opened(side):
            total = sum(self.rules.value[i] for meld in stage.melds for i in meld)
            if total < self._minimum(side):
                return IllegalAction(f"a first meld counts at least {self._minimum(side)} with this turn's melds "
                                     f"together, not {total}", rule="first meld minimum")
        return None

    def _commit(self, seat: int, stage: Stage) -> None:
        side = self._side(seat)
        planned, _ = self._planned(stage)
        self.melds[side] = planned
        self.laid_now = True
        if self.taken is not None:
            self._receive_pile(seat, self.taken)
        if not self.hands[seat]:
            self._go_out(seat)

    def _receive_pile(self, seat: int, cards: tuple[int, ...]) -> None:
        """The pile's other cards go to the hand in everyone's sight; a red 3 in it is laid out, unreplaced."""
        mask = _mask(cards)
        self.red_threes[seat] |= mask & self.rules.red_threes
        mask &= ~self.rules.red_threes
        self.hands[seat] |= mask
        known = list(self.known or (0,) * self.players)
        known[seat] |= mask
        self.known = tuple(known)
        self.taken = None
        self._say("seat {} takes the pile of {}", seat, counted(len(cards) + 1, "card"))

    # --- scoring (the book's words) ----------------------------------------------------------------------
    def _go_out(self, seat: int) -> None:
        concealed = self.rules.concealed is not None and not self.laid_before >> seat & 1 and self._concealed(seat)
        self._say("seat {} goes out{}", seat, " concealed" if concealed else "")
        self._score((seat, concealed))

    def _concealed(self, seat: int) -> bool:
        """Choice 10, for a player who laid nothing before this turn: the melds the side had as the turn
        began (partner's) all stand as they were, nothing added to them (by ``add``, by a new meld joining
        one of its rank, or by the pile's top card), and a meld laid this turn is a canasta."""
        now = self.melds[self._side(seat)]
        if not set(self.melds_before) <= set(now):
            return False
        return any(len(meld) >= self.rules.canasta for meld in now if meld not in self.melds_before)

    def _score(self, out: tuple[int, bool] | None) -> None:
        self.stage = None
        reasons: list[Reason] = []
        changes = [0, 0]

        def item(side: int, points: int, text: str) -> None:
            if points:
                changes[side] += points
                reasons.append(Reason(side, points, text))

        for side in (0, 1):
            melded = [m for m in self.melds[side]]
            item(side, sum(self.rules.points(_mask(m)) for m in melded), "cards melded")
            kinds = [self._kind(m) for m in melded if len(m) >= self.rules.canasta]
            for kind, points in self.rules.bonuses:
                count = kinds.count(kind)
                item(side, count * points, f"{count} {kind}" + "s" * (count > 1))
            rules, threes = self.rules, self._red_threes_of(side).bit_count()
            bonus = rules.all_red_threes if threes == rules.red_threes.bit_count() else rules.red_three * threes
            plus = len(kinds) >= rules.threes_need if rules.threes_need else bool(melded)
            item(side, bonus if plus else -bonus, f"{threes} red 3" + "s" * (threes > 1)
                 + ("" if plus else f" {rules.threes_short}"))
            if out is not None and self._side(out[0]) == side:
                concealed = out[1] and self.rules.concealed is not None
                item(side, self.rules.concealed or 0 if concealed else self.rules.going_out,
                     "going out concealed" if concealed else "going out")
            item(side, -sum(self.rules.points(self.hands[s]) for s in (side, side + 2)), "cards left in hand")
            item(side, -self.penalties[side], "told yes and did not go out")
        self.totals = [t + c for t, c in zip(self.totals, changes, strict=True)]
        per_seat = tuple(changes[s % 2] for s in range(4))
        why = "a player goes out" if out is not None else "the stock is exhausted"
        self._finish_hand(HandResult(self.hand_number, per_seat, tuple(reasons),
                                     f"{why}; side 0 {changes[0]:+}, side 1 {changes[1]:+}"))
        self.to_move = ()
        target = self.options["target"]
        if max(self.totals) < target and self.hands_in_game is None and len(self.hand_results) >= self._bound():
            self._end_early(None, f"no side reached {target:,} within the safety bound of {self._bound()} deals")
            return
        self._next_deal(over=max(self.totals) >= target)

    def _bound(self) -> int:
        """The safety bound of a game to the target (choice 12): ``SAFETY_DEALS`` at the book's target, in
        proportion above it, at most ``DEALS_CAP``."""
        book: int = self.info.option("target").default
        target: int = self.options["target"]
        return min(DEALS_CAP, max(self.SAFETY_DEALS, -(-self.SAFETY_DEALS * target // book)))

    def _red_threes_of(self, side: int) -> int:
        return self.red_threes[side] | self.red_threes[side + 2]

    def scores(self) -> list[int]:
        return [self.totals[s % 2] for s in range(self.players)]

    # --- what seats see and do not ---------------------------------------------------------------------
    def _meld_view(self, side: int) -> list[list[str]]:
        return [[str(self.rules.cards[i].face) for i in meld] for meld in self.melds[side]]

    def _meld_ref(self, number: int, meld: tuple[int, ...]) -> str:
        """The word ``add`` names a side's meld by: its rank (Samba: its number)."""
        rank = self._rank_of(meld)
        return rank.letter if rank else str(number)

    def _noted(self, ref: str, meld: tuple[int, ...], faces: list[str]) -> dict[str, Any]:
        """A meld as the meld board draws it: what it is, its wild cards, and once complete its kind and bonus."""
        rules = self.rules
        closed = self._kind(meld) if len(meld) >= rules.canasta else None
        return meld_note(ref, meld_label([rules.cards[i] for i in meld], rules.melds), faces,
                         lambda face: is_wild(Card.parse(face), rules.melds), closed=closed,
                         bonus=dict(rules.bonuses).get(closed or ""))

    def _meld_notes(self) -> dict[str, Any]:
        """The ``meld_notes`` of the view: each side's melds, with the moves that add to them, and this turn's."""
        staged = self.stage.melds if self.stage is not None else ()
        notes: dict[str, dict[str, Any]] = {f"side_{side}_melds": {"verbs": [self.ADD.verb], "side": side, "melds": [
            self._noted(self._meld_ref(k, meld), meld, faces)
            for k, (meld, faces) in enumerate(zip(self.melds[side], self._meld_view(side), strict=True), 1)]}
            for side in (0, 1)}
        notes["staged"] = {"verbs": [self.LAY.verb], "side": None, "melds": [
            self._noted(str(slot), meld, faces)
            for slot, (meld, faces) in enumerate(zip(staged, self._staged_melds(), strict=True), 1)]}
        return notes

    def action_labels(self, seat: int) -> dict[str, str]:
        """The moves in a table's words, for its menus and buttons: "start a meld", "add to your kings", "add
        to the kings you are laying", "discard: ends your turn"; public facts only (the melds on the table)."""
        if seat not in self.to_move:
            return {}
        notes = self._meld_notes()
        yours = _names(notes[f"side_{self._side(seat)}_melds"]["melds"])
        laying = _names(notes["staged"]["melds"])
        fixed = {DRAW: "draw from the stock", TAKE: "take the pile", COMMIT: "lay these melds down",
                 engine.WITHDRAW: "take these melds back", END: "end the deal"}
        labels = {}
        for action in self.legal_actions(seat):
            words = fixed.get(action)
            if isinstance(action, self.LAY):
                named = laying.get(str(action.slot))
                words = f"add to the {named} you are laying" if named else "start a meld"
            elif isinstance(action, self.ADD):
                words = f"add to your {yours.get(str(action).split()[2], 'meld')}"     # the meld's ref (notes)
            elif isinstance(action, Discard):
                words = "discard: ends your turn"
            else:
                words = words or self._label(action, yours)
            if words:
                labels[str(action)] = words
        return labels

    def _label(self, action: Action, yours: dict[str, str]) -> str | None:
        """Words for a move of a game's own (Samba's), or None."""
        return None

    def _canastas(self, side: int) -> list[str]:
        return [self._called(meld) for meld in self.melds[side] if len(meld) >= self.rules.canasta]

    def _called(self, meld: tuple[int, ...]) -> str:
        """A complete meld in words: "natural canasta of Ks"."""
        rank = self._rank_of(meld)
        return f"{self._kind(meld)} of {rank.letter if rank else '?'}s"

    def _step(self) -> str:
        if self.is_over:
            return "over"
        if self.to_move and self.to_move[0] != self.turn_seat:
            return "partner answers"
        if self.taken is not None:
            return "meld the pile's top card"
        return "meld, add or discard" if self.drawn else "draw or take the pile"

    def _pile_frozen(self) -> bool:
        """Whether a wild or red 3 freezes the pile for everyone (the view's flag)."""
        rules = self.rules
        return rules.pile.is_frozen([rules.cards[i] for i in (*self.pile, *(self.taken or ()))], True, rules.melds)

    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        def face_up(s: int) -> list[str]:
            return [str(self.rules.cards[i].face) for i in bit_indices(self.red_threes[s])]

        top = str(self.rules.cards[self.pile[-1]].face) if self.pile else None
        # The hands left are shown at the deal's end, their points counted against their side.
        table = shown.at_deal_end(self, lambda: [shown.hand(s, self.PACK.shown(self.hands[s]),
                                                            f"{self.rules.points(self.hands[s])} points")
                                                 for s in range(self.players) if self.hands[s]])
        return {
            "phase": self.phase,
            "hand": [] if seat is None else [str(c) for c in self.PACK.shown(self.hands[seat])],
            "seats": [seat_entry(s, team=s % 2, held=self.hands[s].bit_count(), face_up=face_up(s),
                                 status=self._titles(s)) for s in range(self.players)],
            "table": {"upcard": top, "pile": len(self.pile) + len(self.taken or ()), "stock": len(self.stock),
                      "pile_frozen": self._pile_frozen(),
                      "staged": self._staged_melds(), "side_0_melds": self._meld_view(0),
                      "side_1_melds": self._meld_view(1), **table},
            # A side that has made its first meld has no minimum left to meet: 0.
            "extra": {"dealer": self.dealer,
                      "first_meld_minimums": [0 if self._opened(s) else self._minimum(s) for s in (0, 1)],
                      "canastas": [self._canastas(0), self._canastas(1)],
                      "red_threes": [[str(self.rules.cards[i].face) for i in bit_indices(self._red_threes_of(s))]
                                     for s in (0, 1)],
                      "step": self._step(), "answer": self.answer or None, "meld_notes": self._meld_notes(),
                      "deals_in_game": self.hands_in_game, "target": self.options["target"],
                      # Cards seen going into a hand (a pile taken, a stage withdrawn) and still there.
                      "known_held": [[str(c) for c in self.PACK.shown(self._known_held(s))]
                                     for s in range(self.players)]},
        }

    def _unknown(self, seat: int) -> Unknown:
        unknown = Unknown(0, faces=self.PACK.face_of)
        laid_down = shown.deal_over(self)   # the hands left lie face up, counted
        for other in range(self.players):
            if other != seat and not laid_down:
                unknown.hide(("hand", other), self.hands[other] & ~self._known_held(other))
        self.stock.hide(unknown, seat)
        return unknown

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        for key, cards in deal.items():
            if isinstance(key, tuple) and key[0] == "hand":
                self.hands[key[1]] = _mask(cards) | self._known_held(key[1])
        self.stock.place(deal)


engine.register(INFO, CanastaState)
