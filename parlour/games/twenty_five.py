"""Twenty-Five: Ireland's five-card trump game, first side to 25 points wins on the spot.

Follows ``rules/source/twenty-five.txt`` with the Twenty-Five entry of ``rules/NOTES.md``.

Choices where the texts are silent (each a default, recorded here and tested):

* The first dealer is the last seat, so that seat 0 leads the first trick; the deal then passes left.
* The dealer gives five cards to each player one batch at a time from the left; the next card is turned
  for trumps and the rest of the pack (the stub) is set aside unseen.
* Robbing is asked of every seat in turn, from the dealer's left round to the dealer, each answering
  ``pass`` or ``rob`` (robbing names the card discarded face down). Asking everyone keeps a waiver from
  telling the table who holds the ace of trumps. When an ace is turned, nobody can hold the ace of
  trumps, so only the dealer is asked (notes: the dealer may rob a turned ace; option
  ``dealer_robs_ace``). A robber discards one of the five cards held before taking the upcard. Once one
  seat robs, the asking stops and the first lead follows.
* The A♥ is a trump whatever the trump suit, never a heart (notes); a plain suit led may always be
  trumped, and only a player who can neither follow nor wishes to trump may discard (notes).
* Reneging, as the source has it (default): when a trump is led, a player whose only trumps are among the
  three top trumps (the 5, the jack and the A♥) may play any card. Variant ``standard-reneging``: a top
  trump is excused only when the trump led is lower than it; a higher one led forces it out if it is the
  only trump held.
* The ace of trumps unannounced (option ``ace_lowest_unless_declared``, off by default; notes): its holder
  may also ``declare`` it in their turn of the asking, keeping the hand; declaring, like robbing, ends the
  asking, since no one else may rob. If the asking ends with the ace of trumps neither robbed nor
  declared, it ranks below every other trump for the rest of the deal (whoever holds it; the table knows
  only that nobody spoke for it). When hearts are trumps that ace is the A♥ itself, which then also loses
  the top trumps' privilege against being forced out by a trump lead. A turned-up ace is not affected.
* Every trick is five points to its winner's side the moment it is taken; the game stops as soon as a
  side reaches the target (option ``target``, 25 by the book), even in the middle of a deal.
* Teams (option ``teams``): ``none`` (everyone alone, the default), ``pairs`` (an even number of players;
  partners sit half the table apart, so no two partners play one after the other) or ``threes`` (nine
  players: seats 0, 3, 6 against 1, 4, 7 against 2, 5, 8). Partners share their side's total.

A prepared deal (``deal=``) is ``{"hands": [[5 cards] for each seat], "upcard": "KD"}`` (the upcard must be
given); the stub is the rest of the pack. A stacked pack ``{"pack": [52 cards, top first]}`` is dealt as
the book deals, the upcard the card after the hands.
"""

from __future__ import annotations

import typing
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import cache, partial
from typing import Any, ClassVar

from parlour import engine
from parlour.cards import STANDARD_52, Card, Rank, Suit
from parlour.engine import Action, ActionTable, CardAction, IllegalAction, Pass, Play, Reason
from parlour.engine.view import kinds
from parlour.mechanics import tricks

RULES = """\
**Twenty-Five** is the Irish national card game, for three to nine players, each alone or in teams.

*The deal.* Five cards each from a 52-card pack; the next card is turned face up and its suit is trumps.
The rest of the pack takes no part.

*The cards' order* depends on trumps. Three cards are always the top trumps: the **5 of trumps**, then
the **jack of trumps**, then the **A♥** (a trump in every deal). Next comes the ace of trumps (unless
hearts are trumps), then the other trumps. Below the court cards, red suits run high to low and black
suits low to high: "highest in red, lowest in black". So trumps run, from the top: the 5, the jack, the
A♥, the trump ace (hearts have none left), the king, the queen, and then the number cards: 10 down to 2
in diamonds or hearts, 2 up to 10 in clubs or spades. In a plain suit the king, queen and jack come first,
then a red suit runs from the 10 down with its ace (diamonds only) at the bottom, while a black suit puts
its ace next and runs 2 up to 10.

*Robbing the trump.* Before the first lead, whoever holds the ace of trumps may take the turned card,
discarding a card face down; doing so shows the table who has the ace, so one may decline. If the turned
card is itself an ace, the dealer may take it in the same way.

*The play.* The dealer's left leads. When a plain suit is led you may follow it or trump, as you like;
only without the suit may you play anything else. When a trump is led you must play a trump if you have
one, except that the three top trumps are never forced out: holding no other trump, you may play any
card. (Variant `standard-reneging`: a top trump is excused only when the trump led is lower.) The best
trump, or else the best card of the suit led, wins; the winner leads next.

*Scoring.* Each trick is five points to whoever took it (or that player's side). The first side to reach
25 has won, there and then, with the deal left unfinished; otherwise the deal passes to the left.

*Teams* (option `teams`): everyone alone, pairs of partners (an even number of players), or three teams of
three at nine; partners never sit side by side.

*An announced ace* (option `ace_lowest_unless_declared`, off by default): the holder of the ace of trumps
may also `declare` it when asked, keeping the hand. An ace of trumps that nobody robbed with or declared
ranks as the lowest trump for the rest of that deal.
"""


@dataclass(frozen=True, kw_only=True)
class TwentyFiveOptions:
    target: int = engine.option(25, "points that win the game the moment a side reaches them (five a trick)",
                                minimum=5, maximum=100, label="Points to win")
    teams: str = engine.option("none", "none: everyone for themselves; pairs: partnerships of two (even numbers "
                               "of players); threes: three teams of three (nine players)",
                               choices=("none", "pairs", "threes"), label="Who plays with whom")
    dealer_robs_ace: bool = engine.option(True, "when an ace is turned up, the dealer may rob it",
                                          label="Dealer may rob a turned-up ace")
    ace_lowest_unless_declared: bool = engine.option(
        False, "the ace of trumps ranks as the lowest trump for the deal unless its holder robs with it or "
        "declares it before the first lead", label="Ace of trumps lowest unless declared")


PACK = STANDARD_52
INDEX = PACK.index
BIT = tuple(1 << i for i in range(len(PACK)))
HAND_SIZE = 5
TRICK_POINTS = 5
MAX_PLAYERS = 9
TOP_TRUMPS = 3

# Lowest first. Ranks of a plain (non-trump) suit; the A♥ is never a plain heart.
_R = Rank
RED_PLAIN = (_R.TWO, _R.THREE, _R.FOUR, _R.FIVE, _R.SIX, _R.SEVEN, _R.EIGHT, _R.NINE, _R.TEN, _R.JACK,
             _R.QUEEN, _R.KING)
BLACK_PLAIN = (_R.TEN, _R.NINE, _R.EIGHT, _R.SEVEN, _R.SIX, _R.FIVE, _R.FOUR, _R.THREE, _R.TWO, _R.ACE,
               _R.JACK, _R.QUEEN, _R.KING)
PLAIN_RANKS = {Suit.HEARTS: RED_PLAIN, Suit.DIAMONDS: (_R.ACE, *RED_PLAIN), Suit.CLUBS: BLACK_PLAIN,
               Suit.SPADES: BLACK_PLAIN}
ACE_OF_HEARTS = Card(Rank.ACE, Suit.HEARTS)


def trump_order(trump: Suit, ace_lowest: bool = False) -> list[Card]:
    """Every trump, lowest first: the suit's other cards in their plain order, then K Q, the ace of
    trumps, the A♥, the jack and the 5. ``ace_lowest``: the ace of trumps (the A♥ when hearts are trumps)
    moved below them all, as when nobody robbed or declared it under that option."""
    low = [r for r in PLAIN_RANKS[trump] if r not in (_R.ACE, _R.FIVE, _R.JACK, _R.QUEEN, _R.KING)]
    order = [Card(r, trump) for r in (*low, _R.QUEEN, _R.KING)]
    if trump != Suit.HEARTS:
        order.append(Card(Rank.ACE, trump))
    order = [*order, ACE_OF_HEARTS, Card(Rank.JACK, trump), Card(Rank.FIVE, trump)]
    if ace_lowest:
        ace = Card(Rank.ACE, trump)
        order = [ace, *(card for card in order if card != ace)]
    return order


def card_orders(ace_lowest: bool) -> tuple[tricks.CardOrder, ...]:
    """The card order of each trump suit (``ace_lowest``: with the ace of trumps demoted)."""
    return tuple(tricks.CardOrder.build(PACK, BLACK_PLAIN, trump=suit, trump_order=trump_order(suit, ace_lowest),
                                        suit_ranks=PLAIN_RANKS) for suit in Suit)


ORDERS, DEMOTED_ORDERS = card_orders(False), card_orders(True)
FOLLOW = tricks.FollowRules(may_always_trump=True)
ACE_OF_TRUMPS = tuple(INDEX[Card(Rank.ACE, suit)] for suit in Suit)
ACES = PACK.rank_masks[Rank.ACE]
# The privileged top three (a demoted A♥ is no longer one of them).
TOP_MASKS = tuple(PACK.mask(trump_order(suit)[-TOP_TRUMPS:]) for suit in Suit)
DEMOTED_TOP_MASKS = tuple(TOP_MASKS[suit] & ~BIT[ACE_OF_TRUMPS[suit]] for suit in range(4))


def strength(card: Card, trump: Suit) -> tuple[bool, int]:
    """(is a trump, power within its suit) of a card when ``trump`` is trumps; for bots and displays."""
    order = ORDERS[int(trump)]
    index = INDEX[card]
    return order.suit_of[index] == int(trump), order.power[index]


@dataclass(frozen=True, slots=True)
class Rob(CardAction):
    """Rob: take the turned-up trump, laying a card of your hand away face down.

    Taking the turned-up trump, naming the card discarded face down: others see only that it happened.
    """

    verb: ClassVar[str] = "rob"
    secret: ClassVar[bool] = True

    def public_text(self) -> str:
        return "rob the upcard, discarding a card face down"


@dataclass(frozen=True, slots=True)
class DeclareAce(Action):
    """Announce that you hold the ace of trumps, without robbing.

    Announcing the ace of trumps without robbing (option ``ace_lowest_unless_declared``).
    """

    verb: ClassVar[str] = "declare"


PASS, DECLARE = Pass(), DeclareAce()
PLAY_BASE, ROB_BASE, PASS_NUMBER, DECLARE_NUMBER = 0, len(PACK), 2 * len(PACK), 2 * len(PACK) + 1
ACTIONS = ActionTable([*(Play(c) for c in PACK.cards), *(Rob(c) for c in PACK.cards), PASS, DECLARE], chunk=13)
VARIANT_STANDARD = "standard-reneging"
# Per (ace demoted, variant's lower_only), per trump suit: the legal-play function and, per card led, the
# top trumps it does not force out.
FOLLOWERS = {(low, lower): tuple(tricks.reneging_follower(orders[s], FOLLOW, tops[s], lower) for s in range(4))
             for low, orders, tops in ((False, ORDERS, TOP_MASKS), (True, DEMOTED_ORDERS, DEMOTED_TOP_MASKS))
             for lower in (False, True)}
EXEMPT = {(low, lower): tuple(tricks.renege_exemptions(orders[s], tops[s], lower) for s in range(4))
          for low, orders, tops in ((False, ORDERS, TOP_MASKS), (True, DEMOTED_ORDERS, DEMOTED_TOP_MASKS))
          for lower in (False, True)}

INFO = engine.GameInfo(
    id="twenty-five", name="Twenty-Five", family=("trick-taking",), min_players=3, max_players=MAX_PLAYERS,
    default_players=4, pack=PACK.name, rules_source=("twenty-five.txt",), summary=RULES,
    num_distinct_actions=len(ACTIONS), variants=(VARIANT_STANDARD,), options=engine.option_specs(TwentyFiveOptions),
    max_actions=10_000)


def team_layout(players: int, teams: str) -> tuple[int, ...] | None:
    """Each seat's side, partners never adjacent; ``None`` when everyone plays alone."""
    if teams == "none":
        return None
    if teams == "pairs":
        if players % 2:
            raise ValueError(f"teams=pairs needs an even number of players, not {players}")
        return tuple(seat % (players // 2) for seat in range(players))
    if players != MAX_PLAYERS:
        raise ValueError(f"teams=threes is three teams of three: it needs 9 players, not {players}")
    return tuple(seat % 3 for seat in range(players))


def trick_line(number: int, taker: int, points: int) -> str:
    return f"seat {taker} wins trick {number}: five points, its side has {points}"


def word_hand(taken: tuple[int, ...], sides: tuple[int, ...], changes: tuple[int, ...], winners: tuple[int, ...],
              target: int) -> tuple[tuple[Reason, ...], str]:
    """A deal's reasons and summary: five points for each trick, and the game's end if a side got there."""
    reasons = tuple(Reason(taker, TRICK_POINTS, f"trick {k}: five points") for k, taker in enumerate(taken, 1))
    shown: dict[int, list[int]] = {}
    for seat, side in enumerate(sides):
        shown.setdefault(side, []).append(seat)
    parts = [f"{_names(seats)} {changes[seats[0]]}" for seats in shown.values()]
    summary = "; ".join(parts)
    if winners:
        verb = "reaches {} and wins" if len(winners) == 1 else "reach {} and win"
        summary += f" — {_names(winners)} {verb.format(target)}"
        if len(taken) < HAND_SIZE:
            summary += "; the deal is not played out"
    return reasons, summary


def _names(seats: Sequence[int]) -> str:
    return " and ".join(f"seat {s}" for s in seats)


class Phase(engine.Phase):
    ROB = "rob"
    PLAY = "play"
    OVER = "over"


class TwentyFiveState(engine.PhasedState[Phase], tricks.TrickPlayState):
    ACTION_KINDS = (Play, Rob, Pass, DeclareAce)
    ACTIONS = ACTIONS
    PACK = PACK
    PLAYS = ACTIONS   # the plays come first, in pack order
    tricks_in_deal = HAND_SIZE
    MUTABLE = ("hands", "totals", "trick", "taken", "banned", "tricks_won")
    ZONES = kinds(stub="count", trumps="text", upcard="card")
    EXTRAS = kinds(dealer="seat", reneging="text", robbed_by="seat", sides="numbers", target="number",
                   trick_number="number", trump="text", trump_order="cards", upcard="card")

    # --- deal --------------------------------------------------------------------------------------
    def _setup(self) -> None:
        layout = team_layout(self.players, self.options["teams"])
        self.seating = engine.Seating(self.players, teams=layout)
        self.side = layout if layout is not None else tuple(range(self.players))
        self.totals = [0] * self.players   # by side
        self.trick_size = self.players
        self.target: int = self.options["target"]
        self.lower_only = self.variant == VARIANT_STANDARD
        self.ace_rule: bool = self.options["ace_lowest_unless_declared"]
        self.dealer = self.players - 1
        self._deal()

    def _deal(self) -> None:
        n = self.players
        prepared = self._prepared_now()
        if prepared is not None and prepared.pack is None:
            self.hands = list(prepared.masks)
            self.upcard = prepared.apart["upcard"][0]
        else:
            deck = self._deck(PACK)
            order = self.seating.order_from(self.seating.next(self.dealer))
            self.hands, _ = self._deal_packets(deck, order, (HAND_SIZE,))
            self.upcard = deck[HAND_SIZE * n]
        # The stub: every card neither dealt nor turned (and, once someone robs, the discard too).
        dealt = BIT[self.upcard]
        for hand in self.hands:
            dealt |= hand
        self.stub = PACK.full_mask & ~dealt
        self.trump = int(PACK.cards[self.upcard].suit)  # type: ignore[arg-type]
        self._rank_ace(lowest=False)
        self.robber: int | None = None
        self.declarer: int | None = None    # who declared the ace of trumps (option ace_lowest_unless_declared)
        self.discard = -1
        self._rob_at = -1
        self.tricks_won = [0] * n
        self.banned = [0] * n               # cards each seat has shown it cannot hold (not following)
        self._start_tricks(self.seating.next(self.dealer))
        upcard = PACK.cards[self.upcard]
        self._say("hand {}: seat {} deals and turns up {}: {} are trumps", self.hand_number, self.dealer,
                  upcard, Suit(self.trump).name.lower())
        if upcard.rank == Rank.ACE:
            self.asking: tuple[int, ...] = (self.dealer,) if self.options["dealer_robs_ace"] else ()
        else:
            self.asking = self.seating.order_from(self.leader)
        self._next_asked()

    def _deal_shape(self, number: int) -> engine.DealShape:
        return deal_shape(self.players)

    # --- robbing the trump ----------------------------------------------------------------------------
    def _rank_ace(self, lowest: bool) -> None:
        """The deal's card order: the book's, or with the ace of trumps the lowest trump."""
        self.ace_lowest = lowest
        self.order = (DEMOTED_ORDERS if lowest else ORDERS)[self.trump]
        self.follow = FOLLOWERS[lowest, self.lower_only][self.trump]
        self._exempt = EXEMPT[lowest, self.lower_only][self.trump]

    def _next_asked(self) -> None:
        if self.asking:
            self.phase = Phase.ROB
            self.to_move = self.asking[:1]
            return
        self.phase = Phase.PLAY
        self.to_move = (self.leader,)
        if self.ace_rule and self.robber is None and self.declarer is None and not BIT[self.upcard] & ACES:
            self._rank_ace(lowest=True)
            self._say("nobody robbed with the ace of trumps or declared it: {} ranks as the lowest trump "
                      "this deal", PACK.cards[ACE_OF_TRUMPS[self.trump]])

    def may_declare(self, seat: int) -> bool:
        """Under the option, the holder of the ace of trumps may announce it instead of robbing."""
        return self.ace_rule and not BIT[self.upcard] & ACES and bool(self.hands[seat] >> ACE_OF_TRUMPS[self.trump] & 1)

    def may_rob(self, seat: int) -> bool:
        """The ace of trumps in hand, or (the dealer) an ace turned up."""
        if BIT[self.upcard] & ACES:
            return seat == self.dealer and self.options["dealer_robs_ace"]
        return bool(self.hands[seat] >> ACE_OF_TRUMPS[self.trump] & 1)

    def _declare(self, seat: int) -> None:
        self.declarer = seat
        self.asking = ()
        self._say("seat {} declares the ace of trumps and keeps the hand", seat)
        self._next_asked()

    def _rob(self, seat: int, card: int) -> None:
        self.hands[seat] ^= BIT[card] | BIT[self.upcard]
        self.stub |= BIT[card]
        self.robber, self.discard, self._rob_at = seat, card, self._moves_made() - 1
        self.asking = ()
        self._say("seat {} robs the trump and takes {}", seat, PACK.cards[self.upcard])
        self._next_asked()

    # --- play (uses mechanics.tricks, with its reneging) -----------------------------------------------
    def _in_play(self) -> bool:
        return self.phase is Phase.PLAY

    def _legal(self, seat: int) -> list[Action]:
        if self.phase is Phase.ROB:
            mask = self.hands[seat] << ROB_BASE if self.may_rob(seat) else 0
            if self.ace_rule and self.may_declare(seat):
                mask |= 1 << DECLARE_NUMBER
            return ACTIONS.of(mask | 1 << PASS_NUMBER)
        return super()._legal(seat)

    def _check(self, seat: int, action: Action) -> None:
        kind = type(action)
        if kind not in (Play, Rob, Pass, DeclareAce):
            raise IllegalAction(f"{action} is not an action of Twenty-Five", rule="actions")
        if kind is DeclareAce and not (self.phase is Phase.ROB and self.may_declare(seat)):
            raise IllegalAction("the ace of trumps is declared only under the option ace_lowest_unless_declared, "
                                "by its holder, before the first lead" if not self.ace_rule else
                                "only the holder of the ace of trumps declares it, before the first lead",
                                rule="declaring the ace of trumps")
        if self.phase is Phase.ROB:
            if kind is Play:
                raise IllegalAction("no card is led until each player has had the chance to rob the trump",
                                    rule="robbing the trump")
            if kind is Rob:
                if not self.may_rob(seat):
                    raise IllegalAction("only the holder of the ace of trumps may rob (or the dealer, when an "
                                        "ace is turned up)", rule="robbing the trump")
                index = INDEX.get(action.card, -1)  # type: ignore[attr-defined]
                if index < 0 or not self.hands[seat] >> index & 1:
                    raise IllegalAction(f"you do not hold {action.card}", rule="robbing the trump")  # type: ignore[attr-defined]
            return
        if kind is not Play:
            raise IllegalAction("the chance to rob the trump is over: it closes before the first lead",
                                rule="robbing the trump")
        super()._check(seat, action)

    def _follow_refusal(self, seat: int, card: Card) -> IllegalAction:
        led = self.trick[0]
        if self.order.suit_of[led] == self.trump:
            return IllegalAction("a trump was led and you hold a trump that it forces out: play a trump",
                                 rule="following a trump lead")
        suit = Suit(self.order.suit_of[led]).name.lower()
        return IllegalAction(f"{suit} were led and you hold one: follow suit or play a trump",
                             rule="follow suit or trump")

    def _do(self, seat: int, action: Action) -> None:
        kind = type(action)
        if kind is Pass:
            self.asking = self.asking[1:]
            self._next_asked()
        elif kind is Rob:
            self._rob(seat, INDEX[action.card])  # type: ignore[attr-defined]
        elif kind is DeclareAce:
            self._declare(seat)
        else:
            super()._do(seat, action)

    def _play(self, seat: int, index: int) -> None:
        trick = self.trick
        if trick and self.order.suit_of[index] != self.order.suit_of[trick[0]]:
            # Not following shows the table what the player lacks: the suit led, or the trumps it forces.
            self.banned[seat] |= tricks.unheld(trick, index, self.order, FOLLOW, self._exempt)
        super()._play(seat, index)

    def _after_trick(self, taker: int) -> None:
        side = self.side[taker]
        if self.totals[side] >= self.target:    # the game ends on the trick that reaches the target
            self._end_hand(side)
        else:
            super()._after_trick(taker)

    def _card_order(self) -> tricks.CardOrder:
        return self.order

    def trick_goal(self, seat: int) -> tuple[frozenset[int], tricks.Goal]:
        """The seat's side (itself alone, or its team), for tricks: each is five points, so counting tricks
        weighs them alike. Left out is the target, which ends the game on the trick that reaches it."""
        mine = self.side[seat]
        return frozenset(s for s in range(self.players) if self.side[s] == mine), tricks.TRICKS

    def _trick_won(self, number: int, taker: int, mask: int) -> tuple[Any, tuple[Any, ...]]:
        """Five points to the taker's side at once: the game may end on this trick."""
        side = self.side[taker]
        self.totals[side] += TRICK_POINTS
        self.tricks_won[taker] += 1
        return trick_line, (number, taker, self.totals[side])

    # --- scoring (five points a trick; the game ends the moment a side reaches the target) -------------
    def _end_hand(self, winning_side: int | None = None) -> None:
        n = self.players
        gained = [0] * n
        takers = tuple(taker for _, taker, _, _ in self.taken)
        for taker in takers:
            gained[self.side[taker]] += TRICK_POINTS
        changes = tuple(gained[self.side[s]] for s in range(n))
        winners = tuple(s for s in range(n) if self.side[s] == winning_side)
        explain = partial(word_hand, takers, self.side, changes, winners, self.target)
        self._finish_hand(engine.HandResult(self.hand_number, changes, explain=explain))
        self._next_deal(over=winning_side is not None)

    def scores(self) -> list[int]:
        return [self.totals[self.side[s]] for s in range(self.players)]

    def _result(self) -> engine.Result:
        scores = self.scores()
        places = engine.places_by_score(scores, False)
        winners = tuple(s for s in range(self.players) if places[s] == 1)
        verb = "wins" if len(winners) == 1 else "win"
        text = f"{_names(winners)} {verb} with {scores[winners[0]]} points"
        return engine.Result(winners, places, tuple(scores), text)

    # --- what each seat sees ------------------------------------------------------------------------
    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        n = self.players
        upcard_text = str(PACK.cards[self.upcard])
        robbed_in_hand = self.robber is not None and self.hands[self.robber] >> self.upcard & 1
        teams = self.seating.teams
        seats = []
        for s in range(n):
            status = "dealer" if s == self.dealer else ""
            if s == self.robber:
                status = (status + ", robbed the trump").lstrip(", ")
            if s == self.declarer:
                status = (status + ", declared the ace of trumps").lstrip(", ")
            seats.append(engine.seat_entry(s, team=None if teams is None else teams[s], held=self.hands[s].bit_count(),
                                           tricks=self.tricks_won[s], status=status,
                                           face_up=[upcard_text] if s == self.robber and robbed_in_hand else []))
        table = self._trick_table(upcard=upcard_text if self.robber is None else None,
                                  trumps=Suit(self.trump).name.lower(), stub=self.stub.bit_count())
        extra = {"dealer": self.dealer, "trump": Suit(self.trump).letter, "upcard": upcard_text,
                 "robbed_by": self.robber, "trick_number": min(len(self.taken) + 1, HAND_SIZE),
                 "target": self.target, "sides": list(self.side),
                 "reneging": "lower trump led only" if self.lower_only else "top three never forced",
                 "trump_order": [str(c) for c in reversed(trump_order(Suit(self.trump), self.ace_lowest))]}
        hand = [str(c) for c in PACK.cards_in(self.hands[seat])] if seat is not None else []
        return {"phase": self.phase, "hand": hand, "seats": seats, "table": table, "extra": extra}

    # --- what a seat does not know, for sampled worlds ---------------------------------------------------
    def _unknown(self, seat: int) -> engine.Unknown:
        robber = self.robber
        # Publicly known: a robbed upcard stays with the robber until played; a holder who robbed had the
        # ace of trumps, so it lies with them or among the stub (discarded), never with anyone else.
        upcard_known = BIT[self.upcard] if robber is not None else 0
        ace_banned = 0
        if robber is not None and not BIT[self.upcard] & ACES and robber != seat:
            ace_banned = BIT[ACE_OF_TRUMPS[self.trump]]
        unknown = engine.Unknown(pool=0)
        for s in range(self.players):
            if s == seat:
                continue
            fixed = self.hands[s] & upcard_known if s == robber else 0
            if s == self.declarer:   # a declared ace of trumps stays with its holder until played
                fixed |= self.hands[s] & BIT[ACE_OF_TRUMPS[self.trump]]
            hidden = self.hands[s] & ~fixed
            banned = self.banned[s] | (ace_banned if s != robber else 0)
            unknown.hide((s, fixed), hidden, PACK.full_mask & ~banned)
        fixed = BIT[self.discard] if robber == seat and self.discard >= 0 else 0
        hidden = self.stub & ~fixed
        unknown.hide((-1, fixed), hidden)
        return unknown

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        for key, cards in deal.items():
            who, fixed = typing.cast("tuple[int, int]", key)
            mask = fixed
            for c in cards:
                mask |= BIT[c]
            if who == -1:
                self.stub = mask
                if self.robber is not None and not fixed and cards:
                    # The discard was unseen: any card of the stub zone may have been it, except that an
                    # ace of trumps there can only have come from the robber's hand.
                    ace = ACE_OF_TRUMPS[self.trump]
                    self.discard = ace if ace in cards else cards[0]
                    self._rewrite_secret(self.robber, (self._rob_at,), (ACTIONS[ROB_BASE + self.discard],))
            else:
                self.hands[who] = mask


@cache
def deal_shape(players: int) -> engine.DealShape:
    """The form of a prepared deal for ``players``: five cards a seat and the upcard, or a stacked pack."""
    form = f'{{"hands": [{players} lists of {HAND_SIZE} cards], "upcard": card}} or a stacked pack'
    return engine.DealShape(PACK, form, sizes=(HAND_SIZE,) * players, apart=(engine.Apart("upcard", 1, single=True),),
                            stacked=True, check=_upcard_given)


def _upcard_given(prepared: engine.Prepared) -> str | None:
    """The upcard makes the trump suit: a deal without it would leave trumps to chance."""
    return None if "upcard" in prepared.apart else 'a prepared deal names the upcard, as "upcard": "KD"'


engine.register(INFO, TwentyFiveState)
