"""Reversis: four players avoid aces and court cards, settling every deal in chips.

Follows ``rules/source/reversis.txt`` with the Reversis entry of ``rules/NOTES.md`` (the loser of the
party has the *most* points; card points A 4, K 3, Q 2, J 1; a forced card is one played to its own suit
by a player holding no other card of that suit). Chips move through the shared ledger
(``parlour.mechanics.chips``).

Choices where the texts are silent (each a default, recorded here and tested):

* The first dealer is seat 3, so that seat 0 leads the first trick; the deal then passes to the left.
* The exchange goes dealer first, then the others from the dealer's left. A player who keeps their hand
  (``pass``) sees their face-down card before it joins the talon; the discards stay secret.
* The talon is shown to all when the deal is scored, since the party payment is reckoned from it.
* A new pot, when none is open, is formed when the next deal begins (dealer 10, the others 5), not at
  once; otherwise the dealer alone antes 5 to the newest pot.
* A remise is the size of the newest pot. The first one after a pot is formed by anteing goes into that
  pot; every later one opens a new pot, until all pots are won and a pot is formed by anteing again.
* Claims for a led ace or a led Quinola are made automatically for the party's winner when the deal is
  scored (a winner always speaks up in time); a winner who led the card collects nothing from
  themselves, and for a led Quinola the two players who are neither the winner nor the leader pay 5.
* A reversis (made or broken) replaces the party payment and the led-card claims of that deal; made, it
  also refunds nothing further: the refunds happen when it is committed (after the ninth trick), and no
  ace or Quinola payment is made in the last two tricks.
* Only one player can qualify for the espagnolette (all four aces, or three aces and Quinola, held when
  play begins). Qualifying, they may renounce in tricks 1-9. The first renounce (holding the suit led)
  undertakes it: they show their qualifying cards still in hand, so the table knows they are not void.
* A failed espagnolette (a trick taken) is settled when the deal ends: the espagnolette player loses the
  party, pays back twice every ace and Quinola payment received, and returns a pot won, paying a remise.
* Party ties on points go to fewer tricks, then the dealer, then round to the dealer's left, both for
  winning and for losing the party (notes); the winner is settled first, the loser among the others.
* The game is an agreed number of deals (option ``deals``, four by default: everyone deals once); each
  player starts with 100 chips (option ``stake``). Most chips wins; chips left in pots stay there.

A prepared deal (``deal=``) is ``{"hands": [four lists], "down": [three cards]}``: the dealer's list holds
twelve cards, the others eleven; ``down`` gives the face-down cards of the seats from the dealer's left.
In a list of deals each is read against its own dealer (seat 3, then round to the left).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar

from parlour import engine
from parlour.cards import ACE_HIGH, REVERSIS_48, Card, Rank, Suit, bit_indices
from parlour.engine import Action, ActionTable, CardAction, IllegalAction, Pass, Play
from parlour.engine.view import kinds
from parlour.mechanics import tricks
from parlour.mechanics.chips import Ledger, worded

RULES = """\
**Reversis** is the old avoidance game for four, played with the 52-card pack stripped of its tens
(48 cards), aces high, and settled in chips.

*Antes and the deal.* When no pot is open, everyone antes to a new pot: 5 chips, the dealer 10. At
other deals only the dealer antes 5, to the newest pot. Eleven cards each; the dealer gets a twelfth,
and every other player gets one card face down beside their hand.

*The exchange.* The dealer discards one card. Each other player may discard one card and take up their
face-down card unseen, or keep their hand and just look at it. The four cards set aside are the talon.

*Play.* Eldest hand leads; follow suit if you can; the highest card of the suit led wins; no trumps.

*Aces and Quinola (J♥) pay at once.* An ace thrown on another suit: the trick's winner pays its player 1
(A♦: 2). An ace forced (its holder had no other card of the suit led): its player pays the leader 1
(A♦: 2). Quinola thrown on another suit: the winner pays its player 5, who also takes the newest pot.
Quinola forced on a heart lead: its player pays the leader 10, the other two pay the leader 5 each, and
its player pays a **remise** the size of the newest pot (the first into that pot, later ones each
forming a new pot). A led ace or Quinola is claimed by the party's winner when the deal is scored (ace:
1, A♦ 2, from its player; Quinola: 10 from its player and 5 from each of the other two).

*The party.* Cards taken count A 4, K 3, Q 2, J 1. Fewest points wins the party, most loses (ties: fewer
tricks, then the dealer and round to the left). The loser pays the winner 4 plus the points in the
talon, doubled if they sit opposite.

*Reversis.* Whoever takes the first nine tricks is committed to it: every ace and Quinola payment of the
deal is refunded and none is made after. Taking all eleven: 32 from the player opposite and 16 from the
other two (and the newest pot if they played Quinola in the first nine). Broken by an opponent taking
the tenth or eleventh trick: 64 to the first who does (54 if Quinola won that trick), plus a remise if
they had played Quinola.

*Espagnolette.* A player holding all four aces, or three and Quinola, may renounce during the first
nine tricks (and must follow in the last two). Taking no trick, they win the party; taking one, they lose
it, pay back twice what they were paid for aces and Quinola, and return a pot won with a remise. If
someone else makes the reversis, the espagnolette player alone pays them 64.

*The game* lasts an agreed number of deals (four by default); most chips wins.
"""


@dataclass(frozen=True, kw_only=True)
class ReversisOptions:
    deals: int = engine.option(4, "how many deals the game lasts (the book: an agreed number)", minimum=1, maximum=100,
                               label="Deals to play")
    stake: int = engine.option(100, "chips each player starts with", minimum=0, maximum=100_000,
                               label="Chips each player starts with")


INFO = engine.GameInfo(
    id="reversis", name="Reversis", family=("trick-taking", "avoidance"), min_players=4, max_players=4,
    pack=REVERSIS_48.name, rules_source=("reversis.txt",), summary=RULES, num_distinct_actions=97,
    options=engine.option_specs(ReversisOptions), max_actions=48 * 100 + 10)


@dataclass(frozen=True, slots=True)
class Exchange(CardAction):
    """Laying a card aside in the exchange: its card is seen only by its player."""

    verb: ClassVar[str] = "discard"
    secret: ClassVar[bool] = True

    def public_text(self) -> str:
        return "discard a card"


PACK = REVERSIS_48
N = len(PACK)
ORDER = tricks.CardOrder.build(PACK, ACE_HIGH)
SUIT_OF = ORDER.suit_of
SUIT_MASKS = ORDER.suit_masks
INDEX = PACK.index
BIT = tuple(1 << i for i in range(N))
PLAYS = [Play(card) for card in PACK.cards]
DISCARDS = [Exchange(card) for card in PACK.cards]
KEEP = Pass()
ACTIONS = ActionTable([*PLAYS, *DISCARDS, KEEP], chunk=12)
PLAY_TABLE = ActionTable(PLAYS, chunk=12)
LEGAL = tricks.follower(ORDER)
SEAT = tuple((s,) for s in range(4))
TRICKS = 11
HAND = 11
FIRST_DEALER = 3   # so that seat 0 leads the first trick
ACES = PACK.rank_masks[Rank.ACE]
QUINOLA = INDEX[Card(Rank.JACK, Suit.HEARTS)]
ACE_DIAMONDS = INDEX[Card(Rank.ACE, Suit.DIAMONDS)]
POINT_OF_RANK = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
POINTS = tuple(POINT_OF_RANK.get(card.rank, 0) for card in PACK.cards)
COUNTERS = sum(BIT[i] for i in range(N) if POINTS[i])

# What an open-hand search counts (``ReversisState.trick_goal``): card points to avoid; tricks to avoid.
AVOID_POINTS = tricks.Goal(points=POINTS, maximize=False)
AVOID_TRICKS = tricks.Goal(maximize=False)


def points_of(mask: int) -> int:
    return sum(POINTS[i] for i in bit_indices(mask & COUNTERS))


def qualifying(hand: int) -> int:
    """The cards that let a hand attempt the espagnolette (four aces, or three and Quinola), or 0."""
    aces = hand & ACES
    if aces == ACES:
        return aces
    if aces.bit_count() == 3 and hand >> QUINOLA & 1:
        return aces | BIT[QUINOLA]
    return 0


def ace_value(card: int) -> int:
    return 2 if card == ACE_DIAMONDS else 1


def card_text(card: int) -> str:
    return str(PACK.cards[card])


class Phase(engine.Phase):
    EXCHANGE = "exchange"
    PLAY = "play"
    OVER = "over"


class ReversisState(engine.PhasedState[Phase], tricks.TrickPlayState):
    ACTION_KINDS = (Play, Exchange, Pass)
    ACTIONS = ACTIONS
    PACK = PACK
    PLAYS = PLAY_TABLE
    follow = staticmethod(LEGAL)    # the rule of following, but for the espagnolette (``_legal_mask``)
    MUTABLE = ("hands", "down", "talon_known", "kept", "trick", "taken", "shown", "claims", "ledger")
    ZONES = kinds(card_face_down_beside="seats", pots="pots", talon="count")
    EXTRAS = kinds(claims="records", dealer="seat", deals="number", espagnolette="seat", kept="seats",
                   points_taken="numbers", reversis="seat", talon_known="cards", trick_number="number")
    trick_size = 4
    tricks_in_deal = TRICKS

    # --- antes and the deal ---------------------------------------------------------------------------
    def _setup(self) -> None:
        self.ledger = Ledger.start(4, self.options["stake"])
        self.remise_into_pot = True    # the next remise goes into the newest pot (not a new one)
        self.hands_in_game = self.options["deals"]
        self.dealer = FIRST_DEALER
        self._deal()

    def _deal(self) -> None:
        self.deal_mark = self.ledger.mark()
        self.chips_before = tuple(self.ledger.chips)
        self._antes()
        self.remise_at_deal_start = self.remise_into_pot
        prepared = self._prepared_now()
        if prepared is not None:
            self.hands = list(prepared.masks)
            self.down = [-1] * 4
            for k, card in enumerate(prepared.apart["down"]):
                self.down[self.seating.next(self.dealer, 1 + k)] = card
        else:
            deck = self._shuffled(f"deal {self.hand_number}", N)
            order = self.seating.order_from(self.seating.next(self.dealer))
            self.hands, _ = self._deal_packets(deck, order, (HAND,))
            # Then one more card for the dealer, and one face down before each of the others.
            self.hands[self.dealer] |= BIT[deck[4 * HAND]]
            self.down = [-1] * 4
            for seat, card in zip(order[:3], deck[4 * HAND + 1:], strict=True):
                self.down[seat] = card
        self.talon = 0
        self.talon_known = [0] * 4
        self.kept: list[int] = []          # seats that kept their hand (public)
        self.shown = [0] * 4
        self.claims: list[tuple[int, int]] = []   # (leader, card) for a led ace or Quinola
        self._start_tricks(self.seating.next(self.dealer))
        self.eligible = -1
        self.espagnolette = -1
        self.espagnolette_trick = 0
        self.reversis = -1
        self.broken_by = -1
        self.broken_by_quinola = False
        self.reversis_quinola = False
        self.phase = Phase.EXCHANGE
        self.to_move = SEAT[self.dealer]
        self._say("hand {}: seat {} deals", self.hand_number, self.dealer)

    def _antes(self) -> None:
        ledger = self.ledger
        if ledger.newest_pot is None:
            for seat in self.seating.order_from(self.seating.next(self.dealer)):
                ledger.ante(seat, "pot 1", 10 if seat == self.dealer else 5,
                            "dealer's ante to a new pot" if seat == self.dealer else "ante to a new pot")
            self.remise_into_pot = True
        else:
            ledger.ante(self.dealer, ledger.newest_pot, 5, "dealer's ante to the newest pot")

    def _deal_shape(self, number: int) -> engine.DealShape:
        """The dealer of deal ``number`` holds the twelfth card, so the form follows the deal round."""
        dealer = self.seating.next(FIRST_DEALER, number - 1)
        form = (f'{{"hands": [four lists: 12 cards for seat {dealer}, who deals, 11 for the others], '
                '"down": [3 cards, for the seats from the dealer\'s left]}')
        return engine.DealShape(PACK, form, sizes=tuple(12 if seat == dealer else HAND for seat in range(4)),
                                apart=(engine.Apart("down", 3),), check=_down_given)

    # --- the exchange -----------------------------------------------------------------------------------
    def _in_play(self) -> bool:
        return self.phase is Phase.PLAY

    def _legal(self, seat: int) -> list[Action]:
        if self.phase is Phase.EXCHANGE:
            out: list[Action] = [DISCARDS[c] for c in bit_indices(self.hands[seat])]
            if seat != self.dealer:
                out.append(KEEP)
            return out
        return super()._legal(seat)

    def _check(self, seat: int, action: Action) -> None:
        if self.phase is Phase.EXCHANGE:
            if type(action) is Pass:
                if seat == self.dealer:
                    raise IllegalAction("the dealer must discard one card", rule="the exchange")
                return
            if type(action) is not Exchange:
                raise IllegalAction("the exchange comes first: discard a card"
                                    + ("" if seat == self.dealer else " or pass"), rule="the exchange")
            index = INDEX.get(action.card)
            if index is None or not self.hands[seat] >> index & 1:
                raise IllegalAction(f"you do not hold {action.card}", rule="discard from your hand")
            return
        if type(action) is not Play:
            raise IllegalAction(f"the exchange is over: play a card, not {action}", rule="play")
        super()._check(seat, action)

    def _follow_refusal(self, seat: int, card: Card) -> IllegalAction:
        refusal = super()._follow_refusal(seat, card)
        if seat != self.espagnolette:
            return refusal
        return IllegalAction(f"{refusal} (in the last two tricks even the espagnolette must follow)", rule=refusal.rule)

    def _do(self, seat: int, action: Action) -> None:
        if self.phase is Phase.EXCHANGE:
            self._exchange(seat, action)
        else:
            super()._do(seat, action)

    def _exchange(self, seat: int, action: Action) -> None:
        if type(action) is Exchange:
            card = INDEX[action.card]
            self.hands[seat] ^= BIT[card]
            self.talon |= BIT[card]
            self.talon_known[seat] |= BIT[card]
            if seat != self.dealer:
                drawn = self.down[seat]
                self.hands[seat] |= BIT[drawn]
                self.down[seat] = -1
                self._say("you take up {}", card_text(drawn), to=[seat])
        else:
            seen = self.down[seat]
            self.talon |= BIT[seen]
            self.talon_known[seat] |= BIT[seen]
            self.down[seat] = -1
            self.kept.append(seat)
            self._say("you look at {} and leave it in the talon", card_text(seen), to=[seat])
        following = self.seating.next(seat)
        if following != self.dealer:
            self.to_move = SEAT[following]
            return
        self.phase = Phase.PLAY
        for s in range(4):
            if qualifying(self.hands[s]):
                self.eligible = s
        self.to_move = SEAT[self.leader]

    # --- play (uses mechanics.tricks) -----------------------------------------------------------------
    def _legal_mask(self, seat: int) -> int:
        if seat == self.eligible and self.trick and len(self.taken) < 9:
            return self.hands[seat]
        return self.follow(self.hands[seat], self.trick)

    def _play(self, seat: int, card: int) -> None:
        trick = self.trick
        if trick and seat == self.eligible and self.espagnolette < 0 \
                and SUIT_OF[card] != SUIT_OF[trick[0]] and self.hands[seat] & SUIT_MASKS[SUIT_OF[trick[0]]]:
            self.espagnolette = seat
            self.espagnolette_trick = len(self.taken) + 1
            self.shown[seat] = qualifying(self._start_hand(seat)) & self.hands[seat]
            self._say("seat {} renounces and undertakes the espagnolette, showing {}", seat,
                      " ".join(card_text(c) for c in bit_indices(self.shown[seat])))
        self.shown[seat] &= ~BIT[card]
        super()._play(seat, card)

    def _after_trick(self, taker: int) -> None:
        """Aces and Quinola are paid the moment their trick is taken; the reversis is made by the ninth."""
        leader, _, cards, _ = self.taken[-1]
        number = len(self.taken)
        if self.reversis < 0:
            self._ace_and_quinola(leader, taker, cards)
            if number == 9 and all(t == taker for _, t, _, _ in self.taken):
                self._commit_reversis(taker)
        elif taker != self.reversis and self.broken_by < 0:
            self.broken_by = taker
            self.broken_by_quinola = cards[tricks.winner(cards, ORDER)] == QUINOLA
            self._say("seat {} breaks the reversis", taker)
        super()._after_trick(taker)

    def _card_order(self) -> tricks.CardOrder:
        return ORDER

    def trick_goal(self, seat: int) -> tuple[frozenset[int], tricks.Goal] | None:
        """Each for himself, taking as few card points as he can: the party goes to the fewest and is lost
        by the most. Left out: the ace and Quinola payments (they follow who plays the card where, not who
        takes it), the talon's points, and a reversis in the making. A reversis made after nine tricks: its
        maker alone against the rest, for tricks (it needs them all, and one breaks it). The espagnolette
        player, once committed, wants no trick. None while the espagnolette may still renounce (the first
        nine tricks), a freedom of one hand that no rule of following over the cards alone can express."""
        if self.reversis >= 0:
            return tricks.side_of(seat, (self.reversis,), range(4)), tricks.TRICKS
        if self.eligible >= 0 and len(self.taken) < 9:
            return None
        if seat == self.espagnolette:
            return frozenset({seat}), AVOID_TRICKS
        return frozenset({seat}), AVOID_POINTS

    def _start_hand(self, seat: int) -> int:
        """The seat's hand when play began: what it holds plus what it has played this deal."""
        hand = self.hands[seat]
        for leader, _, cards, _ in [*self.taken, (self.leader, -1, self.trick, 0)]:
            for k, card in enumerate(cards):
                if self.seating.next(leader, k) == seat:
                    hand |= BIT[card]
        return hand

    # --- aces and Quinola, paid the moment they fall -----------------------------------------------
    def _ace_and_quinola(self, leader: int, taker: int, cards: list[int]) -> None:
        ledger = self.ledger
        led = SUIT_OF[cards[0]]
        for k, card in enumerate(cards):
            if not (BIT[card] & ACES or card == QUINOLA):
                continue
            player = self.seating.next(leader, k)
            name = "Quinola" if card == QUINOLA else f"the ace {card_text(card)}"
            if k == 0:
                self.claims.append((player, card))
                self._say("seat {} leads {}: the party's winner will claim for it", player, card_text(card))
            elif SUIT_OF[card] != led:
                if card == QUINOLA:
                    ledger.pay(taker, player, 5, "Quinola discarded on another suit", "quinola")
                    pot = ledger.newest_pot
                    if pot is not None:
                        ledger.take_pot(player, pot, f"Quinola discarded: takes the newest pot ({pot})")
                else:
                    ledger.pay(taker, player, ace_value(card), f"{name} discarded on another suit", "ace")
            elif self._forced(player, card, cards, k):
                if card == QUINOLA:
                    ledger.pay(player, leader, 10, "Quinola forced on a heart lead", "quinola")
                    for other in range(4):
                        if other not in (player, leader):
                            ledger.pay(other, leader, 5, "Quinola forced: the others pay the leader", "quinola")
                    self._remise(player, "remise for Quinola forced")
                else:
                    ledger.pay(player, leader, ace_value(card), f"{name} forced", "ace")

    def _forced(self, player: int, card: int, cards: Sequence[int], k: int) -> bool:
        """Played to its own suit by a player who held no other card of that suit (notes)."""
        return not self.hands[player] & SUIT_MASKS[SUIT_OF[card]]

    def _remise(self, seat: int, reason: str) -> None:
        ledger = self.ledger
        pot = ledger.newest_pot
        if pot is None:
            return
        amount = ledger.pots[pot]
        if self.remise_into_pot:
            self.remise_into_pot = False
            ledger.pay(seat, pot, amount, f"{reason}, into the {pot}", "remise")
        else:
            new = f"pot {len(ledger.pots) + 1}"
            ledger.pay(seat, new, amount, f"{reason}, forming the {new}", "remise")

    # --- the reversis ----------------------------------------------------------------------------------
    def _commit_reversis(self, seat: int) -> None:
        self.reversis = seat
        self.reversis_quinola = any(self.seating.next(leader, k) == seat and card == QUINOLA
                                    for leader, _, cards, _ in self.taken for k, card in enumerate(cards))
        self.claims = []
        ledger = self.ledger
        for entry in reversed(ledger.since(self.deal_mark)):
            if entry.tag in ("ace", "quinola", "pot", "remise"):
                ledger.refund(entry, f"refunded: seat {seat} is committed to the reversis", tag="reversis refund")
        # Every remise of the deal was refunded: the next one goes where it would have gone.
        self.remise_into_pot = self.remise_at_deal_start
        self._say("seat {} has taken the first nine tricks: the reversis", seat)

    # --- scoring (the book's words) ---------------------------------------------------------------------
    def points_taken(self) -> list[int]:
        points = [0] * 4
        for _, taker, cards, _ in self.taken:
            points[taker] += sum(POINTS[c] for c in cards)
        return points

    def party(self, points: list[int], won: list[int]) -> tuple[int, int]:
        """The party's winner and loser: fewest / most points, ties to fewer tricks, then the dealer and
        round to the left; the espagnolette player wins it by taking no trick and loses it by taking one."""
        rank = {seat: k for k, seat in enumerate(self.seating.order_from(self.dealer))}
        seats = list(range(4))
        esp = self.espagnolette
        if esp >= 0 and won[esp] == 0:
            winner = esp
        else:
            winner = min((s for s in seats if s != esp or esp < 0), key=lambda s: (points[s], won[s], rank[s]))
        if esp >= 0 and won[esp] > 0:
            loser = esp
        else:
            loser = min((s for s in seats if s != winner), key=lambda s: (-points[s], won[s], rank[s]))
        return winner, loser

    def _end_hand(self) -> None:
        ledger = self.ledger
        points, won = self.points_taken(), self.trick_counts()
        talon_points = points_of(self.talon)
        talon_text = " ".join(card_text(c) for c in bit_indices(self.talon))
        self._say("the talon: {} ({} points)", talon_text, talon_points)
        rev = self.reversis
        if rev >= 0:
            if self.broken_by < 0:
                summary = f"seat {rev} makes the reversis"
                if self.espagnolette >= 0:
                    ledger.pay(self.espagnolette, rev, 64, "the reversis made: the espagnolette pays it all",
                               "reversis")
                else:
                    for other in range(4):
                        if other != rev:
                            amount = 32 if (other - rev) % 4 == 2 else 16
                            ledger.pay(other, rev, amount, "the reversis made", "reversis")
                if self.reversis_quinola and ledger.newest_pot is not None:
                    ledger.take_pot(rev, None, "the reversis made after playing Quinola: takes the newest pot")
            else:
                amount = 54 if self.broken_by_quinola else 64
                ledger.pay(rev, self.broken_by, amount, "the reversis broken"
                           + (" by Quinola" if self.broken_by_quinola else ""), "reversis")
                summary = f"seat {self.broken_by} breaks seat {rev}'s reversis"
                if self.reversis_quinola:
                    self._remise(rev, "remise: a broken reversis after playing Quinola")
        else:
            esp = self.espagnolette
            if esp >= 0 and won[esp] > 0:
                for entry in ledger.since(self.deal_mark):
                    if entry.target == esp and entry.tag in ("ace", "quinola") and isinstance(entry.source, int):
                        ledger.refund(entry, "espagnolette failed: paid back double", 2, "espagnolette")
                    elif entry.target == esp and entry.tag == "pot":
                        ledger.refund(entry, "espagnolette failed: the pot returned", 1, "espagnolette")
                        self._remise(esp, "remise for a failed espagnolette")
            winner, loser = self.party(points, won)
            for player, card in self.claims:
                if player == winner:
                    continue
                if card == QUINOLA:
                    ledger.pay(player, winner, 10, "claim for Quinola led", "claim")
                    for other in range(4):
                        if other not in (player, winner):
                            ledger.pay(other, winner, 5, "claim for Quinola led: the others pay", "claim")
                else:
                    ledger.pay(player, winner, ace_value(card), f"claim for the ace {card_text(card)} led", "claim")
            payment = (4 + talon_points) * (2 if (winner - loser) % 4 == 2 else 1)
            ledger.pay(loser, winner, payment,
                       f"the party: 4 and {talon_points} in the talon"
                       + (", doubled across the table" if (winner - loser) % 4 == 2 else ""), "party")
            summary = (f"seat {winner} wins the party, seat {loser} loses it"
                       + (f"; seat {esp} makes the espagnolette" if esp >= 0 and won[esp] == 0 else "")
                       + (f"; seat {esp} fails the espagnolette" if esp >= 0 and won[esp] > 0 else ""))
        changes = tuple(ledger.chips[s] - self.chips_before[s] for s in range(4))
        entries = ledger.since(self.deal_mark)
        text = summary + "; " + "; ".join(f"seat {s} {changes[s]:+d}" for s in range(4))
        self._finish_hand(engine.HandResult(self.hand_number, changes, explain=partial(worded, entries, text)))
        self._next_deal()

    def scores(self) -> list[int]:
        return list(self.ledger.chips)

    # --- what each seat sees -------------------------------------------------------------------------
    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        won = self.trick_counts()
        seats = [engine.seat_entry(s, held=self.hands[s].bit_count(), tricks=won[s], chips=self.ledger.chips[s],
                                   face_up=[card_text(c) for c in bit_indices(self.shown[s])],
                                   status=" ".join(w for w, on in (("dealer", s == self.dealer),
                                                                   ("espagnolette", s == self.espagnolette),
                                                                   ("reversis", s == self.reversis)) if on))
                 for s in range(4)]
        table = self._trick_table(pots=self.ledger.pots_view(), talon=self.talon.bit_count(),
                                  card_face_down_beside=[s for s in range(4) if self.down[s] >= 0])
        extra: dict[str, Any] = {
            "dealer": self.dealer, "trick_number": min(len(self.taken) + 1, TRICKS),
            "points_taken": self.points_taken(), "kept": list(self.kept),
            "claims": [{"seat": p, "card": card_text(c)} for p, c in self.claims],
            "espagnolette": None if self.espagnolette < 0 else self.espagnolette,
            "reversis": None if self.reversis < 0 else self.reversis,
            "deals": self.options["deals"],
            "talon_known": ([card_text(c) for c in bit_indices(self.talon_known[seat])]
                            if seat is not None else []),
        }
        hand = [card_text(c) for c in bit_indices(self.hands[seat])] if seat is not None else []
        return {"phase": Phase.OVER if self.is_over else self.phase, "hand": hand, "seats": seats,
                "table": table, "extra": extra}

    def _shows_void(self, seat: int, number: int) -> bool:
        """The espagnolette player's plays off suit from the trick where they undertook it to the ninth
        prove nothing."""
        return not (seat == self.espagnolette and self.espagnolette_trick <= number <= 9)

    def _unknown(self, seat: int) -> engine.Unknown:
        unknown = self._hide_hands(seat, SUIT_MASKS)
        for s in range(4):
            if self.down[s] >= 0:
                unknown.pool |= BIT[self.down[s]]
                unknown.zones.append(engine.Zone(("down", s), 1))
        hidden_talon = self.talon & ~self.talon_known[seat]
        unknown.hide("talon", hidden_talon)
        return unknown

    def _hidden_in_hand(self, seat: int) -> int:
        return self.hands[seat] & ~self.shown[seat]

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        pool = 0
        for cards in deal.values():
            for c in cards:
                pool |= BIT[c]
        seat = next(s for s in range(4) if s not in deal)
        self.talon &= ~pool
        for key, cards in deal.items():
            mask = sum(BIT[c] for c in cards)
            if key == "talon":
                self.talon |= mask
            elif isinstance(key, tuple):
                self.down[key[1]] = cards[0]
            else:
                self.hands[int(key)] = self.shown[int(key)] | mask  # type: ignore[call-overload]
        # Each other seat's card laid aside (or looked at) becomes one of the talon's re-dealt cards, in the
        # history as in what it knows, so that nothing of the real exchange stays behind.
        spare = list(deal.get("talon", []))
        known = [0] * 4
        known[seat] = self.talon_known[seat]
        start = self._deal_starts[-1][0]
        for position in range(start, min(start + 4, self._moves_made())):
            actor, action = self._entry(position)
            if actor == seat or not isinstance(action, (Exchange, Pass)) or not spare:
                continue
            card = spare.pop()
            known[actor] = BIT[card]
            if isinstance(action, Exchange):
                self._set_entry(position, actor, DISCARDS[card])
        self.talon_known = known
        if self.phase is Phase.PLAY and self.espagnolette < 0:
            self.eligible = -1
            for s in range(4):
                if qualifying(self._start_hand(s)):
                    self.eligible = s


def _down_given(prepared: engine.Prepared) -> str | None:
    """The face-down cards are part of the deal: left out, nothing says which three lie before whom."""
    return None if "down" in prepared.apart else 'a Reversis deal names its face-down cards, "down": [3 cards]'


engine.register(INFO, ReversisState)
