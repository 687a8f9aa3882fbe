"""Auction Bridge by rules of thumb: bid what the partnership can make, double what it can defeat, and play
the cards the usual way (second hand low, third hand high, cash winners, draw trumps, ruff losers).

The heuristic reads only the view: own hand, dummy's cards once shown, the calls, the trick, and the cards
played this deal (from the log, which every seat reads).

The playout habits (``habits``, for IS-MCTS) read the position through ``AuctionBridgePosition`` only, and
only what their seat may know.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from parlour.bots.heuristic import CardPosition, habit_for, heuristic_for, random_habit
from parlour.cards import Card, Rank, Suit, bit_indices
from parlour.engine.actions import Action
from parlour.engine.view import View
from parlour.games.auction_bridge import (
    ACTIONS,
    BIDS,
    BOOK,
    CARDS,
    CONTRACT_NAMES,
    CONTRACT_OF,
    INDEX,
    NO_TRUMP,
    ORDERS,
    PACK,
    PASS,
    STEP,
    SUIT_MASKS,
    TRICK_VALUES,
    Phase,
)
from parlour.mechanics import tricks
from parlour.mechanics.auctions import Auction

PLAYED = re.compile(r"^seat (\d): play (\S+)$")


def strength(card: Card) -> int:
    """Rank with aces high: 2 to 14."""
    return 14 if card.rank == Rank.ACE else int(card.rank)


def high_card_points(hand: Iterable[Card]) -> int:
    return sum({14: 4, 13: 3, 12: 2, 11: 1}.get(strength(c), 0) for c in hand)


def by_suit(hand: Iterable[Card]) -> dict[Suit, list[Card]]:
    """The cards of each suit, highest first."""
    out: dict[Suit, list[Card]] = {s: [] for s in Suit}
    for card in hand:
        out[card.suit].append(card)  # type: ignore[index]
    for cards in out.values():
        cards.sort(key=strength, reverse=True)
    return out


def quick_tricks(cards: Sequence[Card]) -> float:
    """Defensive tricks of one suit (highest first): A K = 2, A Q = 1.5, A = 1, K Q = 1, K x = 0.5."""
    top = [strength(c) for c in cards[:2]]
    if top[:2] == [14, 13]:
        return 2.0
    if top[:2] == [14, 12]:
        return 1.5
    if top and top[0] == 14:
        return 1.0
    if top[:2] == [13, 12]:
        return 1.0
    if top and top[0] == 13 and len(cards) >= 2:
        return 0.5
    return 0.0


# --- the auction ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Calls:
    """What the calls so far say: each side's bids by denomination, and who holds the high bid."""

    mine: list[int]          # denominations I bid
    partner: list[int]       # denominations partner bid
    partner_spoke: bool      # partner made a bid
    partner_passed: bool     # partner passed at least once with no bid of theirs


def read_calls(view: View) -> Calls:
    seat = view.seat if view.seat is not None else 0
    mine, partner = [], []
    passed = False
    for entry in view.table["auction"]:
        call = entry["call"]
        if call in CONTRACT_OF:
            if entry["seat"] == seat:
                mine.append(CONTRACT_OF[call][1])
            elif entry["seat"] == (seat + 2) % 4:
                partner.append(CONTRACT_OF[call][1])
        elif call == "pass" and entry["seat"] == (seat + 2) % 4:
            passed = True
    return Calls(mine, partner, bool(partner), passed and not partner)


def side_tricks(hand: list[Card], denomination: int, calls: Calls) -> float:
    """Tricks the partnership may expect in ``denomination``: my high cards and length, and what partner's
    calls suggest (about a third of a trick per high-card point, as the old count has it)."""
    suits = by_suit(hand)
    points = high_card_points(hand)
    partner_points = 11.0 if calls.partner_spoke else 5.0 if calls.partner_passed else 8.0
    tricks = (points + partner_points) / 3.0
    if denomination == NO_TRUMP:
        longest = max(len(c) for c in suits.values())
        tricks += max(0, longest - 4) * 0.7
        unguarded = sum(1 for cards in suits.values() if quick_tricks(cards) == 0 and len(cards) < 4)
        return tricks - 0.8 * unguarded
    trumps = len(suits[Suit(denomination)])
    support = 4 if denomination in calls.partner else 3 if calls.partner_spoke else 2.5
    fit = trumps + support
    tricks += max(0.0, fit - 7) + max(0, trumps - 4) * 0.5
    shortness = sum({0: 1.5, 1: 1.0, 2: 0.4}.get(len(cards), 0) for s, cards in suits.items() if s != denomination)
    return tricks + (shortness if trumps >= 3 else 0)


def cheapest_above(high: str | None, denomination: int) -> str | None:
    """The cheapest bid in ``denomination`` that overcalls ``high``."""
    start = 0 if high is None else CONTRACT_NAMES.index(high) + 1
    for name in CONTRACT_NAMES[start:]:
        if CONTRACT_OF[name][1] == denomination:
            return name
    return None


def choose_call(view: View, rng: random.Random) -> str:
    legal = view.legal_actions
    hand = [Card.parse(c) for c in view.hand]
    calls = read_calls(view)
    seat = view.seat if view.seat is not None else 0
    high = view.extra["high_bid"]
    auction = view.table["auction"]
    high_seat = next((e["seat"] for e in reversed(auction) if e["call"] in CONTRACT_OF), None)
    ours = high_seat is not None and high_seat % 2 == seat % 2
    # The best denomination to bid now: most points below the line among those we expect to make.
    best: tuple[float, str] | None = None
    for d in range(5):
        name = cheapest_above(high, d)
        if name is None or f"bid {name}" not in legal:
            continue
        level = CONTRACT_OF[name][0]
        expected = side_tricks(hand, d, calls)
        # A safety margin that grows with the level: high contracts are the ones that go down.
        if expected - (1.0 + 0.3 * (level - 1)) >= BOOK + level:
            worth = (min(expected, 13) - BOOK) * TRICK_VALUES[d] + rng.random() * 0.01
            if best is None or worth > best[0]:
                best = (worth, name)
    if "redouble" in legal and high is not None:
        level, d = CONTRACT_OF[high]
        if side_tricks(hand, d, calls) >= BOOK + level + 3:
            return "redouble"
    if ours and "pass" in legal:
        # Partner holds the contract: take it over only into a denomination clearly better for us.
        if best is None or high is None:
            return "pass"
        level, d = CONTRACT_OF[high]
        if d in calls.mine or side_tricks(hand, d, calls) + 1 >= side_tricks(hand, CONTRACT_OF[best[1]][1], calls):
            return "pass"
        return f"bid {best[1]}"
    if best is not None:
        return f"bid {best[1]}"
    if "double" in legal and high is not None:
        level, d = CONTRACT_OF[high]
        defence = sum(quick_tricks(cards) for cards in by_suit(hand).values())
        defence += 2.0 if calls.partner_spoke else 1.0
        if d != NO_TRUMP:
            trumps = by_suit(hand)[Suit(d)]
            defence += max(0, len(trumps) - 3) * 0.5
        if defence >= (13 - BOOK - level) + 1.5:
            return "double"
    if "pass" in legal:
        return "pass"
    # The dealer must open: the cheapest bid in the longest suit.
    suits = by_suit(hand)
    longest = max(Suit, key=lambda s: (len(suits[s]), high_card_points(suits[s]), int(s)))
    name = cheapest_above(high, int(longest))
    return f"bid {name}" if name is not None and f"bid {name}" in legal else rng.choice(legal)


# --- the play ---------------------------------------------------------------------------------------------
@dataclass
class Table:
    trump: Suit | None
    me: int                     # the hand being played (dummy's when the declarer plays for it)
    trick: list[tuple[int, Card]]
    gone: set[Card]             # cards played this deal, the trick included
    ours: set[Card]             # cards still held by my side that I can see (dummy's too, if it is ours)
    seen: set[Card]             # gone, my own hand and dummy's cards
    declaring: bool


def read_table(view: View) -> Table:
    contract = view.extra["contract"] or ""
    denomination = CONTRACT_OF[contract.split()[0]][1] if contract else NO_TRUMP
    trump = None if denomination == NO_TRUMP else Suit(denomination)
    seat = view.seat if view.seat is not None else 0
    me = view.extra["playing"] if view.extra["playing"] is not None else seat
    dummy = view.extra["dummy"]
    own = {Card.parse(c) for c in view.hand}
    dummy_cards = {Card.parse(c) for c in view.seats[dummy]["face_up"]} if dummy is not None else set()
    gone = {Card.parse(found.group(2)) for line in view.log if (found := PLAYED.match(line))}
    gone.update(Card.parse(entry["card"]) for entry in view.table["trick"])
    declaring = view.extra["declarer"] in (me, (me + 2) % 4)
    ours = own | dummy_cards if declaring else own
    trick = [(e["seat"], Card.parse(e["card"])) for e in view.table["trick"]]
    return Table(trump, me, trick, gone, ours, gone | own | dummy_cards, declaring)


def beats(card: Card, best: Card, trump: Suit | None) -> bool:
    """Whether ``card`` would take the trick from ``best``: the shared rule, on the cards of a view."""
    return tricks.beats(INDEX[card], INDEX[best], ORDERS[NO_TRUMP if trump is None else int(trump)])


def winning(trick: list[tuple[int, Card]], trump: Suit | None) -> tuple[int, Card]:
    best = trick[0]
    for entry in trick[1:]:
        if beats(entry[1], best[1], trump):
            best = entry
    return best


def is_master(card: Card, t: Table) -> bool:
    """Every higher card of its suit has been played or is held by my side where I can see it."""
    known = t.gone | t.ours
    return all(Card(rank, card.suit) in known for rank in Rank if rank != Rank.JOKER
               and strength(Card(rank, card.suit)) > strength(card))


def choose_play(view: View, rng: random.Random) -> str:
    plays = {Card.parse(a.split()[1]): a for a in view.legal_actions}
    cards = list(plays)
    t = read_table(view)
    trump = t.trump
    if not t.trick:
        return plays[lead(cards, t, view)]
    led = t.trick[0][1].suit
    best_seat, best = winning(t.trick, trump)
    partner_winning = best_seat == (t.me + 2) % 4
    last = len(t.trick) == 3
    following = [c for c in cards if c.suit == led]
    winners = [c for c in cards if beats(c, best, trump)]
    if partner_winning and (last or is_master(best, t) or (best.suit == trump and led != trump)):
        return plays[cheapest(cards, trump)]
    if following:
        if winners and (last or len(t.trick) == 2 or is_master(min(winners, key=strength), t)):
            return plays[min(winners, key=strength)]
        return plays[min(following, key=strength)]
    if winners and not partner_winning:
        return plays[min(winners, key=strength)]
    return plays[cheapest(cards, trump)]


def cheapest(cards: list[Card], trump: Suit | None) -> Card:
    """The card that costs least to throw: a low card from a short side suit, trumps last."""
    counts = {s: sum(1 for c in cards if c.suit == s) for s in Suit}
    return min(cards, key=lambda c: (c.suit == trump, strength(c) >= 12, strength(c), counts[c.suit]))  # type: ignore[index]


def lead(cards: list[Card], t: Table, view: View) -> Card:
    trump = t.trump
    suits = by_suit(cards)
    outstanding_trumps = 0
    if trump is not None:
        outstanding_trumps = sum(1 for r in Rank if r != Rank.JOKER and Card(r, trump) not in t.seen)
    masters = [c for c in cards if is_master(c, t)]
    if t.declaring:
        if trump is not None and suits[trump] and outstanding_trumps:
            return suits[trump][0] if is_master(suits[trump][0], t) else suits[trump][-1]
        side_masters = [c for c in masters if c.suit != trump]
        if side_masters:
            return max(side_masters, key=strength)
        if masters:
            return masters[0]
        plain = [s for s in Suit if suits[s] and s != trump] or [s for s in Suit if suits[s]]
        longest = max(plain, key=lambda s: len(suits[s]))
        return suits[longest][-1]
    # Defending: cash a winner, lead partner's suit, else the top of a sequence or low from length.
    side_masters = [c for c in masters if c.suit != trump]
    if side_masters:
        return max(side_masters, key=strength)
    partner_suits = read_calls(view).partner
    for d in reversed(partner_suits):
        if d != NO_TRUMP and suits[Suit(d)] and Suit(d) != trump:
            return suits[Suit(d)][0]
    plain = [s for s in Suit if suits[s] and s != trump] or [s for s in Suit if suits[s]]
    for s in plain:
        top = [strength(c) for c in suits[s][:2]]
        if len(top) == 2 and top[0] - top[1] == 1 and top[0] >= 12:
            return suits[s][0]
    if trump is not None:
        singles = [s for s in plain if len(suits[s]) == 1 and suits[trump]]
        if singles:
            return suits[singles[0]][0]
    longest = max(plain, key=lambda s: (len(suits[s]), high_card_points(suits[s])))
    run = suits[longest]
    return run[3] if len(run) >= 4 else run[-1]


@heuristic_for("auction-bridge")
def choose(view: View, rng: random.Random) -> str:
    if view.phase == "auction":
        return choose_call(view, rng)
    return choose_play(view, rng)


# --- playout habits (IS-MCTS), reading the position ------------------------------------------------------
class AuctionBridgePosition(CardPosition, Protocol):
    @property
    def phase(self) -> str: ...
    @property
    def auction(self) -> Auction: ...          # the public calls
    @property
    def order(self) -> tricks.CardOrder: ...   # the contract's card order


HONOURS = sum(PACK.rank_masks[rank] for rank in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK))


def hand_points(hand: int) -> int:
    """Milton Work's count of high cards: ace 4, king 3, queen 2, jack 1 (a rough gauge for quick play)."""
    points = 0
    for index in bit_indices(hand & HONOURS):
        rank = CARDS[index].rank
        points += 4 if rank == Rank.ACE else rank - 10
    return points


@habit_for("auction-bridge")
def habits(position: AuctionBridgePosition, seat: int, rng: random.Random) -> Action:
    """Bid a long suit with a good hand and pass otherwise; in play, win the trick as cheaply as possible
    when the partner is not already winning it, else play low. The declarer plays dummy's cards, which
    lie face up: ``legal_mask`` is of the hand whose turn it is."""
    if seat not in position.to_move:
        return random_habit(position, seat, rng)
    if position.phase is Phase.AUCTION:
        return _call(position, seat)
    if rng.random() < 0.1:      # noise in the play only: a random bid is a contract no one would make
        return random_habit(position, seat, rng)
    legal = position.legal_mask(seat)
    trick = position.trick
    order = position.order
    power = order.power
    if not trick:
        return ACTIONS[max(bit_indices(legal), key=power.__getitem__)]
    winning = tricks.winner(trick, order)
    partner_winning = len(trick) - winning == 2
    if not partner_winning:
        best = trick[winning]
        beating = [c for c in bit_indices(legal) if tricks.beats(c, best, order)]
        if beating:
            return ACTIONS[min(beating, key=power.__getitem__)]
    return ACTIONS[min(bit_indices(legal), key=power.__getitem__)]


def _call(position: AuctionBridgePosition, seat: int) -> Action:
    """The cheapest bid of the longest suit that the hand's points reach; else pass, or the cheapest bid
    of that suit where the dealer may not pass (the seat's legal calls say so)."""
    hand = position.hands[seat]
    points = hand_points(hand)
    auction = position.auction
    lengths = [(hand & SUIT_MASKS[s]).bit_count() for s in range(4)]
    suit = max(range(4), key=lambda s: (lengths[s], s))
    reach = BOOK + (points + 10) // 5 - 3 + max(0, lengths[suit] - 4)
    start = 0 if auction.high is None else STEP[auction.high] + 1
    for bid in BIDS[start:]:
        level, d = CONTRACT_OF[bid.contract]
        if d == suit and BOOK + level <= reach:
            return bid
    if PASS not in position.legal_actions(seat):
        return next(b for b in BIDS if CONTRACT_OF[b.contract][1] == suit)
    return PASS
