"""Authors: three to six players ask one another for named cards and lay down the books of four they make.

Follows ``rules/source/authors.txt``, which breaks off after its first lines, and the Authors entry of
``rules/NOTES.md``, which finishes it with the 52-card game and is the law where the two meet.

Choices where the texts are silent (each a default, recorded here and tested):

1. The first dealer is the last seat, so seat 0 asks first; in a match the deal passes to the left.
2. The cards go out one at a time from the dealer's left, so when 52 does not divide evenly the players
   nearest the dealer's left hold one card more.
3. Books dealt complete are laid down before the first ask, seat by seat from the dealer's left.
4. Only a player who still holds cards may be asked: one who is out has nothing to give.
5. The variant ``turn-to-asked`` changes only what follows a miss (the asked player asks next). An asker
   left with no cards after a hit and a book cannot ask again: the turn passes to the left, in both forms.
6. The turn always passes over players who are out, to the next player on the left who holds cards.
7. A tie for the most books stands: the tied players share the win (NOTES), with no tie-break.
8. The penalties of NOTES (asking with no card of the rank, keeping back a card asked for, leaving a
   completed book in the hand) punish mistakes a program cannot make here: such an ask is refused, and
   handing over and laying down are done by the game itself. So no penalty ever arises.
9. The book's game is one deal. Option ``deals`` plays a match of several, each deal's books added to a
   running total; the most books in all wins, ties sharing.
10. The book sets no bound on a deal, and a card may go back and forth between two players for ever;
    play by chance ends with certainty. The longest of 1,000 random deals at each table size took 685
    asks (six players); ``max_actions`` allows 5,000 a deal.
11. Everything an ask reveals is public and every view shows it (``extra``: ``known_held``,
    ``known_lacking``, ``held_at_least``): the cards known to be in each hand (received on a hit and not
    asked away since), the cards each player is known to lack (a miss; a card it asked for, since one
    never asks for a card one holds), and the least number of each rank it is known to hold (asking shows
    one, each card received adds one, each card given up takes one away). No one ever holds four of a
    rank, since a book goes down at once. Sampled worlds keep all of it, each fact only as long as play
    leaves it true: with few facts by drawing plain deals until they hold, with many by setting apart
    first the cards the "at least" facts need.
12. The log says each ask in words: ``seat 2 asks seat 0 for the 7♥: given`` or ``...: not held``.

Variants: ``turn-to-asked``, the Happy Families and Quartet way of passing the turn after a miss.

A prepared deal (``deal=``) is ``{"hands": [[cards] per seat]}`` naming every card of the pack once, in
hands of any sizes; or a stacked pack, ``{"pack": [52 cards, top first]}``, dealt as the book deals.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, ClassVar, cast

from parlour import engine
from parlour.cards import STANDARD_52, Card, bit_indices
from parlour.engine import (
    Action,
    ActionSpace,
    Cards,
    FieldAction,
    IllegalAction,
    Reason,
    Seats,
    Unknown,
    Zone,
    at_least,
    at_most,
    deal_unknown,
    seat_names,
)
from parlour.engine.sampling import Count
from parlour.engine.totals import TotalsState
from parlour.engine.view import kinds

RULES = """\
**Authors** is a game of asking for cards, for three to six players each playing alone, with a 52-card
pack. It began with special cards naming writers, grouped in sets; with ordinary cards a set is the four
cards of one rank.

*The deal.* Every card is dealt, one at a time from the dealer's left, so some players may hold one card
more than others. A **book** is the four cards of a rank: whoever holds one lays it down at once, even
one dealt complete.

*A turn.* The player left of the dealer starts. You name another player who still holds cards and one
card, by rank and suit, that you want from them. You must hold a card of that rank, and must not hold
the card itself. If they have it they hand it over and you ask again, of the same player or another.
If they do not, your turn ends and the player on your left asks next (variant `turn-to-asked`: the
player you asked). A player left with no cards is out, and the turn passes over them.

*The end.* Play goes on until all thirteen books are down. The most books wins; a tie stands and the
tied players share the win. Option `deals` plays several deals, the books added up.
"""


@dataclass(frozen=True, kw_only=True)
class AuthorsOptions:
    deals: int = engine.option(1, "deals to play; each deal's books are added up and the most books in all wins",
                               minimum=1, maximum=50, label="Deals to play")


PACK = STANDARD_52
CARDS = PACK.cards
INDEX = PACK.index
FULL = PACK.full_mask
RANKS = 13
MOST_PLAYERS = 6
TO_ASKED = "turn-to-asked"
ONE_OF_EACH_RANK = (1 << RANKS) - 1
ACROSS_SUITS = 1 | 1 << RANKS | 1 << 2 * RANKS | 1 << 3 * RANKS   # times a rank's bit: its four cards
RANK_MASKS = tuple(ACROSS_SUITS << r for r in range(RANKS))          # pack index r + 13 * suit
RANK_OF = tuple(index % RANKS for index in range(len(PACK)))
RANK_LETTERS = tuple(card.rank.letter for card in CARDS[:RANKS])
RANK_NAMES = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks",
              "queens", "kings", "aces")


@dataclass(frozen=True, slots=True)
class Ask(FieldAction):
    """Ask the seat named for the card named.

    ``ask 2 7H``: ask seat 2 for the seven of hearts.
    """

    verb: ClassVar[str] = "ask"
    family: ClassVar[str] = "ask"
    FIELDS = (Seats(MOST_PLAYERS), Cards(PACK))
    seat: int
    card: Card

    def __str__(self) -> str:   # the generic notation's words, written out: every log line of a view reads it
        return f"ask {self.seat} {self.card}"


ACTIONS = ActionSpace(Ask)
# Ask number ``seat * 52 + card index``, by which the play is numbered, listed and applied quickly.
ASKS = tuple(Ask.from_number(n) for n in range(len(ACTIONS)))
# A prepared deal's hands may be of any sizes (a test sets up an endgame), so long as they hold the whole pack.
DEAL_SHAPE = engine.DealShape(PACK, '{"hands": [[cards] per seat], every card of the pack once} or {"pack": [52 cards, '
                              'top first]}', whole=True, stacked=True)

INFO = engine.GameInfo(
    id="authors", name="Authors", family=("quartets", "asking"), min_players=3, max_players=MOST_PLAYERS,
    default_players=4, pack=PACK.name, rules_source=("authors.txt",), summary=RULES,
    num_distinct_actions=len(ACTIONS), variants=(TO_ASKED,), options=engine.option_specs(AuthorsOptions),
    max_actions=5_000 * 50)


def ranks_held(hand: int) -> int:
    """Every card of each rank ``hand`` holds a card of: the cards one may ask for, with those held."""
    folded = (hand | hand >> RANKS | hand >> 2 * RANKS | hand >> 3 * RANKS) & ONE_OF_EACH_RANK
    return folded * ACROSS_SUITS


class Phase(engine.Phase):
    PLAY = "play"
    OVER = "over"


class AuthorsState(engine.PhasedState[Phase], TotalsState):
    ACTIONS = ACTIONS
    ACTION_KINDS = ACTIONS.kinds
    MUTABLE = ("hands", "books", "known", "lacks", "least", "totals")
    ZONES = kinds(books="melds")
    EXTRAS = kinds(dealer="seat", deals_in_game="number", known_held="melds", known_lacking="melds",
                   held_at_least="texts")

    # --- deal ----------------------------------------------------------------------------------------
    def _setup(self) -> None:
        self.to_asked = self.variant == TO_ASKED
        self.totals = [0] * self.players
        self.hands_in_game = self.options["deals"]
        self.dealer = self.players - 1
        self._deal()

    def _deal(self) -> None:
        prepared = self._prepared_now()
        self.hands = (list(prepared.masks) if prepared is not None and prepared.pack is None
                      else self._deal_around(self._deck(PACK), self.dealer))
        n = self.players
        self.books = [0] * n       # per seat, the cards of the books it has laid down
        # What the asks have shown everyone, per seat: the cards known to be in its hand, the cards known
        # not to be, and (``least[seat * 13 + rank]``) how many of each rank it is known to hold at least.
        self.known = [0] * n
        self.lacks = [0] * n
        self.least = [0] * (n * RANKS)
        self.phase = Phase.PLAY
        self._say("hand {}: seat {} deals", self.hand_number, self.dealer)
        for seat in self.seating.order_from(self.seating.next(self.dealer)):
            for rank in range(RANKS):
                if self.hands[seat] & RANK_MASKS[rank] == RANK_MASKS[rank]:
                    self._lay_book(seat, rank, " (dealt complete)")
        self._pass_turn(self.dealer)

    def _deal_shape(self, number: int) -> engine.DealShape:
        return DEAL_SHAPE

    # --- play ----------------------------------------------------------------------------------------
    def _asks(self, seat: int) -> tuple[int, ...]:
        """The numbers of ``seat``'s legal asks: every other seat with cards, for every card of a rank
        ``seat`` holds that it does not hold itself."""
        hand = self.hands[seat]
        wanted = bit_indices(ranks_held(hand) & ~hand)
        return tuple(other * len(PACK) + card for other in range(self.players)
                     if other != seat and self.hands[other] for card in wanted)

    def _legal(self, seat: int) -> list[Action]:
        return [ASKS[n] for n in self._asks(seat)]

    def encode(self, action: Action) -> int:
        if type(action) is Ask and 0 <= action.seat < MOST_PLAYERS and action.card in INDEX:
            return action.seat * len(PACK) + INDEX[action.card]
        return self.ACTIONS.encode(action)

    def decode(self, number: int) -> Action:
        if type(number) is int and 0 <= number < len(ASKS):
            return ASKS[number]
        return self.ACTIONS.decode(number)

    def _check(self, seat: int, action: Action) -> None:
        # Every message speaks of the asker's own hand and of public facts only, never of another hand.
        if not isinstance(action, Ask):
            raise IllegalAction(f"Authors has no '{action}': its one action is 'ask <seat> <card>'", rule="actions")
        asked, card = action.seat, action.card
        if not 0 <= asked < self.players:
            raise IllegalAction(f"there is no seat {asked} at this table of {self.players}", rule="seats")
        if asked == seat:
            raise IllegalAction("you ask another player, not yourself", rule="ask another player")
        if not self.hands[asked]:
            raise IllegalAction(f"seat {asked} holds no cards and is out of the play", rule="players out")
        index = INDEX.get(card)
        if index is None:
            raise IllegalAction(f"{card} is not a card of the 52-card pack", rule="actions")
        if self.hands[seat] >> index & 1:
            raise IllegalAction(f"you hold {card} yourself: ask only for a card you lack",
                                rule="never ask for a card you hold")
        if not self.hands[seat] & RANK_MASKS[RANK_OF[index]]:
            raise IllegalAction(f"you hold none of the {RANK_NAMES[RANK_OF[index]]}: ask only for a card of a "
                                "rank you hold", rule="ask for a rank you hold")

    def _do(self, seat: int, action: Action) -> None:
        ask = cast(Ask, action)   # ``_check`` let through asks only
        self._ask(seat, ask.seat, INDEX[ask.card])

    def _ask(self, seat: int, asked: int, index: int) -> None:
        bit, rank = 1 << index, RANK_OF[index]
        mine, theirs = seat * RANKS + rank, asked * RANKS + rank
        least = self.least
        least[mine] = max(least[mine], 1)       # one asks only for a rank one holds
        if not self.hands[asked] & bit:
            self.lacks[seat] |= bit             # ... and never for a card one holds
            self.lacks[asked] |= bit
            after = asked if self.to_asked else self._next_with_cards(seat)
            self._say("seat {} asks seat {} for the {}: not held", seat, asked, CARDS[index].symbol_text())
            self.to_move = (after,)
            return
        self.hands[asked] ^= bit
        self.hands[seat] |= bit
        self.known[asked] &= ~bit
        self.known[seat] |= bit
        self.lacks[seat] &= ~bit
        least[theirs] = max(least[theirs] - 1, 0)
        least[mine] += 1                        # it held one of the rank already, and now this one too
        self._say("seat {} asks seat {} for the {}: given", seat, asked, CARDS[index].symbol_text())
        if self.hands[seat] & RANK_MASKS[rank] == RANK_MASKS[rank]:
            self._lay_book(seat, rank, "")
        if not self.hands[seat]:
            self._pass_turn(seat)

    def _lay_book(self, seat: int, rank: int, how: str) -> None:
        """The four cards of ``rank`` leave ``seat``'s hand for its books, in sight of everyone."""
        cards = RANK_MASKS[rank]
        self.hands[seat] &= ~cards
        self.books[seat] |= cards
        self.known[seat] &= ~cards
        self.least[seat * RANKS + rank] = 0
        for other in range(self.players):
            self.lacks[other] &= ~cards         # out of play: nothing left to know
        self._say("seat {} lays down a book of {}{}", seat, RANK_NAMES[rank], how)
        if not self.hands[seat]:
            self._say("seat {} has no cards left and is out", seat)

    def _next_with_cards(self, seat: int) -> int:
        """The first player to the left of ``seat`` who holds cards (``seat`` itself if no other does)."""
        following = self.seating.following
        other = following[seat]
        while not self.hands[other] and other != seat:
            other = following[other]
        return other

    def _pass_turn(self, seat: int) -> None:
        """The turn goes to the left of ``seat``, past those who are out; the deal ends with the last book."""
        if any(self.hands):
            self.to_move = (self._next_with_cards(seat),)
        else:
            self._end_deal()

    # --- scoring (the book's words) -------------------------------------------------------------------
    def _end_deal(self) -> None:
        counts = tuple(books.bit_count() // 4 for books in self.books)
        most = max(counts)
        winners = tuple(s for s in range(self.players) if counts[s] == most)
        verb = "wins" if len(winners) == 1 else "share the deal"
        reasons = tuple(Reason(s, counts[s], f"{counts[s]} books") for s in range(self.players) if counts[s])
        self._score_deal(engine.HandResult(self.hand_number, counts, reasons,
                                           f"{seat_names(winners)} {verb} with {most} books", winners=winners))

    def _result(self) -> engine.Result:
        return engine.result_by_score(self.scores(), lowest_wins=False, unit="books")

    # --- what each seat sees ----------------------------------------------------------------------------
    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        n = self.players
        seats = [engine.seat_entry(s, held=self.hands[s].bit_count(), status=self._status(s)) for s in range(n)]
        hand = [] if seat is None else [str(CARDS[c]) for c in sorted(bit_indices(self.hands[seat]),
                                                                      key=lambda c: (RANK_OF[c], c))]
        extra = {
            "dealer": self.dealer, "deals_in_game": self.hands_in_game,
            "known_held": [[str(c) for c in PACK.cards_in(self.known[s])] for s in range(n)],
            "known_lacking": [[str(c) for c in PACK.cards_in(self.lacks[s])] for s in range(n)],
            "held_at_least": [self._least_words(s) for s in range(n)],
        }
        table = {"books": [[str(c) for c in PACK.cards_in(self.books[s])] for s in range(n)]}
        return {"phase": self.phase, "hand": hand, "seats": seats, "table": table, "extra": extra}

    def _least_words(self, seat: int) -> list[str]:
        """``["2 of 7", "1 of Q"]``: how many of each rank ``seat`` is known to hold at least, where any."""
        counts = self.least[seat * RANKS:(seat + 1) * RANKS]
        return [f"{count} of {RANK_LETTERS[rank]}" for rank, count in enumerate(counts) if count]

    def _status(self, seat: int) -> str:
        """``dealer, 2 books, out``: the seat's role, its books, and whether it has run out of cards."""
        books = self.books[seat].bit_count() // 4
        parts = [self._titles(seat), f"{books} book{'s' * (books != 1)}" if books else "",
                 "out" if not self.hands[seat] and not self.is_over else ""]
        return ", ".join(part for part in parts if part)

    # --- sampled worlds: every hand dealt again to fit what the asks have shown -------------------------
    def _unknown(self, seat: int) -> Unknown:
        unknown = Unknown(pool=0)
        others = [s for s in range(self.players) if s != seat]
        unseen = 0
        for s in others:
            unseen |= self.hands[s] & ~self.known[s]
        for s in others:
            unknown.hide(s, self.hands[s], allowed=FULL & ~self.lacks[s], known=self.known[s],
                         facts=self._facts(s, unseen), ordered=False)
        return unknown

    def _facts(self, seat: int, unseen: int) -> tuple[Count, ...]:
        """What must hold of ``seat``'s whole hand beyond single cards: at least the known number of each
        rank (where its known cards do not already make it up), and never all four of a rank."""
        facts: list[Count] = []
        known, could = self.known[seat], unseen & ~self.lacks[seat]
        for rank in range(RANKS):
            cards = RANK_MASKS[rank]
            if self.least[seat * RANKS + rank] > (known & cards).bit_count():
                facts.append(at_least(self.least[seat * RANKS + rank], cards))
            if ((known | could) & cards) == cards:
                facts.append(at_most(3, cards))
        return tuple(facts)

    def _sample_unknown(self, seat: int, rng: random.Random) -> dict[Hashable, list[int]]:
        """Deals drawn with only the cards' own limits until the hand facts hold, so that with few facts
        every consistent deal stays about equally likely; where they hold too rarely for that (many ranks
        known held at once), a deal that sets the cards those facts need apart first."""
        unknown = self._unknown_now(seat)
        if not any(zone.facts for zone in unknown.zones):
            return deal_unknown(unknown, rng)
        plain = Unknown(unknown.pool, [Zone(z.key, z.size, z.allowed, z.known, (), False) for z in unknown.zones])
        for _ in range(PLAIN_TRIES):
            deal = deal_unknown(plain, rng)
            if all(_meets(zone, deal[zone.key]) for zone in unknown.zones):
                return deal
        return deal_unknown(_needs_apart(unknown), rng)

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        hands: dict[int, int] = {}
        for key, cards in deal.items():
            seat = cast(int, key[1] if isinstance(key, tuple) else key)   # a hand, or a need set apart for it
            hands[seat] = hands.get(seat, 0) | sum(1 << c for c in cards)
        for seat, mask in hands.items():
            self.hands[seat] = mask


# Plain deals tried before the cards the facts need are set apart: enough that a world with a few facts
# keeps every consistent deal about equally likely, few enough that a search does not wait on it.
PLAIN_TRIES = 6


def _meets(zone: Zone, cards: list[int]) -> bool:
    hand = sum(1 << c for c in cards)
    return all(fact.holds(hand) for fact in zone.facts)


def _needs_apart(unknown: Unknown) -> Unknown:
    """The same ignorance with each "at least k of a rank" fact turned into a zone of its own, of the cards
    the hand still needs of that rank (``("need", seat, rank's cards)``), so that the deal's matching of
    cards to places meets it whenever any deal can; the hand's "never four" limits, less what those zones
    hold, are left to check."""
    zones = []
    for zone in unknown.zones:
        needs = {}
        for fact in zone.facts:
            if isinstance(fact, Count) and fact.low:
                needs[fact.cards] = fact.low - (zone.known & fact.cards).bit_count()
                zones.append(Zone(("need", zone.key, fact.cards), needs[fact.cards], zone.allowed & fact.cards,
                                  ordered=False))
        limits = tuple(at_most(fact.high - needs.get(fact.cards, 0), fact.cards) for fact in zone.facts
                       if isinstance(fact, Count) and fact.high is not None)
        zones.append(Zone(zone.key, zone.size - sum(needs.values()), zone.allowed, zone.known, limits, False))
    return Unknown(unknown.pool, zones)


engine.register(INFO, AuthorsState)
