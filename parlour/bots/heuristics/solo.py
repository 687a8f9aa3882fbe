"""Solo by rules of thumb: judge the hand's tricks in each trump suit, bid what it can make, draw trumps,
cash masters, help a known partner and never waste a high card on his trick.

The heuristic reads only the view: own hand, legal actions, the trick so far, the cards played this deal, the
game named and the teams as far as this seat knows them. Heart Solo (``heart_solo.py``) uses the same player.

The playout habits (``habits``, for IS-MCTS) read the position through ``SoloPosition`` only, and only what
their seat may know.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from parlour.bots.heuristic import CardPosition, habit_for, heuristic_for, random_habit
from parlour.cards import HEART_SOLO_24, PIQUET_32, Card, Pack, Rank, Suit, bit_indices
from parlour.engine.actions import Action, ActionTable
from parlour.engine.seating import Seating
from parlour.engine.view import View
from parlour.games.solo import (
    PASS,
    Phase,
)
from parlour.mechanics import tricks

SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
CONTRACTS = ("simple", "simple in colour", "solo", "solo in colour", "tout", "tout in colour")
KINDS = ("simple", "solo", "tout")
QC, QS = Card(Rank.QUEEN, Suit.CLUBS), Card(Rank.QUEEN, Suit.SPADES)
PLAIN = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
# Tricks a hand must be judged to take for each kind of game (a partner brings about two to a simple game).
NEEDED = {"simple": 3.2, "solo": 5.0, "tout": 7.6}
# Three hands of eight take three cards a trick: a judged trick is worth more, and a solo is bid sooner.
HEART_SOLO_NEEDED = 4.3
TRUMP = 4   # the effective suit of every trump


@dataclass(frozen=True, slots=True)
class Order:
    """Effective suit and power of every card for one trump suit (or none yet)."""

    trump: int

    def is_trump(self, card: Card) -> bool:
        return card is QC or card is QS or (self.trump >= 0 and card.suit == self.trump)

    def suit(self, card: Card) -> int:
        return TRUMP if self.is_trump(card) else int(card.suit)  # type: ignore[arg-type]

    def power(self, card: Card) -> int:
        if card is QC:
            return 100
        if self.trump >= 0 and card.suit == self.trump and card.rank == Rank.SEVEN:
            return 99
        if card is QS:
            return 98
        base = PLAIN.index(card.rank)
        return 80 + base if self.is_trump(card) else base


def pack_of(view: View) -> Pack:
    return HEART_SOLO_24 if view.game == "heart-solo" else PIQUET_32


def trumps_of(pack: Pack, order: Order) -> list[Card]:
    return sorted((c for c in pack.cards if order.is_trump(c)), key=order.power, reverse=True)


def judged_tricks(hand: Sequence[Card], trump: int, pack: Pack) -> float:
    """How many tricks ``hand`` may take with ``trump`` as trumps, by rough counting."""
    order = Order(trump)
    mine = [c for c in hand if order.is_trump(c)]
    held = set(mine)
    tricks = 0.0
    higher_missing = 0
    for card in trumps_of(pack, order):
        if card in held:
            chance = (1.0, 0.75, 0.45)[higher_missing] if higher_missing < 3 else 0.2
            if len(mine) >= 2 + higher_missing or higher_missing == 0:
                tricks += chance
            else:
                tricks += chance / 2
        else:
            higher_missing += 1
    tricks += 0.35 * max(0, len(mine) - 3)
    for suit in range(4):
        if suit == trump:
            continue
        cards = [c for c in hand if c.suit == suit and not order.is_trump(c)]
        ranks = {c.rank for c in cards}
        if not cards:
            tricks += 0.35 if len(mine) >= 3 else 0.0
            continue
        if Rank.ACE in ranks:
            tricks += 0.9 if len(cards) <= 4 else 0.6
            if Rank.KING in ranks:
                tricks += 0.5
        elif Rank.KING in ranks and len(cards) >= 2:
            tricks += 0.3
    return tricks


def best_games(hand: Sequence[Card], colour: int, pack: Pack, kinds: Sequence[str]) -> list[tuple[int, float, int]]:
    """For each trump suit: (level of the best game the hand can judge safe, or -1; judged tricks; suit)."""
    out = []
    for suit in range(4):
        judged = judged_tricks(hand, suit, pack)
        if pack is HEART_SOLO_24:
            judged += NEEDED["solo"] - HEART_SOLO_NEEDED
        level = -1
        for k, kind in enumerate(KINDS):
            if kind in kinds and judged >= NEEDED[kind]:
                level = 2 * k + (suit == colour)
        out.append((level, judged, suit))
    return out


def outstanding(view: View, hand: Sequence[Card]) -> set[Card]:
    """Cards not yet seen: neither played, nor in the trick, nor in this hand."""
    seen = {Card.parse(c) for c in view.extra["played"]}
    seen |= {Card.parse(p["card"]) for p in view.table["trick"]}
    seen |= set(hand)
    return {c for c in pack_of(view).cards if c not in seen}


def is_master(card: Card, order: Order, unseen: set[Card]) -> bool:
    suit = order.suit(card)
    return not any(order.suit(c) == suit and order.power(c) > order.power(card) for c in unseen)


@heuristic_for("solo")
def choose(view: View, rng: random.Random) -> str:
    legal = view.legal_actions
    hand = [Card.parse(c) for c in view.hand]
    extra = view.extra
    pack = pack_of(view)
    colour = SUIT_NAMES.index(extra["colour"])
    kinds = ("solo",) if view.game == "heart-solo" else KINDS
    games = best_games(hand, colour, pack, kinds)
    can = max(level for level, _, _ in games)
    verbs = {a.split()[0] for a in legal}
    if "play" in verbs:
        return play(view, hand, legal, rng)
    if "ask" in verbs:
        return "ask" if can >= 0 or "pass" not in legal else "pass"
    if "hold" in verbs:
        asked = CONTRACTS.index(extra["bid"]["contract"])
        return "hold" if can >= asked or "pass" not in legal else "pass"
    bids = [a for a in legal if a.startswith("bid ")]
    if bids or (legal == ["pass"]):
        affordable = [b for b in bids if CONTRACTS.index(b[4:]) <= can]
        if affordable:
            return min(affordable, key=lambda b: CONTRACTS.index(b[4:]))
        return "pass" if "pass" in legal else bids[0]
    if "name" in verbs and "call" in verbs:
        return forcee(legal, hand, games)
    if "name" in verbs:
        return name(legal, games, colour)
    if "call" in verbs:
        return call(legal, hand, extra, games)
    if "trumps" in verbs:
        options = [a for a in legal if a.startswith("trumps ")]
        return max(options, key=lambda a: judged_tricks(hand, SUIT_NAMES.index(a.split()[1]), pack))
    if "continue" in verbs:
        order = Order(SUIT_NAMES.index(extra["game"]["trumps"]))
        unseen = outstanding(view, hand)
        safe = all(is_master(c, order, unseen) for c in hand) and not any(order.is_trump(c) for c in unseen)
        return "continue" if safe else "abandon"
    return rng.choice(legal)


def name(legal: Sequence[str], games: Sequence[tuple[int, float, int]], colour: int) -> str:
    """The highest game judged safe among those allowed; failing that, the cheapest in the best suit."""
    options = []
    for action in legal:
        _, kind, suit_name = action.split()
        suit = SUIT_NAMES.index(suit_name)
        level = 2 * KINDS.index(kind) + (suit == colour)
        judged = games[suit][1]
        safe = judged >= NEEDED[kind]
        options.append((safe, level if safe else -level, judged, action))
    return max(options)[3]


def forcee(legal: Sequence[str], hand: Sequence[Card], games: Sequence[tuple[int, float, int]]) -> str:
    """Forcée: a solo in the best suit if the hand is near one, else call an ace from a short suit."""
    _, judged, suit = max(games, key=lambda g: g[1])
    if judged >= NEEDED["solo"] - 0.5:
        return f"name solo {SUIT_NAMES[suit]}"
    calls = [a for a in legal if a.startswith("call ") and Card.parse(a.split()[1]) not in hand]
    if not calls:
        return f"name solo {SUIT_NAMES[suit]}"
    return min(calls, key=lambda a: sum(1 for c in hand if c.suit == Card.parse(a.split()[1]).suit))


def call(legal: Sequence[str], hand: Sequence[Card], extra: dict[str, object],
         games: Sequence[tuple[int, float, int]]) -> str:
    """The ace of trumps if missing, else the ace of the side suit we hold most of; a strong tout alone."""
    game = extra["game"]
    assert isinstance(game, dict)
    trump = SUIT_NAMES.index(game["trumps"])
    if "alone" in legal and games[trump][1] >= NEEDED["tout"]:
        return "alone"
    calls = [a for a in legal if a.startswith("call ")]
    missing = [a for a in calls if Card.parse(a.split()[1]) not in hand] or calls
    for action in missing:
        if Card.parse(action.split()[1]).suit == trump:
            return action
    return max(missing, key=lambda a: sum(1 for c in hand if c.suit == Card.parse(a.split()[1]).suit))


def play(view: View, hand: Sequence[Card], legal: Sequence[str], rng: random.Random) -> str:
    extra = view.extra
    game = extra["game"]
    order = Order(SUIT_NAMES.index(game["trumps"]))
    plays = {Card.parse(a.split()[1]): a for a in legal}
    cards = list(plays)
    unseen = outstanding(view, hand)
    teams = [s["team"] for s in view.seats]
    me = view.seat
    assert me is not None
    trick = [(p["seat"], Card.parse(p["card"])) for p in view.table["trick"]]
    low = min(cards, key=lambda c: (order.is_trump(c), order.power(c), rng.random()))
    if extra["declarer"] is None:
        return shed(cards, trick, order, hand, plays)
    if not trick:
        return plays[lead(cards, order, unseen, teams[me] == 0)]
    led = order.suit(trick[0][1])
    win_seat, win_card = trick[0]
    for seat, card in trick[1:]:
        if (order.suit(card) == order.suit(win_card) and order.power(card) > order.power(win_card)) or \
                (order.is_trump(card) and not order.is_trump(win_card)):
            win_seat, win_card = seat, card
    if teams[me] is not None and teams[win_seat] == teams[me]:
        return plays[low]
    beating = [c for c in cards if (order.suit(c) == order.suit(win_card) and order.power(c) > order.power(win_card))
               or (order.is_trump(c) and not order.is_trump(win_card))]
    if not beating:
        return plays[low]
    last = len(trick) == len(view.seats) - 1
    masters = [c for c in beating if is_master(c, order, unseen)]
    if not last and masters:
        return plays[min(masters, key=order.power)]
    if not last and led == TRUMP and len(trick) == 1:
        return plays[low]   # second hand low on a trump lead, unless it is sure to hold
    return plays[min(beating, key=order.power)]


def lead(cards: Sequence[Card], order: Order, unseen: set[Card], declaring_side: bool) -> Card:
    trumps_out = any(order.is_trump(c) for c in unseen)
    my_trumps = [c for c in cards if order.is_trump(c)]
    if declaring_side and my_trumps and trumps_out:
        top = max(my_trumps, key=order.power)
        if is_master(top, order, unseen):
            return top
    masters = [c for c in cards if not order.is_trump(c) and is_master(c, order, unseen)]
    if masters:
        return max(masters, key=order.power)
    plain = [c for c in cards if not order.is_trump(c)]
    if plain:
        by_suit: dict[int, int] = {}
        for c in plain:
            by_suit[order.suit(c)] = by_suit.get(order.suit(c), 0) + 1
        return min(plain, key=lambda c: (by_suit[order.suit(c)], order.power(c)))
    return min(cards, key=order.power)


def shed(cards: Sequence[Card], trick: Sequence[tuple[int, Card]], order: Order, hand: Sequence[Card],
         plays: dict[Card, str]) -> str:
    """No bid (Heart Solo): keep the lowest card for the dangerous last trick and shed high cards first."""
    keep = min(hand, key=order.power)
    choices = [c for c in cards if c != keep] or list(cards)
    return plays[max(choices, key=order.power)]


# --- playout habits (IS-MCTS), reading the position ------------------------------------------------------
class SoloPosition(CardPosition, Protocol):
    @property
    def PLAYS(self) -> ActionTable: ...
    @property
    def phase(self) -> str: ...
    @property
    def order(self) -> tricks.CardOrder: ...
    @property
    def leader(self) -> int: ...
    @property
    def seating(self) -> Seating: ...

    def same_side_known(self, seat: int, other: int) -> bool: ...   # the partnership as far as seat knows it


@habit_for("solo")
def habits(position: SoloPosition, seat: int, rng: random.Random) -> Action:
    """In play: win a trick cheaply when the trick is not already the side's, else play low; lead the
    highest card. In the auction, mostly pass (a random call is a game no one would bid, and a search
    that meets them learns to pre-empt games that are never played); otherwise random."""
    if seat not in position.to_move:
        return random_habit(position, seat, rng)
    if position.phase is not Phase.PLAY:
        calls = position.legal_actions(seat)
        if PASS in calls and rng.random() < 0.8:
            return PASS
        return rng.choice(calls)
    if rng.random() < 0.15:
        return random_habit(position, seat, rng)
    legal = position.legal_mask(seat)
    order = position.order
    power = order.power
    cards = bit_indices(legal)
    trick = position.trick
    plays = position.PLAYS
    if not trick:
        return plays[max(cards, key=power.__getitem__)]
    best = trick[tricks.winner(trick, order)]
    best_seat = position.seating.next(position.leader, trick.index(best))
    if position.same_side_known(seat, best_seat):
        return plays[min(cards, key=power.__getitem__)]
    beating = [c for c in cards if tricks.beats(c, best, order)]
    if beating:
        return plays[min(beating, key=power.__getitem__)]
    return plays[min(cards, key=power.__getitem__)]
