"""Stored hit counts per search value, and the values the search finds cards by (issue 24).

A search term that only a scan could test (``lang:cn``, ``is:dynamic``, ``a:alkai`` per
card: a text or flag column of every card) read every card twice (once for the total, once
for the page): 30–60 ms on the generated catalogue of 111,750 cards for a few hundred hits.
Its values are now also rows of ``card_values`` (``lang``: each language of the card's
editions' sets, upper case; ``is``: ``foil``, ``flip`` or ``dynamic`` when any edition is;
``illustrator``: each name an edition credits), so a rare one is found through the index,
and ``value_counts`` holds how many rows each value has, so the search knows whether a
value is rare before it reads any card (a common one, ``lang:en``, is still tested per
card: a list of 100,000 cards costs more than the scan).

Triggers on ``card_values`` keep the counts, so every writer (import, sync, history revert)
does; the rows themselves are written with the card's facts (:mod:`app.store.facts`).
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.store.db import Store

SCHEMA = """
CREATE TABLE IF NOT EXISTS value_counts (
    field TEXT NOT NULL,
    value TEXT NOT NULL COLLATE NOCASE,
    cards INTEGER NOT NULL,           -- card_values rows holding it (cards, but for repeats)
    PRIMARY KEY (field, value)
) WITHOUT ROWID;
"""
"""Migration 12's SQL; :func:`install` is its data step."""

SEARCH_FIELDS = ("lang", "is", "illustrator")
"""The card_values fields written for the search only (not values a card lists)."""

_TRIGGERS = (
    "CREATE TRIGGER IF NOT EXISTS value_counts_add AFTER INSERT ON card_values BEGIN "
    "INSERT INTO value_counts(field, value, cards) VALUES (new.field, new.value, 1) "
    "ON CONFLICT(field, value) DO UPDATE SET cards = cards + 1; END",
    "CREATE TRIGGER IF NOT EXISTS value_counts_remove AFTER DELETE ON card_values BEGIN "
    "UPDATE value_counts SET cards = cards - 1 WHERE field = old.field AND value = old.value; "
    "DELETE FROM value_counts WHERE field = old.field AND value = old.value AND cards <= 0; "
    "END",
)


def install(conn: sqlite3.Connection) -> None:
    """Migration 12's data step: every stored card's search rows, the counts, the triggers."""
    from app.store.facts import search_values, set_languages

    conn.execute("DELETE FROM card_values WHERE field IN ('is', 'illustrator')")  # migration 7
    rows = conn.execute("SELECT card_rowid, illustrators, foil, flip, dynamic FROM card_facts"
                        ).fetchall()
    conn.executemany(
        "INSERT INTO card_values(card_rowid, field, value) VALUES (?, ?, ?)",
        [(rowid, field, value) for rowid, *summary in rows
         for field, value in search_values(*summary)])
    set_languages(conn)  # the lang rows
    conn.execute("DELETE FROM value_counts")
    conn.execute("INSERT INTO value_counts(field, value, cards) "
                 "SELECT field, value, COUNT(*) FROM card_values GROUP BY field, value")
    for trigger in _TRIGGERS:
        conn.execute(trigger)


def value_count(store: Store, field: str, value: str, like: bool = False) -> int:
    """How many ``card_values`` rows hold ``value`` (any case) in ``field``; with ``like``,
    the values that match the LIKE pattern ``value`` (escape ``\\``), summed.

    Raises:
        sqlite3.Error: SQLite failed.
    """
    test = "LIKE ? ESCAPE '\\'" if like else "= ?"
    (count,) = store.connection().execute(
        f"SELECT TOTAL(cards) FROM value_counts WHERE field = ? AND value {test}",
        (field, value)).fetchone()
    return int(count)
