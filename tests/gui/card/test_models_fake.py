"""The edition list and gallery models over the fake catalogue (GENERATED cards: no
../shared needed)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from app.gui.card.edition_list import EditionModel
from app.gui.card.gallery import TILE
from app.gui.card.gallery_model import GalleryModel
from app.gui.kit.detail_data import load_detail
from app.gui.kit.edition_data import EditionInfo
from app.gui.kit.rounded_images import RoundedImages
from app.gui.kit.thumbnails import ThumbnailProvider, ThumbState
from tests.helpers.fake_catalogue import FakeCatalogue
from tests.helpers.fake_parts import fake_application

WARDEN = "generated-stone-warden"


def test_edition_model(qtmodeltester: ModelTester, qtbot: QtBot,
                       fake_catalogue: FakeCatalogue, tmp_path: Path) -> None:
    provider = ThumbnailProvider(fake_catalogue.card_image_path, tmp_path / "thumbs", threads=1)
    model = EditionModel(provider)
    qtmodeltester.check(model)
    app = fake_application(fake_catalogue)  # a catalogue never imported: no versions
    detail = load_detail(app.catalogue, WARDEN, app.history)
    model.set_editions(detail.editions)
    qtmodeltester.check(model)
    assert model.rowCount() == len(detail.editions) == 3
    assert model.data(model.index(0), Qt.ItemDataRole.DisplayRole) == \
        "GEN 2nd · 001 · SR · Generated Second Set"
    assert isinstance(model.data(model.index(0), EditionModel.EditionRole), EditionInfo)
    assert model.thumb_state(0) == ThumbState.MISSING  # GEN 2nd 001 has no stored image
    qtbot.waitUntil(lambda: model.thumb_state(1) == ThumbState.READY, timeout=20_000)
    assert isinstance(model.data(model.index(1), EditionModel.ThumbnailRole), QImage)
    qtbot.waitUntil(provider.is_idle, timeout=20_000)
    qtmodeltester.check(model)
    model.set_editions([])
    qtmodeltester.check(model)
    provider.shutdown()


def test_the_gallery_model(qtmodeltester: ModelTester, qtbot: QtBot,
                           fake_catalogue: FakeCatalogue) -> None:
    images = RoundedImages(lambda f: fake_catalogue.card_image(f, rounded=True))
    model = GalleryModel(images, TILE)
    qtmodeltester.check(model)
    detail = load_detail(fake_catalogue, WARDEN)
    model.set_editions(detail.name, detail.editions)
    qtmodeltester.check(model)
    assert model.rowCount() == 3
    assert model.data(model.index(0), Qt.ItemDataRole.DisplayRole) == "GEN 2nd · 001 · SR"
    assert model.state(0) == ThumbState.MISSING
    model.data(model.index(1), GalleryModel.ImageRole)  # asks for the rounded image
    qtbot.waitUntil(lambda: model.state(1) == ThumbState.READY, timeout=20_000)
    qtbot.waitUntil(images.is_idle, timeout=20_000)  # images asked for by the checks
    qtmodeltester.check(model)
    model.set_editions("", [])
    qtmodeltester.check(model)
    images.shutdown()
