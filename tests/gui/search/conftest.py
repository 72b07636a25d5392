"""The search page's window tests share one window: the real catalogue at 1280×800, settled
on the empty query."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from app.gui.shell.main_window import MainWindow
from tests.gui.search.test_page import settle


@pytest.fixture
def window(qtbot: QtBot, real_window: MainWindow) -> MainWindow:
    settle(qtbot, real_window, "")
    return real_window
