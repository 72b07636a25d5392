"""What a read needs of the catalogue: a connection to read through.

The search language's SQL (:mod:`app.store.language`) reads through this and not through
:class:`app.store.db.connection.Store` itself: opening a :class:`Store` migrates the file,
and a migration fills rows with that very SQL (the empty query's hits, the value counts),
so naming the store there would make the two import each other.
"""

from __future__ import annotations

import sqlite3
from typing import Protocol


class Reading(Protocol):
    """Anything with a reading connection: a :class:`~app.store.db.connection.Store`, or a
    writer's transaction standing in for it (:class:`OnConnection`)."""

    def connection(self) -> sqlite3.Connection:
        """The connection to read through (the calling thread's, for a store)."""
        ...


class OnConnection:
    """A stand-in for a store whose every read goes to one open connection (a write's
    transaction, whose uncommitted rows are what is read)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    def connection(self) -> sqlite3.Connection:
        """The connection (in the writer's transaction)."""
        return self._conn
