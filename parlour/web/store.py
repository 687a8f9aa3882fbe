"""Storage: every table, its seats and its actions, in one SQL database through SQLAlchemy.

The default is an embedded SQLite file in the user's data directory, so that ``parlour serve`` needs no
database server; any SQLAlchemy URL (``sqlite:///path``, ``postgresql+psycopg://...``) may be given instead.

A table is stored as the record would hold it (game, players, variant, options, seed) with one row per
action, ``(table, position, seat, notation)``: replaying the actions rebuilds the live state exactly, so the
database never holds a pickled state that a new Parlour could not read, and an action costs one small
``INSERT`` and one ``UPDATE`` of the table's version, not a rewrite of the whole game. Seats keep only
SHA-256 digests of their credentials: a stolen database file lets no one sit down at a table.

Every write names the version it expects (``WHERE version = :expected``): two server processes on one
database can never fork a game, and the loser of a race learns it (``StoreConflict``) and catches up. On
PostgreSQL each write also sends ``NOTIFY parlour`` in its transaction, which other processes listen for
(``Listener``), and one process at a time holds an advisory lock that makes it the one that moves the bots.

Reading is defensive: a row that cannot be read (bad JSON, an impossible date, a missing seat) is reported
as ``Unreadable`` for that table alone, so one damaged row never keeps the others offline.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Connection,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    String,
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.pool import StaticPool

logger = logging.getLogger("parlour.web")

DATABASE_FILE = "parlour.sqlite3"
CHANNEL = "parlour"                 # the NOTIFY channel of table changes
BOT_MASTER_LOCK = 0x5061726C6F7572  # "Parlour": the advisory lock whose holder moves the bots
NAME_LENGTH = 24                    # the longest name a person may give their seat
CHAT_LENGTH = 200                   # the longest chat message


def default_database_url() -> str:
    """An SQLite file in the user's data directory (created if missing)."""
    import platformdirs

    folder = Path(platformdirs.user_data_dir("parlour"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / DATABASE_FILE}"


def token_hash(token: str) -> str:
    """What the database keeps of a credential. Credentials are long random strings, so a plain SHA-256
    (rather than a slow password hash) already makes the digest useless to a reader of the file."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "parlour_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    variant: Mapped[str | None] = mapped_column(String(64), nullable=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_active: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    version: Mapped[int] = mapped_column(Integer)
    # Changes that added no action: undos (each with the actions it took back) and closing. Kept so that
    # version == actions + rewound can be checked when the table is read back.
    rewound: Mapped[int] = mapped_column(Integer, default=0)
    is_over: Mapped[bool] = mapped_column(Boolean)
    closed: Mapped[bool] = mapped_column(Boolean, default=False)
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    stacked: Mapped[bool] = mapped_column(Boolean, default=False)   # the creator chose the seed or the deal
    guide: Mapped[bool] = mapped_column(Boolean, default=False)     # a guided first deal
    host_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class SeatRow(Base):
    __tablename__ = "parlour_seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("parlour_tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)    # the holder's credential
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)   # an unclaimed invitation
    name: Mapped[str | None] = mapped_column(String(NAME_LENGTH), nullable=True)  # the person's, as they typed it


class ActionRow(Base):
    __tablename__ = "parlour_actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("parlour_tables.id", ondelete="CASCADE"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    notation: Mapped[str] = mapped_column(String(256))


class ChatRow(Base):
    __tablename__ = "parlour_chat"

    table_id: Mapped[str] = mapped_column(ForeignKey("parlour_tables.id", ondelete="CASCADE"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str | None] = mapped_column(String(NAME_LENGTH), nullable=True)
    text: Mapped[str] = mapped_column(String(CHAT_LENGTH))


@dataclass
class StoredSeat:
    seat: int
    kind: str
    token_hash: str | None = None
    invite_hash: str | None = None
    name: str | None = None


@dataclass
class StoredTable:
    """A table as the database holds it, detached from any session."""

    id: str
    game: str
    players: int
    variant: str | None
    options: dict[str, Any]
    seed: int
    created: datetime
    actions: list[list[Any]] = field(default_factory=list)
    version: int = 0
    is_over: bool = False
    seats: list[StoredSeat] = field(default_factory=list)
    rewound: int = 0
    closed: bool = False
    private: bool = False
    stacked: bool = False
    guide: bool = False
    host_hash: str | None = None
    last_active: datetime | None = None


class StoreConflict(RuntimeError):
    """The row was not at the version this server expected: another process wrote to the same table."""


class Unreadable(ValueError):
    """One table's rows cannot be read back; the message says which field and why."""


class StoreUnavailable(RuntimeError):
    """The database itself cannot be opened or read: the message names it and says why."""


class Store:
    """The tables of one database."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_database_url()
        self.sender = ""            # this process's mark on its notifications, so it can skip its own
        try:
            self.engine = _engine(self.url)
            with self.engine.begin() as connection:
                Base.metadata.create_all(connection)
                _adopt_first_schema(connection)
                _add_new_columns(connection)
                connection.execute(select(func.count()).select_from(TableRow)).scalar()
        except SQLAlchemyError as exc:
            raise StoreUnavailable(f"cannot open the database {self.display_url}: {_reason(exc)}") from None
        self.notifies = self.engine.dialect.name == "postgresql"
        self._master: Connection | None = None
        self._fast = _DriverWrites(self.engine)
        self._append_sql = _driver_sql(self.engine, [
            "UPDATE parlour_tables SET version = :version, is_over = :is_over, last_active = :now "
            "WHERE id = :id AND version = :expected",
            "INSERT INTO parlour_actions (table_id, position, seat, notation) "
            "VALUES (:id, :position, :seat, :notation)",
        ] + (["SELECT pg_notify(:channel, :payload)"] if self.notifies else []))

    @property
    def display_url(self) -> str:
        """The URL without its password, for printing; for SQLite, the file."""
        parsed = make_url(self.url)
        if parsed.get_backend_name() == "sqlite":
            return f"file {parsed.database}" if parsed.database not in (None, "", ":memory:") else "in memory"
        return parsed.render_as_string(hide_password=True)

    # --- writing ------------------------------------------------------------------------------------
    def add(self, table: StoredTable) -> None:
        with self.engine.begin() as connection:
            connection.execute(insert(TableRow).values(
                id=table.id, game=table.game, players=table.players, variant=table.variant, options=table.options,
                seed=table.seed, created=table.created, last_active=table.last_active or table.created,
                version=table.version, rewound=table.rewound, is_over=table.is_over, closed=table.closed,
                private=table.private,
                stacked=table.stacked, guide=table.guide, host_hash=table.host_hash))
            connection.execute(insert(SeatRow), [
                {"table_id": table.id, "seat": s.seat, "kind": s.kind, "token_hash": s.token_hash,
                 "invite_hash": s.invite_hash, "name": s.name} for s in table.seats])
            if table.actions:
                connection.execute(insert(ActionRow), [
                    {"table_id": table.id, "position": n, "seat": seat, "notation": notation}
                    for n, (seat, notation) in enumerate(table.actions)])
            self._notify(connection, table.id)

    def append_action(self, table_id: str, position: int, seat: int, notation: str, *, version: int,
                      is_over: bool, expected_version: int, now: datetime) -> None:
        """Add one action at ``position``; refused (``StoreConflict``) unless the row is still at
        ``expected_version``, so two servers on one database cannot fork a game.

        The server's hottest write, so it goes straight to the driver with two prepared statements: built
        through SQLAlchemy's expressions it cost more CPU than everything else an action does."""
        params = {"id": table_id, "position": position, "seat": seat, "notation": notation, "version": version,
                  "is_over": is_over, "expected": expected_version, "now": _stored_time(now, self.notifies),
                  "channel": CHANNEL, "payload": f"{self.sender} {table_id}"}
        self._fast.run(self._append_sql, params, table_id, expected_version)

    def truncate_actions(self, table_id: str, keep: int, *, taken_back: int, version: int, expected_version: int,
                         now: datetime) -> None:
        """Keep the first ``keep`` actions (an undo taking back ``taken_back``), under the same version check."""
        with self.engine.begin() as connection:
            self._advance(connection, table_id, expected_version, version=version, is_over=False, last_active=now,
                          rewound=TableRow.rewound + taken_back + 1)
            connection.execute(delete(ActionRow).where(ActionRow.table_id == table_id, ActionRow.position >= keep))
            self._notify(connection, table_id)

    def close_table(self, table_id: str, *, version: int, expected_version: int, now: datetime) -> None:
        with self.engine.begin() as connection:
            self._advance(connection, table_id, expected_version, version=version, closed=True, last_active=now,
                          rewound=TableRow.rewound + 1)
            self._notify(connection, table_id)

    def set_seat(self, table_id: str, seat: int, *, kind: str | None = None, token_hash: str | None,
                 invite_hash: str | None, name: str | None = None,
                 expected: tuple[str | None, str | None] | None = None) -> bool:
        """Give a seat new credentials (and its holder's name, none for a seat nobody holds). With
        ``expected`` (the digests it must still hold), the change is made only if no one else changed them
        first; answers whether it was made."""
        values: dict[str, Any] = {"token_hash": token_hash, "invite_hash": invite_hash, "name": name}
        if kind is not None:
            values["kind"] = kind
        statement = update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat).values(**values)
        if expected is not None:
            statement = statement.where(_is(SeatRow.token_hash, expected[0]), _is(SeatRow.invite_hash, expected[1]))
        with self.engine.begin() as connection:
            changed = connection.execute(statement).rowcount == 1
            if changed:
                self._notify(connection, table_id)
        return changed

    @staticmethod
    def _advance(connection: Connection, table_id: str, expected_version: int, **values: Any) -> None:
        statement = (update(TableRow).where(TableRow.id == table_id, TableRow.version == expected_version)
                     .values(**values))
        if connection.execute(statement).rowcount != 1:
            raise StoreConflict(f"table {table_id} is no longer at version {expected_version} in the database")

    def _notify(self, connection: Connection, table_id: str) -> None:
        if self.notifies:
            connection.execute(text("SELECT pg_notify(:channel, :payload)"),
                               {"channel": CHANNEL, "payload": f"{self.sender} {table_id}"})

    def add_chat(self, table_id: str, seat: int, name: str | None, text_: str) -> int:
        """Keep one chat message at the table's next position; answers the position."""
        with self.engine.begin() as connection:
            position = connection.scalar(select(func.coalesce(func.max(ChatRow.position) + 1, 0))
                                         .where(ChatRow.table_id == table_id))
            connection.execute(insert(ChatRow).values(table_id=table_id, position=position, seat=seat, name=name,
                                                      text=text_))
        return int(position or 0)

    def chat(self, table_id: str, limit: int) -> list[dict[str, Any]]:
        """The table's last ``limit`` chat messages, oldest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(ChatRow.position, ChatRow.seat, ChatRow.name, ChatRow.text)
                                      .where(ChatRow.table_id == table_id)
                                      .order_by(ChatRow.position.desc()).limit(limit)).mappings().all()
        return [dict(row) for row in reversed(rows)]

    # --- reading ------------------------------------------------------------------------------------
    def live_ids(self) -> list[str]:
        """The tables still in play (neither over nor closed), oldest first: those a server resumes."""
        try:
            with self.engine.connect() as connection:
                return list(connection.scalars(select(TableRow.id).where(TableRow.is_over.is_(False),
                                                                         TableRow.closed.is_(False))
                                               .order_by(TableRow.id)))
        except SQLAlchemyError as exc:
            raise StoreUnavailable(f"cannot read the tables of {self.display_url}: {_reason(exc)}") from None

    def version_of(self, table_id: str) -> int | None:
        with self.engine.connect() as connection:
            found = connection.scalar(select(TableRow.version).where(TableRow.id == table_id))
        return None if found is None else int(found)

    def load(self, table_id: str) -> StoredTable | None:
        """One table with its seats and actions; ``None`` if there is none; ``Unreadable`` if its rows
        are damaged. Read column by column as text, so that one bad value is named rather than crashing
        the query."""
        with self.engine.connect() as connection:
            row = connection.execute(select(*_raw(TableRow)).where(TableRow.id == table_id)).mappings().first()
            if row is None:
                return None
            seats = connection.execute(select(*_raw(SeatRow)).where(SeatRow.table_id == table_id)
                                       .order_by(SeatRow.seat)).mappings().all()
            actions = connection.execute(select(ActionRow.position, ActionRow.seat, ActionRow.notation)
                                         .where(ActionRow.table_id == table_id)
                                         .order_by(ActionRow.position)).all()
        return _parse_table(dict(row), [dict(s) for s in seats], [tuple(a) for a in actions])

    def listing(self, *, active_since: datetime, limit: int = 200) -> list[StoredTable]:
        """Public tables in play that someone touched since ``active_since``, newest first (without their
        actions). A damaged row is left out of the list."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(*_raw(TableRow)).where(TableRow.private.is_(False), TableRow.closed.is_(False),
                                              TableRow.is_over.is_(False), TableRow.last_active >= active_since)
                .order_by(TableRow.created.desc()).limit(limit)).mappings().all()
            ids = [row["id"] for row in rows]
            seats = connection.execute(select(*_raw(SeatRow)).where(SeatRow.table_id.in_(ids))
                                       .order_by(SeatRow.seat)).mappings().all() if ids else []
        by_table: dict[str, list[dict[str, Any]]] = {}
        for seat in seats:
            by_table.setdefault(seat["table_id"], []).append(dict(seat))
        out = []
        for row in rows:
            try:
                out.append(_parse_table(dict(row), by_table.get(row["id"], []), None))
            except Unreadable:
                continue
        return out

    # --- more than one process ----------------------------------------------------------------------
    def hold_bot_master(self) -> bool:
        """Whether this process moves the bots: on PostgreSQL, while it holds the advisory lock (tried
        again at each call, so another process takes over when the holder dies); on SQLite, always (one
        process per file)."""
        if not self.notifies:
            return True
        try:
            if self._master is not None:
                self._master.execute(text("SELECT 1"))
                return True
            connection = self.engine.connect()
            got = connection.scalar(text("SELECT pg_try_advisory_lock(:key)"), {"key": BOT_MASTER_LOCK})
            connection.commit()
            if got:
                self._master = connection
                return True
            connection.close()
        except SQLAlchemyError:
            logger.warning("the bot lock's connection to the database was lost")
            self._release_master()
        return False

    def _release_master(self) -> None:
        if self._master is not None:
            with contextlib.suppress(SQLAlchemyError):
                self._master.close()
            self._master = None

    def listener(self, on_change: Callable[[str, str], None]) -> Listener | None:
        """A thread that calls ``on_change(sender, table_id)`` for each table change any process made;
        ``None`` where the database cannot notify (SQLite: one process)."""
        if not self.notifies:
            return None
        return Listener(self.url, on_change)

    def close(self) -> None:
        self._release_master()
        self._fast.close()
        self.engine.dispose()


class _DriverWrites:
    """One pooled connection of the driver's own, for the statements of the hottest write. Used from the
    server's event loop thread only, like every write."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._connection: Any = None

    def run(self, statements: list[str], params: dict[str, Any], table_id: str, expected: int) -> None:
        if self._connection is None:
            self._connection = self.engine.raw_connection()
        connection = self._connection
        try:
            cursor = connection.cursor()
            try:
                cursor.execute(statements[0], params)
                if cursor.rowcount != 1:
                    raise StoreConflict(f"table {table_id} is no longer at version {expected} in the database")
                for statement in statements[1:]:
                    cursor.execute(statement, params)
            finally:
                cursor.close()
            connection.commit()
        except StoreConflict:
            connection.rollback()
            raise
        except Exception as exc:
            self.close()      # a broken connection is not reused; the pool gives a fresh one next time
            if isinstance(exc, SQLAlchemyError):
                raise
            raise _wrapped(exc) from exc

    def close(self) -> None:
        if self._connection is not None:
            with contextlib.suppress(Exception):
                self._connection.rollback()
            with contextlib.suppress(Exception):
                self._connection.close()
            self._connection = None


def _driver_sql(engine: Engine, statements: list[str]) -> list[str]:
    """``:name`` parameters in the driver's own style (sqlite3 takes them as they are; psycopg wants
    ``%(name)s``)."""
    import re

    if engine.dialect.name == "sqlite":
        return statements
    return [re.sub(r":(\w+)", r"%(\1)s", statement) for statement in statements]


def _stored_time(moment: datetime, aware: bool) -> Any:
    """A time as SQLAlchemy's DateTime stores it: SQLite keeps naive UTC text, PostgreSQL the time itself."""
    if aware:
        return moment
    return moment.astimezone(UTC).replace(tzinfo=None).strftime("%Y-%m-%d %H:%M:%S.%f")


def _wrapped(exc: Exception) -> SQLAlchemyError:
    """A driver's error in SQLAlchemy's clothing, so that callers catch one family of errors."""
    from sqlalchemy.exc import DBAPIError

    return DBAPIError(statement="(append an action)", params=None, orig=exc)


EVERY_TABLE = "*"      # what a Listener reports after news may have been missed: look at every table
RELISTEN_SECONDS = 1.0


class Listener:
    """``LISTEN parlour`` on a connection of its own, in a thread, for as long as the server runs.

    If the connection breaks (the database restarted), it connects again, and reports ``EVERY_TABLE``:
    whatever changed meanwhile was not heard, so every table must be compared with the database."""

    def __init__(self, url: str, on_change: Callable[[str, str], None]) -> None:
        self._conninfo = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        self._on_change = on_change
        self._stopped = threading.Event()
        self._connection = self._listen()
        self._thread = threading.Thread(target=self._run, name="parlour-listen", daemon=True)
        self._thread.start()

    def _listen(self) -> Any:
        import psycopg

        connection = psycopg.connect(self._conninfo, autocommit=True)
        connection.execute(f"LISTEN {CHANNEL}")
        return connection

    def _run(self) -> None:
        while not self._stopped.is_set():
            try:
                for note in self._connection.notifies(timeout=0.5, stop_after=64):
                    sender, _, table_id = note.payload.partition(" ")
                    self._on_change(sender, table_id)
            except Exception:
                if self._stopped.is_set():
                    return
                logger.warning("lost the database's notifications; listening again")
                self._relisten()

    def _relisten(self) -> None:
        with contextlib.suppress(Exception):
            self._connection.close()
        while not self._stopped.wait(RELISTEN_SECONDS):
            try:
                self._connection = self._listen()
            except Exception:
                continue
            self._on_change("", EVERY_TABLE)
            return

    def stop(self) -> None:
        self._stopped.set()
        self._thread.join(timeout=2)
        with contextlib.suppress(Exception):
            self._connection.close()


# --- reading rows defensively -------------------------------------------------------------------------------
_JSON_COLUMNS = {"options"}
_TIME_COLUMNS = {"created", "last_active"}


def _raw(model: type[Base]) -> list[Any]:
    """The model's columns, JSON and times read as plain text so that a damaged value is caught per row."""
    from sqlalchemy import String as Text
    from sqlalchemy import cast

    columns: list[Any] = []
    for column in inspect(model).columns:
        if column.key in _JSON_COLUMNS or column.key in _TIME_COLUMNS:
            columns.append(cast(column, Text).label(column.key))
        else:
            columns.append(column)
    return columns


def _parse_table(row: dict[str, Any], seats: list[dict[str, Any]],
                 actions: list[tuple[Any, ...]] | None) -> StoredTable:
    table_id = row["id"]
    try:
        options = json.loads(row["options"]) if row["options"] is not None else None
    except (TypeError, ValueError):
        raise Unreadable("its options are not JSON") from None
    if not isinstance(options, dict):
        raise Unreadable("its options are not a JSON object")
    stored = StoredTable(
        id=table_id, game=_field(row, "game", str), players=_field(row, "players", int),
        variant=row["variant"] if isinstance(row["variant"], str) else None, options=options,
        seed=_field(row, "seed", int), created=_time(row, "created"), version=_field(row, "version", int),
        rewound=_field(row, "rewound", int),
        is_over=bool(_field(row, "is_over", (bool, int))), closed=bool(row["closed"]), private=bool(row["private"]),
        stacked=bool(row["stacked"]), guide=bool(row.get("guide")), host_hash=row["host_hash"],
        last_active=_time(row, "last_active"))
    for seat in seats:
        name = seat.get("name")
        stored.seats.append(StoredSeat(_field(seat, "seat", int), _field(seat, "kind", str), seat.get("token_hash"),
                                       seat.get("invite_hash"), name if isinstance(name, str) else None))
    if actions is not None:
        for expected, (position, seat_number, notation) in enumerate(actions):
            if position != expected:
                raise Unreadable(f"its actions skip from {expected - 1} to {position}")
            stored.actions.append([seat_number, notation])
    return stored


def _field(row: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    value = row.get(name)
    if value is None or not isinstance(value, kind):
        raise Unreadable(f"its {name} is {'missing' if value is None else 'not ' + _kind_name(kind)}")
    return value


def _kind_name(kind: type | tuple[type, ...]) -> str:
    return kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)


def _time(row: dict[str, Any], name: str) -> datetime:
    raw = row.get(name)
    if not isinstance(raw, str):
        raise Unreadable(f"its {name} time is missing")
    try:
        moment = datetime.fromisoformat(raw.strip().replace(" ", "T", 1))
    except ValueError:
        raise Unreadable(f"its {name} time {raw[:40]!r} is not a time") from None
    # SQLite hands back the naive text it was given; every time stored here is UTC.
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _is(column: Any, value: str | None) -> Any:
    return column.is_(None) if value is None else column == value


def _reason(exc: SQLAlchemyError) -> str:
    """The driver's own words, without SQLAlchemy's statement dump and background link."""
    original = getattr(exc, "orig", None)
    return str(original if original is not None else exc).splitlines()[0]


# --- the first schema ----------------------------------------------------------------------------------------
def _adopt_first_schema(connection: Connection) -> None:
    """Copy tables from the first schema (``tables``/``seats``, actions as one JSON list) into this one,
    once, so that a server upgraded in place resumes its games. Rows that cannot be read are left behind."""
    names = set(inspect(connection).get_table_names())
    if "tables" not in names or connection.scalar(select(func.count()).select_from(TableRow)):
        return
    old_seats: dict[str, list[dict[str, Any]]] = {}
    if "seats" in names:
        for seat in connection.execute(text("SELECT table_id, seat, kind, token_hash FROM seats")).mappings():
            old_seats.setdefault(seat["table_id"], []).append(dict(seat))
    rows = connection.execute(text("SELECT id, game, players, variant, CAST(options AS TEXT) AS options, seed, "
                                   "CAST(created AS TEXT) AS created, CAST(actions AS TEXT) AS actions, version, "
                                   "is_over FROM tables")).mappings().all()
    for row in rows:
        try:
            actions = json.loads(row["actions"])
            created = _time(dict(row), "created")
            table = _parse_table({**row, "last_active": row["created"], "closed": False, "private": False,
                                  "stacked": False, "host_hash": None, "rewound": 0}, old_seats.get(row["id"], []),
                                 None)
            table.actions = [[int(seat), str(notation)] for seat, notation in actions]
            table.rewound = table.version - len(table.actions)
            table.created = table.last_active = created
        except (Unreadable, TypeError, ValueError) as exc:
            logger.warning("table %s of the first schema cannot be read (%s); it is not carried over", row["id"], exc)
            continue
        connection.execute(insert(TableRow).values(
            id=table.id, game=table.game, players=table.players, variant=table.variant, options=table.options,
            seed=table.seed, created=table.created, last_active=table.created, version=table.version,
            rewound=table.rewound, is_over=table.is_over, closed=False, private=False, stacked=False, host_hash=None))
        if table.seats:
            connection.execute(insert(SeatRow), [{"table_id": table.id, "seat": s.seat, "kind": s.kind,
                                                  "token_hash": s.token_hash, "invite_hash": None}
                                                 for s in table.seats])
        if table.actions:
            connection.execute(insert(ActionRow), [{"table_id": table.id, "position": n, "seat": seat,
                                                    "notation": notation}
                                                   for n, (seat, notation) in enumerate(table.actions)])


# --- columns added since ---------------------------------------------------------------------------------------
# table -> column -> its SQL type
NEW_COLUMNS = {"parlour_seats": {"name": f"VARCHAR({NAME_LENGTH})"},
               "parlour_tables": {"guide": "BOOLEAN DEFAULT FALSE"}}


def _add_new_columns(connection: Connection) -> None:
    """Add the columns a database made by an older Parlour lacks (``create_all`` makes missing tables, not
    missing columns), each empty: a seat of an older table simply has no name. Run at every start; a
    column already there is left alone; a table made before guides is not guided."""
    for table, columns in NEW_COLUMNS.items():
        present = {column["name"] for column in inspect(connection).get_columns(table)}
        for column, kind in columns.items():
            if column not in present:
                logger.info("adding the column %s.%s to the database", table, column)
                connection.execute(text(f"ALTER TABLE {table} ADD COLUMN {column} {kind}"))


def _engine(url: str) -> Engine:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)
    if parsed.database in (None, "", ":memory:"):
        # One shared connection, or every thread would see its own empty in-memory database.
        return create_engine(url, poolclass=StaticPool, connect_args={"check_same_thread": False})
    engine = create_engine(url, connect_args={"timeout": 30})

    @event.listens_for(engine, "connect")
    def _pragmas(connection: Any, _record: Any) -> None:
        # WAL lets the lobby read while a table writes. A committed transaction survives the process
        # being killed in any journal mode; NORMAL only trades durability against power loss.
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return engine
