"""Every row of a catalogue, to compare two catalogues written differently."""

from __future__ import annotations

from typing import Any

from app.store import Store

STAMPS = {"changed_at", "stored_at", "at"}
"""Columns holding the time of the write (masked: two writes differ there)."""

RANDOM = {("search_stamp", "file")}
"""``(table, column)`` holding a random name each new catalogue draws (masked too)."""


def every_row(store: Store) -> dict[str, list[tuple[Any, ...]]]:
    """``table → rows`` of every table, in rowid (or key) order, time stamps and random
    names masked; the full-text index as its terms (term, row, column, offset), not its
    segment layout."""
    conn = store.connection()
    out: dict[str, list[tuple[Any, ...]]] = {}
    for name, sql in conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table' "
                                  "ORDER BY name").fetchall():
        if "VIRTUAL TABLE" in (sql or "").upper():
            conn.execute(f"CREATE VIRTUAL TABLE IF NOT EXISTS temp.terms_{name} USING "
                         f"fts5vocab('main', '{name}', 'instance')")
            out[name] = conn.execute(f"SELECT * FROM temp.terms_{name} ORDER BY 1, 2, 3, 4"
                                     ).fetchall()
            continue
        if name.endswith(("_fts_data", "_fts_idx")):
            continue
        columns = [row[1] for row in conn.execute(f"PRAGMA table_info('{name}')")]
        shown = ", ".join("NULL" if c in STAMPS or (name, c) in RANDOM else f'"{c}"'
                          for c in columns)
        if "WITHOUT ROWID" in (sql or "").upper():
            order = ", ".join(str(i + 1) for i in range(len(columns)))
            out[name] = conn.execute(f"SELECT {shown} FROM '{name}' ORDER BY {order}").fetchall()
        else:
            out[name] = conn.execute(f"SELECT rowid, {shown} FROM '{name}' ORDER BY rowid"
                                     ).fetchall()
    return out
