"""Finite encodings for amounts and structures: actions whose fields range over bounded domains (a bet, a
seat and a card, a meld's slot) and sums over the numbers on the table, numbered by ``ActionSpace``
without any game writing its own encoding. Three test-only games show them: Stakes (betting), Quartets
(asking and laying to meld slots) and Make 24 (stating a sum)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

import pytest

from parlour.cards import NUMBER_40, Card, Pack, Rank, Suit
from parlour.engine import (
    Action,
    ActionSpace,
    Cards,
    ExpressionAction,
    Expressions,
    FieldAction,
    GameInfo,
    HandResult,
    IllegalAction,
    NotationError,
    Numbers,
    Pass,
    Seats,
    State,
    Words,
    evaluate,
    parse_expression,
    seat_entry,
    write_expression,
)

PASS = Pass()


def _info(game_id: str, players: int, actions: ActionSpace) -> GameInfo:
    return GameInfo(id=game_id, name=game_id.title(), family=("test",), min_players=players, max_players=players,
                    pack="none", rules_source=(), summary="", num_distinct_actions=len(actions))


class Base(State):
    """What the three games share: scores by seat and a bare view."""

    won: list[int]

    def scores(self) -> list[int]:
        return list(self.won)

    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        return {"phase": "play", "seats": [seat_entry(s) for s in range(self.players)], "table": {}}

    def _end_deal(self, changes: tuple[int, ...]) -> None:
        self._finish_hand(HandResult(self.hand_number, changes))
        self._next_deal()

    def _pass_deal(self) -> None:
        self.dealer = self.seating.next(self.dealer)


# --- Stakes: a bet on high or low, from 1 to the most a seat may stake ---------------------------------------
MOST = 10


@dataclass(frozen=True, slots=True)
class Stake(FieldAction):
    """``bet high 3``: a side and an amount."""

    verb: ClassVar[str] = "bet"
    FIELDS = (Words(("high", "low"), "side"), Numbers(1, MOST, "bet"))
    side: str
    amount: int


STAKES = ActionSpace(Stake, PASS)


class Stakes(Base):
    """Two seats, each deal: the seat to move bets on whether a turned card is high, up to its chips (and
    never more than ``MOST``), or passes."""

    info = _info("stakes", 2, STAKES)
    ACTIONS = STAKES
    ACTION_KINDS = STAKES.kinds
    MUTABLE = ("won",)

    def _setup(self) -> None:
        self.won = [6, 6]
        self.hands_in_game = 4
        self.dealer = 1
        self._deal()

    def _deal(self) -> None:
        self.to_move = (self.seating.next(self.dealer),)

    def _legal(self, seat: int) -> list[Action]:
        top = min(MOST, self.won[seat])
        return [*(Stake(side, n) for side in ("high", "low") for n in range(1, top + 1)), PASS]

    def _check(self, seat: int, action: Action) -> None:
        if isinstance(action, Stake) and action.amount > self.won[seat]:
            raise IllegalAction(f"a bet may not be more than the {self.won[seat]} chips held", rule="stake")

    def _do(self, seat: int, action: Action) -> None:
        changes = [0, 0]
        if isinstance(action, Stake):
            high = self._shuffled(f"deal {self.hand_number}", 10)[0] >= 5
            gain = action.amount if high == (action.side == "high") else -action.amount
            changes[seat], changes[1 - seat] = gain, -gain
            self.won = [w + c for w, c in zip(self.won, changes, strict=True)]
        self._end_deal(tuple(changes))


# --- Quartets: ask a seat for a card, or lay a card to a meld slot -------------------------------------------
QUARTET_PACK = Pack("quartets-12", [Card(rank, suit) for rank in (Rank.ACE, Rank.KING, Rank.QUEEN) for suit in Suit])
SLOTS = 3


@dataclass(frozen=True, slots=True)
class Ask(FieldAction):
    """``ask 2 QH``: ask seat 2 for the queen of hearts."""

    verb: ClassVar[str] = "ask"
    FIELDS = (Seats(4), Cards(QUARTET_PACK))
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Lay(FieldAction):
    """``lay QH 2``: the queen of hearts to meld slot 2."""

    verb: ClassVar[str] = "lay"
    FIELDS = (Cards(QUARTET_PACK), Numbers(1, SLOTS, "meld"))
    card: Card
    slot: int


QUARTETS = ActionSpace(Ask, Lay)


class Quartets(Base):
    """Three seats share the twelve cards. On a turn a seat asks another for a card of a rank it holds
    (getting it, it goes on; else the turn passes) or lays a card to a meld slot holding its rank, or to an
    empty slot. The game ends when a slot holds four cards, or after forty turns; each card laid scores 1."""

    info = _info("quartets", 3, QUARTETS)
    ACTIONS = QUARTETS
    ACTION_KINDS = QUARTETS.kinds
    MUTABLE = ("hands", "slots", "won")

    def _setup(self) -> None:
        deck = self._shuffled("deal 1", len(QUARTET_PACK))
        self.hands = [{QUARTET_PACK.cards[i] for i in deck[s::3]} for s in range(3)]
        self.slots: list[list[Card]] = [[] for _ in range(SLOTS)]
        self.won = [0, 0, 0]
        self.turns = 0
        self.to_move = (0,)

    def _legal(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        ranks = {card.rank for card in hand}
        asks: list[Action] = [Ask(other, card) for other in range(3) if other != seat
                              for card in QUARTET_PACK.cards if card.rank in ranks and card not in hand]
        lays = [Lay(card, k + 1) for card in sorted(hand, key=QUARTET_PACK.index.__getitem__)
                for k, slot in enumerate(self.slots) if not slot or slot[0].rank == card.rank]
        return asks + lays

    def _check(self, seat: int, action: Action) -> None:
        if isinstance(action, Ask) and not 0 <= action.seat < self.players:
            raise IllegalAction(f"there is no seat {action.seat} at this table of {self.players}", rule="seats")
        if isinstance(action, Ask) and action.seat == seat:
            raise IllegalAction("a seat asks another seat, not itself", rule="asking")
        super()._check(seat, action)

    def _do(self, seat: int, action: Action) -> None:
        self.turns += 1
        if isinstance(action, Ask):
            asked = self.hands[action.seat]
            if action.card in asked:
                asked.remove(action.card)
                self.hands[seat].add(action.card)
            else:
                self.to_move = (self.seating.next(seat),)
        elif isinstance(action, Lay):
            self.hands[seat].remove(action.card)
            self.slots[action.slot - 1].append(action.card)
            self.won[seat] += 1
        if self.turns >= 40 or any(len(slot) == 4 for slot in self.slots) or not self._legal(self.to_move[0]):
            self._finish_hand(HandResult(1, tuple(self.won)))
            self.to_move = ()


# --- Make 24: state a sum of the four numbers on the table ----------------------------------------------------
@dataclass(frozen=True, slots=True)
class Solve(ExpressionAction):
    verb: ClassVar[str] = "solve"


MAKE24 = ActionSpace(PASS, Solve)


class Make24(Base):
    """Two seats take turns: four number cards are turned up and the seat to move states a sum of them
    (scoring 1 if it makes 24) or passes. Three deals."""

    info = _info("make-24", 2, MAKE24)
    ACTIONS = MAKE24
    ACTION_KINDS = MAKE24.kinds
    MUTABLE = ("won",)
    SUMS = Expressions(4)

    def _setup(self) -> None:
        self.won = [0, 0]
        self.hands_in_game = 3
        self.dealer = 1
        self._deal()

    def _deal(self) -> None:
        plan = self.options.get("boards")
        turned = self._shuffled(f"deal {self.hand_number}", len(NUMBER_40))[:4]
        self.board = (plan[self.hand_number - 1] if plan else
                      tuple(int(NUMBER_40.cards[i].rank) for i in turned))
        self.to_move = (self.seating.next(self.dealer),)

    def encode(self, action: Action) -> int:
        return self.ACTIONS.encode(action, board=self.board)

    def decode(self, number: int) -> Action:
        return self.ACTIONS.decode(number, board=self.board)

    def _legal(self, seat: int) -> list[Action]:
        return [PASS, *(Solve(term) for term in self.SUMS.every(self.board))]

    def _check(self, seat: int, action: Action) -> None:
        if isinstance(action, Solve):
            self.SUMS.encode(action.expression, self.board)   # refuses a sum of other numbers
        elif action != PASS:
            raise IllegalAction(f"{action} is not allowed now")

    def _do(self, seat: int, action: Action) -> None:
        changes = [0, 0]
        if isinstance(action, Solve) and evaluate(action.expression) == 24:
            changes[seat] = 1
            self.won[seat] += 1
        self._end_deal(tuple(changes))


# --- the checks -----------------------------------------------------------------------------------------------
def contract_playout(state: State, rng: random.Random) -> State:
    """A random game, checking at every step what the conformance suite checks of encodings: every legal
    action's notation reads back, its number is unique and below ``action_space_size``, and decodes back."""
    while not state.is_over:
        for seat in state.to_move:
            legal = state.legal_actions(seat)
            assert legal == state.legal_actions(seat) and legal
            numbers = [state.encode(action) for action in legal]
            assert len(set(numbers)) == len(legal)
            assert all(0 <= n < state.action_space_size for n in numbers)
            assert [state.decode(n) for n in numbers] == legal
            assert [state.parse_action(str(action)) for action in legal] == legal
        seat = rng.choice(state.to_move)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


GAMES: list[tuple[type[State], int]] = [(Stakes, 2), (Quartets, 3), (Make24, 2)]


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[g.__name__ for g, _ in GAMES])
def test_random_playouts_keep_the_encoding_contract(game: type[State], players: int) -> None:
    for seed in range(4):
        state = contract_playout(game(players=players, variant=None, seed=seed, options={}), random.Random(seed))
        assert state.result().winners


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[g.__name__ for g, _ in GAMES])
def test_every_number_decodes_to_an_action_that_encodes_back(game: type[State], players: int) -> None:
    """The whole space: each number is an action (legal or not), and distinct actions have distinct numbers."""
    state = game(players=players, variant=None, seed=1, options={})
    actions = [state.decode(n) for n in range(state.action_space_size)]
    distinct = dict.fromkeys(actions)
    assert len({state.encode(a) for a in distinct}) == len(distinct)
    assert all(state.decode(state.encode(a)) == a for a in distinct)
    with pytest.raises(NotationError, match="numbered 0 to"):
        state.decode(state.action_space_size)


class TestAmounts:
    def test_a_bet_reads_and_numbers_by_its_fields(self) -> None:
        """``bet high 3`` is the side and the amount; the kind has 2 x 10 numbers, then one for pass."""
        assert str(Stake("high", 3)) == "bet high 3" and Stake.count() == 20
        assert len(STAKES) == 21 and STAKES.encode(Stake("low", 1)) == 10 and STAKES.decode(20) == PASS
        assert STAKES.parse("BET Low 10") == Stake("low", 10)

    @pytest.mark.parametrize(("text", "problem"), [
        ("bet high 11", "no bet 11: bets are 1 to 10"),
        ("bet high 0", "no bet 0: bets are 1 to 10"),
        ("bet high three", "a bet is a whole number, not 'three'"),
        ("bet middle 3", "no side 'middle': write one of high, low"),
        ("bet 3", "'bet' takes <side> <bet>, as 'bet high 1'"),
        ("bet high 3 4", "'bet' takes <side> <bet>"),
        ("bet high 99999999999999", "a bet is a whole number"),
    ])
    def test_malformed_bets_are_notation_errors_that_name_the_problem(self, text: str, problem: str) -> None:
        state = Stakes(players=2, variant=None, seed=0, options={})
        with pytest.raises(NotationError, match=problem.replace("(", r"\(")):
            state.apply(0, text)

    def test_a_bet_within_the_encoding_but_beyond_the_chips_is_against_the_rule(self) -> None:
        """The encoding's bound is the most ever allowed; the chips held are a rule, refused by name."""
        state = Stakes(players=2, variant=None, seed=0, options={})
        with pytest.raises(IllegalAction) as refused:
            state.apply(0, "bet high 7")
        assert refused.value.rule == "stake" and state.history == []

    def test_an_action_off_its_domain_has_no_number(self) -> None:
        with pytest.raises(NotationError, match="no bet 12"):
            STAKES.encode(Stake("high", 12))


class TestAsking:
    def test_ask_names_a_seat_and_a_card(self) -> None:
        """``ask 2 QH`` reads back; its number is the seat's then the card's place, and lays follow asks."""
        ask = Ask(2, Card(Rank.QUEEN, Suit.HEARTS))
        assert str(ask) == "ask 2 QH" and QUARTETS.parse("ask 2 Q♥") == ask
        assert QUARTETS.encode(ask) == 2 * 12 + QUARTET_PACK.index[ask.card]
        assert len(QUARTETS) == 4 * 12 + 12 * SLOTS and QUARTETS.decode(48) == Lay(QUARTET_PACK.cards[0], 1)

    @pytest.mark.parametrize(("text", "problem"), [
        ("ask 7 QH", "no seat 7: seats are 0 to 3"),
        ("ask 2 2H", "2H is not a card of this game"),
        ("ask 2 QX", "'QX' is not a card"),
        ("ask QH", "'ask' takes <seat> <card>"),
        ("lay QH 4", "no meld 4: melds are 1 to 3"),
        ("lay 2 QH", "'2' is not a card"),
        ("ask 2 QH now", "'ask' takes <seat> <card>, as 'ask 0 AC'"),
    ])
    def test_malformed_asks_and_lays_are_notation_errors(self, text: str, problem: str) -> None:
        with pytest.raises(NotationError, match=problem):
            QUARTETS.parse(text)

    def test_a_seat_in_the_encoding_but_not_at_the_table_is_refused_by_rule(self) -> None:
        state = Quartets(players=3, variant=None, seed=0, options={})
        with pytest.raises(IllegalAction, match="no seat 3 at this table"):
            state.apply(0, "ask 3 QH")


class TestSums:
    def test_a_sum_reads_with_the_books_signs_and_writes_back_exactly(self) -> None:
        """Twenty-Four's example, 8 x 5 - (7 + 9): the sign for times or minus may be typed either way, and
        the notation keeps only the brackets the sum's shape needs."""
        term = parse_expression("8 × 5 − (7 + 9)")
        assert write_expression(term) == "8*5-(7+9)" and evaluate(term) == 24
        assert write_expression(parse_expression("((1+2)+3)+4")) == "1+2+3+4"
        assert write_expression(parse_expression("1+(2+3)+4")) == "1+(2+3)+4"
        assert evaluate(parse_expression("8/(3-8/3)")) == 24
        assert evaluate(parse_expression("1/(2-2)*4")) is None
        assert evaluate(parse_expression("7/2")) == Fraction(7, 2)

    @pytest.mark.parametrize(("text", "problem"), [
        ("solve", "'solve' takes a sum of 4 numbers, as 'solve 1\\+2\\+3\\+4'"),
        ("solve 1+2+3", "a sum of 4 numbers, not 3"),
        ("solve 1+2+3+4+5", "not 5"),
        ("solve 1+2+(3+4", "a '\\(' is never closed"),
        ("solve 1+2)+3+4", "unexpected '\\)'"),
        ("solve 1+2+3+", "ends where a number"),
        ("solve 1 2+3+4", "an operator is wanted after 1"),
        ("solve 1+2+3%4", "'%' has no place in a sum"),
        ("solve *1+2+3+4", "a number or '\\(' is wanted, not '\\*'"),
        ("solve " + "(" * 300 + "1", "at most 200 characters"),
    ])
    def test_malformed_sums_are_notation_errors_that_name_the_problem(self, text: str, problem: str) -> None:
        state = Make24(players=2, variant=None, seed=0, options={})
        with pytest.raises(NotationError, match=problem):
            state.apply(state.to_move[0], text)
        assert state.history == []

    def test_sums_are_numbered_by_their_places_on_the_table(self) -> None:
        """A sum's number is its shape, its signs and where each number lies on the table: the same number
        means "the first card times the second" on any table, and four numbers make 7,680 sums."""
        sums = Expressions(4)
        assert sums.size == 5 * 4 ** 3 * 24
        first = sums.encode(parse_expression("5*8-(7+9)"), (5, 8, 7, 9))
        assert write_expression(sums.decode(first, (1, 2, 3, 4))) == "1*2-(3+4)"

    def test_a_number_shown_twice_gives_one_sum_one_number(self) -> None:
        """With two 5s on the table, ``5+5+7+9`` is one action whichever 5 it names: fewer distinct sums."""
        sums = Expressions(4)
        board = (5, 7, 5, 9)
        term = parse_expression("5+5+7+9")
        assert sums.decode(sums.encode(term, board), board) == term
        assert len(sums.every(board)) < len(sums.every((1, 2, 3, 4)))
        assert len(sums.every((1, 2, 3, 4))) == sums.size

    def test_a_sum_of_other_numbers_is_not_an_action_here(self) -> None:
        state = Make24(players=2, variant=None, seed=0, options={"boards": [(5, 7, 8, 9)] * 3})
        with pytest.raises(NotationError, match="does not use the 4 numbers on the table"):
            state.apply(state.to_move[0], "solve 1+2+3+4")

    def test_a_true_sum_scores(self) -> None:
        state = Make24(players=2, variant=None, seed=0, options={"boards": [(5, 7, 8, 9)] * 3})
        state.apply(0, "solve 8×5−(7+9)")
        assert state.scores() == [1, 0] and str(state.history[0][1]) == "solve 8*5-(7+9)"


def test_a_kind_is_numbered_once() -> None:
    with pytest.raises(ValueError, match="numbered twice"):
        ActionSpace(Stake, Stake)
