"""East-West by expected row strength: try the card on each open row and finish the rows at random.

The placement is a puzzle of futures: a pair on row 1 now may be worth less than a flush draw kept open on
row 3. For each row the card may go to, the bot deals the cards it has not seen into every empty place
left, its own and the opponent's, many times over, and scores each finished board: a game won counts 1,
a game lost -1, and each row won or lost a little, to break ties between boards that decide nothing. The
same deals serve every candidate row, so the comparison between rows is not blurred by luck. It reads
the view alone: the rows are face up, and the unseen cards are what the pack holds besides.

The expert plays the same judgement over many more boards (``choose_considered``, registered with
``considered_for``): forty boards are noisy enough to pick a worse row now and then.

A search's playouts use cheaper habits: a card goes where its rank pairs or its suit still makes a flush.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from parlour.bots.heuristic import Position, considered_for, habit_for, heuristic_for, random_habit
from parlour.cards import Card
from parlour.engine.actions import Action
from parlour.engine.view import View
from parlour.games.east_west import PACK, PLACES, RANKINGS, ROW_SIZE, ROWS, SIDES, game_winner
from parlour.mechanics.poker import HighRules, high_value

SAMPLES = 40          # finished boards per decision, shared by every candidate row
# The expert's: the same judgement with the noise of 40 boards all but gone. Over random positions, the row
# picked from 40 boards was worth 0.016 less (a game won counting 1, lost -1) than the best row by 3,000
# boards, at about ten decisions a seat a game; 1,500 boards take about a quarter of a second.
CONSIDERED_SAMPLES = 1500
ROW_WEIGHT = 0.2      # a row won, beside a game won


def _rows(view: View) -> tuple[list[Card], list[list[Card]], list[list[Card]]]:
    """The board cards, then my side's and the other side's cards, row by row."""
    me = view.seat if view.seat is not None else 0
    mine, theirs = SIDES[me].lower(), SIDES[1 - me].lower()
    rows = view.table["rows"]
    board = [Card.parse(r["board"]) for r in rows]
    return (board, [[Card.parse(c) for c in r[mine]] for r in rows],
            [[Card.parse(c) for c in r[theirs]] for r in rows])


def _fill(rows: Sequence[list[Card]], cards: Sequence[Card]) -> tuple[list[list[Card]], int]:
    """The rows completed from ``cards`` in order, and how many were used."""
    used = 0
    out = []
    for row in rows:
        need = ROW_SIZE - len(row)
        out.append([*row, *cards[used:used + need]])
        used += need
    return out, used


def _worth(mine: Sequence[int], theirs: Sequence[int], most_rows: bool) -> float:
    winners = [None if m == t else 0 if m > t else 1 for m, t in zip(mine, theirs, strict=True)]
    game = game_winner(winners, most_rows)
    score = 0.0 if game is None else 1.0 if game == 0 else -1.0
    return score + ROW_WEIGHT * (winners.count(0) - winners.count(1))


@heuristic_for("east-west")
def choose(view: View, rng: random.Random) -> str:
    return place(view, rng, SAMPLES)


@considered_for("east-west")
def choose_considered(view: View, rng: random.Random) -> str:
    return place(view, rng, CONSIDERED_SAMPLES)


def place(view: View, rng: random.Random, samples: int) -> str:
    """The row whose finished boards score best over ``samples`` random finishes shared by every row."""
    if len(view.legal_actions) == 1:
        return view.legal_actions[0]
    rules: HighRules = RANKINGS[view.extra["ranking"]]
    board, mine, theirs = _rows(view)
    drawn = Card.parse(view.hand[0])
    seen = {*board, drawn, *(c for row in mine for c in row), *(c for row in theirs for c in row)}
    unseen = [c for c in PACK if c not in seen]
    candidates = [int(action.split()[1]) - 1 for action in view.legal_actions]
    totals = dict.fromkeys(candidates, 0.0)
    for _ in range(samples):
        rng.shuffle(unseen)
        their_rows, used = _fill(theirs, unseen)
        their_values = [high_value([board[r], *their_rows[r]], rules) for r in range(ROWS)]
        rest = unseen[used:]
        for row in candidates:
            placed = [[*cards, drawn] if r == row else cards for r, cards in enumerate(mine)]
            my_rows, _ = _fill(placed, rest)
            my_values = [high_value([board[r], *my_rows[r]], rules) for r in range(ROWS)]
            totals[row] += _worth(my_values, their_values, view.extra["most_rows"])
    best = max(totals.values())
    return rng.choice([f"row {row + 1}" for row, total in totals.items() if total >= best - 1e-9])


class EastWestPosition(Position, Protocol):
    """What the playout habits read: the board cards and every side of every row (all face up), and the
    card the seat to move has just drawn (its own)."""

    @property
    def board(self) -> Sequence[int]: ...

    @property
    def rows(self) -> Sequence[int]: ...

    @property
    def drawn(self) -> int: ...


@habit_for("east-west")
def habits(position: EastWestPosition, seat: int, rng: random.Random) -> Action:
    """Quick placements for a search's playouts: the drawn card joins a row where its rank already lies
    (a pair or more), else one whose cards are all of its suit (a flush kept alive), else any open row;
    now and then any open row, so that a search still meets the rest."""
    legal = position.legal_actions(seat)
    if len(legal) == 1 or seat not in position.to_move or rng.random() < 0.1:
        return random_habit(position, seat, rng)
    card = PACK.cards[position.drawn]
    open_rows = [PLACES.index(action) for action in legal]

    def cards(row: int) -> list[Card]:
        return [PACK.cards[position.board[row]], *PACK.cards_in(position.rows[seat * ROWS + row])]

    pairs = [r for r in open_rows if any(c.rank == card.rank for c in cards(r))]
    flushes = [r for r in open_rows if all(c.suit == card.suit for c in cards(r))]
    for rows in (pairs, flushes):
        if rows:
            return PLACES[rng.choice(rows)]
    return random_habit(position, seat, rng)
