"""The editions of the card in the detail pane: a list model, its delegate and view.

Each row shows a small rounded thumbnail (from the shared
:class:`~app.gui.kit.thumbnails.ThumbnailProvider`, or a drawn placeholder), the set prefix and
name, the collector number, rarity and illustrator.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRectF,
    QSize,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtGui import QColor, QFont, QFontMetrics, QImage, QKeyEvent, QMouseEvent, QPainter
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QListView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from app.gui.kit.card_paint import paint_loading, paint_placeholder, paint_thumbnail
from app.gui.kit.cells import safe_cells
from app.gui.kit.edition_data import EditionInfo
from app.gui.kit.thumbnails import ThumbnailProvider, ThumbState
from app.safetext import escape_controls

EDITION_THUMB = QSize(54, 75)
ROW_PADDING = 6
AnyIndex = QModelIndex | QPersistentModelIndex


class EditionModel(QAbstractListModel):
    """The editions of one card.

    Roles: ``DisplayRole`` ``"<set prefix> · <number> · <rarity code> · <set name>"``,
    ``ToolTipRole`` the edition slug,
    :attr:`EditionRole` the :class:`EditionInfo`, :attr:`ThumbnailRole` the ``QImage`` or
    None, :attr:`ThumbStateRole` a :class:`ThumbState`.

    Args:
        provider: makes the thumbnails (requested for every edition when set).
        parent: the owning QObject.
    """

    EditionRole = Qt.ItemDataRole.UserRole + 1
    ThumbnailRole = Qt.ItemDataRole.UserRole + 2
    ThumbStateRole = Qt.ItemDataRole.UserRole + 3
    OwnedRole = Qt.ItemDataRole.UserRole + 4

    def __init__(self, provider: ThumbnailProvider, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._provider = provider
        self._rows: list[EditionInfo] = []
        self._owned: dict[str, tuple[int, int]] = {}
        provider.ready.connect(self._on_ready)

    def set_owned(self, owned: dict[str, tuple[int, int]]) -> None:
        """Show the copies owned per edition (uuid → ``(non-foil, foil)``)."""
        self._owned = dict(owned)
        if self._rows:
            self.dataChanged.emit(self.index(0), self.index(len(self._rows) - 1),
                                  [self.OwnedRole])

    def owned(self, row: int) -> tuple[int, int]:
        """``(non-foil, foil)`` copies owned of the edition in ``row``."""
        return self._owned.get(self._rows[row].uuid, (0, 0))

    def set_editions(self, editions: list[EditionInfo]) -> None:
        """Show these editions and ask for all their thumbnails now (there are few)."""
        self.beginResetModel()
        self._rows = list(editions)
        self.endResetModel()
        for edition in reversed(self._rows):  # newest-first queue: the top row comes first
            if edition.has_image:
                self._provider.image(edition.image_file, *self._size())

    def thumb_state(self, row: int) -> ThumbState:
        """Where the thumbnail of ``row`` is (``MISSING`` when the image is not stored)."""
        edition = self._rows[row]
        if not edition.has_image:
            return ThumbState.MISSING
        return self._provider.state(edition.image_file, *self._size())

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """Number of editions (0 under any valid parent)."""
        return 0 if parent.isValid() else len(self._rows)

    @safe_cells
    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The value of ``role`` for the edition at ``index`` (see the class doc), or None."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        edition = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:  # set, number and rarity tell editions apart
            return f"{edition.label} · {edition.set_name}".strip(" ·")
        if role == Qt.ItemDataRole.ToolTipRole:
            return edition.slug
        if role == self.EditionRole:
            return edition
        if role in (Qt.ItemDataRole.DecorationRole, self.ThumbnailRole):
            if not edition.has_image:
                return None
            return self._provider.image(edition.image_file, *self._size())
        if role == self.ThumbStateRole:
            return self.thumb_state(index.row())
        if role == self.OwnedRole:
            return owned_text(self.owned(index.row()))
        return None

    @staticmethod
    def _size() -> tuple[int, int]:
        return EDITION_THUMB.width(), EDITION_THUMB.height()

    @Slot(str)
    def _on_ready(self, key: str) -> None:
        for row, edition in enumerate(self._rows):
            if edition.has_image and ThumbnailProvider.key(edition.image_file,
                                                           *self._size()) == key:
                index = self.index(row)
                self.dataChanged.emit(
                    index, index, [Qt.ItemDataRole.DecorationRole, self.ThumbnailRole]
                )


def owned_text(counts: tuple[int, int]) -> str:
    """``owned 2 + 1 foil`` ("" when none is owned)."""
    plain, foil = counts
    if not plain and not foil:
        return ""
    parts = [str(plain)] if plain else []
    parts += [f"{foil} foil"] if foil else []
    return "owned " + " + ".join(parts)


class EditionDelegate(QStyledItemDelegate):
    """Paints one edition row: thumbnail on the left, three lines of text on the right."""

    def sizeHint(self, option: QStyleOptionViewItem, index: AnyIndex) -> QSize:
        """Every row is as high as a thumbnail plus padding."""
        return QSize(240, EDITION_THUMB.height() + 2 * ROW_PADDING)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex) -> None:
        """Paint the edition of ``index`` into ``option.rect``."""
        edition: EditionInfo = index.data(EditionModel.EditionRole)
        rect = option.rect
        palette = option.palette
        font: QFont = option.font
        state = option.state
        if state & (QStyle.StateFlag.State_Selected | QStyle.StateFlag.State_MouseOver):
            colour = QColor(palette.highlight().color())
            colour.setAlpha(70 if state & QStyle.StateFlag.State_Selected else 30)
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawRoundedRect(QRectF(rect).adjusted(0, 1, 0, -1), 6, 6)
            painter.restore()
        thumb = QRectF(rect.x() + ROW_PADDING, rect.y() + ROW_PADDING,
                       EDITION_THUMB.width(), EDITION_THUMB.height())
        image = index.data(EditionModel.ThumbnailRole)
        if isinstance(image, QImage) and not image.isNull():
            paint_thumbnail(painter, thumb, image)
        elif index.data(EditionModel.ThumbStateRole) == ThumbState.MISSING:
            paint_placeholder(painter, thumb, "",
                              f"{edition.set_prefix} · {edition.collector_number}")
        else:
            paint_loading(painter, thumb, palette.midlight().color())
        left = thumb.right() + 12
        width = int(rect.right() - left - ROW_PADDING)
        bold = QFont(font)
        bold.setBold(True)
        lines = [
            (bold, f"{edition.set_prefix} · {edition.set_name}", palette.text().color()),
            (font, " · ".join(p for p in (f"#{edition.collector_number}",
                                          edition.rarity_text or edition.rarity,
                                          index.data(EditionModel.OwnedRole)) if p),
             palette.text().color()),
            (font, f"Illustrated by {edition.illustrator}" if edition.illustrator else "",
             palette.placeholderText().color()),
        ]
        height = sum(QFontMetrics(f).lineSpacing() for f, _, _ in lines)
        top = rect.y() + (rect.height() - height) / 2
        painter.save()
        for line_font, text, colour in lines:
            metrics = QFontMetrics(line_font)
            painter.setFont(line_font)
            painter.setPen(colour)
            painter.drawText(QRectF(left, top, width, metrics.lineSpacing()),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                             metrics.elidedText(escape_controls(text),
                                                Qt.TextElideMode.ElideRight, width))
            top += metrics.lineSpacing()
        painter.restore()


class EditionList(QListView):
    """A list of editions as tall as its rows (it scrolls with the detail pane around it).

    One edition is selected (the detail pane shows it below the list).

    Signals:
        openRequested(int): show the edition of this row large (a double click, or Enter);
            not ``activated``, which some styles emit for a single click.
        countRequested(int, bool, int): add (+1, the ``+`` key) or remove (−1, ``-``) a copy
            of the edition of this row; foil with Alt.
    """

    openRequested = Signal(int)
    countRequested = Signal(int, bool, int)

    def __init__(self, model: EditionModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setModel(model)
        self.setItemDelegate(EditionDelegate(self))
        self.setUniformItemSizes(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.viewport().setAutoFillBackground(False)
        model.modelReset.connect(self._fit_height)
        self._fit_height()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter or Return opens the current edition large."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentIndex().isValid():
            self.openRequested.emit(self.currentIndex().row())
            return
        delta = {Qt.Key.Key_Plus: 1, Qt.Key.Key_Equal: 1, Qt.Key.Key_Minus: -1}.get(
            Qt.Key(event.key()), 0)
        if delta and self.currentIndex().isValid():
            foil = bool(event.modifiers() & Qt.KeyboardModifier.AltModifier)
            self.countRequested.emit(self.currentIndex().row(), foil, delta)
            return
        super().keyPressEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        """A double click on an edition opens it large."""
        index = self.indexAt(event.position().toPoint())
        if index.isValid() and event.button() == Qt.MouseButton.LeftButton:
            self.openRequested.emit(index.row())
            return
        super().mouseDoubleClickEvent(event)

    @Slot()
    def _fit_height(self) -> None:
        rows = self.model().rowCount()
        self.setFixedHeight(rows * (EDITION_THUMB.height() + 2 * ROW_PADDING) + 2)
