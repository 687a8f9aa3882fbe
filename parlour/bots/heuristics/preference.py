"""Preference by rules of thumb: name or buy trumps only on a hand worth six tricks, keep the trumps and
the short suits when laying away, draw trumps as the bidder, cash sure cards, and defend together.

Reads only the view: own hand, the trick, the calls, the payments per trump suit, and the cards played
this deal as the log records them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable

from parlour.bots.heuristic import heuristic_for
from parlour.cards import PIQUET_32, Card, Rank, Suit
from parlour.engine.view import View
from parlour.games.preference import ORDERS, PACK, SUIT_NAME, SUIT_OF_NAME, TO_MAKE, likely_tricks
from parlour.mechanics import tricks

RANKS = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
STRENGTH = {rank: k for k, rank in enumerate(RANKS)}
PLAYED = re.compile(r"^seat \d+: play (\S+)$")


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
