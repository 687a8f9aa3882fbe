"""The HTTP and websocket API of the game server, and the pages it serves.

``create_app(database_url=...)`` builds a FastAPI application around a ``TableManager`` (the live
tables) and a ``Store`` (the database). Its OpenAPI page (``/docs``) documents every route, so programs
can play as well as the browser page can.

Every body is read through a strict pydantic model and every refusal is a typed ``ApiError``
(``{"error": ..., "message": ...}``): a client can send nothing that crashes the server or changes a
table without being allowed to. Seats act with their credential in the ``X-Seat-Token`` header; the
websocket takes it in its first message. No secret ever travels in a URL's path or query, which reach
access logs and proxies: invitation links carry theirs in the ``#fragment``, which browsers never send.
Spectators need none and see ``view(None)``.

Every answer carries a strict Content-Security-Policy (the pages run no inline script), no referrer and
no framing; table creation is limited per client address.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import ipaddress
import json
import logging
import math
import threading
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException

from parlour import __version__
from parlour.bots import bot_kinds, kinds_for
from parlour.bots.base import LEVEL_NAMES
from parlour.engine import GameInfo, State, games, new_game
from parlour.engine.rules_page import rules_page
from parlour.engine.seating import CLOCKWISE
from parlour.web import errors
from parlour.web.botpool import BotLimits
from parlour.web.reviews import BUDGET as REVIEW_BUDGET
from parlour.web.reviews import Reviews
from parlour.web.store import Store
from parlour.web.tables import (
    CLOCK_RANGE,
    DEAL_END_PAUSE,
    DEAL_PAUSE_RANGE,
    HINT_BOT,
    IDLE_HOURS,
    MAX_ACTION_TEXT,
    MAX_OPTIONS_JSON,
    Created,
    Subscriber,
    Table,
    TableManager,
)

logger = logging.getLogger("parlour.web")

STATIC = Path(__file__).resolve().parent / "static"
# The lobby offers these settings of a kind: the search's budget, and how quickly a heuristic bot reacts where
# seats race or claim out of turn (a person new to a racing game wants "easy").
BOT_STRENGTHS = {"ismcts": ["ismcts:200", "ismcts", "ismcts:2s"],
                 "heuristic": ["heuristic:easy", "heuristic", "heuristic:hard"]}
HTTP_ERRORS = {400: "MalformedRequest", 404: "NotFound", 405: "MethodNotAllowed"}
REPLAY_TABLES = 8          # finished games whose rebuilt states are kept for stepping through
REPLAY_CHECKPOINT = 16     # a rebuilt state is kept every this many actions
HELLO_SECONDS = 10.0       # a websocket must say who it is within this long
FAREWELL_SECONDS = 1.0     # the longest a dropped socket's last words and close are waited for
# The pages load their scripts and styles from /static only: an injected inline script cannot run.
PAGE_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
               "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
               "frame-ancestors 'none'")
# FastAPI's /docs and /redoc pages are an inline script over files from a CDN; they show no secret.
DOCS_POLICY = ("default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
               "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
               "img-src 'self' data: https://fastapi.tiangolo.com https://cdn.redoc.ly; "
               "font-src 'self' https://fonts.gstatic.com; worker-src blob:; object-src 'none'; base-uri 'none'; "
               "frame-ancestors 'none'")
DOCS_PATHS = ("/docs", "/redoc")
PRIVATE_PATHS = ("/api/tables",)   # answers that may hold a credential or a hand: never stored by a cache


# --- what clients send ----------------------------------------------------------------------------------
class Strict(BaseModel):
    """No extra fields and no coercion: ``"1"`` is not a seat and ``true`` is not a version. A visitor's
    strings are not cached: pydantic's JSON parser keeps up to 16,384 of the strings it read, so a stranger's
    fresh texts would hold about a megabyte of every process for good."""

    model_config = ConfigDict(extra="forbid", strict=True, cache_strings=False)


class CreateTableIn(Strict):
    game: str = Field(max_length=64, description="a game id from GET /api/games")
    players: int | None = Field(default=None, ge=1, le=64, description="default: the number of seats")
    variant: str | None = Field(default=None, max_length=64)
    options: dict[str, Any] = Field(default_factory=dict, description="option values; 'deal' stacks the deal")
    seats: list[Annotated[str, Field(max_length=64)]] | None = Field(
        default=None, max_length=64,
        description="per seat: 'human' (yours), 'open' (a friend's, by link) or a bot kind such as 'ismcts:2s'")
    seed: int | None = Field(default=None, ge=-(2**63), lt=2**63,
                             description="only where every other seat is a bot; drawn securely otherwise")
    private: bool = Field(default=False, description="a private table is not listed in the lobby")
    name: str | None = Field(default=None, max_length=200,
                             description="your name, shown at your own seats: 1 to 24 printable characters")
    guide: bool = Field(default=False, description="a guided first deal, for one person learning the game: "
                                                   "exactly one 'human' seat, every other a bot")
    clock: int | None = Field(default=None, description=f"seconds a move for people, {CLOCK_RANGE[0]} to "
                              f"{CLOCK_RANGE[1]}: a person out of time is played for as the heuristic bot would "
                              "(a claim they may let pass is declined); default: no clock. Bots are never clocked")
    deal_pause: int | None = Field(default=None, description=f"seconds a finished deal is shown where people sit, "
                                   f"{DEAL_PAUSE_RANGE[0]} to {DEAL_PAUSE_RANGE[1]}, before the next is played; "
                                   "default (null): until every person seated says Next deal "
                                   "(POST /api/tables/{id}/next-deal), or at a clocked table of several people "
                                   f"for the clock's seconds and {DEAL_END_PAUSE:g} more. Bots alone never wait")


class ActionIn(Strict):
    seat: int
    version: int = Field(description="the table's version the action was chosen against")
    action: str = Field(max_length=MAX_ACTION_TEXT, description="the action's notation, e.g. 'play QC'")


class SeatIn(Strict):
    seat: int


class ClaimTricksIn(Strict):
    seat: int
    version: int = Field(description="the table's version the claim was made against")


class ClaimTricksOut(BaseModel):
    claim: dict[str, Any] = Field(description="the verdict: 'accepted', 'words', and the 'line' of plays (each "
                                  "'hand', 'seat' that played it, 'action', 'card', 'took'): the rest played out "
                                  "if accepted, else the line that beats the claim")
    version: int


class ClaimIn(Strict):
    seat: int
    invite: str = Field(max_length=200, description="the invitation from the seat's link")
    name: str | None = Field(default=None, max_length=200,
                             description="your name, shown at the seat: 1 to 24 printable characters")


class NameIn(Strict):
    seat: int
    name: str = Field(max_length=200, description="1 to 24 printable characters, trimmed")


class ChatIn(Strict):
    seat: int
    text: str = Field(max_length=1000, description="the message: 1 to 200 characters once spaces are squeezed")


class ChatOut(BaseModel):
    position: int
    seat: int
    name: str | None
    text: str


class RejoinIn(Strict):
    seat: int = Field(description="your seat at this table, and so at the rematch")
    name: str | None = Field(default=None, max_length=200, description="your name there; default: the one here")


class RematchIn(Strict):
    name: str | None = Field(default=None, max_length=200,
                             description="your name at the new table; default: the one you had")


class HelloIn(Strict):
    type: Literal["hello"]
    seat: int | None = None
    token: str | None = Field(default=None, max_length=200)


class SocketActionIn(Strict):
    type: Literal["action"]
    version: int
    action: str = Field(max_length=MAX_ACTION_TEXT)


# --- what the server answers ----------------------------------------------------------------------------
class OptionOut(BaseModel):
    name: str
    label: str = Field(description="the option in a few words, for a person")
    default: Any
    doc: str
    kind: str
    choices: list[Any] | None
    minimum: int | None
    maximum: int | None


class GameOut(BaseModel):
    id: str
    name: str
    family: list[str]
    min_players: int
    max_players: int
    default_players: int
    player_counts: list[int] = Field(description="every number of players the game is played by")
    variants: list[str]
    options: list[OptionOut]
    summary: str
    bots: list[str] = Field(description="the bot kinds that can play this game")
    direction: Literal["clockwise", "counter-clockwise"] = Field(
        description="the way play passes: clockwise to the left (seat 1 after seat 0), counter-clockwise to the right")
    partnerships: bool = Field(description="partners sit opposite and score together")
    seat_names: list[str] = Field(description="the seats' names by seat number (North, East...); empty: 'seat N'")


class BotsOut(BaseModel):
    kinds: list[str] = Field(description="the kinds a seat may hold on this server; with ?game=, those that play it")
    games: dict[str, list[str]] = Field(
        description="per game (or the ?game= one), the kinds that play it with what is installed: the levels "
                    "weakest first, then the research bots")
    levels: list[str] = Field(description="the strengths people choose by name, weakest first")
    strengths: dict[str, list[str]]
    max_seconds: float = Field(description="the longest a bot may think a move on this server")
    max_iterations: int = Field(description="the most search iterations a bot may spend a move")


class SeatOut(BaseModel):
    seat: int
    kind: str
    taken: bool | None = Field(default=None, description="whether someone holds a person's seat; null for bots")
    name: str | None = Field(default=None, description="a bot's name by its kind, a person's as they gave it; "
                                                       "null for a person's seat without one")


class CreatedSeatOut(BaseModel):
    seat: int
    kind: str
    token: str | None = Field(default=None, description="the credential of one of your own ('human') seats")
    invite: str | None = Field(default=None, description="a friend's ('open') seat's invitation: the first to "
                                                         "claim it holds the seat")
    url: str | None = Field(default=None, description="the page of this seat; a friend's carries its invitation")


class CreatedOut(BaseModel):
    table_id: str
    game: str
    seats: list[CreatedSeatOut]
    spectator_url: str
    host_token: str = Field(description="the creator's secret to reopen seats and close the table "
                                        "(header X-Host-Token)")


class ClaimedOut(BaseModel):
    seat: int
    token: str = Field(description="the seat's credential, for X-Seat-Token and the websocket's hello")


class RejoinedOut(ClaimedOut):
    table_id: str = Field(description="the rematch's table, where the credential holds the seat")


class NamedOut(BaseModel):
    seat: int
    name: str


class InviteOut(BaseModel):
    seat: int
    invite: str
    url: str


class TableSummaryOut(BaseModel):
    table_id: str
    game: str
    players: int
    seats: list[SeatOut]
    is_over: bool
    status: Literal["playing", "over", "closed"]
    private: bool
    stacked: bool = Field(description="the creator chose the seed or the deal (only at a table of bots)")
    version: int
    created: str
    last_active: str


class TableOut(TableSummaryOut):
    variant: str | None
    options: dict[str, Any]
    guide: bool = Field(default=False, description="a guided first deal: the page explains each new kind of move")


class ViewOut(BaseModel):
    table_id: str
    version: int
    seat: int | None
    status: Literal["playing", "over", "closed"]
    view: dict[str, Any]
    hand_choices: dict[str, list[str]] = Field(description="the seat's legal actions that take one card of its "
                                                           "hand, by that card: what a click on the card does")
    reasons: dict[str, str] = Field(description="why each other card of the hand cannot be chosen now, in the "
                                                "game's words; empty unless the turn is a choice of cards")
    help: dict[str, str] = Field(description="what each verb of the seat's legal actions does, for its button")
    families: dict[str, str] = Field(default_factory=dict, description="the family each verb of the seat's "
                                     "legal actions declares (auction, betting, vying, sum: "
                                     "parlour.engine.actions.FAMILIES), for a table that draws it its own way")
    labels: dict[str, str] = Field(default_factory=dict, description="by notation, the words of those of the "
                                   "seat's legal actions whose amounts the notation leaves out ('call' -> "
                                   "'Call 2', 'reenvido 3' -> 'Raise to 5'): State.action_labels")
    hand_results: list[dict[str, Any]]
    result: dict[str, Any] | None
    can_undo: bool
    can_hint: bool
    claimable: bool = Field(default=False, description="whether the seat may claim the rest of the deal's tricks "
                            "now (POST .../claim-tricks): its lead, in the play, few enough tricks left")
    seat_names: list[str] = Field(default_factory=list, description="the game's names of its seats, by seat")
    game_name: str = Field(default="", description="the game's name as people write it ('Auction Bridge')")
    names: list[str | None] = Field(default_factory=list, description="who sits at each seat, by seat: a bot's "
                                                                      "name by its kind, a person's own")
    guide: bool = Field(default=False, description="a guided first deal: the page explains each new kind of move "
                                                   "(its words: `help`, and the aim from GET /api/games/{id}/rules)")
    clock: dict[str, Any] | None = Field(default=None, description="the table's clock, if it has one: 'seconds' a "
                                         "move, the 'deadline' (UTC, ISO 8601) of the people to move and their "
                                         "'seats'")
    rematch: dict[str, Any] | None = Field(default=None, description="the host's rematch, once started: its "
                                           "'table_id' and 'url'; for a person seated here, also their 'seat' "
                                           "and its 'seat_url', taken with POST .../rematch/join")
    pause: dict[str, Any] | None = Field(default=None, description="while the table holds a finished deal for the "
                                         "people at it: the 'deal' (its number), the seats 'waiting' to say Next "
                                         "deal, the 'seconds' it is held (the host's pause, or at a clocked table of "
                                         "several people the clock's and the usual pause; null: until all have "
                                         "said it) and when they run out "
                                         "('until', UTC, ISO 8601); null while play goes on")


class ReplayOut(BaseModel):
    table_id: str
    step: int = Field(description="how many actions have been applied")
    steps: int = Field(description="how many actions the game had")
    seat: int | None
    action: str | None = Field(description="'seat S: notation' of the step's action; null at step 0")
    view: dict[str, Any]


class RulesOut(BaseModel):
    game: str
    name: str
    rules: str = Field(description="the game's summary, as `parlour rules GAME` prints it")
    choices: list[str] = Field(description="the choices made where the rule texts are silent")
    aim: str = Field(description="what the game is about, in two or three plain sentences (a guide's first step)")


class HintOut(BaseModel):
    action: str
    version: int


class ErrorOut(BaseModel):
    error: str
    message: str


def refusals(*classes: type[errors.ApiError]) -> dict[int | str, dict[str, Any]]:
    """The documented error answers of a route, for the OpenAPI page."""
    out: dict[int | str, dict[str, Any]] = {}
    for cls in classes:
        entry = out.setdefault(cls.status, {"model": ErrorOut, "description": ""})
        entry["description"] = " or ".join(filter(None, [entry["description"], cls.__name__]))
    return out


TOKEN = Annotated[str | None, Header(description="the seat's credential")]
HOST_TOKEN = Annotated[str | None, Header(description="the table's host credential")]


def client_address(request: Request | WebSocket) -> str:
    """Whom the limits count a request against: the connection's address (a proxy's header is believed only
    from the addresses ``parlour serve --forwarded-allow-ips`` names), an IPv6 one by its /64, the network
    one household or server is given, so that a client cannot step round a limit by changing its last bits.

    >>> from types import SimpleNamespace as Seen
    >>> client_address(Seen(client=Seen(host="2001:db8::7")))
    '2001:db8::/64'
    >>> client_address(Seen(client=Seen(host="203.0.113.9")))
    '203.0.113.9'
    """
    host = request.client.host if request.client else "unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    return str(ipaddress.ip_network(f"{address}/64", strict=False)) if address.version == 6 else host


async def while_connected(request: Request, work: Awaitable[Any]) -> Any:
    """``work``'s answer, or, if the client goes first, nothing: the work is cancelled then, so that a request
    given up (a timeout, a closed tab) leaves nothing running on its behalf."""
    answer = asyncio.ensure_future(work)
    gone = asyncio.create_task(_disconnected(request))
    try:
        await asyncio.wait({answer, gone}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        gone.cancel()
        if not answer.done():
            answer.cancel()
        await asyncio.gather(gone, answer, return_exceptions=True)
    if answer.cancelled():
        return Response(status_code=204)       # nobody is there to read it
    return answer.result()


async def _disconnected(request: Request) -> None:
    """Until the client closes its connection (the body of a GET is read at once, then its end waited for)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


def json_text(text: str) -> Response:
    """An answer already serialised (a view payload is built once per seat and version)."""
    return Response(content=text, media_type="application/json")


class CreationLimit:
    """A token bucket per client address: ``rate`` tables a minute, in bursts of as many. Kept in the database
    (``Store.take_token``), so that every server process on one database shares one limit per address. The
    address is the connection's, or the one a proxy named with ``--forwarded-allow-ips`` gives."""

    def __init__(self, store: Store, rate: float) -> None:
        self.store = store
        self.rate = rate

    def take(self, address: str) -> None:
        if self.rate <= 0 or math.isinf(self.rate):
            return
        try:
            wait = self.store.take_token(f"create|{address}", self.rate, datetime.now(UTC))
        except SQLAlchemyError:
            logger.exception("the creation limit cannot be read")
            raise errors.Unavailable("the server cannot count its new tables just now; try again") from None
        if wait > 0:
            seconds = math.ceil(wait)
            raise errors.TooManyRequests(f"too many tables from this address: at most {self.rate:g} a minute; "
                                         f"try again in {seconds} s", retry_after=seconds)


class SecurityHeaders:
    """ASGI middleware: the policy headers on every HTTP answer (cheaper than a BaseHTTPMiddleware)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: MutableMapping[str, Any], receive: Callable[[], Awaitable[Any]],
                       send: Callable[[MutableMapping[str, Any]], Awaitable[None]]) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        policy = (DOCS_POLICY if path.startswith(DOCS_PATHS) else PAGE_POLICY).encode()
        # A table's answers may carry a credential or a seat's hand: no cache, shared or the browser's, keeps them.
        private = [(b"cache-control", b"no-store")] if path.startswith(PRIVATE_PATHS) else []

        async def with_headers(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []),
                                      (b"content-security-policy", policy), (b"referrer-policy", b"no-referrer"),
                                      (b"x-frame-options", b"DENY"), (b"x-content-type-options", b"nosniff"),
                                      *private]
            await send(message)

        await self.app(scope, receive, with_headers)


def game_entry(info: GameInfo) -> dict[str, Any]:
    return {
        "id": info.id, "name": info.name, "family": list(info.family), "min_players": info.min_players,
        "max_players": info.max_players, "default_players": info.players_default, "player_counts": list(info.counts),
        "variants": list(info.variants),
        "options": [{"name": spec.name, "label": spec.title, "default": spec.default, "doc": spec.doc,
                     "kind": spec.kind.__name__, "choices": list(spec.choices) if spec.choices is not None else None,
                     "minimum": spec.minimum, "maximum": spec.maximum} for spec in info.options],
        "summary": info.summary, "bots": [kind for kind in kinds_for(info.id) if kind in bot_kinds()],
        "direction": "clockwise" if info.direction == CLOCKWISE else "counter-clockwise",
        "partnerships": info.partnerships, "seat_names": list(info.seat_names),
    }


@functools.cache
def rules_of(game_id: str) -> dict[str, Any]:
    """A game's rules page (worked out once: a game's figures may take a moment); an unknown game is a
    ``NotFound`` naming the games there are."""
    known = {info.id: info for info in games()}
    if game_id not in known:
        raise errors.NotFound(f"no game {game_id[:64]!r}; the games are: {', '.join(sorted(known))}")
    return rules_page(known[game_id])


def describe_validation(problems: Sequence[Any]) -> str:
    """Pydantic's complaints in one line, without echoing the input (which may be large)."""
    parts = []
    for problem in problems[:3]:
        if problem.get("type") == "json_invalid":
            return "the body is not valid JSON"
        where = ".".join(str(part) for part in problem.get("loc", ()) if part != "body")
        parts.append(f"{where}: {problem.get('msg', 'invalid')}" if where else str(problem.get("msg", "invalid")))
    more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
    return "; ".join(parts) + more if parts else "the request is not valid"


# --- replays of finished games ----------------------------------------------------------------------------
@dataclass
class _Rebuilt:
    """One finished game being stepped through: its actions and some of the states along the way."""

    actions: list[tuple[int, str]]
    states: dict[int, State] = field(default_factory=dict)   # step -> state after that many actions; never mutated
    cursor: int = 0                                           # the step asked for last (kept besides checkpoints)


class ReplayCache:
    """The states of finished games rebuilt step by step, so that a page stepping through a replay costs an
    action or two per request, not the whole game.

    A small LRU of tables; each keeps a state every ``checkpoint`` actions and the one asked for last. A
    finished game never changes (no action nor undo is taken once it is over), so an entry stays true.
    Routes run in worker threads: one lock guards the whole cache (each request does little work).
    """

    def __init__(self, size: int = REPLAY_TABLES, checkpoint: int = REPLAY_CHECKPOINT) -> None:
        self.size = size
        self.checkpoint = checkpoint
        self._tables: OrderedDict[str, _Rebuilt] = OrderedDict()
        self._lock = threading.Lock()

    def state_at(self, table: Table, step: int) -> State:
        """The state after the first ``step`` actions of a finished table (``0 <= step <= steps``)."""
        with self._lock:
            rebuilt = self._tables.get(table.id)
            if rebuilt is None:
                record = table.state.record()
                start = new_game(record["game"], players=record["players"], variant=record["variant"],
                                 seed=record["seed"], **record["options"])
                rebuilt = _Rebuilt(actions=[(seat, text) for seat, text in record["actions"]], states={0: start})
                self._tables[table.id] = rebuilt
                while len(self._tables) > self.size:
                    self._tables.popitem(last=False)
            else:
                self._tables.move_to_end(table.id)
            return self._walk(rebuilt, step)

    def _walk(self, rebuilt: _Rebuilt, step: int) -> State:
        state = rebuilt.states.get(step)
        if state is None:
            at = max(known for known in rebuilt.states if known <= step)
            state = rebuilt.states[at].clone()
            for position in range(at, step):
                seat, text = rebuilt.actions[position]
                state.apply(seat, text)
                if (position + 1) % self.checkpoint == 0 and position + 1 < step:
                    rebuilt.states[position + 1] = state.clone()
            rebuilt.states[step] = state
        # Kept: the start, every checkpoint and the step asked for last, from which the next step is near.
        old = rebuilt.cursor
        if old != step and old % self.checkpoint != 0:
            rebuilt.states.pop(old, None)
        rebuilt.cursor = step
        return state


def page(name: str, title: str) -> Response:
    """A page of the browser front-end, or a placeholder while it is not there."""
    path = STATIC / name
    if path.is_file():
        return FileResponse(path, media_type="text/html")
    return HTMLResponse(f"<!doctype html><title>{title}</title><p>{title}: the page is not installed; "
                        "the API is documented at <a href='/docs'>/docs</a>.</p>")


def create_app(database_url: str | None = None, *, bot_delay: float = 0.0, hint_bot: str = HINT_BOT,
               limits: BotLimits | None = None, bot_workers: int = 2, tables_per_minute: float = 0,
               idle_hours: float = IDLE_HOURS, now: Callable[[], datetime] | None = None,
               review_budget: int = REVIEW_BUDGET, bot_tables_per_client: int = 0) -> FastAPI:
    """The server: ``database_url`` is any SQLAlchemy URL (default: SQLite in the user's data directory).

    ``bot_delay`` is a pause, in seconds, before each bot move, so that people can follow the play;
    ``hint_bot`` is the bot kind that answers hints; ``limits`` caps every bot's thinking, which runs in
    ``bot_workers`` processes; ``tables_per_minute`` limits table creation per client address (0, the
    default for an embedded app, is no limit; ``parlour serve`` sets one); a table untouched for
    ``idle_hours`` leaves the lobby's listing; ``now`` is the clock's time source (UTC; tests move one on);
    ``review_budget`` is the coach's search iterations a decision when a finished game is reviewed;
    ``bot_tables_per_client`` bounds the tables of bots alone one client address may have in play at once (0,
    the default for an embedded app, is no bound; ``parlour serve`` sets one).
    Raises ``StoreUnavailable`` (naming the database) if the database cannot be opened.
    """
    store = Store(database_url)
    limits = limits or BotLimits()
    manager = TableManager(store, bot_delay=bot_delay, hint_bot=hint_bot, limits=limits, bot_workers=bot_workers,
                           idle_hours=idle_hours, bot_tables_per_client=bot_tables_per_client,
                           **({"now": now} if now is not None else {}))
    replays = ReplayCache()
    reviews = Reviews(manager.pool, review_budget)
    creation = CreationLimit(store, tables_per_minute)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await manager.start()
        try:
            yield
        finally:
            reviews.close()          # first: a backlog of reviews must not hold up the shutdown
            await manager.stop()
            store.close()

    app = FastAPI(title="Parlour", version=__version__, lifespan=lifespan,
                  description="Play traditional card games exactly by their rules: list the games, create a "
                              "table, read a seat's view, send actions. Every answer to a seat is built from "
                              "that seat's view alone.")
    app.state.manager = manager
    app.state.store = store
    app.state.replays = replays
    app.add_middleware(SecurityHeaders)

    # --- errors --------------------------------------------------------------------------------------
    @app.exception_handler(errors.ApiError)
    async def api_error(_request: Request, exc: errors.ApiError) -> Response:
        retry = exc.details.get("retry_after")
        return JSONResponse(exc.to_dict(), status_code=exc.status,
                            headers={"Retry-After": str(retry)} if retry is not None else None)

    @app.exception_handler(RequestValidationError)
    async def invalid_body(_request: Request, exc: RequestValidationError) -> Response:
        return JSONResponse(errors.MalformedRequest(describe_validation(exc.errors())).to_dict(), status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> Response:
        name = HTTP_ERRORS.get(exc.status_code, "HttpError")
        return JSONResponse({"error": name, "message": str(exc.detail)}, status_code=exc.status_code,
                            headers=exc.headers)

    @app.exception_handler(Exception)
    async def internal_error(_request: Request, exc: Exception) -> Response:
        # A bug of ours: logged in full, answered without details. Every change is made on a clone and
        # swapped in last, so nothing was changed.
        logger.error("unexpected error", exc_info=exc)
        return JSONResponse(errors.InternalError("the server failed; nothing was changed").to_dict(),
                            status_code=500)

    # --- pages ---------------------------------------------------------------------------------------
    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")

    @app.get("/", include_in_schema=False)
    def lobby() -> Response:
        return page("index.html", "Parlour")

    @app.get("/table/{table_id}", include_in_schema=False)
    def table_page(table_id: str) -> Response:
        return page("table.html", "Parlour table")

    @app.get("/replay/{table_id}", include_in_schema=False)
    def replay_page(table_id: str) -> Response:
        return page("replay.html", "Parlour replay")

    # --- games and bots -----------------------------------------------------------------------------
    @app.get("/api/games", response_model=list[GameOut], summary="Every game, its players, variants and options")
    def list_games() -> list[dict[str, Any]]:
        return [game_entry(info) for info in games()]

    @app.get("/api/games/{game_id}/rules", response_model=RulesOut, summary="A game's rules, for the table",
             responses=refusals(errors.NotFound))
    def get_rules(game_id: str) -> dict[str, Any]:
        """The summary of ``parlour rules GAME`` and the choices the game makes where its texts are silent."""
        return rules_of(game_id)

    @app.get("/api/bots", response_model=BotsOut, summary="The bot kinds a seat may hold, and this server's limits",
             responses=refusals(errors.NotFound))
    def list_bots(game: Annotated[str | None, Query(max_length=64)] = None) -> dict[str, Any]:
        """Which bots play which game here (``parlour.bots.kinds_for``: the games each plays and what it needs
        installed), of the kinds this server seats; ``?game=`` asks about one game."""
        known = [info.id for info in games()]
        if game is not None and game not in known:
            raise errors.NotFound(f"no game {game!r}; the games are: {', '.join(known)}")
        served = bot_kinds()
        by_game = {g: [kind for kind in kinds_for(g) if kind in served] for g in ([game] if game else known)}
        return {"kinds": by_game[game] if game else list(served), "games": by_game, "levels": list(LEVEL_NAMES),
                "strengths": BOT_STRENGTHS, "max_seconds": limits.max_seconds, "max_iterations": limits.max_iterations}

    # --- tables --------------------------------------------------------------------------------------
    @app.post("/api/tables", status_code=201, response_model=CreatedOut, response_model_exclude_none=True,
              summary="Create a table", responses=refusals(errors.MalformedRequest, errors.TooManyRequests))
    async def create_table(body: CreateTableIn, request: Request) -> dict[str, Any]:
        """Seats are 'human' (yours: the answer holds its credential), 'open' (a friend's: share its url,
        which carries an invitation the first visitor exchanges for the seat) or a bot kind. Keep the
        credentials and the host token: they are not shown again."""
        if len(json.dumps(body.options)) > MAX_OPTIONS_JSON:
            raise errors.MalformedRequest("the options are too long")
        address = client_address(request)
        creation.take(address)
        made = await manager.create(body.game, body.players, body.variant, body.options, body.seats, body.seed,
                                    body.private, body.name, guide=body.guide, clock=body.clock, client=address,
                                    deal_pause=body.deal_pause)
        return created_answer(made)

    @app.post("/api/tables/{table_id}/rematch", status_code=201, response_model=CreatedOut,
              response_model_exclude_none=True, summary="The same table again, on a new deal (the host)",
              responses=refusals(errors.MalformedRequest, errors.Unauthorized, errors.NotFound, errors.GameNotOver,
                                 errors.TooManyRequests))
    async def post_rematch(table_id: str, request: Request, body: RematchIn | None = None,
                           x_host_token: HOST_TOKEN = None) -> dict[str, Any]:
        """Once the game is over: a new table with the same game, variant, options and seats, on a new seed.
        Your own seats are yours again; friends' seats get new links to send them; bots stay."""
        table = manager.get(table_id)
        manager.authorize_host(table, x_host_token)
        address = client_address(request)
        creation.take(address)
        return created_answer(await manager.rematch(table, body.name if body is not None else None, address))

    @app.post("/api/tables/{table_id}/rematch/join", response_model=RejoinedOut,
              summary="Take your seat at the rematch of a finished table",
              responses=refusals(errors.MalformedRequest, errors.Unauthorized, errors.NotFound, errors.SeatTaken,
                                 errors.GameOver))
    async def post_rematch_join(table_id: str, body: RejoinIn, x_seat_token: TOKEN = None) -> dict[str, Any]:
        """Your credential for a seat of this table seats you at the same seat of the rematch its host started
        (a friend's seat, unless its link seated someone first): the answer is your credential there."""
        table = manager.get(table_id)
        manager.authorize(table, body.seat, x_seat_token)
        new, credential = await manager.join_rematch(table, body.seat, body.name)
        return {"table_id": new.id, "seat": body.seat, "token": credential}

    def created_answer(made: Created) -> dict[str, Any]:
        """A new table's answer: each seat with its credential or invitation, given this once."""
        table = made.table
        seats = []
        for seat in table.seats:
            entry: dict[str, Any] = {"seat": seat.seat, "kind": seat.kind}
            if seat.seat in made.tokens:
                entry.update(token=made.tokens[seat.seat], url=f"/table/{table.id}?seat={seat.seat}")
            elif seat.seat in made.invites:
                entry.update(invite=made.invites[seat.seat], url=invite_url(table.id, seat.seat,
                                                                            made.invites[seat.seat]))
            seats.append(entry)
        return {"table_id": table.id, "game": table.game, "seats": seats, "spectator_url": f"/table/{table.id}",
                "host_token": made.host_token}

    @app.get("/api/tables", response_model=list[TableSummaryOut],
             summary="The public tables in play, newest first (finished, closed, private and long-idle ones are "
                     "not listed, but stay reachable by id)")
    async def list_tables() -> list[dict[str, Any]]:
        return manager.listing()

    @app.get("/api/tables/{table_id}", response_model=TableOut, summary="A table's game and seats",
             responses=refusals(errors.NotFound, errors.TableUnavailable))
    async def get_table(table_id: str) -> dict[str, Any]:
        return manager.get(table_id).describe()

    @app.post("/api/tables/{table_id}/claim", response_model=ClaimedOut, summary="Take a friend's seat by its "
              "invitation", responses=refusals(errors.MalformedRequest, errors.Unauthorized, errors.NotFound,
                                               errors.SeatTaken, errors.GameOver))
    async def post_claim(table_id: str, body: ClaimIn) -> dict[str, Any]:
        """The first to present a seat's invitation holds the seat: the answer is its credential. Anyone
        after is told the seat is taken (and may watch)."""
        table = manager.get(table_id)
        return {"seat": body.seat, "token": await manager.claim(table, body.seat, body.invite, body.name)}

    @app.post("/api/tables/{table_id}/name", response_model=NamedOut, summary="Give your seat your name",
              responses=refusals(errors.MalformedRequest, errors.Unauthorized, errors.NotFound))
    async def post_name(table_id: str, body: NameIn, x_seat_token: TOKEN = None) -> dict[str, Any]:
        """The name everyone at the table sees for your seat: 1 to 24 printable characters, trimmed."""
        table = manager.get(table_id)
        credential = manager.authorize(table, body.seat, x_seat_token)
        return {"seat": body.seat, "name": await manager.rename(table, body.seat, body.name, credential)}

    @app.post("/api/tables/{table_id}/chat", response_model=ChatOut, summary="Say something to the table",
              responses=refusals(errors.MalformedRequest, errors.Unauthorized, errors.NotFound,
                                 errors.ChatUnavailable, errors.TooManyRequests))
    async def post_chat(table_id: str, body: ChatIn, x_seat_token: TOKEN = None) -> dict[str, Any]:
        """Where at least two people sit: the message is kept with the table and pushed on the websocket
        (``{"type": "chat", ...}``) to every watcher. A few messages a seat every few seconds."""
        table = manager.get(table_id)
        credential = manager.authorize(table, body.seat, x_seat_token)
        return await manager.chat(table, body.seat, body.text, credential)

    @app.get("/api/tables/{table_id}/chat", response_model=list[ChatOut], summary="The table's chat, oldest first",
             responses=refusals(errors.NotFound))
    async def get_chat(table_id: str) -> list[dict[str, Any]]:
        """The last 100 messages: anyone who may watch the table may read them."""
        return manager.chat_log(manager.get(table_id))

    @app.post("/api/tables/{table_id}/leave", status_code=204, summary="Get up from your seat",
              responses=refusals(errors.MalformedRequest, errors.Unauthorized, errors.NotFound, errors.GameOver))
    async def post_leave(table_id: str, body: SeatIn, x_seat_token: TOKEN = None) -> Response:
        """The seat is open again (its link seats the next person) and the table is told; your credential
        for it stops working."""
        table = manager.get(table_id)
        credential = manager.authorize(table, body.seat, x_seat_token)
        await manager.leave(table, body.seat, credential)
        return Response(status_code=204)

    @app.post("/api/tables/{table_id}/reopen", response_model=InviteOut, summary="Give a seat a new invitation "
              "(the host)", responses=refusals(errors.MalformedRequest, errors.Unauthorized, errors.NotFound,
                                              errors.GameOver, errors.ReopenUnavailable))
    async def post_reopen(table_id: str, body: SeatIn, x_host_token: HOST_TOKEN = None) -> dict[str, Any]:
        """Whoever held the seat is put out; the answer's link seats the next person to open it."""
        table = manager.get(table_id)
        manager.authorize_host(table, x_host_token)
        invite = await manager.reopen(table, body.seat)
        return {"seat": body.seat, "invite": invite, "url": invite_url(table.id, body.seat, invite)}

    @app.post("/api/tables/{table_id}/close", response_model=TableOut, summary="Close the table (the host)",
              responses=refusals(errors.Unauthorized, errors.NotFound))
    async def post_close(table_id: str, x_host_token: HOST_TOKEN = None) -> dict[str, Any]:
        """Play stops for good; the table leaves the lobby, and its record and replay are given."""
        table = manager.get(table_id)
        manager.authorize_host(table, x_host_token)
        return await manager.close(table)

    @app.get("/api/tables/{table_id}/view", response_model=ViewOut, summary="A seat's view, or a spectator's",
             responses=refusals(errors.MalformedRequest, errors.Unauthorized, errors.NotFound))
    async def get_view(table_id: str, x_seat_token: TOKEN = None,
                       seat: Annotated[int | None, Query(description="omit for the spectator's view")] = None,
                       ) -> Response:
        table = manager.get(table_id)
        if seat is not None:
            manager.authorize(table, seat, x_seat_token)
        return json_text(table.payload_text(seat))

    @app.post("/api/tables/{table_id}/actions", response_model=ViewOut, summary="Act for a seat",
              responses=refusals(errors.MalformedRequest, errors.Unauthorized, errors.NotFound,
                                 errors.StaleStateId, errors.InactivePlayer, errors.GameOver, errors.TableClosed,
                                 errors.InvalidMove))
    async def post_action(table_id: str, body: ActionIn, x_seat_token: TOKEN = None) -> Response:
        """The action must be chosen against the table's current version; the answer is the seat's new view.
        Bots then move on the server; read the view again or listen on the websocket."""
        table = manager.get(table_id)
        credential = manager.authorize(table, body.seat, x_seat_token)
        return json_text(await manager.act(table, body.seat, body.version, body.action, credential))

    @app.post("/api/tables/{table_id}/claim-tricks", response_model=ClaimTricksOut,
              summary="Claim the rest of the deal's tricks",
              responses=refusals(errors.MalformedRequest, errors.Unauthorized, errors.NotFound,
                                 errors.StaleStateId, errors.InactivePlayer, errors.GameOver, errors.TableClosed,
                                 errors.ClaimUnavailable))
    async def post_claim_tricks(table_id: str, body: ClaimTricksIn, x_seat_token: TOKEN = None) -> dict[str, Any]:
        """The seat to lead (its view's 'claimable') claims every trick still to play, or every card point
        (none where taking is bad). The open-hand solver checks it against every defence: accepted, the rest
        is played out at once as ordinary plays; refused, nothing changes and 'line' is the defence that
        beats it."""
        table = manager.get(table_id)
        credential = manager.authorize(table, body.seat, x_seat_token)
        return await manager.claim_tricks(table, body.seat, body.version, credential)

    @app.post("/api/tables/{table_id}/next-deal", response_model=ViewOut, summary="Say you have seen the deal "
              "that ended", responses=refusals(errors.MalformedRequest, errors.Unauthorized, errors.NotFound,
                                             errors.InactivePlayer, errors.GameOver, errors.TableClosed))
    async def post_next_deal(table_id: str, body: SeatIn, x_seat_token: TOKEN = None) -> Response:
        """Where people sit, the server holds each finished deal until every person seated has said this (or
        the host's pause has run out): no bot plays and no person acts in the next deal meanwhile. Saying it
        again changes nothing; where the table waits for no one it is refused. The answer is the seat's view,
        whose 'pause' says whom the table still waits for."""
        table = manager.get(table_id)
        credential = manager.authorize(table, body.seat, x_seat_token)
        return json_text(await manager.next_deal(table, body.seat, credential))

    @app.post("/api/tables/{table_id}/hint", response_model=HintOut, summary="Suggest an action for a seat",
              responses=refusals(errors.MalformedRequest, errors.Unauthorized, errors.NotFound,
                                 errors.InactivePlayer, errors.GameOver, errors.HintUnavailable))
    async def post_hint(table_id: str, body: SeatIn, x_seat_token: TOKEN = None) -> dict[str, Any]:
        """A short IS-MCTS search from the seat's own view: it knows no more than the seat. Only when every
        other seat is a bot, as for undo."""
        table = manager.get(table_id)
        credential = manager.authorize(table, body.seat, x_seat_token)
        return await manager.hint(table, body.seat, credential)

    @app.post("/api/tables/{table_id}/undo", response_model=ViewOut, summary="Take back a seat's last action",
              responses=refusals(errors.MalformedRequest, errors.Unauthorized, errors.NotFound,
                                 errors.UndoUnavailable))
    async def post_undo(table_id: str, body: SeatIn, x_seat_token: TOKEN = None) -> Response:
        """Only when every other seat is a bot: the seat's last action and the bots' after it are taken back."""
        table = manager.get(table_id)
        credential = manager.authorize(table, body.seat, x_seat_token)
        return json_text(await manager.undo(table, body.seat, credential))

    @app.get("/api/tables/{table_id}/record", summary="The game's record, once it is over or closed",
             responses=refusals(errors.NotFound, errors.GameNotOver))
    async def get_record(table_id: str) -> dict[str, Any]:
        """A record that ``parlour replay`` reads. It holds the seed, so it is refused while the game runs."""
        return manager.record(manager.get(table_id))

    @app.get("/api/tables/{table_id}/review", summary="The coach's review of a seat's decisions, once the game is over",
             responses=refusals(errors.MalformedRequest, errors.NotFound, errors.GameNotOver,
                                errors.ReviewUnavailable, errors.TooManyRequests))
    async def get_review(table_id: str, request: Request,
                         seat: Annotated[int, Query(description="whose decisions to review")]) -> Any:
        """Each decision of the seat (a move with more than one option), its options valued from that seat's
        information alone in the game's score units, the move played against the best and what it cost,
        mistakes marked (``parlour.bots.coach``). Any seat, without a token: the finished game's record is
        public. Worked out in the bots' workers once per table and seat, behind every live table's bots, then
        kept; abandoned if every client asking for it goes; a client waits for at most two at a time."""
        table = manager.get(table_id)
        return await while_connected(request, reviews.of(table, seat, client_address(request)))

    @app.get("/api/tables/{table_id}/replay", response_model=ReplayOut, summary="A finished game, step by step",
             responses=refusals(errors.MalformedRequest, errors.NotFound, errors.GameNotOver))
    async def get_replay(table_id: str,
                         step: Annotated[int, Query(description="how many actions to apply, 0 to the game's length")],
                         seat: Annotated[int | None, Query(description="whose view; omit for the spectator's")] = None,
                         ) -> dict[str, Any]:
        """The view of a seat (or a spectator) after the first ``step`` actions, rebuilt from the game's
        seed and actions. Only once the game is over (or closed), as it shows every hand; then any seat may
        be looked through, without a token."""
        table = manager.get(table_id)
        state = table.state
        if not table.finished:
            raise errors.GameNotOver("a replay is given once the game is over: it shows every hand")
        history = state.history
        if not 0 <= step <= len(history):
            raise errors.MalformedRequest(f"no step {step}: the steps are 0 to {len(history)}")
        if seat is not None and not 0 <= seat < state.players:
            raise errors.MalformedRequest(f"no seat {seat}: seats are 0 to {state.players - 1}")
        rebuilt = replays.state_at(table, step)
        # The step's action as the chosen seat was shown it (a partner's signal stays the partner's).
        text = state.action_text_for(step - 1, seat) if step else None
        action = f"seat {history[step - 1][0]}: {text}" if text is not None else None
        return {"table_id": table.id, "step": step, "steps": len(history), "seat": seat, "action": action,
                "view": rebuilt.view(seat).to_dict()}

    # --- the websocket -------------------------------------------------------------------------------
    @app.websocket("/ws/tables/{table_id}")
    async def socket(websocket: WebSocket, table_id: str) -> None:
        """The first message says who is watching: ``{"type": "hello", "seat": S, "token": T}`` (or just
        ``{"type": "hello"}`` for a spectator), so that no credential is in the URL. Then the seat's view is
        pushed (``{"type": "view", ...}``, as GET view) now and after every change,
        ``{"type": "seats", "seats": [...]}`` when a seat is claimed or reopened, and ``{"type": "rematch",
        "rematch": {...}}`` (as the view's ``rematch``, for the seat) when the host starts one; the socket takes
        ``{"type": "action", "version", "action"}`` and answers refusals with ``{"type": "error", ...}``."""
        await websocket.accept()
        try:
            table = manager.get(table_id)
            seat, credential = await _hello(manager, table, websocket)
        except errors.ApiError as exc:
            await _farewell(websocket, exc)
            return
        except (TimeoutError, WebSocketDisconnect):
            with contextlib.suppress(Exception):
                await websocket.close(code=4408)
            return
        subscriber = await manager.subscribe(table, seat, credential)
        sender = asyncio.create_task(_pump(websocket, subscriber))
        try:
            # Until the client goes or the watcher is dropped (its seat reopened or left, or the client too slow
            # to read): the pump then sends the reason and closes, and the next message ends the handler.
            # Meanwhile every action is refused anyway: its credential no longer holds the seat.
            while subscriber.dropped is None:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                try:
                    await _socket_action(manager, table, subscriber, _message_text(message))
                except errors.ApiError as exc:
                    subscriber.put_error(exc)
                except Exception:
                    logger.exception("websocket message on table %s", table.id)
                    subscriber.put_error(errors.InternalError("the server failed; nothing was changed"))
        finally:
            manager.unsubscribe(table, subscriber)
            if subscriber.dropped is not None:
                await asyncio.wait({sender}, timeout=2 * FAREWELL_SECONDS)   # its last words and the close
            sender.cancel()
            await asyncio.gather(sender, return_exceptions=True)

    return app


def invite_url(table_id: str, seat: int, invite: str) -> str:
    """A friend's seat's link: the invitation in the fragment, which a browser never sends to a server."""
    return f"/table/{table_id}?seat={seat}#invite={invite}"


def close_code(error: errors.ApiError) -> int:
    """The websocket close code of a refusal: 4000 plus its HTTP status (4401, 4409, 4429...)."""
    return 4000 + error.status


async def _farewell(websocket: WebSocket, error: errors.ApiError) -> None:
    """Refuse a socket: the reason, then the close, neither waited for longer than ``FAREWELL_SECONDS``."""
    with contextlib.suppress(Exception):
        async with asyncio.timeout(FAREWELL_SECONDS):
            await websocket.send_json({"type": "error", **error.to_dict()})
        async with asyncio.timeout(FAREWELL_SECONDS):
            await websocket.close(code=close_code(error))


async def _pump(websocket: WebSocket, subscriber: Subscriber) -> None:
    """Send the watcher's outbox in order; once it is dropped and its last message (the reason) sent, close
    the socket with the reason's code, not waiting longer than ``FAREWELL_SECONDS`` for a client that does
    not read."""
    while (message := await subscriber.next()) is not None:
        await websocket.send_text(message)
    if subscriber.dropped is not None:
        with contextlib.suppress(Exception):
            async with asyncio.timeout(FAREWELL_SECONDS):
                await websocket.close(code=close_code(subscriber.dropped))


def _message_text(message: MutableMapping[str, Any]) -> str:
    """A websocket message's text, a binary one read as UTF-8 (whatever cannot be read becomes U+FFFD)."""
    text = message.get("text")
    if text is None:
        text = (message.get("bytes") or b"").decode("utf-8", "replace")
    return str(text)


async def _hello(manager: TableManager, table: Table, websocket: WebSocket) -> tuple[int | None, str | None]:
    """Read the socket's first message (text or binary): the seat it watches and its credential's digest."""
    async with asyncio.timeout(HELLO_SECONDS):
        received = await websocket.receive()
    if received["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(received.get("code", 1000))
    try:
        hello = HelloIn.model_validate_json(_message_text(received))
    except ValidationError as exc:
        raise errors.MalformedRequest("the first message must be {\"type\": \"hello\", \"seat\", \"token\"}: "
                                      + describe_validation(exc.errors())) from None
    if hello.seat is None:
        return None, None
    return hello.seat, manager.authorize(table, hello.seat, hello.token)


async def _socket_action(manager: TableManager, table: Table, subscriber: Subscriber, text: str) -> None:
    """An action sent on the socket, in the name of the credential the socket said hello with: if that no
    longer holds the seat when the action is applied, it is refused (``TableManager.act``)."""
    try:
        message = SocketActionIn.model_validate_json(text)
    except ValidationError as exc:
        raise errors.MalformedRequest(describe_validation(exc.errors())) from None
    if subscriber.seat is None or subscriber.credential is None:
        raise errors.Unauthorized("a spectator cannot act: connect with a seat and its token")
    await manager.act(table, subscriber.seat, message.version, message.action, subscriber.credential)
