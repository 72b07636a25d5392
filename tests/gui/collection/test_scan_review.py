"""The review of Collection ▸ Add from photos… over a made-up scanner: each status shown,
the candidates one click away, what Accept asks to add, Cancel, a catalogue without
images."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QThreadPool
from PySide6.QtWidgets import QComboBox, QSpinBox
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.gui.collection.scan_model import CARD, COPIES, EDITION, FINISH, FOUND
from app.gui.collection.scan_review import NO_IMAGES, Additions, ScanReview
from app.gui.kit.thumbnails import ThumbnailProvider
from tests.helpers.fake_scan import FakeScan, candidate, edition, editions_of

ONE, TWO, THREE = edition(1, "Lorraine"), edition(2, "Lorraine"), edition(3, "Tristan")
ANSWERS = {
    "a-match.jpg": ("matched", [candidate(ONE, 0.95), candidate(TWO, 0.95)]),
    "b-unsure.jpg": ("uncertain", [candidate(THREE, 0.6), candidate(ONE, 0.58)]),
    "c-table.jpg": ("no-card", []),
    "d-notes.jpg": ("unreadable", []),
}


@pytest.fixture
def photos(tmp_path: Path) -> list[Path]:
    folder = tmp_path / "photos"
    folder.mkdir()
    for name in ANSWERS:
        (folder / name).write_bytes(b"GENERATED: not read by the made-up scanner")
    return sorted(folder.iterdir())


def _review(qtbot: QtBot, tmp_path: Path, scan: FakeScan) -> Iterator[ScanReview]:
    pool = QThreadPool()
    provider = ThumbnailProvider(lambda _name: None, tmp_path / "thumbs")
    review = ScanReview(scan, editions_of(ONE, TWO, THREE), pool, provider)
    qtbot.addWidget(review)
    review.show()
    yield review
    review.close()
    pool.waitForDone()


@pytest.fixture
def review(qtbot: QtBot, tmp_path: Path) -> Iterator[ScanReview]:
    yield from _review(qtbot, tmp_path, FakeScan(ANSWERS))


def _scanned(qtbot: QtBot, review: ScanReview, photos: list[Path]) -> None:
    review.start(photos)
    qtbot.waitUntil(lambda: review.outcome is not None, timeout=10_000)


def test_each_status_is_shown_and_only_photos_with_a_card_can_be_chosen(
    qtbot: QtBot, review: ScanReview, photos: list[Path]
) -> None:
    _scanned(qtbot, review, [photos[0].parent])  # a folder: its photos, by name
    model = review.model
    ModelTester(None).check(model)
    found = [str(model.index(row, FOUND).data()).split("\n") for row in range(4)]
    assert [lines[0] for lines in found] == [
        "Matched", "Uncertain: choose the edition", "No card found", "Unreadable"]
    assert found[3][1:] == ["not an image (JPEG, PNG, WebP or HEIC)", "d-notes.jpg"]
    assert review.progress_text.text() == "Scanned 4 photos"
    editors = [isinstance(review.table.indexWidget(model.index(row, EDITION)), QComboBox)
               for row in range(4)]
    assert editors == [True, True, False, False]
    assert model.index(0, EDITION).data() == "Lorraine · GEN 001 · C · 95%"
    assert model.index(1, EDITION).data() == "Choose one of 2 editions…"
    assert model.acceptable_rows() == [0]  # the uncertain one waits for a choice
    assert "choose the edition of 1 uncertain photo" in review.summary.text()
    assert review.accept_all_button.isEnabled()


def test_an_alternative_is_one_click_away_and_switches_the_edition(
    qtbot: QtBot, review: ScanReview, photos: list[Path]
) -> None:
    _scanned(qtbot, review, photos)
    model = review.model
    combo = review.table.indexWidget(model.index(1, EDITION))
    assert isinstance(combo, QComboBox)
    assert [combo.itemText(i) for i in range(combo.count())] == [
        "Tristan · GEN 003 · C · 60%", "Lorraine · GEN 001 · C · 58%"]
    assert combo.currentIndex() == -1 and combo.placeholderText() == "Choose the edition…"
    combo.setCurrentIndex(1)
    combo.activated.emit(1)  # what a click on the second entry does
    assert model.review_row(1).chosen == candidate(ONE, 0.58)
    assert model.acceptable_rows() == [0, 1]
    first = review.table.indexWidget(model.index(0, EDITION))
    assert isinstance(first, QComboBox)
    first.setFocus()
    qtbot.keyClick(first, Qt.Key.Key_Down)  # the next candidate, same art
    assert model.review_row(0).chosen == candidate(TWO, 0.95)
    assert model.index(0, CARD).data(Qt.ItemDataRole.DecorationRole) is None  # not stored


def test_accept_selected_asks_for_exactly_the_selected_rows_with_finish_and_copies(
    qtbot: QtBot, review: ScanReview, photos: list[Path]
) -> None:
    _scanned(qtbot, review, photos)
    model, table = review.model, review.table
    finish = table.indexWidget(model.index(0, FINISH))
    copies = table.indexWidget(model.index(0, COPIES))
    assert isinstance(finish, QComboBox) and isinstance(copies, QSpinBox)
    finish.setCurrentIndex(1)
    finish.activated.emit(1)
    copies.setValue(3)
    table.selectRow(0)
    table.selectionModel().select(model.index(2, 0), table.selectionModel().SelectionFlag.Select
                                  | table.selectionModel().SelectionFlag.Rows)
    with qtbot.waitSignal(review.additionsRequested) as asked:
        review.accept_selected_button.click()
    assert asked.args == [Additions([0], [("edition-1", True, 3)])]  # no-card left out
    review.mark_added(asked.args[0])
    assert str(model.index(0, FOUND).data()).startswith("Added to the collection")
    assert table.indexWidget(model.index(0, EDITION)) is None
    assert model.acceptable_rows() == []
    assert not review.accept_all_button.isEnabled()


def test_cancel_stops_the_scan_while_the_index_is_prepared(
    qtbot: QtBot, tmp_path: Path, photos: list[Path]
) -> None:
    scan = FakeScan(ANSWERS, wait_for_cancel=True)
    for review in _review(qtbot, tmp_path, scan):
        review.start(photos)
        qtbot.waitUntil(lambda: review.progress_text.text()  # noqa: B023
                        == "Preparing the card index… 3/103", timeout=10_000)
        assert review.scanning and review.progress.isVisible()
        review.cancel_button.click()
        qtbot.waitUntil(lambda: review.outcome is not None, timeout=10_000)  # noqa: B023
        assert review.outcome is not None and review.outcome.cancelled
        assert review.progress_text.text() == "Cancelled: no photo was scanned"
        assert scan.scanned == [] and review.model.rowCount() == 0
        assert not review.cancel_button.isVisible()


def test_a_catalogue_without_images_says_so_and_offers_them(
    qtbot: QtBot, tmp_path: Path, photos: list[Path]
) -> None:
    for review in _review(qtbot, tmp_path, FakeScan(ANSWERS, images=0)):
        _scanned(qtbot, review, photos)
        assert review.notice_row.isVisible() and review.notice.text() == NO_IMAGES
        assert review.model.rowCount() == 0
        with qtbot.waitSignal(review.downloadRequested):
            review.download_button.click()


def test_the_scanner_of_a_catalogue_without_images_is_answered_with_the_message(
    qtbot: QtBot, tmp_path: Path, photos: list[Path], empty_services: Application
) -> None:
    pool = QThreadPool()
    provider = ThumbnailProvider(lambda _name: None, tmp_path / "thumbs")
    review = ScanReview(empty_services.scan, empty_services.collection.collection_editions,
                        pool, provider)
    qtbot.addWidget(review)
    review.show()
    _scanned(qtbot, review, photos)
    assert review.outcome is not None and review.outcome.no_images
    assert review.notice.isVisible()
    assert review.progress_text.text() == "No card images stored"
    pool.waitForDone()


def test_the_cameras_stills_add_rows_of_cards_only_after_those_shown(
    qtbot: QtBot, review: ScanReview, photos: list[Path]
) -> None:
    _scanned(qtbot, review, photos[:1])
    told: list[str] = []
    review.photoScanned.connect(lambda photo: told.append(photo.result.status))
    for still in (photos[2], photos[1]):  # a table between two cards, then a card
        review.start([still], keep=True)
        qtbot.waitUntil(lambda: review.outcome is not None, timeout=10_000)
    assert told == ["no-card", "uncertain"]
    rows = [review.model.review_row(row).status for row in range(review.model.rowCount())]
    assert rows == ["matched", "uncertain"]


def test_cancel_between_photos_keeps_the_photos_scanned(
    qtbot: QtBot, tmp_path: Path, photos: list[Path]
) -> None:
    scan = FakeScan(ANSWERS)
    scan.gate = threading.Event()
    for review in _review(qtbot, tmp_path, scan):
        review.start(photos)
        qtbot.waitUntil(lambda: scan.scanned == ["a-match.jpg"], timeout=10_000)
        review.cancel_button.click()
        scan.gate.set()
        qtbot.waitUntil(lambda: review.outcome is not None, timeout=10_000)  # noqa: B023
        assert review.progress_text.text() == "Cancelled after 1 of 4 photos"
        assert scan.scanned == ["a-match.jpg"] and review.model.rowCount() == 1
        assert review.model.acceptable_rows() == [0]
