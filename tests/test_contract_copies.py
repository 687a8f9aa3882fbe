"""Packs with copies: actions by face. A seat holding both 7♥ of a double pack has one ``play 7H``; the
copy it takes is fixed (the lowest-index copy held), so replays are exact; views, logs, records and legal
lists show faces, never copy numbers; the action space counts faces; and sampled worlds do not depend on
which copy of a face a seat cannot see. Played on Doubles, a test-only discard game over the 108-card pack
that writes no copy logic of its own."""

from __future__ import annotations

import json
import random
from collections.abc import Hashable
from typing import Any

import pytest

from parlour.cards import DOUBLE_108, Card, Rank, parse_cards
from parlour.engine import (
    Cards,
    FaceTable,
    GameInfo,
    HandResult,
    IllegalAction,
    NotationError,
    Play,
    State,
    Unknown,
    card_table,
    seat_entry,
)
from parlour.engine.cardplay import CardPlayState
from parlour.engine.deals import DealShape

PACK = DOUBLE_108
PLAYS = card_table(PACK, Play)
HAND = 7


class Doubles(CardPlayState):
    """Three seats, seven cards each from the double pack, one card turned to start the pile. In turn each
    plays a card of the pile's suit or rank (a joker always, any card when none matches); the first to
    empty the hand takes a point from each other seat for every card it still holds. Two deals."""

    info = GameInfo(id="doubles", name="Doubles", family=("test",), min_players=3, max_players=3,
                    pack=PACK.name, rules_source=(), summary="", num_distinct_actions=len(PLAYS))
    PACK = PACK
    PLAYS = PLAYS
    ACTIONS = PLAYS
    ACTION_KINDS = (Play,)
    MUTABLE = ("hands", "trick", "won")

    def _deal_shape(self, number: int) -> DealShape:
        return DealShape(PACK, 'a stacked pack, {"pack": [the 108 cards, top first]}', hands=False, stacked=True)

    def _setup(self) -> None:
        self.won = [0, 0, 0]
        self.hands_in_game = 2
        self.dealer = 2
        self._deal()

    def _deal(self) -> None:
        deck = self._deck(PACK)
        self.hands = self._deal_around(deck[:3 * HAND], self.dealer)
        self.trick = [deck[3 * HAND]]          # the pile, its top last
        self.stock = sum(1 << i for i in deck[3 * HAND + 1:])
        self.to_move = (self.seating.next(self.dealer),)

    def _legal_mask(self, seat: int) -> int:
        top = PACK.cards[self.trick[-1]]
        hand = self.hands[seat]
        jokers = PACK.rank_masks[Rank.JOKER] & hand
        matching = (PACK.rank_masks[top.rank] | (PACK.suit_masks[top.suit] if top.suit is not None else 0)) & hand
        return matching | jokers or hand

    def _play(self, seat: int, index: int) -> None:
        self.hands[seat] &= ~(1 << index)
        self.trick.append(index)
        if self.hands[seat]:
            self.to_move = (self.seating.next(seat),)
            return
        changes = [-self.hands[s].bit_count() for s in range(3)]
        changes[seat] = -sum(changes)
        self.won = [w + c for w, c in zip(self.won, changes, strict=True)]
        self._finish_hand(HandResult(self.hand_number, tuple(changes)))
        self._next_deal()

    def scores(self) -> list[int]:
        return list(self.won)

    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        return {"phase": "play", "hand": [] if seat is None else [str(c) for c in PACK.shown(self.hands[seat])],
                "seats": [seat_entry(s, held=self.hands[s].bit_count()) for s in range(3)],
                "table": {"pile": [str(c) for c in (PACK.cards[i].face for i in self.trick)],
                          "stock": self.stock.bit_count()}}

    def _unknown(self, seat: int) -> Unknown:
        unknown = Unknown(0, faces=PACK.face_of)
        for s in range(3):
            if s != seat:
                unknown.hide(s, self.hands[s])
        unknown.hide("stock", self.stock)
        return unknown

    def _place_unknown(self, deal: dict[Hashable, list[int]]) -> None:
        for key, cards in deal.items():
            mask = sum(1 << i for i in cards)
            if isinstance(key, int):
                self.hands[key] = mask
            else:
                self.stock = mask


def new(seed: int = 0, **options: Any) -> Doubles:
    return Doubles(players=3, variant=None, seed=seed, options=options)


def stacked(hands: dict[int, str], top: str) -> dict[str, list[str]]:
    """A stacked pack dealing the named hands (seat 0 first after the dealer, seat 2) and the pile's card."""
    named = [parse_cards(hands[s]) for s in (0, 1, 2)]
    rest = [c for c in PACK.cards if c not in {*named[0], *named[1], *named[2], Card.parse(top)}]
    rest.reverse()
    deck = [named[k % 3][k // 3] if k // 3 < len(named[k % 3]) else rest.pop() for k in range(3 * HAND)]
    return {"pack": [str(c) for c in [*deck, Card.parse(top), *rest]]}


SEVENS = {0: "7H 7H#2 9S 9S#2 2C 3C KD", 1: "4C 5C 6C 8C 10C JC QC", 2: "4H 5D 6D 8D 10D JD QD"}


def fingerprint(state: State) -> tuple[str, ...]:
    return tuple(json.dumps(state.view(s).to_dict(), sort_keys=True) for s in (0, 1, 2, None))


def rebuilt(state: Doubles) -> Doubles:
    """The same game replayed from its record's notation: the record is seed and words only."""
    twin = new(state.seed or 0, **state.options)
    for seat, text in ((seat, str(action)) for seat, action in state.history):
        twin.apply(seat, text)
    return twin


class TestActionsByFace:
    def test_a_seat_holding_both_copies_has_one_action_for_the_face(self) -> None:
        """Two 7♥ in hand: one ``play 7H`` in the legal list, and one number for it."""
        state = new(deal=stacked(SEVENS, "7C"))
        assert PACK.shown(state.hands[0])[:2] == [Card.parse("2C"), Card.parse("3C")]
        legal = [str(a) for a in state.legal_actions(0)]
        assert legal == ["play 2C", "play 3C", "play 7H"]
        assert state.view(0).hand.count("7H") == 2 and state.view(0).hand.count("9S") == 2

    def test_an_action_by_face_takes_the_lowest_index_copy_held(self) -> None:
        """The face rule: ``play 7H`` takes the first copy while it is held, then the second; a replay from
        the notation puts the same copies in the same places."""
        state = new(deal=stacked(SEVENS, "7C"))
        first, second = PACK.index[Card.parse("7H")], PACK.index[Card.parse("7H#2")]
        state.apply(0, "play 7H")
        assert state.trick[-1] == first and state.hands[0] >> second & 1
        state.apply(1, "play 4C")
        state.apply(2, "play 4H")
        state.apply(0, Play(Card.parse("7H")))     # the fast path of playouts: the second copy now
        assert state.trick[-1] == second and not state.hands[0] & PACK.face_masks[PACK.face_of[first]]
        assert rebuilt(state).trick == state.trick and rebuilt(state).hands == state.hands

    def test_a_play_naming_a_copy_is_refused_and_changes_nothing(self) -> None:
        """Copies are alike: ``play 7H#2`` is refused by name, in notation or as a value, with nothing changed."""
        state = new(deal=stacked(SEVENS, "7C"))
        before = fingerprint(state)
        for action in ("play 7H#2", Play(Card.parse("7H#2"))):
            with pytest.raises(IllegalAction, match="the copies of 7H are alike: play 7H") as refused:
                state.apply(0, action)
            assert refused.value.rule == "play by face"
        assert fingerprint(state) == before and state.history == []

    def test_a_face_not_held_or_not_allowed_is_refused_by_its_rule(self) -> None:
        state = new(deal=stacked(SEVENS, "7C"))
        with pytest.raises(IllegalAction, match="you do not hold 8H"):
            state.apply(0, "play 8H")
        with pytest.raises(IllegalAction) as refused:
            state.apply(0, "play 9S")
        assert refused.value.rule == "follow suit" and state.history == []

    def test_the_action_space_counts_faces(self) -> None:
        """52 faces and the joker: 53 plays, each numbered once and decoded back; a copy has no number."""
        state = new()
        assert isinstance(PLAYS, FaceTable) and state.action_space_size == 53 == len(PACK.faces)
        actions = [state.decode(n) for n in range(53)]
        assert [state.encode(a) for a in actions] == list(range(53)) and str(actions[-1]) == "play JK"
        with pytest.raises(NotationError, match="not an action of this game"):
            state.encode(Play(Card.parse("7H#2")))

    def test_a_card_field_over_a_pack_with_copies_names_faces(self) -> None:
        """``Cards(DOUBLE_108)`` is the 53 faces; a copy's notation is refused, saying to write the face."""
        domain = Cards(PACK)
        assert domain.size == 53 and domain.parse("7h") is Card.parse("7H")
        with pytest.raises(NotationError, match="the copies of 7H are alike: write 7H, not 7H#2"):
            domain.parse("7H#2")


def playout(state: Doubles, rng: random.Random) -> Doubles:
    """A random game checking, at every step, what packs with copies promise: no copy number in any
    view, legal list or log, each legal face once, numbers that decode back, worlds the seat cannot tell
    apart."""
    steps = 0
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        assert legal and len({str(a) for a in legal}) == len(legal)
        assert [state.decode(state.encode(a)) for a in legal] == legal
        views = fingerprint(state)
        assert not any("#" in view for view in views)
        if steps % 5 == 0:
            assert state.sample_world(seat, rng).view(seat) == state.view(seat)
        state.apply(seat, rng.choice(legal))
        steps += 1
        assert steps <= 2 * 3 * HAND
    return state


@pytest.mark.parametrize("seed", range(30))
def test_random_playouts_finish_without_copy_numbers_and_replay_equal(seed: int) -> None:
    state = playout(new(seed), random.Random(seed))
    assert len(state.hand_results) == 2 and sum(state.scores()) == 0
    assert not any("#" in str(action) for _, action in state.history)
    twin = rebuilt(state)
    assert fingerprint(twin) == fingerprint(state) and twin.hands == state.hands and twin.trick == state.trick


class TestWorlds:
    def test_worlds_do_not_depend_on_which_copy_the_seat_holds(self) -> None:
        """Two deals that differ only in which 7♥ seat 0 holds (the other copy in seat 1's hand) look the
        same to seat 0, and its worlds from the same rng are the same, face for face."""
        swapped = SEVENS | {0: "7H 9D 9S 9S#2 2C 3C KD", 1: "7H#2 5C 6C 8C 10C JC QC"}
        other = SEVENS | {0: "7H#2 9D 9S 9S#2 2C 3C KD", 1: "7H 5C 6C 8C 10C JC QC"}
        one, two = new(deal=stacked(swapped, "7C")), new(deal=stacked(other, "7C"))
        assert one.hands != two.hands and one.view(0) == two.view(0)
        for number in range(10):
            worlds = [s.sample_world(0, random.Random(number)) for s in (one, two)]
            assert fingerprint(worlds[0]) == fingerprint(worlds[1])

    def test_worlds_deal_every_unseen_copy(self) -> None:
        """The two 7♥ seat 0 cannot see are both somewhere in its worlds, and never in its own hand."""
        state = new(deal=stacked(SEVENS, "7C"))
        sevens = PACK.face_masks[PACK.face_number[Card.parse("7S")]]
        for number in range(10):
            world = state.sample_world(0, random.Random(number))
            assert isinstance(world, Doubles) and not world.hands[0] & sevens
            assert (world.hands[1] | world.hands[2] | world.stock) & sevens == sevens
