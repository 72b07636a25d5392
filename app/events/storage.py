"""Stored events: ``events.sqlite3`` in the data folder, a file of its own.

No catalogue import, sync or revert opens this file, so they never touch an event. Each
event keeps its file's bytes as they were (``raw``), its decklists and their entries as
written with the card each name resolved to, and per decklist the cards it plays
(material and main, copies summed: what the meta counts) and its champion's lineage. The
tables are typed (``STRICT``); the schema version is ``PRAGMA user_version``
(:class:`app.userfile.UserFile`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from app.events.model import Event, EventSummary
from app.userfile import UserFile

EVENTS_FILE = "events.sqlite3"
ANSWERS = """
CREATE TABLE answers (             -- the official API's answers a synced event came from
    event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    endpoint TEXT NOT NULL,          -- event, decklists, standings
    body BLOB NOT NULL,              -- byte for byte as the API sent it
    etag TEXT,                       -- its ETag (a later sync asks If-None-Match)
    PRIMARY KEY (event_id, endpoint)
) STRICT, WITHOUT ROWID;
"""
SCHEMA = """
CREATE TABLE events (
    id INTEGER PRIMARY KEY,          -- the Omnidex event id
    name TEXT NOT NULL,
    category TEXT NOT NULL,
    format TEXT NOT NULL,            -- as the source wrote it (standard)
    season TEXT NOT NULL,
    url TEXT NOT NULL,
    start_at TEXT NOT NULL,          -- startAt as written
    day TEXT NOT NULL,               -- its UTC date, YYYY-MM-DD
    source TEXT NOT NULL,
    imported_at TEXT NOT NULL,       -- UTC ISO 8601
    raw BLOB NOT NULL                -- the file's bytes, byte for byte
) STRICT;
CREATE TABLE decklists (
    id INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,       -- 0-based, file order (no placement)
    lineage TEXT,                    -- NULL: no champion
    champion TEXT,
    copies INTEGER NOT NULL,         -- material + main copies
    UNIQUE (event_id, position)
) STRICT;
CREATE TABLE entries (
    decklist_id INTEGER NOT NULL REFERENCES decklists(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    zone TEXT NOT NULL,              -- material, main, sideboard
    quantity INTEGER NOT NULL,
    name TEXT NOT NULL,              -- as written
    card_uuid TEXT,                  -- NULL: the name did not resolve
    PRIMARY KEY (decklist_id, position)
) STRICT, WITHOUT ROWID;
CREATE TABLE plays (
    decklist_id INTEGER NOT NULL REFERENCES decklists(id) ON DELETE CASCADE,
    card_key TEXT NOT NULL,          -- the card's uuid, or ? and the normalised name
    name TEXT NOT NULL,              -- the card's name (as written when unresolved)
    slug TEXT,
    copies INTEGER NOT NULL,
    PRIMARY KEY (decklist_id, card_key)
) STRICT, WITHOUT ROWID;
-- covering: meta like and meta card read this index alone
CREATE INDEX plays_card ON plays(card_key, decklist_id, copies);
CREATE TABLE event_cards (         -- plays summed per event: the meta's card counts
    event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    card_key TEXT NOT NULL,
    name TEXT NOT NULL,
    slug TEXT,
    decks INTEGER NOT NULL,          -- the event's decklists that play the card
    copies INTEGER NOT NULL,         -- their copies of it
    PRIMARY KEY (event_id, card_key)
) STRICT, WITHOUT ROWID;
-- covering: the meta's count by card reads this index alone, in card order
CREATE INDEX event_cards_card ON event_cards(card_key, event_id, decks, copies, name, slug);
CREATE INDEX decklists_event ON decklists(event_id);
""" + ANSWERS
VERSION = 2
IMPORT_CACHE_KIB = 65_536
"""The page cache of an import's connection, in KiB (SQLite's default is 2,000)."""
MIGRATIONS = {2: ANSWERS}


class EventStore(UserFile):
    """The events file. Each call opens its own connection (safe from any thread).

    Args:
        path: ``<data folder>/events.sqlite3``; made on the first import, so listing works
            in a read-only folder.

    Raises:
        UnusableUserFile: a folder or a FIFO stands where the file belongs.
        StoreError: the file cannot be opened or was written by a newer Archivist.
    """

    def __init__(self, path: Path) -> None:
        super().__init__(path, "the events file", SCHEMA, VERSION, MIGRATIONS,
                         made_on_write=True)

    def back_up_daily(self) -> None:
        """Nothing: events come from files and the API and are imported again from them;
        the backups keep what only the person made (decks, collection)."""

    def before_change(self, reason: str) -> None:
        """Nothing, as :meth:`back_up_daily`."""

    def keep(self, events: Sequence[Event]) -> list[int]:
        """Keep ``events`` in one transaction, each replacing a stored event of its id;
        returns the ids that replaced a stored event.

        Raises:
            StoreError: the file cannot be written (nothing of ``events`` is kept).
        """
        now = datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
        replaced = []
        with self._writing() as conn:
            # A larger page cache for this connection: the card index of every play is
            # written in card order, not in insertion order, so a small cache keeps spilling.
            conn.execute(f"PRAGMA cache_size = -{IMPORT_CACHE_KIB}")
            for event in events:
                if conn.execute("DELETE FROM events WHERE id = ?", (event.id,)).rowcount:
                    replaced.append(event.id)
                conn.execute("INSERT INTO events VALUES (?,?,?,?,?,?,?,?,?,?,?)", (
                    event.id, event.name, event.category, event.format, event.season,
                    event.url, event.start_at, event.day, event.source, now, event.raw))
                _write_decklists(conn, event)
                conn.executemany("INSERT INTO answers VALUES (?,?,?,?)", [
                    (event.id, endpoint, body, event.etags.get(endpoint))
                    for endpoint, body in event.answers.items()])
        return replaced

    def events(self) -> list[EventSummary]:
        """The stored events, oldest first (then by id)."""
        with self._reading() as conn:
            if conn is None:
                return []
            rows = conn.execute(
                "SELECT e.id, e.name, e.category, e.format, e.start_at, "
                "(SELECT COUNT(*) FROM decklists d WHERE d.event_id = e.id), "
                "(SELECT COUNT(DISTINCT n.name) FROM decklists d JOIN entries n "
                " ON n.decklist_id = d.id WHERE d.event_id = e.id AND n.card_uuid IS NULL) "
                "FROM events e ORDER BY e.day, e.id").fetchall()
        return [EventSummary(*row) for row in rows]

    def raw(self, event_id: int) -> bytes | None:
        """The stored bytes of event ``event_id`` as they were read, or None."""
        with self._reading() as conn:
            row = None if conn is None else conn.execute(
                "SELECT raw FROM events WHERE id = ?", (event_id,)).fetchone()
        return None if row is None else bytes(row[0])

    def answer(self, event_id: int, endpoint: str) -> bytes | None:
        """The official API's stored answer of ``endpoint`` (``event``, ``decklists``,
        ``standings``) for event ``event_id``, byte for byte, or None."""
        with self._reading() as conn:
            row = None if conn is None else conn.execute(
                "SELECT body FROM answers WHERE event_id = ? AND endpoint = ?",
                (event_id, endpoint)).fetchone()
        return None if row is None else bytes(row[0])

    def etags(self, event_ids: Sequence[int]) -> dict[tuple[int, str], tuple[str, bytes]]:
        """The stored API answers of ``event_ids`` that have an ETag:
        (event id, endpoint) → (ETag, body)."""
        out: dict[tuple[int, str], tuple[str, bytes]] = {}
        with self._reading() as conn:
            if conn is None:
                return out
            for start in range(0, len(event_ids), 500):
                chunk = list(event_ids[start:start + 500])
                marks = ",".join("?" * len(chunk))
                for event_id, endpoint, etag, body in conn.execute(
                        "SELECT event_id, endpoint, etag, body FROM answers WHERE etag IS NOT "
                        f"NULL AND event_id IN ({marks})", chunk):
                    out[(int(event_id), str(endpoint))] = (str(etag), bytes(body))
        return out

    def stored_ids(self) -> set[int]:
        """The ids of the stored events."""
        with self._reading() as conn:
            rows = [] if conn is None else conn.execute("SELECT id FROM events").fetchall()
        return {int(row[0]) for row in rows}

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection | None]:
        """A connection for the meta's reads (:mod:`app.events.reads`), or None when no
        event was ever imported (reading never makes the file).

        Raises:
            UnusableUserFile: the file is a folder, a FIFO or a device.
            StoreError: the file cannot be opened or a read failed.
        """
        with self._reading() as conn:
            yield conn


def _write_decklists(conn: sqlite3.Connection, event: Event) -> None:
    totals: dict[str, list[Any]] = {}
    for position, decklist in enumerate(event.decklists):
        plays = decklist.plays()
        for key, (copies, entry) in plays.items():
            total = totals.setdefault(key, [entry.card_name, entry.slug, 0, 0])
            total[2] += 1
            total[3] += copies
        cur = conn.execute(
            "INSERT INTO decklists(event_id, position, lineage, champion, copies) "
            "VALUES (?,?,?,?,?)", (event.id, position, decklist.lineage, decklist.champion,
                                   sum(copies for copies, _e in plays.values())))
        deck_id = int(cur.lastrowid or 0)
        conn.executemany("INSERT INTO entries VALUES (?,?,?,?,?,?)", [
            (deck_id, n, e.zone, e.quantity, e.name, e.card_uuid)
            for n, e in enumerate(decklist.entries)])
        conn.executemany("INSERT INTO plays VALUES (?,?,?,?,?)", [
            (deck_id, key, e.card_name, e.slug, copies)
            for key, (copies, e) in plays.items()])
    conn.executemany("INSERT INTO event_cards VALUES (?,?,?,?,?,?)", [
        (event.id, key, *total) for key, total in totals.items()])
