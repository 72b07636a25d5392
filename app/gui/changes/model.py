"""The cards of one revision: a list model and the delegates that paint them as tiles
(thumbnail, name, what changed) or as rows of a list (name, then every note in words, errata
as a word diff).

The model holds the revision's :class:`~app.model.history.CardChange` rows, filtered by a
patch-note group; thumbnails come from the shared
:class:`~app.gui.kit.thumbnails.ThumbnailProvider`, as on the search page.
"""

from __future__ import annotations

import html
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
from PySide6.QtGui import QAbstractTextDocumentLayout, QPainter, QPalette, QTextDocument
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QWidget

from app.gui.changes.data import RevisionView, change_text
from app.gui.kit.card_paint import (
    TILE_PADDING,
    font_metrics,
    paint_selection,
    paint_tile_card,
    wrapped,
)
from app.gui.kit.cells import safe_cells
from app.gui.kit.notes_html import diff_css, notes_html
from app.gui.kit.thumbnails import ThumbnailProvider, ThumbState
from app.model.history import GROUP_TITLES, CardChange
from app.model.query import CardSummary
from app.safetext import escape_controls

AnyIndex = QModelIndex | QPersistentModelIndex
PADDING = TILE_PADDING
NAME_LINES = 2
CHANGE_LINES = 2


class ChangeTilesModel(QAbstractListModel):
    """One row per card of the shown revision (in the filter's group, or all).

    Roles: ``DisplayRole`` the name, :attr:`ThumbnailRole` the thumbnail ``QImage`` (None
    while it is made or when there is none), :attr:`ThumbStateRole`, :attr:`SlugRole`,
    :attr:`GroupsRole` (``Errata · Legality``; ``Unreadable`` for a damaged history row),
    :attr:`ChangeRole` (the CardChange), :attr:`ChangeTextRole` what changed in words on
    one line (``now banned in Standard``; ``Unreadable: WHY`` for a damaged row),
    :attr:`CaptionRole` the tile's edition (``DOA 1st · 001``), ``ToolTipRole`` the name,
    groups and what changed (a damaged row: why it cannot be read).
    """

    SlugRole = Qt.ItemDataRole.UserRole + 1
    ThumbnailRole = Qt.ItemDataRole.UserRole + 2
    ThumbStateRole = Qt.ItemDataRole.UserRole + 3
    GroupsRole = Qt.ItemDataRole.UserRole + 4
    ChangeRole = Qt.ItemDataRole.UserRole + 5
    ChangeTextRole = Qt.ItemDataRole.UserRole + 6
    CaptionRole = Qt.ItemDataRole.UserRole + 7

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
        if role == self.ChangeTextRole:
            return change_text(change)
        if role == self.CaptionRole:
            return self.caption(index.row())
        if role == Qt.ItemDataRole.ToolTipRole:
            if change.unreadable:
                return f"{change.name}\nUnreadable: {change.unreadable}"
            notes = [n.text for n in change.notes if n.text][:8] or [change_text(change)]
            return "\n".join([change.name, str(self.data(index, self.GroupsRole)),
                              *(f"• {n}" for n in notes)])
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


def shown_text(index: AnyIndex, role: int) -> str:
    """The text of ``role`` at ``index`` as a delegate paints it: control characters and
    bidirectional overrides of outside text (a card's name, its effect text, a set prefix)
    written as visible escapes (:func:`app.safetext.escape_controls`), as ``@safe_cells``
    does for the display roles."""
    return escape_controls(str(index.data(role) or ""))


class ChangeTileDelegate(QStyledItemDelegate):
    """Paints a changed card: its thumbnail (or a drawn card with its set and number), its
    name and what changed (``now banned in Standard``) below, each on up to two lines."""

    def __init__(self, thumb: QSize, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._thumb = thumb

    def sizeHint(self, option: QStyleOptionViewItem, index: AnyIndex) -> QSize:
        """Thumbnail, padding, two lines of name and two of what changed."""
        lines = font_metrics(option.font).lineSpacing() * (NAME_LINES + CHANGE_LINES)
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
            index.data(ChangeTilesModel.ThumbStateRole) == ThumbState.MISSING, name,
            shown_text(index, ChangeTilesModel.CaptionRole))
        metrics = font_metrics(option.font)
        width = rect.width() - 2 * PADDING
        align = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
        box = QRectF(rect.x() + PADDING, thumb.bottom() + 4, width, metrics.lineSpacing())
        painter.setFont(option.font)
        painter.setPen(palette.text().color())
        lines = wrapped(option.font, name, width, NAME_LINES)
        for line in lines:
            painter.drawText(box, align, line)
            box.translate(0, metrics.lineSpacing())
        text = shown_text(index, ChangeTilesModel.ChangeTextRole)
        painter.setPen(palette.placeholderText().color())
        for line in wrapped(option.font, text, width, CHANGE_LINES):
            painter.drawText(box, align, line)
            box.translate(0, metrics.lineSpacing())
        painter.restore()


class ChangeRowDelegate(QStyledItemDelegate):
    """Paints a changed card as a row of a list: its name, groups and edition on the first
    line, then each patch note in words (errata as a word diff: old words struck on red,
    new ones on green), as rich text."""

    def _document(self, option: QStyleOptionViewItem, index: AnyIndex) -> QTextDocument:
        change = index.data(ChangeTilesModel.ChangeRole)
        document = QTextDocument()
        document.setDefaultFont(option.font)
        palette: QPalette = option.palette
        muted = palette.placeholderText().color().name()
        document.setDefaultStyleSheet(diff_css(palette) + f" .muted {{ color: {muted}; }}")
        name, groups, caption = (html.escape(shown_text(index, role)) for role in (
            Qt.ItemDataRole.DisplayRole, ChangeTilesModel.GroupsRole,
            ChangeTilesModel.CaptionRole))
        where = f" · {caption}" if caption else ""
        head = f'<b>{name}</b> <span class="muted">· {groups}{where}</span>'
        body = notes_html(change.notes) if isinstance(change, CardChange) and \
            change.kind == "changed" and not change.unreadable else [html.escape(shown_text(
                index, ChangeTilesModel.ChangeTextRole))]
        document.setHtml(f'<p style="color: {palette.text().color().name()}">'
                         + "<br>".join([head, *body]) + "</p>")
        document.setTextWidth(max(100, option.rect.width() - 2 * PADDING))
        return document

    def sizeHint(self, option: QStyleOptionViewItem, index: AnyIndex) -> QSize:
        """The height of the row's text at the view's width."""
        width = option.widget.width() if option.widget is not None else 600
        option.rect.setWidth(width - 24)
        document = self._document(option, index)
        return QSize(int(document.idealWidth()), int(document.size().height()) + PADDING)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex) -> None:
        """Paint the row of ``index`` into ``option.rect``."""
        painter.save()
        paint_selection(painter, option)
        document = self._document(option, index)
        painter.translate(option.rect.x() + PADDING, option.rect.y() + PADDING / 2)
        context = QAbstractTextDocumentLayout.PaintContext()
        document.documentLayout().draw(painter, context)
        painter.restore()
