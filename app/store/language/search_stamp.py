"""The catalogue's search version: a counter that moves with every card (or card image)
written or removed.

The search's bitmaps (:mod:`app.store.language.bitmaps`) are made for one version of the
catalogue and kept in a file beside it; this counter, kept by triggers on ``cards`` in the
same transaction as the write, says which version a file was made from, in any process and
whichever writer wrote (import, sync, history revert). Images count because a card hit
shows an edition with an image first. A trigger costs about a microsecond a row written; an
unchanged card is not written, so a sync that changes nothing leaves the counter alone.
"""

from __future__ import annotations

import sqlite3

SCHEMA = """
CREATE TABLE IF NOT EXISTS search_stamp (n INTEGER NOT NULL, file TEXT NOT NULL);
"""
"""Migration 15's SQL; :func:`install` is its data step."""


def install(conn: sqlite3.Connection) -> None:
    """Migration 15's data step: the counter's one row and the triggers on ``cards`` and
    ``images`` that move it."""
    conn.execute("DELETE FROM search_stamp")
    conn.execute("INSERT INTO search_stamp(n, file) VALUES (0, lower(hex(randomblob(16))))")
    # an image counts by its name only (a stored image's size, rewritten by each sync, not)
    for table, event in (("cards", "INSERT"), ("cards", "UPDATE"), ("cards", "DELETE"),
                         ("images", "INSERT"), ("images", "UPDATE OF filename"),
                         ("images", "DELETE")):
        name = f"search_stamp_{table}_{event.split()[0].lower()}"
        conn.execute(f"CREATE TRIGGER IF NOT EXISTS {name} AFTER {event} ON {table} "
                     "BEGIN UPDATE search_stamp SET n = n + 1; END")


def read(conn: sqlite3.Connection) -> str | None:
    """The version: the schema version, the file's own random name (a new catalogue at the
    same path counts afresh), the counter, and the newest card change and card row (two
    copies of one file that went separate ways differ there); None when the file has no
    counter (an older schema opened read-only).

    Raises:
        sqlite3.Error: the catalogue cannot be read.
    """
    try:
        found = conn.execute(
            "SELECT (SELECT user_version FROM pragma_user_version), s.file, s.n, "
            "(SELECT MAX(changed_at) FROM cards), (SELECT MAX(rowid) FROM cards) "
            "FROM search_stamp s").fetchone()
    except sqlite3.OperationalError:  # no such table
        return None
    return None if found is None else ":".join(str(part) for part in found)
