"""Collection ▸ Add from photos… in the main window over the real catalogue: accepted
photos added as one undo step, photos dropped onto the page, the camera entry where no
camera is found."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QComboBox, QSpinBox
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.gui.collection.page import CollectionPage
from app.gui.collection.scan_model import COPIES, FINISH
from app.gui.shell.main_window import MainWindow
from tests.gui.conftest import services_over
from tests.helpers.fake_scan import FakeScan, candidate
from tests.helpers.photos import photo
from tests.helpers.scan_catalogue import scan_catalogue_dir

pytestmark = pytest.mark.realdata
__all__ = ["scan_catalogue_dir"]


def _page(qtbot: QtBot, window: MainWindow) -> CollectionPage:
    window.show_page("collection")
    page = window.collection
    qtbot.waitUntil(lambda: page.view is not None, timeout=10_000)
    return page


def _photos(folder: Path, names: list[str]) -> list[Path]:
    folder.mkdir(exist_ok=True)
    for name in names:
        (folder / name).write_bytes(b"GENERATED: not read by the made-up scanner")
    return [folder / name for name in names]


def test_accept_selected_adds_those_rows_as_one_undo_step(
    qtbot: QtBot, real_services: Application, tmp_path: Path
) -> None:
    editions = real_services.collection.collection_editions()
    doa = [e for e in editions.sets["DOA 1st"] if e.collector_number in ("004", "010", "020")]
    one, two, three = doa[:3]
    real_services.__dict__["scan"] = FakeScan({  # the window's scanner: a made-up one
        "1.jpg": ("matched", [candidate(one, 0.9)]),
        "2.jpg": ("matched", [candidate(two, 0.9)]),
        "3.jpg": ("matched", [candidate(three, 0.9)])})
    window = MainWindow(real_services, None, dialogs=False)
    qtbot.addWidget(window)
    window.show()
    try:
        page = _page(qtbot, window)
        assert page.photos is not None
        review = page.photos.scan(_photos(tmp_path / "shots", ["1.jpg", "2.jpg", "3.jpg"]))
        qtbot.waitUntil(lambda: review.outcome is not None, timeout=10_000)
        model, table = review.model, review.table
        finish = table.indexWidget(model.index(1, FINISH))
        copies = table.indexWidget(model.index(1, COPIES))
        assert isinstance(finish, QComboBox) and isinstance(copies, QSpinBox)
        finish.setCurrentIndex(1)
        finish.activated.emit(1)
        copies.setValue(4)
        table.selectRow(0)
        table.selectionModel().select(model.index(1, 0), table.selectionModel().SelectionFlag
                                      .Select | table.selectionModel().SelectionFlag.Rows)
        with qtbot.waitSignal(page.loaded, timeout=10_000):
            review.accept_selected_button.click()
        store = real_services.collection.collection_store()
        assert store.owned() == {one.uuid: (1, 0), two.uuid: (0, 4)}
        assert page.totals.text().startswith("5 copies · 2 editions")
        assert window.statusBar().currentMessage() == \
            "Added 5 copies from 2 photos (Ctrl+Z undoes it)"
        assert model.acceptable_rows() == [2]
        with qtbot.waitSignal(page.loaded, timeout=10_000):
            page.undo()
        assert store.owned() == {}
        assert window.statusBar().currentMessage() == "Undid add 2 cards from photos"
    finally:
        window.shutdown()


@pytest.fixture
def scan_window(qtbot: QtBot, scan_catalogue_dir: Path, tmp_path: Path
                ) -> Iterator[tuple[MainWindow, Application]]:
    services = services_over(scan_catalogue_dir, tmp_path / "data")
    window = MainWindow(services, None, dialogs=False)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    yield window, services
    window.shutdown()
    services.store.close()


def _drop(target: CollectionPage, files: list[Path]) -> bool:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(f)) for f in files])
    enter = QDragEnterEvent(QPoint(20, 20), Qt.DropAction.CopyAction, mime,
                            Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(target, enter)
    if not enter.isAccepted():
        return False
    drop = QDropEvent(QPointF(20, 20), Qt.DropAction.CopyAction, mime,
                      Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(target, drop)
    return drop.isAccepted()


def test_photos_dropped_on_the_page_are_recognised_and_shown_for_review(
    qtbot: QtBot, scan_window: tuple[MainWindow, Application], tmp_path: Path
) -> None:
    window, services = scan_window
    page = _page(qtbot, window)
    card = sorted(p for name in services.scan.editions()
                  if (p := services.images.find(name)) is not None)[0]
    expected = services.scan.editions()[card.name][0]
    shot = tmp_path / "generated-card.jpg"
    shot.write_bytes(photo(card, random.Random(11), turn=2))
    notes = tmp_path / "notes.txt"
    notes.write_text("not a photo", encoding="utf-8")
    assert not _drop(page, [notes])  # nothing to scan: the drop is refused
    assert page.photos is not None and page.photos.review is None
    assert _drop(page, [shot, notes])
    review = page.photos.review
    assert review is not None and review.isVisible()
    qtbot.waitUntil(lambda: review.outcome is not None, timeout=60_000)
    assert review.model.rowCount() == 1  # the text file was left out
    row = review.model.review_row(0)
    assert row.status == "matched" and row.chosen is not None
    assert row.chosen.edition_uuid == expected.edition_uuid
    assert row.photo.thumb is not None and row.photo.images[expected.edition_uuid][1]


def test_scan_with_camera_is_disabled_where_no_camera_is_found(
    qtbot: QtBot, scan_window: tuple[MainWindow, Application],
    monkeypatch: pytest.MonkeyPatch
) -> None:
    window, _ = scan_window
    page = _page(qtbot, window)
    monkeypatch.setitem(sys.modules, "PySide6.QtMultimedia", None)  # Qt Multimedia missing
    assert page.photos is not None
    page.photos.button.menu().aboutToShow.emit()
    action = page.photos.camera_action
    assert not action.isEnabled() and action.toolTip() == "No camera found"


def test_the_collection_pages_shortcut_asks_for_photos(
    qtbot: QtBot, scan_window: tuple[MainWindow, Application], tmp_path: Path
) -> None:
    window, _ = scan_window
    page = _page(qtbot, window)
    asked: list[bool] = []

    def choose(_parent: object, folder: bool) -> list[Path]:
        asked.append(folder)
        return []

    assert page.photos is not None
    page.photos._choose = choose
    page.rows.setFocus()
    qtbot.keyClick(page.rows, Qt.Key.Key_P,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert asked == [False]


def test_the_page_works_during_a_scan_and_closing_the_window_stops_it(
    qtbot: QtBot, real_services: Application, tmp_path: Path
) -> None:
    scan = FakeScan({}, wait_for_cancel=True)
    real_services.__dict__["scan"] = scan
    window = MainWindow(real_services, None, dialogs=False)
    qtbot.addWidget(window)
    window.show()
    page = _page(qtbot, window)
    assert page.photos is not None
    review = page.photos.scan(_photos(tmp_path / "shots", ["1.jpg"]))
    qtbot.waitUntil(lambda: review.progress_text.text().endswith("3/103"), timeout=10_000)
    with qtbot.waitSignal(page.loaded, timeout=10_000):  # the page works while it scans
        page.refresh()
    assert review.scanning
    window.shutdown()  # waits for the pool: the scan must stop, not run on
    assert scan.cancelled and not review.isVisible()
