"""Placeholder tiles are drawn once and copied after: a copy shows exactly what a
fresh drawing shows, and each card keeps its own name even when the cache is full."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter

from app.gui.kit import card_paint


def _tile(name: str, caption: str = "DOA 1st · 005") -> QImage:
    image = QImage(170, 230, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    card_paint.paint_placeholder(painter, QRectF(12, 10, 146, 204), name, caption)
    painter.end()
    return image


def test_a_remembered_placeholder_paints_the_same_pixels(qapp: object) -> None:
    card_paint.forget_placeholders()
    first = _tile("Lorraine, Wandering Warrior")
    assert card_paint._cards  # remembered
    assert _tile("Lorraine, Wandering Warrior") == first


def test_each_card_keeps_its_own_name_when_the_cache_turns_over(
        qapp: object, monkeypatch: pytest.MonkeyPatch) -> None:
    card_paint.forget_placeholders()
    fresh = {name: _tile(name) for name in ("Spark Alight", "Tonoris", "Zander")}
    card_paint.forget_placeholders()
    monkeypatch.setattr(card_paint, "PLACEHOLDER_BYTES", 146 * 204 * 4)  # room for one card only
    for _ in range(2):
        for name, expected in fresh.items():
            assert _tile(name) == expected
    assert len(card_paint._cards) == 1
    assert _tile("Spark Alight", "ALC 1st · 001") != fresh["Spark Alight"]  # caption shows
    card_paint.forget_placeholders()
