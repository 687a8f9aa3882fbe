"""Razz: play by the quality of the low, against the boards showing.

A low is made of different ranks of eight or under; every other card is a *bad* card the hand must carry
(a pair, a nine or worse). The heuristic counts its own bad cards among all the cards it holds, and each
opponent's bad cards among its up cards alone (its down cards could be anything, so they are taken as
good: an opponent is feared for what it might hold). Then:

* no worse than the best board, and an eight-low still in reach (no more bad cards than the hand can
  carry: one while it holds fewer than five cards, then one for each card past five): bet, complete or
  raise;
* no worse than the best board, or at most one bad card past that reach: check or call;
* otherwise check if it is free, else fold. A seat that must bring in completes only with three good
  cards against worse boards.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Protocol

from parlour.bots.heuristic import Position, habit_for, heuristic_for, random_habit
from parlour.cards import Card, Rank, bit_indices
from parlour.engine.actions import Action
from parlour.engine.view import View
from parlour.games.razz import CARDS

GOOD_RANKS = frozenset(range(int(Rank.ACE), int(Rank.EIGHT) + 1))
GOOD = tuple(int(card.rank) in GOOD_RANKS for card in CARDS)
RANK = tuple(int(card.rank) for card in CARDS)


def bad_cards(cards: list[str]) -> int:
    """How many of ``cards`` a low of different ranks, eight or under, cannot use."""
    ranks = {int(Card.parse(card).rank) for card in cards}
    return len(cards) - len(ranks & GOOD_RANKS)


def bad_of(cards: Iterable[int]) -> int:
    """``bad_cards`` over pack indices, for the playouts."""
    held = list(cards)
    return len(held) - len({RANK[c] for c in held if GOOD[c]})


def own_cards(view: View) -> list[str]:
    """Our down cards (the view's hand) and our up cards."""
    return [*view.hand, *(view.seats[view.seat]["face_up"] if view.seat is not None else [])]


def margin(view: View) -> tuple[int, int]:
    """(our bad cards, how many fewer than the best board still in the hand: positive is ahead)."""
    mine = bad_cards(own_cards(view))
    boards = [bad_cards(entry["face_up"]) for entry in view.seats
              if entry["seat"] != view.seat and entry["face_up"] and "folded" not in entry["status"]
              and "out of chips" not in entry["status"]]
    return mine, min(boards, default=mine) - mine


def decide(legal: Sequence[str], mine: int, ahead: int, cards: int) -> str:
    """The move, from our bad cards, our margin over the best board and how many cards we hold."""
    if "bring-in" in legal:
        return "complete" if "complete" in legal and mine == 0 and ahead > 0 else "bring-in"
    aggressive = [a for a in ("raise", "complete", "bet") if a in legal]
    passive = [a for a in ("check", "call") if a in legal]
    reach = max(0, cards - 5) if cards >= 5 else 1   # bad cards an eight-low can still carry
    if aggressive and ahead >= 0 and mine <= reach:
        return aggressive[0]
    if passive and (ahead >= 0 or mine <= reach + 1):
        return passive[0]
    return "check" if "check" in legal else "fold"


@heuristic_for("razz")
def razz(view: View, rng: random.Random) -> str:
    mine, ahead = margin(view)
    return decide(view.legal_actions, mine, ahead, len(own_cards(view)))


# --- playout habits (IS-MCTS), reading the position ------------------------------------------------------
class RazzPosition(Position, Protocol):
    @property
    def seated(self) -> tuple[int, ...]: ...
    @property
    def folded(self) -> frozenset[int]: ...
    @property
    def down(self) -> Sequence[int]: ...            # masks; a habit reads only its own
    @property
    def up(self) -> Sequence[tuple[int, ...]]: ...  # the cards face up, public


@habit_for("razz")
def habits(position: RazzPosition, seat: int, rng: random.Random) -> Action:
    """The heuristic's decision from the position: our own cards against the boards still in."""
    legal = position.legal_actions(seat)
    if not legal:
        return random_habit(position, seat, rng)
    mine = bad_of((*bit_indices(position.down[seat]), *position.up[seat]))
    boards = [bad_of(position.up[s]) for s in position.seated if s != seat and s not in position.folded]
    cards = position.down[seat].bit_count() + len(position.up[seat])
    choice = decide([str(a) for a in legal], mine, min(boards, default=mine) - mine, cards)
    return next(a for a in legal if str(a) == choice)
