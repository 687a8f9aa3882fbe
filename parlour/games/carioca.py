"""Carioca (also Loba): contract rummy for two to five players with the double pack and its jokers.

Follows ``rules/source/carioca.txt``; ``rules/NOTES.md`` has no entry for it, so every point the text
leaves open is decided here. Play and the deal go to the right (``direction=-1``).

Choices where the text is silent (each a default, recorded here and tested):

1. The contract of deal ``n`` is the ``n``-th of the text's list: two trios; a trio and an escalera; two
   escaleras; three trios; two trios and an escalera; a trio and two escaleras; three escaleras. The
   contract's melds are built in numbered slots, the trios first: on deal 2 slot 1 is the trio and slot
   2 the escalera.
2. The first dealer is seat 1, so that seat 0, on its right, plays first; the deal then passes right.
   Eleven cards each (twelve on the seventh deal), dealt one at a time from the dealer's right.
3. The contract is built card by card (``lay 7H 2``) and laid down with ``commit``, all at once, or taken
   back with ``withdraw`` (the staged turn). Each of its melds holds at most one joker; a trio has three
   or more cards of one rank, an escalera four or more of one suit in sequence. An escalera's cards are
   read in the order laid where they make a run so (a joker where it was laid), otherwise in the first
   way they fit, lowest first.
4. Only the contract may be laid as new melds. From the turn after it, a player adds single cards to any
   meld on the table, anyone's, numbered in the order laid: ``add 7H 3`` to a trio, ``extend 7H 3 low``
   or ``high`` at an end of an escalera. Jokers may then be added freely, to trios as to escaleras.
5. ``swap 7H 3 high``: a player who has laid the contract puts the natural card a joker of escalera 3
   stands for in its place, and the joker moves to the end named, staying in the escalera (the text's
   wording). A swap that leaves the joker no end to go to is not allowed. Jokers in trios stand for no
   card in particular and are never taken back.
6. A player whose hand is emptied by melding, adding or discarding goes out at once: no final discard is
   needed. Option ``final_discard`` asks for one: then no meld or addition may use the last card.
7. The discard pile's top card may be drawn on any turn instead of the stock's, as the text has it. The
   card so taken (or a copy of its face) is not thrown back in the same turn, rummy's custom, unless the
   hand holds nothing else: a turn never changes nothing, so a deal does not go round for ever without
   the stock. A card drawn from the pile is known to lie in its taker's hand until a card of its face
   leaves it.
8. When a turn begins with the stock empty, the deal ends with no one out: every player counts the
   deadwood held, and no one wins the deal.
9. Deadwood counts 50 for a joker, 20 for an ace, 10 for a king, queen or jack, the pips otherwise (a 2
   counts two: it is no wild card). The lowest total after the deals wins; ties share the win.
10. The game is the book's seven deals; option ``deals`` plays only the first contracts, in order (a
    shorter game).
11. A player may begin laying out the contract only when the cards held (with those already laid out
    this turn) can make it: nobody lays melds that cannot become the contract, and random play does not
    spend its turns laying out and taking back what can never be laid down.

Hidden information: the hands and the stock. Public: the discard pile (its top card and its size), the
melds on the table, the staged melds, cards taken from the pile or taken back in sight.

Variants: the text names none; options ``deals`` and ``final_discard`` change the length and going out.

A prepared deal (``deal=``) is ``{"hands": [cards per seat], "upcard": card, "stock": [cards, top first]}``
(``upcard`` and ``stock`` optional), copies named as ``7H#2``; the cards left out follow in the seed's
order (without an upcard, the first of them is turned up, over the stock listed). ``{"pack": [...]}``
stacks the whole pack. A list gives one such deal per hand, seven at most (twelve cards a hand in the
seventh).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

from parlour import engine
from parlour.cards import DOUBLE_108, Card, Rank, bit_indices
from parlour.engine import (
    Action,
    ActionSpace,
    Cards,
    Discard,
    FieldAction,
    IllegalAction,
    Lay,
    Numbers,
    Reason,
    Stage,
    TurnDiscard,
    Words,
    card_table,
    counted,
    shown,
)
from parlour.engine.actions import DRAW_DISCARD, DRAW_STOCK
from parlour.engine.actions import DrawFrom as Draw
from parlour.engine.seating import COUNTER_CLOCKWISE
from parlour.engine.view import kinds, meld_note
from parlour.mechanics.melds import (
    MeldRules,
    Run,
    extended,
    is_wild,
    meld_label,
    rank_plural,
    run_layouts,
    set_rank,
    with_natural,
)
from parlour.mechanics.stock import Stock, deal_upcard, not_thrown_back, upcard_shape

RULES = """\
**Carioca** (Loba) is contract rummy from Argentina and Chile for two to five players, with two packs
and their four jokers shuffled together (108 cards). Play goes to the right.

*The deals.* Seven deals of eleven cards each (twelve on the last); the rest is the stock, its top card
turned up to start the discard pile. Each deal has a contract: 1 two trios, 2 a trio and an escalera,
3 two escaleras, 4 three trios, 5 two trios and an escalera, 6 a trio and two escaleras, 7 three
escaleras. A trio is three or more cards of one rank; an escalera four or more of one suit in sequence,
the ace high or low but not both. Jokers are wild; a 2 is a plain card.

*A turn.* Draw the stock's top card or the discard pile's (a card so taken is not thrown back that turn),
meld if you can, then discard.

*Melding.* Your first meld of a deal is the whole contract, laid at once, each meld with at most one
joker: `lay 7H 1` puts a card to meld 1 of the contract, `commit` lays them down, `withdraw` takes them
back. From your next turn on you may only add single cards to the melds on the table, anyone's:
`add 7H 3` to a trio, `extend 7H 3 low` (or `high`) to an escalera, jokers as many as you like. Holding
the card a joker in an escalera stands for, `swap 7H 3 high` puts it there and moves the joker to that
end.

*The end of a deal.* The first to empty the hand scores nothing; the others count what they hold: 50 a
joker, 20 an ace, 10 a court card, the pips otherwise. A turn that begins with the stock empty ends the
deal with everyone counting. After the seven deals the lowest total wins (option `deals` plays fewer).
"""

PACK = DOUBLE_108
CARDS = PACK.cards
INDEX = PACK.index
# (trios, escaleras) of each deal's contract, deal 1 first.
CONTRACTS = ((2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3))
SLOTS = 3
MOST_MELDS = 5 * SLOTS
CONTRACT_RULES = MeldRules(most_wilds=1)   # choice 3: one joker in each meld of the contract
TABLE_RULES = MeldRules()                  # choice 4: as many jokers as one likes afterwards
ENDS = ("low", "high")


@dataclass(frozen=True, kw_only=True)
class CariocaOptions:
    deals: int = engine.option(7, "deals to play, the first contracts of the seven in order (the book: 7)",
                               minimum=1, maximum=7, label="Contracts to play")
    final_discard: bool = engine.option(False, "going out needs a final discard: no meld may use the last card",
                                        label="Going out needs a final discard")


class Phase(engine.Phase):
    DRAW = "draw"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class ContractLay(Lay):
    """Put a card into a meld of the contract you are laying out.

    ``lay 7H 2``: a card to meld 2 of the contract being laid out.
    """

    FIELDS = (Cards(PACK), Numbers(1, SLOTS, "meld"))


@dataclass(frozen=True, slots=True)
class Add(FieldAction):
    """Add a card to one of the trios on the table.

    ``add 7H 3``: a card to trio 3 of the table.
    """

    verb: ClassVar[str] = "add"
    FIELDS = (Cards(PACK), Numbers(1, MOST_MELDS, "meld"))
    card: Card
    meld: int


@dataclass(frozen=True, slots=True)
class Extend(FieldAction):
    """Add a card at the low or high end of an escalera on the table.

    ``extend 7H 3 low``: a card at the low or high end of escalera 3.
    """

    verb: ClassVar[str] = "extend"
    FIELDS = (Cards(PACK), Numbers(1, MOST_MELDS, "meld"), Words(ENDS, "end"))
    card: Card
    meld: int
    end: str


@dataclass(frozen=True, slots=True)
class Swap(FieldAction):
    """Put a card in the place of the joker standing for it in an escalera; the joker moves to an end.

    ``swap 7H 3 high``: 7H takes the place of the joker of escalera 3 standing for it; the joker moves
    to the high end."""

    verb: ClassVar[str] = "swap"
    FIELDS = (Cards(PACK), Numbers(1, MOST_MELDS, "meld"), Words(ENDS, "end"))
    card: Card
    meld: int
    end: str


DISCARDS = card_table(PACK, TurnDiscard)
ACTIONS = ActionSpace(Draw, DISCARDS, ContractLay, engine.COMMIT, engine.WITHDRAW, Add, Extend, Swap)

# A deal has at most two turns per stock card (choice 7), 104 turns at most; a turn is a draw, at most
# about twice the hand in staged steps, a few additions and a discard: 40 steps, with room to spare.
DEAL_ACTIONS = 2 * 104 * 40
INFO = engine.GameInfo(
    id="carioca", name="Carioca", family=("rummy", "contract rummy"), min_players=2, max_players=5,
    default_players=4, pack=PACK.name, rules_source=("carioca.txt",), summary=RULES,
    num_distinct_actions=len(ACTIONS), options=engine.option_specs(CariocaOptions), direction=COUNTER_CLOCKWISE,
    lowest_score_wins=True, max_actions=DEAL_ACTIONS * 7)

# A meld on the table: its owner and its cards, a trio as pack indices, an escalera as a run.
Meld = tuple[int, "tuple[int, ...] | Run"]


def deadwood(card: Card) -> int:
    """What a card left in hand counts (choice 9)."""
    if card.rank == Rank.JOKER:
        return 50
    if card.rank == Rank.ACE:
        return 20
    return min(int(card.rank), 10)


POINTS = tuple(deadwood(card) for card in CARDS)


def hand_points(mask: int) -> int:
    return sum(POINTS[i] for i in bit_indices(mask))


def contract_words(deal: int) -> str:
    trios, runs = CONTRACTS[deal - 1]
    parts = [f"{n} {word}{'s' if n > 1 else ''}" for n, word in ((trios, "trio"), (runs, "escalera")) if n]
    return " and ".join(parts)


def hand_size(deal: int) -> int:
    """Eleven cards a hand, twelve in the seventh deal (three escaleras)."""
    return 12 if deal == 7 else 11


def _trio_options(by_rank: dict[Rank, list[int]], jokers: list[int]) -> list[tuple[int, ...]]:
    """The trios of three cards a hand can make, jokerless ones first (at most one joker: choice 3)."""
    out = [tuple(cards[:3]) for cards in by_rank.values() if len(cards) >= 3]
    if jokers:
        out += [(*cards[:2], jokers[0]) for cards in by_rank.values() if len(cards) == 2]
    return out


def _run_options(by_place: dict[tuple[int, int], int], jokers: list[int]) -> list[tuple[int, ...]]:
    """The escaleras of four cards a hand can make, in order low to high, the joker where it stands."""
    out: list[tuple[tuple[int, ...], int]] = []
    suits = {suit for suit, _ in by_place}
    for suit in suits:
        for low in range(1, 12):
            places = [by_place.get((suit, p), -1) for p in range(low, low + 4)]
            missing = places.count(-1)
            if missing == 0 or (missing == 1 and jokers):
                out.append((tuple(jokers[0] if i < 0 else i for i in places), missing))
    return [cards for cards, _ in sorted(out, key=lambda pair: pair[1])]


@lru_cache(maxsize=1 << 14)
def contract_plan(hand: int, deal: int) -> tuple[tuple[int, ...], ...] | None:
    """Melds of the fewest cards that make deal ``deal``'s contract from ``hand`` (a mask), trios first
    and each escalera low to high, or None: what choice 11 asks before a contract may be laid out."""
    trios, runs = CONTRACTS[deal - 1]
    return _plan(hand, ("trio",) * trios + ("run",) * runs)


def _plan(hand: int, kinds_left: tuple[str, ...]) -> tuple[tuple[int, ...], ...] | None:
    if not kinds_left:
        return ()
    jokers = [i for i in bit_indices(hand) if CARDS[i].rank == Rank.JOKER]
    if kinds_left[0] == "trio":
        by_rank: dict[Rank, list[int]] = {}
        for i in bit_indices(hand):
            if CARDS[i].rank != Rank.JOKER:
                by_rank.setdefault(CARDS[i].rank, []).append(i)
        options = _trio_options(by_rank, jokers)
    else:
        by_place: dict[tuple[int, int], int] = {}
        for i in bit_indices(hand):
            card = CARDS[i]
            if card.rank != Rank.JOKER:
                for place in ((1, 14) if card.rank == Rank.ACE else (int(card.rank),)):
                    by_place.setdefault((int(card.suit), place), i)  # type: ignore[arg-type]
        options = _run_options(by_place, jokers)
    for meld in options:
        rest = _plan(hand & ~sum(1 << i for i in meld), kinds_left[1:])
        if rest is not None:
            return (meld, *rest)
    return None


def _faces(cards: Sequence[Card]) -> list[str]:
    return [str(card.face) for card in cards]


class CariocaState(engine.StagedTurnState):
    PACK = PACK
    LAY = ContractLay
    ACTIONS = ACTIONS
    ACTION_KINDS = ACTIONS.kinds
    MUTABLE = ("hands", "stock", "pile", "melds", "laid", "totals")
    ZONES = kinds(melds="melds", shown="shown", staged="melds", meld_words="texts", upcard="card", discards="count",
                  stock="count", contract="text")
    EXTRAS = kinds(dealer="seat", turn="seat", laid="seats", deals_in_game="number", taken="card",
                   meld_notes="meld_notes")

    # --- deal ---------------------------------------------------------------------------------------
    def _setup(self) -> None:
        self.totals = [0] * self.players
        self.hands_in_game = self.options["deals"]
        self.dealer = self.seating.next(0, -1)
        self._deal()

    def _deal(self) -> None:
        self.hands, upcard, stock = deal_upcard(self, PACK, hand_size(self.hand_number))
        self.pile: list[int] = [upcard]            # face up, bottom first
        self.stock = Stock(stock)
        self.melds: list[Meld] = []
        self.laid = [False] * self.players
        self.laid_now = False                      # the contract went down this turn: no additions yet
        self.taken: int | None = None             # the card drawn from the pile this turn
        self.phase = Phase.DRAW
        self._say("hand {}: seat {} deals; the contract is {}", self.hand_number, self.dealer,
                  contract_words(self.hand_number))
        self._begin_turn(self.seating.next(self.dealer))

    def _deal_shape(self, number: int) -> engine.DealShape | None:
        return upcard_shape(PACK, hand_size(number), self.players) if number <= len(CONTRACTS) else None

    # --- a turn ---------------------------------------------------------------------------------------
    def _begin_turn(self, seat: int) -> None:
        if not len(self.stock):
            self._end_deal(None)
            return
        self.turn = seat
        self.phase = Phase.DRAW
        self.laid_now = False
        self.to_move = (seat,)

    def _may_stage(self, seat: int) -> bool:
        """Choice 11: the contract is laid out only by a player whose cards, staged ones included, make it."""
        if self.phase is not Phase.PLAY or self.laid[seat]:
            return False
        held = self.hands[seat] | self._stage_of(seat).cards
        return contract_plan(held, self.hand_number) is not None

    def _turn_legal(self, seat: int) -> list[Action]:
        if self.phase is Phase.DRAW:
            return [DRAW_STOCK, DRAW_DISCARD] if self.pile else [DRAW_STOCK]
        return [*DISCARDS.of(self._discardable(seat)), *self._additions(seat)]

    def _discardable(self, seat: int) -> int:
        """Choice 7: any card held but the one taken from the pile this turn."""
        return not_thrown_back(self.hands[seat], self.taken, PACK)

    def _may_add(self, seat: int) -> bool:
        return self.laid[seat] and not self.laid_now and (not self.options["final_discard"]
                                                          or self.hands[seat].bit_count() > 1)

    def _additions(self, seat: int) -> list[Action]:
        """Every card (by face) added to every meld it fits, at every end it fits: choices 4 and 5."""
        if not self._may_add(seat):
            return []
        out: list[Action] = []
        hand = self.hands[seat]
        for face in PACK.faces_in(hand):
            card = CARDS[PACK.copy_to_take(face, hand)]
            for number, (_, meld) in enumerate(self.melds, 1):
                if isinstance(meld, Run):
                    out += [Extend(face, number, end) for end in self._ends(extended(meld, card, TABLE_RULES), meld)]
                    out += [Swap(face, number, end) for end in
                            self._ends([grown for grown, _ in with_natural(meld, card, TABLE_RULES)], meld)]
                elif set_rank([*(CARDS[i] for i in meld), card], TABLE_RULES) is not None:
                    out.append(Add(face, number))
        return out

    @staticmethod
    def _ends(grown: list[Run], run: Run) -> list[str]:
        """The ends at which the runs ``grown`` from ``run`` took their new card, low first."""
        return [end for end in ENDS if any((g.low < run.low) == (end == "low") for g in grown)]

    def _turn_check(self, seat: int, action: Action) -> None:
        if isinstance(action, Draw):
            self._check_draw(action)
            return
        if self.phase is Phase.DRAW:
            raise IllegalAction(f"{action} is not allowed now: draw from the stock or the discard pile first",
                                rule="draw first")
        card: Card = action.card  # type: ignore[attr-defined]
        if card.copy:
            raise IllegalAction(f"the copies of {card.face} are alike: write {card.face}", rule="by face")
        if PACK.copy_to_take(card, self.hands[seat]) < 0:
            raise IllegalAction(f"you do not hold {card}", rule="play from your hand")
        if isinstance(action, Discard):
            if not self._discardable(seat) & PACK.face_masks[PACK.face_number[card]]:
                raise IllegalAction(f"{card} was taken from the discard pile this turn: discard another card",
                                    rule="not thrown back")
            return
        self._check_addition(seat, action)

    def _check_draw(self, action: Action) -> None:
        if self.phase is not Phase.DRAW:
            raise IllegalAction("you have drawn this turn already", rule="one draw a turn")
        if action == DRAW_DISCARD and not self.pile:
            raise IllegalAction("the discard pile is empty: draw from the stock", rule="empty pile")

    def _check_addition(self, seat: int, action: Action) -> None:
        if not self.laid[seat]:
            raise IllegalAction("only a player who has laid the contract adds to the melds on the table",
                                rule="contract first")
        if self.laid_now:
            raise IllegalAction("additions wait for the turn after the contract", rule="later turns")
        if self.options["final_discard"] and self.hands[seat].bit_count() == 1:
            raise IllegalAction("your last card goes out as a discard", rule="final discard")
        number: int = action.meld  # type: ignore[attr-defined]
        if number > len(self.melds):
            raise IllegalAction(f"there is no meld {number} on the table", rule="melds on the table")
        if action not in self._additions(seat):
            raise IllegalAction(self._misfit(action), rule="meld fit")

    def _misfit(self, action: Action) -> str:
        meld = self.melds[action.meld - 1][1]  # type: ignore[attr-defined]
        if isinstance(action, Add):
            return (f"meld {action.meld} is an escalera: extend it at an end" if isinstance(meld, Run)
                    else f"{action.card} does not belong to the trio of meld {action.meld}")
        if not isinstance(meld, Run):
            return f"meld {action.meld} is a trio: add to it"  # type: ignore[attr-defined]
        if isinstance(action, Swap):
            return (f"no joker of meld {action.meld} stands for {action.card} with room for it at the "
                    f"{action.end} end")
        return f"{action.card} does not extend meld {action.meld} at its {action.end} end"  # type: ignore[attr-defined]

    def _turn_do(self, seat: int, action: Action) -> None:
        if isinstance(action, Draw):
            self._draw(seat, action == DRAW_STOCK)
            return
        card: Card = action.card  # type: ignore[attr-defined]
        index = PACK.copy_to_take(card, self.hands[seat])
        self.hands[seat] &= ~(1 << index)
        if isinstance(action, Discard):
            self.pile.append(index)
            if self.hands[seat]:
                self._begin_turn(self.seating.next(seat))
            else:
                self._end_deal(seat)
            return
        self._meld_card(CARDS[index], action)
        if not self.hands[seat]:
            self._end_deal(seat)

    def _draw(self, seat: int, from_stock: bool) -> None:
        card = self.stock.draw()[0] if from_stock else self.pile.pop()
        self.taken = None if from_stock else card
        self.hands[seat] |= 1 << card
        if not from_stock:
            known = list(self.known or (0,) * self.players)
            known[seat] |= 1 << card
            self.known = tuple(known)
        self.phase = Phase.PLAY

    def _meld_card(self, card: Card, action: Action) -> None:
        number: int = action.meld  # type: ignore[attr-defined]
        owner, meld = self.melds[number - 1]
        if isinstance(action, Add):
            assert not isinstance(meld, Run)
            grown: tuple[int, ...] | Run = (*meld, INDEX[card])
        else:
            assert isinstance(meld, Run)
            runs = (extended(meld, card, TABLE_RULES) if isinstance(action, Extend)
                    else [g for g, _ in with_natural(meld, card, TABLE_RULES)])
            grown = next(g for g in runs if (g.low < meld.low) == (action.end == "low"))  # type: ignore[attr-defined]
        self.melds[number - 1] = (owner, grown)

    # --- the contract (the staged turn) ----------------------------------------------------------------
    def _fits(self, stage: Stage, index: int, slot: int) -> IllegalAction | None:
        trios, runs = CONTRACTS[self.hand_number - 1]
        if slot > trios + runs:
            return IllegalAction(f"the contract of this deal is {contract_words(self.hand_number)}: melds 1 to "
                                 f"{trios + runs}", rule="contract")
        cards = [*(CARDS[i] for i in stage.meld(slot)), CARDS[index]]
        naturals = [c for c in cards if not is_wild(c, CONTRACT_RULES)]
        if len(cards) - len(naturals) > 1:
            return IllegalAction("a meld of the contract holds one joker at most", rule="one joker")
        if slot <= trios:
            if len({c.rank for c in naturals}) > 1:
                return IllegalAction(f"meld {slot} is a trio: cards of one rank", rule="trio")
        elif len({c.suit for c in naturals}) > 1 or len({c.rank for c in naturals}) < len(naturals):
            return IllegalAction(f"meld {slot} is an escalera: cards of one suit in sequence", rule="escalera")
        return None

    def _commit_refusal(self, stage: Stage) -> IllegalAction | None:
        trios, runs = CONTRACTS[self.hand_number - 1]
        for slot in range(1, trios + runs + 1):
            cards = [CARDS[i] for i in stage.meld(slot)]
            if slot <= trios and set_rank(cards, CONTRACT_RULES) is None:
                return IllegalAction(f"the contract is {contract_words(self.hand_number)}: meld {slot} needs a "
                                     "trio of three or more cards of one rank", rule="contract")
            if slot > trios and not run_layouts(cards, CONTRACT_RULES):
                return IllegalAction(f"the contract is {contract_words(self.hand_number)}: meld {slot} needs an "
                                     "escalera of four or more cards of one suit in sequence", rule="contract")
        if self.options["final_discard"] and not self.hands[stage.seat]:
            return IllegalAction("keep a card back for the final discard", rule="final discard")
        return None

    def _commit(self, seat: int, stage: Stage) -> None:
        trios, _ = CONTRACTS[self.hand_number - 1]
        for slot, meld in enumerate(stage.melds, 1):
            cards = tuple(CARDS[i] for i in meld)
            self.melds.append((seat, meld if slot <= trios else self._as_laid(cards)))
        self.laid[seat] = True
        self.laid_now = True
        if not self.hands[seat]:
            self._end_deal(seat)

    @staticmethod
    def _as_laid(cards: tuple[Card, ...]) -> Run:
        """The escalera staged cards make, read in the order laid where they can be (choice 3)."""
        layouts = run_layouts(cards, CONTRACT_RULES)
        return next((run for run in layouts if run.cards == cards), layouts[0])

    # --- the end of a deal ----------------------------------------------------------------------------
    def _end_deal(self, out: int | None) -> None:
        changes = tuple(hand_points(hand) for hand in self.hands)
        self.totals = [t + c for t, c in zip(self.totals, changes, strict=True)]
        reasons = tuple(Reason(s, c, f"deadwood {' '.join(str(x) for x in PACK.shown(self.hands[s]))}")
                        for s, c in enumerate(changes) if c)
        winners: tuple[int, ...] = () if out is None else (out,)
        summary = "the stock is used up: everyone counts the cards held" if out is None else f"seat {out} goes out"
        self._finish_hand(engine.HandResult(self.hand_number, changes, reasons, summary, winners=winners))
        self._next_deal()

    def _game_over(self) -> None:
        self.phase = Phase.OVER

    def scores(self) -> list[int]:
        return list(self.totals)

    # --- what each seat sees --------------------------------------------------------------------------
    def _meld_cards(self, meld: tuple[int, ...] | Run) -> list[str]:
        return _faces(meld.cards) if isinstance(meld, Run) else _faces([CARDS[i] for i in meld])

    def _meld_words(self, number: int, owner: int, meld: tuple[int, ...] | Run) -> str:
        cards = " ".join(self._meld_cards(meld))
        if not isinstance(meld, Run):
            return f"meld {number}, seat {owner}'s trio: {cards}"
        jokers = [f"JK for {rank.letter}{meld.suit.letter}"
                  for k, card in enumerate(meld.cards) if is_wild(card, TABLE_RULES)
                  for rank, _ in (meld.stands_for(k),)]
        return f"meld {number}, seat {owner}'s escalera: {cards}" + (f" ({', '.join(jokers)})" if jokers else "")

    def _meld_notes(self) -> dict[str, Any]:
        """The ``meld_notes`` of the view: the melds on the table (anyone's, once the contract is laid, takes
        ``add``, ``extend`` and ``swap``) and the contract being laid out this turn."""
        def wild(face: str) -> bool:
            return is_wild(Card.parse(face), TABLE_RULES)

        def called(meld: tuple[int, ...] | Run) -> str:
            if isinstance(meld, Run):
                return f"escalera in {meld.suit.name.lower()}"
            rank = next((CARDS[i].rank for i in meld if not is_wild(CARDS[i], TABLE_RULES)), None)
            return f"trio of {rank_plural(rank)}" if rank else "trio"

        staged = self.stage.melds if self.stage is not None else ()
        return {
            "melds": {"verbs": [Add.verb, Extend.verb, Swap.verb], "side": None, "melds": [
                meld_note(str(number), called(meld), self._meld_cards(meld), wild, owner=owner)
                for number, (owner, meld) in enumerate(self.melds, 1)]},
            "staged": {"verbs": [ContractLay.verb], "side": None, "melds": [
                meld_note(str(slot), meld_label([CARDS[i] for i in meld], TABLE_RULES), faces, wild)
                for slot, (meld, faces) in enumerate(zip(staged, self._staged_melds(), strict=True), 1)]},
        }

    def action_labels(self, seat: int) -> dict[str, str]:
        """The moves in a table's words, for its menus and buttons: "start a meld", "add to the trio of
        sevens", "extend the escalera in hearts at its low end", "discard: ends your turn"; public facts only."""
        if seat not in self.to_move:
            return {}
        notes = self._meld_notes()
        tabled, laying = (_names(notes[zone]["melds"]) for zone in ("melds", "staged"))
        fixed = {DRAW_STOCK: "draw from the stock", DRAW_DISCARD: "take the discard", engine.COMMIT: "lay the contract "
                 "down", engine.WITHDRAW: "take the contract back"}
        labels = {}
        for action in self.legal_actions(seat):
            words = fixed.get(action)
            if isinstance(action, ContractLay):
                named = laying.get(str(action.slot))
                words = f"add to the {named} you are laying" if named else _starts(action.slot - len(laying))
            elif isinstance(action, Add):
                words = f"add to the {tabled.get(str(action.meld))}"
            elif isinstance(action, Extend):
                words = f"add to the {tabled.get(str(action.meld))} at its {action.end} end"
            elif isinstance(action, Swap):
                named = tabled.get(str(action.meld))
                words = f"take the joker's place in the {named} (the joker to its {action.end} end)"
            elif isinstance(action, Discard):
                words = "discard: ends your turn"
            if words:
                labels[str(action)] = words
        return labels

    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        owned: list[list[str]] = [[] for _ in range(self.players)]
        for number, (owner, meld) in enumerate(self.melds, 1):
            owned[owner].append(f"{number}: {' '.join(self._meld_cards(meld))}")
        status = [", ".join(t for t in ("dealer" if s == self.dealer else "",
                                        "contract laid" if self.laid[s] else "") if t) for s in range(self.players)]
        seats = [engine.seat_entry(s, held=self.hands[s].bit_count(), face_up=owned[s], status=status[s])
                 for s in range(self.players)]
        table = {
            "melds": [self._meld_cards(meld) for _, meld in self.melds],
            "staged": self._staged_melds(),
            "meld_words": [self._meld_words(n, owner, meld) for n, (owner, meld) in enumerate(self.melds, 1)],
            "upcard": str(CARDS[self.pile[-1]].face) if self.pile else None,
            "discards": len(self.pile), "stock": len(self.stock),
            "contract": f"deal {self.hand_number}: {contract_words(self.hand_number)}",
        }
        # Everyone's hand left is shown at the deal's end and counted against its holder.
        table |= shown.at_deal_end(self, lambda: [shown.hand(s, PACK.shown(self.hands[s]),
                                                             counted(hand_points(self.hands[s]), "point"))
                                                  for s in range(self.players) if self.hands[s]])
        extra = {"dealer": self.dealer, "turn": None if self.is_over else self.turn,
                 "laid": [s for s in range(self.players) if self.laid[s]], "deals_in_game": self.hands_in_game,
                 "taken": None if self.taken is None else str(CARDS[self.taken].face), "meld_notes": self._meld_notes()}
        hand = [] if seat is None else [str(c) for c in PACK.shown(self.hands[seat])]
        return {"phase": self.phase, "hand": hand, "seats": seats, "table": table, "extra": extra}

    # --- sampled worlds ---------------------------------------------------------------------------------
    def _unknown(self, seat: int) -> engine.Unknown:
        unknown = engine.Unknown(pool=0, faces=PACK.face_of)
        laid_down = shown.deal_over(self)   # the hands left lie face up, counted
        for s in range(self.players):
            if s != seat and not laid_down:
                unknown.hide(("hand", s), self.hands[s], known=self._known_held(s))
        self.stock.hide(unknown, seat)
        return unknown

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        for key, cards in deal.items():
            if isinstance(key, tuple) and key[0] == "hand":
                owner: int = key[1]
                known = self._known_held(owner)
                self.hands[owner] = sum(1 << c for c in cards) | known
        self.stock.place(deal)


def _starts(nth: int) -> str:
    """Laying a card into the ``nth`` meld not yet started: "start a meld", "start a second meld"."""
    return "start a meld" if nth <= 1 else f"start a {('second', 'third', 'fourth')[min(nth, 4) - 2]} meld"


def _names(notes: list[dict[str, Any]]) -> dict[str, str]:
    """Each noted meld's name by its ref: its label, with its ref beside it where two share a label."""
    labels = [note["label"] for note in notes]
    return {note["ref"]: note["label"] + (f" ({note['ref']})" if labels.count(note["label"]) > 1 else "")
            for note in notes}


engine.register(INFO, CariocaState)
