"""Tournaments and simulations through Ray (``parlour.sim.ray_backend``): the local pool's games exactly,
its failures in its words, a game whose worker dies played again to the same result, bad addresses refused
at once, and the help saying what a local Ray opens to the network.

Starting Ray costs several seconds of the CI budget, and pytest-xdist would start one in each worker
that runs a test needing it, so one test starts a local Ray (two CPUs) and runs every check that needs
it, in order, each a function named after its rule; those that end workers come last, since a worker
started again costs a second or more. It runs in a network namespace of its own (see ``only_loopback``)."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import time
from functools import partial
from pathlib import Path

import pytest
from test_tournament import run, without_time

from parlour.sim import GameFailure, GameRecord, GameTask, plan_games, play_game, play_games, run_tournament
from parlour.sim.ray_backend import RayBackend, connect
from parlour.sim.tournament import played

ray = pytest.importorskip("ray", reason='Ray is not installed (pip install -e ".[cluster]")')

KABU = ["heuristic", "random", "random", "random"]
BENCHMARK = Path(__file__).resolve().parent.parent / "benchmarks" / "cluster.py"


# A local Ray listens on every interface of the machine (Ray binds its services to the machine's address and
# to 0.0.0.0, even when told its node's address is 127.0.0.1), and servers started by tests listen on
# loopback only. So the test that starts Ray runs in a network of its own, where the only interface is
# loopback: ``test_ray_runs_in_a_network_of_its_own`` runs it there (``unshare``, a new user and network
# namespace), and it runs directly only in such a network.
def only_loopback() -> bool:
    """Whether this process's network has no interface but loopback."""
    interfaces = {line.split(":")[0].strip() for line in Path("/proc/net/dev").read_text().splitlines()[2:]}
    return interfaces <= {"lo"}


STARTS_RAY = pytest.mark.skipif(not only_loopback(), reason="starts a local Ray, which listens on every "
                                "interface: test_ray_runs_in_a_network_of_its_own runs it where only loopback is")


def test_ray_runs_in_a_network_of_its_own(tmp_path: Path) -> None:
    """Run the Ray test in a new network namespace whose only interface is loopback (brought up first), so
    that nothing Ray opens can be reached from beyond this machine; with a home of its own, where Ray
    writes its token (``~/.ray/auth_token``), not the user's."""
    if only_loopback():
        pytest.skip("this network is loopback only already: the Ray test runs by itself")
    unshare, ip = shutil.which("unshare"), shutil.which("ip")
    if unshare is None or ip is None or subprocess.run([unshare, "-rn", "true"], capture_output=True).returncode:
        pytest.skip("this machine cannot make a network namespace (unshare -rn), so Ray is not started")
    test = f"{Path(__file__).resolve()}::test_through_ray_the_local_pools_games_failures_and_benchmark"
    # Within this test's own limit (the suite's ``timeout``), so that a hang inside says where it hung.
    pytest_once = (f'"{sys.executable}" -m pytest -o addopts= -o timeout=260 -q -p no:randomly -p no:cacheprovider '
                   f'"{test}"')
    command = f'"{ip}" link set lo up && exec {pytest_once}'
    finished = subprocess.run([unshare, "-rn", "sh", "-c", command], capture_output=True, text=True, timeout=280,
                              env={**os.environ, "RAY_USAGE_STATS_ENABLED": "0", "HOME": str(tmp_path)},
                              cwd=Path(__file__).parent.parent)
    assert finished.returncode == 0, finished.stdout[-4000:] + finished.stderr[-4000:]
    assert "1 passed" in finished.stdout


@STARTS_RAY
def test_through_ray_the_local_pools_games_failures_and_benchmark(tmp_path: Path) -> None:
    connect(num_cpus=2)
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])   # the games below, which workers cannot import
    backend = RayBackend()
    try:
        a_tournament_through_ray_is_the_local_pools(backend)
        the_commands_through_ray_print_and_write_what_the_local_pool_does(tmp_path)
        a_failed_game_is_reported_as_the_local_pool_reports_it(backend)
        the_benchmark_measures_its_four_setups(tmp_path)
        a_game_whose_worker_dies_is_played_again_to_the_same_result(backend, tmp_path)
        a_game_lost_too_often_fails_the_run_naming_it_and_ends_the_games_still_running(tmp_path)
    finally:
        ray.shutdown()


def a_tournament_through_ray_is_the_local_pools(backend: RayBackend) -> None:
    local = run_tournament("kabu", KABU, games=8, seed=4, duplicate=True)
    assert run_tournament("kabu", KABU, games=8, seed=4, duplicate=True, jobs=2, backend=backend) == local


def the_commands_through_ray_print_and_write_what_the_local_pool_does(tmp_path: Path) -> None:
    """``--jobs 0`` submits every game, and the report counts the cluster's CPUs: two here."""
    args = ["kabu", "--seats", ",".join(KABU), "-n", "6", "--seed", "9"]
    local, remote = run(["tournament", *args]), run(["tournament", *args, "--backend", "ray", "--jobs", "0"])
    assert local[0] == remote[0] == 0 and "on 2 Ray workers" in " ".join(remote[1].split())
    assert without_time(local[1]) == re.sub(r"\d+\.\d s on 2 Ray\s+workers", "<time>", remote[1])
    here, there = tmp_path / "local.jsonl", tmp_path / "ray.jsonl"
    assert run(["simulate", *args, "--out", str(here)])[0] == 0
    assert run(["simulate", *args, "--out", str(there), "--backend", "ray", "--jobs", "2"])[0] == 0
    assert there.read_text(encoding="utf-8") == here.read_text(encoding="utf-8") != ""


@pytest.mark.parametrize(("address", "message"), [
    ("nowhere", "a Ray address is host:port, ray://host:port, auto or local, not 'nowhere'"),
    ("ray://head:99999", "not 'ray://head:99999'"),
    ("127.0.0.1:1", "no Ray cluster answers at 127.0.0.1:1: Connection refused"),
])
def test_a_bad_address_is_refused_at_once(address: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        connect(address)
    code, out = run(["tournament", "kabu", "--seats", ",".join(KABU), "-n", "2", "--backend", "ray",
                     "--address", address])
    assert code == 2 and message in out


@pytest.mark.parametrize("attempts", [0, -1, True, 1.5])
def test_a_game_is_attempted_at_least_once(attempts: int) -> None:
    with pytest.raises(ValueError, match="a game is played at least once"):
        RayBackend(attempts=attempts)


@pytest.mark.parametrize("command", ["tournament", "simulate"])
def test_the_help_says_what_a_local_ray_opens_and_how_to_join_a_secured_cluster(command: str) -> None:
    """Issue 40: a local Ray listens on every interface (Ray will not keep to loopback), which the help must
    say, with what guards it and how a secured cluster is joined."""
    code, out = run([command, "--help"])
    said = " ".join(out.split())
    assert code == 0
    for words in ("listen on every interface, not loopback alone", "~/.ray/auth_token", "RAY_AUTH_MODE=token",
                  "RAY_USE_TLS=1", "docs/researchers.md", "on Ray, every CPU the cluster has or grows to"):
        assert words in said


def a_failed_game_is_reported_as_the_local_pool_reports_it(backend: RayBackend) -> None:
    good = plan_games("kabu", KABU, 3, seed=1)
    bad = dataclasses.replace(good[1], kinds=("robot",) * 4)
    tasks = [good[0], bad, good[2]]
    with pytest.raises(GameFailure) as local:
        play_games(tasks)
    with pytest.raises(GameFailure) as remote:
        play_games(tasks, jobs=2, backend=backend)
    assert str(remote.value) == str(local.value)
    assert re.match(r"game 2 \(deal seed \d+, seats robot, robot, robot, robot\) failed: ValueError: unknown bot",
                    str(remote.value))


def dies_once(marker: Path, task: GameTask) -> GameRecord:
    """``play_game``, but the first attempt at game 3 ends its worker process at once, as a lost node does."""
    if task.number == 2 and not marker.exists():
        marker.touch()
        os._exit(1)
    return play_game(task)


def dies_while_game_1_plays(started: Path, task: GameTask) -> GameRecord:
    """Game 2 ends every worker that tries it, once game 1 has started (and said so in ``started``); game 1
    then plays for a minute, so it is still playing when game 2 fails the run."""
    if task.number == 1:
        deadline = time.monotonic() + 60
        while not started.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        os._exit(1)
    started.touch()
    time.sleep(60)
    return play_game(task)


def a_game_whose_worker_dies_is_played_again_to_the_same_result(backend: RayBackend, tmp_path: Path) -> None:
    """Issue 40: a lost worker no longer ends the run; the game is planned from the seed, so played again
    it comes out the same, and the run is the local pool's exactly."""
    tasks = plan_games("kabu", KABU, 6, seed=4)
    marker = tmp_path / "died"
    again = dict(played(partial(dies_once, marker), tasks, 2, backend=backend))
    assert marker.exists() and [again[index] for index in range(len(tasks))] == play_games(tasks)


def a_game_lost_too_often_fails_the_run_naming_it_and_ends_the_games_still_running(tmp_path: Path) -> None:
    """After ``attempts`` losses (one here, for a quick test; three by default) the game is taken for a bug,
    and the games submitted beside it are cancelled, their workers ended: the CPUs come free at once, not
    when a long game ends."""
    tasks = plan_games("kabu", KABU, 2, seed=4)
    with pytest.raises(GameFailure) as lost:
        dict(played(partial(dies_while_game_1_plays, tmp_path / "started"), tasks, 2, backend=RayBackend(attempts=1)))
    assert re.match(r"game 2 \(deal seed \d+, seats random, heuristic, random, random\) was lost 1 time on the Ray "
                    r"cluster, its worker or node gone each time \(the last: WorkerCrashedError: ", str(lost.value))
    deadline = time.monotonic() + 20
    while ray.available_resources().get("CPU", 0) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert ray.available_resources().get("CPU", 0) == 2


def the_benchmark_measures_its_four_setups(tmp_path: Path) -> None:
    """``benchmarks/cluster.py`` on the module's Ray, as small as it goes (it times nothing here)."""
    spec = importlib.util.spec_from_file_location("cluster", BENCHMARK)
    assert spec is not None and spec.loader is not None
    cluster = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cluster)
    out = tmp_path / "cluster.json"
    assert cluster.main(["--games", "2", "--rounds", "1", "--json", str(out)]) == 0
    rows = json.loads(out.read_text(encoding="utf-8"))["rows"]
    assert sorted(rows) == ["local, 1 worker", "local, 2 workers", "ray, 1 worker", "ray, 2 workers"]
    assert all(row["median"] > 0 and len(row["values"]) == 1 for row in rows.values())


@pytest.mark.parametrize("command", ["tournament", "simulate"])
def test_bad_seats_are_refused_before_ray_is_started(command: str, tmp_path: Path) -> None:
    code, out = run([command, "kabu", "--seats", "heuristic,robot,random,random", "-n", "2", "--backend", "ray",
                     *(["--out", str(tmp_path / "x.jsonl")] if command == "simulate" else [])])
    assert code == 2 and "unknown bot 'robot'" in out
    assert not ray.is_initialized()
