"""The OpenSpiel adapter: OpenSpiel's own random simulation test over every game, names and parameters, the
seed as chance, information states, worlds, and two cross-checks with OpenSpiel's algorithms (CFR on a
short Divide and Conquer against Parlour's exact solver; OpenSpiel's IS-MCTS playing through the adapter)."""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.observation import make_observation  # noqa: E402

import parlour  # noqa: E402
from parlour import new_game  # noqa: E402
from parlour.bots import make_bot, sampler_for  # noqa: E402
from parlour.bots.solver import Position, position_value  # noqa: E402
from parlour.rl import openspiel  # noqa: E402
from parlour.rl.observation import Observer  # noqa: E402
from parlour.sim.tournament import run_tournament  # noqa: E402

GAMES = [info.id for info in parlour.games()]
CFR_ITERATIONS = 20   # CFR+ on the cached tree of one half: about 0.3 s an iteration, after 15 s to build it
# Whole games, kept short where the game has a knob for it: one deal, a low target, fewer passed-out deals.
SHORT = {"comet": {"target": 30}, "auction-bridge": {"deal_limit": 4}, "vint": {"rubbers": 1}}


def short_options(game_id: str) -> dict[str, object]:
    info = parlour.engine.registry.game_info(game_id)
    options: dict[str, object] = {"deals": 1} if any(option.name == "deals" for option in info.options) else {}
    return {**options, **SHORT.get(game_id, {})}


def play_randomly(state: pyspiel.State, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply_action(rng.randrange(openspiel.BYTE_OUTCOMES))
        else:
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game", GAMES)
def test_every_game_passes_openspiels_random_simulation_test(game: str) -> None:
    """OpenSpiel's own checks over a whole game: sorted legal actions for the player to move only, the mask,
    clones, serialization, the history, returns within the utility range and the game's length bound."""
    pyspiel.random_sim_test(openspiel.load(game, **short_options(game)), num_sims=1, serialize=True,
                            verbose=False)


@pytest.mark.parametrize(("game", "params"), [
    ("razz", {"players": 8, "hands": 2}), ("divide-and-conquer", {"variant": "long"}),
    ("twenty-four", {"players": 4, "boards": 3}), ("kabu", {"players": 3, "deals": 3}),
    ("twenty-five", {"players": 6, "teams": "pairs"})])
def test_other_counts_variants_and_options_pass_it_too(game: str, params: dict[str, object]) -> None:
    loaded = pyspiel.load_game(openspiel.spiel_name(game), params)
    pyspiel.random_sim_test(loaded, num_sims=2, serialize=True, verbose=False)


def test_every_game_is_registered_by_its_name() -> None:
    names = set(pyspiel.registered_names())
    assert {f"parlour_{game.replace('-', '_')}" for game in GAMES} <= names
    tetka = pyspiel.load_game("parlour_tetka")
    assert tetka.num_players() == 4 and tetka.num_distinct_actions() == 52
    assert tetka.get_type().long_name == "Parlour Tëtka"


def test_parameters_come_as_openspiels_and_as_a_string() -> None:
    razz = pyspiel.load_game("parlour_razz(players=3,ante=2)")
    state = razz.new_initial_state()
    play_randomly(state, random.Random(1), openspiel.SEED_BYTES)
    assert state.parlour is not None
    assert state.parlour.players == 3 and state.parlour.options["ante"] == 2
    assert openspiel.load("razz", players=3, ante=2).num_players() == 3


def test_an_option_with_no_default_takes_0_for_it() -> None:
    """Kabu's stake, "none given" by default (10 and 15 a player), is 0 as a parameter."""
    game = openspiel.load("kabu", players=2, seed=4)
    assert game.get_parameters()["stake"] == 0
    assert game.new_initial_state().parlour.starting_stack == 40
    assert openspiel.load("kabu", players=2, seed=4, stake=7).new_initial_state().parlour.starting_stack == 7


@pytest.mark.parametrize(("params", "words"), [
    ({"players": 5}, "Tëtka is played by 4 players"),
    ({"variant": "fast"}, "unknown variant 'fast'"),
    ({"orbits": 0}, "orbits"),
    ({"seed": -2}, "seed is a whole number"),
])
def test_bad_parameters_are_refused_in_parlours_words(params: dict[str, object], words: str) -> None:
    with pytest.raises(Exception, match=words):
        pyspiel.load_game("parlour_tetka", params)


def test_an_unknown_parameter_is_refused() -> None:
    with pytest.raises(Exception, match="stake"):
        pyspiel.load_game("parlour_tetka", {"stake": 3})


def test_chance_draws_the_seed_a_byte_at_a_time() -> None:
    """Eight chance nodes of 256 equal outcomes: their bytes are the seed, and the game dealt is Parlour's
    game of that seed."""
    state = openspiel.load("tetka").new_initial_state()
    for byte in (1, 2, 3, 4, 5, 6, 7, 8):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 256 and sum(p for _, p in outcomes) == pytest.approx(1.0)
        state.apply_action(byte)
    seed = int.from_bytes(bytes([1, 2, 3, 4, 5, 6, 7, 8]), "big")
    assert not state.is_chance_node()
    assert state.parlour.view(0).hand == new_game("tetka", seed=seed).view(0).hand


def test_a_seed_parameter_fixes_the_deal_with_no_chance_node() -> None:
    game = openspiel.load("tetka", seed=11)
    assert game.max_chance_outcomes() == 0
    state = game.new_initial_state()
    assert not state.is_chance_node() and state.current_player() == new_game("tetka", seed=11).to_move[0]
    assert state.parlour.view(2).hand == new_game("tetka", seed=11).view(2).hand


def test_returns_are_the_result_one_for_a_winner() -> None:
    state = openspiel.load("divide-and-conquer", seed=5).new_initial_state()
    play_randomly(state, random.Random(5), 100)
    result = state.parlour.result()
    expected = [0.0] * 2 if result.drawn else [1.0 if seat in result.winners else -1.0 for seat in range(2)]
    assert state.is_terminal() and state.returns() == expected


def test_several_to_move_take_turns_from_the_seat_after_the_last() -> None:
    """Divide and Conquer's two cards are laid at once: the first to lay is seat 0, then seat 1; the next
    match starts with seat 0 again, the first seat after seat 1."""
    state = openspiel.load("divide-and-conquer", seed=2).new_initial_state()
    assert state.parlour.to_move == (0, 1)
    seats = []
    for _ in range(4):
        seats.append(state.current_player())
        state.apply_action(state.legal_actions()[0])
    assert seats == [0, 1, 0, 1]


def test_observations_are_the_seats_view() -> None:
    """The tensor is the Observer's vector of the seat's view, with its pieces as named tensors; the
    observation string is the view; the information state is the view now with the digest of the whole
    game's log as the seat was told it."""
    game = openspiel.load("tetka", seed=3)
    state = game.new_initial_state()
    play_randomly(state, random.Random(3), 60)
    observer = Observer("tetka")
    view = state.parlour.view(2)
    assert np.array_equal(np.array(state.observation_tensor(2), np.float32), observer.encode(view))
    assert state.information_state_tensor(2) == state.observation_tensor(2)
    assert json.loads(state.observation_string(2)) == view.to_dict()
    record = json.loads(state.information_state_string(2))
    assert record["recall"] == recall_of(state.parlour.game_log(2)) and record["seat"] == 2
    assert record["view"] == {key: value for key, value in view.to_dict().items() if key != "log"}
    layout = openspiel.SeatObserver(observer, pyspiel.IIGObservationType(perfect_recall=False)).dict
    assert list(layout) == [piece.name for piece in observer.layout()]


def recall_of(lines: list[str]) -> str:
    """The recall digest of a game log, chained line by line from the game's start, as the adapter makes it."""
    digest = openspiel.GAME_START[0]
    for line in lines:
        digest = hashlib.blake2b(digest + line.encode(), digest_size=openspiel.RECALL_BYTES).digest()
    return digest.hex()


def recall(state: pyspiel.State, seat: int) -> str:
    return str(json.loads(state.information_state_string(seat))["recall"])


def test_the_information_state_recalls_earlier_deals() -> None:
    """A view's log keeps an earlier deal as one line; the information state's digest covers its every play,
    so two games that differ only in an earlier deal's plays differ in it, though their views may not."""
    state = openspiel.load("tetka", seed=8).new_initial_state()
    rng = random.Random(8)
    while state.parlour.hand_number == 1:
        state.apply_action(rng.choice(state.legal_actions()))
    assert recall(state, 0) == recall_of(state.parlour.game_log(0))
    assert sum(line.startswith("seat ") for line in state.parlour.game_log(0)) >= 52
    assert recall(state, 0) != recall_of(state.parlour.view(0).log)


def test_the_digest_is_read_on_a_piece_at_a_time() -> None:
    """``State.game_log_since`` read from mark to mark, across deals, gives ``game_log``; and a digest read
    at every action equals one read once at the end, or after a clone, or from the replayed record."""
    game = openspiel.load("tetka", seed=5)
    state = game.new_initial_state()
    rng = random.Random(5)
    pieces: list[str] = []
    mark = (0, 0, 0)
    while not state.is_terminal():
        for seat in range(4):
            state.information_state_string(seat)
        lines, mark = state.parlour.game_log_since(1, mark)
        pieces.extend(lines)
        state.apply_action(rng.choice(state.legal_actions()))
        if state.parlour.hand_number == 3 and rng.random() < 0.1:
            state = state.clone()
    pieces.extend(state.parlour.game_log_since(1, mark)[0])
    assert pieces == state.parlour.game_log(1)
    _, again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    for seat in range(game.num_players()):
        assert again.information_state_string(seat) == state.information_state_string(seat)
        assert recall(state, seat) == recall_of(state.parlour.game_log(seat))


def test_the_information_states_of_seats_differ_where_their_knowledge_does() -> None:
    """Two cards laid face down in Divide and Conquer: the seat that laid them tells the two apart, the
    other does not; and two seats never share a string, each holding its own cards."""
    state = openspiel.load("divide-and-conquer", seed=3).new_initial_state()
    first, second = (state.child(action) for action in state.legal_actions()[:2])
    assert first.information_state_string(1) == second.information_state_string(1)
    assert recall(first, 0) != recall(second, 0)
    assert first.information_state_string(0) != first.information_state_string(1)


def test_different_histories_give_different_strings() -> None:
    """Every position of many random Tëtka games, by seat: two different game logs of a seat never give the
    same recall, and the same log always gives the same."""
    by_log: dict[tuple[int, tuple[str, ...]], str] = {}
    for seed in range(6):
        state = openspiel.load("tetka", seed=seed % 2).new_initial_state()
        rng = random.Random(seed)
        for _ in range(60):
            seat = state.current_player()
            key = (seat, tuple(state.parlour.game_log(seat)))
            assert by_log.setdefault(key, recall(state, seat)) == recall(state, seat)
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(set(by_log.values())) == len(by_log) > 300


def test_the_information_state_does_not_grow_with_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Canasta played on to its thousands of actions: the string is the view now (a hand, the table) and a
    32-digit digest, however much has been told; and the digest reads each line of the log once, not the
    whole log at every call."""
    read: dict[int | None, int] = {}
    since = parlour.State.game_log_since

    def counted(self: parlour.State, seat: int | None, mark: tuple[int, int, int] = (0, 0, 0)) -> object:
        lines, now = since(self, seat, mark)
        read[seat] = read.get(seat, 0) + len(lines)
        return lines, now

    monkeypatch.setattr(parlour.State, "game_log_since", counted)
    state = openspiel.load("canasta", seed=2).new_initial_state()
    rng = random.Random(2)
    sizes = []
    for step in range(3000):
        if step % 50 == 0:
            for seat in range(4):
                text = state.information_state_string(seat)
                assert len(json.loads(text)["recall"]) == 2 * openspiel.RECALL_BYTES
                sizes.append(len(text))
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.parlour.hand_number > 1 and not state.is_terminal()
    for seat in range(4):
        state.information_state_string(seat)
        assert read[seat] == len(state.parlour.game_log(seat)) > 2000
    assert max(sizes) < 12_000


def test_a_seat_cannot_tell_twins_apart_and_the_others_can() -> None:
    """Two Tëtka deals that differ only in a card swapped between seats 1 and 2: seat 0 and the public
    observer see identical strings and tensors; seat 1 does not."""
    first = new_game("tetka", seed=4)
    hands = [first.view(seat).hand for seat in range(4)]
    swapped = [list(hand) for hand in hands]
    swapped[1][0], swapped[2][0] = hands[2][0], hands[1][0]
    game = openspiel.load("tetka", seed=4)
    states = []
    for deal in (hands, swapped):
        state = game.new_initial_state()
        state.play(new_game("tetka", seed=4, deal={"hands": deal, "bum": hands[3][-1]}))
        states.append(state)
    a, b = states
    for seat in (0, 3):
        assert a.information_state_string(seat) == b.information_state_string(seat)
        assert a.observation_tensor(seat) == b.observation_tensor(seat)
    assert a.information_state_string(1) != b.information_state_string(1)
    public = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False,
                                                               private_info=pyspiel.PrivateInfoType.NONE))
    assert public.string_from(a, 0) == public.string_from(b, 0) != a.observation_string(0)
    public.set_from(a, 0)
    assert np.array_equal(public.tensor, Observer("tetka").encode(a.parlour.view(None)))


def test_every_players_cards_at_once_is_refused() -> None:
    with pytest.raises(Exception, match="one seat"):
        make_observation(openspiel.load("tetka"), pyspiel.IIGObservationType(
            perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


def test_a_resampled_state_keeps_the_players_information_only() -> None:
    state = openspiel.load("tetka", seed=6).new_initial_state()
    play_randomly(state, random.Random(6), 21)
    player = state.current_player()
    sampler = random.Random(1).random
    worlds = [state.resample_from_infostate(player, sampler) for _ in range(4)]
    for world in worlds:
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
    others = {tuple(world.parlour.view((player + 1) % 4).hand) for world in worlds}
    assert len(others) > 1
    # another seat's string in a world: what the player knew, then its own view of the world
    other = (player + 1) % 4
    strings = {world.information_state_string(other) for world in worlds}
    assert len(strings) == len({tuple(world.parlour.view(other).hand) for world in worlds}) > 1
    assert state.information_state_string(other) not in strings


def test_a_state_serializes_as_its_record() -> None:
    game = openspiel.load("schafkopf")
    state = game.new_initial_state()
    play_randomly(state, random.Random(2), 30)
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert str(again) == str(state) and again.history() == state.history()
    for seat in range(game.num_players()):
        assert again.information_state_string(seat) == state.information_state_string(seat)


def test_a_clone_is_independent() -> None:
    state = openspiel.load("tute", seed=1).new_initial_state()
    twin = state.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert state.parlour.actions_taken == 0 and twin.parlour.actions_taken == 1


def test_openspiels_cfr_finds_the_value_parlours_solver_finds() -> None:
    """Cross-check: OpenSpiel's CFR+ (on OpenSpiel's cached game tree) over one half of Divide and Conquer
    dealt by seed 3, and the value of its average strategy, within its exploitability as OpenSpiel's best
    response measures it, agree with the exact value of Parlour's linear-programming solver."""
    game = pyspiel.convert_to_cached_tree(openspiel.load("divide-and-conquer", seed=3, halves=1))
    solver = pyspiel.CFRPlusSolver(game)
    for _ in range(CFR_ITERATIONS):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    value = pyspiel.expected_returns(game.new_initial_state(), policy, -1, True)[0]
    exploitability = pyspiel.exploitability(game, policy)
    dealt = new_game("divide-and-conquer", seed=3, halves=1).view(0)
    values = dealt.extra["values"]
    exact = position_value(Position.of([values[c] for c in dealt.extra["dealt"][0]],
                                       [values[c] for c in dealt.extra["dealt"][1]]))
    assert exploitability < 0.15
    assert abs(value - exact) <= 2 * exploitability + 1e-9
    assert exact == pytest.approx(-7 / 30)   # the seed's deal is a loss for seat 0 more often than a win


def test_openspiels_ismcts_plays_through_the_adapter_as_a_bot() -> None:
    """OpenSpiel's IS-MCTS chooses legal moves from the view and sampled worlds alone."""
    state = new_game("tetka", seed=9)
    bot = make_bot("openspiel-ismcts:8", "tetka", seed=1)
    for _ in range(6):
        seat = state.to_move[0]
        view = state.view(seat)
        choice = bot.choose(view, sampler_for(state, seat))
        assert choice in view.legal_actions
        state.apply(seat, choice)


def test_openspiels_ismcts_enters_a_tournament() -> None:
    result = run_tournament("divide-and-conquer", ["openspiel-ismcts:4", "random"], games=2, seed=1)
    assert result.summary("openspiel-ismcts:4").games == 2


@pytest.mark.parametrize("setting", ["0", "many"])
def test_a_bad_peer_setting_is_refused(setting: str) -> None:
    with pytest.raises(ValueError, match="openspiel-ismcts"):
        make_bot(f"openspiel-ismcts:{setting}", "tetka")


@pytest.mark.parametrize("game", ["tetka", "mus", "divide-and-conquer", "reversis"])
def test_a_view_reads_its_log_on_from_the_last_and_a_world_keeps_none_of_it(game: str) -> None:
    """Views read this deal's log on from the last view's (what keeps a view's cost, and so the adapter's,
    off the deal's length): the same log as one read afresh, through clones; and a world sampled for one
    seat keeps none of what the real state's views read for the others (their private lines)."""
    state = new_game(game, seed=4)
    rng = random.Random(4)
    for step in range(150):
        if not state.to_move:
            break
        if step % 2 == 0:
            fresh = state.clone()
            fresh._lines_kept = {}
            for seat in (None, *range(state.players)):
                assert state.view(seat).log == fresh.view(seat).log
            world = state.sample_world(state.to_move[0], rng)
            assert world._lines_kept == {}
        if step % 25 == 3:
            state = state.clone()
        seat = state.to_move[0] if len(state.to_move) == 1 else rng.choice(state.to_move)
        state.apply_id(seat, rng.choice(state.legal_ids(seat)))


def test_the_openspiel_benchmark_runs_and_writes_json(tmp_path: Path) -> None:
    """``benchmarks/openspiel_state.py`` on its quickest game: a smoke test, so that the benchmark issue 40's
    note quotes does not rot (tests never time anything: only that it runs and writes its columns)."""
    script = Path(__file__).resolve().parents[2] / "benchmarks" / "openspiel_state.py"
    out = tmp_path / "openspiel.json"
    run = subprocess.run([sys.executable, str(script), "--games", "divide-and-conquer", "--before",
                          "divide-and-conquer", "--rounds", "1", "--whole", "--ismcts", "--json", str(out)],
                         capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    row = json.loads(out.read_text(encoding="utf-8"))["divide-and-conquer"]
    assert row["ratio"] > 0 and row["before ratio"] > 0 and row["info KB"] > 0
