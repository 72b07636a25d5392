"""The browsing page: the search field over a splitter of tile grid and detail pane.

It owns the search field's behaviour: results as you type (debounced), Return or Down
moves to the grid, and it reports which card the person chose.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QObject, QSize, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLineEdit, QSplitter, QVBoxLayout, QWidget

from app.gui.card_grid import CardGrid
from app.gui.detail_pane import DetailPane
from app.gui.result_model import ResultModel
from app.gui.thumbnails import ThumbnailProvider

DEBOUNCE_MS = 200
PLACEHOLDER = "Search cards by name or text…"


class BrowserPage(QWidget):
    """Search field, result grid and detail pane.

    Signals:
        queryChanged(str): search for this text (after a 200 ms pause in typing, or at once
            on Return).
        cardChosen(str): the slug of the tile that became current or was activated.

    Args:
        model: the search results.
        provider: thumbnails for the grid and the detail pane.
        thumb_size: the logical size of a tile's thumbnail.
        parent: the owning widget.
    """

    queryChanged = Signal(str)
    cardChosen = Signal(str)

    def __init__(self, model: ResultModel, provider: ThumbnailProvider, thumb_size: QSize,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.search = QLineEdit(placeholderText=PLACEHOLDER)
        self.search.setObjectName("search")
        self.search.setClearButtonEnabled(True)
        self.search.setStyleSheet("QLineEdit#search { padding: 6px 8px; font-size: 11pt; }")
        self.grid = CardGrid(thumb_size)
        self.grid.setModel(model)
        self.detail = DetailPane(provider)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.grid)
        self.splitter.addWidget(self.detail)
        self.splitter.setCollapsible(0, False)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        column = QVBoxLayout(self)
        column.setContentsMargins(8, 8, 8, 0)
        column.addWidget(self.search)
        column.addWidget(self.splitter, 1)

        self._debounce = QTimer(self, singleShot=True, interval=DEBOUNCE_MS)
        self._debounce.timeout.connect(self.submit_query)
        self.search.textChanged.connect(self._debounce.start)
        self.search.returnPressed.connect(self._on_return)
        self.search.installEventFilter(self)
        self.grid.selectionModel().currentChanged.connect(self._on_current_changed)
        self.grid.activated.connect(self._on_activated)

    @Slot()
    def submit_query(self) -> None:
        """Emit queryChanged for the field's text now (cancels a pending debounce)."""
        self._debounce.stop()
        self.queryChanged.emit(self.search.text())

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
        """Clear the search field (all cards again) and focus it (Esc)."""
        self.search.clear()
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def focus_grid(self) -> None:
        """Move the keyboard focus to the grid, making the first tile current if none is."""
        if not self.grid.currentIndex().isValid() and self.grid.model().rowCount() > 0:
            self.grid.setCurrentIndex(self.grid.model().index(0, 0))
        self.grid.setFocus(Qt.FocusReason.OtherFocusReason)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Down in the search field moves on to the grid."""
        if (watched is self.search and event.type() == QEvent.Type.KeyPress
                and isinstance(event, QKeyEvent) and event.key() == Qt.Key.Key_Down):
            self.focus_grid()
            return True
        return super().eventFilter(watched, event)

    @Slot()
    def _on_return(self) -> None:
        self.submit_query()
        self.grid.setFocus(Qt.FocusReason.OtherFocusReason)

    @Slot(QModelIndex, QModelIndex)
    def _on_current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        slug = current.data(ResultModel.SlugRole) if current.isValid() else None
        if slug:
            self.cardChosen.emit(slug)

    @Slot(QModelIndex)
    def _on_activated(self, index: QModelIndex) -> None:
        self._on_current_changed(index, QModelIndex())
        sizes = self.splitter.sizes()
        if len(sizes) == 2 and sizes[1] == 0:  # the pane was collapsed: open it again
            self.splitter.setSizes([sizes[0] * 3 // 5, sizes[0] * 2 // 5])
