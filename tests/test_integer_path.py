"""The integer path: ``legal_ids`` and ``apply_id`` drive every game by action number and agree with the
notation path (``legal_actions``, ``apply``) at every step: the same actions in the same order, the same
states after them, the same refusals by the same rules in the same words, nothing changed by a refusal.

Checked over every registered game by random playouts, and over the test-only games of
``tests/test_contract_encodings.py``, whose numbers depend on the state (a sum is numbered by where its
numbers lie on the table).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest
from test_contract_encodings import GAMES as ENCODING_GAMES

import parlour
from parlour import GameOver, IllegalAction, NotationError, OutOfTurn, State
from parlour.cards import DOUBLE_108, STANDARD_52
from parlour.engine import Action, ActionSpace, Pass, Play
from parlour.engine.actions import card_table
from parlour.engine.cardplay import numbered_plays
from parlour.games.tetka import PLAYS, TetkaState

GAME_IDS = [info.id for info in parlour.games()]
STEPS = 400   # actions looked at in each game: its first deals, every phase of them
BAD_NUMBERS: list[Any] = [1.0, "3", True, None, b"\x01"]


def new_state(game: str, seed: int) -> State:
    return parlour.new_game(game, seed=seed)


def encoding_game(game: type[State], players: int, seed: int) -> State:
    return game(players=players, variant=None, seed=seed, options={})


def fingerprint(state: State) -> tuple[Any, ...]:
    """All that every seat may see, and the history: two states alike in this are alike to the contract."""
    return (tuple(repr(state.view(seat).to_dict()) for seat in range(state.players)), tuple(state.history))


def steps(state: State, rng: random.Random, limit: int = STEPS) -> Iterator[tuple[State, int, int]]:
    """Along a random game, each state with the seat acting and the number it chooses (applied after)."""
    for _ in range(limit):
        if state.is_over:
            return
        seat = rng.choice(state.to_move)
        number = rng.choice(state.legal_ids(seat))
        yield state, seat, number
        state.apply_id(seat, number)


def refusal(act: Callable[..., None], *args: Any) -> tuple[type[Exception], str | None, str]:
    """How ``act(*args)`` was refused: the error's kind, its rule and its words."""
    try:
        act(*args)
    except (IllegalAction, NotationError) as problem:
        return type(problem), getattr(problem, "rule", None), str(problem)
    raise AssertionError(f"{act.__name__}{args} was not refused")


def outcome(state: State, by_number: bool, seat: int, number: int) -> Any:
    """What becomes of a copy of ``state`` when ``seat`` tries the action numbered ``number``, by number or
    by action: its refusal, or (where it is allowed) the copy's fingerprint after it."""
    copy = state.clone()
    try:
        if by_number:
            copy.apply_id(seat, number)
        else:
            copy.apply(seat, copy.decode(number))
    except (IllegalAction, NotationError) as problem:
        return type(problem), getattr(problem, "rule", None), str(problem)
    return fingerprint(copy)


def same_refusal(state: State, seat: int, number: int) -> None:
    """``apply_id`` refuses ``number`` as ``apply`` refuses its action (or allows it alike), and a refusal
    leaves ``state`` exactly as it was."""
    expected = outcome(state, False, seat, number)
    assert outcome(state, True, seat, number) == expected
    if isinstance(expected, tuple) and isinstance(expected[0], type):
        before = fingerprint(state)
        assert refusal(state.apply_id, seat, number) == expected
        assert fingerprint(state) == before


def check_ids_match(state: State) -> None:
    for seat in range(state.players):
        ids = state.legal_ids(seat)
        assert ids == tuple(state.encode(a) for a in state.legal_actions(seat)), f"seat {seat}"
        assert type(ids) is tuple and state.legal_ids(seat) == ids


# --- every registered game -------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAME_IDS)
def test_legal_ids_are_the_numbers_of_the_legal_actions_in_order(game: str) -> None:
    """At every step, for every seat (those not to move have none), ``legal_ids`` is ``encode`` of each of
    ``legal_actions`` in the same order, and asking again before the next action gives the same tuple."""
    for seed in range(2):
        for state, seat, _ in steps(new_state(game, seed), random.Random(seed)):
            check_ids_match(state)
            assert state.legal_ids(seat) is state.legal_ids(seat)


@pytest.mark.parametrize("game", GAME_IDS)
def test_apply_id_leads_where_apply_does(game: str) -> None:
    """Two copies of one game, one driven by ``apply_id(seat, number)`` and one by ``apply(seat, action)``
    with the same choices, show every seat the same view and keep the same history at every step."""
    by_action = new_state(game, 5)
    by_number = new_state(game, 5)
    for state, seat, number in steps(by_number, random.Random(5)):
        assert fingerprint(state) == fingerprint(by_action)
        by_action.apply(seat, by_action.legal_actions(seat)[state.legal_ids(seat).index(number)])
    assert fingerprint(by_number) == fingerprint(by_action)


@pytest.mark.parametrize("game", GAME_IDS)
def test_illegal_numbers_are_refused_as_apply_refuses_them(game: str) -> None:
    """A number in range but not legal now is refused by the rule and in the words ``apply`` gives its
    action; a number out of range is a ``NotationError``; a number not an ``int`` (a float, a string, a
    bool) is refused by the rule "action number", naming its type. None of them changes anything."""
    rng = random.Random(3)
    for state, seat, _ in steps(new_state(game, 3), random.Random(3)):
        if rng.random() > 0.2:
            continue
        before = fingerprint(state)
        legal = set(state.legal_ids(seat))
        illegal = [n for n in range(state.action_space_size) if n not in legal]
        for number in rng.sample(illegal, min(4, len(illegal))):
            same_refusal(state, seat, number)
        for number in (-1, state.action_space_size):
            with pytest.raises(NotationError, match="numbered"):
                state.apply_id(seat, number)
        for bad in BAD_NUMBERS:
            with pytest.raises(IllegalAction, match=type(bad).__name__) as refused:
                state.apply_id(seat, bad)
            assert refused.value.rule == "action number"
        assert fingerprint(state) == before


@pytest.mark.parametrize("game", GAME_IDS)
def test_out_of_turn_numbers_are_refused_as_apply_refuses_them(game: str) -> None:
    """A seat not to move, playing a number legal for the seat that is, gets the refusal ``apply`` gives it
    (a bad number does not hide that it is out of turn); a seat that does not exist, and any number after
    the game is over, are refused alike."""
    game_state = new_state(game, 4)
    rng = random.Random(4)
    checked = 0
    for state, _, number in steps(game_state, random.Random(4)):
        idle_seats = [s for s in range(state.players) if s not in state.to_move]
        if rng.random() > 0.2:
            continue
        for idle in idle_seats[:2]:
            expected = outcome(state, False, idle, number)
            assert issubclass(expected[0], OutOfTurn)
            same_refusal(state, idle, number)
            assert refusal(state.apply_id, idle, 1.5) == refusal(state.apply, idle, "pass")
            checked += 1
        same_refusal(state, state.players, number)
    while not game_state.is_over:
        seat = game_state.to_move[0]
        game_state.apply_id(seat, game_state.legal_ids(seat)[0])
    assert game_state.legal_ids(0) == ()
    with pytest.raises(GameOver):
        game_state.apply_id(0, 0)
    assert checked


# --- numbers that depend on the state ---------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "players"), ENCODING_GAMES, ids=[g.__name__ for g, _ in ENCODING_GAMES])
def test_the_integer_path_follows_numbers_that_depend_on_the_state(game: type[State], players: int) -> None:
    """Bets, asks and lays numbered by their fields, and sums numbered by where their numbers lie on the
    table: ``legal_ids`` and ``apply_id`` agree with the notation path through whole games, and a number
    whose action is against the rule now (a bet above the chips, a sum of other numbers) is refused by it."""
    for seed in range(4):
        by_action = encoding_game(game, players, seed)
        rng = random.Random(seed)
        by_number = encoding_game(game, players, seed)
        for state, seat, number in steps(by_number, random.Random(seed), limit=10_000):
            check_ids_match(state)
            by_action.apply(seat, by_action.legal_actions(seat)[by_action.legal_ids(seat).index(number)])
            legal = set(state.legal_ids(seat))
            others = [n for n in range(state.action_space_size) if n not in legal]
            if others:
                same_refusal(state, seat, rng.choice(others))
        assert by_number.is_over and fingerprint(by_number) == fingerprint(by_action)


# --- the fast lane of card play --------------------------------------------------------------------------------
class GuardedTetka(TetkaState):
    """Tëtka with a rule of its own in ``apply``: seat 2 may never play the queen of spades."""

    def apply(self, seat: int, action: Action | str) -> None:
        if seat == 2 and str(action) == "play QS":
            raise IllegalAction("seat 2 never plays the queen of spades", rule="house rule")
        super().apply(seat, action)


def test_a_game_that_applies_its_own_way_is_applied_through_its_apply() -> None:
    """The card-play fast lane skips ``apply``; a class that overrides ``apply`` (or ``legal_actions``) does
    not get it, so its own refusals hold on the integer path too."""
    template = parlour.new_game("tetka", seed=0)
    assert numbered_plays(template) is not None
    state = GuardedTetka(players=4, variant=None, seed=0, options=dict(template.options))
    assert numbered_plays(state) is None
    queen = state.encode(state.parse_action("play QS"))
    for _ in range(500):
        if state.is_over:
            break
        seat = state.to_move[0]
        if seat == 2 and queen in state.legal_ids(seat):
            with pytest.raises(IllegalAction, match="never plays the queen") as refused:
                state.apply_id(seat, queen)
            assert refused.value.rule == "house rule"
            return
        ids = [n for n in state.legal_ids(seat) if not (seat == 2 and n == queen)]
        state.apply_id(seat, ids[0])
    pytest.fail("seat 2 never held the queen of spades with it legal to play")


WAITING = ActionSpace(Pass(), PLAYS)


class WaitingTetka(TetkaState):
    """Tëtka numbered with one action (a pass no one may make) before the plays: every play's number is
    its place in the pack plus one, as in a game whose plays come after its calls."""

    info = replace(TetkaState.info, num_distinct_actions=len(WAITING))
    ACTIONS = WAITING


def test_plays_numbered_after_other_actions_keep_their_numbers() -> None:
    """The fast lane lists and applies a play by the game's own number for it, not by its place in the pack:
    through a whole game, ``legal_ids`` is ``encode`` of the legal plays, number 0 (the pass) is refused
    by the rule, and the game ends as the same game driven by ``apply`` does."""
    waiting = WaitingTetka(players=4, variant=None, seed=2, options=dict(parlour.new_game("tetka", seed=2).options))
    by_action = waiting.clone()
    assert numbered_plays(waiting) is not None and waiting.encode(PLAYS[0]) == 1
    rng = random.Random(2)
    for state, seat, number in steps(waiting, random.Random(2), limit=10_000):
        assert state.legal_ids(seat) == tuple(state.encode(a) for a in state.legal_actions(seat))
        assert 0 not in state.legal_ids(seat)
        by_action.apply(seat, by_action.decode(number))
        if rng.random() < 0.05:
            same_refusal(state, seat, 0)
    assert by_action.is_over and fingerprint(by_action) == fingerprint(waiting)


@pytest.mark.parametrize("pack", [STANDARD_52, DOUBLE_108], ids=["standard-52", "double-108, with copies"])
def test_a_table_lists_the_places_of_what_it_lists(pack: Any) -> None:
    """``ActionTable.places(mask)`` is the number of each action ``of(mask)`` lists, in order, within one
    chunk and across chunks; over a pack with copies, one place per face however many copies the mask holds.
    ``numbers`` gives the same for a list of actions, the table's own or equal ones made anew."""
    table = card_table(pack, Play)
    rng = random.Random(8)
    for _ in range(300):
        mask = rng.getrandbits(len(pack)) & rng.choice([pack.full_mask, pack.suit_masks[0], 0x1FFF << 13])
        assert table.places(mask) == tuple(table.encode(a) for a in table.of(mask))
        assert table.places(mask) == table.places(mask)
        # The numbers of a list, whether of the table's own actions or of equal ones made anew.
        assert table.numbers(table.of(mask)) == table.places(mask)
        assert table.numbers([Play(a.card) for a in table.of(mask)]) == table.places(mask)  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_sampled_world_keeps_no_legal_list_of_the_real_state(game: str) -> None:
    """The lists ``legal_ids`` keeps are of the seat that asked, read from its hand: a world sampled for
    another seat must not carry them (a search could read another seat's legal plays there), and its own
    lists are those of its own deal."""
    rng = random.Random(9)
    looked = 0
    for state, seat, _ in steps(new_state(game, 9), random.Random(9), limit=60):
        others = [s for s in range(state.players) if s != seat]
        if not others:
            continue
        kept = state.legal_ids(seat)
        world = state.sample_world(rng.choice(others), rng)
        assert all(value is not kept and not (isinstance(value, tuple) and kept in value)
                   for value in vars(world).values())
        assert world.legal_ids(seat) == tuple(world.encode(a) for a in world.legal_actions(seat))
        looked += 1
    assert looked
