"""The Thema rank models and the history loading over the fake catalogue (GENERATED ranks
and history: no ../shared needed)."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester

from app.gui.thema.data import HistoryRequest, load_history
from app.gui.thema.models import CARD, RANK, RankModel, RankProxy
from tests.helpers.fake_catalogue import FakeCatalogue


def test_models_pass_the_model_tester(qtmodeltester: ModelTester,
                                      fake_catalogue: FakeCatalogue) -> None:
    model = RankModel()
    qtmodeltester.check(model)
    model.set_entries(fake_catalogue.dynamic_thema_ranks())
    qtmodeltester.check(model)
    assert model.rowCount() == 12
    proxy = RankProxy()
    proxy.setSourceModel(model)
    proxy.sort(RANK, Qt.SortOrder.AscendingOrder)
    qtmodeltester.check(proxy)
    assert proxy.data(proxy.index(0, RANK)) == "1"
    assert proxy.data(proxy.index(0, CARD)) == "Generated Ember Spirit"
    proxy.setFilterFixedString("ember")
    qtmodeltester.check(proxy)
    assert proxy.rowCount() == 4  # two cards, two kinds each
    model.set_entries([])
    qtmodeltester.check(proxy)


def test_a_history_loads_into_points(fake_catalogue: FakeCatalogue) -> None:
    uuid = fake_catalogue.dynamic_thema_ranks()[0]["edition"]["uuid"]
    history = load_history(fake_catalogue, HistoryRequest(uuid, "FOIL", date(2026, 3, 5),
                                                          date(2026, 4, 4)))
    assert len(history.entries) == 31
    assert history.entries[-1]["created_at"].startswith("2026-04-04")
    assert len(history.points["total"]) == 31 and history.nearest(history.xs[3]) == 3
