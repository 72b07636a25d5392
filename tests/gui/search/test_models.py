"""Every model of the window passes pytest-qt's model tester."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSize, Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.gui.card.edition_list import EditionModel
from app.gui.kit.detail_data import load_detail
from app.gui.kit.thumbnails import ThumbnailProvider, ThumbState
from app.gui.search.result_model import ResultModel
from app.model.query import EditionHit

pytestmark = pytest.mark.realdata


@pytest.fixture
def provider(real_services: Application) -> Iterator[ThumbnailProvider]:
    made = ThumbnailProvider(real_services.catalogue.card_image_path,
                             real_services.paths.thumbnails)
    yield made
    made.shutdown()


def test_result_model_per_card(qtmodeltester: ModelTester, qtbot: QtBot,
                               provider: ThumbnailProvider, real_services: Application) -> None:
    model = ResultModel(provider, QSize(146, 204))
    qtmodeltester.check(model)
    result = real_services.catalogue.query("spirit")
    model.set_results(result.query, result.hits, result.per)
    qtmodeltester.check(model)
    assert model.rowCount() == result.total > 10 and model.per == "card"
    assert [model.data(model.index(r), ResultModel.SlugRole) for r in range(3)] == [
        hit.slug for hit in result.hits[:3]]
    assert model.row_of("spirit-of-fire") is not None and model.row_of("nope") is None
    index = model.index(model.row_of("spirit-of-fire") or 0)
    assert index.data(ResultModel.SubtitleRole) is None  # per card: the name on two lines
    assert "editions" in index.data(Qt.ItemDataRole.ToolTipRole)
    qtbot.waitUntil(provider.is_idle, timeout=20_000)  # thumbnails asked by the checks
    qtmodeltester.check(model)
    model.set_results("", [])
    qtmodeltester.check(model)


def test_result_model_per_edition(qtmodeltester: ModelTester, qtbot: QtBot,
                                  provider: ThumbnailProvider, real_services: Application) -> None:
    model = ResultModel(provider, QSize(146, 204))
    result = real_services.catalogue.query("spirit of fire", per="edition", sort="set")
    model.set_results(result.query, result.hits)
    qtmodeltester.check(model)
    assert model.per == "edition" and model.rowCount() == result.total
    hits = [model.data(model.index(r), ResultModel.HitRole) for r in range(model.rowCount())]
    assert all(isinstance(hit, EditionHit) for hit in hits)
    assert len({hit.uuid for hit in hits}) == len(hits)  # one row per edition
    first = hits[0]
    assert model.data(model.index(0), ResultModel.SubtitleRole).startswith(
        f"{first.set_prefix} · {first.collector_number}")
    row = model.row_of("spirit-of-fire")
    assert row is not None and hits[row].slug == "spirit-of-fire"
    with_image = next(r for r, hit in enumerate(hits) if hit.has_image)
    without = next(r for r, hit in enumerate(hits) if not hit.has_image)
    assert model.thumb_state(without) == ThumbState.MISSING
    model.data(model.index(with_image), ResultModel.ThumbnailRole)  # asks for the edition's
    qtbot.waitUntil(lambda: model.thumb_state(with_image) == ThumbState.READY, timeout=20_000)
    qtbot.waitUntil(provider.is_idle, timeout=20_000)
    qtmodeltester.check(model)


def test_edition_model(qtmodeltester: ModelTester, qtbot: QtBot, provider: ThumbnailProvider,
                       real_services: Application) -> None:
    model = EditionModel(provider)
    qtmodeltester.check(model)
    detail = load_detail(real_services.catalogue, "spirit-of-fire",
                         real_services.history, real_services.collection)
    model.set_editions(detail.editions)
    qtmodeltester.check(model)
    assert model.rowCount() == len(detail.editions)
    assert str(model.data(model.index(0), Qt.ItemDataRole.DisplayRole)).startswith("ALC · ")
    qtbot.waitUntil(provider.is_idle, timeout=20_000)
    qtmodeltester.check(model)
