"""OpenSpiel games for every Parlour game: ``import parlour.rl.openspiel`` registers them with pyspiel.

Each registered game is named ``parlour_`` and its id with underscores (``parlour_tetka``,
``parlour_divide_and_conquer``), so ``pyspiel.load_game("parlour_tetka")`` works, and so does
``pyspiel.load_game("parlour_razz(players=4,ante=2)")``. Its parameters are ``players`` (the game's
default count unless given), ``variant`` (``""``: the standard game), ``seed`` and every option the game
lists (``parlour rules GAME`` shows them); an option whose default is "none given" (Kabu's ``stake``) takes
0 for that default.

How the games meet OpenSpiel's model:

- **Chance.** All of a Parlour game's chance comes from its seed, so the seed is what chance chooses: the
  game opens with eight chance nodes of 256 equal outcomes each, the bytes of a 64-bit seed, after which
  the game is dealt ``new_game(..., seed=...)``. Every deal of the game, and every card drawn later, follows
  from that seed, as in the engine. A parameter ``seed`` of 0 or more fixes it instead: the game then has no
  chance node at all, which is what an exact solver of one deal wants.
- **Turns.** Games are ``SEQUENTIAL``. Where several seats may act at once (a claim window, a race,
  Divide and Conquer's cards laid together), the current player is the first of them after the seat that
  acted last, going round the table, as in the PettingZoo adapter; each one of them gets its turn so.
- **Information.** ``observation_string`` is the seat's view as JSON (its hand, the table, this deal's log);
  ``information_state_string`` is its perfect-recall record, of a size that does not grow with the game:
  the seat's view now (without its log) and ``recall``, a 128-bit BLAKE2b digest of every deal's actions
  and events as the seat was told them (``State.game_log``), chained line by line, so two histories a seat
  can tell apart have different strings. The digest is kept per seat and read on from where it was last
  read (``State.game_log_since``), so a call costs what the seat was told since, not the game's length.
  Cards an earlier deal left in the seat's hand, never played nor shown, are not in it. Both
  tensors are the seat's :class:`~parlour.rl.observation.Observer` vector, with the observer's pieces as
  OpenSpiel's named tensors (``game.observation_tensor_layout()``); the tensor sums up the history (the
  cards each seat has named this deal) rather than recalling it. A public observer
  (``IIGObservationType(private_info=PrivateInfoType.NONE)``) sees the spectator's view.
- **Returns**, at the end only: +1 for each winner, -1 for every other seat, 0 for all in a drawn game, as
  in the PettingZoo adapter. Games of two players are ``ZERO_SUM``; the others ``GENERAL_SUM``.
- **Length.** ``max_game_length`` is the game's ``GameInfo.max_actions``, the bound the engine holds every
  game to.
- **Clones and serialization.** A clone clones the Parlour state (``State.clone``) and carries the
  digests on; a state serializes as its record, which replays it, and reads each seat's log once, when
  first asked, to the same digest (a sampled world has no record and cannot be serialized).
- **Worlds.** ``state.resample_from_infostate(player, sampler)`` deals a world the player cannot tell from
  the state (``State.sample_world``), which OpenSpiel's Python IS-MCTS asks for. The player's string is
  the state's; another seat's starts from the player's digest and its own view of the world, since what
  it knew before is the world's guess (so the worlds' strings for a seat differ by its dealt cards).

:class:`OpenSpielIsmctsBot` plays a Parlour game through this adapter with OpenSpiel's own IS-MCTS, as the
bot ``openspiel-ismcts:N`` (``N`` simulations a move) in ``parlour play`` and ``parlour tournament``.

>>> import pyspiel
>>> game = pyspiel.load_game("parlour_divide_and_conquer", {"seed": 3})
>>> state = game.new_initial_state()
>>> state.current_player(), state.legal_actions()[:3]
(0, [1, 2, 3])
>>> laid = [state.child(action) for action in state.legal_actions()[:2]]   # two cards laid face down
>>> laid[0].current_player(), laid[0].observation_tensor(1) == laid[1].observation_tensor(1)
(1, True)
>>> laid[0].observation_tensor(0) == laid[1].observation_tensor(0)
False
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import random
import time
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, cast

from parlour.bots.base import Reaction, WorldSampler
from parlour.engine import State, View, new_game
from parlour.engine import games as registered_games
from parlour.engine.record import replay
from parlour.engine.registry import GameInfo, game_info
from parlour.engine.state import LogMark
from parlour.rl import spiel_name
from parlour.rl.observation import Observer, Vector

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts
except ImportError as missing:  # pragma: no cover - depends on the environment
    raise ImportError("parlour.rl.openspiel needs OpenSpiel: pip install 'parlour[openspiel]'") from missing

SEED_BYTES = 8          # the chance nodes that draw a game's seed, a byte each
BYTE_OUTCOMES = 256
NO_SEED = -1            # the ``seed`` parameter's default: chance draws it
NONE_GIVEN = 0          # what an option whose default is "none given" takes as a parameter


# --- the games ---------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Setup:
    """One loaded game's configuration, shared (never copied) by all its states."""

    game_id: str
    players: int
    variant: str | None
    options: tuple[tuple[str, Any], ...]
    seed: int | None

    def __deepcopy__(self, memo: dict[int, Any]) -> Setup:
        return self

    def deal(self, seed: int) -> State:
        return new_game(self.game_id, self.players, self.variant, seed=seed, **dict(self.options))


def _zero_sum(info: GameInfo) -> bool:
    """Two players: a +1 / -1 result sums to nothing. (Partners need not stay so: Vint's rubbers reseat
    them and name one winner.)"""
    return info.max_players == 2


def _parameters(info: GameInfo) -> dict[str, Any]:
    """OpenSpiel's parameter specification: every parameter with its default."""
    spec: dict[str, Any] = {"players": info.players_default, "variant": "", "seed": NO_SEED}
    for option in info.options:
        spec[option.name] = NONE_GIVEN if option.default is None else option.default
    return spec


def game_type(info: GameInfo) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=spiel_name(info.id), long_name=f"Parlour {info.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if _zero_sum(info) else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players, min_num_players=info.min_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=_parameters(info))


def _setup(info: GameInfo, params: Mapping[str, Any]) -> Setup:
    """The parameters read as Parlour's: an unknown one, or a bad value, is refused naming it."""
    known = _parameters(info)
    unknown = sorted(set(params) - set(known))
    if unknown:
        raise ValueError(f"{spiel_name(info.id)} has no parameter {', '.join(map(repr, unknown))}; "
                         f"its parameters are: {', '.join(known)}")
    values = {**known, **params}
    options = {option.name: (None if option.default is None and values[option.name] == NONE_GIVEN
                             else values[option.name]) for option in info.options}
    seed = values["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < NO_SEED:
        raise ValueError(f"seed is a whole number, 0 or more (or -1: drawn by chance), not {seed!r}")
    return Setup(info.id, values["players"], values["variant"] or None, tuple(options.items()),
                 None if seed == NO_SEED else seed)


class ParlourGame(pyspiel.Game):  # type: ignore[misc]
    """A Parlour game as an OpenSpiel game (see the module's notes); each game registers a subclass of its
    own that names it (``info``), as OpenSpiel is given a class to create it with."""

    info: GameInfo

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        info = self.info
        params = dict(params or {})
        self.setup = _setup(info, params)
        sample = self.setup.deal(0)   # Parlour's own checks of the count, variant and options, in its words
        self.observer = _observer(self.setup)
        super().__init__(game_type(info), pyspiel.GameInfo(
            num_distinct_actions=sample.action_space_size,
            max_chance_outcomes=0 if self.setup.seed is not None else BYTE_OUTCOMES,
            num_players=sample.players, min_utility=-1.0, max_utility=1.0,
            utility_sum=0.0 if _zero_sum(info) else None, max_game_length=info.max_actions),
            {**_parameters(info), **params})

    def new_initial_state(self) -> ParlourSpielState:
        return ParlourSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SeatObserver:
        if params:
            raise ValueError(f"{spiel_name(self.info.id)}'s observers take no parameters, not {params!r}")
        return SeatObserver(self.observer, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


@cache
def _observer(setup: Setup) -> Observer:
    return Observer(setup.game_id, setup.players, setup.variant, **dict(setup.options))


# --- the states --------------------------------------------------------------------------------------------
class _Live:
    """Holds the Parlour state: OpenSpiel deep-copies a state's attributes to clone it, and pickles them to
    serialize it; this makes the one a ``State.clone`` and the other the game's record."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Live:
        return _Live(self.state.clone())

    def __reduce__(self) -> tuple[Callable[[dict[str, Any]], _Live], tuple[dict[str, Any]]]:
        return _replayed, (self.state.record(),)


def _replayed(record: dict[str, Any]) -> _Live:
    return _Live(replay(record))


class _Views:
    """The views of the position last asked about, by seat (``None``: the spectator's) and whether with the
    log, and their tensors: OpenSpiel asks for a seat's strings and tensors several times a position, and
    of its clones, and a view with its log costs the deal's length. A clone shares those made so far
    (views are immutable, and so is what is kept here), until either moves on; a serialized state, or a
    world dealt anew in the same position (``resample_from_infostate``), starts with none."""

    __slots__ = ("at", "by_seat", "tensors")

    def __init__(self, at: int = -1, by_seat: dict[tuple[int | None, bool], View] | None = None,
                 tensors: dict[tuple[int | None, Observer], Vector] | None = None) -> None:
        self.at = at
        self.by_seat: dict[tuple[int | None, bool], View] = by_seat if by_seat is not None else {}
        self.tensors: dict[tuple[int | None, Observer], Vector] = tensors if tensors is not None else {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Views:
        return _Views(self.at, dict(self.by_seat), dict(self.tensors))

    def __reduce__(self) -> tuple[type[_Views], tuple[()]]:
        return _Views, ()

    def shared(self) -> _Views:
        """Views of the same position that add to these ones' stores (a clone's copies them instead)."""
        return _Views(self.at, self.by_seat, self.tensors)

    def _now(self, state: State) -> None:
        if self.at != state.actions_taken:
            self.at, self.by_seat, self.tensors = state.actions_taken, {}, {}

    def of(self, state: State, seat: int | None, log: bool = True) -> View:
        """The seat's view; without its log, the view with it made lighter where that is made already
        (OpenSpiel asks for both of each seat at every position of its tests)."""
        self._now(state)
        view = self.by_seat.get((seat, log))
        if view is None:
            whole = self.by_seat.get((seat, True))
            view = state.view(seat, log=log) if log or whole is None else dataclasses.replace(whole, log=[])
            self.by_seat[seat, log] = view
        return view

    def tensor(self, state: State, seat: int | None, observer: Observer) -> Vector:
        """The seat's view as ``observer`` encodes it."""
        self._now(state)
        tensor = self.tensors.get((seat, observer))
        if tensor is None:
            tensor = self.tensors[seat, observer] = observer.encode(self.of(state, seat))
        return tensor


@dataclasses.dataclass(frozen=True)
class _Start:
    """The position a fixed seed deals, dealt once for every initial state of its game, with the views and
    tensors asked of it: OpenSpiel makes a new initial state and writes a tensor of it each time it asks a
    Python game for a tensor's shape, which it does at every ``information_state_tensor`` and
    ``observation_tensor`` call. Never moved on: each initial state plays a clone."""

    state: State
    views: _Views


@cache
def _start(setup: Setup) -> _Start | None:
    """The fixed seed's first position (``None``: chance draws the seed, and no state is dealt at first)."""
    if setup.seed is None:
        return None
    state = setup.deal(setup.seed)
    return _Start(state, _Views(state.actions_taken))


RECALL_BYTES = 16       # a recall digest's size: 128 bits, so that two histories never meet in practice
GAME_START: tuple[bytes, LogMark] = (hashlib.blake2b(b"parlour recall", digest_size=RECALL_BYTES).digest(),
                                     (0, 0, 0))


def _chained(digest: bytes, lines: list[str]) -> bytes:
    """``digest`` extended by each line in turn: BLAKE2b of the digest so far and the line, a line at a
    time, so the digest of a log is the same however its reading was split."""
    for line in lines:
        digest = hashlib.blake2b(digest + line.encode(), digest_size=RECALL_BYTES).digest()
    return digest


class _Recall:
    """What each seat (``None``: a spectator) has been told, as a digest of its game log (``State.game_log``)
    chained line by line, with the mark (``State.game_log_since``) it was read up to: asking again reads
    only the lines told since, so an information state costs what is new, not the game's length.

    A seat's digest starts at ``start``: the game's start, or, in a world sampled for another seat, that
    seat's digest where the world was sampled (the others' earlier history in a world is the dealer's
    guess, and each differs only by what it is told from there on, and its view). A clone carries the
    digests on; a serialized state starts afresh and reads its replayed game's log once."""

    __slots__ = ("by_seat", "start")

    def __init__(self, start: tuple[bytes, LogMark] = GAME_START,
                 by_seat: Mapping[int | None, tuple[bytes, LogMark]] | None = None) -> None:
        self.start = start
        self.by_seat: dict[int | None, tuple[bytes, LogMark]] = dict(by_seat or {})

    def __deepcopy__(self, memo: dict[int, Any]) -> _Recall:
        return _Recall(self.start, self.by_seat)

    def __reduce__(self) -> tuple[type[_Recall], tuple[()]]:
        return _Recall, ()

    def digest(self, state: State, seat: int | None) -> bytes:
        digest, mark = self.by_seat.get(seat, self.start)
        lines, now = state.game_log_since(seat, mark)
        if lines or now != mark:
            digest = _chained(digest, lines)
            self.by_seat[seat] = (digest, now)
        return digest

    def for_world(self, state: State, seat: int) -> _Recall:
        """The recall of a world sampled for ``seat`` from ``state``: ``seat``'s own, read up to now, and
        every other seat's starting from it (see the class)."""
        mine, mark = self.digest(state, seat), state.log_mark()
        return _Recall((_chained(mine, ["sampled world"]), mark), {seat: (mine, mark)})


class ParlourSpielState(pyspiel.State):  # type: ignore[misc]
    """A Parlour game's state as OpenSpiel's: the seed's chance bytes, then the Parlour state."""

    def __init__(self, game: ParlourGame) -> None:
        super().__init__(game)
        self.setup = game.setup
        self.seed_bytes: tuple[int, ...] = ()
        self.live: _Live | None = None
        self.last_seat = -1   # the seat that acted last, from which the next of several to move is found
        start = _start(self.setup)
        self.views = _Views() if start is None else start.views.shared()
        self.recall = _Recall()

    # --- the Parlour state -------------------------------------------------------------------------
    @property
    def parlour(self) -> State | None:
        """The Parlour state, once the seed is known (``None`` while chance is still drawing it)."""
        if self.live is None and (start := _start(self.setup)) is not None:
            self.live = _Live(start.state.clone())
        return None if self.live is None else self.live.state

    def play(self, state: State) -> None:
        """Go on from ``state`` (a sampled world, a deal set out by hand) rather than the deal the seed made:
        the views kept so far were of that one."""
        self.live = _Live(state)
        self.views = _Views()

    def _require(self) -> State:
        state = self.parlour
        if state is None:
            raise ValueError("chance has not yet drawn this game's seed")
        return state

    # --- OpenSpiel's API ---------------------------------------------------------------------------
    def current_player(self) -> int:
        state = self.parlour
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        to_move, n = state.to_move, state.players
        return to_move[0] if len(to_move) == 1 else min(to_move, key=lambda seat: (seat - self.last_seat - 1) % n)

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._require().legal_ids(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(byte, 1.0 / BYTE_OUTCOMES) for byte in range(BYTE_OUTCOMES)]

    def _apply_action(self, action: int) -> None:
        state = self.parlour
        if state is None:
            if not 0 <= action < BYTE_OUTCOMES:
                raise ValueError(f"a chance outcome here is a byte of the seed, 0 to 255, not {action}")
            self.seed_bytes = (*self.seed_bytes, int(action))
            if len(self.seed_bytes) == SEED_BYTES:
                self.live = _Live(self.setup.deal(int.from_bytes(bytes(self.seed_bytes), "big")))
            return
        seat = self.current_player()
        state.apply_id(seat, int(action))
        self.last_seat = seat

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {len(self.seed_bytes) + 1} of {SEED_BYTES}: {action}"
        state = self.parlour
        try:
            return f"seat {player}: {state.decode(action)}" if state is not None else f"action {action}"
        except ValueError:
            return f"seat {player}: action {action}"

    def is_terminal(self) -> bool:
        state = self.parlour
        return state is not None and state.is_over

    def returns(self) -> list[float]:
        state = self.parlour
        n = self.setup.players
        if state is None or not state.is_over:
            return [0.0] * n
        result = state.result()
        if result.drawn:
            return [0.0] * n
        return [1.0 if seat in result.winners else -1.0 for seat in range(n)]

    def resample_from_infostate(self, player: int, sampler: Any = None) -> ParlourSpielState:
        """A state ``player`` cannot tell from this one: a world dealt by ``State.sample_world``, drawn with
        a generator seeded from ``sampler`` (OpenSpiel's probability sampler: a call gives a float)."""
        state = self.parlour
        twin = cast(ParlourSpielState, self.clone())
        if state is not None:
            seed = int(sampler() * 2**53) if callable(sampler) else random.getrandbits(53)
            twin.play(state.sample_world(player, random.Random(seed)))
            twin.recall = self.recall.for_world(state, player)
        return twin

    def view(self, seat: int | None, log: bool = True) -> View:
        """The seat's view of the position (``None``: a spectator's), made once however often it is asked;
        ``log=False``: without its log (``State.view``)."""
        return self.views.of(self._require(), seat, log)

    def __str__(self) -> str:
        """The seed and the table as a spectator sees it (without the log, which costs the deal's length:
        OpenSpiel's tests ask for it at every state)."""
        state = self.parlour
        if state is None:
            return f"{self.setup.game_id}: seed bytes drawn {list(self.seed_bytes)}"
        return f"seed {state.seed}: {json.dumps(self.view(None, log=False).fields(), ensure_ascii=False)}"


# --- observers ---------------------------------------------------------------------------------------------
class SeatObserver:
    """OpenSpiel's Python observer: ``tensor`` (with ``dict``, its named pieces) and ``string_from``."""

    def __init__(self, observer: Observer, iig_obs_type: Any) -> None:
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("Parlour observes one seat, or the public table: not every seat's cards at once")
        self.observer = observer
        self.public = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor: Vector = np.zeros(observer.size, np.float32)
        self.dict = {piece.name: self.tensor[piece.start:piece.stop] for piece in observer.layout()}

    def _seat(self, player: int) -> int | None:
        return None if self.public else player

    def set_from(self, state: ParlourSpielState, player: int) -> None:
        live = state.parlour
        if live is None or not 0 <= player < live.players:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = state.views.tensor(live, self._seat(player), self.observer)

    def string_from(self, state: ParlourSpielState, player: int) -> str:
        live = state.parlour
        if live is None:
            return f"seed bytes drawn: {len(state.seed_bytes)} of {SEED_BYTES}"
        seat = self._seat(player)
        if not self.perfect_recall:
            return json.dumps(state.view(seat).fields(), ensure_ascii=False)
        now = {name: value for name, value in state.view(seat, log=False).fields().items() if name != "log"}
        recall = state.recall.digest(live, seat).hex()
        return json.dumps({"seat": seat, "recall": recall, "view": now}, ensure_ascii=False)


# --- registration ------------------------------------------------------------------------------------------
# The class registered for each game. OpenSpiel keeps what it is given to the end of the process, and a
# class (held here) outlives the interpreter's shutdown where a function made for it would not: a lambda
# given to ``register_game`` aborts the process as it exits.
GAME_CLASSES: dict[str, type[ParlourGame]] = {}


def register(info: GameInfo) -> None:
    """Make one game loadable by ``pyspiel.load_game`` (once: registering again does nothing)."""
    name = spiel_name(info.id)
    if name not in pyspiel.registered_names():
        title = "".join(part.title() for part in info.id.split("-"))
        GAME_CLASSES[info.id] = type(f"{title}Game", (ParlourGame,), {"info": info, "__module__": __name__})
        pyspiel.register_game(game_type(info), GAME_CLASSES[info.id])


def register_all() -> None:
    for info in registered_games():
        register(info)


register_all()


def load(game_id: str, players: int | None = None, variant: str | None = None, seed: int | None = None,
         **options: Any) -> pyspiel.Game:
    """``pyspiel.load_game`` for a Parlour game by its id, with Parlour's arguments."""
    info = game_info(game_id)
    params: dict[str, Any] = dict(options)
    if players is not None:
        params["players"] = players
    if variant is not None:
        params["variant"] = variant
    if seed is not None:
        params["seed"] = seed
    return pyspiel.load_game(spiel_name(info.id), params)


# --- OpenSpiel's IS-MCTS as a Parlour bot ------------------------------------------------------------------
@cache
def _game_for(setup: Setup) -> pyspiel.Game:
    params = {"players": setup.players, "variant": setup.variant or "",
              **{name: NONE_GIVEN if value is None else value for name, value in setup.options}}
    return pyspiel.load_game(spiel_name(setup.game_id), params)


class _OutOfTime(Exception):
    """The search's seconds are spent: it answers from the simulations it has run."""


class _TimedIsmcts(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's IS-MCTS, unchanged but for a clock: once ``time.perf_counter()`` passes ``deadline``, no
    further simulation starts (after the two that give the root a visited move), and the search answers from
    the tree it has. OpenSpiel's loop runs a fixed count of simulations, so the clock stops it before its
    next world is drawn (``sample_root_state``, at the top of each simulation)."""

    deadline = math.inf

    def sample_root_state(self, state: Any) -> Any:
        root = getattr(self, "_root_node", None)
        if root is not None and root.total_visits > 0 and time.perf_counter() >= self.deadline:
            raise _OutOfTime
        return super().sample_root_state(state)

    def run_search(self, state: Any) -> Any:
        try:
            return super().run_search(state)
        except _OutOfTime:
            return self.get_final_policy(state, self._root_node)


class OpenSpielIsmctsBot:
    """OpenSpiel's own IS-MCTS (``open_spiel.python.algorithms.ismcts``, random rollouts to the game's
    end, UCT constant 2) choosing for a Parlour seat, for comparing search with a peer's. It sees what any
    bot sees: the view and the worlds sampled for it. Each search starts from one world and draws every
    further one from the same sampler, so OpenSpiel searches exactly the worlds Parlour's own IS-MCTS does.

    It runs ``simulations`` a move, and stops sooner only if given ``seconds`` (none by default, so that a
    tournament's moves do not depend on the machine): a server sets them to its limit
    (``parlour.web.botpool.BotLimits.bound``), since a random playout of a long game can take a second."""

    name = "openspiel-ismcts"

    def __init__(self, game_id: str, simulations: int = 100, seed: int | None = None,
                 seconds: float = math.inf) -> None:
        if simulations < 1:
            raise ValueError(f"openspiel-ismcts needs 1 or more simulations a move, not {simulations}")
        if not seconds > 0:
            raise ValueError(f"openspiel-ismcts needs a positive number of seconds a move, not {seconds!r}")
        self.game_id, self.simulations, self.seconds = game_id, simulations, seconds
        self.rng = random.Random(seed)
        self.np_rng = np.random.RandomState(self.rng.getrandbits(32))

    @classmethod
    def from_setting(cls, game_id: str, setting: str, seed: int | None = None) -> OpenSpielIsmctsBot:
        if not setting:
            return cls(game_id, seed=seed)
        if not setting.isdigit():
            raise ValueError(f"openspiel-ismcts takes a number of simulations a move (openspiel-ismcts:100), "
                             f"not {setting!r}")
        return cls(game_id, int(setting), seed)

    def choose(self, view: View, worlds: WorldSampler | None = None) -> str:
        if not view.legal_actions:
            raise ValueError(f"seat {view.seat} has no legal action to choose from")
        if worlds is None or view.seat is None:
            raise ValueError("openspiel-ismcts searches sampled worlds: it needs a seat and a world sampler")
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        seat = view.seat
        deadline = time.perf_counter() + self.seconds
        first = worlds(self.rng)
        game = _game_for(Setup(first.info.id, first.players, first.variant, tuple(first.options.items()), None))

        searched_from = (GAME_START[0], first.log_mark())

        def wrap(world: State) -> ParlourSpielState:
            spiel_state = cast(ParlourSpielState, game.new_initial_state())
            spiel_state.seed_bytes = (0,) * SEED_BYTES
            spiel_state.play(world)
            # Every world of one search is the seat's information set at the root: they recall alike up to
            # it, and each seat's node is told apart by what follows, so the search reads no earlier line.
            spiel_state.recall = _Recall(searched_from)
            spiel_state.last_seat = seat - 1   # so that, of several to move, this seat is the one choosing
            return spiel_state

        bot = _TimedIsmcts(game, mcts.RandomRolloutEvaluator(1, self.np_rng), 2.0, self.simulations,
                           random_state=self.np_rng)
        bot.deadline = deadline
        bot.set_resampler(lambda state, player: wrap(worlds(self.rng)))
        root = wrap(first)
        action = int(bot.step(root))
        return str(first.decode(action))

    def reaction_time(self, view: View, rng: random.Random) -> float:
        return Reaction(1.0).draw(rng)
