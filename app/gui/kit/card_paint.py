"""Painting a card: its rounded thumbnail, a quiet outline while it loads, or a drawn
placeholder card when no image is stored (the tile grid, edition list, gallery use these).

Painting runs for every visible tile on every frame, so what does not change between frames
is made once: a placeholder card (gradient, frame, rule, name and caption) is drawn into an
image per size and font and then only copied; fonts, font metrics and wrapped lines are kept
in small bounded caches. Images are drawn at whole-pixel positions (a plain copy, no
resampling).
"""

from __future__ import annotations

from collections import OrderedDict

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QImage, QLinearGradient, QPainter, QPen
from PySide6.QtWidgets import QStyle, QStyleOptionViewItem

CORNER_RATIO = 3.0 / 63.0  # a printed card: 63 × 88 mm, corners of 3 mm
CACHE_ITEMS = 4096
"""Wrapped names kept (a few hundred bytes each); the whole cache is dropped when full."""

PLACEHOLDER_BYTES = 8 << 20
"""Bytes of finished placeholder cards kept (about 70 tiles at 1x: a screenful or two)."""

NOT_DOWNLOADED = "image not downloaded"
"""Written on a drawn placeholder card, so it does not pass for a finished card."""

_bases: dict[tuple[int, int, float, str], QImage] = {}
_cards: OrderedDict[tuple[str, str, int, int, float, str], QImage] = OrderedDict()
_cards_held = 0  # bytes of the images in _cards
_fonts: dict[tuple[str, int], tuple[QFont, QFontMetrics, QFont, QFontMetrics]] = {}
_metrics: dict[str, QFontMetrics] = {}
_wrapped: dict[tuple[str, int, int, str], list[str]] = {}


def wrap_lines(metrics: QFontMetrics, text: str, width: int, max_lines: int) -> list[str]:
    """``text`` broken into at most ``max_lines`` lines of ``width`` pixels; the last elided."""
    lines: list[str] = []
    words = text.split()
    fits = width - 2  # elidedText measures a little wider than horizontalAdvance: a line
    # that just fits was cut ("Carpsong Co…") where a wrap to the next line reads whole
    while words and len(lines) < max_lines:
        line = words.pop(0)
        while words and metrics.horizontalAdvance(f"{line} {words[0]}") <= fits:
            line = f"{line} {words.pop(0)}"
        lines.append(line)
    if words:
        lines[-1] = f"{lines[-1]} {' '.join(words)}"
    if lines and (words or metrics.horizontalAdvance(lines[-1]) > fits):
        lines[-1] = metrics.elidedText(lines[-1], Qt.TextElideMode.ElideRight, width)
    return lines


def font_metrics(font: QFont) -> QFontMetrics:
    """The (cached) metrics of ``font``."""
    key = font.key()
    found = _metrics.get(key)
    if found is None:
        if len(_metrics) > 64:
            _metrics.clear()
        found = _metrics[key] = QFontMetrics(font)
    return found


def wrapped(font: QFont, text: str, width: int, max_lines: int) -> list[str]:
    """:func:`wrap_lines` with ``font``'s metrics, remembered (names repeat on every frame)."""
    key = (text, width, max_lines, font.key())
    found = _wrapped.get(key)
    if found is None:
        if len(_wrapped) >= CACHE_ITEMS:
            _wrapped.clear()
        found = _wrapped[key] = wrap_lines(font_metrics(font), text, width, max_lines)
    return found


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


def paint_selection(painter: QPainter, option: QStyleOptionViewItem) -> None:
    """The rounded highlight behind a selected (strong) or hovered (faint) tile."""
    selected = bool(option.state & QStyle.StateFlag.State_Selected)
    if selected or option.state & QStyle.StateFlag.State_MouseOver:
        colour = QColor(option.palette.highlight().color())
        colour.setAlpha(90 if selected else 35)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawRoundedRect(QRectF(option.rect).adjusted(2, 2, -2, -2), 8, 8)


def card_radius(rect: QRectF) -> float:
    """The corner radius of a card drawn in ``rect``."""
    return max(2.0, rect.width() * CORNER_RATIO)


def paint_loading(painter: QPainter, rect: QRectF, colour: QColor) -> None:
    """A quiet card outline while the thumbnail is being made."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    radius = card_radius(rect)
    painter.drawRoundedRect(rect, radius, radius)
    painter.restore()


def _placeholder_fonts(font: QFont, width: int) -> tuple[QFont, QFontMetrics, QFont, QFontMetrics]:
    key = (font.key(), width)
    found = _fonts.get(key)
    if found is None:
        caption = QFont(font)
        caption.setPixelSize(max(8, round(width / (6.5 if width < 90 else 15))))
        caption.setBold(False)
        name = QFont(font)
        name.setPixelSize(max(10, round(width / 11)))
        name.setBold(True)
        if len(_fonts) > 64:
            _fonts.clear()
        found = _fonts[key] = (name, QFontMetrics(name), caption, QFontMetrics(caption))
    return found


def _inset(width: float) -> float:
    return max(3.0, width * 0.06)


def _rule_y(frame: QRectF, caption_metrics: QFontMetrics, inset: float) -> float:
    return frame.bottom() - caption_metrics.lineSpacing() - inset * 1.2


def _placeholder_base(width: int, height: int, ratio: float, font: QFont) -> QImage:
    """The card shape of a placeholder (gradient, frame, rule), drawn once per size."""
    key = (width, height, ratio, font.key())
    found = _bases.get(key)
    if found is not None:
        return found
    image = QImage(round(width * ratio), round(height * ratio),
                   QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(ratio)
    image.fill(Qt.GlobalColor.transparent)
    rect = QRectF(0, 0, width, height)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    radius = card_radius(rect)
    gradient = QLinearGradient(rect.topLeft(), rect.bottomLeft())
    gradient.setColorAt(0.0, QColor("#4a5870"))
    gradient.setColorAt(1.0, QColor("#262e3d"))
    painter.setPen(QPen(QColor("#1b212c"), 1.0))
    painter.setBrush(gradient)
    painter.drawRoundedRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), radius, radius)
    inset = _inset(width)
    frame = rect.adjusted(inset, inset, -inset, -inset)
    painter.setPen(QPen(QColor(255, 255, 255, 60), 1.0))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(frame, radius * 0.6, radius * 0.6)
    if width >= 90:
        rule_y = _rule_y(frame, _placeholder_fonts(font, width)[3], inset)
        painter.setPen(QPen(QColor(255, 255, 255, 45), 1.0))
        painter.drawLine(int(frame.left() + inset * 2), int(rule_y),
                         int(frame.right() - inset * 2), int(rule_y))
    painter.end()
    if len(_bases) > 32:
        _bases.clear()
    _bases[key] = image
    return image


def paint_placeholder(painter: QPainter, rect: QRectF, name: str, caption: str) -> None:
    """A drawn card for an edition without a stored image: frame, name, "image not
    downloaded" and caption.

    The whole card (shape and text) is drawn once into an image kept in a small LRU
    (:data:`PLACEHOLDER_BYTES`); a frame then only copies it (most editions of the
    real catalogue have no image, so placeholders are most of what a scroll paints).

    Args:
        painter: an active painter.
        rect: the card's rectangle (about 63:88).
        name: the card's name; left out when the card is too small to read it.
        caption: set prefix and collector number (``DOA 1st · 001``).
    """
    width, height = round(rect.width()), round(rect.height())
    device = painter.device()
    ratio = device.devicePixelRatioF() if device else 1.0
    font = painter.font()
    key = (name, caption, width, height, ratio, font.key())
    image = _cards.get(key)
    if image is None:
        image = _placeholder_card(width, height, ratio, font, name, caption)
        _remember_card(key, image)
    else:
        _cards.move_to_end(key)
    painter.drawImage(QPointF(round(rect.left()), round(rect.top())), image)


def forget_placeholders() -> None:
    """Drop the finished placeholder cards kept (they are drawn anew when next painted)."""
    global _cards_held
    _cards.clear()
    _cards_held = 0


def _remember_card(key: tuple[str, str, int, int, float, str], image: QImage) -> None:
    global _cards_held
    _cards[key] = image
    _cards_held += image.sizeInBytes()
    while _cards_held > PLACEHOLDER_BYTES and len(_cards) > 1:
        _cards_held -= _cards.popitem(last=False)[1].sizeInBytes()


def _placeholder_card(width: int, height: int, ratio: float, font: QFont, name: str,
                      caption: str) -> QImage:
    """The placeholder of ``name`` and ``caption``: the cached shape with the text on it."""
    image = _placeholder_base(width, height, ratio, font).copy()
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    name_font, name_metrics, caption_font, caption_metrics = _placeholder_fonts(font, width)
    inset = _inset(width)
    frame = QRectF(0, 0, width, height).adjusted(inset, inset, -inset, -inset)
    text_width = int(frame.width() - 2 * inset)
    painter.setFont(caption_font)
    if width < 90:
        painter.setPen(QColor("#d5dbe6"))
        number = caption.rsplit("·", 1)[-1].strip()
        painter.drawText(frame, Qt.AlignmentFlag.AlignCenter,
                         caption_metrics.elidedText(number, Qt.TextElideMode.ElideRight,
                                                    int(frame.width())))
        painter.end()
        return image
    rule_y = _rule_y(frame, caption_metrics, inset)
    painter.setPen(QColor("#c3cad8"))
    box = QRectF(frame.left() + inset, rule_y, text_width, frame.bottom() - rule_y)
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter,
                     caption_metrics.elidedText(caption, Qt.TextElideMode.ElideMiddle, text_width))
    painter.setPen(QColor("#9aa4b5"))  # not a finished card: its image is not stored
    small = QFont(caption_font)
    while small.pixelSize() > 7 and QFontMetrics(small).horizontalAdvance(
            NOT_DOWNLOADED) > text_width:
        small.setPixelSize(small.pixelSize() - 1)
    painter.setFont(small)
    note = QRectF(frame.left() + inset, rule_y - caption_metrics.lineSpacing() - inset * 0.5,
                  text_width, caption_metrics.lineSpacing())
    painter.drawText(note, Qt.AlignmentFlag.AlignCenter, QFontMetrics(small).elidedText(
        NOT_DOWNLOADED, Qt.TextElideMode.ElideRight, text_width))
    lines = wrapped(name_font, name, text_width, 4)
    line_height = name_metrics.lineSpacing()
    top_y = frame.top() + frame.height() * 0.42 - line_height * len(lines) / 2
    painter.setFont(name_font)
    painter.setPen(QColor("#f4f6fa"))
    for i, line in enumerate(lines):
        box = QRectF(frame.left() + inset, top_y + i * line_height, text_width, line_height)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, line)
    painter.end()
    return image


def paint_thumbnail(painter: QPainter, rect: QRectF, image: QImage) -> None:
    """Draw ``image`` (a rounded thumbnail) centred in ``rect`` at its logical size, at a
    whole-pixel position (a copy, not a resampling)."""
    ratio = image.devicePixelRatio() or 1.0
    w, h = image.width() / ratio, image.height() / ratio
    painter.drawImage(QPointF(round(rect.center().x() - w / 2), round(rect.center().y() - h / 2)),
                      image)


TILE_PADDING = 8
"""Pixels between a tile's edge and its thumbnail (grid tiles of every page)."""


def paint_tile_card(painter: QPainter, option: QStyleOptionViewItem, thumb_size: QSizeF,
                    image: object, missing: bool, name: str, caption: str) -> QRectF:
    """The top of a card tile: the selection, then the card — its thumbnail ``image`` (a
    ``QImage``), a drawn placeholder when the image is ``missing``, else a loading outline —
    centred :data:`TILE_PADDING` below the tile's top. Returns the card's rectangle (the
    caller writes the name and more below it). Expects the painter saved and antialiased."""
    rect = option.rect
    paint_selection(painter, option)
    thumb = QRectF(rect.x() + (rect.width() - thumb_size.width()) / 2, rect.y() + TILE_PADDING,
                   thumb_size.width(), thumb_size.height())
    if isinstance(image, QImage) and not image.isNull():
        paint_thumbnail(painter, thumb, image)
    elif missing:
        paint_placeholder(painter, thumb, name, caption)
    else:
        paint_loading(painter, thumb, option.palette.midlight().color())
    return thumb
