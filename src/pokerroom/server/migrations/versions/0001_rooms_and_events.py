"""Rooms and their event logs, numbered per room.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table(
        "rooms",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("config", sa.Text(), nullable=False),
    )
    op.create_table(
        "room_events",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("room_id", sa.String(40), sa.ForeignKey("rooms.id"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("room_id", "seq", name="uq_room_events_room_seq"),
    )
    op.create_index("ix_room_events_room_id", "room_events", ["room_id"])


def downgrade() -> None:
    op.drop_index("ix_room_events_room_id", "room_events")
    op.drop_table("room_events")
    op.drop_table("rooms")
