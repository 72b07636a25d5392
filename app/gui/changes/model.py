"""The cards of one revision as tiles: a list model and the delegate that paints them.

The model holds the revision's :class:`~app.model.history.CardChange` rows, filtered by a
patch-note group; thumbnails come from the shared
:class:`~app.gui.kit.thumbnails.ThumbnailProvider`, as on the search page.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    QRectF,
    QSize,
    QSizeF,
    Qt,
    Slot,
)
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QWidget

from app.gui.changes.data import RevisionView
from app.gui.kit.card_paint import TILE_PADDING, font_metrics, paint_tile_card, wrapped
from app.gui.kit.cells import safe_cells
from app.gui.kit.thumbnails import ThumbnailProvider, ThumbState
from app.model.history import GROUP_TITLES, CardChange
from app.model.query import CardSummary

AnyIndex = QModelIndex | QPersistentModelIndex
PADDING = TILE_PADDING


class ChangeTilesModel(QAbstractListModel):
    """One row per card of the shown revision (in the filter's group, or all).

    Roles: ``DisplayRole`` the name, :attr:`ThumbnailRole` the thumbnail ``QImage`` (None
    while it is made or when there is none), :attr:`ThumbStateRole`, :attr:`SlugRole`,
    :attr:`GroupsRole` (``Errata · Legality``; ``Unreadable`` for a damaged history row),
    :attr:`ChangeRole` (the CardChange),
    ``ToolTipRole`` the name, groups and changed fields.
    """

    SlugRole = Qt.ItemDataRole.UserRole + 1
    ThumbnailRole = Qt.ItemDataRole.UserRole + 2
    ThumbStateRole = Qt.ItemDataRole.UserRole + 3
    GroupsRole = Qt.ItemDataRole.UserRole + 4
    ChangeRole = Qt.ItemDataRole.UserRole + 5

    def __init__(self, provider: ThumbnailProvider, thumb: QSize,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._provider, self._w, self._h = provider, thumb.width(), thumb.height()
        self._view = RevisionView([], None)
        self._rows: list[CardChange] = []
        self._group: str | None = None
        provider.ready.connect(self._on_ready)

    def set_view(self, view: RevisionView, group: str | None = None) -> None:
        """Show the cards of ``view`` in ``group`` (None: all of them)."""
        self.beginResetModel()
        self._view, self._group = view, group
        self._rows = [c for c in view.changes if group is None or group in c.groups]
        self.endResetModel()

    def set_group(self, group: str | None) -> None:
        """Filter the shown revision's cards by patch-note group (None: all)."""
        self.set_view(self._view, group)

    def change(self, row: int) -> CardChange:
        """The change in ``row``."""
        return self._rows[row]

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """Number of cards shown (0 under a valid parent: a flat list)."""
        return 0 if parent.isValid() else len(self._rows)

    @safe_cells
    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The value of ``role`` for the card at ``index`` (see the class doc), or None."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        change = self._rows[index.row()]
        tile = self._view.tiles.get(change.uuid)
        if role == Qt.ItemDataRole.DisplayRole:
            return change.name
        if role == self.ThumbnailRole:
            if tile is None or not tile.has_image:
                return None
            return self._provider.image(tile.image_file, self._w, self._h)
        if role == self.ThumbStateRole:
            if tile is None or not tile.has_image:
                return ThumbState.MISSING
            return self._provider.state(tile.image_file, self._w, self._h)
        if role == self.SlugRole:
            return change.slug
        if role == self.GroupsRole:
            if change.unreadable:  # its stored row is damaged: no groups to trust
                return "Unreadable"
            return " · ".join(GROUP_TITLES.get(g, g) for g in change.groups)
        if role == self.ChangeRole:
            return change
        if role == Qt.ItemDataRole.ToolTipRole:
            if change.unreadable:
                return f"{change.name}\nUnreadable: {change.unreadable}"
            fields = ", ".join(change.fields[:6]) + (" …" if len(change.fields) > 6 else "")
            return "\n".join(p for p in (change.name, self.data(index, self.GroupsRole),
                                         fields) if p)
        return None

    def caption(self, row: int) -> str:
        """``DOA 1st · 001`` of the tile's edition ("" for a removed card)."""
        tile: CardSummary | None = self._view.tiles.get(self._rows[row].uuid)
        return "" if tile is None else f"{tile.set_prefix} · {tile.collector_number}"

    @Slot(str)
    def _on_ready(self, key: str) -> None:
        for row, change in enumerate(self._rows):
            tile = self._view.tiles.get(change.uuid)
            if tile is not None and ThumbnailProvider.key(tile.image_file, self._w,
                                                          self._h) == key:
                index = self.index(row)
                self.dataChanged.emit(index, index, [self.ThumbnailRole])


class ChangeTileDelegate(QStyledItemDelegate):
    """Paints a changed card: its thumbnail (or a drawn card), its name, and its groups
    (``Errata · Legality``) in the accent colour below."""

    def __init__(self, thumb: QSize, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._thumb = thumb

    def sizeHint(self, option: QStyleOptionViewItem, index: AnyIndex) -> QSize:
        """Thumbnail, padding, one line of name and one of groups."""
        lines = font_metrics(option.font).lineSpacing() * 2
        return QSize(self._thumb.width() + 2 * PADDING,
                     self._thumb.height() + 2 * PADDING + lines + 4)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex) -> None:
        """Paint the tile of ``index`` into ``option.rect``."""
        rect: QRect = option.rect
        palette = option.palette
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        name = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        thumb = paint_tile_card(
            painter, option, QSizeF(self._thumb), index.data(ChangeTilesModel.ThumbnailRole),
            index.data(ChangeTilesModel.ThumbStateRole) == ThumbState.MISSING, name, "")
        metrics = font_metrics(option.font)
        width = rect.width() - 2 * PADDING
        align = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
        box = QRectF(rect.x() + PADDING, thumb.bottom() + 4, width, metrics.lineSpacing())
        painter.setFont(option.font)
        painter.setPen(palette.text().color())
        painter.drawText(box, align, (wrapped(option.font, name, width, 1) or [""])[0])
        groups = str(index.data(ChangeTilesModel.GroupsRole) or "")
        painter.setPen(palette.placeholderText().color())
        painter.drawText(box.translated(0, metrics.lineSpacing()), align,
                         metrics.elidedText(groups, Qt.TextElideMode.ElideRight, width))
        painter.restore()
