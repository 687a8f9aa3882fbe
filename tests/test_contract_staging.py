"""Turns of several steps committed together: melds laid card by card to the slots of a turn, judged as a
whole only at ``commit`` (a first meld's minimum, reached by all the turn's melds together), taken back
with ``withdraw``. Each step is an ordinary action with a number; a staged turn never leaves its seat
without a legal action; random playouts end; every seat sees the staged cards; clones and sampled worlds
carry the stage. Played on First Melds, a test-only rummy over the double pack."""

from __future__ import annotations

import json
import random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from parlour.cards import DOUBLE_108, Card, Rank, parse_cards
from parlour.engine import (
    COMMIT,
    WITHDRAW,
    Action,
    ActionSpace,
    Cards,
    Discard,
    GameInfo,
    HandResult,
    IllegalAction,
    Lay,
    Numbers,
    Pass,
    Stage,
    StagedTurnState,
    State,
    Unknown,
    card_table,
    seat_entry,
)
from parlour.engine.deals import DealShape

PACK = DOUBLE_108
HAND = 10
SLOTS = 3
MINIMUM = 40
TURNS = 16


@dataclass(frozen=True, slots=True)
class MeldLay(Lay):
    """``lay 7H 2``: the seven of hearts to this turn's second meld."""

    FIELDS = (Cards(PACK), Numbers(1, SLOTS, "meld"))


@dataclass(frozen=True, slots=True)
class Draw(Pass):
    verb: ClassVar[str] = "draw"


DRAW = Draw()
DISCARDS = card_table(PACK, Discard)
ACTIONS = ActionSpace(DRAW, DISCARDS, MeldLay, COMMIT, WITHDRAW)


def points(index: int) -> int:
    return min(int(PACK.cards[index].rank), 10)


class FirstMelds(StagedTurnState):
    """Two seats, ten cards each. A turn: draw from the stock, lay melds of three or more cards of one rank
    (no jokers), discard. A seat's first melds must count at least ``MINIMUM`` together (a card counts its
    rank, tens and faces 10; the ``minimum`` option changes it). Emptying the hand, or the end of the
    ``TURNS``-th turn, ends the deal; each seat scores what it melded less what it holds. Two deals."""

    info = GameInfo(id="first-melds", name="First Melds", family=("test",), min_players=2, max_players=2,
                    pack=PACK.name, rules_source=(), summary="", num_distinct_actions=len(ACTIONS))
    PACK = PACK
    LAY = MeldLay
    ACTIONS = ACTIONS
    ACTION_KINDS = ACTIONS.kinds
    MUTABLE = ("hands", "stock", "melded", "opened", "won")

    def _deal_shape(self, number: int) -> DealShape:
        return DealShape(PACK, 'a stacked pack, {"pack": [the 108 cards, top first]}', hands=False, stacked=True)

    def _setup(self) -> None:
        self.dealer = 1
        self.hands_in_game = 2
        self.won = [0, 0]
        self._deal()

    def _deal(self) -> None:
        deck = self._deck(PACK)
        self.hands = self._deal_around(deck[:2 * HAND], self.dealer)
        self.stock = deck[2 * HAND:]     # top last
        self.stock.reverse()
        self.pile: int | None = None
        self.melded: list[list[tuple[int, ...]]] = [[], []]
        self.opened = [False, False]
        self.drawn = False
        self.turns = 0
        self.to_move = (self.seating.next(self.dealer),)

    # --- the turn ---------------------------------------------------------------------------------------
    def _may_stage(self, seat: int) -> bool:
        return self.drawn

    def _turn_legal(self, seat: int) -> list[Action]:
        return list(DISCARDS.of(self.hands[seat])) if self.drawn else [DRAW]

    def _turn_do(self, seat: int, action: Action) -> None:
        if action == DRAW:
            self.hands[seat] |= 1 << self.stock.pop()
            self.drawn = True
            return
        index = PACK.copy_to_take(action.card, self.hands[seat])  # type: ignore[attr-defined]
        self.hands[seat] &= ~(1 << index)
        self.pile = index
        self._end_turn(seat)

    def _end_turn(self, seat: int) -> None:
        self.turns += 1
        if not self.hands[seat] or self.turns == TURNS:
            self._score()
            return
        self.drawn = False
        self.to_move = (self.seating.next(seat),)

    # --- the staged melds ----------------------------------------------------------------------------------
    def _fits(self, stage: Stage, index: int, slot: int) -> IllegalAction | None:
        card = PACK.cards[index]
        if card.is_joker:
            return IllegalAction("jokers are not melded in this game", rule="no jokers")
        meld = stage.meld(slot)
        if meld and PACK.cards[meld[0]].rank != card.rank:
            return IllegalAction(f"meld {slot} is of {PACK.cards[meld[0]].rank.name.lower()}s", rule="meld rank")
        return None

    def _commit_refusal(self, stage: Stage) -> IllegalAction | None:
        if any(len(meld) < 3 for meld in stage.filled()):
            return IllegalAction("a meld has at least three cards", rule="meld size")
        total = sum(points(index) for meld in stage.filled() for index in meld)
        minimum = self.options.get("minimum", MINIMUM)
        if not self.opened[stage.seat] and total < minimum:
            return IllegalAction(f"a first meld counts at least {minimum} with all its melds together, not "
                                 f"{total}", rule="first meld minimum")
        return None

    def _commit(self, seat: int, stage: Stage) -> None:
        self.melded[seat] = [*self.melded[seat], *stage.filled()]
        self.opened[seat] = True
        if not self.hands[seat]:
            self._score()

    def _score(self) -> None:
        change = tuple(sum(points(i) for meld in self.melded[s] for i in meld)
                       - sum(points(i) for i in range(len(PACK)) if self.hands[s] >> i & 1) for s in (0, 1))
        self.won = [w + c for w, c in zip(self.won, change, strict=True)]
        self._finish_hand(HandResult(self.hand_number, change))
        self._next_deal()

    def scores(self) -> list[int]:
        return list(self.won)

    # --- what seats see and do not ----------------------------------------------------------------------------
    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        def melds(s: int) -> list[str]:
            return [" ".join(str(c) for c in PACK.shown(sum(1 << i for i in meld))) for meld in self.melded[s]]
        return {"phase": "play", "hand": [] if seat is None else [str(c) for c in PACK.shown(self.hands[seat])],
                "seats": [seat_entry(s, held=self.hands[s].bit_count(), face_up=melds(s)) for s in (0, 1)],
                "table": {"staged": self._staged_melds(), "stock": len(self.stock),
                          "pile": None if self.pile is None else str(PACK.cards[self.pile].face)}}

    def _unknown(self, seat: int) -> Unknown:
        unknown = Unknown(0, faces=PACK.face_of)
        other = 1 - seat
        unknown.hide(other, self.hands[other] & ~self._known_held(other))
        unknown.hide("stock", sum(1 << i for i in self.stock))
        return unknown

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        for key, cards in deal.items():
            if isinstance(key, int):
                self.hands[key] = sum(1 << i for i in cards) | self._known_held(key)
            else:
                self.stock = cards


def new(seed: int = 0, **options: Any) -> FirstMelds:
    return FirstMelds(players=2, variant=None, seed=seed, options=options)


def stacked(hands: tuple[str, str], draws: str) -> dict[str, list[str]]:
    """A stacked pack dealing the two hands (seat 0 first) and putting ``draws`` on top of the stock."""
    named = [parse_cards(hand) for hand in hands]
    drawn = parse_cards(draws)
    rest = [c for c in PACK.cards if c not in {*named[0], *named[1], *drawn}]
    deck = [named[k % 2][k // 2] for k in range(2 * HAND)]
    return {"pack": [str(c) for c in [*deck, *drawn, *rest]]}


KINGS_AND_FOURS = ("KC KC#2 KH 4C 4C#2 4D 2S 2S#2 2H JK", "3C 3D 3H 5S 6S 7S 8S 10D JD QD")


def fingerprint(state: State) -> tuple[str, ...]:
    return tuple(json.dumps(state.view(s).to_dict(), sort_keys=True) for s in (0, 1, None))


def opened(*steps: str) -> FirstMelds:
    state = new(deal=stacked(KINGS_AND_FOURS, "AS 3S"))
    for step in ("draw", *steps):
        state.apply(0, step)
    return state


class TestSteps:
    def test_each_step_is_an_ordinary_action_with_a_number(self) -> None:
        """``lay 7H 2``, ``commit`` and ``withdraw`` read back and are numbered within a fixed space: a draw,
        53 discards, 53 faces to 3 slots, commit, withdraw."""
        assert len(ACTIONS) == 1 + 53 + 53 * SLOTS + 2
        for text in ("lay 7H 2", "commit", "withdraw", "discard JK"):
            action = ACTIONS.parse(text)
            assert str(action) == text and ACTIONS.decode(ACTIONS.encode(action)) == action
        assert ACTIONS.parse("lay 7H 2") == MeldLay(Card.parse("7H"), 2)

    def test_a_lay_takes_the_lowest_copy_held_to_the_table(self) -> None:
        state = opened("lay KC 1")
        first, second = PACK.index[Card.parse("KC")], PACK.index[Card.parse("KC#2")]
        assert state.stage is not None and state.stage.meld(1) == (first,) and len(state.stage.melds) == 1
        state.apply(0, "lay KC 1")
        assert state.stage.meld(1) == (first, second)
        assert state.view(1).table["staged"] == [["KC", "KC"]]

    def test_a_step_is_refused_only_for_what_it_breaks_itself(self) -> None:
        """A four to the kings' meld breaks the meld's rank now; a meld of two is a fine step, refused only
        at commit."""
        state = opened("lay KC 1", "lay KC 1")
        with pytest.raises(IllegalAction) as refused:
            state.apply(0, "lay 4C 1")
        assert refused.value.rule == "meld rank"
        state.apply(0, "lay 4C 2")
        with pytest.raises(IllegalAction) as refused:
            state.apply(0, "commit")
        assert refused.value.rule == "meld size"


class TestCommit:
    def test_a_commit_below_the_minimum_is_refused_by_rule_and_changes_nothing(self) -> None:
        """Three fours count 12: below the first meld's 40, the commit is refused, the refusal names the
        rule, and the stage, hands, log and views are as they were; commit is not in the legal list."""
        state = opened("lay 4C 1", "lay 4C 1", "lay 4D 1")
        before, stage, hands = fingerprint(state), state.stage, list(state.hands)
        with pytest.raises(IllegalAction, match="a first meld counts at least 40 with all its melds together, "
                                                "not 12") as refused:
            state.apply(0, "commit")
        assert refused.value.rule == "first meld minimum"
        assert fingerprint(state) == before and state.stage == stage and state.hands == hands
        assert COMMIT not in state.legal_actions(0) and WITHDRAW in state.legal_actions(0)

    def test_the_minimum_is_reached_by_the_turns_melds_together(self) -> None:
        """Kings (30) alone fall short of 40; kings and fours (42) together reach it and lay down."""
        state = opened("lay KC 1", "lay KC 1", "lay KH 1")
        assert COMMIT not in state.legal_actions(0)
        for step in ("lay 4C 2", "lay 4C 2", "lay 4D 2"):
            state.apply(0, step)
        assert COMMIT in state.legal_actions(0)
        state.apply(0, "commit")
        assert state.stage is None and state.opened[0] and len(state.melded[0]) == 2
        assert state.view(1).seats[0]["face_up"] == ["KC KC KH", "4C 4C 4D"]

    def test_after_the_first_meld_no_minimum_is_asked(self) -> None:
        """Once a seat has melded, three twos (6) lay down in the same turn."""
        state = opened("lay KC 1", "lay KC 1", "lay KH 1", "lay 4C 2", "lay 4C 2", "lay 4D 2", "commit",
                       "lay 2S 1", "lay 2S 1")
        assert COMMIT not in state.legal_actions(0)
        state.apply(0, "lay 2H 1")
        assert state.legal_actions(0)[-2:] == [COMMIT, WITHDRAW]
        state.apply(0, "commit")
        assert state.view(0).hand == ["AS", "JK"] and len(state.melded[0]) == 3


class TestWithdraw:
    def test_withdraw_returns_the_turn_to_its_start_and_closes_the_stage(self) -> None:
        """Taking the melds back restores the hand as it was after the draw; nothing more is staged this
        turn (so playouts end), and the turn goes on with its discard."""
        state = opened()
        hand, legal = state.hands[0], state.legal_actions(0)
        for step in ("lay KC 1", "lay 4C 2", "withdraw"):
            state.apply(0, step)
        assert state.hands[0] == hand and state.view(0).table["staged"] == []
        assert state.legal_actions(0) == [a for a in legal if not isinstance(a, Lay)]
        with pytest.raises(IllegalAction, match="taken back"):
            state.apply(0, "lay KC 1")
        state.apply(0, "discard 2H")
        assert state.to_move == (1,) and state.stage is None

    def test_other_actions_wait_while_cards_are_staged(self) -> None:
        state = opened("lay KC 1")
        before = fingerprint(state)
        with pytest.raises(IllegalAction, match="commit them or withdraw them first") as refused:
            state.apply(0, "discard 2H")
        assert refused.value.rule == "staged turn" and fingerprint(state) == before

    def test_nothing_staged_is_nothing_to_commit_or_withdraw(self) -> None:
        state = opened()
        for step in ("commit", "withdraw"):
            with pytest.raises(IllegalAction, match=f"no melds are laid out to {step}"):
                state.apply(0, step)
        with pytest.raises(IllegalAction, match="melds may not be laid now"):
            new(deal=stacked(KINGS_AND_FOURS, "AS")).apply(0, "lay KC 1")

    def test_cards_taken_back_stay_known_until_their_face_leaves_the_hand(self) -> None:
        """Seat 1 saw the kings go back: its worlds keep them in seat 0's hand. Once seat 0 lays a king
        again, which copy went is not seen, so the known kings are forgotten (the fours stay known)."""
        state = opened("lay KC 1", "lay KC 1", "lay 4D 2", "withdraw")
        kings = PACK.mask(parse_cards("KC KC#2"))
        known = state._known_held(0)
        assert known == kings | PACK.mask(parse_cards("4D"))
        for number in range(8):
            world = state.sample_world(1, random.Random(number))
            assert isinstance(world, FirstMelds) and world.hands[0] & known == known
        state.apply(0, "discard KC")
        assert state._known_held(0) == PACK.mask(parse_cards("4D"))


def test_a_finished_deal_forgets_stages_and_cards_taken_back() -> None:
    """What was known of a hand in one deal says nothing of the next: the deal's end clears it."""
    state = opened("lay KC 1", "withdraw")
    assert state._known_held(0)
    while state.hand_number == 1:
        seat = state.to_move[0]
        state.apply(seat, next(a for a in state.legal_actions(seat) if not isinstance(a, Lay)))
    assert state.known == () and state.stage is None and state._known_held(0) == 0


class Refunds(FirstMelds):
    """First Melds that notes each withdrawal, to show the hook a withdrawal calls."""

    def _withdrawn(self, seat: int, stage: Stage) -> None:
        self.refunds = [*getattr(self, "refunds", []), (seat, len(stage.filled()))]


def test_a_withdrawal_calls_the_games_own_undoing() -> None:
    """``_withdrawn`` is called once per withdrawal, with the stage as it was, after the cards are back."""
    state = Refunds(players=2, variant=None, seed=0, options={"deal": stacked(KINGS_AND_FOURS, "AS 3S")})
    for step in ("draw", "lay KC 1", "lay 4C 2", "withdraw"):
        state.apply(0, step)
    assert state.refunds == [(0, 2)] and state.hands[0].bit_count() == HAND + 1


class TestViewsAndWorlds:
    def test_every_seat_sees_the_staged_cards_and_the_log_reads_the_steps(self) -> None:
        state = opened("lay KC 1", "lay KC 1", "lay 4C 3")
        for seat in (0, 1, None):
            view = state.view(seat)
            assert view.table["staged"] == [["KC", "KC"], [], ["4C"]]
            assert view.log[-3:] == ["seat 0: lay KC 1", "seat 0: lay KC 1", "seat 0: lay 4C 3"]
        assert state.view(0).hand.count("KC") == 0 and state.view(1).seats[0]["held"] == 8

    def test_a_stage_and_its_withdrawal_leak_nothing_hidden(self) -> None:
        """Two deals that differ only in a card seat 0 keeps hidden (2H in hand and 2D in the stock, or the
        other way round) look the same to seat 1 through a stage and a withdrawal, and give seat 1 the
        same worlds from the same rng."""
        other = ("KC KC#2 KH 4C 4C#2 4D 2S 2S#2 2D JK", KINGS_AND_FOURS[1])
        states = [new(deal=stacked(hands, "AS 3S")) for hands in (KINGS_AND_FOURS, other)]
        for state in states:
            for step in ("draw", "lay KC 1", "lay KC 1", "lay 4D 2", "withdraw"):
                state.apply(0, step)
        assert states[0].hands != states[1].hands and states[0].view(1) == states[1].view(1)
        for number in range(6):
            worlds = [state.sample_world(1, random.Random(number)) for state in states]
            assert fingerprint(worlds[0]) == fingerprint(worlds[1])

    def test_clones_and_worlds_carry_the_stage(self) -> None:
        """A clone goes on alone (withdrawing there leaves the original's stage); a world of the other seat
        keeps the stage, looks the same to that seat, and can withdraw into the re-dealt hand."""
        state = opened("lay KC 1", "lay KC 1")
        before = fingerprint(state)
        twin = state.clone()
        twin.apply(0, "withdraw")
        assert fingerprint(state) == before and state.stage is not None and state.stage.melds
        world = state.sample_world(1, random.Random(3))
        assert isinstance(world, FirstMelds)
        assert world.view(1) == state.view(1) and world.stage == state.stage
        world.apply(0, "withdraw")
        assert world.hands[0] & PACK.mask(parse_cards("KC KC#2")) and world.hands[0].bit_count() == HAND + 1


def eager(state: FirstMelds, legal: list[Action], rng: random.Random) -> Action:
    """A playout habit that builds melds more than chance would: commit when it may, add to a meld begun."""
    if COMMIT in legal and rng.random() < 0.8:
        return COMMIT
    stage = state.stage
    building = [a for a in legal if isinstance(a, Lay) and stage is not None and stage.meld(a.slot)]
    return rng.choice(building if building and rng.random() < 0.8 else legal)


def playout(state: FirstMelds, rng: random.Random, habit: bool = False) -> tuple[FirstMelds, int]:
    """A random game (uniform, or with the ``eager`` habit) checking at every step: a legal action always
    exists and each has a number that decodes back; no copy number shows; now and then, the seat's world
    looks the same to it. Returns the most steps a turn took after its draw."""
    longest = steps = 0
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        assert legal, "a staged turn left its seat without a legal action"
        assert [ACTIONS.decode(state.encode(a)) for a in legal] == legal
        assert all(state.parse_action(str(a)) == a for a in legal)
        if rng.random() < 0.1:
            world = state.sample_world(seat, rng)
            assert world.view(seat) == state.view(seat)
            assert not any("#" in view for view in fingerprint(state))
        action = eager(state, legal, rng) if habit else rng.choice(legal)
        state.apply(seat, action)
        steps = 0 if action == DRAW else steps + 1
        longest = max(longest, steps)
    return state, longest


@pytest.mark.parametrize("habit", [False, True], ids=["uniform", "eager"])
@pytest.mark.parametrize("seed", range(15))
def test_random_playouts_are_finite_never_stuck_and_replay_equal(seed: int, habit: bool) -> None:
    """Each turn has at most twice as many steps as the hand has cards (lays use the hand up; a withdrawal
    closes the stage), and the notation of the history replays to the same state."""
    options = {"minimum": 0} if habit else {}
    state, longest = playout(new(seed, **options), random.Random(seed), habit)
    assert longest <= 2 * (HAND + 1) + 2
    twin = new(seed, **options)
    for seat, action in state.history:
        twin.apply(seat, str(action))
    assert fingerprint(twin) == fingerprint(state) and twin.hands == state.hands and twin.melded == state.melded


def test_random_playouts_do_stage_commit_and_withdraw() -> None:
    """The playouts above really build stages: commits and withdrawals both happen."""
    kinds = set()
    for seed in range(15):
        for habit in (False, True):
            state, _ = playout(new(seed, minimum=0) if habit else new(seed), random.Random(seed), habit)
            kinds |= {type(action) for _, action in state.history}
    assert {MeldLay, type(COMMIT), type(WITHDRAW), Discard} <= kinds


def test_a_joker_is_refused_by_its_rule() -> None:
    state = opened()
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, "lay JK 1")
    assert refused.value.rule == "no jokers" and Rank.JOKER not in {a.card.rank for a in state.legal_actions(0)
                                                                  if isinstance(a, Lay)}
