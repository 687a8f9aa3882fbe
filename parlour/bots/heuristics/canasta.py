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

Samba's heuristic (``parlour/bots/heuristics/samba.py``) is this one, given Samba's rules: it also takes
the pile onto a meld, merges sets, and lays sequences of three or more cards of a suit, of ranks it holds
fewer than three times.

The playout habits (``habits``, for IS-MCTS, Samba's too) are the quick cousin, reading the position
through ``CanastaPosition``, their own hand only: draw from the stock, lay out every rank held three times
(when the side has melded or the hand reaches the first meld's minimum), add what fits the side's melds,
answer "yes", and throw the card of the rank held fewest times, never a wild or a red 3.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Protocol

from parlour.bots.heuristic import StagedPosition, habit_for, heuristic_for, random_habit
from parlour.cards import Card, Rank, bit_indices
from parlour.engine import COMMIT, WITHDRAW, Action, Discard, FieldAction
from parlour.engine.staging import Lay
from parlour.engine.view import View
from parlour.games.canasta import CANASTA, DRAW, YES, CanastaRules, _place
from parlour.mechanics.melds import is_wild, minimum_for


def _card(text: str) -> Card:
    return Card.parse(text)


def _mask(faces: list[str], rules: CanastaRules) -> int:
    """The hand as a mask over the pack, copies assigned in the pack's order (a view shows faces)."""
    mask, left = 0, rules.pack.full_mask
    for face in faces:
        index = rules.pack.copy_to_take(_card(face), left)
        mask |= 1 << index
        left &= ~(1 << index)
    return mask


def _rank_of(meld: list[str], rules: CanastaRules) -> Rank | None:
    naturals = [c.rank for c in map(_card, meld) if not is_wild(c, rules.melds)]
    return naturals[0] if naturals else None


@heuristic_for("canasta")
def canasta(view: View, rng: random.Random) -> str:
    return play(view, rng, CANASTA)


def play(view: View, rng: random.Random, rules: CanastaRules) -> str:
    """One choice of the family's heuristic, for the game whose rules are ``rules``."""
    legal = view.legal_actions
    for first in ("yes", *(a for a in legal if a.startswith(("onto ", "merge "))), "take", "draw"):
        if first in legal:
            return first
    if "withdraw" in legal:
        return _build(view, legal, rules)
    seat = view.seat if view.seat is not None else 0
    side = seat % 2
    choice = _add(view, legal, side, rules) or _start(view, legal, side, rules)
    if choice:
        return choice
    discards = [a for a in legal if a.startswith("discard ")]
    if discards:
        return _discard(view, discards, side, rng, rules)
    return "end" if "end" in legal else legal[0]


def _lays(legal: list[str]) -> list[tuple[Card, int, str]]:
    out = []
    for action in legal:
        if action.startswith("lay "):
            _, face, slot = action.split()
            out.append((_card(face), int(slot), action))
    return out


def _build(view: View, legal: list[str], rules: CanastaRules) -> str:
    """Lay naturals on the melds of their rank, start melds of ranks held three times (twice when a wild
    is spare), give a pair its third card with a wild, then sequences; commit, or withdraw when the whole
    falls short."""
    staged: list[list[str]] = view.table["staged"]
    lays = _lays(legal)
    ranks = {_rank_of(meld, rules): k + 1 for k, meld in enumerate(staged)}
    counts = Counter(c.rank for c in map(_card, view.hand) if not is_wild(c, rules.melds))
    wilds = sum(1 for c in map(_card, view.hand) if is_wild(c, rules.melds))
    short = sum(1 for meld in staged if len(meld) < 3)
    for card, slot, action in lays:
        if (not is_wild(card, rules.melds) and ranks.get(card.rank) == slot and not _is_sequence(staged[slot - 1])
                and (rules.melds.run_size is None or wilds or len(staged[slot - 1]) + counts[card.rank] >= 3)):
            return action
    for card, slot, action in lays:
        if (not is_wild(card, rules.melds) and slot == len(staged) + 1
                and (counts[card.rank] >= 3 or wilds > short)):
            return action
    for card, slot, action in lays:
        if is_wild(card, rules.melds) and len(staged[slot - 1]) < 3 and not _is_sequence(staged[slot - 1]):
            return action
    grown = _sequence_step(view, lays, staged, rules)
    if grown:
        return grown
    if "commit" in legal:
        return "commit"
    return "withdraw"


def _is_sequence(meld: list[str]) -> bool:
    return len({_card(face).rank for face in meld} - {Rank.JOKER, Rank.TWO}) > 1


def _sequence_step(view: View, lays: list[tuple[Card, int, str]], staged: list[list[str]],
                   rules: CanastaRules) -> str | None:
    """Go on with a sequence being laid (the next card of its suit up), or start one from the lowest card
    of three or more in a row of a suit that the hand holds once each and no set wants."""
    for card, slot, action in lays:
        meld = staged[slot - 1] if slot <= len(staged) else []
        if meld and all(_card(f).suit == card.suit and _place(_card(f)) < _place(card) for f in meld) and (
                _place(card) == max(_place(_card(f)) for f in meld) + 1):
            return action
    starts = _sequence_starts(view.hand, rules)
    for card, slot, action in lays:
        if slot == len(staged) + 1 and str(card) in starts:
            return action
    return None


def _sequence_starts(hand: list[str], rules: CanastaRules) -> set[str]:
    """The lowest cards of runs of at least the least sequence, among ranks held fewer than three times."""
    if rules.melds.run_size is None:
        return set()
    counts = Counter(c.rank for c in map(_card, hand))
    single = {(_card(f).suit, _place(_card(f))) for f in hand
              if counts[_card(f).rank] < 3 and not is_wild(_card(f), rules.melds) and _card(f).rank != Rank.THREE}
    return {f for f in hand if (_card(f).suit, _place(_card(f))) in single and all(
        (_card(f).suit, _place(_card(f)) + k) in single for k in range(rules.melds.run_size))
        and _place(_card(f)) >= rules.melds.lowest_run}


def _add(view: View, legal: list[str], side: int, rules: CanastaRules) -> str | None:
    """A natural on the side's meld of its rank; a wild on a meld one or two short of a canasta."""
    adds = [a for a in legal if a.startswith("add ")]
    naturals = [a for a in adds if not is_wild(_card(a.split()[1]), rules.melds)]
    if naturals:
        return naturals[0]
    sizes = {}
    for number, meld in enumerate(view.table[f"side_{side}_melds"], 1):
        rank = _rank_of(meld, rules)
        if rank is not None:
            sizes[rank.letter if rules.one_meld_a_rank else str(number)] = len(meld)
    near = [a for a in adds if sizes.get(a.split()[2], 0) in (5, 6)]
    return near[0] if near else None


def _start(view: View, legal: list[str], side: int, rules: CanastaRules) -> str | None:
    """Start laying melds when the side has melded, or the hand can reach the first meld's minimum."""
    starts = [action for card, slot, action in _lays(legal) if slot == 1 and not is_wild(card, rules.melds)]
    if not starts:
        return None
    minimum = view.extra["first_meld_minimums"][side]
    if minimum and rules.best_first_meld(_mask(view.hand, rules)) < minimum:
        return None
    if rules.melds.run_size is not None:
        starts = [a for a in starts if a.split()[1] in _sequence_starts(view.hand, rules) or _settled(a, view, rules)]
    counts = Counter(view.hand)
    return max(starts, key=lambda a: counts[a.split()[1]]) if starts else None


def _settled(action: str, view: View, rules: CanastaRules) -> bool:
    """Whether the hand holds a set of the rank ``action`` lays: three naturals, or two and a wild."""
    rank = _card(action.split()[1]).rank
    cards = list(map(_card, view.hand))
    naturals = sum(1 for c in cards if c.rank == rank)
    return naturals >= 3 or (naturals == 2 and any(is_wild(c, rules.melds) for c in cards))


def _discard(view: View, discards: list[str], side: int, rng: random.Random, rules: CanastaRules) -> str:
    theirs = {_rank_of(m, rules) for m in view.table[f"side_{1 - side}_melds"]}
    counts = Counter(c.rank for c in map(_card, view.hand))

    def keep(action: str) -> tuple[int, float]:
        card = _card(action.split()[1])
        if card.rank == Rank.THREE:
            return -1000, rng.random()
        if is_wild(card, rules.melds):
            return 1000, rng.random()
        return 50 * counts[card.rank] + 200 * (card.rank in theirs), rng.random()

    return min(discards, key=keep)


# --- playout habits (IS-MCTS), reading the position ------------------------------------------------------
class CanastaPosition(StagedPosition, Protocol):
    @property
    def rules(self) -> CanastaRules: ...
    @property
    def melds(self) -> Sequence[Sequence[tuple[int, ...]]]: ...   # per side, its melds on the table
    @property
    def start_totals(self) -> Sequence[int]: ...    # per side, the total the deal began with


@habit_for("canasta")
def habits(position: CanastaPosition, seat: int, rng: random.Random) -> Action:
    """Canasta's and Samba's quick play: see the module's docstring."""
    if seat not in position.to_move or rng.random() < 0.1:
        return random_habit(position, seat, rng)
    legal = position.legal_actions(seat)
    for quick in (DRAW, COMMIT, YES):
        if quick in legal:
            return quick
    rules, hand = position.rules, position.hands[seat]
    counts = Counter(rules.cards[i].rank for i in bit_indices(hand & ~rules.wild))
    lays = [a for a in legal if isinstance(a, Lay) and not is_wild(a.card, rules.melds)]
    starts = [a for a in lays if counts[a.card.rank] >= 3] if _may_open(position, seat) else []
    if position.stage is not None and position.stage.melds:
        started = len(position.stage.melds)
        return next((a for a in lays if a.slot <= started), None) or next(iter(starts), None) or WITHDRAW
    adds = [a for a in legal if isinstance(a, FieldAction) and a.verb == "add"]
    natural_adds = [a for a in adds if not is_wild(a.card, rules.melds)]  # type: ignore[attr-defined]
    if natural_adds:
        return natural_adds[0]
    if starts:
        return starts[0]
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:
        return min(discards, key=lambda a: (is_wild(a.card, rules.melds), counts[a.card.rank], rng.random()))
    return random_habit(position, seat, rng)


def _may_open(position: CanastaPosition, seat: int) -> bool:
    """Whether new melds may go down: the side has melded, or the hand reaches the first meld's minimum."""
    side = seat % 2
    return bool(position.melds[side]) or position.rules.best_first_meld(position.hands[seat]) >= minimum_for(
        position.start_totals[side], position.rules.tiers)
