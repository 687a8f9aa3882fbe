"""A finished deal as it stood at its end, before the next deal was dealt.

A state moves on from a deal's last action straight into the next deal: the cards of the last trick, the
melds laid and the totals the deal left are gone from its view before anyone has looked at them. A table
that wants to pause there (the browser's score sheet at the end of a deal) asks for the deal as it ended:
the action that ended it applied to a copy that stops there (``halted``, as a search's rollout stops), whose
views are the views the seats had at that moment, and so hold only what each seat could see.

``finish_deal`` does this for one action, at the cost of a clone; ``deal_ends`` for every finished deal of a
game, by replaying it once.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from parlour.engine.actions import Action
    from parlour.engine.state import State


class DealEnd(NamedTuple):
    """Deal ``number`` (1-based): the state just before the action that ended it, and the state just after,
    stopped at the deal's end (the game's end, for its last deal)."""

    number: int
    before: State
    after: State


def finish_deal(before: State, seat: int, action: Action | str) -> State:
    """A copy of ``before`` with ``seat``'s ``action`` applied (checked as ``apply`` checks it), stopped at the
    end of the deal it finishes: the next deal is not dealt. ``before`` is unchanged."""
    after = before.clone()
    after._halting = True
    try:
        after.apply(seat, action)
    finally:
        after._halting = False
    return after


def deal_ends(state: State) -> Iterator[DealEnd]:
    """Every finished deal of ``state``'s game, oldest first, found by replaying its history from the start:
    one replay of the game and one clone per deal. A deal ended by the same action as the deal before it
    (thrown in as it was dealt) has no moment of its own and is left out."""
    from parlour.engine.registry import new_game

    ends: dict[int, int] = {}
    for number, (start, _) in enumerate(state._deal_starts[1:], 1):
        ends.setdefault(start - 1, number)
    if not ends:
        return
    replayed = new_game(state.info.id, players=state.players, variant=state.variant, seed=state.seed,
                        **state.options)
    for position in range(max(ends) + 1):
        seat, action = state._entry(position)
        ended = ends.get(position)
        if ended is not None:
            after = finish_deal(replayed, seat, action)
            if len(after.hand_results) == ended:
                yield DealEnd(ended, replayed.clone(), after)
        replayed.apply(seat, action)
