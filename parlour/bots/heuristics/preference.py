"""Preference by rules of thumb: name or buy trumps only on a hand worth six tricks, keep the trumps and
the short suits when laying away, draw trumps as the bidder, cash sure cards, and defend together.

The heuristic reads only the view: own hand, the trick, the calls, the payments per trump suit, and the cards
played this deal as the log records them.

The playout habits (``habits``, for IS-MCTS) read the position through ``PreferencePosition`` only, and only
what their seat may know.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable
from typing import Protocol

from parlour.bots.heuristic import CardPosition, habit_for, heuristic_for, random_habit
from parlour.cards import PIQUET_32, Card, Rank, Suit, bit_indices
from parlour.engine.actions import Action
from parlour.engine.view import View
from parlour.games.preference import (
    BIDDING_ORDER,
    LAYS,
    LEGAL,
    ORDERS,
    PACK,
    PASS,
    PLAYS,
    RANK_POWER,
    SUIT_MASKS,
    SUIT_NAME,
    SUIT_OF,
    SUIT_OF_NAME,
    SUIT_RANK,
    TO_MAKE,
    TRUMPS,
    Phase,
    PreferenceBid,
)
from parlour.mechanics import tricks
from parlour.mechanics.auctions import Auction

RANKS = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
STRENGTH = {rank: k for k, rank in enumerate(RANKS)}
PLAYED = re.compile(r"^seat \d+: play (\S+)$")


def likely_tricks(hand: int, trump: Suit) -> float:
    """A quick count of the tricks a hand (a mask) may take with ``trump`` as trumps: sure honours in every
    suit, and the length of the trump suit beyond three. Used by the heuristic and by search playouts."""
    total = 0.0
    for suit in Suit:
        cards = hand & SUIT_MASKS[suit]
        length = cards.bit_count()
        if not length:
            continue
        ranks = sorted((RANK_POWER[i] for i in bit_indices(cards)), reverse=True)
        # Honours: the ace is a trick; the king with a guard; the queen with two guards.
        honours = 0.0
        for place, top in enumerate((7, 6, 5)):
            if top in ranks and length > place:
                honours += 1.0 if place < 2 else 0.5
        # An unbroken run from the ace is as many tricks as it is long (in trumps).
        solid = next((k for k, rank in enumerate(ranks) if rank != 7 - k), length)
        if suit == trump:
            total += max(solid, honours + max(0, length - 3) + (0.5 if length >= 3 and 7 not in ranks else 0))
        else:   # beyond three rounds a plain suit is likely trumped
            total += max(min(solid, 3), honours)
            if length == 0:
                total += 0.25 * (hand & SUIT_MASKS[trump]).bit_count()
    return total


def strength(card: Card) -> int:
    return STRENGTH[card.rank]


def mask_of(cards: Iterable[Card]) -> int:
    return PIQUET_32.mask(cards)


def chance(tricks: float) -> float:
    """A rough chance of taking six tricks for a hand counted at ``tricks`` (measured over self-play: the
    count is cautious, and about five makes it more often than not)."""
    return min(0.97, max(0.0, 0.55 + (tricks - TO_MAKE + 1) * 0.35))


def worth(hand: list[Card], suit: Suit, pays: dict[str, int]) -> float:
    """The hand's expected payment with ``suit`` as trumps (won with the chance above, else paid)."""
    p = chance(likely_tricks(mask_of(hand), suit))
    return (2 * p - 1) * pays.get(SUIT_NAME[suit], 1)


def best_trumps(hand: list[Card], pays: dict[str, int]) -> Suit:
    return max(Suit, key=lambda s: (worth(hand, s, pays), likely_tricks(mask_of(hand), s)))


@heuristic_for("preference")
def choose(view: View, rng: random.Random) -> str:
    legal = view.legal_actions
    hand = [Card.parse(c) for c in view.hand]
    pays: dict[str, int] = view.extra.get("pays", {})
    if view.phase == "first round":
        return first_round(legal, hand, pays)
    if view.phase == "second round":
        return second_round(legal, hand, pays)
    if view.phase == "lay away":
        return lay_away(legal, hand, pays)
    if view.phase == "trumps":
        return f"trumps {SUIT_NAME[best_trumps(hand, pays)]}"
    return play(view, legal, hand, rng)


def first_round(legal: list[str], hand: list[Card], pays: dict[str, int]) -> str:
    mask = mask_of(hand)
    choices = []
    for action in legal:
        if action.startswith("bid "):
            suit = SUIT_OF_NAME[action.split()[1]]
            tricks = likely_tricks(mask, suit)
            if chance(tricks) >= 0.6:
                choices.append((worth(hand, suit, pays), tricks, action))
    return max(choices)[2] if choices else "pass"


def second_round(legal: list[str], hand: list[Card], pays: dict[str, int]) -> str:
    bids = [a for a in legal if a.startswith("bid ")]
    if not bids:
        return "pass"
    # The widow brings two cards for two laid away: count it as most of a trick.
    suit = best_trumps(hand, pays)
    p = chance(likely_tricks(mask_of(hand), suit) + 0.75)
    expected = (2 * p - 1) * pays.get(SUIT_NAME[suit], 1)
    cheapest = bids[0]
    return cheapest if int(cheapest.split()[1]) < expected else "pass"


def lay_away(legal: list[str], hand: list[Card], pays: dict[str, int]) -> str:
    """Lay away the card whose loss leaves the best hand for its best trump suit; never a trump or an ace
    unless there is nothing else."""
    def after(card: Card) -> tuple[float, float]:
        rest = [c for c in hand if c != card]
        suit = best_trumps(rest, pays)
        return worth(rest, suit, pays), likely_tricks(mask_of(rest), suit)
    best = max((c for c in hand), key=lambda c: (after(c), -strength(c)))
    return f"discard {best}"


def played_cards(view: View) -> set[Card]:
    out = set()
    for line in view.log:
        match = PLAYED.match(line)
        if match:
            out.add(Card.parse(match.group(1)))
    return out


def play(view: View, legal: list[str], hand: list[Card], rng: random.Random) -> str:
    plays = {Card.parse(a.split()[1]): a for a in legal}
    cards = list(plays)
    trump = SUIT_OF_NAME[view.extra["trumps"]]
    bidder = view.extra["bidder"]
    me = view.seat
    gone = played_cards(view) | set(hand)

    def master(card: Card) -> bool:
        """No unseen card of its suit outranks it."""
        return all(Card(r, card.suit) in gone for r in RANKS[strength(card) + 1:])

    def power(card: Card) -> int:
        return strength(card) + (100 if card.suit == trump else 0)

    def cheap(card: Card) -> tuple[int, int, int]:
        length = sum(1 for c in hand if c.suit == card.suit)
        return (card.suit == trump, strength(card), length)

    trick = [(p["seat"], Card.parse(p["card"])) for p in view.table["trick"]]
    if not trick:
        return plays[lead(cards, hand, trump, me == bidder, gone, master, rng)]
    led = trick[0][1].suit
    win_seat, win_card = trick[0]
    order = ORDERS[trump]

    def beats(card: Card) -> bool:
        return tricks.beats(PACK.index[card], PACK.index[win_card], order)

    for seat, card in trick[1:]:
        if beats(card):
            win_seat, win_card = seat, card
    last = len(trick) == 2
    partner_winning = me != bidder and win_seat != bidder
    if partner_winning and (last or (win_card.suit == led and master(win_card)) or win_card.suit == trump):
        return plays[min(cards, key=cheap)]
    winners = [c for c in cards if beats(c)]
    if winners:
        return plays[min(winners, key=power)]
    return plays[min(cards, key=cheap)]


def lead(cards: list[Card], hand: list[Card], trump: Suit, bidding: bool, gone: set[Card],
         is_master: Callable[[Card], bool], rng: random.Random) -> Card:
    trumps = [c for c in cards if c.suit == trump]
    out_trumps = sum(1 for r in RANKS if Card(r, trump) not in gone)
    if bidding and trumps and out_trumps:
        top = max(trumps, key=strength)
        return top if is_master(top) or len(trumps) >= 3 else min(trumps, key=strength)
    sure = [c for c in cards if c.suit != trump and is_master(c)]
    if sure:
        return max(sure, key=strength)
    side = [c for c in cards if c.suit != trump] or cards
    by_length: dict[Suit | None, int] = {s: sum(1 for c in hand if c.suit == s) for s in Suit}
    if bidding:
        return min(side, key=lambda c: (-by_length[c.suit], strength(c), rng.random()))
    # A defender leads from a short suit, hoping to trump it later.
    return min(side, key=lambda c: (by_length[c.suit], strength(c), rng.random()))


# --- playout habits (IS-MCTS), reading the position ------------------------------------------------------
class PreferencePosition(CardPosition, Protocol):
    @property
    def phase(self) -> str: ...
    @property
    def auction(self) -> Auction: ...
    @property
    def trump(self) -> Suit | None: ...
    @property
    def declarer(self) -> int: ...
    @property
    def leader(self) -> int: ...
    @property
    def after(self) -> tuple[int, ...]: ...   # who plays after each seat among those in the deal


@habit_for("preference")
def habits(position: PreferencePosition, seat: int, rng: random.Random) -> Action:
    """In play, win the trick cheaply when it can be won (and the partner against the bidder is not
    already winning it), else throw the lowest card; lead the highest. Bidding: name or buy only with a
    hand likely to take six tricks."""
    if seat not in position.to_move:
        return random_habit(position, seat, rng)
    phase = position.phase
    hand = position.hands[seat]
    if phase is Phase.PLAY:
        if rng.random() < 0.1:    # noise in the play only, never a random bid
            return random_habit(position, seat, rng)
        return _play(position, seat, hand)
    if phase in (Phase.FIRST, Phase.WIDOW):
        best_suit = max(Suit, key=lambda s: likely_tricks(hand, s))
        strength = likely_tricks(hand, best_suit)
        legal_calls = position.legal_actions(seat)
        if phase is Phase.FIRST and strength >= TO_MAKE - 0.5:
            bids = [a for a in legal_calls if isinstance(a, PreferenceBid)
                    and likely_tricks(hand, SUIT_OF_NAME[a.contract]) >= TO_MAKE - 0.5]
            return bids[-1] if bids else PASS
        if phase is Phase.WIDOW and strength >= TO_MAKE - 1 and legal_calls[0] != PASS:
            high = position.auction.high_key or 0
            return legal_calls[0] if high < 4 else PASS
        return PASS
    if phase is Phase.DISCARD:
        trump = max(Suit, key=lambda s: likely_tricks(hand, s))
        spare = hand & ~SUIT_MASKS[trump] or hand
        return LAYS[min(bit_indices(spare), key=lambda c: (RANK_POWER[c] == 7, (hand & SUIT_MASKS[SUIT_OF[c]])
                                                          .bit_count(), RANK_POWER[c]))]
    if phase is Phase.NAME:
        return TRUMPS[SUIT_RANK[max(BIDDING_ORDER, key=lambda s: likely_tricks(hand, s))]]
    return random_habit(position, seat, rng)


def _play(position: PreferencePosition, seat: int, hand: int) -> Action:
    order = ORDERS[position.trump]  # type: ignore[index]
    power = order.power
    trick = position.trick
    legal = LEGAL(hand, trick)
    if not trick:
        return PLAYS[max(bit_indices(legal), key=power.__getitem__)]
    best = trick[tricks.winner(trick, order)]
    winner = position.leader
    after = position.after
    for _ in range(trick.index(best)):
        winner = after[winner]
    cards = bit_indices(legal)
    lowest = min(cards, key=lambda c: (power[c] >= tricks.TRUMP_POWER, power[c]))
    declarer = position.declarer
    if seat != declarer and winner != declarer:
        return PLAYS[lowest]
    led = SUIT_OF[trick[0]]
    beating = [c for c in cards if SUIT_OF[c] in (led, order.trump) and power[c] > power[best]]
    return PLAYS[min(beating, key=power.__getitem__) if beating else lowest]
