"""The "Thema" page: the dynamic Thema ranking (endpoint 6) in a sortable, filterable table
and, for the selected edition, its history chart (:class:`~app.gui.thema.panel.HistoryPanel`).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from PySide6.QtCore import (
    QEvent,
    QItemSelection,
    QModelIndex,
    QPoint,
    Qt,
    QThreadPool,
    Signal,
    Slot,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLineEdit,
    QMenu,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.catalogue.thema import utc_today
from app.errors import ArchivistError
from app.gui.kit.empty_state import EmptyState, page_stack
from app.gui.kit.operations import LatestRequest
from app.gui.kit.setup_buttons import FILL
from app.gui.thema.models import CARD, RANK, RankModel, RankProxy, set_number
from app.gui.thema.panel import NO_HISTORY, HistoryPanel


class ThemaPage(QWidget):
    """Ranking table beside the history of the selected edition; loads when first shown.

    Signals:
        message(str): a note for the status bar (an export was saved, or not).
        failed(str, object): what failed and the unexpected error (routine ones show inline).
        cardRequested(str): open the card with this slug (a ranking row's double click,
            Enter or context menu "Open card").

    Args:
        catalogue: endpoints 6 and 7 (``services.catalogue``).
        pool: the thread pool for catalogue and file work.
        today: the current date for the range presets (UTC by default).
        parent: the owning widget.
    """

    message = Signal(str)
    failed = Signal(str, object)
    cardRequested = Signal(str)

    def __init__(self, catalogue: Any, pool: QThreadPool,
                 today: Callable[[], date] = utc_today, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._catalogue, self._loaded = catalogue, False
        self._pending: tuple[str, str | None] | None = None
        self.model, self.proxy = RankModel(self), RankProxy(self)
        self.proxy.setSourceModel(self.model)
        self.filter = QLineEdit(placeholderText="Filter by card name…", clearButtonEnabled=True)
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(RANK, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 10)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(CARD, QHeaderView.ResizeMode.Stretch)
        self.table.setAccessibleName("Dynamic Thema ranking")
        self.table.setToolTip("Double-click or Enter: open the card")
        self.table.activated.connect(self.open_card)  # double click or Enter
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._on_menu)
        self.panel = HistoryPanel(catalogue, pool, today)
        self.chart, self.controls = self.panel.chart, self.panel.controls
        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 4, 0)
        column.addWidget(self.filter)
        column.addWidget(self.table, 1)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(left)
        self.splitter.addWidget(self.panel)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setCollapsible(1, False)
        self.empty = EmptyState(offers=(*FILL, "demo"))
        self.empty.actionRequested.connect(self.reload)
        self.stack = page_stack(self, self.splitter, self.empty)
        self._ranks = LatestRequest(pool, self)
        self._ranks.finished.connect(self._on_ranks)
        self._ranks.failed.connect(self._on_failed)
        self.table.selectionModel().selectionChanged.connect(self._on_selection)
        self.panel.message.connect(self.message)
        self.panel.failed.connect(self.failed)
        self.model.use_palette_of(self.palette())

    @property
    def busy(self) -> bool:
        """True while the ranking or a history is being loaded."""
        return self._ranks.busy or self.panel.busy

    @property
    def loaded(self) -> bool:
        """True once the ranking answered (with entries, none, or an error)."""
        return self._loaded

    def ensure_loaded(self) -> None:
        """Load the ranking unless it was loaded or is being loaded."""
        if not self._loaded and not self._ranks.busy:
            self.reload()

    @Slot()
    def reload(self) -> None:
        """Ask endpoint 6 for the ranking again (in a worker)."""
        self._ranks.submit(self._catalogue.dynamic_thema_ranks)

    def show_edition(self, edition_uuid: str, kind: str | None = None) -> None:
        """Select ``edition_uuid`` (its ``kind`` row if given) and chart its history; an
        edition outside the ranking is charted too (usually an empty state)."""
        if not self._loaded:
            self._pending = (edition_uuid, kind)
            self.ensure_loaded()
            return
        self.filter.clear()
        row = self.model.row_of(edition_uuid, kind)
        if row is None:
            row = self.model.row_of(edition_uuid)
        if row is None:
            self.table.clearSelection()
            self.panel.show_edition(edition_uuid, kind or self.panel.kind, edition_uuid,
                                    "This edition is not in the dynamic Thema ranking.")
            return
        index = self.proxy.mapFromSource(self.model.index(row, 0))
        self.table.selectRow(index.row())
        self.table.scrollTo(index)
        if kind is not None and kind != self.panel.kind:
            self.panel.set_kind(kind)

    def showEvent(self, event: Any) -> None:
        """The first time the page is shown, load the ranking."""
        super().showEvent(event)
        self.ensure_loaded()

    def changeEvent(self, event: QEvent) -> None:
        """Keep the rise and fall colours readable after a palette change."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.model.use_palette_of(self.palette())

    @Slot(object)
    def _on_ranks(self, entries: list[dict[str, Any]]) -> None:
        self._loaded = True
        self.model.set_entries(entries)
        if not entries:
            self.empty.set_state("No dynamic Thema history yet", NO_HISTORY,
                                 "archivist demo-thema", "Check again", offer=True)
            self.stack.setCurrentWidget(self.empty)
            return
        self.stack.setCurrentWidget(self.splitter)
        pending, self._pending = self._pending, None
        if pending is not None:
            self.show_edition(*pending)
        elif self.panel.edition is None or self.model.row_of(self.panel.edition) is None:
            self.table.selectRow(0)

    @Slot(object)
    def _on_failed(self, error: object) -> None:
        self._loaded = True
        text = error.message if isinstance(error, ArchivistError) else str(error)
        self.empty.set_state("The Thema ranking could not be loaded", text, "", "Try again")
        self.stack.setCurrentWidget(self.empty)
        if not isinstance(error, ArchivistError):
            self.failed.emit("Thema ranking", error)

    @Slot(QModelIndex)
    def open_card(self, index: QModelIndex) -> None:
        """Ask for the card of the ranking row at ``index`` (a proxy index): cardRequested."""
        if not index.isValid():
            return
        slug = self.model.entry(self.proxy.mapToSource(index).row()).get("slug")
        if isinstance(slug, str) and slug:
            self.cardRequested.emit(slug)

    @Slot(QPoint)
    def _on_menu(self, at: QPoint) -> None:
        index = self.table.indexAt(at)
        if not index.isValid():
            return
        menu = QMenu(self)
        menu.addAction("Open card", lambda: self.open_card(index))
        menu.popup(self.table.viewport().mapToGlobal(at))

    @Slot(QItemSelection, QItemSelection)
    def _on_selection(self, selected: QItemSelection, _deselected: QItemSelection) -> None:
        indexes = selected.indexes()
        if not indexes:
            return
        entry = self.model.entry(self.proxy.mapToSource(indexes[0]).row())
        edition = entry.get("edition") or {}
        kind = str(entry.get("kind") or self.panel.kind)
        set_name = (edition.get("set") or {}).get("name") or ""
        dynamic = {k: edition[key] for k, key in (("FOIL", "thema_foil_dynamic"),
                                                  ("NONFOIL", "thema_nonfoil_dynamic"))
                   if isinstance(edition.get(key), bool)}
        self.panel.show_edition(str(edition.get("uuid")), kind, str(entry.get("name") or ""),
                                f"{set_name} · {set_number(entry)}",
                                self.model.rowCount(), dynamic)
