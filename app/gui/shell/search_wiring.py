"""The Search page's flow: the search controller ↔ the browsing page ↔ the detail pane ↔ the
status bar's result count, and the moment the catalogue has first answered.

Signals flow one way (DESIGN.md: "the GUI thread only paints"):
``BrowserPage.searchRequested`` (debounced typing, filters, sort) → :meth:`SearchController.search`
(worker, ``Catalogue.query``) → ``resultsReady`` → :meth:`BrowserPage.show_results`
(or ``queryRejected`` → :meth:`BrowserPage.show_problem`); ``BrowserPage.cardChosen`` →
:meth:`SearchController.load_card` (worker) → ``cardReady`` → :meth:`DetailPane.show_detail`;
``countsReady`` → the browsing or the first-run page and the count label's tooltip.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtWidgets import QLabel, QStackedWidget, QTabWidget

from app.gui.search.result_model import ResultModel, edition_of

if TYPE_CHECKING:
    from app.gui.kit.detail_data import CardDetail
    from app.gui.search.controller import QueryProblem, SearchController, SearchRequest
    from app.gui.search.page import BrowserPage
    from app.gui.shell.first_run import FirstRunPage
    from app.model.query import QueryResult


def count_text(count: int, per: str = "card") -> str:
    """``2,235 cards``, ``1 card``, ``No cards``; per edition ``4,414 editions``."""
    if count == 0:
        return f"No {per}s"
    return f"{count:,} {per}" + ("" if count == 1 else "s")


class SearchWiring(QObject):
    """Connects the Search page's parts and shows the catalogue's answers on them.

    Args:
        controller: runs searches, card loads and counts in the pool.
        browser: the browsing page (its grid, model and detail pane).
        first_run: shown instead of ``browser`` while the catalogue has no cards.
        pages: the Search tab's stack of ``browser`` and ``first_run``.
        tabs: the window's tabs (the page shown is repainted once the catalogue answered).
        parent: the window.

    Signals:
        answered(): once, when the counts and the first results (or an empty catalogue)
            are in; the next paint of the page shown is the window's first.
    """

    answered = Signal()

    def __init__(self, controller: SearchController, browser: BrowserPage,
                 first_run: FirstRunPage, pages: QStackedWidget, tabs: QTabWidget,
                 parent: QObject) -> None:
        super().__init__(parent)
        self._controller, self._browser, self._first_run = controller, browser, first_run
        self._pages, self._tabs = pages, tabs
        self._detail, self._grid, self._model = browser.detail, browser.grid, browser.model
        self._counts: dict[str, int] | None = None
        self._wanted = ("", "")  # (slug, edition uuid) of the tile whose card is loading
        self._has_results = False
        self._done = False  # answered was emitted
        self.count_label = QLabel(textFormat=Qt.TextFormat.PlainText)
        """The result count (a permanent status-bar widget); its tooltip has the totals."""
        browser.searchRequested.connect(controller.search)
        browser.cardChosen.connect(self.card_chosen)
        controller.resultsReady.connect(self._on_results)
        controller.queryRejected.connect(self._on_rejected)
        controller.optionsReady.connect(browser.filters.set_options)
        controller.suggested.connect(browser.did_you_mean.show_suggestion)

    def connect_answers(self) -> None:
        """Show the loaded card and the counts (connected after the name completion, as the
        window always did, so that the slots run in the same order)."""
        self._controller.cardReady.connect(self._on_card)
        self._controller.countsReady.connect(self._on_counts)

    def select_card(self, slug: str) -> None:
        """Select the tile of ``slug`` and show its detail (loaded even when not a hit)."""
        row = self._model.row_of(slug)
        index = self._model.index(row) if row is not None else None
        if index is None or index == self._grid.currentIndex():  # no tile, or no change
            if index is None:
                self._grid.selectionModel().clear()  # the current tile too: a click reloads it
            self.card_chosen(slug)
            return
        self._grid.setCurrentIndex(index)
        self._grid.scrollTo(index, self._grid.ScrollHint.PositionAtCenter)

    @Slot(str)
    def card_chosen(self, slug: str) -> None:
        """Load the card ``slug`` for the detail pane (or pick the tile's edition in it)."""
        edition = self._tile_edition(slug)  # the detail pane shows the edition picked
        if slug != self._detail.slug:
            self._wanted = (slug, edition)
            self._controller.load_card(slug)
        elif edition:
            self._detail.select_edition(edition)

    def _tile_edition(self, slug: str) -> str:
        """The uuid of the edition the current tile shows, when it is a tile of ``slug``."""
        index = self._grid.currentIndex()
        hit = index.data(ResultModel.HitRole) if index.isValid() else None
        if hit is None or hit.slug != slug:
            return ""
        return edition_of(hit)

    def _note_answer(self) -> None:
        """The catalogue has answered once the counts and the first results (or an empty
        catalogue) are in; the next paint of the page shown emits firstPainted."""
        if self._done or self._counts is None:
            return
        if self._counts.get("cards", 0) == 0:
            self._done = True
            self._first_run.update()
        elif self._has_results:
            self._done = True
            self._grid.viewport().update()
            self._tabs.currentWidget().update()  # another page may have been restored
        if self._done:
            self.answered.emit()

    @Slot(object, object)
    def _on_results(self, _request: SearchRequest, result: QueryResult) -> None:
        shown = self._detail.slug
        self._browser.show_results(result)
        self.count_label.setText(count_text(result.total, result.per))
        row = self._model.row_of(shown, self._shown_edition()) if shown else None
        if row is not None:
            self._grid.setCurrentIndex(self._model.index(row))  # already shown: no reload
        self._has_results = True
        self._note_answer()

    @Slot(object, object)
    def _on_rejected(self, _request: SearchRequest, problem: QueryProblem) -> None:
        self._browser.show_problem(problem)  # the grid keeps the last results
        self._has_results = True
        self._note_answer()

    def _shown_edition(self) -> str:
        detail, row = self._detail.detail, self._detail.current_edition()
        return detail.editions[row].uuid if detail is not None and row >= 0 else ""

    @Slot(object)
    def _on_card(self, detail: CardDetail) -> None:
        slug, edition = self._wanted
        self._detail.show_detail(detail, edition if slug == detail.slug else "")

    @Slot(object)
    def _on_counts(self, counts: dict[str, int]) -> None:
        was_empty = self._counts is not None and self._counts.get("cards", 0) == 0
        self._counts = counts
        empty = counts.get("cards", 0) == 0
        self._pages.setCurrentWidget(self._first_run if empty else self._browser)
        self.count_label.setToolTip(
            f"{counts.get('editions', 0):,} editions · {counts.get('sets', 0):,} sets · "
            f"{counts.get('images', 0):,} images"
        )
        if was_empty and not empty:
            self._browser.submit_query()
        self._note_answer()
