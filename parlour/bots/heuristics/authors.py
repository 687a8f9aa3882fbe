"""Authors: ask where the card is known to be, else where it most likely is, for the rank nearest a book.

Everything the asks have shown is public and in every view's ``extra``: the cards known to be in each hand
(received and not given up since), the cards each player is known to lack, and how many of each rank each
is known to hold at least. A card known to be in a hand is a certain hit. Otherwise a card lies in one of
the hands not known to lack it, each about in proportion to its cards not yet accounted for, and a hand
known to hold more of the rank than its known cards show is likelier still. Among asks equally likely to
hit, the rank we hold most of comes first: it is the nearest to a book.

The expert's considered asks (``choose_considered``) weigh the two against each other instead: a card is
worth more the nearer it brings its book, since a card taken is known to everyone and the next player who
holds its rank takes it back unless the book goes down first. Sure hits come first, as they cost no risk of
ending the turn; otherwise the ask with the most cards of its rank in hand after a hit, in expectation
(its chance times the rank's cards held with it), so a 1-in-3 chance at the fourth card of a book comes
before an even chance at the second of another. Against three heuristics it leads by 0.30 books a game
[+0.12, +0.49] over 400 duplicate games (``docs/strength.md``), by more at five and six players, and is level
with them at three.

The playout habits (``habits``, for IS-MCTS) take the certain hits first and otherwise ask at random, never
for a card its holder is known to lack, reading the position through ``AuthorsPosition`` only.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Protocol

from parlour.bots.heuristic import Position, considered_for, habit_for, heuristic_for, random_habit
from parlour.cards import bit_indices
from parlour.engine.actions import Action
from parlour.engine.view import View
from parlour.games.authors import ASKS, PACK, RANK_LETTERS, RANK_MASKS, RANK_OF, ranks_held

RANK_TEXT = {card: RANK_OF[index] for index, card in enumerate(str(c) for c in PACK.cards)}


def least_of(words: list[str]) -> dict[int, int]:
    """The view's ``["2 of 7", "1 of Q"]`` read back: rank (0 for twos ... 12 for aces) to its least count."""
    out = {}
    for word in words:
        count, letter = word.split(" of ")
        out[RANK_LETTERS.index(letter)] = int(count)
    return out


def chance(view: View, asked: int, card: str) -> float:
    """How likely ``asked`` holds ``card``, from the public facts of the view: 1 if known there, 0 if it is
    known to lack it or the card is known elsewhere, else its share of the hands that may hold it."""
    extra, me = view.extra, view.seat
    if card in extra["known_held"][asked]:
        return 1.0
    rank = RANK_TEXT[card]
    weights = {}
    for s, entry in enumerate(view.seats):
        if s == me or not entry["held"]:
            continue
        if card in extra["known_held"][s]:
            return 0.0
        if card in extra["known_lacking"][s]:
            continue
        known = extra["known_held"][s]
        open_slots = entry["held"] - len(known)
        hidden_of_rank = least_of(extra["held_at_least"][s]).get(rank, 0) - sum(RANK_TEXT[c] == rank for c in known)
        weights[s] = open_slots * (1 + max(hidden_of_rank, 0))
    total = sum(weights.values())
    return weights.get(asked, 0) / total if total else 0.0


def odds(view: View) -> list[tuple[str, float, int]]:
    """Each legal ask with its chance of a hit and how many cards of its rank the asker holds now."""
    mine = Counter(RANK_TEXT[card] for card in view.hand)
    out = []
    for action in view.legal_actions:
        _, asked, card = action.split()
        out.append((action, chance(view, int(asked), card), mine[RANK_TEXT[card]]))
    return out


@heuristic_for("authors")
def authors(view: View, rng: random.Random) -> str:
    """The likeliest hit; among equals, the rank held most."""
    return max(odds(view), key=lambda ask: (ask[1], ask[2], rng.random()))[0]


@considered_for("authors")
def choose_considered(view: View, rng: random.Random) -> str:
    """A sure hit first (the rank held most); else the most cards of the asked rank in hand after the ask, in
    expectation: the chance of a hit times the cards of its rank the hit would leave in hand."""
    def worth(ask: tuple[str, float, int]) -> tuple[bool, float, float]:
        _, hit, held = ask
        sure = hit >= 1.0
        return sure, held if sure else hit * (held + 1), rng.random()

    return max(odds(view), key=worth)[0]


# --- playout habits (IS-MCTS), reading the position ------------------------------------------------------
class AuthorsPosition(Position, Protocol):
    @property
    def players(self) -> int: ...
    @property
    def hands(self) -> Sequence[int]: ...   # masks; a habit reads its own and only whether others are empty
    @property
    def known(self) -> Sequence[int]: ...   # per seat, the cards known to be in its hand
    @property
    def lacks(self) -> Sequence[int]: ...   # per seat, the cards known not to be


@habit_for("authors")
def habits(position: AuthorsPosition, seat: int, rng: random.Random) -> Action:
    """The heuristic's reasoning, quickly: a card known to be in another hand, of a rank this seat holds,
    is asked for at once; otherwise, of the rank held most, the card and seat likeliest to hit, each seat
    weighed by its cards not known to be others (never a seat known to lack the card)."""
    if seat not in position.to_move:
        return random_habit(position, seat, rng)
    hand = position.hands[seat]
    wanted = ranks_held(hand) & ~hand
    others = [s for s in range(position.players) if s != seat and position.hands[s]]
    sure = [(s, c) for s in others for c in bit_indices(position.known[s] & wanted)]
    if sure:
        asked, card = rng.choice(sure)
        return ASKS[asked * len(PACK) + card]
    if rng.random() < 0.1:
        return random_habit(position, seat, rng)
    elsewhere = 0
    for s in others:
        elsewhere |= position.known[s]
    best, choice = -1.0, None
    for s in others:
        slots = position.hands[s].bit_count() - position.known[s].bit_count()
        for card in bit_indices(wanted & ~position.lacks[s] & ~elsewhere):
            score = slots * (1 + (hand & RANK_MASKS[RANK_OF[card]]).bit_count()) + rng.random()
            if score > best:
                best, choice = score, (s, card)
    if choice is None:
        return random_habit(position, seat, rng)
    return ASKS[choice[0] * len(PACK) + choice[1]]
