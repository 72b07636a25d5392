"""The Collection page's photo actions: the camera told what each still showed, photos
dropped or chosen (see test_page_photos.py for the window)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QThreadPool, QUrl
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from app.gui.collection.photo_actions import PhotoActions, dropped_photos
from app.gui.kit.thumbnails import ThumbnailProvider
from tests.helpers.fake_scan import FakeScan, candidate, edition, editions_of

CARD = edition(7, "Silvie")


class StandInCamera:
    """What the actions ask of the camera's dialog (no camera on a test machine)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.told: list[tuple[str | None, bool]] = []

    def recognised(self, name: str | None, offered: bool = False) -> None:
        self.told.append((name, offered))

    def close(self) -> None:
        pass


@pytest.fixture
def actions(qtbot: QtBot, tmp_path: Path) -> Iterator[PhotoActions]:
    page = QWidget()
    qtbot.addWidget(page)
    pool = QThreadPool()
    scan = FakeScan({"camera-001.jpg": ("matched", [candidate(CARD, 0.9)]),
                     "camera-002.jpg": ("no-card", [])})
    made = PhotoActions(page, None, scan, pool,  # type: ignore[arg-type]
                        ThumbnailProvider(lambda _name: None, tmp_path / "thumbs"),
                        editions_of(CARD), choose=lambda _page, _folder: [])
    yield made
    made.shutdown()
    pool.waitForDone()


def test_the_camera_is_told_what_each_still_showed(
    qtbot: QtBot, actions: PhotoActions, tmp_path: Path
) -> None:
    camera = StandInCamera(tmp_path / "stills")
    camera.folder.mkdir()
    actions.camera = camera  # type: ignore[assignment]
    review = actions._review()
    for name in ("camera-001.jpg", "camera-002.jpg"):
        (camera.folder / name).write_bytes(b"GENERATED still")
        review.start([camera.folder / name], keep=True)
        qtbot.waitUntil(lambda: review.outcome is not None, timeout=10_000)
    assert camera.told == [("Silvie", False), (None, False)]
    assert review.model.rowCount() == 1  # the table seen between cards is no row


def test_only_photos_and_folders_are_taken_from_a_drag(tmp_path: Path) -> None:
    mime = QMimeData()
    photo, heic, notes = tmp_path / "a.JPG", tmp_path / "b.heic", tmp_path / "notes.txt"
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in (photo, heic, notes, tmp_path)]
                 + [QUrl("https://example.org/c.jpg")])
    assert dropped_photos(mime) == [photo, heic, tmp_path]
