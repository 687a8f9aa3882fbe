"""How Alembic reaches the database: through the connection ``Store`` hands over in its configuration's
attributes (see ``parlour.web.store.migration_config``), inside the transaction the store opened, so that on
PostgreSQL an upgrade is all or nothing and runs under the store's lock."""

from __future__ import annotations

from typing import Any

from alembic import context

from parlour.web.store import VERSION_TABLE, Base


def _ours(_object: Any, name: str | None, type_: str, _reflected: bool, _compare_to: Any) -> bool:
    """The version table is in the models (so that dropping them all empties the database) but is
    Alembic's to make, not a revision's."""
    return not (type_ == "table" and name == VERSION_TABLE)


def run() -> None:
    connection = context.config.attributes.get("connection")
    if connection is None:
        raise RuntimeError("Parlour's migrations run through parlour.web.store.migration_config(connection)")
    # Batch mode, so that a revision written by comparison can alter a column on SQLite too.
    context.configure(connection=connection, target_metadata=Base.metadata, version_table=VERSION_TABLE,
                      include_object=_ours, render_as_batch=True, compare_type=True)
    with context.begin_transaction():
        context.run_migrations()


if hasattr(context, "config"):   # Alembic is running it (not, say, pytest importing it for its doctests)
    run()
