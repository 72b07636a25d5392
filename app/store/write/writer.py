"""The one writer of the catalogue: upserts cards, editions, sets and images in one transaction.

Either every record of a write is committed or none is: an exception from the input
iterable (a corrupt file found midway) or from SQLite (a full disk) rolls the whole
write back and leaves the previous catalogue as it was.

A card counts as changed only when its content changed: the received JSON is compared with
the stored one with sorted keys (:func:`canonical`), so key order alone is no change. A card
whose editions or circulations were only reordered, or whose timestamps only moved, is
stored as received but counted as unchanged, as the history counts it
(:func:`app.history.content_equal`). An unchanged card keeps its stored body and its ``changed_at``
(schema migration 3), the UTC time of the last write that changed it; ``/cards/search``
offers it as the ``last_update`` filter so a sync fetches only what changed.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

from app.errors import InvalidRequest
from app.history import content_equal
from app.store.db.connection import Store
from app.store.db.meta import read_meta as read_meta  # its former home
from app.store.history.revisions import RevisionRecorder
from app.store.history.thema import META_GENERATED, write_history
from app.store.language.facts import edition_facts, index_card, set_languages
from app.store.language.query import card_rows
from app.store.language.start_page import refresh as refresh_start_page
from app.store.language.value_counts import counting
from app.store.official.facts import index_api, index_order_after
from app.store.official.narrow_editions import backfill_narrow, index_narrow
from app.store.reads.sets import add_logos, replace_featured, replace_options
from app.store.write.batch import Batch, big_write, delete_card
from app.store.write.fresh import Deferred, FreshCheck
from app.store.write.fresh_rows import api_rows, insert_rows
from app.store.write.records import CardRecord, WriteReport

log = logging.getLogger("app.store")
BIG_CACHE_KIB = -65536
"""The page cache of a big write's connection (``PRAGMA cache_size``, negative: KiB): the
default 2 MB spilled a full sync's 40 MB of new pages to the WAL and read them back."""


def big_write_end(conn: sqlite3.Connection) -> None:
    """The end of a big write's cards: each card's narrow rows and languages, for every
    card at once (:func:`app.store.write.batch.big_write`)."""
    backfill_narrow(conn)
    set_languages(conn)


def image_file(image_path: str) -> str:
    """The API file name of an edition's ``image`` path (its last path part)."""
    return image_path.rsplit("/", 1)[-1]


def canonical(value: Any) -> str:
    """A JSON value as text with sorted keys: equal for values that differ only in key order."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def utc_stamp(moment: datetime | None = None) -> str:
    """A UTC time as ``YYYY-MM-DDTHH:MM:SS.mmmZ`` (the form of ``cards.changed_at``)."""
    moment = (moment or datetime.now(UTC)).astimezone(UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def compare_editions(
    old: list[dict[str, Any]] | None, new: list[dict[str, Any]]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], int, int]:
    """Compare a card's stored editions with received ones, by edition uuid.

    Args:
        old: the stored card's ``editions`` (None for a card not stored yet).
        new: the received card's ``editions``.

    Returns:
        ``(new editions, changed editions, unchanged count, removed count)``; an edition is
        changed when its content differs with sorted keys.
    """
    before = {str(e.get("uuid")): canonical(e) for e in old or []}
    added: list[dict[str, Any]] = []
    changed: list[dict[str, Any]] = []
    same = 0
    for edition in new:
        previous = before.pop(str(edition.get("uuid")), None)
        if previous is None:
            added.append(edition)
        elif previous != canonical(edition):
            changed.append(edition)
        else:
            same += 1
    return added, changed, same, len(before)


EDITIONS_INSERT = (
    "INSERT OR REPLACE INTO editions(uuid, card_uuid, position, slug, set_id, set_prefix, "
    "collector_number, rarity, image_file, created_at, illustrators, foil, flip, "
    "dynamic, thema_foil, thema_nonfoil) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
)


def edition_rows(card_uuid: str, editions: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """The ``editions`` rows of a card's editions (:data:`EDITIONS_INSERT`'s parameters)."""
    return [(e["uuid"], card_uuid, position, e["slug"], e["set"]["id"], e["set"]["prefix"],
             e["collector_number"], e["rarity"], image_file(e["image"]), e["created_at"],
             *edition_facts(e)) for position, e in enumerate(editions)]


def encode_body(card: dict[str, Any]) -> str:
    """The stored form of a card: its JSON as received, ``result_editions`` emptied.

    ``result_editions`` depends on the request (spec: Endpoints, rule 1), so it is
    rebuilt on every read; its key keeps its place in the object.
    """
    body = dict(card)
    body["result_editions"] = []
    return json.dumps(body, ensure_ascii=False, separators=(",", ":"))


class Writer:
    """Writes to a :class:`Store`; one write is one ``BEGIN IMMEDIATE`` transaction.

    With ``history``, every card a write adds, changes or deletes is recorded there, and
    the revision is written in the same transaction (:mod:`app.store.history.revisions`).
    """

    def __init__(self, store: Store, history: RevisionRecorder | None = None) -> None:
        self._store = store
        self._history = history
        self._batch = Batch([], set(), False)
        self._set_bodies: dict[str, list[tuple[str, Any]]] = {}
        """Set id → the set (its items in order) this write last stored for it."""
        self._big = False
        """This write is big (:func:`app.store.write.batch.big_write`): the narrow rows and
        languages of every card are written once at its end, not card by card."""

    def write(
        self,
        cards: Iterable[CardRecord],
        images: Iterable[tuple[str, int]] = (),
        *,
        featured: list[dict[str, Any]] | None = None,
        options: dict[str, Any] | None = None,
        logos: Iterable[tuple[str, int]] = (),
        thema: list[dict[str, Any]] | None = None,
        remove: Iterable[str] = (),
        meta: Mapping[str, str] | None = None,
        allow_older: bool = False,
        all_or_nothing: bool = False,
    ) -> WriteReport:
        """Write everything of one import or sync in one transaction.

        Args:
            cards: validated records; a card whose stored content is the same (compared with
                sorted keys) is left alone, stored body and ``changed_at`` included.
            images: ``(filename, size in bytes)`` of image files already in the image store.
            featured: a complete ``/featured-sets`` response, replacing the stored groups.
            options: an ``/option/search`` response, replacing the stored one.
            logos: ``(filename, size in bytes)`` of logo files already in the logo store.
            thema: validated dynamic Thema history entries (rank etc. already derived).
            remove: uuids of cards to delete with their editions, search rows and the Thema
                history of their editions (a sync's complete enumeration no longer lists them);
                a uuid also in ``cards`` or not stored is skipped.
            meta: ``key → value`` pairs to store in the ``meta`` table (sync watermarks).
            allow_older: store records older than the stored ones too (``--allow-older``).
            all_or_nothing: write nothing when any card would not be stored (a revert,
                which must put every card back or none).

        Returns:
            The counts of what changed.

        Raises:
            InvalidRequest: with ``all_or_nothing``, a card was refused or kept out (the
                message names it and why); nothing was written.
            StoreError: SQLite failed; nothing was written.
            Exception: whatever ``cards`` raised; nothing was written.
        """
        report = WriteReport()
        with self._store.transaction() as conn:
            stamp = utc_stamp()
            batch = list(cards)
            removing = set(remove)
            self._cards(conn, batch, removing, allow_older, report, stamp)
            left = [*report.refused, *report.kept_out]
            if all_or_nothing and left:
                more = f" (and {len(left) - 1} more)" if len(left) > 1 else ""
                raise InvalidRequest(f"the card {left[0].slug} cannot be stored: "
                                     f"{left[0].reason}{more}")
            self._write_rest(conn, report, stamp, images, featured=featured, options=options,
                            logos=logos, thema=thema, meta=meta,
                            cards_written=bool(batch or removing))
        log.info("write: %s", report)
        return report

    def _cards(self, conn: sqlite3.Connection, batch: list[CardRecord], removing: set[str],
               allow_older: bool, report: WriteReport, stamp: str) -> None:
        """The cards of a write: upserted (all at once into a catalogue without cards),
        then the removals, then a big write's derived rows of every card."""
        self._batch = Batch(batch, removing, allow_older)
        self._set_bodies = {}
        written: set[str] = set()
        self._big = big_write(conn, len(batch) + len(removing))
        if self._big:  # a big write's pages stay in memory, not spilled mid-transaction
            conn.execute(f"PRAGMA cache_size = {BIG_CACHE_KIB}")
        with counting(conn, self._big):
            if self._big and FreshCheck(conn).accepts(batch):
                self._write_new_cards(conn, batch, report, stamp)
                written.update(r.uuid for r in batch)
            for record in batch if not written else ():
                self._upsert_card(conn, record, report, stamp)
                written.add(record.uuid)
            for uuid in removing:
                if uuid not in written:
                    self._remove_card(conn, uuid, report)
            if self._big:
                big_write_end(conn)

    def _write_rest(
        self, conn: sqlite3.Connection, report: WriteReport, stamp: str,
        images: Iterable[tuple[str, int]] = (), *,
        featured: list[dict[str, Any]] | None = None, options: dict[str, Any] | None = None,
        logos: Iterable[tuple[str, int]] = (), thema: list[dict[str, Any]] | None = None,
        meta: Mapping[str, str] | None = None, cards_written: bool = True,
    ) -> None:
        """What a write stores after its cards (the arguments of :meth:`write`), the
        revision and, when ``cards_written`` and it is empty, the start page; in the
        transaction of ``conn``, with ``stamp`` the write's time (:func:`utc_stamp`)."""
        now = datetime.now(UTC).isoformat(timespec="seconds")
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
        if thema:  # a sync from a mirror whose history is generated keeps the mark
            write_history(conn, thema, (meta or {}).get(META_GENERATED) == "1")
        conn.executemany(
            "INSERT INTO meta(key, value) VALUES (?, ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            list((meta or {}).items()),
        )
        if self._history is not None:
            self._history.keep_out([str(r) for r in (*report.kept_out, *report.refused)])
            self._history.finish(conn, stamp)
        if cards_written and not conn.execute("SELECT 1 FROM start_page LIMIT 1").fetchone():
            refresh_start_page(conn, card_rows)  # the window's first search, read in one query

    def _upsert_card(
        self, conn: sqlite3.Connection, record: CardRecord, r: WriteReport, stamp: str
    ) -> None:
        card = record.raw
        body = record.body if record.body is not None else encode_body(card)
        uuid, slug = card["uuid"], card["slug"]
        old = conn.execute("SELECT rowid, body FROM cards WHERE uuid = ?", (uuid,)).fetchone()
        old_card: dict[str, Any] | None = None
        if old is not None:
            if old[1] == body:
                r.unchanged += 1
                r.editions_unchanged += len(card["editions"])
                return
            old_card = json.loads(old[1])
            if canonical(old_card) == canonical({**card, "result_editions": []}):
                r.unchanged += 1
                r.editions_unchanged += len(card["editions"])
                return
        refusal = self._batch.refusal(conn, record, old_card)
        if refusal is not None:
            (r.kept_out if refusal.field == "last_update" else r.refused).append(refusal)
            log.warning("not stored: %s", refusal)
            return
        added, changed, same, gone = compare_editions(
            None if old_card is None else old_card.get("editions"), card["editions"]
        )
        r.editions_new += len(added)
        r.editions_changed += len(changed)
        r.editions_unchanged += same
        r.editions_removed += gone
        clash = conn.execute(
            "SELECT uuid FROM cards WHERE slug = ? AND uuid != ?", (slug, uuid)
        ).fetchone()
        if clash is not None:
            self._batch.free_slug(conn, clash[0], r, self._delete_card)
        if self._history is not None:
            self._history.card(None if old is None else old[1], old_card, card, body)
        if old is None:
            cur = conn.execute(
                "INSERT INTO cards(uuid, slug, name, last_update, body, changed_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (uuid, slug, card["name"], card["last_update"], body, stamp),
            )
            rowid = int(cur.lastrowid or 0)
            r.new += 1
        else:
            rowid = old[0]
            conn.execute(
                "UPDATE cards SET slug = ?, name = ?, last_update = ?, body = ?, changed_at = ? "
                "WHERE uuid = ?",
                (slug, card["name"], card["last_update"], body, stamp, uuid),
            )
            conn.execute("DELETE FROM editions WHERE card_uuid = ?", (uuid,))
            # a card whose editions were only reordered or whose dates only moved is stored
            # (the mirror serves what it received) but is no change: the history agrees
            if old_card is not None and content_equal(old_card, card):
                r.unchanged += 1
            else:
                r.changed += 1
        index_card(conn, rowid, card)
        self._write_editions(conn, uuid, card["editions"], r)
        index_api(conn, rowid)  # after the editions: it stores their lowest number, rarity
        if not self._big:  # a big write writes these once for every card at its end
            index_narrow(conn, rowid)  # after both: it copies editions and api_editions rows
            set_languages(conn, card_uuid=uuid)

    def _write_new_cards(
        self, conn: sqlite3.Connection, batch: list[CardRecord], r: WriteReport, stamp: str
    ) -> None:
        """The cards of a big write into a catalogue that holds none, when a
        :class:`~app.store.write.fresh.FreshCheck` accepts them: the rows :meth:`_upsert_card`
        writes for a new card, in the same order, each table's by one statement."""
        last = conn.execute("SELECT IFNULL(MAX(rowid), 0) FROM cards").fetchone()[0]
        rows = []
        for record in batch:
            card = record.raw
            body = record.body if record.body is not None else encode_body(card)
            if self._history is not None:
                self._history.card(None, None, card, body)
            rows.append((card["uuid"], card["slug"], card["name"], card["last_update"], body,
                         stamp))
            r.new += 1
            r.editions_new += len(card["editions"])
            r.editions += len(card["editions"])
        conn.executemany("INSERT INTO cards(uuid, slug, name, last_update, body, changed_at) "
                         "VALUES (?, ?, ?, ?, ?, ?)", rows)
        rowids = dict(conn.execute("SELECT uuid, rowid FROM cards WHERE rowid > ?",
                                   (last,)).fetchall())
        facts, api, editions = Deferred(), Deferred(), []
        derived = api_rows([(rowids[record.uuid], record.raw) for record in batch])
        for record in batch:
            index_card(facts.connection, rowids[record.uuid], record.raw)
            editions += edition_rows(record.uuid, record.raw["editions"])
            if derived is None:
                index_api(api.connection, rowids[record.uuid])  # reads the editions: after
        facts.run(conn)
        conn.executemany(EDITIONS_INSERT, editions)
        for record in batch:
            self._write_sets(conn, record.raw["editions"], r)
        if derived is None:
            api.run(conn)
        else:
            insert_rows(conn, derived)
            index_order_after(conn, last)  # reads the editions: after them

    def _write_editions(
        self, conn: sqlite3.Connection, card_uuid: str, editions: list[dict[str, Any]],
        r: WriteReport,
    ) -> None:
        """The card's edition rows (one ``executemany``) and the sets they name."""
        conn.executemany(EDITIONS_INSERT, edition_rows(card_uuid, editions))
        r.editions += len(editions)
        self._write_sets(conn, editions, r)

    def _write_sets(
        self, conn: sqlite3.Connection, editions: list[dict[str, Any]], r: WriteReport
    ) -> None:
        """The sets ``editions`` name, inserted or updated (the same set once a write)."""
        for e in editions:
            s = e["set"]
            items = list(s.items())  # its keys in order: as its stored body would show them
            if self._set_bodies.get(s["id"]) == items:
                continue  # this write stored this very set already: the upsert is a no-op
            body = json.dumps(s, ensure_ascii=False, separators=(",", ":"))
            before = conn.execute("SELECT language FROM sets WHERE id = ?", (s["id"],)).fetchone()
            cur = conn.execute(
                "INSERT INTO sets(id, prefix, name, language, release_date, body) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET "
                "prefix = excluded.prefix, name = excluded.name, language = excluded.language, "
                "release_date = excluded.release_date, body = excluded.body "
                "WHERE sets.body != excluded.body",
                (s["id"], s["prefix"], s["name"], s["language"], s["release_date"], body),
            )
            self._set_bodies[s["id"]] = items
            r.sets += cur.rowcount
            if before is not None and before[0] != s["language"]:  # other cards' search facts
                set_languages(conn, set_id=s["id"])

    def _remove_card(self, conn: sqlite3.Connection, uuid: str, r: WriteReport) -> None:
        editions = [row[0] for row in conn.execute(
            "SELECT uuid FROM editions WHERE card_uuid = ?", (uuid,)
        )]
        if conn.execute("SELECT 1 FROM cards WHERE uuid = ?", (uuid,)).fetchone() is None:
            return
        self._delete_card(conn, uuid)
        conn.executemany(
            "DELETE FROM thema_history WHERE edition_uuid = ? "
            "AND NOT EXISTS (SELECT 1 FROM editions WHERE uuid = ?)",
            [(e, e) for e in editions],
        )
        r.removed += 1
        r.editions_removed += len(editions)

    def _delete_card(self, conn: sqlite3.Connection, uuid: str) -> None:
        """Delete a stored card (recording its last version in the history first)."""
        if self._history is not None:
            self._history.removed(conn, uuid)
        delete_card(conn, uuid)
