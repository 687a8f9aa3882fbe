"""East-West: two players build three poker hands each, row by row, around three shared board cards.

Follows ``rules/source/east-west.txt`` (Reiner Knizia's game from *Kartenspiele im Wilden Westen*) with the
East-West bullets of ``rules/NOTES.md``. Everything placed lies face up; the only secrets are the order
of the stock and, for a moment, the card just drawn.

Choices where the texts are silent (each a default, recorded here and tested):

1. Seat 0 plays West, seat 1 East, for the whole match. Seat 0 deals the first game and the deal
   alternates; the nondealer places first, as the text says.
2. The draw is the engine's own step, not a player's action: when a seat's turn comes it draws the top
   card of the stock, sees it, and its one action is where to put it, ``row 1``, ``row 2`` or ``row 3``
   (rows count from the top, next to the stock).
3. The card drawn is seen by its drawer only until it is placed, a moment later, face up; the other
   seat and onlookers read "draws a card". So a sampled world deals that card and the stock anew, and
   nothing else: every placed card and the board are public.
4. A row is full with four cards on one's own side (five with the board card); a full row refuses
   another card, naming the rule, and when only one row has room it is still the player's action.
5. The hands rank as in poker with the 32-card pack: ace high, and A-7-8-9-10 is the lowest straight
   (the ace playing under the 7). Option ``wheel=False`` counts no ace-low straight at all; the
   variant ``flush-over-full-house`` ranks a flush above a full house, the other reading of the notes.
6. A row whose two hands are worth exactly the same is drawn (the board card is in both). The game is
   won only by winning two rows, as the text says; with one row each, or no more than one row won, the
   game is drawn. Option ``most_rows=True`` gives a game with one row won and two drawn to its winner.
7. A match is ``games`` games (one by default); a won game scores 1, a drawn one nothing, and the seat
   with more games won wins the match (equal: both share it).
8. The five cards left in the stock when the rows are full are never shown.

A prepared deal is a stacked pack, ``deal={"pack": [32 cards, top first]}``: the first three are the board
cards, top row first, and the rest are the stock, drawn from the top (a list gives one for each game of a
match); no other form is taken.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, ClassVar

from parlour import engine
from parlour.cards import PIQUET_32, Card
from parlour.engine import Action, ActionSpace, FieldAction, IllegalAction, Numbers, Reason, shown
from parlour.engine.view import kinds
from parlour.mechanics.poker import (
    HIGH_32,
    HIGH_32_FLUSH_OVER_FULL_HOUSE,
    HighRules,
    describe,
    grouped_value,
    high_value,
)
from parlour.mechanics.stock import Stock

RULES = """\
**East–West** is a two-player poker puzzle with no betting: each player builds three five-card hands,
one on each of three rows, and tries to beat the other on two rows of the three.

*The pack.* Thirty-two cards, 7 to ace in each suit. Three cards are dealt face up in a column: the
board cards, one per row. The rest form the stock.

*Placing.* The nondealer begins. On your turn you take the top card of the stock and lay it face up on
your side of one of the rows; then the other player does the same on theirs. A row's hand is its board
card with the cards on your side of it, so each board card belongs to both players' hands. Once your side
of a row holds four cards, that hand is made and the row takes no more from you.

*The showdown.* When both players have filled all three rows, each row's two hands are compared by the
usual poker ranking for the short pack: straight flush, four of a kind, full house, flush, straight,
three of a kind, two pair, one pair, high card. The ace is high, but may also sit below the 7 in the
straight A-7-8-9-10, the lowest. Hands of exactly equal worth draw their row. Whoever wins two of the
three rows wins the game; otherwise it is drawn.

*Variant* `flush-over-full-house`: with so few ranks a flush is harder to make than a full house, so some
players rank it above the full house.
"""

PACK = PIQUET_32
ROWS = 3
ROW_SIZE = 4  # cards on one side of a row, beside the board card
SIDES = ("West", "East")
NO_CARD = -1
FLUSH_OVER = "flush-over-full-house"
# A prepared deal is a stacked pack and nothing else: the board cards and the stock are the pack's order.
DEAL_SHAPE = engine.DealShape(PACK, 'a stacked pack, {"pack": [the 32 cards, top first]}', hands=False, stacked=True)


@dataclass(frozen=True, kw_only=True)
class EastWestOptions:
    games: int = engine.option(1, "games in the match; the deal alternates, and more games won wins the match",
                               minimum=1, maximum=99, label="Games in the match")
    wheel: bool = engine.option(True, "A-7-8-9-10 is a straight, the lowest; False: the ace is only high",
                                label="A-7-8-9-10 is a straight")
    most_rows: bool = engine.option(False, "a game with one row won and the other two drawn goes to the player who "
                                           "won that row; by the book a game needs two rows won",
                                    label="One row won and two drawn wins")


INFO = engine.GameInfo(
    id="east-west", name="East–West", family=("poker", "placement"), min_players=2, max_players=2,
    pack=PACK.name, rules_source=("east-west.txt",), summary=RULES, num_distinct_actions=ROWS,
    variants=(FLUSH_OVER,), options=engine.option_specs(EastWestOptions), max_actions=99 * 2 * ROWS * ROW_SIZE)


@dataclass(frozen=True, slots=True)
class Row(FieldAction):
    """Lay the card you drew on your side of this row (1 is the top row).

    Laying the card just drawn on one's own side of a row (1 is the top row).
    """

    verb: ClassVar[str] = "row"
    FIELDS = (Numbers(1, ROWS, "row"),)
    row: int


ACTIONS = ActionSpace(Row)
PLACES = tuple(Row(r) for r in range(1, ROWS + 1))


@cache
def hand_rules(flush_over_full_house: bool, wheel: bool) -> HighRules:
    """The ranking a game plays by, from its variant and its ``wheel`` option."""
    rules = HIGH_32_FLUSH_OVER_FULL_HOUSE if flush_over_full_house else HIGH_32
    return rules if wheel else replace(rules, name=f"{rules.name}, no ace-low straight", ace_low=False)


# Every ranking the game can play by, under the name its views show.
RANKINGS = {rules.name: rules for rules in (hand_rules(f, w) for f in (False, True) for w in (True, False))}


class Phase(engine.Phase):
    PLACE = "place"
    OVER = "over"


class EastWestState(engine.PhasedState[Phase]):
    ACTION_KINDS = ACTIONS.kinds
    ACTIONS = ACTIONS
    # rows[seat * ROWS + row]: the mask of the cards on that seat's side of that row (row counted from 0).
    MUTABLE = ("rows", "stock", "won")
    ZONES = kinds(rows="records", stock="count", shown="shown")
    EXTRAS = kinds(dealer="seat", sides="texts", ranking="text", games="number", most_rows="flag")

    # --- deal --------------------------------------------------------------------------------------
    def _setup(self) -> None:
        self.rules = hand_rules(self.variant == FLUSH_OVER, self.options["wheel"])
        self.hands_in_game = self.options["games"]
        self.won = [0, 0]
        self.dealer = 0
        self._deal()

    def _deal(self) -> None:
        deck = self._deck(PACK)
        self.board: tuple[int, ...] = tuple(deck[:ROWS])
        self.stock = Stock(deck[ROWS:])
        self.rows = [0] * (2 * ROWS)
        self.phase = Phase.PLACE
        self._say("{} deals; the board cards are {}", SIDES[self.dealer],
                  ", ".join(f"row {r + 1}: {PACK.cards[c]}" for r, c in enumerate(self.board)))
        self._draw(1 - self.dealer)

    def _deal_shape(self, number: int) -> engine.DealShape:
        return DEAL_SHAPE

    def _draw(self, seat: int) -> None:
        """The seat's turn begins with the top card of the stock, which it alone sees until it places it."""
        self.drawn = self.stock.draw()[0]
        self.to_move = (seat,)
        self._say("seat {} draws a card", seat)
        self._say("you drew {}", PACK.cards[self.drawn], to=(seat,))

    # --- placing -----------------------------------------------------------------------------------
    def _room(self, seat: int, row: int) -> bool:
        return self.rows[seat * ROWS + row].bit_count() < ROW_SIZE

    def _legal(self, seat: int) -> list[Action]:
        return [PLACES[r] for r in range(ROWS) if self._room(seat, r)]

    def _check(self, seat: int, action: Action) -> None:
        if type(action) is not Row:
            raise IllegalAction(f"the only action in East–West is to place the card drawn on a row, not {action}",
                                rule="place the card drawn")
        if not self._room(seat, action.row - 1):
            raise IllegalAction(f"row {action.row} is full: your side of it already holds {ROW_SIZE} cards",
                                rule="a full row takes no more cards")

    def _do(self, seat: int, action: Action) -> None:
        row = action.row - 1  # type: ignore[attr-defined]
        card, self.drawn = self.drawn, NO_CARD
        self.rows[seat * ROWS + row] |= 1 << card
        self._say("seat {} places {} on row {}", seat, PACK.cards[card], row + 1)
        if sum(side.bit_count() for side in self.rows) < 2 * ROWS * ROW_SIZE:
            self._draw(1 - seat)
        else:
            self._showdown()

    # --- the showdown ------------------------------------------------------------------------------
    def hand(self, seat: int, row: int) -> list[Card]:
        """The cards of a seat's hand on a row (counted from 0): the board card, then its side's cards."""
        return [PACK.cards[self.board[row]], *PACK.cards_in(self.rows[seat * ROWS + row])]

    def _showdown(self) -> None:
        values = [[high_value(self.hand(s, r), self.rules) for r in range(ROWS)] for s in (0, 1)]
        row_winners = tuple(_better(values[0][r], values[1][r]) for r in range(ROWS))
        winner = game_winner(row_winners, self.options["most_rows"])
        changes = (int(winner == 0), int(winner == 1))
        if winner is not None:
            self.won[winner] += 1
        rules = self.rules
        self._finish_hand(engine.HandResult(
            self.hand_number, changes, explain=lambda: _words(values, row_winners, winner, rules),
            winners=() if winner is None else (winner,)))
        self._next_deal()

    def scores(self) -> list[int]:
        return list(self.won)

    def _result(self) -> engine.Result:
        return engine.result_by_score(self.won, lowest_wins=False, unit="games won")

    # --- what each seat sees ------------------------------------------------------------------------
    def _row_facts(self, row: int) -> dict[str, Any]:
        facts: dict[str, Any] = {"row": row + 1, "board": str(PACK.cards[self.board[row]])}
        for seat, side in enumerate(SIDES):
            cards = self.hand(seat, row)
            facts[side.lower()] = [str(c) for c in cards[1:]]
            facts[f"{side.lower()}_hand"] = self._standing(cards)
        return facts

    def _standing(self, cards: Sequence[Card]) -> str:
        if len(cards) == ROW_SIZE + 1:
            return describe(high_value(cards, self.rules), self.rules)
        return describe(grouped_value(cards, self.rules), self.rules) + " so far"

    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        seats = []
        for s, side in enumerate(SIDES):
            placed = [str(c) for r in range(ROWS) for c in PACK.cards_in(self.rows[s * ROWS + r])]
            status = ", ".join((side, *(["dealer"] if s == self.dealer else [])))
            seats.append(engine.seat_entry(s, held=int(self.to_move == (s,) and self.drawn != NO_CARD), face_up=placed,
                                           status=status))
        table: dict[str, Any] = {"rows": [self._row_facts(r) for r in range(ROWS)], "stock": len(self.stock)}
        # At the showdown each row's two poker hands, the board card with each side's four, named.
        table |= shown.at_deal_end(self, lambda: [
            shown.hand(s, cards, f"row {r + 1}: {self._standing(cards)}")
            for r in range(ROWS) for s in (0, 1) for cards in [self.hand(s, r)]])
        # The card just drawn is the drawer's only card in hand, until it places it.
        drawing = seat is not None and self.to_move == (seat,) and self.drawn != NO_CARD
        hand = [str(PACK.cards[self.drawn])] if drawing else []
        extra = {"dealer": self.dealer, "sides": list(SIDES), "ranking": self.rules.name,
                 "games": self.hands_in_game, "most_rows": self.options["most_rows"]}
        return {"phase": self.phase, "hand": hand, "seats": seats, "table": table, "extra": extra}

    def _unknown(self, seat: int) -> engine.Unknown:
        """Only the stock's order and the other seat's card just drawn are hidden: all else lies face up."""
        unknown = engine.Unknown(0)
        if self.to_move and self.to_move != (seat,) and self.drawn != NO_CARD:
            unknown.hide("drawn", 1 << self.drawn)
        self.stock.hide(unknown, seat)
        return unknown

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        if "drawn" in deal:
            self.drawn = deal["drawn"][0]
        self.stock.place(deal)


def _better(west: int, east: int) -> int | None:
    """The seat whose hand wins a row, or None for a drawn row."""
    return None if west == east else 0 if west > east else 1


def game_winner(row_winners: Sequence[int | None], most_rows: bool = False) -> int | None:
    """Who wins the game from the rows' winners: two rows won; or, with ``most_rows``, one row against none."""
    for seat in (0, 1):
        mine, theirs = row_winners.count(seat), row_winners.count(1 - seat)
        if mine >= 2 or (most_rows and mine > theirs):
            return seat
    return None


def _words(values: Sequence[Sequence[int]], row_winners: Sequence[int | None], winner: int | None,
           rules: HighRules) -> tuple[tuple[Reason, ...], str]:
    """Each row's outcome, and the game's in one line: "East wins rows 1 and 3: ..."."""
    reasons = []
    for r, row_winner in enumerate(row_winners):
        west, east = (describe(values[s][r], rules) for s in (0, 1))
        if row_winner is None:
            text = f"row {r + 1} drawn: {west} each"
        else:
            mine, theirs = (west, east) if row_winner == 0 else (east, west)
            text = f"{SIDES[row_winner]} wins row {r + 1}: {mine} against {theirs}"
        reasons.append(Reason(row_winner, 0, text))
    rows = "; ".join(reason.text for reason in reasons)
    if winner is None:
        return tuple(reasons), f"drawn game: {rows}"
    won = [str(r + 1) for r, w in enumerate(row_winners) if w == winner]
    plural = f"rows {' and '.join(won)}" if len(won) > 1 else f"row {won[0]}"
    reasons.append(Reason(winner, 1, f"{SIDES[winner]} wins the game with {plural}"))
    return tuple(reasons), f"{SIDES[winner]} wins {plural}, and the game: {rows}"


engine.register(INFO, EastWestState)
