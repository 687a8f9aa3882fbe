"""Calabrasella: three players, one of whom stands alone against the other two, with a Spanish pack.

Follows ``rules/source/calabrasella.txt`` with the Calabrasella entry of ``rules/NOTES.md``.

Choices where the texts are silent (each a default, recorded here and tested):

* The first dealer is the last seat, so that seat 0 is eldest hand; the deal passes to the left and
  declaring and play go to the left as well.
* With four players the dealer takes no cards and is not asked to stand; he pays and is paid as a third
  adversary, so the single player wins or loses the difference to each of the other three.
* Asking is compulsory: the single player names a 3 he lacks; holding all four 3s, a 2 he lacks. Holding
  every 3 and every 2 he has nothing he may ask for, so he goes straight to his discard (and everyone then
  knows where those eight cards were).
* The card given in exchange may be any card of the single player's hand except the one just received.
* The single player may discard the card he asked for; the cards he takes from the talon come after his
  discard, so they stay in his hand until played.
* Discards and the choice from the talon are taken one card at a time; after the first discard the single
  player says ``done`` to stop (a fourth discard stops by itself); he must then take exactly as many talon
  cards as he discarded, keeping twelve cards.
* The talon cards he leaves were seen by all when the talon was turned up, so they stay public knowledge
  in the stock; his discards stay hidden until the stock is taken at the end.
* A deal where all pass is void: no score, and it still counts as one of the game's deals.
* A game is one round of the table, each player dealing once (option ``rounds`` for more); the highest
  running total wins. The book balances accounts as in Skat: every payment here is zero-sum.
* Revokes and other irregularities cannot happen: refused actions change nothing.

Hidden information: the hands, the talon until it is turned up, the single player's discards and the card
given in exchange (only the single player and the adversary who received it learn it; the log shows the
others that a card went across face down). Sampled worlds keep what each seat knows: voids shown by not
following suit, the cards taken from the talon, where the asked card went, and, when a 2 was asked for,
that the single player held every 3 (only the card given in exchange can have carried one to an
adversary). The history of a sampled world holds the sampled exchange card and discards, not the real ones.

A prepared deal (``deal=``) is ``{"hands": [[12 cards] per seat; the dealer's list empty with four
players], "talon": [4 cards]}``; the talon defaults to the four cards left over. A stacked pack
``{"pack": [the 40 cards, top first]}`` is dealt as the book deals: four at a time, then the talon.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar

from parlour import engine
from parlour.cards import SPANISH_40, Rank, bit_indices
from parlour.engine import (
    Action,
    ActionTable,
    CardAction,
    FaceDownDiscard,
    IllegalAction,
    Pass,
    Play,
    Reason,
    refuse_out_of_phase,
    shown,
)
from parlour.engine.totals import TotalsState
from parlour.engine.view import kinds
from parlour.mechanics import tricks

RULES = """\
**Calabrasella** is an Italian game for three, played with the 40-card Spanish pack (no 8s, 9s or 10s).
In every suit the 3 is highest, then the 2, A, K, Q, J, 7, 6, 5 and lastly the 4; there are no trumps.
With four at the table the dealer sits the deal out but pays or collects with the two adversaries.

*The deal.* Twelve cards each, dealt four at a time, and four face down as the **talon**.

*Declaring.* Starting at the dealer's left, each player either **stands** (plays alone against the other
two) or **passes**. The first to stand is the single player; if everyone passes the deal is void.

*The exchange.* The single player names a 3 he does not hold (holding all four 3s, a 2). Whoever has it
hands it over and receives in return a card of the single player's choice, which the other adversary does
not see. If the named card lies in the talon, nothing is exchanged and no other card may be named.

*Discard and talon.* The single player lays away one to four cards face down, then the talon is turned up
and he takes as many of its cards as he laid away. The rest of the talon joins his discards: these four
cards form the **stock**, untouched until the end, when they go to whoever wins the last trick.

*The play.* Eldest hand leads. Follow suit if you can (you never have to win the trick); otherwise play
anything. The best card of the suit led wins, and the winner leads next. Adversaries pool their tricks.

*Counting.* Each ace 3, each 3, 2, king, queen and jack 1, and the last trick 3: 35 in all. The lower
side's total is taken from the higher one's; a side taking all 35 counts 70. The single player wins that
difference from each adversary if he took 18 or more, and pays it to each otherwise.

*The game* is one deal by each player (option `rounds` for more); the highest total wins.
"""


@dataclass(frozen=True, kw_only=True)
class CalabrasellaOptions:
    rounds: int = engine.option(1, "rounds of the table: in each, every player deals once", minimum=1, maximum=20,
                                label="Rounds of the table")


PACK = SPANISH_40
# Lowest first: 4 5 6 7 J Q K A 2 3.
ORDER = tricks.CardOrder.build(PACK, (Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.JACK, Rank.QUEEN,
                                      Rank.KING, Rank.ACE, Rank.TWO, Rank.THREE))
LEGAL = tricks.follower(ORDER)
POWER = ORDER.power
SUIT_OF = ORDER.suit_of
SUIT_MASKS = ORDER.suit_masks
INDEX = PACK.index
CARDS = PACK.cards
BIT = tuple(1 << i for i in range(len(PACK)))
THREES = PACK.rank_masks[Rank.THREE]
TWOS = PACK.rank_masks[Rank.TWO]
ACES = PACK.rank_masks[Rank.ACE]
# Cards counting one each (aces count three).
ONES = THREES | TWOS | PACK.rank_masks[Rank.KING] | PACK.rank_masks[Rank.QUEEN] | PACK.rank_masks[Rank.JACK]
HAND_SIZE = 12
TALON_SIZE = 4
TRICKS = 12
DEAL_FORM = ('{"hands": [12 cards for each seat, none for a dealer who sits out], "talon": [4 cards]} '
             'or a stacked pack')
LAST_TRICK = 3
ALL_POINTS = 35
TALON = -1   # where an asked card lay when no adversary held it


def deal_value(single_points: int) -> int:
    """What the single player wins from each adversary (negative: pays each), given the points his side
    counted: the difference between the two sides, doubled when one side took all 35."""
    diff = 2 * single_points - ALL_POINTS
    return 2 * diff if single_points in (0, ALL_POINTS) else diff


def points(mask: int) -> int:
    """The counting value of some cards: aces 3; threes, twos, kings, queens and jacks 1."""
    return 3 * (mask & ACES).bit_count() + (mask & ONES).bit_count()


# Each card's counting value, by pack index, for an open-hand search.
CARD_POINTS = tuple(points(bit) for bit in BIT)


@dataclass(frozen=True, slots=True)
class Stand(Action):
    """Offer to play alone against the others."""

    verb: ClassVar[str] = "stand"


@dataclass(frozen=True, slots=True)
class Ask(CardAction):
    """As the single player, name the three (or two) you want.

    The single player names the 3 (or 2) he wants.
    """

    verb: ClassVar[str] = "ask"


@dataclass(frozen=True, slots=True)
class Give(CardAction):
    """Hand this card to the adversary who gave up the card asked for; the other adversary does not see it.

    The card handed to the adversary who gave up the asked card: the other adversary must not see it.
    """

    verb: ClassVar[str] = "give"
    secret: ClassVar[bool] = True

    def public_text(self) -> str:
        return "give a card face down in exchange"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Stop discarding: the talon is turned up."""

    verb: ClassVar[str] = "done"


@dataclass(frozen=True, slots=True)
class Take(CardAction):
    """Take one card of the turned-up talon."""

    verb: ClassVar[str] = "take"


PLAYS = ActionTable([Play(c) for c in CARDS], chunk=10)
GIVES = ActionTable([Give(c) for c in CARDS], chunk=10)
BURIES = ActionTable([FaceDownDiscard(c) for c in CARDS], chunk=10)
TAKES = ActionTable([Take(c) for c in CARDS], chunk=10)
ASKS = ActionTable([Ask(c) for c in CARDS if c.rank in (Rank.THREE, Rank.TWO)], chunk=8)
ASK_OF = {INDEX[a.card]: a for a in ASKS.actions}  # type: ignore[attr-defined]
STAND, PASS, DONE = Stand(), Pass(), Done()
ACTIONS_TABLE = ActionTable([*PLAYS.actions, *GIVES.actions, *BURIES.actions, *TAKES.actions, *ASKS.actions,
                             STAND, PASS, DONE], chunk=40)

INFO = engine.GameInfo(
    id="calabrasella", name="Calabrasella", family=("trick-taking", "point-trick"), min_players=3,
    max_players=4, pack=PACK.name, rules_source=("calabrasella.txt",), summary=RULES,
    num_distinct_actions=len(ACTIONS_TABLE), options=engine.option_specs(CalabrasellaOptions),
    max_actions=60 * 4 * 20)


class Phase(engine.Phase):
    DECLARE = "declare"
    ASK = "ask"
    GIVE = "give"
    DISCARD = "discard"
    TAKE = "take"
    PLAY = "play"
    OVER = "over"


# What each phase takes, and what is done in it (the words of a refusal).
KINDS: dict[Phase, tuple[type[Action], ...]] = {
    Phase.DECLARE: (Stand, Pass), Phase.ASK: (Ask,), Phase.GIVE: (Give,), Phase.DISCARD: (FaceDownDiscard, Done),
    Phase.TAKE: (Take,), Phase.PLAY: (Play,)}
DOING = {Phase.DECLARE: "each player in turn stands or passes",
         Phase.ASK: "the single player names the 3 (or 2) he wants",
         Phase.GIVE: "the single player gives a card in exchange for the one he asked for",
         Phase.DISCARD: "the single player discards one to four cards, then says done",
         Phase.TAKE: "the single player takes cards from the talon, as many as he discarded",
         Phase.PLAY: "the cards are being played"}


def cards_text(mask: int) -> str:
    return " ".join(str(CARDS[i]) for i in bit_indices(mask))


def word_deal(single: int, players: int, single_points: int, other_points: int, last: int, stock: int,
              stock_to_single: bool, diff: int) -> tuple[tuple[Reason, ...], str]:
    """A finished deal's reasons and summary, in the book's words."""
    side = "the single player" if stock_to_single else "the adversaries"
    reasons = [Reason(None, LAST_TRICK, f"last trick, won by seat {last} for {side}"),
               Reason(None, points(stock), f"the stock ({cards_text(stock)}) goes with the last trick to {side}"),
               Reason(None, single_points, "counted by the single player"),
               Reason(None, other_points, "counted by the adversaries")]
    if max(single_points, other_points) == ALL_POINTS:
        reasons.append(Reason(None, 2 * ALL_POINTS, "all 35 points to one side count double"))
    verb = "wins" if diff > 0 else "loses"
    for seat in range(players):
        if seat == single:
            reasons.append(Reason(seat, diff * (players - 1), f"single player {verb} {abs(diff)} from each"))
        else:
            reasons.append(Reason(seat, -diff, "adversary " + ("pays" if diff > 0 else "is paid") + f" {abs(diff)}"))
    summary = (f"seat {single} stood and {verb} {abs(diff)} ({single_points} points to {other_points})")
    return tuple(reasons), summary


class CalabrasellaState(engine.PhasedState[Phase], TotalsState, tricks.TrickPlayState):
    ACTION_KINDS = (Play, Stand, Pass, Ask, Give, FaceDownDiscard, Done, Take)
    ACTIONS = ACTIONS_TABLE
    PACK = PACK
    PLAYS = PLAYS
    follow = staticmethod(LEGAL)
    MUTABLE = ("hands", "totals", "trick", "taken", "played")
    ZONES = kinds(stock_face_down="count", talon="cards", talon_face_down="count", shown="shown")
    EXTRAS = kinds(asked="card", asked_from="seat", dealer="seat", discarded="cards", exchanged="card",
                   hands_in_game="number", points="facts", single="seat", taken_from_talon="cards",
                   trick_number="number")
    trick_size = 3
    tricks_in_deal = TRICKS

    # --- deal --------------------------------------------------------------------------------------
    def _setup(self) -> None:
        self._start_rounds(self.options["rounds"])

    def _deal(self) -> None:
        n = self.players
        # The three who take cards, eldest hand first; with four the dealer sits out.
        self.order = self.seating.order_from(self.seating.next(self.dealer))[:3]
        self.after = self.seating.after_among(self.order)
        # Four at a time, three times round; the rest is the talon.
        self.hands, self.talon = self._deal_with_widow("talon", self.order, (4, 4, 4), TALON_SIZE, after=3)
        self.phase = Phase.DECLARE
        self.single = -1
        self.passes = 0
        self.asked = -1
        self.asked_from = TALON
        self.gift = -1
        self.give_at = -1
        self.bury_at: tuple[int, ...] = ()
        self.buried = 0
        self.taken_from_talon = 0
        self.talon_open = False
        # Cards publicly known to have been in the single player's hand when he asked (all 3s when he
        # asks for a 2; all 3s and 2s when he had nothing to ask for).
        self.known_held = 0
        self.played = [0] * n     # cards each seat has played this deal
        self._start_tricks(self.order[0])
        self.to_move = (self.order[0],)
        self._say("hand {}: seat {} deals{}", self.hand_number, self.dealer,
                  " and sits out" if n == 4 else "")

    def _deal_shape(self, number: int) -> engine.DealShape:
        # The last seat deals first (``_start_rounds``), then the deal passes to the left; a dealer of four
        # sits out.
        dealer = self.seating.next(self.players - 1, number - 1)
        return tricks.sitting_out_shape(PACK, self.players, dealer, HAND_SIZE, "talon", DEAL_FORM)

    # --- legality ----------------------------------------------------------------------------------
    def _askable(self) -> int:
        hand = self.hands[self.single]
        missing = THREES & ~hand
        return missing if missing else TWOS & ~hand

    def _in_play(self) -> bool:
        return self.phase is Phase.PLAY

    def _legal(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase is Phase.PLAY:
            return super()._legal(seat)
        if phase is Phase.DECLARE:
            return [STAND, PASS]
        if phase is Phase.ASK:
            return [ASK_OF[c] for c in bit_indices(self._askable())]
        if phase is Phase.GIVE:
            return GIVES.of(self.hands[seat] & ~BIT[self.asked])
        if phase is Phase.DISCARD:
            out = BURIES.of(self.hands[seat]) if self.buried.bit_count() < TALON_SIZE else []
            return [*out, DONE] if self.buried else out
        if phase is Phase.TAKE:
            return TAKES.of(self.talon)
        return []

    def _check(self, seat: int, action: Action) -> None:
        phase = self.phase
        kind = type(action)
        refuse_out_of_phase(action, phase, KINDS, DOING)
        index = INDEX.get(action.card, -1) if isinstance(action, CardAction) else -1
        if isinstance(action, CardAction) and index < 0:
            raise IllegalAction(f"{action.card} is not in the Spanish pack", rule="the pack")
        if kind is Play:
            super()._check(seat, action)
            return
        hand = self.hands[seat]
        if kind is Ask:
            if not self._askable() >> index & 1:
                if BIT[index] & hand:
                    raise IllegalAction(f"you already hold {action.card}", rule="asking")  # type: ignore[attr-defined]
                raise IllegalAction("you may ask only for a 3 you lack; a 2 only when you hold all four 3s",
                                    rule="asking")
        elif kind in (Give, FaceDownDiscard) and not hand >> index & 1:
            raise IllegalAction(f"you do not hold {action.card}", rule="your own cards")  # type: ignore[attr-defined]
        elif kind is Give and index == self.asked:
            raise IllegalAction("you cannot give back the card you asked for", rule="exchange")
        elif kind is FaceDownDiscard and self.buried.bit_count() >= TALON_SIZE:
            raise IllegalAction("at most four cards may be discarded", rule="discarding")
        elif kind is Done and not self.buried:
            raise IllegalAction("discard at least one card before the talon is turned up", rule="discarding")
        elif kind is Take and not self.talon >> index & 1:
            raise IllegalAction(f"{action.card} is not among the talon cards turned up", rule="talon")  # type: ignore[attr-defined]

    def _do(self, seat: int, action: Action) -> None:
        kind = type(action)
        if kind is Play:
            super()._do(seat, action)
        elif kind is Stand:
            self._stand(seat)
        elif kind is Pass:
            self._pass(seat)
        elif kind is Ask:
            self._ask(INDEX[action.card])  # type: ignore[attr-defined]
        elif kind is Give:
            self._give(INDEX[action.card])  # type: ignore[attr-defined]
        elif kind is FaceDownDiscard:
            self._bury(INDEX[action.card])  # type: ignore[attr-defined]
        elif kind is Done:
            self._turn_up_talon()
        else:
            self._take(INDEX[action.card])  # type: ignore[attr-defined]

    # --- declaring ---------------------------------------------------------------------------------
    def _stand(self, seat: int) -> None:
        self.single = seat
        self._say("seat {} stands and plays alone", seat)
        if not self._askable():
            # Every 3 and every 2 in hand: there is nothing he may ask for.
            self.known_held = THREES | TWOS
            self._say("seat {} holds every 3 and every 2, so asks for nothing", seat)
            self.phase = Phase.DISCARD
        else:
            self.phase = Phase.ASK
        self.to_move = (seat,)

    def _pass(self, seat: int) -> None:
        self.passes += 1
        if self.passes < 3:
            self.to_move = (self.after[seat],)
            return
        self._say("all three pass: the deal is void")
        self._finish_hand(engine.HandResult(self.hand_number, (0,) * self.players,
                                            summary="all passed: a void deal"))
        self._next_deal()

    # --- the exchange ------------------------------------------------------------------------------
    def _ask(self, card: int) -> None:
        single = self.single
        self.asked = card
        if BIT[card] & TWOS:
            self.known_held = THREES
        holder = next((s for s in self.order if self.hands[s] >> card & 1), TALON)
        self.asked_from = holder
        if holder == TALON:
            self._say("{} lies in the talon: nothing is exchanged", CARDS[card])
            self.phase = Phase.DISCARD
            return
        self.hands[holder] ^= BIT[card]
        self.hands[single] |= BIT[card]
        self._say("seat {} gives {} to seat {}", holder, CARDS[card], single)
        self.phase = Phase.GIVE

    def _give(self, card: int) -> None:
        receiver = self.asked_from
        self.hands[self.single] ^= BIT[card]
        self.hands[receiver] |= BIT[card]
        self.gift = card
        self.give_at = self._moves_made() - 1
        self._say("seat {} receives {} in exchange", receiver, CARDS[card], to=(receiver, self.single))
        self.phase = Phase.DISCARD

    # --- discard and talon -------------------------------------------------------------------------
    def _bury(self, card: int) -> None:
        self.hands[self.single] ^= BIT[card]
        self.buried |= BIT[card]
        self.bury_at = (*self.bury_at, self._moves_made() - 1)
        if self.buried.bit_count() == TALON_SIZE:
            self._turn_up_talon()

    def _turn_up_talon(self) -> None:
        self.talon_open = True
        self.phase = Phase.TAKE
        self._say("seat {} discarded {}; the talon is turned up: {}", self.single, self.buried.bit_count(),
                  cards_text(self.talon))

    def _take(self, card: int) -> None:
        self.talon ^= BIT[card]
        self.hands[self.single] |= BIT[card]
        self.taken_from_talon |= BIT[card]
        if self.taken_from_talon.bit_count() == self.buried.bit_count():
            self._say("the stock is laid aside: {} and {} discarded card(s) face down",
                      cards_text(self.talon) or "no talon card", self.buried.bit_count())
            self.phase = Phase.PLAY
            self.leader = self.order[0]
            self.to_move = (self.leader,)

    # --- play (uses mechanics.tricks) ---------------------------------------------------------------
    def _play(self, seat: int, index: int) -> None:
        self.played[seat] |= BIT[index]
        super()._play(seat, index)

    def _card_order(self) -> tricks.CardOrder:
        return ORDER

    def trick_goal(self, seat: int) -> tuple[frozenset[int], tricks.Goal]:
        """The single player against the adversaries, for the counting cards, and for the last trick, which
        brings its 3 and the stock's cards. What changes hands is the difference of the sides' counts, so
        every point counts alike; left out is the doubling of a side that takes all 35."""
        stock = self.talon | self.buried
        return (tricks.side_of(seat, (self.single,), self.order),
                tricks.Goal(points=CARD_POINTS, trick_worth=(LAST_TRICK + points(stock),)))

    # --- scoring (the book's words) -----------------------------------------------------------------
    def side_points(self) -> tuple[int, int]:
        """Points taken so far in tricks: (single player, adversaries). Once the deal is over, the last
        trick and the stock are included."""
        won = self.cards_won()
        single = points(won[self.single]) if self.single >= 0 else 0
        others = sum(points(won[s]) for s in self.order if s != self.single)
        return single, others

    def _end_hand(self) -> None:
        single = self.single
        last = self.taken[-1][1]
        stock = self.talon | self.buried
        single_points, other_points = self.side_points()
        bonus = LAST_TRICK + points(stock)
        if last == single:
            single_points += bonus
        else:
            other_points += bonus
        diff = deal_value(single_points)
        changes = tuple(diff * (self.players - 1) if s == single else -diff for s in range(self.players))
        self._say("seat {} wins the last trick and the stock: {}", last, cards_text(stock))
        explain = partial(word_deal, single, self.players, single_points, other_points, last, stock,
                          last == single, diff)
        self._score_deal(engine.HandResult(self.hand_number, changes, explain=explain))

    # --- what each seat sees ------------------------------------------------------------------------
    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        tricks_won = [0] * self.players
        for _, taker, _, _ in self.taken:
            tricks_won[taker] += 1
        seats = []
        for s in range(self.players):
            status = []
            if s == self.dealer:
                status.append("dealer" + (", sits out" if self.players == 4 else ""))
            if s == self.single:
                status.append("single player")
            elif self.single >= 0 and s in self.order:
                status.append("adversary")
            seats.append(engine.seat_entry(s, team=None if self.single < 0 else int(s != self.single),
                                           held=self.hands[s].bit_count(), tricks=tricks_won[s],
                                           status=", ".join(status)))
        table = self._trick_table(talon=cards_text(self.talon).split() if self.talon_open else [],
                                  talon_face_down=0 if self.talon_open else self.talon.bit_count(),
                                  stock_face_down=self.buried.bit_count())
        # The stock, the single player's discards in it, goes face up with the last trick to its winner.
        table |= shown.at_deal_end(self, self._stock_shown)
        single_points, other_points = self.side_points()
        extra: dict[str, Any] = {
            "dealer": self.dealer, "single": None if self.single < 0 else self.single,
            "asked": None if self.asked < 0 else str(CARDS[self.asked]),
            "asked_from": None if self.asked < 0 else ("talon" if self.asked_from == TALON else self.asked_from),
            "taken_from_talon": cards_text(self.taken_from_talon).split(),
            "trick_number": min(len(self.taken) + 1, TRICKS),
            "points": {"single": single_points, "adversaries": other_points},
            "hands_in_game": self.hands_in_game,
        }
        if seat is not None and seat == self.single:
            extra["discarded"] = cards_text(self.buried).split()
        if seat is not None and self.gift >= 0 and seat in (self.single, self.asked_from):
            extra["exchanged"] = str(CARDS[self.gift])
        hand = cards_text(self.hands[seat]).split() if seat is not None else []
        return {"phase": self.phase, "hand": hand, "seats": seats, "table": table, "extra": extra}

    def _stock_shown(self) -> list[shown.Shown]:
        """A played deal's stock, face up with its taker: the talon left and the single player's discards."""
        if not self.taken:
            return []
        return [shown.hand(self.taken[-1][1], cards_text(self.talon | self.buried).split(), "the stock")]

    # --- what each seat cannot see ------------------------------------------------------------------
    def _unknown(self, seat: int) -> engine.Unknown:
        unknown = engine.Unknown(pool=0)
        if self.phase is Phase.OVER or (self.taken and shown.deal_over(self)):   # the stock turned up
            return unknown
        single, receiver = self.single, self.asked_from
        gift_hidden = self.gift >= 0 and seat not in (single, receiver)
        held = self.known_held  # cards the single player is known to have held when he asked
        gift_known = gift_hidden and bool(self.played[receiver] & held)
        asked_hidden = self.asked >= 0 and receiver != TALON and seat != single
        voids = self.voids()
        for s in self.order:
            if s == seat:
                continue
            hand = self.hands[s]
            keep = 0
            if s == single:
                keep = hand & self.taken_from_talon
            elif seat == single and s == receiver and self.gift >= 0:
                keep = hand & BIT[self.gift]
            allowed = tricks.void_free(voids[s], SUIT_MASKS, PACK.full_mask)
            if s != single and seat != single:
                if asked_hidden:
                    allowed &= ~BIT[self.asked]
                hidden = hand & ~keep
                unknown.pool |= hidden
                if s == receiver and gift_hidden and not gift_known and hidden:
                    # One card of this hand came from the single player: only it may be one he is known
                    # to have held.
                    unknown.zones.append(engine.Zone(("gift", s), 1, allowed))
                    unknown.zones.append(engine.Zone(("hand", s, keep), hidden.bit_count() - 1, allowed & ~held))
                else:
                    unknown.zones.append(engine.Zone(("hand", s, keep), hidden.bit_count(), allowed & ~held))
                continue
            hidden = hand & ~keep
            unknown.hide(("hand", s, keep), hidden, allowed)
        if not self.talon_open:
            keep = self.talon & BIT[self.asked] if self.asked >= 0 and receiver == TALON else 0
            hidden = self.talon & ~keep
            allowed = PACK.full_mask & ~held & ~(BIT[self.asked] if asked_hidden else 0)
            unknown.hide(("talon", keep), hidden, allowed)
        if self.buried and seat != single:
            unknown.hide(("buried",), self.buried, PACK.full_mask)
        return unknown

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        hands = self.hands
        for key in deal:
            kind = key[0]  # type: ignore[index]
            if kind == "hand":
                hands[key[1]] = key[2]  # type: ignore[index]
        for key, cards in deal.items():
            kind = key[0]  # type: ignore[index]
            mask = sum(BIT[c] for c in cards)
            if kind == "hand":
                hands[key[1]] |= mask  # type: ignore[index]
            elif kind == "gift":
                hands[key[1]] |= mask  # type: ignore[index]
                self.gift = cards[0]
                self._rewrite_secret(self.single, (self.give_at,), (GIVES[self.gift],))
            elif kind == "talon":
                self.talon = key[1] | mask  # type: ignore[index]
            else:
                self.buried = mask
                self._rewrite_secret(self.single, self.bury_at, [BURIES[card] for card in sorted(cards)])



engine.register(INFO, CalabrasellaState)
