"""Served card bodies kept per reading connection until the catalogue file changes.

Endpoint 1 (``/cards/{slug}``) is the busiest answer of ``archivist serve``; building it
costs SQLite a parse of the stored JSON (``json_extract``) on every request. A body is
kept until SQLite's ``PRAGMA data_version`` of the reading connection moves, which it does
when any other connection (a sync, an import, another process) commits to the file.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable

LIMIT = 4096
"""Bodies kept per thread at most (the real catalogue has about 2,300 cards)."""


class CardBodyCache:
    """Card bodies by slug, one table per thread's reading connection.

    Args:
        limit: bodies kept per thread; the table is emptied when it is full.
    """

    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self._local = threading.local()

    def get(self, conn: sqlite3.Connection, slug: str, build: Callable[[str], bytes]) -> bytes:
        """The body of ``slug``: kept, or made by ``build`` (whose errors pass through,
        e.g. NotFound; nothing is kept then).

        Args:
            conn: this thread's reading connection (``Store.connection()``).
            slug: the card's slug.
            build: makes the body from ``conn``'s view of the catalogue.
        """
        version = conn.execute("PRAGMA data_version").fetchone()[0]
        state = self._local
        if getattr(state, "conn", None) is not conn or state.version != version:
            state.conn, state.version, state.bodies = conn, version, {}
        bodies: dict[str, bytes] = state.bodies
        body = bodies.get(slug)
        if body is None:
            body = build(slug)
            if len(bodies) >= self.limit:
                bodies.clear()
            bodies[slug] = body
        return body
