"""Divide and Conquer by rule of thumb: guess what the opponent will lay, and lay what beats it.

Both hands are open, so the only question is which of its cards the opponent will lay next. Against a
player who lays uniformly at random nothing can help: whatever we do, every pairing of our cards with
theirs is equally likely, so random play is itself unbeatable and the most a bot can do is exploit habits.
This one watches the matches so far and weighs four simple habits by how well each explains them:
laying at random, laying the card that beats the most of ours, laying the highest, laying the lowest.
It then lays the card most likely to win this match, breaking ties at random.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from parlour.bots.heuristic import heuristic_for
from parlour.engine.view import View
from parlour.games.divide_and_conquer import match_winner

# A habit: given the opponent's cards and ours (values), how likely it is to lay each of its cards.
Habit = Callable[[Sequence[int], Sequence[int]], list[float]]


def _beats(mine: int, theirs: int) -> bool:
    return match_winner(mine, theirs) == 0


def _spread(chosen: list[bool]) -> list[float]:
    # A little of every card, so one surprising move never rules a habit out altogether.
    share = sum(chosen)
    return [0.1 / len(chosen) + 0.9 * c / share for c in chosen]


def _random(theirs: Sequence[int], mine: Sequence[int]) -> list[float]:
    return [1 / len(theirs)] * len(theirs)


def _greedy(theirs: Sequence[int], mine: Sequence[int]) -> list[float]:
    wins = [sum(_beats(t, m) for m in mine) for t in theirs]
    return _spread([w == max(wins) for w in wins])


def _highest(theirs: Sequence[int], mine: Sequence[int]) -> list[float]:
    return _spread([t == max(theirs) for t in theirs])


def _lowest(theirs: Sequence[int], mine: Sequence[int]) -> list[float]:
    return _spread([t == min(theirs) for t in theirs])


# Prior belief in each habit before any card is seen: most players reach for their strongest card.
HABITS: tuple[tuple[Habit, float], ...] = ((_random, 0.3), (_greedy, 0.4), (_highest, 0.15), (_lowest, 0.15))


def _beliefs(view: View, values: dict[str, int]) -> list[float]:
    """How well each habit explains the opponent's cards so far (posterior weights)."""
    me, dealt = (0 if view.seat is None else view.seat), view.extra["dealt"]
    weights = [prior for _, prior in HABITS]
    hands: dict[int, tuple[list[int], list[int]]] = {}
    for match in view.table["matches"]:
        half = match["half"]
        if half not in hands:
            # In the second half each player holds what the other was dealt.
            ours, others = (dealt[me], dealt[1 - me]) if half == 1 else (dealt[1 - me], dealt[me])
            hands[half] = ([values[c] for c in ours], [values[c] for c in others])
        mine, theirs = hands[half]
        laid_mine, laid_theirs = values[match["cards"][me]], values[match["cards"][1 - me]]
        k = theirs.index(laid_theirs)
        weights = [w * habit(theirs, mine)[k] for w, (habit, _) in zip(weights, HABITS, strict=True)]
        total = sum(weights)
        weights = [w / total for w in weights]
        mine.remove(laid_mine)
        theirs.remove(laid_theirs)
    return weights


@heuristic_for("divide-and-conquer")
def choose(view: View, rng: random.Random) -> str:
    values: dict[str, int] = view.extra["values"]
    theirs = [values[c] for entry in view.seats if entry["seat"] != view.seat for c in entry["face_up"]]
    mine = {action: values[action.split()[1]] for action in view.legal_actions}
    beliefs = _beliefs(view, values)
    likely = [0.0] * len(theirs)
    for belief, (habit, _) in zip(beliefs, HABITS, strict=True):
        for k, p in enumerate(habit(theirs, list(mine.values()))):
            likely[k] += belief * p
    score = {action: sum(p for t, p in zip(theirs, likely, strict=True) if _beats(m, t)) for action, m in mine.items()}
    best = max(score.values())
    return rng.choice([action for action, s in score.items() if s >= best - 1e-9])
