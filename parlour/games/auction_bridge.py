"""Auction Bridge: four players in two partnerships bid for the trump suit, then play with one hand exposed.

Follows ``rules/source/auction-bridge.txt`` with the Auction Bridge entry of ``rules/NOTES.md``, which
supplies the lost trick-value table (clubs 6, diamonds 7, hearts 8, spades 9, no trumps 10), the deal,
the auction and the play. Seats 0 and 2 are partners against seats 1 and 3; play goes to the left. In
the Portable Bridge Notation export (``parlour.formats.pbn``) seat 0 is North, 1 East, 2 South, 3 West.

Choices where the texts are silent (each a default, recorded here and tested):

* The first dealer is seat 0; the deal passes to the left, from rubber to rubber as well. Cards are dealt
  one at a time from the dealer's left, thirteen each.
* The dealer must open the auction with a bid (notes). Option ``dealer_may_pass``: the dealer may pass
  too, and a deal that all four pass is thrown in: nobody scores and the next dealer deals again.
* A bid overcalls when its level times its trick value is greater, or equal with more tricks (notes);
  ``legal_actions`` lists the bids in that order, lowest first. Doubling never changes what must be beaten.
* Only an opponent of the last bidder may double it, once; only the doubled side (either partner) may
  redouble, once; any new bid wipes out a double or redouble. Passes count towards the end of the auction
  only in a row: a double or redouble starts the count again, so a doubled bid is always passed by three.
* The declarer is whichever member of the side that won the auction first named its denomination in that
  auction; the other is dummy. The player on the declarer's left leads; dummy's hand is then laid face
  up, and the declarer chooses each of dummy's cards (``to_move`` is the declarer while dummy is to play,
  and the legal actions are dummy's cards). Dummy never acts.
* Doubling multiplies every odd trick below the line, overtricks included (2 doubled, 4 redoubled).
* A slam bonus is scored only when the contract is made, bid or not (notes).
* Honours are read from the cards as dealt and scored every deal that is played, whether the contract is
  made or not, to whichever side holds three or more of them; a two-two split of aces scores nothing.
* A game is 30 or more below the line. When a side wins a game both sides start the next game from
  nothing below the line; the part-scores already made stay in the totals. The rubber ends as soon as a
  side has won two games (a third game is not played after two-nil).
* Totals are every point scored above and below the line, the rubber bonus included; the side with the
  higher total over the match wins it (a rubber is settled on the difference), equal totals are a draw.
  Option ``rubbers`` plays several rubbers.
* A safety stop, so that every game ends (random play never makes a contract and would deal for ever): a
  rubber still unfinished after ``deal_limit`` deals (52, thirteen rounds of the table) is abandoned with
  no rubber bonus, its points standing, and its deal's result says so. Played sensibly a rubber takes about
  seven deals; in 300 rubbers between the heuristic players the longest took seventeen, so the stop is set
  at three times that and never cuts short a rubber a real table would finish.
* Hand results: ``changes`` give each seat its side's points for the deal; each reason's seat is a member
  of the side that scores it (the declarer for the declaring side, the opening leader for the defenders,
  the seat holding most honours for honours), and its text names the side.

Hidden information: each hand until played, dummy's excepted once the opening lead is made; every call
and every card played is public. Sampled worlds keep dummy's cards where they are and honour the voids
shown by failing to follow suit.

A prepared deal (``deal=``) is ``{"hands": [[13 cards] for seats 0 to 3]}``, or a list of them for the
first deals.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar, NamedTuple

from parlour import engine
from parlour.cards import ACE_HIGH, STANDARD_52, Card, Rank, Suit, bit_indices
from parlour.engine import Action, ActionTable, IllegalAction, Pass, Play, Reason, counted, shown
from parlour.engine.view import kinds
from parlour.mechanics import tricks
from parlour.mechanics.auctions import OPEN, Auction, AuctionState, Bid, CallNumbers, Double, Redouble, calls_shown

RULES = """\
**Auction Bridge** is the bidding form of bridge that came before contract bridge: four players, partners
sitting opposite (seats 0 and 2 against 1 and 3), a 52-card pack, aces high.

*The deal.* Thirteen cards each. The dealer calls first, then each player in turn to the left.

*The auction.* A call is a bid, a pass, a double or a redouble. A bid names a number of **odd tricks**
(tricks beyond six, 1 to 7) and a denomination: clubs, diamonds, hearts, spades or no trumps, worth 6, 7,
8, 9 and 10 a trick. The dealer must bid (option `dealer_may_pass`: a deal all four pass is thrown in).
A bid must be worth more than the last one, counting level times trick value: 3♠ (27) beats 4♣ (24),
and at equal worth the bid of more tricks is higher (3♣ beats 2♠). An opponent of the last bidder may
**double** it and the doubled side may then **redouble**, once each; a new bid cancels both and needs only
to beat the undoubled worth. Three passes in a row after a bid end the auction: the last bid is the
contract.

*The play.* The **declarer** is the player of the winning side who first named the contract's
denomination; the partner is **dummy**. The player on the declarer's left leads, dummy's hand is then laid
face up, and the declarer plays both hands: when dummy's turn comes, the declarer picks one of dummy's
cards. Follow suit if you can; the highest trump wins the trick, or else the highest card of the suit led,
and the winner leads next.

*Scoring below the line.* If the declarer's side takes at least six tricks plus the number bid, it scores
every odd trick it took at the trick value, overtricks too (doubled twice, redoubled four times). The
defenders never score below the line. **Game** is 30 below the line; both sides then start the next game
afresh. The first side to win two games wins the **rubber** and 250 above the line.

*Scoring above the line.* A doubled contract made earns 50 and 50 for each overtrick (redoubled: 100 and
100). A failed contract gives the defenders 50 per undertrick (doubled 100, redoubled 200). A small slam
(twelve tricks) earns 50, a grand slam (thirteen) 100, bid or not, when the contract is made.
**Honours** go to the side holding most of them, whoever declared. With trumps (A K Q J 10 of trumps): 3
honours 30, 4 divided 40, 5 divided 50, 4 in one hand 80, 4 in one hand and the fifth in partner's 90,
all 5 in one hand 100. At no trumps (the aces): 3 aces 30, 4 divided 40, 4 in one hand 100.

*The game* is one rubber (option `rubbers` for more); the side with more points in all wins.
"""


@dataclass(frozen=True, kw_only=True)
class AuctionBridgeOptions:
    rubbers: int = engine.option(1, "rubbers to play; the side with more points over all of them wins", minimum=1,
                                 maximum=10, label="Rubbers to play")
    dealer_may_pass: bool = engine.option(False, "the dealer may pass instead of opening; a deal all four pass is "
                                          "thrown in and dealt again by the next dealer", label="The dealer may pass")
    deal_limit: int = engine.option(52, "safety stop: a rubber still unfinished after this many deals is abandoned "
                                        "without a rubber bonus", minimum=4, maximum=500,
                                    label="Most deals in a rubber (safety stop)")


PACK = STANDARD_52
INDEX = PACK.index
CARDS = PACK.cards
BIT = tuple(1 << i for i in range(len(PACK)))
SEAT = tuple((s,) for s in range(4))
SIDES = (0, 1, 0, 1)
HAND_SIZE = 13
DEAL_SHAPE = engine.DealShape(PACK, '{"hands": [four lists of 13 cards, seats 0 to 3]} or a stacked pack',
                              sizes=(HAND_SIZE,) * 4, stacked=True)
TRICKS = 13
BOOK = 6                         # tricks the declarer's side must take before any counts
GAME = 30
RUBBER_BONUS = 250
NO_TRUMP = 4

# Denominations: the four suits in Suit order, then no trumps.
DENOMINATIONS = ("C", "D", "H", "S", "NT")
DENOMINATION_NAMES = ("clubs", "diamonds", "hearts", "spades", "no trumps")
TRICK_VALUES = (6, 7, 8, 9, 10)
DOUBLING = ("", "doubled", "redoubled")
MULTIPLIER = (1, 2, 4)
MADE_DOUBLED_BONUS = (0, 50, 100)   # for the contract, and again for each overtrick
UNDERTRICK = (50, 100, 200)
SMALL_SLAM, GRAND_SLAM = 50, 100

ORDERS = (*(tricks.CardOrder.build(PACK, ACE_HIGH, trump=suit) for suit in Suit),
          tricks.CardOrder.build(PACK, ACE_HIGH))
LEGAL = tricks.follower(ORDERS[NO_TRUMP])   # following is the same whatever the trumps
SUIT_OF = ORDERS[NO_TRUMP].suit_of
SUIT_MASKS = ORDERS[NO_TRUMP].suit_masks
HONOUR_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)
HONOURS = (*(PACK.mask(Card(rank, suit) for rank in HONOUR_RANKS) for suit in Suit),
           PACK.rank_masks[Rank.ACE])


def bid_worth(level: int, denomination: int) -> tuple[int, int]:
    """What a bid must exceed to be overcalled: its trick points (level times trick value), then its level."""
    return level * TRICK_VALUES[denomination], level


# Every bid, lowest worth first: the order of the action table and of the legal bids.
_LADDER = sorted(((level, d) for level in range(1, 8) for d in range(5)), key=lambda ld: bid_worth(*ld))
CONTRACT_NAMES = tuple(f"{level}{DENOMINATIONS[d]}" for level, d in _LADDER)
CONTRACT_OF = {f"{level}{DENOMINATIONS[d]}": (level, d) for level, d in _LADDER}
STEP = {name: step for step, name in enumerate(CONTRACT_NAMES)}   # a bid's place on the ladder


@dataclass(frozen=True, slots=True)
class BridgeBid(Bid):
    """Bid to take this many tricks over six, with this suit trumps or at no trumps.

    ``bid 3NT``, ``bid 2H``: a number of odd tricks and a denomination.
    """

    CONTRACTS: ClassVar[tuple[str, ...]] = CONTRACT_NAMES


PLAYS = [Play(card) for card in CARDS]
BIDS = tuple(BridgeBid(name) for name in CONTRACT_NAMES)
PASS, DOUBLE, REDOUBLE = Pass(), Double(), Redouble()
ACTIONS = ActionTable([*PLAYS, *BIDS, PASS, DOUBLE, REDOUBLE], chunk=13)

# The numbers of the legal calls, by what decides them (``AuctionBridgeState._offer_calls``).
CALLS = CallNumbers()

DEAL_ACTIONS = 3 + 35 + 34 * 8 + 9 + 52   # the longest possible auction, then the play

# The compass by seat, as the PBN export writes it (parlour/formats/pbn.py): each seat has the next on its left.
SEAT_NAMES = ("North", "East", "South", "West")

INFO = engine.GameInfo(
    id="auction-bridge", name="Auction Bridge", family=("auction", "trick-taking", "partnership"),
    min_players=4, max_players=4, pack=PACK.name, rules_source=("auction-bridge.txt",), summary=RULES,
    num_distinct_actions=len(ACTIONS), options=engine.option_specs(AuctionBridgeOptions), partnerships=True,
    max_actions=10 * 500 * DEAL_ACTIONS, seat_names=SEAT_NAMES)


class Phase(engine.Phase):
    AUCTION = "auction"
    PLAY = "play"
    OVER = "over"


def side_words(side: int) -> str:
    return "seats 0 and 2" if side == 0 else "seats 1 and 3"


def cards_text(mask: int) -> str:
    return " ".join(str(CARDS[i]) for i in bit_indices(mask))


def contract_text(level: int, denomination: int, doubled: int) -> str:
    return f"{level}{DENOMINATIONS[denomination]}" + (f" {DOUBLING[doubled]}" if doubled else "")


# --- scoring, as pure functions ------------------------------------------------------------------------
class Settlement(NamedTuple):
    """What one played contract comes to, before honours: points to the declaring side (below the line,
    and above for a doubled contract made and for slams) or to the defenders (undertricks)."""

    level: int
    denomination: int
    doubled: int
    won: int                 # tricks taken by the declaring side
    below: int               # odd tricks at their value, to the declaring side
    contract_bonus: int      # above: for making a doubled or redoubled contract
    overtrick_bonus: int     # above: for the overtricks of a doubled or redoubled contract
    slam: int                # above: small or grand slam
    undertricks: int         # above, to the defenders

    @property
    def made(self) -> bool:
        return self.won >= BOOK + self.level

    @property
    def declarers_points(self) -> int:
        return self.below + self.contract_bonus + self.overtrick_bonus + self.slam


def settle(level: int, denomination: int, doubled: int, won: int) -> Settlement:
    """Score a contract of ``level`` in ``denomination`` (doubled 0, 1 or 2 times) that took ``won`` tricks."""
    need = BOOK + level
    if won < need:
        return Settlement(level, denomination, doubled, won, 0, 0, 0, 0, (need - won) * UNDERTRICK[doubled])
    over = won - need
    below = (won - BOOK) * TRICK_VALUES[denomination] * MULTIPLIER[doubled]
    slam = GRAND_SLAM if won == 13 else SMALL_SLAM if won == 12 else 0
    bonus = MADE_DOUBLED_BONUS[doubled]
    return Settlement(level, denomination, doubled, won, below, bonus, bonus * over, slam, 0)


class Honours(NamedTuple):
    """Honours scored in a deal: the side, its points, the holding in words, and the seat holding most."""

    side: int
    points: int
    holding: str
    holder: int


# The honours a side may hold, best first, as (at least this many in one hand, at least this many between
# the partners, points, the holding in words); three of them always score something.
ACE_SCALE = ((4, 4, 100, "four aces in one hand"), (0, 4, 40, "four aces, divided"), (0, 3, 30, "three aces"))
HONOUR_SCALE = (
    (5, 5, 100, "five honours in one hand"), (4, 5, 90, "four honours in one hand and the fifth in partner's"),
    (4, 4, 80, "four honours in one hand"), (0, 5, 50, "five honours, divided"),
    (0, 4, 40, "four honours, divided"), (0, 3, 30, "three honours"))


def honours(dealt: Sequence[int], denomination: int) -> Honours | None:
    """The honours score of a deal, from the four hands as dealt (masks by seat); None if neither side holds
    a majority (two aces each at no trumps)."""
    mask = HONOURS[denomination]
    counts = [(hand & mask).bit_count() for hand in dealt]
    for side in (0, 1):
        first, second = counts[side], counts[side + 2]
        total, most = first + second, max(first, second)
        if total < 3:
            continue
        holder = side if first >= second else side + 2
        for in_one_hand, in_all, points, holding in ACE_SCALE if denomination == NO_TRUMP else HONOUR_SCALE:
            if most >= in_one_hand and total >= in_all:
                return Honours(side, points, holding, holder)
    return None


class DealOutcome(NamedTuple):
    """A played deal's scoring, kept (immutable) for the words of its hand result."""

    declarer: int
    leader: int
    settlement: Settlement
    honours: Honours | None
    game: int | None             # the side that won a game with this deal
    below_after: tuple[int, int]  # below-the-line scores of the current game after the deal (before a reset)
    rubber: int | None           # the side that won the rubber with this deal
    abandoned: bool              # the deal limit ended an unfinished rubber


def word_deal(outcome: DealOutcome, changes: tuple[int, ...]) -> tuple[tuple[Reason, ...], str]:
    """A played deal's reasons and summary, in the book's terms."""
    s = outcome.settlement
    declarer, leader = outcome.declarer, outcome.leader
    side, defenders = declarer % 2, 1 - declarer % 2
    contract = contract_text(s.level, s.denomination, s.doubled)
    reasons: list[Reason] = []
    odd = s.won - BOOK
    if s.made:
        times = f", {DOUBLING[s.doubled]} (x{MULTIPLIER[s.doubled]})" if s.doubled else ""
        reasons.append(Reason(declarer, s.below, f"{side_words(side)}: declarer made {contract} with "
                              f"{counted(odd, 'odd trick')} at {TRICK_VALUES[s.denomination]}{times}: "
                              f"{s.below} below the line"))
        if s.contract_bonus:
            reasons.append(Reason(declarer, s.contract_bonus, f"{side_words(side)}: {s.contract_bonus} above the "
                                  f"line for making a {DOUBLING[s.doubled]} contract"))
        if s.overtrick_bonus:
            over = s.won - BOOK - s.level
            reasons.append(Reason(declarer, s.overtrick_bonus, f"{side_words(side)}: {counted(over, 'overtrick')} "
                                  f"{DOUBLING[s.doubled]}, {MADE_DOUBLED_BONUS[s.doubled]} each above the line"))
        if s.slam:
            name = "grand slam (all thirteen tricks)" if s.won == 13 else "small slam (twelve tricks)"
            reasons.append(Reason(declarer, s.slam, f"{side_words(side)}: {name}, {s.slam} above the line"))
    else:
        under = BOOK + s.level - s.won
        reasons.append(Reason(leader, s.undertricks, f"{side_words(defenders)}: {contract} defeated by "
                              f"{counted(under, 'undertrick')} at {UNDERTRICK[s.doubled]}: {s.undertricks} "
                              "above the line"))
    h = outcome.honours
    if h is not None:
        trumps = "at no trumps" if s.denomination == NO_TRUMP else f"in {DENOMINATION_NAMES[s.denomination]}"
        reasons.append(Reason(h.holder, h.points, f"{side_words(h.side)}: honours {trumps}, {h.holding} "
                              f"(seat {h.holder}): {h.points} above the line"))
    if outcome.game is not None:
        reasons.append(Reason(declarer, 0, f"{side_words(outcome.game)} win a game with "
                              f"{outcome.below_after[outcome.game]} below the line"))
    if outcome.rubber is not None:
        reasons.append(Reason(declarer, RUBBER_BONUS, f"{side_words(outcome.rubber)}: rubber bonus for two "
                              f"games, {RUBBER_BONUS} above the line"))
    verdict = "made it" if s.made else f"went down {BOOK + s.level - s.won}"
    summary = (f"seat {declarer} played {contract}, took {counted(s.won, 'trick')} and {verdict}: "
               f"{side_words(0)} +{changes[0]}, {side_words(1)} +{changes[1]}")
    if outcome.rubber is not None:
        summary += f"; {side_words(outcome.rubber)} win the rubber"
    elif outcome.game is not None:
        summary += f"; game to {side_words(outcome.game)}"
    if outcome.abandoned:
        summary += "; the deal limit is reached and the unfinished rubber is abandoned"
    return tuple(reasons), summary


def dummy_line(dummy: int, hand: int) -> str:
    return f"dummy (seat {dummy}) is laid face up: {cards_text(hand)}"


def trick_line(number: int, taker: int, cards: Sequence[int]) -> str:
    return f"seat {taker} wins trick {number} ({' '.join(str(CARDS[c]) for c in cards)})"


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal as it went, for export (``parlour.formats.pbn``): the hands as dealt (masks by seat, or
    None where not known), the calls, the contract, and the tricks (leader and cards in playing order)."""

    number: int
    rubber: int
    dealer: int
    hands: tuple[int | None, ...]
    calls: tuple[tuple[int, str], ...]
    auction_over: bool
    contract: tuple[int, int, int] | None      # level, denomination, doubled
    declarer: int | None
    tricks: tuple[tuple[int, tuple[int, ...]], ...]
    declarer_tricks: int | None                 # once the play is over


class AuctionBridgeState(engine.PhasedState[Phase], AuctionState, tricks.TrickPlayState):
    ACTION_KINDS = (Play, BridgeBid, Pass, Double, Redouble)
    ACTIONS = ACTIONS
    PACK = PACK
    PLAYS = ACTIONS      # the first 52 actions are the plays, in pack order
    follow = staticmethod(LEGAL)   # of whichever hand plays: the declarer's, or dummy's
    # Finished tricks are never changed again, so clones share the entries of ``taken``.
    MUTABLE = ("hands", "trick", "taken", "won", "totals", "rubber_points", "below", "games",
               "auction")
    ZONES = kinds(auction="bids", contract="text", shown="shown")
    EXTRAS = kinds(below_the_line="numbers", contract="text", dealer="seat", declarer="seat", doubled="text",
                   dummy="seat", games="numbers", high_bid="text", playing="seat", rubber="number",
                   rubber_points="numbers", rubbers="number", trick_number="number", tricks_by_side="numbers")

    # --- the game and each deal --------------------------------------------------------------------
    def _setup(self) -> None:
        self.rubbers_to_play: int = self.options["rubbers"]
        self.dealer_may_pass: bool = self.options["dealer_may_pass"]
        self.deal_limit: int = self.options["deal_limit"]
        self.totals = [0, 0]            # by side, over the whole match
        self.rubber_points = [0, 0]     # by side, this rubber (above and below)
        self.below = [0, 0]             # by side, the current game
        self.games = [0, 0]             # games won this rubber
        self.rubber = 1
        self.rubber_deals = 0
        # Each finished rubber: (winning side or None if abandoned, games, points by side).
        self.rubbers_done: tuple[tuple[int | None, tuple[int, int], tuple[int, int]], ...] = ()
        self.archive: tuple[DealRecord, ...] = ()
        self.dealer = 0
        self._deal()

    def _deal(self) -> None:
        self.hands = self._deal_round()
        # The hands as dealt, kept for the deal's honours and record; a sampled world works its own out.
        self.dealt = tuple(self.hands)
        self.phase = Phase.AUCTION
        self.auction = Auction(self.seating.order_from(self.dealer), shape=OPEN, sides=SIDES)
        self.level = 0
        self.denomination = NO_TRUMP
        self.doubled = 0
        self.order = ORDERS[NO_TRUMP]
        self.declarer = -1
        self.dummy = -1
        self.dummy_shown = False
        self._start_tricks(-1)
        self.turn_hand = self.dealer     # whose cards are played next (dummy's are played by the declarer)
        self.won = [0, 0]                # tricks by side this deal
        self.to_move = SEAT[self.dealer]
        self._say("hand {} (rubber {}): seat {} deals and calls first", self.hand_number, self.rubber, self.dealer)
        self._offer_calls()

    def _deal_shape(self, number: int) -> engine.DealShape:
        return DEAL_SHAPE

    # --- what may be done -----------------------------------------------------------------------------
    def _in_play(self) -> bool:
        return self.phase is Phase.PLAY

    def _legal_mask(self, seat: int) -> int:
        return LEGAL(self.hands[self.turn_hand], self.trick)

    def _legal(self, seat: int) -> list[Action]:
        if self.phase is Phase.PLAY:
            return ACTIONS.of(self._legal_mask(seat))
        auction = self.auction
        out: list[Action] = []
        if not self._must_open():
            out.append(PASS)
        if auction.may_double(seat):
            out.append(DOUBLE)
        if auction.may_redouble(seat):
            out.append(REDOUBLE)
        start = 0 if auction.high is None else STEP[auction.high] + 1
        out += BIDS[start:]
        return out

    def _offer_calls(self) -> None:
        """Offer the seat to call its legal calls' numbers (``CallNumbers``). What decides them (``_legal``):
        the bid to beat, which also says whether the dealer must open; whether it was doubled or redoubled;
        and whether the bidder is of the caller's side, which with those says who may double or redouble."""
        auction = self.auction
        seat = auction.turn
        high = auction.high_seat
        assert seat is not None
        own_side = None if high is None else SIDES[high] == SIDES[seat]
        CALLS.offer(self, seat, (auction.high, auction.doubled, own_side, self.dealer_may_pass))

    def _must_open(self) -> bool:
        return self.auction.high_seat is None and not self.dealer_may_pass

    def _check(self, seat: int, action: Action) -> None:
        kind = type(action)
        if self.phase is Phase.PLAY:
            if not isinstance(action, Play):
                raise IllegalAction(f"the auction is over: {action} is not a card played", rule="the play")
            self._check_card(seat, action)
            return
        if kind is Play:
            raise IllegalAction("no card is played until the auction is over", rule="the auction")
        auction = self.auction
        if kind is Pass:
            if self._must_open():
                raise IllegalAction("the dealer must open the auction with a bid", rule="the dealer opens")
        elif kind is BridgeBid:
            name = action.contract  # type: ignore[attr-defined]
            if name not in CONTRACT_OF:
                raise IllegalAction(f"no bid {name}: bids run from 1C to 7NT", rule="the auction")
            if auction.high is not None and STEP[name] <= STEP[auction.high]:
                level, d = CONTRACT_OF[name]
                high_level, high_d = CONTRACT_OF[auction.high]
                worth, high_worth = bid_worth(level, d)[0], bid_worth(high_level, high_d)[0]
                raise IllegalAction(f"{name} ({level} x {TRICK_VALUES[d]} = {worth}) does not overcall "
                                    f"{auction.high} ({high_level} x {TRICK_VALUES[high_d]} = {high_worth}): a bid "
                                    "must be worth more, or as much with more tricks", rule="overcall by value")
        elif kind is Double:
            if not auction.may_double(seat):
                if auction.high_seat is None:
                    why = "there is no bid to double"
                elif SIDES[auction.high_seat] == SIDES[seat]:
                    why = "you may not double your own side's bid"
                else:
                    why = "a bid may be doubled only once"
                raise IllegalAction(why, rule="double")
        elif kind is Redouble:
            if not auction.may_redouble(seat):
                if auction.doubled == 0:
                    why = "only a bid that has been doubled may be redoubled"
                elif SIDES[auction.high_seat] != SIDES[seat]:  # type: ignore[index]
                    why = "only the side that was doubled may redouble"
                else:
                    why = "a bid may be redoubled only once"
                raise IllegalAction(why, rule="redouble")
        else:
            raise IllegalAction(f"{action} is not a call of Auction Bridge", rule="the auction")

    def _check_card(self, seat: int, action: Play) -> None:
        index = INDEX.get(action.card)
        hand = self.turn_hand
        if index is None or not self.hands[hand] >> index & 1:
            whose = "you do not hold" if hand == seat else f"dummy (seat {hand}) does not hold"
            raise IllegalAction(f"{whose} {action.card}", rule="play from the hand to play")
        if not self._legal_mask(seat) >> index & 1:
            led = DENOMINATION_NAMES[SUIT_OF[self.trick[0]]]
            who = "you hold" if hand == seat else "dummy holds"
            raise IllegalAction(f"you must follow suit: {led} were led and {who} one", rule="follow suit")

    def _do(self, seat: int, action: Action) -> None:
        kind = type(action)
        if kind is Play:
            super()._do(seat, action)
            return
        auction = self.auction
        if kind is BridgeBid:
            name = action.contract  # type: ignore[attr-defined]
            auction.bid(seat, name, key=STEP[name])
        elif kind is Pass:
            auction.pass_(seat)
        elif kind is Double:
            auction.double(seat)
        else:
            auction.redouble(seat)
        self._after_call()

    # --- the end of the auction --------------------------------------------------------------------------
    def _auction_over(self) -> None:
        auction = self.auction
        if auction.high is None:
            self._say("all four pass: the deal is thrown in")
            self._end_deal(None)
            return
        self.level, self.denomination = CONTRACT_OF[auction.high]
        self.doubled = auction.doubled
        self.order = ORDERS[self.denomination]
        side = SIDES[auction.high_seat]  # type: ignore[index]
        self.declarer = declarer_of(auction.calls, side, self.denomination)
        self.dummy = (self.declarer + 2) % 4
        self.phase = Phase.PLAY
        self.leader = self.turn_hand = self.seating.next(self.declarer)
        self.to_move = SEAT[self.leader]
        self._say("the contract is {}: seat {} declares, seat {} is dummy, seat {} leads",
                  contract_text(self.level, self.denomination, self.doubled), self.declarer, self.dummy, self.leader)

    # --- the play ----------------------------------------------------------------------------------------
    def _play(self, seat: int, index: int) -> None:
        hand = self.turn_hand
        self.hands[hand] ^= BIT[index]
        trick = self.trick
        trick.append(index)
        if not self.dummy_shown:
            self.dummy_shown = True
            # Dummy's cards are put into words when a view reads the log, not on every deal of a playout.
            self._log.append((self._moves_made(), dummy_line, (self.dummy, self.hands[self.dummy]), None))
        if hand == self.dummy:
            self._say("(played from dummy's hand, seat {})", hand)
        if len(trick) < 4:
            following = self.after[hand]
            self.turn_hand = following
            self.to_move = SEAT[self.declarer if following == self.dummy else following]
            return
        taker = self.turn_hand = self._take_trick()
        if len(self.taken) == TRICKS:
            self._end_deal(self.won[self.declarer & 1])
        else:
            self.to_move = SEAT[self.declarer if taker == self.dummy else taker]

    def _card_order(self) -> tricks.CardOrder:
        return self.order

    def trick_goal(self, seat: int) -> tuple[frozenset[int], tricks.Goal]:
        """The play is for tricks, which partners (facing each other) share."""
        return frozenset({seat, (seat + 2) % 4}), tricks.TRICKS

    def _trick_won(self, number: int, taker: int, mask: int) -> tuple[Any, tuple[Any, ...]]:
        self.won[taker & 1] += 1
        # The trick's own list: a finished trick's list is never changed again (``_take_trick``).
        return trick_line, (number, taker, self.taken[-1][2])

    # --- the end of a deal: scores, games and the rubber -------------------------------------------------
    def _end_deal(self, declarer_tricks: int | None) -> None:
        record = self._record_of_deal()
        self.archive = (*self.archive, record)
        self.rubber_deals += 1
        changes = [0, 0]
        outcome: DealOutcome | None = None
        if declarer_tricks is not None:
            declarer = self.declarer
            side = declarer & 1
            settlement = settle(self.level, self.denomination, self.doubled, declarer_tricks)
            honour = honours(record.hands, self.denomination)  # type: ignore[arg-type]
            changes[side] += settlement.declarers_points
            changes[1 - side] += settlement.undertricks
            if honour is not None:
                changes[honour.side] += honour.points
            self.below[side] += settlement.below
            game = rubber = None
            below_after = (self.below[0], self.below[1])
            if self.below[side] >= GAME:
                game = side
                self.games[side] += 1
                self.below = [0, 0]
                if self.games[side] == 2:
                    rubber = side
                    changes[side] += RUBBER_BONUS
            outcome = DealOutcome(declarer, self.seating.next(declarer), settlement, honour, game, below_after,
                                  rubber, False)
        for s in (0, 1):
            self.totals[s] += changes[s]
            self.rubber_points[s] += changes[s]
        finished = outcome is not None and outcome.rubber is not None
        abandoned = not finished and self.rubber_deals >= self.deal_limit
        if outcome is not None and abandoned:
            outcome = outcome._replace(abandoned=True)
        seat_changes = tuple(changes[s & 1] for s in range(4))
        if outcome is None:
            summary = "all four passed: the deal is thrown in"
            if abandoned:
                summary += "; the deal limit is reached and the unfinished rubber is abandoned"
            self._finish_hand(engine.HandResult(self.hand_number, seat_changes, summary=summary))
        else:
            self._finish_hand(engine.HandResult(self.hand_number, seat_changes, explain=partial(word_deal, outcome,
                                                                                       seat_changes)))
        if finished or abandoned:
            winner = outcome.rubber if outcome is not None and finished else None
            self.rubbers_done = (*self.rubbers_done, (winner, (self.games[0], self.games[1]),
                                                      (self.rubber_points[0], self.rubber_points[1])))
        over = len(self.rubbers_done) >= self.rubbers_to_play
        if (finished or abandoned) and not over:
            self.rubber += 1
            self.rubber_deals = 0
            self.games = [0, 0]
            self.below = [0, 0]
            self.rubber_points = [0, 0]
        self._next_deal(over)

    def _record_of_deal(self) -> DealRecord:
        dealt = self.dealt_hands()
        played = self.phase is Phase.PLAY
        tricks_played = tuple((leader, tuple(cards)) for leader, _, cards, _ in self.taken)
        if played and self.trick:
            tricks_played += ((self.leader, tuple(self.trick)),)
        done = played and len(self.taken) == TRICKS
        return DealRecord(self.hand_number, self.rubber, self.dealer, tuple(dealt), tuple(self.auction.calls),
                          self.auction.is_over, (self.level, self.denomination, self.doubled) if played else None,
                          self.declarer if played else None, tricks_played,
                          self.won[self.declarer & 1] if done else None)

    def dealt_hands(self) -> list[int]:
        """The four hands of the current deal as they were dealt: what is held and what has been played."""
        return list(self.dealt)

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        super()._place_unknown(deal)
        self.dealt = tuple(self._held_and_played())

    def _held_and_played(self) -> list[int]:
        """Each hand as it is held, with the cards it has played put back: the deal of a sampled world."""
        dealt = list(self.hands)
        for leader, _, cards, _ in self.taken:
            for k, card in enumerate(cards):
                dealt[(leader + k) % 4] |= BIT[card]
        for k, card in enumerate(self.trick):
            dealt[(self.leader + k) % 4] |= BIT[card]
        return dealt

    def deals(self) -> list[DealRecord]:
        """Every deal of the game so far, the one in progress last (for export)."""
        out = list(self.archive)
        if not self.is_over:
            out.append(self._record_of_deal())
        return out

    def scores(self) -> list[int]:
        return [self.totals[s & 1] for s in range(4)]

    def _result(self) -> engine.Result:
        scores = self.scores()
        places = engine.places_by_score(scores, lowest_wins=False)
        winners = tuple(s for s in range(4) if places[s] == 1)
        parts = []
        for number, (winner, games, points) in enumerate(self.rubbers_done, 1):
            if winner is None:
                parts.append(f"rubber {number} abandoned at {games[0]} games to {games[1]}")
            else:
                parts.append(f"rubber {number} to {side_words(winner)}, {games[winner]} games to "
                             f"{games[1 - winner]}, {points[winner]} points to {points[1 - winner]}")
        if self.totals[0] == self.totals[1]:
            text = f"drawn: {self.totals[0]} points each"
        else:
            best = 0 if self.totals[0] > self.totals[1] else 1
            text = (f"{side_words(best)} win by {self.totals[best] - self.totals[1 - best]} points "
                    f"({self.totals[best]} to {self.totals[1 - best]})")
        return engine.Result(winners, places, tuple(scores), text + "; " + "; ".join(parts))

    # --- what each seat sees ------------------------------------------------------------------------
    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        playing = self.declarer >= 0     # a contract stands (the last one stays on view once the game is over)
        tricks_won = [0] * 4
        for _, taker, _, _ in self.taken:
            tricks_won[taker] += 1
        seats = []
        for s in range(4):
            status = []
            if s == self.dealer:
                status.append("dealer")
            if playing and s == self.declarer:
                status.append("declarer")
            if playing and s == self.dummy:
                status.append("dummy")
            face_up = cards_text(self.hands[s]).split() if self.dummy_shown and s == self.dummy else []
            seats.append(engine.seat_entry(s, team=s & 1, held=self.hands[s].bit_count(), face_up=face_up,
                                           tricks=tricks_won[s], status=", ".join(status), open_hand=bool(face_up)))
        auction = self.auction
        calls = calls_shown(auction.calls)
        contract = contract_text(self.level, self.denomination, self.doubled) if playing else None
        table = {"auction": calls, **self._trick_table()}
        if contract is not None:
            table["contract"] = f"{contract} by seat {self.declarer}"
        # A played deal's four hands as dealt, its hand record, once every card has been seen in the play.
        table |= shown.at_deal_end(self, lambda: [shown.hand(s, cards_text(cards).split())
                                                  for s, cards in enumerate(self.dealt_hands())] if playing else [])
        extra: dict[str, Any] = {
            "dealer": self.dealer,
            "contract": contract,
            "declarer": self.declarer if playing else None,
            "dummy": self.dummy if playing else None,
            # Whose cards are to be played now: the declarer also plays dummy's.
            "playing": self.turn_hand if playing and self.to_move else None,
            "high_bid": auction.high,
            "doubled": DOUBLING[self.doubled if playing else auction.doubled] or None,
            "trick_number": min(len(self.taken) + 1, TRICKS),
            "tricks_by_side": list(self.won),
            "below_the_line": list(self.below),
            "games": list(self.games),
            "rubber_points": list(self.rubber_points),
            "rubber": self.rubber,
            "rubbers": self.rubbers_to_play,
        }
        hand = cards_text(self.hands[seat]).split() if seat is not None else []
        return {"phase": self.phase, "hand": hand, "seats": seats, "table": table, "extra": extra}

    # --- what each seat cannot see ------------------------------------------------------------------
    def _unknown(self, seat: int) -> engine.Unknown:
        hidden = [s for s in range(4) if not (self.dummy_shown and s == self.dummy)]
        return self._hide_hands(seat, SUIT_MASKS, hidden)

    def sample_world(self, seat: int, rng: Any) -> engine.State:
        world = super().sample_world(seat, rng)
        assert isinstance(world, AuctionBridgeState)
        # A thrown-in deal's hands were never seen: a world keeps none of them.
        world.archive = tuple(d if d.contract is not None else _unseen(d, seat) for d in self.archive)
        return world


def _unseen(deal: DealRecord, seat: int) -> DealRecord:
    hands = tuple(hand if s == seat else None for s, hand in enumerate(deal.hands))
    return DealRecord(deal.number, deal.rubber, deal.dealer, hands, deal.calls, deal.auction_over, deal.contract,
                      deal.declarer, deal.tricks, deal.declarer_tricks)


def declarer_of(calls: Sequence[tuple[int, Any]], side: int, denomination: int) -> int:
    """The member of ``side`` who first bid ``denomination`` in the auction."""
    for seat, call in calls:
        if SIDES[seat] == side and call in CONTRACT_OF and CONTRACT_OF[call][1] == denomination:
            return seat
    raise ValueError("the winning side never named the contract's denomination")


engine.register(INFO, AuctionBridgeState)
