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

Reading is defensive: a row that cannot be read (bad JSON, an impossible date, a missing seat, bytes that are
not UTF-8) is reported as ``Unreadable`` for that table alone, so one damaged row never keeps the others offline.

The schema has a version: every database is upgraded to this release's when it opens, by the Alembic
revisions of ``parlour/web/migrations`` (recorded in ``parlour_alembic_version``); one made before migrations
is recognised by its tables and completed by the first revision. The limits that must hold across processes
(how fast one client may create tables) are token buckets kept in the database too.
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
    Column,
    Connection,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    case,
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
SCHEMA_LOCK = BOT_MASTER_LOCK + 1   # the advisory lock held while the schema is upgraded
VERSION_TABLE = "parlour_alembic_version"   # prefixed like the rest: a database shared with another Alembic app
MIGRATIONS = Path(__file__).with_name("migrations")
NAME_LENGTH = 24                    # the longest name a person may give their seat
CHAT_LENGTH = 200                   # the longest chat message
HUMAN = "human"    # the creator's own seat: its credential is given to the creator
OPEN = "open"      # a seat for a friend: an invitation is given to the creator to pass on as a link
PEOPLE = (HUMAN, OPEN)              # the seats a person holds; every other kind is a bot's
SWEEP_SECONDS = 60.0                # how often a store clears the limits' full buckets


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
    clock: Mapped[int | None] = mapped_column(Integer, nullable=True)            # seconds a person has a move
    deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)  # the mover's
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)       # the host's new table, if any
    creator: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)  # its maker's, digested
    # Seconds a finished deal is shown among people before the next is played, if the host set them;
    # None: until every person seated has said they have seen it (``SeatRow.seen``).
    deal_pause: Mapped[int | None] = mapped_column(Integer, nullable=True)


class SeatRow(Base):
    __tablename__ = "parlour_seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("parlour_tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)    # the holder's credential
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)   # an unclaimed invitation
    name: Mapped[str | None] = mapped_column(String(NAME_LENGTH), nullable=True)  # the person's, as they typed it
    # The deals whose end the seat's person has seen (said "Next deal"): the table waits for the rest.
    seen: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class ActionRow(Base):
    __tablename__ = "parlour_actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("parlour_tables.id", ondelete="CASCADE"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    notation: Mapped[str] = mapped_column(String(256))
    by_clock: Mapped[bool | None] = mapped_column(Boolean, nullable=True)   # played for a person out of time


class ChatRow(Base):
    __tablename__ = "parlour_chat"

    table_id: Mapped[str] = mapped_column(ForeignKey("parlour_tables.id", ondelete="CASCADE"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str | None] = mapped_column(String(NAME_LENGTH), nullable=True)
    text: Mapped[str] = mapped_column(String(CHAT_LENGTH))


class LimitRow(Base):
    """A token bucket, kept as the moment it will be full again (``full_at``, seconds since the epoch): that
    one number is the whole state of a bucket that refills at a steady rate, and a bucket full by now is as
    good as no row, so such rows may be deleted at any time without changing any answer."""

    __tablename__ = "parlour_limits"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)    # a digest of the key, never the key
    full_at: Mapped[float] = mapped_column(Float, index=True)


# Alembic's own table, made by Alembic; named in the models so that dropping them all empties the database.
Table(VERSION_TABLE, Base.metadata, Column("version_num", String(32), primary_key=True))


@dataclass
class StoredSeat:
    seat: int
    kind: str
    token_hash: str | None = None
    invite_hash: str | None = None
    name: str | None = None
    seen: int = 0                   # the deals whose end its person has seen (said "Next deal")


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
    by_clock: set[int] = field(default_factory=set)      # the positions of actions the clock played
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
    clock: int | None = None
    deadline: datetime | None = None
    rematch: str | None = None
    creator: str | None = None      # a digest of the address that made it (``token_hash``), if known
    deal_pause: int | None = None   # seconds a finished deal is shown among people; None: until each says


class StoreConflict(RuntimeError):
    """The row was not at the version this server expected: another process wrote to the same table."""


class SeatRevoked(StoreConflict):
    """The seat no longer holds the credential an action was made with (its person left, or the host gave it
    to someone else, maybe through another process): nothing was written. A ``StoreConflict``, because the
    remedy is the same (catch up with the database, where the seat's new credential is), and a caller that
    knows only conflicts still writes nothing in the old credential's name."""


class Unreadable(ValueError):
    """One table's rows cannot be read back; the message says which field and why."""


class StoreUnavailable(RuntimeError):
    """The database itself cannot be opened or read: the message names it and says why."""


class Store:
    """The tables of one database."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_database_url()
        self.sender = ""            # this process's mark on its notifications, so it can skip its own
        from alembic.util import CommandError

        try:
            self.engine = _engine(self.url)
            with self.engine.begin() as connection:
                _upgrade(connection)
                connection.execute(select(func.count()).select_from(TableRow)).scalar()
        except SQLAlchemyError as exc:
            raise StoreUnavailable(f"cannot open the database {self.display_url}: {_reason(exc)}") from None
        except CommandError as exc:     # a revision this Parlour does not know: a newer one made the database
            raise StoreUnavailable(f"cannot open the database {self.display_url}: {exc} (was it made by a newer "
                                   f"Parlour?)") from None
        self.notifies = self.engine.dialect.name == "postgresql"
        self._master: Connection | None = None
        self._fast = _DriverWrites(self.engine)
        self._append, self._append_checked = _appends(self.engine)
        self._swept = 0.0       # when this store last cleared the limits' full buckets

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
                private=table.private, stacked=table.stacked, guide=table.guide, host_hash=table.host_hash,
                clock=table.clock, deadline=table.deadline, rematch=table.rematch, creator=table.creator,
                deal_pause=table.deal_pause))
            connection.execute(insert(SeatRow), [
                {"table_id": table.id, "seat": s.seat, "kind": s.kind, "token_hash": s.token_hash,
                 "invite_hash": s.invite_hash, "name": s.name, "seen": s.seen} for s in table.seats])
            if table.actions:
                connection.execute(insert(ActionRow), [
                    {"table_id": table.id, "position": n, "seat": seat, "notation": notation}
                    for n, (seat, notation) in enumerate(table.actions)])
            self._notify(connection, table.id)

    def append_action(self, table_id: str, position: int, seat: int, notation: str, *, version: int,
                      is_over: bool, expected_version: int, now: datetime, deadline: datetime | None = None,
                      by_clock: bool = False, credential: str | None = None) -> None:
        """Add one action at ``position`` (``by_clock``: played for a person out of time) and the deadline of
        the people then to move, at a table with a clock; refused (``StoreConflict``) unless the row is still
        at ``expected_version``, so two servers on one database cannot fork a game.

        With ``credential`` (the digest of the person's token, as ``token_hash`` makes it), refused as well
        (``SeatRevoked``) unless ``seat`` still holds that credential in the database when the action is
        written: a person whose seat was given away or left, through this process or another, acts no more.
        On PostgreSQL the seat's row is locked (``FOR SHARE``) until the action commits, so a reseating either
        waits for the action or is seen by it; on SQLite the check is part of the write, under its lock.

        The server's hottest write, so it goes straight to the driver with statements prepared once: built
        through SQLAlchemy's expressions it cost more CPU than everything else an action does."""
        params = {"id": table_id, "position": position, "seat": seat, "notation": notation, "version": version,
                  "is_over": is_over, "expected": expected_version, "now": _stored_time(now, self.notifies),
                  "deadline": None if deadline is None else _stored_time(deadline, self.notifies),
                  "by_clock": True if by_clock else None, "credential": credential,
                  "channel": CHANNEL, "payload": f"{self.sender} {table_id}"}
        write = self._append if credential is None else self._append_checked
        self._fast.run(write, params, f"table {table_id}", expected_version)

    def truncate_actions(self, table_id: str, keep: int, *, taken_back: int, version: int, expected_version: int,
                         now: datetime, deadline: datetime | None = None) -> None:
        """Keep the first ``keep`` actions (an undo taking back ``taken_back``), under the same version check."""
        with self.engine.begin() as connection:
            self._advance(connection, table_id, expected_version, version=version, is_over=False, last_active=now,
                          rewound=TableRow.rewound + taken_back + 1, deadline=deadline)
            connection.execute(delete(ActionRow).where(ActionRow.table_id == table_id, ActionRow.position >= keep))
            self._notify(connection, table_id)

    def close_table(self, table_id: str, *, version: int, expected_version: int, now: datetime) -> None:
        with self.engine.begin() as connection:
            self._advance(connection, table_id, expected_version, version=version, closed=True, last_active=now,
                          rewound=TableRow.rewound + 1, deadline=None)
            self._notify(connection, table_id)

    def see_deal(self, table_id: str, seat: int, deals: int, *, credential: str, version: int,
                 expected_version: int, now: datetime, deadline: datetime | None) -> None:
        """Note that the person holding ``seat`` (``credential``: the digest of their token) has seen the end
        of the table's first ``deals`` deals (their "Next deal"), with the deadline of the people then to move:
        a change of the table (its version, as undos and closing count), refused (``StoreConflict``) unless the
        row is still at ``expected_version``, and (``SeatRevoked``) unless the seat still holds that credential,
        so that two processes on one database count each person's word once, and only its holder's."""
        with self.engine.begin() as connection:
            changed = connection.execute(
                update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat,
                                      SeatRow.token_hash == credential).values(seen=deals)).rowcount
            if changed != 1:
                raise SeatRevoked(f"seat {seat} of table {table_id} no longer holds this credential")
            self._advance(connection, table_id, expected_version, version=version, last_active=now,
                          rewound=TableRow.rewound + 1, deadline=deadline)
            self._notify(connection, table_id)

    def set_rematch(self, table_id: str, rematch_id: str) -> None:
        """Note on a finished table the rematch its host started, for the people still at it to be told."""
        with self.engine.begin() as connection:
            connection.execute(update(TableRow).where(TableRow.id == table_id).values(rematch=rematch_id))
            self._notify(connection, table_id)

    def set_seat(self, table_id: str, seat: int, *, kind: str | None = None, token_hash: str | None,
                 invite_hash: str | None, name: str | None = None,
                 expected: tuple[str | None, str | None] | None = None, seen: int | None = None) -> bool:
        """Give a seat new credentials (and its holder's name, none for a seat nobody holds). With
        ``expected`` (the digests ``(token_hash, invite_hash)`` it must still hold), the change is made only if
        no one else changed them first, in any process; answers whether it was made. A person renaming or
        leaving passes ``expected=(their credential's digest, the seat's invitation digest)``, so that a seat
        given away meanwhile is left alone. ``seen``, if given, is the deals whose end its new holder counts as
        seen (those that ended before they sat down)."""
        values: dict[str, Any] = {"token_hash": token_hash, "invite_hash": invite_hash, "name": name}
        if seen is not None:
            values["seen"] = seen
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
        return [{key: _repaired(value) for key, value in row.items()} for row in reversed(rows)]

    # --- limits that hold across processes -------------------------------------------------------------
    def take_token(self, bucket: str, rate_per_minute: float, now: datetime) -> float:
        """Take a token from ``bucket``'s token bucket, which refills at ``rate_per_minute`` and holds as many
        (at least one): answers 0.0 if one was taken, else the seconds until one will be there.

        One bucket per key for every process on the database: the test and the taking are one statement
        (an upsert whose update holds only while a token is left, answering a row only if it wrote one),
        atomic on SQLite and on PostgreSQL alike.
        ``bucket`` may be anything a stranger chose (an address); only its digest is kept. ``now`` must be
        aware, and every process's clock about the same."""
        interval = 60.0 / rate_per_minute
        slack = (max(rate_per_minute, 1.0) - 1.0) * interval + 1e-6   # a full bucket's tokens but one, as time
        moment = now.timestamp()
        key = token_hash(bucket)
        take = (self._upsert().values(key=key, full_at=moment + interval)
                .on_conflict_do_update(index_elements=[LimitRow.key],
                                       set_={"full_at": _latest(LimitRow.full_at, moment) + interval},
                                       where=LimitRow.full_at <= moment + slack)
                .returning(LimitRow.key))
        with self.engine.begin() as connection:
            if connection.execute(take).first() is not None:    # written: inserted, or updated while a token was left
                wait = 0.0
            else:
                full_at = connection.scalar(select(LimitRow.full_at).where(LimitRow.key == key))
                wait = max(full_at - moment - slack, 1e-3) if full_at is not None else interval
            if moment - self._swept >= SWEEP_SECONDS:
                connection.execute(delete(LimitRow).where(LimitRow.full_at <= moment))
                self._swept = moment
        return wait

    def _upsert(self) -> Any:
        """An ``INSERT ... ON CONFLICT`` of the limits, in this database's dialect (SQLite or PostgreSQL)."""
        if self.notifies:
            from sqlalchemy.dialects.postgresql import insert as postgresql_insert

            return postgresql_insert(LimitRow)
        from sqlalchemy.dialects.sqlite import insert as sqlite_insert

        return sqlite_insert(LimitRow)

    def live_bot_tables(self, creator: str) -> int:
        """How many tables made by ``creator`` (the digest given as ``StoredTable.creator``) are in play with
        bots alone at them: neither over nor closed, and no seat a person holds or is invited to."""
        person = select(SeatRow.table_id).where(SeatRow.table_id == TableRow.id, SeatRow.kind.in_(PEOPLE))
        query = (select(func.count()).select_from(TableRow)
                 .where(TableRow.creator == creator, TableRow.is_over.is_(False), TableRow.closed.is_(False),
                        ~person.exists()))
        with self.engine.connect() as connection:
            return int(connection.scalar(query) or 0)

    # --- reading ------------------------------------------------------------------------------------
    def live_ids(self) -> list[str]:
        """The tables still in play (neither over nor closed), oldest first: those a server resumes. An id
        that is not UTF-8 text names no table anyone could ask for: it is logged and left out."""
        try:
            with self.engine.connect() as connection:
                ids = list(connection.scalars(select(TableRow.id).where(TableRow.is_over.is_(False),
                                                                        TableRow.closed.is_(False))
                                              .order_by(TableRow.id)))
        except SQLAlchemyError as exc:
            raise StoreUnavailable(f"cannot read the tables of {self.display_url}: {_reason(exc)}") from None
        for damaged in filter(_undecodable, ids):
            logger.error("a table whose id %r is not UTF-8 text is left alone", damaged)
        return [table_id for table_id in ids if not _undecodable(table_id)]

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
            actions = connection.execute(select(ActionRow.position, ActionRow.seat, ActionRow.notation,
                                                ActionRow.by_clock)
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
            ids = [row["id"] for row in rows if not _undecodable(row["id"])]
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

    def run(self, write: _Write, params: dict[str, Any], what: str, expected: int) -> None:
        if self._connection is None:
            self._connection = self.engine.raw_connection()
        connection = self._connection
        try:
            cursor = connection.cursor()
            try:
                if write.guard is not None and not _found(cursor, write.guard, params):
                    raise SeatRevoked(f"seat {params['seat']} of {what} no longer holds this credential")
                cursor.execute(write.advance, params)
                if cursor.rowcount != 1:
                    if write.holds is not None and not _found(cursor, write.holds, params):
                        raise SeatRevoked(f"seat {params['seat']} of {what} no longer holds this credential")
                    raise StoreConflict(f"{what} is no longer at version {expected} in the database")
                for statement in write.rest:
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


@dataclass(frozen=True)
class _Write:
    """The statements of one hot write, in the driver's parameter style."""

    advance: str                   # must change one row: the table is still at the expected version
    rest: tuple[str, ...]          # then these
    guard: str | None = None       # first, must find a row: the seat still holds the credential (and locks it)
    holds: str | None = None       # after a refused advance, finds a row if the credential still held


_ADVANCE = ("UPDATE parlour_tables SET version = :version, is_over = :is_over, last_active = :now, "
            "deadline = :deadline WHERE id = :id AND version = :expected")
_HOLDS = "SELECT 1 FROM parlour_seats WHERE table_id = :id AND seat = :seat AND token_hash = :credential"
_INSERT_ACTION = ("INSERT INTO parlour_actions (table_id, position, seat, notation, by_clock) "
                  "VALUES (:id, :position, :seat, :notation, :by_clock)")
_NOTIFY = "SELECT pg_notify(:channel, :payload)"


def _appends(engine: Engine) -> tuple[_Write, _Write]:
    """Appending an action: by anyone (a bot, the clock), and in the name of a credential. On PostgreSQL the
    seat's row is read ``FOR SHARE`` first: a concurrent reseating waits for the action to commit, or the
    read waits for it and sees the new credential (READ COMMITTED reads the latest row after a wait). On
    SQLite the update itself asks, under the database's one write lock; when it changes nothing, the seat
    is asked again to tell a revoked credential from a lost race."""
    postgresql = engine.dialect.name == "postgresql"
    rest = (_INSERT_ACTION, _NOTIFY) if postgresql else (_INSERT_ACTION,)
    anyone = _Write(_driver_sql(engine, _ADVANCE), tuple(_driver_sql(engine, s) for s in rest))
    if postgresql:
        checked = _Write(anyone.advance, anyone.rest, guard=_driver_sql(engine, _HOLDS + " FOR SHARE"))
    else:
        checked = _Write(_ADVANCE + f" AND EXISTS ({_HOLDS})", anyone.rest, holds=_HOLDS)
    return anyone, checked


def _found(cursor: Any, statement: str, params: dict[str, Any]) -> bool:
    cursor.execute(statement, params)
    return cursor.fetchone() is not None


def _driver_sql(engine: Engine, statement: str) -> str:
    """``:name`` parameters in the driver's own style (sqlite3 takes them as they are; psycopg wants
    ``%(name)s``)."""
    import re

    if engine.dialect.name == "sqlite":
        return statement
    return re.sub(r":(\w+)", r"%(\1)s", statement)


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
_TIME_COLUMNS = {"created", "last_active", "deadline"}


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
    _check_text(row, "its")
    for seat in seats:
        _check_text(seat, f"seat {seat.get('seat')}'s")
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
        last_active=_time(row, "last_active"),
        clock=_optional(row, "clock", int), deadline=_time(row, "deadline") if row.get("deadline") else None,
        rematch=_optional(row, "rematch", str), creator=_optional(row, "creator", str),
        deal_pause=_optional(row, "deal_pause", int))
    for seat in seats:
        name = seat.get("name")
        stored.seats.append(StoredSeat(_field(seat, "seat", int), _field(seat, "kind", str), seat.get("token_hash"),
                                       seat.get("invite_hash"), name if isinstance(name, str) else None,
                                       _optional(seat, "seen", int) or 0))
    if actions is not None:
        for expected, (position, seat_number, notation, by_clock) in enumerate(actions):
            if position != expected:
                raise Unreadable(f"its actions skip from {expected - 1} to {position}")
            if _undecodable(notation):
                raise Unreadable(f"its action {position} holds bytes that are not UTF-8 text")
            stored.actions.append([seat_number, notation])
            if by_clock:
                stored.by_clock.add(position)
    return stored


def _undecodable(value: Any) -> bool:
    """Whether a value read from SQLite held bytes that are not UTF-8 (see ``_lenient_text``)."""
    if not isinstance(value, str) or value.isascii():
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _check_text(row: dict[str, Any], whose: str) -> None:
    for column, value in row.items():
        if _undecodable(value):
            raise Unreadable(f"{whose} column {column} holds bytes that are not UTF-8 text")


def _repaired(value: Any) -> Any:
    """Free text read back with its undecodable bytes shown as U+FFFD, as a browser shows them."""
    if not _undecodable(value):
        return value
    return str(value).encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _latest(column: Any, moment: float) -> Any:
    """The later of a column's time and ``moment``, in SQL either database reads (``max`` is SQLite's,
    ``greatest`` PostgreSQL's)."""
    return case((column > moment, column), else_=moment)


def _field(row: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    value = row.get(name)
    if value is None or not isinstance(value, kind):
        raise Unreadable(f"its {name} is {'missing' if value is None else 'not ' + _kind_name(kind)}")
    return value


def _optional(row: dict[str, Any], name: str, kind: type) -> Any:
    """A column that may be empty (added since a table was made); a value of the wrong kind is unreadable."""
    value = row.get(name)
    return None if value is None else _field(row, name, kind)


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


# --- the schema's version -----------------------------------------------------------------------------------
def migration_config(connection: Connection) -> Any:
    """Alembic's configuration, made in code (no ``alembic.ini`` is installed): the revisions shipped in
    this package, run on ``connection`` inside its transaction."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


_UPGRADING = threading.Lock()    # Alembic's ``context`` and ``op`` are module globals: one upgrade at a time


def _upgrade(connection: Connection) -> None:
    """Bring the database to this release's schema: Alembic's revisions from wherever its version table
    says it is (a database without one, new or made before migrations, starts at the first), then the
    tables of the very first schema, if any, copied over. On PostgreSQL under an advisory lock for the
    transaction, so that of several processes starting at once one upgrades and the others then find the
    work done."""
    from alembic import command

    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
    with _UPGRADING:
        command.upgrade(migration_config(connection), "head")
    _adopt_first_schema(connection)


def _engine(url: str) -> Engine:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)
    if parsed.database in (None, "", ":memory:"):
        # One shared connection, or every thread would see its own empty in-memory database.
        memory = create_engine(url, poolclass=StaticPool, connect_args={"check_same_thread": False})
        event.listen(memory, "connect", _read_text_leniently)
        return memory
    engine = create_engine(url, connect_args={"timeout": 30})
    event.listen(engine, "connect", _read_text_leniently)

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


def _read_text_leniently(connection: Any, _record: Any) -> None:
    """SQLite's text read as UTF-8 with bytes that are not kept as lone surrogates (which no UTF-8 text can
    hold): the driver would fail the whole query ("Could not decode to UTF-8"), so one damaged value would
    hide every table; this way the row holding it is found and set aside (``_undecodable``)."""
    connection.text_factory = _lenient_text


def _lenient_text(raw: bytes) -> str:
    return raw.decode("utf-8", "surrogateescape")
