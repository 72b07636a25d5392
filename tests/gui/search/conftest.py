"""The search page's window tests share one window: the real catalogue at 1280×800, settled
on the empty query."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from app.bootstrap import Services
from app.gui.shell.main_window import MainWindow
from tests.gui.search.test_page import settle


@pytest.fixture
def window(qtbot: QtBot, real_services: Services) -> Iterator[MainWindow]:
    made = MainWindow(real_services, None, dialogs=False)
    qtbot.addWidget(made)
    made.resize(1280, 800)
    made.show()
    settle(qtbot, made, "")
    yield made
    made.shutdown()
