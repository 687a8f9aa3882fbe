"""The research bots at the server's tables (issue 38): ``rollout``, ``pimc`` and OpenSpiel's IS-MCTS are seated
and play through the bot pool's workers, each within the server's limits; a budget past a limit is refused
naming it, and a kind that does not play the game (``pimc`` at Canasta, ``solver`` at Tëtka, OpenSpiel where
it is not installed) is refused with the reason, as the lobby offers only the kinds that play each game."""

from __future__ import annotations

import logging
import random
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

with warnings.catch_warnings():
    # Starlette announces a successor to httpx for its test client; httpx is what FastAPI documents.
    warnings.filterwarnings("ignore", message=".*httpx2")
    from fastapi.testclient import TestClient

from webapi import TIMEOUT, create, refused, view

import parlour
from parlour.bots import bot_kinds, kinds, make_bot, sampler_for
from parlour.bots.base import LEVEL_NAMES, PEER
from parlour.bots.ismcts import Budget
from parlour.bots.pimc import PimcBot
from parlour.bots.rollout import RolloutBot
from parlour.web.app import create_app
from parlour.web.botpool import BotLimits

HAS_OPENSPIEL = kinds.installed("pyspiel") and kinds.installed("open_spiel")
needs_openspiel = pytest.mark.skipif(not HAS_OPENSPIEL,
                                     reason="OpenSpiel is not installed (pip install 'parlour[openspiel]')")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(database_url=f"sqlite:///{tmp_path / 'parlour.sqlite3'}", bot_workers=1,
                               limits=BotLimits(max_seconds=0.5, max_iterations=500))) as client:
        yield client


def message(client: TestClient, game: str, seats: list[str]) -> str:
    """The server's refusal of a table of ``seats`` at ``game`` (and that no table was made)."""
    answer = refused(client.post("/api/tables", json={"game": game, "seats": seats}), 400, "MalformedRequest")
    assert client.get("/api/tables").json() == []
    return str(answer["message"])


# --- the kinds ------------------------------------------------------------------------------------------
def test_the_server_seats_every_kind_the_lobby_may_offer() -> None:
    assert bot_kinds() == (*LEVEL_NAMES, *kinds.RESEARCH)
    for game in ("tetka", "auction-bridge", "canasta", "divide-and-conquer"):
        assert set(kinds.kinds_for(game)) <= set(bot_kinds())


def test_the_lobby_lists_for_each_game_the_research_bots_that_play_it(client: TestClient) -> None:
    bots = client.get("/api/bots").json()
    assert bots["kinds"] == list(bot_kinds())
    tetka = client.get("/api/bots", params={"game": "tetka"}).json()["kinds"]
    assert {"rollout", "pimc"} <= set(tetka) and "solver" not in tetka
    assert (PEER in tetka) == HAS_OPENSPIEL
    canasta = bots["games"]["canasta"]
    assert "rollout" in canasta and "pimc" not in canasta and PEER not in canasta   # no tricks; far too slow
    assert "pimc" in bots["games"]["auction-bridge"] and "rollout" not in bots["games"]["authors"]


# --- limits ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("kind", "refusal"), [
    ("rollout:6s", r"rollout:6s thinks longer than this server allows: at most 5 seconds a move \(--max-bot-seconds\)"),
    ("rollout:1e9s", "at most 5 seconds a move"),
    ("pimc:100001", r"pimc:100001 thinks longer than this server allows: at most 100000 worlds a move "
                    r"\(--max-bot-iterations\)"),
    ("rollout:infs", "rollout takes"),
    ("rollout:200", "rollout takes"),
    ("pimc:0", "pimc takes"),
    ("pimc:1.5s", "pimc takes"),
])
def test_a_research_bot_past_the_limits_or_malformed_is_refused(kind: str, refusal: str) -> None:
    with pytest.raises(ValueError, match=refusal):
        BotLimits().check(kind, "tetka")


@needs_openspiel
def test_openspiels_simulations_count_as_iterations() -> None:
    with pytest.raises(ValueError, match=r"at most 100000 simulations a move \(--max-bot-iterations\)"):
        BotLimits().check(f"{PEER}:100001", "tetka")
    with pytest.raises(ValueError, match=f"{PEER} takes"):
        BotLimits().check(f"{PEER}:10s", "tetka")
    BotLimits().check(f"{PEER}:100000", "tetka")
    BotLimits().check(PEER, "tetka")


@pytest.mark.parametrize("kind", ["rollout", "rollout:0.2s", "rollout:5s", "pimc", "pimc:20", "pimc:100000"])
def test_the_research_bots_within_the_limits_pass(kind: str) -> None:
    BotLimits().check(kind, "tetka")


def test_pimcs_second_is_capped_not_refused() -> None:
    """A name cannot set pimc's seconds, so a server allowing less than its second caps it."""
    limits = BotLimits(max_seconds=0.25, max_iterations=10)
    limits.check("pimc:10", "tetka")
    bot = limits.bound(make_bot("pimc", "tetka", seed=1))
    assert isinstance(bot, PimcBot) and (bot.worlds, bot.seconds) == (10, 0.25)
    with pytest.raises(ValueError, match="at most 10 worlds a move"):
        limits.check("pimc:11", "tetka")


def test_bound_caps_every_research_search() -> None:
    limits = BotLimits(max_seconds=0.5, max_iterations=300)
    rollout = limits.bound(make_bot("rollout:4s", "tetka", seed=1))
    assert isinstance(rollout, RolloutBot) and (rollout.budget, rollout.limit) == (Budget(300, 0.5), 0.5)
    assert limits.bound(make_bot("rollout", "tetka", seed=1)).budget == Budget(300, 0.5)  # type: ignore[attr-defined]
    pimc = limits.bound(make_bot("pimc:1000", "auction-bridge", seed=1))
    assert isinstance(pimc, PimcBot) and (pimc.worlds, pimc.seconds) == (300, 0.5)
    if HAS_OPENSPIEL:
        peer: Any = limits.bound(make_bot(f"{PEER}:100000", "tetka", seed=1))
        assert (peer.simulations, peer.seconds) == (300, 0.5)


@needs_openspiel
def test_openspiels_search_keeps_to_the_servers_seconds() -> None:
    """OpenSpiel runs its simulations in a loop of its own: bounded, it stops at the deadline by itself, so the
    pool's kill is not what ends its move."""
    state = parlour.new_game("twenty-four", seed=1)   # random playouts to the end of a long game: slow ones
    rng = random.Random(1)
    for _ in range(3):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.view(seat).legal_actions))
    seat = state.to_move[0]
    bot = BotLimits(max_seconds=0.3).bound(make_bot(f"{PEER}:100000", "twenty-four", seed=1))
    started = time.perf_counter()
    assert bot.choose(state.view(seat), sampler_for(state, seat)) in state.view(seat).legal_actions
    assert time.perf_counter() - started < 2.5    # the deadline, and the one playout running when it passed


def test_rollouts_keep_to_the_servers_seconds_even_for_their_two_worlds() -> None:
    """Two worlds of Auction Bridge's auction, every call played out in each, take seconds: bounded, the bot
    stops at the limit (past it by one playout at most) and plays the rule of thumb's call."""
    state = parlour.new_game("auction-bridge", seed=5)
    seat = state.to_move[0]
    bot = BotLimits(max_seconds=0.3).bound(make_bot("rollout:0.1s", "auction-bridge", seed=1))
    assert isinstance(bot, RolloutBot)
    started = time.perf_counter()
    assert bot.choose(state.view(seat), sampler_for(state, seat)) in state.view(seat).legal_actions
    assert time.perf_counter() - started < 2.0 and bot.last_iterations < 2


# --- the games they play ------------------------------------------------------------------------------------
def test_a_kind_that_does_not_play_the_game_is_refused_with_the_reason(client: TestClient) -> None:
    said = message(client, "canasta", ["human", "pimc", "medium", "medium"])
    assert "the pimc bot does not play Canasta here: it plays only trick games" in said
    assert "the bots that do: easy, medium, strong, expert" in said and "rollout" in said
    assert "it solves only Divide and Conquer" in message(client, "tetka", ["human", "random", "random", "solver"])
    assert "takes far too long a move" in message(client, "authors", ["human", "rollout", "random", "random"])
    if HAS_OPENSPIEL:
        assert "takes far too long a move" in message(client, "canasta", ["human", PEER, "random", "random"])


def test_without_openspiel_its_bot_is_neither_offered_nor_seated(client: TestClient,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    present = kinds.installed
    monkeypatch.setattr(kinds, "installed", lambda module: module not in ("pyspiel", "open_spiel") and present(module))
    monkeypatch.setattr("parlour.web.tables.installed", kinds.installed)
    assert PEER not in client.get("/api/bots", params={"game": "tetka"}).json()["kinds"]
    said = message(client, "tetka", ["human", f"{PEER}:10", "random", "random"])
    assert f"the {PEER} bot does not play Tëtka here: it needs OpenSpiel" in said and "parlour[openspiel]" in said


def test_the_servers_own_limits_are_named(client: TestClient) -> None:
    """The client fixture's server allows half a second and 500 iterations a move."""
    assert "at most 0.5 seconds a move (--max-bot-seconds)" in message(client, "tetka", ["human", "rollout:1s",
                                                                                          "random", "random"])
    assert "at most 500 worlds a move (--max-bot-iterations)" in message(client, "auction-bridge",
                                                                          ["human", "pimc:501", "random", "random"])
    if HAS_OPENSPIEL:
        assert "at most 500 simulations a move" in message(client, "tetka", ["human", f"{PEER}:501", "random",
                                                                             "random"])


def test_research_bots_play_through_the_workers(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Two tables of bots alone: each research kind builds and chooses in a worker process (a failure there
    would be logged and a random move played instead), to the end of a deal, whose last five tricks pimc plays
    by solving its worlds open: at Tëtka beside rollouts and OpenSpiel, and at Auction Bridge after its auction.
    The server's limits are the usual ones: a worker's first OpenSpiel move imports it, within the grace."""
    with TestClient(create_app(database_url=f"sqlite:///{tmp_path / 'play.sqlite3'}", bot_workers=1)) as client:
        play_a_deal_each(client, caplog)


def play_a_deal_each(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    tetka = ["rollout:0.1s", "pimc", f"{PEER}:5" if HAS_OPENSPIEL else "ismcts:50", "random"]
    bridge = ["pimc", "random", "random", "random"]
    caplog.set_level(logging.WARNING, logger="parlour.web")
    tables = {game: create(client, seats, game=game, seed=5) for game, seats in (("tetka", tetka),
                                                                                 ("auction-bridge", bridge))}
    for game, seats in (("tetka", tetka), ("auction-bridge", bridge)):
        described = client.get(f"/api/tables/{tables[game]['table_id']}").json()
        assert [seat["kind"] for seat in described["seats"]] == seats
    playing = set(tables)
    deadline = time.monotonic() + 3 * TIMEOUT       # the worker's start takes seconds on a loaded machine
    while playing:                                  # until each table's first deal is over
        for game in list(playing):
            if view(client, tables[game], None)["hand_results"]:
                playing.remove(game)
        assert time.monotonic() < deadline, f"the bots did not finish a deal of {playing}"
        time.sleep(0.02)
    assert [record.getMessage() for record in caplog.records if record.levelno >= logging.WARNING] == []
