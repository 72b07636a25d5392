"""The empty query's hits, computed when the catalogue is written and read in one query.

The window's first search is the empty query (every card, by name): run live it walks every
card and its editions (about 45 ms of CPU for the real catalogue's 2,235 cards) while the
window waits for its first results. The writer stores its rows here at the end
of each write (:func:`refresh`, in the write's transaction); :func:`stored_rows` reads them
back in the order the query gave them.

Triggers on every table the query reads (cards, card_facts, editions, images) empty the
table on any change, so a write that does not call :func:`refresh` (or a write of a later
version that reads more) leaves no stale rows: the query then runs live, as before.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any

from app.model.query import CardSummary
from app.store.db.errors import store_errors
from app.store.db.reading import OnConnection, Reading

Rows = Callable[[Reading], list[tuple[Any, ...]]]
"""What computes the empty query's rows live (:func:`app.store.language.query.card_rows`,
passed in: the query reads this module's rows, so this one does not import it)."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS start_page (
    position INTEGER PRIMARY KEY,  -- 0, 1, … in the query's order
    uuid TEXT NOT NULL, slug TEXT, name TEXT NOT NULL, editions INTEGER NOT NULL,
    set_prefix TEXT NOT NULL, collector_number TEXT NOT NULL, image_file TEXT NOT NULL,
    has_image INTEGER NOT NULL, edition_uuid TEXT NOT NULL
);
"""
"""The stored rows: one a card hit of the empty query, per card, by name ascending, in
the columns the query selects (:func:`app.store.language.query.run_query`)."""

READ_TABLES = ("cards", "card_facts", "editions", "images")
"""The tables the empty query reads: a change to any of them empties ``start_page``."""


def create_triggers(conn: sqlite3.Connection) -> None:
    """Create the triggers that empty ``start_page`` when a table it derives from changes
    (a migration step: the migration's SQL is split at semicolons, a trigger body has one)."""
    for table in READ_TABLES:
        for event in ("INSERT", "UPDATE", "DELETE"):
            conn.execute(
                f"CREATE TRIGGER IF NOT EXISTS start_page_{table}_{event.lower()} "
                f"AFTER {event} ON {table} WHEN EXISTS (SELECT 1 FROM start_page) "
                "BEGIN DELETE FROM start_page; END")


def install(conn: sqlite3.Connection, card_rows: Rows) -> None:
    """The migration's data step: the triggers, then the rows of the stored catalogue."""
    create_triggers(conn)
    refresh(conn, card_rows)


def refresh(conn: sqlite3.Connection, card_rows: Rows) -> None:
    """Store the empty query's rows as the catalogue now is (inside the caller's
    transaction on ``conn``; its uncommitted writes are what is read).

    Raises:
        sqlite3.Error: SQLite failed (the writer's transaction then rolls back).
    """
    rows = card_rows(OnConnection(conn))
    conn.execute("DELETE FROM start_page")
    conn.executemany("INSERT INTO start_page VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                     [(i, *row) for i, row in enumerate(rows)])


def stored_rows(conn: sqlite3.Connection) -> list[tuple[Any, ...]] | None:
    """The stored rows in order, or None when there are none (never computed, emptied by a
    change since, or an empty catalogue): the caller then runs the query.

    Raises:
        sqlite3.Error: SQLite failed.
    """
    rows = conn.execute(
        "SELECT uuid, slug, name, editions, set_prefix, collector_number, image_file, "
        "has_image, edition_uuid FROM start_page ORDER BY position").fetchall()
    return rows or None


def card_hits(rows: list[tuple[Any, ...]]) -> tuple[CardSummary, ...]:
    """Card hits of rows (uuid, slug, name, editions, set prefix, collector number, image
    file, has an image, shown edition's uuid), as :func:`stored_rows` and the query give."""
    return tuple(CardSummary(r[0], r[1], r[2], r[3], r[4], r[5], r[6], bool(r[7]), r[8])
                 for r in rows)


def stored_hits(store: Reading, text: str, per: str, sort: str, descending: bool,
                limit: int | None) -> tuple[CardSummary, ...] | None:
    """The hits of the window's first search (the empty query, per card, by name
    ascending, no limit) as the writer stored them, read without the search language or
    its planner; None for any other search, or when none are stored (it then runs live).

    Raises:
        StoreError: the catalogue cannot be read.
    """
    if limit is not None or per != "card" or sort != "name" or descending or text.strip():
        return None
    with store_errors("Searching the catalogue failed"):
        rows = stored_rows(store.connection())
    return None if rows is None else card_hits(rows)

