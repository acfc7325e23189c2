"""Alembic environment: migrations run on the connection the store hands over.

Importing this module outside a migration run does nothing.
"""

from __future__ import annotations

from alembic import context

from pokerroom.server.storage import Base


def run_migrations() -> None:
    """Apply the pending migrations on the connection given by the store."""
    connection = context.config.attributes["connection"]
    context.configure(connection=connection, target_metadata=Base.metadata)
    with context.begin_transaction():
        context.run_migrations()


if hasattr(context, "_proxy") and getattr(context, "_proxy", None) is not None:
    run_migrations()
