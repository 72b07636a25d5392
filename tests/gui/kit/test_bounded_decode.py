"""The window never decodes a decompression bomb (images generated)."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from PySide6.QtWidgets import QApplication

from app.gui.kit.rounded_images import decode


def test_a_huge_image_is_refused_before_decoding_and_a_card_image_is_drawn(
    qapp: QApplication,
) -> None:
    out = io.BytesIO()
    Image.new("1", (12_000, 12_000)).save(out, "PNG")
    with pytest.raises(ValueError, match="too large"):
        decode(out.getvalue(), 100, 140, 1.0)
    card = io.BytesIO()
    Image.new("RGB", (50, 70)).save(card, "JPEG")
    assert decode(card.getvalue(), 100, 140, 1.0).width() == 50
