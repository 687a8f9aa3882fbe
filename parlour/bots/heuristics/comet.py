"""Comet: lead first the cards that only your own lead can ever shed, and keep the comet for when it
brings the play back to you.

Most moves are forced (the next card of a run, a window declined). The choices are the free lead, which
card to go on with after the comet when holding both, and when to play the comet. A lead is worth the
cards of its run that we would play ourselves, one after the other; a little more if the run then ends at
a card we know to be out of play (played already, set aside face up, shown by a stop to lie in no hand,
or past the king or the 7♦), since we begin again; and most of all if no one else can ever bring the card
out (an ace, or a card whose lower neighbour is out of play): only our own lead will ever shed it.
Leading from the middle of our own sequence, stranding the cards below, costs as much. Kings keep the
lead, and leading them early spares the two points a king left unplayed gives the deal's winner. The
comet comes in when it is our last card (we go out), when everything that could go on after it is ours
or out of play (the play comes back to us), or when an opponent is close to going out (a comet left in
hand costs a point).

The playout habits (``habits``, for IS-MCTS) decline fast, play forced cards at once, and lead by the same
rule, reading the position only through ``CometPosition`` and only what their seat may know.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol

from parlour.bots.heuristic import CardPosition, habit_for, heuristic_for
from parlour.cards import Card, bit_indices
from parlour.engine.actions import Action
from parlour.engine.claims import NO_CLAIM, ClaimWindow
from parlour.engine.view import View
from parlour.games.comet import CLAIM_COMET, COMET, COMET_BIT, NEXT_DOWN, NEXT_UP, PACK, PLAYS, TEN_OF_DIAMONDS

# What beginning a new run is worth against one card shed (tuned against random play: 3 beat 0 and 10).
CONTROL = 3
# What shedding a card no one else can ever lead up to is worth.
BOTTOM = 10
# An opponent this close to going out makes the comet worth playing at once.
DANGER = 2


def run_of(card: int, hand: int) -> tuple[int, int]:
    """The cards of ``hand`` that play one after the other from ``card`` up its suit (the comet's run
    going on through the 10♦), and the card after them, as (count, next card or -1)."""
    count, at = 1, card
    while True:
        up = TEN_OF_DIAMONDS if at == COMET else NEXT_UP[at]
        if up < 0 or not hand >> up & 1:
            return count, up
        count, at = count + 1, up


def lead_value(card: int, hand: int, gone: int) -> int:
    """What leading ``card`` is worth: its run's cards from our hand, the lead back if it stops at a card
    known to be out of play (``gone``: played, or set aside face up), and more if no one else can ever
    bring it out (the card below is out of play, or there is none); less if the card below is ours and
    would be left behind."""
    count, up = run_of(card, hand)
    keeps = up < 0 or bool(gone >> up & 1)
    down = NEXT_DOWN[card]
    bottom = down < 0 or bool(gone >> down & 1)
    below_ours = down >= 0 and bool(hand >> down & 1)
    comet_kept = card == COMET and not hand >> TEN_OF_DIAMONDS & 1
    return count + CONTROL * keeps + BOTTOM * bottom - BOTTOM * below_ours - CONTROL * comet_kept


def best_lead(mask: int, hand: int, gone: int, rng: random.Random) -> int:
    return max(bit_indices(mask), key=lambda c: (lead_value(c, hand, gone), rng.random()))


def comet_pays(hand: int, gone: int, awaited: int, fewest_other: int) -> bool:
    """Whether to play the comet now (holding it): it is our last card; or every card that could go on
    after it (the 10♦, the run's awaited card) is ours or out of play, so the play comes back to us; or an
    opponent is about to go out."""
    if hand == COMET_BIT:
        return True
    may = {TEN_OF_DIAMONDS} | ({awaited} if awaited >= 0 else set())
    ours = [c for c in may if not gone >> c & 1]
    if ours and all(hand >> c & 1 for c in ours):
        return True
    return fewest_other <= DANGER


def _mask(cards: Iterable[str]) -> int:
    return PACK.mask(Card.parse(card) for card in cards)


@heuristic_for("comet")
def comet(view: View, rng: random.Random) -> str:
    hand = _mask(view.hand)
    gone = _mask(view.table["played"]) | _mask(view.table["set_aside"]) | _mask(view.extra["in_no_hand"])
    fewest = min(entry["held"] for entry in view.seats if entry["seat"] != view.seat)
    if str(CLAIM_COMET) in view.legal_actions:
        run = view.table["run"]
        awaited = NEXT_UP[PACK.index[Card.parse(run[-1])]] if run else -1
        return str(CLAIM_COMET if comet_pays(hand, gone, awaited, fewest) else NO_CLAIM)
    plays = _mask(action.split()[1] for action in view.legal_actions)
    return str(PLAYS.of(1 << best_lead(plays, hand, gone, rng))[0])


# --- playout habits (IS-MCTS), reading the position ------------------------------------------------------
class CometPosition(CardPosition, Protocol):
    @property
    def played(self) -> int: ...                  # the cards played this deal, face up
    @property
    def stub(self) -> int: ...                    # read only where it lies face up (``known_stops``)
    @property
    def known_stops(self) -> bool: ...
    @property
    def window(self) -> ClaimWindow | None: ...   # a comet window is open

    def in_no_hand(self) -> int: ...              # stops: unplayed cards play has shown to lie in no hand


@habit_for("comet")
def habits(position: CometPosition, seat: int, rng: random.Random) -> Action:
    """In a window, decline unless the comet is our last card; a forced card at once; a free lead (or a
    choice after the comet) by ``best_lead``, over what the seat may know."""
    hand = position.hands[seat]
    if position.window is not None:
        return CLAIM_COMET if hand == COMET_BIT else NO_CLAIM
    mask = position.legal_mask(seat)
    if mask & (mask - 1) == 0:
        return PLAYS.of(mask)[0]
    gone = position.played | position.in_no_hand() | (position.stub if position.known_stops else 0)
    return PLAYS.of(1 << best_lead(mask, hand, gone, rng))[0]
