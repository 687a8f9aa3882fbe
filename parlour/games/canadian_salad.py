"""Canadian Salad: three to six players dodge a different penalty in each of six deals, then all at once.

Follows ``rules/source/canadian-salad.txt`` with the Canadian Salad notes of ``rules/NOTES.md`` (all the
points of a deal are always taken by someone, so each deal hands out a fixed total).

Choices where the texts are silent (each a default, recorded here and tested):

* The first dealer is the last seat, so that seat 0 leads the first trick; the deal then passes to the
  left, one seat per deal.
* Every trick of a deal is played out even when its penalty is already settled (the K♠ taken in the
  first trick of the fourth deal): the text scores a deal only after its final trick.
* In the sixth deal a card is counted under every condition it meets: the Q♥ is a heart and a queen
  (35), the trick holding the K♠ also costs its 10 as a trick, and so does the last trick.
* The cards taken out for the player count are out of play for every deal and shown to all.
* Equal lowest totals share the win.
* One game is the book's six deals; the option ``rounds`` plays the cycle of six more than once.

A prepared deal (``deal=``) is ``{"hands": [one list of cards per seat]}``: each seat gets the hand size of
the player count, and together they hold exactly the pack left after the removals.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, partial
from typing import Any

from parlour import engine
from parlour.cards import ACE_HIGH, STANDARD_52, Card, Rank, Suit
from parlour.engine import ActionTable, Play, Reason, counted
from parlour.engine.view import kinds
from parlour.mechanics import tricks

RULES = """\
**Canadian Salad** (also met as Wisconsin Scramble) is an avoidance game for three to six players with a
52-card pack, aces high and no trumps.

*The pack.* So that everyone gets the same number of cards, a few low cards are set aside: with three
players the 2♣; with four, nothing; with five, the 2♣ and 2♦; with six, the 2♣, 3♣, 2♦ and 3♦. What is
left is dealt out completely: 17, 13, 10 or 8 cards each.

*The play.* The player left of the dealer leads first. Follow suit when you can; otherwise play any
card. The best card of the suit that was led takes the trick, and the taker leads next.

*The six deals.* Each deal punishes something different (fewer points is better):

1. every trick taken: 10;
2. every heart taken: 10;
3. every queen taken: 25;
4. taking the K♠: 100;
5. taking the final trick: 100;
6. all five of the above together.

Since every trick, heart, queen, the K♠ and the last trick always go to someone, each deal hands out a
fixed total (with four players: 130, 130, 100, 100, 100 and 560). A deal is scored once all its tricks
are played. After the sixth deal the lowest total wins (option `rounds` repeats the six deals).
"""


@dataclass(frozen=True, kw_only=True)
class CanadianSaladOptions:
    rounds: int = engine.option(1, "how many times the cycle of six deals is played", minimum=1, maximum=10,
                                label="Cycles of six deals")


INFO = engine.GameInfo(
    id="canadian-salad", name="Canadian Salad", family=("trick-taking", "avoidance"), min_players=3,
    max_players=6, default_players=4, pack=STANDARD_52.name, rules_source=("canadian-salad.txt",),
    summary=RULES, num_distinct_actions=52, options=engine.option_specs(CanadianSaladOptions), lowest_score_wins=True,
    max_actions=52 * 6 * 10)

PACK = STANDARD_52
ORDER = tricks.CardOrder.build(PACK, ACE_HIGH)
SUIT_OF = ORDER.suit_of
SUIT_MASKS = ORDER.suit_masks
LEGAL = tricks.follower(ORDER)
PLAYS = ActionTable([Play(card) for card in PACK.cards], chunk=13)
INDEX = PACK.index
BIT = tuple(1 << i for i in range(len(PACK)))

# The cards set aside for each player count, so that the deal comes out even.
REMOVED = {3: ("2C",), 4: (), 5: ("2C", "2D"), 6: ("2C", "3C", "2D", "3D")}
REMOVED_MASKS = {n: PACK.mask(Card.parse(c) for c in cards) for n, cards in REMOVED.items()}
HAND_SIZES = {n: (len(PACK) - len(cards)) // n for n, cards in REMOVED.items()}

HEARTS = PACK.suit_masks[Suit.HEARTS]
QUEENS = PACK.rank_masks[Rank.QUEEN]
KING_OF_SPADES = INDEX[Card(Rank.KING, Suit.SPADES)]
KS_BIT = BIT[KING_OF_SPADES]

# The five penalties, as bits of a deal's set of conditions, and their price.
TRICK, HEART, QUEEN, KING, LAST = (1 << k for k in range(5))
TRICK_POINTS, HEART_POINTS, QUEEN_POINTS, KING_POINTS, LAST_POINTS = 10, 10, 25, 100, 100
# What each of the six deals punishes, in the book's order, and its name.
DEALS = (TRICK, HEART, QUEEN, KING, LAST, TRICK | HEART | QUEEN | KING | LAST)
DEAL_NAMES = ("tricks", "hearts", "queens", "king of spades", "last trick", "all five")
DEALS_IN_ROUND = len(DEALS)


def deal_total(conditions: int, players: int) -> int:
    """The points a deal of these conditions always hands out (someone takes every one of them)."""
    total = 0
    if conditions & TRICK:
        total += TRICK_POINTS * HAND_SIZES[players]
    if conditions & HEART:
        total += HEART_POINTS * (HEARTS & ~REMOVED_MASKS[players]).bit_count()
    if conditions & QUEEN:
        total += QUEEN_POINTS * (QUEENS & ~REMOVED_MASKS[players]).bit_count()
    if conditions & KING:
        total += KING_POINTS
    if conditions & LAST:
        total += LAST_POINTS
    return total


def seat_points(conditions: int, tricks_won: int, won: int, took_last: bool) -> int:
    """One seat's penalty for a deal: ``won`` is the mask of its captured cards."""
    points = 0
    if conditions & TRICK:
        points += TRICK_POINTS * tricks_won
    if conditions & HEART:
        points += HEART_POINTS * (won & HEARTS).bit_count()
    if conditions & QUEEN:
        points += QUEEN_POINTS * (won & QUEENS).bit_count()
    if conditions & KING and won & KS_BIT:
        points += KING_POINTS
    if conditions & LAST and took_last:
        points += LAST_POINTS
    return points


@cache
def penalties(conditions: int, hand_size: int) -> tricks.Goal:
    """A deal's penalties as an open-hand search counts them (``CanadianSaladState.trick_goal``): each
    card's by what it costs its taker alone, each trick's (the last trick first) by what taking it costs."""
    points = tuple(seat_points(conditions, 0, bit, False) for bit in BIT)
    worth = tuple(seat_points(conditions, 1, 0, left == 0) for left in range(hand_size))
    return tricks.Goal(points=points, trick_worth=worth, maximize=False)


@cache
def deal_shape(players: int) -> engine.DealShape:
    """The form of a prepared deal for ``players``: the hands share out the pack left once the low cards
    are set aside, and a deal that gives one of those cards to a hand is refused."""
    size, removed = HAND_SIZES[players], REMOVED_MASKS[players]
    form = f'{{"hands": [{players} lists of {size} cards]}}, leaving out {" ".join(REMOVED[players]) or "nothing"}'

    def nothing_set_aside(prepared: engine.Prepared) -> str | None:
        held = prepared.held & removed
        return f"{_cards_text(held)} is set aside with {players} players: {form}" if held else None

    return engine.DealShape(PACK, form, sizes=(size,) * players, check=nothing_set_aside)


def _cards_text(mask: int) -> str:
    return " ".join(str(c) for c in PACK.cards_in(mask))


def seat_reasons(seat: int, conditions: int, tricks_won: int, won: int, took_last: bool) -> list[Reason]:
    """One seat's penalties for a deal, itemised in words."""
    out = []
    if conditions & TRICK and tricks_won:
        out.append(Reason(seat, TRICK_POINTS * tricks_won, f"{counted(tricks_won, 'trick')} taken, 10 each"))
    hearts = won & HEARTS
    if conditions & HEART and hearts:
        out.append(Reason(seat, HEART_POINTS * hearts.bit_count(),
                          f"{counted(hearts.bit_count(), 'heart')} taken, 10 each ({_cards_text(hearts)})"))
    queens = won & QUEENS
    if conditions & QUEEN and queens:
        out.append(Reason(seat, QUEEN_POINTS * queens.bit_count(),
                          f"{counted(queens.bit_count(), 'queen')} taken, 25 each ({_cards_text(queens)})"))
    if conditions & KING and won & KS_BIT:
        out.append(Reason(seat, KING_POINTS, "the king of spades (KS) taken"))
    if conditions & LAST and took_last:
        out.append(Reason(seat, LAST_POINTS, "the last trick taken"))
    return out


def word_deal(number: int, kind: int, tallies: tuple[tuple[int, int], ...], last_taker: int,
              changes: tuple[int, ...]) -> tuple[tuple[Reason, ...], str]:
    """A finished deal's reasons and summary (``tallies``: each seat's tricks and captured cards)."""
    conditions = DEALS[kind]
    reasons = [r for seat, (count, won) in enumerate(tallies)
               for r in seat_reasons(seat, conditions, count, won, seat == last_taker)]
    summary = f"{DEAL_NAMES[kind]} deal: " + "; ".join(f"seat {s} {changes[s]}" for s in range(len(changes)))
    return tuple(reasons), summary


def trick_line(number: int, taker: int, mask: int, conditions: int, last: bool) -> str:
    """The log's line for a finished trick (rendered only when a view is asked for)."""
    costs = seat_reasons(taker, conditions, 1, mask, last)
    worded = [r.text.replace("1 trick taken, 10 each", "the trick") for r in costs]
    points = sum(r.points for r in costs)
    return f"seat {taker} wins trick {number}" + (f": {points} ({', '.join(worded)})" if costs else "")


class Phase(engine.Phase):
    PLAY = "play"
    OVER = "over"


class CanadianSaladState(tricks.PlayOnlyState):
    PACK = PACK
    PLAYS = PLAYS
    follow = staticmethod(LEGAL)
    ZONES = kinds(set_aside="cards")
    EXTRAS = kinds(deal="text", deal_in_round="number", deal_total="number", dealer="seat", hands_in_game="number",
                   penalises="texts", penalties_this_deal="numbers", trick_number="number", tricks_in_deal="number")

    # --- the pack and the deal ------------------------------------------------------------------------
    def _setup(self) -> None:
        n = self.players
        self.totals = [0] * n
        self.hands_in_game = DEALS_IN_ROUND * self.options["rounds"]
        self.hand_size = self.tricks_in_deal = HAND_SIZES[n]
        self.trick_size = n
        self.removed = REMOVED_MASKS[n]
        self.in_play = [i for i in range(len(PACK)) if not self.removed >> i & 1]
        self.dealer = n - 1
        self._deal()

    @property
    def deal_kind(self) -> int:
        """Which of the six deals this is (0: tricks ... 5: all five)."""
        return (self.hand_number - 1) % DEALS_IN_ROUND

    def _deal(self) -> None:
        prepared = self._prepared_now()
        if prepared is not None:
            self.hands = list(prepared.masks)
        else:
            order = self._shuffled(f"deal {self.hand_number}", len(self.in_play))
            deck = [self.in_play[k] for k in order]
            self.hands = self._deal_around(deck, self.dealer)
        self.conditions = DEALS[self.deal_kind]
        self._start_tricks(self.seating.next(self.dealer))
        self.to_move = (self.leader,)
        self._say("hand {}: seat {} deals; the {} deal", self.hand_number, self.dealer, DEAL_NAMES[self.deal_kind])

    def _deal_shape(self, number: int) -> engine.DealShape:
        return deal_shape(self.players)

    # --- play (uses mechanics.tricks) ---------------------------------------------------------------
    def _card_order(self) -> tricks.CardOrder:
        return ORDER

    def trick_goal(self, seat: int) -> tuple[frozenset[int], tricks.Goal]:
        """Each for himself, taking as few of this deal's penalties as he can: all of them are the taker's
        alone, by the card or by the trick, so nothing is left out."""
        return frozenset({seat}), penalties(self.conditions, self.hand_size)

    def _trick_won(self, number: int, taker: int, mask: int) -> tuple[Any, tuple[Any, ...]]:
        return trick_line, (number, taker, mask, self.conditions, number == self.hand_size)

    # --- scoring (the book's words) -----------------------------------------------------------------
    def tallies(self) -> list[tuple[int, int]]:
        """Each seat's tricks taken and captured cards (as a mask), this deal."""
        counts = [0] * self.players
        won = [0] * self.players
        for _, taker, _, mask in self.taken:
            counts[taker] += 1
            won[taker] |= mask
        return list(zip(counts, won, strict=True))

    def penalties_so_far(self) -> list[int]:
        """This deal's penalties so far; once it is over (the last deal stays on the table at the end of
        the game), its full result."""
        if len(self.taken) == self.hand_size:
            return list(self.hand_results[-1].changes)
        last = -1
        return [seat_points(self.conditions, count, won, seat == last)
                for seat, (count, won) in enumerate(self.tallies())]

    def _end_hand(self) -> None:
        last_taker = self.taken[-1][1]
        tallies = tuple(self.tallies())
        changes = tuple(seat_points(self.conditions, count, won, seat == last_taker)
                        for seat, (count, won) in enumerate(tallies))
        explain = partial(word_deal, self.hand_number, self.deal_kind, tallies, last_taker, changes)
        self._score_deal(engine.HandResult(self.hand_number, changes, explain=explain))

    # --- what each seat sees ------------------------------------------------------------------------
    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        tallies = self.tallies()
        seats = [engine.seat_entry(s, held=self.hands[s].bit_count(), tricks=tallies[s][0],
                                   status="dealer" if s == self.dealer else "")
                 for s in range(self.players)]
        table = self._trick_table(set_aside=[str(c) for c in PACK.cards_in(self.removed)])
        kind = self.deal_kind
        extra = {"dealer": self.dealer, "deal": DEAL_NAMES[kind], "deal_in_round": kind + 1,
                 "penalises": [name for bit, name in zip((TRICK, HEART, QUEEN, KING, LAST), DEAL_NAMES, strict=False)
                               if self.conditions & bit],
                 "deal_total": deal_total(self.conditions, self.players),
                 "trick_number": min(len(self.taken) + 1, self.hand_size), "tricks_in_deal": self.hand_size,
                 "penalties_this_deal": self.penalties_so_far(), "hands_in_game": self.hands_in_game}
        hand = [str(c) for c in PACK.cards_in(self.hands[seat])] if seat is not None else []
        return {"phase": Phase.OVER if self.is_over else Phase.PLAY, "hand": hand, "seats": seats, "table": table,
                "extra": extra}

    def _unknown(self, seat: int) -> engine.Unknown:
        return self._hide_hands(seat, SUIT_MASKS)


engine.register(INFO, CanadianSaladState)
