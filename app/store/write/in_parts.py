"""One big write into a catalogue that holds no card, whose cards come in parts: the pages
of a first full sync, written while the next pages download, the rest at its end.

It is the write :meth:`app.store.write.writer.Writer.write` makes of the same cards, in the
same order, into the same catalogue (each part goes through the all-at-once path of
:mod:`app.store.write.fresh`), only started earlier: one ``BEGIN IMMEDIATE`` transaction
from the first part to :meth:`WriteInParts.finish`, so readers see the previous catalogue
until the commit, and :meth:`WriteInParts.abandon` (or any failure) leaves it as it was.

When a part cannot be written all at once (a uuid, slug or edition uuid seen before, a set
changing its language), or SQLite fails, the write stops taking parts and :meth:`finish`
declines: the caller abandons it and writes everything with :meth:`Writer.write`.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterable, Mapping
from contextlib import AbstractContextManager
from typing import Any

from app.store.db.connection import Store
from app.store.history.revisions import RevisionRecorder
from app.store.language.value_counts import counting
from app.store.write import batch as write_batch
from app.store.write.fresh import FreshCheck
from app.store.write.records import CardRecord, WriteReport
from app.store.write.writer import BIG_CACHE_KIB, Writer, big_write_end, utc_stamp

log = logging.getLogger("app.store")


class WriteInParts:
    """A big write into a catalogue without cards, fed in parts. Not thread-safe: call it
    from one thread at a time (a sync feeds it from one worker thread, in order).

    Args:
        store: the catalogue.
        history: the revision recorder of the write (its ``kept_out`` lines may be set
            before :meth:`finish`).
    """

    def __init__(self, store: Store, history: RevisionRecorder | None = None) -> None:
        self._store = store
        self._history = history
        self._writer = Writer(store, history)
        self._report = WriteReport()
        self._stamp = utc_stamp()
        self._transaction: AbstractContextManager[sqlite3.Connection] | None = None
        self._counting: AbstractContextManager[None] | None = None
        self._conn: sqlite3.Connection | None = None
        self._check: FreshCheck | None = None
        self.uuids: list[str] = []
        """The uuids of the cards written so far, in order."""
        self.stopped: str | None = None
        """Why the write takes no more parts (None: it does)."""

    def add(self, records: list[CardRecord]) -> None:
        """Write the next part (nothing once :attr:`stopped`; a failure stops the write)."""
        if self.stopped is not None or not records:
            return
        if self._counting is None and self._conn is not None:
            self.stopped = "a part came after the last"
            return
        try:
            conn = self._begin()
            assert self._check is not None
            if not self._check.accepts(records):
                self.stopped = "a part cannot be written all at once"
                return
            self._writer.write_new_cards(conn, records, self._report, self._stamp)
            self.uuids += [r.uuid for r in records]
        except Exception as exc:  # the full write, made again at the end, reports it
            self.stopped = f"{type(exc).__name__}: {exc}"
            log.info("writing the cards early stopped: %s", self.stopped)

    def _begin(self) -> sqlite3.Connection:
        if self._conn is not None:
            return self._conn
        self._transaction = self._store.transaction()
        conn = self._conn = self._transaction.__enter__()
        self._check = FreshCheck(conn)
        conn.execute(f"PRAGMA cache_size = {BIG_CACHE_KIB}")
        self._counting = counting(conn, True)
        self._counting.__enter__()
        return conn

    def settle(self) -> None:
        """After the last part: derive the rows a big write derives once for every card
        (narrow rows, languages, value counts), so that :meth:`finish` has less to do. A
        failure stops the write."""
        if self.stopped is not None or self._conn is None or self._counting is None:
            return
        try:
            big_write_end(self._conn)
            counts, self._counting = self._counting, None
            counts.__exit__(None, None, None)
        except Exception as exc:  # the full write, made again at the end, reports it
            self.stopped = f"{type(exc).__name__}: {exc}"

    def finish(
        self, uuids: list[str], images: Iterable[tuple[str, int]] = (), *,
        featured: list[dict[str, Any]] | None = None, options: dict[str, Any] | None = None,
        logos: Iterable[tuple[str, int]] = (), thema: list[dict[str, Any]] | None = None,
        meta: Mapping[str, str] | None = None,
    ) -> WriteReport | None:
        """Commit the write with the rest of what :meth:`Writer.write` takes, when its
        cards are exactly ``uuids`` (the whole write's, in order, with no removal) and as
        many as a big write; else None, and nothing is committed (call :meth:`abandon`).

        Raises:
            StoreError: SQLite failed; nothing was written.
        """
        conn = self._conn
        if (self.stopped is not None or conn is None or uuids != self.uuids
                or len(uuids) < write_batch.BULK_CARDS):
            return None
        self.settle()
        if self.stopped is not None:
            return None
        stamp = utc_stamp()
        try:  # the write's time is its end's, as a write made at the end would have it
            conn.execute("UPDATE cards SET changed_at = ?", (stamp,))
            self._writer.write_rest(conn, self._report, stamp, images, featured=featured,
                                    options=options, logos=logos, thema=thema, meta=meta)
        except BaseException as exc:
            self._close(exc)
            raise
        self._close(None)
        log.info("write: %s", self._report)
        return self._report

    def abandon(self) -> None:
        """Roll the write back (nothing of it was committed)."""
        self._close(_Abandoned())

    def _close(self, exc: BaseException | None) -> None:
        transaction, counts = self._transaction, self._counting
        self._transaction = self._counting = self._conn = None
        self.stopped = self.stopped or "closed"
        for context in (counts, transaction):
            if context is None:
                continue
            if exc is None:
                context.__exit__(None, None, None)
                continue
            try:
                context.__exit__(type(exc), exc, exc.__traceback__)
            except _Abandoned:
                pass
            except BaseException as failure:
                if failure is not exc:
                    raise


class _Abandoned(Exception):
    """Rolls an abandoned write back."""
