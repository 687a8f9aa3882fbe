"""Comet (also Commit): four to eight players build runs up each suit, and the 9♦ may break in at any time.

Follows ``rules/source/comet.txt`` (there is no entry for it in ``rules/NOTES.md``). It is a game of the
Stops family: each run climbs until the next card cannot be played, and whoever played last begins anew.

Choices where the text is silent (each a default, recorded here and tested):

1. The first dealer is the last seat, so that seat 0 leads the first run; the deal then passes to the left.
2. The holder of the next card of a run must play it: it is the only move it has, and everyone sees who
   plays it. The 8♦ is out of play, so the 7♦ always ends a run, and the 9♦ is never a run's next card.
3. "The last person to play" after a stop is whoever played the card the run ended on; after the comet
   with nobody able to go on, it is the comet's own player, who then starts a new run.
4. The 9♦ (the comet) may come in after every card played, by anyone, the player of that card included:
   after each play a claim window is offered to every seat, and the holder's answer may be ``claim 9D``.
   Before the first card of a deal there is no window (the comet can still be led). A player to move may
   also simply play the 9♦ when free to play any card; a player who must play a run's next card has just
   had the window to play the comet instead.
5. After the comet, the search for someone to go on starts at its player's left and comes round to its
   player last. The cards that may go on are the 10♦ and the card after the last card played before the
   comet (the interrupted run's next card), each only while it has not been played. Whoever goes on
   continues that card's run: the 10♦ starts a diamond run (J♦ next), the other card carries on its suit.
   A player holding both chooses.
6. When the comet is played with no run interrupted (it was led), only the 10♦ may go on.
7. A hand ends the moment a player's last card is played (the comet included). The winner scores 1 for
   going out, 1 for every card left in the other hands (the 9♦ among them), and 2 for every king not
   played this deal, wherever it lies: a king in another hand counts as a card and as a king, and a king in
   the stub counts too, since it was never played. A 9♦ left in a hand costs its holder 1.
8. The game ends after the deal in which someone reaches the target (option ``target``, 100 by default);
   only a deal's winner gains points, so two players can never reach it in the same deal.
9. Stub variant (the default): the cards are dealt one at a time from the dealer's left as far as they go
   round evenly and the rest (51 mod players) lie face down unseen until the deal ends. Variant
   ``known-stops``: before the deal the 8♣, 8♥ and 8♠, in that order, and then the 7s (never needed
   at eight or fewer players) are laid aside face up until the pack divides evenly; the stub is then public.

Hidden information: the hands and, in the stub variant, the stub. Play shows more: the holder of a run's
next card is known to hold it once the window before it closes; a run that stops shows that its next card
lies in no hand (so in the stub, in the stub variant); after the comet, each seat passed over is known to
hold neither card that could go on, and the seat that goes on to hold one of them. Sampled worlds keep all
of it, and forget other seats' answers to an open window.

A prepared deal (``deal=``) is ``{"hands": [[cards] per seat]}``: hands of any sizes, each at least one
card, the cards not named forming the stub (public in the ``known-stops`` variant); or a stacked pack
``{"pack": [51 cards, top first]}`` dealt by the book's procedure.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from parlour import engine
from parlour.cards import ACE_HIGH, Card, Pack, Rank, Suit, bit_indices
from parlour.engine import (
    NO_CLAIM,
    Action,
    ActionSpace,
    Claim,
    ClaimWindow,
    IllegalAction,
    NoClaim,
    Play,
    Reason,
    at_least,
    card_table,
    counted,
    forget_answers,
    shown,
)
from parlour.engine.cardplay import CardPlayState
from parlour.engine.view import kinds

RULES = """\
**Comet** (or **Commit**) is an eighteenth-century French game of the Stops family for four to eight
players, with the pack less the 8♦ (51 cards); aces are low.

*The deal.* The cards go round one at a time from the dealer's left as far as they divide evenly; the few
left over are the **stub**, face down and unseen: they are stops no one knows of. Variant `known-stops`:
8s (and then 7s) are laid aside face up until the pack divides evenly, so every stop is known.

*Runs.* The player left of the dealer lays any card. Whoever holds the next card up in that suit must lay
it, then whoever holds the one after, and so on. A run stops at the king, at the 7♦ (the 8♦ is gone), at a
card in the stub, or at a card already played; the player of its last card then lays any card to begin a
new run.

*The comet.* The 9♦ may be played at any moment, out of turn too (after every card a window is open for
it; to everyone else the holder's answer reads like anyone's). Then the first player from its player's
left who holds the 10♦ or the card the interrupted run was waiting for must play one of them, and the run
goes on from there; if no one can, the comet's player begins a new run.

*Scoring.* The first to shed every card wins the deal: 1 point, plus 1 for each card left in the other
hands, plus 2 for each king not played. Anyone still holding the 9♦ loses 1. The deal passes left; the
first to reach 100 (option `target`) wins.
"""

KNOWN_STOPS = "known-stops"
MAX_TARGET = 500


@dataclass(frozen=True, kw_only=True)
class CometOptions:
    target: int = engine.option(100, "points that win the game, checked at the end of each deal",
                                minimum=1, maximum=MAX_TARGET, label="Points to win")


# --- the pack and its runs ---------------------------------------------------------------------------
ACES_LOW = (Rank.ACE, *ACE_HIGH[:12])
EIGHT_OF_DIAMONDS = Card(Rank.EIGHT, Suit.DIAMONDS)
PACK = Pack("comet-51", [Card(rank, suit) for suit in Suit for rank in ACES_LOW
                         if Card(rank, suit) != EIGHT_OF_DIAMONDS])
CARDS = PACK.cards
INDEX = PACK.index
FULL = PACK.full_mask
COMET_CARD = Card(Rank.NINE, Suit.DIAMONDS)
COMET = INDEX[COMET_CARD]
COMET_BIT = 1 << COMET
TEN_OF_DIAMONDS = INDEX[Card(Rank.TEN, Suit.DIAMONDS)]
KINGS = PACK.rank_masks[Rank.KING]


def _next_up(card: Card) -> int:
    """The pack index of the card after ``card`` in its suit, aces low; -1 after a king or the 7♦."""
    place = ACES_LOW.index(card.rank)
    if place + 1 == len(ACES_LOW):
        return -1
    return INDEX.get(Card(ACES_LOW[place + 1], card.suit), -1)


NEXT_UP = tuple(_next_up(card) for card in CARDS)
NEXT_DOWN = tuple(NEXT_UP.index(card) if card in NEXT_UP else -1 for card in range(len(PACK)))
# Laid aside in the known-stops variant, in this order, until the pack divides evenly (choice 9).
SET_ASIDE = tuple(INDEX[Card.parse(text)] for text in ("8C", "8H", "8S", "7C", "7D", "7H", "7S"))

PLAYS = card_table(PACK, Play)
CLAIM_COMET = Claim(COMET_CARD)
ACTIONS = ActionSpace(PLAYS, NO_CLAIM, CLAIM_COMET)

# The bound on a game's actions, worked out rather than measured: a deal has at most 51 plays, each but
# the comet followed by a window of up to eight answers; each deal gives its winner at least one point per
# player (every other hand still holds a card) and costs one other seat at most one, so the best total
# grows by three quarters of a point a deal at least, and the largest target is reached within 4/3 of
# its points in deals. Measured, a 100-point game by random play takes 200 to 1,700 actions.
MOST_ACTIONS_A_DEAL = 51 + 50 * 8
INFO = engine.GameInfo(
    id="comet", name="Comet", family=("stops", "shedding"), min_players=4, max_players=8, default_players=4,
    pack=PACK.name, rules_source=("comet.txt",), summary=RULES, num_distinct_actions=len(ACTIONS),
    variants=(KNOWN_STOPS,), options=engine.option_specs(CometOptions),
    max_actions=(4 * MAX_TARGET // 3 + 2) * MOST_ACTIONS_A_DEAL)

DEAL_SHAPE = engine.DealShape(
    PACK, '{"hands": [[cards] per seat, each at least one]} or {"pack": [51 cards, top first]}', least=1, stacked=True)


class Phase(engine.Phase):
    PLAY = "play"
    OVER = "over"


class CometState(engine.PhasedState[Phase], CardPlayState):
    PACK = PACK
    PLAYS = PLAYS
    ACTIONS = ACTIONS
    ACTION_KINDS = ACTIONS.kinds
    MUTABLE = ("hands", "trick", "lacks", "totals")
    ZONES = kinds(run="cards", played="cards", stub="count", set_aside="cards", shown="shown")
    EXTRAS = kinds(dealer="seat", target="number", called="cards", comet_window="flag", comet_played="flag",
                   in_no_hand="cards")

    # --- deal --------------------------------------------------------------------------------------
    def _setup(self) -> None:
        self.phase = Phase.PLAY
        self.totals = [0] * self.players
        self.target = self.options["target"]
        self.known_stops = self.variant == KNOWN_STOPS
        self.dealer = self.players - 1
        self._deal()

    def _deal(self) -> None:
        prepared = self._prepared_now()
        if prepared is not None and prepared.pack is None:
            self.hands = list(prepared.masks)
        else:
            deck = self._deck(PACK)
            if self.known_stops:
                aside = set(SET_ASIDE[:len(PACK) % self.players])
                deck = [card for card in deck if card not in aside]
            dealt = len(deck) - len(deck) % self.players
            self.hands = self._deal_around(deck[:dealt], self.dealer)
        self.stub = FULL & ~sum(self.hands)
        self.played = 0
        self.trick: list[int] = []          # the run being built, in the order played
        self.last = -1                      # the last card played this deal, -1 before the first
        self.last_seat = self.seating.next(self.dealer)
        self.must = 0                       # the cards the seat to move must play from; 0: any card
        self.window: ClaimWindow | None = None
        # Per seat, cards everyone knows it does not hold (choice 5's passed seats; a run's stop card).
        self.lacks = [0] * self.players
        self.to_move = (self.last_seat,)
        self._say("hand {}: seat {} deals; seat {} begins", self.hand_number, self.dealer, self.last_seat)

    def _deal_shape(self, number: int) -> engine.DealShape:
        return DEAL_SHAPE

    # --- play --------------------------------------------------------------------------------------
    def _in_play(self) -> bool:
        return self.window is None

    def _legal_mask(self, seat: int) -> int:
        hand = self.hands[seat]
        return hand & self.must if self.must else hand

    def _legal(self, seat: int) -> list[Action]:
        if self.window is None:
            return PLAYS.of(self._legal_mask(seat))
        return [NO_CLAIM, CLAIM_COMET] if self.hands[seat] & COMET_BIT else [NO_CLAIM]

    def _check(self, seat: int, action: Action) -> None:
        answer = isinstance(action, (Claim, NoClaim))
        if self.window is None:
            if answer:
                raise IllegalAction(f"there is no comet window open: {action} is not a move now",
                                    rule="the comet at any time")
            super()._check(seat, action)
            return
        self.window.check(seat)
        if not answer:
            raise IllegalAction("the comet window is open: answer 'claim 9D' (holding it) or 'decline'",
                                rule="the comet at any time")
        if action != NO_CLAIM and (action != CLAIM_COMET or not self.hands[seat] & COMET_BIT):
            raise IllegalAction(f"you may claim only with the comet (9D), and only holding it, not {action}",
                                rule="the comet at any time")

    def _follow_refusal(self, seat: int, card: Card) -> IllegalAction:
        called = " or ".join(str(CARDS[c]) for c in bit_indices(self.must))
        if self.trick == [COMET]:
            return IllegalAction(f"after the comet you must go on with {called}", rule="after the comet")
        return IllegalAction(f"you hold the run's next card, {called}: play it", rule="next card plays")

    def _do(self, seat: int, action: Action) -> None:
        window = self.window
        if window is None:
            super()._do(seat, action)
            return
        window = self.window = window.answered(seat, self._moves_made() - 1, action)
        if not window.closed:
            self.to_move = window.waiting
            return
        self.window = None
        won = window.winner()
        if won is None:
            self._go_on()
        else:
            self._say("seat {} plays the comet, 9D", won[0])
            self._play(won[0], COMET)

    def _play(self, seat: int, index: int) -> None:
        before = self.last
        self.hands[seat] ^= 1 << index
        self.played |= 1 << index
        self.trick.append(index)
        self.last, self.last_seat, self.must = index, seat, 0
        if not self.hands[seat]:
            self._score(seat)
        elif index == COMET:
            self._after_comet(seat, before)
        elif not self.played & COMET_BIT:
            self.window = ClaimWindow.offer(self.seating.order_from(self.seating.next(seat)))
            self.to_move = self.window.waiting
        else:
            self._go_on()

    def in_no_hand(self) -> int:
        """The unplayed cards play has shown to lie in no hand: stops, waited for in vain."""
        known = FULL
        for lacks in self.lacks:
            known &= lacks
        return known & ~self.played

    def _unplayed(self, index: int) -> int:
        """The card's bit while it may still be played this deal, else 0."""
        return 0 if index < 0 or self.played >> index & 1 else 1 << index

    def _holder(self, cards: int) -> int:
        return next((s for s in range(self.players) if self.hands[s] & cards), -1)

    def _go_on(self) -> None:
        """After a card (and its window): the holder of the run's next card must play it; nobody holding
        it, the run stops and the last player begins a new one."""
        wanted = self._unplayed(NEXT_UP[self.last])
        holder = self._holder(wanted) if wanted else -1
        if holder >= 0:
            self.must, self.to_move = wanted, (holder,)
            return
        self._stop(wanted)

    def _stop(self, unplayable: int) -> None:
        """No one can go on: the cards waited for lie in no hand, and the last player begins anew."""
        for seat in range(self.players):
            self.lacks[seat] |= unplayable
        self.must, self.trick = 0, []
        self.to_move = (self.last_seat,)
        self._say("a stop: seat {} begins a new run", self.last_seat)

    def _after_comet(self, seat: int, before: int) -> None:
        """Choice 5: from the comet player's left round to itself, the first seat holding the 10♦ or the
        interrupted run's next card must play one; the seats passed over are known to hold neither."""
        may = self._unplayed(TEN_OF_DIAMONDS) | (self._unplayed(NEXT_UP[before]) if before >= 0 else 0)
        for other in self.seating.order_from(self.seating.next(seat)):
            if self.hands[other] & may:
                self.must, self.trick = may, [COMET]
                self.to_move = (other,)
                self._say("after the comet seat {} goes on", other)
                return
            self.lacks[other] |= may
        self._stop(may)

    # --- scoring (the book's words) ------------------------------------------------------------------
    def _score(self, winner: int) -> None:
        left = sum(self.hands[s].bit_count() for s in range(self.players) if s != winner)
        kings = (KINGS & ~self.played).bit_count()
        holder = self._holder(COMET_BIT)
        changes = [0] * self.players
        changes[winner] = 1 + left + 2 * kings
        reasons = [Reason(winner, 1, "goes out"),
                   Reason(winner, left, f"{counted(left, 'card')} left in the other hands")]
        if kings:
            reasons.append(Reason(winner, 2 * kings, f"{counted(kings, 'king')} not played"))
        if holder >= 0:
            changes[holder] -= 1
            reasons.append(Reason(holder, -1, "caught holding the comet"))
        for seat, change in enumerate(changes):
            self.totals[seat] += change
        self.window, self.must = None, 0
        self._finish_hand(engine.HandResult(self.hand_number, tuple(changes), tuple(reasons),
                                            f"seat {winner} goes out and scores {changes[winner]}", winners=(winner,)))
        self._next_deal(over=max(self.totals) >= self.target)

    def scores(self) -> list[int]:
        return list(self.totals)

    # --- what each seat sees -----------------------------------------------------------------------
    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        seats = [engine.seat_entry(s, held=self.hands[s].bit_count(), status=self._titles(s))
                 for s in range(self.players)]
        table = {"run": [str(CARDS[c]) for c in self.trick],
                 "played": [str(card) for card in PACK.cards_in(self.played)],
                 "stub": 0 if self.known_stops else self.stub.bit_count(),
                 "set_aside": [str(card) for card in PACK.cards_in(self.stub)] if self.known_stops else []}
        table |= shown.at_deal_end(self, self._shown)
        extra = {"dealer": self.dealer, "target": self.target,
                 "called": [] if self.window else [str(card) for card in PACK.cards_in(self.must)],
                 "comet_window": self.window is not None, "comet_played": bool(self.played & COMET_BIT),
                 "in_no_hand": [str(card) for card in PACK.cards_in(self.in_no_hand())]}
        hand = [] if seat is None else [str(card) for card in PACK.cards_in(self.hands[seat])]
        return {"phase": self.phase, "hand": hand, "seats": seats, "table": table, "extra": extra}

    def _shown(self) -> list[shown.Shown]:
        """At the deal's end the hands left are laid down to be counted, and the stub turned up: its kings
        count too (choice 7)."""
        out = [shown.hand(s, PACK.cards_in(self.hands[s])) for s in range(self.players) if self.hands[s]]
        if self.stub and not self.known_stops:
            out.append(shown.hand(None, PACK.cards_in(self.stub), "stub"))
        return out

    def _unknown(self, seat: int) -> engine.Unknown:
        unknown = engine.Unknown(0)
        if shown.deal_over(self):   # every hand left and the stub lie face up (``_shown``)
            return unknown
        mover = self.to_move[0] if self.window is None and len(self.to_move) == 1 else -1
        for other in range(self.players):
            if other == seat:
                continue
            hand, allowed = self.hands[other], FULL & ~self.lacks[other]
            if other == mover and self.must.bit_count() == 1:
                unknown.hide(other, hand, allowed, known=self.must, ordered=False)   # the next card's holder
            elif other == mover and self.must:
                unknown.hide(other, hand, allowed, facts=(at_least(1, self.must),), ordered=False)
            else:
                unknown.hide(other, hand, allowed, ordered=False)
        if not self.known_stops:
            unknown.hide("stub", self.stub)
        return unknown

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        for key, cards in deal.items():
            mask = sum(1 << c for c in cards)
            if isinstance(key, int):
                self.hands[key] = mask
            else:
                self.stub = mask
        self.window = forget_answers(self, self.window)


engine.register(INFO, CometState)
