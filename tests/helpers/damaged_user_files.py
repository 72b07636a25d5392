"""User files as an older Archivist left them on disk (untyped tables), with rows of the
wrong type that a hand edit or a bad sync tool could have stored: written with raw sqlite3."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

OLD_COLLECTION = """
CREATE TABLE entries (
    edition_uuid TEXT NOT NULL, foil INTEGER NOT NULL, condition TEXT NOT NULL,
    language TEXT NOT NULL, tag TEXT NOT NULL, quantity INTEGER NOT NULL CHECK (quantity > 0),
    PRIMARY KEY (edition_uuid, foil, condition, language, tag)) WITHOUT ROWID;
CREATE INDEX entries_tag ON entries(tag COLLATE NOCASE);
CREATE TABLE steps (id INTEGER PRIMARY KEY, what TEXT NOT NULL, at TEXT NOT NULL);
CREATE TABLE step_rows (step INTEGER NOT NULL REFERENCES steps(id) ON DELETE CASCADE,
    edition_uuid TEXT NOT NULL, foil INTEGER NOT NULL, condition TEXT NOT NULL,
    language TEXT NOT NULL, tag TEXT NOT NULL, quantity INTEGER NOT NULL);
CREATE INDEX step_rows_step ON step_rows(step);
PRAGMA user_version = 1;
"""
OLD_DECKS = """
CREATE TABLE decks (id INTEGER PRIMARY KEY, name TEXT NOT NULL, format TEXT NOT NULL,
    saved_at TEXT NOT NULL, deleted_at TEXT, as_of TEXT);
CREATE UNIQUE INDEX decks_kept_name ON decks(name COLLATE NOCASE) WHERE deleted_at IS NULL;
CREATE TABLE entries (deck_id INTEGER NOT NULL REFERENCES decks(id) ON DELETE CASCADE,
    position INTEGER NOT NULL, zone TEXT NOT NULL, quantity INTEGER NOT NULL,
    name TEXT NOT NULL, card_uuid TEXT, edition_uuid TEXT, line TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (deck_id, position));
PRAGMA user_version = 2;
"""


def old_collection(path: Path, good: str, *damaged: tuple[object, ...]) -> None:
    """A version-1 collection file: 3 non-foil NM copies of the edition ``good``, then the
    ``damaged`` rows ``(edition_uuid, foil, condition, language, tag, quantity)``."""
    with contextlib.closing(sqlite3.connect(path)) as conn, conn:
        conn.executescript(OLD_COLLECTION)
        conn.execute("INSERT INTO entries VALUES (?, 0, 'NM', '', '', 3)", (good,))
        conn.executemany("INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?)", damaged)


DAMAGED_ENTRIES = (("bad0000001", 1, "", "", "", "lots"),
                   ("bad0000002", 0, "", b"\xff\x00", "", 2),
                   (b"\x01\x02", 0, "", "", "", 2))
"""A text quantity (which passed ``CHECK (quantity > 0)``), a binary language, a binary
edition uuid."""


def old_decks(path: Path) -> None:
    """A version-2 decks file: the deck "Wind" (4 Backstep, then a binary name of -5 copies
    and a text quantity), and a deck whose name is binary data."""
    with contextlib.closing(sqlite3.connect(path)) as conn, conn:
        conn.executescript(OLD_DECKS)
        conn.executescript("""
            INSERT INTO decks VALUES (1, 'Wind', 'STANDARD', '2026-01-01T00:00:00', NULL, NULL);
            INSERT INTO decks VALUES (2, x'ff00', 'STANDARD', '2026-01-01T00:00:00', NULL,
                                      NULL);
            INSERT INTO entries VALUES (1, 0, 'main', 4, 'Backstep', NULL, NULL, '4 Backstep');
            INSERT INTO entries VALUES (1, 1, 'main', -5, x'ff00', NULL, NULL, '');
            INSERT INTO entries VALUES (1, 2, 'main', 'lots', 'Backstep', NULL, NULL, '');
            INSERT INTO entries VALUES (2, 0, 'main', 4, 'Backstep', NULL, NULL, '');
        """)
