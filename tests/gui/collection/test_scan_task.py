"""The scan's work in the pool: the photos' thumbnails, a folder without photos."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image
from PySide6.QtCore import QThreadPool
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.gui.collection.scan_review import ScanReview
from app.gui.collection.scan_task import PHOTO_THUMB, photo_thumbnail
from app.gui.kit.thumbnails import ThumbnailProvider
from tests.helpers.fake_scan import FakeScan, editions_of


def _picture(size: tuple[int, int]) -> Image.Image:
    """A GENERATED picture: two colours, so its orientation shows."""
    image = Image.new("RGB", size, (200, 40, 40))
    image.paste((40, 40, 200), (0, 0, size[0] // 2, size[1]))
    return image


def test_a_photo_is_shown_small_and_upright(qapp: QApplication, tmp_path: Path) -> None:
    sideways = tmp_path / "generated-sideways.jpg"
    exif = Image.Exif()
    exif[0x0112] = 6  # the camera was turned: show it turned back
    _picture((4000, 3000)).save(sideways, "JPEG", exif=exif)
    thumb = photo_thumbnail(sideways)
    assert thumb is not None
    assert thumb.height() > thumb.width()  # upright: taller than wide
    assert thumb.width() == PHOTO_THUMB.width() and thumb.height() <= PHOTO_THUMB.height()


def test_a_heic_photo_has_a_preview_and_a_broken_one_none(
    qapp: QApplication, tmp_path: Path
) -> None:
    heif = pytest.importorskip("pillow_heif")
    heif.register_heif_opener()
    photo = tmp_path / "generated.heic"
    buffer = io.BytesIO()
    _picture((600, 800)).save(buffer, "HEIF")
    photo.write_bytes(buffer.getvalue())
    thumb = photo_thumbnail(photo)
    assert thumb is not None and PHOTO_THUMB.height() - 1 <= thumb.height() <= 150
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(b"GENERATED, not a picture")
    assert photo_thumbnail(broken) is None


def test_a_folder_without_photos_says_so(qtbot: QtBot, tmp_path: Path) -> None:
    pool = QThreadPool()
    review = ScanReview(FakeScan({}), editions_of(), pool,
                        ThumbnailProvider(lambda _name: None, tmp_path / "thumbs"))
    qtbot.addWidget(review)
    (tmp_path / "notes.txt").write_text("GENERATED", encoding="utf-8")
    review.start([tmp_path])
    qtbot.waitUntil(lambda: review.outcome is not None, timeout=10_000)
    assert review.progress_text.text() == "No photos found (JPEG, PNG, WebP or HEIC files)"
    pool.waitForDone()
