"""The Decks tab in the main window: Ctrl+4, and cards from the Search page — a tile
dragged onto the deck, the tile's context-menu item and its shortcut (Ctrl+D)."""

from __future__ import annotations

from typing import ClassVar

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.decks.model import Zone
from app.gui.kit import clipboard
from app.gui.kit.card_mime import card_from_mime
from app.gui.shell.main_window import MainWindow

pytestmark = pytest.mark.realdata


@pytest.fixture
def window(real_window: MainWindow) -> MainWindow:
    return real_window


def search(qtbot: QtBot, window: MainWindow, text: str) -> None:
    window.set_query(text)
    qtbot.waitUntil(lambda: window.model.query == text and not window.controller.busy
                    and window.model.rowCount() > 0, timeout=10_000)


class FakeDrag:
    """Stands in for QDrag: keeps the mime data the grid's drag made."""

    made: ClassVar[list[QMimeData]] = []

    def __init__(self, _source: object) -> None:
        pass

    def setMimeData(self, mime: QMimeData) -> None:
        FakeDrag.made.append(mime)

    def setPixmap(self, _pixmap: object) -> None:
        pass

    def exec(self, _action: object) -> Qt.DropAction:
        return Qt.DropAction.CopyAction


def drop(target: object, mime: QMimeData) -> bool:
    """Drag ``mime`` onto ``target`` and drop it there; True when the drop was accepted."""
    actions = Qt.DropAction.CopyAction
    enter = QDragEnterEvent(QPoint(20, 20), actions, mime, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(target, enter)  # type: ignore[arg-type]
    if not enter.isAccepted():
        return False
    event = QDropEvent(QPointF(20, 20), actions, mime, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(target, event)  # type: ignore[arg-type]
    return event.isAccepted()


def test_ctrl_4_shows_the_decks_tab(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.keyClick(window, Qt.Key.Key_4, Qt.KeyboardModifier.ControlModifier)
    assert window.current_page() == "decks"
    assert window.tabs.tabText(window.tabs.currentIndex()) == "Decks"
    qtbot.waitUntil(lambda: window.decks.loaded, timeout=20_000)


def test_a_tile_dragged_from_search_onto_the_deck_is_added(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch,
) -> None:
    search(qtbot, window, "Zephyr")
    index = window.model.index(0)
    slug = window.model.hit(0).slug
    FakeDrag.made = []
    monkeypatch.setattr(clipboard, "QDrag", FakeDrag)
    window.export.drag.start_drag(index)
    (mime,) = FakeDrag.made
    assert card_from_mime(mime) == (slug, None)

    window.show_page("decks")
    qtbot.waitUntil(lambda: window.decks.loaded, timeout=20_000)
    assert drop(window.decks.view, mime)
    qtbot.waitUntil(lambda: window.decks.session.deck_id is not None, timeout=10_000)
    assert drop(window.decks.view, mime)  # a second copy of the same card
    model = window.decks.view.models[Zone.MAIN]
    qtbot.waitUntil(lambda: model.rowCount() == 1 and model.entry(0).quantity == 2,
                    timeout=10_000)
    assert model.index(0, 1).data() == "Zephyr"
    assert not drop(window.decks.view, QMimeData())  # other drags are refused


def test_add_to_deck_from_the_tile_menu_and_ctrl_d(qtbot: QtBot, window: MainWindow) -> None:
    assert window.add_to_deck_action in window.grid.actions()
    assert window.add_to_deck_action.shortcut().toString() == "Ctrl+D"
    search(qtbot, window, "Spirit of Wind")
    menu = window.menus.tile_menu(window.model.index(0))
    assert "Add to &deck" in [action.text() for action in menu.actions()]
    window.grid.setFocus()
    window.grid.setCurrentIndex(window.model.index(0))
    qtbot.keyClick(window.grid, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    page = window.decks
    qtbot.waitUntil(lambda: page.session.deck is not None and page.session.deck_id is not None,
                    timeout=20_000)
    assert page.view.models[Zone.MATERIAL].index(0, 1).data() == window.model.hit(0).name
    search(qtbot, window, "Zephyr")
    window.grid.setCurrentIndex(window.model.index(0))
    window.add_to_deck_action.trigger()
    qtbot.waitUntil(lambda: page.view.models[Zone.MAIN].rowCount() == 1, timeout=10_000)
    assert "Added Zephyr" in window.statusBar().currentMessage()


def test_cards_added_quickly_with_no_deck_open_go_to_one_new_deck(
    qtbot: QtBot, window: MainWindow,
) -> None:
    page = window.decks
    for _ in range(3):
        page.add_card("zephyr")
    qtbot.waitUntil(lambda: page.view.models[Zone.MAIN].rowCount() == 1
                    and page.view.models[Zone.MAIN].entry(0).quantity == 3, timeout=20_000)
    assert [d.name for d in page.session.decks] == ["New deck"]
