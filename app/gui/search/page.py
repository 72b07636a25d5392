"""The search page: search field, sort and tile options, filter panel, tile grid, detail pane.

The page owns the search field's behaviour: results as you type (debounced), Return or
Down moves to the grid, Esc steps back, and the filter panel and the query text follow
each other. The query text is the truth: typing updates the panel (``set_state``, no
signal), a panel edit rewrites the text (``to_query`` of the panel's state and the text's
free part), and the rewritten text is searched like typed text.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QObject, QSize, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QSplitter, QVBoxLayout, QWidget

from app.gui.search.completion import DidYouMean, ImagesNotice
from app.gui.search.controller import QueryProblem, SearchRequest
from app.gui.search.filters_panel import FiltersPanel
from app.gui.search.grid import CardGrid
from app.gui.search.narrow import FoldWhenNarrow
from app.gui.search.options import SearchOptions
from app.gui.search.query_error import QueryErrorBanner
from app.gui.search.result_model import ResultModel
from app.model.query import QueryResult
from app.search import QuerySyntaxError
from app.search.filters import FilterState, from_query, to_query

DEBOUNCE_MS = 200
PLACEHOLDER = "Search: fire, t:champion el:fire, o:\"draw a card\", cost<=2 …"
FIELD_STYLE = "QLineEdit#search { padding: 6px 8px; font-size: 11pt; }"


class BrowserPage(QWidget):
    """Search field, options, filters, result grid and detail pane.

    Signals:
        searchRequested(object): run this :class:`SearchRequest` (after a 200 ms pause in
            typing or a filter edit; at once on Return or a sort/tile option change).
        cardChosen(str): the slug of the tile that became current or was activated.
        cardActivated(str): the slug of the tile opened with Enter or a double click.

    Args:
        model: the search results.
        detail: the detail pane shown beside the grid (made by the window, so this page
            needs none of the card views' internals).
        thumb_size: the logical size of a tile's thumbnail.
        parent: the owning widget.
    """

    searchRequested = Signal(object)
    cardChosen = Signal(str)
    cardActivated = Signal(str)

    def __init__(self, model: ResultModel, detail: QWidget, thumb_size: QSize,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.search = QLineEdit(placeholderText=PLACEHOLDER)
        self.search.setObjectName("search")
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName("Search")
        self.options = SearchOptions()
        self.filters = FiltersPanel()
        self.filters_button = self.filters.toggle
        self.grid = CardGrid(thumb_size)
        self.grid.setModel(model)
        self.detail = detail
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.grid)
        self.splitter.addWidget(self.detail)
        self.splitter.setCollapsible(0, False)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        top = QHBoxLayout()
        for widget, stretch in ((self.filters_button, 0), (self.search, 1), (self.options, 0)):
            top.addWidget(widget, stretch)
        body = QHBoxLayout()
        body.addWidget(self.filters)
        body.addWidget(self.splitter, 1)
        column = QVBoxLayout(self)
        column.setContentsMargins(8, 8, 8, 0)
        column.addLayout(top)
        self.did_you_mean = DidYouMean()  # "Did you mean Lorraine?" after an empty search
        self.did_you_mean.chosen.connect(self._on_suggestion)
        column.addWidget(self.did_you_mean)
        self.images_notice = ImagesNotice()  # most editions without an image: offer them
        column.addWidget(self.images_notice)
        column.addLayout(body, 1)
        self.search.setStyleSheet(FIELD_STYLE)
        self.error = QueryErrorBanner(self.search, self)  # floats under the field
        self.fold = FoldWhenNarrow(self, self.filters, self.filters_button)  # grid first

        self._debounce = QTimer(self, singleShot=True, interval=DEBOUNCE_MS)
        self._debounce.timeout.connect(self.submit_query)
        self.search.textChanged.connect(self._debounce.start)
        self.search.returnPressed.connect(self._on_return)
        self.search.installEventFilter(self)
        self.options.changed.connect(self.submit_query)
        self.filters.changed.connect(self._on_filters_changed)
        self.grid.selectionModel().currentChanged.connect(self._on_current_changed)
        self.grid.activated.connect(self._on_activated)

    def request(self) -> SearchRequest:
        """The search the page asks for now: the field's text and the options."""
        options = self.options
        return SearchRequest(self.search.text(), options.per, options.sort, options.descending)

    @Slot()
    def submit_query(self) -> None:
        """Update the filter panel from the text and emit searchRequested now (cancels a
        pending debounce)."""
        self._debounce.stop()
        try:
            state, _free = from_query(self.search.text())
        except QuerySyntaxError:
            self.filters.setEnabled(False)  # the panel cannot edit what it cannot read
        else:
            self.filters.setEnabled(True)
            self.filters.set_state(state)
        self.searchRequested.emit(self.request())

    def set_search_options(self, per: str, sort: str, descending: bool,
                           filters_visible: bool | None = None) -> None:
        """Show remembered options without searching (``filters_visible`` None: as it is)."""
        self.options.set_values(per, sort, descending)
        if filters_visible is not None:
            self.filters_button.setChecked(filters_visible)

    def show_results(self, result: QueryResult) -> None:
        """Show the hits of a query that ran: the grid, or what it found nothing for."""
        self.model.set_results(result.query, result.hits, result.per)
        words = result.query.strip()
        self.grid.set_empty_text(f"No {result.per}s match “{words}”" if words else
                                 f"No {result.per}s yet.")
        self.error.clear()

    def show_why(self, why: str) -> None:
        """Say in the empty grid why the query that ran found nothing (``why``: a sentence
        from :class:`~app.gui.search.controller.SearchController`'s ``explained``)."""
        words = self.model.query.strip()
        self.grid.set_empty_text(f"No {self.model.per}s match “{words}”: {why}")

    def show_problem(self, problem: QueryProblem) -> None:
        """Show why the query cannot be read; the grid keeps the last results."""
        if problem.query != self.search.text():
            return  # typed on since: its own answer is on its way
        self.error.show_problem(problem)
        self.grid.set_empty_text("Fix the search above to see cards.")  # when there are none

    def _on_suggestion(self, text: str) -> None:
        self.search.setText(text)
        self.submit_query()

    def stop(self) -> None:
        """Forget a pending debounced search (the window is closing)."""
        self._debounce.stop()

    @Slot()
    def focus_search(self) -> None:
        """Focus the search field with its text selected (Ctrl+F)."""
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    @Slot()
    def clear_search(self) -> None:
        """Clear the search field (all cards again) and focus it."""
        self.search.clear()
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)

    @Slot()
    def escape(self) -> None:
        """Esc: in the search field, clear it; in the grid, clear the selection (not the
        query) and go back to the field; elsewhere, go back to the field."""
        if self.search.hasFocus():
            self.clear_search()
            return
        if self.grid.hasFocus():
            self.grid.selectionModel().clear()
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def focus_grid(self) -> None:
        """Move the keyboard focus to the grid, making the first tile current if none is."""
        if not self.grid.currentIndex().isValid() and self.model.rowCount() > 0:
            self.grid.setCurrentIndex(self.model.index(0, 0))
        self.grid.setFocus(Qt.FocusReason.OtherFocusReason)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Down in the search field moves on to the grid."""
        if (watched is self.search and event.type() == QEvent.Type.KeyPress
                and isinstance(event, QKeyEvent) and event.key() == Qt.Key.Key_Down):
            self.focus_grid()
            return True
        return super().eventFilter(watched, event)

    @Slot(object)
    def _on_filters_changed(self, state: FilterState) -> None:
        try:
            _old, free = from_query(self.search.text())
        except QuerySyntaxError:
            return
        self.search.selectAll()
        self.search.insert(to_query(state, free))  # one undo step; searched after the pause

    @Slot(int)
    def _put_cursor(self, position: int) -> None:
        self.search.setFocus(Qt.FocusReason.OtherFocusReason)
        self.search.deselect()
        self.search.setCursorPosition(position)

    @Slot()
    def _on_return(self) -> None:
        self.submit_query()
        try:
            from_query(self.search.text())
        except QuerySyntaxError as error:
            self._put_cursor(error.position)  # stay in the field, at the problem
            return
        self.grid.setFocus(Qt.FocusReason.OtherFocusReason)

    @Slot(QModelIndex, QModelIndex)
    def _on_current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        slug = current.data(ResultModel.SlugRole) if current.isValid() else None
        if slug:
            self.cardChosen.emit(slug)

    @Slot(QModelIndex)
    def _on_activated(self, index: QModelIndex) -> None:
        self._on_current_changed(index, QModelIndex())
        slug = index.data(ResultModel.SlugRole) if index.isValid() else None
        if slug:
            self.cardActivated.emit(slug)
        sizes = self.splitter.sizes()
        if len(sizes) == 2 and sizes[1] == 0:  # the pane was collapsed: open it again
            self.splitter.setSizes([sizes[0] * 3 // 5, sizes[0] * 2 // 5])
