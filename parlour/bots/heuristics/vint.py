"""Vint by rules of thumb: bid only what the hand and an average partner should make, then play whist.

The heuristic reads only the view: own hand, the calls so far, the contract, the trick on the table and the
sides.

*Bidding.* The hand's tricks are counted for each strain (aces, guarded kings and queens, length in trumps,
short suits to ruff with) and an average partner is credited with three more, one and a half more
again in a strain he has bid. A failed bid costs 100 times the trick value for every trick short, so the
bot bids the highest contract it expects to make by half a trick (tricks are worth more at a higher
level, to both sides), and does not take partner's bid away from him without a clearly better hand.

*Play.* Second hand low; third and fourth hand win as cheaply as possible unless partner already holds
the trick; void, trump an opponent's winner with the lowest trump that beats it, else throw the lowest
card. Leads: the declaring side draws trumps when long in them; otherwise an ace, the top of a king-queen,
or a low card of the longest suit.

The playout habits (``habits``, for IS-MCTS) read the position through ``VintPosition`` only, and only what
their seat may know.
"""

from __future__ import annotations

import random
from typing import Protocol

from parlour.bots.heuristic import CardPosition, habit_for, heuristic_for, random_habit
from parlour.cards import ACE_HIGH, Card, Rank, Suit, bit_indices
from parlour.engine.actions import Action
from parlour.engine.view import View
from parlour.games.vint import (
    BIDS,
    BOOK,
    CONTRACTS,
    LEGAL,
    PACK,
    PASS,
    PLAYS,
    STRAIN_SUIT,
    STRAIN_WORDS,
    SUIT_MASKS,
    Phase,
    level_of,
    strain_of,
)
from parlour.mechanics import tricks
from parlour.mechanics.auctions import Auction

STRENGTH = {rank: k for k, rank in enumerate(ACE_HIGH)}
AVERAGE_PARTNER = 3.0
PARTNER_SUIT = 1.5
MARGIN = 0.5


def estimate_tricks(hand: int, strain: int) -> float:
    """A rough count of the tricks a hand should take with ``strain`` as trumps: high cards, length in
    trumps, and shortness to ruff with (the playout habits' estimate; the heuristic counts alike from its view)."""
    trump = STRAIN_SUIT[strain]
    total = 0.0
    for suit in range(4):
        bits = hand >> (13 * suit) & 0x1FFF
        length = bits.bit_count()
        if bits >> 12 & 1:
            total += 1
        if bits >> 11 & 1 and length >= 2:
            total += 0.75
        if bits >> 10 & 1 and length >= 3:
            total += 0.4
        if suit == trump:
            total += max(0, length - 3)
        elif trump is None:
            total += max(0, length - 4) * (0.8 if bits >> 11 else 0.3)
        elif (hand & SUIT_MASKS[int(trump)]).bit_count() >= 3 and length < 2:
            total += 0.8 if length == 0 else 0.4
    return total


def strength(card: Card) -> int:
    return STRENGTH[card.rank]


@heuristic_for("vint")
def choose(view: View, rng: random.Random) -> str:
    if view.phase == "auction":
        return call(view)
    return play(view, rng)


def call(view: View) -> str:
    me = view.seat
    assert me is not None
    side = view.seats[me]["team"]
    hand = PACK.mask(Card.parse(c) for c in view.hand)
    bids = [(c["seat"], c["call"]) for c in view.table["auction"] if c["call"] != "pass"]
    partner_strains = {strain_of(text) for seat, text in bids if seat != me and view.seats[seat]["team"] == side}
    partner_holds = bool(bids) and bids[-1][0] != me and view.seats[bids[-1][0]]["team"] == side
    best: tuple[int, float, str] | None = None
    for action in view.legal_actions:
        if action == "pass":
            continue
        contract = action.split()[1]
        level, strain = level_of(contract), strain_of(contract)
        expected = estimate_tricks(hand, strain) + AVERAGE_PARTNER
        if strain in partner_strains:
            expected += PARTNER_SUIT
        margin = expected - (BOOK + level)
        if margin < MARGIN:
            continue
        if partner_holds and margin < MARGIN + (0.5 if strain in partner_strains else 1):
            continue
        key = (level, margin, action)
        if best is None or key > best:
            best = key
    return best[2] if best is not None else "pass"


def play(view: View, rng: random.Random) -> str:
    me = view.seat
    assert me is not None
    side = view.seats[me]["team"]
    trump_word = view.extra["trumps"]
    trump = STRAIN_SUIT[STRAIN_WORDS.index(trump_word)]
    plays = {Card.parse(a.split()[1]): a for a in view.legal_actions}
    cards = list(plays)
    trick = [(p["seat"], Card.parse(p["card"])) for p in view.table["trick"]]

    def power(card: Card, led: Suit | None) -> int:
        if trump is not None and card.suit == trump:
            return 100 + strength(card)
        return strength(card) if card.suit == led else -1

    def cheap(card: Card) -> tuple[bool, int]:
        return card.suit == trump, strength(card)

    if not trick:
        return plays[lead(view, cards, trump, side)]
    led = trick[0][1].suit
    win_seat, win_card = max(trick, key=lambda sc: power(sc[1], led))
    partner_wins = view.seats[win_seat]["team"] == side
    beating = [c for c in cards if power(c, led) > power(win_card, led)]
    following = any(c.suit == led for c in cards)
    if partner_wins and (len(trick) == 3 or win_card.rank == Rank.ACE or power(win_card, led) >= 100):
        return plays[min(cards, key=cheap)]
    if following:
        if len(trick) == 1 and not any(c.rank == Rank.ACE for c in beating):
            return plays[min(cards, key=strength)]
        if beating and not partner_wins:
            return plays[min(beating, key=lambda c: power(c, led))]
        return plays[min(cards, key=strength)]
    if beating and not partner_wins:
        return plays[min(beating, key=lambda c: power(c, led))]
    return plays[min(cards, key=lambda c: (cheap(c), rng.random()))]


def lead(view: View, cards: list[Card], trump: Suit | None, side: int) -> Card:
    declarer = view.extra["declarer"]
    declaring = declarer is not None and view.seats[declarer]["team"] == side
    by_suit: dict[Suit, list[Card]] = {}
    for card in cards:
        by_suit.setdefault(card.suit, []).append(card)  # type: ignore[arg-type]
    if declaring and trump is not None and len(by_suit.get(trump, [])) >= 4:
        return max(by_suit[trump], key=strength)
    plain = {suit: held for suit, held in by_suit.items() if suit != trump} or by_suit
    aces = [card for held in plain.values() for card in held if card.rank == Rank.ACE]
    if aces:
        return aces[0]
    suit = max(plain, key=lambda s: (len(plain[s]), max(strength(c) for c in plain[s])))
    held = sorted(plain[suit], key=strength, reverse=True)
    if len(held) >= 2 and held[0].rank == Rank.KING and held[1].rank == Rank.QUEEN:
        return held[0]
    return held[-1]


# --- playout habits (IS-MCTS), reading the position ------------------------------------------------------
class VintPosition(CardPosition, Protocol):
    @property
    def phase(self) -> str: ...
    @property
    def auction(self) -> Auction: ...
    @property
    def order(self) -> tricks.CardOrder: ...
    @property
    def leader(self) -> int: ...
    @property
    def after(self) -> tuple[int, ...]: ...
    @property
    def side_of(self) -> tuple[int, ...]: ...


@habit_for("vint")
def habits(position: VintPosition, seat: int, rng: random.Random) -> Action:
    """Bid only what the hand and an average partner should make; in play, win cheaply when an opponent
    holds the trick, else play low; lead the top of the longest suit."""
    if seat not in position.to_move:
        return random_habit(position, seat, rng)
    hand = position.hands[seat]
    if position.phase is Phase.AUCTION:
        return _call(position, seat, hand)
    if rng.random() < 0.1:
        # A little noise in the play only: a random bid is a contract no one would make, and a
        # search that meets them learns to pre-empt bids that are never made.
        return random_habit(position, seat, rng)
    trick = position.trick
    legal = LEGAL(hand, trick)
    order = position.order
    power = order.power
    if not trick:
        longest = max(range(4), key=lambda s: (hand & SUIT_MASKS[s]).bit_count())
        pick = hand & SUIT_MASKS[longest] or legal
        return PLAYS[max(bit_indices(pick), key=power.__getitem__)]
    k = tricks.winner(trick, order)
    best = trick[k]
    winner, after = position.leader, position.after
    for _ in range(k):
        winner = after[winner]
    cards = bit_indices(legal)
    side_of = position.side_of
    if side_of[winner] == side_of[seat]:
        return PLAYS[min(cards, key=lambda c: (power[c] >= tricks.TRUMP_POWER, power[c]))]
    beating = [c for c in cards if tricks.beats(c, best, order)]
    if beating:
        return PLAYS[min(beating, key=power.__getitem__)]
    return PLAYS[min(cards, key=lambda c: (power[c] >= tricks.TRUMP_POWER, power[c]))]


def _call(position: VintPosition, seat: int, hand: int) -> Action:
    """The cheapest bid the hand and an average partner should make, never overcalling the partner's
    strain; a seat barred from bidding again (holding the high bid) has only a pass."""
    calls = position.legal_actions(seat)
    if len(calls) == 1:
        return calls[0]
    auction = position.auction
    high = auction.high_key
    for key in range(0 if high is None else high + 1, len(CONTRACTS)):
        level, strain = key // 5 + 1, key % 5
        if level > 7 or estimate_tricks(hand, strain) + 3 < BOOK + level + 0.5:
            continue
        if auction.high_seat is not None and position.side_of[auction.high_seat] == position.side_of[seat] \
                and strain != strain_of(auction.high):
            continue
        return BIDS[key]
    return PASS
