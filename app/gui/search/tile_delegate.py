"""Painting of card tiles: the rounded thumbnail, or a drawn placeholder card, and the name.

The card painting itself (:func:`paint_placeholder`, :func:`paint_thumbnail`,
:func:`paint_loading`) lives in :mod:`app.gui.kit.card_paint` and is re-exported here for the
detail pane's edition list, the gallery and the large view.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QPainter
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QWidget

from app.gui.kit.card_paint import (
    TILE_PADDING,
    font_metrics,
    paint_tile_card,
    scaled_font,
    wrapped,
)
from app.gui.kit.thumbnails import ThumbState
from app.gui.search.result_model import ResultModel

__all__ = ["TileDelegate"]

PADDING = TILE_PADDING
NAME_LINES = 2

ThumbnailRole = ResultModel.ThumbnailRole
ThumbStateRole = ResultModel.ThumbStateRole
CaptionRole = ResultModel.CaptionRole
SubtitleRole = ResultModel.SubtitleRole
ChangedRole = ResultModel.ChangedRole
OwnedRole = ResultModel.OwnedRole


def paint_badge(painter: QPainter, thumb: QRectF, font: QFont, text: str) -> None:
    """A small pill at the thumbnail's top right: the card changed in the latest revision
    (green for a new card, amber for a changed one; white text reads on both themes)."""
    small = scaled_font(font, 0.8, bold=True)
    metrics = font_metrics(small)
    width, height = metrics.horizontalAdvance(text) + 10, metrics.height() + 2
    pill = QRectF(thumb.right() - width - 7, thumb.top() + 7, width, height)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#2e7d32" if text == "New" else "#b26a00"))
    painter.drawRoundedRect(pill, height / 2, height / 2)
    painter.setFont(small)
    painter.setPen(QColor("#ffffff"))
    painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, text)


def paint_owned(painter: QPainter, thumb: QRectF, font: QFont, copies: int) -> None:
    """A small blue pill at the thumbnail's top left: the copies of the card owned."""
    small = scaled_font(font, 0.8, bold=True)
    metrics = font_metrics(small)
    text = f"×{copies}"
    width, height = metrics.horizontalAdvance(text) + 10, metrics.height() + 2
    pill = QRectF(thumb.left() + 7, thumb.top() + 7, width, height)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#1565c0"))
    painter.drawRoundedRect(pill, height / 2, height / 2)
    painter.setFont(small)
    painter.setPen(QColor("#ffffff"))
    painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, text)


class TileDelegate(QStyledItemDelegate):
    """Paints one search hit as a tile: thumbnail (or placeholder) and the name below, on
    two lines; per edition, the name on one line and the edition (``DOA 1st · 005 · CUR``)
    below it.

    Args:
        thumb_size: the logical size of the thumbnail area.
        parent: the view.
    """

    def __init__(self, thumb_size: QSize, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._thumb = thumb_size

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        """Every tile has the same size: the thumbnail, padding and two lines of name."""
        lines = font_metrics(option.font).lineSpacing() * NAME_LINES
        return QSize(self._thumb.width() + 2 * PADDING,
                     self._thumb.height() + 2 * PADDING + lines + 4)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        """Paint the tile of ``index`` into ``option.rect``."""
        rect: QRect = option.rect
        palette = option.palette
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        name = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        thumb = paint_tile_card(painter, option, QSizeF(self._thumb), index.data(ThumbnailRole),
                                index.data(ThumbStateRole) == ThumbState.MISSING, name,
                                str(index.data(CaptionRole) or ""))
        changed = index.data(ChangedRole)
        if changed:
            paint_badge(painter, thumb, option.font, "New" if "new" in changed else "Changed")
        owned = index.data(OwnedRole)
        if owned:
            paint_owned(painter, thumb, option.font, int(owned))
        painter.setFont(option.font)
        metrics = font_metrics(option.font)
        width = rect.width() - 2 * PADDING
        subtitle = index.data(SubtitleRole)
        lines = list(wrapped(option.font, name, width, 1 if subtitle else NAME_LINES))
        if subtitle:
            lines.append(metrics.elidedText(str(subtitle), Qt.TextElideMode.ElideMiddle, width))
        align = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
        box = QRectF(rect.x() + PADDING, thumb.bottom() + 4, width, metrics.lineSpacing())
        for i, line in enumerate(lines):
            subdued = bool(subtitle) and i == len(lines) - 1
            painter.setPen(palette.placeholderText().color() if subdued
                           else palette.text().color())
            painter.drawText(box.translated(0, i * metrics.lineSpacing()), align, line)
        painter.restore()
