"""Heart Solo: Solo for three with a 24-card pack, where diamonds, always the colour, hold only three trumps.

Follows the last paragraph of ``rules/source/solo-foster.txt`` (row 13 of the Solo table in
``rules/NOTES.md``), and Foster's Solo (``parlour/games/solo.py``, variant ``foster``) wherever that
paragraph says nothing: the same trumps (Q♣, the seven of trumps, Q♠ on top, the black queens never of
their printed suit), the 3-2-3 deal, eldest's lead, the deal abandoned at five tricks, counters paid to
and from each adversary.

The pack is the 32-card pack less the eight of hearts and every diamond but the seven (``HEART_SOLO_24``):
eight cards each. Diamonds are always the colour, so with diamonds trumps there are just Spadilla (Q♣),
Manilla (7♦) and Basta (Q♠).

Choices where the text is silent (each a default, recorded here and tested):

* Only a solo may be bid: ``bid solo`` (in suit, 4 counters) or the higher ``bid solo in colour`` (8, with
  diamonds trumps), in Foster's auction (eldest first, each bids higher or passes for good). The winner
  names trumps (``name solo <suit>``); a solo bid may still be played in colour, never the reverse.
* No simple game, no tout, no called ace and no Forcée: three players leave no room for a partner, and
  "the only play is for the Solo". So the deal simply ends as soon as the soloist has five tricks (there
  is no playing on, since there is no tout to play on for).
* With no bid, the deal is played out in colour (diamonds trumps), each for himself, and the winner of
  the last trick pays each of the other two the value of a solo: of a solo in colour, 8, by default, since
  the deal is played in colour (option ``passed_deal``: ``suit`` for 4).
* The soloist is paid the value by each of the two adversaries, or pays each.
* First dealer: cards thrown round face up from seat 0, the first club dealing (Foster's way); a prepared
  deal names its dealer instead (seat 2 unless it says otherwise). The deal passes to the left.
* The game is ``hands`` deals, three by default (each player deals once); each player starts with
  ``stake`` counters and may run below zero; the most counters wins.

A prepared deal (``deal=``) is ``{"hands": [[8 cards] x 3], "dealer": 2}`` (``dealer`` optional, and only
in the first deal of a list), or a stacked pack ``{"pack": [24 cards, top first]}``, as in Solo.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from parlour import engine
from parlour.cards import HEART_SOLO_24, Suit
from parlour.engine import Action, Pass, Play
from parlour.games.solo import (
    CONTRACTS,
    HEART,
    NAMES,
    PASS,
    SOLO,
    SUIT_NAMES,
    VALUES,
    Deal,
    Name,
    SoloState,
    Tables,
)
from parlour.mechanics.auctions import Bid
from parlour.mechanics.chips import Ledger

RULES = """\
**Heart Solo** is Solo for three players, with a 24-card pack: the 32-card pack without the eight of hearts
and without every diamond except the seven. Eight cards each, dealt 3-2-3.

*Trumps.* Whatever the trump suit, the queen of clubs (Spadilla) is the best trump, the seven of trumps
(Manilla) the second and the queen of spades (Basta) the third; then the rest of the trump suit from the
ace down. The black queens are trumps, never clubs or spades. **Diamonds are always the colour**, so with
diamonds trumps there are only those three trumps.

*Bidding.* From the player on the dealer's left, each player bids or passes for good. The only game is
the **solo**: five tricks alone. `bid solo` (in suit, worth 4) is beaten only by `bid solo in colour`
(diamonds trumps, worth 8). The winner names trumps (`name solo hearts`).

*Play.* Eldest leads; follow suit if you can, else play anything; the best trump, or the best card of the
suit led, wins. The deal ends as soon as the soloist has five tricks; he is then paid the value by each
of the other two, and pays each if he fails.

*No bid.* The deal is played out in colour, each for himself, and whoever takes the last trick pays the
other two the value of a solo (8 by default; option `passed_deal`).

*The game* is `hands` deals (three by default); the most counters wins.
"""

NO_BID_VALUES = {"colour": VALUES[3], "suit": VALUES[2]}


@dataclass(frozen=True, slots=True)
class HeartBid(Bid):
    """Heart Solo's only bids: a solo, or a solo in colour."""

    CONTRACTS: ClassVar[tuple[str, ...]] = (CONTRACTS[2], CONTRACTS[3])

    @classmethod
    def parse_args(cls, args: Sequence[str]) -> Action:
        return super(HeartBid, cls).parse_args([a.lower().replace("color", "colour") for a in args])


HEART_TABLES = Tables(HEART_SOLO_24, [HeartBid(c) for c in HeartBid.CONTRACTS], [PASS, *NAMES[SOLO]])


@dataclass(frozen=True, kw_only=True)
class HeartSoloOptions:
    hands: int = engine.option(3, "deals in the game (in three deals every player deals once)", minimum=1, maximum=100,
                               label="Deals in the game")
    stake: int = engine.option(100, "counters each player starts with (balances may go below zero)",
                               minimum=0, maximum=1_000_000, label="Counters each player starts with")
    passed_deal: str = engine.option("colour", "with no bid, the last trick pays a solo in colour (8) or in suit (4)",
                                     choices=tuple(NO_BID_VALUES), label="When nobody bids, the last trick pays")


INFO = engine.GameInfo(
    id="heart-solo", name="Heart Solo", family=("trick-taking", "auction"), min_players=3, max_players=3,
    pack=HEART_SOLO_24.name, rules_source=("solo-foster.txt",), summary=RULES,
    num_distinct_actions=len(HEART_TABLES.actions), options=engine.option_specs(HeartSoloOptions), max_actions=50 * 100)


class HeartSoloState(SoloState):
    T = HEART_TABLES
    PACK = HEART_SOLO_24
    PLAYS = HEART_TABLES.plays
    ACTIONS = HEART_TABLES.actions
    ACTION_KINDS = (Play, HeartBid, Pass, Name)

    def _ruleset(self) -> str:
        return HEART

    def _colour(self) -> int:
        return int(Suit.DIAMONDS)

    def _kinds(self) -> tuple[int, ...]:
        return (SOLO,)

    def _no_bid_value(self) -> int:
        return NO_BID_VALUES[self.options["passed_deal"]]

    def _all_passed(self) -> None:
        """No bid: the deal is played in colour, each for himself; the last trick pays."""
        self.trump = self.colour
        self._say("no one bids: the deal is played in colour ({} trumps), and the winner of the last trick "
                  "pays a solo to each", SUIT_NAMES[self.colour])
        self._start_play()

    def _five_tricks(self) -> None:
        self._say("seat {} has five tricks: the solo is won and the deal abandoned", self.declarer)
        self._end_hand(abandoned=True)

    def _settle(self, ledger: Ledger, facts: Deal, made: bool) -> None:
        if self.declarer >= 0:
            super()._settle(ledger, facts, made)
            return
        last = facts.last
        value = self._no_bid_value()
        for seat in range(self.players):
            if seat != last:
                ledger.pay(last, seat, value, "no bid: the winner of the last trick pays the value of a solo")


engine.register(INFO, HeartSoloState)
