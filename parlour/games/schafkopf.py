"""Schafkopf, the simple three-hand form: one declarer with the widow against two, or everyone for "least".

Follows ``rules/source/schafkopf.txt`` with the Schafkopf entry of ``rules/NOTES.md``. Built on
``CardPlayState`` (the play of a card), ``mechanics.tricks`` (queens, jacks and diamonds made one trump
suit through ``trump_order``) and ``mechanics.auctions`` (the widow offered round the table as an
``ELIMINATION`` auction with a single contract, "take").

Choices where the texts are silent (each a default, recorded here and tested):

* The first dealer is seat 2, so that seat 0 is the first offered the widow and leads the first trick;
  the deal then passes to the left.
* The declarer's two discards count for the declarer at the end of the hand (notes), so the 120 card
  points are always shared out in full. The widow is not shown to the defenders, and the discards stay
  face down until the hand is scored; the declarer may lay away any two cards, trumps and widow cards
  included.
* Taking the widow ends the offer at once: there is only one thing to take, so the seats still to speak
  have nothing left to say (the auction records their passes for them).
* Schwarz is every trick; being schwarzed is taking no trick (notes). Option ``schwarz="points"`` reads
  the book literally instead: all 120 card points, or none at all (the discards included).
* Only the declarer's score moves in a declared hand, and only the winner's (or the loser's) in least;
  the book has no payments between players.
* In least the untouched widow goes, with its points, to whoever wins the last trick (notes). The lowest
  count wins 2, or 4 with no card points at all. Two tied for lowest: the one whose latest trick is
  earlier wins. All three tied (40 each): the dealer wins. One player with all 120 points loses 4 and the
  others score nothing, whatever tricks they took.
* The game is a number of whole rounds, each player dealing once per round (option ``rounds``, default
  one round, three deals), so everyone deals equally often, as the book asks. The highest total wins;
  equal totals share the win.
* Revokes cannot happen: a card that breaks the rule of following is refused and changes nothing.

Hidden information: the hands, the widow (until a declarer picks it up, and then only the declarer sees
it; in least until the end), and the declarer's discards (``discard`` actions are secret: others read
"discard a card face down"). Sampled worlds keep voids shown by not following, hand sizes, and the number
of cards laid away; the history of a sampled world holds the sampled discards, not the real ones.

A prepared deal (``deal=``) is either ``{"hands": [[10 cards] x 3], "widow": [2 cards]}`` (the widow
defaults to the two cards left over) or ``{"pack": [32 cards]}``, a stacked pack read from the top and
dealt as the book deals it: three to each player from the dealer's left, two to the widow, four each,
three each.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar

from parlour import engine
from parlour.cards import PIQUET_32, Card, Rank, Suit, bit_indices
from parlour.engine import Action, ActionTable, FaceDownDiscard, IllegalAction, Pass, Play, Reason, counted, shown
from parlour.engine.totals import TotalsState
from parlour.engine.view import kinds
from parlour.mechanics import tricks
from parlour.mechanics.auctions import ELIMINATION, Auction, AuctionState, CallNumbers, calls_shown, offer_numbers

RULES = """\
**Schafkopf** ("sheep's head") is the old Bavarian ancestor of Skat. This is its simple three-hand form,
played with the 32-card pack (A, 10, K, Q, J, 9, 8, 7 in each suit).

*Trumps.* Every queen, every jack and every diamond form one trump suit of fourteen cards, from the top:
Q♣ Q♠ Q♥ Q♦, J♣ J♠ J♥ J♦, then A♦ 10♦ K♦ 9♦ 8♦ 7♦. Clubs, spades and hearts keep only six cards each,
ranking A, 10, K, 9, 8, 7. A queen or jack belongs to trumps, never to the suit printed on it.

*The deal.* Ten cards each and two face down as the **widow**: three to each player starting at the
dealer's left, two to the widow, then four each, then three each.

*The widow.* Beginning with the player on the dealer's left, each in turn may **take** the widow or **pass**. The
first to take it is the **declarer**, playing alone against the other two (the defenders): he adds the
widow to his hand and lays away two cards face down (`discard`, one card at a time). Those two count for
him at the end. If all three pass, the hand is played **least**.

*The play.* Whoever sits on the dealer's left opens the first trick. Follow suit if you can (trumps are
a suit: a queen led asks for trumps); otherwise play anything. The highest trump wins, else the highest
card of the suit led; the winner leads next.

*Card points*: ace 11, ten 10, king 4, queen 3, jack 2; 120 in the pack.

*A declared hand.* With 61 or more the declarer wins 2; with 91 or more (**schneider**) 4; taking every
trick (**schwarz**) 6. With 60 or less he loses 2; with 30 or less (**schneidered**) 4; taking no trick
at all (**schwarzed**) 6. Only the declarer's score changes.

*Least.* Everyone plays alone and wants as few card points as possible; the widow goes untouched to the
winner of the last trick. The lowest count scores 2 (4 with no card points at all). Between two tied for
lowest, the one who took a trick less recently wins; a three-way tie goes to the dealer. A player who
takes all 120 points loses 4 and the others score nothing.

*The game* is a round of three deals, each player dealing once (option `rounds` for more); the highest
total wins.
"""


@dataclass(frozen=True, kw_only=True)
class SchafkopfOptions:
    rounds: int = engine.option(1, "rounds of the table: in each, every player deals once (three deals)",
                                minimum=1, maximum=20, label="Rounds of the table")
    schwarz: str = engine.option("tricks", "what schwarz means: every trick (notes), or all 120 card points as "
                                 "the book words it (schwarzed: no trick, or no card point)",
                                 choices=("tricks", "points"), label="What makes schwarz")


PACK = PIQUET_32
CARDS = PACK.cards
INDEX = PACK.index
TRUMP = int(Suit.DIAMONDS)
# Trumps lowest first, as CardOrder.build wants them.
TRUMP_ORDER = tuple(Card.parse(c) for c in ("7D", "8D", "9D", "KD", "10D", "AD", "JD", "JH", "JS", "JC",
                                             "QD", "QH", "QS", "QC"))
PLAIN_RANKS = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.KING, Rank.TEN, Rank.ACE)
ORDER = tricks.CardOrder.build(PACK, PLAIN_RANKS, trump=Suit.DIAMONDS, trump_order=TRUMP_ORDER)
LEGAL = tricks.follower(ORDER)
SUIT_OF = ORDER.suit_of
POWER = ORDER.power
SUIT_MASKS = ORDER.suit_masks
TRUMPS = SUIT_MASKS[TRUMP]
BIT = tuple(1 << i for i in range(len(PACK)))
VALUE = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
CARD_POINTS = tuple(VALUE.get(card.rank, 0) for card in CARDS)
# Masks of the cards worth each value, for counting a heap with a few bit counts.
VALUE_MASKS = tuple((value, PACK.rank_masks[rank]) for rank, value in VALUE.items())
ALL_POINTS = 120
HAND_SIZE = 10
WIDOW_SIZE = 2
TRICKS = 10
DEAL_SHAPE = engine.DealShape(
    PACK, '{"hands": [10 cards for each of the 3 players], "widow": [2 cards]} or a stacked pack',
    sizes=(HAND_SIZE,) * 3, apart=(engine.Apart("widow", WIDOW_SIZE, rest=True),), stacked=True)
SEAT = tuple((s,) for s in range(3))

WIN, SCHNEIDER, SCHWARZ = 2, 4, 6


def card_points(mask: int) -> int:
    """The card points of some cards: ace 11, ten 10, king 4, queen 3, jack 2."""
    return sum(value * (mask & cards).bit_count() for value, cards in VALUE_MASKS)


def suit_words(suit: int) -> str:
    return "trumps" if suit == TRUMP else Suit(suit).name.lower()


def cards_text(mask: int) -> str:
    return " ".join(str(CARDS[i]) for i in bit_indices(mask))


def widow_taken_line(seat: int, widow: int) -> str:
    return f"seat {seat} picks up the widow: {cards_text(widow)}"


def discard_line(declarer: int, laid_away: int, points: int) -> str:
    return f"seat {declarer} turns up the discard: {cards_text(laid_away)} ({points} points)"


def widow_to_last_line(widow: int, last: int) -> str:
    return f"the widow ({cards_text(widow)}) goes to seat {last} with the last trick"


def display_order(mask: int) -> list[str]:
    """A hand as a player sorts it: trumps from the top, then clubs, spades and hearts, each high to low."""
    suit_rank = {TRUMP: 0, int(Suit.CLUBS): 1, int(Suit.SPADES): 2, int(Suit.HEARTS): 3}
    return [str(CARDS[i]) for i in sorted(bit_indices(mask), key=lambda i: (suit_rank[SUIT_OF[i]], -POWER[i]))]


# --- the widow and the discard, as actions ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Take(Action):
    """Pick up the widow and play alone against the other two."""

    verb: ClassVar[str] = "take"


PLAYS = ActionTable([Play(c) for c in CARDS], chunk=8)
BURIES = ActionTable([FaceDownDiscard(c) for c in CARDS], chunk=8)
TAKE, PASS = Take(), Pass()
ACTIONS_TABLE = ActionTable([*PLAYS.actions, *BURIES.actions, TAKE, PASS], chunk=32)
# For the integer path: the numbers of the widow's calls (take or pass), and the number of the first card
# laid away, the others following in pack order as ``BURIES`` lists them.
CALLS = CallNumbers()
FIRST_BURY = ACTIONS_TABLE.encode(BURIES[0])

INFO = engine.GameInfo(
    id="schafkopf", name="Schafkopf", family=("trick-taking", "point-trick"), min_players=3, max_players=3,
    pack=PACK.name, rules_source=("schafkopf.txt",), summary=RULES, num_distinct_actions=len(ACTIONS_TABLE),
    options=engine.option_specs(SchafkopfOptions), max_actions=(3 + WIDOW_SIZE + 3 * TRICKS) * 3 * 20)


class Phase(engine.Phase):
    WIDOW = "widow"
    DISCARD = "discard"
    PLAY = "play"
    OVER = "over"


# --- scoring, as pure functions -------------------------------------------------------------------------
def declarer_score(points: int, tricks_taken: int, schwarz: str = "tricks") -> tuple[int, str]:
    """The declarer's victory points and the book's word for the outcome, given his card points (discards
    included) and tricks."""
    if (tricks_taken == TRICKS) if schwarz == "tricks" else (points == ALL_POINTS):
        return SCHWARZ, "schwarz"
    if (tricks_taken == 0) if schwarz == "tricks" else (points == 0):
        return -SCHWARZ, "schwarzed"
    if points >= 91:
        return SCHNEIDER, "schneider"
    if points >= 61:
        return WIN, "won"
    if points <= 30:
        return -SCHNEIDER, "schneidered"
    return -WIN, "lost"


def least_score(points: Sequence[int], last_won: Sequence[int], dealer: int) -> tuple[list[int], str]:
    """Each seat's victory points in least, and why. ``last_won[s]`` is the number of the last trick seat
    ``s`` took (0 for none)."""
    changes = [0] * len(points)
    for seat, count in enumerate(points):
        if count == ALL_POINTS:
            changes[seat] = -SCHNEIDER
            return changes, f"seat {seat} took all 120 points and loses 4; the others score nothing"
    low = min(points)
    tied = [seat for seat, count in enumerate(points) if count == low]
    if len(tied) == len(points):
        changes[dealer] = WIN
        return changes, f"all three tied with {low}: the dealer, seat {dealer}, wins 2"
    if len(tied) == 2:
        winner = min(tied, key=lambda s: last_won[s])
        other = tied[0] if winner == tied[1] else tied[1]
        changes[winner] = WIN
        return changes, (f"seats {tied[0]} and {tied[1]} tied with {low}: seat {winner} took a trick less "
                         f"recently (trick {last_won[winner]}, against {last_won[other]}) and wins 2")
    winner = tied[0]
    if low == 0:
        changes[winner] = SCHNEIDER
        return changes, f"seat {winner} took no card points and wins 4"
    changes[winner] = WIN
    return changes, f"seat {winner} took the fewest points ({low}) and wins 2"


def word_declared(declarer: int, in_tricks: int, discards: int, buried: int, tricks_taken: int, score: int,
                  outcome: str) -> tuple[tuple[Reason, ...], str]:
    points = in_tricks + discards
    reasons = (Reason(None, in_tricks, f"card points the declarer took in {counted(tricks_taken, 'trick')}"),
               Reason(None, discards, f"card points in the declarer's discard ({cards_text(buried)})"),
               Reason(None, ALL_POINTS - points, "card points the defenders took"),
               Reason(declarer, score, _declared_words(outcome, points, tricks_taken)))
    verb = "wins" if score > 0 else "loses"
    words = _declared_words(outcome, points, tricks_taken)
    return reasons, f"seat {declarer} took the widow: {words}, {verb} {abs(score)}"


def _declared_words(outcome: str, points: int, tricks_taken: int) -> str:
    if outcome in ("schwarz", "schwarzed"):
        return f"{outcome} ({tricks_taken} tricks, {points} card points)"
    return f"{outcome} with {points} card points"


def word_least(points: tuple[int, ...], widow: int, last: int, changes: tuple[int, ...],
               why: str) -> tuple[tuple[Reason, ...], str]:
    reasons = [Reason(None, card_points(widow), f"the widow ({cards_text(widow)}) goes to seat {last} "
                                                "with the last trick")]
    reasons += [Reason(None, points[s], f"card points taken by seat {s}") for s in range(len(points))]
    reasons += [Reason(s, changes[s], why) for s in range(len(points)) if changes[s]]
    return tuple(reasons), f"played least ({' / '.join(map(str, points))} points): {why}"


class SchafkopfState(engine.PhasedState[Phase], AuctionState, TotalsState, tricks.SetApartPlayState):
    ACTION_KINDS = (Play, Take, Pass, FaceDownDiscard)
    ACTIONS = ACTIONS_TABLE
    PACK = PACK
    PLAYS = PLAYS
    follow = staticmethod(LEGAL)
    LAYS = BURIES
    # Finished tricks are never changed again, so clones share the entries of ``taken``.
    MUTABLE = ("hands", "totals", "trick", "taken", "won", "auction")
    ZONES = kinds(auction="bids", discard="cards", discard_face_down="count", widow_face_down="count", shown="shown")
    EXTRAS = kinds(card_points="numbers", contract="text", dealer="seat", declarer="seat", discarded="cards",
                   hands_in_game="number", played="cards", trick_number="number", trump_order="cards")
    trick_size = 3
    tricks_in_deal = TRICKS

    # --- deal --------------------------------------------------------------------------------------
    def _setup(self) -> None:
        self._start_rounds(self.options["rounds"])

    def _deal(self) -> None:
        # Eldest (the dealer's left), middle, dealer: the order of the deal, the offer and the first trick.
        self.order = self.seating.order_from(self.seating.next(self.dealer))
        # Three each, two face down for the widow, four each, three each.
        self.hands, self.widow = self._deal_with_widow("widow", self.order, (3, 4, 3), WIDOW_SIZE, after=1)
        self.phase = Phase.WIDOW
        self.auction = Auction(self.order, shape=ELIMINATION, top_key=1)
        self.declarer = -1
        self.laid_away = 0
        self.lay_at: tuple[int, ...] = ()
        self.won = [0] * 3      # cards taken in tricks, by seat
        self._start_tricks(self.order[0])
        self.to_move = SEAT[self.order[0]]
        self._say("hand {}: seat {} deals; seat {} is first to be offered the widow", self.hand_number,
                  self.dealer, self.order[0])
        self._offer_calls()

    def _deal_shape(self, number: int) -> engine.DealShape:
        return DEAL_SHAPE

    # --- legality ----------------------------------------------------------------------------------
    def _in_play(self) -> bool:
        return self.phase is Phase.PLAY

    def _legal(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase is Phase.PLAY:
            return super()._legal(seat)
        if phase is Phase.WIDOW:
            return [TAKE, PASS]
        if phase is Phase.DISCARD:
            return BURIES.of(self.hands[seat])
        return []

    def _check(self, seat: int, action: Action) -> None:
        phase = self.phase
        kind = type(action)
        if phase is Phase.WIDOW:
            if kind not in (Take, Pass):
                raise IllegalAction(f"{action} is not allowed now: the widow is being offered, so take it or "
                                    "pass", rule="taking the widow")
            return
        if phase is Phase.DISCARD:
            if kind is not FaceDownDiscard:
                raise IllegalAction(f"{action} is not allowed now: the declarer lays away two cards face down "
                                    "before the play", rule="discarding")
            card: Card = action.card  # type: ignore[attr-defined]
            if card not in INDEX or not self.hands[seat] >> INDEX[card] & 1:
                raise IllegalAction(f"you do not hold {card}", rule="discarding")
            return
        if kind is not Play:
            raise IllegalAction(f"{action} is not allowed now: the cards are being played", rule="play")
        super()._check(seat, action)

    def _follow_refusal(self, seat: int, card: Card) -> IllegalAction:
        led = SUIT_OF[self.trick[0]]
        if led == TRUMP:
            return IllegalAction("you must follow suit: trumps were led and you hold one (every queen, jack "
                                 "and diamond is a trump)", rule="follow suit")
        return IllegalAction(f"you must follow suit: {suit_words(led)} were led and you hold one (queens and "
                             "jacks are trumps, not part of their printed suit)", rule="follow suit")

    def _do(self, seat: int, action: Action) -> None:
        kind = type(action)
        if kind is Play:
            super()._do(seat, action)
        elif kind is Take:
            self.auction.bid(seat, "take", key=1)     # nothing ranks above it: the offer ends (top_key)
            self._after_call()
        elif kind is Pass:
            self.auction.pass_(seat)
            self._after_call()
        else:
            self._bury(seat, INDEX[action.card])  # type: ignore[attr-defined]

    # --- the widow ---------------------------------------------------------------------------------
    def _offer_calls(self) -> None:
        CALLS.offer(self, self.auction.turn, Phase.WIDOW)  # type: ignore[arg-type]

    def _auction_over(self) -> None:
        seat = self.auction.high_seat
        if seat is None:
            self._say("all three refuse the widow: the hand is played least")
            self._start_play()
            return
        self.declarer = seat
        # Cards are put into words when the log is read, not in every deal of a playout.
        self._log.append((self._moves_made(), widow_taken_line, (seat, self.widow),
                          frozenset((seat,))))
        self._say("seat {} takes the widow and lays away two cards face down", seat)
        self.hands[seat] |= self.widow
        self.widow = 0
        self.phase = Phase.DISCARD
        self.to_move = SEAT[seat]
        self._offer_buries(seat)

    def _bury(self, seat: int, card: int) -> None:
        if self._lay(seat, card) == WIDOW_SIZE:
            self._start_play()
        else:
            self._offer_buries(seat)

    def _offer_buries(self, seat: int) -> None:
        """Offer the declarer the numbers of the cards it may lay away, every card it holds, for the integer
        path (``offer_numbers``): the places of its hand in ``BURIES``, from the first card laid away's."""
        offer_numbers(self, seat, tuple([FIRST_BURY + place for place in BURIES.places(self.hands[seat])]))

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        self.leader = self.order[0]
        self.to_move = SEAT[self.leader]

    # --- play (uses mechanics.tricks) ---------------------------------------------------------------
    def _card_order(self) -> tricks.CardOrder:
        return ORDER

    def trick_goal(self, seat: int) -> tuple[frozenset[int], tricks.Goal]:
        """A declared hand: the declarer alone against the two defenders, for card points (his discards are
        his already and out of play); the thresholds of 61 and 91 and schwarz, which count the whole hand,
        are left out. Least: each for himself, taking as few card points as he can, the widow's going to
        whoever takes the last trick; the loss of taking all 120 is left out."""
        if self.declarer >= 0:
            return tricks.side_of(seat, (self.declarer,), range(3)), tricks.Goal(points=CARD_POINTS)
        return frozenset({seat}), tricks.Goal(points=CARD_POINTS, trick_worth=(card_points(self.widow),),
                                              maximize=False)

    def _trick_won(self, number: int, taker: int, mask: int) -> tuple[Any, tuple[Any, ...]]:
        self.won[taker] |= mask
        return super()._trick_won(number, taker, mask)

    # --- scoring (the book's words) -----------------------------------------------------------------
    def last_won(self) -> list[int]:
        """The number of the latest trick each seat has taken this deal (0: none yet)."""
        last = [0] * 3
        for number, (_, taker, _, _) in enumerate(self.taken, 1):
            last[taker] = number
        return last

    def _end_hand(self) -> None:
        if self.declarer >= 0:
            declarer = self.declarer
            in_tricks = card_points(self.won[declarer])
            discards = card_points(self.laid_away)
            tricks_taken = self.trick_counts()[declarer]
            score, outcome = declarer_score(in_tricks + discards, tricks_taken, self.options["schwarz"])
            changes = tuple(score if s == declarer else 0 for s in range(3))
            self._log.append((self._moves_made(), discard_line, (declarer, self.laid_away, discards), None))
            explain = partial(word_declared, declarer, in_tricks, discards, self.laid_away, tricks_taken, score,
                              outcome)
        else:
            last = self.taken[-1][1]
            widow = self.widow
            self.won[last] |= widow
            self.widow = 0
            self._log.append((self._moves_made(), widow_to_last_line, (widow, last), None))
            points = tuple(card_points(self.won[s]) for s in range(3))
            least, why = least_score(points, self.last_won(), self.dealer)
            changes = tuple(least)
            explain = partial(word_least, points, widow, last, changes, why)
        self._score_deal(engine.HandResult(self.hand_number, changes, explain=explain))

    # --- what each seat sees ------------------------------------------------------------------------
    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        tricks_won = self.trick_counts()
        declarer = self.declarer
        least = self.declarer < 0 and self.phase in (Phase.PLAY, Phase.OVER)
        seats = []
        for s in range(3):
            status = ["dealer"] if s == self.dealer else []
            if s == declarer:
                status.append("declarer")
            elif declarer >= 0:
                status.append("defender")
            elif least:
                status.append("plays least")
            elif s in self.auction.out:
                status.append("passed")
            team = None if declarer < 0 else int(s != declarer)
            seats.append(engine.seat_entry(s, team=team, held=self.hands[s].bit_count(), tricks=tricks_won[s],
                                           status=", ".join(status)))
        turned_up = self.phase is Phase.OVER or (declarer >= 0 and shown.deal_over(self))
        table = self._trick_table(auction=calls_shown(self.auction.calls), widow_face_down=self.widow.bit_count(),
                                  discard_face_down=0 if turned_up else self.laid_away.bit_count())
        if self.phase is Phase.OVER and declarer >= 0:
            table["discard"] = cards_text(self.laid_away).split()
        # The declarer's discards lie face down until the hand is scored, and count for the declarer: turned up.
        elif declarer >= 0:
            table |= shown.at_deal_end(self, lambda: [shown.hand(declarer, cards_text(self.laid_away).split(),
                                                                 "laid away")] if self.laid_away else [])
        played = [str(CARDS[c]) for _, _, cards, _ in self.taken for c in cards]
        extra: dict[str, Any] = {
            "dealer": self.dealer,
            "declarer": None if declarer < 0 else declarer,
            "contract": "declarer" if declarer >= 0 else "least" if least else None,
            "trick_number": min(len(self.taken) + 1, TRICKS),
            "card_points": [card_points(self.won[s]) for s in range(3)],
            "played": played,
            "trump_order": [str(c) for c in reversed(TRUMP_ORDER)],
            "hands_in_game": self.hands_in_game,
        }
        if seat is not None and seat == declarer:
            extra["discarded"] = cards_text(self.laid_away).split()
        hand = display_order(self.hands[seat]) if seat is not None else []
        return {"phase": self.phase, "hand": hand, "seats": seats, "table": table, "extra": extra}

    # --- what each seat cannot see ------------------------------------------------------------------
    def _unknown(self, seat: int) -> engine.Unknown:
        if self.phase is Phase.OVER or (self.declarer >= 0 and shown.deal_over(self)):   # the discards turned up
            return engine.Unknown(pool=0)
        return self._hide_set_apart(self._hide_hands(seat, SUIT_MASKS, label="hand"), seat)



engine.register(INFO, SchafkopfState)
