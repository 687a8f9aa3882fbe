"""Kabu: two to six players draw towards nine, counting only the last digit, and settle every difference.

Follows ``rules/source/kabu.txt`` (Sid Sackson's version for the 40-card pack) with the Kabu entry of
``rules/NOTES.md``: a hand scores the last digit of its total, 0 to 9, so that 10 and 20 score 0.
Chips move through the shared ledger (``parlour.mechanics.chips``) and the pairwise settlement of
``parlour.mechanics.banking``.

Choices where the texts are silent (each a default, recorded here and tested):

1. **A pass is final.** Drawing goes round from the dealer's left, one card or a pass a turn. A player who
   has passed, or has drawn twice, is skipped from then on; the drawing ends when everyone has done one
   or the other. (The text lets drawing go round until all have passed or drawn twice: we read a pass as
   ending that player's drawing for the deal, not as a turn let go.)
2. **The deal.** The last seat deals first, so that seat 0 plays first; the deal passes to the left after
   every deal, and the player on the dealer's left begins. Two cards each, one at a time from the
   dealer's left; the rest, face down, is the stock. Every deal is shuffled anew.
3. **What the others see.** Dealt and drawn cards lie face down. Until the show the others see only how
   many cards each player holds (so how many they drew) and who has passed. When the drawing ends
   everyone shows: the hands, their scores and the payments stay in the log's line for that deal and in
   ``extra["last_deal"]`` while the next deal is played.
4. **Starting stacks.** Option ``stake``; by default Sackson's 10 plus 15 for each player (40 each for two,
   100 each for six).
5. **Equal scores** pay each other nothing; each pair of players settles on its own, so a player may pay
   several others and be paid by several more in one deal.
6. **A player who cannot pay.** Each player's whole debt of the deal is reckoned before anything is paid;
   owing more chips than one holds is being unable to pay (owing exactly one's chips is not: the player
   pays and is left with none). Such a player pays no one, and the game ends after that deal. Everyone
   else settles as usual, and is paid what lower scores owe them even if they cannot pay themselves: the
   text excuses only the debtor's payments. Option ``others_settle`` (true) false: no chips move at all in
   that deal.
7. **Several at once.** When two or more players cannot pay in the same deal, each pays no one and the
   result names them all.
8. **The winner** holds the most chips when the game ends; equal stacks share the win.
9. **A safety end.** The text's game could in principle go on for ever, so option ``deals`` caps it (3,000
   by default, about three times the longest game measured; at the cap, most chips win). Measured at the
   default stacks, random play ends on a player who cannot pay after about 110 deals on average at two
   players, 30 at four and 18 at six (the longest of 2,000 two-player games: 583 deals), and the heuristic
   bots' games after about 170, 45 and 27 (the longest of 400 two-player games: 890). So the cap almost
   never binds.

Variants: none.

A prepared deal (``deal=``) is ``{"hands": [[2 cards] per seat], "stock": [cards, top first]}`` (the stock
may be left out or given in part: the cards not named follow in the seed's shuffled order), or a stacked
pack (``{"pack": [40 cards, top first]}``) dealt as in choice 2; a list of them prepares the first deals.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar

from parlour import engine
from parlour.cards import NUMBER_40, bit_indices
from parlour.engine import Action, ActionTable, IllegalAction, OutOfTurn, Pass, Reason, shown
from parlour.engine.view import kinds
from parlour.mechanics.banking import owed, pairwise_debts, settle_pairwise
from parlour.mechanics.chips import ChipsState, Entry, Ledger, worded
from parlour.mechanics.stock import Stock, deal_stock, stock_shape

RULES = """\
**Kabu** is a Japanese banking game, here in Sid Sackson's version for two to six players with the
40-card pack (ace to ten in four suits), settled in chips.

*The aim.* A hand scores the last digit of its total, aces 1 and the other cards their number: 7 and 6
make 13, which scores 3; 10 and 20 score 0. Nine is the best score.

*Stacks.* Everyone starts with the same number of chips: 10, and 15 more for every player at the table.

*The deal.* Two cards each, face down; the rest is the stock. The player on the dealer's left begins.

*Drawing.* In turn each player either takes a face-down card from the stock or passes. Passing ends your
drawing for the deal, and nobody takes more than two cards. It goes round until everyone has passed or
drawn twice.

*Settling.* Everyone shows. Each player pays every player with a higher score the difference between the
two scores. Then the deal passes to the left.

*The end.* When a player owes more than they hold, they pay no one and the game ends: the most chips win.
"""


@dataclass(frozen=True, kw_only=True)
class KabuOptions:
    stake: int | None = engine.option(None, "chips each player starts with (none given: 10 and 15 for each player)",
                                      kind=int, minimum=1, maximum=100_000, label="Chips each player starts with")
    others_settle: bool = engine.option(True, "when a player cannot pay, the others still settle that deal among "
                                              "themselves (false: no chips move in that deal)",
                                        label="Others settle when one cannot pay")
    deals: int = engine.option(3000, "the most deals played, a safety end: at the cap the most chips win",
                               minimum=1, maximum=10_000, label="Most deals (safety end)")


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw the stock's top card face down: the table sees that you drew, never what."""

    verb: ClassVar[str] = "draw"


PACK = NUMBER_40
CARDS = PACK.cards
VALUE = tuple(int(card.rank) for card in CARDS)
BIT = tuple(1 << index for index in range(len(PACK)))
HAND = 2           # cards dealt to each player
MOST_DRAWS = 2     # cards a player may draw
DRAW, PASS = Draw(), Pass()
ACTIONS = ActionTable([DRAW, PASS])
PAYMENT = "seat {payer} pays seat {payee} the difference, {amount}"

# A deal is at most two actions a seat (two draws, or a draw and a pass): 12 at six players, over at most
# the default 2,000 deals (choice 9).
INFO = engine.GameInfo(
    id="kabu", name="Kabu", family=("banking", "draw"), min_players=2, max_players=6, default_players=4,
    pack=PACK.name, rules_source=("kabu.txt",), summary=RULES, num_distinct_actions=len(ACTIONS),
    options=engine.option_specs(KabuOptions), max_actions=12 * 3000)


def score(hand: int) -> int:
    """The last digit of a hand's total (notes: 0 to 9, so 10 and 20 score 0)."""
    return sum(VALUE[card] for card in bit_indices(hand)) % 10


def cards_text(hand: int) -> str:
    return " ".join(str(CARDS[card]) for card in bit_indices(hand))


class Phase(engine.Phase):
    DRAW = "draw"
    OVER = "over"


class KabuState(engine.PhasedState[Phase], ChipsState):
    ACTION_KINDS = (Draw, Pass)
    ACTIONS = ACTIONS
    MUTABLE = ("hands", "drawn", "passed", "stock", "ledger")
    ZONES = kinds(stock="count", hands="banked")
    EXTRAS = kinds(dealer="seat", drawn="numbers", passed="seats", starting_stack="number",
                   deals="number", last_deal="records")

    # --- stacks and the deal ------------------------------------------------------------------------
    def _setup(self) -> None:
        n = self.players
        stake = self.options["stake"]
        self.starting_stack: int = 10 + 15 * n if stake is None else stake
        self.ledger = Ledger.start(n, self.starting_stack)
        self.hands_in_game = self.options["deals"]
        # The last deal shown: (hands, scores, chips won or lost), kept whole for the next deal's view.
        self.last_deal: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]] | None = None
        self.dealer = n - 1
        self._deal()

    def _deal(self) -> None:
        n = self.players
        self.hands, stock = deal_stock(self, PACK, HAND)
        self.stock = Stock(stock)
        self.drawn = [0] * n
        self.passed = [False] * n
        self.phase = Phase.DRAW
        self.to_move = (self.seating.next(self.dealer),)
        self._say("hand {}: seat {} deals two cards each, face down", self.hand_number, self.dealer)

    def _deal_shape(self, number: int) -> engine.DealShape:
        return stock_shape(PACK, HAND, self.players)

    # --- drawing --------------------------------------------------------------------------------------
    def _legal(self, seat: int) -> list[Action]:
        # A seat is to move only while it may still draw (choice 1), so both are always open to it.
        return [DRAW, PASS]

    def _check(self, seat: int, action: Action) -> None:
        if type(action) is not Draw and type(action) is not Pass:
            raise IllegalAction(f"Kabu has no '{action}': on your turn you draw or pass", rule="actions")

    def _out_of_turn(self, seat: object) -> OutOfTurn:
        """A player whose drawing is over is told why, in public facts only (choice 1 and the two-card limit)."""
        if isinstance(seat, int) and self.phase is Phase.DRAW:
            if self.passed[seat]:
                return OutOfTurn("you have passed, and a pass ends your drawing for this deal",
                                 rule="a pass is final")
            if self.drawn[seat] == MOST_DRAWS:
                return OutOfTurn("you have drawn two cards, the most a player may draw", rule="at most two draws")
        return super()._out_of_turn(seat)

    def _do(self, seat: int, action: Action) -> None:
        if type(action) is Draw:
            card, _ = self.stock.draw()
            self.hands[seat] |= BIT[card]
            self.drawn[seat] += 1
            self._say("you draw {}", CARDS[card], to=(seat,))
        else:
            self.passed[seat] = True
        self._next_turn(seat)

    def _next_turn(self, seat: int) -> None:
        """The next player round the table who may still draw; when there is none, everyone shows."""
        for k in range(1, self.players + 1):
            after = self.seating.next(seat, k)
            if not self.passed[after] and self.drawn[after] < MOST_DRAWS:
                self.to_move = (after,)
                return
        self._show()

    # --- the show and the settlement (the book's words) -----------------------------------------------
    def _show(self) -> None:
        """Everyone shows; each pays every higher score the difference, unless they cannot pay it all."""
        ledger, n = self.ledger, self.players
        hands = tuple(self.hands)
        scores = tuple(score(hand) for hand in hands)
        debts = pairwise_debts(scores)
        owes = owed(debts, n)
        short = ledger.cannot_pay(owes)
        if short:
            debts = [debt for debt in debts if debt[0] not in short] if self.options["others_settle"] else []
        shortfall = tuple((seat, owes[seat], ledger.chips[seat]) for seat in short)
        mark = ledger.mark()
        settle_pairwise(ledger, debts, PAYMENT)
        changes = tuple(ledger.net_since(mark))
        self.last_deal = (hands, scores, changes)
        self._finish_hand(engine.HandResult(self.hand_number, changes,
                                            explain=partial(_explained, ledger.since(mark), hands, scores, shortfall)))
        if short:
            self._end_early(short[0] if len(short) == 1 else None, _cannot_pay(shortfall))
        else:
            self._next_deal()


    # --- what each seat sees -----------------------------------------------------------------------
    def _status(self, seat: int) -> str:
        """A hand's state in the drawing: passed, drew twice, to play, or nothing yet."""
        if self.phase is not Phase.DRAW or shown.deal_over(self):
            return ""
        if self.passed[seat]:
            return "passed"
        if self.drawn[seat] == MOST_DRAWS:
            return "drew twice"
        return "to play" if seat in self.to_move else ""

    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        n = self.players
        # Each hand's state stands beside it in the table's ``hands``; the seat keeps its titles.
        seats = [engine.seat_entry(s, held=self.hands[s].bit_count(), chips=self.ledger.chips[s],
                                   role=self._titles(s)) for s in range(n)]
        extra: dict[str, Any] = {
            "dealer": self.dealer, "drawn": list(self.drawn), "passed": [s for s in range(n) if self.passed[s]],
            "starting_stack": self.starting_stack, "deals": self.hands_in_game, "last_deal": self._last_shown(),
        }
        hand = [] if seat is None else [str(CARDS[card]) for card in bit_indices(self.hands[seat])]
        # Every hand once, from the dealer's left: your own with its score; when the drawing ends everyone
        # shows (choice 3), each hand face up with its score.
        shows = shown.deal_over(self)
        order = self.seating.order_from(self.seating.next(self.dealer))
        table = {"stock": len(self.stock), "hands": [self._banked(s, shows or s == seat) for s in order]}
        return {"phase": self.phase, "hand": hand, "seats": seats, "table": table, "extra": extra}

    def _banked(self, seat: int, seen: bool) -> dict[str, Any]:
        """One hand: its cards and score where the viewer may see them, else how many cards it holds."""
        hand = self.hands[seat]
        return {"seat": seat, "cards": cards_text(hand).split() if seen else [],
                "face_down": 0 if seen else hand.bit_count(), "stake": None,
                "total": str(score(hand)) if seen else None, "status": self._status(seat)}

    def _last_shown(self) -> list[dict[str, Any]]:
        """The hands shown at the end of the last deal, with their scores and what each won or lost."""
        if self.last_deal is None:
            return []
        hands, scores, changes = self.last_deal
        return [{"seat": s, "cards": cards_text(hands[s]).split(), "score": scores[s], "chips": changes[s]}
                for s in range(self.players)]

    def _unknown(self, seat: int) -> engine.Unknown:
        unknown = engine.Unknown(pool=0)
        if self.phase is Phase.DRAW and not shown.deal_over(self):   # once over, every hand has been shown
            for other in range(self.players):
                if other != seat:
                    unknown.hide(other, self.hands[other], ordered=False)
        self.stock.hide(unknown, seat)
        return unknown

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        for key, cards in deal.items():
            if isinstance(key, int):
                self.hands[key] = sum(BIT[card] for card in cards)
        self.stock.place(deal)


def _explained(entries: Sequence[Entry], hands: Sequence[int], scores: Sequence[int],
               shortfall: Sequence[tuple[int, int, int]]) -> tuple[tuple[Reason, ...], str]:
    """A deal in words, made only when read: every hand shown with its score, then every payment."""
    shown = "; ".join(f"seat {s} shows {cards_text(hand)}: {scores[s]}" for s, hand in enumerate(hands))
    paid = "; ".join(entry.reason for entry in entries) or "no one pays"
    excused = "".join(f"; seat {seat} cannot pay and pays no one" for seat, _, _ in shortfall)
    return worded(entries, f"{shown}; {paid}{excused}")


def _cannot_pay(shortfall: Sequence[tuple[int, int, int]]) -> str:
    """Why the game ends: "seat 2 cannot pay the 7 chips owed, holding 3"."""
    return " and ".join(f"seat {seat} cannot pay the {amount} chips owed, holding {chips}"
                        for seat, amount, chips in shortfall)


engine.register(INFO, KabuState)
