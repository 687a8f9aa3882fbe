"""Crates: shed the dearest cards first, keep the 3s to cover what is left, and never forget "one card".

Every card left at the end of a deal costs its value, so the heuristic plays the legal card worth most
(an 8 at 50, a 5, 6 or 9 at 30), with three exceptions: a 3 is kept while anything else can be played,
since each 3 left turns a dear card into 3 points; a 6 with nothing to cover it is played last, since it
only brings a draw; and at a partnership table a 7 is held back, since its draw falls on one's partner.
When the stock runs low, pressures come near, and they outweigh any card: it then keeps as many suits in
hand as it can (so as to have a play, and not be the one to draw from an empty stock), and plays a 5 if it
has one, so that the others draw first. (Measured over playouts against random seats: at four, the
partnership of the heuristic and a random partner won about 62% rather than 57% without this.)
It calls the suit it holds most of (a blind call, seeing no hand, calls the first suit offered), and it
always says "one card".

The playout habits (``habits``, for IS-MCTS) choose the same way from the position, reading only the
seat's own hand and the public pile, never a blind caller's hand.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Sequence, Sized
from dataclasses import dataclass, field
from typing import Protocol

from parlour.bots.heuristic import Position, considered_for, habit_for, heuristic_for, random_habit
from parlour.cards import Card, Rank, Suit, bit_indices
from parlour.engine.actions import Action, Play
from parlour.engine.view import View
from parlour.games.crates import CARDS, PACK, PIPS, RUN_CARDS, SAY_ONE_CARD, SUIT_NAMES, VALUES, Call, Phase, following

HELD_BACK = 40   # what a 6 without a cover, a kept 3 or a partner's 7 is marked down by


LOW_STOCK = 6    # a stock this small may run out before our next turn: a pressure is near
FLEX = 12        # what each suit still held after the play is worth then
PUSH = 40        # what a 5 is worth more then: the next player draws first, into the empty stock


def _worth(card: Card, hand: Sequence[Card], partners: bool, stock: int, push: int = PUSH) -> int:
    """How much playing ``card`` from ``hand`` is worth: its value, marked down where playing it is worse."""
    bare_six = card.rank is Rank.SIX and not any(c != card and (c.suit == card.suit or c.rank is Rank.SIX)
                                                 for c in hand)
    held_back = card.rank is Rank.THREE or bare_six or (card.rank is Rank.SEVEN and partners)
    worth = VALUES[card.rank] - HELD_BACK * held_back
    if stock <= LOW_STOCK:
        worth += FLEX * len({c.suit for c in hand if c != card}) + push * (card.rank is Rank.FIVE)
    return worth


def _best_call(calls: Sequence[str], hand: Sequence[Card]) -> str:
    def held(call: str) -> int:
        suit = SUIT_NAMES.index(call.split()[1])
        return sum(1 for c in hand if c.suit is not None and int(c.suit) == suit)
    return max(calls, key=held)   # the first offered among equals: the blind call, seeing no hand


@heuristic_for("crates")
def crates(view: View, rng: random.Random) -> str:
    legal = view.legal_actions
    if str(SAY_ONE_CARD) in legal:
        return str(SAY_ONE_CARD)
    hand = [Card.parse(c) for c in view.hand]
    if view.phase == Phase.CALL:
        return _best_call(legal, hand)
    plays = [a for a in legal if a.startswith("play ")]
    if not plays:
        return legal[0]
    partners = any(entry["team"] is not None for entry in view.seats)
    stock = view.table["stock"]
    return max(plays, key=lambda a: (_worth(Card.parse(a.split()[1]), hand, partners, stock), rng.random()))


# --- the expert's considered play: who is left to draw from the stock ----------------------------------
DRAWN = 15        # what a card drawn from a stock not yet spent costs its drawer, about (a card's worth)
_DEALT = re.compile(r"hand \d+: seat \d+ deals (\d+) each; the upcard is (\S+)$")
_PLAYED = re.compile(r"seat (\d+): play (\S+)$")
_CALLED = re.compile(r"seat \d+: call (\w+)$")
_STUCK = re.compile(r"seat (\d+): draw$")
_DRAWS = re.compile(r"seat (\d+) draws (\d+)$")
_PRESSED = re.compile(r"seat \d+: a pressure")


@dataclass
class Seen:
    """What the deal's public log tells a seat that remembers it: the discard pile, bottom first (the deal's
    upcard and each card played since, the pile under the top going back to the stock at each pressure),
    and what each player's draws showed. One who drew, unable to play, held none of the cards that would
    have played (``lacks``); ``known`` of the cards it holds are still of that hand, one fewer each time
    it plays a card that might have been among them, as the game's own sampled worlds count them."""

    pile: list[int] = field(default_factory=list)
    lacks: list[int] = field(default_factory=list)
    known: list[int] = field(default_factory=list)


def read_log(log: Sequence[str], players: int) -> Seen:
    """``Seen`` for the deal in play, read from a view's log: the view shows only the pile's top card and
    the hand sizes now, and a player at the table remembers the rest."""
    seen, held = Seen(), [0] * players
    called, run = -1, False
    for line in log:
        if dealt := _DEALT.match(line):
            seen = Seen([PACK.index[Card.parse(dealt.group(2))]], [0] * players, [0] * players)
            held, called, run = [int(dealt.group(1))] * players, -1, False
        elif played := _PLAYED.match(line):
            seat, card = int(played.group(1)), PACK.index[Card.parse(played.group(2))]
            run = CARDS[card].rank is Rank.TWO or (run and CARDS[card].rank is Rank.ACE)
            seen.pile.append(card)
            held[seat] -= 1
            if not seen.lacks[seat] >> card & 1:
                seen.known[seat] = max(0, seen.known[seat] - 1)
            called = -1
        elif call := _CALLED.match(line):
            called = SUIT_NAMES.index(call.group(1))
        elif stuck := _STUCK.match(line):
            seat = int(stuck.group(1))
            seen.lacks[seat] = RUN_CARDS if run else following(seen.pile[-1], called)
            seen.known[seat] = held[seat]
            held[seat] += 0 if run else 1          # a 2-sequence's draw is told in a line of its own
            run = False
        elif drawn := _DRAWS.match(line):
            held[int(drawn.group(1))] += int(drawn.group(2))
        elif _PRESSED.match(line):
            seen.pile = seen.pile[-1:]
    return seen


class Table:
    """What the considered play reads from a view: the seats' sides and hand sizes, which way play goes, the
    stock and pile sizes, the points a next pressure costs each side, and the cards this seat has not seen
    (in the other hands or the stock, equally likely anywhere there)."""

    def __init__(self, view: View) -> None:
        assert view.seat is not None
        self.seat, self.players = view.seat, len(view.seats)
        self.sides: list[int] = [entry["seat"] if entry["team"] is None else entry["team"] for entry in view.seats]
        order = sorted(set(self.sides))
        self.stake = {side: view.extra["next_pressure"][order.index(side)] for side in order}
        self.held = [entry["held"] for entry in view.seats]
        self.step = 1 if view.extra["going"] == "left" else -1
        self.stock = view.table["stock"]
        self.seen = read_log(view.log, self.players)
        self.pile = len(self.seen.pile)
        mine = sum(1 << PACK.index[Card.parse(c)] for c in view.hand)
        self.unseen = PACK.full_mask & ~mine & ~sum(1 << c for c in self.seen.pile)

    def ahead(self, steps: int, step: int | None = None) -> int:
        return (self.seat + steps * (step or self.step)) % self.players

    def ours(self, seat: int) -> bool:
        return self.sides[seat] == self.sides[self.seat]

    def chance_none(self, seat: int, matching: int, drawn: int = 0) -> float:
        """The chance that ``seat`` holds none of ``matching``: its cards known to lack some of them drawn
        from the unseen ones they may be, the rest from all the unseen (hypergeometric, each part alone)."""
        known = min(self.seen.known[seat], self.held[seat])
        possible = self.unseen & ~self.seen.lacks[seat]
        return (_none_among(matching & possible, possible, known)
                * _none_among(matching & self.unseen, self.unseen, self.held[seat] - known + drawn))


def _none_among(cards: int, pool: int, hand: int) -> float:
    """The chance that ``hand`` cards dealt from ``pool`` (a mask) hold none of ``cards`` (hypergeometric)."""
    size, others = pool.bit_count(), (pool & ~cards).bit_count()
    hand = min(hand, size)
    return math.comb(others, hand) / math.comb(size, hand) if size else 1.0


class Draws:
    """The stock as the draws after one play take from it: each card drawn from an empty stock scores its
    drawer's side a pressure (doubling for that side) and turns the pile under the top into the stock.
    ``value`` sums, for this seat's side, what the draws cost the others less what they cost it."""

    def __init__(self, table: Table, pile_after: int) -> None:
        self.table, self.stock, self.pile = table, table.stock, pile_after
        self.stake = dict(table.stake)
        self.value = 0.0

    def draw(self, seat: int, count: int, chance: float = 1.0) -> None:
        sign = -1.0 if self.table.ours(seat) else 1.0
        for _ in range(count):
            if not self.stock:
                side = self.table.sides[seat]
                self.value += sign * chance * self.stake[side]
                self.stake[side] *= 2
                self.stock, self.pile = self.pile - 1, 1
                if not self.stock:
                    return
            self.stock -= 1
            self.value += sign * chance * DRAWN


def _after(table: Table, card: int, run: int, hand: int, call: int = -1) -> float:
    """What playing ``card`` from ``hand`` is worth to this seat's side in the draws it brings about, up to
    the next player's turn: the 5's, 7's and jack's draws, a 2-sequence drawn, and the next player's own draw
    if it cannot follow, each weighed by its chance (the 6's cover is the next decision's). An 8's or 9's
    ``call`` is the suit to follow; ``card`` may be on the pile already (calling after it)."""
    rank, n = CARDS[card].rank, table.players
    draws = Draws(table, table.pile + (table.seen.pile[-1:] != [card]))
    if run or rank is Rank.TWO:
        total = run + PIPS[rank]
        first = table.ahead(1)
        stuck = table.chance_none(first, RUN_CARDS)
        draws.draw(first, total, stuck)
        second = table.ahead(2)
        if second != table.seat:
            draws.draw(second, total + 1, (1 - stuck) * table.chance_none(second, RUN_CARDS))
        return draws.value
    if rank is Rank.SIX:
        if not hand & following(card) & ~(1 << card):
            draws.draw(table.seat, 1)
        return draws.value
    step = -table.step if rank is Rank.TEN and n > 2 else table.step
    extra = {}
    if rank is Rank.FIVE:
        for k in range(1, n):
            draws.draw(table.ahead(k), 1)
            extra[table.ahead(k)] = 1
    elif rank is Rank.SEVEN:
        victim = table.ahead(1 if n <= 3 else 2)
        draws.draw(victim, 1)
        extra[victim] = 1
    elif rank is Rank.JACK and n <= 3:
        victim = table.ahead(1 if n == 2 else -1)
        draws.draw(victim, 1)
        extra[victim] = 1
    if not hand & ~(1 << card):
        return draws.value                      # out: the deal ends
    follower = table.ahead(2 if rank is Rank.FOUR else 1, step)
    if follower == table.seat:
        return draws.value
    draws.draw(follower, 1, table.chance_none(follower, following(card, call), extra.get(follower, 0)))
    return draws.value


def _called(table: Table, card: int, hand: int, suit: int) -> float:
    """What calling ``suit`` after ``card`` (an 8 or a 9, from ``hand``) is worth: the next player's draw if
    it cannot follow, and the cards of that suit kept in hand to follow it later."""
    kept = hand & ~(1 << card) & PACK.suit_masks[suit]
    return _after(table, card, 0, hand, suit) + FLEX * kept.bit_count()


def _calls(card: int) -> list[int]:
    """The suits an 8 (any) or a 9 (its colour) may call."""
    red = CARDS[card].suit.is_red  # type: ignore[union-attr]
    return [s for s in range(4) if CARDS[card].rank is Rank.EIGHT or Suit(s).is_red == red]


@considered_for("crates")
def choose_considered(view: View, rng: random.Random) -> str:
    """The rule of thumb's worth of each play, plus what its draws are worth: a pressure costs the side that
    takes it far more than any card once a few have been scored, and who takes the next one is decided by
    what is left on the pile for whom."""
    legal = view.legal_actions
    plays = [a for a in legal if a.startswith("play ")]
    blind = view.phase == Phase.CALL and not view.hand
    if str(SAY_ONE_CARD) in legal or blind or not (plays or view.phase == Phase.CALL):
        return crates(view, rng)
    table = Table(view)
    hand = [Card.parse(c) for c in view.hand]
    mine = sum(1 << PACK.index[c] for c in hand)
    if view.phase == Phase.CALL:
        top = PACK.index[Card.parse(view.table["upcard"])]
        return max(legal, key=lambda a: (_called(table, top, mine | 1 << top, SUIT_NAMES.index(a.split()[1])),
                                         rng.random()))
    partners = any(entry["team"] is not None for entry in view.seats)
    run = view.extra["to_draw"] or 0

    def worth(action: str) -> float:
        card = Card.parse(action.split()[1])
        index = PACK.index[card]
        usual = _worth(card, hand, partners, table.stock, push=0)   # the 5's draws are weighed below
        if card.rank in (Rank.EIGHT, Rank.NINE) and not run and mine != 1 << index:
            return usual + max(_called(table, index, mine, suit) for suit in _calls(index))
        return usual + _after(table, index, run, mine)
    return max(plays, key=lambda a: (worth(a), rng.random()))


# --- playout habits (IS-MCTS), reading the position ------------------------------------------------------
class CratesPosition(Position, Protocol):
    @property
    def hands(self) -> Sequence[int]: ...   # masks over the pack; a habit reads only its own seat's
    @property
    def phase(self) -> Phase: ...
    @property
    def blind(self) -> bool: ...            # the dealer calls before looking: its hand is not to be read
    @property
    def side(self) -> tuple[int, ...]: ...
    @property
    def stock(self) -> Sized: ...          # its size only


@habit_for("crates")
def habits(position: CratesPosition, seat: int, rng: random.Random) -> Action:
    """The heuristic's choice, from the position, with a little noise."""
    legal = position.legal_actions(seat)
    if SAY_ONE_CARD in legal:
        return SAY_ONE_CARD
    if position.blind or rng.random() < 0.1:
        return random_habit(position, seat, rng)
    hand = [CARDS[c] for c in bit_indices(position.hands[seat])]
    if position.phase is Phase.CALL:
        calls = [str(a) for a in legal if isinstance(a, Call)]
        return Call(_best_call(calls, hand).split()[1])
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        return legal[0]
    partners = len(set(position.side)) < len(position.side)
    stock = len(position.stock)
    return max(plays, key=lambda a: (_worth(a.card, hand, partners, stock), rng.random()))
