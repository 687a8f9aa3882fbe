"""The live tables: the one authoritative ``State`` of each game, its seats, its bots and its watchers.

This is boardgame.io's master for Parlour. Every action names the version it was chosen against and is
refused with a typed error unless it is current, its seat is to move and the game allows it. Every
outgoing message is built from the receiving seat's ``view``, never from the state itself.

Three rules keep the state and the database in step:

* Nothing is changed in place. An action is applied to a clone; only once the database has the new
  action list is the clone swapped in. A refused or unsaved action therefore leaves the table exactly as
  it was, and a state handed to a bot's thread is never mutated under it.
* Every change happens under the table's lock, and between the database write and the swap there is no
  ``await``, so a cancelled task cannot leave the two apart.
* ``version`` counts changes (actions applied, and undos): it only grows, so an action chosen before an
  undo can never pass for one chosen after it. Without undo it equals the number of actions.

Bots think in a worker thread, outside the lock, on a view and a world sampler
(``parlour.bots.sampler_for``), so that a slow search holds up neither other tables nor a person who may
act at the same moment (a simultaneous choice). If the table changed while a bot thought, its answer is
dropped and it thinks again.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from parlour.bots import Bot, bot_kinds, make_bot, sampler_for
from parlour.engine import State, View, game_info, new_game
from parlour.engine.registry import DEAL_OPTION
from parlour.errors import IllegalAction
from parlour.web import errors
from parlour.web.store import Store, StoreConflict, StoredSeat, StoredTable, token_hash

logger = logging.getLogger("parlour.web")

HUMAN = "human"    # the creator's own seat: its token is given to the creator
OPEN = "open"      # a seat for a friend: its token is given to the creator to pass on as a link
PEOPLE = (HUMAN, OPEN)
HINT_BOT = "ismcts:0.5s"
MAX_ACTION_TEXT = 200
MAX_OPTIONS_JSON = 100_000
# A watcher that falls this far behind gets only the newest view: each one is complete in itself.
MAX_BACKLOG = 64


def bot_seed(seed: int, purpose: str) -> int:
    """A bot's own chance, drawn from the table's seed, so that one seed replays a whole session."""
    return random.Random(f"{seed}|{purpose}").getrandbits(63)


def _now() -> datetime:
    return datetime.now(UTC)


class Subscriber:
    """One websocket's outbox: messages queued in order and sent by a single task, so that two
    updates can never be written to the socket at once or out of order."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    def put(self, message: dict[str, Any]) -> None:
        if self.queue.qsize() >= MAX_BACKLOG and message.get("type") == "view":
            while not self.queue.empty():
                self.queue.get_nowait()
        self.queue.put_nowait(message)


@dataclass
class Seat:
    seat: int
    kind: str
    token_hash: str | None = None

    @property
    def is_bot(self) -> bool:
        return self.kind not in PEOPLE


@dataclass
class Table:
    """One game being played, and who sits where."""

    id: str
    state: State
    seats: list[Seat]
    created: datetime
    version: int = 0
    bots: dict[int, Bot] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    hint_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    runner: asyncio.Task[None] | None = None
    subscribers: set[Subscriber] = field(default_factory=set)
    fault: str | None = None       # why the bots stopped, if they did

    @property
    def game(self) -> str:
        return self.state.info.id

    @property
    def seed(self) -> int:
        return self.state.seed or 0

    def kinds(self) -> list[dict[str, Any]]:
        return [{"seat": s.seat, "kind": s.kind} for s in self.seats]

    def public_options(self) -> dict[str, Any]:
        """The options without a prepared deal, which would show every hand."""
        return {name: value for name, value in self.state.options.items() if name != DEAL_OPTION}

    def only_bots_besides(self, seat: int) -> bool:
        return all(s.is_bot for s in self.seats if s.seat != seat)

    def bot_to_move(self) -> int | None:
        return next((seat for seat in self.state.to_move if self.seats[seat].is_bot), None)

    def can_undo(self, seat: int | None) -> bool:
        return (seat is not None and not self.state.is_over and self.only_bots_besides(seat)
                and any(actor == seat for actor, _ in self.state.history))

    def can_hint(self, seat: int | None) -> bool:
        """Hints, like undo, only where no other person sits at the table: a hint is a strong player's
        advice, which would be unfair against friends."""
        return seat is not None and seat in self.state.to_move and self.only_bots_besides(seat)

    def payload(self, seat: int | None) -> dict[str, Any]:
        """What a seat (or a spectator, ``None``) is told: built from its view and public facts only."""
        state = self.state
        return {
            "table_id": self.id,
            "version": self.version,
            "seat": seat,
            "view": state.view(seat).to_dict(),
            "hand_results": [result.to_dict() for result in state.hand_results],
            "result": state.result().to_dict() if state.is_over else None,
            "can_undo": self.can_undo(seat),
            "can_hint": self.can_hint(seat),
        }

    def describe(self) -> dict[str, Any]:
        state = self.state
        return {"table_id": self.id, "game": self.game, "players": state.players, "variant": state.variant,
                "options": self.public_options(), "seats": self.kinds(), "version": self.version,
                "is_over": state.is_over, "created": self.created.isoformat()}

    def broadcast(self) -> None:
        """Queue the current view for every watcher, each built for the watcher's own seat."""
        built: dict[int | None, dict[str, Any]] = {}
        for subscriber in self.subscribers:
            if subscriber.seat not in built:
                built[subscriber.seat] = {"type": "view", **self.payload(subscriber.seat)}
            subscriber.put(built[subscriber.seat])


class TableManager:
    """Every live table of one server, and the only code that changes them."""

    def __init__(self, store: Store, *, bot_delay: float = 0.0, hint_bot: str = HINT_BOT) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.hint_bot = hint_bot
        self.tables: dict[str, Table] = {}

    # --- starting and stopping ------------------------------------------------------------------------
    async def start(self) -> None:
        """Rebuild every stored table by replaying its actions, then let waiting bots move."""
        for stored in self.store.load_all():
            try:
                table = self._restore(stored)
            except Exception:   # one unreadable table must not keep the others offline
                logger.exception("table %s cannot be rebuilt from the database; it is left out", stored.id)
                continue
            self.tables[table.id] = table
        for table in self.tables.values():
            self._kick(table)

    async def stop(self) -> None:
        runners = [t.runner for t in self.tables.values() if t.runner is not None]
        for runner in runners:
            runner.cancel()
        await asyncio.gather(*runners, return_exceptions=True)
        for table in self.tables.values():
            table.runner = None

    def _restore(self, stored: StoredTable) -> Table:
        state = new_game(stored.game, players=stored.players, variant=stored.variant, seed=stored.seed,
                         **stored.options)
        for seat, notation in stored.actions:
            state.apply(seat, notation)
        table = Table(id=stored.id, state=state, created=stored.created, version=stored.version,
                      seats=[Seat(s.seat, s.kind, s.token_hash) for s in stored.seats])
        self._seat_bots(table)
        return table

    def _seat_bots(self, table: Table) -> None:
        for seat in table.seats:
            if seat.is_bot:
                table.bots[seat.seat] = make_bot(seat.kind, table.game, seed=bot_seed(table.seed, f"seat {seat.seat}"))

    # --- looking up ------------------------------------------------------------------------------------
    def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise errors.NotFound(f"no table {table_id!r}")
        return table

    def listing(self) -> list[dict[str, Any]]:
        rows = sorted(self.tables.values(), key=lambda t: t.created, reverse=True)
        return [{key: value for key, value in t.describe().items() if key not in ("options", "variant")}
                for t in rows]

    def authorize(self, table: Table, seat: int, token: str | None) -> None:
        """Refuse unless ``token`` is the seat's own; bots' seats have no token and admit no one."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.seats):
            raise errors.MalformedRequest(f"no seat {seat!r}: seats are 0 to {len(table.seats) - 1}")
        expected = table.seats[seat].token_hash
        if expected is None:
            raise errors.Unauthorized(f"seat {seat} is played by a bot")
        if not token:
            raise errors.Unauthorized(f"seat {seat}'s token is needed (header X-Seat-Token)")
        if not hmac.compare_digest(token_hash(token), expected):
            raise errors.Unauthorized(f"that is not seat {seat}'s token")

    # --- creating --------------------------------------------------------------------------------------
    async def create(self, game: str, players: int | None, variant: str | None, options: dict[str, Any],
                     seats: Sequence[str] | None, seed: int | None) -> tuple[Table, dict[int, str]]:
        """A new table, stored, with its bots started; returns it and the token of each person's seat."""
        try:
            info = game_info(game)
        except ValueError as exc:
            raise errors.MalformedRequest(str(exc)) from None
        if seats is None:
            count = players if players is not None else info.players_default
            kinds = [HUMAN] + ["ismcts"] * (count - 1)
        else:
            kinds = [kind.strip().lower() for kind in seats]
        if players is None:
            players = len(kinds)
        if len(kinds) != players:
            raise errors.MalformedRequest(f"'seats' names {len(kinds)} seats but 'players' is {players}")
        for kind in kinds:
            if kind in PEOPLE:
                continue
            if kind.partition(":")[0] not in bot_kinds():
                raise errors.MalformedRequest(f"unknown seat kind {kind!r}; a seat is one of: "
                                              + ", ".join(PEOPLE + bot_kinds()))
            try:
                make_bot(kind, info.id)
            except ValueError as exc:
                raise errors.MalformedRequest(str(exc)) from None
        try:
            state = new_game(info.id, players=players, variant=variant, seed=seed, **options)
        except ValueError as exc:
            raise errors.MalformedRequest(str(exc)) from None
        except Exception as exc:   # a game's own check of a prepared deal tripping over odd JSON
            raise errors.MalformedRequest(f"the options do not describe a {info.name} game "
                                          f"({type(exc).__name__})") from None

        table_id = secrets.token_urlsafe(6)
        while table_id in self.tables:
            table_id = secrets.token_urlsafe(6)
        tokens = {seat: secrets.token_urlsafe(24) for seat, kind in enumerate(kinds) if kind in PEOPLE}
        table = Table(id=table_id, state=state, created=_now(),
                      seats=[Seat(seat, kind, token_hash(tokens[seat]) if seat in tokens else None)
                             for seat, kind in enumerate(kinds)])
        self._seat_bots(table)
        stored = StoredTable(id=table.id, game=info.id, players=players, variant=variant,
                             options=dict(state.options), seed=table.seed, created=table.created,
                             seats=[StoredSeat(s.seat, s.kind, s.token_hash) for s in table.seats])
        try:
            self.store.add(stored)
        except SQLAlchemyError:
            logger.exception("table %s could not be stored", table_id)
            raise errors.Unavailable("the table could not be saved; try again") from None
        self.tables[table_id] = table
        self._kick(table)
        return table, tokens

    # --- playing ---------------------------------------------------------------------------------------
    async def act(self, table: Table, seat: int, version: int, text: str) -> dict[str, Any]:
        """Apply a person's action if it is current, in turn and legal; answer with the seat's new view."""
        async with table.lock:
            state = table.state
            if state.is_over:
                raise errors.GameOver("the game is over")
            if version != table.version:
                raise errors.StaleStateId(f"the action was made against version {version}, but the table is at "
                                          f"version {table.version}", version=table.version)
            if seat not in state.to_move:
                raise errors.InactivePlayer(f"it is not seat {seat}'s turn: waiting for seat "
                                            + " or ".join(map(str, state.to_move)))
            try:
                action = state.parse_action(text)
            except ValueError as exc:
                raise errors.MalformedRequest(str(exc)) from None
            candidate = state.clone()
            try:
                candidate.apply(seat, action)
            except IllegalAction as exc:
                raise errors.InvalidMove(str(exc), rule=exc.rule) from None
            except ValueError as exc:
                raise errors.InvalidMove(str(exc), rule=None) from None
            self._commit(table, candidate)
            answer = table.payload(seat)
        self._kick(table)
        return answer

    async def undo(self, table: Table, seat: int) -> dict[str, Any]:
        """Take back the seat's last action and the bots' actions after it, by replaying the rest."""
        async with table.lock:
            if not table.only_bots_besides(seat):
                raise errors.UndoUnavailable("undo is available only when every other seat is a bot")
            if table.state.is_over:
                raise errors.UndoUnavailable("the game is over")
            history = table.state.history
            last = max((i for i, (actor, _) in enumerate(history) if actor == seat), default=None)
            if last is None:
                raise errors.UndoUnavailable(f"seat {seat} has no action to take back")
            state = table.state
            rebuilt = new_game(table.game, players=state.players, variant=state.variant, seed=state.seed,
                               **state.options)
            for actor, action in history[:last]:
                rebuilt.apply(actor, action)
            self._commit(table, rebuilt)
            answer = table.payload(seat)
        self._kick(table)
        return answer

    async def hint(self, table: Table, seat: int) -> dict[str, Any]:
        """A short IS-MCTS search from the seat's view and sampled worlds: it knows what the seat knows."""
        async with table.lock:
            state = table.state
            if state.is_over:
                raise errors.GameOver("the game is over")
            if seat not in state.to_move:
                raise errors.InactivePlayer(f"it is not seat {seat}'s turn: waiting for seat "
                                            + " or ".join(map(str, state.to_move)))
            if not table.only_bots_besides(seat):
                raise errors.HintUnavailable("hints are given only when every other seat is a bot")
            view, version = state.view(seat), table.version
        # One search per table at a time: asking again and again cannot fill the worker threads.
        async with table.hint_lock:
            adviser = make_bot(self.hint_bot, table.game, seed=bot_seed(table.seed, f"hint {version}"))
            try:
                choice = await asyncio.to_thread(adviser.choose, view, sampler_for(state, seat))
            except (ValueError, RuntimeError) as exc:
                logger.exception("the hint bot failed at table %s", table.id)
                raise errors.InternalError(f"no suggestion: {type(exc).__name__}") from None
        return {"action": choice, "version": version}

    def record(self, table: Table) -> dict[str, Any]:
        if not table.state.is_over:
            raise errors.GameNotOver("the record is given once the game is over: it holds the seed, "
                                     "from which every hand could be dealt again")
        return table.state.record()

    # --- watching --------------------------------------------------------------------------------------
    async def subscribe(self, table: Table, seat: int | None) -> Subscriber:
        subscriber = Subscriber(seat)
        async with table.lock:   # the first view is queued before any later change can be
            table.subscribers.add(subscriber)
            subscriber.put({"type": "view", **table.payload(seat)})
        return subscriber

    def unsubscribe(self, table: Table, subscriber: Subscriber) -> None:
        table.subscribers.discard(subscriber)

    # --- changing a table ------------------------------------------------------------------------------
    def _commit(self, table: Table, new_state: State) -> None:
        """Write the new action list, then swap the state in and tell the watchers.

        Called under the table's lock. Deliberately synchronous: see the module docstring.
        """
        version = table.version + 1
        actions = [[actor, str(action)] for actor, action in new_state.history]
        try:
            self.store.save_progress(table.id, actions, version, new_state.is_over, table.version)
        except (SQLAlchemyError, StoreConflict):
            logger.exception("table %s could not be saved at version %d", table.id, version)
            raise errors.Unavailable("the table could not be saved; nothing was applied") from None
        table.state = new_state
        table.version = version
        table.broadcast()

    def _kick(self, table: Table) -> None:
        """Make sure a bot to move will move; the runner itself decides, under the lock, whether one is."""
        idle = table.runner is None or table.runner.done()
        if idle and table.bot_to_move() is not None and table.fault is None:
            table.runner = asyncio.get_running_loop().create_task(self._run_bots(table))

    async def _run_bots(self, table: Table) -> None:
        try:
            while True:
                async with table.lock:
                    seat = table.bot_to_move()
                    if seat is None:
                        table.runner = None
                        return
                    if len(table.state.history) >= table.state.info.max_actions:
                        table.fault = f"the game did not end within {table.state.info.max_actions} actions"
                        logger.error("table %s: %s", table.id, table.fault)
                        table.runner = None
                        return
                    snapshot, version = table.state, table.version
                    view = snapshot.view(seat)
                if self.bot_delay > 0:
                    await asyncio.sleep(self.bot_delay)
                choice = await asyncio.to_thread(self._choose, table, seat, view, snapshot)
                async with table.lock:
                    if table.version != version:
                        continue   # someone acted or undid meanwhile: think again on the new table
                    candidate = table.state.clone()
                    try:
                        candidate.apply(seat, choice)
                    except ValueError as exc:
                        logger.error("table %s: the %s bot in seat %d chose %r, refused (%s); playing at random",
                                     table.id, table.seats[seat].kind, seat, choice, exc)
                        candidate = table.state.clone()
                        candidate.apply(seat, random.Random(version).choice(view.legal_actions))
                    try:
                        self._commit(table, candidate)
                    except errors.Unavailable:
                        table.fault = "the database refused a bot's move"
                        table.runner = None
                        return
        except asyncio.CancelledError:
            raise
        except Exception:
            logger.exception("the bots of table %s stopped", table.id)
            table.fault = "a bot failed"
            table.runner = None

    def _choose(self, table: Table, seat: int, view: View, snapshot: State) -> str:
        """In a worker thread: the bot's choice, or a random legal one if the bot fails (a bug to report,
        but not a reason to stop the people at the table)."""
        try:
            return table.bots[seat].choose(view, sampler_for(snapshot, seat))
        except Exception:
            logger.exception("table %s: the %s bot in seat %d failed; playing at random",
                             table.id, table.seats[seat].kind, seat)
            return random.Random(table.version).choice(view.legal_actions)

