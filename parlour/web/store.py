"""Storage: every table, its seats and its actions, in one SQL database through SQLAlchemy.

The default is an embedded SQLite file in the user's data directory, so that ``parlour serve`` needs no
database server; any SQLAlchemy URL (``sqlite:///path``, ``postgresql://...``) may be given instead.

A table is stored as the record would hold it (game, players, variant, options, seed and the actions as
``[seat, notation]``) plus the version and whether it is over: replaying the actions rebuilds the live
state exactly, so the database never holds a pickled state that a new Parlour could not read. Seats keep
only a SHA-256 digest of their tokens: a stolen database file lets no one sit down at a table.

The engine is synchronous and each write is one small ``UPDATE`` committed before the server answers,
so a killed server loses no acknowledged action.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    String,
    create_engine,
    event,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, relationship, selectinload
from sqlalchemy.pool import StaticPool

DATABASE_FILE = "parlour.sqlite3"


def default_database_url() -> str:
    """An SQLite file in the user's data directory (created if missing)."""
    import platformdirs

    folder = Path(platformdirs.user_data_dir("parlour"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / DATABASE_FILE}"


def token_hash(token: str) -> str:
    """What the database keeps of a seat token. Tokens are long random strings, so a plain SHA-256
    (rather than a slow password hash) already makes the digest useless to a reader of the file."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    variant: Mapped[str | None] = mapped_column(String(64), nullable=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    actions: Mapped[list[list[Any]]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer)
    is_over: Mapped[bool] = mapped_column(Boolean)
    seats: Mapped[list[SeatRow]] = relationship(back_populates="table", order_by="SeatRow.seat",
                                                cascade="all, delete-orphan")


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    table: Mapped[TableRow] = relationship(back_populates="seats")


@dataclass
class StoredSeat:
    seat: int
    kind: str
    token_hash: str | None = None


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


class StoreConflict(RuntimeError):
    """The row was not at the version this server expected: another process wrote to the same table."""


class Store:
    """The tables of one database."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_database_url()
        self.engine = _engine(self.url)
        Base.metadata.create_all(self.engine)

    @property
    def display_url(self) -> str:
        """The URL without its password, for printing."""
        return make_url(self.url).render_as_string(hide_password=True)

    def add(self, table: StoredTable) -> None:
        with Session(self.engine) as session, session.begin():
            session.add(TableRow(id=table.id, game=table.game, players=table.players, variant=table.variant,
                                 options=table.options, seed=table.seed, created=table.created,
                                 actions=table.actions, version=table.version, is_over=table.is_over,
                                 seats=[SeatRow(seat=s.seat, kind=s.kind, token_hash=s.token_hash)
                                        for s in table.seats]))

    def save_progress(self, table_id: str, actions: list[list[Any]], version: int, is_over: bool,
                      expected_version: int) -> None:
        """Write a table's actions; refused (``StoreConflict``) unless the row is still at
        ``expected_version``, so two servers pointed at one database cannot silently fork a game."""
        statement = (update(TableRow)
                     .where(TableRow.id == table_id, TableRow.version == expected_version)
                     .values(actions=actions, version=version, is_over=is_over))
        with self.engine.begin() as connection:
            if connection.execute(statement).rowcount != 1:
                raise StoreConflict(f"table {table_id} is no longer at version {expected_version} in the database")

    def load_all(self) -> list[StoredTable]:
        with Session(self.engine) as session:
            rows = session.scalars(select(TableRow).options(selectinload(TableRow.seats))
                                   .order_by(TableRow.created)).all()
            return [StoredTable(id=row.id, game=row.game, players=row.players, variant=row.variant,
                                options=dict(row.options), seed=row.seed, created=_aware(row.created),
                                actions=list(row.actions), version=row.version, is_over=row.is_over,
                                seats=[StoredSeat(s.seat, s.kind, s.token_hash) for s in row.seats])
                    for row in rows]

    def close(self) -> None:
        self.engine.dispose()


def _aware(moment: datetime) -> datetime:
    """SQLite returns the naive datetime it was given; every time stored here is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


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
