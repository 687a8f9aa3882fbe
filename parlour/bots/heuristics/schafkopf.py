"""Schafkopf by rules of thumb: take the widow on high trumps, lay away loose points, draw trumps as
declarer, give points to a fellow defender, and in least stay under the trick and shed points when void.

The heuristic reads only the view: own hand, the trick so far, the cards played earlier this deal and who
declared.

The playout habits (``habits``, for IS-MCTS) read the position through ``SchafkopfPosition`` only, and only
what their seat may know.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from parlour.bots.heuristic import CardPosition, habit_for, heuristic_for, random_habit
from parlour.cards import PIQUET_32, Card, Rank, bit_indices
from parlour.engine.actions import Action
from parlour.engine.seating import Seating
from parlour.engine.view import View
from parlour.games.schafkopf import (
    BIT,
    BURIES,
    CARD_POINTS,
    LEGAL,
    ORDER,
    PASS,
    PLAYS,
    POWER,
    SUIT_MASKS,
    SUIT_OF,
    TAKE,
    TRUMP,
    TRUMPS,
    Phase,
)
from parlour.mechanics import tricks

CARDS = PIQUET_32.cards
INDEX = PIQUET_32.index


# --- hand reading shared by the heuristic and the playout habits ---------------------------------------
TAKE_AT = 9


def hand_strength(hand: int) -> float:
    """A rough count of a hand's worth to a declarer: high trumps, trump length, and plain aces and tens."""
    strength = 0.0
    for card in bit_indices(hand):
        rank = CARDS[card].rank
        if BIT[card] & TRUMPS:
            strength += 2.0 if rank == Rank.QUEEN else 1.5 if rank == Rank.JACK else 1.0
        elif rank == Rank.ACE:
            strength += 1.5
        elif rank == Rank.TEN and hand & BIT[INDEX[Card(Rank.ACE, CARDS[card].suit)]]:
            strength += 0.5
    return strength


def discard_choice(hand: int) -> int:
    """The card a declarer lays away: points from the shortest plain suit first (a lone ten or king is
    safest in the discard, and a void lets him trump), never a trump while a plain card other than an
    ace remains."""
    plain = [c for c in bit_indices(hand & ~TRUMPS) if CARDS[c].rank != Rank.ACE]
    if plain:
        length = {c: (hand & SUIT_MASKS[SUIT_OF[c]]).bit_count() for c in plain}
        return min(plain, key=lambda c: (length[c], -CARD_POINTS[c], POWER[c]))
    cards = bit_indices(hand)
    return min(cards, key=lambda c: (bool(BIT[c] & TRUMPS), POWER[c]))


def least_choice(legal: int, trick: Sequence[int]) -> int:
    """In least: lead low; follow with the highest card that stays under the trick; when the trick must
    be won, win it with the fewest points; shed the most points when another player is taking it."""
    cards = bit_indices(legal)
    if not trick:
        return min(cards, key=lambda c: (CARD_POINTS[c], POWER[c]))
    best = trick[tricks.winner(trick, ORDER)]
    under = [c for c in cards if not tricks.beats(c, best, ORDER)]
    if under:
        return max(under, key=lambda c: (CARD_POINTS[c], POWER[c]))
    return min(cards, key=lambda c: (CARD_POINTS[c], -POWER[c]))


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


# --- playout habits (IS-MCTS), reading the position ------------------------------------------------------
class SchafkopfPosition(CardPosition, Protocol):
    @property
    def phase(self) -> str: ...
    @property
    def declarer(self) -> int: ...   # -1 in least, where every seat plays for itself
    @property
    def leader(self) -> int: ...
    @property
    def seating(self) -> Seating: ...


@habit_for("schafkopf")
def habits(position: SchafkopfPosition, seat: int, rng: random.Random) -> Action:
    """Take the widow on a strong hand of trumps, lay away points in short suits; in play, win a trick
    cheaply when it can be won, give points to a fellow defender who holds it, else shed the least
    valuable card (in least, stay under the trick and shed points when void)."""
    if seat not in position.to_move or rng.random() < 0.1:
        return random_habit(position, seat, rng)
    hand = position.hands[seat]
    phase = position.phase
    if phase is Phase.WIDOW:
        return TAKE if hand_strength(hand) >= TAKE_AT else PASS
    if phase is Phase.DISCARD:
        return BURIES[discard_choice(hand)]
    if phase is not Phase.PLAY:
        return random_habit(position, seat, rng)
    trick = position.trick
    legal = LEGAL(hand, trick)
    declarer = position.declarer
    if declarer < 0:
        return PLAYS[least_choice(legal, trick)]
    if not trick:
        return PLAYS[max(bit_indices(legal), key=POWER.__getitem__)]
    best = trick[tricks.winner(trick, ORDER)]
    best_seat = position.seating.next(position.leader, trick.index(best))
    friend = seat != declarer and best_seat != declarer
    winners = [c for c in bit_indices(legal) if tricks.beats(c, best, ORDER)]
    if friend and len(trick) == 2:
        # A fellow defender holds the trick and no one plays after: give him points, not trumps.
        return PLAYS[max(bit_indices(legal), key=lambda c: (0 if BIT[c] & TRUMPS else CARD_POINTS[c], -POWER[c]))]
    if winners and not friend:
        return PLAYS[min(winners, key=POWER.__getitem__)]
    return PLAYS[min(bit_indices(legal), key=lambda c: (CARD_POINTS[c], POWER[c]))]
