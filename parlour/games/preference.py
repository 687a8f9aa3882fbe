"""Preference: three players bid for the right to name trumps, hearts always first, and settle with a pool.

Follows ``rules/source/preference.txt`` (Foster's short account) with the Preference entry of
``rules/NOTES.md``, which supplies Bicycle's procedure: the first round is one call each, the widow is not
used when a suit is named there, and the second round sells the widow for counters. The two bidding
rounds run on the shared auction (``parlour.mechanics.auctions``); the pool and every payment go through
the shared chip ledger (``parlour.mechanics.chips``).

Choices where the texts are silent (each a default, recorded here and tested):

* The first dealer is the last seat, so that seat 0 is eldest hand; the deal passes to the left, and with
  four players the dealer takes no cards, makes no call, and neither antes, pays nor is paid in that deal.
* Cards go out three to each, two to the widow, four to each, three to each, starting at the dealer's
  left (with four players, the three who take cards).
* First round: each of the three calls once, from the dealer's left: pass, or name a suit outranking every
  suit named before (hearts, diamonds, clubs, spades from the top). Whoever named the highest suit plays
  with it as trumps, without the widow, which stays face down and unseen to the end of the deal.
* Second round (all passed): each calls once more in the same order: pass, or bid a whole number of
  counters, 1 to 20, more than any bid before it. The highest bidder pays the bid into the pool, takes the
  widow into hand (only he sees it), lays two cards away face down one at a time, then names any suit as
  trumps. If all pass again, the cards are thrown in: nobody plays or pays, and the deal still counts.
* Amounts (options, with the notes' defaults): when the pool is empty at the start of a deal, each of the
  three active players antes ``ante`` (10). A bidder taking six or more of the ten tricks is paid
  ``stake`` x the trump suit's multiplier from the pool (``stake`` 2; multipliers spades 1, clubs 2,
  diamonds 3, hearts 4, following the rank of the suits); failing, he pays the same amount into it. The
  pool pays only what it holds; an empty pool is refilled at the start of the next deal.
* Counters may run below zero (play on credit): a seat's score is its net gain in counters.
* The game is one round of the table, each player dealing once (option ``rounds`` for more; the text
  gives no end). What is left in the pool is then shared equally among the players who made it up, the
  three who anted when it was last refilled (odd counters stay in the pool; option ``share_pool``). Most
  counters wins.
* Irregularities (revokes, calls out of turn) cannot happen: refused actions change nothing.

Hidden information: the hands; the widow (seen only by the second-round bidder who takes it; in the first
round by nobody); the two cards laid away (seen only by that bidder; others read "lay away a card face
down"). Sampled worlds keep the voids each seat has shown by not following suit, and draw the widow and the
cards laid away anew, history included.

Notation: ``bid hearts`` (first round), ``bid 5`` (counters, second round), ``pass``, ``discard 8S`` (a card
laid away), ``trumps diamonds``, ``play QC``.

Both rounds are ``mechanics.auctions`` auctions of the ``ONE_ROUND`` shape: one call each, never a
second call for a player who was outbid.

A prepared deal (``deal=``) is ``{"hands": [10 cards per seat; the dealer's list empty with four
players], "widow": [2 cards]}``; the widow defaults to the two cards left over. A stacked pack
``{"pack": [the 32 cards, top first]}`` is dealt as the book deals: three each, two to the widow, four
each, three each. A list of such deals prepares the first deals in turn (the deal passes to the left).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from parlour import engine
from parlour.cards import ACE_HIGH, PIQUET_32, Suit, bit_indices
from parlour.engine import Action, ActionTable, FaceDownDiscard, IllegalAction, Pass, Play, counted, refuse_out_of_phase
from parlour.engine.view import kinds
from parlour.mechanics import tricks
from parlour.mechanics.auctions import ONE_ROUND, Auction, AuctionState, Bid, CallNumbers, Trumps, calls_shown
from parlour.mechanics.chips import Ledger, worded

RULES = """\
**Preference** is a short cousin of Vint for three players, with the 32-card pack (A K Q J 10 9 8 7 in
each suit). For bidding, the suits rank hearts (the *preference* suit), diamonds, clubs, spades. There is
always a trump suit. With four at the table the dealer sits the deal out.

*The pool.* Whenever the pool is empty at the start of a deal, each of the three players puts in the same
amount (10 counters by default).

*The deal.* From the dealer's left: three cards each, two face down as the **widow**, four each, three
each. Ten cards each.

*First round.* From the dealer's left, each player has one call: pass, or name a suit higher than any
named already. Naming a suit undertakes to win six of the ten tricks (the number is never said). The
highest suit named is trumps, and the widow stays untouched.

*Second round,* only when all three passed: again one call each, pass or a bid in counters above the last
bid (1 to 20). The highest bidder puts the bid into the pool, takes the widow, lays away two cards face
down and then names trumps. If all pass again, the deal is thrown in.

*Play.* The player at the bidder's left leads. Follow suit if you can; if not, play any card (you need not
trump). A trick goes to its best trump, or with none in it to the best card of the suit led; whoever
takes it leads to the next.

*Payments.* A bidder who takes six tricks or more is paid from the pool 2 counters times the trump suit's
multiplier (spades 1, clubs 2, diamonds 3, hearts 4); one who fails pays the same into the pool. The pool
pays no more than it holds. All amounts are options.

*The game* is one deal by each player (option `rounds` for more); the pool left over is then shared
equally by the three who last filled it, and the most counters wins.
"""


@dataclass(frozen=True, kw_only=True)
class PreferenceOptions:
    rounds: int = engine.option(1, "rounds of the table: in each, every player deals once", minimum=1, maximum=50,
                                label="Rounds of the table")
    ante: int = engine.option(10, "counters each active player puts in when the pool is empty at the start of a deal",
                              minimum=1, maximum=10_000, label="Ante into an empty pool")
    stake: int = engine.option(2, "the agreed unit k: a bidder who makes six tricks is paid k x the trump suit's "
                               "multiplier from the pool, and one who fails pays as much into it", minimum=0,
                               maximum=10_000, label="Stake unit (k)")
    spades_multiplier: int = engine.option(1, "the trump multiplier when spades are trumps", minimum=0, maximum=100,
                                           label="Multiplier, spades trumps")
    clubs_multiplier: int = engine.option(2, "the trump multiplier when clubs are trumps", minimum=0, maximum=100,
                                          label="Multiplier, clubs trumps")
    diamonds_multiplier: int = engine.option(3, "the trump multiplier when diamonds are trumps", minimum=0, maximum=100,
                                             label="Multiplier, diamonds trumps")
    hearts_multiplier: int = engine.option(4, "the trump multiplier when hearts (preference) are trumps", minimum=0,
                                           maximum=100, label="Multiplier, hearts trumps")
    share_pool: bool = engine.option(True, "at the end of the game, share what is left in the pool equally among "
                                     "the players who last filled it", label="Share the pool at the end")


PACK = PIQUET_32
INDEX = PACK.index
CARDS = PACK.cards
BIT = tuple(1 << i for i in range(len(PACK)))
HAND_SIZE = 10
WIDOW_SIZE = 2
TRICKS = 10
DEAL_FORM = ('{"hands": [10 cards for each seat, none for a dealer who sits out], "widow": [2 cards]} '
             'or a stacked pack')
TO_MAKE = 6
WIDOW_BID_LIMIT = 20
POOL = "pool"

# The suits in bidding order, lowest first: spades, clubs, diamonds, hearts (preference).
BIDDING_ORDER = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
SUIT_NAME = {Suit.SPADES: "spades", Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts"}
SUIT_OF_NAME = {name: suit for suit, name in SUIT_NAME.items()}
SUIT_RANK = {suit: k for k, suit in enumerate(BIDDING_ORDER)}
SUIT_NAMES = tuple(SUIT_NAME[s] for s in BIDDING_ORDER)
# One card order per trump suit (A high); following suit does not depend on trumps.
ORDERS = {suit: tricks.CardOrder.build(PACK, ACE_HIGH[5:], trump=suit) for suit in Suit}
LEGAL = tricks.follower(ORDERS[Suit.HEARTS])
SUIT_OF = ORDERS[Suit.HEARTS].suit_of
SUIT_MASKS = PACK.suit_masks
RANK_POWER = tuple(ORDERS[Suit.HEARTS].power[i] % tricks.TRUMP_POWER for i in range(len(PACK)))   # 0 = 7 .. 7 = A


# --- the actions ----------------------------------------------------------------------------------------
class PreferenceBid(Bid):
    """Bid for the widow: a suit in the first round, a number of counters in the second.

    ``bid hearts`` (first round: a suit) or ``bid 5`` (second round: counters for the widow).
    """

    CONTRACTS = (*SUIT_NAMES, *(str(n) for n in range(1, WIDOW_BID_LIMIT + 1)))


PLAYS = ActionTable([Play(c) for c in CARDS], chunk=8)
SUIT_BIDS = tuple(PreferenceBid(name) for name in SUIT_NAMES)
COUNTER_BIDS = tuple(PreferenceBid(str(n)) for n in range(1, WIDOW_BID_LIMIT + 1))
LAYS = ActionTable([FaceDownDiscard(c) for c in CARDS], chunk=8)
TRUMPS = tuple(Trumps(int(suit)) for suit in BIDDING_ORDER)
PASS = Pass()
ACTIONS_TABLE = ActionTable([*PLAYS.actions, *SUIT_BIDS, *COUNTER_BIDS, PASS, *LAYS.actions, *TRUMPS], chunk=32)
# The numbers of the legal calls of both rounds, by what decides them (``PreferenceState._offer_calls``).
CALLS = CallNumbers()

INFO = engine.GameInfo(
    id="preference", name="Preference", family=("auction", "trick-taking", "pool"), min_players=3,
    max_players=4, pack=PACK.name, rules_source=("preference.txt",), summary=RULES,
    num_distinct_actions=len(ACTIONS_TABLE), options=engine.option_specs(PreferenceOptions),
    max_actions=(3 + 3 + 2 + 1 + 3 * TRICKS) * 4 * 50)


class Phase(engine.Phase):
    FIRST = "first round"
    WIDOW = "second round"
    DISCARD = "lay away"
    NAME = "trumps"
    PLAY = "play"
    OVER = "over"


# What each phase takes, and what is done in it (the words of a refusal).
KINDS: dict[Phase, tuple[type[Action], ...]] = {
    Phase.FIRST: (PreferenceBid, Pass), Phase.WIDOW: (PreferenceBid, Pass), Phase.DISCARD: (FaceDownDiscard,),
    Phase.NAME: (Trumps,), Phase.PLAY: (Play,)}
DOING = {Phase.FIRST: "in the first round each player names a suit or passes",
         Phase.WIDOW: "in the second round each player bids counters for the widow or passes",
         Phase.DISCARD: "the widow's buyer lays away two cards",
         Phase.NAME: "the widow's buyer names the trump suit",
         Phase.PLAY: "the cards are being played"}


# --- the shared auction, one call each ------------------------------------------------------------------
# --- pure rules, also read by the heuristic ------------------------------------------------------------
def suit_multiplier(options: dict[str, Any], suit: Suit) -> int:
    return int(options[f"{SUIT_NAME[suit]}_multiplier"])


def contract_value(options: dict[str, Any], suit: Suit) -> int:
    """What the pool pays a bidder who makes six tricks with ``suit`` as trumps (and what a failing bidder
    pays into it): the agreed unit times the suit's multiplier."""
    return int(options["stake"]) * suit_multiplier(options, suit)


def cards_text(mask: int) -> str:
    return " ".join(str(CARDS[i]) for i in bit_indices(mask))


def widow_line(widow: int) -> str:
    return f"the widow: {cards_text(widow)}"


class PreferenceState(engine.PhasedState[Phase], AuctionState, tricks.SetApartPlayState):
    ACTION_KINDS = (Play, PreferenceBid, Pass, FaceDownDiscard, Trumps)
    ACTIONS = ACTIONS_TABLE
    PACK = PACK
    PLAYS = PLAYS
    follow = staticmethod(LEGAL)
    LAYS = LAYS
    MUTABLE = ("hands", "trick", "taken", "ledger", "auction", "first_calls")
    ZONES = kinds(auction="bids", laid_away_face_down="count", pots="pots", widow_face_down="count")
    EXTRAS = kinds(bidder="seat", deal="text", dealer="seat", laid_away="cards", pays="facts",
                   pool="chips", trick_number="number", trumps="text", widow_bid="number")
    trick_size = 3
    tricks_in_deal = TRICKS

    # --- the pool and the deal -----------------------------------------------------------------------
    def _setup(self) -> None:
        self.ledger = Ledger.start(self.players, 0)
        self.hands_in_game: int = self.players * self.options["rounds"]
        self.dealer = self.players - 1
        self._deal()

    def _deal(self) -> None:
        n = self.players
        # The three who take cards, from the dealer's left; with four the dealer sits out.
        self.active = self.seating.order_from(self.seating.next(self.dealer))[:3]
        self.after = self.seating.after_among(self.active)
        self.deal_mark = self.ledger.mark()
        self._say("hand {}: seat {} deals{}", self.hand_number, self.dealer, " and sits out" if n == 4 else "")
        if self.ledger.balance(POOL) == 0:
            for seat in self.active:
                self.ledger.ante(seat, POOL, self.options["ante"], "antes to the empty pool")
            self.pool_members = self.active     # who made up the pool now in play
            self._say("the pool was empty: seats {} each ante {}", ", ".join(map(str, self.active)),
                      self.options["ante"])
        # Three each, two face down for the widow, four each, three each.
        self.hands, self.widow = self._deal_with_widow("widow", self.active, (3, 4, 3), WIDOW_SIZE, after=1)
        self.phase = Phase.FIRST
        self.auction: Auction = Auction(self.active, shape=ONE_ROUND)
        self.first_calls: list[tuple[int, Any]] = []
        self.round = 1
        self.declarer = -1
        self.trump: Suit | None = None
        # The cards' order for the trick's winner, set anew once the trumps are known (``_start_play``).
        self.order = ORDERS[Suit.HEARTS]
        self.widow_bid = 0
        self.laid_away = 0
        self.lay_at: tuple[int, ...] = ()
        self._start_tricks(self.active[0])
        self.to_move = (self.active[0],)
        self._offer_calls()

    def _deal_shape(self, number: int) -> engine.DealShape:
        # The last seat deals first (``_setup``), then the deal passes to the left; a dealer of four sits out.
        dealer = self.seating.next(self.players - 1, number - 1)
        return tricks.sitting_out_shape(PACK, self.players, dealer, HAND_SIZE, "widow", DEAL_FORM)

    # --- legality --------------------------------------------------------------------------------------
    def _in_play(self) -> bool:
        return self.phase is Phase.PLAY

    def _legal(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase is Phase.PLAY:
            return PLAYS.of(LEGAL(self.hands[seat], self.trick))
        if phase is Phase.FIRST:
            high = self.auction.high_key
            return [*(b for k, b in enumerate(SUIT_BIDS) if high is None or k > high), PASS]
        if phase is Phase.WIDOW:
            high = self.auction.high_key or 0
            return [*COUNTER_BIDS[high:], PASS]
        if phase is Phase.DISCARD:
            return LAYS.of(self.hands[seat])
        if phase is Phase.NAME:
            return list(TRUMPS)
        return []

    def _check(self, seat: int, action: Action) -> None:
        phase = self.phase
        kind = type(action)
        refuse_out_of_phase(action, phase, KINDS, DOING)
        if kind is Play:
            super()._check(seat, action)
        elif kind is PreferenceBid:
            contract = action.contract  # type: ignore[attr-defined]
            if phase is Phase.FIRST:
                if contract not in SUIT_OF_NAME:
                    raise IllegalAction("the first round names a suit; counters are bid only in the second "
                                        "round, when all have passed", rule="first round")
                if not self.auction.may_bid(seat, SUIT_RANK[SUIT_OF_NAME[contract]]):
                    raise IllegalAction(f"{contract} does not outrank {self.auction.high}: a suit named must "
                                        "be higher (hearts, diamonds, clubs, spades from the top)",
                                        rule="a higher suit")
            else:
                if contract in SUIT_OF_NAME:
                    raise IllegalAction("the second round bids counters for the widow; trumps are named after "
                                        "taking it", rule="second round")
                if not self.auction.may_bid(seat, int(contract)):
                    raise IllegalAction(f"a bid of {contract} counters does not beat {self.auction.high}",
                                        rule="a higher bid")
        elif kind is FaceDownDiscard:
            index = INDEX.get(action.card, -1)  # type: ignore[attr-defined]
            if index < 0 or not self.hands[seat] >> index & 1:
                raise IllegalAction(f"you do not hold {action.card}", rule="your own cards")  # type: ignore[attr-defined]

    def _do(self, seat: int, action: Action) -> None:
        kind = type(action)
        if kind is Play:
            super()._do(seat, action)
        elif kind is PreferenceBid:
            contract = action.contract  # type: ignore[attr-defined]
            key = SUIT_RANK[SUIT_OF_NAME[contract]] if self.phase is Phase.FIRST else int(contract)
            self.auction.bid(seat, contract, key)
            self._after_call()
        elif kind is Pass:
            self.auction.pass_(seat)
            self._after_call()
        elif kind is FaceDownDiscard:
            self._lay_away(seat, INDEX[action.card])  # type: ignore[attr-defined]
        else:
            self._name_trumps(seat, Suit(action.suit))  # type: ignore[attr-defined]

    # --- the two rounds of bidding (on the shared auction) -------------------------------------------------
    def _auction_over(self) -> None:
        auction = self.auction
        if self.phase is Phase.FIRST:
            self.first_calls = list(auction.calls)
            if auction.high_seat is not None:
                self.declarer = auction.high_seat
                self.trump = SUIT_OF_NAME[auction.high]
                self._say("seat {} named the highest suit: {} are trumps; the widow is not used",
                          self.declarer, auction.high)
                self._start_play()
                return
            self._say("all passed in the first round: the widow goes to the highest bid in counters")
            self.phase = Phase.WIDOW
            self.round = 2
            self.auction = Auction(self.active, shape=ONE_ROUND)
            self.to_move = (self.active[0],)
            self._offer_calls()
            return
        if auction.high_seat is None:
            self._say("all passed again: the cards are thrown in")
            self._finish_deal(None, f"seat {self.dealer}'s deal is thrown in: all passed in both rounds")
            return
        buyer = auction.high_seat
        self.declarer = buyer
        self.widow_bid = int(auction.high)
        self.ledger.pay(buyer, POOL, self.widow_bid, f"bid {self.widow_bid} for the widow, into the pool",
                        "widow")
        self.hands[buyer] |= self.widow
        self._say("seat {} buys the widow for {} counter{} and takes it up", buyer, self.widow_bid,
                  "" if self.widow_bid == 1 else "s")
        # The widow's cards are put into words when the log is read, not in every deal of a playout.
        self._log.append((self._moves_made(), widow_line, (self.widow,), frozenset((buyer,))))
        self.widow = 0
        self.phase = Phase.DISCARD
        self.to_move = (buyer,)

    def _offer_calls(self) -> None:
        """Offer the seat to call its legal calls' numbers (``CallNumbers``): the round and the bid to beat
        decide them (``_legal``)."""
        seat = self.auction.turn
        assert seat is not None
        CALLS.offer(self, seat, (self.phase, self.auction.high_key))

    def _lay_away(self, seat: int, card: int) -> None:
        if self._lay(seat, card) == WIDOW_SIZE:
            self.phase = Phase.NAME

    def _name_trumps(self, seat: int, suit: Suit) -> None:
        self.trump = suit
        self._say("seat {} names {} as trumps", seat, SUIT_NAME[suit])
        self._start_play()

    def _start_play(self) -> None:
        self.order = ORDERS[self.trump]  # type: ignore[index]
        self.phase = Phase.PLAY
        self.leader = self.after[self.declarer]
        self.to_move = (self.leader,)

    # --- play (uses mechanics.tricks) ---------------------------------------------------------------
    def trick_goal(self, seat: int) -> tuple[frozenset[int], tricks.Goal]:
        """The bidder alone against the other two players, for tricks; left out is the six he needs."""
        return tricks.side_of(seat, (self.declarer,), self.active), tricks.TRICKS

    def _card_order(self) -> tricks.CardOrder:
        return self.order      # set once the trumps are known: asked at every trick

    # --- payments (the pool, through the shared ledger) ---------------------------------------------------
    def _end_hand(self) -> None:
        declarer, suit = self.declarer, self.trump
        assert suit is not None
        won = self.trick_counts()[declarer]    # counted from the tricks once, not kept trick by trick
        value = contract_value(self.options, suit)
        plural = "" if self.widow_bid == 1 else "s"
        how = (f"after buying the widow for {self.widow_bid} counter{plural}" if self.widow_bid
               else "in the first round")
        contract = f"{SUIT_NAME[suit]} trumps (named {how})"
        if won >= TO_MAKE:
            paid = min(value, self.ledger.balance(POOL))
            short = "" if paid == value else f" (of {value}: the pool held no more)"
            self.ledger.pay(POOL, declarer, paid,
                            f"made {won} tricks with {contract}: the pool pays {paid}{short}", "won")
            verdict = f"made the contract with {won} tricks and takes {paid} from the pool"
        else:
            self.ledger.pay(declarer, POOL, value,
                            f"took only {counted(won, 'trick')} with {contract}: pays {value} into the pool", "lost")
            verdict = f"failed with {counted(won, 'trick')} and pays {value} into the pool"
        self._finish_deal(declarer, f"seat {declarer}, {contract}, {verdict}")

    def _finish_deal(self, declarer: int | None, summary: str) -> None:
        last = len(self.hand_results) + 1 >= self.hands_in_game
        if last and self.options["share_pool"]:
            share = self.ledger.balance(POOL) // len(self.pool_members)
            if share:
                for seat in self.pool_members:
                    self.ledger.pay(POOL, seat, share, "share of the pool left at the end of the game", "share")
                summary += f"; the pool left over is shared, {share} each"
        changes = tuple(self.ledger.net_since(self.deal_mark))
        explain = partial(worded, self.ledger.since(self.deal_mark), summary)
        self._finish_hand(engine.HandResult(self.hand_number, changes, explain=explain))
        self._next_deal()

    def scores(self) -> list[int]:
        return list(self.ledger.chips)

    def _result(self) -> engine.Result:
        base = engine.result_by_score(self.scores(), lowest_wins=False, unit="counters")
        pool = self.ledger.balance(POOL)
        return engine.Result(base.winners, base.places, base.scores, base.text, {"left in the pool": pool})

    # --- what each seat sees ------------------------------------------------------------------------
    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        seats = []
        tricks_won = self.trick_counts()
        for s in range(self.players):
            status = []
            if s == self.dealer:
                status.append("dealer" + (", sits out" if self.players == 4 else ""))
            if s == self.declarer:
                status.append("bidder")
            team = None if self.declarer < 0 or s not in self.active else int(s != self.declarer)
            seats.append(engine.seat_entry(s, team=team,
                                           held=self.hands[s].bit_count(), tricks=tricks_won[s],
                                           chips=self.ledger.chips[s], status=", ".join(status)))
        # Both rounds in one grid: the second starts a row of its own, from the first seat again.
        first = self.first_calls if self.phase is not Phase.FIRST else self.auction.calls
        second = self.auction.calls if self.round == 2 else []
        table = self._trick_table(auction=calls_shown([*first, *second]), widow_face_down=self.widow.bit_count(),
                                  laid_away_face_down=self.laid_away.bit_count(), pots=self.ledger.pots_view())
        extra: dict[str, Any] = {
            "dealer": self.dealer,
            "bidder": None if self.declarer < 0 else self.declarer,
            "trumps": None if self.trump is None else SUIT_NAME[self.trump],
            "widow_bid": self.widow_bid or None,
            "pool": self.ledger.balance(POOL),
            "pays": {SUIT_NAME[suit]: contract_value(self.options, suit) for suit in reversed(BIDDING_ORDER)},
            "trick_number": min(len(self.taken) + 1, TRICKS),
            "deal": f"{self.hand_number} of {self.hands_in_game}",
        }
        if seat is not None and seat == self.declarer and self.laid_away:
            extra["laid_away"] = cards_text(self.laid_away).split()
        hand = cards_text(self.hands[seat]).split() if seat is not None else []
        return {"phase": self.phase, "hand": hand, "seats": seats, "table": table, "extra": extra}

    # --- what each seat cannot see ------------------------------------------------------------------
    def _unknown(self, seat: int) -> engine.Unknown:
        return self._hide_set_apart(self._hide_hands(seat, SUIT_MASKS, self.active, "hand"), seat)



engine.register(INFO, PreferenceState)
