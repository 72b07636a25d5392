"""The result model over the fake catalogue (GENERATED cards: no ../shared needed)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSize, Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from app.gui.kit.thumbnails import ThumbnailProvider, ThumbState
from app.gui.search.result_model import ResultModel
from app.model.query import CardSummary, EditionHit
from tests.helpers.fake_catalogue import FakeCatalogue


@pytest.fixture
def provider(fake_catalogue: FakeCatalogue, tmp_path: Path) -> Iterator[ThumbnailProvider]:
    made = ThumbnailProvider(fake_catalogue.card_image_path, tmp_path / "thumbs", threads=1)
    yield made
    made.shutdown()


def test_result_model_per_card(qtmodeltester: ModelTester, qtbot: QtBot,
                               provider: ThumbnailProvider,
                               fake_catalogue: FakeCatalogue) -> None:
    model = ResultModel(provider, QSize(146, 204))
    qtmodeltester.check(model)
    result = fake_catalogue.query("ember")
    model.set_results(result.query, result.hits, result.per)
    qtmodeltester.check(model)
    assert model.rowCount() == result.total == 2 and model.per == "card"
    assert [model.data(model.index(r), ResultModel.SlugRole) for r in range(2)] == [
        "generated-ember-familiar", "generated-ember-spirit"]
    assert model.row_of("generated-ember-spirit") == 1 and model.row_of("nope") is None
    index = model.index(1)
    assert index.data(Qt.ItemDataRole.DisplayRole) == "Generated Ember Spirit"
    assert index.data(ResultModel.SubtitleRole) is None  # per card: the name on two lines
    assert "editions" in index.data(Qt.ItemDataRole.ToolTipRole)
    assert isinstance(index.data(ResultModel.HitRole), CardSummary)
    qtbot.waitUntil(provider.is_idle, timeout=20_000)  # thumbnails asked by the checks
    qtmodeltester.check(model)
    model.set_results("", [])
    qtmodeltester.check(model)
    assert model.rowCount() == 0


def test_result_model_per_edition(qtmodeltester: ModelTester, qtbot: QtBot,
                                  provider: ThumbnailProvider,
                                  fake_catalogue: FakeCatalogue) -> None:
    model = ResultModel(provider, QSize(146, 204))
    result = fake_catalogue.query("stone warden", per="edition", sort="set")
    model.set_results(result.query, result.hits)
    qtmodeltester.check(model)
    assert model.per == "edition" and model.rowCount() == result.total == 3
    hits = [model.data(model.index(r), ResultModel.HitRole) for r in range(model.rowCount())]
    assert all(isinstance(hit, EditionHit) for hit in hits)
    assert [hit.set_prefix for hit in hits] == ["GEN 1st", "GEN 2nd", "GEN 2nd"]
    assert model.data(model.index(0), ResultModel.SubtitleRole).startswith("GEN 1st · 010")
    with_image = next(r for r, hit in enumerate(hits) if hit.has_image)
    without = next(r for r, hit in enumerate(hits) if not hit.has_image)
    assert model.thumb_state(without) == ThumbState.MISSING
    model.data(model.index(with_image), ResultModel.ThumbnailRole)  # asks for the edition's
    qtbot.waitUntil(lambda: model.thumb_state(with_image) == ThumbState.READY, timeout=20_000)
    qtbot.waitUntil(provider.is_idle, timeout=20_000)
    qtmodeltester.check(model)


def test_without_images_every_tile_says_missing(qtmodeltester: ModelTester,
                                                tmp_path: Path) -> None:
    catalogue = FakeCatalogue()  # no image folder: nothing stored
    provider = ThumbnailProvider(catalogue.card_image_path, tmp_path / "thumbs", threads=1)
    model = ResultModel(provider, QSize(146, 204))
    result = catalogue.query("")
    model.set_results(result.query, result.hits, result.per)
    qtmodeltester.check(model)
    assert model.rowCount() == 6
    assert {model.thumb_state(row) for row in range(6)} == {ThumbState.MISSING}
    provider.shutdown()
