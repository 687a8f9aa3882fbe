"""What the database enforces for every server process on it: a creation limit per client that N processes
do not multiply, a count of the tables of bots alone a client keeps going, and an action refused once its
credential no longer holds the seat, whichever process changed the seat.

Each test opens two ``Store`` objects on one database, as two processes would. On SQLite always; on
PostgreSQL too when ``PARLOUR_TEST_POSTGRES`` is set (``.ci/run`` starts one).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

sa = pytest.importorskip("sqlalchemy")
pytest.importorskip("alembic")

from served import empty_database  # noqa: E402

from parlour.web.store import (  # noqa: E402
    SeatRevoked,
    Store,
    StoreConflict,
    StoredSeat,
    StoredTable,
    token_hash,
)

POSTGRES = os.environ.get("PARLOUR_TEST_POSTGRES")
MOMENT = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
ADDRESS = "203.0.113.7"


@pytest.fixture(params=["sqlite", "postgresql"])
def stores(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Store, Store]]:
    """Two stores on one new database, as two server processes would have."""
    url = empty_database(request.param, tmp_path, "limits")
    first, second = Store(url), Store(url)
    yield first, second
    first.close()
    second.close()


def a_table(table_id: str, kinds: list[str], *, creator: str | None = None, is_over: bool = False,
            closed: bool = False) -> StoredTable:
    """A table of tetka; a person's seat (``human``, ``open``) holds the credential ``<table>-<seat>``."""
    seats = [StoredSeat(seat, kind, token_hash(f"{table_id}-{seat}") if kind in ("human", "open") else None)
             for seat, kind in enumerate(kinds)]
    return StoredTable(id=table_id, game="tetka", players=len(kinds), variant=None, options={}, seed=1,
                       created=MOMENT, seats=seats, creator=creator, is_over=is_over, closed=closed)


# --- the creation limit ------------------------------------------------------------------------------------
def test_two_processes_give_one_burst_between_them_then_one_token_per_interval(stores: tuple[Store, Store]) -> None:
    """Five a minute: five tokens at once from either process, then none until a fifth of a minute has
    passed, and the refusal says how long to wait."""
    first, second = stores
    answers = [(first, second)[n % 2].take_token(ADDRESS, 5, MOMENT) for n in range(8)]
    assert answers[:5] == [0.0] * 5
    assert answers[5:] == [pytest.approx(12.0, abs=0.01)] * 3
    assert first.take_token(ADDRESS, 5, MOMENT + timedelta(seconds=11)) == pytest.approx(1.0, abs=0.01)
    assert second.take_token(ADDRESS, 5, MOMENT + timedelta(seconds=12)) == 0.0
    assert first.take_token(ADDRESS, 5, MOMENT + timedelta(seconds=12)) > 0
    assert second.take_token("198.51.100.4", 5, MOMENT) == 0.0      # another client's bucket is its own


def test_threads_of_two_processes_hammering_take_exactly_the_burst(stores: tuple[Store, Store]) -> None:
    """Eight threads, four on each store, try 20 times each at the same moment: six a minute gives six."""
    taken: list[float] = []
    start = threading.Barrier(8)

    def hammer(store: Store) -> None:
        start.wait()
        for _ in range(20):
            taken.append(store.take_token(ADDRESS, 6, MOMENT))

    threads = [threading.Thread(target=hammer, args=(store,)) for store in stores for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(taken) == 160 and taken.count(0.0) == 6


def test_the_database_keeps_digests_of_addresses_and_clears_full_buckets(stores: tuple[Store, Store]) -> None:
    first, _ = stores
    assert first.take_token(ADDRESS, 5, MOMENT) == 0.0
    with first.engine.connect() as connection:
        assert connection.execute(sa.text("SELECT key FROM parlour_limits")).scalars().all() == [token_hash(ADDRESS)]
    assert first.take_token("198.51.100.4", 5, MOMENT + timedelta(seconds=61)) == 0.0
    with first.engine.connect() as connection:   # the first bucket was full again, so it went
        assert connection.execute(sa.text("SELECT key FROM parlour_limits")).scalars().all() == [
            token_hash("198.51.100.4")]


# --- tables of bots alone ---------------------------------------------------------------------------------------
def test_a_clients_tables_of_bots_alone_in_play_are_counted(stores: tuple[Store, Store]) -> None:
    first, second = stores
    mine, theirs = token_hash(ADDRESS), token_hash("198.51.100.4")
    bots = ["random"] * 4
    for table in (a_table("bots-1", bots, creator=mine), a_table("bots-2", bots, creator=mine),
                  a_table("over", bots, creator=mine, is_over=True), a_table("shut", bots, creator=mine, closed=True),
                  a_table("person", ["human", *bots[1:]], creator=mine),
                  a_table("friend", ["open", *bots[1:]], creator=mine),
                  a_table("theirs", bots, creator=theirs), a_table("unknown", bots)):
        first.add(table)
    assert second.live_bot_tables(mine) == 2 and second.live_bot_tables(theirs) == 1
    second.close_table("bots-1", version=1, expected_version=0, now=MOMENT)
    assert first.live_bot_tables(mine) == 1
    stored = first.load("bots-2")
    assert stored is not None and stored.creator == mine


# --- credentials -----------------------------------------------------------------------------------------------
def test_an_action_in_the_name_of_a_revoked_credential_is_refused_and_writes_nothing(
        stores: tuple[Store, Store]) -> None:
    """The host reopens seat 0 through one process; the other's next action with the old credential is
    refused (``SeatRevoked``), while a lost race with a credential that holds is a plain conflict."""
    first, second = stores
    first.add(a_table("t", ["human", "human", "random", "random"]))
    old, other = token_hash("t-0"), token_hash("t-1")

    def append(position: int, seat: int, credential: str | None) -> None:
        first.append_action("t", position, seat, "play 2C", version=position + 1, is_over=False,
                            expected_version=position, now=MOMENT, credential=credential)

    append(0, 0, old)
    assert second.set_seat("t", 0, kind="open", token_hash=None, invite_hash=token_hash("new link"),
                           expected=(old, None))
    with pytest.raises(SeatRevoked):
        append(1, 0, old)
    stored = second.load("t")
    assert stored is not None and (stored.version, len(stored.actions)) == (1, 1)
    with pytest.raises(StoreConflict) as lost:
        first.append_action("t", 0, 1, "play 3C", version=1, is_over=False, expected_version=0, now=MOMENT,
                            credential=other)
    assert not isinstance(lost.value, SeatRevoked)
    append(1, 1, other)
    append(2, 2, None)         # a bot's action names no credential
    assert second.version_of("t") == 3


def test_once_a_seat_is_reopened_no_action_of_its_old_credential_lands(stores: tuple[Store, Store]) -> None:
    """One process plays as fast as it can in the name of seat 0 while the other reopens the seat: once
    the reopening has returned, the number of actions stored never grows (on PostgreSQL an action in
    flight holds the seat's row until it commits, so the reopening waits for it). Twenty rounds."""
    first, second = stores
    for round_ in range(20):
        table_id = f"race-{round_}"
        first.add(a_table(table_id, ["human", "random", "random", "random"]))
        credential = token_hash(f"{table_id}-0")
        played = threading.Event()

        def play(table_id: str = table_id, credential: str = credential, played: threading.Event = played) -> None:
            for position in range(10_000):
                try:
                    first.append_action(table_id, position, 0, "play 2C", version=position + 1, is_over=False,
                                        expected_version=position, now=MOMENT, credential=credential)
                except SeatRevoked:
                    return
                if position == 3:
                    played.set()

        player = threading.Thread(target=play)
        player.start()
        played.wait(timeout=30)
        assert second.set_seat(table_id, 0, kind="open", token_hash=None, invite_hash=token_hash("link"),
                               expected=(credential, None))
        after_reopening = second.version_of(table_id)
        player.join(timeout=30)
        assert not player.is_alive() and second.version_of(table_id) == after_reopening
