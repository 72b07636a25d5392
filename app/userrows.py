"""Typed rows of the user's files (the decks, the collection), and the rows that are not.

The user files' tables are SQLite ``STRICT`` tables (SQLite 3.37 or later): a text
quantity or a binary name cannot be stored. A file of an older schema, whose tables took
any value, is brought there by :func:`retype`: each row whose values fit the typed table
is copied; a row that does not (``'lots'`` copies, a name stored as binary data) is kept
aside, whole, in the table ``unreadable_rows`` and listed by every reader
(:func:`kept_aside`), never dropped. Readers also check each row they read
(:func:`describe` names what is wrong), as a file may still be changed outside Archivist.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from datetime import UTC, datetime

ASIDE = """CREATE TABLE IF NOT EXISTS unreadable_rows (
    id INTEGER PRIMARY KEY,
    source TEXT NOT NULL,            -- the table the row was in
    row_values TEXT NOT NULL,        -- JSON list of its values (binary data as {"hex": ...})
    why TEXT NOT NULL,               -- what was wrong with it
    at TEXT NOT NULL                 -- UTC ISO 8601: when it was kept aside
) STRICT;"""
MAX_LISTED = 5
"""How many unreadable rows a message names (the rest are counted)."""

ENTRY_COLUMNS = (("edition uuid", "text"), ("foil", "flag"), ("condition", "text"),
                 ("language", "text"), ("tag", "text"), ("quantity", "count"))
"""A collection entry row's columns, as messages name them, with their types (see
:func:`describe`)."""


def readable_entry(alias: str = "") -> str:
    """The SQL condition a collection entry row meets when it has the types of
    :data:`ENTRY_COLUMNS` (``alias``: the table's name or alias in the statement), for the
    readers that read the collection file in SQL (the search's ``is:owned``, the page)."""
    a = f"{alias}." if alias else ""
    return (f"typeof({a}edition_uuid) = 'text' AND typeof({a}foil) = 'integer' AND {a}foil "
            f"IN (0, 1) AND typeof({a}condition) = 'text' AND typeof({a}language) = 'text' "
            f"AND typeof({a}tag) = 'text' AND typeof({a}quantity) = 'integer' AND "
            f"{a}quantity > 0")


Check = Callable[[tuple[object, ...]], str | None]
"""Why a row (its values in column order) is unreadable, or None when it is fine."""


def retype(conn: sqlite3.Connection, table: str, create: str, check: Check,
           indexes: Sequence[str] = ()) -> int:
    """Rebuild ``table`` as the typed table ``create`` makes, inside the caller's
    transaction (foreign keys must be off): rows ``check`` passes and the typed table takes
    are copied, the others kept aside in ``unreadable_rows``.

    Args:
        conn: a connection inside a write transaction.
        table: the table to rebuild (its columns in the order ``create`` declares them).
        create: ``CREATE TABLE <table> (...) STRICT`` of the new table.
        check: why a row is unreadable (None: it is fine).
        indexes: the ``CREATE INDEX`` statements of the new table.

    Returns:
        How many rows were kept aside.
    """
    conn.execute(ASIDE)
    old = f"{table}_untyped"
    for (index,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND "
                                 "tbl_name = ? AND sql IS NOT NULL", (table,)).fetchall():
        conn.execute(f'DROP INDEX "{index}"')
    conn.execute(f"ALTER TABLE {table} RENAME TO {old}")
    conn.execute(create)
    for statement in indexes:
        conn.execute(statement)
    width = len(conn.execute(f"SELECT * FROM {table} LIMIT 0").description)
    insert = f"INSERT INTO {table} VALUES ({', '.join('?' * width)})"
    aside = 0
    for row in conn.execute(f"SELECT * FROM {old}").fetchall():
        why = check(tuple(row))
        if why is None:
            try:
                conn.execute(insert, row)
                continue
            except sqlite3.IntegrityError as exc:  # a type STRICT refuses, a repeated key
                why = str(exc)
        keep_aside(conn, table, tuple(row), why)
        aside += 1
    conn.execute(f"DROP TABLE {old}")
    return aside


def keep_aside(conn: sqlite3.Connection, table: str, row: tuple[object, ...], why: str) -> None:
    """Store ``row`` of ``table`` in ``unreadable_rows`` with why it was not kept."""
    conn.execute(ASIDE)
    conn.execute("INSERT INTO unreadable_rows(source, row_values, why, at) VALUES (?, ?, ?, ?)",
                 (table, _json(row), why,
                  datetime.now(UTC).isoformat(timespec="milliseconds")))


def kept_aside(conn: sqlite3.Connection) -> list[str]:
    """One line per row kept aside by :func:`retype` (``entries row ["x", …]: why``)."""
    if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'unreadable_rows'").fetchone() \
            is None:
        return []
    return [f"{source} row {_short(values)}: {why}" for source, values, why in conn.execute(
        "SELECT source, row_values, why FROM unreadable_rows ORDER BY id")]


def describe(value: object, wanted: str) -> str | None:
    """Why a stored ``value`` is not of the type ``wanted`` (``text``, ``text?`` for text
    or NULL, ``integer``, ``flag`` for 0 or 1, ``count`` for 1 or more), or None."""
    if wanted.endswith("?"):
        if value is None:
            return None
        wanted = wanted[:-1]
    ok = {"text": isinstance(value, str),
          "integer": type(value) is int,
          "flag": type(value) is int and value in (0, 1),
          "count": type(value) is int and value > 0}[wanted]
    if ok:
        return None
    if isinstance(value, bytes):
        return "binary data"
    if value is None:
        return "empty (NULL)"
    return shown(value)


def shown(value: object) -> str:
    """A stored value, or a row of them, as short JSON (binary data as ``{"hex": ...}``)."""
    return _short(_json(value))


def _json(value: object) -> str:
    if isinstance(value, tuple | list):
        value = [{"hex": v.hex()} if isinstance(v, bytes) else v for v in value]
    elif isinstance(value, bytes):
        value = {"hex": value.hex()}
    return json.dumps(value, ensure_ascii=True, default=str)


def summary(lines: Sequence[str], what: str) -> str:
    """``3 unreadable rows in the collection file (left out): A; B; C`` (at most
    :data:`MAX_LISTED` named)."""
    named = "; ".join(lines[:MAX_LISTED]) + (f"; … and {len(lines) - MAX_LISTED} more"
                                             if len(lines) > MAX_LISTED else "")
    rows = "row" if len(lines) == 1 else "rows"
    return f"{len(lines)} unreadable {rows} in {what} (left out, kept in the file): {named}"


def _short(text: str, limit: int = 80) -> str:
    shown = "".join(c if c.isprintable() else f"\\x{ord(c):02x}" for c in text)
    return shown if len(shown) <= limit else shown[:limit - 1] + "…"
