"""The one writer of the catalogue: upserts cards, editions, sets and images in one transaction.

Either every record of a write is committed or none is: an exception from the input
iterable (a corrupt file found midway) or from SQLite (a full disk) rolls the whole
write back and leaves the previous catalogue as it was.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from app.errors import StoreError
from app.store.db import Store
from app.store.featured import add_logos, replace_featured, replace_options
from app.store.thema import write_history

log = logging.getLogger("app.store")


@dataclass(frozen=True)
class CardRecord:
    """A validated Card object ready to store: the raw JSON dict as received (and filled)."""

    raw: dict[str, Any]

    @property
    def uuid(self) -> str:
        return str(self.raw["uuid"])


@dataclass
class WriteReport:
    """What one write changed. Counts are of cards unless named otherwise."""

    new: int = 0
    changed: int = 0
    unchanged: int = 0
    editions: int = 0
    sets: int = 0
    images: int = 0
    replaced_slugs: list[str] = field(default_factory=list)


def image_file(image_path: str) -> str:
    """The API file name of an edition's ``image`` path (its last path part)."""
    return image_path.rsplit("/", 1)[-1]


def encode_body(card: dict[str, Any]) -> str:
    """The stored form of a card: its JSON as received, ``result_editions`` emptied.

    ``result_editions`` depends on the request (spec: Endpoints, rule 1), so it is
    rebuilt on every read; its key keeps its place in the object.
    """
    body = dict(card)
    body["result_editions"] = []
    return json.dumps(body, ensure_ascii=False, separators=(",", ":"))


class Writer:
    """Writes to a :class:`Store`; one write is one ``BEGIN IMMEDIATE`` transaction."""

    def __init__(self, store: Store) -> None:
        self._store = store

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        conn = self._store.connect()
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            raise StoreError(f"Writing the catalogue failed, nothing was changed: {exc}") from exc
        finally:
            conn.close()

    def write(
        self,
        cards: Iterable[CardRecord],
        images: Iterable[tuple[str, int]] = (),
        *,
        featured: list[dict[str, Any]] | None = None,
        options: dict[str, Any] | None = None,
        logos: Iterable[tuple[str, int]] = (),
        thema: list[dict[str, Any]] | None = None,
    ) -> WriteReport:
        """Write everything of one import or sync in one transaction.

        Args:
            cards: validated records; a card whose stored body is identical is left alone.
            images: ``(filename, size in bytes)`` of image files already in the image store.
            featured: a complete ``/featured-sets`` response, replacing the stored groups.
            options: an ``/option/search`` response, replacing the stored one.
            logos: ``(filename, size in bytes)`` of logo files already in the logo store.
            thema: validated dynamic Thema history entries (rank etc. already derived).

        Returns:
            The counts of what changed.

        Raises:
            StoreError: SQLite failed; nothing was written.
            Exception: whatever ``cards`` raised; nothing was written.
        """
        report = WriteReport()
        now = datetime.now(UTC).isoformat(timespec="seconds")
        with self._transaction() as conn:
            for record in cards:
                self._upsert_card(conn, record.raw, report)
            for filename, size in images:
                conn.execute(
                    "INSERT INTO images(filename, bytes, stored_at) VALUES (?, ?, ?) "
                    "ON CONFLICT(filename) DO UPDATE SET bytes = excluded.bytes",
                    (filename, size, now),
                )
                report.images += 1
            if featured is not None:
                replace_featured(conn, featured)
            if options is not None:
                replace_options(conn, options)
            add_logos(conn, list(logos))
            if thema:
                write_history(conn, thema)
        log.info("write: %s", report)
        return report

    def _upsert_card(self, conn: sqlite3.Connection, card: dict[str, Any], r: WriteReport) -> None:
        body = encode_body(card)
        uuid, slug = card["uuid"], card["slug"]
        old = conn.execute("SELECT rowid, body FROM cards WHERE uuid = ?", (uuid,)).fetchone()
        if old is not None and old[1] == body:
            r.unchanged += 1
            return
        clash = conn.execute(
            "SELECT uuid FROM cards WHERE slug = ? AND uuid != ?", (slug, uuid)
        ).fetchone()
        if clash is not None:
            self._delete_card(conn, clash[0])
            r.replaced_slugs.append(slug)
        if old is None:
            cur = conn.execute(
                "INSERT INTO cards(uuid, slug, name, last_update, body) VALUES (?, ?, ?, ?, ?)",
                (uuid, slug, card["name"], card["last_update"], body),
            )
            rowid = cur.lastrowid
            r.new += 1
        else:
            rowid = old[0]
            conn.execute(
                "UPDATE cards SET slug = ?, name = ?, last_update = ?, body = ? WHERE uuid = ?",
                (slug, card["name"], card["last_update"], body, uuid),
            )
            conn.execute("DELETE FROM cards_fts WHERE rowid = ?", (rowid,))
            conn.execute("DELETE FROM editions WHERE card_uuid = ?", (uuid,))
            r.changed += 1
        conn.execute(
            "INSERT INTO cards_fts(rowid, name, effect_raw, flavor) VALUES (?, ?, ?, ?)",
            (rowid, card["name"], card.get("effect_raw") or "", card.get("flavor") or ""),
        )
        for position, edition in enumerate(card["editions"]):
            self._upsert_edition(conn, uuid, position, edition, r)

    def _upsert_edition(
        self, conn: sqlite3.Connection, card_uuid: str, position: int, e: dict[str, Any],
        r: WriteReport,
    ) -> None:
        s = e["set"]
        conn.execute(
            "INSERT OR REPLACE INTO editions(uuid, card_uuid, position, slug, set_id, set_prefix, "
            "collector_number, rarity, image_file, created_at) VALUES (?,?,?,?,?,?,?,?,?,?)",
            (e["uuid"], card_uuid, position, e["slug"], s["id"], s["prefix"],
             e["collector_number"], e["rarity"], image_file(e["image"]), e["created_at"]),
        )
        r.editions += 1
        cur = conn.execute(
            "INSERT INTO sets(id, prefix, name, language, release_date, body) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET prefix = excluded.prefix, "
            "name = excluded.name, language = excluded.language, "
            "release_date = excluded.release_date, body = excluded.body "
            "WHERE sets.body != excluded.body",
            (s["id"], s["prefix"], s["name"], s["language"], s["release_date"],
             json.dumps(s, ensure_ascii=False, separators=(",", ":"))),
        )
        r.sets += cur.rowcount

    @staticmethod
    def _delete_card(conn: sqlite3.Connection, uuid: str) -> None:
        row = conn.execute("SELECT rowid FROM cards WHERE uuid = ?", (uuid,)).fetchone()
        if row is not None:
            conn.execute("DELETE FROM cards_fts WHERE rowid = ?", (row[0],))
            conn.execute("DELETE FROM cards WHERE uuid = ?", (uuid,))
