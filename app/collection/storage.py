"""The collection: ``collection.sqlite3`` in the user's data folder, a file of its own.

No import, sync, revert or catalogue rebuild opens this file, so none can touch the
collection. Entries keep their edition uuid whatever the catalogue does: an edition that
leaves the catalogue keeps its entry. Every change is one transaction (all or nothing) and
is recorded as an undo step holding the previous quantity of each entry it touched;
:meth:`CollectionStore.undo` puts the latest step back. The schema version lives in
``PRAGMA user_version``; the tables are typed (``STRICT``, :mod:`app.userrows`), and a row
of the wrong type in an older or hand-edited file is left out by every reader and listed by
:meth:`CollectionStore.unreadable`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from pathlib import Path

from app.backups.automatic import MANY_ROWS
from app.collection.languages import migration_sql
from app.collection.model import Entry, Key, Written
from app.userfile import Migration, UserFile
from app.userrows import (
    ASIDE,
    ENTRY_COLUMNS,
    describe,
    kept_aside,
    readable_entry,
    retype,
    shown,
)

COLLECTION_FILE = "collection.sqlite3"
MAX_QUANTITY = 999_999
"""The most copies one entry holds (a sum beyond it stops there)."""
KEPT_STEPS = 50
"""How many changes can be undone, newest first."""
ENTRIES = """CREATE TABLE entries (
    edition_uuid TEXT NOT NULL,
    foil INTEGER NOT NULL CHECK (foil IN (0, 1)),   -- 1 foil, 0 non-foil
    condition TEXT NOT NULL,         -- NM LP MP HP DMG, or ''
    language TEXT NOT NULL,          -- a note, or ''
    tag TEXT NOT NULL,               -- e.g. trade, or ''
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    PRIMARY KEY (edition_uuid, foil, condition, language, tag)
) STRICT, WITHOUT ROWID"""
ENTRIES_INDEX = "CREATE INDEX entries_tag ON entries(tag COLLATE NOCASE)"
STEPS = """CREATE TABLE steps (
    id INTEGER PRIMARY KEY,
    what TEXT NOT NULL,              -- shown as "Undo <what>"
    at TEXT NOT NULL                 -- UTC ISO 8601
) STRICT"""
STEP_ROWS = """CREATE TABLE step_rows (  -- the quantity each touched entry had before the step
    step INTEGER NOT NULL REFERENCES steps(id) ON DELETE CASCADE,
    edition_uuid TEXT NOT NULL, foil INTEGER NOT NULL, condition TEXT NOT NULL,
    language TEXT NOT NULL, tag TEXT NOT NULL,
    quantity INTEGER NOT NULL        -- 0: the entry did not exist
) STRICT"""
STEP_ROWS_INDEX = "CREATE INDEX step_rows_step ON step_rows(step)"
SCHEMA = ";\n".join((ENTRIES, ENTRIES_INDEX, STEPS, STEP_ROWS, STEP_ROWS_INDEX, ASIDE)) + ";"
VERSION = 3
READABLE = readable_entry()
_STEP_ROW_TYPES = ("integer", "text", "flag", "text", "text", "text", "integer")


def entry_problem(row: tuple[object, ...]) -> str | None:
    """Why a stored entry row ``(edition_uuid, foil, condition, language, tag, quantity)``
    is unreadable (``quantity is "lots"``), or None when it is an entry."""
    for (name, wanted), value in zip(ENTRY_COLUMNS, row, strict=True):
        why = describe(value, wanted)
        if why is not None:
            return f"{name} is {why}"
    return None


def _migrations() -> dict[int, Migration]:
    """Version → what brings a file of the version before it there: 2 types the tables
    (STRICT), 3 brings languages to the catalogue's codes (merging the entries that become
    one, capped at :data:`MAX_QUANTITY`)."""
    return {2: _typed, 3: migration_sql(MAX_QUANTITY)}


def _typed(conn: sqlite3.Connection) -> None:
    """Version 2: typed (STRICT) tables; rows that do not fit are kept aside."""
    retype(conn, "entries", ENTRIES, entry_problem, [ENTRIES_INDEX])
    retype(conn, "steps", STEPS, lambda row: _types(row, ("integer", "text", "text")))
    retype(conn, "step_rows", STEP_ROWS, lambda row: _types(row, _STEP_ROW_TYPES),
           [STEP_ROWS_INDEX])
    conn.execute("DELETE FROM step_rows WHERE step NOT IN (SELECT id FROM steps)")


def _types(row: tuple[object, ...], wanted: tuple[str, ...]) -> str | None:
    return next((f"column {i + 1} is {why}" for i, (v, w) in enumerate(zip(row, wanted,
                                                                          strict=False))
                 if (why := describe(v, w)) is not None), None)


_UPSERT = ("INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO UPDATE "
           "SET quantity = excluded.quantity")
_DELETE = ("DELETE FROM entries WHERE edition_uuid = ? AND foil = ? AND condition = ? "
           "AND language = ? AND tag = ?")
_ROW = tuple[str, int, str, str, str]


class CollectionStore(UserFile):
    """The collection file. Each call opens its own connection (safe from any thread).

    Args:
        path: ``<data folder>/collection.sqlite3``; created, with its folder, on the first
            change (until then, and in a read-only data folder, the collection is empty).

    Raises:
        StoreError: the file cannot be opened or was written by a newer Archivist.
    """

    def __init__(self, path: Path) -> None:
        super().__init__(path, "the collection file", SCHEMA, VERSION, _migrations(),
                         made_on_write=True)

    def entries(self) -> list[Entry]:
        """Every readable entry, by edition uuid then finish, condition, language, tag
        (:meth:`unreadable` lists the others)."""
        with self._reading() as conn:
            rows = [] if conn is None else conn.execute(
                "SELECT edition_uuid, foil, condition, language, tag, quantity "
                f"FROM entries WHERE {READABLE} ORDER BY 1, 2, 3, 4, 5").fetchall()
        return [Entry(u, bool(f), q, c, lang, t) for u, f, c, lang, t, q in rows]

    def unreadable(self) -> list[str]:
        """One line per stored row that is not an entry (``entries row ["x", 0, "", "",
        "", "lots"]: quantity is "lots"``): kept aside when the file was brought to typed
        tables, or changed outside Archivist since. The readers leave them out."""
        with self._reading() as conn:
            if conn is None:
                return []
            found = kept_aside(conn)
            for row in conn.execute("SELECT edition_uuid, foil, condition, language, tag, "
                                    f"quantity FROM entries WHERE NOT ({READABLE}) "
                                    "ORDER BY 1, 2, 3, 4, 5"):
                why = entry_problem(tuple(row))
                if why is not None:
                    found.append(f"entries row {shown(tuple(row))}: {why}")
        return found

    def owned(self) -> dict[str, tuple[int, int]]:
        """Edition uuid → ``(non-foil copies, foil copies)`` for every owned edition."""
        with self._reading() as conn:
            rows = [] if conn is None else conn.execute(
                "SELECT edition_uuid, foil, SUM(quantity) FROM entries "
                f"WHERE {READABLE} GROUP BY edition_uuid, foil").fetchall()
        owned: dict[str, tuple[int, int]] = {}
        for uuid, foil, quantity in rows:
            plain, shiny = owned.get(uuid, (0, 0))
            owned[uuid] = (plain, quantity) if foil else (quantity, shiny)
        return owned

    def owned_of(self, uuids: Iterable[str]) -> dict[str, tuple[int, int]]:
        """Edition uuid → ``(non-foil copies, foil copies)`` for each of ``uuids`` owned."""
        found: dict[str, tuple[int, int]] = {}
        with self._reading() as conn:
            if conn is None:
                return found
            for uuid in uuids:
                rows = conn.execute("SELECT foil, SUM(quantity) FROM entries WHERE "
                                    f"edition_uuid = ? AND {READABLE} GROUP BY foil",
                                    (uuid,)).fetchall()
                counts = dict(rows)
                if counts:
                    found[uuid] = (int(counts.get(0, 0)), int(counts.get(1, 0)))
        return found

    def change(self, deltas: Iterable[tuple[Key, int]], what: str) -> int:
        """Add (or, negative, take away) copies: each ``(key, delta)`` changes that entry,
        which is made when missing and removed at 0 (never below). One undo step.

        Returns:
            How many entries changed.

        Raises:
            StoreError: the file cannot be written (nothing changed).
        """
        return self.change_counted(deltas, what).changed

    def change_counted(self, deltas: Iterable[tuple[Key, int]], what: str) -> Written:
        """:meth:`change`, telling the copies added as stored and the entries that stopped
        at :data:`MAX_QUANTITY` (``Written.copies``: after minus before, summed)."""
        summed: dict[Key, int] = {}
        for key, delta in deltas:
            summed[key] = summed.get(key, 0) + delta
        with self._writing() as conn:
            before = _quantities(conn, summed)
            wanted = {key: before.get(key, 0) + delta for key, delta in summed.items()}
            after = {key: max(0, min(MAX_QUANTITY, q)) for key, q in wanted.items()}
            changed = _apply(conn, before, after, what)
        return _written(changed, sum(after.values()) - sum(before.values()), wanted)

    def replace(self, entries: Iterable[Entry], what: str) -> int:
        """Make ``entries`` the whole collection (entries sharing a key add up). One undo step.

        Returns:
            How many entries changed.

        Raises:
            StoreError: the file cannot be written (nothing changed).
        """
        return self.replace_counted(entries, what).changed

    def replace_counted(self, entries: Iterable[Entry], what: str) -> Written:
        """:meth:`replace`, telling the copies the collection holds after it and the entries
        that stopped at :data:`MAX_QUANTITY`."""
        wanted: dict[Key, int] = {}
        for entry in entries:
            wanted[entry.key] = wanted.get(entry.key, 0) + entry.quantity
        after = {key: min(MAX_QUANTITY, q) for key, q in wanted.items()}
        copies = sum(after.values())
        self.before_change("before-replace")
        with self._writing() as conn:
            before = _quantities(conn, None)
            for key in before:
                after.setdefault(key, 0)
            changed = _apply(conn, before, after, what)
        return _written(changed, copies, wanted)

    def undo_label(self) -> str | None:
        """What :meth:`undo` would put back (``"import of owned.csv"``), or None."""
        with self._reading() as conn:
            row = None if conn is None else conn.execute(
                "SELECT what FROM steps ORDER BY id DESC LIMIT 1").fetchone()
        return str(row[0]) if row else None

    def undo(self) -> str | None:
        """Put the latest change back as it was; returns what it was, or None when there is
        nothing to undo.

        Raises:
            StoreError: the file cannot be written (nothing changed).
        """
        if not self.path.exists():  # a folder or a FIFO in its place is refused below
            return None
        if self._undo_size() >= MANY_ROWS:
            self.before_change("before-undo")
        with self._writing() as conn:
            row = conn.execute("SELECT id, what FROM steps ORDER BY id DESC LIMIT 1").fetchone()
            if row is None:
                return None
            rows = conn.execute("SELECT edition_uuid, foil, condition, language, tag, quantity "
                                "FROM step_rows WHERE step = ?", (row[0],)).fetchall()
            _write(conn, {(u, bool(f), c, lang, t): q for u, f, c, lang, t, q in rows})
            conn.execute("DELETE FROM steps WHERE id = ?", (row[0],))
        return str(row[1])

    def _undo_size(self) -> int:
        """How many entries :meth:`undo` would change."""
        with self._reading() as conn:
            row = None if conn is None else conn.execute(
                "SELECT count(*) FROM step_rows WHERE step = (SELECT max(id) FROM steps)"
            ).fetchone()
        return int(row[0]) if row else 0


def _written(changed: int, copies: int, wanted: Mapping[Key, int]) -> Written:
    over = [q - MAX_QUANTITY for q in wanted.values() if q > MAX_QUANTITY]
    return Written(changed, copies, len(over), sum(over))


def _quantities(conn: sqlite3.Connection, keys: Mapping[Key, int] | None) -> dict[Key, int]:
    """The stored quantity of each of ``keys`` that exists (None: of every entry)."""
    # An unreadable row is left as it is: no change counts it, and a replace keeps it.
    sql = ("SELECT edition_uuid, foil, condition, language, tag, quantity FROM entries "
           f"WHERE {READABLE}")
    if keys is not None and len(keys) <= 64:
        found: dict[Key, int] = {}
        for key in keys:
            row = conn.execute(sql + " AND edition_uuid = ? AND foil = ? AND condition = ? "
                               "AND language = ? AND tag = ?", _row(key)).fetchone()
            if row:
                found[key] = int(row[5])
        return found
    return {(u, bool(f), c, lang, t): q for u, f, c, lang, t, q in conn.execute(sql)}


def _apply(conn: sqlite3.Connection, before: dict[Key, int], after: dict[Key, int],
           what: str) -> int:
    """Write ``after`` where it differs from ``before`` and record the step to undo it."""
    changed = {key: q for key, q in after.items() if before.get(key, 0) != q}
    if not changed:
        return 0
    step = conn.execute("INSERT INTO steps(what, at) VALUES (?, ?)",
                        (what, datetime.now(UTC).isoformat(timespec="milliseconds"))).lastrowid
    conn.executemany("INSERT INTO step_rows VALUES (?, ?, ?, ?, ?, ?, ?)",
                     [(step, *_row(key), before.get(key, 0)) for key in changed])
    _write(conn, changed)
    conn.execute("DELETE FROM steps WHERE id <= ?", (int(step or 0) - KEPT_STEPS,))
    return len(changed)


def _write(conn: sqlite3.Connection, quantities: Mapping[Key, int]) -> None:
    conn.executemany(_DELETE, [_row(k) for k, q in quantities.items() if q <= 0])
    conn.executemany(_UPSERT, sorted((*_row(k), q) for k, q in quantities.items() if q > 0))


def _row(key: Key) -> _ROW:
    return (key[0], int(key[1]), key[2], key[3], key[4])

