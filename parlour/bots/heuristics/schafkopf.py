"""Schafkopf by rules of thumb: take the widow on high trumps, lay away loose points, draw trumps as
declarer, give points to a fellow defender, and in least stay under the trick and shed points when void.

Reads only the view: own hand, the trick so far, the cards played earlier this deal and who declared.
"""

from __future__ import annotations

import random

from parlour.bots.heuristic import heuristic_for
from parlour.cards import PIQUET_32, Card, Rank, bit_indices
from parlour.engine.view import View
from parlour.games.schafkopf import (
    CARD_POINTS,
    ORDER,
    POWER,
    SUIT_MASKS,
    SUIT_OF,
    TAKE_AT,
    TRUMP,
    TRUMPS,
    discard_choice,
    hand_strength,
    least_choice,
)
from parlour.mechanics import tricks

CARDS = PIQUET_32.cards
INDEX = PIQUET_32.index


def _mask(cards: list[str]) -> int:
    mask = 0
    for text in cards:
        mask |= 1 << INDEX[Card.parse(text)]
    return mask


def _sure(card: int, outstanding: int) -> bool:
    """No card still unseen ranks above ``card`` in its own suit (a plain card may still be trumped)."""
    suit = SUIT_OF[card]
    return not any(POWER[c] > POWER[card] for c in bit_indices(outstanding & SUIT_MASKS[suit]))


def _lead(seat: int, declarer: int, legal: list[int], hand: int, outstanding: int) -> int:
    trumps = [c for c in legal if SUIT_OF[c] == TRUMP]
    plain_aces = [c for c in legal if SUIT_OF[c] != TRUMP and CARDS[c].rank == Rank.ACE]
    if seat == declarer and trumps and outstanding & TRUMPS:
        top = max(trumps, key=POWER.__getitem__)
        if _sure(top, outstanding):
            return top
        if len(trumps) >= (outstanding & TRUMPS).bit_count():
            return min(trumps, key=lambda c: (CARD_POINTS[c], POWER[c]))
    if plain_aces:
        return max(plain_aces, key=lambda c: -(hand & SUIT_MASKS[SUIT_OF[c]]).bit_count())
    plain = [c for c in legal if SUIT_OF[c] != TRUMP]
    if plain:
        # A low card of the shortest plain suit, to come void and trump later.
        return min(plain, key=lambda c: ((hand & SUIT_MASKS[SUIT_OF[c]]).bit_count(), CARD_POINTS[c], POWER[c]))
    return min(legal, key=lambda c: (CARD_POINTS[c], POWER[c]))


def _follow(seat: int, declarer: int, legal: list[int], trick: list[tuple[int, int]], outstanding: int) -> int:
    cards = [c for _, c in trick]
    position = tricks.winner(cards, ORDER)
    best_seat, best = trick[position]
    last = len(trick) == 2
    friend = seat != declarer and best_seat != declarer
    winners = [c for c in legal if tricks.beats(c, best, ORDER)]
    on_table = sum(CARD_POINTS[c] for c in cards)
    if friend:
        if last or (_sure(best, outstanding) and SUIT_OF[best] == TRUMP):
            # Smear: points to the partner, keeping queens and jacks for winning tricks.
            return max(legal, key=lambda c: (0 if CARDS[c].rank in (Rank.QUEEN, Rank.JACK) else CARD_POINTS[c],
                                             -POWER[c]))
        return min(legal, key=lambda c: (CARD_POINTS[c], POWER[c]))
    if winners:
        if last:
            return min(winners, key=lambda c: (POWER[c] if SUIT_OF[c] == TRUMP else 0, -CARD_POINTS[c]))
        sure = [c for c in winners if _sure(c, outstanding) and (SUIT_OF[c] == TRUMP or not outstanding & TRUMPS)]
        if sure:
            return min(sure, key=POWER.__getitem__)
        if on_table >= 10:
            return max(winners, key=POWER.__getitem__)
    return min(legal, key=lambda c: (CARD_POINTS[c], POWER[c]))


@heuristic_for("schafkopf")
def choose(view: View, rng: random.Random) -> str:
    legal = view.legal_actions
    hand = _mask(view.hand)
    if "take" in legal:
        return "take" if hand_strength(hand) >= TAKE_AT else "pass"
    if legal[0].startswith("discard"):
        return f"discard {CARDS[discard_choice(hand)]}"
    plays = {INDEX[Card.parse(a.split()[1])]: a for a in legal}
    cards = list(plays)
    trick = [(p["seat"], INDEX[Card.parse(p["card"])]) for p in view.table["trick"]]
    seat = view.seat
    assert seat is not None
    declarer = view.extra["declarer"]
    seen = hand | _mask(view.extra["played"]) | sum(1 << c for _, c in trick)
    outstanding = PIQUET_32.full_mask & ~seen
    if declarer is None:
        mask = sum(1 << c for c in cards)
        return plays[least_choice(mask, [c for _, c in trick])]
    if not trick:
        return plays[_lead(seat, declarer, cards, hand, outstanding)]
    return plays[_follow(seat, declarer, cards, trick, outstanding)]
