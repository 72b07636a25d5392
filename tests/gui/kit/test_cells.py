"""app/gui/kit/cells.py: a name holding a bidirectional override or a control character shows
as a visible escape in every table and list of the window, as on the command line."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from typing import Any

import pytest
from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractListModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from pytestqt.modeltest import ModelTester

import app.gui
from app.decks import DeckSummary
from app.gui.decks.models import DeckListModel
from app.gui.kit.cells import safe_cells
from app.safetext import escape_controls

RLO, LRI, PDI = "\u202e", "\u2066", "\u2069"
HOSTILE = f"Evil {RLO}draCyraR{PDI} Card\x1b[2J"
SHOWN = "Evil \\u202edraCyraR\\u2069 Card\\u001b[2J"


class _Names(QAbstractListModel):
    def __init__(self, names: list[str]) -> None:
        super().__init__()
        self.names = names

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.names)

    @safe_cells
    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole,
                    Qt.ItemDataRole.EditRole, Qt.ItemDataRole.UserRole):
            return self.names[index.row()]
        if role == Qt.ItemDataRole.UserRole + 1:
            return index.row()
        return None


def test_display_and_tooltip_text_is_escaped_the_way_the_cli_escapes_it(
    qtmodeltester: ModelTester,
) -> None:
    model = _Names([HOSTILE, "Spirit of Wind"])
    qtmodeltester.check(model)
    first, second = model.index(0), model.index(1)
    assert escape_controls(HOSTILE) == SHOWN
    assert first.data(Qt.ItemDataRole.DisplayRole) == SHOWN
    assert first.data(Qt.ItemDataRole.ToolTipRole) == SHOWN
    assert second.data(Qt.ItemDataRole.DisplayRole) == "Spirit of Wind"
    assert f"{LRI}{RLO}" not in str(first.data(Qt.ItemDataRole.DisplayRole))


def test_edit_and_custom_roles_keep_the_value_as_it_is() -> None:
    model = _Names([HOSTILE])
    index = model.index(0)
    assert index.data(Qt.ItemDataRole.EditRole) == HOSTILE
    assert index.data(Qt.ItemDataRole.UserRole) == HOSTILE
    assert index.data(Qt.ItemDataRole.UserRole + 1) == 0


def test_the_kept_decks_list_shows_a_hostile_name_escaped(qtmodeltester: ModelTester) -> None:
    model = DeckListModel()
    model.set_decks([DeckSummary(1, HOSTILE, "STANDARD", 60, "2026-04-04T10:00:00")])
    qtmodeltester.check(model)
    assert model.index(0).data(Qt.ItemDataRole.DisplayRole) == SHOWN


def _gui_models() -> list[type[QAbstractItemModel]]:
    models = []
    for info in pkgutil.walk_packages(app.gui.__path__, "app.gui."):
        try:
            module = importlib.import_module(info.name)
        except ImportError:
            # The camera's live picture needs Qt Multimedia's system libraries (PulseAudio
            # among them), which a machine without them lacks: the window imports it only
            # where a camera was found, and it holds no model.
            if info.name == "app.gui.collection.camera_dialog":
                continue
            raise
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            if (cls.__module__ == module.__name__ and issubclass(cls, QAbstractItemModel)
                    and not issubclass(cls, QSortFilterProxyModel) and "data" in vars(cls)):
                models.append(cls)
    return models


@pytest.mark.parametrize("model", _gui_models(), ids=lambda cls: f"{cls.__module__}.{cls.__name__}")
def test_every_model_of_the_window_escapes_its_display_text(model: type) -> None:
    assert hasattr(vars(model)["data"], "__wrapped__"), (
        f"{model.__name__}.data() shows text without @safe_cells")


def test_every_page_has_its_models_checked() -> None:
    found = {f"{cls.__module__}.{cls.__name__}" for cls in _gui_models()}
    assert {"app.gui.decks.models.DeckListModel", "app.gui.decks.models.ZoneModel",
            "app.gui.changes.model.ChangeTilesModel", "app.gui.search.result_model.ResultModel",
            "app.gui.sets.model.FeaturedSetsModel", "app.gui.thema.models.RankModel"} <= found
