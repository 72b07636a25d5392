"""Rows built while pages download: each page's cards go into the catalogue's open write
transaction as soon as the page is staged (:mod:`app.store.ahead`), while the next pages are
on their way, so the final apply has little left to do. Until the apply commits, readers
see the previous catalogue; a failed or cancelled sync rolls the transaction back.

The rows are written in the event loop's thread, between two pages: a worker thread gains
nothing there (the writer's Python work holds the interpreter lock) and would make a cancel
wait for it.
"""

from __future__ import annotations

from app.store.ahead import AheadWriter
from app.store.db import Store
from app.store.revisions import RevisionRecorder
from app.store.writer import CardRecord


class RowsAhead:
    """The writer of one sync's full walk.

    Args:
        store: the catalogue.
        api_url: the sync's API (the source of the revision it records).
        allow_older: as :class:`~app.sync.context.SyncOptions`.
    """

    def __init__(self, store: Store, api_url: str, allow_older: bool) -> None:
        self.writer = AheadWriter(store, RevisionRecorder(api_url, "sync"), allow_older)

    def write(self, records: list[CardRecord]) -> None:
        """Write one staged page's cards ahead.

        Raises:
            StoreError: SQLite failed; everything written ahead was rolled back.
        """
        if records:
            self.writer.ahead(records)

    def abandon(self) -> None:
        """Roll back everything written ahead (a failed or cancelled sync)."""
        self.writer.abandon()
