"""The edition gallery and the large view (app/gui/card/gallery*.py, large_view.py,
rounded_images.py), and the ``card`` and ``gallery`` screenshots (detail_shots.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.errors import InvalidRequest
from app.gui.card.gallery import TILE, GalleryDialog
from app.gui.card.gallery_model import GalleryModel
from app.gui.devtools.screenshot import take_screenshot
from app.gui.kit.detail_data import CardDetail, load_detail
from app.gui.kit.rounded_images import RoundedImages
from app.gui.kit.thumbnails import ThumbState
from app.gui.shell.main_window import MainWindow

pytestmark = pytest.mark.realdata


@pytest.fixture
def gallery(qtbot: QtBot, real_services: Application) -> Iterator[GalleryDialog]:
    made = GalleryDialog(lambda f: real_services.catalogue.card_image(f, rounded=True))
    qtbot.addWidget(made)
    yield made
    made.shutdown()


def spirit(real_services: Application) -> CardDetail:
    return load_detail(real_services.catalogue, "spirit-of-fire",
                       real_services.history, real_services.collection)


def test_the_gallery_model(qtmodeltester: ModelTester, qtbot: QtBot,
                           real_services: Application) -> None:
    images = RoundedImages(lambda f: real_services.catalogue.card_image(f, rounded=True))
    model = GalleryModel(images, TILE)
    qtmodeltester.check(model)
    detail = spirit(real_services)
    model.set_editions(detail.name, detail.editions)
    qtmodeltester.check(model)
    assert model.rowCount() == len(detail.editions)
    first = detail.editions[0]
    assert model.data(model.index(0), Qt.ItemDataRole.DisplayRole) == (
        f"ALC · 001 · {first.rarity_code}")
    assert first.rarity_code
    qtbot.waitUntil(images.is_idle, timeout=20_000)  # images asked for by the checks
    qtmodeltester.check(model)
    model.set_editions("", [])
    qtmodeltester.check(model)
    images.shutdown()


def test_every_edition_is_a_rounded_image_or_a_placeholder(
        qtbot: QtBot, gallery: GalleryDialog, real_services: Application) -> None:
    detail = spirit(real_services)
    gallery.show_card(detail)
    assert gallery.model.rowCount() == len(real_services.catalogue.card("spirit-of-fire")[
        "editions"]) == 14
    assert gallery.title.text() == "Spirit of Fire — 14 editions"
    qtbot.waitUntil(gallery.settled, timeout=20_000)
    stored = [r for r in range(14) if detail.editions[r].has_image]
    assert stored and all(gallery.model.state(r) == ThumbState.READY for r in stored)
    assert all(gallery.model.state(r) == ThumbState.MISSING
               for r in range(14) if r not in stored)
    image = gallery.model.data(gallery.model.index(stored[0]), GalleryModel.ImageRole)
    assert isinstance(image, QImage)
    ratio = image.devicePixelRatio()
    assert image.width() / ratio <= TILE.width() and image.height() / ratio <= TILE.height()
    assert image.pixelColor(0, 0).alpha() == 0  # endpoint 3's rounded corner
    assert image.pixelColor(image.width() // 2, image.height() // 2).alpha() == 255


def test_the_large_view_steps_through_the_editions_and_stops_at_the_ends(
        qtbot: QtBot, gallery: GalleryDialog, real_services: Application) -> None:
    detail = spirit(real_services)
    gallery.show_card(detail)
    large = gallery.large
    qtbot.mouseClick(gallery.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=gallery.view.visualRect(gallery.model.index(0)).center())
    assert large.isVisible() and large.row == 0
    assert large.counter.text() == "1 of 14" and "ALC · 001" in large.caption.text()
    assert not large.previous_button.isEnabled() and large.next_button.isEnabled()
    qtbot.keyClick(large, Qt.Key.Key_Left)  # at the first: stays
    assert large.row == 0
    qtbot.keyClick(large, Qt.Key.Key_Right)
    assert large.row == 1 and large.counter.text() == "2 of 14"
    qtbot.mouseClick(large.previous_button, Qt.MouseButton.LeftButton)
    assert large.row == 0
    for _ in range(20):
        large.next()
    assert large.row == 13 and large.counter.text() == "14 of 14"  # at the last: stays
    assert large.next_button.isEnabled() is False and large.previous_button.isEnabled()
    qtbot.keyClick(large, Qt.Key.Key_Escape)
    assert not large.isVisible()


def test_the_large_view_shows_the_full_rounded_image(
        qtbot: QtBot, gallery: GalleryDialog, real_services: Application) -> None:
    detail = spirit(real_services)
    row = next(r for r, e in enumerate(detail.editions) if e.has_image)
    gallery.show_card(detail, row)
    large = gallery.large
    assert large.isVisible() and large.row == row
    qtbot.waitUntil(large.settled, timeout=20_000)
    full = gallery.images.image(detail.editions[row].image_file)
    assert isinstance(full, QImage) and full.width() >= 400  # not a thumbnail
    assert large.canvas.state() == ThumbState.READY
    large.next()
    assert large.canvas.state() == ThumbState.MISSING  # no stored image: a placeholder


@pytest.fixture
def window(qtbot: QtBot, real_window: MainWindow) -> MainWindow:
    qtbot.waitUntil(lambda: real_window.model.rowCount() > 0, timeout=10_000)
    return real_window


def test_the_window_opens_the_gallery_of_the_card_shown(qtbot: QtBot,
                                                        window: MainWindow) -> None:
    window.select_card("silvie-wilds-whisperer")
    qtbot.waitUntil(lambda: window.detail.slug == "silvie-wilds-whisperer", timeout=10_000)
    qtbot.keyClick(window, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    assert window.gallery.isVisible() and window.gallery.model.rowCount() == 5
    window.gallery.hide()
    row = window.detail.editions.currentIndex().row()
    qtbot.mouseClick(window.detail.edition_panel.image, Qt.MouseButton.LeftButton)
    assert window.gallery.large.isVisible() and window.gallery.large.row == row
    window.gallery.large.close()


# Screenshots: --page card and --page gallery ---------------------------------------------
def test_a_screenshot_of_a_card_is_the_size_asked(
        qapp: QApplication, real_services: Application, tmp_path: Path) -> None:
    out = tmp_path / "card.png"
    assert take_screenshot(real_services, out, card="spirit-of-fire", page="card",
                           size=(1100, 720)) == 0
    with Image.open(out) as image:
        assert image.size == (1100, 720)  # the size asked: the detail scrolls


@pytest.mark.parametrize("edition", [None, "silvie-wilds-whisperer-doa-alter"])
def test_a_screenshot_of_the_gallery(qapp: QApplication, real_services: Application,
                                     tmp_path: Path, edition: str | None) -> None:
    out = tmp_path / "gallery.png"
    assert take_screenshot(real_services, out, card="silvie-wilds-whisperer", page="gallery",
                           edition=edition, size=(900, 640), theme="dark") == 0
    with Image.open(out) as image:
        size = QSize(*image.size)
    if edition is None:
        assert size == QSize(900, 640)
    else:  # the large view: card-shaped, as tall as asked
        assert size.height() == 640 and size.width() < 640


def test_card_and_gallery_screenshots_need_a_card(real_services: Application,
                                                  tmp_path: Path) -> None:
    for page in ("card", "gallery"):
        with pytest.raises(InvalidRequest):
            take_screenshot(real_services, tmp_path / "x.png", page=page)
