"""Kept decks: ``decks.sqlite3`` in the user's data folder, a file of its own.

No import or sync opens this file, so they cannot touch a deck. An entry keeps its card's
uuid, the chosen edition and the name as written; nothing here follows the catalogue, so
a card that leaves the catalogue stays in the deck (a check reports it as missing).
Deleting a deck moves it to the trash (``deleted_at`` set): :meth:`DeckStore.restore`
undoes it. The schema version lives in ``PRAGMA user_version``.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from app.decks.model import Deck, Entry, Zone
from app.errors import InvalidData, InvalidRequest, NotFound
from app.safetext import checked_line, one_line
from app.userfile import UserFile

DECKS_FILE = "decks.sqlite3"
SCHEMA = """
CREATE TABLE decks (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    format TEXT NOT NULL,
    saved_at TEXT NOT NULL,          -- UTC ISO 8601
    deleted_at TEXT,                 -- set: in the trash
    as_of TEXT                       -- checked as of (UTC ISO 8601); NULL: the latest
);
CREATE UNIQUE INDEX decks_kept_name ON decks(name COLLATE NOCASE) WHERE deleted_at IS NULL;
CREATE TABLE entries (
    deck_id INTEGER NOT NULL REFERENCES decks(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    zone TEXT NOT NULL,              -- material, main, sideboard
    quantity INTEGER NOT NULL,
    name TEXT NOT NULL,              -- as written
    card_uuid TEXT,                  -- NULL: the name did not resolve
    edition_uuid TEXT,               -- NULL: the card's default edition
    line TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (deck_id, position)
);
"""
VERSION = 2
MIGRATIONS = {2: "ALTER TABLE decks ADD COLUMN as_of TEXT;"}
"""Schema version → the statements that bring the version before it there."""


@dataclass(frozen=True)
class DeckSummary:
    """One kept (or trashed) deck in a listing."""

    id: int
    name: str
    format: str
    cards: int
    saved_at: str
    deleted_at: str | None = None


class DeckStore(UserFile):
    """The decks file. Each call opens its own connection (safe from any thread).

    Args:
        path: ``<data folder>/decks.sqlite3``; created, with its folder, on first use.

    Raises:
        StoreError: the file cannot be opened or was written by a newer Archivist.
    """

    def __init__(self, path: Path) -> None:
        super().__init__(path, "the decks file", SCHEMA, VERSION, MIGRATIONS)

    def save(self, deck: Deck, replace: bool = False) -> int:
        """Keep ``deck`` under its name; returns its id. With ``replace``, a kept deck of
        that name goes to the trash first (so the old version can be restored).

        Raises:
            InvalidRequest: the name is empty or holds a control character
                (:func:`checked_name`), or a kept deck has that name and not ``replace``.
        """
        name = checked_name(deck.name)
        with self._writing() as conn:
            old = self._kept_id(conn, name)
            if old is not None and not replace:
                raise InvalidRequest(f"A deck named {name!r} is already kept; choose "
                                     "another name (--name) or replace it")
            if old is not None:
                conn.execute("UPDATE decks SET deleted_at = ? WHERE id = ?", (_now(), old))
            cur = conn.execute("INSERT INTO decks(name, format, saved_at, as_of) "
                               "VALUES (?, ?, ?, ?)", (name, deck.format, _now(), deck.as_of))
            deck_id = int(cur.lastrowid or 0)
            _write_entries(conn, deck_id, deck)
        return deck_id

    def update(self, deck_id: int, deck: Deck) -> None:
        """Write ``deck`` (name, format, entries) over the kept deck ``deck_id`` in place:
        an edit in the window, which keeps no older version.

        Raises:
            InvalidRequest: the name is empty or holds a control character
                (:func:`checked_name`), or another kept deck has that name.
            NotFound: no kept deck has this id.
        """
        name = checked_name(deck.name)
        with self._writing() as conn:
            other = self._kept_id(conn, name)
            if other is not None and other != deck_id:
                raise InvalidRequest(f"A deck named {name!r} is already kept; choose "
                                     "another name")
            cur = conn.execute("UPDATE decks SET name = ?, format = ?, saved_at = ?, as_of = ? "
                               "WHERE id = ? AND deleted_at IS NULL",
                               (name, deck.format, _now(), deck.as_of, deck_id))
            if cur.rowcount == 0:
                raise NotFound(f"No kept deck has the id {deck_id}")
            conn.execute("DELETE FROM entries WHERE deck_id = ?", (deck_id,))
            _write_entries(conn, deck_id, deck)

    def decks(self, trash: bool = False) -> list[DeckSummary]:
        """The kept decks by name, numbers in names by value ("Deck #2" before "Deck #10";
        ``trash``: the deleted ones, newest first)."""
        where, order = (("IS NOT NULL", "d.deleted_at DESC") if trash
                        else ("IS NULL", "d.name COLLATE NOCASE"))
        with self._connect() as conn:
            rows = conn.execute(
                "SELECT d.id, d.name, d.format, COALESCE(SUM(e.quantity), 0), d.saved_at, "
                f"d.deleted_at FROM decks d LEFT JOIN entries e ON e.deck_id = d.id "
                f"WHERE d.deleted_at {where} GROUP BY d.id ORDER BY {order}").fetchall()
        summaries = [DeckSummary(*row) for row in rows]
        return summaries if trash else sorted(summaries, key=lambda d: _natural(d.name))

    def load(self, name_or_id: str | int) -> Deck:
        """The kept deck of this name (any case) or id.

        Raises:
            NotFound: no kept deck has it.
            InvalidData: an entry's stored zone is none of the three (the file was changed
                outside Archivist); the message names the deck, the zone and the card.
        """
        with self._connect() as conn:
            if isinstance(name_or_id, int):
                row = conn.execute("SELECT id, name, format, as_of FROM decks WHERE id = ?",
                                   (name_or_id,)).fetchone()
            else:
                row = conn.execute("SELECT id, name, format, as_of FROM decks WHERE "
                                   "deleted_at IS "
                                   "NULL AND name = ? COLLATE NOCASE",
                                   (name_or_id.strip(),)).fetchone()
            if row is None:
                raise NotFound(f"No kept deck is named {name_or_id!r} (archivist deck list)")
            entries = conn.execute(
                "SELECT zone, quantity, name, card_uuid, edition_uuid, line FROM entries "
                "WHERE deck_id = ? ORDER BY position", (row[0],)).fetchall()
        return Deck(row[1], [Entry(_zone(row[1], z, n), q, n, c, e, ln)
                             for z, q, n, c, e, ln in entries], row[2], row[3])

    def delete(self, name: str) -> int:
        """Move the kept deck ``name`` to the trash; returns its id (for :meth:`restore`).

        Raises:
            NotFound: no kept deck has this name.
        """
        with self._connect() as conn:
            deck_id = self._kept_id(conn, name.strip())
            if deck_id is None:
                raise NotFound(f"No kept deck is named {name!r}")
            conn.execute("UPDATE decks SET deleted_at = ? WHERE id = ?", (_now(), deck_id))
        return deck_id

    def restore(self, deck_id: int) -> None:
        """Undo :meth:`delete`: the deck is kept again.

        Raises:
            NotFound: no deck in the trash has this id.
            InvalidRequest: another kept deck has its name meanwhile.
        """
        with self._connect() as conn:
            row = conn.execute("SELECT name FROM decks WHERE id = ? AND deleted_at IS NOT "
                               "NULL", (deck_id,)).fetchone()
            if row is None:
                raise NotFound(f"No deleted deck has the id {deck_id}")
            if self._kept_id(conn, row[0]) is not None:
                raise InvalidRequest(f"A deck named {row[0]!r} is kept meanwhile; rename it "
                                     "first")
            conn.execute("UPDATE decks SET deleted_at = NULL WHERE id = ?", (deck_id,))

    @staticmethod
    def _kept_id(conn: sqlite3.Connection, name: str) -> int | None:
        row = conn.execute("SELECT id FROM decks WHERE deleted_at IS NULL AND name = ? "
                           "COLLATE NOCASE", (name,)).fetchone()
        return int(row[0]) if row else None


def _zone(deck: str, stored: object, card: object) -> Zone:
    """The zone stored as ``stored`` for ``card`` of ``deck``.

    Raises:
        InvalidData: it is not one of :class:`Zone`'s values.
    """
    try:
        return Zone(str(stored))
    except ValueError:
        raise InvalidData(
            f"The deck “{one_line(deck)[:80]}” holds {one_line(str(card))[:80]} in an unknown "
            f"zone {one_line(str(stored))[:40]!r} (not material, main or sideboard): the decks "
            "file was changed outside Archivist; nothing of this deck was read") from None


def checked_name(name: str) -> str:
    """``name`` without surrounding spaces, fit to be a deck's name: one line of text.

    A line break or tab would forge a row of ``archivist deck list``; other control
    characters and bidirectional overrides would show the name as something else.

    Raises:
        InvalidRequest: the name is empty, or holds such a character (named in the message).
    """
    name = name.strip()
    if not name:
        raise InvalidRequest("A deck needs a name")
    return checked_line(name, "A deck name", "name")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _write_entries(conn: sqlite3.Connection, deck_id: int, deck: Deck) -> None:
    """The entries of ``deck`` as the rows of deck ``deck_id``, in order."""
    conn.executemany(
        "INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [(deck_id, i, e.zone.value, e.quantity, e.name, e.card_uuid, e.edition_uuid, e.line)
         for i, e in enumerate(deck.entries)])


def _natural(name: str) -> list[tuple[int, int | str]]:
    """A sort key reading the digits in ``name`` as numbers, the rest without case."""
    return [(0, int(part)) if part.isdigit() else (1, part.casefold())
            for part in re.split(r"(\d+)", name) if part]
