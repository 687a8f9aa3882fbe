"""Divide and Conquer: two players lay cards face down at once, and a low card can beat a high one.

Follows ``rules/source/divide-and-conquer.txt`` (Claude Soucie's game, as published by Sid Sackson). Both
hands are open: each player always knows every card the other still holds, so the only secret is the
card laid face down before the opponent has laid theirs.

Choices where the text is silent (each a default, recorded here and tested):

* Suits play no part, so the standard pack is the spades 2-10 and the queen of spades; the long game uses
  the spades 2-10 and the hearts 2, 4, 5, 6 and 8 for its black and red cards.
* There is no dealer: the shuffled pack goes out one card at a time, seat 0 first.
* Laying at the same moment is taken one seat after the other, in either order; the first card laid stays
  hidden from the other seat (and from spectators) until both cards are down.
* In the long game the two exceptions use the red cards' values (a red 2 is twelve, so a six beats it),
  not their printed pips.
* Each half (five matches, seven in the long game) is one hand: ``hand_results`` records the matches each
  seat won in it. The second half starts with the hands as originally dealt, exchanged.
* Finished matches stay face up on the table (``table["matches"]``), each with its winner, in place of
  the book's loser turned sideways.
* Option ``halves=1`` stops after the first half, for a quick game; the book plays both.
* Actions are numbered by one fixed list of every card either game uses, so a card keeps its number in
  both: the two packs share the spades 2-10, so that list has 15 cards (``num_distinct_actions``).

A prepared deal (``deal=``) is ``{"hands": [[cards of seat 0], [cards of seat 1]]}``: it must split the
variant's pack evenly between the two seats. It is the game's only deal (the second half exchanges the
hands), so a list of deals holds just the one.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, ClassVar

from parlour import engine
from parlour.cards import Card, Pack, Rank, Suit
from parlour.engine import Action, ActionTable, CardAction, IllegalAction, Reason
from parlour.engine.view import kinds
from parlour.errors import OutOfTurn

RULES = """\
**Divide and Conquer** is a two-player duel of pure timing: both hands are in plain view all game long.

*The pack.* Ten cards: 2 to 10 and a queen, suits ignored. Each card is worth its pips; the queen is
worth twelve. Shuffle and give five cards to each player.

*A match.* Each player picks a card from hand and puts it face down. Once both are down they are turned
up. Normally the bigger value takes the match, with two exceptions where the smaller card takes it:

* when the smaller value goes into the bigger a whole number of times (6 beats the queen, 3 beats 9);
* when the smaller value is exactly one less than the bigger (9 beats 10).

So 9 beats 5, yet 5 beats 10, which it divides.

*Halves.* After five matches both hands are empty. Each player then takes up the five cards the
*other* player was dealt, and five more matches are played.

*Winning.* Whoever takes more of the ten matches wins; five each is a tie.

*Long game* (variant `long`). Fourteen cards: black 2 to 10 at their pips, and red 2, 4, 5, 6 and 8
counting ten more than their pips (12, 14, 15, 16 and 18). Seven cards each, seven matches a half,
fourteen in all.
"""


@dataclass(frozen=True, kw_only=True)
class DivideAndConquerOptions:
    halves: int = engine.option(2, "halves to play: 2 is the book's game (hands exchanged after the first); "
                                   "1 plays only the first deal, as a quick game", minimum=1, maximum=2,
                                label="Halves to play")


def _spades(*ranks: int) -> list[Card]:
    return [Card(Rank(r), Suit.SPADES) for r in ranks]


PACK = Pack("divide-and-conquer-10", _spades(*range(2, 11), 12))
LONG_PACK = Pack("divide-and-conquer-14",
                 _spades(*range(2, 11)) + [Card(Rank(r), Suit.HEARTS) for r in (2, 4, 5, 6, 8)])
# Every card either game can use, in value order; an action's number is its card's place here, and hands
# are bit masks over these indices. The two packs overlap in the spades 2-10, so the union has 15 cards.
ALL = Pack("divide-and-conquer-all", list(PACK) + [c for c in LONG_PACK if c not in PACK])
INDEX = ALL.index
# A red card of the long game is worth ten more than its pips; the queen counts twelve; the rest, pips.
VALUE = tuple(int(c.rank) + (10 if c.suit == Suit.HEARTS else 0) for c in ALL)
PACK_OF: dict[str | None, Pack] = {None: PACK, "long": LONG_PACK}
DEAL_SHAPES = {variant: engine.DealShape(pack, f'{{"hands": [[{len(pack) // 2} cards], [{len(pack) // 2} cards]]}} '
                                               f"splitting the {len(pack)} cards {' '.join(map(str, pack))}",
                                         sizes=(len(pack) // 2,) * 2, whole=True)
               for variant, pack in PACK_OF.items()}

INFO = engine.GameInfo(
    id="divide-and-conquer", name="Divide and Conquer", family=("simultaneous play", "open information"),
    min_players=2, max_players=2, pack=PACK.name, rules_source=("divide-and-conquer.txt",), summary=RULES,
    num_distinct_actions=len(ALL), variants=("long",), options=engine.option_specs(DivideAndConquerOptions),
    max_actions=2 * len(LONG_PACK))


@dataclass(frozen=True, slots=True)
class Lay(CardAction):
    """Putting a card face down for the match: others learn only that a card went down."""

    verb: ClassVar[str] = "lay"
    secret: ClassVar[bool] = True

    def public_text(self) -> str:
        return "lay a card face down"


LAYS = ActionTable([Lay(card) for card in ALL], chunk=len(ALL))
NO_CARD = -1  # nothing laid yet this match


def match_winner(a: int, b: int) -> int:
    """0 if the card worth ``a`` takes the match, 1 if the card worth ``b`` does.

    The bigger value wins unless the smaller one divides it exactly or is exactly one below it.
    """
    if a == b:
        raise ValueError("no two cards of one pack have the same value")
    low, high = (a, b) if a < b else (b, a)
    low_wins = high % low == 0 or high - low == 1
    return 0 if (a == low) == low_wins else 1


def why_it_wins(winner: Card, loser: Card) -> str:
    """The match's outcome in words, naming which rule decided it."""
    won, lost = VALUE[INDEX[winner]], VALUE[INDEX[loser]]
    if won > lost:
        return f"{winner} ({won}) is higher than {loser} ({lost})"
    if lost % won == 0:
        return f"{winner} ({won}) divides {loser} ({lost}) exactly"
    return f"{winner} ({won}) is one below {loser} ({lost})"


def _cards(mask: int) -> list[str]:
    return [str(c) for c in ALL.cards_in(mask)]


class Phase(engine.Phase):
    LAY = "lay"
    OVER = "over"


class DivideAndConquerState(engine.State):
    ACTION_KINDS = (Lay,)
    ACTIONS = LAYS
    # dealt is never changed after the deal, so it is shared.
    MUTABLE = ("hands", "laid", "won", "half_won", "reasons", "matches")
    ZONES = kinds(match_number="number", matches="records", your_card="card")
    EXTRAS = kinds(dealt="melds", half_won="numbers", halves="number", matches_per_half="number", values="facts")

    # --- deal --------------------------------------------------------------------------------------
    def _setup(self) -> None:
        pack = PACK_OF[self.variant]
        self.pack_mask = ALL.mask(pack)
        self.hand_size = len(pack) // 2
        prepared = self._prepared_now()
        if prepared is not None:
            self.dealt = [sum(1 << INDEX[pack.cards[i]] for i in hand) for hand in prepared.hands]
        else:
            order = [INDEX[pack.cards[i]] for i in self._shuffled("deal", len(pack))]
            self.dealt = [sum(1 << c for c in order[s::2]) for s in range(2)]
        self.hands = list(self.dealt)
        self.hands_in_game = self.options["halves"]
        self.laid = [NO_CARD, NO_CARD]
        self.won = [0, 0]
        self.half_won = [0, 0]
        self.reasons: list[Reason] = []
        # Finished matches stay face up on the table: (half, match, card of seat 0, card of seat 1, winner).
        self.matches: list[tuple[int, int, int, int, int]] = []
        self.to_move = (0, 1)
        self._say("{} cards shuffled, {} to each player; both hands are open", len(pack), self.hand_size)

    def _deal_shape(self, number: int) -> engine.DealShape | None:
        """The hands dealt for the first half; the second half deals nothing, so takes no prepared deal."""
        return DEAL_SHAPES[self.variant] if number == 1 else None

    # --- play: a match ------------------------------------------------------------------------------
    def _legal(self, seat: int) -> list[Action]:
        return LAYS.of(self.hands[seat])

    def apply(self, seat: int, action: Action | str) -> None:
        # A seat waiting for the other's card is out of turn, but the rule it breaks deserves its own name.
        if type(seat) is int and seat in (0, 1) and self.to_move and self.laid[seat] != NO_CARD:
            raise OutOfTurn(f"you have already laid your card for this match; waiting for seat {1 - seat}",
                            rule="one card per match")
        super().apply(seat, action)

    def _check(self, seat: int, action: Action) -> None:
        if type(action) is not Lay:
            raise IllegalAction(f"the only action in Divide and Conquer is to lay a card, not {action}",
                                rule="lay a card")
        index = INDEX.get(action.card)
        if index is None or not self.pack_mask >> index & 1:
            raise IllegalAction(f"{action.card} is not in this game's pack", rule="lay a card you hold")
        if not self.hands[seat] >> index & 1:
            raise IllegalAction(f"you do not hold {action.card}", rule="lay a card you hold")

    def _do(self, seat: int, action: Action) -> None:
        index = INDEX[action.card]  # type: ignore[attr-defined]
        self.hands[seat] ^= 1 << index
        self.laid[seat] = index
        other = 1 - seat
        if self.laid[other] == NO_CARD:
            self.to_move = (other,)
        else:
            self._reveal()

    def _reveal(self) -> None:
        first, second = self.laid
        winner = match_winner(VALUE[first], VALUE[second])
        number = len(self.matches) + 1
        cards = ALL.cards[first], ALL.cards[second]
        why = why_it_wins(cards[winner], cards[1 - winner])
        self.matches.append((self.hand_number, number, first, second, winner))
        self.won[winner] += 1
        self.half_won[winner] += 1
        self.reasons.append(Reason(winner, 1, f"match {number}: {why}"))
        self._say("match {}: seat 0 shows {}, seat 1 shows {}; seat {} wins, as {}",
                  number, cards[0], cards[1], winner, why)
        self.laid = [NO_CARD, NO_CARD]
        if self.hands[0]:
            self.to_move = (0, 1)
        else:
            self._end_half()

    # --- halves and scoring ----------------------------------------------------------------------------
    def _end_half(self) -> None:
        summary = f"seat 0 won {self.half_won[0]} matches, seat 1 won {self.half_won[1]}"
        self._finish_hand(engine.HandResult(self.hand_number, tuple(self.half_won), tuple(self.reasons), summary))
        self._next_deal()

    def _game_over(self) -> None:
        self._say("the game is over: {}", self.result().text)

    def _pass_deal(self) -> None:
        """No one deals: the second half is played with the hands exchanged."""

    def _deal(self) -> None:
        self.hands = [self.dealt[1], self.dealt[0]]
        self.half_won = [0, 0]
        self.reasons = []
        self.to_move = (0, 1)
        self._say("the hands are exchanged: each player now holds the cards the other was dealt")

    def scores(self) -> list[int]:
        return list(self.won)

    def _result(self) -> engine.Result:
        scores = tuple(self.won)
        places = engine.places_by_score(scores, lowest_wins=False)
        winners = tuple(s for s in (0, 1) if places[s] == 1)
        if len(winners) == 2:
            text = f"the matches are split {scores[0]} each: the game is a tie"
        else:
            text = f"seat {winners[0]} wins the majority of the matches, {max(scores)} to {min(scores)}"
        return engine.Result(winners, places, scores, text)

    # --- what each seat sees ------------------------------------------------------------------------
    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        seats = []
        for s in (0, 1):
            # Hand and face-down card shown together, in pack order, so no one can tell which went down.
            unrevealed = self.hands[s] | (1 << self.laid[s] if self.laid[s] != NO_CARD else 0)
            seats.append(engine.seat_entry(s, held=unrevealed.bit_count(), face_up=_cards(unrevealed),
                                           tricks=self.won[s],
                                           status="has laid a card face down" if self.laid[s] != NO_CARD else ""))
        table: dict[str, Any] = {
            "matches": [{"half": h, "match": n, "cards": [str(ALL.cards[a]), str(ALL.cards[b])], "winner": w}
                        for h, n, a, b, w in self.matches],
            "match_number": min(len(self.matches) + 1, self.options["halves"] * self.hand_size),
        }
        if seat is not None and self.laid[seat] != NO_CARD:
            table["your_card"] = str(ALL.cards[self.laid[seat]])
        extra = {"values": {str(c): VALUE[INDEX[c]] for c in ALL.cards_in(self.pack_mask)},
                 "dealt": [_cards(m) for m in self.dealt], "matches_per_half": self.hand_size,
                 "halves": self.options["halves"], "half_won": list(self.half_won)}
        hand = _cards(self.hands[seat]) if seat is not None else []
        return {"phase": Phase.OVER if self.is_over else Phase.LAY, "hand": hand, "seats": seats, "table": table,
                "extra": extra}

    def _unknown(self, seat: int) -> engine.Unknown:
        other = 1 - seat
        if self.laid[other] == NO_CARD:
            return engine.Unknown(pool=0)
        pool = self.hands[other] | 1 << self.laid[other]
        return engine.Unknown(pool, [engine.Zone("laid", 1), engine.Zone("hand", self.hands[other].bit_count())])

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        if not deal:
            return
        # Only one seat can be waiting with a hidden card: the other seat's move would reveal both.
        other = 0 if self.laid[0] != NO_CARD else 1
        self.laid[other] = deal["laid"][0]
        self.hands[other] = sum(1 << c for c in deal["hand"])
        # The history too must hold the card dealt here, not the one really laid: a search that reads
        # the world's own history, log or views must find nothing its seat could not see.
        self._set_entry(self._moves_made() - 1, other, LAYS[self.laid[other]])

engine.register(INFO, DivideAndConquerState)
