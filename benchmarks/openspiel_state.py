"""Issue 40's OpenSpiel table: what the adapter costs over Parlour's own API, game by game.

    python benchmarks/openspiel_state.py [--games samba canasta ...] [--rounds 3] [--ismcts-moves 3]
                                         [--json FILE]

Rows, per game (the games of ``tests/rl/test_openspiel.py``, with its short options: one deal where the game
counts deals, Auction Bridge to four deals):

- ``sim s`` and ``play s``: one OpenSpiel ``random_sim_test`` (one simulation, serialization on, as the
  test runs it) against one random playout of the same game through Parlour's API (``State.playout``,
  uniformly by number), each of ``--rounds`` rounds dealt by the same seed on both sides (the OpenSpiel
  game is loaded with that ``seed``, so it has no chance node and deals what ``new_game`` deals). The two
  sides take turns within each round, ours first, so a change in the machine's load falls on both alike;
  ``ratio`` is the sum of OpenSpiel's times over the sum of ours. Random play differs between the two
  sides (each has its own generator), so the rounds' games differ in length: ``actions`` are the playouts'
  mean, and ``ratio/action`` divides each side's time by the actions it took (OpenSpiel's counted by
  the states' ``apply_action`` calls on the main line, read back from the test's last state).
- ``before s``, ``before ratio``: the same ``random_sim_test`` with the adapter as it was before issue 40
  (``LEGACY``: the information state the whole game's log as JSON, read afresh at every call; the views
  and tensors made again for every call and clone; a view reading its whole deal), timed in the same
  rounds, for the games of ``--before`` (by default the quick ones).
- ``info ms``, ``info KB``: ``information_state_string`` of the seat to move at the last position of a
  playout, asked again after one more action (what a search's next node pays), and its size; ``before
  info ms``, ``before info KB``: the same of the string as it was, on a clone in the same position.
- ``ser ms``: ``serialize_game_and_state`` then ``deserialize_game_and_state`` of that position.
- ``--whole GAME ...`` (Samba, Canasta and Auction Bridge by default): the last three columns again at the
  end of a whole game with the book's options (Samba's runs to some 20,000 actions), where the string as it
  was grew with the game.
- ``ismcts s/move``: ``openspiel-ismcts:100`` choosing, for ``--ismcts-moves`` moves from a position
  ``--ismcts-at`` actions into the game (Samba only by default: ``--ismcts GAME ...``).

CPU time (``time.process_time``), not wall time, because the machine is shared. Tests never time anything.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyspiel

from parlour import State, new_game
from parlour.bots import make_bot, sampler_for
from parlour.engine.registry import game_info
from parlour.rl import openspiel

GAMES = ["samba", "canasta", "auction-bridge", "tetka", "divide-and-conquer", "razz", "schafkopf", "tute"]
SHORT = {"comet": {"target": 30}, "auction-bridge": {"deal_limit": 4}, "vint": {"rubbers": 1}}


def short_options(game_id: str) -> dict[str, Any]:
    """The options ``tests/rl/test_openspiel.py`` plays each game with."""
    options: dict[str, Any] = {"deals": 1} if any(o.name == "deals" for o in game_info(game_id).options) else {}
    return {**options, **SHORT.get(game_id, {})}


def legacy_string(self: openspiel.SeatObserver, state: openspiel.ParlourSpielState, player: int) -> str:
    """The information state string before issue 40: the seat's whole game log, read at every call."""
    live = state.parlour
    if live is None:
        return f"seed bytes drawn: {len(state.seed_bytes)} of {openspiel.SEED_BYTES}"
    seat = None if self.public else player
    view = state.view(seat).fields()
    if not self.perfect_recall:
        return json.dumps(view, ensure_ascii=False)
    now = {name: value for name, value in view.items() if name != "log"}
    return json.dumps({"seat": seat, "log": live.game_log(seat), "view": now}, ensure_ascii=False)


def legacy_str(self: openspiel.ParlourSpielState) -> str:
    state = self.parlour
    if state is None:
        return f"{self.setup.game_id}: seed bytes drawn {list(self.seed_bytes)}"
    return f"seed {state.seed}: {json.dumps(self.view(None).fields(), ensure_ascii=False)}"


def legacy_tensor(self: Any, state: State, seat: int | None, observer: Any) -> Any:
    return observer.encode(self.of(state, seat))


def legacy_lines_now(self: State, seat: int | None) -> tuple[str, ...]:
    return tuple(self._deal_lines(seat, len(self._deal_starts) - 1))


# What issue 40 changed, each put back as it was: the string, a spectator's string with the log, a tensor
# encoded at every call, a clone starting without its original's views, a view reading its whole deal.
LEGACY = [(openspiel.SeatObserver, "string_from", legacy_string),
          (openspiel.ParlourSpielState, "__str__", legacy_str),
          (openspiel._Views, "tensor", legacy_tensor),
          (openspiel._Views, "__deepcopy__", lambda self, memo: openspiel._Views()),
          (State, "_deal_lines_now", legacy_lines_now)]


def legacy(work: Callable[..., Any]) -> Callable[..., Any]:
    """``work`` run with the adapter (and the views' log) as before issue 40 (``LEGACY``)."""
    def run(*args: Any) -> Any:
        current = [(owner, name, owner.__dict__[name]) for owner, name, _ in LEGACY]
        for owner, name, old in LEGACY:
            setattr(owner, name, old)
        try:
            return work(*args)
        finally:
            for owner, name, now in current:
                setattr(owner, name, now)
    return run


def timed(work: Callable[..., Any], *args: Any) -> tuple[float, Any]:
    start = time.process_time()
    answer = work(*args)
    return time.process_time() - start, answer


def playout(game_id: str, options: dict[str, Any], seed: int) -> int:
    return new_game(game_id, seed=seed, **options).playout(random.Random(seed))


def sim_test(game_id: str, options: dict[str, Any], seed: int) -> int:
    """One ``random_sim_test``; answers the actions its main line took (counted as they are applied, the
    main line's being the actions of the longest history seen)."""
    longest = [0]
    apply = openspiel.ParlourSpielState._apply_action

    def counted(self: openspiel.ParlourSpielState, action: int) -> None:
        apply(self, action)
        if self.live is not None:
            longest[0] = max(longest[0], self.live.state.actions_taken)

    openspiel.ParlourSpielState._apply_action = counted  # type: ignore[method-assign]
    try:
        pyspiel.random_sim_test(openspiel.load(game_id, **options), num_sims=1, serialize=True,
                                verbose=False)
    finally:
        openspiel.ParlourSpielState._apply_action = apply  # type: ignore[method-assign]
    return longest[0]


def played(game_id: str, options: dict[str, Any], seed: int, history: list[int]) -> Any:
    """A state of the game loaded now (so under ``legacy``, the adapter as it was) after ``history``."""
    game = openspiel.load(game_id, seed=seed, **options)
    state = game.new_initial_state()
    for action in history:
        state.apply_action(action)
    return game, state


def late_costs(game_id: str, options: dict[str, Any], seed: int) -> dict[str, float]:
    """The information state's cost and size, and serialization's, at the last position of a game: the
    seats' strings asked one action earlier (as a search's previous node would), then the seat to move's."""
    game, state = played(game_id, options, seed, [])
    rng = random.Random(seed)
    history: list[int] = []
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        history.append(action)
        state.apply_action(action)
    game, state = played(game_id, options, seed, history[:-2])
    for seat in range(game.num_players()):
        state.information_state_string(seat)
    state.apply_action(history[-2])
    info_s, text = timed(state.information_state_string, state.current_player())
    ser_s, _ = timed(lambda: pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state)))
    _, earlier = legacy(played)(game_id, options, seed, history[:-1])
    old_s, old = timed(legacy(earlier.information_state_string), earlier.current_player())
    return {"info ms": info_s * 1e3, "info KB": len(text.encode()) / 1e3, "ser ms": ser_s * 1e3,
            "before info ms": old_s * 1e3, "before info KB": len(old.encode()) / 1e3,
            "game actions": len(history)}


def ismcts_seconds(game_id: str, options: dict[str, Any], at: int, moves: int, seed: int = 1) -> float:
    state = new_game(game_id, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(at):
        if not state.to_move:
            break
        seat = state.to_move[0]
        state.apply_id(seat, rng.choice(state.legal_ids(seat)))
    bot = make_bot("openspiel-ismcts:100", game_id, seed=seed)
    spent = 0.0
    for _ in range(moves):
        if not state.to_move:
            break
        seat = state.to_move[0]
        seconds, choice = timed(bot.choose, state.view(seat), sampler_for(state, seat))
        spent += seconds
        state.apply(seat, choice)
    return spent / moves


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=GAMES)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--before", nargs="*", default=[g for g in GAMES if g not in ("samba", "canasta")])
    parser.add_argument("--ismcts", nargs="*", default=["samba"])
    parser.add_argument("--ismcts-at", type=int, default=400)
    parser.add_argument("--ismcts-moves", type=int, default=3)
    parser.add_argument("--whole", nargs="*", default=["samba", "canasta", "auction-bridge"])
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    rows: dict[str, dict[str, float]] = {}
    print(f"{'game':20} {'actions':>8} {'play s':>8} {'sim s':>8} {'ratio':>7} {'ratio/action':>12} "
          f"{'before s':>9} {'before ratio':>12} {'info ms':>8} {'info KB':>8} {'before info ms':>14} "
          f"{'before info KB':>14} {'ser ms':>8}", flush=True)
    for game_id in args.games:
        options = short_options(game_id)
        sim = play = old = 0.0
        sim_actions = play_actions = 0
        for seed in range(1, args.rounds + 1):
            seconds, taken = timed(playout, game_id, options, seed)
            play, play_actions = play + seconds, play_actions + taken
            seconds, taken = timed(sim_test, game_id, options, seed)
            sim, sim_actions = sim + seconds, sim_actions + taken
            if game_id in args.before:
                old += timed(legacy(sim_test), game_id, options, seed)[0]
        row = {"actions": play_actions / args.rounds, "sim s": sim / args.rounds, "play s": play / args.rounds,
               "ratio": sim / play,
               "ratio/action": (sim / max(sim_actions, 1)) / (play / max(play_actions, 1)),
               "before s": old / args.rounds if game_id in args.before else float("nan"),
               "before ratio": old / play if game_id in args.before else float("nan"),
               **late_costs(game_id, options, 1)}
        rows[game_id] = row
        print(f"{game_id:20} {row['actions']:8.0f} {row['play s']:8.3f} {row['sim s']:8.3f} {row['ratio']:7.1f} "
              f"{row['ratio/action']:12.1f} {row['before s']:9.3f} {row['before ratio']:12.1f} "
              f"{row['info ms']:8.2f} {row['info KB']:8.2f} {row['before info ms']:14.2f} "
              f"{row['before info KB']:14.2f} {row['ser ms']:8.1f}", flush=True)
    for game_id in args.whole:
        late = late_costs(game_id, {}, 1)
        rows[f"{game_id} (whole game)"] = late
        print(f"{game_id}, whole game of {late['game actions']:.0f} actions, at its end: information state "
              f"{late['info ms']:.2f} ms and {late['info KB']:.2f} KB (before: {late['before info ms']:.1f} ms and "
              f"{late['before info KB']:.1f} KB); serialize and deserialize {late['ser ms']:.0f} ms", flush=True)
    for game_id in args.ismcts:
        seconds = ismcts_seconds(game_id, short_options(game_id), args.ismcts_at, args.ismcts_moves)
        rows.setdefault(game_id, {})["ismcts s/move"] = seconds
        print(f"openspiel-ismcts:100 {game_id}, {args.ismcts_at} actions in: {seconds:.2f} s a move", flush=True)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
