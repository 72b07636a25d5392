"""The printable deck registration sheet, drawn with Qt's PDF writer.

What it lists comes from :func:`app.decks.registration_sheet` (no Qt there): the deck's
name and format, blank fields for the player, then the three zones with quantities, names
and totals, and the total of the deck. The zones flow down two columns per page (the main
deck first, then the material deck and the sideboard); a list longer than a page goes on.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPageLayout, QPageSize, QPainter, QPdfWriter, QPen

from app import __version__
from app.decks import RegistrationSheet, SheetZone
from app.errors import InvalidRequest
from app.files import check_whole_pdf, replacing

PAGES = {"A4": QPageSize.PageSizeId.A4, "Letter": QPageSize.PageSizeId.Letter}
DPI = 300
MARGIN_MM, LINE_MM, GAP_MM = 15.0, 5.2, 6.0
HEADER_MM = 62.0
"""Height of the first page's head (title, format, player fields)."""

Row = tuple[str, str, bool]
"""One printed line: quantity text, name text, bold (zone headings and totals)."""


def _px(mm: float) -> float:
    return mm * DPI / 25.4


def _blocks(zones: Sequence[SheetZone]) -> list[list[Row]]:
    """One block of rows per zone (heading, lines, total): the main deck first, then the
    material deck and the sideboard."""
    order = [z for z in zones if z.title == "Main Deck"] + [
        z for z in zones if z.title != "Main Deck"]
    return [[("", f"{zone.title} ({zone.total})", True),
             *((str(q), name, False) for q, name in zone.lines),
             (str(zone.total), "total", True)] for zone in order]


def write_registration_sheet(sheet: RegistrationSheet, out: Path, page: str = "A4") -> int:
    """Write ``sheet`` to the PDF ``out`` (whole or untouched: through
    :func:`app.files.replacing`, checked to end with ``%%EOF``); returns the page count.

    Needs a ``QGuiApplication`` (:func:`app.gui.export.proxy_sheet.ensure_gui_application`).

    Raises:
        InvalidRequest: unknown page size.
        WriteFailed: the file cannot be written or came out cut short (a full disk: "No
            space left on device writing OUT"); ``out`` is left as it was.
    """
    if page not in PAGES:
        raise InvalidRequest(f"The page must be {' or '.join(PAGES)}, not {page!r}")
    size = QPageSize(PAGES[page]).size(QPageSize.Unit.Millimeter)
    ended: list[bool] = []
    with replacing(out, verify=lambda tmp: check_whole_pdf(tmp, all(ended))) as tmp:
        writer = QPdfWriter(str(tmp))
        writer.setResolution(DPI)
        writer.setPageLayout(QPageLayout(QPageSize(PAGES[page]),
                                         QPageLayout.Orientation.Portrait,
                                         QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Millimeter))
        writer.setTitle(f"Deck registration: {sheet.deck_name}")
        writer.setCreator(f"Archivist {__version__}")
        painter = QPainter(writer)
        try:
            pages = _draw(painter, writer, sheet, size.width(), size.height())
        finally:
            ended.append(painter.end())
    return pages


def _draw(painter: QPainter, writer: QPdfWriter, sheet: RegistrationSheet,
          width: float, height: float) -> int:
    painter.setPen(QPen(QColor("black"), _px(0.2)))
    _head(painter, sheet, width)
    column_w = (width - 2 * MARGIN_MM - GAP_MM) / 2
    top, pages, column, y = MARGIN_MM + HEADER_MM, 1, 0, MARGIN_MM + HEADER_MM
    bottom = height - MARGIN_MM - 8.0
    for block in _blocks(sheet.zones):
        fits_a_column = len(block) * LINE_MM <= bottom - MARGIN_MM
        if y > top and y + len(block) * LINE_MM > bottom and fits_a_column:
            y = bottom  # start the zone in the next column rather than split it
        for quantity, name, bold in block:
            if y + LINE_MM > bottom:
                column += 1
                if column == 2:
                    writer.newPage()
                    pages, column, top = pages + 1, 0, MARGIN_MM + 9.0
                    _text(painter, QRectF(MARGIN_MM, MARGIN_MM, width - 2 * MARGIN_MM, 7.0),
                          f"Deck: {sheet.deck_name} (continued, page {pages})", 11, True)
                y = top
            x = MARGIN_MM + column * (column_w + GAP_MM)
            _text(painter, QRectF(x, y, 10.0, LINE_MM), quantity, 10, bold,
                  Qt.AlignmentFlag.AlignRight)
            _text(painter, QRectF(x + 13.0, y, column_w - 13.0, LINE_MM), name, 10, bold)
            if not bold:
                painter.drawLine(QPointF(_px(x), _px(y + LINE_MM)),
                                 QPointF(_px(x + column_w), _px(y + LINE_MM)))
            y += LINE_MM
        y += LINE_MM
    _text(painter, QRectF(MARGIN_MM, height - MARGIN_MM - 6.0, width - 2 * MARGIN_MM, 6.0),
          f"Total: {sheet.total} cards  ·  " + "  ·  ".join(
              f"{z.title} {z.total}" for z in sheet.zones), 11, True)
    return pages


def _head(painter: QPainter, sheet: RegistrationSheet, width: float) -> None:
    inner = width - 2 * MARGIN_MM
    _text(painter, QRectF(MARGIN_MM, MARGIN_MM, inner, 10.0), "Deck registration", 18, True)
    _text(painter, QRectF(MARGIN_MM, MARGIN_MM + 11.0, inner, 7.0),
          f"Deck: {sheet.deck_name}    Format: {sheet.format_name}", 12, False)
    y = MARGIN_MM + 22.0
    half = (inner - GAP_MM) / 2
    for index, label in enumerate(sheet.player_fields):
        x = MARGIN_MM + (index % 2) * (half + GAP_MM)
        _text(painter, QRectF(x, y, 30.0, 7.0), label + ":", 10, False)
        painter.drawLine(QPointF(_px(x + 30.0), _px(y + 6.0)),
                         QPointF(_px(x + half), _px(y + 6.0)))
        if index % 2:
            y += 9.0
    painter.drawLine(QPointF(_px(MARGIN_MM), _px(MARGIN_MM + HEADER_MM - 4.0)),
                     QPointF(_px(width - MARGIN_MM), _px(MARGIN_MM + HEADER_MM - 4.0)))


def _text(painter: QPainter, rect: QRectF, text: str, points: int, bold: bool,
          align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft) -> None:
    font = QFont()
    font.setPointSize(points)
    font.setBold(bold)
    painter.setFont(font)
    box = QRectF(_px(rect.x()), _px(rect.y()), _px(rect.width()), _px(rect.height()))
    metrics = painter.fontMetrics()
    elided = metrics.elidedText(text, Qt.TextElideMode.ElideRight, int(box.width()))
    painter.drawText(box, int(align | Qt.AlignmentFlag.AlignVCenter), elided)
