"""Writing a first full sync's cards into the catalogue while the next pages download.

A full walk into a catalogue without cards stages page after page of new cards, and the
final apply wrote them all at its end: about 1 s of CPU for the real catalogue's 2,235 cards,
after seconds spent waiting on the server for the pages. Here each staged page is handed to
one worker thread, which writes it at once into an open transaction of the catalogue
(:class:`app.store.write.in_parts.WriteInParts`); the apply then adds the rest (history,
images, featured sets, options, meta) and commits. SQLite works without holding Python's
lock, so the pages' writing and the next pages' download overlap.

The catalogue is the one the apply would have written: the same rows in the same order. The
transaction holds the catalogue's write lock from the first page to the apply, and readers
see the previous (empty) catalogue until the commit. Whenever the early write cannot be the
whole write (a card staged twice or outside the walk, a removal, fewer cards than a big
write, a failure), the apply abandons it (a rollback) and writes everything as before.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from app.store.db.connection import Store
from app.store.history.revisions import RevisionRecorder
from app.store.write.in_parts import WriteInParts
from app.store.write.records import CardRecord, WriteReport


class EarlyWrite:
    """The early write of one sync's staged pages (see module).

    Args:
        store: the catalogue (holding no card).
        api_url: the API the sync reads (the revision's source).
    """

    def __init__(self, store: Store, api_url: str) -> None:
        self._history = RevisionRecorder(api_url, "sync")
        self._write = WriteInParts(store, self._history)
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sync-early-write")

    def add(self, records: list[CardRecord]) -> None:
        """Hand a staged page's cards to the worker (written in the order handed)."""
        self._pool.submit(self._write.add, records)

    def settle(self) -> None:
        """The walk is over: the worker derives the rows of every card (after the pages
        handed before) while the sync goes on."""
        self._pool.submit(self._write.settle)

    def finish(
        self, uuids: list[str], problems: list[str], images: Iterable[tuple[str, int]] = (),
        *, featured: list[dict[str, Any]] | None = None,
        options: dict[str, Any] | None = None, logos: Iterable[tuple[str, int]] = (),
        thema: list[dict[str, Any]] | None = None, meta: Mapping[str, str] | None = None,
    ) -> WriteReport | None:
        """Commit the early write with the rest, when its cards are exactly ``uuids`` (the
        staged cards, in order); None when it cannot be the whole write: it is then rolled
        back, and the caller writes everything.

        Args:
            uuids: the staged cards' uuids in staging order.
            problems: the sync's rejected records (the revision lists them).
            images, featured, options, logos, thema, meta: as :meth:`Writer.write`.

        Raises:
            StoreError: SQLite failed; nothing was written.
        """
        self._pool.shutdown(wait=True)
        self._history.kept_out = tuple(problems)
        report = self._write.finish(uuids, images, featured=featured, options=options,
                                    logos=logos, thema=thema, meta=meta)
        if report is None:
            self._write.abandon()
        return report

    def abandon(self) -> None:
        """Wait for the worker, then roll the early write back."""
        self._pool.shutdown(wait=True)
        self._write.abandon()
