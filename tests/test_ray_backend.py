"""Tournaments and simulations through Ray (``parlour.sim.ray_backend``): the local pool's games exactly,
its failures in its words, bad addresses refused at once.

Starting Ray costs several seconds of the CI budget, and pytest-xdist would start one in each worker
that runs a test needing it, so one test starts a local Ray (two CPUs) and runs every check that needs
it, in order, each a function named after its rule; the failure and the benchmark come last, since both
end the actors. It runs in a network namespace of its own (see ``only_loopback``)."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_tournament import run, without_time

from parlour.sim import GameFailure, plan_games, play_games, ray_backend, run_tournament
from parlour.sim.ray_backend import RayBackend, connect

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


def test_ray_runs_in_a_network_of_its_own() -> None:
    """Run the Ray test in a new network namespace whose only interface is loopback (brought up first), so
    that nothing Ray opens can be reached from beyond this machine."""
    if only_loopback():
        pytest.skip("this network is loopback only already: the Ray test runs by itself")
    unshare, ip = shutil.which("unshare"), shutil.which("ip")
    if unshare is None or ip is None or subprocess.run([unshare, "-rn", "true"], capture_output=True).returncode:
        pytest.skip("this machine cannot make a network namespace (unshare -rn), so Ray is not started")
    test = f"{Path(__file__).resolve()}::test_through_ray_the_local_pools_games_failures_and_benchmark"
    pytest_once = f'"{sys.executable}" -m pytest -o addopts= -q -p no:randomly -p no:cacheprovider "{test}"'
    command = f'"{ip}" link set lo up && exec {pytest_once}'
    finished = subprocess.run([unshare, "-rn", "sh", "-c", command], capture_output=True, text=True, timeout=900,
                              env={**os.environ, "RAY_USAGE_STATS_ENABLED": "0"}, cwd=Path(__file__).parent.parent)
    assert finished.returncode == 0, finished.stdout[-4000:] + finished.stderr[-4000:]
    assert "1 passed" in finished.stdout


@STARTS_RAY
def test_through_ray_the_local_pools_games_failures_and_benchmark(tmp_path: Path) -> None:
    connect(num_cpus=2)
    backend = RayBackend()
    try:
        a_tournament_through_ray_is_the_local_pools(backend)
        the_commands_through_ray_print_and_write_what_the_local_pool_does(tmp_path)
        a_failed_game_is_reported_as_the_local_pool_reports_it(backend)
        the_benchmark_measures_its_four_setups(tmp_path)
    finally:
        backend.close()
        ray.shutdown()


def a_tournament_through_ray_is_the_local_pools(backend: RayBackend) -> None:
    local = run_tournament("kabu", KABU, games=8, seed=4, duplicate=True)
    assert run_tournament("kabu", KABU, games=8, seed=4, duplicate=True, jobs=2, backend=backend) == local


def the_commands_through_ray_print_and_write_what_the_local_pool_does(tmp_path: Path) -> None:
    """``--jobs 0`` takes the cluster's CPUs: two here."""
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
    assert not ray_backend._POOL.get("actors")   # ended, with the games queued behind the failure


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
