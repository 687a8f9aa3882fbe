"""Tute: four players in two partnerships take card points with the Spanish pack, and marry kings to queens.

Follows ``rules/source/tute.txt`` with the Tute entry of ``rules/NOTES.md``. Play goes counter-clockwise
(``direction=-1``): every "next seat" below comes from ``self.seating``.

Choices where the texts are silent (each a default, recorded here and tested):

* Heading the trick (notes): a player who follows suit must beat the best card of the suit led when able;
  once the trick is trumped, any card of the suit led will do.
* A player void in the suit led who holds trumps must trump, and overtrump when able; unable to
  overtrump, they must still play a trump (undertrump), as the text has it. Being on the partner's side
  of a trick excuses nothing. Variant ``release``: a player who cannot beat a trump already in the trick
  is released and may play any card (notes).
* Declarations belong to the player who won the trick (the text's wording), made before that player
  leads to the next trick, at most one per trick won. They are offered among that player's lead actions,
  so the others learn nothing when a player could have declared and did not.
* Las cuarenta come first for the player who holds them: while holding the king and queen of trumps
  undeclared, a player may declare no veinte. The rule binds each player, not the side or the table.
* The tute is the four kings (the text names kings only); it may be declared after any trick its holder
  wins, whatever was declared before, and ends the deal at once as a win for the holder's side.
* A tied deal (65-65, say) is a drawn hand: neither side wins it (notes).
* The first dealer is seat 1, so that seat 0 (on the dealer's right) leads; the deal then passes to the
  right, the way play goes. Cards are dealt one at a time from the dealer's right; the dealer gets the last.
* The book's game is one deal; option ``hands`` sets the agreed number of deals, all of them played, and
  the side that won more of them wins (equal counts: a drawn game).
* A hand result's ``changes`` count hands won (1 to each partner of the winning side); its reasons list
  the deal's points in the book's words (cards in the baza, las cuarenta, veintes, diez de últimas).

A prepared deal (``deal=``) is ``{"hands": [[10 cards] x 4], "trump": "7H"}``; the trump card must be in
the dealer's (seat 1 for the first deal, seat 0 for the second) hand and defaults to the last card listed
for the dealer. A stacked pack ``{"pack": [the 40 cards, top first]}`` is dealt round as the book deals.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar

from parlour import engine
from parlour.cards import SPANISH_40, Card, Rank, Suit, bit_indices
from parlour.engine import Action, ActionTable, IllegalAction, Play, Reason
from parlour.engine.seating import COUNTER_CLOCKWISE
from parlour.engine.view import kinds
from parlour.errors import NotationError
from parlour.mechanics import tricks

RULES = """\
**Tute** is the Spanish partnership game of card points and marriages, for four players, partners sitting
opposite, with the 40-card Spanish pack (no 8s, 9s or 10s).

*The deal.* Ten cards each, one at a time counter-clockwise; the dealer's last card is turned for all to
see and fixes **trumps**, then joins the dealer's hand.

*Card order and points.* In every suit: A (11 points), 3 (10), K (4), Q (3), J (2), then 7 6 5 4 2 (no
points). The pack holds 120 card points.

*The play* goes to the right. The player on the dealer's right leads. You must follow suit and, when
you do, beat the best card of the suit led if you can. With none of the suit led you must trump, and
overtrump a trump already played if you can; with a trump that cannot beat it you still play a trump
(variant `release`: then you may play anything). Only with neither the suit led nor trumps may you play
any card. The best trump, else the best card of the suit led, wins; the winner leads next.

*Declarations.* Having just won a trick, before leading again, you may show a king and queen of one suit
from your hand: **las cuarenta** (trumps) are worth 40 and must be your first declaration if you hold
them; a **veinte** (another suit) is worth 20. One declaration per trick won: write `declare cuarenta`,
`declare veinte hearts`, or simply lead a card. Holding all four kings, `declare tute` wins the deal at once.

*Scoring.* Each side adds its card points, its declarations and ten for the last trick (**diez de
últimas**); the higher total wins the deal, an equal total is a drawn hand. Option `hands` plays an agreed
number of deals, and the side that won more of them wins the game.
"""


@dataclass(frozen=True, kw_only=True)
class TuteOptions:
    hands: int = engine.option(1, "deals in the game; the side that wins more of them wins", minimum=1, maximum=99,
                               label="Deals in the game")


PACK = SPANISH_40
TRICKS = 10
VARIANTS = ("release",)
FIRST_DEALER = 1
# A prepared deal's form by who deals it: the trump card must lie in that seat's hand.
DEAL_SHAPES = tuple(tricks.turning_last_shape(
    PACK, 4, "trump", dealer, '{"hands": [four lists of 10 cards], "trump": a card of the dealer\'s} or a stacked pack')
    for dealer in range(4))

INFO = engine.GameInfo(
    id="tute", name="Tute", family=("trick-taking", "point-trick", "partnership"), min_players=4,
    max_players=4, pack=PACK.name, rules_source=("tute.txt",), summary=RULES, num_distinct_actions=46,
    variants=VARIANTS, options=engine.option_specs(TuteOptions), partnerships=True, direction=COUNTER_CLOCKWISE,
    max_actions=50 * 99)

# Lowest first: the 3 rises to just under the ace.
RANKS = (Rank.TWO, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.THREE,
         Rank.ACE)
ORDERS = tuple(tricks.CardOrder.build(PACK, RANKS, trump=suit) for suit in Suit)
FOLLOW = tricks.FollowRules(must_follow=True, must_head=True, must_trump=True, must_overtrump=True)
RELEASED = tricks.FollowRules(must_follow=True, must_head=True, must_trump=True, must_overtrump=True,
                              release_if_cannot_overtrump=True)
INDEX = PACK.index
BIT = tuple(1 << i for i in range(len(PACK)))
SEAT = tuple((s,) for s in range(4))
CARD_POINTS = {Rank.ACE: 11, Rank.THREE: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
POINTS = tuple(CARD_POINTS.get(card.rank, 0) for card in PACK.cards)
LAST_TRICK = 10
CUARENTA_POINTS, VEINTE_POINTS = 40, 20
KINGS = PACK.rank_masks[Rank.KING]
MARRIAGE = tuple(BIT[INDEX[Card(Rank.KING, s)]] | BIT[INDEX[Card(Rank.QUEEN, s)]] for s in Suit)
assert all(INDEX[Card(Rank.KING, s)] == INDEX[Card(Rank.QUEEN, s)] + 1 for s in Suit)
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
ABOVE = tuple(tricks.beaters(order) for order in ORDERS)
# By variant (0: the text's undertrumping, 1: released) and trump suit: what a hand may play to a trick.
RULES_OF = (FOLLOW, RELEASED)
LEGAL = tuple(tuple(tricks.follower(order, rules) for order in ORDERS) for rules in RULES_OF)

CUARENTA, VEINTE, TUTE = "cuarenta", "veinte", "tute"


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """Declare a king and queen of a suit (or a tute), having just won a trick.

    A declaration after winning a trick: ``declare cuarenta``, ``declare veinte hearts``, ``declare tute``."""

    verb: ClassVar[str] = "declare"
    what: str
    suit: int | None = None

    def __str__(self) -> str:
        return f"declare {self.what}" + ("" if self.suit is None else f" {SUIT_NAMES[self.suit]}")

    @classmethod
    def parse_args(cls, args: Sequence[str]) -> Action:
        words = [a.lower() for a in args]
        if words in ([CUARENTA], [TUTE]):
            return cls(words[0])
        if len(words) == 2 and words[0] == VEINTE and words[1] in SUIT_NAMES:
            return cls(VEINTE, SUIT_NAMES.index(words[1]))
        raise NotationError("write 'declare cuarenta', 'declare veinte <suit>' (clubs, diamonds, hearts, "
                            "spades) or 'declare tute'")


DECLARE_CUARENTA = Declare(CUARENTA)
DECLARE_VEINTE = tuple(Declare(VEINTE, int(s)) for s in Suit)
DECLARE_TUTE = Declare(TUTE)
DECLARATIONS = (DECLARE_CUARENTA, *DECLARE_VEINTE, DECLARE_TUTE)
ACTIONS = ActionTable([Play(card) for card in PACK.cards] + [DECLARE_CUARENTA, *DECLARE_VEINTE, DECLARE_TUTE],
                      chunk=10)
PLAYS = ACTIONS


def team_words(team: int) -> str:
    return "seats 0 and 2" if team == 0 else "seats 1 and 3"


def cards_text(mask: int) -> str:
    return " ".join(str(c) for c in PACK.cards_in(mask))


def declaration_words(what: str, suit: int) -> str:
    if what == CUARENTA:
        return f"las cuarenta ({cards_text(MARRIAGE[suit])})"
    if what == VEINTE:
        return f"veinte in {SUIT_NAMES[suit]} ({cards_text(MARRIAGE[suit])})"
    return f"tute ({cards_text(KINGS)})"


def trick_line(number: int, taker: int, mask: int) -> str:
    points = sum(POINTS[i] for i in bit_indices(mask))
    last = ", and ten for the last trick (diez de últimas)" if number == TRICKS else ""
    return f"seat {taker} wins trick {number} ({points} in cards{last})"


# A declaration made: (seat, what, suit, tricks finished when it was made).
Declared = tuple[int, str, int, int]


def word_hand(card_points: tuple[int, int], last: int | None, declared: tuple[Declared, ...],
              totals: tuple[int, int], winner: int | None, tute: int | None) -> tuple[tuple[Reason, ...], str]:
    """A finished deal's reasons and summary, in the book's words."""
    reasons: list[Reason] = []
    for team in (0, 1):
        reasons.append(Reason(team, card_points[team], f"cards in the baza of {team_words(team)}"))
    for seat, what, suit, _ in declared:
        points = {CUARENTA: CUARENTA_POINTS, VEINTE: VEINTE_POINTS}.get(what, 0)
        reasons.append(Reason(seat, points, declaration_words(what, suit)))
    if last is not None:
        reasons.append(Reason(last, LAST_TRICK, "diez de últimas (the last trick)"))
    if winner is not None:
        reasons += [Reason(s, 1, "wins the hand") for s in (winner, winner + 2)]
    if tute is not None:
        summary = f"seat {tute} declares tute (the four kings): {team_words(tute % 2)} win the hand"
    elif winner is None:
        summary = f"drawn hand, {totals[0]} to {totals[1]}"
    else:
        summary = f"{team_words(winner)} win the hand, {totals[winner]} to {totals[1 - winner]}"
    return tuple(reasons), summary


class Phase(engine.Phase):
    PLAY = "play"
    OVER = "over"


class TuteState(tricks.TrickPlayState):
    ACTION_KINDS = (Play, Declare)
    ACTIONS = ACTIONS
    PACK = PACK
    PLAYS = PLAYS
    trick_size = 4
    tricks_in_deal = TRICKS
    # Finished tricks and declarations are never changed again, so clones share their entries.
    MUTABLE = ("hands", "trick", "taken", "declared", "shown", "hand_wins")
    ZONES = kinds(trump_card="card")
    EXTRAS = kinds(dealer="seat", declarations="texts", hands_in_game="number", hands_won="numbers",
                   may_declare="flag", points="numbers", trick_number="number", trump="text", trump_card="card",
                   undertrump_released="flag")

    # --- deal --------------------------------------------------------------------------------------
    def _setup(self) -> None:
        self.hand_wins = [0] * 4
        self.hands_in_game: int = self.options["hands"]
        self.released = self.variant == "release"
        self.rules = RULES_OF[self.released]
        self.dealer = FIRST_DEALER
        self._deal()

    def _deal_shape(self, number: int) -> engine.DealShape:
        return DEAL_SHAPES[self.seating.next(FIRST_DEALER, number - 1)]

    def _deal(self) -> None:
        self.hands, self.trump_card = self._deal_turning_last("trump")
        self.trump = int(PACK.cards[self.trump_card].suit)  # type: ignore[arg-type]
        self.order = ORDERS[self.trump]
        self.above = ABOVE[self.trump]
        self.follow = LEGAL[self.released][self.trump]
        self.declared: list[Declared] = []
        self.shown = [0] * 4          # cards shown in declarations, while still held
        self.may_declare = False      # the leader has just won a trick and not yet declared
        self.tute_by: int | None = None
        self._start_tricks(self.seating.next(self.dealer))
        self.to_move = SEAT[self.leader]
        self._say("hand {}: seat {} deals and turns {}: {} are trumps", self.hand_number, self.dealer,
                  PACK.cards[self.trump_card], SUIT_NAMES[self.trump])

    # --- play (uses mechanics.tricks) ---------------------------------------------------------------
    def _in_play(self) -> bool:
        # Having just won a trick, the leader may declare before leading, when holding a king and its
        # queen (a king sits just above its queen in the pack) or the four kings.
        if not self.may_declare:
            return True
        hand = self.hands[self.leader]
        return not (hand & hand << 1 & KINGS or hand & KINGS == KINGS)

    def _legal(self, seat: int) -> list[Action]:
        return super()._legal(seat) + self._declarations(seat)

    def _declarations(self, seat: int) -> list[Action]:
        """What the winner of the last trick may declare before leading."""
        if not self.may_declare or seat != self.leader or self.trick:
            return []
        hand, trump, done = self.hands[seat], self.trump, self._declared_suits()
        out: list[Action] = []
        if self._holds_cuarenta(seat):
            out.append(DECLARE_CUARENTA)
        else:
            out += [DECLARE_VEINTE[s] for s in range(4)
                    if s != trump and hand & MARRIAGE[s] == MARRIAGE[s] and not done >> s & 1]
        if hand & KINGS == KINGS:
            out.append(DECLARE_TUTE)
        return out

    def _declared_suits(self) -> int:
        return sum(1 << suit for _, what, suit, _ in self.declared if what != TUTE)

    def _holds_cuarenta(self, seat: int) -> bool:
        """Holding the king and queen of trumps, not yet declared (and no veinte of this seat before)."""
        marriage = MARRIAGE[self.trump]
        return (self.hands[seat] & marriage == marriage and not self._declared_suits() >> self.trump & 1
                and not any(s == seat and what == VEINTE for s, what, _, _ in self.declared))

    def _check(self, seat: int, action: Action) -> None:
        if type(action) is Declare:
            self._check_declare(seat, action)
            return
        if type(action) is not Play:
            raise IllegalAction(f"in Tute you play a card or declare, not {action}", rule="play")
        super()._check(seat, action)

    def _follow_refusal(self, seat: int, card: Card) -> IllegalAction:
        """Which duty the card breaks: following, heading the trick, trumping or overtrumping."""
        index = INDEX[card]
        order, trick, hand = self.order, self.trick, self.hands[seat]
        led = order.suit_of[trick[0]]
        best = PACK.cards[trick[tricks.winner(trick, order)]]
        if hand & order.suit_masks[led]:
            if order.suit_of[index] != led:
                return IllegalAction(f"you must follow suit: {SUIT_NAMES[led]} were led and you hold one",
                                     rule="follow suit")
            return IllegalAction(f"you must head the trick: you hold a {SUIT_NAMES[led][:-1]} that beats {best}",
                                 rule="head the trick")
        if order.suit_of[index] != self.trump:
            return IllegalAction(f"with no {SUIT_NAMES[led]} you must play a trump ({SUIT_NAMES[self.trump]})",
                                 rule="must trump")
        return IllegalAction(f"you must overtrump: you hold a trump that beats {best}", rule="must overtrump")

    def _check_declare(self, seat: int, action: Declare) -> None:
        if not any(action == known for known in DECLARATIONS):
            raise IllegalAction(f"{action} is not a declaration of Tute", rule="declarations")
        if not self.may_declare or seat != self.leader or self.trick:
            raise IllegalAction("only the winner of the last trick declares, once, before leading to the next",
                                rule="declare after winning a trick")
        hand, trump = self.hands[seat], self.trump
        if action.what == TUTE:
            if hand & KINGS != KINGS:
                raise IllegalAction("a tute needs all four kings in your hand", rule="tute")
            return
        suit = trump if action.what == CUARENTA else action.suit
        if suit is None:
            raise IllegalAction("a veinte names its suit", rule="declarations")
        if action.what == VEINTE and suit == trump:
            raise IllegalAction("the king and queen of trumps are las cuarenta, not a veinte", rule="las cuarenta")
        if self._declared_suits() >> suit & 1:
            raise IllegalAction(f"{declaration_words(action.what, suit)} were declared already", rule="declarations")
        if hand & MARRIAGE[suit] != MARRIAGE[suit]:
            raise IllegalAction(f"you do not hold {cards_text(MARRIAGE[suit])}", rule="declarations")
        if action.what == CUARENTA and not self._holds_cuarenta(seat):
            raise IllegalAction("las cuarenta cannot follow a veinte of yours", rule="las cuarenta first")
        if action.what == VEINTE and self._holds_cuarenta(seat):
            raise IllegalAction("holding las cuarenta, you must declare them before any veinte",
                                rule="las cuarenta first")

    def _do(self, seat: int, action: Action) -> None:
        if type(action) is Declare:
            self._declare(seat, action)
        else:
            super()._do(seat, action)

    def _declare(self, seat: int, action: Declare) -> None:
        self.may_declare = False
        suit = self.trump if action.what == CUARENTA else (action.suit if action.suit is not None else 0)
        self.declared.append((seat, action.what, suit, len(self.taken)))
        shown = KINGS if action.what == TUTE else MARRIAGE[suit]
        self.shown[seat] |= shown
        points = {CUARENTA: CUARENTA_POINTS, VEINTE: VEINTE_POINTS}.get(action.what)
        self._say("seat {} shows {}: {}" + ("" if points is None else f", {points} points"), seat,
                  cards_text(shown), declaration_words(action.what, suit))
        if action.what == TUTE:
            self.tute_by = seat
            self._end_hand()

    def _play(self, seat: int, index: int) -> None:
        self.may_declare = False
        super()._play(seat, index)

    def _after_trick(self, taker: int) -> None:
        # The taker of any trick but the last may declare before leading to the next.
        self.may_declare = len(self.taken) < TRICKS
        super()._after_trick(taker)

    def _card_order(self) -> tricks.CardOrder:
        return self.order

    def trick_goal(self, seat: int) -> tuple[frozenset[int], tricks.Goal]:
        """Partners (facing each other) share card points and the ten of the last trick (diez de últimas).
        Left out: the declarations, made between tricks, and that the deal is won by the higher total."""
        return frozenset({seat, (seat + 2) % 4}), tricks.Goal(points=POINTS, trick_worth=(LAST_TRICK,))

    def _trick_won(self, number: int, taker: int, mask: int) -> tuple[Any, tuple[Any, ...]]:
        return trick_line, (number, taker, mask)

    # --- scoring (the book's words) -----------------------------------------------------------------
    def side_points(self) -> list[int]:
        """Each side's points so far this deal: cards taken, declarations, and the last trick once taken."""
        points = [0, 0]
        for _, taker, cards, _ in self.taken:
            points[taker % 2] += POINTS[cards[0]] + POINTS[cards[1]] + POINTS[cards[2]] + POINTS[cards[3]]
        if len(self.taken) == TRICKS:
            points[self.taken[-1][1] % 2] += LAST_TRICK
        for seat, what, _, _ in self.declared:
            points[seat % 2] += {CUARENTA: CUARENTA_POINTS, VEINTE: VEINTE_POINTS}.get(what, 0)
        return points

    def tricks_won(self) -> list[int]:
        counts = [0] * 4
        for entry in self.taken:
            counts[entry[1]] += 1
        return counts

    def _end_hand(self) -> None:
        card_points = [0, 0]
        for _, taker, cards, _ in self.taken:
            card_points[taker % 2] += sum(POINTS[c] for c in cards)
        totals = self.side_points()
        last = self.taken[-1][1] if len(self.taken) == TRICKS else None
        if self.tute_by is not None:
            winner: int | None = self.tute_by % 2
        elif totals[0] == totals[1]:
            winner = None
        else:
            winner = 0 if totals[0] > totals[1] else 1
        changes = tuple(int(winner is not None and s % 2 == winner) for s in range(4))
        for s in range(4):
            self.hand_wins[s] += changes[s]
        explain = partial(word_hand, (card_points[0], card_points[1]), last, tuple(self.declared),
                          (totals[0], totals[1]), winner, self.tute_by)
        self._finish_hand(engine.HandResult(self.hand_number, changes, explain=explain))
        self._next_deal()

    def scores(self) -> list[int]:
        return list(self.hand_wins)

    def _result(self) -> engine.Result:
        scores = self.scores()
        base = engine.result_by_score(scores, lowest_wins=False, unit="hands")
        if scores[0] == scores[1]:
            text = f"drawn game: {scores[0]} hands each"
        else:
            side = 0 if scores[0] > scores[1] else 1
            text = f"{team_words(side)} win the game, {scores[side]} hands to {scores[1 - side]}"
        return engine.Result(base.winners, base.places, base.scores, text)

    # --- what each seat sees ------------------------------------------------------------------------
    def _face_up(self, seat: int) -> int:
        """Cards of ``seat``'s hand that everyone has seen: the turned trump card, declared marriages."""
        shown = self.shown[seat]
        if seat == self.dealer:
            shown |= BIT[self.trump_card]
        return self.hands[seat] & shown

    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        tricks_won = self.tricks_won()
        seats = [engine.seat_entry(s, team=s % 2, held=self.hands[s].bit_count(), tricks=tricks_won[s],
                                   face_up=[str(c) for c in PACK.cards_in(self._face_up(s))],
                                   status="dealer" if s == self.dealer else "")
                 for s in range(4)]
        table = self._trick_table(trump_card=str(PACK.cards[self.trump_card]))
        extra = {"dealer": self.dealer, "trump": SUIT_NAMES[self.trump],
                 "trump_card": str(PACK.cards[self.trump_card]),
                 "trick_number": min(len(self.taken) + 1, TRICKS), "points": self.side_points(),
                 "declarations": [f"seat {s}: {declaration_words(what, suit)}" for s, what, suit, _ in self.declared],
                 "may_declare": self.may_declare, "hands_in_game": self.hands_in_game,
                 "hands_won": [self.hand_wins[0], self.hand_wins[1]], "undertrump_released": self.released}
        hand = [str(c) for c in PACK.cards_in(self.hands[seat])] if seat is not None else []
        return {"phase": Phase.OVER if self.is_over else Phase.PLAY, "hand": hand, "seats": seats, "table": table,
                "extra": extra}

    # --- what each seat knows of the others' hands ----------------------------------------------------
    def cannot_hold(self) -> list[int]:
        """Cards each seat has shown, by how it played this deal, that it does not hold: the suit led when
        it did not follow, trumps when it did not trump, and cards that would have beaten the trick when it
        did not head it or overtrump."""
        cannot = [0] * 4
        for leader, cards in [*((t[0], t[2]) for t in self.taken), (self.leader, self.trick)]:
            for k in range(1, len(cards)):
                cannot[self.seating.next(leader, k)] |= tricks.unheld(cards[:k], cards[k], self.order, self.rules)
        return cannot

    def _not_both(self) -> list[tuple[int, int]]:
        """(seat, two cards) it cannot hold together: a veinte declared while not holding las cuarenta."""
        out: list[tuple[int, int]] = []
        marriage = MARRIAGE[self.trump]
        if self._declared_suits() >> self.trump & 1:
            return out
        for seat, what, _, finished in self.declared:
            if what != VEINTE:
                continue
            played_before = sum(t[3] for t in self.taken[:finished])
            if not marriage & played_before:
                out.append((seat, marriage))
        return out

    def _unknown(self, seat: int) -> engine.Unknown:
        unknown = engine.Unknown(pool=0)
        cannot = self.cannot_hold()
        played = [0] * 4
        for leader, _, cards, _ in [*self.taken, (self.leader, 0, self.trick, 0)]:
            for k, card in enumerate(cards):
                played[self.seating.next(leader, k)] |= BIT[card]
        for s, pair in self._not_both():
            rest = pair & ~played[s]
            if rest != pair and rest:
                cannot[s] |= rest      # one of the pair was played by the declarer since: not the other
        for s in range(4):
            if s == seat:
                continue
            hidden = self.hands[s] & ~self._face_up(s)
            unknown.hide(s, hidden, PACK.full_mask & ~cannot[s])
        return unknown

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        for key, cards in deal.items():
            s = int(key)  # type: ignore[call-overload]
            self.hands[s] = self._face_up(s) | sum(BIT[c] for c in cards)

    def sample_world(self, seat: int, rng: random.Random) -> engine.State:
        # A veinte declared proves its declarer lacked las cuarenta then: a pair constraint that zones
        # cannot state, so a world breaking it is dealt again.
        pairs = [(s, pair) for s, pair in self._not_both() if s != seat]
        world = super().sample_world(seat, rng)
        for _ in range(50):
            if not isinstance(world, TuteState) or all(world.hands[s] & pair != pair for s, pair in pairs):
                break
            world = super().sample_world(seat, rng)
        return world


engine.register(INFO, TuteState)
