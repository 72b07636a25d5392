"""Discoverable features: Help ▸ Search syntax, context menus, Ctrl+E in
the search field, every shortcut in a menu. Over a small GENERATED catalogue."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.gui.shell.main_window import MainWindow
from tests.sync.generated import generated_cards


@pytest.fixture
def window(qtbot: QtBot, empty_services: Application, tmp_path: Path) -> Iterator[MainWindow]:
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps(generated_cards(12)), encoding="utf-8")
    empty_services.importer.import_sources([cards])
    empty_services.importer.generate_demo_thema(days=20)
    shown = MainWindow(empty_services, None, dialogs=False)
    qtbot.addWidget(shown)
    shown.show()
    qtbot.waitUntil(lambda: shown.count_label.text() == "12 cards", timeout=10_000)
    yield shown
    shown.shutdown()


def texts(menu: QMenu) -> list[str]:
    return [a.text() for a in menu.actions() if not a.isSeparator()]


def test_f1_opens_the_cheat_sheet_and_an_example_runs_when_clicked(
    qtbot: QtBot, window: MainWindow
) -> None:
    action = window.menus.syntax_action
    assert action.shortcut() == QKeySequence("F1") and "Search syntax" in action.text()
    action.trigger()
    sheet = window.menus.help
    assert sheet is not None and sheet.isVisible()
    assert "el:fire" in sheet.sheet.text() and "t:champion" in sheet.sheet.text()
    window.show_page("thema")
    sheet.sheet.linkActivated.emit("q:el%3Afire")
    assert window.current_page() == "search" and window.search.text() == "el:fire"


def test_ctrl_e_in_the_search_field_opens_export(qtbot: QtBot, window: MainWindow) -> None:
    window.activateWindow()
    window.search.setFocus()
    qtbot.waitUntil(window.search.hasFocus, timeout=5_000)
    window.search.setText("generated")
    window.search.setCursorPosition(0)
    qtbot.keyClick(window.search, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert window.export.dialog is not None
    assert window.search.cursorPosition() == 0  # not eaten as "end of line"
    window.export.dialog.close()


def test_every_shortcut_appears_in_a_menu(window: MainWindow) -> None:
    shown: set[str] = set()
    menus = [a.menu() for a in window.menuBar().actions()]
    for menu in menus:
        assert isinstance(menu, QMenu)
        for action in menu.actions():
            if not action.shortcut().isEmpty():
                shown.add(action.shortcut().toString())
            if "\t" in action.text():
                shown.add(QKeySequence(action.text().split("\t")[1]).toString())
    keys = {s.key().toString() for s in window.findChildren(QShortcut)}
    keys |= {a.shortcut().toString() for a in window.findChildren(type(window.menus.syntax_action))
             if not a.shortcut().isEmpty()}
    assert keys - shown == set()


def test_right_click_menus_on_tiles_editions_and_thema_rows(
    qtbot: QtBot, window: MainWindow
) -> None:
    index = window.model.index(0)
    menu = window.menus.tile_menu(index)
    assert texts(menu) == ["&Open", "&Gallery", "&Copy image", "Copy &name", "Add to &deck",
                           "&Export…"]
    name = window.model.hit(0).name
    menu.actions()[4].trigger()  # Copy name
    assert QGuiApplication.clipboard().text() == name
    menu.actions()[1].trigger()  # Gallery: loads the card, then shows its editions
    qtbot.waitUntil(window.gallery.isVisible, timeout=10_000)
    window.gallery.close()
    editions = window.detail.editions
    edition_menu = window.menus.edition_menu(editions, editions.model().index(0, 0))
    assert edition_menu is not None
    assert texts(edition_menu) == ["&Copy image", "Copy &name", "&Export…"]
    window.show_page("thema")
    table = window.thema.table
    qtbot.waitUntil(lambda: table.model().rowCount() > 0, timeout=10_000)
    thema_menu = window.menus.thema_menu(table.model().index(0, 0))
    assert texts(thema_menu) == ["Show the &chart", "&Open the card", "Copy &name"]
    thema_menu.actions()[1].trigger()
    assert window.current_page() == "search" and window.search.text().startswith('name:"')
