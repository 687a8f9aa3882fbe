"""Pontoon: the British banking game of twenty-one, each player against the banker, settled in chips.

Follows ``rules/source/pontoon.txt`` with the Pontoon entry of ``rules/NOTES.md`` (the bank wins ties; the
banker's pontoon is looked for before anyone plays and collects double; sticking below 15 is an option).
Chips move through the shared ledger (``parlour.mechanics.chips``) and every stake is settled against the
bank by ``parlour.mechanics.banking.settle_stake``; the pack outlives a deal on ``parlour.mechanics.stock``.

Choices where the texts are silent (each a default, recorded here and tested):

1. Two to eight seats, one of which holds the bank: the banker is one of the players, as the text says,
   so a table of ``n`` has ``n - 1`` punters. Seat 0 banks first; the banker deals.
2. The banker's limits are the options ``minimum`` and ``maximum`` (1 and 10 chips): a stake lies between
   them and within the punter's chips.
3. A purchase costs from the hand's first stake to twice it, within the punter's chips (the banker's
   maximum does not bound it); it is allowed while the hand counts under 21 (aces as one) and nothing
   has been twisted to it. A twist is free and allowed while the hand counts under 21.
4. Sticking needs no minimum total; option ``stick_minimum=15`` is the standard rule the notes name.
   At 21 (counting aces low) the only move is to stick.
5. An ace counts one or eleven, whichever is better for the hand: its total is the best count not over 21.
6. A pontoon is any two-card hand of an ace and a ten-point card, a split hand's included (it is paid
   double and passes the bank like any other). It is declared by itself when its turn comes: the ace is
   turned face up and the ten-point card lies face down, so a ten dealt face down stays unseen.
7. A five-card trick is five cards counting 21 or less; a hand reaching five cards unbust stands by
   itself (a further card could only bust it). A split hand may make one.
8. Splitting: a first action on two cards of one rank (aces too). Both cards are turned face up, each
   starts a hand with a new face-down card, and the new hand takes a stake equal to the first, which the
   punter must be able to pay. A split hand plays like any hand: it may buy, twist, stick or split again.
9. The banker sees the punters' face-up cards and decides to stick or twist (a player's decision; a bot's
   for a bot). The banker's second card is dealt face up like everyone's, and the first is shown when the
   banker's play begins. When no hand is left that the bank could beat (every hand bust or a pontoon),
   the banker does not play and shows nothing.
10. Settling: a pontoon or five-card trick is paid double its whole wager (stake and purchases); any other
    hand beating the bank's total is paid even money; equal or lower totals lose. A banker's five-card
    trick loses only to pontoons, and a player's five-card trick loses to it. A bust loses at once.
11. A bust hand is turned face up, its wager taken, and its cards go under the pack at once. At the end of
    a deal with no pontoon the cards on the table go under the pack, unshuffled: the hands in playing
    order from the banker's left, the bank's hand last, each hand's cards in the order received. Cards
    shown are known to all there; a card never shown (the bank's first card when the bank did not play)
    is known in place only to those who had seen it.
12. After a deal with a pontoon every card is gathered and the pack shuffled; the bank passes to the first
    player from the banker's left who held one (a banker's pontoon keeps it).
13. A card is drawn only while the pack has one; a hand that would need a card from a spent pack stands.
14. Chips: every seat starts with ``stack`` (100) chips. The game lasts ``deals`` deals (10), and ends
    sooner after a deal that leaves a seat holding less than the minimum stake. A bank that cannot pay,
    or a punter who owes a second stake to a banker's pontoon, pays on credit (the ledger runs negative)
    and the game ends after that deal. Most chips wins.

Hidden information: each hand's face-down cards, and the pack's order. What a seat saw go under the pack
it remembers in place (the view lists it), and when such a card is later dealt face down it knows who
holds it. Sampled worlds keep every card the seat knows where it lies and deal the rest again, so that
every hand still in play counts 21 or less, a hand whose turn came is a pontoon exactly when it declared
one, the bank's first card is no pontoon once the bank looked, and a hand stuck under the option's
minimum never is.

A prepared deal stacks the pack, top first: ``deal={"pack": [all 52 cards]}``, and the unshuffled deals that
follow run on from it; no other form is taken. A list gives a pack for each deal by its number, but only a
deal the book shuffles (the first, and each after a pontoon) takes its own: the pack of any other deal in
the list is checked like the rest and then unused, as that deal runs on from the pack as it lies.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar, NamedTuple

from parlour import engine
from parlour.cards import STANDARD_52, Rank, bit_indices
from parlour.engine import Action, ActionSpace, FieldAction, Holds, IllegalAction, Numbers, Unknown, refuse_out_of_phase
from parlour.engine.sampling import deal_unknown
from parlour.engine.view import kinds
from parlour.mechanics.banking import settle_stake
from parlour.mechanics.chips import ChipsState, Ledger, worded
from parlour.mechanics.stock import EVERYONE, Stock

RULES = """\
**Pontoon** is the British game of twenty-one: each player stakes against the banker and tries to come
closer to 21 than the bank without going over. One 52-card pack; an ace counts 1 or 11, court cards 10.

*The deal.* The banker deals everyone one card face down. Each player, from the banker's left, looks at
it and stakes between the banker's minimum and maximum. Everyone then gets a second card face up. If
the banker shows an ace or a ten-point card and holds a **pontoon** (an ace with a ten-point card), the
bank collects double every stake and the deal is over.

*The play.* From the banker's left, each player in turn may **stick**; **buy** a card face down for a
further stake of at least the first stake and at most twice it, while the hand counts under 21;
**twist** a card face up for nothing (after a twist, no more buying); or, on a first move with two cards
of one rank, **split** them into two hands, the second with a stake of its own. A player with a pontoon
declares it. Going over 21 is **bust**: the stake is lost at once. Five cards counting 21 or less are a
**five-card trick**. Then the banker turns up the first card and twists or sticks.

*Settling.* A hand beating the bank's total is paid its wager; ties and lower totals lose. Pontoons and
five-card tricks are paid double. A bank's five-card trick loses only to pontoons. A bank gone bust pays
every hand still standing.

*The next deal.* After a pontoon the pack is shuffled, and the first player from the banker's left who
held one takes the bank. Otherwise the same banker deals again and the cards go under the pack,
unshuffled, so a good memory tells what is coming. The game lasts an agreed number of deals; most chips
wins.
"""


@dataclass(frozen=True, kw_only=True)
class PontoonOptions:
    minimum: int = engine.option(1, "the banker's minimum stake", minimum=1, maximum=50, label="Banker's least stake")
    maximum: int = engine.option(10, "the banker's maximum stake", minimum=1, maximum=50,
                                 label="Banker's greatest stake")
    stack: int = engine.option(100, "chips each seat starts with", minimum=10, maximum=10_000,
                               label="Chips each player starts with")
    deals: int = engine.option(10, "deals to play (sooner over when a seat cannot cover the minimum stake)",
                               minimum=1, maximum=100, label="Deals to play")
    stick_minimum: int = engine.option(0, "the least total a player may stick on: none by the book (0); 15 "
                                       "is the standard of other published rules (rules/NOTES.md)",
                                       choices=(0, 15), label="Least total to stick on")


MOST_STAKE = 50
PACK = STANDARD_52
CARDS = PACK.cards
VALUE = tuple(min(int(card.rank), 10) for card in CARDS)
ACES = PACK.rank_masks[Rank.ACE]
TENS = sum(1 << k for k in range(len(CARDS)) if VALUE[k] == 10)
RANK_OF = tuple(int(card.rank) for card in CARDS)
TRICK = 5
# A prepared deal is a stacked pack and nothing else: the pack outlives a deal, so it is what a test sets.
DEAL_SHAPE = engine.DealShape(PACK, 'a stacked pack, {"pack": [the 52 cards, top first]}', hands=False, stacked=True)


@dataclass(frozen=True, slots=True)
class Stake(FieldAction):
    """Put up your first stake on this hand, before your second card comes (``stake 5``)."""

    verb: ClassVar[str] = "stake"
    FIELDS = (Numbers(1, MOST_STAKE, "stake"),)
    amount: int


@dataclass(frozen=True, slots=True)
class Buy(FieldAction):
    """Buy another card, face down, for a further stake (``buy 6``)."""

    verb: ClassVar[str] = "buy"
    FIELDS = (Numbers(1, 2 * MOST_STAKE, "purchase"),)
    amount: int


@dataclass(frozen=True, slots=True)
class Twist(Action):
    """Take another card face up, for no further stake."""

    verb: ClassVar[str] = "twist"


@dataclass(frozen=True, slots=True)
class Stick(Action):
    """Stand on the cards you hold: take no more."""

    verb: ClassVar[str] = "stick"


@dataclass(frozen=True, slots=True)
class Split(Action):
    """Split your two cards of one rank into two hands, each with a stake of its own."""

    verb: ClassVar[str] = "split"


TWIST, STICK, SPLIT = Twist(), Stick(), Split()
ACTIONS = ActionSpace(Stake, Buy, TWIST, STICK, SPLIT)

# A deal has at most seven stakes, 28 hands (four each from splits) of at most a split, three draws and a
# stick, and the bank's four draws and a stick: under 200 actions, for at most 100 deals. Heuristic play
# measures about 20 a deal at eight seats, random play far fewer (it goes broke).
INFO = engine.GameInfo(
    id="pontoon", name="Pontoon", family=("banking", "twenty-one"), min_players=2, max_players=8,
    default_players=4, pack=PACK.name, rules_source=("pontoon.txt",), summary=RULES,
    num_distinct_actions=len(ACTIONS), options=engine.option_specs(PontoonOptions), max_actions=200 * 100)


class Phase(engine.Phase):
    STAKE = "stake"
    PLAY = "play"
    BANK = "bank"
    OVER = "over"


class Hand(NamedTuple):
    """One hand on the table: a value, replaced whenever it changes, so that clones share it."""

    seat: int
    cards: tuple[int, ...]   # pack indices, in the order received
    shown: int               # the cards of it every seat has seen
    up: int                  # the face-up card of its first two, against which its pontoon is looked for
    pot: str                 # the pot holding its wager ("" for the bank's hand)
    stake: int               # its first stake, which bounds each purchase
    twisted: bool = False
    begun: bool = False      # its turn has come (for the bank: it looked for a pontoon)
    status: str = ""         # "" in play; "stuck", "bust", "pontoon", "five-card trick", "pack spent"

    @property
    def mask(self) -> int:
        return sum(1 << c for c in self.cards)


def low_count(mask: int) -> int:
    """The hand's count with every ace as one."""
    return sum(VALUE[c] for c in bit_indices(mask))


def total(mask: int) -> int:
    """The hand's best count: one ace as eleven where that stays within 21."""
    low = low_count(mask)
    return low + 10 if mask & ACES and low <= 11 else low


def is_pontoon(mask: int) -> bool:
    return mask.bit_count() == 2 and bool(mask & ACES) and bool(mask & TENS)


def count_words(mask: int, status: str = "", whole: bool = True) -> str | None:
    """A hand's count as the table says it: "17", "soft 17" (an ace counted eleven), "bust", "pontoon",
    "five-card trick". Of a hand partly face down (``whole`` false) only what is public: its declared
    pontoon, its bust or its trick, else what its face-up cards ``mask`` count ("10 showing"), or none.

    >>> from parlour.cards import Card
    >>> hands = ("10S 7H", "AS 6H", "AS KH", "5C 3D 3H 2S AC", "KS QH 5D")
    >>> [count_words(PACK.mask(map(Card.parse, cards.split()))) for cards in hands]
    ['17', 'soft 17', 'pontoon', 'five-card trick', 'bust']
    """
    if status in ("bust", "pontoon", "five-card trick"):
        return status
    if not mask:
        return None
    low = low_count(mask)
    if whole and low > 21:
        return "bust"
    if whole and is_pontoon(mask):
        return "pontoon"
    if whole and mask.bit_count() >= TRICK:
        return "five-card trick"
    words = f"soft {low + 10}" if mask & ACES and low < 11 else str(total(mask))
    return words if whole else f"{words} showing"


def partners(card: int) -> int:
    """The cards that would make a pontoon with ``card``."""
    return TENS if VALUE[card] == 1 else ACES if VALUE[card] == 10 else 0


PHASE_KINDS = {Phase.STAKE: (Stake,), Phase.PLAY: (Buy, Twist, Stick, Split), Phase.BANK: (Twist, Stick)}
DOING = {Phase.STAKE: "the players are staking", Phase.PLAY: "the players are playing their hands",
         Phase.BANK: "the banker is playing"}


class PontoonState(engine.PhasedState[Phase], ChipsState):
    ACTION_KINDS = ACTIONS.kinds
    ACTIONS = ACTIONS
    MUTABLE = ("hands", "told", "pontoons", "ledger", "stock")
    ZONES = kinds(stock="count", hands="banked")
    EXTRAS = kinds(banker="seat", minimum="number", maximum="number", deals_in_game="number",
                   stick_minimum="number", hand_to_play="cards",
                   known_in_stock="records", known_holdings="melds", shuffle_next="flag")

    # --- the deal -------------------------------------------------------------------------------------
    def _setup(self) -> None:
        if self.options["minimum"] > self.options["maximum"]:
            raise ValueError("the banker's minimum stake cannot be above the maximum")
        self.hands_in_game = self.options["deals"]
        self.ledger = Ledger.start(self.players, self.options["stack"])
        self.roles = engine.Roles.of(banker=0)
        self.dealer = 0
        self.stock = Stock(self._deck(PACK), name="pack")
        self._deal()

    def _deal(self) -> None:
        self.mark = self.ledger.mark()
        self.told = [0] * self.players        # per seat, the cards in others' hands it knows the holder of
        self.pontoons: list[int] = []         # seats that held a pontoon this deal, in playing order
        self.shuffle_next = False
        banker = self.roles["banker"]
        order = self.seating.order_from(self.seating.next(banker))
        self.hands = [Hand(s, (), 0, -1, f"seat {s} stake", 0) for s in order[:-1]]
        self.bank = Hand(banker, (), 0, -1, "", 0)
        self._say("hand {}: seat {} banks and deals one card face down to each", self.hand_number, banker)
        for k in range(len(self.hands)):
            self._give(k, up=False)
        self._give(-1, up=False)
        self.at = 0
        self.phase = Phase.STAKE
        self.to_move = (self.hands[0].seat,)

    def _give(self, k: int, up: bool) -> int:
        """The pack's top card to hand ``k`` (-1: the bank's), face up or face down."""
        card, seen = self.stock.draw()
        hand = self.bank if k < 0 else self.hands[k]
        for knower in range(self.players):
            if seen >> knower & 1 and knower != hand.seat and not up:   # a card dealt face up is simply shown
                self.told[knower] |= 1 << card
        hand = hand._replace(cards=(*hand.cards, card), shown=hand.shown | (1 << card if up else 0))
        if k < 0:
            self.bank = hand
        else:
            self.hands[k] = hand
        if up:
            self._say("seat {} is dealt {} face up", hand.seat, CARDS[card])
        else:
            self._say("you are dealt {} face down", CARDS[card], to=(hand.seat,))
        return card

    def _second_cards(self) -> None:
        """Everyone's second card, face up; then the bank looks for a pontoon if it shows an ace or a ten."""
        for k in range(len(self.hands)):
            card = self._give(k, up=True)
            self.hands[k] = self.hands[k]._replace(up=card)
        card = self._give(-1, up=True)
        self.bank = self.bank._replace(up=card)
        if partners(card):
            self.bank = self.bank._replace(begun=True)
            if is_pontoon(self.bank.mask):
                self._bank_pontoon()
                return
            self._say("the bank looks at its face-down card: no pontoon")
        self.phase = Phase.PLAY
        self._advance()

    # --- staking --------------------------------------------------------------------------------------
    def _check_stake(self, seat: int, amount: int) -> None:
        low, high = self.options["minimum"], self.options["maximum"]
        if not low <= amount <= high:
            raise IllegalAction(f"the bank takes stakes from {low} to {high}", rule="the banker's limits")
        if amount > self.ledger.chips[seat]:
            raise IllegalAction(f"you hold {self.ledger.chips[seat]} chips, not {amount}", rule="cover the stake")

    def _stake(self, seat: int, amount: int) -> None:
        hand = self.hands[self.at]
        self.ledger.pay(seat, hand.pot, amount, "stakes on the hand", "stake")
        self.hands[self.at] = hand._replace(stake=amount)
        self.at += 1
        if self.at < len(self.hands):
            self.to_move = (self.hands[self.at].seat,)
            return
        self.at = 0
        self._second_cards()

    # --- the players' play ------------------------------------------------------------------------------
    def _advance(self) -> None:
        """On to the next hand that has a decision to make, declaring pontoons and standing hands that
        can take no card on the way; after the last, the bank's play (or the settling)."""
        while self.at < len(self.hands):
            hand = self.hands[self.at]
            if not hand.begun:
                hand = self.hands[self.at] = hand._replace(begun=True)
                if is_pontoon(hand.mask):
                    self._declare_pontoon()
                    continue
            if not hand.status and not len(self.stock):
                self._stand(self.at, "pack spent", "the pack is spent: seat {} stands")
                continue
            if not hand.status:
                self.to_move = (hand.seat,)
                return
            self.at += 1
        self._bank_turn()

    def _declare_pontoon(self) -> None:
        hand = self.hands[self.at]
        self.hands[self.at] = hand._replace(status="pontoon", shown=hand.shown | (hand.mask & ACES))
        if hand.seat not in self.pontoons:
            self.pontoons.append(hand.seat)
        self._say("seat {} declares a pontoon", hand.seat)
        self.at += 1

    def _stand(self, k: int, status: str, words: str = "") -> None:
        """The hand stands: stuck by its player (the action says so), or by itself, in ``words``."""
        self.hands[k] = self.hands[k]._replace(status=status)
        if words:
            self._say(words, self.hands[k].seat)
        self.at += 1

    def _may_draw(self, hand: Hand) -> bool:
        return low_count(hand.mask) < 21 and len(self.stock) > 0

    def _may_split(self, seat: int, hand: Hand) -> bool:
        return (len(hand.cards) == 2 and RANK_OF[hand.cards[0]] == RANK_OF[hand.cards[1]] and not hand.twisted
                and len(self.stock) >= 2 and self.ledger.chips[seat] >= hand.stake)

    def _buy_range(self, seat: int, hand: Hand) -> range:
        if hand.twisted or not self._may_draw(hand):
            return range(0)
        return range(hand.stake, min(2 * hand.stake, self.ledger.chips[seat]) + 1)

    def _may_stick(self, hand: Hand) -> bool:
        return total(hand.mask) >= self.options["stick_minimum"] or not self._may_draw(hand)

    def _legal(self, seat: int) -> list[Action]:
        if self.phase is Phase.STAKE:
            low = self.options["minimum"]
            return [Stake(n) for n in range(low, min(self.options["maximum"], self.ledger.chips[seat]) + 1)]
        hand = self.bank if self.phase is Phase.BANK else self.hands[self.at]
        out: list[Action] = []
        if self.phase is Phase.PLAY:
            if self._may_split(seat, hand):
                out.append(SPLIT)
            out += [Buy(n) for n in self._buy_range(seat, hand)]
        if self._may_draw(hand):
            out.append(TWIST)
        if self.phase is Phase.BANK or self._may_stick(hand):
            out.append(STICK)
        return out

    def _check(self, seat: int, action: Action) -> None:
        refuse_out_of_phase(action, self.phase, PHASE_KINDS, DOING)
        if isinstance(action, Stake):
            self._check_stake(seat, action.amount)
            return
        hand = self.bank if self.phase is Phase.BANK else self.hands[self.at]
        if isinstance(action, Split) and not self._may_split(seat, hand):
            raise IllegalAction(self._no_split(seat, hand), rule="split pairs")
        if isinstance(action, (Buy, Twist)) and not self._may_draw(hand):
            raise IllegalAction("no card can be drawn: the pack is spent" if not len(self.stock) else
                                "your hand counts 21: stick", rule="draw under 21")
        if isinstance(action, Buy) and action.amount not in self._buy_range(seat, hand):
            if hand.twisted:
                raise IllegalAction("you have twisted: any further card must be twisted",
                                    rule="no buying after a twist")
            raise IllegalAction(f"a purchase costs {hand.stake} to {2 * hand.stake} chips, within your "
                                f"{self.ledger.chips[seat]}", rule="buying")
        if isinstance(action, Stick) and not self._may_stick(hand):
            raise IllegalAction(f"you may not stick under {self.options['stick_minimum']}", rule="stick minimum")

    def _no_split(self, seat: int, hand: Hand) -> str:
        if len(hand.cards) != 2 or hand.twisted:
            return "a hand splits only on its first move"
        if RANK_OF[hand.cards[0]] != RANK_OF[hand.cards[1]]:
            return "only two cards of one rank split"
        if self.ledger.chips[seat] < hand.stake:
            return f"the second hand needs a stake of {hand.stake} chips"
        return "the pack has too few cards to split"

    def _do(self, seat: int, action: Action) -> None:
        if isinstance(action, Stake):
            self._stake(seat, action.amount)
        elif self.phase is Phase.BANK:
            self._bank_do(action)
        elif isinstance(action, Split):
            self._split(seat)
        elif isinstance(action, Stick):
            self._stand(self.at, "stuck")
            self._advance()
        else:
            self._draw(seat, action)

    def _draw(self, seat: int, action: Action) -> None:
        hand = self.hands[self.at]
        if isinstance(action, Buy):
            self.ledger.pay(seat, hand.pot, action.amount, "buys a card", "buy")
            card = self._give(self.at, up=False)
        else:
            self.hands[self.at] = hand._replace(twisted=True)
            card = self._give(self.at, up=True)
        hand = self.hands[self.at]
        if low_count(hand.mask) > 21:
            self._bust(self.at, card)
        elif len(hand.cards) == TRICK:
            self._stand(self.at, "five-card trick", "seat {} has a five-card trick")
        self._advance()

    def _bust(self, k: int, card: int) -> None:
        """The hand is shown, its wager goes to the bank at once and its cards go under the pack."""
        hand = self.hands[k]
        banker = self.roles["banker"]
        self._say("seat {} draws {} and is bust with {}", hand.seat, CARDS[card], _cards_text(hand.cards))
        settle_stake(self.ledger, banker, hand.seat, hand.pot, -1, "bust: the bank takes the wager")
        self._under(hand.cards, hand.seat, shown=True)
        self.hands[k] = hand._replace(cards=(), shown=0, status="bust")
        self.at = k + 1

    def _split(self, seat: int) -> None:
        hand = self.hands[self.at]
        first, second = hand.cards
        count = 1 + sum(1 for h in self.hands if h.seat == seat)
        pot = f"seat {seat} stake, hand {count}"
        self.ledger.pay(seat, pot, hand.stake, "stake on a split hand", "stake")
        self._say("seat {} splits the {}s", seat, CARDS[first].rank.letter)
        self.hands[self.at] = Hand(seat, (first,), 1 << first, first, hand.pot, hand.stake)
        self.hands.insert(self.at + 1, Hand(seat, (second,), 1 << second, second, pot, hand.stake))
        self._give(self.at, up=False)
        self._give(self.at + 1, up=False)
        self._advance()

    # --- the bank's play --------------------------------------------------------------------------------
    def _bank_turn(self) -> None:
        if all(h.status in ("bust", "pontoon") for h in self.hands):
            self._settle()
            return
        self.bank = self.bank._replace(shown=self.bank.mask)
        self._say("the bank turns up {}", CARDS[self.bank.cards[0]])
        self.phase = Phase.BANK
        self._bank_next()

    def _bank_next(self) -> None:
        if len(self.bank.cards) == TRICK and low_count(self.bank.mask) <= 21:
            self.bank = self.bank._replace(status="five-card trick")
            self._say("the bank has a five-card trick")
        elif low_count(self.bank.mask) > 21:
            self.bank = self.bank._replace(status="bust")
            self._say("the bank is bust")
        elif not len(self.stock):
            self.bank = self.bank._replace(status="pack spent")
            self._say("the pack is spent: the bank stands")
        else:
            self.to_move = (self.bank.seat,)
            return
        self._settle()

    def _bank_do(self, action: Action) -> None:
        if isinstance(action, Stick):
            self.bank = self.bank._replace(status="stuck")
            self._say("the bank sticks on {}", total(self.bank.mask))
            self._settle()
            return
        self._give(-1, up=True)
        self._bank_next()

    # --- settling (the book's words) ----------------------------------------------------------------------
    def _bank_pontoon(self) -> None:
        banker = self.roles["banker"]
        self.bank = self.bank._replace(shown=self.bank.mask, status="pontoon")
        self._say("the bank shows a pontoon, {}", _cards_text(self.bank.cards))
        for hand in self.hands:
            settle_stake(self.ledger, banker, hand.seat, hand.pot, -2, "the bank's pontoon: double the stake")
        self.pontoons.append(banker)
        self._end_deal("the bank's pontoon collects double")

    def _outcome(self, hand: Hand) -> tuple[int, str]:
        """The multiple at which a standing hand is settled, and why."""
        bank = self.bank
        if hand.status == "pontoon":
            return 2, "pontoon, paid double"
        if bank.status == "bust":
            if hand.status == "five-card trick":
                return 2, "five-card trick, paid double: the bank is bust"
            return 1, "the bank is bust"
        if bank.status == "five-card trick":
            return -1, "the bank's five-card trick beats all but a pontoon"
        if hand.status == "five-card trick":
            return 2, "five-card trick, paid double"
        mine, theirs = total(hand.mask), total(bank.mask)
        if mine > theirs:
            return 1, f"{mine} beats the bank's {theirs}"
        if mine == theirs:
            return -1, f"the bank wins ties: {mine} to {theirs}"
        return -1, f"{mine} loses to the bank's {theirs}"

    def _settle(self) -> None:
        banker = self.roles["banker"]
        shows = self.phase is Phase.BANK
        for k, hand in enumerate(self.hands):
            if hand.status == "bust":
                continue
            if shows:
                self.hands[k] = hand._replace(shown=hand.mask)
            multiple, reason = self._outcome(hand)
            settle_stake(self.ledger, banker, hand.seat, hand.pot, multiple, reason)
        summary = {"bust": "the bank is bust", "five-card trick": "the bank's five-card trick"}.get(
            self.bank.status, f"the bank stands on {total(self.bank.mask)}" if shows else "every hand is settled")
        self._end_deal(summary)

    def _end_deal(self, summary: str) -> None:
        entries = self.ledger.since(self.mark)
        changes = tuple(self.ledger.net_since(self.mark))
        self.shuffle_next = bool(self.pontoons)
        self._finish_hand(engine.HandResult(self.hand_number, changes, explain=partial(worded, entries, summary)))
        short = [s for s in range(self.players) if self.ledger.chips[s] < self.options["minimum"]]
        if short and len(self.hand_results) < (self.hands_in_game or 0):
            chips = self.ledger.chips[short[0]]
            self._end_early(short[0], f"seat {short[0]} holds {chips} chips and cannot cover the minimum stake")
        else:
            self._next_deal()

    def _under(self, cards: Sequence[int], owner: int, shown: bool, seen: int = 0) -> None:
        """Cards go under the pack, each known there to whoever saw it."""
        for card in cards:
            bit = 1 << card
            knowers = EVERYONE if shown or seen & bit else (1 << owner) | sum(
                1 << s for s in range(self.players) if self.told[s] & bit)
            self.stock.put_under([card], seen_by=knowers)
            self.told = [known & ~bit for known in self.told]

    # --- between deals: the bank and the pack ---------------------------------------------------------------
    def _next_holder(self, role: str, seat: int) -> int:
        order = self.seating.order_from(self.seating.next(seat))[:-1]
        return next((s for s in order if s in self.pontoons), seat)

    def _next_dealer(self) -> int:
        """The banker deals, from a pack shuffled after a pontoon, or else from the same pack with the last
        deal's table gathered under it (only when the game goes on, so the table stays in view at its end)."""
        if self.shuffle_next:
            self.stock = Stock(self._deck(PACK), name="pack")
        else:
            for hand in (*self.hands, self.bank):
                self._under(hand.cards, hand.seat, shown=False, seen=hand.shown)
        return self.roles["banker"]

    def _deal_shape(self, number: int) -> engine.DealShape:
        return DEAL_SHAPE


    # --- what each seat sees ------------------------------------------------------------------------------
    def playing(self, seat: int) -> tuple[int, ...]:
        """The cards of the hand ``seat`` is to stake on or play now (pack indices), or none: its own."""
        if seat not in self.to_move:
            return ()
        hand = self.bank if self.phase is Phase.BANK else self.hands[self.at]
        return hand.cards

    # --- the view ------------------------------------------------------------------------------------------
    def _banked(self, hand: Hand, seat: int | None, playing: bool) -> dict[str, Any]:
        """One hand as ``seat`` may know it: its own whole, another's face-up cards; its count in words."""
        seen = hand.mask if hand.seat == seat else hand.shown
        cards = [str(CARDS[c]) for c in hand.cards if seen >> c & 1]
        down = len(hand.cards) - len(cards)
        return {"seat": hand.seat, "cards": cards, "face_down": down,
                "stake": self.ledger.balance(hand.pot) if hand.pot else None,
                "total": count_words(seen, hand.status, whole=not down),
                "status": "to play" if playing and not self.is_over else hand.status}

    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        everyone = (*self.hands, self.bank)
        banker = self.roles["banker"]
        seats = []
        for s in range(self.players):
            mine = [h for h in everyone if h.seat == s]
            down = sum(1 for h in mine for c in h.cards if not h.shown >> c & 1)
            face_up = [t for h in mine for t in _shown(h)]
            # Each hand's stake and state stand beside it in the table's ``hands``, not again at its seat.
            seats.append(engine.seat_entry(s, held=down, chips=self.ledger.chips[s], face_up=face_up,
                                           role=self._titles(s), open_hand=bool(face_up) and not down))
        known = self.stock.known(seat)
        extra = {
            "banker": banker, "minimum": self.options["minimum"],
            "maximum": self.options["maximum"], "deals_in_game": self.hands_in_game,
            "stick_minimum": self.options["stick_minimum"],
            "hand_to_play": [] if seat is None else [str(CARDS[c]) for c in self.playing(seat)],
            "known_in_stock": [{"place": place, "card": str(CARDS[c])} for place, c in known],
            "known_holdings": [] if seat is None else [
                _cards_text(c for h in everyone if h.seat == s for c in h.cards if self.told[seat] >> c & 1).split()
                for s in range(self.players)],
            "shuffle_next": self.shuffle_next,
        }
        # Every hand once, the bank's first, then the players' in playing order from the banker's left, each with
        # its stake (the pot that holds its wager, so the pots are not shown again).
        hands = [self._banked(self.bank, seat, self.phase is Phase.BANK)]
        hands += [self._banked(h, seat, self.phase is Phase.PLAY and k == self.at) for k, h in enumerate(self.hands)]
        table = {"stock": len(self.stock), "hands": hands}
        hand = [] if seat is None else [str(CARDS[c]) for h in everyone if h.seat == seat for c in h.cards]
        return {"phase": self.phase, "hand": hand, "seats": seats, "table": table, "extra": extra}

    # --- sampled worlds ---------------------------------------------------------------------------------
    def _all_hands(self) -> list[Hand]:
        return [*self.hands, self.bank]

    def _unknown(self, seat: int) -> Unknown:
        unknown = Unknown(pool=0)
        for k, hand in enumerate(self._all_hands()):
            if hand.seat == seat:
                continue
            hidden = hand.mask & ~hand.shown
            if hidden:
                unknown.hide(("hand", k), hidden, known=hidden & self.told[seat], facts=(Holds(self._fits(hand)),),
                             ordered=False)
        self.stock.hide(unknown, seat)
        return unknown

    def _fits(self, hand: Hand) -> Callable[[int], bool]:
        """What the table knows of a hand's face-down cards, as a test of their mask."""
        shown, up, cards = hand.shown, hand.up, len(hand.cards)
        declared, stuck = hand.status == "pontoon", hand.status == "stuck"
        least = self.options["stick_minimum"]
        looked = hand.begun and cards >= 2

        def fits(hidden: int) -> bool:
            mask = hidden | shown
            if low_count(mask) > 21 or (stuck and total(mask) < least):
                return False
            if declared:
                return is_pontoon(mask)
            return not looked or any(not partners(up) >> c & 1 for c in bit_indices(hidden))

        return fits

    def _sample_unknown(self, seat: int, rng: random.Random) -> dict[Hashable, list[int]]:
        """Each hand's face-down cards drawn in turn, again until what is known of that hand holds (a joint
        draw would rarely meet every hand's count at a full table), then the pack's unknown places."""
        unknown = self._unknown_now(seat)
        for _ in range(20):
            deal = _deal_hands_first(unknown, rng)
            if deal is not None:
                return deal
        raise ValueError("no deal of the unseen cards fits what is known of the hands")

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        everyone = self._all_hands()
        seat = self.sampled_for if self.sampled_for is not None else 0
        for key, cards in deal.items():
            if not (isinstance(key, tuple) and key[0] == "hand"):
                continue
            k: int = key[1]
            hand = everyone[k]
            fixed = hand.shown | self.told[seat]
            # The first face-down place is the down card of the first two: a card that makes no pontoon
            # with the up card goes there, unless the hand declared one.
            fresh = sorted((c for c in cards if not fixed >> c & 1),
                           key=lambda c: bool(partners(hand.up) >> c & 1) != (hand.status == "pontoon"))
            laid = iter(fresh)
            placed = tuple(c if fixed >> c & 1 else next(laid) for c in hand.cards)
            if k == len(self.hands):
                self.bank = hand._replace(cards=placed)
            else:
                self.hands[k] = hand._replace(cards=placed)
        self.stock.place(deal)
        kept = self.told[seat] | sum(h.mask for h in everyone if h.seat == seat)
        self.told = [known if s == seat else known & kept for s, known in enumerate(self.told)]


def _deal_hands_first(unknown: Unknown, rng: random.Random) -> dict[Hashable, list[int]] | None:
    """One world: the hands with facts first, each drawn until its facts hold, then the rest at once."""
    pool = unknown.pool
    deal: dict[Hashable, list[int]] = {}
    rest = []
    for zone in unknown.zones:
        if not zone.facts:
            rest.append(zone)
            continue
        cards = bit_indices(pool)
        for _ in range(500):
            drawn = rng.sample(cards, zone.size)
            hand = zone.known | sum(1 << c for c in drawn)
            if all(fact.holds(hand) for fact in zone.facts):
                break
        else:
            return None
        deal[zone.key] = [*drawn, *bit_indices(zone.known)]
        pool &= ~sum(1 << c for c in drawn)
    deal.update(deal_unknown(Unknown(pool, rest), rng))
    return deal


def _shown(hand: Hand) -> list[str]:
    return [str(CARDS[c]) for c in hand.cards if hand.shown >> c & 1]


def _cards_text(cards: Any) -> str:
    return " ".join(str(CARDS[c]) for c in cards)


engine.register(INFO, PontoonState)
