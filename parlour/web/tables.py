"""The live tables: the one authoritative ``State`` of each game, its seats, its bots and its watchers.

This is boardgame.io's master for Parlour. Every action names the version it was chosen against and is
refused with a typed error unless it is current, its seat is to move and the game allows it. Every
outgoing message is built from the receiving seat's ``view``, never from the state itself.

Three rules keep the state and the database in step:

* Nothing is changed in place. An action is applied to a clone; only once the database has the new
  action is the clone swapped in. A refused or unsaved action therefore leaves the table exactly as it
  was, and a state handed to a bot is never mutated under it.
* Every change happens under the table's lock, and between the database write and the swap there is no
  ``await``, so a cancelled task cannot leave the two apart.
* ``version`` counts changes (actions applied, undos, closing, a person's "Next deal"): it only grows, so an
  action chosen before an undo can never pass for one chosen after it. Every database write names the version
  it expects, so two server processes on one database apply each action once; the loser of a race catches up
  from the database and is told the table moved on (``StaleStateId``).

Seats: a person's seat is held by whoever has its credential. The creator's own seats ("human") get theirs
at once; a friend's ("open") seat gets an invitation, which the first browser to open it exchanges for the
credential (``claim``), so one link seats one person. The creator holds a host credential to give a seat a
new invitation (``reopen``) or to close the table. A credential is checked when a request arrives and again
under the table's lock as its act is applied (``_still_holds``), and the database checks it once more in the
same write (``Store.append_action``'s ``credential``), so a seat given away or left, in any process, is acted
for by its new holder alone; the old holder's sockets are dropped (``Table.put_out``).

Bots: random and heuristic bots answer in microseconds and move inline; searching bots think in the
``BotPool``'s worker processes under the server's ``BotLimits``, so a search holds up neither the event
loop nor other tables. Where several seats may act at once (a claim window, a race), the quickest bot by
its reaction time goes first; with a person among those seats it waits that time before acting, so a
person quicker than the bot gets in first, and the bot then thinks again on the new table. Only one
server process moves the bots (``Store.hold_bot_master``); the others learn of every change through the
database's notifications.

The pace of people (issue 38): a table where people sit holds each finished deal until every person seated has
said they have seen it (``TableManager.next_deal``, the page's "Next deal"), or, if the host set a pause
(``deal_pause``), until that many seconds have passed: meanwhile no bot plays and no person acts in the next
deal, which the state has already dealt (``Table.waiting_for``). What each person has seen is kept with their
seat (``seen``), written under the table's version like an action, so that a restarted server, or another
process on the database, waits for the same people; the pause's seconds run from when this process saw the
deal end (a restart starts them again). Where people sit, a bot racing them or answering a claim window with
them waits a person's time first (``parlour.bots.base.least_reaction``). Bots alone never wait.

The clock: a table may give people a number of seconds a move (``clock``); the deadline of the person to move is
stored with each action, so it survives a restart, and the process that moves the bots plays for a person whose
time ran out (``TableManager._time_out``, whose docstring says what it plays). Bots are never clocked.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import math
import random
import secrets
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from parlour.bots import bot_kinds, make_bot, sampler_for
from parlour.bots.base import PEER, first_to_act, least_reaction, reaction_time
from parlour.bots.kinds import SOLVED_GAMES, TOO_SLOW, installed, kinds_for, works_for
from parlour.bots.trick_claims import check_claim, claimable
from parlour.cards import Card
from parlour.engine import State, game_info, new_game
from parlour.engine.actions import Action, families_of
from parlour.engine.claims import ANSWERED, LATE, NO_CLAIM
from parlour.engine.deal_end import DealEnd, deal_ends, finish_deal
from parlour.engine.match import HandResult
from parlour.engine.registry import DEAL_OPTION
from parlour.engine.rules_page import action_help, move_guide
from parlour.errors import IllegalAction, OutOfTurn
from parlour.web import errors
from parlour.web.botpool import BotJob, BotLimits, BotPool, is_quick, move_seed
from parlour.web.hand_records import HandRecords, bridge_hands
from parlour.web.store import (
    CHAT_LENGTH,
    EVERY_TABLE,
    HUMAN,
    NAME_LENGTH,
    OPEN,
    PEOPLE,
    SeatRevoked,
    Store,
    StoreConflict,
    StoredSeat,
    StoredTable,
    Unreadable,
    token_hash,
)

logger = logging.getLogger("parlour.web")

HINT_BOT = "ismcts:0.5s"
MAX_ACTION_TEXT = 200
MAX_OPTIONS_JSON = 100_000
# A watcher that falls this far behind gets only the newest view: each one is complete in itself.
MAX_BACKLOG = 64
IDLE_HOURS = 12.0          # a table nobody touched for this long leaves the lobby's listing
MASTER_CHECK = 2.0         # seconds between a process's attempts to become the one that moves the bots
EVICT_EVERY = 60.0         # seconds between sweeps of finished tables out of memory
VIEW_PREFIX = '{"type":"view",'   # how every pushed view begins: a newer one replaces it in an outbox
CHAT_BURST, CHAT_WINDOW = 5, 10.0   # a seat says at most this many messages in this many seconds
WRITE_BURST, WRITE_WINDOW = 5, 10.0   # and renames itself (or a host gives new invitations) as often
CHAT_KEPT = 100            # chat messages a page is given when it opens
BOT_NAMES = {"random": "Random bot", "heuristic": "Heuristic bot", "ismcts": "IS-MCTS bot", "solver": "Solver bot",
             "rollout": "Rollout bot", "pimc": "PIMC bot", "openspiel-ismcts": "OpenSpiel bot",
             "easy": "Easy bot", "medium": "Medium bot", "strong": "Strong bot", "expert": "Expert bot"}
BOT_STRENGTHS = {"ismcts:200": "easy", "ismcts:2s": "hard"}     # the lobby's named strengths
CLOCK_RANGE = (5, 3600)    # the seconds a move a table's clock may give a person
CLOCK_TICK = 0.2           # seconds between looks at the clocks of the tables in play
# A clock gives the first move of a deal this much more where the host set no pause: the table waits for every
# person's Next deal, the last of which starts the clock again, and this is the time there is should the wait
# end otherwise (the person waited for leaves the table).
DEAL_END_PAUSE = 8.0
CLOCK_BOT = "heuristic"    # what plays for a person whose time ran out
DEAL_PAUSE_RANGE = (3, 120)   # the seconds a host may have a finished deal shown among people
DETAILS = ("options", "variant", "guide")   # what a table's description tells beyond the lobby's listing


# The double-dummy tables of finished bridge deals, for their hand records: one worker thread for the process.
HAND_RECORDS = HandRecords()


def why_not(name: str, game_id: str) -> str:
    """Why a bot kind (its name, no setting) does not play a game here, in words (``parlour.bots.kinds``)."""
    if game_id in TOO_SLOW.get(name, ()):
        return "it takes far too long a move in this game"
    if name == "pimc":
        return "it plays only trick games whose tricks have a stated worth"
    if name == "solver" and game_id not in SOLVED_GAMES:
        return "it solves only " + ", ".join(game_info(solved).name for solved in SOLVED_GAMES)
    if name == "solver":
        return "it needs scipy, which this server lacks (pip install 'parlour[solver]')"
    if name == PEER and not (installed("pyspiel") and installed("open_spiel")):
        return "it needs OpenSpiel, which this server lacks (pip install 'parlour[openspiel]')"
    return "it is not offered for this game"


def bot_name(kind: str) -> str:
    """A bot seat's short name, by its kind, to fit a column of the table: "Medium bot", "Heuristic bot",
    "IS-MCTS hard", "IS-MCTS 500". A heuristic's setting is only how quickly it reacts, so it is not named.
    Two seats of one name are told apart by the page, with a seat letter ("Medium bot B")."""
    family, _, strength = kind.partition(":")
    name = BOT_NAMES.get(family, f"{family} bot")
    words = BOT_STRENGTHS.get(kind)
    if words is None and strength and family != "heuristic":
        words = strength if strength.isdigit() else f"{strength[:-1]} s" if strength.endswith("s") else strength
    return f"{name.removesuffix(' bot')} {words}" if words else name


def person_name(raw: str | None) -> str | None:
    """The name a person gave, trimmed; refused unless it is 1 to ``NAME_LENGTH`` printable characters
    (no control characters, no line breaks), so that every page can show it on one line."""
    if raw is None:
        return None
    name = raw.strip()
    if not 1 <= len(name) <= NAME_LENGTH:
        raise errors.MalformedRequest(f"a name is 1 to {NAME_LENGTH} characters once trimmed; this one has "
                                      f"{len(name)}")
    if not name.isprintable():
        raise errors.MalformedRequest("a name may hold only printable characters: no control characters or "
                                      "line breaks")
    return name


def _now() -> datetime:
    return datetime.now(UTC)


def clock_seconds(raw: int | None) -> int | None:
    """A table's seconds a move, or ``None`` for no clock; refused outside ``CLOCK_RANGE``, naming it."""
    low, high = CLOCK_RANGE
    if raw is not None and not low <= raw <= high:
        raise errors.MalformedRequest(f"a clock gives {low} to {high} seconds a move; {raw} is outside them")
    return raw


def deal_pause_seconds(raw: int | None) -> int | None:
    """The host's seconds a finished deal is shown among people, or ``None`` (until each has said they have
    seen it); refused outside ``DEAL_PAUSE_RANGE``, naming it."""
    low, high = DEAL_PAUSE_RANGE
    if raw is not None and not low <= raw <= high:
        raise errors.MalformedRequest(f"a pause at a deal's end is {low} to {high} seconds (or none, to wait for "
                                      f"everyone's Next deal); {raw} is outside them")
    return raw


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


class Subscriber:
    """One websocket's outbox: messages (JSON text) queued in order and sent by a single task, so that two
    updates can never be written to the socket at once or out of order.

    The outbox is bounded, since a client that stops reading must not grow the server's memory: a view is
    complete in itself, so a new one replaces any view still waiting, and a watcher with more than
    ``MAX_BACKLOG`` other messages waiting has fallen behind and is dropped (``TooSlow``). A dropped watcher
    (``drop``: its seat reopened or left, its table closed, or too slow) is told why and closed by its
    socket's handler, which stops waiting for it after ``FAREWELL_SECONDS`` whether or not the client reads.
    """

    def __init__(self, seat: int | None, credential: str | None = None) -> None:
        self.seat = seat
        self.credential = credential          # the digest it was let in with: a reopened seat puts it out
        self._outbox: deque[str] = deque()
        self._ready = asyncio.Event()         # set while the outbox holds something, or once dropped
        self.dropped: errors.ApiError | None = None

    def put(self, message: str, *, is_view: bool = False) -> None:
        if self.dropped is not None:
            return
        if is_view:
            self._outbox = deque(waiting for waiting in self._outbox if not waiting.startswith(VIEW_PREFIX))
        elif len(self._outbox) >= MAX_BACKLOG:
            self.drop(errors.TooSlow(f"this connection fell more than {MAX_BACKLOG} messages behind; "
                                     "connect again for the table as it is now"))
            return
        self._outbox.append(message)
        self._ready.set()

    def put_error(self, error: errors.ApiError) -> None:
        self.put(_dumps({"type": "error", **error.to_dict()}))

    def drop(self, error: errors.ApiError) -> None:
        """Stop serving this watcher: what is queued, then ``error``, is all it will be sent."""
        if self.dropped is None:
            self._outbox.append(_dumps({"type": "error", **error.to_dict()}))
            self.dropped = error
            self._ready.set()

    async def next(self) -> str | None:
        """The next message to send; ``None`` once a dropped watcher's last message has been taken."""
        while not self._outbox:
            if self.dropped is not None:
                return None
            self._ready.clear()
            await self._ready.wait()
        return self._outbox.popleft()


@dataclass
class Seat:
    seat: int
    kind: str
    token_hash: str | None = None      # the holder's credential
    invite_hash: str | None = None     # the current invitation of a friend's seat
    name: str | None = None            # the holder's name, as they gave it
    seen: int = 0                      # the deals whose end its person has seen (said "Next deal")

    @property
    def is_bot(self) -> bool:
        return self.kind not in PEOPLE

    @property
    def shown_name(self) -> str | None:
        """What the table calls this seat: a bot by its kind, a person by their name (none if not given)."""
        return bot_name(self.kind) if self.is_bot else self.name

    @property
    def taken(self) -> bool | None:
        """Whether someone holds this person's seat; ``None`` for a bot's."""
        return None if self.is_bot else self.token_hash is not None

    def public(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "taken": self.taken, "name": self.shown_name}


@dataclass
class Table:
    """One game being played, and who sits where."""

    id: str
    state: State
    seats: list[Seat]
    created: datetime
    version: int = 0
    closed: bool = False
    private: bool = False
    stacked: bool = False          # the creator chose the seed or the deal
    guide: bool = False            # a guided first deal: the page explains each new kind of move
    host_hash: str | None = None
    last_active: datetime | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    hint_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    runner: asyncio.Task[None] | None = None
    subscribers: set[Subscriber] = field(default_factory=set)
    fault: str | None = None       # why the bots stopped, if they did
    moved: asyncio.Event = field(default_factory=asyncio.Event)   # set by every change: a waiting bot wakes
    sheet: DealSheet | None = None    # the finished deals' totals and the latest one's end, once worked out
    _built: dict[int | None, str] = field(default_factory=dict)   # payload text by seat, for `_built_at`
    writes: dict[tuple[str, int | None], list[float]] = field(default_factory=dict)  # (what, seat) -> when, lately
    _built_at: int = -1
    clock: int | None = None          # seconds a move for people; None: no clock
    deadline: datetime | None = None  # when the people to move run out of time (None: no person is clocked)
    rematch: str | None = None        # the table the host started as this one's rematch
    clock_moves: dict[int, ClockMove] = field(default_factory=dict)   # position -> a move the clock played
    deal_pause: int | None = None     # seconds a finished deal is held among people; None: until each says
    held_since: datetime | None = None   # when this process saw the latest deal end (the pause runs from it)
    pause_told: bool = False          # a payload told of a hold: the clocks' watcher tells when it ends
    now: Callable[[], datetime] = _now   # the manager's time source

    @property
    def game(self) -> str:
        return self.state.info.id

    @property
    def seed(self) -> int:
        return self.state.seed or 0

    @property
    def status(self) -> str:
        return "closed" if self.closed else "over" if self.state.is_over else "playing"

    @property
    def finished(self) -> bool:
        """Over or closed: nothing will change, and the seed may be shown."""
        return self.closed or self.state.is_over

    def take_write(self, key: tuple[str, int | None], burst: int, window: float, what: str) -> None:
        """Count one write of a kind (``key``: what, and by which seat) or refuse it (``TooManyRequests``) if
        ``burst`` were already made in the last ``window`` seconds: every write a visitor can repeat is
        limited, since each one is stored and pushed to every watcher."""
        now = asyncio.get_running_loop().time()
        recent = [moment for moment in self.writes.get(key, []) if now - moment < window]
        if len(recent) >= burst:
            raise errors.TooManyRequests(f"at most {burst} {what} in {window:g} s; wait a moment",
                                         retry_after=math.ceil(window - (now - recent[0])))
        self.writes[key] = [*recent, now]

    def public_options(self) -> dict[str, Any]:
        """The options without a prepared deal, which would show every hand."""
        return {name: value for name, value in self.state.options.items() if name != DEAL_OPTION}

    @property
    def has_people(self) -> bool:
        """Whether any seat is a person's (held or waiting for its friend): its bots' moves are awaited."""
        return any(not s.is_bot for s in self.seats)

    def only_bots_besides(self, seat: int) -> bool:
        return all(s.is_bot for s in self.seats if s.seat != seat)

    def bot_to_move(self) -> int | None:
        """A bot among the seats to move, if any (which one acts first is ``next_bot``'s to say)."""
        if self.closed:
            return None
        return next((seat for seat in self.state.to_move if self.seats[seat].is_bot), None)

    def waiting_for(self, now: datetime) -> list[int]:
        """The people's seats the table waits for at the end of a deal before the next is played: each seat a
        person holds whose "Next deal" has not come for the latest deal, while the game goes on, that deal
        had a moment of its own (one thrown in as it was dealt shows no end to see) and the host's pause, if
        set, has not run out. Empty where no one is waited for (always, at a table of bots alone)."""
        deals = len(self.state.hand_results)
        if deals == 0 or self.finished or not self.has_people:
            return []
        hold = self.hold_seconds
        if hold is not None and self.held_since is not None and now >= self.held_since + timedelta(seconds=hold):
            return []
        waiting = [s.seat for s in self.seats if s.taken and s.seen < deals]
        if not waiting:
            return []
        last = self.deal_sheet().last
        return waiting if last is not None and last.number == deals else []

    @property
    def hold_seconds(self) -> float | None:
        """How long a finished deal is held at most: the host's pause; without one, at a clocked table where
        several people sit, the clock's seconds and the usual pause (a person silent on the deal's sheet holds
        the others no longer than a silent move would); otherwise until each person's "Next deal"."""
        if self.deal_pause is not None:
            return self.deal_pause
        if self.clock and sum(not s.is_bot for s in self.seats) > 1:
            return self.clock + DEAL_END_PAUSE
        return None

    def pause_shown(self) -> dict[str, Any] | None:
        """The hold at a deal's end, as every seat may know it: the deal (``deal``, its number), the seats
        still to say "Next deal" (``waiting``), the host's ``seconds`` (none: until everyone has said it) and
        when they run out (``until``, UTC); ``None`` while the table plays on."""
        waiting = self.waiting_for(self.now())
        if not waiting:
            return None
        self.pause_told = True
        hold = self.hold_seconds
        until = None if hold is None or self.held_since is None \
            else (self.held_since + timedelta(seconds=hold)).isoformat()
        return {"deal": len(self.state.hand_results), "waiting": waiting, "seconds": hold, "until": until}

    def next_bot(self, now: datetime | None = None) -> tuple[int, float] | None:
        """The bot to act next and the seconds it waits first; none while the table waits at a deal's end
        (``waiting_for``). Alone to move, it acts at once. Where several seats may act, each bot gives its
        reaction time for its view and the quickest goes (equal times by the table's seeded chance, never by
        seat order); where people sit, each time begins with a person's (``least_reaction``: a race's or a
        claim window's, by the bot's pace). It waits its time only if a person is among those seats, whose
        action may then come first."""
        seat = self.bot_to_move()
        if seat is not None and self.waiting_for(self.now() if now is None else now):
            return None
        to_move = self.state.to_move
        if seat is None or len(to_move) == 1:
            return None if seat is None else (seat, 0.0)
        rng = random.Random(move_seed(self.seed, -1, self.version, "race"))
        times = {s: reaction_time(make_bot(self.seats[s].kind, self.game), self.state.view(s), rng)
                 for s in to_move if self.seats[s].is_bot}
        if self.has_people:
            window = any(NO_CLAIM in self.state.legal_actions(s) for s in to_move)
            times = {s: drawn + least_reaction(self.seats[s].kind, window=window) for s, drawn in times.items()}
        seat = first_to_act(times, rng)
        return seat, times[seat] if any(not self.seats[s].is_bot for s in to_move) else 0.0

    def can_undo(self, seat: int | None) -> bool:
        return (seat is not None and not self.finished and self.only_bots_besides(seat)
                and any(actor == seat for actor, _ in self.state.history))

    def can_claim(self, seat: int | None) -> bool:
        """Whether ``seat`` may claim the rest of the deal's tricks now (``parlour.bots.trick_claims``)."""
        return not self.finished and claimable(self.state, seat)

    def can_hint(self, seat: int | None) -> bool:
        """Hints, like undo, only where no other person sits at the table: a hint is a strong player's
        advice, which would be unfair against friends."""
        return (seat is not None and not self.closed and seat in self.state.to_move
                and self.only_bots_besides(seat))

    def payload_text(self, seat: int | None) -> str:
        """What a seat (or a spectator, ``None``) is told, as JSON: built from its view and public facts
        only, once per seat and version however many sockets and requests ask for it."""
        if self._built_at != self.version:
            self._built, self._built_at = {}, self.version
        text = self._built.get(seat)
        if text is None:
            text = self._built[seat] = _dumps(self._payload(seat))
        return text

    def _payload(self, seat: int | None) -> dict[str, Any]:
        state = self.state
        view = state.view(seat).fields()
        choices = hand_choices(state, seat, view)
        return {
            "table_id": self.id,
            "version": self.version,
            "seat": seat,
            "status": self.status,
            "view": view,
            "hand_choices": choices,
            "reasons": card_refusals(state, seat, view, choices),
            "help": action_helps(state, seat, move_guide if self.guide else action_help),
            "families": families_of(state.legal_actions(seat)) if seat in state.to_move else {},
            "labels": state.action_labels(seat) if seat in state.to_move else {},
            "hand_results": self.deal_sheet().results(),
            "deal_end": self.deal_end(seat, view),
            "result": state.result().to_dict() if state.is_over else None,
            "can_undo": self.can_undo(seat),
            "can_hint": self.can_hint(seat),
            "claimable": self.can_claim(seat),
            "seat_names": list(game_info(self.game).seat_names),
            "game_name": game_info(self.game).name,
            "names": [s.shown_name for s in self.seats],
            "lowest_score_wins": state.info.lowest_score_wins,
            "clock": self.clock_shown(seat),
            "rematch": self.rematch_for(seat),
            "guide": self.guide,
            "pause": self.pause_shown(),
        }

    def deal_end(self, seat: int | None, view: dict[str, Any]) -> dict[str, Any] | None:
        """The latest finished deal as ``seat`` saw it end (``DealSheet.shown``), with the double-dummy table
        of its hand record where it is a bridge deal (``hand_records``): worked out in a thread on first asking,
        the payload pushed again when it is ready (``double_dummy`` absent meanwhile; null where DDS is not
        installed, so none will come). ``view``: the seat's view now, the deal's end once the game is over."""
        end = self.deal_sheet().shown(seat)
        if end is None:
            return None
        ended: dict[str, Any] | None = end["view"] if end["view"] is not None else (
            view if self.state.is_over else None)
        hands = None if ended is None else bridge_hands(ended)
        if hands is None or ended is None:
            return end
        if not HAND_RECORDS.installed:
            return {**end, "double_dummy": None}        # none to come: DDS is not installed here
        record = HAND_RECORDS.get(hands, [s.get("team") for s in ended["seats"]], self._record_ready)
        return {**end, "double_dummy": record} if record is not None else end

    def _record_ready(self) -> None:
        """A hand record's double-dummy table is known: the payloads built without it are built again."""
        self._built_at = -1
        self.broadcast()

    def clocked(self, state: State) -> set[int]:
        """The people's seats among those to move in ``state``: the seats a clock runs for."""
        return set() if self.clock is None else {s for s in state.to_move if not self.seats[s].is_bot}

    def clock_shown(self, seat: int | None) -> dict[str, Any] | None:
        """The clock as ``seat`` may see it: its seconds a move, the deadline of the people to move (an
        absolute UTC time, so that a page counts down by its own clock) with the seats it runs for, and the
        moves it played that the seat's log shows, each with the log line it follows."""
        if self.clock is None:
            return None
        news = (move.told(self.state, seat) for _, move in sorted(self.clock_moves.items()))
        return {"seconds": self.clock, "deadline": None if self.deadline is None else self.deadline.isoformat(),
                "seats": sorted(self.clocked(self.state)) if self.deadline is not None else [],
                "news": [told for told in news if told is not None]}

    def deadline_after(self, actor: int | None, before: State, after: State, now: datetime) -> datetime | None:
        """The people's deadline once ``actor`` (``None``: an undo) has taken ``before`` to ``after``. A
        person's time runs from when they became to move: an action by someone else that leaves them to move
        (a bot's answer to a claim window they are in, the other half of a simultaneous choice) keeps the
        deadline. The first move of a new deal has the host's pause more (``DEAL_END_PAUSE`` without one); where
        the table waits for everyone's "Next deal", the last one starts the time again (``next_deal``)."""
        people = self.clocked(after)
        if not people or after.is_over or self.closed:
            return None
        new_deal = len(after.hand_results) > len(before.hand_results)
        if (self.deadline is not None and actor is not None and actor not in people
                and people <= self.clocked(before) and not new_deal):
            return self.deadline
        pause = DEAL_END_PAUSE if self.deal_pause is None else self.deal_pause
        return now + timedelta(seconds=self.clock or 0) + timedelta(seconds=pause if new_deal else 0)

    def shown_name(self, seat: int) -> str:
        return self.seats[seat].shown_name or f"seat {seat}"

    def rematch_for(self, seat: int | None) -> dict[str, Any] | None:
        """The host's rematch as ``seat`` may know it: the new table's address for all, and for a person
        holding a seat here the address of their own seat there, which they take with this seat's credential
        (``TableManager.join_rematch``). No link in it is a credential: the database keeps none to show."""
        if self.rematch is None:
            return None
        told: dict[str, Any] = {"table_id": self.rematch, "url": f"/table/{self.rematch}"}
        if seat is not None and self.seats[seat].taken:
            told.update(seat=seat, seat_url=f"/table/{self.rematch}?seat={seat}")
        return told

    def deal_sheet(self) -> DealSheet:
        """The finished deals' sheet for the state as it is: kept while the state's results are the ones it
        was made for (``_append`` extends it as a deal ends), made again by a replay otherwise (a table
        loaded, caught up or rewound)."""
        if self.sheet is None or self.sheet.made_for is not self.state.hand_results:
            self.sheet = DealSheet.replayed(self.state)
        return self.sheet

    def describe(self) -> dict[str, Any]:
        state = self.state
        return {"table_id": self.id, "game": self.game, "players": state.players, "variant": state.variant,
                "options": self.public_options(), "seats": [s.public() for s in self.seats],
                "version": self.version, "is_over": state.is_over, "status": self.status, "private": self.private,
                "stacked": self.stacked, "guide": self.guide, "created": self.created.isoformat(),
                "last_active": (self.last_active or self.created).isoformat()}

    def broadcast(self) -> None:
        """Queue the current view for every watcher, each built for the watcher's own seat (every change
        of the table comes here, so this is also where a bot waiting to react is woken)."""
        self.moved.set()
        for subscriber in self.subscribers:
            subscriber.put(VIEW_PREFIX + self.payload_text(subscriber.seat)[1:], is_view=True)

    def announce_seats(self, news: str | None = None) -> None:
        """Tell every watcher who now holds which seat (a claim or a reopening changes no version, so no
        view is pushed for it): the host's invitation panel shows it at once, and ``news`` (someone left)
        is said at the table. The payloads built at this version hold the old names: built again."""
        self._built_at = -1
        message = _dumps({"type": "seats", "table_id": self.id, "seats": [s.public() for s in self.seats],
                          **({"news": news} if news else {})})
        for subscriber in self.subscribers:
            subscriber.put(message)

    def announce_rematch(self) -> None:
        """Tell every watcher of the rematch, each as its seat may know it (``rematch_for``): no version
        changes for it, so the payloads built at this one are built again."""
        self._built_at = -1
        for subscriber in self.subscribers:
            subscriber.put(_dumps({"type": "rematch", "table_id": self.id,
                                   "rematch": self.rematch_for(subscriber.seat)}))

    def put_out(self, seat: int, error: errors.ApiError) -> None:
        """Drop the watchers of a seat whose credential changed: each is told why and its socket closed,
        whether or not its client reads. (A closed table keeps its seats' sockets: nothing can be done there,
        every act being refused, and they carry the news of the host's rematch.)"""
        for subscriber in list(self.subscribers):
            if subscriber.seat == seat and subscriber.credential != self.seats[seat].token_hash:
                subscriber.drop(error)
                self.subscribers.discard(subscriber)


@dataclass(frozen=True)
class ClockMove:
    """A move the clock played for a person out of time, as the log tells it: its words, and where they go
    in each seat's log (after the lines that seat's log held just after the move). The places hold while the
    log shows the deal the move was made in; once that deal has shrunk to its result's line, it is not told."""

    text: str
    deal: int                          # the deal the log showed just after the move (``shown_deal``)
    lines: dict[int | None, int]       # seat (None: a spectator) -> its log's length just after the move

    @classmethod
    def after(cls, state: State, name: str) -> ClockMove:
        """The clock's move: the last action of ``state``, made for the person called ``name``."""
        return cls(timeout_news(name, state.history[-1][1]), shown_deal(state),
                   {seat: len(state.view(seat).log) for seat in (*range(state.players), None)})

    def told(self, state: State, seat: int | None) -> dict[str, Any] | None:
        return {"line": self.lines[seat], "text": self.text} if shown_deal(state) == self.deal else None


def shown_deal(state: State) -> int:
    """How many deals' results a view's log begins with (one line each), before the deal it shows in full."""
    return len(state.hand_results) - (1 if state.is_over and state.hand_results else 0)


@dataclass
class DealSheet:
    """What a table tells of its finished deals besides their results (issue 17's score sheet): the totals
    each deal left, taken where it ended (before the next deal's antes or stakes), and the latest deal as it
    ended, so that a page can pause on it: each seat's view at that moment, and who took its last trick."""

    made_for: tuple[HandResult, ...]       # the state's ``hand_results`` (the very tuple) it describes
    totals: list[list[int] | None]         # by deal; None for a deal with no moment of its own
    last: DealEnd | None
    taker: int | None = None               # who took the latest deal's last trick, where that is known
    views: dict[int | None, dict[str, Any]] = field(default_factory=dict)

    @classmethod
    def replayed(cls, state: State) -> DealSheet:
        totals: dict[int, list[int]] = {}
        last = None
        for end in deal_ends(state):
            totals[end.number] = list(end.after.scores())
            last = end
        numbers = range(1, len(state.hand_results) + 1)
        taker = None if last is None else trick_taker(last.before, last.after)
        return cls(state.hand_results, [totals.get(n) for n in numbers], last, taker)

    def extended(self, before: State, seat: int, notation: str, now: State) -> DealSheet:
        """The sheet after ``seat``'s action ``notation`` took ``before`` to ``now``: the same sheet, or with
        the deal it ended added, at the cost of one clone."""
        if now.hand_results is before.hand_results or self.made_for is not before.hand_results:
            return self
        after = finish_deal(before, seat, notation)
        number = len(after.hand_results)
        if number != len(now.hand_results):          # a further deal ended as it was dealt: replay it all
            return DealSheet.replayed(now)
        return DealSheet(now.hand_results, [*self.totals, list(after.scores())], DealEnd(number, before, after),
                         trick_taker(before, after))

    def results(self) -> list[dict[str, Any]]:
        """Each finished deal's result, with the totals it left (``totals``, where known)."""
        pairs = zip(self.made_for, self.totals, strict=True)
        return [{**result.to_dict(), "totals": totals} for result, totals in pairs]

    def shown(self, seat: int | None) -> dict[str, Any] | None:
        """The latest finished deal as ``seat`` saw it end: its number, who took its last trick (where its
        seats count tricks and the last action took one) and, while the game goes on, the seat's view of that
        moment; none before a deal has ended."""
        last = self.last
        if last is None or last.number != len(self.made_for):
            return None
        over = not last.after.halted
        if seat not in self.views and not over:
            # A halted state has no one to move, which its view would read as the game's end: it is not.
            self.views[seat] = {**last.after.view(seat).fields(), "is_over": False}
        return {"number": last.number, "trick_taker": self.taker, "view": None if over else self.views[seat]}


def trick_taker(before: State, after: State) -> int | None:
    """The seat that took the trick the last action completed, from public facts alone: the one seat whose
    count of tricks went up by one (none where the seats count no tricks, or no trick was taken)."""
    then = [facts.get("tricks") for facts in before.view(None).fields()["seats"]]
    now = [facts.get("tricks") for facts in after.view(None).fields()["seats"]]
    changed = [s for s, (a, b) in enumerate(zip(then, now, strict=True)) if a != b]
    if len(changed) == 1 and isinstance(then[changed[0]], int) and now[changed[0]] == then[changed[0]] + 1:
        return changed[0]
    return None


@dataclass
class Created:
    """A new table and the secrets its creator is given once: seat credentials, invitations, host."""

    table: Table
    tokens: dict[int, str]
    invites: dict[int, str]
    host_token: str


class TableManager:
    """Every live table of one server, and the only code that changes them."""

    def __init__(self, store: Store, *, bot_delay: float = 0.0, hint_bot: str = HINT_BOT,
                 limits: BotLimits | None = None, bot_workers: int = 2, idle_hours: float = IDLE_HOURS,
                 now: Callable[[], datetime] = _now, bot_tables_per_client: int = 0) -> None:
        self.store = store
        self.bot_tables_per_client = bot_tables_per_client   # 0: no bound
        self.now = now          # the clock's time source (tests move it on rather than wait)
        self.bot_delay = bot_delay
        self.hint_bot = hint_bot
        self.limits = limits or BotLimits()
        self.pool = BotPool(bot_workers, self.limits)
        self.idle = timedelta(hours=idle_hours)
        self.tables: dict[str, Table] = {}
        self.set_aside: dict[str, str] = {}     # table id -> why its rows cannot be read
        self.moves_bots = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._keeper: asyncio.Task[None] | None = None
        self._clocks: asyncio.Task[None] | None = None
        self._listener: Any = None
        self._syncs: set[asyncio.Task[None]] = set()

    # --- starting and stopping ------------------------------------------------------------------------
    async def start(self) -> None:
        """Rebuild every table in play by replaying its actions, then let waiting bots move."""
        self._loop = asyncio.get_running_loop()
        self.store.sender = secrets.token_hex(8)
        for table_id in self.store.live_ids():
            self._load(table_id)
        self._listener = self.store.listener(self._heard)
        self.moves_bots = self.store.hold_bot_master()
        for table in self.tables.values():
            self._kick(table)
        self._keeper = asyncio.create_task(self._keep())
        self._clocks = asyncio.create_task(self._watch_clocks())

    async def stop(self) -> None:
        if self._listener is not None:     # first, so that no news from other processes starts new work
            self._listener.stop()
            self._listener = None
        tasks = [t.runner for t in self.tables.values() if t.runner is not None] + list(self._syncs)
        tasks += [task for task in (self._keeper, self._clocks) if task is not None]
        for task in tasks:
            task.cancel()
        await self.pool.close()
        await asyncio.gather(*tasks, return_exceptions=True)
        for table in self.tables.values():
            table.runner = None

    def _load(self, table_id: str) -> Table | None:
        """The table from the database, kept in memory; a damaged one is set aside, logged once."""
        try:
            stored = self.store.load(table_id)
            if stored is None:
                return None
            table = self._restore(stored)
        except Unreadable as exc:
            self._set_aside(table_id, str(exc))
            return None
        except SQLAlchemyError as exc:
            logger.error("table %s cannot be read from the database: %s", table_id, exc)
            raise errors.Unavailable("the database cannot be read; try again") from None
        self.tables[table.id] = table
        self.set_aside.pop(table_id, None)
        return table

    def _set_aside(self, table_id: str, reason: str) -> None:
        if table_id not in self.set_aside:
            logger.error("table %s is set aside: %s", table_id, reason)
        self.set_aside[table_id] = reason
        self.tables.pop(table_id, None)

    def _restore(self, stored: StoredTable) -> Table:
        """A live table from its rows, checked for consistency: a row that could not have been written by
        this server raises ``Unreadable`` naming what is wrong."""
        self._check_seats(stored)
        try:
            state = new_game(stored.game, players=stored.players, variant=stored.variant, seed=stored.seed,
                             **stored.options)
        except Exception as exc:   # a game's own checks of options it never wrote
            raise Unreadable(f"its game cannot be set up ({exc})") from None
        seats = [Seat(s.seat, s.kind, s.token_hash, s.invite_hash, s.name, s.seen) for s in stored.seats]
        clock_moves = {}
        for number, (seat, notation) in enumerate(stored.actions, 1):
            try:
                state.apply(seat, notation)
            except Exception as exc:
                raise Unreadable(f"action {number} (seat {seat}: {notation!r}) cannot be replayed: {exc}") from None
            if number - 1 in stored.by_clock:
                clock_moves[number - 1] = ClockMove.after(state, seats[seat].shown_name or f"seat {seat}")
        if stored.version != len(stored.actions) + stored.rewound or stored.rewound < 0:
            raise Unreadable(f"its version {stored.version} disagrees with its {len(stored.actions)} actions "
                             f"and {stored.rewound} changes that added none")
        if stored.is_over != state.is_over:
            raise Unreadable("its 'over' mark disagrees with its actions")
        return Table(id=stored.id, state=state, created=stored.created, version=stored.version,
                     closed=stored.closed, private=stored.private, stacked=stored.stacked, guide=stored.guide,
                     host_hash=stored.host_hash,
                     last_active=stored.last_active, clock=stored.clock, deadline=stored.deadline,
                     rematch=stored.rematch, clock_moves=clock_moves, seats=seats, deal_pause=stored.deal_pause,
                     held_since=self.now(), now=self.now)

    def _check_seats(self, stored: StoredTable) -> None:
        if [s.seat for s in stored.seats] != list(range(stored.players)):
            raise Unreadable(f"its seats are {[s.seat for s in stored.seats]}, not 0 to {stored.players - 1}")
        for seat in stored.seats:
            if seat.kind == HUMAN and seat.token_hash is None:
                raise Unreadable(f"person's seat {seat.seat} has no credential")
            if seat.kind == OPEN and seat.token_hash is None and seat.invite_hash is None:
                raise Unreadable(f"friend's seat {seat.seat} has neither a credential nor an invitation")
            if seat.kind not in PEOPLE:
                try:
                    self.limits.check(seat.kind, stored.game)
                except ValueError as exc:
                    raise Unreadable(f"seat {seat.seat}: {exc}") from None

    # --- looking up ------------------------------------------------------------------------------------
    def get(self, table_id: str) -> Table:
        """A table by id: from memory, or from the database (made by another process, or finished and
        swept out of memory)."""
        table = self.tables.get(table_id)
        if table is None and table_id not in self.set_aside and len(table_id) <= 32:
            table = self._load(table_id)
            if table is not None:
                self._kick(table)
        if table is None:
            if table_id in self.set_aside:
                raise errors.TableUnavailable(f"table {table_id!r} cannot be read from the database and is set "
                                              f"aside: {self.set_aside[table_id]}")
            raise errors.NotFound(f"no table {table_id!r}")
        return table

    def listing(self) -> list[dict[str, Any]]:
        """The lobby's tables: public, in play, and touched within the idle time, newest first."""
        try:
            stored = self.store.listing(active_since=_now() - self.idle)
        except SQLAlchemyError:
            logger.exception("the tables cannot be listed")
            raise errors.Unavailable("the tables cannot be listed; try again") from None
        rows = []
        for row in stored:
            if row.id in self.set_aside:      # its rows read, but its actions do not replay
                continue
            live = self.tables.get(row.id)
            if live is not None:
                description = live.describe()
                rows.append({key: value for key, value in description.items() if key not in DETAILS})
                continue
            rows.append({"table_id": row.id, "game": row.game, "players": row.players,
                         "seats": [Seat(s.seat, s.kind, s.token_hash, s.invite_hash, s.name).public()
                                   for s in row.seats],
                         "version": row.version, "is_over": row.is_over, "status": "playing",
                         "private": row.private, "stacked": row.stacked, "created": row.created.isoformat(),
                         "last_active": (row.last_active or row.created).isoformat()})
        return rows

    def authorize(self, table: Table, seat: int, token: str | None) -> str:
        """Refuse unless ``token`` is the seat's credential; answers its digest. Bots' seats admit no one."""
        self._check_seat_number(table, seat)
        if table.seats[seat].is_bot:
            raise errors.Unauthorized(f"seat {seat} is played by a bot")
        if not token:
            raise errors.Unauthorized(f"seat {seat}'s token is needed (header X-Seat-Token)")
        digest = token_hash(token)
        if not self._holds(table, seat, digest):
            if self.store.notifies:
                self._catch_up(table)      # another process may have seated them a moment ago
            if not self._holds(table, seat, digest):
                if table.seats[seat].token_hash is None:
                    raise errors.Unauthorized(f"seat {seat} has not been claimed: open its invitation link")
                raise errors.Unauthorized(f"that is not seat {seat}'s token")
        return digest

    @staticmethod
    def _holds(table: Table, seat: int, digest: str) -> bool:
        expected = table.seats[seat].token_hash
        return expected is not None and hmac.compare_digest(digest, expected)

    def _still_holds(self, table: Table, seat: int, credential: str) -> None:
        """Refuse, under the table's lock, a credential that ``authorize`` let in but that no longer holds the
        seat (reopened or left while the request waited for the lock), so nothing is done in its name."""
        if not self._holds(table, seat, credential):
            raise errors.SeatReopened(f"seat {seat} is no longer held by this credential: it was given to "
                                      "someone else or left")

    def _lost_seat(self, table: Table, seat: int) -> None:
        """The database refused a seat's change: another process reseated it first. Catch up and say so."""
        self._catch_up(table)
        raise errors.SeatReopened(f"seat {seat} was given to someone else or left meanwhile; nothing was changed")

    @staticmethod
    def _check_seat_number(table: Table, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.seats):
            raise errors.MalformedRequest(f"no seat {seat!r}: seats are 0 to {len(table.seats) - 1}")

    def authorize_host(self, table: Table, host_token: str | None) -> None:
        if table.host_hash is None:
            raise errors.Unauthorized("this table has no host")
        if not host_token:
            raise errors.Unauthorized("the table's host token is needed (header X-Host-Token)")
        if not hmac.compare_digest(token_hash(host_token), table.host_hash):
            raise errors.Unauthorized("that is not this table's host token")

    # --- creating --------------------------------------------------------------------------------------
    async def create(self, game: str, players: int | None, variant: str | None, options: dict[str, Any],
                     seats: Sequence[str] | None, seed: int | None, private: bool = False, name: str | None = None,
                     *, avoid_seed: int | None = None, guide: bool = False,
                     clock: int | None = None, client: str | None = None, deal_pause: int | None = None) -> Created:
        """A new table, stored, with its bots started; ``name`` is the creator's, given to their own seats;
        a drawn seed is never ``avoid_seed`` (a rematch's old one); ``guide`` asks for a guided first deal
        (``check_guided``); ``clock`` gives people that many seconds a move; ``client`` is the creator's
        address, whose tables of bots alone in play are bounded (``bot_tables_per_client``); ``deal_pause`` the
        seconds a finished deal is held among people (none: until each person's "Next deal")."""
        name = person_name(name)
        clock = clock_seconds(clock)
        deal_pause = deal_pause_seconds(deal_pause)
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
            self._check_kind(kind, info.id)
        if guide:
            check_guided(kinds)
        creator = None if client is None else token_hash(client)
        if creator is not None and not any(kind in PEOPLE for kind in kinds):
            self._check_bot_tables(creator)
        stacked = seed is not None or DEAL_OPTION in options
        people = sum(kind in PEOPLE for kind in kinds)
        if stacked and people > 1:
            raise errors.MalformedRequest(
                "a chosen seed or prepared deal is allowed only at a table where every other seat is a bot: "
                f"whoever chooses it knows every hand, and {people} seats here are people's")
        try:
            state = new_game(info.id, players=players, variant=variant,
                             seed=seed if seed is not None else _drawn_seed(avoid_seed), **options)
        except ValueError as exc:
            raise errors.MalformedRequest(str(exc)) from None
        except Exception as exc:   # a game's own check of a prepared deal tripping over odd JSON
            raise errors.MalformedRequest(f"the options do not describe a {info.name} game "
                                          f"({type(exc).__name__})") from None

        table_id = secrets.token_urlsafe(6)
        while table_id in self.tables:
            table_id = secrets.token_urlsafe(6)
        tokens = {seat: secrets.token_urlsafe(24) for seat, kind in enumerate(kinds) if kind == HUMAN}
        invites = {seat: secrets.token_urlsafe(24) for seat, kind in enumerate(kinds) if kind == OPEN}
        host_token = secrets.token_urlsafe(24)
        now = _now()
        table = Table(id=table_id, state=state, created=now, last_active=now, private=private, stacked=stacked,
                      guide=guide, host_hash=token_hash(host_token), clock=clock, deal_pause=deal_pause, now=self.now,
                      seats=[Seat(seat, kind, token_hash(tokens[seat]) if seat in tokens else None,
                                  token_hash(invites[seat]) if seat in invites else None,
                                  name if seat in tokens else None)
                             for seat, kind in enumerate(kinds)])
        table.deadline = table.deadline_after(None, state, state, self.now())
        stored = StoredTable(id=table.id, game=info.id, players=players, variant=variant,
                             options=dict(state.options), seed=table.seed, created=now, last_active=now,
                             private=private, stacked=stacked, guide=guide, host_hash=table.host_hash,
                             clock=clock, deadline=table.deadline, creator=creator, deal_pause=deal_pause,
                             seats=[StoredSeat(s.seat, s.kind, s.token_hash, s.invite_hash, s.name)
                                    for s in table.seats])
        try:
            self.store.add(stored)
        except SQLAlchemyError:
            logger.exception("table %s could not be stored", table_id)
            raise errors.Unavailable("the table could not be saved; try again") from None
        self.tables[table_id] = table
        self._kick(table)
        return Created(table, tokens, invites, host_token)

    def _check_bot_tables(self, creator: str) -> None:
        """Refuse one more table of bots alone to a client that has ``bot_tables_per_client`` in play: each
        keeps the bots' workers busy with no person waiting, and the bound holds across processes (the
        database counts them)."""
        if self.bot_tables_per_client <= 0:
            return
        try:
            live = self.store.live_bot_tables(creator)
        except SQLAlchemyError:
            logger.exception("the tables of bots alone cannot be counted")
            raise errors.Unavailable("the server cannot count its tables just now; try again") from None
        if live >= self.bot_tables_per_client:
            raise errors.TooManyRequests(
                f"at most {self.bot_tables_per_client} tables of bots alone in play from one address: wait for one "
                "to end, or close it", retry_after=60)

    def _check_kind(self, kind: str, game_id: str) -> None:
        """Refuse a seat kind the server does not seat, one that does not play the game with what is installed
        here (``parlour.bots.kinds``: the lobby offers only those that do), or one that asks for more than the
        limits allow (``BotLimits.check``), each saying why."""
        if kind in PEOPLE:
            return
        name = kind.partition(":")[0]
        if name not in bot_kinds():
            raise errors.MalformedRequest(f"unknown seat kind {kind!r}; a seat is one of: "
                                          + ", ".join(PEOPLE + bot_kinds()))
        if not works_for(name, game_id):
            raise errors.MalformedRequest(f"the {name} bot does not play {game_info(game_id).name} here: "
                                          f"{why_not(name, game_id)}; the bots that do: "
                                          + ", ".join(kinds_for(game_id)))
        try:
            self.limits.check(kind, game_id)
        except ValueError as exc:
            raise errors.MalformedRequest(str(exc)) from None

    # --- seats -----------------------------------------------------------------------------------------
    async def claim(self, table: Table, seat: int, invite: str, name: str | None = None) -> str:
        """Exchange a friend's invitation for the seat's credential: the first browser to open the link
        holds the seat (under ``name``, shown to the table); anyone after it is told the seat is taken."""
        self._check_seat_number(table, seat)

        def admitted(current: Seat) -> None:
            if current.invite_hash is None or not hmac.compare_digest(token_hash(invite), current.invite_hash):
                raise errors.Unauthorized(f"that invitation to seat {seat} is not valid (the host may have given "
                                          "the seat a new link)")

        return await self._seat_person(table, seat, person_name(name), admitted)

    async def join_rematch(self, table: Table, seat: int, name: str | None) -> tuple[Table, str]:
        """Seat the person holding ``seat`` of this finished table at the same seat of its rematch (their
        credential here, checked by the caller, stands for the invitation the host was given): answers the
        new table and the seat's credential there. Under ``name``, or the name they had here. The host's own
        seats there are the host's already; a friend's seat taken by its link first is taken."""
        if table.rematch is None:
            raise errors.NotFound("no rematch has been started from this table")
        given = person_name(name) if name is not None else table.seats[seat].name
        new = self.get(table.rematch)

        def admitted(current: Seat) -> None:
            if current.kind == HUMAN:
                raise errors.SeatTaken(f"seat {seat} of the rematch is the host's own: the host's browser holds it")

        return new, await self._seat_person(new, seat, given, admitted)

    async def _seat_person(self, table: Table, seat: int, name: str | None,
                           admitted: Callable[[Seat], None]) -> str:
        """Give a person's seat nobody holds a new credential, once ``admitted`` (raising a refusal) lets the
        visitor in; answers the credential."""
        async with table.lock:
            if self.store.notifies:
                self._catch_up(table)
            current = table.seats[seat]
            if current.is_bot:
                raise errors.MalformedRequest(f"seat {seat} is played by a bot")
            if table.finished:
                raise errors.GameOver(f"the game is {table.status}")
            admitted(current)
            if current.token_hash is not None:
                raise errors.SeatTaken(f"seat {seat} is taken: its link was opened in another browser first; "
                                       "you may watch")
            credential = secrets.token_urlsafe(24)
            digest = token_hash(credential)
            seen = len(table.state.hand_results)      # the deals that ended before they sat down
            if not self._store_seat(table, seat, digest, current.invite_hash, name=name,
                                    expected=(None, current.invite_hash), seen=seen):
                self._catch_up(table)
                raise errors.SeatTaken(f"seat {seat} is taken: its link was opened in another browser first; "
                                       "you may watch")
            current.token_hash, current.name, current.seen = digest, name, seen
            table.announce_seats()
        return credential

    async def reopen(self, table: Table, seat: int) -> str:
        """A new invitation for a person's seat; whoever held it is put out. Answers the invitation."""
        self._check_seat_number(table, seat)
        async with table.lock:
            current = table.seats[seat]
            if current.is_bot:
                raise errors.MalformedRequest(f"seat {seat} is played by a bot")
            if table.finished:
                raise errors.GameOver(f"the game is {table.status}")
            if table.stacked:
                raise errors.ReopenUnavailable("the creator chose this table's deal, so its seat cannot be given "
                                               "to anyone else")
            table.take_write(("reopen", None), WRITE_BURST, WRITE_WINDOW, "new invitations")
            invite = secrets.token_urlsafe(24)
            self._store_seat(table, seat, None, token_hash(invite), kind=OPEN)
            current.kind, current.token_hash, current.invite_hash, current.name = OPEN, None, token_hash(invite), None
            table.put_out(seat, errors.SeatReopened(f"the host gave seat {seat} to someone else"))
            table.announce_seats()
        return invite

    async def rename(self, table: Table, seat: int, name: str, credential: str) -> str:
        """The seat's holder (``credential``, the digest ``authorize`` answered) gives or changes the name the
        table calls them by, at most ``WRITE_BURST`` times in ``WRITE_WINDOW`` seconds; answers it, trimmed."""
        self._check_seat_number(table, seat)
        given = person_name(name)
        async with table.lock:
            self._still_holds(table, seat, credential)
            table.take_write(("name", seat), WRITE_BURST, WRITE_WINDOW, "renames of a seat")
            current = table.seats[seat]
            if not self._store_seat(table, seat, credential, current.invite_hash, name=given,
                                    expected=(credential, current.invite_hash)):
                self._lost_seat(table, seat)
            current.name = given
            table.announce_seats()
        return given or ""

    async def chat(self, table: Table, seat: int, text: str, credential: str) -> dict[str, Any]:
        """Say ``text`` to the table as ``seat`` (held by ``credential``): only where at least two people sit
        (friends, not a person alone with bots), at most ``CHAT_BURST`` messages in ``CHAT_WINDOW`` seconds a
        seat. Kept with the table and pushed to every watcher, spectators too (who cannot speak)."""
        message = " ".join(text.split())
        if not 1 <= len(message) <= CHAT_LENGTH:
            raise errors.MalformedRequest(f"a chat message is 1 to {CHAT_LENGTH} characters; this one has "
                                          f"{len(message)}")
        if not message.isprintable():
            raise errors.MalformedRequest("a chat message may hold only printable characters")
        if sum(s.taken is True for s in table.seats) < 2:
            raise errors.ChatUnavailable("chat is for tables where at least two people sit")
        self._still_holds(table, seat, credential)
        table.take_write(("chat", seat), CHAT_BURST, CHAT_WINDOW, "messages")
        name = table.seats[seat].name
        try:
            position = self.store.add_chat(table.id, seat, name, message)
        except SQLAlchemyError:
            logger.exception("a chat message at table %s could not be saved", table.id)
            raise errors.Unavailable("the message could not be saved; try again") from None
        said = {"position": position, "seat": seat, "name": name, "text": message}
        pushed = _dumps({"type": "chat", "table_id": table.id, **said})
        for subscriber in table.subscribers:
            subscriber.put(pushed)
        return said

    def chat_log(self, table: Table) -> list[dict[str, Any]]:
        try:
            return self.store.chat(table.id, CHAT_KEPT)
        except SQLAlchemyError:
            logger.exception("the chat of table %s cannot be read", table.id)
            raise errors.Unavailable("the chat cannot be read; try again") from None

    async def leave(self, table: Table, seat: int, credential: str) -> None:
        """The person at ``seat`` (holding ``credential``) gets up: the seat is open again, for the link it
        had (a friend's seat's invitation seats the next person to open it; the creator's own seat gets one
        the host can renew with ``reopen``), and the table is told who left."""
        self._check_seat_number(table, seat)
        async with table.lock:
            self._still_holds(table, seat, credential)
            current = table.seats[seat]
            if table.finished:
                raise errors.GameOver(f"the game is {table.status}: there is no seat to leave")
            who = current.name or f"the player at seat {seat}"
            invite = current.invite_hash or token_hash(secrets.token_urlsafe(24))
            if not self._store_seat(table, seat, None, invite, kind=OPEN, expected=(credential, current.invite_hash)):
                self._lost_seat(table, seat)
            current.kind, current.token_hash, current.invite_hash, current.name = OPEN, None, invite, None
            table.put_out(seat, errors.SeatReopened(f"seat {seat} was left: it is open again"))
            table.announce_seats(news=f"{who} left the table: seat {seat} is open again")

    async def rematch(self, table: Table, name: str | None, client: str | None = None) -> Created:
        """A new table for the same game, variant, options and seats, on a new seed: the creator's own seats
        are theirs again (under ``name``, or the name they had), friends' seats get new invitations, bots
        stay. Only once the game is finished; a prepared deal is not dealt again."""
        if not table.finished:
            raise errors.GameNotOver("a rematch is made once the game is over")
        old = table.state
        mine = next((s.name for s in table.seats if s.kind == HUMAN and s.name), None)
        made = await self.create(table.game, old.players, old.variant, table.public_options(),
                                 [s.kind for s in table.seats], None, table.private, name if name is not None
                                 else mine, avoid_seed=table.seed, clock=table.clock, client=client,
                                 deal_pause=table.deal_pause)
        try:
            self.store.set_rematch(table.id, made.table.id)
        except SQLAlchemyError:
            logger.exception("table %s could not be told of its rematch %s", table.id, made.table.id)
        else:
            table.rematch = made.table.id
            table.announce_rematch()
        return made

    def _store_seat(self, table: Table, seat: int, digest: str | None, invite: str | None, *,
                    kind: str | None = None, name: str | None = None,
                    expected: tuple[str | None, str | None] | None = None, seen: int | None = None) -> bool:
        try:
            return self.store.set_seat(table.id, seat, kind=kind, token_hash=digest, invite_hash=invite, name=name,
                                       expected=expected, seen=seen)
        except SQLAlchemyError:
            logger.exception("seat %d of table %s could not be saved", seat, table.id)
            raise errors.Unavailable("the seat could not be saved; try again") from None

    async def close(self, table: Table) -> dict[str, Any]:
        """End play at the table for good (the host's choice): it leaves the lobby, stays replayable."""
        async with table.lock:
            if not table.closed:
                self._write(table, lambda: self.store.close_table(
                    table.id, version=table.version + 1, expected_version=table.version, now=_now()))
                table.closed = True
                table.deadline = None
                self._swap(table, table.state)
        return table.describe()

    # --- playing ---------------------------------------------------------------------------------------
    def _open_to(self, table: Table, seat: int, credential: str, catch_up: bool) -> State:
        """The table's state, once it is sure that ``seat`` may act on it (the table's lock held): caught up
        with the database where asked (``catch_up``: the caller knows of a later version, or must count the
        others' words), the seat still held by ``credential``, the table open and its game not over."""
        if catch_up and self.store.notifies:
            self._catch_up(table)
        self._still_holds(table, seat, credential)
        if table.closed:
            raise errors.TableClosed("the table was closed by its host")
        if table.state.is_over:
            raise errors.GameOver("the game is over")
        return table.state

    async def act(self, table: Table, seat: int, version: int, text: str, credential: str) -> str:
        """Apply a person's action if it is current, in turn and legal, and ``credential`` still holds the seat
        as the action is written (the database checks it in the same write, so no process applies an action
        of a credential another process revoked); answer with the seat's new view."""
        async with table.lock:
            state = self._open_to(table, seat, credential, catch_up=version > table.version)
            if version != table.version:
                late = _late(state, seat)
                raise errors.InactivePlayer(str(late)) if late is not None else self._stale(table, version)
            self._check_not_held(table)
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
            if not self._append(table, candidate, seat, str(action), credential=credential):
                self._still_holds(table, seat, credential)     # caught up: a revoked credential says so
                raise self._stale(table, version)
            answer = table.payload_text(seat)
        self._kick(table)
        return answer

    async def claim_tricks(self, table: Table, seat: int, version: int, credential: str) -> dict[str, Any]:
        """The seat to lead claims the rest of the deal's tricks: checked with every hand open against every
        defence (``parlour.bots.trick_claims``, in a worker thread, the table's lock held so nothing moves
        meanwhile). Accepted, the rest is played out at once as ordinary plays, each stored like a move (the
        defenders' cards in their own seats' names); refused, nothing changes and the answer gives the line
        that beats it. The answer: the verdict (``accepted``, ``words``, ``line``) and the table's version."""
        async with table.lock:
            state = self._open_to(table, seat, credential, catch_up=version > table.version)
            if version != table.version:
                raise self._stale(table, version)
            self._check_not_held(table)
            try:
                verdict = await asyncio.to_thread(check_claim, state.clone(), seat)
            except ValueError as exc:
                raise errors.ClaimUnavailable(str(exc)) from None
            verdict = verdict.seen_by(state.view(seat))     # a refusal names no card the claimer cannot see
            if verdict.accepted:
                for play in verdict.line:
                    assert play.action is not None         # an accepted line is played out whole, for all
                    candidate = table.state.clone()
                    candidate.apply(play.seat, play.action)
                    mine = credential if play.seat == seat else None
                    if not self._append(table, candidate, play.seat, play.action, credential=mine):
                        raise self._stale(table, version)
            answer = {"claim": verdict.to_dict(table.shown_name), "version": table.version}
        self._kick(table)
        return answer

    def _check_not_held(self, table: Table) -> None:
        """Refuse a move while the table waits at a deal's end, naming whom it waits for."""
        waiting = table.waiting_for(self.now())
        if waiting:
            names = " and ".join(table.shown_name(s) for s in waiting)
            raise errors.InactivePlayer(f"deal {len(table.state.hand_results)} has ended, and the next is not played "
                                        f"until {names} {'has' if len(waiting) == 1 else 'have'} seen it and said "
                                        "Next deal (POST .../next-deal)")

    async def next_deal(self, table: Table, seat: int, credential: str) -> str:
        """The person at ``seat`` (holding ``credential``) has seen the deal that ended: once every person seated
        has said so, the next deal is played (the bots move, the people may act, a clock starts again). Kept in
        the database as a change of the table, under its version, like an action. Saying it twice changes
        nothing; saying it where the table waits for no one is refused. Answers the seat's new view."""
        self._check_seat_number(table, seat)
        async with table.lock:
            for _ in range(3):        # another process may count someone else's word first: then count again
                self._open_to(table, seat, credential, catch_up=True)
                now = self.now()
                waiting = table.waiting_for(now)
                if seat not in waiting:
                    if waiting:       # said already: the others are still looking
                        return table.payload_text(seat)
                    raise errors.InactivePlayer("the table is not waiting at the end of a deal: there is no next "
                                                "deal to go on to")
                deadline = table.deadline
                if waiting == [seat] and table.clocked(table.state):
                    deadline = now + timedelta(seconds=table.clock or 0)   # the last word starts the time
                if self._see_deal(table, seat, credential, deadline):
                    break
            else:
                raise self._stale(table, table.version)
            answer = table.payload_text(seat)
        self._kick(table)
        return answer

    def _see_deal(self, table: Table, seat: int, credential: str, deadline: datetime | None) -> bool:
        """Store and apply ``seat``'s word that it has seen the deals ended so far; ``False`` if another process
        changed the table first (it has then been caught up). Under the table's lock, with no ``await``."""
        deals, expected = len(table.state.hand_results), table.version
        try:
            self._write(table, lambda: self.store.see_deal(
                table.id, seat, deals, credential=credential, version=expected + 1, expected_version=expected,
                now=_now(), deadline=deadline))
        except SeatRevoked:
            self._lost_seat(table, seat)
        except StoreConflict:
            self._catch_up(table)
            return False
        table.seats[seat].seen = deals
        table.deadline = deadline
        self._swap(table, table.state)
        return True

    @staticmethod
    def _stale(table: Table, version: int) -> errors.StaleStateId:
        return errors.StaleStateId(f"the action was made against version {version}, but the table is at "
                                   f"version {table.version}", version=table.version)

    async def undo(self, table: Table, seat: int, credential: str) -> str:
        """Take back the seat's last action and the bots' actions after it, by replaying the rest."""
        async with table.lock:
            if self.store.notifies:
                self._catch_up(table)         # the database's word on who holds the seat
            self._still_holds(table, seat, credential)
            if not table.only_bots_besides(seat):
                raise errors.UndoUnavailable("undo is available only when every other seat is a bot")
            if table.finished:
                raise errors.UndoUnavailable(f"the game is {table.status}")
            history = table.state.history
            last = max((i for i, (actor, _) in enumerate(history) if actor == seat), default=None)
            if last is None:
                raise errors.UndoUnavailable(f"seat {seat} has no action to take back")
            state = table.state
            rebuilt = new_game(table.game, players=state.players, variant=state.variant, seed=state.seed,
                               **state.options)
            for actor, action in history[:last]:
                rebuilt.apply(actor, action)
            expected = table.version
            deadline = table.deadline_after(None, state, rebuilt, self.now())
            self._write(table, lambda: self.store.truncate_actions(
                table.id, last, taken_back=len(history) - last, version=expected + 1, expected_version=expected,
                now=_now(), deadline=deadline))
            table.deadline = deadline
            table.clock_moves = {p: move for p, move in table.clock_moves.items() if p < last}
            current = table.seats[seat]
            if current.seen > len(rebuilt.hand_results):    # a deal taken back is to be seen again as it ends
                current.seen = len(rebuilt.hand_results)
                with contextlib.suppress(errors.Unavailable):
                    self._store_seat(table, seat, current.token_hash, current.invite_hash, name=current.name,
                                     seen=current.seen)
            self._swap(table, rebuilt)
            answer = table.payload_text(seat)
        self._kick(table)
        return answer

    async def hint(self, table: Table, seat: int, credential: str) -> dict[str, Any]:
        """A short IS-MCTS search from the seat's view and sampled worlds: it knows what the seat knows."""
        async with table.lock:
            self._still_holds(table, seat, credential)
            state = table.state
            if table.finished:
                raise errors.GameOver(f"the game is {table.status}")
            if seat not in state.to_move:
                raise errors.InactivePlayer(f"it is not seat {seat}'s turn: waiting for seat "
                                            + " or ".join(map(str, state.to_move)))
            if not table.only_bots_besides(seat):
                raise errors.HintUnavailable("hints are given only when every other seat is a bot")
            version = table.version
            job = BotJob(table.id, self.hint_bot, state.record(), seat, move_seed(table.seed, seat, version, "hint"))
        # One search per table at a time: asking again and again cannot fill the bots' workers.
        async with table.hint_lock:
            choice = await self.pool.choose(job)
        return {"action": choice, "version": version}

    def record(self, table: Table) -> dict[str, Any]:
        if not table.finished:
            raise errors.GameNotOver("the record is given once the game is over: it holds the seed, "
                                     "from which every hand could be dealt again")
        return table.state.record()

    # --- watching --------------------------------------------------------------------------------------
    async def subscribe(self, table: Table, seat: int | None, credential: str | None) -> Subscriber:
        subscriber = Subscriber(seat, credential)
        async with table.lock:   # the first view is queued before any later change can be
            table.subscribers.add(subscriber)
            subscriber.put(VIEW_PREFIX + table.payload_text(seat)[1:], is_view=True)
        return subscriber

    def unsubscribe(self, table: Table, subscriber: Subscriber) -> None:
        table.subscribers.discard(subscriber)

    # --- changing a table ------------------------------------------------------------------------------
    def _append(self, table: Table, new_state: State, seat: int, notation: str, *, by_clock: bool = False,
                credential: str | None = None) -> bool:
        """Store one action (``by_clock``: played for a person out of time; ``credential``: a person's, which
        must still hold the seat in the database), then swap the new state in; ``False`` if another process
        moved the table or reseated the person first (it has then been caught up). Called under the table's
        lock, with no ``await`` between the write and the swap."""
        expected = table.version
        deadline = table.deadline_after(seat, table.state, new_state, self.now())
        try:
            self._write(table, lambda: self.store.append_action(
                table.id, len(new_state.history) - 1, seat, notation, version=expected + 1,
                is_over=new_state.is_over, expected_version=expected, now=_now(), deadline=deadline,
                by_clock=by_clock, credential=credential))
        except StoreConflict:
            self._catch_up(table)
            return False
        table.sheet = table.deal_sheet().extended(table.state, seat, notation, new_state)
        if len(new_state.hand_results) > len(table.state.hand_results):
            table.held_since = self.now()
        table.deadline = deadline
        if by_clock:
            table.clock_moves[len(new_state.history) - 1] = ClockMove.after(new_state, table.shown_name(seat))
        self._swap(table, new_state)
        return True

    def _write(self, table: Table, write: Callable[[], None]) -> None:
        try:
            write()
        except SQLAlchemyError:
            logger.exception("table %s could not be saved at version %d", table.id, table.version + 1)
            raise errors.Unavailable("the table could not be saved; nothing was applied") from None

    def _swap(self, table: Table, new_state: State) -> None:
        table.state = new_state
        table.version += 1
        table.last_active = _now()
        table.broadcast()

    def _catch_up(self, table: Table) -> None:
        """Bring a table up to what the database holds (another process changed it). Synchronous, so
        that under the table's lock nothing else can move it meanwhile."""
        try:
            stored = self.store.load(table.id)
        except (SQLAlchemyError, Unreadable):
            logger.exception("table %s cannot be caught up from the database", table.id)
            return
        if stored is None:
            return
        seats_changed = False
        for seat, row in zip(table.seats, stored.seats, strict=False):
            changed = (seat.token_hash, seat.kind, seat.name) != (row.token_hash, row.kind, row.name)
            seat.kind, seat.token_hash, seat.invite_hash = row.kind, row.token_hash, row.invite_hash
            seat.name, seat.seen = row.name, row.seen
            if changed:
                seats_changed = True
                table.put_out(seat.seat, errors.SeatReopened(f"the host gave seat {seat.seat} to someone else"))
        if seats_changed:
            table.announce_seats()
        if stored.rematch != table.rematch:
            table.rematch = stored.rematch
            table.announce_rematch()
        if stored.version == table.version:
            return
        state = self._replayed(table, stored.actions, stored.by_clock)
        if state is None:
            return
        if len(state.hand_results) > len(table.state.hand_results):
            table.held_since = self.now()     # a deal ended in another process: its pause runs from now here
        table.state, table.version, table.closed = state, stored.version, stored.closed
        table.deadline = stored.deadline
        table.last_active = stored.last_active
        table.broadcast()

    @staticmethod
    def _replayed(table: Table, actions: list[list[Any]], by_clock: set[int]) -> State | None:
        """The table's state with the database's ``actions``, of which the clock played those at ``by_clock``
        (kept in the table's ``clock_moves``); ``None`` if they cannot be replayed."""
        history = [[seat, str(action)] for seat, action in table.state.history]
        if actions[:len(history)] == history:
            state, start = table.state.clone(), len(history)
        else:   # an undo elsewhere: start again
            old = table.state
            state, start = new_game(table.game, players=old.players, variant=old.variant, seed=old.seed,
                                    **old.options), 0
        moves = {p: move for p, move in table.clock_moves.items() if p < start}
        try:
            for position, (seat, notation) in enumerate(actions[start:], start):
                state.apply(seat, notation)
                if position in by_clock:
                    moves[position] = ClockMove.after(state, table.shown_name(seat))
        except ValueError:
            logger.exception("table %s: the database's actions cannot be replayed", table.id)
            return None
        table.clock_moves = moves
        return state

    def _heard(self, sender: str, table_id: str) -> None:
        """From the listener's thread: another process changed a table."""
        if sender == self.store.sender or self._loop is None:
            return
        self._loop.call_soon_threadsafe(self._changed_elsewhere, table_id)

    def _changed_elsewhere(self, table_id: str) -> None:
        for one in (list(self.tables) if table_id == EVERY_TABLE else [table_id]):
            task = asyncio.get_running_loop().create_task(self._sync(one))
            self._syncs.add(task)
            task.add_done_callback(self._syncs.discard)

    async def _sync(self, table_id: str) -> None:
        table = self.tables.get(table_id)
        if table is None:
            if self.moves_bots:           # a new table: its bots are this process's to move
                try:
                    table = self._load(table_id)
                except errors.Unavailable:
                    return
                if table is not None:
                    self._kick(table)
            return
        async with table.lock:
            self._catch_up(table)
        self._kick(table)

    async def _keep(self) -> None:
        """Housekeeping: take over the bots when the process that moved them is gone, and sweep finished
        tables nobody watches out of memory (they stay in the database)."""
        since_sweep = 0.0
        while True:
            await asyncio.sleep(MASTER_CHECK)
            was = self.moves_bots
            self.moves_bots = self.store.hold_bot_master()
            if self.moves_bots and not was:
                logger.info("this process now moves the bots")
                for table_id in self.store.live_ids():
                    table = self.tables.get(table_id)
                    if table is None:
                        table = self._load(table_id)
                    else:
                        async with table.lock:
                            self._catch_up(table)
                    if table is not None:
                        self._kick(table)
            since_sweep += MASTER_CHECK
            if since_sweep >= EVICT_EVERY:
                since_sweep = 0.0
                self._sweep()

    def _sweep(self) -> None:
        for table_id, table in list(self.tables.items()):
            if table.finished and not table.subscribers and (table.runner is None or table.runner.done()):
                del self.tables[table_id]

    def _kick(self, table: Table) -> None:
        """Make sure a bot to move will move; the runner itself decides, under the lock, whether one is."""
        if not self.moves_bots:
            return
        idle = table.runner is None or table.runner.done()
        if idle and table.bot_to_move() is not None and table.fault is None:
            table.runner = asyncio.get_running_loop().create_task(self._run_bots(table))

    async def _run_bots(self, table: Table) -> None:
        try:
            while True:
                async with table.lock:
                    chosen = table.next_bot(self.now())
                    if chosen is None or not self.moves_bots:
                        table.runner = None
                        return
                    seat, react = chosen
                    table.moved.clear()
                    if len(table.state.history) >= table.state.info.max_actions:
                        table.fault = f"the game did not end within {table.state.info.max_actions} actions"
                        logger.error("table %s: %s", table.id, table.fault)
                        table.runner = None
                        return
                    snapshot, version, kind = table.state, table.version, table.seats[seat].kind
                    seed = move_seed(table.seed, seat, version)
                    job = None if is_quick(kind) else BotJob(table.id, kind, snapshot.record(), seat, seed,
                                                             person_waits=table.has_people)
                if react > 0 and await _moved_within(table, react):
                    continue   # a person got in first: the race goes on, or is over, on the new table
                if self.bot_delay > 0:
                    await asyncio.sleep(self.bot_delay)
                choice = self._quick_choice(table, kind, seat, seed, snapshot) if job is None \
                    else await self.pool.choose(job)
                async with table.lock:
                    if table.version != version:
                        continue   # someone acted or undid meanwhile: think again on the new table
                    candidate = table.state.clone()
                    try:
                        candidate.apply(seat, choice)
                    except ValueError as exc:
                        logger.error("table %s: the %s bot in seat %d chose %r, refused (%s); playing at random",
                                     table.id, kind, seat, choice, exc)
                        candidate = table.state.clone()
                        choice = random.Random(seed).choice(candidate.view(seat).legal_actions)
                        candidate.apply(seat, choice)
                    try:
                        self._append(table, candidate, seat, str(candidate.history[-1][1]))
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

    # --- the clock ------------------------------------------------------------------------------------------
    async def _watch_clocks(self) -> None:
        """Every ``CLOCK_TICK``, in the process that moves the bots (so that with several processes one alone
        plays for a person), play for the people whose time ran out (not while the table waits at a deal's end);
        in every process, tell the watchers of a table whose pause at a deal's end has run out."""
        while True:
            await asyncio.sleep(CLOCK_TICK)
            now = self.now()
            for table in list(self.tables.values()):
                if table.pause_told and not table.waiting_for(now):
                    self._pause_over(table)
                if not self.moves_bots:
                    continue
                if table.deadline is not None and table.deadline <= now and table.fault is None \
                        and not table.waiting_for(now):
                    try:
                        await self._time_out(table)
                    except errors.Unavailable:
                        logger.warning("table %s: the clock's move could not be saved; trying again", table.id)
                    except Exception:
                        logger.exception("table %s: the clock failed; it is stopped until the next move", table.id)
                        table.deadline = None

    def _pause_over(self, table: Table) -> None:
        """A hold at a deal's end is over (the host's seconds ran out, or everyone said "Next deal"): tell the
        watchers (the version did not change, so the payloads built at it are built again) and let the bots
        move."""
        table.pause_told = False
        table._built_at = -1
        table.broadcast()
        self._kick(table)

    async def _time_out(self, table: Table) -> None:
        """Play for each person whose time ran out, as the heuristic bot would from their seat's view, and
        say so in the log ("time ran out: Bea plays QC").

        Where several seats may act at once, what players expect is that their silence lets a chance pass,
        not that the server grabs it for them: in a claim window a timed-out person declines (as their page
        does after two seconds), never claims; in a race with a bot among the racers, nothing is played (the
        bots act anyway, and the person simply was not quick enough). Where only people are to move (a race
        among people, simultaneous choices), each is played for in an order drawn by the table's seeded
        chance, on the table as the one before left it, so that no seat is favoured by its number."""
        async with table.lock:
            if table.deadline is None or table.deadline > self.now() or table.finished:
                return
            out_of_time = sorted(table.clocked(table.state))
            random.Random(move_seed(table.seed, -1, table.version, "clock")).shuffle(out_of_time)
            played = False
            for seat in out_of_time:
                choice = self._clock_choice(table, seat)
                if choice is None:
                    continue
                candidate = table.state.clone()
                candidate.apply(seat, choice)
                if not self._append(table, candidate, seat, str(candidate.history[-1][1]), by_clock=True):
                    return
                played = True
            if not played:            # bots are among the racers: their moves start the clock again
                table.deadline = None
                table._built_at = -1
        self._kick(table)

    def _clock_choice(self, table: Table, seat: int) -> str | None:
        """What the clock plays for ``seat``, or ``None`` to play nothing (``_time_out`` says why)."""
        state = table.state
        if seat not in state.to_move:
            return None                # a race another timed-out person won a moment ago
        if NO_CLAIM in state.legal_actions(seat):
            return str(NO_CLAIM)
        if any(table.seats[s].is_bot for s in state.to_move):
            return None
        return self._quick_choice(table, CLOCK_BOT, seat, move_seed(table.seed, seat, table.version, "clock"), state)

    @staticmethod
    def _quick_choice(table: Table, kind: str, seat: int, seed: int, snapshot: State) -> str:
        """A random or heuristic bot's move, made at once (they answer in microseconds); a random legal
        one if the bot fails (a bug to report, but not a reason to stop the people at the table)."""
        view = snapshot.view(seat)
        try:
            return make_bot(kind, table.game, seed=seed).choose(view, sampler_for(snapshot, seat))
        except Exception:
            logger.exception("table %s: the %s bot in seat %d failed; playing at random", table.id, kind, seat)
            return random.Random(seed).choice(view.legal_actions)


def timeout_news(name: str, action: Action) -> str:
    """The log's words for a move the clock made: the move as every seat may read it, a secret one (an
    answer to a claim window, a card laid face down) by its public text, an unseen one not at all."""
    if action.unseen:
        return f"time ran out: a move is made for {name}"
    words = action.public_text() if action.secret else str(action)
    if words == ANSWERED:          # a claim window's answer, which reads alike whatever it says
        return f"time ran out: {name} answers"
    return f"time ran out: {name} plays {words.removeprefix('play ')}"


def _drawn_seed(avoid: int | None) -> int:
    """A secure random seed, never ``avoid``."""
    seed = secrets.randbits(63)
    while seed == avoid:
        seed = secrets.randbits(63)
    return seed


def check_guided(kinds: Sequence[str]) -> None:
    """Refuse a guided first deal anywhere but at a table of one person against bots: the guide teaches
    with the hint bot's advice, which a table of several people does not give (as for hints and undo),
    and it waits on its one learner, which would hold up friends; an open seat is a friend's to come."""
    if [kind for kind in kinds if kind in PEOPLE] != [HUMAN]:
        raise errors.MalformedRequest(
            "a guided first deal is for one person learning against bots: exactly one seat 'human' and every "
            f"other a bot, not {', '.join(kinds)}")


def hand_choices(state: State, seat: int | None, view: dict[str, Any]) -> dict[str, list[str]]:
    """The seat's legal actions that take one card of its hand, by that card (``play QC``, ``discard 7H``,
    ``lay 7H 2``): what a click on the card may do. A card is read from the action's own values, never
    from its text, so that a bid spelt like a card (Bridge's ``bid 2C``) stays a bid."""
    if seat is None or seat not in state.to_move:
        return {}
    held = set(view["hand"])
    choices: dict[str, list[str]] = {}
    for action in state.legal_actions(seat):
        cards = {str(value) for name in getattr(type(action), "__match_args__", ())
                 if isinstance(value := getattr(action, name), Card)} & held
        if len(cards) == 1:
            choices.setdefault(cards.pop(), []).append(str(action))
    return choices


def card_refusals(state: State, seat: int | None, view: dict[str, Any],
                  choices: dict[str, list[str]]) -> dict[str, str]:
    """Why each card of the seat's hand that it may not choose now cannot be chosen, in the game's own words
    (``State.refusal``, worded from the seat's hand and the table), so that a greyed card can say why. Only
    in a turn whose choices take cards of the hand (``hand_choices``): each other card is asked in the
    place of a choosable one's (``play 7H`` asks ``play QC``), in the order of the choices, until refused."""
    if seat is None or not choices:
        return {}
    # Each way a card is chosen, with a blank for the card: ("play", ""), ("lay", "", "2").
    shapes = dict.fromkeys(tuple("" if word == chosen else word for word in action.split())
                           for chosen, actions in choices.items() for action in actions)
    reasons: dict[str, str] = {}
    for card in dict.fromkeys(view["hand"]):
        if card in choices:
            continue
        for shape in shapes:
            text = " ".join(word or card for word in shape)
            try:
                reason = state.refusal(seat, text)
            except ValueError:        # no such action for this card (a notation the game does not read)
                continue
            if reason is not None:
                reasons[card] = reason
                break
    return reasons


def action_helps(state: State, seat: int | None,
                 said: Callable[[type[Action]], str | None] = action_help) -> dict[str, str]:
    """What each kind of the seat's legal actions does, by verb (``rules_page.action_help``): the words a
    button shows when asked. Only for a seat to move, whose buttons they are. A guided table says it with
    ``rules_page.move_guide``, which has words for every kind, so that its guide never names a kind of move
    without saying what it does."""
    if seat is None or seat not in state.to_move:
        return {}
    helps: dict[str, str] = {}
    for kind in dict.fromkeys(type(action) for action in state.legal_actions(seat)):
        words = said(kind)
        if words is not None:
            helps.setdefault(kind.verb, words)
    return helps


def _late(state: State, seat: int) -> OutOfTurn | None:
    """The state's own refusal of a racer whose action came after another's (``claims.LATE``), which says
    more than that the table moved on; ``None`` for any other stale action."""
    if seat in state.to_move or state.is_over:
        return None
    refusal = state.out_of_turn(seat)
    return refusal if refusal.rule == LATE else None


async def _moved_within(table: Table, seconds: float) -> bool:
    """Whether the table changes within ``seconds`` (a person acting while a bot takes its reaction time)."""
    try:
        async with asyncio.timeout(seconds):
            await table.moved.wait()
    except TimeoutError:
        return False
    return True
