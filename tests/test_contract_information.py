"""Information for some seats, and sampling with structure. Two test-only games show them:

- Signals: four seats in two partnerships; each seat signals its partner ("good" or "bad", seen by the
  partner only, the others reading "signal"), or winks (an act its opponents do not see at all), then plays
  a card. Views, logs, the records shown to players and sampled worlds must keep the signal to the pair.
- Declare: three seats; each passes a named card to the next seat (then known to lie in that hand), then
  must say whether it holds a pair (a fact about its whole hand). Each seat also has a face-down card
  that nobody, its owner included, may look at, so a seat's own card is part of what it cannot see.

``deal_unknown`` is also tried alone on a deal small enough to list every consistent outcome.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar, TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.cards import Card, Pack, Rank, Suit, bit_indices
from parlour.engine import (
    Action,
    ActionSpace,
    ActionTable,
    Cards,
    FieldAction,
    GameInfo,
    HandResult,
    Pass,
    Play,
    State,
    Words,
    seat_entry,
)
from parlour.engine.actions import Withheld
from parlour.engine.deals import Apart, DealShape
from parlour.engine.sampling import Holds, Unknown, any_of, at_least, at_most, deal_unknown
from parlour.errors import RecordError

PASS = Pass()
S = TypeVar("S", bound=State)


def world_of(state: S, seat: int, rng: random.Random) -> S:
    """``state.sample_world``, typed as the test game it was sampled from."""
    world = state.sample_world(seat, rng)
    assert isinstance(world, type(state))
    return world


def _info(game_id: str, players: int, actions: ActionSpace, partnerships: bool = False) -> GameInfo:
    return GameInfo(id=game_id, name=game_id.title(), family=("test",), min_players=players, max_players=players,
                    pack="none", rules_source=(), summary="", num_distinct_actions=len(actions),
                    partnerships=partnerships)


# --- Signals: a partner's signal, seen by the partner only --------------------------------------------------
SIGNAL_PACK = Pack("signals-8", [Card(rank, suit) for rank in (Rank.ACE, Rank.KING) for suit in Suit])


@dataclass(frozen=True, slots=True)
class Signal(FieldAction):
    """``signal good``: for the partner's eyes; the opponents read only that a signal was made."""

    verb: ClassVar[str] = "signal"
    secret: ClassVar[bool] = True
    FIELDS = (Words(("good", "bad"), "signal"),)
    word: str

    def public_text(self) -> str:
        return "signal"


@dataclass(frozen=True, slots=True)
class Wink(Action):
    """``wink``: the partner sees it; the opponents do not see that anything happened."""

    verb: ClassVar[str] = "wink"
    secret: ClassVar[bool] = True
    unseen: ClassVar[bool] = True


WINK = Wink()
SIGNAL_PLAYS = ActionTable([Play(card) for card in SIGNAL_PACK.cards])
SIGNALS = ActionSpace(Signal, WINK, SIGNAL_PLAYS)


class Signals(State):
    """Two cards each; seats 0 to 3 in turn signal or wink, then each plays a card, highest rank scoring
    for its side. A seat's view shows its partner's signal (``extra``) and nobody else's."""

    info = _info("signals", 4, SIGNALS, partnerships=True)
    ACTIONS = SIGNALS
    ACTION_KINDS = SIGNALS.kinds
    MUTABLE = ("hands", "signals", "won")

    def _deal_shape(self, number: int) -> DealShape:
        return DealShape(SIGNAL_PACK, '{"hands": [two cards a seat]}', sizes=(2, 2, 2, 2))

    def _setup(self) -> None:
        prepared = self._prepared_now()
        deck = self._shuffled("deal 1", len(SIGNAL_PACK))
        self.hands = (list(prepared.masks) if prepared else
                      [sum(1 << i for i in deck[2 * s:2 * s + 2]) for s in range(4)])
        self.signals: dict[int, str] = {}
        self.won = [0, 0, 0, 0]
        self.to_move = (0,)

    def _partner(self, seat: int) -> int:
        return (seat + 2) % 4

    def _with_partner(self, seat: int, action: Action) -> frozenset[int]:
        return frozenset((seat, self._partner(seat)))

    # A signal or a wink, for the partner's eyes.
    AUDIENCES: ClassVar[dict[type[Action], Any]] = {Signal: _with_partner, Wink: _with_partner}

    def _signalling(self) -> bool:
        return self._moves_made() < 4

    def _legal(self, seat: int) -> list[Action]:
        if self._signalling():
            return [Signal("good"), Signal("bad"), WINK]
        return list(SIGNAL_PLAYS.of(self.hands[seat]))

    def _do(self, seat: int, action: Action) -> None:
        if isinstance(action, Signal):
            self.signals[seat] = action.word
        elif isinstance(action, Play):
            self.hands[seat] &= ~(1 << SIGNAL_PACK.index[action.card])
            if seat == 3 and self._moves_made() == 8:
                self._finish_hand(HandResult(1, tuple(self.won)))
                self.to_move = ()
                return
        self.to_move = (self.seating.next(seat),)

    def scores(self) -> list[int]:
        return list(self.won)

    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        told = {} if seat is None else {"partner_signal": self.signals.get(self._partner(seat))}
        return {"phase": "signal" if self._signalling() else "play",
                "hand": [str(c) for c in SIGNAL_PACK.cards_in(self.hands[seat])] if seat is not None else [],
                "seats": [seat_entry(s, team=s % 2, held=self.hands[s].bit_count()) for s in range(4)],
                "table": {}, "extra": told}

    def _unknown(self, seat: int) -> Unknown:
        unknown = Unknown(pool=0)
        for s in range(4):
            if s != seat:
                unknown.hide(s, self.hands[s])
        return unknown

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        for key, cards in deal.items():
            self.hands[int(key)] = sum(1 << c for c in cards)  # type: ignore[call-overload]
        # What the world's seat was not told of the other pair's signals is forgotten with the cards.
        seen = self.sampled_for
        assert seen is not None
        self.signals = {s: word for s, word in self.signals.items() if s in (seen, self._partner(seen))}


HANDS = {"hands": [["AS", "KS"], ["AH", "KH"], ["AD", "KD"], ["AC", "KC"]]}


def signals(first: Action | str = "signal good", *rest: str, **options: Any) -> Signals:
    state = Signals(players=4, variant=None, seed=3, options=options)
    state.apply(0, first)
    for seat, action in enumerate(rest, 1):
        state.apply(seat, action)
    return state


def test_a_signal_reads_in_full_to_the_partner_only() -> None:
    """A partner's signal: the signaller and its partner read ``signal good`` in their logs and views,
    the opponents and a spectator read ``signal``, and only the partner's view shows what was signalled."""
    state = signals("signal good")
    assert state.shown_to(0) == frozenset((0, 2))
    for seat in (0, 2):
        assert state.view(seat).log == ["seat 0: signal good"]
    for viewer in (1, 3, None):
        assert state.view(viewer).log == ["seat 0: signal"]
    assert state.view(2).extra == {"partner_signal": "good"}
    assert state.view(1).extra == state.view(3).extra == {"partner_signal": None}


def test_an_unseen_act_leaves_no_line_for_those_outside_its_audience() -> None:
    """An act the opponents do not see happen (``unseen``): no log line for them, ``seat 0: wink`` for the
    pair; it is left out of the records shown to the opponents."""
    state = signals("wink", "signal bad")
    assert state.view(2).log == ["seat 0: wink", "seat 1: signal"]
    assert state.view(1).log == ["seat 1: signal bad"]
    assert state.view(None).log == ["seat 1: signal"]
    assert state.record_for(3)["actions"] == [[1, "signal bad"]]
    assert state.record_for(0)["actions"] == [[0, "wink"], [1, "signal"]]


def test_opponents_cannot_tell_twin_signals_apart() -> None:
    """Twin states that differ only in seat 0's signal give seats 1 and 3 (and a spectator) identical views
    and identical shown records, while seat 2 sees the difference."""
    good, bad = signals("signal good", "signal bad"), signals("signal bad", "signal bad")
    for seat in (1, 3, None):
        assert good.view(seat) == bad.view(seat)
        assert good.record_for(seat) == bad.record_for(seat)
    assert good.view(2) != bad.view(2)
    assert good.record_for(2) != bad.record_for(2)


def test_opponents_worlds_carry_no_trace_of_the_signal() -> None:
    """Worlds sampled for an opponent from twin states (signal good or bad) with the same randomness are
    identical through and through: the history holds a ``Withheld`` stand-in, and the game's own note of
    the signal is forgotten. The partner's and the signaller's worlds keep it."""
    good, bad = signals("signal good"), signals("signal bad")
    for seat in (1, 3):
        world, twin = world_of(good, seat, random.Random(seat)), world_of(bad, seat, random.Random(seat))
        assert vars(world) == vars(twin)
        assert world.history[0] == (0, Withheld("signal"))
        assert world.signals == {}
        assert world.view(seat) == good.view(seat)
    for seat in (0, 2):
        world = world_of(good, seat, random.Random(seat))
        assert world.history[0] == (0, Signal("good")) and world.signals == {0: "good"}
        assert world.view(seat) == good.view(seat)


def test_by_default_a_secret_action_is_the_actors_alone() -> None:
    """Without an audience declared for its kind (``AUDIENCES``), a secret action (a card laid face down) is
    seen in full by its actor only: its partner's log reads the public text, and every other seat's world
    holds the stand-in while the actor's keeps the action."""

    class Alone(Signals):
        AUDIENCES: ClassVar[dict[type[Action], Any]] = {}

    state = Alone(players=4, variant=None, seed=3, options={})
    state.apply(0, "signal good")
    assert state.shown_to(0) == frozenset((0,))
    assert state.view(2).log == ["seat 0: signal"] and state.view(0).log == ["seat 0: signal good"]
    for seat in (1, 2, 3):
        assert world_of(state, seat, random.Random(seat)).history[0] == (0, Withheld("signal"))
    assert world_of(state, 0, random.Random(0)).history[0] == (0, Signal("good"))


def test_a_world_rewritten_by_the_game_is_left_as_the_game_wrote_it() -> None:
    """An audience row the game rewrote itself in ``_place_unknown`` (``_rewrite_secret``) is kept, not
    replaced by the stand-in."""

    class Rewriting(Signals):
        def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
            super()._place_unknown(deal)
            self._rewrite_secret(0, (0,), (Signal("bad"),))

    state = Rewriting(players=4, variant=None, seed=3, options={})
    state.apply(0, "signal good")
    assert world_of(state, 1, random.Random(0)).history[0] == (0, Signal("bad"))


def test_records_shown_to_players_hold_what_they_saw_and_are_not_replayed() -> None:
    """``record_for(seat)`` has no seed and no prepared deal, writes the hidden signal as its public text,
    says whom it is for, and ``parlour.replay`` refuses it by name; the full record still replays."""
    state = signals("signal good", "signal bad", deal=HANDS)
    shown = json.loads(json.dumps(state.record_for(1)))
    assert shown["seen_by"] == 1 and shown["seed"] is None and "deal" not in shown["options"]
    assert shown["actions"] == [[0, "signal"], [1, "signal bad"]]
    assert state.record_for(2)["actions"] == [[0, "signal good"], [1, "signal"]]
    assert state.record_for(None)["seen_by"] is None
    for seat in (1, None):
        with pytest.raises(RecordError, match="cannot be replayed"):
            parlour.replay(state.record_for(seat))
    full = state.record()
    assert "seen_by" not in full and full["actions"][0] == [0, "signal good"]
    with pytest.raises(RecordError, match="as seat 1 saw it"):
        parlour.replay({**full, "seen_by": 1})


def test_record_for_refuses_a_bad_seat_and_a_sampled_world() -> None:
    """``record_for`` names a seat of the table; a sampled world has no record of either kind."""
    state = signals()
    with pytest.raises(ValueError, match="no seat 7"):
        state.record_for(7)
    with pytest.raises(ValueError, match="sampled world"):
        world_of(state, 1, random.Random(0)).record_for(1)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.lists(st.integers(0, 2), min_size=8, max_size=8))
def test_every_world_keeps_every_signal_to_its_pair(seed: int, choices: list[int]) -> None:
    """At every step of a game with random signals and winks, each seat's world looks the same to it and
    holds no signal or wink of the other pair, in its history or its notes."""
    state = Signals(players=4, variant=None, seed=seed, options={})
    rng = random.Random(seed)
    for choice in choices:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[choice % len(legal)])
        for viewer in range(4):
            world = world_of(state, viewer, rng)
            assert world.view(viewer) == state.view(viewer)
            for actor, action in world.history:
                if actor % 2 != viewer % 2:
                    assert not isinstance(action, (Signal, Wink))
            assert all(s % 2 == viewer % 2 for s in world.signals)


# --- Declare: known holdings, a fact of the whole hand, a card its owner may not see ------------------------
DECLARE_PACK = Pack("declare-12", [Card(rank, suit) for rank in (Rank.ACE, Rank.KING, Rank.QUEEN) for suit in Suit])
RANKS = tuple(DECLARE_PACK.rank_masks.values())
A_PAIR = any_of(*(at_least(2, mask) for mask in RANKS))
NO_PAIR = tuple(at_most(1, mask) for mask in RANKS)


@dataclass(frozen=True, slots=True)
class Give(FieldAction):
    """``give QH``: a card handed openly to the next seat."""

    verb: ClassVar[str] = "give"
    FIELDS = (Cards(DECLARE_PACK),)
    card: Card


@dataclass(frozen=True, slots=True)
class Declare(Action):
    verb: ClassVar[str] = "pair"


DECLARE = ActionSpace(Give, Declare(), PASS)


def has_pair(hand: int) -> bool:
    return any((hand & mask).bit_count() >= 2 for mask in RANKS)


class DeclareGame(State):
    """Three cards each and one face down that nobody looks at. Each seat gives a card to the next, then
    says ``pair`` if it holds a pair and ``pass`` if not (both forced)."""

    info = _info("declare", 3, DECLARE)
    ACTIONS = DECLARE
    ACTION_KINDS = DECLARE.kinds
    MUTABLE = ("hands", "received", "piles", "said")

    def _deal_shape(self, number: int) -> DealShape:
        return DealShape(DECLARE_PACK, '{"hands": [three cards a seat], "piles": [a card a seat]}',
                         sizes=(3, 3, 3), apart=(Apart("piles", 3),))

    def _setup(self) -> None:
        prepared = self._prepared_now()
        if prepared:
            self.hands = list(prepared.masks)
            self.piles = [1 << card for card in prepared.apart["piles"]]
        else:
            deck = self._shuffled("deal 1", len(DECLARE_PACK))
            self.hands = [sum(1 << i for i in deck[3 * s:3 * s + 3]) for s in range(3)]
            self.piles = [1 << deck[9 + s] for s in range(3)]
        self.received = [0, 0, 0]   # cards each seat was openly given and still holds
        self.said: list[bool | None] = [None, None, None]
        self.to_move = (0,)

    def _legal(self, seat: int) -> list[Action]:
        if self._moves_made() < 3:
            return [Give(card) for card in DECLARE_PACK.cards_in(self.hands[seat])]
        return [Declare()] if has_pair(self.hands[seat]) else [PASS]

    def _do(self, seat: int, action: Action) -> None:
        if isinstance(action, Give):
            bit, after = 1 << DECLARE_PACK.index[action.card], self.seating.next(seat)
            self.hands[seat] &= ~bit
            self.received[seat] &= ~bit
            self.hands[after] |= bit
            self.received[after] |= bit
        else:
            self.said[seat] = isinstance(action, Declare)
            if seat == 2:
                self._finish_hand(HandResult(1, (0, 0, 0)))
                self.to_move = ()
                return
        self.to_move = (self.seating.next(seat),)

    def scores(self) -> list[int]:
        return [0, 0, 0]

    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        return {"phase": "give" if self._moves_made() < 3 else "declare",
                "hand": [str(c) for c in DECLARE_PACK.cards_in(self.hands[seat])] if seat is not None else [],
                "seats": [seat_entry(s, held=self.hands[s].bit_count(), status=f"{self.piles[s].bit_count()} face down")
                          for s in range(3)],
                "table": {}, "extra": {"received": [str(c) for s in range(3)
                                                    for c in DECLARE_PACK.cards_in(self.received[s])]}}

    def _unknown(self, seat: int) -> Unknown:
        unknown = Unknown(pool=0)
        for s in range(3):
            unknown.hide(("pile", s), self.piles[s])   # its owner's too: nobody has seen it
            if s != seat:
                said = self.said[s]
                facts = () if said is None else (A_PAIR,) if said else NO_PAIR
                unknown.hide(s, self.hands[s], known=self.received[s], facts=facts)
        return unknown

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        for key, cards in deal.items():
            mask = sum(1 << c for c in cards)
            if isinstance(key, tuple):
                self.piles[key[1]] = mask
            else:
                self.hands[int(key)] = mask  # type: ignore[call-overload]


DEALT = {"hands": [["AS", "KS", "QS"], ["AH", "KH", "QH"], ["AD", "KD", "QD"]], "piles": ["AC", "KC", "QC"]}


def declare(*actions: str, deal: dict[str, Any] | None = None, game: type[DeclareGame] = DeclareGame) -> DeclareGame:
    state = game(players=3, variant=None, seed=5, options={"deal": deal or DEALT})
    for action in actions:
        state.apply(state.to_move[0], action)
    return state


def test_a_declared_pair_holds_in_every_world() -> None:
    """A hand-level fact: seat 1 said "pair" and seat 0 "pass" (no pair), so in every one of 300 worlds
    sampled for seat 2, seat 1's hand holds a pair and seat 0's holds none, though both change."""
    state = declare("give QS", "give AH", "give QD", "pass", "pair")
    assert state.said == [False, True, None]
    hands_seen = set()
    rng = random.Random(1)
    for _ in range(300):
        world = world_of(state, 2, rng)
        assert has_pair(world.hands[1]) and not has_pair(world.hands[0])
        assert world.view(2) == state.view(2)
        hands_seen.add((world.hands[0], world.hands[1]))
    assert len(hands_seen) > 5


def test_a_card_known_to_be_held_is_placed_there() -> None:
    """Known holdings: seat 1 was openly given AS, and seat 2 KH, so every world of seat 0 keeps AS in seat
    1's hand and KH in seat 2's, while their other cards are dealt anew."""
    state = declare("give AS", "give KH")
    ace, king = (1 << DECLARE_PACK.index[Card.parse(c)] for c in ("AS", "KH"))
    assert state.received == [0, ace, king]
    rng = random.Random(2)
    others = set()
    for _ in range(200):
        world = world_of(state, 0, rng)
        assert world.hands[1] & ace and world.hands[2] & king
        assert world.view(0) == state.view(0)
        others.add(world.hands[1])
    assert len(others) > 3


def test_a_seat_cannot_see_its_own_face_down_card() -> None:
    """A card its owner may not look at (Twenty-Four's pile): seat 0's own face-down card is dealt anew in
    its worlds, from every card seat 0 does not hold, and its view does not change."""
    state = declare()
    rng = random.Random(3)
    own = Counter(bit_indices(world_of(state, 0, rng).piles[0])[0] for _ in range(400))
    unseen = set(bit_indices(DECLARE_PACK.full_mask & ~state.hands[0]))
    assert set(own) == unseen
    assert all(world_of(state, 0, rng).view(0) == state.view(0) for _ in range(20))


def test_a_game_may_build_its_own_worlds() -> None:
    """A game supplies its own world builder (``_sample_unknown``) where drawing until a fact holds would
    almost never succeed; ``sample_world`` uses it, and the world still looks the same to the seat."""

    class Built(DeclareGame):
        built = 0

        def _sample_unknown(self, seat: int, rng: random.Random) -> dict[Hashable, list[int]]:
            Built.built += 1
            return super()._sample_unknown(seat, rng)

    state = declare("give QS", "give AH", "give QD", "pass", "pair", game=Built)
    world = world_of(state, 2, random.Random(4))
    assert Built.built == 1 and has_pair(world.hands[1])
    assert world.view(2) == state.view(2)


# --- deal_unknown alone: a deal small enough to list -----------------------------------------------------------
def test_worlds_with_a_fact_are_drawn_uniformly() -> None:
    """Six cards (two aces, two kings, a queen, a jack) into two hands of three, the first holding a pair:
    exactly 8 deals fit, and 4,000 draws give each of them 500 times give or take 100 (the spread is
    about 21), never anything else."""
    aces, kings = 0b000011, 0b001100
    fits = [frozenset(h) for h in combinations(range(6), 3) if has_pair_of(h, (aces, kings))]
    assert len(fits) == 8
    unknown = Unknown(pool=0)
    unknown.hide("first", 0b000111, facts=(any_of(at_least(2, aces), at_least(2, kings)),))
    unknown.hide("second", 0b111000)
    rng = random.Random(5)
    counts = Counter(frozenset(deal_unknown(unknown, rng)["first"]) for _ in range(4000))
    assert set(counts) == set(fits)
    assert all(400 <= n <= 600 for n in counts.values()), counts


def has_pair_of(hand: tuple[int, ...], ranks: tuple[int, ...]) -> bool:
    return any(sum(mask >> c & 1 for c in hand) >= 2 for mask in ranks)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), low=st.integers(0, 3), high=st.integers(3, 4))
def test_counted_facts_always_hold(seed: int, low: int, high: int) -> None:
    """At least ``low`` and at most ``high`` hearts in a hand of four from twelve cards: every draw meets
    both, the known card stays, and every zone has its size."""
    hearts = 0b000000001111
    unknown = Unknown(pool=0)
    unknown.hide("hand", 0b000011110000 | 1 << 11, known=1 << 11, facts=(at_least(low, hearts), at_most(high, hearts)))
    unknown.hide("rest", 0b011100001111)
    deal = deal_unknown(unknown, random.Random(seed))
    hand = sum(1 << c for c in deal["hand"])
    assert low <= (hand & hearts).bit_count() <= high
    assert hand >> 11 & 1 and len(deal["hand"]) == 5 and len(deal["rest"]) == 7


def test_rare_facts_are_reported_not_looped_on() -> None:
    """A fact no deal meets is refused with a message pointing to ``_sample_unknown``, and a known card
    must be one of the zone's cards."""
    unknown = Unknown(pool=0)
    unknown.hide("hand", 0b0011, facts=(Holds(lambda hand: False),))
    unknown.hide("rest", 0b1100)
    with pytest.raises(ValueError, match="_sample_unknown"):
        deal_unknown(unknown, random.Random(0))
    with pytest.raises(ValueError, match="known to lie in a zone"):
        Unknown(pool=0).hide("hand", 0b0011, known=0b0100)


def test_a_world_carries_nothing_the_real_state_worked_out_for_another_seat() -> None:
    """Hidden information: the real state keeps what it worked out while sampling (what a seat could not
    see, which tells what that seat holds; the earlier log blanked for a seat, which keeps what it was
    told). A world sampled for one seat after another's worlds carries neither: its search could read
    the other seat's hand or private events back."""
    state, rng = parlour.new_game("schafkopf", seed=4), random.Random(2)
    while state.hand_number < 2 or len(state.history) < len(state._earlier[0]) + 6:
        seat = state.to_move[0]
        state.apply_id(seat, rng.choice(state.legal_ids(seat)))
    state.sample_world(1, rng)
    assert state._unknown_kept is not None and state._log_before_for is not None
    world = state.sample_world(2, rng)
    assert world._unknown_kept is None and world._log_before_for is None
