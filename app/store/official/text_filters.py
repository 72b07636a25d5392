"""The official search's text filters found through each text's distinct values (schema
migration 14).

``effect``, ``flavor``, ``edition_effect`` and ``edition_flavor`` match a text anywhere in
it (``LIKE '%…%'``), which no index can seek: the search tested every row of ``api_cards``
or ``api_editions`` (``effect=draw a card`` read the texts of 111,750 cards and
220,700 editions, 90 ms on the generated catalogue). Yet a catalogue holds few distinct
texts (the generated one: 2,176 card effects, 237 edition effects): with each text column
indexed (only its non-NULL rows, 16,000 of the editions' effects), the search steps from
one distinct value to the next through the index, tests each distinct value once, and
reads the rows of the values that match from the same index (:func:`matching`).

The indexes are SQLite's own, kept by every write (import, sync, history revert) with the
rows; the migration's statements run again harmlessly.
"""

from __future__ import annotations

TEXTS = (("api_cards", "effect_raw"), ("api_cards", "flavor"),
         ("api_editions", "effect_raw"), ("api_editions", "flavor"))
"""The ``(table, column)`` of each text filter (see :mod:`app.store.official.facts`)."""

SCHEMA = "".join(
    f"CREATE INDEX IF NOT EXISTS {table}_{column} ON {table}({column}) "
    f"WHERE {column} IS NOT NULL;\n" for table, column in TEXTS)
"""Migration 14's SQL: one partial index per text column (``<table>_<column>``)."""


def matching(table: str, column: str, keys: str) -> str:
    """SQL selecting ``keys`` (columns of ``table``, aliased ``x``) of the rows whose
    ``column`` is ``LIKE ? ESCAPE '\\'``; it takes the pattern twice as its parameters.

    The text values (which sort after every number, ``>= ''``) are stepped through one
    distinct value at a time, each tested once, and the matching ones' rows read by
    equality (under the column's BINARY order, equal text values are the same bytes, so
    the test is the row's own). A value that is not text (a number: never in the official
    data) is tested per row, on its own range of the index. Rows are those of
    ``SELECT keys FROM table x WHERE x.column LIKE ?``, in another order.

    Args:
        table, column: one of :data:`TEXTS`. keys: e.g. ``"x.card_rowid"``.
    """
    if (table, column) not in TEXTS:
        raise ValueError(f"no text index on {table}.{column}")
    return (f"SELECT {keys} FROM (WITH RECURSIVE d(v) AS (SELECT MIN({column}) FROM {table} "
            f"WHERE {column} >= '' UNION ALL SELECT (SELECT MIN({column}) FROM {table} "
            f"WHERE {column} > d.v) FROM d WHERE d.v IS NOT NULL) SELECT v FROM d "
            f"WHERE v LIKE ? ESCAPE '\\') t CROSS JOIN {table} x ON x.{column} = t.v "
            f"UNION ALL SELECT {keys} FROM {table} x WHERE x.{column} < '' "
            f"AND x.{column} LIKE ? ESCAPE '\\'")
