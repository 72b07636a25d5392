"""Kept decks: ``decks.sqlite3`` in the user's data folder, a file of its own.

No import or sync opens this file, so they cannot touch a deck. An entry keeps its card's
uuid, the chosen edition and the name as written; nothing here follows the catalogue, so
a card that leaves the catalogue stays in the deck (a check reports it as missing).
Deleting a deck moves it to the trash (``deleted_at`` set): :meth:`DeckStore.restore`
undoes it. The schema version lives in ``PRAGMA user_version``; the tables are typed
(``STRICT``, :mod:`app.userrows`), and a row of the wrong type in an older or hand-edited
file is left out by the readers and listed by :meth:`DeckStore.unreadable`.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from app.decks.model import Deck, Entry, Zone
from app.decks.moment import moment_problem
from app.errors import InvalidData, InvalidRequest, NotFound
from app.safetext import checked_line, one_line
from app.userfile import Migration, UserFile
from app.userrows import ASIDE, describe, kept_aside, retype, shown

DECKS_FILE = "decks.sqlite3"
DECKS = """CREATE TABLE decks (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    format TEXT NOT NULL,
    saved_at TEXT NOT NULL,          -- UTC ISO 8601
    deleted_at TEXT,                 -- set: in the trash
    as_of TEXT                       -- checked as of (UTC ISO 8601); NULL: the latest
) STRICT"""
DECKS_INDEX = ("CREATE UNIQUE INDEX decks_kept_name ON decks(name COLLATE NOCASE) "
               "WHERE deleted_at IS NULL")
ENTRIES = """CREATE TABLE entries (
    deck_id INTEGER NOT NULL REFERENCES decks(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    zone TEXT NOT NULL,              -- material, main, sideboard
    quantity INTEGER NOT NULL,
    name TEXT NOT NULL,              -- as written
    card_uuid TEXT,                  -- NULL: the name did not resolve
    edition_uuid TEXT,               -- NULL: the card's default edition
    line TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (deck_id, position)
) STRICT"""
SCHEMA = ";\n".join((DECKS, DECKS_INDEX, ENTRIES, ASIDE)) + ";"
VERSION = 3
_DECK_COLUMNS = (("id", "integer"), ("name", "text"), ("format", "text"),
                 ("saved time", "text"), ("deleted time", "text?"), ("as-of moment", "text?"))
_ENTRY_COLUMNS = (("deck", "integer"), ("position", "integer"), ("zone", "text"),
                  ("quantity", "count"), ("name", "text"), ("card uuid", "text?"),
                  ("edition uuid", "text?"), ("line", "text"))


_NAMES = {"decks": "id, name, format, saved_at, deleted_at, as_of",
          "entries": "deck_id, position, zone, quantity, name, card_uuid, edition_uuid, line"}
_COUNTED = "typeof(e.quantity) = 'integer' AND e.quantity > 0"


def row_problem(row: tuple[object, ...], columns: tuple[tuple[str, str], ...]) -> str | None:
    """Why a stored row of ``decks`` or ``entries`` (its values in column order) is
    unreadable (``name is binary data``), or None."""
    for (name, wanted), value in zip(columns, row, strict=False):
        why = describe(value, wanted)
        if why is not None:
            return f"{name} is {why}"
    return None


def _typed(conn: sqlite3.Connection) -> None:
    """Version 3: typed (STRICT) tables; rows that do not fit are kept aside, with the
    entries of a deck kept aside."""
    retype(conn, "decks", DECKS, lambda row: row_problem(row, _DECK_COLUMNS), [DECKS_INDEX])
    kept = {deck_id for (deck_id,) in conn.execute("SELECT id FROM decks")}
    retype(conn, "entries", ENTRIES, lambda row: row_problem(row, _ENTRY_COLUMNS) or (
        None if row[0] in kept else "its deck is unreadable"))


MIGRATIONS: dict[int, Migration] = {2: "ALTER TABLE decks ADD COLUMN as_of TEXT;", 3: _typed}
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
        ``trash``: the deleted ones, newest first). A deck whose row is unreadable is left
        out (:meth:`unreadable` lists it); its card count sums its readable entries."""
        where, order = (("IS NOT NULL", "d.deleted_at DESC") if trash
                        else ("IS NULL", "d.name COLLATE NOCASE"))
        with self._connect() as conn:
            rows = conn.execute(
                "SELECT d.id, d.name, d.format, d.saved_at, d.deleted_at, d.as_of, "
                f"COALESCE(SUM(CASE WHEN {_COUNTED} THEN e.quantity END), 0) FROM decks d "
                f"LEFT JOIN entries e ON e.deck_id = d.id WHERE d.deleted_at {where} "
                f"GROUP BY d.id ORDER BY {order}").fetchall()
        summaries = [DeckSummary(i, n, f, cards, saved, deleted)
                     for i, n, f, saved, deleted, as_of, cards in rows
                     if row_problem((i, n, f, saved, deleted, as_of), _DECK_COLUMNS) is None]
        return summaries if trash else sorted(summaries, key=lambda d: _natural(d.name))

    def unreadable(self) -> list[str]:
        """One line per stored row that is not part of a deck (``entries row [3, 0,
        "main", -5, …]: quantity is -5``): kept aside when the file was brought to typed
        tables, or changed outside Archivist since. The readers leave them out."""
        with self._connect() as conn:
            found = kept_aside(conn)
            for table, columns in (("decks", _DECK_COLUMNS), ("entries", _ENTRY_COLUMNS)):
                for row in conn.execute(f"SELECT {_NAMES[table]} FROM {table}"):
                    why = row_problem(tuple(row), columns) or (
                        _zone_problem(row[2]) if table == "entries" else _as_of_problem(row[5]))
                    if why is not None:
                        found.append(f"{table} row {shown(tuple(row))}: {why}")
        return found

    def load(self, name_or_id: str | int) -> Deck:
        """The kept deck of this name (any case) or id.

        Raises:
            NotFound: no kept deck has it.
            InvalidData: the deck's row or one of its entries is unreadable (a stored zone
                none of the three, a quantity of text: the file was changed outside
                Archivist); the message names the deck and the row. Nothing of the deck
                is read, so it cannot be saved back without the row.
        """
        with self._connect() as conn:
            if isinstance(name_or_id, int):
                row = conn.execute("SELECT id, name, format, saved_at, deleted_at, as_of "
                                   "FROM decks WHERE id = ?", (name_or_id,)).fetchone()
            else:
                row = conn.execute("SELECT id, name, format, saved_at, deleted_at, as_of "
                                   "FROM decks WHERE deleted_at IS NULL AND name = ? "
                                   "COLLATE NOCASE", (name_or_id.strip(),)).fetchone()
            if row is None:
                raise NotFound(f"No kept deck is named {name_or_id!r} (archivist deck list)")
            entries = conn.execute(
                "SELECT deck_id, position, zone, quantity, name, card_uuid, edition_uuid, "
                "line FROM entries WHERE deck_id = ? ORDER BY position", (row[0],)).fetchall()
        why = row_problem(tuple(row), _DECK_COLUMNS)
        if why is not None:
            raise InvalidData(f"The deck with the id {row[0]} is unreadable ({why}): the decks "
                              "file was changed outside Archivist; nothing of it was read")
        for entry in entries:
            why = row_problem(tuple(entry), _ENTRY_COLUMNS)
            if why is not None:
                raise InvalidData(
                    f"The deck “{one_line(row[1])[:80]}” holds an unreadable row (position "
                    f"{entry[1]}: {why}): the decks file was changed outside Archivist; "
                    "nothing of this deck was read")
        as_of = None if _as_of_problem(row[5]) else row[5]  # listed by unreadable()
        return Deck(row[1], [Entry(_zone(row[1], z, n), q, n, c, e, ln)
                             for _d, _p, z, q, n, c, e, ln in entries], row[2], as_of)

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


def _as_of_problem(stored: object) -> str | None:
    """Why a deck's stored as-of moment is none (it is then checked as of today)."""
    why = moment_problem(stored) if isinstance(stored, str) else None
    return None if why is None else f"as-of moment: {why}; the deck is checked as of today"


def _zone_problem(stored: object) -> str | None:
    if stored in {z.value for z in Zone}:
        return None
    return f"zone is {shown(stored)} (not material, main or sideboard)"


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
