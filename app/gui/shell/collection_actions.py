"""The collection from the card page: − and + beside the selected edition (or the ``+`` and
``-`` keys in its editions list) and Ctrl+Z, written to ``collection.sqlite3`` in the pool;
the card's owned counts and the Collection page (once built) show the result."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QThreadPool

from app.collection import Entry
from app.gui.card.detail_pane import DetailPane
from app.gui.kit.failures import STATUS_MS
from app.gui.kit.operations import run_operation


class CollectionActions(QObject):
    """Owned copies changed from the detail pane.

    Args:
        pane: the card page's detail pane.
        collection: the application object's ``collection`` (its ``collection_store()``).
        pool: the thread pool.
        status: the window's status bar (``showMessage``).
        changed: called after each change (the window refreshes the Collection page).
        failed: called with ``("collection", error)`` when a change fails.
    """

    def __init__(self, pane: DetailPane, collection: Any, pool: QThreadPool, status: Any,
                 changed: Callable[[], object], failed: Callable[[str, object], object],
                 badges: Callable[[dict[str, int]], object] | None = None) -> None:
        super().__init__(pane)
        self._pane, self._collection, self._pool = pane, collection, pool
        self._status, self._changed, self._failed = status, changed, failed
        self._badges, self._badges_on = badges, True
        pane.ownedChangeRequested.connect(self.change)
        pane.undoRequested.connect(self.undo)

    def _card(self) -> tuple[str, str, list[str]]:
        detail = self._pane.detail
        if detail is None:
            return "", "", []
        return detail.slug, detail.name, [e.uuid for e in detail.editions]

    def change(self, edition_uuid: str, foil: bool, delta: int) -> None:
        """Add (``delta`` 1) or remove (−1) a copy of ``edition_uuid`` in one finish."""
        slug, name, uuids = self._card()
        finish = "foil" if foil else "non-foil"
        what = f"{'add' if delta > 0 else 'remove'} a {finish} copy of {name}"

        def work() -> dict[str, tuple[int, int]]:
            store = self._collection.collection_store()
            store.change([(Entry(edition_uuid, foil, 1).key, delta)], what)
            return dict(store.owned_of(uuids))

        run_operation(self._pool, work, lambda owned: self._done(slug, owned, what.capitalize()),
                      lambda error: self._failed("collection", error), owner=self)

    def undo(self) -> None:
        """Undo the collection's latest change (Ctrl+Z on the card page)."""
        slug, _, uuids = self._card()

        def work() -> tuple[str | None, dict[str, tuple[int, int]]]:
            store = self._collection.collection_store()
            return store.undo(), dict(store.owned_of(uuids))

        run_operation(self._pool, work, lambda result: self._done(
            slug, result[1], f"Undid {result[0]}" if result[0] else "Nothing to undo"),
            lambda error: self._failed("collection", error), owner=self)

    def refresh(self) -> None:
        """Read the owned counts of the card shown again (the collection changed elsewhere)."""
        slug, _, uuids = self._card()
        if slug:
            run_operation(self._pool,
                          lambda: dict(self._collection.collection_store().owned_of(uuids)),
                          lambda owned: self._pane.set_owned(slug, owned),
                          lambda error: self._failed("collection", error), owner=self)

    def show_badges(self, on: bool) -> None:
        """Show (or hide) the owned-count badges on the search tiles (View menu)."""
        self._badges_on = on
        self.load_badges()

    def load_badges(self) -> None:
        """Read the copies owned per card for the search tiles' badges (in the pool)."""
        if self._badges is None:
            return
        if not self._badges_on:
            self._badges({})
            return
        collection, show = self._collection, self._badges

        def work() -> dict[str, int]:
            editions = collection.collection_editions()
            per_card: dict[str, int] = {}
            for uuid, (plain, foil) in collection.collection_store().owned().items():
                edition = editions.get(uuid)
                if edition is not None:
                    per_card[edition.card_uuid] = per_card.get(edition.card_uuid, 0) + plain + foil
            return per_card

        run_operation(self._pool, work,
                      lambda owned: show(owned if self._badges_on else {}),
                      lambda error: self._failed("collection", error), owner=self)

    def _done(self, slug: str, owned: dict[str, tuple[int, int]], text: str) -> None:
        self._pane.set_owned(slug, owned)
        self._status.showMessage(text, STATUS_MS)
        self._changed()
        self.load_badges()
