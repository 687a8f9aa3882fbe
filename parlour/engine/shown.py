"""What the rules show at a deal's end, laid face up in its place (issue 38).

When a deal is over, many books have cards turned up: the four hands of a bridge deal as a hand record,
the poker hands at the showdown with their names, the winner's hand, the stub and the hands left, the
hands counted against their holders at the end of a rummy game. The log has always said so in words; the
table shows the cards themselves in the view's table zone ``shown`` (kind ``"shown"``): a list of
``{seat, cards, label}``, one entry for each seat's cards shown (``seat`` None for cards of no seat, such
as a stub, which ``label`` then names), ``label`` the words for them where the book has any (``8-6-4-2-A``,
``pontoon``), or empty.

The zone appears only once the deal is over: in the state stopped at the deal's end (``halted``, which a
table pauses on) and in the game's final state, never while the deal is played, so it cannot leak a card
the rules still hide. A game fills it in a line, in its ``_view_parts``::

    table |= shown.at_deal_end(self, lambda: [shown.hand(s, self.hands[s]) for s in self.counted])

and, where the cards shown would otherwise still count as hidden, leaves them out of ``_unknown`` once the
deal is over (``shown.deal_over``), so that a sampled world keeps them where the view shows them.

>>> from parlour.engine.view import fits
>>> fits("shown", [hand(0, ["2C", "AS"], "pair"), hand(None, [], "stub")])
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from parlour.cards import Card

if TYPE_CHECKING:
    from parlour.engine.state import State

ZONE = "shown"

Shown = dict[str, Any]


def deal_over(state: State) -> bool:
    """Whether the deal on view is over: the state stopped at its end (``halted``) or the game over. A state
    goes from a deal's last action straight into the next deal, so these are the only states that show one
    as it ended."""
    return not state.to_move


def hand(seat: int | None, cards: Iterable[Card | str], label: str = "") -> Shown:
    """One seat's cards shown (``seat`` None: cards of no seat, named by ``label``), in the order given."""
    return {"seat": seat, "cards": [str(card) for card in cards], "label": label}


def at_deal_end(state: State, entries: Callable[[], Iterable[Shown]]) -> dict[str, list[Shown]]:
    """The table zone of the cards the rules show, once the deal is over (``{}`` before, and where the rules
    show nothing): merge it into the view's table. ``entries`` is called only then, so a view in play pays
    nothing for it."""
    if not deal_over(state):
        return {}
    shown = list(entries())
    return {ZONE: shown} if shown else {}
