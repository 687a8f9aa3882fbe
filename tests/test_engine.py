"""Engine machinery shared by every game: seating, options, sampling, records, parsing under fuzzing."""

from __future__ import annotations

import contextlib
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parlour
from parlour import IllegalAction, NotationError, RecordError
from parlour.cards import STANDARD_52, Card
from parlour.engine import (
    COUNTER_CLOCKWISE,
    Action,
    ActionTable,
    Discard,
    GameInfo,
    Play,
    Seating,
    Unknown,
    View,
    Zone,
    deal_unknown,
)
from parlour.engine.cardplay import CardPlayState


class TestSeating:
    def test_clockwise_passes_left(self) -> None:
        assert Seating(4).order_from(2) == (2, 3, 0, 1)

    def test_counter_clockwise_passes_right(self) -> None:
        assert Seating(4, COUNTER_CLOCKWISE).order_from(2) == (2, 1, 0, 3)

    def test_partners_sit_opposite(self) -> None:
        seating = Seating.partnership(4)
        assert seating.partners(1) == (1, 3) and seating.team(2) == 0


class TestSampling:
    def test_constraints_are_honoured(self) -> None:
        rng = random.Random(1)
        pool = (1 << 12) - 1
        zones = [Zone("a", 4, 0b000000001111), Zone("b", 4, pool), Zone("c", 4, 0b111111110000)]
        for _ in range(200):
            deal = deal_unknown(Unknown(pool, zones), rng)
            assert sorted(deal["a"]) == [0, 1, 2, 3]
            assert sorted(deal["a"] + deal["b"] + deal["c"]) == list(range(12))
            assert all(c >= 4 for c in deal["c"])

    def test_tight_constraints_fall_back_to_matching(self) -> None:
        # Each card fits exactly one slot: a greedy deal may fail, matching never does.
        zones = [Zone(k, 1, 1 << k) for k in range(10)]
        deal = deal_unknown(Unknown((1 << 10) - 1, zones), random.Random(3))
        assert all(deal[k] == [k] for k in range(10))

    def test_impossible_constraints_are_reported(self) -> None:
        with pytest.raises(ValueError):
            deal_unknown(Unknown(0b11, [Zone("a", 2, 0b01)]), random.Random(0))


class TestOptionsAndSeeds:
    def test_bad_option_values_are_refused(self) -> None:
        for bad in ("2", 2.5, True, -1):
            with pytest.raises(ValueError, match="orbits"):
                parlour.new_game("tetka", orbits=bad)

    def test_a_seed_is_drawn_and_kept(self) -> None:
        state = parlour.new_game("tetka")
        again = parlour.new_game("tetka", seed=state.seed)
        assert again.view(0) == state.view(0)
        with pytest.raises(ValueError, match="seed"):
            parlour.new_game("tetka", seed="abc")  # type: ignore[arg-type]

    def test_the_record_keeps_every_option(self) -> None:
        record = parlour.new_game("tetka", seed=4, orbits=2).record()
        assert record["options"] == {"orbits": 2} and record["seed"] == 4 and record["rules_version"] == 1


class TestViews:
    def test_from_dict_refuses_other_shapes(self) -> None:
        with pytest.raises(ValueError):
            View.from_dict({"game": "tetka"} | {"nonsense": 1})


GAMES = [info.id for info in parlour.games()]


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(game=st.sampled_from(GAMES), text=st.text(max_size=20))
def test_parse_action_fuzz(game: str, text: str) -> None:
    """Any text is either an action whose notation reads back, or a NotationError: never a crash."""
    state = parlour.new_game(game, seed=1)
    try:
        action = state.parse_action(text)
    except NotationError:
        return
    assert state.parse_action(str(action)) == action


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(game=st.sampled_from(GAMES), data=st.data())
def test_replay_fuzz(game: str, data: st.DataObject) -> None:
    """A record altered at random replays to a valid state or raises RecordError: never anything else."""
    state = parlour.new_game(game, seed=2)
    rng = random.Random(2)
    for _ in range(10):
        if not state.is_over:
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    record = json.loads(json.dumps(state.record()))
    key = data.draw(st.sampled_from(sorted(record)))
    junk = data.draw(st.one_of(st.none(), st.integers(-5, 5), st.text(max_size=6),
                               st.lists(st.integers(0, 3), max_size=3), st.dictionaries(st.text(max_size=3),
                                                                                        st.integers(), max_size=2)))
    record[key] = junk
    with contextlib.suppress(RecordError):
        parlour.replay(record)


def test_after_among_gives_the_turn_order_of_a_deal_that_leaves_the_dealer_out() -> None:
    """Four at a three-handed game (Calabrasella, Preference): the dealer, seat 3, takes no turn."""
    from parlour.engine.seating import Seating
    seating = Seating(4)
    active = seating.order_from(seating.next(3))[:3]
    assert active == (0, 1, 2)
    assert seating.after_among(active) == (1, 2, 0, -1)


class Sheds(CardPlayState):
    """One seat, three cards: play one, or throw one away unseen (a move that is not a play)."""

    info = GameInfo(id="sheds", name="Sheds", family=("test",), min_players=1, max_players=1,
                    pack=STANDARD_52.name, rules_source=(), summary="", num_distinct_actions=104)
    PACK = STANDARD_52
    PLAYS = ActionTable([Play(card) for card in STANDARD_52.cards])
    ACTIONS = ActionTable([*(Play(card) for card in STANDARD_52.cards), *(Discard(card) for card in STANDARD_52.cards)])
    ACTION_KINDS = (Play, Discard)

    def _setup(self) -> None:
        self.hands = [STANDARD_52.mask(Card.parse(text) for text in ("AS", "KS", "2H"))]
        self.trick = []
        self.to_move = (0,)

    def _legal_mask(self, seat: int) -> int:
        return self.hands[seat]

    def _play(self, seat: int, index: int) -> None:
        self.hands[seat] ^= 1 << index
        self.trick.append(index)

    def _check(self, seat: int, action: Action) -> None:
        if type(action) is not Discard:
            super()._check(seat, action)

    def _do(self, seat: int, action: Action) -> None:
        if type(action) is Discard:
            self.hands[seat] &= ~(1 << STANDARD_52.index[action.card])
        else:
            super()._do(seat, action)


class TestCardPlay:
    def test_an_offer_of_cards_lapses_with_the_next_action_of_any_kind(self) -> None:
        """Card play: the cards ``legal_actions`` offered hold only until the next action, whatever it is
        (here a card thrown away between the offer and the play); the game itself forgets nothing."""
        state = Sheds(players=1, variant=None, seed=0, options={})
        assert [str(a) for a in state.legal_actions(0)] == ["play 2H", "play KS", "play AS"]
        state.apply(0, Discard(Card.parse("AS")))
        with pytest.raises(IllegalAction, match="you do not hold AS"):
            state.apply(0, Play(Card.parse("AS")))
        assert state.trick == [] and [str(a) for a in state.legal_actions(0)] == ["play 2H", "play KS"]


def test_a_deal_goes_round_one_card_at_a_time_in_the_order_it_is_given() -> None:
    """Dealing: one card at a time from the dealer's next seat, round the table or round the order a game
    gives (Vint seats each rubber anew); the dealer's card comes last."""
    state = parlour.new_game("tetka", seed=0)
    assert state._deal_around(range(8), 1) == [0b01000100, 0b10001000, 0b00010001, 0b00100010]
    assert state._deal_around(range(8), 1, following=(2, 0, 3, 1)) == [0b00010001, 0b10001000, 0b00100010,
                                                                          0b01000100]


def test_a_stacked_pack_is_dealt_by_the_games_own_procedure() -> None:
    """Prepared deals (``deal={"pack": [...]}``): the whole pack, top first, dealt as the book deals (Tëtka:
    one card at a time from the dealer's left, seat 3 dealing the first hand), so a test names the cards
    of every hand without reaching into the seed; a pack that misses or repeats a card is refused."""
    from parlour.games.tetka import PACK

    cards = [str(card) for card in reversed(PACK.cards)]
    state = parlour.new_game("tetka", deal={"pack": cards})
    assert [sorted(state.view(seat).hand) for seat in range(4)] == [sorted(cards[seat::4]) for seat in range(4)]
    for broken in (cards[:-1], cards[:-1] + cards[:1]):
        with pytest.raises(ValueError, match="stacked pack lists each of the 52 cards"):
            parlour.new_game("tetka", deal={"pack": broken})


def test_each_game_gets_its_own_copy_of_the_default_options() -> None:
    """The defaults are worked out once per game type (``registry._defaults``): a game that changes its
    options changes neither the next game's nor what given options resolve to."""
    first = parlour.new_game("preference", seed=1)
    first.options["rounds"] = 99
    assert parlour.new_game("preference", seed=1).options["rounds"] == 1
    assert parlour.new_game("preference", seed=1, rounds=2).options["rounds"] == 2
    assert parlour.new_game("preference", seed=1).options == parlour.new_game("preference", seed=1, deal=None).options
