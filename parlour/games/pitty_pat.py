"""Pitty Pat: two to five players shed their hands by matching the rank of the upcard.

Follows ``rules/source/pitty-pat.txt`` with the Pitty Pat entry of ``rules/NOTES.md`` (the exhausted
stock). This is the reference game of the matching family.

Choices where the texts are silent (each a default, recorded here and tested):

* The first dealer is the last seat, so that seat 0 plays first; the deal then passes to the left.
* After a match the text lets you discard "any other card". We read that freedom as the choice of *which*
  card: while you still hold a card the discard is part of the turn, and it becomes the next upcard.
  A turn that ended on a bare match would leave the matched card as the upcard, which the text never
  describes.
* Holding several cards of the upcard's rank, you choose which to match with; only the rank counts.
* Matching your last card puts you out at once, with nothing left to discard. From five cards a matching
  turn sheds two, so a player always goes out on a match.
* An exhausted stock (notes): the discard pile, all but its top card, is turned over unshuffled to form
  a new stock. Everyone saw that pile, so the order of a re-formed stock is public.
* A blocked deal: play can go round for ever (say every card left of the ranks still held sits in
  another hand). When a card must be turned from an empty stock and either the stock was already
  re-formed with no match made since, or there is no pile to form a stock from, the deal is
  **blocked**: whoever holds the fewest cards wins it, ties sharing.
* The book's game is one deal, won by going out. Option ``deals`` plays several, the deal passing left;
  each deal's winner (each of the tied fewest, in a blocked deal) scores a point, most points winning.

Hidden information: the hands and the order of a stock not yet re-formed. Every card matched, discarded
or turned is public. A player who fails to match an upcard is known to hold none of its rank from then
on (hands never grow), and a player kept on move after turning is known to hold its rank; sampled worlds
keep both.

A prepared deal (``deal=``) is ``{"hands": [[5 cards] per seat], "upcard": "7H", "stock": [cards, top
first]}``. ``upcard`` and ``stock`` may be left out, and the stock given in part: the cards listed are
its top, and the cards not named anywhere follow below in the seed's shuffled order (without an upcard,
the first of them is turned up, over the stock listed). A list gives one such deal per hand.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar

from parlour import engine
from parlour.cards import ACE_HIGH, STANDARD_52, Card, bit_indices
from parlour.engine import Action, ActionTable, CardAction, Discard, IllegalAction, Reason, Zone
from parlour.engine.view import kinds
from parlour.mechanics.stock import deal_upcard, upcard_shape

RULES = """\
**Pitty Pat** is a matching game for two to five players with a 52-card pack; Belize counts it as its
national card game.

*The deal.* Everyone gets five cards. The undealt cards form a face-down stock, whose top card is turned
over to be the **upcard**, the start of the discard pile.

*A turn.* The player left of the dealer begins and play goes left. If you hold a card of the upcard's
rank you must **match** it, laying that card on the pile; then, while you have cards left, you
**discard** one of your choice on top, and it is the upcard the next player faces. Holding nothing of
that rank, you **turn** the stock's top card over as the new upcard: if you can match it, match and
discard as before; if not, your turn is over and the next player faces it.

*Going out.* The first player to shed every card wins. From five cards this happens on a match.

*An empty stock.* The pile except its top card is turned over, unshuffled, as a new stock. If that
stock runs out again with no match made meanwhile, the deal is **blocked** and the fewest cards in hand
win it (ties share).

*The game* is one deal. Option `deals` plays more, the deal moving left: a point per deal won, and the
most points win.
"""


@dataclass(frozen=True, kw_only=True)
class PittyPatOptions:
    deals: int = engine.option(1, "deals to play; each deal's winner scores a point and the most points win",
                               minimum=1, maximum=50, label="Deals to play")


# Between two matches a deal turns at most two stocks (~100 cards); a deal has at most 26 matches.
INFO = engine.GameInfo(
    id="pitty-pat", name="Pitty Pat", family=("matching", "shedding"), min_players=2, max_players=5,
    default_players=4, pack=STANDARD_52.name, rules_source=("pitty-pat.txt",), summary=RULES,
    num_distinct_actions=105, options=engine.option_specs(PittyPatOptions), max_actions=3_000 * 50)


@dataclass(frozen=True, slots=True)
class Match(CardAction):
    verb: ClassVar[str] = "match"


@dataclass(frozen=True, slots=True)
class Turn(Action):
    """Turn up the stock's top card: you hold no card of the upcard's rank."""

    verb: ClassVar[str] = "turn"


class Stage(Enum):
    """The step of a turn, all within the play: not a phase (a view words it in ``extra["stage"]``)."""

    PLAY = "play"          # start of a turn: match if you can, turn if you cannot
    TURNED = "turned"      # the card just turned can be matched: match it
    DISCARD = "discard"    # matched with cards left: the free discard


PACK = STANDARD_52
CARDS = PACK.cards
INDEX = PACK.index
FULL = PACK.full_mask
HAND_SIZE = 5
RANK_MASK_OF = tuple(PACK.rank_masks[card.rank] for card in CARDS)   # by card: every card of its rank
RANK_TEXT = tuple(rank.letter for rank in ACE_HIGH)
RANK_MASKS = tuple(PACK.rank_masks[rank] for rank in ACE_HIGH)
RANK_OF = tuple(ACE_HIGH.index(card.rank) for card in CARDS)
MATCHES = ActionTable([Match(card) for card in CARDS], chunk=13)
DISCARDS = ActionTable([Discard(card) for card in CARDS], chunk=13)
TURN = Turn()
DISCARD_BASE, TURN_NUMBER = 52, 104
# Numbers: match 0-51, discard 52-103, turn 104.
ALL_ACTIONS = ActionTable([*MATCHES.actions, *DISCARDS.actions, TURN])


class Phase(engine.Phase):
    PLAY = "play"
    OVER = "over"


class PittyPatState(engine.State):
    ACTION_KINDS = (Match, Discard, Turn)
    ACTIONS = ALL_ACTIONS
    MUTABLE = ("hands", "pile", "stock", "lacks", "totals")
    ZONES = kinds(discard="cards", stock="count", upcard="card")
    EXTRAS = kinds(dealer="seat", deals_in_game="number", ranks_known_lacking="texts", known_stock="cards",
                   matched_since_reform="flag", stage="text", stock_reformed="flag")

    # --- deal --------------------------------------------------------------------------------------
    def _setup(self) -> None:
        n = self.players
        self.totals = [0] * n
        self.hands_in_game = self.options["deals"]
        self.dealer = n - 1
        self._next = tuple((s,) for s in self.seating.following)
        self._deal()

    def _deal(self) -> None:
        self.hands, upcard, stock = deal_upcard(self, PACK, HAND_SIZE)
        self.pile = [upcard]                  # bottom first: pile[-1] is the upcard
        self.stock = stock[::-1]              # top last, so that turning a card is a pop()
        self.lacks = [0] * self.players       # per seat, every card of the ranks it is known not to hold
        self.stage = Stage.PLAY
        self.reformed = False
        self.matched_since_reform = False
        self.to_move = self._next[self.dealer]
        self._say("hand {}: seat {} deals; the upcard is {}", self.hand_number, self.dealer, CARDS[upcard])

    def _deal_shape(self, number: int) -> engine.DealShape:
        return upcard_shape(PACK, HAND_SIZE, self.players, stacked=False)

    # --- play ----------------------------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        if type(seat) is int and seat in self.to_move:
            return self._legal(seat)
        return super().legal_actions(seat)

    def _legal(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        if self.stage is Stage.DISCARD:
            return DISCARDS.of(hand)
        matches = hand & RANK_MASK_OF[self.pile[-1]]
        return MATCHES.of(matches) if matches else [TURN]

    def _allowed(self, seat: int, action: Action) -> bool:
        """The one test of legality, shared by ``apply``'s fast path, ``_check`` and nothing else."""
        kind = type(action)
        hand = self.hands[seat]
        if kind is Turn:
            return self.stage is not Stage.DISCARD and not hand & RANK_MASK_OF[self.pile[-1]]
        if kind is not Match and kind is not Discard:
            return False
        index = INDEX.get(action.card, -1)  # type: ignore[attr-defined]
        if index < 0 or not hand >> index & 1:
            return False
        if kind is Discard:
            return self.stage is Stage.DISCARD
        return self.stage is not Stage.DISCARD and bool(RANK_MASK_OF[self.pile[-1]] >> index & 1)

    def apply(self, seat: int, action: Action | str) -> None:
        # The playout hot path: a legal action goes straight through; anything else takes the base
        # class's checked path, which explains the refusal. Both decide by ``_allowed``.
        if type(seat) is int and seat in self.to_move and isinstance(action, Action) \
                and self._allowed(seat, action):
            self._perform(seat, action)
            return
        super().apply(seat, action)

    def _check(self, seat: int, action: Action) -> None:
        # Messages speak only of the actor's own hand and public cards, never of what the stock holds.
        if self._allowed(seat, action):
            return
        kind = type(action)
        if kind is not Match and kind is not Discard and kind is not Turn:
            raise IllegalAction(f"Pitty Pat has no '{action}': its actions are match, discard and turn",
                                rule="actions")
        if self.stage is Stage.DISCARD:
            if kind is not Discard:
                raise IllegalAction("you have matched: now discard a card of your choice", rule="free discard")
            raise IllegalAction(f"you do not hold {action.card}", rule="play from your hand")  # type: ignore[attr-defined]
        upcard = CARDS[self.pile[-1]]
        rank = RANK_TEXT[RANK_OF[self.pile[-1]]]
        can_match = self.hands[seat] & RANK_MASK_OF[self.pile[-1]]
        if kind is Turn:
            raise IllegalAction(f"you hold a card of the upcard's rank ({rank}), so you must match it",
                                rule="must match the upcard")
        card: Card = action.card  # type: ignore[attr-defined]
        index = INDEX.get(card, -1)
        if kind is Match and (index < 0 or not self.hands[seat] >> index & 1):
            raise IllegalAction(f"you do not hold {card}", rule="play from your hand")
        if can_match:
            if kind is Discard:
                raise IllegalAction(f"match the upcard {upcard} first: the free discard follows a match",
                                    rule="must match the upcard")
            raise IllegalAction(f"{card} does not match the upcard {upcard}: a match is a card of rank {rank}",
                                rule="match by rank")
        raise IllegalAction(f"you cannot match the upcard {upcard}, so your move is 'turn'",
                            rule="turn when you cannot match")

    def _do(self, seat: int, action: Action) -> None:
        kind = type(action)
        if kind is Turn:
            self._turn(seat)
        elif kind is Match:
            self._match(seat, INDEX[action.card])  # type: ignore[attr-defined]
        else:
            self._discard(seat, INDEX[action.card])  # type: ignore[attr-defined]

    def _match(self, seat: int, index: int) -> None:
        self.hands[seat] ^= 1 << index
        self.pile.append(index)
        self.matched_since_reform = True
        if self.hands[seat]:
            self.stage = Stage.DISCARD
        else:
            self._end_deal((seat,), "goes out", f"seat {seat} goes out")

    def _discard(self, seat: int, index: int) -> None:
        self.hands[seat] ^= 1 << index
        self.pile.append(index)
        if self.hands[seat]:
            self.stage = Stage.PLAY
            self.to_move = self._next[seat]
        else:   # unreachable from a five-card hand (see the docstring), kept because the rule says so
            self._end_deal((seat,), "goes out", f"seat {seat} goes out")

    def _turn(self, seat: int) -> None:
        self.lacks[seat] |= RANK_MASK_OF[self.pile[-1]]
        if not self.stock:
            if len(self.pile) < 2 or (self.reformed and not self.matched_since_reform):
                self._end_blocked()
                return
            self._reform()
        card = self.stock.pop()
        self.pile.append(card)
        self._log.append((self._moves_made(), "seat {} turns up {}", (seat, CARDS[card]), None))
        if self.hands[seat] & RANK_MASK_OF[card]:
            self.stage = Stage.TURNED
        else:
            self.lacks[seat] |= RANK_MASK_OF[card]
            self.stage = Stage.PLAY
            self.to_move = self._next[seat]

    # --- the exhausted stock (notes) -----------------------------------------------------------------
    def _reform(self) -> None:
        """Turn the pile over, all but its top card: the oldest card becomes the stock's top."""
        pile = self.pile
        self.stock = pile[-2::-1]
        self.pile = pile[-1:]
        self.reformed = True
        self.matched_since_reform = False
        self._say("the stock is empty: the pile but its upcard is turned over as a stock of {} cards",
                  len(self.stock))

    # --- scoring (the book's words) -----------------------------------------------------------------
    def _end_blocked(self) -> None:
        fewest = min(hand.bit_count() for hand in self.hands)
        winners = tuple(s for s in range(self.players) if self.hands[s].bit_count() == fewest)
        who = (f"seat {winners[0]} holds" if len(winners) == 1 else
               f"seats {', '.join(map(str, winners[:-1]))} and {winners[-1]} hold")
        self._end_deal(winners, f"blocked, fewest cards ({fewest})", f"blocked: {who} the fewest cards ({fewest})")

    def _end_deal(self, winners: tuple[int, ...], reason: str, summary: str) -> None:
        changes = tuple(1 if s in winners else 0 for s in range(self.players))
        for seat in winners:
            self.totals[seat] += 1
        self._finish_hand(engine.HandResult(self.hand_number, changes, tuple(Reason(s, 1, reason) for s in winners),
                                            summary))
        self._next_deal()

    def scores(self) -> list[int]:
        return list(self.totals)

    # --- what each seat sees ------------------------------------------------------------------------
    def _stage_for(self, seat: int | None) -> str:
        """Others see only that a turn began: whether its player can match shows when they act."""
        if self.is_over:
            return "over"
        if self.stage is Stage.PLAY:
            if seat not in self.to_move:
                return "play"
            return "match" if self.hands[seat] & RANK_MASK_OF[self.pile[-1]] else "turn"
        return "match" if self.stage is Stage.TURNED else "discard"

    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        seats = [engine.seat_entry(s, held=self.hands[s].bit_count(), status="dealer" if s == self.dealer else "")
                 for s in range(self.players)]
        table = {"upcard": str(CARDS[self.pile[-1]]), "stock": len(self.stock),
                 "discard": [str(CARDS[c]) for c in self.pile]}
        extra = {
            "dealer": self.dealer, "stage": self._stage_for(seat), "deals_in_game": self.hands_in_game,
            "ranks_known_lacking": [[RANK_TEXT[k] for k in range(13) if self.lacks[s] & RANK_MASKS[k]]
                                    for s in range(self.players)],
            "stock_reformed": self.reformed, "matched_since_reform": self.matched_since_reform,
            # A re-formed stock is the old pile turned over: its order is public (top first).
            "known_stock": [str(CARDS[c]) for c in reversed(self.stock)] if self.reformed else [],
        }
        hand = []
        if seat is not None:
            hand = [str(CARDS[c]) for c in sorted(bit_indices(self.hands[seat]), key=lambda c: (RANK_OF[c], c))]
        return {"phase": Phase.OVER if self.is_over else Phase.PLAY, "hand": hand, "seats": seats, "table": table,
                "extra": extra}

    def _unknown(self, seat: int) -> engine.Unknown:
        unknown = engine.Unknown(pool=0)
        for s in range(self.players):
            if s == seat:
                continue
            hand = self.hands[s]
            size = hand.bit_count()
            unknown.pool |= hand
            if self.stage is Stage.TURNED and s in self.to_move:
                # Kept on move after turning: one card of the turned rank is certainly there.
                unknown.zones.append(Zone(("must", s), 1, RANK_MASK_OF[self.pile[-1]]))
                size -= 1
            unknown.zones.append(Zone(s, size, FULL & ~self.lacks[s]))
        if not self.reformed:
            for c in self.stock:
                unknown.pool |= 1 << c
            unknown.zones.append(Zone("stock", len(self.stock)))
        return unknown

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        hands: dict[int, int] = {}
        for key, cards in deal.items():
            if key == "stock":
                self.stock = cards[::-1]          # the cards given are the stock from the top down
                continue
            seat: int = key[1] if isinstance(key, tuple) else key  # type: ignore[assignment]
            hands[seat] = hands.get(seat, 0) | sum(1 << c for c in cards)
        for seat, mask in hands.items():
            self.hands[seat] = mask



engine.register(INFO, PittyPatState)
