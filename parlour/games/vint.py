"""Vint: the Russian auction whist for four in partnerships, with no dummy and every trick scored.

Follows ``rules/source/vint.txt`` (Foster) with the Vint entry of ``rules/NOTES.md``.

Choices where the texts are silent (each a default, recorded here and tested):

* Cutting for partners and deal is not played out: in the first rubber seats 0 and 2 play against seats
  1 and 3, and seat 0 deals the first hand. The deal then passes one place to the left every deal, rubbers
  included.
* Partners change between rubbers by moving players, so that partners still sit opposite: the engine's
  partnership seating describes the four *places* at the table, and each rubber puts the players in them
  in a new arrangement. Rubber 1: 0 & 2 against 1 & 3; rubber 2: 0 & 1 against 2 & 3; rubber 3: 0 & 3
  against 1 & 2, so after three rubbers everyone has partnered everyone once. With more rubbers (option
  ``rubbers``) the cycle starts again.
* The auction (notes): the dealer speaks first and calls go round to the left; a player who passed may bid
  again later; the auction ends when three players pass in a row after a bid. If all four pass at once the
  hand is not played, scores nothing, and the deal passes to the left. A bid must name more tricks, or as
  many in a higher suit (♠ < ♣ < ♦ < ♥ < no trumps). Option ``passes``: 8 (the auction ends only after
  eight passes in a row, each player passing twice, Wikipedia) or 12 (twelve in a row, the 1886 Russian
  rules as pagat gives them); a deal nobody bids then also needs that many passes to be thrown in.
  Whatever the option, a player may not raise his own standing bid (Foster), except with ``passes=12``,
  where the 1886 rules let him overcall himself. With the default the rule can never bite, since three
  passes after his bid end the auction before he speaks again.
* There is no doubling: neither Foster nor the notes give it.
* Game (notes): 500 below the line, counted trick by trick in the order the tricks are taken; the side
  that reaches it first wins the game at once, even if the other side would reach 500 later in the same
  hand. The hand is played out and its remaining tricks still score below the line (in the column of the
  game just won); the next game starts both sides at 0 with the next deal, so a side can win at most one
  game per deal.
* Honours (notes): with a trump suit, the five top trumps (ace down to ten) plus every ace, so that the
  trump ace counts in both. A side holding three or more trump honours counts them all, a side holding
  three or four aces counts them all; with the aces 2-2 the side that took more tricks counts its two.
  When one side has one majority and the other side the other, only the difference scores, to the larger.
  At no trumps only aces count; 2-2 scores nothing. Each honour is worth 10 times the trick value, 25
  times at no trumps.
* Coronets (notes): every run of three or more cards of a suit in one player's hand, and three or four
  aces in one hand. 500 for three and 500 per extra card in a plain suit, double in the trump suit and in
  every suit at no trumps; the aces coronet is doubled at no trumps too (notes' default). Two separate
  runs in one suit are two coronets. Coronets score for the holder's side, declarers or not, whatever
  the level of the bid.
* Slams: 12 tricks not bid 1,000, 13 not bid 2,000, for whichever side takes them, defenders included;
  a "six" bid and made 6,000 in all, a "six" bid with 13 taken 7,000, a "seven" bid and made 12,000.
  A "seven" bid that takes 12 tricks still earns the 1,000 of a little slam made but not bid, beside the
  penalty for the trick it fell short.
* Penalty: each trick the declarers fall short gives the other side 100 times the trick value above the
  line; the tricks themselves still score below the line for both sides.
* Scores are kept per player, so that rotating partners settle fairly: each deal, each player is credited
  with his side's points (above and below the line) less the other side's. A player's score is the sum
  over the whole match, and the best balance wins. The sum of the four scores is always 0.
* The match is the book's three rubbers (option ``rubbers``). A deal that nobody bids could in theory come
  round for ever, so the match also stops after ``max_deals`` deals (300 by default, more than three
  rubbers can need: a game takes at most eight played deals, a rubber three games). A match stopped that
  way keeps every point scored, and an unfinished rubber earns no bonus.
* One pack is used (the book mentions two, used in turn, which changes nothing in play). Revokes and
  other irregularities cannot happen: refused actions change nothing.

Hidden information: each player sees only his own hand; calls and played cards are public. Sampled worlds
deal the unseen cards again, keeping each hand's size and the voids shown by not following suit.

A prepared deal (``deal=``) is ``{"hands": [[13 cards] for seats 0, 1, 2, 3]}``, or a stacked pack
``{"pack": [52 cards, top first]}`` dealt as the book deals; a list of them gives the first deals in order.
The first dealer is seat 0, the second seat 1 and so on round the table (from the second rubber, round the
players' new places).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar, NamedTuple

from parlour import engine
from parlour.cards import ACE_HIGH, STANDARD_52, Rank, Suit
from parlour.engine import Action, ActionTable, IllegalAction, Pass, Play, Reason, counted, shown
from parlour.engine.totals import TotalsState
from parlour.engine.view import kinds
from parlour.mechanics import tricks
from parlour.mechanics.auctions import Auction, AuctionState, Bid, CallNumbers, calls_shown

RULES = """\
**Vint** is the Russian forerunner of bridge: four players, partners facing each other, a full pack of 52
with aces high, an auction for the trump suit, and no dummy: everyone plays his own thirteen cards.

*The auction.* The dealer calls first, then each player to the left, round and round. A bid names how many
tricks over six your side will take (one to seven) and a trump suit or no trumps; ranking the suits from
low to high: spades, clubs, diamonds, hearts, then no trumps. Each bid must be higher: more tricks, or as
many in a better suit. You may pass and still bid later. Three passes in a row after a bid end the
auction (option `passes`: 8 or 12); if all four pass at once nobody plays and the next player deals.

*The play.* The player left of the highest bidder leads. Follow suit if you can; otherwise play anything.
The best trump wins the trick, else the best card of the suit led; the winner leads next.

*Tricks* (below the line, the only points that win games): every trick counts for the side that takes it,
declarers and defenders alike, at 10 times the level bid (a "three" makes each trick 30). A side that
reaches 500 wins the game on that very trick (1,000 above the line); the hand is still played out. The
first side to win two games wins the rubber (2,000 more).

*Above the line*:
* **Penalty**: for each trick the declarers fall short, the other side scores 100 times the trick value.
* **Honours**: the five top trumps, ace to ten, plus all four aces (at no trumps only the aces), worth
  10 times the trick value each (25 times at no trumps). The side holding three or more trump honours
  counts all of them, likewise three or four aces; with aces 2-2 the side with more tricks counts its
  two. If one side has the trump honours and the other the aces, only the difference scores.
* **Coronets**: three or more cards in sequence in one hand, or three or four aces in one hand: 500 and 500
  for each further card; doubled in the trump suit and in every suit at no trumps.
* **Slams**: 12 tricks not bid 1,000, 13 not bid 2,000; a "six" bid and made 6,000 (7,000 with all 13); a
  "seven" bid and made 12,000.

*The match* is three rubbers; partners change after each so that everyone partners everyone once. Each
player keeps his own balance: his side's points less the other side's, deal by deal. The best balance
wins.
"""

PACK = STANDARD_52
CARDS = PACK.cards
BIT = tuple(1 << i for i in range(len(PACK)))
SUIT_MASKS = PACK.suit_masks
ACES = PACK.rank_masks[Rank.ACE]
HAND_SIZE = 13
DEAL_SHAPE = engine.DealShape(PACK, '{"hands": [four lists of 13 cards, seats 0 to 3]} or a stacked pack',
                              sizes=(HAND_SIZE,) * 4, stacked=True)
TRICKS = 13
BOOK = 6
GAME_POINTS = 500
GAME_BONUS = 1000
RUBBER_BONUS = 2000
SEAT = tuple((s,) for s in range(4))

# The strains in bidding order, lowest first, and the suit each makes trumps.
STRAINS = ("S", "C", "D", "H", "NT")
NO_TRUMPS = 4
STRAIN_SUIT: tuple[Suit | None, ...] = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, None)
STRAIN_WORDS = ("spades", "clubs", "diamonds", "hearts", "no trumps")
CONTRACTS = tuple(f"{level}{strain}" for level in range(1, 8) for strain in STRAINS)
KEY = {contract: k for k, contract in enumerate(CONTRACTS)}


def level_of(contract: str) -> int:
    return KEY[contract] // len(STRAINS) + 1


def strain_of(contract: str) -> int:
    return KEY[contract] % len(STRAINS)


ORDERS = tuple(tricks.CardOrder.build(PACK, ACE_HIGH, trump=suit) for suit in STRAIN_SUIT)
LEGAL = tricks.follower(ORDERS[NO_TRUMPS])   # following never depends on trumps in Vint
# A K Q J 10 of each suit (by suit number), the honours when that suit is trumps.
TRUMP_HONOURS = tuple(sum(BIT[13 * suit + k] for k in range(8, 13)) for suit in range(4))

# Where the players sit in each rubber: the seat at each of the four places, round the table. Places 0
# and 2 are partners, as are 1 and 3 (the engine's partnership seating).
ARRANGEMENTS = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 1, 3, 2))


@dataclass(frozen=True, slots=True)
class VintBid(Bid):
    """Bid to take this many tricks over six, with this suit trumps or at no trumps.

    ``bid 3D``: three over the book (nine tricks) with diamonds trumps; ``bid 7NT``.
    """

    CONTRACTS: ClassVar[tuple[str, ...]] = CONTRACTS


PLAYS = ActionTable([Play(card) for card in CARDS], chunk=13)
BIDS = tuple(VintBid(contract) for contract in CONTRACTS)
PASS = Pass()
ACTIONS_TABLE = ActionTable([*PLAYS.actions, *BIDS, PASS], chunk=13)
# The numbers of the legal calls, by what decides them (``VintState._offer_calls``).
CALLS = CallNumbers()


class Phase(engine.Phase):
    AUCTION = "auction"
    PLAY = "play"
    OVER = "over"


# The longest deal: 35 bids, each after as many passes as may come in a row without ending the auction,
# the final passes, and 52 cards. The cap on deals bounds the match.
MAX_DEALS = 1000
ACTIONS_PER_DEAL = len(CONTRACTS) * 12 + 12 + 52


@dataclass(frozen=True, kw_only=True)
class VintOptions:
    rubbers: int = engine.option(3, "rubbers in the match; partners change after each, so that in every three "
                                    "rubbers each player partners each other once", minimum=1, maximum=9,
                                 label="Rubbers in the match")
    passes: int = engine.option(3, "passes in a row that end the auction after a bid: 3 (notes), 8 (each player "
                                   "passes twice, Wikipedia) or 12 (1886 rules; the last bidder may overcall "
                                   "himself)", choices=(3, 8, 12), label="Passes that end the auction")
    max_deals: int = engine.option(300, "the match stops after this many deals even if rubbers are unfinished (a "
                                        "bound, since deals that nobody bids could come round for ever)",
                                   minimum=1, maximum=MAX_DEALS, label="Most deals (safety stop)")


# The seat names are bridge's compass (as in parlour/formats/pbn.py). They name the four *places* at the
# table, as the engine's partnership seating does; who sits in each place changes by rubber (ARRANGEMENTS).
INFO = engine.GameInfo(
    id="vint", name="Vint", family=("trick-taking", "auction whist", "partnership"), min_players=4,
    max_players=4, pack=PACK.name, rules_source=("vint.txt",), summary=RULES,
    num_distinct_actions=len(ACTIONS_TABLE), options=engine.option_specs(VintOptions), partnerships=True,
    max_actions=MAX_DEALS * ACTIONS_PER_DEAL, seat_names=("North", "East", "South", "West"))


# --- scoring rules, as plain functions of cards and tricks ----------------------------------------------
class Honours(NamedTuple):
    """Who scores honours and how many. ``trumps`` and ``aces`` are each side's holdings (``trumps`` None at
    no trumps); ``trump_side`` and ``ace_side`` hold the majorities (``ace_side`` None when aces are easy at
    no trumps); ``aces_by_tricks`` says the aces were 2-2 and went to the side with more tricks."""

    side: int | None
    number: int
    trumps: tuple[int, int] | None
    aces: tuple[int, int]
    trump_side: int | None
    ace_side: int | None
    aces_by_tricks: bool = False


def honours(side_cards: Sequence[int], strain: int, side_tricks: Sequence[int]) -> Honours:
    """The honours score of a hand: the cards each side was dealt (masks), the strain and each side's tricks."""
    aces = ((side_cards[0] & ACES).bit_count(), (side_cards[1] & ACES).bit_count())
    suit = STRAIN_SUIT[strain]
    if suit is None:
        for side in (0, 1):
            if aces[side] >= 3:
                return Honours(side, aces[side], None, aces, None, side)
        return Honours(None, 0, None, aces, None, None)       # aces easy: nobody scores
    mask = TRUMP_HONOURS[suit]
    trumps = ((side_cards[0] & mask).bit_count(), (side_cards[1] & mask).bit_count())
    by_trumps = 0 if trumps[0] >= 3 else 1
    by_tricks = aces[0] == 2
    # Aces 2-2: they count for the side that took more tricks (thirteen tricks cannot tie).
    by_aces = (0 if side_tricks[0] > side_tricks[1] else 1) if by_tricks else (0 if aces[0] >= 3 else 1)
    if by_trumps == by_aces:
        return Honours(by_trumps, trumps[by_trumps] + aces[by_aces], trumps, aces, by_trumps, by_aces, by_tricks)
    difference = trumps[by_trumps] - aces[by_aces]      # the majorities offset
    scorer = None if difference == 0 else by_trumps if difference > 0 else by_aces
    return Honours(scorer, abs(difference), trumps, aces, by_trumps, by_aces, by_tricks)


def honours_words(held: Honours, labels: Sequence[str], each: int) -> str:
    """The honours of a hand in the book's terms (``labels``: the two sides' names)."""
    if held.trumps is None:
        if held.side is None:
            return f"aces easy ({held.aces[0]}-{held.aces[1]}) at no trumps: no honours"
        return f"honours: {counted(held.number, 'ace')} at no trumps, {points(each)} each"
    trump_side, ace_side = held.trump_side, held.ace_side
    assert trump_side is not None and ace_side is not None
    trumps, aces = held.trumps[trump_side], held.aces[ace_side]
    note = " (aces 2-2: they count for the side with more tricks)" if held.aces_by_tricks else ""
    if trump_side == ace_side:
        return (f"honours: {counted(trumps, 'trump honour')} and {counted(aces, 'ace')}, "
                f"{counted(held.number, 'honour')} at {points(each)}{note}")
    offset = (f"honours: {labels[trump_side]} hold {counted(trumps, 'trump honour')}, {labels[ace_side]} "
              f"{counted(aces, 'ace')}; they offset")
    if held.side is None:
        return f"{offset}, no honours scored{note}"
    return f"{offset}, leaving {labels[held.side]} {counted(held.number, 'honour')} at {points(each)}{note}"


def honour_value(strain: int, level: int) -> int:
    """One honour: 10 times the trick value, 25 times at no trumps."""
    return (25 if strain == NO_TRUMPS else 10) * 10 * level


# The cards that may begin a run of three within their suit (a suit's lowest eleven), for ``coronets``.
RUN_STARTS = sum(((1 << 11) - 1) << (13 * suit) for suit in range(4))


def coronets(hand: int, strain: int) -> list[tuple[int, str]]:
    """Every coronet in one hand (a mask), as (points, description)."""
    if not hand & hand >> 1 & hand >> 2 & RUN_STARTS and (hand & ACES).bit_count() < 3:
        return []     # no three in a row in any suit, nor three aces: most hands, so asked first
    out = []
    trump = STRAIN_SUIT[strain]
    for suit in range(4):
        bits = hand >> (13 * suit) & 0x1FFF
        if not bits & bits >> 1 & bits >> 2:
            continue
        doubled = strain == NO_TRUMPS or suit == trump
        unit = 1000 if doubled else 500
        run = 0
        for position in range(14):
            if position < 13 and bits >> position & 1:
                run += 1
                continue
            if run >= 3:
                cards = " ".join(str(CARDS[13 * suit + k]) for k in range(position - 1, position - 1 - run, -1))
                where = "in trumps" if suit == trump else ("at no trumps" if doubled else "in a plain suit")
                out.append((unit * (run - 2), f"a sequence of {run}, {cards}, {where}"))
            run = 0
    aces = (hand & ACES).bit_count()
    if aces >= 3:
        unit = 1000 if strain == NO_TRUMPS else 500
        out.append((unit * (aces - 2), f"{aces} aces in one hand" + (" at no trumps" if strain == NO_TRUMPS else "")))
    return out


def slam_bonus(taken: int, bid_level: int | None) -> tuple[int, str] | None:
    """The slam a side scores for ``taken`` tricks; ``bid_level`` is its bid if it declared, else None."""
    if taken == 13:
        if bid_level == 7:
            return 12000, "grand slam bid and made"
        if bid_level == 6:
            return 7000, "little slam bid and grand slam made"
        return 2000, "grand slam made, not bid"
    if taken == 12:
        if bid_level == 6:
            return 6000, "little slam bid and made"
        return 1000, "little slam made, not bid"
    return None


def penalty(level: int, declarers_took: int) -> int:
    """What the defenders score above the line when the declarers fall short: 100 times the trick value a
    trick."""
    short = BOOK + level - declarers_took
    return short * 100 * 10 * level if short > 0 else 0


def points(n: int) -> str:
    return f"{n:,}"


def penalty_words(short: int, needed: int, value: int) -> str:
    return (f"penalty: the declarers fell {counted(short, 'trick')} short of {needed}, {points(100 * value)} "
            "a trick")


class DealWords(NamedTuple):
    """What a played deal scored, kept (immutable) for the words of its hand result (``word_deal``):
    ``above`` lists the points above the line in the book's order, each with its words or a function
    making them."""

    labels: tuple[str, str]
    value: int
    declaring: int
    declarer: int
    contract: str
    needed: int
    side_tricks: tuple[int, int]
    items: tuple[tuple[int, int, str], ...]
    held: Honours
    each: int
    above: tuple[tuple[int, int, str | Callable[[], str]], ...]
    gained: tuple[int, int]


def word_deal(deal: DealWords) -> tuple[tuple[Reason, ...], str]:
    """A played deal's reasons and summary: the tricks below the line, the game and rubber won in the
    play, the honours (or why none scored), then each item above the line."""
    labels, value, declaring = deal.labels, deal.value, deal.declaring
    reasons: list[Reason] = []
    for side in (declaring, 1 - declaring):
        who = labels[side] + (" (declarers)" if side == declaring else "")
        reasons.append(Reason(None, deal.side_tricks[side] * value,
                              f"{who}: {counted(deal.side_tricks[side], 'trick')} at {value}, below the line"))
    reasons += [Reason(None, pts, f"{labels[side]}: {text}: {points(pts)} above the line")
                for side, pts, text in deal.items]
    if deal.held.side is None:
        reasons.append(Reason(None, 0, honours_words(deal.held, labels, deal.each)))
    for side, pts, words in deal.above:
        text = words if isinstance(words, str) else words()
        reasons.append(Reason(None, pts, f"{labels[side]}: {text}: {points(pts)} above the line"))
    took, needed, gained = deal.side_tricks[declaring], deal.needed, deal.gained
    verb = "made it" if took >= needed else f"fell {needed - took} short"
    summary = (f"seat {deal.declarer} bid {deal.contract} and {verb} with {counted(took, 'trick')}; "
               f"{labels[0]} score {points(gained[0])}, {labels[1]} {points(gained[1])}")
    return tuple(reasons), summary


def trick_line(number: int, taker: int, side: str, value: int, below: tuple[int, int], labels: tuple[str, str]
               ) -> str:
    """The log's line for a finished trick (rendered only when a view asks)."""
    return (f"seat {taker} wins trick {number}: {value} below the line to {side} "
            f"(this game {labels[0]} {below[0]}, {labels[1]} {below[1]})")


class VintState(engine.PhasedState[Phase], AuctionState, TotalsState, tricks.TrickPlayState):
    ACTION_KINDS = (Play, VintBid, Pass)
    ACTIONS = ACTIONS_TABLE
    PACK = PACK
    PLAYS = PLAYS
    follow = staticmethod(LEGAL)
    trick_size = 4
    tricks_in_deal = TRICKS
    MUTABLE = ("hands", "trick", "taken", "totals", "below", "past_games", "games_won",
               "above", "side_tricks", "seat_tricks", "hand_points", "items", "rubber_log", "auction")
    ZONES = kinds(auction="bids", contract="text", shown="shown")
    EXTRAS = kinds(above_line="numbers", below_line="numbers", dealer="seat", declarer="seat", game="number",
                   games_won="numbers", level="number", past_games="numbers", rubber="number", rubbers="number",
                   rubbers_played="records", sides="seats", trick_number="number", trick_value="number",
                   tricks_by_side="numbers", tricks_needed="number", trumps="text")

    # --- the match and its rubbers -------------------------------------------------------------------
    def _setup(self) -> None:
        self.totals = [0] * 4
        self.rubbers = int(self.options["rubbers"])
        self.rubber_log: list[dict[str, Any]] = []
        self.hands_in_game = self.options["max_deals"]
        self.dealer_place = 0
        self._start_rubber()
        self._deal()

    def _start_rubber(self) -> None:
        """Seat the players for the next rubber and open its first game."""
        self.rubber = len(self.rubber_log) + 1
        arrangement = ARRANGEMENTS[(self.rubber - 1) % len(ARRANGEMENTS)]
        place = [0] * 4
        for p, seat in enumerate(arrangement):
            place[seat] = p
        self.arrangement = arrangement
        self.place = tuple(place)
        self.side_of = tuple(int(self.seating.team(place[s]) or 0) for s in range(4))
        # The seat to each seat's left in the rubber's seating, who plays after it to a trick.
        self.left = self.after = tuple(arrangement[self.seating.next(place[s])] for s in range(4))
        self.labels = tuple("seats " + " & ".join(str(s) for s in sorted(self.side_seats(side))) for side in (0, 1))
        self.below = [0, 0]            # the current game's points below the line, by side
        self.past_games: list[tuple[int, int]] = []
        self.game_open = True
        self.games_won = [0, 0]
        self.above = [0, 0]            # this rubber's points above the line, by side
        self.rubber_winner: int | None = None

    def side_seats(self, side: int) -> tuple[int, int]:
        """The two players of a side in the current rubber."""
        return self.arrangement[side], self.arrangement[side + 2]

    # --- deal ----------------------------------------------------------------------------------------
    def _deal_shape(self, number: int) -> engine.DealShape:
        return DEAL_SHAPE

    def _deal(self) -> None:
        self.dealer = self.arrangement[self.dealer_place]
        self.hands = self._deal_round(self.left)
        self.side_tricks = [0, 0]
        self.seat_tricks = [0] * 4
        self.hand_points = [0, 0]       # everything each side scores this deal, above and below
        self.items: list[tuple[int, int, str]] = []   # game and rubber won during the play
        self.contract: str | None = None
        self.declarer = -1
        self.level = 0
        self.strain = NO_TRUMPS
        self.value = 0
        self.needed = 0
        self.order = ORDERS[NO_TRUMPS]
        self._start_tricks(self.left[self.dealer])
        self.phase = Phase.AUCTION
        calling = tuple(self.arrangement[(self.dealer_place + k) % 4] for k in range(4))
        needed = int(self.options["passes"])
        self.auction = Auction(calling, sides=self.side_of,
                               closing_passes=needed if needed > len(calling) - 1 else None)
        self.to_move = SEAT[self.dealer]
        self._say("hand {}: rubber {}, game {} ({} against {}); seat {} deals and calls first", self.hand_number,
                  self.rubber, len(self.past_games) + 1, self.labels[0], self.labels[1], self.dealer)
        self._offer_calls()

    # --- legality ------------------------------------------------------------------------------------
    def _in_play(self) -> bool:
        return self.phase is Phase.PLAY

    def _own_bid_barred(self, seat: int) -> bool:
        return seat == self.auction.high_seat and self.options["passes"] != 12

    def _offer_calls(self) -> None:
        """Offer the seat to call its legal calls' numbers (``CallNumbers``), which whether it may bid at all
        and the bid to beat decide (``_legal``)."""
        seat = self.auction.turn
        assert seat is not None
        CALLS.offer(self, seat, (self._own_bid_barred(seat), self.auction.high_key))

    def _legal(self, seat: int) -> list[Action]:
        if self.phase is Phase.PLAY:
            return PLAYS.of(LEGAL(self.hands[seat], self.trick))
        if self._own_bid_barred(seat):
            return [PASS]
        high = self.auction.high_key
        return [PASS, *BIDS[0 if high is None else high + 1:]]

    def _check(self, seat: int, action: Action) -> None:
        kind = type(action)
        if self.phase is Phase.PLAY:
            if kind is not Play:
                raise IllegalAction("the auction is over: play a card", rule="play")
            super()._check(seat, action)
            return
        if kind is Play:
            raise IllegalAction("the auction is not over: bid or pass", rule="auction")
        if kind is VintBid:
            contract = action.contract  # type: ignore[attr-defined]
            if self._own_bid_barred(seat):
                raise IllegalAction("you may not raise your own bid unless someone overbids you",
                                    rule="own bid")
            if not self.auction.may_bid(seat, KEY[contract]):
                raise IllegalAction(f"{contract} does not beat {self.auction.high}: bid more tricks, or as many "
                                    "in a higher suit", rule="a bid must beat the last")
        elif kind is not Pass:
            raise IllegalAction(f"{action} is not a call in Vint: bid or pass", rule="auction")

    def _do(self, seat: int, action: Action) -> None:
        kind = type(action)
        if kind is Play:
            super()._do(seat, action)
            return
        if kind is VintBid:
            contract = action.contract  # type: ignore[attr-defined]
            self.auction.bid(seat, contract, KEY[contract])
        else:
            self.auction.pass_(seat)
        self._after_call()

    # --- the auction ---------------------------------------------------------------------------------
    def _auction_over(self) -> None:
        if self.auction.all_passed:
            self._passed_out()
        else:
            self._start_play()

    def _passed_out(self) -> None:
        self._say("all four pass: the hand is not played")
        self._finish_hand(engine.HandResult(self.hand_number, (0,) * 4,
                                            summary="all four passed: no play, and the deal passes to the left"))
        self._next_deal()

    def _start_play(self) -> None:
        contract: str = self.auction.high
        self.contract = contract
        self.declarer = self.auction.high_seat  # type: ignore[assignment]
        self.level, self.strain = level_of(contract), strain_of(contract)
        self.value = 10 * self.level
        self.needed = BOOK + self.level
        self.order = ORDERS[self.strain]
        self.phase = Phase.PLAY
        self.leader = self.left[self.declarer]
        self.to_move = SEAT[self.leader]
        self._say("seat {} declares {} ({}): {} need {} tricks; every trick is worth {}; seat {} leads",
                  self.declarer, contract, STRAIN_WORDS[self.strain], self.labels[self.side_of[self.declarer]],
                  self.needed, self.value, self.leader)

    # --- play (uses mechanics.tricks) ----------------------------------------------------------------
    def _after_trick(self, taker: int) -> None:
        side = self.side_of[taker]
        if self.game_open and self.below[side] >= GAME_POINTS:
            self._win_game(side)
        super()._after_trick(taker)

    def _card_order(self) -> tricks.CardOrder:
        return self.order

    def trick_goal(self, seat: int) -> tuple[frozenset[int], tricks.Goal]:
        """The play is for tricks, which partners share: the seats of this rubber's side (facing each other in
        its seating, which is not always seats two apart)."""
        return frozenset(self.side_seats(self.side_of[seat])), tricks.TRICKS

    def _trick_won(self, number: int, taker: int, mask: int) -> tuple[Any, tuple[Any, ...]]:
        """Every trick scores the contract's value below the line for the taker's side at once."""
        side = self.side_of[taker]
        self.side_tricks[side] += 1
        self.seat_tricks[taker] += 1
        self.below[side] += self.value
        self.hand_points[side] += self.value
        return trick_line, (number, taker, self.labels[side], self.value, (self.below[0], self.below[1]), self.labels)

    def _win_game(self, side: int) -> None:
        """A side reached 500 below the line on this trick: the game is theirs at once."""
        self.game_open = False
        number = len(self.past_games) + 1
        self.games_won[side] += 1
        self.above[side] += GAME_BONUS
        self.hand_points[side] += GAME_BONUS
        self.items.append((side, GAME_BONUS, f"{GAME_POINTS} reached below the line at trick {len(self.taken)}: "
                                             f"game {number} won"))
        self._say("{} reach {} and win game {}", self.labels[side], GAME_POINTS, number)
        if self.games_won[side] == 2:
            self.rubber_winner = side
            self.above[side] += RUBBER_BONUS
            self.hand_points[side] += RUBBER_BONUS
            self.items.append((side, RUBBER_BONUS, f"two games: rubber {self.rubber} won"))
            self._say("{} win rubber {}", self.labels[side], self.rubber)

    # --- scoring (the book's words) ------------------------------------------------------------------
    def _end_hand(self) -> None:
        # The points now, their words when someone reads them (``word_deal``): playouts never do.
        labels = self.labels
        declaring = self.side_of[self.declarer]
        dealt = self.dealt_hands()
        side_cards = [0, 0]
        for s in range(4):
            side_cards[self.side_of[s]] |= dealt[s]
        above: list[tuple[int, int, str | Callable[[], str]]] = []
        # Honours
        held = honours(side_cards, self.strain, self.side_tricks)
        each = honour_value(self.strain, self.level)
        if held.side is not None:
            above.append((held.side, held.number * each, partial(honours_words, held, labels, each)))
        # Coronets
        for s in range(4):
            for pts, what in coronets(dealt[s], self.strain):
                above.append((self.side_of[s], pts, f"coronet of seat {s}: {what}"))
        # Slams
        for side in (declaring, 1 - declaring):
            slam = slam_bonus(self.side_tricks[side], self.level if side == declaring else None)
            if slam is not None:
                above.append((side, slam[0], slam[1]))
        # Penalty for a failed bid
        took = self.side_tricks[declaring]
        fine = penalty(self.level, took)
        if fine:
            above.append((1 - declaring, fine, partial(penalty_words, self.needed - took, self.needed, self.value)))
        for side, pts, _ in above:
            self.above[side] += pts
            self.hand_points[side] += pts
        gained = self.hand_points
        changes = tuple(gained[self.side_of[s]] - gained[1 - self.side_of[s]] for s in range(4))
        deal = DealWords(labels, self.value, declaring, self.declarer, self.contract, self.needed,  # type: ignore[arg-type]
                         (self.side_tricks[0], self.side_tricks[1]), tuple(self.items), held, each, tuple(above),
                         (gained[0], gained[1]))
        self._score_deal(engine.HandResult(self.hand_number, changes, explain=partial(word_deal, deal)))

    def dealt_hands(self) -> list[int]:
        """The four hands as they were dealt (masks by seat): what each holds and what it has played. Read
        from the tricks at the end of the deal rather than kept card by card, off the playout hot path."""
        dealt = list(self.hands)
        after = self.after
        for leader, _, cards, _ in self.taken:
            seat = leader
            for card in cards:
                dealt[seat] |= 1 << card
                seat = after[seat]
        return dealt

    def _next_deal(self, over: bool = False) -> None:
        """A won game or rubber goes into the books before the deal passes on; the match ends with its
        rubbers (or its ``max_deals``)."""
        if self.rubber_winner is not None:
            self.past_games.append((self.below[0], self.below[1]))
            self.rubber_log.append(self._rubber_record())
        elif not self.game_open:
            self.past_games.append((self.below[0], self.below[1]))
            self.below = [0, 0]
            self.game_open = True
        super()._next_deal(over or len(self.rubber_log) >= self.rubbers)

    def _pass_deal(self) -> None:
        """The deal passes to the left in the rubber's seating; a won rubber first seats the players anew."""
        if self.rubber_winner is not None:
            self._start_rubber()
        self.dealer_place = (self.dealer_place + 1) % 4

    def _rubber_record(self, games: Sequence[tuple[int, int]] | None = None) -> dict[str, Any]:
        games = self.past_games if games is None else games
        below = [sum(game[side] for game in games) for side in (0, 1)]
        return {"rubber": self.rubber, "sides": [list(self.side_seats(0)), list(self.side_seats(1))],
                "games": [list(game) for game in games], "above": list(self.above),
                "totals": [below[0] + self.above[0], below[1] + self.above[1]],
                "winner": None if self.rubber_winner is None else list(self.side_seats(self.rubber_winner))}

    def _result(self) -> engine.Result:
        base = engine.result_by_score(self.scores(), False)
        rubbers = list(self.rubber_log)
        if len(rubbers) < self.rubbers and (self.past_games or any(self.below) or any(self.above)):
            games = [*self.past_games, *([(self.below[0], self.below[1])] if any(self.below) else [])]
            rubbers.append({**self._rubber_record(games), "unfinished": True})
        return engine.Result(base.winners, base.places, base.scores, base.text, {"rubbers": rubbers})

    # --- what each seat sees -------------------------------------------------------------------------
    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        seats = []
        for s in range(4):
            status = []
            if s == self.dealer:
                status.append("dealer")
            if s == self.declarer:
                status.append("declarer")
            seats.append(engine.seat_entry(s, team=self.side_of[s], held=self.hands[s].bit_count(),
                                           tricks=self.seat_tricks[s], status=", ".join(status)))
        table = {"auction": calls_shown(self.auction.calls), **self._trick_table()}
        if self.contract is not None:
            table["contract"] = f"{self.contract} by seat {self.declarer}"
        # A played deal's four hands as dealt, its hand record, once every card has been seen in the play.
        table |= shown.at_deal_end(self, lambda: [shown.hand(s, PACK.cards_in(cards))
                                                  for s, cards in enumerate(self.dealt_hands())]
                                   if self.contract is not None else [])
        extra: dict[str, Any] = {
            "dealer": self.dealer,
            "level": self.level or None,
            "declarer": None if self.declarer < 0 else self.declarer,
            "trumps": None if self.contract is None else STRAIN_WORDS[self.strain],
            "tricks_needed": self.needed or None,
            "trick_value": self.value or None,
            "trick_number": min(len(self.taken) + 1, TRICKS),
            "rubber": self.rubber,
            "rubbers": self.rubbers,
            "sides": [list(self.side_seats(0)), list(self.side_seats(1))],
            "game": len(self.past_games) + 1,
            "past_games": [list(game) for game in self.past_games],
            "tricks_by_side": list(self.side_tricks),
            "below_line": list(self.below),
            "above_line": list(self.above),
            "games_won": list(self.games_won),
            "rubbers_played": [{"rubber": r["rubber"], "totals": r["totals"], "winner": r["winner"]}
                               for r in self.rubber_log],
        }
        hand = [str(c) for c in PACK.cards_in(self.hands[seat])] if seat is not None else []
        return {"phase": self.phase, "hand": hand, "seats": seats, "table": table, "extra": extra}

    # --- what each seat cannot see -------------------------------------------------------------------
    def _unknown(self, seat: int) -> engine.Unknown:
        return self._hide_hands(seat, SUIT_MASKS)


engine.register(INFO, VintState)
