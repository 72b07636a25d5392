"""The Search page's flow: the search controller ↔ the browsing page ↔ the detail pane ↔ the
status bar's result count, and the moment the catalogue has first answered.

Signals flow one way (DESIGN.md: "the GUI thread only paints"):
``BrowserPage.searchRequested`` (debounced typing, filters, sort) → :meth:`SearchController.search`
(worker, ``Catalogue.query``) → ``resultsReady`` → :meth:`BrowserPage.show_results`
(or ``queryRejected`` → :meth:`BrowserPage.show_problem`); ``BrowserPage.cardChosen`` →
:meth:`SearchController.load_card` (worker) → ``cardReady`` → :meth:`DetailPane.show_detail`;
``countsReady`` → the browsing or the first-run page and the count label's tooltip; the detail
pane's reference links select that card, its Ctrl+G opens the gallery.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QSize, Qt, QThreadPool, Signal, Slot
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QLabel, QStackedWidget, QWidget

from app.gui.card.detail_pane import DetailPane
from app.gui.kit.operations import run_operation
from app.gui.kit.thumbnails import ThumbnailProvider
from app.gui.search.completion import NameCompleter
from app.gui.search.controller import SearchController
from app.gui.search.page import BrowserPage
from app.gui.search.result_model import ResultModel, edition_of
from app.gui.shell.on_first_use import OnFirstUse

if TYPE_CHECKING:
    from app.bootstrap import Application
    from app.gui.card.gallery import GalleryDialog
    from app.gui.kit.detail_data import CardDetail
    from app.gui.search.controller import QueryProblem, SearchRequest
    from app.gui.shell.first_run import FirstRunPage
    from app.model.query import QueryResult


def count_text(count: int, per: str = "card") -> str:
    """``2,235 cards``, ``1 card``, ``No cards``; per edition ``4,414 editions``."""
    if count == 0:
        return f"No {per}s"
    return f"{count:,} {per}" + ("" if count == 1 else "s")


class SearchWiring(QObject):
    """Builds the Search tab's parts, connects them and shows the catalogue's answers.

    Args:
        app: the application object (what is searched: its ``catalogue``; a card's
            history and copies owned: its ``history`` and ``collection``).
        provider: the tiles' and the detail pane's thumbnails.
        pool: the window's worker pool.
        data_dir: the catalogue's folder (the first-run page names it).
        icon: the first-run page's picture.
        thumb_size: the tiles' size.
        shown_page: the page the window shows now (repainted once the catalogue answered).
        parent: the window (the parent of the controller, model, completion and gallery).

    Signals:
        answered(): once, when the counts and the first results (or an empty catalogue)
            are in; the next paint of the page shown is the window's first.
    """

    answered = Signal()

    def __init__(self, app: Application, provider: ThumbnailProvider, pool: QThreadPool,
                 data_dir: Path, icon: QIcon, thumb_size: QSize,
                 shown_page: Callable[[], QWidget], parent: QWidget) -> None:
        super().__init__(parent)
        catalogue = app.catalogue
        self._catalogue, self._pool, self._shown_page = catalogue, pool, shown_page
        # the card page's history and copies owned: their services load with the first card
        self._history: Any = OnFirstUse(lambda: app.history)
        self.controller = SearchController(catalogue, pool, parent, self._history,
                                           OnFirstUse(lambda: app.collection))
        self.model = ResultModel(provider, thumb_size, parent)
        self.detail = DetailPane(provider)
        self.browser = BrowserPage(self.model, self.detail, thumb_size)
        self._first_run: FirstRunPage | None = None  # built when the catalogue is empty
        self._first_run_args = (data_dir, icon, catalogue.data_dir_args)
        self._first_run_hooks: list[Callable[[FirstRunPage], object]] = []
        self.pages = QStackedWidget()
        """The Search tab: the browsing page, or the first-run page for an empty catalogue."""
        self.pages.addWidget(self.browser)
        self.count_label = QLabel(textFormat=Qt.TextFormat.PlainText)
        """The result count (a permanent status-bar widget); its tooltip has the totals."""
        self._grid = self.browser.grid
        self._counts: dict[str, int] | None = None
        self._wanted = ("", "")  # (slug, edition uuid) of the tile whose card is loading
        self._has_results = False
        self._done = False  # answered was emitted
        controller, browser = self.controller, self.browser
        browser.searchRequested.connect(controller.search)
        browser.cardChosen.connect(self.card_chosen)
        controller.resultsReady.connect(self._on_results)
        controller.queryRejected.connect(self._on_rejected)
        controller.optionsReady.connect(browser.filters.set_options)
        controller.suggested.connect(browser.did_you_mean.show_suggestion)
        controller.explained.connect(browser.show_why)
        self.completion = NameCompleter(browser.search, catalogue.card_names, pool, parent)
        controller.cardReady.connect(self._on_card)
        controller.countsReady.connect(self._on_counts)
        self._gallery: GalleryDialog | None = None  # built on first use
        self._parent = parent
        self.detail.cardRequested.connect(self.select_card)
        self.detail.galleryRequested.connect(
            lambda detail, row: self.gallery.show_card(detail, row, self.detail.current_edition()))

    @property
    def first_run(self) -> FirstRunPage:
        """The page for an empty catalogue (built, and added to :attr:`pages`, when first
        needed: a start over a catalogue with cards never shows it)."""
        if self._first_run is None:
            from app.gui.shell.first_run import FirstRunPage

            data_dir, icon, data_dir_args = self._first_run_args
            page = self._first_run = FirstRunPage(data_dir, icon, data_dir_args=data_dir_args)
            self.pages.addWidget(page)
            page.recheckRequested.connect(self.controller.load_counts)
            for hook in self._first_run_hooks:
                hook(page)
        return self._first_run

    def when_first_run_built(self, hook: Callable[[FirstRunPage], object]) -> None:
        """Call ``hook(page)`` with the first-run page once it is built (now if it is)."""
        self._first_run_hooks.append(hook)
        if self._first_run is not None:
            hook(self._first_run)

    @property
    def gallery(self) -> GalleryDialog:
        """The gallery dialog of a card's editions (built, and imported, on first use)."""
        if self._gallery is None:
            from app.gui.card.gallery import GalleryDialog

            catalogue = self._catalogue
            self._gallery = GalleryDialog(lambda f: catalogue.card_image(f, rounded=True),
                                          self._parent)
        return self._gallery

    @property
    def gallery_built(self) -> bool:
        """True once :attr:`gallery` was built."""
        return self._gallery is not None

    def start(self) -> None:
        """Ask for the counts and the first results (the first paint waits for them; the
        pool runs two at a time). The window asks for the rest (:meth:`load_rest`) once
        they are painted."""
        self.controller.load_counts()
        self.browser.submit_query()

    def load_rest(self, failed: Callable[[str, object], None]) -> None:
        """Ask for the filter options and the badges (after the first results are painted:
        their queries took the CPU from the first page's query and paint)."""
        self.controller.load_options()
        self.load_badges(failed)

    def refresh(self, failed: Callable[[str, object], None]) -> None:
        """Show the catalogue anew (a sync swapped it in): the counts, the filter options,
        the badges, the current search and the card shown."""
        self.controller.load_counts()
        self.controller.load_options()
        self.load_badges(failed)
        self.browser.submit_query()
        if self.detail.slug:
            self.controller.load_card(self.detail.slug)

    def load_badges(self, failed: Callable[[str, object], None]) -> None:
        """Mark the tiles of cards the latest revision added or changed (in the pool;
        ``failed("changes", error)`` when that fails)."""
        run_operation(self._pool, self._history.latest_changes, self.model.set_changed,
                      lambda error: failed("changes", error), owner=self.parent())

    def select_card(self, slug: str) -> None:
        """Select the tile of ``slug`` and show its detail (loaded even when not a hit)."""
        row = self.model.row_of(slug)
        index = self.model.index(row) if row is not None else None
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
        if slug != self.detail.slug:
            self._wanted = (slug, edition)
            self.controller.load_card(slug)
        elif edition:
            self.detail.select_edition(edition)

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
            self.first_run.update()
        elif self._has_results:
            self._done = True
            self._grid.update_tiles()
            self._shown_page().update()  # another page may have been restored
        if self._done:
            self.answered.emit()

    @Slot(object, object)
    def _on_results(self, _request: SearchRequest, result: QueryResult) -> None:
        shown = self.detail.slug
        self.browser.show_results(result)
        self.count_label.setText(count_text(result.total, result.per))
        row = self.model.row_of(shown, self._shown_edition()) if shown else None
        if row is not None:
            self._grid.setCurrentIndex(self.model.index(row))  # already shown: no reload
        self._has_results = True
        self._note_answer()

    @Slot(object, object)
    def _on_rejected(self, _request: SearchRequest, problem: QueryProblem) -> None:
        self.browser.show_problem(problem)  # the grid keeps the last results
        self._has_results = True
        self._note_answer()

    def _shown_edition(self) -> str:
        detail, row = self.detail.detail, self.detail.current_edition()
        return detail.editions[row].uuid if detail is not None and row >= 0 else ""

    @Slot(object)
    def _on_card(self, detail: CardDetail) -> None:
        slug, edition = self._wanted
        self.detail.show_detail(detail, edition if slug == detail.slug else "")

    @Slot(object)
    def _on_counts(self, counts: dict[str, int]) -> None:
        was_empty = self._counts is not None and self._counts.get("cards", 0) == 0
        self._counts = counts
        empty = counts.get("cards", 0) == 0
        self.pages.setCurrentWidget(self.first_run if empty else self.browser)
        self.count_label.setToolTip(
            f"{counts.get('editions', 0):,} editions · {counts.get('sets', 0):,} sets · "
            f"{counts.get('images', 0):,} images"
        )
        self.browser.images_notice.show_counts(counts)
        if was_empty and not empty:
            self.browser.submit_query()
        self._note_answer()
