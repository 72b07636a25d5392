"""The tile grid: a ``QListView`` in icon mode that says so when a search found nothing."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPoint, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QPainter, QPaintEvent, QRegion, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QListView,
    QStyle,
    QStyleOptionViewItem,
    QWidget,
)

from app.gui.kit.card_paint import scaled_font
from app.gui.search.tile_delegate import TileDelegate

GAP = 4
MIN_COLUMNS = 2
"""The grid never gets narrower than this many columns of tiles."""


class CardGrid(QListView):
    """Search hits as tiles (no widget per card: one delegate paints every tile).

    Every tile has the same size (``setUniformItemSizes``, a fixed grid size), so only the
    visible tiles are painted and laying out all 4,414 editions takes a few milliseconds in
    one pass; a batched layout would gain nothing and would let ``scrollTo`` run before the
    layout is done (``python -m benchmarks.gui_grid`` measures scrolling).

    Enter (or a double click) emits the view's ``activated`` signal; arrows move the
    current tile. With no rows, the viewport shows :meth:`empty_text`. A new set of results
    (a model reset) shows from the top. The columns are counted as if the vertical scroll
    bar were always there, so its appearing never changes the column count (which would
    hide it again: a flip between two layouts); the grid is never narrower than
    :data:`MIN_COLUMNS` columns.

    The grid's own methods do not ask for ``viewport()`` before its first paint: the first
    Python wrapper of a plain ``QWidget`` that Qt made makes PySide create the classes (and
    enums) of every widget type (~10 ms); :attr:`painted` tells a paint instead.

    Signals:
        painted(): after each paint of the tiles (the viewport).

    Args:
        thumb_size: the logical size of a tile's thumbnail.
        parent: the owning widget.
    """

    painted = Signal()

    def __init__(self, thumb_size: QSize, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._empty_text = ""
        self.setViewMode(QListView.ViewMode.IconMode)
        self.setMovement(QListView.Movement.Static)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setFlow(QListView.Flow.LeftToRight)
        self.setWrapping(True)
        self.setUniformItemSizes(True)
        self.setSpacing(GAP)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.verticalScrollBar().setSingleStep(24)
        self.setMouseTracking(True)
        self.setItemDelegate(TileDelegate(thumb_size, self))
        self.setAccessibleName("Search results")
        self.setMinimumWidth(MIN_COLUMNS * self._cell_width() + 2 * GAP
                             + self._scroll_bar_width() + 2 * self.frameWidth())

    def setModel(self, model: QAbstractItemModel | None) -> None:
        """Show ``model``; each reset of it (new results) scrolls back to the top."""
        super().setModel(model)
        if model is not None:
            model.modelReset.connect(self._to_top)

    def _to_top(self) -> None:
        self.verticalScrollBar().setValue(0)
        QTimer.singleShot(0, self, self.scrollToTop)  # after the delayed layout too

    def _cell_width(self) -> int:
        option = QStyleOptionViewItem()
        option.initFrom(self)
        return self.itemDelegate().sizeHint(option, QModelIndex()).width() + 2 * GAP

    def _scroll_bar_width(self) -> int:
        return self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, self)

    def empty_text(self) -> str:
        """What the grid says when it has no rows ("" for nothing)."""
        return self._empty_text

    def set_empty_text(self, text: str) -> None:
        """Set what the grid says when it has no rows, e.g. ``No cards match “xyz”``."""
        self._empty_text = text
        self.update_tiles()

    def update_tiles(self) -> None:
        """Paint the tiles (the viewport) again soon."""
        self.setDirtyRegion(QRegion(self.rect()))

    def visible_rows(self) -> list[int]:
        """Rows whose tiles intersect the viewport, in order (a binary search for the first)."""
        model = self.model()
        if model is None:
            return []
        area = QRect(QPoint(0, 0), self.maximumViewportSize())  # rows: its height counts
        low, high = 0, model.rowCount()
        while low < high:  # tiles flow left to right, top to bottom: bottoms never decrease
            middle = (low + high) // 2
            if self.visualRect(model.index(middle, 0)).bottom() < area.top():
                low = middle + 1
            else:
                high = middle
        rows: list[int] = []
        for row in range(low, model.rowCount()):
            rect = self.visualRect(model.index(row, 0))
            if rect.top() > area.bottom():
                break
            if rect.intersects(area):
                rows.append(row)
        return rows

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Spread the columns of tiles evenly over the width."""
        super().resizeEvent(event)
        self._spread()

    def _spread(self) -> None:
        option = QStyleOptionViewItem()
        option.initFrom(self)
        tile = self.itemDelegate().sizeHint(option, QModelIndex())
        # the width as if the scroll bar showed, whether it does or not: no flip
        width = self.width() - 2 * self.frameWidth() - self._scroll_bar_width() - 2 * GAP
        columns = max(1, width // (tile.width() + 2 * GAP))
        cell = QSize(max(tile.width(), width // columns), tile.height() + 2 * GAP)
        if cell != self.gridSize():
            self.setGridSize(cell)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter/Return activate the current tile (shows its detail)."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentIndex().isValid():
            self.activated.emit(self.currentIndex())
            event.accept()
            return
        super().keyPressEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        """Paint the tiles, or the empty text when there are none."""
        super().paintEvent(event)
        model = self.model()
        if self._empty_text and (model is None or model.rowCount(QModelIndex()) == 0):
            painter = QPainter(self.viewport())
            painter.setFont(scaled_font(self.font(), 1.25))
            painter.setPen(self.palette().placeholderText().color())
            area = self.viewport().rect().adjusted(24, 24, -24, -24)
            painter.drawText(area, Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                             self._empty_text)
            painter.end()
        self.painted.emit()
