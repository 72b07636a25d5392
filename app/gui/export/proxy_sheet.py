"""Proxy sheets: card images 3 × 3 per A4 or Letter page at card size, with Qt's PDF writer.

Each card is drawn at 63 × 88 mm from its stored image; the grid is centred on the page.
A card without an image (none stored or fetched, or unreadable) is a text proxy in a
bordered frame (:mod:`app.gui.export.text_proxy`): its name, cost, type line and effect.
With a bleed, each card's edge pixels are stretched outward by that many millimetres
(so a slightly off cut shows no white) and the cards are spaced by twice the bleed. Cut
marks are short lines in the page margins on the line of every card edge.

Metadata: Qt's PDF writer has no per-page text annotations or outlines, so each card is
labelled in the document's XMP metadata (``setDocumentXmpMetadata``): ``dc:subject`` holds
one entry per card (``p1 #3 Tristan, Underhanded — DOA 1st 001``), also joined in
``pdf:Keywords``; the title and creator go to the document information as well.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from PySide6.QtCore import QMarginsF, QPointF, QRectF, QSizeF
from PySide6.QtGui import (
    QColor,
    QGuiApplication,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)

from app import __version__
from app.errors import InvalidRequest
from app.export import ProxyText
from app.files import check_whole_pdf, replacing
from app.gui.export.text_proxy import draw_text_proxy

CARD_MM = QSizeF(63.0, 88.0)
COLUMNS = ROWS = 3
PER_PAGE = COLUMNS * ROWS
PAGES = {"A4": QPageSize.PageSizeId.A4, "Letter": QPageSize.PageSizeId.Letter}
MAX_BLEED_MM = 5.0
RESOLUTION_DPI = 300
MARK_MM, MARK_GAP_MM, MARK_PEN_MM = 5.0, 1.5, 0.15
_EDGE_PX = 2
"""Source pixels stretched over the bleed."""


@dataclass(frozen=True)
class SheetCard:
    """One card of a sheet: ``label`` (for the metadata), its stored ``image`` file (None:
    none to be had) and the ``proxy`` text drawn when there is no readable image (None:
    the label alone)."""

    label: str
    image: Path | None
    proxy: ProxyText | None = None


def page_size_mm(page: str) -> QSizeF:
    """The page's size in millimetres (``A4``: 210 × 297, ``Letter``: 215.9 × 279.4)."""
    if page not in PAGES:
        raise InvalidRequest(f"The page must be {' or '.join(PAGES)}, not {page!r}")
    return QPageSize(PAGES[page]).size(QPageSize.Unit.Millimeter)


def card_rects(page: str, bleed_mm: float = 0.0) -> list[QRectF]:
    """The nine cards' trim boxes on the page, in mm, row by row, the grid centred.

    Raises:
        InvalidRequest: unknown page, or a bleed below 0, above 5 mm or too wide to fit.
    """
    size = page_size_mm(page)
    if not 0.0 <= bleed_mm <= MAX_BLEED_MM:
        raise InvalidRequest(f"The bleed must be between 0 and {MAX_BLEED_MM:g} mm")
    cell = QSizeF(CARD_MM.width() + 2 * bleed_mm, CARD_MM.height() + 2 * bleed_mm)
    if COLUMNS * cell.width() > size.width() or ROWS * cell.height() > size.height():
        most = min(size.width() / COLUMNS - CARD_MM.width(),
                   size.height() / ROWS - CARD_MM.height()) / 2
        raise InvalidRequest(f"A bleed of {bleed_mm:g} mm does not fit 3 × 3 cards on "
                             f"{page}; at most {int(most * 10) / 10:g} mm")
    left = (size.width() - COLUMNS * cell.width()) / 2 + bleed_mm
    top = (size.height() - ROWS * cell.height()) / 2 + bleed_mm
    return [QRectF(left + c * cell.width(), top + r * cell.height(), CARD_MM.width(),
                   CARD_MM.height()) for r in range(ROWS) for c in range(COLUMNS)]


def ensure_gui_application() -> QGuiApplication:
    """The running Qt application, or a new offscreen one (for the command line)."""
    existing = QGuiApplication.instance()
    if isinstance(existing, QGuiApplication):
        return existing
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    return QGuiApplication(["archivist"])


def write_proxy_sheet(
    cards: Sequence[SheetCard], out: Path, page: str = "A4", cut_marks: bool = True,
    bleed_mm: float = 0.0, title: str = "Archivist proxy sheet",
    progress: Callable[[int, int], None] | None = None,
    cancel: threading.Event | None = None,
) -> int:
    """Write ``cards`` to the PDF ``out``, 9 per page; returns the number of pages.

    Written through :func:`app.files.replacing` (checked whole), so ``out`` is whole or
    untouched; cancelled, it is untouched too.
    Needs a ``QGuiApplication`` (see :func:`ensure_gui_application`); may run in a
    worker thread.

    Args:
        cards: the cards in order (left to right, top to bottom, page by page).
        out: the PDF file.
        page: ``A4`` or ``Letter``.
        cut_marks: draw cut marks in the margins.
        bleed_mm: extend each card's edges outward by this much (0–5 mm, if it fits).
        title: the document title.
        progress: called with ``(cards drawn, total)`` after each card.
        cancel: set it to stop; then nothing is written and 0 is returned.

    Raises:
        InvalidRequest: no cards, unknown page or bad bleed.
        WriteFailed: the file cannot be written, or came out incomplete (a full disk: "No
            space left on device writing OUT"); ``out`` is as it was, nothing left behind.
    """
    if not cards:
        raise InvalidRequest("No cards to put on a proxy sheet")
    rects = card_rects(page, bleed_mm)
    pages = (len(cards) + PER_PAGE - 1) // PER_PAGE
    ended: list[bool] = []
    try:
        with replacing(out, verify=lambda tmp: check_whole_pdf(tmp, all(ended))) as tmp:
            writer = _writer(tmp, page, title, cards)
            painter = QPainter(writer)
            try:
                painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
                painter.scale(RESOLUTION_DPI / 25.4, RESOLUTION_DPI / 25.4)  # draw in mm
                for index, card in enumerate(cards):
                    if cancel is not None and cancel.is_set():
                        raise _Cancelled
                    slot = index % PER_PAGE
                    if index and slot == 0:
                        writer.newPage()
                    image = QImage(str(card.image)) if card.image is not None else QImage()
                    if image.isNull():
                        draw_text_proxy(painter, rects[slot], card.proxy
                                        or ProxyText(card.label, card.label))
                    else:
                        _draw_card(painter, image, rects[slot], bleed_mm)
                    if cut_marks and (slot == PER_PAGE - 1 or index == len(cards) - 1):
                        _draw_marks(painter, rects, page_size_mm(page))
                    if progress is not None:
                        progress(index + 1, len(cards))
            finally:
                ended.append(painter.end())
    except _Cancelled:
        return 0
    return pages


class _Cancelled(Exception):
    """Raised inside the drawing to leave the target as it was."""


def _writer(path: Path, page: str, title: str, cards: Sequence[SheetCard]) -> QPdfWriter:
    writer = QPdfWriter(str(path))
    writer.setResolution(RESOLUTION_DPI)
    writer.setPageLayout(QPageLayout(QPageSize(PAGES[page]), QPageLayout.Orientation.Portrait,
                                     QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Millimeter))
    writer.setTitle(title)
    writer.setCreator(f"Archivist {__version__}")
    labels = [f"p{i // PER_PAGE + 1} #{i % PER_PAGE + 1} {card.label}"
              for i, card in enumerate(cards)]
    writer.setDocumentXmpMetadata(xmp_metadata(title, labels))
    return writer


def xmp_metadata(title: str, labels: Sequence[str]) -> bytes:
    """An XMP packet with the title, the creator and one ``dc:subject`` entry per label."""
    items = "".join(f"<rdf:li>{escape(label)}</rdf:li>" for label in labels)
    return (
        '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>'
        '<x:xmpmeta xmlns:x="adobe:ns:meta/">'
        '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
        '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" '
        'xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:xmp="http://ns.adobe.com/xap/1.0/">'
        f'<dc:title><rdf:Alt><rdf:li xml:lang="x-default">{escape(title)}</rdf:li>'
        '</rdf:Alt></dc:title>'
        f'<dc:creator><rdf:Seq><rdf:li>Archivist {__version__}</rdf:li></rdf:Seq></dc:creator>'
        f'<dc:subject><rdf:Bag>{items}</rdf:Bag></dc:subject>'
        f'<pdf:Keywords>{escape("; ".join(labels))}</pdf:Keywords>'
        f'<xmp:CreatorTool>Archivist {__version__}</xmp:CreatorTool>'
        '</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>'
    ).encode()


def _draw_card(painter: QPainter, image: QImage, trim: QRectF, bleed: float) -> None:
    w, h, e = image.width(), image.height(), min(_EDGE_PX, image.width(), image.height())
    if bleed > 0:  # edge pixels stretched outward: four sides, then four corners
        out = trim.adjusted(-bleed, -bleed, bleed, bleed)
        left, top, right, bottom = out.left(), out.top(), trim.right(), trim.bottom()
        strips = (
            (QRectF(left, trim.top(), bleed, trim.height()), QRectF(0, 0, e, h)),
            (QRectF(right, trim.top(), bleed, trim.height()), QRectF(w - e, 0, e, h)),
            (QRectF(trim.left(), top, trim.width(), bleed), QRectF(0, 0, w, e)),
            (QRectF(trim.left(), bottom, trim.width(), bleed), QRectF(0, h - e, w, e)),
            (QRectF(left, top, bleed, bleed), QRectF(0, 0, e, e)),
            (QRectF(right, top, bleed, bleed), QRectF(w - e, 0, e, e)),
            (QRectF(left, bottom, bleed, bleed), QRectF(0, h - e, e, e)),
            (QRectF(right, bottom, bleed, bleed), QRectF(w - e, h - e, e, e)),
        )
        for target, source in strips:
            painter.drawImage(target, image, source)
    painter.drawImage(trim, image, QRectF(0, 0, w, h))


def _draw_marks(painter: QPainter, rects: Sequence[QRectF], page: QSizeF) -> None:
    """Short lines in the margins, on the line of every card edge (clipped to the page;
    none where the margin is too narrow)."""
    painter.setPen(QPen(QColor("black"), MARK_PEN_MM))
    xs = sorted({round(x, 3) for r in rects for x in (r.left(), r.right())})
    ys = sorted({round(y, 3) for r in rects for y in (r.top(), r.bottom())})
    half_gap = (rects[1].left() - rects[0].right()) / 2  # the bleed
    near, far = half_gap + MARK_GAP_MM, half_gap + MARK_GAP_MM + MARK_MM
    spans = (  # (start, end) of marks before and after the grid along one axis
        ((max(0.0, ys[0] - far), ys[0] - near), (ys[-1] + near, min(page.height(), ys[-1] + far))),
        ((max(0.0, xs[0] - far), xs[0] - near), (xs[-1] + near, min(page.width(), xs[-1] + far))),
    )
    for start, end in spans[0]:
        if end - start >= 1.0:
            for x in xs:
                painter.drawLine(QPointF(x, start), QPointF(x, end))
    for start, end in spans[1]:
        if end - start >= 1.0:
            for y in ys:
                painter.drawLine(QPointF(start, y), QPointF(end, y))
