"""The main window over the real catalogue: search, grid, detail, keyboard, settings.

The search page's language, filters, sort and tiles per edition: test_search_page.py."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QKeySequence
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.gui.kit.settings import open_settings
from app.gui.search.result_model import ResultModel
from app.gui.shell.main_window import MainWindow
from app.gui.shell.search_wiring import count_text

pytestmark = pytest.mark.realdata

WindowFactory = Callable[..., MainWindow]


@pytest.fixture
def make_window(qtbot: QtBot, real_services: Application) -> Iterator[WindowFactory]:
    made: list[MainWindow] = []

    def make(services: Application = real_services, settings: bool = False) -> MainWindow:
        window = MainWindow(services, open_settings(services.paths) if settings else None,
                            dialogs=False)
        qtbot.addWidget(window)
        made.append(window)
        window.show()
        qtbot.waitUntil(lambda: window.model.rowCount() > 0 or window.model.query != "")
        return window

    yield make
    for window in made:
        window.shutdown()


def wait_for_query(qtbot: QtBot, window: MainWindow, text: str) -> None:
    qtbot.waitUntil(lambda: window.model.query == text and not window.controller.busy,
                    timeout=10_000)


def slugs(window: MainWindow) -> list[str]:
    return [window.model.data(window.model.index(r), ResultModel.SlugRole)
            for r in range(window.model.rowCount())]


def test_typing_a_name_shows_its_card_first_and_selecting_shows_the_detail(
    qtbot: QtBot, make_window: WindowFactory, real_services: Application
) -> None:
    window = make_window()
    wait_for_query(qtbot, window, "")
    assert window.model.rowCount() == 2235
    assert window.count_label.text() == "2,235 cards"

    qtbot.keyClicks(window.search, "Spirit of Fire")
    wait_for_query(qtbot, window, "Spirit of Fire")
    expected = [hit.slug for hit in real_services.catalogue.query("Spirit of Fire").hits]
    assert slugs(window) == expected  # by name, like the command line
    assert "spirit-of-fire" in expected and "aithne-spirit-of-fire" in expected
    assert window.count_label.text() == count_text(len(expected))

    window.grid.setCurrentIndex(window.model.index(slugs(window).index("spirit-of-fire")))
    qtbot.waitUntil(lambda: window.detail.slug == "spirit-of-fire", timeout=10_000)
    detail = window.detail
    assert detail.name.text() == "Spirit of Fire"
    assert "<b>On Enter:</b> Draw seven cards." in detail.effect.text()
    card = real_services.catalogue.card("spirit-of-fire")
    assert detail.edition_model.rowCount() == len(card["editions"])
    assert detail.editions_title.text() == f"{len(card['editions'])} editions"
    assert "Smoldering flames" in detail.flavor.text()
    assert "Life" in detail.facts.text() and "15" in detail.facts.text()


def test_the_search_is_debounced_and_runs_off_the_gui_thread(
    qtbot: QtBot, make_window: WindowFactory, real_services: Application, monkeypatch: Any
) -> None:
    calls: list[tuple[str, bool]] = []
    original = real_services.catalogue.query

    def spy(text: str, **options: Any) -> Any:
        calls.append((text, threading.current_thread() is threading.main_thread()))
        return original(text, **options)

    monkeypatch.setattr(real_services.catalogue, "query", spy)
    window = make_window()
    wait_for_query(qtbot, window, "")
    calls.clear()
    qtbot.keyClicks(window.search, "blaz")
    wait_for_query(qtbot, window, "blaz")
    assert calls == [("blaz", False)]  # one search for four keystrokes, in a worker


def test_no_results_says_so(qtbot: QtBot, make_window: WindowFactory) -> None:
    window = make_window()
    window.set_query("zzqxv nothing")
    wait_for_query(qtbot, window, "zzqxv nothing")
    assert window.model.rowCount() == 0
    assert window.grid.empty_text() == "No cards match “zzqxv nothing”"
    assert window.count_label.text() == "No cards"


def test_keyboard_arrows_enter_ctrl_f_and_escape(qtbot: QtBot, make_window: WindowFactory) -> None:
    window = make_window()
    window.set_query("spirit")
    wait_for_query(qtbot, window, "spirit")
    qtbot.keyClick(window.search, Qt.Key.Key_Return)  # Enter in the field: on to the grid
    assert window.grid.hasFocus() or window.focusWidget() is window.grid
    window.grid.setCurrentIndex(window.model.index(0))
    qtbot.keyClick(window.grid, Qt.Key.Key_Right)
    assert window.grid.currentIndex().row() == 1
    second = window.model.data(window.model.index(1), ResultModel.SlugRole)
    with qtbot.waitSignal(window.browser.cardActivated) as activated:
        qtbot.keyClick(window.grid, Qt.Key.Key_Return)  # Enter opens the card
    assert activated.args == [second]
    qtbot.waitUntil(lambda: window.detail.slug == second, timeout=10_000)

    window.grid.setFocus()
    qtbot.keyClick(window.grid, Qt.Key.Key_Escape)  # Esc in the grid: back to the field
    assert window.search.hasFocus()
    assert window.search.text() == "spirit"  # the query stays …
    assert window.grid.selectionModel().selectedIndexes() == []  # … the selection goes
    assert window.detail.slug == second
    window.grid.setCurrentIndex(window.model.index(1))

    qtbot.keySequence(window, QKeySequence(QKeySequence.StandardKey.Find))
    assert window.search.hasFocus()
    assert window.search.selectedText() == "spirit"
    qtbot.keyClick(window.search, Qt.Key.Key_Escape)
    assert window.search.text() == ""
    wait_for_query(qtbot, window, "")
    assert window.model.rowCount() == 2235
    assert window.detail.slug == second  # the detail stays, and so does its tile
    assert window.grid.currentIndex().data(ResultModel.SlugRole) == second


def test_a_card_outside_the_results_is_still_shown(
    qtbot: QtBot, make_window: WindowFactory
) -> None:
    window = make_window()
    window.set_query("spirit")
    wait_for_query(qtbot, window, "spirit")
    window.select_card("aqua-vitae")
    qtbot.waitUntil(lambda: window.detail.slug == "aqua-vitae", timeout=10_000)
    assert "<b>Brew</b>" in window.detail.effect.text()
    window.select_card("no-such-card")
    qtbot.waitUntil(lambda: window.detail.slug is None, timeout=10_000)
    assert "no-such-card" in window.statusBar().currentMessage()


def test_first_painted_is_emitted_once_results_are_painted(
    qtbot: QtBot, real_services: Application
) -> None:
    window = MainWindow(real_services, None, dialogs=False)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.firstPainted, timeout=10_000):
        window.show()
    assert window.first_painted and window.model.rowCount() == 2235
    window.shutdown()


def test_geometry_splitter_query_sort_and_tiles_are_remembered(
    qtbot: QtBot, make_window: WindowFactory, real_services: Application
) -> None:
    window = make_window(settings=True)
    window.resize(720, 520)  # within the offscreen screen (800 × 600)
    window.browser.filters_button.click()  # hide the filters
    window.browser.layout().activate()  # the splitter takes their room
    window.splitter.setSizes([420, 284])
    sizes = window.splitter.sizes()
    window.browser.set_search_options("edition", "level", True)
    window.set_query("blazing")
    wait_for_query(qtbot, window, "blazing")
    window.close()
    assert (real_services.paths.data / "archivist-gui.ini").is_file()

    again = make_window(settings=True)
    assert again.search.text() == "blazing"
    wait_for_query(qtbot, again, "blazing")
    assert again.size() == QSize(720, 520)
    assert again.splitter.sizes() == sizes
    options = again.browser.options
    assert (options.per, options.sort, options.descending) == ("edition", "level", True)
    assert again.model.per == "edition" and again.browser.filters.isHidden()


def test_down_in_the_search_field_moves_to_the_first_tile(
    qtbot: QtBot, make_window: WindowFactory
) -> None:
    window = make_window()
    window.set_query("spirit")
    wait_for_query(qtbot, window, "spirit")
    window.search.setFocus()
    qtbot.keyClick(window.search, Qt.Key.Key_Down)
    assert window.grid.currentIndex().row() == 0
    first = window.model.data(window.model.index(0), ResultModel.SlugRole)
    qtbot.waitUntil(lambda: window.detail.slug == first, timeout=10_000)


@pytest.mark.allow_log(r"^search failed: RuntimeError: disk on fire")
def test_failures_go_to_the_status_bar_or_a_dialog(
    qtbot: QtBot, real_services: Application
) -> None:
    from PySide6.QtWidgets import QMessageBox

    from app.errors import NotFound

    window = MainWindow(real_services, None, dialogs=True)
    qtbot.addWidget(window)
    window.show()
    window.controller.failed.emit("card", NotFound("Card not found: no card has the slug 'x'"))
    assert window.statusBar().currentMessage().startswith("Card not found")
    assert window.findChildren(QMessageBox) == []
    assert window.detail.slug is None

    window.controller.failed.emit("search", RuntimeError("disk on fire"))
    (box,) = window.findChildren(QMessageBox)
    assert "disk on fire" in box.detailedText() and "RuntimeError" in box.detailedText()
    assert "disk on fire" in window.statusBar().currentMessage()
    box.close()
    window.shutdown()
