"""Canasta: take the pile whenever the rules let you, meld every rank you can, build towards canastas, and
throw the card the opponents can least use.

The rules module offers ``take`` only when a legal commit with the top card exists, so taking is always
safe: the heuristic then lays the naturals of that rank, a wild where a pair needs a third card, and
commits (or withdraws when the whole does not reach what the rules ask). After the draw it adds naturals
to its side's melds, adds wilds to a meld one or two short of a canasta, and starts new melds when the
side has melded or its hand reaches the first meld's minimum. It discards a black 3 first (the next
player may not take the pile), never a wild while another card will do, and rather a rank of which it
holds one than a pair, and not a rank the opponents have melded. It answers its partner "yes" and never
asks. Going out comes by itself: the discard of a last card is offered only when the side has a canasta.
"""

from __future__ import annotations

import random
from collections import Counter

from parlour.bots.heuristic import heuristic_for
from parlour.cards import Card, Rank
from parlour.engine.view import View
from parlour.games.canasta import CANASTA, MELDS, PACK
from parlour.mechanics.melds import is_wild


def _card(text: str) -> Card:
    return Card.parse(text)


def _mask(faces: list[str]) -> int:
    """The hand as a mask over the pack, copies assigned in the pack's order (a view shows faces)."""
    mask, left = 0, PACK.full_mask
    for face in faces:
        index = PACK.copy_to_take(_card(face), left)
        mask |= 1 << index
        left &= ~(1 << index)
    return mask


def _rank_of(meld: list[str]) -> Rank | None:
    naturals = [c.rank for c in map(_card, meld) if not is_wild(c, MELDS)]
    return naturals[0] if naturals else None


@heuristic_for("canasta")
def canasta(view: View, rng: random.Random) -> str:
    legal = view.legal_actions
    for first in ("yes", "take", "draw"):
        if first in legal:
            return first
    if "withdraw" in legal:
        return _build(view, legal)
    seat = view.seat if view.seat is not None else 0
    side = seat % 2
    choice = _add(view, legal, side) or _start(view, legal, side)
    if choice:
        return choice
    discards = [a for a in legal if a.startswith("discard ")]
    if discards:
        return _discard(view, discards, side, rng)
    return "end" if "end" in legal else legal[0]


def _lays(legal: list[str]) -> list[tuple[Card, int, str]]:
    out = []
    for action in legal:
        if action.startswith("lay "):
            _, face, slot = action.split()
            out.append((_card(face), int(slot), action))
    return out


def _build(view: View, legal: list[str]) -> str:
    """Lay naturals on the melds of their rank, start melds of ranks held three times (twice when a wild
    is spare), give a pair its third card with a wild, then commit; withdraw when the whole falls short."""
    staged: list[list[str]] = view.table["staged"]
    lays = _lays(legal)
    ranks = {_rank_of(meld): k + 1 for k, meld in enumerate(staged)}
    counts = Counter(c.rank for c in map(_card, view.hand) if not is_wild(c, MELDS))
    wilds = sum(1 for c in map(_card, view.hand) if is_wild(c, MELDS))
    short = sum(1 for meld in staged if len(meld) < 3)
    for card, slot, action in lays:
        if not is_wild(card, MELDS) and ranks.get(card.rank) == slot:
            return action
    for card, slot, action in lays:
        if not is_wild(card, MELDS) and slot == len(staged) + 1 and (counts[card.rank] >= 3 or wilds > short):
            return action
    for card, slot, action in lays:
        if is_wild(card, MELDS) and len(staged[slot - 1]) < 3:
            return action
    if "commit" in legal:
        return "commit"
    return "withdraw"


def _add(view: View, legal: list[str], side: int) -> str | None:
    """A natural on the side's meld of its rank; a wild on a meld one or two short of a canasta."""
    adds = [a for a in legal if a.startswith("add ")]
    naturals = [a for a in adds if not is_wild(_card(a.split()[1]), MELDS)]
    if naturals:
        return naturals[0]
    sizes = {}
    for meld in view.table[f"side_{side}_melds"]:
        rank = _rank_of(meld)
        if rank is not None:
            sizes[rank.letter] = len(meld)
    near = [a for a in adds if sizes.get(a.split()[2], 0) in (5, 6)]
    return near[0] if near else None


def _start(view: View, legal: list[str], side: int) -> str | None:
    """Start laying melds when the side has melded, or the hand can reach the first meld's minimum."""
    starts = [action for card, slot, action in _lays(legal) if slot == 1 and not is_wild(card, MELDS)]
    if not starts:
        return None
    minimum = view.extra["minimums"][side]
    if minimum and CANASTA.best_first_meld(_mask(view.hand)) < minimum:
        return None
    counts = Counter(view.hand)
    return max(starts, key=lambda a: counts[a.split()[1]])


def _discard(view: View, discards: list[str], side: int, rng: random.Random) -> str:
    theirs = {_rank_of(m) for m in view.table[f"side_{1 - side}_melds"]}
    counts = Counter(c.rank for c in map(_card, view.hand))

    def keep(action: str) -> tuple[int, float]:
        card = _card(action.split()[1])
        if card.rank == Rank.THREE:
            return -1000, rng.random()
        if is_wild(card, MELDS):
            return 1000, rng.random()
        return 50 * counts[card.rank] + 200 * (card.rank in theirs), rng.random()

    return min(discards, key=keep)
