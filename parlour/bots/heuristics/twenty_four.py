"""Twenty-Four: know every board's solutions, and be as quick as the level says.

The board is public, so a player who knows the table of every board's solutions (``solution_table``,
worked out once by the game's own solver) knows at a glance whether 24 can be made and how: it slaps a
solvable board and states a solution, and says ``none`` to an unsolvable one. It reads nothing of any
pile, which no one may see. What makes such a player beatable is time: its reaction (``pace``) is its
level's (easy slow, hard quick) stretched on a board with few solutions, and on one with none, which takes
a long look before giving up.

Taking a card back (two players, no solution), it keeps on the board the card whose value lies in the
largest share of solvable boards. Choosing whom to hear (four players), it picks the last to slap, the one
most likely to have slapped in haste. The playout habits (``habits``) play the same way, reading the
position through ``TwentyFourPosition`` only.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Protocol

from parlour.bots.heuristic import Position, habit_for, heuristic_for, pace_for, random_habit
from parlour.cards import Card
from parlour.engine.actions import Action
from parlour.engine.view import View
from parlour.games.twenty_four import (
    INDEX,
    NO_SOLUTION,
    ORDERS,
    SLAP,
    SUMS,
    VALUE,
    Form,
    Phase,
    Solve,
    forms,
    solution_table,
)


def _solutions(values: tuple[int, ...]) -> tuple[Solve, ...]:
    """The board's solutions as the sums to state, each with its cards in their places."""
    return tuple(Solve(term) for term in solution_table().get(tuple(sorted(values)), ()))


def _form_of(solve: Solve, values: tuple[int, ...]) -> Form:
    return Form(forms()[SUMS.encode(solve.expression, values) // ORDERS])


@cache
def _keep_worth() -> dict[int, int]:
    """For each value, how many solvable boards hold it: the card worth keeping on the board."""
    worth = dict.fromkeys(range(1, 11), 0)
    for board, found in solution_table().items():
        if found:
            for value in set(board):
                worth[value] += 1
    return worth


def _choose(phase: str, values: tuple[int, ...], form: str | None, legal: list[str], slapped: list[int],
            rng: random.Random) -> str:
    """The heuristic's choice, in notation, from what every seat sees."""
    found = _solutions(values) if 0 not in values else ()
    if phase == Phase.RACE:
        return str(SLAP) if found or str(NO_SOLUTION) not in legal else str(NO_SOLUTION)
    if phase == Phase.STATE:
        if form is None:
            return str(_form_of(found[0], values)) if found else rng.choice(legal)
        mine = [str(s) for s in found if str(_form_of(s, values)) == f"form {form}"]
        return mine[0] if mine else rng.choice(legal)
    if phase == Phase.HEAR:
        return f"hear {slapped[-1]}"
    worth = _keep_worth()   # take back the card least worth keeping
    return min(legal, key=lambda take: worth[VALUE[INDEX[Card.parse(take.split()[1])]]])


@heuristic_for("twenty-four")
def twenty_four(view: View, rng: random.Random) -> str:
    return _choose(view.phase, tuple(view.extra["values"]), view.extra["form"], view.legal_actions,
                   view.extra["slapped"], rng)


@pace_for("twenty-four")
def pace(view: View) -> float:
    """A race on a board with one solution takes twice the level's time, on one with many little more;
    with none, twice too (a long look before saying so)."""
    if view.phase != Phase.RACE:
        return 1.0
    found = _solutions(tuple(view.extra["values"]))
    return 1.0 + 2.0 / (1 + len(found)) if found else 2.0


# --- playout habits (IS-MCTS), reading the position ------------------------------------------------------
class TwentyFourPosition(Position, Protocol):
    @property
    def phase(self) -> Phase: ...
    @property
    def values(self) -> tuple[int, ...]: ...   # the board, public
    @property
    def form(self) -> int | None: ...
    @property
    def slapped(self) -> tuple[int, ...]: ...


@habit_for("twenty-four")
def habits(position: TwentyFourPosition, seat: int, rng: random.Random) -> Action:
    """The heuristic's own choices, now and then a random one, so that a search still meets the others."""
    if seat not in position.to_move or rng.random() < 0.1:
        return random_habit(position, seat, rng)
    legal = position.legal_actions(seat)
    form = None if position.form is None else forms()[position.form]
    choice = _choose(position.phase, position.values, form, [str(a) for a in legal], list(position.slapped), rng)
    return next(a for a in legal if str(a) == choice)

