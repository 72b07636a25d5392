"""The collection beside the catalogue, for the search terms about it (``is:owned``,
``is:foil-owned``, ``own>=N``, ``tag:``).

The collection lives in its own file (``collection.sqlite3``). A query that names it has
the file ATTACHed read-only, as ``owned``, to the thread's reading connection, and SQLite
joins it by edition uuid like any table: nothing is copied per query, and the catalogue's
indexes (editions by card, by uuid) drive the join. Passing the owned uuids as parameters
or a temporary table instead would copy the whole collection into every search. Without a
collection file, an empty in-memory one is attached (nothing is owned).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from app.errors import StoreError
from app.search.ast import Node, terms
from app.search.fields import COLLECTION_FIELDS, COLLECTION_IS
from app.store.db import Store

_EMPTY = """CREATE TABLE owned.entries (
    edition_uuid TEXT NOT NULL, foil INTEGER NOT NULL, condition TEXT NOT NULL,
    language TEXT NOT NULL, tag TEXT NOT NULL, quantity INTEGER NOT NULL,
    PRIMARY KEY (edition_uuid, foil, condition, language, tag)) WITHOUT ROWID"""


def uses_collection(tree: Node) -> bool:
    """True when a parsed query has a term about the collection."""
    return any(t.field in COLLECTION_FIELDS or (t.field == "is" and t.value in COLLECTION_IS)
               for t in terms(tree))


def attach_collection(store: Store, path: Path | None) -> None:
    """Attach ``path`` (the collection file) read-only as ``owned`` to this thread's reading
    connection, or an empty collection when it is None or missing; kept attached for later
    queries while it names the same file.

    Raises:
        StoreError: the collection file cannot be attached.
    """
    conn = store.connection()
    wanted = str(path.resolve()) if path is not None and path.is_file() else ""
    try:
        attached = {row[1]: row[2] for row in conn.execute("PRAGMA database_list")}
        if "owned" in attached:
            if attached["owned"] == wanted:
                return
            conn.execute("DETACH DATABASE owned")
        if wanted:
            conn.execute("ATTACH DATABASE ? AS owned",
                         (f"{Path(wanted).as_uri()}?mode=ro",))
        else:
            conn.execute("ATTACH DATABASE ':memory:' AS owned")
            conn.execute(_EMPTY)
    except sqlite3.Error as exc:
        raise StoreError(f"Cannot read the collection {path}: {exc}") from exc
