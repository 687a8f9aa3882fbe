"""Tëtka ("auntie"): four players avoid the cards that the last card dealt marks as dangerous.

Follows ``rules/source/tetka.txt`` with the Tëtka entry of ``rules/NOTES.md``. This is the reference game
of the trick-taking family: copy its shape for a new trick game.

Choices where the texts are silent (each a default, recorded here and tested):

* The first dealer is seat 3, so that seat 0 leads the first trick; the deal then passes to the left.
* A bum card that is itself a queen is also Tëtka, and its taker scores 1 + 2 = 3 for it (notes).
* The most-tricks point, tied on tricks, goes to whoever of the tied took more cards of the bum suit, and
  then to whoever took the highest of them; if none of the tied took any, no one scores it (notes).
* One orbit (four deals, each player dealing once) is the book's game; ``orbits`` lengthens it.

A prepared deal (``deal=``) is ``{"hands": [[13 cards] x 4], "bum": "7H"}``; the bum card must be in the
dealer's hand (seat 3's in the first deal, seat 0's in the second) and defaults to the last card listed for
the dealer. A stacked pack ``{"pack": [the 52 cards, top first]}`` is dealt round as the book deals.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from parlour import engine
from parlour.cards import ACE_HIGH, STANDARD_52, Card, Rank, bit_indices
from parlour.engine import ActionTable, Play, Reason
from parlour.engine.view import kinds
from parlour.mechanics import tricks

RULES = """\
**Tëtka** is a Russian avoidance game for four, played with a 52-card pack, aces high.

*The deal.* All 52 cards are dealt, thirteen each. The last card dealt goes to the dealer and is shown to
everyone: this is the **bum card**, and it decides much of what is dangerous this deal.

*The play.* Whoever sits left of the dealer opens the first trick. You must follow suit if you can;
otherwise play anything. There are no trumps: the highest card of the suit led takes the trick, and its
winner leads to the next.

*Penalty points* (you want as few as possible), scored by whoever takes them:

* the bum card itself: 1;
* **Tëtka**, the queen of the bum card's suit: 2 (if the bum card is that queen, it is worth 3);
* every other queen: 1;
* the trick whose number matches the bum card's rank (ace = 1st, 2 = 2nd ... jack = 11th, queen = 12th,
  king = 13th): 1;
* the last (13th) trick: 1;
* taking the most tricks in the deal: 1. A tie on tricks is broken by the most cards of the bum suit
  taken, then by the highest card of that suit taken; if none of the tied players took one, nobody scores.

*The game* is four deals, each player dealing once (option `orbits` for more rounds of the table).
The lowest total wins.
"""


@dataclass(frozen=True, kw_only=True)
class TetkaOptions:
    orbits: int = engine.option(1, "rounds of the table: each is four deals, every player dealing once",
                                minimum=1, maximum=50, label="Rounds of the table")


INFO = engine.GameInfo(
    id="tetka", name="Tëtka", family=("trick-taking", "avoidance"), min_players=4, max_players=4,
    pack=STANDARD_52.name, rules_source=("tetka.txt",), summary=RULES, num_distinct_actions=52,
    options=engine.option_specs(TetkaOptions), lowest_score_wins=True, max_actions=52 * 4 * 50)

PACK = STANDARD_52
ORDER = tricks.CardOrder.build(PACK, ACE_HIGH)
SUIT_OF = ORDER.suit_of
PLAYS = ActionTable([Play(card) for card in PACK.cards], chunk=13)
SUIT_MASKS = ORDER.suit_masks
LEGAL = tricks.follower(ORDER)
INDEX = PACK.index
QUEENS = PACK.rank_masks[Rank.QUEEN]
BIT = tuple(1 << i for i in range(len(PACK)))
TRICKS = 13
# A prepared deal's form by who deals it: the bum card must lie in that seat's hand.
DEAL_SHAPES = tuple(tricks.turning_last_shape(
    PACK, 4, "bum", dealer, '{"hands": [four lists of 13 cards], "bum": a card of the dealer\'s} or a stacked pack')
    for dealer in range(4))


def trick_of_rank(rank: Rank) -> int:
    """The trick numbered by the bum card: ace the first, the king the thirteenth."""
    return int(rank)


# For each possible bum card: Tëtka (the queen of its suit), the trick its rank numbers, and the cards
# that cost something when taken (every queen and the bum card itself).
BUM_FACTS = tuple((INDEX[Card(Rank.QUEEN, card.suit)], trick_of_rank(card.rank), QUEENS | BIT[index])
                  for index, card in enumerate(PACK.cards))
QUEEN_INDICES = tuple(bit_indices(QUEENS))


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


# The ways a trick costs its taker, and their points; each is put into words only when someone reads it.
BUM, TETKA, QUEEN, NUMBERED, LAST = range(5)
POINTS = (1, 2, 1, 1, 1)


def trick_costs(number: int, mask: int, bum: int) -> list[tuple[int, int]]:
    """What a trick (its cards as a mask) costs its taker, as (cost, card or trick number) pairs: the bum
    card, Tëtka, every other queen, the trick numbered by the bum card, the last trick."""
    tetka, numbered, danger = BUM_FACTS[bum]
    if not (mask & danger or number in (numbered, TRICKS)):
        return []
    out = []
    if mask & BIT[bum]:
        out.append((BUM, bum))
    if mask & BIT[tetka]:
        out.append((TETKA, tetka))
    out += [(QUEEN, queen) for queen in QUEEN_INDICES if mask & BIT[queen] and queen != tetka]
    if number == numbered:
        out.append((NUMBERED, number))
    if number == TRICKS:
        out.append((LAST, number))
    return out


def penalties(bum: int) -> tricks.Goal:
    """The deal's penalties as an open-hand search counts them (``TetkaState.trick_goal``)."""
    tetka, numbered, _ = BUM_FACTS[bum]
    points = tuple(POINTS[BUM] * (card == bum)
                   + (POINTS[TETKA] if card == tetka else POINTS[QUEEN] * (card in QUEEN_INDICES))
                   for card in range(len(PACK)))
    worth = [0] * TRICKS
    worth[0] += POINTS[LAST]
    worth[TRICKS - numbered] += POINTS[NUMBERED]
    return tricks.Goal(points=points, trick_worth=tuple(worth), maximize=False)


def cost_words(cost: int, what: int) -> str:
    if cost == BUM:
        return f"the bum card ({PACK.cards[what]})"
    if cost == TETKA:
        return f"Tëtka ({PACK.cards[what]})"
    if cost == QUEEN:
        return f"a queen ({PACK.cards[what]})"
    if cost == NUMBERED:
        return f"the {ordinal(what)} trick, numbered by the bum card"
    return "the last trick"


def trick_penalties(number: int, taker: int, mask: int, bum: int) -> list[Reason]:
    """A trick's costs as the book words them."""
    return [Reason(taker, POINTS[cost], cost_words(cost, what)) for cost, what in trick_costs(number, mask, bum)]


def trick_line(number: int, taker: int, mask: int, bum: int) -> str:
    """The log's line for a finished trick (rendered only when a view is asked for)."""
    costs = trick_penalties(number, taker, mask, bum)
    return f"seat {taker} wins trick {number}" + (": " + ", ".join(r.text for r in costs) if costs else "")


def word_deal(taken: tuple[tuple[int, int, list[int], int], ...], bum: int, most: int | None, why: str,
              changes: tuple[int, ...]) -> tuple[tuple[Reason, ...], str]:
    """A finished deal's reasons and summary, in the book's words."""
    reasons = [r for number, (_, taker, _, mask) in enumerate(taken, 1)
               for r in trick_penalties(number, taker, mask, bum)]
    if most is not None:
        reasons.append(Reason(most, 1, why))
    summary = "; ".join(f"seat {s} {changes[s]}" for s in range(4))
    if most is None:
        summary += f" ({why}: no one scores it)"
    return tuple(reasons), summary


def most_tricks_taker(tricks_won: list[int], bum_suit_won: list[int]) -> tuple[int | None, str]:
    """Who scores the most-tricks point, and by which tie-break (``bum_suit_won``: each seat's captured
    cards of the bum suit, as masks whose higher bits are higher cards)."""
    most = max(tricks_won)
    tied = [s for s in range(len(tricks_won)) if tricks_won[s] == most]
    if len(tied) == 1:
        return tied[0], "most tricks"
    counts = {s: bum_suit_won[s].bit_count() for s in tied}
    best = max(counts.values())
    if best == 0:
        return None, "most tricks tied, and none of the tied took a card of the bum suit"
    tied = [s for s in tied if counts[s] == best]
    if len(tied) == 1:
        return tied[0], "most tricks (tie broken by most cards of the bum suit)"
    highest = max(tied, key=lambda s: bum_suit_won[s].bit_length())
    return highest, "most tricks (tie broken by the highest card of the bum suit)"


class Phase(engine.Phase):
    PLAY = "play"
    OVER = "over"


class TetkaState(tricks.PlayOnlyState):
    PACK = PACK
    PLAYS = PLAYS
    follow = staticmethod(LEGAL)
    ZONES = kinds(bum_card="card")
    EXTRAS = kinds(bum_card="card", dealer="seat", hands_in_game="number", numbered_trick="number",
                   penalties_this_deal="numbers", tetka="card", trick_number="number")
    trick_size = 4
    tricks_in_deal = TRICKS

    # --- deal --------------------------------------------------------------------------------------
    def _setup(self) -> None:
        self._start_rounds(self.options["orbits"])

    def _deal_shape(self, number: int) -> engine.DealShape:
        # The last seat deals first (``_start_rounds``), then the deal passes to the left.
        return DEAL_SHAPES[self.seating.next(self.players - 1, number - 1)]

    def _deal(self) -> None:
        self.hands, self.bum = self._deal_turning_last("bum")
        bum_card = PACK.cards[self.bum]
        self.tetka, self.numbered_trick, _ = BUM_FACTS[self.bum]
        self._start_tricks(self.seating.next(self.dealer))
        self.to_move = (self.leader,)
        self._say("hand {}: seat {} deals; the bum card is {}, so Tëtka is {} and the {} trick scores",
                  self.hand_number, self.dealer, bum_card, PACK.cards[self.tetka], ordinal(self.numbered_trick))

    # --- play (uses mechanics.tricks) ---------------------------------------------------------------
    def _card_order(self) -> tricks.CardOrder:
        return ORDER

    def trick_goal(self, seat: int) -> tuple[frozenset[int], tricks.Goal]:
        """Each player for himself, taking as few penalties as he can: the bum card, Tëtka and the other
        queens by the card; the numbered trick and the last by the trick. The most-tricks point, which no
        single trick decides, is left out."""
        return frozenset({seat}), penalties(self.bum)

    def _trick_won(self, number: int, taker: int, mask: int) -> tuple[Any, tuple[Any, ...]]:
        # Only who took the trick is settled now; what it costs is worked out from ``taken`` when the deal
        # ends or a view asks, keeping the playout hot path short.
        return trick_line, (number, taker, mask, self.bum)

    # --- scoring (the book's words) -----------------------------------------------------------------
    def trick_penalties(self, number: int) -> list[Reason]:
        """What the ``number``-th trick of this deal cost its taker."""
        _, taker, _, mask = self.taken[number - 1]
        return trick_penalties(number, taker, mask, self.bum)

    def penalties_so_far(self) -> list[int]:
        """This deal's penalties so far; once it is over (the last deal stays on the table at the end of
        the game), its full result, the most-tricks point included."""
        if len(self.taken) == TRICKS:
            return list(self.hand_results[-1].changes)
        return self._trick_points()

    def _trick_points(self) -> list[int]:
        """Each seat's penalties for the tricks taken so far, counted from masks: what ``trick_costs`` puts
        into words, without the words. Every queen taken costs one, Tëtka one more, the bum card one (a
        bum card that is Tëtka is a queen and Tëtka too: three), and the numbered and last tricks one
        each; the words are made only when someone reads the deal's result."""
        bum, tetka, numbered = self.bum, self.tetka, self.numbered_trick
        points = [0] * 4
        for number, (_, taker, _, mask) in enumerate(self.taken, 1):
            points[taker] += ((mask & QUEENS).bit_count() + (mask >> tetka & 1) + (mask >> bum & 1)
                              + (number == numbered) + (number == TRICKS))
        return points

    def _end_hand(self) -> None:
        changes = self._trick_points()
        suit_mask = ORDER.suit_masks[SUIT_OF[self.bum]]
        most, why = most_tricks_taker(self.trick_counts(), [m & suit_mask for m in self.cards_won()])
        if most is not None:
            changes[most] += 1
        explain = partial(word_deal, tuple(self.taken), self.bum, most, why, tuple(changes))
        self._score_deal(engine.HandResult(self.hand_number, tuple(changes), explain=explain))

    # --- what each seat sees ------------------------------------------------------------------------
    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        bum_held = bool(self.hands[self.dealer] >> self.bum & 1)
        bum_text = str(PACK.cards[self.bum])
        tricks_won = self.trick_counts()
        seats = [engine.seat_entry(s, held=self.hands[s].bit_count(), tricks=tricks_won[s],
                                   face_up=[bum_text] if s == self.dealer and bum_held else [],
                                   status="dealer" if s == self.dealer else "")
                 for s in range(4)]
        table = self._trick_table(bum_card=bum_text)
        extra = {"dealer": self.dealer, "bum_card": bum_text, "tetka": str(PACK.cards[self.tetka]),
                 "numbered_trick": self.numbered_trick, "trick_number": min(len(self.taken) + 1, TRICKS),
                 "penalties_this_deal": self.penalties_so_far(), "hands_in_game": self.hands_in_game}
        hand = [str(c) for c in PACK.cards_in(self.hands[seat])] if seat is not None else []
        return {"phase": Phase.OVER if self.is_over else Phase.PLAY, "hand": hand, "seats": seats, "table": table,
                "extra": extra}

    def _unknown(self, seat: int) -> engine.Unknown:
        return self._hide_hands(seat, ORDER.suit_masks)

    def _hidden_in_hand(self, seat: int) -> int:
        # The bum card was turned for all to see: it stays with the dealer in every sampled world.
        return self.hands[seat] & ~(1 << self.bum) if seat == self.dealer else self.hands[seat]



engine.register(INFO, TetkaState)
