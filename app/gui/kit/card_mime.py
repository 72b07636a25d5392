"""Cards carried by drag and drop inside the window (a search tile onto a deck).

The mime data holds the card's slug and, for a tile of one edition, the edition's uuid,
as ``SLUG`` or ``SLUG EDITION_UUID`` in :data:`CARD_MIME`; a drop target reads it back with
:func:`card_from_mime`. The same drag may also carry the image file for other programs.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QMimeData

CARD_MIME = "application/x-archivist-card"
"""The mime type of a dragged card."""


def add_card(mime: QMimeData, slug: str, edition_uuid: str | None = None) -> QMimeData:
    """Put the card ``slug`` (and its ``edition_uuid``) on ``mime``; returns ``mime``."""
    text = slug if not edition_uuid else f"{slug} {edition_uuid}"
    mime.setData(CARD_MIME, QByteArray(text.encode("utf-8")))
    return mime


def card_from_mime(mime: QMimeData | None) -> tuple[str, str | None] | None:
    """``(slug, edition uuid or None)`` of a dragged card, or None when ``mime`` holds none."""
    if mime is None or not mime.hasFormat(CARD_MIME):
        return None
    text = bytes(mime.data(CARD_MIME).data()).decode("utf-8", "replace").strip()
    if not text:
        return None
    slug, _, edition = text.partition(" ")
    return slug, edition or None
