"""Solo: four players, a 32-card pack, three queen-and-seven top trumps, and a partner found by an ace.

Two descriptions of the one game are played as two variants (see the Solo entry of ``rules/NOTES.md``,
whose table lists the thirteen points where they part; each variant keeps to its own text):

* ``spanish`` (the default): ``rules/source/solo-spanish.txt``. Skat-like pairwise bidding ("I ask" /
  "is it in colour?" / "is it a solo?") that ends against the dealer, points on a score sheet.
* ``foster``: ``rules/source/solo-foster.txt``. An open auction, Forcée, tout with or without a partner,
  the deal abandoned at five tricks unless the bidder plays on for all eight, counters paid to and from
  each adversary (``mechanics.chips``).

Shared by both: the black queens are trumps whatever the trump suit and never belong to their printed
suit (Q♣ first, the seven of trumps second, Q♠ third, then A K (Q) J 10 9 8 of the trump suit); a plain
suit runs from the ace down to the seven (a black suit without its queen). Six games, lowest first: simple in suit (2),
simple in colour (4), solo in suit (4), solo in colour (8), tout in suit (16), tout in colour (32).

Choices where the texts are silent (each a default, recorded here and tested):

* Seats and turns go to the left. The first Spanish dealer is seat 3, so that seat 0 is eldest; in
  Foster's game cards are thrown round face up from seat 0 and whoever gets the first club deals
  (a prepared deal names its dealer instead, seat 3 unless it says otherwise). The deal passes left.
* Spanish cards are dealt one at a time (the text gives no packets); Foster's in packets of 3, 2 and 3.
* The colour suit is an option (``colour``, clubs by default, as both texts suggest).
* Spanish auction. The eldest hand first says ``ask`` ("I ask": he will play at least a simple game in
  suit) or ``pass``; a pass is final. Once someone has asked, the auction runs as in ``mechanics.auctions``
  (PAIRWISE, with holding): the next player questions him one step at a time (``bid simple in colour`` is
  "is it in colour?", ``bid solo`` is "is it a solo?") and the asker answers ``hold`` ("yes") or ``pass``;
  whoever passes is replaced by the next player, who goes on from the step reached, and the last contest
  is against the dealer. Questions go one step at a time, as the text tells them. If no one questions the
  asker, he plays at the simple-game level he asked for.
* Holding both black queens forbids passing: such a player must ``ask`` when his turn to open comes, and
  may not pass while the bidding stands below solo in suit; if he wins the auction he must name at least
  a solo in suit. Once the bidding has reached a solo in suit he may drop out like anyone else.
* Spanish: the declarer calls an ace he does not hold (the text makes its holder another player); only a
  declarer holding all four aces calls one of his own, and then plays the simple game alone, unknown to
  the others until the ace falls. Foster: any ace may be called (his own included, by the text).
* When every player passes in the Spanish game, the Q♣ is shown and its holder names a simple game (any
  trump suit) and calls an ace; the shown queen stays public knowledge until played.
* Foster's auction is ``mechanics.auctions``' ELIMINATION shape: eldest first, each in turn bids any
  higher game or passes for good, and the last bidder standing names his game. He may name any game
  ranking at least as high as his bid; a tout may be played with a called partner or ``alone``.
* Forcée: no bid, and one player holds Spadilla (Q♣) and Basta (Q♠). Both queens are shown. He either
  names a solo (``name solo <suit>``, any suit) or calls an ace, whose holder then reveals himself by
  naming trumps (``trumps <suit>``, not the called ace's suit). Forcée is worth a solo, 4 (8 in colour),
  alone or with the partner; it needs five tricks. No bid and no Forcée: the cards are thrown in, which
  still counts as one of the game's deals, and the next player deals.
* Foster's early end: as soon as the bidder's side has five tricks in anything but a tout, the bidder
  says ``abandon`` (the game is won; the rest is not played) or ``continue`` (now the side must take all
  eight, and wins or loses a tout's value, 16 or 32 by the trump suit). A claim of five tricks that
  counts the partner's tricks shows the partnership to everyone. A side that takes its fifth trick on
  the last trick simply wins.
* Foster's payments: playing alone (a solo, a tout alone, Forcée alone, or a game whose called ace was
  the caller's own) the player is paid the value by each of the three adversaries, or pays each. Two
  partners settle each with one adversary: the declarer with the adversary sitting first after him in
  turn order, the partner with the other. Counters are paid through a ``mechanics.chips`` ledger; each
  player starts with ``stake`` counters and may run below zero.
* Spanish scoring: the declarer gains the game's value or loses it; in a simple game the partner scores
  the same. The other two players score nothing.
* The game (neither text fixes one for the counters; the Spanish text leaves it to agreement): option
  ``hands`` deals, four by default (each player deals once). Spanish: option ``target`` also ends the
  game after the deal in which a score goes above it (0: no target). The highest total wins; equal
  totals share the win.
* Hidden information: the holder of the called ace is known only to himself until the ace is played (or
  the partnership is claimed at five tricks, or named trumps in Forcée). Views mark teams only as far as
  the viewing seat knows them. Sampled worlds re-deal every unseen card, keeping the shown queens and a
  revealed partner's unplayed ace where they are, and voids shown by not following suit (by effective
  suit: a player who showed out of clubs may still hold Q♣, which is a trump). In the Spanish game a seat
  that has seen an ace outside the declarer's hand knows the declarer did not call his own, and the
  called ace is dealt elsewhere; when all four passed, Q♠ is not with the shown Q♣. Other inferences from
  the bidding (such as "he passed, so he lacks one black queen") are not used.

A prepared deal (``deal=``) is ``{"hands": [[8 cards] x 4], "dealer": 3}`` (``dealer`` optional, 3 by
default; only the first deal of a list may name it, since the deal passes left from there), or a stacked
pack ``{"pack": [32 cards, top first]}``, dealt as the rules deal.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar, cast

from parlour import engine
from parlour.cards import PIQUET_32, Card, Pack, Rank, Suit, bit_indices
from parlour.engine import Action, ActionTable, CardAction, IllegalAction, Pass, Play, Reason, refuse_out_of_phase
from parlour.engine.totals import TotalsState
from parlour.engine.view import kinds
from parlour.errors import NotationError
from parlour.mechanics import tricks
from parlour.mechanics.auctions import ELIMINATION, PAIRWISE, Auction, Bid, Trumps, calls_shown, suit_named
from parlour.mechanics.chips import Entry, Ledger

RULES = """\
**Solo** is the old German and Spanish descendant of Ombre, for four players with a 32-card pack (7 to ace
in each suit). Two descriptions are offered: `spanish` (the default) and `foster`.

*Trumps.* Three cards head the trumps whatever suit is chosen: Q♣ on top, then the trump seven, then Q♠
(Foster calls them Spadilla, Manilla and Basta); then come the ace, king, (queen), jack, 10, 9, 8 of the
trump suit. The black queens are always trumps and never count as clubs or spades. In a plain suit the
ace is high and the seven low. One suit, clubs unless agreed otherwise (option `colour`), is the
**colour**: a game with it as trumps ranks higher and is worth double.

*The games*, lowest first, with their values: simple in suit 2, simple in colour 4, solo in suit 4, solo
in colour 8, tout in suit 16, tout in colour 32. In a **simple** game the declarer names trumps and
calls an ace (`call AH`); its holder is his secret partner, known only when the ace is played, and the
two need five tricks. A **solo** is five tricks alone; a **tout** all eight.

*Spanish bidding.* The eldest hand says `ask` (he will play) or `pass`. An asker is questioned by the next
player one step at a time (`bid simple in colour` asks "is it in colour?", `bid solo` "is it a
solo?") and answers `hold` or `pass`; the loser of each contest drops out and the next player takes up the
questioning where it stood, the last contest being against the dealer. The winner names any game at least
as high as the bid (`name solo hearts`). Holding both black queens you may not pass until the bidding
reaches a solo in suit, and you must play at least that. If all four pass, whoever holds the Q♣ shows it
and plays a simple game. All eight tricks are played; the declarer wins or loses the game's value in
points, and in a simple game the partner scores the same.

*Foster's bidding.* From the eldest, each bids a higher game or passes for good; the last bidder names
his game; a tout may be played with a called partner or `alone`, and an ace you hold may be called (you
then play alone, unknown to the others). With no bid, a player holding both black queens must play
**Forcée**: a solo, or call an ace whose holder names trumps (not that ace's suit); it is worth 4, or 8 in
colour. Otherwise the deal is thrown in. The deal is abandoned once the bidder's side has five tricks,
unless the bidder says `continue`: then he must take all eight or lose a tout. Settlement is in counters:
a lone player is paid by (or pays) each of the three others; partners each settle with one adversary.

*The game* lasts `hands` deals (four by default); the Spanish game may also stop when a score passes
`target`. The highest total wins.
"""

SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SIMPLE, SOLO, TOUT = 0, 1, 2
KIND_NAMES = ("simple", "solo", "tout")
# Levels of the six games, lowest first: level = 2 * kind + (trumps are the colour).
CONTRACTS = ("simple", "simple in colour", "solo", "solo in colour", "tout", "tout in colour")
VALUES = (2, 4, 4, 8, 16, 32)
GAME_WORDS = ("simple game in suit", "simple game in colour", "solo in suit", "solo in colour", "tout in suit",
              "tout in colour")
SOLO_LEVEL = 2
TRICKS = 8
HAND_SIZE = 8
RANKS = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
SPADILLA, BASTA = Card(Rank.QUEEN, Suit.CLUBS), Card(Rank.QUEEN, Suit.SPADES)

SPANISH, FOSTER, HEART = "spanish", "foster", "heart"


class Phase(engine.Phase):
    AUCTION = "auction"
    FORCEE = "forcée"
    TRUMPS = "trumps"
    NAMING = "naming"
    CALLING = "calling"
    PLAY = "play"
    FIVE = "five tricks"
    OVER = "over"


def level_of(kind: int, trump: int, colour: int) -> int:
    return 2 * kind + (trump == colour)


def build_orders(pack: Pack) -> tuple[tricks.CardOrder, ...]:
    """The card order of each trump suit: Q♣, the seven of trumps and Q♠ on top, whatever the suit."""
    orders = []
    for trump in Suit:
        seven = Card(Rank.SEVEN, trump)
        rest = [c for c in pack.cards if c.suit == trump and c not in (seven, SPADILLA, BASTA)]
        rest.sort(key=lambda c: RANKS.index(c.rank))
        trump_order = [*rest, BASTA, seven, SPADILLA]   # lowest first
        orders.append(tricks.CardOrder.build(pack, RANKS, trump=trump, trump_order=trump_order))
    return tuple(orders)


# --- actions --------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SoloBid(Bid):
    """Offer to play this game; in the Spanish auction, the question you put to the asker.

    A game offered in the auction; in the Spanish auction, the question put to the asker.
    """

    CONTRACTS: ClassVar[tuple[str, ...]] = CONTRACTS

    @classmethod
    def parse_args(cls, args: Sequence[str]) -> Action:
        return super(SoloBid, cls).parse_args([a.lower().replace("color", "colour") for a in args])


@dataclass(frozen=True, slots=True)
class Ask(Action):
    """Say "I ask": you will play at least a simple game in a suit (Spanish auction)."""

    verb: ClassVar[str] = "ask"


@dataclass(frozen=True, slots=True)
class Hold(Action):
    """Say "yes, it is": you hold the game you are asked about (Spanish auction)."""

    verb: ClassVar[str] = "hold"


@dataclass(frozen=True, slots=True)
class Name(Action):
    """Name your game and its trumps, as the auction's winner.

    The declarer names his game and trumps: ``name simple hearts``, ``name tout clubs``.
    """

    verb: ClassVar[str] = "name"
    kind: int
    suit: int

    def __str__(self) -> str:
        return f"name {KIND_NAMES[self.kind]} {SUIT_NAMES[self.suit]}"

    @classmethod
    def parse_args(cls, args: Sequence[str]) -> Action:
        if len(args) != 2 or args[0].lower() not in KIND_NAMES:
            raise NotationError("write 'name <simple|solo|tout> <suit>', as 'name solo hearts'")
        return cls(KIND_NAMES.index(args[0].lower()), suit_named(args[1]))


@dataclass(frozen=True, slots=True)
class Call(CardAction):
    """Call an ace: whoever holds it becomes your partner (``call AH``)."""

    verb: ClassVar[str] = "call"


@dataclass(frozen=True, slots=True)
class Alone(Action):
    """Play your tout alone, without calling a partner (Foster)."""

    verb: ClassVar[str] = "alone"


@dataclass(frozen=True, slots=True)
class Abandon(Action):
    """Stop here with five tricks made, and win the game (Foster)."""

    verb: ClassVar[str] = "abandon"


@dataclass(frozen=True, slots=True)
class Continue(Action):
    """Play on for all eight tricks with five made, at the risk of a tout (Foster)."""

    verb: ClassVar[str] = "continue"


ASK, HOLD, PASS, ALONE, ABANDON, CONTINUE = Ask(), Hold(), Pass(), Alone(), Abandon(), Continue()

# What each phase takes, and what is done in it (the words of a refusal).
KINDS: dict[Phase, tuple[type[Action], ...]] = {
    Phase.AUCTION: (Bid, Ask, Hold, Pass), Phase.NAMING: (Name,), Phase.CALLING: (Call, Alone),
    Phase.FORCEE: (Name, Call), Phase.TRUMPS: (Trumps,), Phase.FIVE: (Abandon, Continue), Phase.PLAY: (Play,)}
DOING = {Phase.AUCTION: "the auction is on", Phase.NAMING: "the declarer names his game and trumps",
         Phase.CALLING: "the declarer calls an ace", Phase.FORCEE: "Forcée: play a solo or call an ace",
         Phase.TRUMPS: "the holder of the called ace names trumps",
         Phase.FIVE: "five tricks are made: abandon the deal or continue for all eight",
         Phase.PLAY: "the cards are being played"}
NAMES = tuple(tuple(Name(kind, suit) for suit in range(4)) for kind in range(3))
TRUMP_CALLS = tuple(Trumps(suit) for suit in range(4))


class Tables:
    """Everything about one pack that the rules look up: orders, legal-play functions, action tables."""

    def __init__(self, pack: Pack, bids: Sequence[Bid], extra: Sequence[Action]) -> None:
        self.pack = pack
        self.bid_levels = tuple(CONTRACTS.index(bid.contract) for bid in bids)
        self.orders = build_orders(pack)
        self.legal = tuple(tricks.follower(order) for order in self.orders)
        self.plays = ActionTable([Play(c) for c in pack.cards], chunk=8)
        self.aces = pack.rank_masks[Rank.ACE]
        self.calls = {i: Call(pack.cards[i]) for i in bit_indices(self.aces)}
        self.bids = tuple(bids)
        self.actions = ActionTable([*self.plays.actions, *bids, *extra, *self.calls.values()], chunk=64)
        self.spadilla = 1 << pack.index[SPADILLA]
        self.basta = 1 << pack.index[BASTA]
        self.black_queens = self.spadilla | self.basta


SOLO_TABLES = Tables(PIQUET_32, [SoloBid(c) for c in CONTRACTS],
                     [ASK, HOLD, PASS, *[n for kind in NAMES for n in kind], ALONE, *TRUMP_CALLS, ABANDON, CONTINUE])


@dataclass(frozen=True, kw_only=True)
class SoloOptions:
    hands: int = engine.option(4, "deals in the game (in four deals every player deals once)", minimum=1, maximum=100,
                               label="Deals in the game")
    colour: str = engine.option("clubs", "the colour suit, agreed before the first deal", choices=SUIT_NAMES,
                                label="The colour suit")
    target: int = engine.option(0, "spanish: the game also ends after a deal in which a score goes above this "
                                   "(0: no target)", minimum=0, maximum=100_000,
                                label="Target score (Spanish rules; 0: none)")
    stake: int = engine.option(100, "foster: counters each player starts with (balances may go below zero)",
                               minimum=0, maximum=1_000_000, label="Counters each player starts with (Foster)")


# At most per deal: the auction (under 30 calls), naming, calling, Forcée's trumps, the five-trick
# question and 32 cards.
ACTIONS_PER_DEAL = 70

INFO = engine.GameInfo(
    id="solo", name="Solo", family=("trick-taking", "auction", "called ace"), min_players=4, max_players=4,
    pack=PIQUET_32.name, rules_source=("solo-spanish.txt", "solo-foster.txt"), summary=RULES,
    num_distinct_actions=len(SOLO_TABLES.actions), variants=(SPANISH, FOSTER), options=engine.option_specs(SoloOptions),
    max_actions=ACTIONS_PER_DEAL * 100)


# --- words ----------------------------------------------------------------------------------------------
def game_words(kind: int, trump: int, colour: int, forcee: bool) -> str:
    words = GAME_WORDS[level_of(kind, trump, colour)]
    if forcee:
        words = "Forcée" + (" in colour" if trump == colour else " in suit")
    return f"{words} ({SUIT_NAMES[trump]} trumps)"


@dataclass(frozen=True, slots=True)
class Deal:
    """What a finished deal's words need, all immutable (a hand result may be worded long after)."""

    rules: str
    declarer: int
    partner: int
    called: str
    kind: int
    trump: int
    colour: int
    forcee: bool
    playing_on: bool
    abandoned: bool
    side: int
    needed: int
    value: int
    last: int


def word_spanish(deal: Deal, changes: tuple[int, ...]) -> tuple[tuple[Reason, ...], str]:
    game = game_words(deal.kind, deal.trump, deal.colour, False)
    made = deal.side >= deal.needed
    verb = "made" if made else "lost"
    d, p = deal.declarer, deal.partner
    who = f"seat {d}"
    if deal.called:
        who += (f" alone (his own {deal.called} called)" if p == d else f" with seat {p} ({deal.called} called)")
    reasons = [Reason(d, changes[d], f"the declarer {verb} a {game} with {tricks_words(deal.side)} "
                                     f"({deal.needed} needed)")]
    if p >= 0 and p != d:
        reasons.append(Reason(p, changes[p], "the partner in a simple game scores as the declarer"))
    summary = f"{who} {verb} a {game}: {tricks_words(deal.side)}, {abs(changes[d])} points"
    return tuple(reasons), summary


def word_counters(deal: Deal, entries: tuple[Entry, ...]) -> tuple[tuple[Reason, ...], str]:
    reasons: list[Reason] = []
    for entry in entries:
        assert isinstance(entry.source, int) and isinstance(entry.target, int)
        reasons.append(Reason(entry.target, entry.amount, f"from seat {entry.source}: {entry.reason}"))
        reasons.append(Reason(entry.source, -entry.amount, f"to seat {entry.target}: {entry.reason}"))
    if deal.declarer < 0:
        value = entries[0].amount if entries else 0
        summary = (f"no bid: played in colour, and seat {deal.last} took the last trick and pays the value "
                   f"of a solo, {value}, to each")
        return tuple(reasons), summary
    game = game_words(deal.kind, deal.trump, deal.colour, deal.forcee)
    made = deal.side >= deal.needed
    d, p = deal.declarer, deal.partner
    who = f"seat {d}"
    if deal.called:
        who += (f" alone (his own {deal.called} called)" if p == d else f" with seat {p} ({deal.called} called)")
    elif deal.kind == TOUT:
        who += " alone"
    how = tricks_words(deal.side)
    if deal.abandoned:
        how = "five tricks, and the rest abandoned"
    elif deal.playing_on:
        how = f"{tricks_words(deal.side)} after playing on for all eight"
    article = "" if deal.forcee else "a "
    summary = f"{who} {'won' if made else 'lost'} {article}{game}: {how}; {deal.value} counters a payment"
    return tuple(reasons), summary


def solo_reason(deal: Deal) -> str:
    game = game_words(deal.kind, deal.trump, deal.colour, deal.forcee)
    if deal.playing_on:
        return f"{game} played on: {'all eight tricks' if deal.side == TRICKS else 'tout lost'}"
    return f"{game} {'won' if deal.side >= deal.needed else 'lost'}"


def tricks_words(count: int) -> str:
    return f"{count} trick" + ("" if count == 1 else "s")


def trick_line(number: int, taker: int) -> str:
    return f"seat {taker} wins trick {number}"


# --- the game -------------------------------------------------------------------------------------------
class SoloState(engine.PhasedState[Phase], TotalsState, tricks.TrickPlayState):
    """Solo and its three-handed cousin Heart Solo (``heart_solo.py``): the ruleset comes from the variant."""

    T: ClassVar[Tables] = SOLO_TABLES
    PACK = PIQUET_32
    PLAYS = SOLO_TABLES.plays
    ACTIONS = SOLO_TABLES.actions
    ACTION_KINDS: ClassVar[tuple[type[Action], ...]] = (Play, SoloBid, Ask, Hold, Pass, Name, Call, Alone, Trumps,
                                                        Abandon, Continue)
    tricks_in_deal = TRICKS
    MUTABLE = ("hands", "trick", "taken", "tricks_won", "played", "totals", "calls")
    ZONES = kinds(auction="bids", game="text")
    EXTRAS = kinds(asker="seat", bid="facts", bid_won="text", called_ace="card", colour="text", dealer="seat",
                   declarer="seat", eldest="seat", game="facts", hands_in_game="number", partner="seat",
                   partnership_known="flag", played="cards", playing_on="flag", rules="text", side_tricks="facts",
                   target="number", trick_number="number")

    # --- deal --------------------------------------------------------------------------------------
    def _ruleset(self) -> str:
        return FOSTER if self.variant == FOSTER else SPANISH

    def _setup(self) -> None:
        self.rules = self._ruleset()
        self.colour = self._colour()
        self.hands_in_game: int = self.options["hands"]
        self.target: int = self.options.get("target", 0) if self.rules == SPANISH else 0
        self.totals = [0] * self.players
        self.trick_size = self.players
        self.ledger: Ledger | None = None if self.rules == SPANISH else Ledger.start(self.players,
                                                                                     self.options["stake"])
        prepared = self._prepared_now()
        if prepared is not None or self.rules == SPANISH:
            named = None if prepared is None else prepared.dealer
            self.dealer = self.players - 1 if named is None else named
        else:
            self.dealer = self._first_club()
        self._deal()

    def _colour(self) -> int:
        return SUIT_NAMES.index(self.options["colour"])

    def _first_club(self) -> int:
        """Foster: cards are thrown round face up from seat 0; the first club turned up deals."""
        cards = self.PACK.cards
        for k, index in enumerate(self._shuffled("first dealer", len(self.PACK))):
            if cards[index].suit == Suit.CLUBS:
                seat = k % self.players
                self._say("cards are thrown round face up from seat 0: the first club, {}, falls to seat {}, "
                          "who deals first", cards[index], seat)
                return seat
        raise AssertionError("a pack without clubs")

    def _deal(self) -> None:
        n = self.players
        prepared = self._prepared_now()
        if prepared is not None and prepared.pack is None:
            self.hands = list(prepared.masks)
        else:
            deck = self._deck(self.PACK)
            if self.rules == SPANISH:
                self.hands = self._deal_around(deck, self.dealer)
            else:
                order = self.seating.order_from(self.seating.next(self.dealer))
                self.hands, _ = self._deal_packets(deck, order, (3, 2, 3))
        self.eldest = self.seating.next(self.dealer)
        self.phase = Phase.AUCTION
        self.auction: Auction | None = None
        # Every call of the deal as the players made them, the Spanish opening ("ask") and holds included,
        # which the auction itself keeps in its own terms (a hold as the bid it matches).
        self.calls: list[tuple[int, str]] = []
        self.asker = -1
        self.declarer = -1
        self.bid_level = -1
        self.forced = False          # Spanish: all passed, the Q♣ holder plays a simple game
        self.forcee = False          # Foster: Forcée
        self.kind = -1
        self.trump = -1
        self.called = -1             # pack index of the called ace
        self.partner = -1            # the called ace's holder (the declarer himself if he called his own)
        self.partner_public = False
        self.playing_on = False
        self.shown = 0               # cards shown to all while still held
        self.tricks_won = [0] * n
        self.played = [0] * n        # cards each seat has played this deal
        self._start_tricks(self.eldest)
        self.order = self.T.orders[0]
        self.follow = self.T.legal[0]
        self._say("hand {}: seat {} deals", self.hand_number, self.dealer)
        if self.rules == SPANISH:
            self.to_move = (self.eldest,)
        else:
            order = tuple(self.seating.next(self.dealer, k) for k in range(1, n + 1))
            self.auction = Auction(order, shape=ELIMINATION)
            self.to_move = (order[0],)

    def _deal_shape(self, number: int) -> engine.DealShape:
        """Eight cards a seat, or a stacked pack. Only the first deal may name its dealer: the deals after
        it pass to the left, so a dealer named there would say something the game does not do."""
        hands = f'{{"hands": [{self.players} lists of {HAND_SIZE} cards]'
        hands += ', "dealer": seat (optional)}' if number == 1 else "} (only the first deal names a dealer)"
        return engine.DealShape(self.PACK, f"{hands} or a stacked pack", sizes=(HAND_SIZE,) * self.players,
                                stacked=True, dealer=number == 1)

    def clone(self) -> engine.State:
        twin = super().clone()
        assert isinstance(twin, SoloState)
        if self.auction is not None:
            twin.auction = self.auction.copy()
        if self.ledger is not None:
            twin.ledger = self.ledger.copy()
        return twin

    # --- facts ---------------------------------------------------------------------------------------
    def both_black_queens(self, seat: int) -> bool:
        return self.hands[seat] & self.T.black_queens == self.T.black_queens

    def holder(self, index: int) -> int:
        bit = 1 << index
        return next((s for s in range(self.players) if self.hands[s] & bit), -1)

    def side_tricks(self) -> int:
        """Tricks taken by the declarer's side (the partner's counted)."""
        won = self.tricks_won[self.declarer]
        if self.partner >= 0 and self.partner != self.declarer:
            won += self.tricks_won[self.partner]
        return won

    def tricks_needed(self) -> int:
        return TRICKS if self.kind == TOUT or self.playing_on else 5

    def game_value(self) -> int:
        return VALUES[level_of(TOUT if self.playing_on else self.kind, self.trump, self.colour)]

    def _in_play(self) -> bool:
        return self.phase is Phase.PLAY

    # --- legality ------------------------------------------------------------------------------------
    def _legal(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase is Phase.PLAY:
            return self.PLAYS.of(self._legal_mask(seat))
        if phase is Phase.AUCTION:
            return self._auction_calls(seat)
        if phase is Phase.NAMING:
            return list(self._nameable())
        if phase is Phase.CALLING:
            out: list[Action] = [self.T.calls[i] for i in bit_indices(self._callable())]
            return out + [ALONE] if self.kind == TOUT else out
        if phase is Phase.FORCEE:
            return [*NAMES[SOLO], *self.T.calls.values()]
        if phase is Phase.TRUMPS:
            barred = self.PACK.cards[self.called].suit
            return [TRUMP_CALLS[s] for s in range(4) if s != barred]
        if phase is Phase.FIVE:
            return [ABANDON, CONTINUE]
        return []

    def _answering(self, seat: int) -> bool:
        """Spanish: whether ``seat`` is the elder of the pair, answering a question."""
        auction = self.auction
        assert auction is not None
        high = auction.high_seat
        return high is not None and auction.order.index(seat) < auction.order.index(high)

    def _auction_calls(self, seat: int) -> list[Action]:
        auction = self.auction
        bids = self.T.bids
        if self.rules != SPANISH:
            assert auction is not None
            return [bid for bid, level in zip(bids, self.T.bid_levels, strict=True)
                    if auction.may_bid(seat, level)] + [PASS]
        both = self.both_black_queens(seat)
        if auction is None:
            return [ASK] if both else [ASK, PASS]
        standing = 0 if auction.high_key is None else auction.high_key
        if self._answering(seat):
            return [HOLD] if both and standing <= SOLO_LEVEL else [HOLD, PASS]
        asked = standing + 1
        out: list[Action] = [bids[asked]] if asked < len(bids) else []
        return out if both and standing < SOLO_LEVEL else [*out, PASS]

    def _lowest_nameable(self) -> int:
        low = self.bid_level
        if self.rules == SPANISH and not self.forced and self.both_black_queens(self.declarer):
            low = max(low, SOLO_LEVEL)
        return low

    def _kinds(self) -> tuple[int, ...]:
        return (SIMPLE,) if self.forced else (SIMPLE, SOLO, TOUT)

    def _nameable(self) -> list[Name]:
        low = self._lowest_nameable()
        return [NAMES[kind][suit] for kind in self._kinds() for suit in range(4)
                if level_of(kind, suit, self.colour) >= low]

    def _callable(self) -> int:
        aces = self.T.aces
        if self.rules == SPANISH:
            return aces & ~self.hands[self.declarer] or aces
        return aces

    def _check(self, seat: int, action: Action) -> None:
        phase = self.phase
        kind = type(action)
        if kind is Play and phase is Phase.PLAY:
            super()._check(seat, action)
            return
        if action in self._legal(seat):
            return
        refuse_out_of_phase(action, phase, KINDS, DOING)
        if phase is Phase.AUCTION:
            self._refuse_call(seat, action)
        if kind is Name:
            assert isinstance(action, Name)
            if (phase is Phase.FORCEE or self.forced) and action.kind != (SOLO if phase is Phase.FORCEE else SIMPLE):
                raise IllegalAction("Forcée is played as a solo, or with a called ace" if phase is Phase.FORCEE
                                    else "when all pass, the Q♣ holder must play a simple game",
                                    rule="forcée" if phase is Phase.FORCEE else "all pass")
            if action.kind not in self._kinds():
                raise IllegalAction(f"there is no {KIND_NAMES[action.kind]} game in {self.info.name}",
                                    rule="the games")
            if self.rules == SPANISH and self.both_black_queens(seat) and \
                    level_of(action.kind, action.suit, self.colour) < SOLO_LEVEL:
                raise IllegalAction("holding both black queens you must play at least a solo in suit",
                                    rule="both black queens")
            raise IllegalAction(f"{GAME_WORDS[level_of(action.kind, action.suit, self.colour)]} ranks below "
                                f"the bid, {CONTRACTS[self.bid_level]}: name a game at least as high",
                                rule="name at least the bid")
        if kind is Call:
            assert isinstance(action, Call)
            if action.card not in self.PACK.index or action.card.rank != Rank.ACE:
                raise IllegalAction("only an ace may be called", rule="calling an ace")
            raise IllegalAction(f"you hold {action.card}: call an ace you do not hold", rule="calling an ace")
        if kind is Alone:
            raise IllegalAction("only a tout may be played without a partner; a simple game calls an ace",
                                rule="calling an ace")
        if kind is Trumps:
            raise IllegalAction("the trump suit may not be the suit of the called ace", rule="forcée")
        raise IllegalAction(f"{action} is not allowed now: {DOING[phase]}", rule=phase)

    def _refuse_call(self, seat: int, action: Action) -> None:
        auction = self.auction
        both = self.both_black_queens(seat)
        if type(action) is Pass and both:
            raise IllegalAction("holding both black queens you may not pass until the bidding reaches a solo "
                                "in suit", rule="both black queens")
        if self.rules != SPANISH:
            if isinstance(action, Bid) and auction is not None and auction.high is not None:
                raise IllegalAction(f"bid {action.contract} does not beat {auction.high}",
                                    rule="a bid must beat the last")
            raise IllegalAction(f"{action} is not a call of this auction: bid a higher game or pass",
                                rule="bidding")
        if auction is None:
            raise IllegalAction("the opener says 'ask' (he will play) or 'pass'", rule="I ask")
        if self._answering(seat):
            raise IllegalAction(f"you are asked about {auction.high}: answer 'hold' or 'pass'", rule="hold or pass")
        raise IllegalAction("the questions go one step at a time: ask about the next game up, or pass",
                            rule="questioning")

    def _follow_refusal(self, seat: int, card: Card) -> IllegalAction:
        led = self.order.suit_of[self.trick[0]]
        index = self.PACK.index[card]
        if led == self.trump:
            return IllegalAction("you must follow suit: trumps were led and you hold one (the black queens "
                                 "are trumps)", rule="follow suit")
        note = ""
        if self.order.suit_of[index] == self.trump and card.suit == led:
            note = f"; {card} is a trump, not one of the {SUIT_NAMES[led]}"
        return IllegalAction(f"you must follow suit: {SUIT_NAMES[led]} were led and you hold one{note}",
                             rule="follow suit")

    # --- doing ---------------------------------------------------------------------------------------
    def _do(self, seat: int, action: Action) -> None:
        kind = type(action)
        if kind is Play:
            super()._do(seat, action)
        elif self.phase is Phase.AUCTION:
            self._call(seat, action)
        elif kind is Name:
            assert isinstance(action, Name)
            self._name(seat, action)
        elif kind is Call:
            assert isinstance(action, Call)
            self._called(seat, self.PACK.index[action.card])
        elif kind is Alone:
            self._say("seat {} plays the tout alone", seat)
            self._start_play()
        elif kind is Trumps:
            assert isinstance(action, Trumps)
            self.trump = action.suit
            self._start_play()
        elif kind is Abandon:
            self._say("seat {} abandons the deal with five tricks made", seat)
            self._end_hand(abandoned=True)
        else:
            self.playing_on = True
            self._say("seat {} plays on: now all eight tricks are needed, for the value of a tout", seat)
            self.phase = Phase.PLAY
            self.to_move = (self.leader,)

    def _call(self, seat: int, action: Action) -> None:
        self.calls.append((seat, action.contract if isinstance(action, Bid) else str(action)))
        if self.rules == SPANISH and self.auction is None:
            self._open(seat, action)
            return
        auction = self.auction
        assert auction is not None
        if isinstance(action, Bid):
            auction.bid(seat, action.contract, CONTRACTS.index(action.contract))
        elif type(action) is Hold:
            auction.bid(seat, auction.high, auction.high_key)
        else:
            auction.pass_(seat)
            if self.rules == SPANISH and auction.turn == self.asker and auction.high_seat is None:
                # No one questioned the asker: he stands on the simple game he asked for.
                auction.bid(self.asker, CONTRACTS[0], 0)
        if not auction.is_over:
            assert auction.turn is not None
            self.to_move = (auction.turn,)
        elif auction.high_seat is None:
            self._all_passed()
        else:
            self._won_auction(auction.high_seat, auction.high_key)

    def _open(self, seat: int, action: Action) -> None:
        """Spanish: the opener's "I ask" or pass."""
        if type(action) is Ask:
            self.asker = seat
            rest = []
            s = seat
            while s != self.dealer:
                s = self.seating.next(s)
                rest.append(s)
            if not rest:
                self._won_auction(seat, 0)
                return
            self.auction = Auction((seat, *rest), shape=PAIRWISE, holds=True)
            assert self.auction.turn is not None
            self.to_move = (self.auction.turn,)
        elif seat == self.dealer:
            self._all_passed()
        else:
            self.to_move = (self.seating.next(seat),)

    def _won_auction(self, seat: int, level: int) -> None:
        self.declarer = seat
        self.bid_level = level
        self._say("seat {} wins the auction: {}", seat, CONTRACTS[level])
        self.phase = Phase.NAMING
        self.to_move = (seat,)

    def _all_passed(self) -> None:
        if self.rules == SPANISH:
            holder = self.holder(self.PACK.index[SPADILLA])
            self.declarer, self.bid_level, self.forced = holder, 0, True
            self.shown |= self.T.spadilla
            self._say("all four pass: seat {} shows the Q♣ and must play a simple game", holder)
            self.phase = Phase.NAMING
            self.to_move = (holder,)
            return
        holder = next((s for s in range(self.players) if self.both_black_queens(s)), -1)
        if holder < 0:
            self._say("no one bids and no one holds both Spadilla and Basta: the cards are thrown in")
            self._finish_hand(engine.HandResult(self.hand_number, (0,) * self.players,
                                                summary="no bid and no Forcée: the cards are thrown in"))
            self._next_deal()
            return
        self.declarer, self.forcee = holder, True
        self.shown |= self.T.black_queens
        self._say("no one bids: seat {} holds Spadilla and Basta (shown) and must play Forcée", holder)
        self.phase = Phase.FORCEE
        self.to_move = (holder,)

    def _name(self, seat: int, action: Name) -> None:
        self.kind, self.trump = action.kind, action.suit
        if self.forcee:
            self._start_play()
            return
        if action.kind == SIMPLE or (action.kind == TOUT and self.rules == FOSTER):
            self.phase = Phase.CALLING
            return
        self._start_play()

    def _called(self, seat: int, ace: int) -> None:
        self.called = ace
        self.partner = self.holder(ace)
        if self.forcee:
            # The ace's holder names trumps, and so makes himself known.
            self.kind = SOLO
            self.partner_public = True
            self._say("seat {} holds {} and names trumps", self.partner, self.PACK.cards[ace])
            self.phase = Phase.TRUMPS
            self.to_move = (self.partner,)
            return
        self._start_play()

    def _start_play(self) -> None:
        self.order = self.T.orders[self.trump]
        self.follow = self.T.legal[self.trump]
        if self.declarer >= 0:
            called = f", calling {self.PACK.cards[self.called]}" if self.called >= 0 else ""
            self._say("seat {} plays {}{}{}", self.declarer, "" if self.forcee else "a ",
                      game_words(self.kind, self.trump, self.colour, self.forcee), called)
        self.phase = Phase.PLAY
        self.leader = self.eldest
        self.to_move = (self.eldest,)

    # --- play (mechanics.tricks) --------------------------------------------------------------------
    def _play(self, seat: int, index: int) -> None:
        self.played[seat] |= 1 << index
        if index == self.called and not self.partner_public:
            self.partner_public = True
            if seat == self.declarer:
                self._say("{} was the declarer's own ace: seat {} plays alone", self.PACK.cards[index], seat)
            else:
                self._say("{}, the called ace: seat {} is seat {}'s partner", self.PACK.cards[index], seat,
                          self.declarer)
        super()._play(seat, index)

    def _after_trick(self, taker: int) -> None:
        if len(self.taken) < TRICKS and self.rules != SPANISH and self.declarer >= 0 and not self.playing_on \
                and self.kind != TOUT and self.side_tricks() == 5:
            self._five_tricks()
        else:
            super()._after_trick(taker)

    def _card_order(self) -> tricks.CardOrder:
        return self.order

    def trick_goal(self, seat: int) -> tuple[frozenset[int], tricks.Goal]:
        """The declarer and the called ace's holder (known in a sampled world) against the others, for
        tricks; left out is the number the game needs (five, or all eight in a tout or when played on).
        Heart Solo's deal without a bid: each for himself, and only the last trick counts, which pays the
        value of a solo to each of the others."""
        if self.declarer < 0:
            last = self._no_bid_value() * (self.players - 1)
            return frozenset({seat}), tricks.Goal(points=(0,) * len(self.PACK), trick_worth=(last,), maximize=False)
        return tricks.side_of(seat, (self.declarer, self.partner) if self.partner >= 0 else (self.declarer,),
                              range(self.players)), tricks.TRICKS

    def _trick_won(self, number: int, taker: int, mask: int) -> tuple[Any, tuple[Any, ...]]:
        self.tricks_won[taker] += 1
        return trick_line, (number, taker)

    def _five_tricks(self) -> None:
        """Foster: the bidder's side has five tricks; he abandons the deal or plays on."""
        if not self.partner_public and self.called >= 0 and self.tricks_won[self.declarer] < 5:
            # The claim counts the partner's tricks, and so shows who he is.
            self.partner_public = True
            self._say("seat {} claims five tricks with his partner, seat {}", self.declarer, self.partner)
        else:
            self._say("seat {} has five tricks", self.declarer)
        self.phase = Phase.FIVE
        self.to_move = (self.declarer,)

    # --- scoring ---------------------------------------------------------------------------------------
    def _deal_facts(self, abandoned: bool) -> Deal:
        called = str(self.PACK.cards[self.called]) if self.called >= 0 else ""
        declarer = self.declarer
        return Deal(self.rules, declarer, self.partner, called, self.kind, self.trump, self.colour, self.forcee,
                    self.playing_on, abandoned, self.side_tricks() if declarer >= 0 else 0,
                    self.tricks_needed(), self.game_value() if declarer >= 0 else 0, self.taken[-1][1])

    def _end_hand(self, abandoned: bool = False) -> None:
        facts = self._deal_facts(abandoned)
        made = facts.side >= facts.needed
        value = facts.value
        n = self.players
        if self.ledger is None:
            changes = [0] * n
            sign = value if made else -value
            changes[self.declarer] = sign
            if self.kind == SIMPLE and self.partner not in (-1, self.declarer):
                changes[self.partner] = sign
            explain = partial(word_spanish, facts, tuple(changes))
            self._score_deal(engine.HandResult(self.hand_number, tuple(changes), explain=explain))
        else:
            ledger = self.ledger
            mark = ledger.mark()
            self._settle(ledger, facts, made)
            explain = partial(word_counters, facts, ledger.since(mark))
            self._finish_hand(engine.HandResult(self.hand_number, tuple(ledger.net_since(mark)), explain=explain))
            self._next_deal()

    def _settle(self, ledger: Ledger, facts: Deal, made: bool) -> None:
        """Foster's payments in counters."""
        declarer, partner, value = self.declarer, self.partner, facts.value
        why = solo_reason(facts)
        adversaries = [self.seating.next(declarer, k) for k in range(1, self.players)]
        adversaries = [s for s in adversaries if s != partner]
        if partner < 0 or partner == declarer:
            pairs = [(declarer, a) for a in adversaries]
        else:
            pairs = [(declarer, adversaries[0]), (partner, adversaries[1])]
        for player, adversary in pairs:
            if made:
                ledger.pay(adversary, player, value, why)
            else:
                ledger.pay(player, adversary, value, why)

    def _next_deal(self, over: bool = False) -> None:
        """The game ends after its deals or, in the Spanish rules, once someone passes the target."""
        super()._next_deal(over or (self.target > 0 and max(self.scores()) > self.target))

    def scores(self) -> list[int]:
        return list(self.totals) if self.ledger is None else list(self.ledger.chips)

    def _result(self) -> engine.Result:
        result = super()._result()
        if self.ledger is None:
            return result
        return engine.result_by_score(self.scores(), False, unit="counters")

    # --- what a seat knows of the sides (read by the playout habits in bots/heuristics/solo.py) -----------
    def same_side_known(self, seat: int, other: int) -> bool:
        """Whether ``seat`` knows that ``other`` plays on its side: itself, or a partnership it may see."""
        if seat == other:
            return True
        if self.declarer < 0 or not self._knows_partnership(seat):
            return False
        side = (self.declarer, self.partner)
        return (seat in side) == (other in side)

    # --- what each seat sees ------------------------------------------------------------------------
    def _settled(self) -> bool:
        return self.declarer >= 0 and self.phase in (Phase.TRUMPS, Phase.PLAY, Phase.FIVE, Phase.OVER)

    def _knows_partnership(self, viewer: int | None) -> bool:
        """Whether ``viewer`` knows who is on the declarer's side."""
        if self.called < 0 or self.partner_public or self.phase is Phase.OVER:
            return True
        return viewer is not None and viewer == self.partner

    def _teams(self, viewer: int | None) -> list[int | None]:
        n = self.players
        if not self._settled():
            return [None] * n
        if self._knows_partnership(viewer):
            return [0 if s in (self.declarer, self.partner) else 1 for s in range(n)]
        teams: list[int | None] = [None] * n
        teams[self.declarer] = 0
        if viewer is not None and viewer != self.declarer:
            teams[viewer] = 1
        return teams

    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        n = self.players
        cards = self.PACK.cards
        teams = self._teams(seat)
        knows = self._settled() and self._knows_partnership(seat)
        partner = self.partner if knows and self.partner >= 0 else None
        chips = self.ledger.chips if self.ledger is not None else None
        seats = []
        for s in range(n):
            status = []
            if s == self.dealer:
                status.append("dealer")
            if s == self.declarer:
                status.append("declarer" if not self.forcee else "declarer (Forcée)")
            elif partner is not None and s == partner:
                status.append("partner")
            elif self.declarer >= 0 and teams[s] == 1:
                status.append("adversary")
            shown = self.hands[s] & self.shown
            seats.append(engine.seat_entry(s, team=teams[s], held=self.hands[s].bit_count(),
                                           face_up=[str(c) for c in self.PACK.cards_in(shown)],
                                           tricks=self.tricks_won[s],
                                           chips=None if chips is None else chips[s], status=", ".join(status)))
        table = {"auction": calls_shown(self.calls), **self._trick_table()}
        auction = self.auction
        high = None if auction is None else auction.high
        high_seat = None if auction is None else auction.high_seat
        if high is None and self.asker >= 0:
            high, high_seat = CONTRACTS[0], self.asker    # "I ask": at least a simple game in suit
        if self.trump >= 0:
            table["game"] = self._game_line()
        game = None
        if self.trump >= 0:
            game = {"game": "no bid" if self.declarer < 0 else "Forcée" if self.forcee else KIND_NAMES[self.kind],
                    "trumps": SUIT_NAMES[self.trump], "in_colour": self.trump == self.colour,
                    "value": self._shown_value(),
                    "tricks_needed": self.tricks_needed() if self.declarer >= 0 else None}
        side = None
        if knows and self.declarer >= 0:
            side = {"declarer side": self.side_tricks(), "adversaries": len(self.taken) - self.side_tricks()}
        extra: dict[str, Any] = {
            "rules": self.rules, "dealer": self.dealer, "eldest": self.eldest, "colour": SUIT_NAMES[self.colour],
            "bid": None if high is None else {"contract": high, "seat": high_seat},
            "declarer": self.declarer if self.declarer >= 0 else None,
            "bid_won": CONTRACTS[self.bid_level] if self.bid_level >= 0 and self.phase is not Phase.AUCTION else None,
            "game": game, "trick_number": min(len(self.taken) + 1, TRICKS),
            "played": [str(cards[c]) for _, _, trick, _ in self.taken for c in trick],
            "hands_in_game": self.hands_in_game,
        }
        if self.rules != HEART:
            extra.update({"called_ace": str(cards[self.called]) if self.called >= 0 else None,
                          "partner": partner, "partnership_known": knows, "side_tricks": side})
        if self.rules == SPANISH:
            extra.update({"asker": self.asker if self.asker >= 0 else None, "target": self.target or None})
        if self.rules == FOSTER:
            extra["playing_on"] = self.playing_on
        hand: list[str] = []
        if seat is not None:
            hand = [str(cards[c]) for c in self._sorted(self.hands[seat])]
        return {"phase": self.phase, "hand": hand, "seats": seats, "table": table, "extra": extra}

    def _game_line(self) -> str:
        """The game being played, in words, for the table."""
        if self.declarer < 0:
            return f"no bid: played in colour ({SUIT_NAMES[self.trump]} trumps); the last trick pays"
        line = f"seat {self.declarer}: {game_words(self.kind, self.trump, self.colour, self.forcee)}"
        if self.called >= 0:
            line += f", {self.PACK.cards[self.called]} called"
        if self.playing_on:
            line += ", played on for all eight"
        return line

    def _shown_value(self) -> int:
        if self.declarer < 0:
            return self._no_bid_value()
        return self.game_value()

    def _no_bid_value(self) -> int:
        return 0

    def _sorted(self, mask: int) -> list[int]:
        """A hand in pack order, or by effective suit (trumps last) and strength once trumps are known."""
        if self.trump < 0:
            return bit_indices(mask)
        order = self.T.orders[self.trump]
        return sorted(bit_indices(mask), key=lambda c: (order.suit_of[c] == self.trump, order.suit_of[c],
                                                        order.power[c]))

    # --- what each seat cannot see ------------------------------------------------------------------
    def _pinned(self) -> int:
        """Cards everyone knows the whereabouts of while they are held: shown queens, a known partner's ace."""
        pinned = self.shown
        if self.partner_public and self.called >= 0:
            pinned |= 1 << self.called
        return pinned

    def _unknown(self, seat: int) -> engine.Unknown:
        unknown = engine.Unknown(pool=0)
        pinned = self._pinned()
        full = self.PACK.full_mask
        played = self.phase in (Phase.PLAY, Phase.FIVE, Phase.OVER)
        suit_masks = self.order.suit_masks if played and self.trump >= 0 else None
        # Spanish: a declarer calls his own ace only when he holds all four; a seat that sees an ace outside
        # his hand knows the called ace is elsewhere.
        not_declarer = 0
        if self.rules == SPANISH and self.called >= 0 and not self.partner_public and seat != self.declarer:
            seen = self.hands[seat] | sum(self.played[s] for s in range(self.players) if s != self.declarer)
            if seen & self.T.aces:
                not_declarer = 1 << self.called
        # Spanish, all passed: no one held both black queens, so Q♠ is not with the shown Q♣.
        if self.forced:
            not_declarer |= self.T.basta
        voids = self.voids()
        for s in range(self.players):
            if s == seat:
                continue
            keep = self.hands[s] & pinned
            hidden = self.hands[s] & ~keep
            allowed = full & ~not_declarer if s == self.declarer else full
            if suit_masks is not None:
                allowed = tricks.void_free(voids[s], suit_masks, allowed)
            unknown.hide((s, keep), hidden, allowed)
        return unknown

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        for key, cards in deal.items():
            seat, keep = cast(tuple[int, int], key)
            mask = keep
            for c in cards:
                mask |= 1 << c
            self.hands[seat] = mask
        if self.called >= 0 and not self.partner_public:
            self.partner = self.holder(self.called)


engine.register(INFO, SoloState)
