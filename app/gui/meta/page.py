"""The "Meta" page: what the field plays over the stored events' decklists. Filters
(format, category, from and to dates), champion share by week as a chart, and the cards
most played as rows (decks, inclusion, mean copies, the movement between the range's two
halves). Double-clicking a card opens it; "Open a decklist…" opens one of the stored
decklists that play the selected card on the Decks page. Without stored events it says
how to get some.

Loads run in the pool through :class:`~app.gui.kit.operations.LatestRequest`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QModelIndex, QSortFilterProxyModel, Qt, QThreadPool, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.errors import ArchivistError
from app.gui.kit.empty_state import EmptyState, page_stack
from app.gui.kit.operations import LatestRequest, run_operation
from app.gui.meta.chart import ShareChart
from app.gui.meta.data import (
    EventsSource,
    MetaView,
    heading_text,
    import_text,
    load_meta,
    overall_shares,
)
from app.gui.meta.filters import MetaFilters
from app.gui.meta.model import CARD, CardsModel
from app.gui.meta.open_decklist import DecklistOpener, choose_decklist
from app.meta import Scope

IMPORT_COMMAND = "archivist events import FOLDER"
"""The command the empty state shows (a folder of event files, or files)."""


def _choose_folder(parent: QWidget) -> Path | None:
    chosen = QFileDialog.getExistingDirectory(parent, "Import events from a folder")
    return Path(chosen) if chosen else None


class MetaPage(QWidget):
    """The meta of the stored decklists; loaded when first shown, again on each filter.

    Signals:
        cardRequested(str): the slug of the card the person double-clicked.
        decklistRequested(object): a stored decklist to show on the Decks page (a
            ``ParsedList`` named after its event, checked as of its start).
        failed(str, object): ``"meta"`` or ``"events import"`` and the error.
        message(str): what an events import did, for the status bar.

    Args:
        events: the stored events (the application object's ``events``).
        pool: the thread pool for the reads and imports.
        choose_folder: asks for the folder of event files to import (None: cancelled;
            tests pass their own).
        choose_deck: asks which stored decklist to open (tests pass their own).
    """

    cardRequested = Signal(str)
    decklistRequested = Signal(object)
    failed = Signal(str, object)
    message = Signal(str)

    def __init__(self, events: EventsSource, pool: QThreadPool,
                 parent: QWidget | None = None,
                 choose_folder: Callable[[QWidget], Path | None] = _choose_folder,
                 choose_deck: Callable[..., Any] = choose_decklist) -> None:
        super().__init__(parent)
        self._events, self._pool, self._choose_folder = events, pool, choose_folder
        self._importing = False
        self._loaded = False
        self.view: MetaView | None = None
        self.filters = MetaFilters()
        self.filters.changed.connect(self.refresh)
        self.format_box, self.category_box = self.filters.format_box, self.filters.category_box
        self.start_edit, self.end_edit = self.filters.start_edit, self.filters.end_edit
        bar = self.filters.row
        self.import_button = QPushButton("Import events…")
        self.import_button.setToolTip("Import a folder of event files (Omnidex events)")
        self.import_button.clicked.connect(self.import_events)
        bar.addWidget(self.import_button)
        self.opener = DecklistOpener(events, pool, self, choose_deck)
        self.opener.decklistRequested.connect(self.decklistRequested)
        self.opener.message.connect(self.message)
        self.opener.failed.connect(self.failed)
        self.open_button = QPushButton("Open a decklist…")
        self.open_button.setToolTip("Open a stored decklist that plays the selected card on "
                                    "the Decks page, checked as of its event's date")
        self.open_button.clicked.connect(self.open_decklist)
        bar.addWidget(self.open_button)
        self.heading = QLabel()
        self.heading.setTextFormat(Qt.TextFormat.PlainText)
        self.chart = ShareChart()
        self.cards = CardsModel(self)
        self.sorted = QSortFilterProxyModel(self)
        self.sorted.setSourceModel(self.cards)
        self.sorted.setSortRole(CardsModel.SortRole)
        self.table = QTableView()
        self.table.setAccessibleName("Cards played")
        self.table.setModel(self.sorted)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(1, Qt.SortOrder.DescendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(CARD, QHeaderView.ResizeMode.Stretch)
        for number in range(1, self.cards.columnCount()):
            header.setSectionResizeMode(number, QHeaderView.ResizeMode.ResizeToContents)
        self.table.doubleClicked.connect(self._on_double_clicked)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.chart)
        self.splitter.addWidget(self.table)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setChildrenCollapsible(False)
        self.chart.setMinimumWidth(360)
        self.table.setMinimumWidth(380)
        self.splitter.setSizes([600, 400])  # the chart wider: the table's names elide
        content = QWidget()
        column = QVBoxLayout(content)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.filters)
        column.addWidget(self.heading)
        column.addWidget(self.splitter, 1)
        self.empty = EmptyState()
        self.stack = page_stack(self, content, self.empty)
        self._request = LatestRequest(pool, self)
        self._request.finished.connect(self._on_loaded)
        self._request.failed.connect(self._on_failed)
        self.empty.actionRequested.connect(self.import_events)

    @property
    def busy(self) -> bool:
        """True while the meta is being read."""
        return self._request.busy

    @property
    def importing(self) -> bool:
        """True while an events import runs."""
        return self._importing

    @property
    def loaded(self) -> bool:
        """True once a read answered (or failed)."""
        return self._loaded

    def scope(self) -> Scope:
        """The filters as chosen (:meth:`MetaFilters.scope`)."""
        return self.filters.scope()

    def refresh(self) -> None:
        """Read the stored events and the meta of the chosen filters again."""
        events, scope = self._events, self.scope()
        self._request.submit(lambda: load_meta(events, scope))

    def selected_card(self) -> str | None:
        """The name of the card selected in the table (None: none is)."""
        index = self.table.currentIndex()
        if not index.isValid() or not self.table.selectionModel().isSelected(index):
            return None
        return str(self.sorted.data(index.siblingAtColumn(CARD)))

    def open_decklist(self) -> None:
        """Ask which stored decklist playing the selected card (every decklist in the
        filters' range when none is selected) to open on the Decks page."""
        self.opener.open(self.scope(), self.selected_card())

    def import_events(self) -> None:
        """Ask for a folder of event files, import it off the GUI thread, then read the
        meta again."""
        folder = None if self._importing else self._choose_folder(self)
        if folder is None:
            return
        self._importing = True
        self.import_button.setEnabled(False)
        events = self._events
        run_operation(self._pool, lambda: events.import_paths([folder]),
                      self._on_imported, self._on_import_failed, owner=self)

    def _on_imported(self, report: Any) -> None:
        self._import_finished()
        self.message.emit(import_text(report))
        self.refresh()

    def _on_import_failed(self, error: Exception) -> None:
        self._import_finished()
        self.failed.emit("events import", error)

    def _import_finished(self) -> None:
        self._importing = False
        self.import_button.setEnabled(True)

    def showEvent(self, event: Any) -> None:
        """Read the meta the first time the page is shown."""
        super().showEvent(event)
        if not self._loaded and not self._request.busy:
            self.refresh()

    def _on_loaded(self, view: MetaView) -> None:
        self._loaded, self.view = True, view
        if not view.stored:
            self.empty.set_state(
                "No events yet",
                "The meta is read from tournament decklists. Import a folder of event "
                "files (in the shape of the official Omnidex events).", IMPORT_COMMAND,
                "Import events…")
            self.empty.terminal.setChecked(True)
            self.stack.setCurrentWidget(self.empty)
            return
        self.filters.fill(view.formats, view.categories, view.days)
        self.heading.setText(heading_text(view))
        self.chart.show_series(view.series, overall_shares(view.meta, list(view.series)))
        self.cards.palette = self.table.palette()
        self.cards.set_cards(view.meta.get("cards", []), view.trend)
        self.stack.setCurrentIndex(0)

    def _on_failed(self, error: Exception) -> None:
        self._loaded = True
        message = str(error) if isinstance(error, ArchivistError) else repr(error)
        self.empty.set_state("The meta could not be read", message, "", "Try again")
        self.stack.setCurrentWidget(self.empty)
        self.failed.emit("meta", error)

    def _on_double_clicked(self, index: QModelIndex) -> None:
        slug = self.sorted.data(index, CardsModel.SlugRole)
        if slug:
            self.cardRequested.emit(str(slug))
