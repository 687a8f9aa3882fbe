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

from parlour.bots.heuristic import heuristic_for
from parlour.cards import Card, Rank
from parlour.engine.view import View

GOOD_RANKS = frozenset(range(int(Rank.ACE), int(Rank.EIGHT) + 1))


def bad_cards(cards: list[str]) -> int:
    """How many of ``cards`` a low of different ranks, eight or under, cannot use."""
    ranks = {int(Card.parse(card).rank) for card in cards}
    return len(cards) - len(ranks & GOOD_RANKS)


def margin(view: View) -> tuple[int, int]:
    """(our bad cards, how many fewer than the best board still in the hand: positive is ahead)."""
    mine = bad_cards(view.hand)
    boards = [bad_cards(entry["face_up"]) for entry in view.seats
              if entry["seat"] != view.seat and entry["face_up"] and "folded" not in entry["status"]
              and "out of chips" not in entry["status"]]
    return mine, min(boards, default=mine) - mine


@heuristic_for("razz")
def razz(view: View, rng: random.Random) -> str:
    legal = view.legal_actions
    mine, ahead = margin(view)
    if "bring-in" in legal:
        return "complete" if "complete" in legal and mine == 0 and ahead > 0 else "bring-in"
    aggressive = [a for a in ("raise", "complete", "bet") if a in legal]
    passive = [a for a in ("check", "call") if a in legal]
    cards = len(view.hand)
    reach = max(0, cards - 5) if cards >= 5 else 1   # bad cards an eight-low can still carry
    if aggressive and ahead >= 0 and mine <= reach:
        return aggressive[0]
    if passive and (ahead >= 0 or mine <= reach + 1):
        return passive[0]
    return "check" if "check" in legal else "fold"
