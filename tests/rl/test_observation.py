"""Observations of views: one fixed size per game, player count and variant, finite, built from the view
alone, and the legal action mask over the game's action numbers."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

import parlour
from parlour import State, View
from parlour.cards import Card
from parlour.rl.observation import Observer, symlog

GAMES = [info.id for info in parlour.games()]
CONFIGS = [(info.id, players, variant) for info in parlour.games() for players in info.counts
           for variant in (None, *info.variants)]
STEPS = 100       # a bounded random playout per game: the sweep stays cheap


def playout(state: State, rng: random.Random, steps: int) -> list[State]:
    """Up to ``steps`` random actions, by number, with a snapshot every ten."""
    snapshots = []
    for step in range(steps):
        if state.is_over:
            break
        if step % 10 == 0:
            snapshots.append(state.clone())
        seat = rng.choice(state.to_move)
        state.apply_id(seat, rng.choice(state.legal_ids(seat)))
    return snapshots + [state]


@pytest.mark.parametrize("game", GAMES)
def test_fixed_size_finite_and_the_mask_is_the_legal_numbers(game: str) -> None:
    """Along a random playout, every seat's observation has the layout's size and finite float32 values,
    and the mask holds exactly ``legal_ids`` (read from the view too, where numbers do not hang on the
    table)."""
    observer = Observer(game)
    state = parlour.new_game(game, seed=7)
    rng = random.Random(7)
    for step in range(STEPS):
        seats = range(state.players) if step % 10 == 0 or state.is_over else state.to_move
        for seat in seats:
            view = state.view(seat)
            vector = observer.encode(view)
            assert vector.shape == (observer.size,) and vector.dtype == np.float32
            assert np.isfinite(vector).all()
            ids = state.legal_ids(seat)
            mask = observer.action_mask(ids)
            assert mask.dtype == np.int8 and mask.shape == (state.action_space_size,)
            assert sorted(np.flatnonzero(mask)) == sorted(set(ids))
            if not observer.numbers_by_table:
                assert (observer.action_mask(view) == mask).all()
        if state.is_over:
            break
        seat = rng.choice(state.to_move)
        state.apply_id(seat, rng.choice(state.legal_ids(seat)))


@pytest.mark.parametrize(("game", "players", "variant"), CONFIGS,
                         ids=[f"{g}-{p}{'-' + v if v else ''}" for g, p, v in CONFIGS])
def test_every_count_and_variant_has_one_contiguous_layout(game: str, players: int, variant: str | None) -> None:
    """Each configuration lays its pieces end to end over the whole vector, names each once, and every
    seat's first view encodes to that size."""
    observer = Observer(game, players, variant)
    layout = observer.layout()
    assert layout[0].start == 0 and layout[-1].stop == observer.size
    assert all(a.stop == b.start and a.start < a.stop for a, b in itertools.pairwise(layout))
    assert len({piece.name for piece in layout}) == len(layout)
    state = parlour.new_game(game, players, variant, seed=1)
    for seat in range(players):
        assert observer.encode(state.view(seat)).shape == (observer.size,)


@pytest.mark.parametrize("game", GAMES)
def test_the_observation_is_the_views_alone(game: str) -> None:
    """A world sampled for a seat (every card it cannot see dealt anew) gives that seat the observation of
    the real state, and so does the view after a JSON round trip; the observer holds no game's state."""
    observer = Observer(game)
    rng = random.Random(3)
    for state in playout(parlour.new_game(game, seed=3), rng, 60)[1::2]:
        for seat in range(state.players):
            real = observer.encode(state.view(seat))
            world = state.sample_world(seat, rng)
            assert (observer.encode(world.view(seat)) == real).all()
            assert (observer.encode(View.from_dict(state.view(seat).to_dict())) == real).all()
    assert not any(isinstance(value, State) for value in vars(observer).values())


@pytest.mark.parametrize("game", GAMES)
def test_the_history_read_on_from_an_earlier_view_is_the_history_read_whole(game: str) -> None:
    """The observer reads a deal's log on from the seat's last encoded view when that view's log begins
    the new one: a search that goes deeper, back up and down a sibling line gets, at every view, what an
    observer reading every log whole gets."""
    observer, whole = Observer(game), Observer(game)

    def same(state: State) -> None:
        for seat in range(state.players):
            view = state.view(seat)
            whole._histories.clear()   # the reference reads every log from its first line
            assert (observer.encode(view) == whole.encode(view)).all()

    rng = random.Random(5)
    for snapshot in playout(parlour.new_game(game, seed=5), rng, 30)[:-1]:
        lines = []
        for _ in range(2):
            line = snapshot.clone()
            playout(line, rng, 6)
            lines.append(line)
        for state in (lines[0], lines[1], snapshot, lines[0]):
            same(state)


class TestHiddenCards:
    def twins(self) -> tuple[State, State]:
        """Two Tëtka deals that differ only in a card swapped between seats 1 and 2."""
        hands = [[str(card) for card in parlour.new_game("tetka", seed=1).view(s).hand] for s in range(4)]
        other = [list(hand) for hand in hands]
        other[1][0], other[2][0] = hands[2][0], hands[1][0]
        bum = hands[3][-1]
        return (parlour.new_game("tetka", seed=1, deal={"hands": hands, "bum": bum}),
                parlour.new_game("tetka", seed=1, deal={"hands": other, "bum": bum}))

    def test_twins_differing_in_a_hidden_card_look_the_same(self) -> None:
        """Seat 0 and seat 3 see no difference; seats 1 and 2, whose hands changed, do."""
        observer = Observer("tetka")
        one, other = self.twins()
        same = [(observer.encode(one.view(s)) == observer.encode(other.view(s))).all() for s in range(4)]
        assert same == [True, False, False, True]

    def test_twins_differing_deep_in_the_stock_look_the_same_to_every_seat(self) -> None:
        """Crates dealt from two stacked packs whose last two cards (the bottom of the stock) are
        swapped: the same random play gives every seat the same observation at every step, until one
        of those cards is drawn."""
        observer = Observer("crates")
        pack = [str(card) for card in observer.pack]
        other = pack[:-2] + [pack[-1], pack[-2]]
        twins = [parlour.new_game("crates", seed=1, deal={"pack": cards}) for cards in (pack, other)]
        rng = random.Random(2)
        for _ in range(40):
            views = [[twin.view(s) for s in range(4)] for twin in twins]
            if views[0] != views[1]:
                break
            for seat in range(4):
                assert (observer.encode(views[0][seat]) == observer.encode(views[1][seat])).all()
            seat = rng.choice(twins[0].to_move)
            number = rng.choice(twins[0].legal_ids(seat))
            for twin in twins:
                twin.apply_id(seat, number)
        assert twins[0].record() != twins[1].record() and len(twins[0].history) > 10

    def test_a_card_played_shows_in_the_trick_history_and_seen(self) -> None:
        """Once the leader plays, every seat's observation shows the card in the trick, in the leader's
        actions and among the cards seen."""
        observer = Observer("tetka")
        state, _ = self.twins()
        leader = state.to_move[0]
        card = state.legal_actions(leader)[0]
        state.apply(leader, card)
        face = observer.pack.face_number[Card.parse(str(card).split()[-1])]
        for seat in range(4):
            vector = observer.encode(state.view(seat))
            k = (leader - seat) % 4
            for name, offset in ((f"played[+{k}]", 0), ("seen", 0), ("table.trick", 52 * k)):
                assert vector[observer.segment(name).start + offset + face] == 1.0, name


class TestLayout:
    def test_describe_names_every_piece_with_its_slice(self) -> None:
        observer = Observer("canasta")
        text = observer.describe()
        assert text.startswith("canasta, 4 players: ")
        assert all(f"{piece}" in text for piece in observer.layout())
        assert str(observer.segment("hand")) == "hand[0:53]"

    def test_a_double_pack_counts_copies_held(self) -> None:
        """Carioca's 108 cards are 53 faces: a hand holding both KH shows 1, one of them 0.5."""
        observer = Observer("carioca")
        view = parlour.new_game("carioca", seed=1).view(0)
        hand = observer.encode(View.from_dict({**view.to_dict(), "hand": ["KH", "KH", "7C"]}))
        king, seven = (observer.pack.face_number[Card.parse(c)] for c in ("KH", "7C"))
        assert hand[king] == 1.0 and hand[seven] == 0.5

    def test_a_bid_names_no_card(self) -> None:
        """Vint's ``bid 6S`` is read as a bid, not as the six of spades: nothing is seen in the auction,
        while the call itself shows in the auction's piece."""
        observer = Observer("vint")
        state = parlour.new_game("vint", seed=1)
        bidder = state.to_move[0]
        state.apply(bidder, "bid 6S")
        vector = observer.encode(state.view(0))
        seen = observer.segment("seen")
        assert not vector[seen.start:seen.stop].any()
        auction, k = observer.segment("table.auction"), (bidder - 0) % 4
        call = state.encode(state.parse_action("bid 6S"))
        assert vector[auction.start + k * (observer.action_space_size + 1) + call] == 1.0

    def test_words_are_left_out(self) -> None:
        """Zones of words (Carioca's contract) have no piece."""
        names = {piece.name for piece in Observer("carioca").layout()}
        assert "table.contract" not in names and "table.upcard" in names

    def test_symlog_keeps_the_sign_and_shrinks_the_size(self) -> None:
        assert symlog(0) == 0.0 and symlog(-5000) == -symlog(5000) and symlog(5000) < 9


class TestBadInput:
    def test_a_view_of_another_game_or_table_is_refused(self) -> None:
        observer = Observer("pitty-pat", players=3)
        with pytest.raises(ValueError, match="pitty-pat with 3 players, not a view of tetka with 4"):
            observer.encode(parlour.new_game("tetka", seed=1).view(0))
        with pytest.raises(ValueError, match="not a view of pitty-pat with 2"):
            observer.encode(parlour.new_game("pitty-pat", players=2, seed=1).view(0))
        with pytest.raises(TypeError, match="takes a View"):
            observer.encode({"game": "pitty-pat"})  # type: ignore[arg-type]

    def test_a_number_outside_the_action_space_is_refused(self) -> None:
        observer = Observer("tetka")
        with pytest.raises(ValueError, match="52 is not an action number of tetka"):
            observer.action_mask([3, 52])
        with pytest.raises(ValueError, match="True is not an action number"):
            observer.action_mask([True])

    def test_sums_numbered_by_the_board_take_numbers_not_a_view(self) -> None:
        observer = Observer("twenty-four")
        state = parlour.new_game("twenty-four", seed=1)
        with pytest.raises(ValueError, match="pass the numbers"):
            observer.action_mask(state.view(0))
        assert observer.action_mask(state.legal_ids(0)).sum() == len(state.legal_ids(0))

    def test_an_unknown_game_or_piece_is_named(self) -> None:
        with pytest.raises(ValueError, match="unknown game 'tetris'"):
            Observer("tetris")
        with pytest.raises(KeyError, match="no piece 'stock'"):
            Observer("tetka").segment("stock")
