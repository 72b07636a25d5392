"""Painting a collection tile: the card's thumbnail (or a drawn card), its name, its set,
number and rarity, and a badge with the copies owned (``×3 foil``) or ``missing``."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QWidget

from app.gui.collection.models import (
    BadgeRole,
    CaptionRole,
    NameRole,
    ThumbnailRole,
    ThumbStateRole,
)
from app.gui.kit.card_paint import TILE_PADDING, font_metrics, paint_tile_card
from app.gui.kit.thumbnails import ThumbState

AnyIndex = QModelIndex | QPersistentModelIndex


class CollectionTileDelegate(QStyledItemDelegate):
    """Paints a tile of :class:`~app.gui.collection.models.EntriesModel` or
    :class:`~app.gui.collection.models.MissingModel`."""

    def __init__(self, thumb: QSize, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._thumb = thumb

    def sizeHint(self, option: QStyleOptionViewItem, index: AnyIndex) -> QSize:
        """Thumbnail, padding and two lines of text."""
        lines = font_metrics(option.font).lineSpacing() * 2
        return QSize(self._thumb.width() + 2 * TILE_PADDING,
                     self._thumb.height() + 2 * TILE_PADDING + lines + 4)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex) -> None:
        """Paint the tile of ``index`` into ``option.rect``."""
        model = index.model()
        if model is None:
            return
        name = str(model.data(index, NameRole) or "")
        caption = str(model.data(index, CaptionRole) or "")
        badge = str(model.data(index, BadgeRole) or "")
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        missing = model.data(index, ThumbStateRole) == ThumbState.MISSING
        card = paint_tile_card(painter, option, QSizeF(self._thumb), model.data(
            index, ThumbnailRole), missing, name, caption)
        metrics = font_metrics(option.font)
        palette = option.palette
        if badge:
            width = metrics.horizontalAdvance(badge) + 12
            pill = QRectF(card.right() - width - 4, card.top() + 4, width,
                          metrics.height() + 4)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(palette.highlight() if badge != "missing" else palette.mid())
            painter.drawRoundedRect(pill, pill.height() / 2, pill.height() / 2)
            painter.setPen(palette.highlightedText().color())
            painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, badge)
        text = QRectF(option.rect.x() + 4, card.bottom() + 4, option.rect.width() - 8,
                      metrics.lineSpacing())
        painter.setPen(palette.text().color())
        painter.drawText(text, Qt.AlignmentFlag.AlignHCenter, metrics.elidedText(
            name, Qt.TextElideMode.ElideRight, int(text.width())))
        painter.setPen(palette.placeholderText().color())
        painter.drawText(text.translated(0, metrics.lineSpacing()), Qt.AlignmentFlag.AlignHCenter,
                         metrics.elidedText(caption, Qt.TextElideMode.ElideRight,
                                            int(text.width())))
        painter.restore()
