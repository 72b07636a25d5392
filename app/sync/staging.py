"""The staging file of a sync: validated records and progress markers.

A sync writes everything it fetched and validated here, one small transaction per unit of
work (a page of cards, a probe, an edition's history, an image), and only the final apply
touches the catalogue. A killed or failed sync leaves this file behind; the next sync against
the same API URL resumes from it without fetching again what it already validated. A file of
another API URL, older than ``max_age`` or unreadable is discarded and started anew.

Tables: ``meta`` (api url, creation time, plan), ``cards`` (validated Card JSON, filled like
an import, in the catalogue's stored form: encoded once here, handed to the writer as is),
``seen`` (uuids the upstream listed, valid or not), ``marks`` (progress markers:
``kind, key → value``), ``thema`` (history entries), ``images`` (files already placed in the
image or logo store), ``removals`` (cards confirmed gone), ``problems`` (rejected records).
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from app.diskfull import write_failure
from app.errors import StoreError
from app.store.write.records import CardRecord
from app.store.write.writer import encode_body

log = logging.getLogger("app.sync")
FORMAT = "archivist-sync-staging-2"  # 2: card bodies in the stored form
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS cards (uuid TEXT PRIMARY KEY, slug TEXT NOT NULL, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS seen (uuid TEXT PRIMARY KEY);
CREATE TABLE IF NOT EXISTS marks (kind TEXT, key TEXT, value TEXT, PRIMARY KEY (kind, key));
CREATE TABLE IF NOT EXISTS thema (edition_uuid TEXT, kind TEXT, day TEXT, body TEXT NOT NULL,
                                  PRIMARY KEY (edition_uuid, kind, day));
CREATE TABLE IF NOT EXISTS images (store TEXT, filename TEXT, bytes INTEGER, downloaded INTEGER,
                                   PRIMARY KEY (store, filename));
CREATE TABLE IF NOT EXISTS removals (uuid TEXT PRIMARY KEY);
CREATE TABLE IF NOT EXISTS problems (text TEXT PRIMARY KEY)
"""


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@dataclass
class Unit:
    """One unit of work, committed to the staging file in one transaction.

    Attributes:
        cards: validated Card objects (replacing staged ones of the same uuid).
        seen: uuids the upstream listed (valid records or not).
        marks: ``(kind, key, value)`` progress markers.
        thema: history entries with ``edition_uuid`` (replacing same edition, kind, day).
        images: ``(store, filename, bytes, downloaded)`` of files already in their store.
        removals: uuids of cards confirmed gone upstream.
        problems: rejected records, as one line each.
    """

    cards: list[dict[str, Any]] = field(default_factory=list)
    seen: list[str] = field(default_factory=list)
    marks: list[tuple[str, str, str]] = field(default_factory=list)
    thema: list[dict[str, Any]] = field(default_factory=list)
    images: list[tuple[str, str, int, bool]] = field(default_factory=list)
    removals: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


class Staging:
    """An open staging file. Build it with :meth:`open`.

    Raises (every method):
        StoreError: the file cannot be read or written (a full disk); the catalogue is
            untouched.
    """

    def __init__(self, path: Path, conn: sqlite3.Connection, resumed: bool) -> None:
        self.path = path
        self.resumed = resumed
        """True when this file holds the work of an earlier, unfinished sync."""
        self._conn = conn
        self._records: dict[str, CardRecord] = {}
        """Staged cards as parsed and encoded once: those staged by this run, and (after
        the first :meth:`records`) those of the file it resumed, decoded once."""
        self._complete = not resumed

    @classmethod
    def open(
        cls, path: Path, api_url: str, max_age: timedelta = timedelta(days=1),
        now: datetime | None = None,
    ) -> Staging:
        """Open the staging file for ``api_url``: resume it, or discard it and start anew."""
        now = now or datetime.now(UTC)
        if path.exists():
            reason = _stale(path, api_url, now - max_age)
            if reason is None:
                log.info("resuming the sync staged in %s", path)
                return cls(path, _connect(path), resumed=True)
            log.info("discarding %s: %s", path, reason)
            remove_files(path)
        conn = _connect(path)
        staging = cls(path, conn, resumed=False)
        staging.set_meta({"format": FORMAT, "api_url": api_url, "created_at": now.isoformat()})
        return staging

    def close(self) -> None:
        """Close the file and keep it (for a resume)."""
        self._conn.close()

    def discard(self) -> None:
        """Close the file and delete it (after a successful apply)."""
        self._conn.close()
        remove_files(self.path)

    def _guard(self, action: str, exc: sqlite3.Error) -> StoreError:
        return StoreError(f"Cannot {action} the sync staging file {self.path}: "
                          f"{write_failure(exc, self.path.parent)}; "
                          "the catalogue was not changed")

    def commit(self, unit: Unit) -> None:
        """Write one :class:`Unit` in one transaction."""
        records = [CardRecord(card, encode_body(card)) for card in unit.cards]
        try:
            with self._conn:
                c = self._conn
                c.executemany("INSERT OR REPLACE INTO cards VALUES (?, ?, ?)",
                              [(r.uuid, r.raw["slug"], r.body) for r in records])
                c.executemany("INSERT OR IGNORE INTO seen VALUES (?)", [(u,) for u in unit.seen])
                c.executemany("INSERT OR REPLACE INTO marks VALUES (?, ?, ?)", unit.marks)
                c.executemany("INSERT OR REPLACE INTO thema VALUES (?, ?, ?, ?)", [
                    (e["edition_uuid"], e["kind"], str(e["created_at"])[:10], _json(e))
                    for e in unit.thema
                ])
                c.executemany("INSERT OR REPLACE INTO images VALUES (?, ?, ?, ?)", unit.images)
                c.executemany("INSERT OR IGNORE INTO removals VALUES (?)",
                              [(u,) for u in unit.removals])
                c.executemany("INSERT OR IGNORE INTO problems VALUES (?)",
                              [(p,) for p in unit.problems])
        except sqlite3.Error as exc:
            raise self._guard("write", exc) from exc
        for record in records:  # a replaced card moves to the end, as its new row does
            self._records.pop(record.uuid, None)
            self._records[record.uuid] = record

    def _rows(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._conn.execute(sql, params).fetchall()
        except sqlite3.Error as exc:
            raise self._guard("read", exc) from exc

    def meta(self, key: str) -> str | None:
        """A stored plan value, or None."""
        rows = self._rows("SELECT value FROM meta WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    def set_meta(self, values: dict[str, str]) -> None:
        """Store plan values."""
        try:
            with self._conn:
                self._conn.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                                       list(values.items()))
        except sqlite3.Error as exc:
            raise self._guard("write", exc) from exc

    def blob(self, name: str) -> Any | None:
        """A stored JSON value (featured groups, options, rank entries), or None."""
        value = self.meta(f"blob:{name}")
        return None if value is None else json.loads(value)

    def set_blob(self, name: str, value: Any) -> None:
        """Store a JSON value under ``name``."""
        self.set_meta({f"blob:{name}": _json(value)})

    def marks(self, kind: str) -> dict[str, str]:
        """The markers of one kind: ``key → value``."""
        return {k: v for k, v in self._rows("SELECT key, value FROM marks WHERE kind = ?",
                                             (kind,))}

    def clear_marks(self, kind: str) -> None:
        """Forget the markers of one kind (a walk that must start again)."""
        try:
            with self._conn:
                self._conn.execute("DELETE FROM marks WHERE kind = ?", (kind,))
        except sqlite3.Error as exc:
            raise self._guard("write", exc) from exc

    def card_slugs(self) -> dict[str, str]:
        """``uuid → slug`` of every staged card."""
        return {u: s for u, s in self._rows("SELECT uuid, slug FROM cards")}

    def cards(self) -> Iterator[dict[str, Any]]:
        """Every staged card (the parsed dict; do not change it), in staging order."""
        return (record.raw for record in self.records())

    def records(self) -> list[CardRecord]:
        """Every staged card with its stored form, in staging order, for the writer.

        A card staged by this run is not decoded again; one staged by the resumed run is
        decoded once, on the first call.
        """
        if not self._complete:
            records: dict[str, CardRecord] = {}
            for uuid, body in self._rows("SELECT uuid, body FROM cards ORDER BY rowid"):
                known = self._records.get(uuid)
                records[uuid] = known if known is not None else CardRecord(json.loads(body),
                                                                           body)
            self._records, self._complete = records, True
        return list(self._records.values())

    def seen(self) -> set[str]:
        """uuids the upstream listed during this sync."""
        return {r[0] for r in self._rows("SELECT uuid FROM seen")}

    def thema(self) -> list[dict[str, Any]]:
        """Staged history entries, by edition, kind and day."""
        return [json.loads(r[0]) for r in self._rows(
            "SELECT body FROM thema ORDER BY edition_uuid, kind, day")]

    def images(self, store: str) -> list[tuple[str, int, bool]]:
        """``(filename, bytes, downloaded)`` of files placed in ``store`` (cards or logos)."""
        return [(r[0], int(r[1]), bool(r[2])) for r in self._rows(
            "SELECT filename, bytes, downloaded FROM images WHERE store = ? ORDER BY filename",
            (store,))]

    def removals(self) -> list[str]:
        """uuids of cards confirmed gone upstream."""
        return [r[0] for r in self._rows("SELECT uuid FROM removals ORDER BY uuid")]

    def problems(self) -> list[str]:
        """Rejected records, one line each."""
        return [r[0] for r in self._rows("SELECT text FROM problems ORDER BY text")]


def remove_files(path: Path) -> None:
    """Delete a SQLite file and its WAL and shared-memory companions."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def _connect(path: Path) -> sqlite3.Connection:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(path, check_same_thread=False)
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.executescript(_SCHEMA)
    except (sqlite3.Error, OSError) as exc:
        raise StoreError(f"Cannot create the sync staging file {path}: {exc}") from exc
    return conn


def _stale(path: Path, api_url: str, oldest: datetime) -> str | None:
    """Why the staging file cannot be resumed, or None when it can."""
    try:
        conn = sqlite3.connect(path)
        try:
            values = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        finally:
            conn.close()
    except sqlite3.Error as exc:
        return f"unreadable ({exc})"
    if values.get("format") != FORMAT:
        return "written by another version"
    if values.get("api_url") != api_url:
        return f"it belongs to {values.get('api_url')}"
    try:
        created = datetime.fromisoformat(values.get("created_at", ""))
    except ValueError:
        return "no creation time"
    if created < oldest:
        return f"older than allowed (started {created.isoformat()})"
    return None
