"""The PettingZoo environments: PettingZoo's own API tests over every game, seeding, rewards from the
result, refusals, simultaneous moves, the text rendering, and each game's versioned name."""

from __future__ import annotations

import hashlib
import random
import re
import warnings
from collections.abc import Iterator

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, render_test, seed_test

import parlour
from parlour import IllegalAction
from parlour.rl.observation import Observer
from parlour.rl.pettingzoo import VERSIONS, ParlourEnv, ParlourParallelEnv, env, env_name, parallel_env

GAMES = [info.id for info in parlour.games()]
# Where several seats are to move at once in a short random playout: Divide and Conquer's cards laid
# together, Comet's window for the 9♦, Twenty-Four's race.
SIMULTANEOUS = ["divide-and-conquer", "comet", "twenty-four"]
CYCLES = 15       # PettingZoo's play test takes players x CYCLES steps: enough to cross a few turns


@pytest.fixture(autouse=True)
def quiet() -> Iterator[None]:
    """PettingZoo's tests warn that a dict observation is not a Box, as they do of its own card games."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def unwrapped(environment: object) -> ParlourEnv:
    inner = getattr(environment, "unwrapped", environment)
    assert isinstance(inner, ParlourEnv)
    return inner


def random_play(environment: object, seed: int, steps: int) -> list[int]:
    """Masked random actions for up to ``steps`` turns; the actions taken."""
    rng = np.random.default_rng(seed)
    taken = []
    for agent in environment.agent_iter(steps):  # type: ignore[attr-defined]
        observation, _, terminated, truncated, _ = environment.last()  # type: ignore[attr-defined]
        action = None if terminated or truncated else int(rng.choice(np.flatnonzero(observation["action_mask"])))
        if action is not None:
            taken.append(action)
        environment.step(action)  # type: ignore[attr-defined]
        assert agent  # every agent is named
    return taken


@pytest.mark.parametrize("game", GAMES)
def test_every_game_passes_pettingzoos_api_test(game: str) -> None:
    api_test(env(game), num_cycles=CYCLES)


@pytest.mark.parametrize(("game", "players", "variant"), [("razz", 8, None), ("divide-and-conquer", 2, "long"),
                                                         ("twenty-four", 4, None)])
def test_other_counts_and_variants_pass_the_api_test(game: str, players: int, variant: str | None) -> None:
    api_test(env(game, players, variant), num_cycles=5)


def test_options_reach_the_game_and_bad_ones_are_named() -> None:
    environment = env("kabu", players=3, deals=3)
    environment.reset(seed=1)
    assert unwrapped(environment).table.live.options["deals"] == 3
    with pytest.raises(ValueError, match="unknown option 'hands' for kabu"):
        env("kabu", hands=3)


def test_the_observation_space_is_the_observers_layout() -> None:
    environment = env("razz", players=5)
    observer = unwrapped(environment).observer
    assert observer.describe().startswith("razz, 5 players")
    space = environment.observation_space("player_4")
    assert space["observation"].shape == (observer.size,) and space["action_mask"].shape == (7,)


@pytest.mark.parametrize("game", ["divide-and-conquer", "east-west"])
def test_whole_games_pass_the_api_test_to_their_end(game: str) -> None:
    """Short games, played to the end by the API test: terminations and the agents' removal."""
    api_test(env(game), num_cycles=40)


@pytest.mark.parametrize("game", SIMULTANEOUS)
def test_simultaneous_games_pass_the_parallel_api_test(game: str) -> None:
    parallel_api_test(parallel_env(game), num_cycles=40)


class TestSeeding:
    @pytest.mark.parametrize("game", ["tetka", "comet"])
    def test_pettingzoos_seed_test(self, game: str) -> None:
        """PettingZoo's own check that two environments reset with one seed play alike."""
        seed_test(lambda **kwargs: env(game, **kwargs), num_cycles=10)

    def test_the_same_seed_plays_the_same_game(self) -> None:
        """Two environments reset with seed 11 deal and play alike; seed 12 deals otherwise."""
        runs = []
        for seed in (11, 11, 12):
            environment = env("pitty-pat", players=3)
            environment.reset(seed=seed)
            first = environment.observe("player_0")["observation"]
            runs.append((first, random_play(environment, 0, 60), environment.observe("player_1")["observation"]))
        assert runs[0][1] == runs[1][1] and (runs[0][2] == runs[1][2]).all()
        assert not (runs[0][0] == runs[2][0]).all()

    def test_resets_without_a_seed_follow_the_last_seed(self) -> None:
        one, two = env("tetka"), env("tetka")
        for environment in (one, two):
            environment.reset(seed=5)
            environment.reset()
        assert unwrapped(one).table.live.seed == unwrapped(two).table.live.seed != 5


class TestRewards:
    def test_the_winner_gets_one_and_the_loser_minus_one(self) -> None:
        """Divide and Conquer played out: rewards +1 for the result's winner, -1 for the other, summed
        by PettingZoo's own accounting (``last``), and every agent terminated."""
        environment = env("divide-and-conquer")
        environment.reset(seed=4)
        totals = dict.fromkeys(environment.possible_agents, 0.0)
        rng = random.Random(4)
        for agent in environment.agent_iter(200):
            observation, reward, terminated, truncated, _ = environment.last()
            totals[agent] += reward
            legal = np.flatnonzero(observation["action_mask"])
            environment.step(None if terminated or truncated else int(rng.choice(list(legal))))
        result = unwrapped(environment).table.live.result()
        expected = [0.0] * 2 if result.drawn else [1.0 if s in result.winners else -1.0 for s in range(2)]
        assert list(totals.values()) == expected and environment.agents == []

    def test_max_steps_truncates_every_agent(self) -> None:
        environment = env("tetka", max_steps=5)
        environment.reset(seed=1)
        assert len(random_play(environment, 1, 50)) == 5
        assert environment.agents == []

    def test_bad_max_steps_or_render_mode_are_named(self) -> None:
        with pytest.raises(ValueError, match="max_steps is a whole number"):
            env("tetka", max_steps=0)
        with pytest.raises(ValueError, match="render_mode 'rgb_array' is not one of: ansi, human"):
            env("tetka", render_mode="rgb_array")


class TestRefusals:
    def test_an_illegal_action_raises_the_engines_error_and_changes_nothing(self) -> None:
        environment = env("tetka")
        environment.reset(seed=2)
        agent = environment.agent_selection
        mask = environment.observe(agent)["action_mask"]
        illegal = int(np.flatnonzero(mask == 0)[0])
        before = unwrapped(environment).table.live.record()
        with pytest.raises(IllegalAction):
            environment.step(illegal)
        assert unwrapped(environment).table.live.record() == before and environment.agent_selection == agent

    def test_numpy_integers_are_actions(self) -> None:
        environment = env("tetka")
        environment.reset(seed=2)
        legal = np.flatnonzero(environment.observe(environment.agent_selection)["action_mask"])
        environment.step(np.int64(legal[0]))
        assert len(unwrapped(environment).table.live.history) == 1

    def test_a_parallel_action_not_offered_is_refused(self) -> None:
        environment = parallel_env("divide-and-conquer")
        observations, _ = environment.reset(seed=1)
        illegal = int(np.flatnonzero(observations["player_0"]["action_mask"] == 0)[0])
        with pytest.raises(ValueError, match=f"player_0: {illegal} is not one of its legal action numbers"):
            environment.step({"player_0": illegal})


class TestSimultaneousMoves:
    def test_the_turn_goes_round_the_seats_to_move(self) -> None:
        """Both Divide and Conquer seats lay at once: the AEC environment asks player_0, then player_1,
        whose mask is offered while it waits."""
        environment = env("divide-and-conquer")
        environment.reset(seed=3)
        assert environment.agent_selection == "player_0"
        assert environment.observe("player_1")["action_mask"].any()
        legal = np.flatnonzero(environment.observe("player_0")["action_mask"])
        environment.step(int(legal[0]))
        assert environment.agent_selection == "player_1"

    def test_a_parallel_step_lays_both_cards(self) -> None:
        environment = parallel_env("divide-and-conquer")
        observations, _ = environment.reset(seed=3)
        actions = {agent: int(np.flatnonzero(observations[agent]["action_mask"])[0]) for agent in environment.agents}
        environment.step(actions)
        assert len(environment.table.live.history) == 2   # type: ignore[attr-defined]


class TestRendering:
    def test_pettingzoos_render_test(self, capsys: pytest.CaptureFixture[str]) -> None:
        """Every render mode the metadata lists: ``ansi`` returns text, ``human`` draws and returns None."""
        render_test(lambda render_mode=None: env("tetka", render_mode=render_mode))
        assert "your hand" in capsys.readouterr().out

    def test_ansi_draws_the_selected_seats_table_as_text(self) -> None:
        environment = env("tetka", render_mode="ansi")
        environment.reset(seed=1)
        text = environment.render()
        hand = unwrapped(environment).table.live.view(int(environment.agent_selection[-1])).hand
        assert isinstance(text, str) and "your hand" in text and "\x1b[" not in text
        assert hand[0].rstrip("CDHS") in text

    def test_no_render_mode_renders_nothing(self) -> None:
        environment = env("tetka")
        environment.reset(seed=1)
        assert environment.render() is None


    def test_render_says_what_it_does_and_promises_no_pictures(self) -> None:
        """Issue 40: PettingZoo's inherited docstring promised ``rgb_array``; the environments have their own,
        and a mode they cannot draw is refused by name."""
        for environment in (ParlourEnv, ParlourParallelEnv):
            doc = " ".join((environment.render.__doc__ or "").split())
            assert "ansi" in doc and "human" in doc and "There is no ``rgb_array`` mode" in doc
        assert "rgb_array" not in ParlourEnv.METADATA["render_modes"]
        with pytest.raises(ValueError, match="render_mode 'rgb_array' is not one of"):
            parallel_env("tetka", render_mode="rgb_array")


# The observation layout of each game at its usual number of players when its version was last set, as
# ``Observer(game).describe()`` prints it (first 12 hex digits of its SHA-256). When a layout changes, bump
# the game's entry in ``parlour.rl.pettingzoo.VERSIONS`` and write its new fingerprint here.
LAYOUTS = {
    "auction-bridge": "3b70bf158f96", "authors": "7411df911aa7", "calabrasella": "0bd686a7aae0",
    "canadian-salad": "839fb2107155", "canasta": "b4c5360ae26d", "carioca": "a81c6a3bd720",
    "comet": "84f574b1c60c", "crates": "4336ca856689", "divide-and-conquer": "1f75d93aa592",
    "east-west": "c56effc59b17", "heart-solo": "32fe27fc7ab7", "kabu": "67425939e20f", "kowah": "52f414d6bdf1",
    "mus": "9d822c436198", "pitty-pat": "e53a5a691d94", "pontoon": "69407479fb58", "preference": "97392d0e9419",
    "razz": "bfba173f0a81", "reversis": "4469a8f9c7fa", "samba": "12613806ae41", "schafkopf": "ad14e749869d",
    "solo": "ec868bcfdbee", "tetka": "02d661dff7a2", "tute": "87f4e1d988b2", "twenty-five": "1acd9358624e",
    "twenty-four": "29bb8ec1e96e", "vint": "5c1d997a5455",
}


class TestNames:
    def test_every_game_has_its_own_versioned_name(self) -> None:
        """Issue 40: ``metadata["name"]`` is ``parlour_<id>_v<N>``, as PettingZoo names its environments,
        in both environments, one name a game."""
        names = {}
        for game in GAMES:
            name = env(game).metadata["name"]
            assert re.fullmatch(r"parlour_[a-z_]+_v\d+", name), name
            assert name == env_name(game) == parallel_env(game).metadata["name"]
            assert name == f"parlour_{game.replace('-', '_')}_v{VERSIONS.get(game, 0)}"
            names[game] = name
        assert len(set(names.values())) == len(GAMES) == 27
        assert names["tetka"] == "parlour_tetka_v0"

    def test_an_unknown_game_has_no_name(self) -> None:
        with pytest.raises(ValueError, match="tetka"):
            env_name("whist")

    def test_a_changed_observation_layout_asks_for_a_new_version(self) -> None:
        """A game's version is bumped when its observations change: each layout is fingerprinted with the
        version it was published under."""
        assert set(LAYOUTS) == set(GAMES)
        changed = [game for game in GAMES
                   if hashlib.sha256(Observer(game).describe().encode()).hexdigest()[:12] != LAYOUTS[game]]
        assert not changed, (f"the observation layout of {changed} changed: bump their VERSIONS in "
                             "parlour/rl/pettingzoo.py and write the new fingerprints in LAYOUTS")
