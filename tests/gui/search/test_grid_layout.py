"""The grid behaves: a new search shows from the top, the column count
never depends on whether the scroll bar shows, and small windows keep two columns with the
filter panel folded away. Over the real catalogue."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSize
from pytestqt.qtbot import QtBot

from app.gui.shell.main_window import MINIMUM_SIZE, MainWindow
from tests.gui.search.test_page import settle

pytestmark = pytest.mark.realdata


def columns(window: MainWindow) -> int:
    grid = window.grid
    return max(1, grid.viewport().width() // grid.gridSize().width())


def test_a_new_search_shows_its_first_row(qtbot: QtBot, window: MainWindow) -> None:
    bar = window.grid.verticalScrollBar()
    bar.setValue(bar.maximum() // 2)
    window.set_query("el:fire")
    settle(qtbot, window, "el:fire")
    qtbot.waitUntil(lambda: bar.value() == 0, timeout=5_000)
    first = window.grid.visualRect(window.model.index(0))
    assert first.top() >= 0 and window.grid.visible_rows()[0] == 0


def test_the_columns_do_not_depend_on_the_scroll_bar(qtbot: QtBot, window: MainWindow) -> None:
    grid = window.grid
    cell = grid.gridSize()
    window.set_query("lorraine")  # a few rows: no scroll bar
    settle(qtbot, window, "lorraine")
    qtbot.wait(50)
    assert grid.gridSize() == cell
    window.set_query("")  # every card: a scroll bar
    settle(qtbot, window, "")
    qtbot.wait(50)
    assert grid.gridSize() == cell and grid.verticalScrollBar().maximum() > 0


@pytest.mark.parametrize("size", [QSize(800, 600), MINIMUM_SIZE])
def test_small_windows_fold_the_filters_and_keep_two_columns(
    qtbot: QtBot, window: MainWindow, size: QSize
) -> None:
    assert window.browser.filters.isVisible()
    window.resize(size)
    qtbot.waitUntil(lambda: not window.browser.filters.isVisible(), timeout=5_000)
    qtbot.wait(50)
    assert columns(window) >= 2
    assert window.grid.gridSize().width() * 2 <= window.grid.viewport().width()
    window.resize(1280, 800)
    qtbot.waitUntil(window.browser.filters.isVisible, timeout=5_000)
