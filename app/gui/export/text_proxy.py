"""A text proxy drawn in a proxy sheet's card box: a bordered card-sized frame with the
card's name, cost, type line, numbers and effect text, as players write proxies by hand.

The effect text wraps and shrinks to fit the frame (down to :data:`MIN_EFFECT_PT`; below
that it is cut with an ellipsis). Text is drawn as text, so the PDF's text holds it.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from app.export import ProxyText

PAD_MM = 3.0
BORDER_MM = 0.5
NAME_PT, LINE_PT, EFFECT_PT, MIN_EFFECT_PT, EDITION_PT = 10.5, 7.5, 8.0, 4.5, 5.5
INK, FAINT = QColor("#111111"), QColor("#666666")
_WRAP = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap


def _font(points: float, bold: bool = False, italic: bool = False) -> QFont:
    font = QFont()
    font.setPointSizeF(points)
    font.setBold(bold)
    font.setItalic(italic)
    # Without ligatures a reader copies "Defiant", not "De\ufb01ant", from the PDF's text.
    for tag in ("liga", "clig", "dlig"):
        font.setFeature(QFont.Tag(tag), 0)
    return font


def draw_text_proxy(painter: QPainter, trim_mm: QRectF, proxy: ProxyText) -> None:
    """Draw ``proxy`` in the card box ``trim_mm`` (millimetres, in a painter scaled to mm).

    The painter's state is restored afterwards.
    """
    painter.save()
    try:
        scale = painter.transform().m11()  # device pixels per mm
        painter.resetTransform()
        box = QRectF(trim_mm.left() * scale, trim_mm.top() * scale,
                     trim_mm.width() * scale, trim_mm.height() * scale)
        painter.fillRect(box, QColor("white"))
        border = BORDER_MM * scale
        painter.setPen(QPen(INK, border))
        painter.drawRoundedRect(box.adjusted(border / 2, border / 2, -border / 2, -border / 2),
                                2.5 * scale, 2.5 * scale)
        inner = box.adjusted(PAD_MM * scale, PAD_MM * scale, -PAD_MM * scale, -PAD_MM * scale)
        _draw_inside(painter, inner, proxy, scale)
    finally:
        painter.restore()


def _block(painter: QPainter, rect: QRectF, text: str, font: QFont,
           colour: QColor = INK, align: Qt.AlignmentFlag = _WRAP) -> float:
    """Draw ``text`` at the top of ``rect``; returns the height it took (0 for no text)."""
    if not text:
        return 0.0
    painter.setFont(font)
    painter.setPen(colour)
    used = painter.boundingRect(rect, align, text)
    painter.drawText(rect, align, text)
    return used.height()


def _draw_inside(painter: QPainter, inner: QRectF, proxy: ProxyText, scale: float) -> None:
    top = inner.top()
    gap = 1.2 * scale

    def rest() -> QRectF:
        return QRectF(inner.left(), top, inner.width(), max(0.0, inner.bottom() - top))

    cost_font = _font(NAME_PT, bold=True)
    painter.setFont(cost_font)
    cost_width = painter.boundingRect(inner, _WRAP, proxy.cost).width() if proxy.cost else 0.0
    name_rect = rest().adjusted(0, 0, -(cost_width + (gap if cost_width else 0)), 0)
    name_h = _block(painter, name_rect, proxy.name, _font(NAME_PT, bold=True))
    _block(painter, rest(), proxy.cost, cost_font, align=Qt.AlignmentFlag.AlignRight
           | Qt.AlignmentFlag.AlignTop)
    top += name_h + gap
    top += _block(painter, rest(), proxy.type_line, _font(LINE_PT, italic=True))
    top += _block(painter, rest(), proxy.stats, _font(LINE_PT, bold=True))
    painter.setPen(QPen(FAINT, 0.2 * scale))
    top += gap / 2
    painter.drawLine(QPointF(inner.left(), top), QPointF(inner.right(), top))
    top += gap
    edition_font = _font(EDITION_PT)
    painter.setFont(edition_font)
    edition_h = painter.boundingRect(inner, _WRAP, proxy.edition).height()
    effect = QRectF(inner.left(), top, inner.width(),
                    max(0.0, inner.bottom() - edition_h - gap - top))
    _draw_effect(painter, effect, proxy.effect)
    _block(painter, QRectF(inner.left(), inner.bottom() - edition_h, inner.width(), edition_h),
           proxy.edition, edition_font, FAINT)


def _draw_effect(painter: QPainter, rect: QRectF, text: str) -> None:
    """The effect text, wrapped, at the largest size from :data:`EFFECT_PT` down that fits."""
    if not text or rect.height() <= 0:
        return
    points = EFFECT_PT
    while True:
        font = _font(points)
        painter.setFont(font)
        if painter.boundingRect(rect, _WRAP, text).height() <= rect.height() \
                or points <= MIN_EFFECT_PT:
            break
        points -= 0.25
    painter.setPen(INK)
    painter.save()
    painter.setClipRect(rect)
    painter.drawText(rect, _WRAP, text)
    painter.restore()
