"""Every model of the window passes pytest-qt's model tester."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSize, Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from app.bootstrap import Services
from app.gui.detail_data import load_detail
from app.gui.edition_list import EditionModel
from app.gui.result_model import ResultModel
from app.gui.thumbnails import ThumbnailProvider

pytestmark = pytest.mark.realdata


@pytest.fixture
def provider(real_services: Services) -> Iterator[ThumbnailProvider]:
    made = ThumbnailProvider(real_services.catalogue.card_image_path,
                             real_services.paths.thumbnails)
    yield made
    made.shutdown()


def test_result_model(qtmodeltester: ModelTester, qtbot: QtBot, provider: ThumbnailProvider,
                      real_services: Services) -> None:
    model = ResultModel(provider, QSize(146, 204))
    qtmodeltester.check(model)
    model.set_results("spirit", real_services.catalogue.search_cards("spirit"))
    qtmodeltester.check(model)
    assert model.rowCount() > 10
    assert model.data(model.index(0), ResultModel.SlugRole).startswith("spirit")
    assert model.row_of("spirit-of-fire") is not None and model.row_of("nope") is None
    qtbot.waitUntil(provider.is_idle, timeout=20_000)  # thumbnails asked by the checks
    qtmodeltester.check(model)
    model.set_results("", [])
    qtmodeltester.check(model)


def test_edition_model(qtmodeltester: ModelTester, qtbot: QtBot, provider: ThumbnailProvider,
                       real_services: Services) -> None:
    model = EditionModel(provider)
    qtmodeltester.check(model)
    detail = load_detail(real_services.catalogue, "spirit-of-fire")
    model.set_editions(detail.editions)
    qtmodeltester.check(model)
    assert model.rowCount() == len(detail.editions)
    assert str(model.data(model.index(0), Qt.ItemDataRole.DisplayRole)).startswith("ALC · ")
    qtbot.waitUntil(provider.is_idle, timeout=20_000)
    qtmodeltester.check(model)
