"""The Meta page's cards model: its cells, trend and slugs, checked by qtmodeltester."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester

from app.gui.meta.model import CARD, DECKS, INCLUSION, TREND, CardsModel, trend_text

CARDS: list[dict[str, Any]] = [
    {"name": "Backstep", "slug": "backstep", "decks": 1200, "inclusion": 0.6,
     "mean_copies": 3.5},
    {"name": "Mystery Card", "slug": None, "decks": 2, "inclusion": 0.001,
     "mean_copies": 2.0},
    {"name": "Evil\u202eName", "slug": "evil", "decks": 1, "inclusion": 0.0005,
     "mean_copies": 1.0},
]


def test_the_cards_model_passes_the_model_tester(qtmodeltester: ModelTester) -> None:
    model = CardsModel()
    qtmodeltester.check(model)
    model.set_cards(CARDS, {"backstep": -0.033, "?Mystery Card": 0.001})
    qtmodeltester.check(model)


def test_a_row_shows_decks_inclusion_and_the_movement_between_the_halves() -> None:
    model = CardsModel()
    model.set_cards(CARDS, {"backstep": -0.033, "?Mystery Card": 0.001})

    def cell(row: int, column: int) -> Any:
        return model.data(model.index(row, column))
    assert [cell(0, c) for c in range(model.columnCount())] == [
        "Backstep", "1,200", "60.0%", "3.50", "▼ 3.3 pts"]
    assert cell(1, TREND) == "–"  # less than half a point: steady
    assert cell(2, TREND) == ""  # no movement known
    assert "\u202e" not in cell(2, CARD)  # a hostile name shows escaped
    assert model.data(model.index(0, DECKS), CardsModel.SlugRole) == "backstep"
    assert model.data(model.index(1, CARD), CardsModel.SlugRole) is None
    assert model.data(model.index(0, INCLUSION), CardsModel.SortRole) == 0.6
    assert model.data(model.index(0, TREND), Qt.ItemDataRole.ForegroundRole) is not None


def test_the_trend_names_the_direction_in_percentage_points() -> None:
    assert trend_text(0.125) == "▲ 12.5 pts"
    assert trend_text(-0.01) == "▼ 1.0 pts"
    assert trend_text(0.0) == "–"
    assert trend_text(None) == ""
