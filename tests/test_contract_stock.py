"""Packs that outlive a deal: a stock whose discards are shuffled into it when it runs out (each reshuffle
with its own chance), cards put under it known to the seats that saw them, and a stacked pack running
through several deals. Played on Peek, a test-only game of three seats and twelve cards."""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar, cast

import pytest

from parlour.cards import DOUBLE_108, Card, Pack, Rank, Suit, bit_indices
from parlour.engine import (
    Action,
    ActionTable,
    Discard,
    GameInfo,
    HandResult,
    State,
    Unknown,
    seat_entry,
)
from parlour.engine.deals import DealShape
from parlour.mechanics.stock import EVERYONE, Stock, not_thrown_back

GameT = TypeVar("GameT", bound=State)
PACK = Pack("peek-12", [Card(rank, suit) for rank in (Rank.ACE, Rank.KING, Rank.QUEEN) for suit in Suit])
CARDS = PACK.cards
ACES = PACK.rank_masks[Rank.ACE]


@dataclass(frozen=True, slots=True)
class Draw(Action):
    verb: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class Peek(Action):
    verb: ClassVar[str] = "peek"


DRAW, PEEK = Draw(), Peek()
DISCARDS = ActionTable([Discard(card) for card in CARDS], chunk=12)
ACTIONS = ActionTable([DRAW, PEEK, *DISCARDS.actions])


class PeekGame(State):
    """Three seats are dealt two cards each from a stock. In turn a seat either draws the top card and
    discards one face up, or peeks at the top card and puts it under the stock, where only it knows the
    card lies. An empty stock is rebuilt from the whole discard pile, shuffled. After ``turns`` turns the
    hands are shown and put under the stock, the pile after them, and the next deal is dealt from the same
    stock, unshuffled. Two deals; each ace held at the end of a deal scores a point."""

    info = GameInfo(id="peek", name="Peek", family=("test",), min_players=3, max_players=3, pack=PACK.name,
                    rules_source=(), summary="", num_distinct_actions=len(ACTIONS))
    ACTION_KINDS = (Draw, Peek, Discard)
    ACTIONS = ACTIONS
    MUTABLE = ("hands", "pile", "stock", "told", "won")

    def _deal_shape(self, number: int) -> DealShape:
        return DealShape(PACK, 'a stacked pack, {"pack": [the 12 cards, top first]}', hands=False, stacked=True)

    def _setup(self) -> None:
        self.hands_in_game = 2
        self.won = [0, 0, 0]
        self.dealer = 2
        # The book shuffles once: a stacked pack (deal={"pack": [...]}) is the stock of every deal.
        self.stock = Stock(self._deck(PACK))
        self._deal()

    def _deal(self) -> None:
        self.hands = [0, 0, 0]
        self.told = [0, 0, 0]       # per seat, the cards in other hands it knows the holder of
        self.pile: list[int] = []   # face up, bottom first
        for seat in self.seating.order_from(self.seating.next(self.dealer)) * 2:
            self._take(seat)
        self.turns = 0
        self.drawn = False
        self.to_move = (self.seating.next(self.dealer),)

    def _take(self, seat: int) -> None:
        card, seen = self.stock.draw()
        self.hands[seat] |= 1 << card
        for knower in range(3):
            if seen >> knower & 1 and knower != seat:
                self.told[knower] |= 1 << card

    def _refill_if_empty(self) -> None:
        if not len(self.stock):
            self._say("the stock is empty: the pile of {} cards is shuffled into a new stock", len(self.pile))
            self.stock.refill(self.pile, self._shuffled, f"deal {self.hand_number}")
            self.pile = []

    def _legal(self, seat: int) -> list[Action]:
        return DISCARDS.of(self.hands[seat]) if self.drawn else [DRAW, PEEK]

    def _do(self, seat: int, action: Action) -> None:
        if action in (DRAW, PEEK):
            self._refill_if_empty()
        if action == DRAW:
            self._take(seat)
            self.drawn = True
            return
        if action == PEEK:
            card, _ = self.stock.draw()
            self._say("seat {} sees {} and puts it under the stock", seat, CARDS[card], to=(seat,))
            self.stock.put_under([card], seen_by=1 << seat)
        else:
            card = PACK.index[action.card]  # type: ignore[attr-defined]
            self.hands[seat] ^= 1 << card
            self.told = [known & ~(1 << card) for known in self.told]
            self.pile.append(card)
            self.drawn = False
        self.turns += 1
        if self.turns < self.options.get("turns", 9):
            self.to_move = (self.seating.next(seat),)
            return
        self._end_deal()

    def _end_deal(self) -> None:
        changes = tuple((hand & ACES).bit_count() for hand in self.hands)
        self.won = [w + c for w, c in zip(self.won, changes, strict=True)]
        for hand in self.hands:                          # shown, then collected under the stock
            self.stock.put_under(bit_indices(hand), seen_by=EVERYONE)
        self.stock.put_under(self.pile[::-1], seen_by=EVERYONE)
        self._finish_hand(HandResult(self.hand_number, changes))
        self._next_deal()

    def scores(self) -> list[int]:
        return list(self.won)

    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        known = self.stock.known(seat)
        holdings = {} if seat is None else {
            str(s): [str(CARDS[c]) for c in bit_indices(self.hands[s] & self.told[seat])] for s in range(3)}
        return {
            "phase": "over" if self.is_over else "play",
            "hand": [] if seat is None else [str(CARDS[c]) for c in bit_indices(self.hands[seat])],
            "seats": [seat_entry(s, held=self.hands[s].bit_count(), status=self._titles(s)) for s in range(3)],
            "table": {"stock": len(self.stock), "pile": [str(CARDS[c]) for c in self.pile]},
            "extra": {"known_in_stock": [[place, str(CARDS[c])] for place, c in known],
                      "known_holdings": holdings, "reshuffles": self.stock.reshuffles},
        }

    def _unknown(self, seat: int) -> Unknown:
        unknown = Unknown(pool=0)
        for s in range(3):
            if s != seat:
                kept = self.hands[s] & self.told[seat]
                unknown.hide(("hand", s, kept), self.hands[s] & ~kept)
        self.stock.hide(unknown, seat)
        return unknown

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        for key, cards in deal.items():
            if isinstance(key, tuple) and key[0] == "hand":
                self.hands[key[1]] = key[2] | sum(1 << c for c in cards)
        self.stock.place(deal)


def game(seed: int = 0, **options: Any) -> PeekGame:
    return PeekGame(players=3, variant=None, seed=seed, options=options)


def clone(state: PeekGame) -> PeekGame:
    return cast(PeekGame, state.clone())


def world(state: PeekGame, seat: int, rng: random.Random) -> PeekGame:
    return cast(PeekGame, state.sample_world(seat, rng))


def play(state: PeekGame, moves: list[str]) -> PeekGame:
    for text in moves:
        state.apply(state.to_move[0], text)
    return state


def first_discard(state: PeekGame) -> str:
    return str(state.legal_actions(state.to_move[0])[0])


def draw_turns(state: PeekGame, turns: int) -> PeekGame:
    """Each seat in turn draws and discards its lowest card."""
    for _ in range(turns):
        play(state, ["draw"])
        play(state, [first_discard(state)])
    return state


def to_first_reshuffle(seed: int) -> PeekGame:
    """Seven draws empty the six-card stock; the seventh draw finds it empty and reshuffles the pile."""
    return draw_turns(game(seed, turns=20), 7)


def rebuilt(state: GameT) -> GameT:
    """What a record of ``state`` replays to: the game from its seed, its actions applied as text."""
    twin = type(state)(players=state.players, variant=state.variant, seed=state.seed or 0, options=state.options)
    for seat, action in state.history:
        twin.apply(seat, str(action))
    return twin


def stacked(order: list[str], **options: Any) -> PeekGame:
    return game(deal={"pack": order}, **options)


ORDER = ["AC", "AD", "AH", "AS", "KC", "KD", "KH", "KS", "QC", "QD", "QH", "QS"]


class TestStockValue:
    def test_cards_go_under_in_the_order_given_and_come_off_the_top(self) -> None:
        """A stock reads top first; cards put under follow what is there, in the order given, each drawn with
        the seats that knew it lay there."""
        stock = Stock([4, 5])
        stock.put_under([7, 8], seen_by=0b10)
        stock.put_under([9])
        assert stock.top_first() == [4, 5, 7, 8, 9] and len(stock) == 5
        assert stock.known(1) == [(2, 7), (3, 8), (4, 9)] and stock.known(0) == [(4, 9)] == stock.known(None)
        assert [stock.draw() for _ in range(3)] == [(4, 0), (5, 0), (7, 0b10)]
        assert stock.known(1) == [(0, 8), (1, 9)]

    def test_a_copy_is_independent(self) -> None:
        stock = Stock([1, 2, 3])
        twin = stock.copy()
        twin.draw()
        twin.put_under([0], seen_by=EVERYONE)
        assert stock.top_first() == [1, 2, 3] and twin.top_first() == [2, 3, 0] and twin.known(None) == [(2, 0)]

    def test_drawing_from_an_empty_stock_is_an_error_of_the_game(self) -> None:
        """A game must rebuild or end before it draws from nothing: the stock refuses, naming itself."""
        with pytest.raises(ValueError, match="the talon is empty"):
            Stock(name="talon").draw()


class TestReshuffle:
    def test_an_empty_stock_is_rebuilt_from_the_discards(self) -> None:
        """When a seat must draw from an empty stock, the whole pile is shuffled into a new stock (Crates'
        pressure, Mus): the pile's cards, now face down, and the log says so."""
        state = draw_turns(game(1, turns=20), 6)
        pile = set(state.view(None).table["pile"])
        assert len(state.stock) == 0 and len(pile) == 6
        play(state, ["draw"])
        assert state.stock.reshuffles == 1 and state.view(None).table["pile"] == []
        assert {str(CARDS[c]) for c in state.stock.top_first()} | set(state.view(0).hand) >= pile
        assert len(state.stock) == 5
        assert "the stock is empty: the pile of 6 cards is shuffled into a new stock" in state.view(1).log

    def test_a_reshuffle_is_fixed_by_the_seed(self) -> None:
        """The same seed and the same actions reshuffle alike; another seed shuffles otherwise."""
        assert to_first_reshuffle(4).stock.top_first() == to_first_reshuffle(4).stock.top_first()
        orders = {tuple(to_first_reshuffle(seed).stock.top_first()) for seed in range(6)}
        assert len(orders) > 1

    def test_each_reshuffle_has_its_own_chance(self) -> None:
        """Each reshuffle is drawn for a purpose of its own, so the same cards are not shuffled alike twice."""
        purposes: list[str] = []

        def shuffled(purpose: str, count: int) -> list[int]:
            purposes.append(purpose)
            return game(0)._shuffled(purpose, count)

        stock = Stock()
        cards = list(range(8))
        stock.refill(cards, shuffled, "deal 3")
        first = stock.top_first()
        stock = Stock()
        stock.reshuffles = 1
        stock.refill(cards, shuffled, "deal 3")
        assert purposes == ["deal 3: stock reshuffle 1", "deal 3: stock reshuffle 2"]
        assert stock.top_first() != first and sorted(first) == cards

    def test_replays_and_clones_reshuffle_identically(self) -> None:
        """A replay of the record and a clone played on with the same actions reach the same stock."""
        state = draw_turns(game(7, turns=30), 4)
        twin = clone(state)
        for target in (state, twin):
            draw_turns(target, 10)
        assert state.stock.reshuffles == 2 and twin.stock.top_first() == state.stock.top_first()
        assert rebuilt(state).stock.top_first() == state.stock.top_first()
        assert rebuilt(state).view(1) == state.view(1)

    def test_a_sampled_world_reshuffles_with_chance_of_its_own(self) -> None:
        """A world (seat 0 to draw from an empty stock) rebuilds the stock from the same pile, but its order
        comes from the world's own chance, never from the real game's."""
        state = draw_turns(game(2, turns=20), 6)
        assert state.to_move == (0,) and not len(state.stock)
        real = play(clone(state), ["draw"]).stock.top_first()
        worlds = {tuple(play(world(state, 0, random.Random(k)), ["draw"]).stock.top_first())
                  for k in range(8)}
        assert len(worlds) > 1 and tuple(real) not in worlds


class TestKnownCards:
    def test_a_card_put_under_is_known_in_place_to_the_seat_that_saw_it(self) -> None:
        """Seat 0 peeks at the top card and puts it under: its view shows the card at the bottom (place 5 of
        six, counted from the top), and the others' views show nothing of it."""
        state = play(stacked(ORDER), ["peek"])
        assert state.view(0).extra["known_in_stock"] == [[5, "KH"]]
        assert state.view(1).extra["known_in_stock"] == [] == state.view(None).extra["known_in_stock"]
        assert "seat 0 sees KH and puts it under the stock" in state.view(0).log
        assert not any("KH" in line for line in state.view(1).log)

    def test_knowledge_holds_as_cards_are_drawn_above_it(self) -> None:
        """Two draws later the peeked card is two places nearer the top, and seat 0 still knows it; when
        seat 1 draws it, seat 0 knows who holds it, and seat 2 does not."""
        state = play(stacked(ORDER), ["peek", "draw", "discard KS", "draw", "discard QC"])
        assert state.view(0).extra["known_in_stock"] == [[3, "KH"]]
        assert state.view(1).extra["known_in_stock"] == []
        play(state, ["draw", "discard QD", "draw", "discard QH", "draw", "discard QS", "peek", "draw"])
        assert state.view(1).hand == ["AD", "KC", "KH"]
        assert state.view(0).extra["known_holdings"]["1"] == ["KH"]
        assert state.view(2).extra["known_holdings"]["1"] == []

    def test_a_sampled_world_keeps_the_known_card_in_place_for_the_seat_that_knows_it(self) -> None:
        """Seat 0's worlds all keep KH at the bottom; seat 1's worlds put other cards there, and each world
        looks to its seat exactly as the real game does."""
        state = play(stacked(ORDER), ["peek"])
        for k in range(10):
            mine = world(state, 0, random.Random(k))
            assert mine.stock.top_first()[-1] == PACK.index[Card.parse("KH")] and mine.view(0) == state.view(0)
        bottoms = {world(state, 1, random.Random(k)).stock.top_first()[-1] for k in range(10)}
        assert len(bottoms) > 1
        assert all(state.sample_world(1, random.Random(k)).view(1) == state.view(1) for k in range(5))

    def test_a_world_never_holds_the_real_order_of_what_its_seat_has_not_seen(self) -> None:
        """Two games that differ only in the order of cards seat 1 has not seen give seat 1 the same views
        and, from the same chance, the very same worlds: nothing of the real order reaches a search."""
        twin_order = ORDER[:6] + ["QS", "QH", "KS", "QD", "KH", "QC"]   # the undealt six in another order
        one, other = (play(stacked(order), ["peek"]) for order in (ORDER, twin_order))
        assert one.view(1) == other.view(1) and one.stock.top_first() != other.stock.top_first()
        for k in range(6):
            w1, w2 = world(one, 1, random.Random(k)), world(other, 1, random.Random(k))
            assert w1.stock.top_first() == w2.stock.top_first() and w1.hands == w2.hands
            assert all(w1.view(s) == w2.view(s) for s in range(3))


class TestAcrossDeals:
    def test_a_stacked_pack_runs_through_the_deals_that_follow(self) -> None:
        """``deal={"pack": [...]}`` stacks the stock the book shuffles once. The first deal takes the top six
        (one at a time from the dealer's left); the shown hands go under the stock seat by seat, then the
        pile, and the second deal is dealt from what lies on top, unshuffled."""
        state = stacked(ORDER, turns=3)
        assert [state.view(s).hand for s in range(3)] == [["AC", "AS"], ["AD", "KC"], ["AH", "KD"]]
        play(state, ["peek", "peek", "peek"])      # KH, KS, QC go under: the stock reads QD QH QS KH KS QC
        assert state.hand_number == 2 and state.dealer == 0
        assert [state.view(s).hand for s in range(3)] == [["QC", "QS"], ["KH", "QD"], ["KS", "QH"]]
        returned = ["AC", "AS", "AD", "KC", "AH", "KD"]
        assert [card for _, card in state.view(2).extra["known_in_stock"]] == returned
        assert [card for _, card in state.view(None).extra["known_in_stock"]] == returned

    def test_what_a_seat_saw_stays_known_into_the_next_deal(self) -> None:
        """Cards put under face up are known to all, so whoever draws one is known to hold it; a card peeked
        at in the first deal and dealt in the second is known to its peeker (seat 0 saw KH, dealt to seat 1)."""
        state = play(stacked(ORDER, turns=3), ["peek", "peek", "peek", "draw"])
        assert state.view(2).extra["known_holdings"]["1"] == ["AC"]
        assert state.view(0).extra["known_holdings"]["1"] == ["AC", "KH"]

    def test_a_stacked_pack_must_be_the_whole_pack(self) -> None:
        with pytest.raises(ValueError, match="each of the 12 cards of the peek-12 pack once"):
            stacked(ORDER[:-1])


def test_random_games_keep_the_contract() -> None:
    """Random play through reshuffles and both deals: cards are never made or lost, every world looks to its
    seat as the real game does, and clones and replays agree."""
    rng = random.Random(11)
    for seed in range(5):
        state = game(seed, turns=25)
        while not state.is_over:
            seat = state.to_move[0]
            cards = [*bit_indices(sum(state.hands)), *state.pile, *state.stock.top_first()]
            assert sorted(cards) == list(range(12))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            looker = rng.randrange(3)
            assert state.sample_world(looker, rng).view(looker) == state.view(looker)
        assert rebuilt(state).view(0) == state.view(0) and state.clone().view(1) == state.view(1)


class TestNotThrownBack:
    """Rummy's custom (Carioca, Kowah): the card taken from the pile is not thrown back that turn."""

    def test_the_taken_face_is_barred_in_every_copy(self) -> None:
        pack = DOUBLE_108
        seven, other_seven, king = (pack.index[Card.parse(c)] for c in ("7H", "7H#2", "KS"))
        hand = 1 << seven | 1 << other_seven | 1 << king
        assert not_thrown_back(hand, seven, pack) == 1 << king
        assert not_thrown_back(hand, None, pack) == hand

    def test_a_hand_of_that_face_alone_may_throw_it(self) -> None:
        pack = DOUBLE_108
        seven, other_seven = (pack.index[Card.parse(c)] for c in ("7H", "7H#2"))
        hand = 1 << seven | 1 << other_seven
        assert not_thrown_back(hand, other_seven, pack) == hand


KOWAH_HANDS = [["2S", "3S", "4S", "6S", "8S", "9S", "2H", "3H"], ["2D", "3D", "4D", "6D", "8D", "9D", "8H", "9H"]]


class TestPreparedStock:
    """A prepared deal's stock (``State._stacked``): the cards listed on top, the rest in the seed's order."""

    def test_the_listed_cards_lie_on_top_and_the_rest_follow_by_the_seed(self) -> None:
        import parlour
        from parlour.games.kowah import PACK as KOWAH

        deal = {"hands": KOWAH_HANDS, "stock": ["KC", "AS"]}
        one, two = (parlour.new_game("kowah", players=2, seed=seed, deal=deal) for seed in (1, 2))
        assert [str(KOWAH.cards[i].face) for i in one.stock.top_first()[:2]] == ["KC", "AS"]
        assert one.stock.top_first()[2:] != two.stock.top_first()[2:]

    @pytest.mark.parametrize("stock", [["2S"], ["KC", "KC#2", "KC"]])
    def test_a_card_held_or_listed_twice_is_refused(self, stock: list[str]) -> None:
        import parlour

        with pytest.raises(ValueError, match="may name only cards no hand nor other list holds, each once"):
            parlour.new_game("kowah", players=2, seed=1, deal={"hands": KOWAH_HANDS, "stock": stock})
