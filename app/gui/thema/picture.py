"""The exported picture of a Thema chart: a title block, the chart drawn at a useful size,
and a watermark line when the history is GENERATED demo data."""

from __future__ import annotations

from PySide6.QtCore import QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter
from PySide6.QtWidgets import QGraphicsView

PICTURE_WIDTH = 1600
"""The width of an exported chart picture in pixels (the chart is scaled up to it)."""
_PAD = 24


def chart_picture(view: QGraphicsView, title: str, subtitle: str, watermark: str = ""
                  ) -> QImage:
    """``view`` (a chart) drawn below ``title`` and ``subtitle``, at least
    :data:`PICTURE_WIDTH` pixels wide, on the view's background colour; ``watermark``
    (when not "") is written in red under the chart.

    Args:
        view: the chart view (its scene is drawn as vectors, so scaling stays sharp).
        title: the first line (the card and edition).
        subtitle: the second line (kind and date range).
        watermark: e.g. the GENERATED note.

    Returns:
        An ARGB32 image.
    """
    source = view.viewport().rect()
    scale = max(1.0, PICTURE_WIDTH / max(1, source.width()))
    width = round(source.width() * scale)
    chart_height = round(source.height() * scale)
    base = QFont(view.font())
    base.setPixelSize(22)
    big = QFont(base)
    big.setPixelSize(34)
    big.setBold(True)
    head = _PAD + 44 + 32 + _PAD // 2
    foot = 44 if watermark else 0
    image = QImage(width, head + chart_height + foot + _PAD // 2, QImage.Format.Format_ARGB32)
    palette = view.palette()
    image.fill(view.backgroundBrush().color() if view.backgroundBrush().style() !=
               Qt.BrushStyle.NoBrush else palette.base().color())
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.setPen(palette.text().color())
        painter.setFont(big)
        painter.drawText(QRect(_PAD, _PAD, width - 2 * _PAD, 44),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, title)
        painter.setFont(base)
        painter.setPen(palette.placeholderText().color())
        painter.drawText(QRect(_PAD, _PAD + 44, width - 2 * _PAD, 32),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, subtitle)
        view.render(painter, QRectF(0, head, width, chart_height), source)
        if watermark:
            painter.setPen(QColor("#c62828"))
            bold = QFont(base)
            bold.setBold(True)
            painter.setFont(bold)
            painter.drawText(QRect(_PAD, head + chart_height, width - 2 * _PAD, foot),
                             Qt.AlignmentFlag.AlignCenter, watermark)
    finally:
        painter.end()
    return image
