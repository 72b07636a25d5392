"""A write whose cards are written while they arrive, committed all at once at the end.

A sync's full walk receives every card page by page; writing each page's rows (cards,
editions, search facts, history records) as it arrives, instead of all of them after the
last page, overlaps the writer's work with the download. :class:`AheadWriter` does so inside
ONE transaction, begun with the first card it writes and committed by :meth:`~Writer.write`
at the end: readers (the window, ``archivist serve``, in any process) see the previous
catalogue until that commit (SQLite WAL), and :meth:`AheadWriter.abandon` (a failed or
cancelled sync) rolls everything back, so a write is still all or nothing.

A card is written ahead only when its write needs nothing of the rest of the batch: no other
stored card holds its slug or one of its edition uuids, and it is not older than the stored
record (:mod:`app.store.guard`); any other card waits for the final write, which sees the
whole batch as always. The final write must receive every card written ahead with the same
stored form; when one differs (the upstream changed it during the sync) or is missing, the
transaction is rolled back and the whole batch written again the ordinary way.

While the transaction is open no other write of the catalogue can start (SQLite has one
writer): another writer waits up to the busy timeout (10 s) and then fails with
:class:`~app.errors.StoreError`, nothing changed.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Iterable, Mapping
from contextlib import ExitStack
from typing import Any

from app.store.batch import Batch
from app.store.db import Store
from app.store.revisions import RevisionRecorder
from app.store.writer import CardRecord, Rest, Writer, WriteReport, encode_body, utc_stamp

log = logging.getLogger("app.store")


class AheadWriter(Writer):
    """A :class:`Writer` that can write cards ahead of its one :meth:`write` (see module).

    Not thread-safe: call :meth:`ahead`, :meth:`write` and :meth:`abandon` one at a time
    (from any one thread at a time).
    """

    def __init__(self, store: Store, history: RevisionRecorder | None = None,
                 allow_older: bool = False) -> None:
        super().__init__(store, history)
        self._allow_older = allow_older
        self._open: ExitStack | None = None
        self._conn: sqlite3.Connection | None = None
        self._report = WriteReport()
        self._stamp = ""
        self._written: dict[str, str] = {}
        """uuid → the stored form written (or found unchanged) ahead."""
        self._stamped: list[str] = []
        """uuids whose ``changed_at`` got the provisional stamp."""
        self._broken = False
        """An earlier :meth:`ahead` failed: write nothing more ahead."""

    @property
    def pending(self) -> bool:
        """True while a transaction with cards written ahead is open."""
        return self._open is not None

    def ahead(self, records: Iterable[CardRecord]) -> None:
        """Write these cards now, in the open transaction (begun on first use); cards that
        need the whole batch are left for :meth:`write`.

        Raises:
            StoreError: SQLite failed (a full disk); the transaction was rolled back.
        """
        if self._broken:
            return
        try:
            conn = self._begin()
            for record in records:
                body = record.body if record.body is not None else encode_body(record.raw)
                if record.uuid in self._written:
                    continue  # received again: the final write compares the two
                old = conn.execute("SELECT body FROM cards WHERE uuid = ?",
                                   (record.uuid,)).fetchone()
                stored = None if old is None or old[0] == body else json.loads(old[0])
                if Batch([], set(), self._allow_older).refusal(conn, record, stored):
                    continue  # it takes something another card holds: decided at the end
                self._batch = Batch([], set(), self._allow_older)
                if self._upsert_card(conn, CardRecord(record.raw, body, record.filled),
                                     self._report, self._stamp):
                    self._stamped.append(record.uuid)
                self._written[record.uuid] = body
        except BaseException as exc:
            self._broken = True
            self._close(exc)
            raise

    def abandon(self) -> None:
        """Roll back everything written ahead (a failed or cancelled sync)."""
        if self._open is not None:
            self._close(_Abandoned())

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
        """:meth:`Writer.write`, completing and committing the cards written ahead."""
        try:
            batch = list(cards)
        except BaseException:
            self.abandon()
            raise
        rest = Rest(images, featured, options, logos, thema, set(remove), meta, allow_older,
                    all_or_nothing)
        if self._open is not None and not self._agrees(batch):
            log.info("a card written ahead was received again changed: writing anew")
            self.abandon()
        if self._open is None or self._conn is None:
            return super().write(batch, rest.images, featured=featured, options=options,
                                 logos=rest.logos, thema=thema, remove=rest.remove, meta=meta,
                                 allow_older=allow_older, all_or_nothing=all_or_nothing)
        report, conn = self._report, self._conn
        try:
            stamp = utc_stamp()
            conn.executemany("UPDATE cards SET changed_at = ? WHERE uuid = ?",
                             [(stamp, uuid) for uuid in self._stamped])
            self._write_in(conn, report, stamp, batch, rest, done=self._written)
        except BaseException as exc:
            self._close(exc)
            raise
        self._close(None)
        log.info("write: %s", report)
        return report

    def _begin(self) -> sqlite3.Connection:
        if self._conn is None:
            stack = ExitStack()
            self._conn = stack.enter_context(self._store.transaction())
            self._open, self._stamp = stack, utc_stamp()
        return self._conn

    def _agrees(self, batch: list[CardRecord]) -> bool:
        """True when ``batch`` holds every card written ahead, in the stored form written."""
        final = {r.uuid: r for r in batch}
        for uuid, body in self._written.items():
            record = final.get(uuid)
            if record is None or (record.body if record.body is not None
                                  else encode_body(record.raw)) != body:
                return False
        return True

    def _close(self, exc: BaseException | None) -> None:
        """Commit (``exc`` None) or roll back, and forget everything written ahead.

        Raises:
            StoreError: SQLite failed (an SQLite ``exc`` is raised as one).
        """
        stack, self._open, self._conn = self._open, None, None
        self._report, self._written, self._stamped = WriteReport(), {}, []
        self._set_bodies = {}
        if stack is None:
            return
        if exc is None:
            stack.close()
            return
        if self._history is not None:
            self._history.clear()
        stack.__exit__(type(exc), exc, exc.__traceback__)


class _Abandoned(Exception):
    """Thrown into the open transaction to roll it back."""
