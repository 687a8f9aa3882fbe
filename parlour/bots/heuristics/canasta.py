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

The expert (``choose_considered``) plays the same, but weighs each discard as a good player does: what
the card is worth in hand, plus the pile it may hand the next player, times the chance that player can
take it (``NextTaker``), reckoned from what this seat has seen: the next side's melds and whether the pile
is frozen for it, the cards that player took into hand in sight, and the copies of each rank not seen
anywhere (the pile's cards are remembered from the log, ``pile_seen``). So it throws a card of their meld
when a frozen pile keeps it from them, or a wild to stop a big pile, and keeps back a single the next
player may pair.

Samba's heuristic (``parlour/bots/heuristics/samba.py``) is this one, given Samba's rules: it also takes
the pile onto a meld, merges sets, and lays sequences of three or more cards of a suit, of ranks it holds
fewer than three times.

The playout habits (``habits``, for IS-MCTS, Samba's too) are the quick cousin, reading the position
through ``CanastaPosition``, their own hand only: draw from the stock, lay out every rank held three times
(when the side has melded or the hand reaches the first meld's minimum), add what fits the side's melds,
answer "yes", and throw the card of the rank held fewest times, never a wild or a red 3.
"""

from __future__ import annotations

import math
import random
import re
from collections import Counter
from collections.abc import Sequence
from typing import Protocol

from parlour.bots.heuristic import StagedPosition, considered_for, habit_for, heuristic_for, random_habit
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


@considered_for("canasta")
def choose_considered(view: View, rng: random.Random) -> str:
    """The expert's play: the rule of thumb with the considered discard (``considered_discard``)."""
    return play(view, rng, CANASTA, considered=True)


def play(view: View, rng: random.Random, rules: CanastaRules, considered: bool = False) -> str:
    """One choice of the family's heuristic, for the game whose rules are ``rules`` (``considered``: with
    the expert's discard, ``considered_discard``)."""
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
        if considered:
            return considered_discard(view, discards, rng, rules)
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


# --- the expert's considered discard ---------------------------------------------------------------------
PILE_CARD = 40          # what a card of the pile is worth to the side that takes it, on the discard's scale
UNOPENED = 0.4          # the share of takes left when the taker's side must still make its first meld
WILD_KEPT = 400         # what a wild in hand is worth: discarding one stops the next player and freezes the pile
_UPCARD = re.compile(r"hand \d+: seat \d+ deals; the upcard is (.+)$")
_DISCARD = re.compile(r"seat \d+: discard (\S+)$")
_TAKEN = re.compile(r"seat \d+ takes the pile")
WILD = "wild"             # the wilds counted together, as one kind


def pile_seen(log: list[str]) -> list[str]:
    """The pile's faces, bottom first, as every seat saw them go there: the deal's upcards, then each
    discard since the pile was last taken (the view shows only the top; a player remembers the rest)."""
    pile: list[str] = []
    for line in log:
        if upcard := _UPCARD.match(line):
            pile = upcard.group(1).split()
        elif discard := _DISCARD.match(line):
            pile.append(discard.group(1))
        elif _TAKEN.match(line):
            pile = []
    return pile


def _at_least(copies: int, pool: int, hand: int, need: int) -> float:
    """The chance that a hand of ``hand`` cards dealt from ``pool`` unseen ones, ``copies`` of them of one
    kind, holds at least ``need`` of that kind (hypergeometric)."""
    if need <= 0:
        return 1.0
    hand, copies = min(hand, pool), min(copies, pool)
    if hand <= 0:
        return 0.0
    missed = sum(math.comb(copies, k) * math.comb(pool - copies, hand - k) for k in range(need))
    return 1.0 - missed / math.comb(pool, hand)


class NextTaker:
    """What this seat knows of the next player's means to take the pile, from its view: the next side's
    melds and whether the pile is frozen for it, the cards that player was seen to take into hand, and how
    many of each rank no one has seen (not in this hand, the pile, the melds, or another's known cards),
    spread over the hands and stock this seat cannot see."""

    def __init__(self, view: View, rules: CanastaRules, pile: list[str]) -> None:
        seat = view.seat if view.seat is not None else 0
        self.rules, self.next = rules, (seat + 1) % len(view.seats)
        side = self.next % 2
        self.melds: list[list[str]] = view.table[f"side_{side}_melds"]
        self.opened = view.extra["first_meld_minimums"][side] == 0
        self.frozen = view.table["pile_frozen"] or not self.opened
        known: list[list[str]] = view.extra.get("known_held") or [[] for _ in view.seats]
        tabled = (face for key in ("side_0_melds", "side_1_melds", "staged")
                  for meld in view.table[key] for face in meld)
        others = (face for s, faces in enumerate(known) if s != seat for face in faces)
        self.unseen = Counter(_kind(c, rules) for c in rules.cards)
        self.unseen.subtract(_kind(_card(face), rules) for face in (*view.hand, *pile, *tabled, *others))
        self.theirs = Counter(_kind(_card(face), rules) for face in known[self.next])
        self.pool = view.table["stock"] + sum(entry["held"] - len(known[s])
                                              for s, entry in enumerate(view.seats) if s != seat)
        self.hidden = view.seats[self.next]["held"] - len(known[self.next])

    def chance(self, card: Card) -> float:
        """The chance that the next player may take the pile if ``card`` is thrown on it (``_can_take``'s
        conditions): never under a wild or a black 3; for certain onto their meld of an unfrozen pile;
        otherwise with a natural pair (frozen, or Samba's new sets) or a natural and a wild, and, before
        the side's first meld, only in the share ``UNOPENED`` of hands that also reach its minimum."""
        rules = self.rules
        if not rules.pile.may_take(card, rules.melds):
            return 0.0
        if not self.frozen and any(_takes_onto(meld, card, rules) for meld in self.melds):
            return 1.0
        rank, has = card.rank, self.theirs[card.rank]
        pair = self._holds(rank, rules.pile.natural_pair - has)
        if self.frozen or rules.pile_needs_pair:
            chance = pair
        else:
            wild = 1.0 if self.theirs[WILD] else self._holds(WILD, 1)
            chance = pair + (self._holds(rank, 1 - has) - pair) * wild
        return chance if self.opened else chance * UNOPENED

    def _holds(self, kind: Rank | str, need: int) -> float:
        return _at_least(max(self.unseen[kind], 0), self.pool, self.hidden, need)


def _kind(card: Card, rules: CanastaRules) -> Rank | str:
    """A card's rank, the wilds counted together."""
    return WILD if is_wild(card, rules.melds) else card.rank


def _takes_onto(meld: list[str], card: Card, rules: CanastaRules) -> bool:
    """Whether ``card`` on top of an unfrozen pile goes onto ``meld``: a set of its rank, or (Samba) a sequence
    of its suit that it extends at an end; never a meld already at its largest."""
    if rules.melds.most_cards is not None and len(meld) >= rules.melds.most_cards:
        return False
    if not _is_sequence(meld):
        return _rank_of(meld, rules) == card.rank
    places = [_place(_card(face)) for face in meld]
    return _card(meld[0]).suit == card.suit and _place(card) in (min(places) - 1, max(places) + 1)


def considered_discard(view: View, discards: list[str], rng: random.Random, rules: CanastaRules) -> str:
    """Throw the card that costs least: what it is worth in hand (a wild most, a pair more than a single,
    a black 3 nothing) plus the pile it may hand the next player, by the chance that player can take it."""
    taker = NextTaker(view, rules, pile_seen(view.log))
    counts = Counter(c.rank for c in map(_card, view.hand))
    size = view.table["pile"] + 1

    def cost(action: str) -> tuple[float, float]:
        card = _card(action.split()[1])
        if card.rank == Rank.THREE:
            return -1000, rng.random()
        worth = WILD_KEPT if is_wild(card, rules.melds) else 50 * counts[card.rank]
        return worth + PILE_CARD * size * taker.chance(card), rng.random()

    return min(discards, key=cost)
