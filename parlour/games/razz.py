"""Razz: seven-card stud for the lowest hand, two to eight players, at fixed limits.

Follows ``rules/source/razz.txt`` and the Razz entry of ``rules/NOTES.md``, which fixes the betting (the
text says only that poker's usual betting applies). The betting round is ``parlour.mechanics.betting``,
the hands are valued by ``parlour.mechanics.poker.low_value`` (ace-to-five, boards of two to four cards
too) and the chips move through ``parlour.mechanics.chips``.

Choices where the texts are silent (each a default, recorded here and tested):

1. **Stakes** are options: ante 1, bring-in 2 (half a small bet, as the text says), small bet 4, big bet
   twice the small, 200 chips each to start. The ante is a fifth of the small bet, within the notes' range.
2. **The dealer** is the last seat at the first deal, so seat 0 sits on its left; the deal then passes to
   the next seat that still has chips. The dealer only orders the deal, the ties and the odd chip.
3. **The deal** goes round from the dealer's left, one card at a time: two down and one up each, then one
   card a street to each player still in; no cards are burnt (the text names none).
4. **Ties for first action** from fourth street, between equal boards, go to the seat nearest the
   dealer's left (notes; suits serve only for the bring-in). Variant ``suit-ties`` breaks them by suit
   instead (puffapoker, in the notes), which the notes do not spell out: the boards' cards are compared
   from the highest rank down, and the lower suit is the better board, as a lower card is in a low game
   (clubs best, spades worst, the mirror of the bring-in); equal suits throughout fall back to the seat.
5. **Calling the bring-in** is allowed (notes); variant ``no-calling-the-bring-in`` allows only a fold or
   a completion against it.
6. **Full bets only.** A bet, completion or raise is always the street's full size; a player who cannot
   afford one may still call, all in for less. A bet needs an opponent who could still answer it. A
   player owing nothing checks and may not fold.
7. **The cap** is one bet and three raises (notes); option ``heads_up_cap`` false lifts it in a round
   that begins with only two players in the hand.
8. **The community card.** When the pack holds fewer cards than there are players left for seventh
   street, one card is turned face up in the middle as every player's seventh card (text).
9. **Dead cards.** A folded hand goes face down to the muck: its down cards are never shown, not even
   at the showdown; its up cards were seen by everyone and the views keep showing them as folded.
10. **The showdown.** The players still in show from the dealer's left; each pot (the main pot and a
    side pot for each all-in level) goes to the best low among the players who reached it; equal lows
    share it, the odd chip to the first of them from the dealer's left. Lows read as ``8-6-4-2-A``.
11. **Broke players** sit out: a seat without chips is dealt no cards. A player short of the ante puts in
    what it has and plays for the main pot.
12. **The end** (the text names none): when one player holds every chip, or after option ``hands`` deals
    (10 by default), whichever comes first; the most chips wins, ties sharing.

Variants: ``no-calling-the-bring-in`` (choice 5), ``suit-ties`` (choice 4).

A prepared deal (``deal=``) is a stacked pack, ``{"pack": [52 cards, top first]}``, dealt as in choice 3 (a
list gives one for each deal); no other form is taken.
A hand exports to the Poker Hand History format with ``parlour.formats.phh.to_phh``.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from functools import partial
from typing import Any, cast

from parlour import engine
from parlour.cards import STANDARD_52, Rank, bit_indices
from parlour.engine import Action, ActionSpace, IllegalAction, seat_names, shown
from parlour.engine.view import kinds
from parlour.mechanics import betting
from parlour.mechanics.betting import BETTING_ACTIONS, BettingAction, Move, Round
from parlour.mechanics.chips import ChipsState, Ledger, worded
from parlour.mechanics.poker import describe, low_value

RULES = """\
**Razz** is seven-card stud played for the lowest hand, for two to eight players, with a 52-card pack
and chips, at fixed limits.

*Hands.* Each player makes the best five of seven cards. The ace is low, straights and flushes do not
count, and pairs count against you: the best hand is 5-4-3-2-A, and any hand without a pair beats any
hand with one. Between two hands, the highest card decides, then the next.

*Antes and the deal.* Everyone antes, then gets two cards face down and one face up (the door card).

*Third street.* The highest door card (king worst, ace lowest; equal ranks by suit, spades highest, then
hearts, diamonds, clubs) must **bring in**: a forced bet of half a small bet, or a full small bet
(**complete**). The others fold, call or complete; the completion is the street's bet.

*Fourth to seventh street.* Each player still in gets one more card, face up on fourth, fifth and sixth
street and face down on seventh. The best low showing speaks first and may check. Bets are the small bet
on third and fourth street and the big bet (twice as much) after. A round allows one bet and three raises.
If the pack runs short on seventh street, one card goes face up in the middle for everyone.

*Showdown.* The best low wins the pot; equal hands split it. A player all in plays only for the chips
it could match (side pots). The game goes on until one player has every chip, or for a set number of
deals (option `hands`).
"""

PACK = STANDARD_52
CARDS = PACK.cards
INDEX = PACK.index
NO_CALLING_BRING_IN = "no-calling-the-bring-in"
SUIT_TIES = "suit-ties"
MOST_PLAYERS = 8
# A prepared deal is a stacked pack and nothing else: the cards go out street by street, to the seats still in.
DEAL_SHAPE = engine.DealShape(PACK, 'a stacked pack, {"pack": [the 52 cards, top first]}', hands=False, stacked=True)
STREETS = ("third street", "fourth street", "fifth street", "sixth street", "seventh street")
ACTIONS = ActionSpace(*BETTING_ACTIONS)
ACTION_OF_MOVE = betting.ACTION_OF


@dataclass(frozen=True, kw_only=True)
class RazzOptions:
    ante: int = engine.option(1, "each player's ante, every deal", minimum=0, maximum=1000, label="Ante each deal")
    bring_in: int = engine.option(2, "the forced bet of the highest door card (the text: half a small bet)",
                                  minimum=1, maximum=1000, label="Bring-in bet")
    small_bet: int = engine.option(4, "the bet on third and fourth street; the big bet after is twice it",
                                   minimum=1, maximum=1000, label="Small bet (big bet is twice it)")
    stack: int = engine.option(200, "chips each player starts with", minimum=1, maximum=100_000,
                               label="Chips each player starts with")
    hands: int = engine.option(10, "the most deals; the game ends sooner when one player holds every chip",
                               minimum=1, maximum=1000, label="Most deals")
    heads_up_cap: bool = engine.option(True, "the cap of one bet and three raises holds heads-up too (false: no "
                                             "cap in a round begun with two players)", label="Raise cap holds heads-up")


INFO = engine.GameInfo(
    id="razz", name="Razz", family=("poker", "stud", "lowball"), min_players=2, max_players=MOST_PLAYERS,
    default_players=4, pack=PACK.name, rules_source=("razz.txt",), summary=RULES, num_distinct_actions=len(ACTIONS),
    variants=(NO_CALLING_BRING_IN, SUIT_TIES), options=engine.option_specs(RazzOptions),
    # A round at the cap takes at most about 35 actions at eight seats, so a deal under 200; the longest of
    # 240 random games of the default 10 deals (two to eight players) took 276 actions.
    max_actions=200 * 1000)


# What a deal's history holds, in order: ("deal", seat, card) for each card given, and (move, seat, the
# seat's bet in the round after it) for each betting move.
Event = tuple[str, int, int]


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A finished deal as a hand history tells it: who was dealt in (from the dealer's left) with what
    stacks, every card given and every move in order, the shared card, the hands shown at the showdown
    (none when everyone else folded) and the stacks after."""

    number: int
    seated: tuple[int, ...]
    stacks: tuple[int, ...]
    events: tuple[Event, ...]
    community: int | None
    shown: tuple[tuple[int, tuple[int, ...]], ...]
    after: tuple[int, ...]


class Phase(engine.Phase):
    BETTING = "betting"
    OVER = "over"


def bring_in_key(card: int) -> tuple[int, int]:
    """How bad a door card is for the bring-in: by rank (king worst, ace best), then suit (spades worst)."""
    c = CARDS[card]
    return int(c.rank), int(c.suit or 0)


def board_suits(cards: tuple[int, ...]) -> tuple[int, ...]:
    """For the variant ``suit-ties``: equal boards compared card by card from the highest rank down (ace
    low), the lower suit the better, as the lower card is in a low game (clubs best, spades worst)."""
    ranked = sorted((bring_in_key(c) for c in cards), reverse=True)
    return tuple(-suit for _, suit in ranked)


def low_words(cards: list[int]) -> str:
    """A low in a player's words: ``8-6-4-2-A``."""
    return describe(low_value(CARDS[c] for c in cards), low=True)


def low_so_far(cards: list[int], dealt_all: bool) -> str:
    """A player's best low as it stands: ``8-6-4-2-A`` once five ranks differ; before that the ranks it
    has to build on, ``7-3-A so far`` (a paired card is no help yet, it is not named). With every card
    dealt and fewer than five ranks, the paired low it must show (``pair: A-A-7-3-2``)."""
    ranks = sorted({int(CARDS[c].rank) for c in cards}, reverse=True)
    if len(ranks) >= 5 or (dealt_all and cards):
        return low_words(cards)
    if not ranks:
        return "no low yet"
    return "-".join(Rank(r).letter for r in ranks) + " so far"


class RazzState(engine.PhasedState[Phase], ChipsState):
    ACTIONS = ACTIONS
    ACTION_KINDS = ACTIONS.kinds
    MUTABLE = ("down", "up", "stock", "contributed", "ledger", "events")
    ZONES = kinds(pots="pots", community="card", stock="count", shown="shown")
    EXTRAS = kinds(dealer="seat", street="text", bet_size="number", to_call="to_call", stakes="facts",
                   hands_in_game="number", bring_in="seat", best_low="hand_value")

    # --- antes and the deal ---------------------------------------------------------------------------
    def _setup(self) -> None:
        opts = self.options
        if opts["bring_in"] >= opts["small_bet"]:
            raise ValueError("option bring_in must be less than small_bet: the bring-in is part of a bet, "
                             "which a completion makes whole")
        self.ledger = Ledger.start(self.players, opts["stack"])
        # Every finished deal as a hand history reads it (``parlour.formats.phh``); a tuple replaced at each
        # deal's end, so that clones share it.
        self.deals: tuple[DealRecord, ...] = ()
        self.hands_in_game = opts["hands"]
        self.dealer = self.players - 1
        self._deal()

    def _deal(self) -> None:
        self.deal_mark = self.ledger.mark()
        self.chips_before = tuple(self.ledger.chips)
        n = self.players
        order = self.seating.order_from(self.seating.next(self.dealer))
        # The seats dealt in, from the dealer's left: the order of the deal, of ties and of the odd chip.
        self.seated = tuple(s for s in order if self.ledger.chips[s] > 0)
        self.folded = frozenset[int]()
        self.down = [0] * n
        self.up: list[tuple[int, ...]] = [()] * n
        self.community: int | None = None
        self.contributed = [0] * n
        self.events: list[Event] = []
        self.stock = self._deck(PACK)
        self.street = 0
        self.bring_in_seat: int | None = None
        self.phase = Phase.BETTING
        self._say("hand {}: seat {} deals", self.hand_number, self.dealer)
        for seat in self.seated:
            amount = min(self.options["ante"], self.ledger.chips[seat])
            if amount:
                self._put_in(seat, amount, "ante")
        for face_up in (False, False, True):
            for seat in self.seated:
                self._give(seat, face_up)
        self._open_round()

    def _deal_shape(self, number: int) -> engine.DealShape:
        return DEAL_SHAPE

    def _put_in(self, seat: int, amount: int, reason: str) -> None:
        self.ledger.pay(seat, "pot", amount, reason, "ante")
        self.contributed[seat] += amount

    def _give(self, seat: int, face_up: bool) -> None:
        card = self.stock.pop(0)
        self.events.append(("deal", seat, card))
        if face_up:
            self.up[seat] = (*self.up[seat], card)
        else:
            self.down[seat] |= 1 << card

    @property
    def live(self) -> tuple[int, ...]:
        """The seats still in the hand, from the dealer's left."""
        return tuple(s for s in self.seated if s not in self.folded)

    def _deal_street(self) -> None:
        """The next street's card to every player still in: face up on fourth to sixth street; on seventh
        face down, or one card face up for all when the pack runs short (choice 8)."""
        self.street += 1
        live = self.live
        if self.street == 4 and len(self.stock) < len(live):
            self.community = self.stock.pop(0)
            self._say("the pack runs short: {} is dealt face up as everyone's seventh card",
                      CARDS[self.community].symbol_text())
        else:
            for seat in live:
                self._give(seat, self.street < 4)
        self._open_round()

    # --- the betting ----------------------------------------------------------------------------------
    def _bet_size(self) -> int:
        small: int = self.options["small_bet"]
        return small if self.street < 2 else 2 * small

    def _first_to_act(self) -> int:
        """Third street: the worst door card brings in. Later: the best low showing, ties to the seat
        nearest the dealer's left (choice 4)."""
        live = self.live
        if self.street == 0:
            return max(live, key=lambda s: bring_in_key(self.up[s][0]))
        suits = self.variant == SUIT_TIES
        return max(live, key=lambda s: (low_value(CARDS[c] for c in self.up[s]),
                                        board_suits(self.up[s]) if suits else (), -live.index(s)))

    def _open_round(self) -> None:
        live = self.live
        first = self._first_to_act()
        at = live.index(first)
        order = live[at:] + live[:at]
        cap = None if not self.options["heads_up_cap"] and len(live) == 2 else betting.USUAL_CAP
        forced = self.options["bring_in"] if self.street == 0 else 0
        self.round = Round.open(order, self._bet_size(), self.ledger.chips, cap=cap, forced=forced)
        if self.street == 0:   # the worst door card, or the next player if it is all in from the ante
            self.bring_in_seat = self.round.to_act if self.round.forced else None
        if self.round.over:
            self._say("{}: no betting, as no two players in the hand have chips left", STREETS[self.street])
        else:
            self._say("{}: seat {} {}", STREETS[self.street], cast(int, self.round.to_act),
                      "brings in" if self.round.forced else "speaks first")
        self._next_turn()

    def _allowed(self, seat: int) -> tuple[Move, ...]:
        moves = self.round.moves(seat, self.ledger.chips[seat], self.ledger.chips)
        if (self.variant == NO_CALLING_BRING_IN and self.street == 0 and 0 < self.round.top < self.round.size
                and self.round.made == 0):
            moves = tuple(m for m in moves if m is not Move.CALL)
        return moves

    def _legal(self, seat: int) -> list[Action]:
        return [ACTION_OF_MOVE[m] for m in self._allowed(seat)]

    def action_labels(self, seat: int) -> dict[str, str]:
        if seat not in self.to_move:
            return {}
        return self.round.labels(seat, self._allowed(seat), self.ledger.chips[seat])

    def _check(self, seat: int, action: Action) -> None:
        if not isinstance(action, BettingAction):
            raise IllegalAction(f"{action} is not a betting move", rule="actions")
        move = action.move
        if move in self._allowed(seat):
            return
        raise IllegalAction(self._refusal(seat, move), rule=self._rule(seat, move))

    def _rule(self, seat: int, move: Move) -> str:
        r = self.round
        if r.forced:
            return "bring-in"
        if move is Move.CALL and r.owed(seat) > 0:
            return "calling the bring-in"
        if move in (Move.FOLD, Move.CALL, Move.CHECK):
            return "check or call"
        if r.cap is not None and r.made >= r.cap:
            return "cap"
        return "fixed limit"

    def _refusal(self, seat: int, move: Move) -> str:
        r, rule = self.round, self._rule(seat, move)
        if rule == "bring-in":
            return "the highest door card must bring in or complete"
        if rule == "calling the bring-in":
            return "the bring-in may not be called in this variant: fold or complete"
        if rule == "check or call":
            return (f"you owe {r.owed(seat)}: fold, call or raise" if r.owed(seat) > 0
                    else "you owe nothing: check (a fold would throw the hand away for nothing)")
        if rule == "cap":
            return f"the round is capped at {r.cap} bets: fold or call"
        if move is Move.BET and r.top:
            return "there is a bet already: call or raise"
        if move is Move.RAISE and r.top < r.size:
            return "nothing to raise: bet" if not r.top else "the bring-in is completed, not raised"
        return f"{move} needs a full bet of {r.size} that someone could answer"

    def _do(self, seat: int, action: Action) -> None:
        move = cast(BettingAction, action).move
        before = self.ledger.chips[seat]
        self.round = self.round.act(seat, move, self.ledger, "pot", self.ledger.chips)
        self.events.append((move.value, seat, self.round.bets[seat]))
        self.contributed[seat] += before - self.ledger.chips[seat]
        if move is Move.FOLD:
            self.folded = self.folded | {seat}
        self._next_turn()

    def _next_turn(self) -> None:
        """The next seat to speak; at the round's end the next street, or the showdown, or the pot to the
        last player in."""
        live = self.live
        if len(live) == 1:
            self._win_uncontested(live[0])
        elif not self.round.over:
            self.to_move = (cast(int, self.round.to_act),)
        elif self.street == 4:
            self._showdown()
        else:
            self._deal_street()

    # --- the showdown and the pots (the book's words) ----------------------------------------------------
    def seven(self, seat: int) -> list[int]:
        """A player's cards for the showdown: down and up, and the community card if one was dealt."""
        extra = [] if self.community is None else [self.community]
        return [*bit_indices(self.down[seat]), *self.up[seat], *extra]

    def showdown(self) -> tuple[int, ...]:
        """The seats that showed their cards at this deal's showdown, once the deal is over: every seat still
        in, where more than one was (none where everyone else folded)."""
        live = self.live
        return live if len(live) > 1 and shown.deal_over(self) else ()

    def _showdown(self) -> None:
        live = self.live
        values = {s: low_value(CARDS[c] for c in self.seven(s)) for s in live}
        for seat in live:
            self._say("seat {} shows {}: {}", seat, " ".join(CARDS[c].symbol_text() for c in self.seven(seat)),
                      low_words(self.seven(seat)))
        pots = betting.side_pots(self.contributed, live)

        def best(eligible: tuple[int, ...]) -> tuple[int, ...]:
            top = max(values[s] for s in eligible)
            return tuple(s for s in eligible if values[s] == top)

        betting.settle(self.ledger, "pot", pots, best, self.seated)
        names = betting.pot_names(len(pots))
        said = []
        for name, pot in zip(names, pots, strict=True):
            won = best(pot.eligible)
            verb = "wins" if len(won) == 1 else "share"
            what = "" if len(pots) == 1 and len(won) == 1 else f" the {name}"
            said.append(f"seat {won[0]} takes the {name} uncontested" if len(pot.eligible) == 1 else
                        f"{seat_names(won)} {verb}{what} with {low_words(self.seven(won[0]))}")
        self._end_deal(best(live), "; ".join(said))

    def _win_uncontested(self, seat: int) -> None:
        self.ledger.take_pot(seat, "pot", "takes the pot: everyone else folded")
        self._end_deal((seat,), f"seat {seat} wins: everyone else folded")

    def _end_deal(self, winners: tuple[int, ...], summary: str) -> None:
        self.to_move = ()
        self.round = Round.open((), 0, self.ledger.chips)
        shown = tuple((s, tuple(self.seven(s))) for s in self.live) if len(self.live) > 1 else ()
        self.deals = (*self.deals, DealRecord(self.hand_number, self.seated, self.chips_before, tuple(self.events),
                                              self.community, shown, tuple(self.ledger.chips)))
        changes = tuple(self.ledger.chips[s] - self.chips_before[s] for s in range(self.players))
        entries = self.ledger.since(self.deal_mark)
        self._finish_hand(engine.HandResult(self.hand_number, changes, explain=partial(worded, entries, summary),
                                            winners=winners))
        self._next_deal(over=sum(1 for c in self.ledger.chips if c > 0) < 2)

    def _next_dealer(self) -> int:
        """The deal passes to the next seat that still has chips (choice 2)."""
        seat = self.seating.next(self.dealer)
        while self.ledger.chips[seat] == 0:
            seat = self.seating.next(seat)
        return seat


    # --- what each seat sees ----------------------------------------------------------------------------
    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        r = self.round
        # This street's bets lie in front of the seats that made them, as at a table; the pots hold what
        # earlier streets (and the antes) swept into the middle.
        bets = r.bets if self.to_move else (0,) * self.players
        seats = [engine.seat_entry(s, held=self.down[s].bit_count(), chips=self.ledger.chips[s],
                                   face_up=[str(CARDS[c]) for c in self.up[s]], status=self._status(s),
                                   bet=bets[s], role=self._titles(s))
                 for s in range(self.players)]
        # A player's hand is its down cards, which only it sees; its up cards lie face up before it.
        hand = [] if seat is None else [str(CARDS[c]) for c in bit_indices(self.down[seat])]
        live = self.live if self.to_move else ()
        swept = [self.contributed[s] - bets[s] for s in range(self.players)]
        pots = betting.side_pots(swept, live) if live else ()
        table = {
            "pots": [self._pot_view(name, pot, len(pots))
                     for name, pot in zip(betting.pot_names(len(pots)), pots, strict=True)],
            "community": None if self.community is None else str(CARDS[self.community]),
            "stock": len(self.stock),
        }
        # At the showdown every player still in turns up all seven cards, named as the low they make.
        table |= shown.at_deal_end(self, lambda: [shown.hand(s, [CARDS[c] for c in self.seven(s)],
                                                             low_words(self.seven(s))) for s in self.showdown()])
        opts = self.options
        extra = {
            "dealer": self.dealer, "street": STREETS[self.street] if self.to_move else None,
            "bet_size": r.size if self.to_move else None,
            "to_call": r.owed(seat) if seat is not None and self.to_move and seat in self.live else None,
            "bring_in": self.bring_in_seat if self.to_move else None,
            "stakes": {"ante": opts["ante"], "bring-in": opts["bring_in"], "small bet": opts["small_bet"],
                       "big bet": 2 * opts["small_bet"]},
            "hands_in_game": self.hands_in_game,
            # Your own best low as the cards come (only yours: the others' down cards are theirs).
            "best_low": self._best_low(seat),
        }
        return {"phase": self.phase, "hand": hand, "seats": seats, "table": table, "extra": extra}

    def _best_low(self, seat: int | None) -> str | None:
        """The viewer's best low so far, while it holds a live hand (none for a spectator or a folded seat)."""
        if seat is None or seat not in self.live or not self.down[seat]:
            return None
        cards = self.seven(seat)
        return low_so_far(cards, dealt_all=len(cards) >= 7)

    @staticmethod
    def _pot_view(name: str, pot: betting.Pot, count: int) -> dict[str, Any]:
        """A pot as the table shows it; where there are side pots, each names the seats that may win it."""
        shown: dict[str, Any] = {"name": name, "chips": pot.amount}
        if count > 1:
            shown["seats"] = list(pot.eligible)
        return shown

    def _status(self, seat: int) -> str:
        """``all in``: how the seat stands in the hand (its role and its bet are facts of their own)."""
        if seat not in self.seated:
            words = ["out of chips"] if not self.ledger.chips[seat] else []
        elif seat in self.folded:
            words = ["folded"]
        elif not self.ledger.chips[seat] and self.to_move:
            words = ["all in"]
        else:
            words = []
        return ", ".join(words)

    # --- sampled worlds: the hidden cards dealt again --------------------------------------------------------
    def _unknown(self, seat: int) -> engine.Unknown:
        unknown = engine.Unknown(pool=0)
        turned_up = self.showdown()
        for other in self.seated:
            if other != seat and self.down[other] and other not in turned_up:
                unknown.hide(("down", other), self.down[other], ordered=False)
        unknown.hide("stock", sum(1 << c for c in self.stock))
        return unknown

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        fresh: dict[int, list[int]] = {}
        for key, cards in deal.items():
            if key == "stock":
                self.stock = list(cards)
            else:
                seat = cast(tuple[str, int], key)[1]
                fresh[seat] = list(cards)
                self.down[seat] = sum(1 << c for c in cards)
        # The deal's history names the new down cards in place of the real ones, and the earlier deals'
        # histories (which hold mucked hands) are forgotten: a world keeps nothing its seat did not see.
        events = []
        for kind, seat, value in self.events:
            if kind == "deal" and seat in fresh and value not in self.up[seat]:
                value = fresh[seat].pop(0)
            events.append((kind, seat, value))
        self.events = events
        self.deals = ()


engine.register(INFO, RazzState)
