"""The window's real start (app/gui/shell/main_window.py, ``open_catalogue(defer=True)``):
what the first paint does not show is built after it, yet menus, shortcuts and clicks
behave as in a window built at once, also before that paint."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QShortcut
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.gui.shell.main_window import MainWindow

pytestmark = pytest.mark.realdata

Opener = Callable[..., MainWindow]


@pytest.fixture
def gate(real_services: Application, monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """Holds the catalogue's searches (in their worker) until set: no first paint before."""
    opened = threading.Event()
    query = real_services.catalogue.query

    def held(*args: Any, **kwargs: Any) -> Any:
        opened.wait(10)
        return query(*args, **kwargs)

    monkeypatch.setattr(real_services.catalogue, "query", held)
    yield opened
    opened.set()


@pytest.fixture
def open_window(qtbot: QtBot, real_services: Application) -> Iterator[Opener]:
    made: list[MainWindow] = []

    def open_(defer: bool = True) -> MainWindow:
        """The frame shown and painted, then the catalogue opened in it (as run_window)."""
        window = MainWindow(None, None, dialogs=False)
        qtbot.addWidget(window)
        made.append(window)
        window.resize(1280, 800)
        with qtbot.waitSignal(window.framePainted):
            window.show()
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
        window.open_catalogue(real_services, defer=defer)
        return window

    yield open_
    for window in made:
        window.shutdown()


def menus(window: MainWindow) -> dict[str, list[str]]:
    """Each menu's title → the texts of its entries."""
    out = {}
    for action in window.menuBar().actions():
        menu = action.menu()
        assert isinstance(menu, QMenu)
        out[action.text()] = [a.text() for a in menu.actions()]
    return out


def shortcuts(window: MainWindow) -> list[str]:
    """Every key sequence the window's actions and shortcuts answer to, sorted."""
    keys = [a.shortcut().toString() for a in window.findChildren(QAction)]
    keys += [s.key().toString() for s in window.findChildren(QShortcut)]
    return sorted(k for k in keys if k)


def test_after_the_first_paint_the_window_is_the_one_built_at_once(
    qtbot: QtBot, open_window: Opener
) -> None:
    deferred = open_window()
    titles = [a.text() for a in deferred.menuBar().actions()]
    qtbot.waitUntil(lambda: deferred.first_painted, timeout=10_000)
    qtbot.waitUntil(lambda: deferred.rest_built)
    at_once = open_window(defer=False)
    qtbot.waitUntil(lambda: at_once.first_painted, timeout=10_000)
    assert titles == ["&File", "&Edit", "&Go", "&View", "&Help"]  # from the first paint
    assert menus(deferred) == menus(at_once)
    assert shortcuts(deferred) == shortcuts(at_once)
    assert deferred.detail.editions.contextMenuPolicy() == Qt.ContextMenuPolicy.CustomContextMenu
    assert deferred.grid.contextMenuPolicy() == Qt.ContextMenuPolicy.CustomContextMenu


def test_before_the_first_paint_only_the_search_page_is_built(
    qtbot: QtBot, open_window: Opener, gate: threading.Event
) -> None:
    window = open_window()
    qtbot.wait(50)
    assert not window.first_painted and not window.rest_built
    assert window.detail.stack.currentWidget().objectName() == "detailHint"
    gate.set()
    qtbot.waitUntil(lambda: window.first_painted, timeout=10_000)
    qtbot.waitUntil(lambda: window.rest_built)  # without any input


def test_a_shortcut_pressed_before_the_first_paint_works(
    qtbot: QtBot, open_window: Opener, gate: threading.Event
) -> None:
    window = open_window()
    assert not window.rest_built
    QTest.keyClick(window.windowHandle(), Qt.Key.Key_F1)  # Help ▸ Search syntax
    assert window.rest_built and not window.first_painted
    assert window.menus.help is not None and window.menus.help.isVisible()
    window.menus.help.close()


def test_a_key_that_is_no_shortcut_still_reaches_the_search_field(
    qtbot: QtBot, open_window: Opener, gate: threading.Event
) -> None:
    window = open_window()
    window.search.setFocus()
    qtbot.waitUntil(window.search.hasFocus)
    QTest.keyClick(window.windowHandle(), Qt.Key.Key_L)
    assert window.rest_built and window.search.text() == "l"


@pytest.mark.qt_log_ignore("does not support (raise|grabbing)")
def test_a_menu_opened_before_the_first_paint_is_whole(
    qtbot: QtBot, open_window: Opener, gate: threading.Event
) -> None:
    window = open_window()
    edit = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Edit")
    assert isinstance(edit, QMenu) and not edit.actions()
    edit.popup(QPoint(0, 0))
    assert "Add to &deck" in [a.text() for a in edit.actions()]
    edit.hide()


def test_a_mouse_press_before_the_first_paint_builds_the_rest(
    qtbot: QtBot, open_window: Opener, gate: threading.Event
) -> None:
    window = open_window()
    QTest.mousePress(window.windowHandle(), Qt.MouseButton.RightButton,
                     Qt.KeyboardModifier.NoModifier, QPoint(640, 400))
    QTest.mouseRelease(window.windowHandle(), Qt.MouseButton.RightButton,
                       Qt.KeyboardModifier.NoModifier, QPoint(640, 400))
    assert window.rest_built
    assert window.grid.contextMenuPolicy() == Qt.ContextMenuPolicy.CustomContextMenu
