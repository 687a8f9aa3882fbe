"""The pause at the end of a deal, held by the server (issue 38).

``parlour_tables.deal_pause`` is the host's seconds a finished deal is shown among people before the next is
played (empty: until every person seated has said they have seen it); ``parlour_seats.seen`` counts the deals
whose end a seat's person has seen ("Next deal"). A table made before this revision has no pause set, and its
people have seen none of its deals: it waits, at its next deal's end, for their word.

Revision 0003_deal_pause, after 0002_limits_and_creators.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_deal_pause"
down_revision = "0002_limits_and_creators"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("parlour_tables", sa.Column("deal_pause", sa.Integer, nullable=True))
    op.add_column("parlour_seats", sa.Column("seen", sa.Integer, nullable=False, server_default="0"))
