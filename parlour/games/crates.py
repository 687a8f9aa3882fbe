"""Crates: a Crazy Eights of card effects and a scoring system, over fifteen deals of eight cards down to
one and back up to eight; two to five players, four as partners.

Follows ``rules/source/crates.txt`` with the Crates entry of ``rules/NOTES.md`` (what 3s score: a covering
3 scores nothing, each card it covers 3, a 3 with nothing left to cover -50; an 8 is never covered; the
covered cards are those that leave the lowest score). It belongs to the stops family of Pitty Pat.

Choices where the texts are silent (each a default, recorded here and tested):

1. The first dealer is the last seat, so that seat 0 plays first; the deal passes to the left, and every
   deal starts with play going to the left, whatever the 10s did in the deal before.
2. A card matches the top of the discard pile by suit or by rank; no card is wild. After an 8 or a 9 the
   suit called stands in for the top card's suit (the rank stays the 8's or 9's) until a card is played on
   it, so a player who draws instead leaves the call to the next.
3. The first upcard has no effect of its own except the dealer's call after an 8 or a 9: an upcard 2
   starts no 2-sequence, a 6 asks no one to cover, and so on.
4. The dealer's blind call is an action, ``call hearts``, taken before anyone plays, while the dealer's
   view shows no hand: what the dealer may call (any suit, or the 9's colour) depends on the upcard alone.
5. In a 2-sequence any 2 or ace continues it, whatever its suit, and one who holds one must play it. The
   player who cannot draws the total at once (``draw``); that ends the turn.
6. The 5's, 7's and jack's draws, and the drawing for a forgotten call, are made for the players, in
   turn, with no action: nobody has a choice in them.
7. The 6 is covered by a card that matches it (another 6 or its suit), with every effect of the covering
   card; a 6 laid as one's last card (a Cooper) is played, and its player then draws, being unable to
   cover it.
8. "One card" is an action of its own, ``say one card``, open to a player about to play from a
   two-card hand, before the play (after a 6, before the covering card too). A play from two cards
   without it is public: its player starts their next turn drawing two cards (the penalty lapses if the
   deal ends first).
9. A card played as one's last ends the deal once its draws (5, 7, jack) are made; a last 8 or 9 calls
   no suit, and a last 2 or ace in a 2-sequence ends the deal only when the sequence is drawn.
10. A pressure (an empty stock when a card must be drawn) is scored at once for the drawer's side, then
    the discard pile except its top card, which stays the upcard, is shuffled into a new stock. When
    there is nothing under the upcard either, the draw stops there; and when every player in a row has
    so failed to draw with no card played, the deal is **blocked**: it ends and the cards left score.
    A pressure that finds the deal exactly as an earlier pressure of the same deal found it (every hand,
    the pile, whose turn and which way, the card or 2-sequence to answer, the same seat drawing the same
    number) also blocks the deal once it is scored: play has gone round in a circle that would score
    pressures for ever (the 5s passed round a table whose stock is spent, each drawn back from a pile of
    one card), and the book, which assumes a pile to turn, never meant that.
11. Partners at four (the usual game; option ``partners`` false plays each for themselves) share one
    score and one count of pressures; the lowest total after fifteen deals wins, ties sharing.
12. Option ``deals`` plays the first so many deals of the fifteen (shorter games); the book is fifteen.

Hidden information: the hands and the stock's order. Every card played is public, and so is every
count. The dealer sees no hand while calling blind; sampled worlds for the dealer then deal its hand anew.
A player who draws, unable to play, is known to have held none of the cards that would have played; the
worlds keep that many of its cards clear of them, one fewer each time it plays a card that might have
been among them (a card that would have played shows it came from the draws).

A prepared deal (``deal=``) is ``{"hands": [[cards] per seat], "upcard": "7H", "stock": [cards, top
first]}`` with as many cards a hand as the deal gives; ``upcard`` and ``stock`` may be left out, the cards
named nowhere following in the seed's order (without an upcard, the first of them is turned up, over the
stock listed). ``{"pack": [...]}`` stacks the pack, dealt one card at a time from the dealer's left, the
next card turned up. A list gives one such deal per hand, fifteen at most.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, ClassVar

from parlour import engine
from parlour.cards import STANDARD_52, Rank, Suit, bit_indices
from parlour.engine import (
    Action,
    ActionSpace,
    FieldAction,
    IllegalAction,
    Play,
    Reason,
    Words,
    card_table,
    counted,
    shown,
)
from parlour.engine.state import SEAT_BITS
from parlour.engine.view import kinds
from parlour.mechanics.stock import Stock, deal_upcard, upcard_shape

RULES = """\
**Crates** came from Chicago bridge players in 1970: a Crazy Eights in which most cards do something, played
by two to five, usually four as two partnerships sitting opposite.

*The deals.* Fifteen: eight cards each, then seven, down to one, then back up to eight. The rest is the
stock; its top card is turned up to start the discard pile. An upcard 8 or 9 has the dealer call a suit,
blind, before looking at the hand (a 9 calls a suit of its own colour).

*A turn.* From the dealer's left, play a card matching the top card's suit or rank. One who can play must;
one who cannot draws a card, and the turn ends.

*The effects.* A **2** starts a 2-sequence: each player in turn must add a 2 or an ace, until one cannot
and draws the pips of the whole sequence. A **4** skips the next player. After a **5** every other player
draws one, in turn. A **6** must be covered at once by a card matching it, or its player draws. A **7**
has a player draw one: the next at two or three players, the one after at four or five (a partner). An
**8** calls any suit and a **9** a suit of its colour: the next must follow the call or play the same
rank. A **10** reverses play. A **jack** makes the other player draw at two, the player before at three.

*One card.* About to play from two cards, say `say one card`; forget it, and your next turn starts with
drawing two.

*Pressures.* A card to draw from an empty stock scores a pressure at once: 5 points, doubled for each
earlier one of the game (partners count theirs together). The discard pile under its top card is then
shuffled as the new stock. The deal is blocked, and the cards left score, when every player in a row finds
nothing to draw, or when a pressure finds the deal exactly as an earlier one of it did (play going round in
a circle).

*Scoring.* When a player ends a turn with no cards (a 2-sequence first drawn), each scores the cards
left: ace 1, 2 20, 4 15, 5 and 6 30, 7 20, 8 50, 9 30, 10 25, pictures 10. Each 3 covers another card
(not an 8), which then scores 3; a 3 with nothing to cover scores -50. Lowest after fifteen deals wins.
"""


@dataclass(frozen=True, kw_only=True)
class CratesOptions:
    deals: int = engine.option(15, "deals to play, of the fifteen (8 cards down to 1 and back up to 8)",
                               minimum=1, maximum=15, label="Deals to play")
    partners: bool = engine.option(True, "at four players, two partnerships sitting opposite (the usual game); "
                                         "false: each for themselves", label="Partnerships at four players")


PACK = STANDARD_52
CARDS = PACK.cards
SIZES = (8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8)
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_MASKS = PACK.suit_masks
RANK_OF = tuple(card.rank for card in CARDS)
SUIT_OF = tuple(int(card.suit) for card in CARDS)   # type: ignore[arg-type]
RANK_MASK_OF = tuple(PACK.rank_masks[card.rank] for card in CARDS)
RUN_CARDS = PACK.rank_masks[Rank.TWO] | PACK.rank_masks[Rank.ACE]
PIPS = {Rank.ACE: 1, Rank.TWO: 2}
VALUES = {Rank.ACE: 1, Rank.TWO: 20, Rank.THREE: 0, Rank.FOUR: 15, Rank.FIVE: 30, Rank.SIX: 30,
          Rank.SEVEN: 20, Rank.EIGHT: 50, Rank.NINE: 30, Rank.TEN: 25, Rank.JACK: 10, Rank.QUEEN: 10,
          Rank.KING: 10}
COVERED, BARE_THREE, FIRST_PRESSURE = 3, -50, 5


class Phase(engine.Phase):
    CALL = "call"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """``draw``: take what the turn owes from the stock (one card, or a 2-sequence's total)."""

    verb: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class Call(FieldAction):
    """``call hearts``: the suit the next player must follow after an 8 or a 9."""

    verb: ClassVar[str] = "call"
    FIELDS = (Words(SUIT_NAMES, "suit"),)
    suit: str


@dataclass(frozen=True, slots=True)
class Say(FieldAction):
    """``say one card``: the call a player makes about to play from two cards."""

    verb: ClassVar[str] = "say"
    FIELDS = (Words(("one",), "word"), Words(("card",), "word"))
    one: str
    card: str


PLAYS = card_table(PACK, Play)
DRAW = Draw()
CALLS = tuple(Call(name) for name in SUIT_NAMES)
SAY_ONE_CARD = Say("one", "card")
ACTIONS = ActionSpace(PLAYS, DRAW, Call, SAY_ONE_CARD)
# Every action by number, and its notation: a view words the whole deal's history, and a Crates deal runs
# to a few hundred actions, none of them secret.
EVERY = tuple(ACTIONS.decode(number) for number in range(len(ACTIONS)))
TEXTS = tuple(map(str, EVERY))

# Random games of fifteen deals take about 2,000 to 3,000 actions (the longest of 80 seeded ones 5,700, at
# five players), the heuristic's 1,100 to 2,200; a deal of many pressures can run long, so the bound
# leaves room. Version 2: a pressure that finds the deal as an earlier one did blocks it (choice 10), where
# version 1 went round the circle for ever.
INFO = engine.GameInfo(
    id="crates", name="Crates", family=("stops", "shedding"), min_players=2, max_players=5,
    default_players=4, pack=PACK.name, rules_source=("crates.txt",), summary=RULES,
    num_distinct_actions=len(ACTIONS), options=engine.option_specs(CratesOptions), partnership_counts=(4,),
    lowest_score_wins=True, max_actions=40_000, rules_version=2)


def hand_points(mask: int) -> int:
    """What the cards left in a hand score: each 3 covers the dearest card it may (never an 8), which then
    scores 3; a 3 left with nothing to cover scores -50 (notes)."""
    ranks = [RANK_OF[c] for c in bit_indices(mask)]
    coverable = sorted((VALUES[r] for r in ranks if r not in (Rank.THREE, Rank.EIGHT)), reverse=True)
    threes = ranks.count(Rank.THREE)
    covered = min(threes, len(coverable))
    return (VALUES[Rank.EIGHT] * ranks.count(Rank.EIGHT) + sum(coverable[covered:]) + COVERED * covered
            + BARE_THREE * (threes - covered))


def following(top: int, called: int = -1) -> int:
    """The cards of the pack that may follow ``top`` (outside a 2-sequence): its suit, or the suit ``called``
    over an 8 or a 9 (-1 for none), or its rank."""
    return SUIT_MASKS[SUIT_OF[top] if called < 0 else called] | RANK_MASK_OF[top]


def _card(action: Action) -> int:
    return PACK.index[action.card]  # type: ignore[attr-defined]


class CratesState(engine.PhasedState[Phase]):
    ACTIONS = ACTIONS
    ACTION_KINDS = ACTIONS.kinds
    MUTABLE = ("hands", "pile", "stock", "totals", "pressures", "forgot", "gained", "lacks", "lacking", "pressed")
    ZONES = kinds(upcard="card", stock="count", shown="shown")
    EXTRAS = kinds(dealer="seat", stage="text", going="text", called="text", to_draw="number", cover="flag",
                   pressures="numbers", next_pressure="numbers", deal_size="number", deals_in_game="number")

    # --- deal --------------------------------------------------------------------------------------
    def _seating(self) -> engine.Seating:
        if self.players == 4 and not self.options.get("partners", True):
            return engine.Seating(self.players, self.info.direction)
        return super()._seating()

    def _setup(self) -> None:
        n = self.players
        self.hands_in_game = self.options["deals"]
        self.side = self.seating.teams or tuple(range(n))
        self.totals = [0] * n                 # by side (partners share theirs); each seat its own otherwise
        self.pressures = [0] * n              # pressures so far this game, by side
        self.dealer = n - 1
        self._deal()

    def _deal(self) -> None:
        n, size = self.players, SIZES[self.hand_number - 1]
        self.hands, upcard, stock = deal_upcard(self, PACK, size)
        self.pile: list[int] = [upcard]      # face up, bottom first: the top card is the last
        self.stock = Stock(stock)
        self.forgot = [False] * n            # who played from two cards without saying "one card"
        self.gained = [0] * n                # points scored this deal by pressures, by side
        # What a draw shows: one who could not play held none of the cards that would have played then. Of
        # the cards seat s holds, lacking[s] are known to be none of lacks[s] (a mask of the pack).
        self.lacks = [0] * n
        self.lacking = [0] * n
        self.called = -1                     # the suit an 8 or 9 called, while it stands; -1 for none
        self.run = 0                         # the 2-sequence's total to draw; 0 when none runs
        self.out = False                     # someone ran out of cards while a 2-sequence runs
        self.cover = False                   # the player to move must cover a 6
        self.said = False                    # the player to move has said "one card" for this play
        self.idle = 0                        # turns in a row that found nothing to draw, no card played
        self.pressed: set[Hashable] = set()  # the deal as each pressure of it found it (choice 10)
        self.turn = self.seating.turn(self.seating.next(self.dealer))
        self._say("hand {}: seat {} deals {} each; the upcard is {}", self.hand_number, self.dealer, size,
                  CARDS[upcard])
        self.blind = RANK_OF[upcard] in (Rank.EIGHT, Rank.NINE)   # the dealer calls first, blind (choice 4)
        if self.blind:
            self.phase = Phase.CALL
            self.to_move = (self.dealer,)
        else:
            self.phase = Phase.PLAY
            self.to_move = (self.turn.seat,)

    def _deal_shape(self, number: int) -> engine.DealShape | None:
        """Each deal's own hand size (``SIZES``); the book has no deal after the fifteenth."""
        return upcard_shape(PACK, SIZES[number - 1], self.players) if number <= len(SIZES) else None

    def decode(self, number: int) -> Action:
        if type(number) is int and 0 <= number < len(EVERY):
            return EVERY[number]
        return self.ACTIONS.decode(number)

    def action_text_for(self, position: int, seat: int | None) -> str | None:
        # No Crates action is secret: each reads as its notation to every seat (``State.action_text_for``).
        number = self._code(position) >> SEAT_BITS
        return TEXTS[number] if number >= 0 else super().action_text_for(position, seat)

    # --- what may be played ----------------------------------------------------------------------------
    def _playable(self, seat: int) -> int:
        """The cards ``seat`` may play now (a mask)."""
        return self.hands[seat] & self._matching()

    def _matching(self) -> int:
        """The cards of the pack that may be played now: a 2 or an ace in a 2-sequence; otherwise the top
        card's suit (or the suit called over it) or its rank."""
        return RUN_CARDS if self.run else following(self.pile[-1], self.called)

    def _may_say(self, seat: int) -> bool:
        return self.hands[seat].bit_count() == 2 and not self.said

    def _calls(self) -> tuple[Call, ...]:
        """The suits the caller may name: any after an 8, the 9's own colour after a 9."""
        top = CARDS[self.pile[-1]]
        if top.rank is Rank.EIGHT:
            return CALLS
        return tuple(c for c, suit in zip(CALLS, Suit, strict=True) if suit.is_red == top.suit.is_red)  # type: ignore[union-attr]

    def _legal(self, seat: int) -> list[Action]:
        if self.phase is Phase.CALL:
            return list(self._calls())
        playable = self._playable(seat)
        if not playable:
            return [DRAW]
        return [*PLAYS.of(playable), *([SAY_ONE_CARD] if self._may_say(seat) else [])]

    def _allowed(self, seat: int, action: Action) -> bool:
        """Whether ``action`` is among ``_legal(seat)``, without listing them: every move of a playout asks."""
        kind = type(action)
        if self.phase is Phase.CALL:
            return kind is Call and action in self._calls()
        playable = self._playable(seat)
        if kind is Play:
            index = PACK.index.get(action.card, -1)  # type: ignore[attr-defined]
            return index >= 0 and bool(playable >> index & 1)
        if kind is Draw:
            return not playable
        return kind is Say and bool(playable) and self._may_say(seat)

    def _check(self, seat: int, action: Action) -> None:
        # Refusals speak of the public cards and the actor's own hand only; the blind caller's not at all.
        if self._allowed(seat, action):
            return
        kind = type(action)
        if self.phase is Phase.CALL:
            top = CARDS[self.pile[-1]]
            if kind is Call:
                raise IllegalAction(f"a 9 calls a suit of its own colour: {' or '.join(c.suit for c in self._calls())}",
                                    rule="a 9 calls its colour")
            raise IllegalAction(f"{top} is on top: name the suit to follow first ('call clubs')", rule="call a suit")
        if kind is Call:
            raise IllegalAction("a suit is called only after an 8 or a 9", rule="call a suit")
        if kind is Say:
            raise IllegalAction("'one card' is said about to play from a hand of two cards, once", rule="one card")
        playable = self._playable(seat)
        if kind is Draw:
            raise IllegalAction("you can play a card, so you must", rule="must play if able")
        index = PACK.index.get(action.card, -1)  # type: ignore[attr-defined]
        if index < 0 or not self.hands[seat] >> index & 1:
            raise IllegalAction(f"you do not hold {action.card}", rule="play from your hand")  # type: ignore[attr-defined]
        if self.run:
            raise IllegalAction(f"a 2-sequence is running: play a 2 or an ace, or draw {self.run}", rule="2-sequence")
        want = self._wanted()
        if self.cover:
            raise IllegalAction(f"cover the 6 with {want}" + ("" if playable else ", or draw"), rule="cover the 6")
        raise IllegalAction(f"play {want}" + ("" if playable else ", or draw"), rule="match suit or rank")

    def _wanted(self) -> str:
        top = CARDS[self.pile[-1]]
        suit = SUIT_NAMES[SUIT_OF[self.pile[-1]] if self.called < 0 else self.called]
        return f"a card of {suit} or a {top.rank.letter}"

    # --- play ----------------------------------------------------------------------------------------
    def _do(self, seat: int, action: Action) -> None:
        try:
            self._act(seat, action)
        except _Circle:
            self._end_deal("the deal is blocked: a pressure found the deal as an earlier one had")

    def _act(self, seat: int, action: Action) -> None:
        kind = type(action)
        if kind is Call:
            self._call(SUIT_NAMES.index(action.suit))  # type: ignore[attr-defined]
        elif kind is Say:
            self.said = True
        elif kind is Draw:
            self._draw_turn(seat)
        else:
            self._play(seat, _card(action))

    def _call(self, suit: int) -> None:
        self.called = suit
        self.phase = Phase.PLAY
        if self.blind:
            self.blind = False
            self._begin_turn(self.turn.seat)   # play begins at the dealer's left
        else:
            self._advance(self.turn.after())

    def _play(self, seat: int, card: int) -> None:
        hand = self.hands[seat]
        if hand.bit_count() == 2 and not self.said:
            self.forgot[seat] = True
            self._say("seat {} did not say one card", seat)
        self.hands[seat] = hand & ~(1 << card)
        if not self.lacks[seat] >> card & 1:   # it may have been one of the cards known to lack them
            self.lacking[seat] = max(0, self.lacking[seat] - 1)
        self.pile.append(card)
        self.said = False
        self.idle = 0
        empty = not self.hands[seat]
        if self.run:
            self.run += PIPS[RANK_OF[card]]
            self.out |= empty
            self._advance(self.turn.after())
            return
        self.called = -1
        self.cover = False
        rank, n = RANK_OF[card], self.players
        if rank is Rank.TWO:
            self.run = PIPS[rank]
            self.out = empty
            self._advance(self.turn.after())
            return
        if rank is Rank.SIX:
            self.cover = True
            self.turn = self.turn.after(again=True)
            self.to_move = (seat,)
            return
        if rank is Rank.FIVE:
            for other in self.turn.order()[1:]:
                self._draw(other, 1)
        elif rank is Rank.SEVEN:
            self._draw(self.turn.ahead(1 if n <= 3 else 2), 1)
        elif rank is Rank.JACK and n <= 3:
            self._draw(self.turn.ahead(1 if n == 2 else -1), 1)
        if empty:
            self._end_deal(f"seat {seat} goes out")
        elif rank in (Rank.EIGHT, Rank.NINE):
            self.phase = Phase.CALL
        else:
            self._advance(self.turn.after(skip=int(rank is Rank.FOUR), reverse=rank is Rank.TEN))

    def _draw_turn(self, seat: int) -> None:
        """A turn ended by drawing: one card, or the 2-sequence's total; after a 2-sequence in which someone
        ran out, the deal ends."""
        self.lacks[seat], self.lacking[seat] = self._matching(), self.hands[seat].bit_count()
        in_run, owed = bool(self.run), max(self.run, 1)
        self.run, self.cover = 0, False
        if not self._draw(seat, owed, said=in_run):
            self.idle += 1
        if in_run and self.out:
            self._end_deal("the 2-sequence is drawn after a player ran out")
        elif self.idle >= self.players:
            self._end_deal("the deal is blocked: no card to draw and none played")
        else:
            self._advance(self.turn.after())

    def _advance(self, turn: engine.Turn) -> None:
        self.turn = turn
        self._begin_turn(turn.seat)

    def _begin_turn(self, seat: int) -> None:
        self.said = False
        self.to_move = (seat,)
        if self.forgot[seat]:
            self.forgot[seat] = False
            self._say("seat {} draws two for not saying one card", seat)
            self._draw(seat, 2)

    def _draw(self, seat: int, count: int, said: bool = True) -> int:
        """``seat`` draws ``count`` cards, scoring a pressure each time the stock is empty (and turning the
        pile under the upcard into a new stock); returns how many it drew (fewer when nothing is left). The
        log says how many unless ``said`` is false (a ``draw`` of one card says it already)."""
        drawn = 0
        for _ in range(count):
            if not len(self.stock):
                self._pressure(seat, count - drawn)
                if not len(self.stock):
                    break
            self.hands[seat] |= 1 << self.stock.draw()[0]
            drawn += 1
        if drawn and said:
            self._say("seat {} draws {}", seat, drawn)
        return drawn

    def _pressure(self, seat: int, owed: int) -> None:
        """``seat`` scores a pressure, owing ``owed`` cards still; the pile under the upcard becomes the stock.
        Raises ``_Circle`` (ending the deal, choice 10) when an earlier pressure of the deal found it the same."""
        side = self.side[seat]
        points = FIRST_PRESSURE << self.pressures[side]
        self.pressures[side] += 1
        self.totals[side] += points
        self.gained[side] += points
        self._say("seat {}: a pressure, {} points", seat, points)
        found = (seat, owed, tuple(self.hands), self.pile[-1], sum(1 << c for c in self.pile[:-1]), self.turn,
                 self.phase, self.called, self.run, self.out, self.cover, self.said, tuple(self.forgot))
        if found in self.pressed:
            raise _Circle
        self.pressed.add(found)
        if len(self.pile) > 1:
            self.stock.refill(self.pile[:-1], self._shuffled, f"deal {self.hand_number}")
            del self.pile[:-1]

    # --- the end of a deal ---------------------------------------------------------------------------
    def _end_deal(self, why: str) -> None:
        n = self.players
        left = [hand_points(self.hands[s]) for s in range(n)]
        change = [0] * n
        for s in range(n):
            change[self.side[s]] += left[s]
        for side in range(n):
            self.totals[side] += change[side]
            change[side] += self.gained[side]
        gained = tuple(self.gained)
        sides = self.side
        self.to_move = ()
        self._finish_hand(engine.HandResult(self.hand_number, tuple(change[sides[s]] for s in range(n)),
                                            explain=lambda: _explained(why, tuple(left), gained, sides)))
        self._next_deal()

    def scores(self) -> list[int]:
        return [self.totals[self.side[s]] for s in range(self.players)]

    # --- what each seat sees ---------------------------------------------------------------------------
    def _blind(self, seat: int | None) -> bool:
        """Whether ``seat`` is the dealer calling blind, before looking at the hand."""
        return self.blind and seat == self.dealer

    def _stage(self) -> str:
        """What is being decided, in a player's words, from public facts alone."""
        if self.is_over:
            return "the game is over"
        seat = self.to_move[0] if self.to_move else self.turn.seat
        if self.phase is Phase.CALL:
            return f"seat {seat} calls a suit" + (" blind, before looking" if self.blind else "")
        if self.run:
            return f"2-sequence: seat {seat} adds a 2 or an ace, or draws {self.run}"
        if self.cover:
            return f"seat {seat} covers the 6 if able, or draws"
        return f"seat {seat} plays {self._wanted()} if able, or draws"

    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        def in_order(mask: int) -> list[str]:
            return [str(CARDS[c]) for c in sorted(bit_indices(mask), key=lambda c: (SUIT_OF[c], RANK_OF[c]))]

        n = self.players
        seats = [engine.seat_entry(s, team=self.seating.team(s), held=self.hands[s].bit_count(),
                                   status=", ".join(t for t in ("dealer" if s == self.dealer else "",
                                                                 "owes two cards" if self.forgot[s] else "") if t))
                 for s in range(n)]
        table = {"upcard": str(CARDS[self.pile[-1]]), "stock": len(self.stock)}
        # The hands left are laid down at the deal's end and counted against their holders.
        table |= shown.at_deal_end(self, lambda: [
            shown.hand(s, in_order(self.hands[s]), counted(hand_points(self.hands[s]), "point"))
            for s in range(n) if self.hands[s]])
        sides = sorted(set(self.side))
        extra = {
            "dealer": self.dealer, "stage": self._stage(), "going": "left" if self.turn.step > 0 else "right",
            "called": None if self.called < 0 else SUIT_NAMES[self.called], "to_draw": self.run or None,
            "cover": self.cover, "pressures": [self.pressures[s] for s in sides],
            "next_pressure": [FIRST_PRESSURE << self.pressures[s] for s in sides],
            "deal_size": SIZES[self.hand_number - 1], "deals_in_game": self.hands_in_game,
        }
        hand = []
        if seat is not None and not self._blind(seat):
            hand = in_order(self.hands[seat])
        return {"phase": self.phase, "hand": hand, "seats": seats, "table": table, "extra": extra}

    # --- sampled worlds --------------------------------------------------------------------------------
    def _unknown(self, seat: int) -> engine.Unknown:
        unknown = engine.Unknown(pool=0)
        laid_down = shown.deal_over(self)   # the hands left lie face up, counted
        for s in range(self.players):
            if (s != seat or self._blind(seat)) and not laid_down:
                # Any ``lacking[s]`` of the hand's cards (the sizes are public) lack ``lacks[s]``.
                hand = self.hands[s]
                kept = hand
                for _ in range(hand.bit_count() - self.lacking[s]):
                    kept &= kept - 1
                unknown.hide(("hand", s), kept, allowed=PACK.full_mask & ~self.lacks[s], ordered=False)
                unknown.hide(("drawn", s), hand & ~kept, ordered=False)
        self.stock.hide(unknown, seat)
        return unknown

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        self.pressed = set()   # the deal as earlier pressures found it holds the real hands: a world forgets it
        for key, cards in deal.items():
            if isinstance(key, tuple) and key[0] == "hand":
                self.hands[key[1]] = sum(1 << c for c in cards) | sum(1 << c for c in deal[("drawn", key[1])])
        self.stock.place(deal)


class _Circle(Exception):
    """A pressure found the deal as an earlier one had: play has come round in a circle (choice 10)."""


def _explained(why: str, left: tuple[int, ...], gained: tuple[int, ...],
               side: tuple[int, ...]) -> tuple[tuple[Reason, ...], str]:
    reasons = [Reason(s, points, "cards left") for s, points in enumerate(left)]
    reasons += [Reason(s, gained[side[s]], "pressures") for s in sorted(set(side)) if gained[side[s]]]
    return tuple(reasons), why


engine.register(INFO, CratesState)
