"""The window's questions to the catalogue, asked off the GUI thread.

:class:`SearchController` turns "search for this text", "load this card" and "how big is
the catalogue" into :class:`~app.gui.workers.LatestRequest` submissions and reports the
answers by signal. The catalogue is thread-safe (one SQLite connection per thread).
"""

from __future__ import annotations

from typing import Any, Protocol

from PySide6.QtCore import QObject, QThreadPool, Signal, Slot

from app.catalogue.base import CardSummary
from app.gui.detail_data import CardDetail, DetailSource, load_detail
from app.gui.workers import LatestRequest


class CatalogueReader(DetailSource, Protocol):
    """The catalogue calls the window makes (``LocalCatalogue`` satisfies it)."""

    def search_cards(self, text: str, limit: int = 5000) -> list[CardSummary]: ...

    def counts(self) -> dict[str, int]: ...


class SearchController(QObject):
    """Searches, card loads and counts in a thread pool; newest answer wins.

    Signals:
        resultsReady(str, list): the query and its ``CardSummary`` hits, best first.
        cardReady(object): the :class:`CardDetail` of the newest card load.
        countsReady(dict): ``{"cards", "editions", "sets", "images"}``.
        failed(str, object): what failed (``"search"``, ``"card"``, ``"counts"``) and the error.

    Args:
        catalogue: what answers (``services.catalogue``).
        pool: the thread pool for catalogue work.
        parent: the owning QObject.
    """

    resultsReady = Signal(str, list)
    cardReady = Signal(object)
    countsReady = Signal(object)
    failed = Signal(str, object)

    def __init__(
        self, catalogue: CatalogueReader, pool: QThreadPool, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._catalogue = catalogue
        self._search = LatestRequest(pool, self)
        self._card = LatestRequest(pool, self)
        self._counts = LatestRequest(pool, self)
        self._search.finished.connect(self._on_results)
        self._card.finished.connect(self.cardReady)
        self._counts.finished.connect(self.countsReady)
        self._search.failed.connect(lambda error: self.failed.emit("search", error))
        self._card.failed.connect(lambda error: self.failed.emit("card", error))
        self._counts.failed.connect(lambda error: self.failed.emit("counts", error))

    @property
    def busy(self) -> bool:
        """True while a search, card load or count has not answered yet."""
        return self._search.busy or self._card.busy or self._counts.busy

    @property
    def searching(self) -> bool:
        """True while the newest search has not answered yet."""
        return self._search.busy

    def search(self, text: str) -> None:
        """Search for ``text`` (all cards by name when blank); answers with resultsReady."""
        catalogue = self._catalogue

        def work() -> tuple[str, list[CardSummary]]:
            return text, catalogue.search_cards(text)

        self._search.submit(work)

    def load_card(self, slug: str) -> None:
        """Load one card for the detail pane; answers with cardReady (or failed)."""
        catalogue = self._catalogue

        def work() -> CardDetail:
            return load_detail(catalogue, slug)

        self._card.submit(work)

    def load_counts(self) -> None:
        """Count cards, editions, sets and images; answers with countsReady."""
        self._counts.submit(self._catalogue.counts)

    @Slot(object)
    def _on_results(self, answer: Any) -> None:
        text, rows = answer
        self.resultsReady.emit(text, rows)
