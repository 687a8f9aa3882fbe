"""The baseline: the schema of the last release before migrations (656b820), frozen here as it was.

A database without a version table is made by this revision: from nothing when it is new; completed when a
release before migrations made it (those made each missing table at every start, and added the columns below
to a database older still). Either way it ends exactly as that release left it, and Alembic records this
revision, so the later ones apply to every database alike.

Revision 0001_baseline, the first.
"""

from __future__ import annotations

import logging

import sqlalchemy as sa
from alembic import op

revision = "0001_baseline"
down_revision = None
branch_labels = None
depends_on = None

logger = logging.getLogger("parlour.web")

NAME_LENGTH = 24
CHAT_LENGTH = 200

# Added by releases before migrations to a database made before them, each empty (a table made before
# guides is not guided), in the words those releases used.
COLUMNS_ADDED_LATER = {
    "parlour_seats": {"name": f"VARCHAR({NAME_LENGTH})"},
    "parlour_tables": {"guide": "BOOLEAN DEFAULT FALSE", "clock": "INTEGER", "deadline": "TIMESTAMP WITH TIME ZONE",
                       "rematch": "VARCHAR(32)"},
    "parlour_actions": {"by_clock": "BOOLEAN"},
}


def _tables() -> list[sa.Table]:
    metadata = sa.MetaData()
    return [
        sa.Table("parlour_tables", metadata,
                 sa.Column("id", sa.String(32), primary_key=True),
                 sa.Column("game", sa.String(64), nullable=False),
                 sa.Column("players", sa.Integer, nullable=False),
                 sa.Column("variant", sa.String(64), nullable=True),
                 sa.Column("options", sa.JSON, nullable=False),
                 sa.Column("seed", sa.BigInteger, nullable=False),
                 sa.Column("created", sa.DateTime(timezone=True), nullable=False),
                 sa.Column("last_active", sa.DateTime(timezone=True), nullable=False, index=True),
                 sa.Column("version", sa.Integer, nullable=False),
                 sa.Column("rewound", sa.Integer, nullable=False),
                 sa.Column("is_over", sa.Boolean, nullable=False),
                 sa.Column("closed", sa.Boolean, nullable=False),
                 sa.Column("private", sa.Boolean, nullable=False),
                 sa.Column("stacked", sa.Boolean, nullable=False),
                 sa.Column("guide", sa.Boolean, nullable=False),
                 sa.Column("host_hash", sa.String(64), nullable=True),
                 sa.Column("clock", sa.Integer, nullable=True),
                 sa.Column("deadline", sa.DateTime(timezone=True), nullable=True),
                 sa.Column("rematch", sa.String(32), nullable=True)),
        sa.Table("parlour_seats", metadata,
                 sa.Column("table_id", sa.String(32), _owner(), primary_key=True),
                 sa.Column("seat", sa.Integer, primary_key=True),
                 sa.Column("kind", sa.String(64), nullable=False),
                 sa.Column("token_hash", sa.String(64), nullable=True),
                 sa.Column("invite_hash", sa.String(64), nullable=True),
                 sa.Column("name", sa.String(NAME_LENGTH), nullable=True)),
        sa.Table("parlour_actions", metadata,
                 sa.Column("table_id", sa.String(32), _owner(), primary_key=True),
                 sa.Column("position", sa.Integer, primary_key=True),
                 sa.Column("seat", sa.Integer, nullable=False),
                 sa.Column("notation", sa.String(256), nullable=False),
                 sa.Column("by_clock", sa.Boolean, nullable=True)),
        sa.Table("parlour_chat", metadata,
                 sa.Column("table_id", sa.String(32), _owner(), primary_key=True),
                 sa.Column("position", sa.Integer, primary_key=True),
                 sa.Column("seat", sa.Integer, nullable=False),
                 sa.Column("name", sa.String(NAME_LENGTH), nullable=True),
                 sa.Column("text", sa.String(CHAT_LENGTH), nullable=False)),
    ]


def _owner() -> sa.ForeignKey:
    return sa.ForeignKey("parlour_tables.id", ondelete="CASCADE")


def upgrade() -> None:
    connection = op.get_bind()
    present = set(sa.inspect(connection).get_table_names())
    for table in _tables():     # in the order of their foreign keys
        if table.name not in present:
            table.create(connection)
        else:
            _complete(connection, table.name)


def _complete(connection: sa.Connection, table: str) -> None:
    """Add the columns a release before migrations would have added to its older database."""
    have = {column["name"] for column in sa.inspect(connection).get_columns(table)}
    for column, kind in COLUMNS_ADDED_LATER.get(table, {}).items():
        if column not in have:
            logger.info("adding the column %s.%s to the database", table, column)
            op.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
