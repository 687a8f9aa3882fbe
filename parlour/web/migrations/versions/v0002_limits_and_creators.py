"""Limits kept in the database, and who made each table.

``parlour_limits`` holds one token bucket per key (a digest of it, never the key itself), shared by every
server process on the database. ``parlour_tables.creator`` is a digest of the address that made a table, so
that the tables of bots alone one client keeps going can be counted.

Revision 0002_limits_and_creators, after 0001_baseline.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_limits_and_creators"
down_revision = "0001_baseline"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table("parlour_limits",
                    sa.Column("key", sa.String(64), primary_key=True),
                    sa.Column("full_at", sa.Float, nullable=False))
    op.create_index("ix_parlour_limits_full_at", "parlour_limits", ["full_at"])
    op.add_column("parlour_tables", sa.Column("creator", sa.String(64), nullable=True))
    op.create_index("ix_parlour_tables_creator", "parlour_tables", ["creator"])
