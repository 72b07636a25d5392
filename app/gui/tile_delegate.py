"""Painting of card tiles: the rounded thumbnail, or a drawn placeholder card, and the name.

:func:`paint_placeholder` draws a card without an image (rounded card shape, the name,
the set prefix and collector number); the detail pane's edition list uses it too.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QImage, QLinearGradient, QPainter, QPen
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from app.gui.result_model import ResultModel
from app.gui.thumbnails import ThumbState

CORNER_RATIO = 3.0 / 63.0  # a printed card: 63 × 88 mm, corners of 3 mm
PADDING = 8
NAME_LINES = 2

ThumbnailRole = ResultModel.ThumbnailRole
ThumbStateRole = ResultModel.ThumbStateRole
CaptionRole = ResultModel.CaptionRole


def wrap_lines(metrics: QFontMetrics, text: str, width: int, max_lines: int) -> list[str]:
    """``text`` broken into at most ``max_lines`` lines of ``width`` pixels; the last elided."""
    lines: list[str] = []
    words = text.split()
    while words and len(lines) < max_lines:
        line = words.pop(0)
        while words and metrics.horizontalAdvance(f"{line} {words[0]}") <= width:
            line = f"{line} {words.pop(0)}"
        lines.append(line)
    if words:
        lines[-1] = f"{lines[-1]} {' '.join(words)}"
    if lines:
        lines[-1] = metrics.elidedText(lines[-1], Qt.TextElideMode.ElideRight, width)
    return lines


def scaled_font(font: QFont, factor: float, bold: bool | None = None) -> QFont:
    """A copy of ``font`` ``factor`` times as large (point- or pixel-sized alike)."""
    out = QFont(font)
    if out.pointSizeF() > 0:
        out.setPointSizeF(out.pointSizeF() * factor)
    elif out.pixelSize() > 0:
        out.setPixelSize(max(1, round(out.pixelSize() * factor)))
    if bold is not None:
        out.setBold(bold)
    return out


def _card_path_radius(rect: QRectF) -> float:
    return max(2.0, rect.width() * CORNER_RATIO)


def paint_loading(painter: QPainter, rect: QRectF, colour: QColor) -> None:
    """A quiet card outline while the thumbnail is being made."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    radius = _card_path_radius(rect)
    painter.drawRoundedRect(rect, radius, radius)
    painter.restore()


def paint_placeholder(painter: QPainter, rect: QRectF, name: str, caption: str) -> None:
    """A drawn card for an edition without a stored image: frame, name, caption.

    Args:
        painter: an active painter.
        rect: the card's rectangle (about 63:88).
        name: the card's name; left out when the card is too small to read it.
        caption: set prefix and collector number (``DOA 1st · 001``).
    """
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    radius = _card_path_radius(rect)
    gradient = QLinearGradient(rect.topLeft(), rect.bottomLeft())
    gradient.setColorAt(0.0, QColor("#4a5870"))
    gradient.setColorAt(1.0, QColor("#262e3d"))
    painter.setPen(QPen(QColor("#1b212c"), 1.0))
    painter.setBrush(gradient)
    painter.drawRoundedRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), radius, radius)
    inset = max(3.0, rect.width() * 0.06)
    frame = rect.adjusted(inset, inset, -inset, -inset)
    painter.setPen(QPen(QColor(255, 255, 255, 60), 1.0))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(frame, radius * 0.6, radius * 0.6)
    small = rect.width() < 90
    caption_font = QFont(painter.font())
    caption_font.setPixelSize(max(8, round(rect.width() / (6.5 if small else 15))))
    caption_font.setBold(False)
    caption_metrics = QFontMetrics(caption_font)
    text_width = int(frame.width() - 2 * inset)
    if small:
        painter.setFont(caption_font)
        painter.setPen(QColor("#d5dbe6"))
        number = caption.rsplit("·", 1)[-1].strip()
        painter.drawText(frame, Qt.AlignmentFlag.AlignCenter,
                         caption_metrics.elidedText(number, Qt.TextElideMode.ElideRight,
                                                    int(frame.width())))
        painter.restore()
        return
    name_font = QFont(painter.font())
    name_font.setPixelSize(max(10, round(rect.width() / 11)))
    name_font.setBold(True)
    name_metrics = QFontMetrics(name_font)
    lines = wrap_lines(name_metrics, name, text_width, 4)
    line_height = name_metrics.lineSpacing()
    top = frame.top() + frame.height() * 0.42 - line_height * len(lines) / 2
    painter.setFont(name_font)
    painter.setPen(QColor("#f4f6fa"))
    for i, line in enumerate(lines):
        box = QRectF(frame.left() + inset, top + i * line_height, text_width, line_height)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, line)
    rule_y = frame.bottom() - caption_metrics.lineSpacing() - inset * 1.2
    painter.setPen(QPen(QColor(255, 255, 255, 45), 1.0))
    painter.drawLine(int(frame.left() + inset * 2), int(rule_y),
                     int(frame.right() - inset * 2), int(rule_y))
    painter.setFont(caption_font)
    painter.setPen(QColor("#c3cad8"))
    box = QRectF(frame.left() + inset, rule_y, text_width, frame.bottom() - rule_y)
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter,
                     caption_metrics.elidedText(caption, Qt.TextElideMode.ElideMiddle, text_width))
    painter.restore()


def paint_thumbnail(painter: QPainter, rect: QRectF, image: QImage) -> None:
    """Draw ``image`` (a rounded thumbnail) centred in ``rect`` at its logical size."""
    ratio = image.devicePixelRatio() or 1.0
    w, h = image.width() / ratio, image.height() / ratio
    target = QRectF(rect.center().x() - w / 2, rect.center().y() - h / 2, w, h)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    painter.drawImage(target, image)
    painter.restore()


class TileDelegate(QStyledItemDelegate):
    """Paints one search hit as a tile: thumbnail (or placeholder) and the name below.

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
        lines = QFontMetrics(option.font).lineSpacing() * NAME_LINES
        return QSize(self._thumb.width() + 2 * PADDING,
                     self._thumb.height() + 2 * PADDING + lines + 4)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        """Paint the tile of ``index`` into ``option.rect``."""
        rect: QRect = option.rect
        state = option.state
        palette = option.palette
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        selected = bool(state & QStyle.StateFlag.State_Selected)
        if selected or state & QStyle.StateFlag.State_MouseOver:
            colour = QColor(palette.highlight().color())
            colour.setAlpha(90 if selected else 35)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawRoundedRect(QRectF(rect).adjusted(2, 2, -2, -2), 8, 8)
        thumb = QRectF(rect.x() + (rect.width() - self._thumb.width()) / 2, rect.y() + PADDING,
                       self._thumb.width(), self._thumb.height())
        image = index.data(ThumbnailRole)
        name = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        if isinstance(image, QImage) and not image.isNull():
            paint_thumbnail(painter, thumb, image)
        elif index.data(ThumbStateRole) == ThumbState.MISSING:
            paint_placeholder(painter, thumb, name, str(index.data(CaptionRole) or ""))
        else:
            paint_loading(painter, thumb, palette.midlight().color())
        painter.setFont(option.font)
        metrics = QFontMetrics(option.font)
        text_top = thumb.bottom() + 4
        width = rect.width() - 2 * PADDING
        painter.setPen(palette.text().color())
        for i, line in enumerate(wrap_lines(metrics, name, width, NAME_LINES)):
            box = QRectF(rect.x() + PADDING, text_top + i * metrics.lineSpacing(),
                         width, metrics.lineSpacing())
            painter.drawText(box, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, line)
        painter.restore()
