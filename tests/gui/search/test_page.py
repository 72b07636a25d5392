"""The search page end to end over the real catalogue: the search language, its inline
errors, the filter panel ↔ query text, sort, and tiles per card or per edition."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.gui.devtools.screenshot import take_screenshot
from app.gui.search.result_model import ResultModel
from app.gui.shell.main_window import MainWindow

pytestmark = pytest.mark.realdata


@pytest.fixture
def window(qtbot: QtBot, real_window: MainWindow) -> MainWindow:
    settle(qtbot, real_window, "")
    qtbot.waitUntil(lambda: real_window.browser.filters.combos["element"].count() > 1)  # options in
    return real_window


def settle(qtbot: QtBot, window: MainWindow, text: str) -> None:
    """Wait until ``text`` was searched and answered (results or an inline error)."""
    def answered() -> bool:
        problem = window.browser.error.problem
        shown = window.model.query == text or (problem is not None and problem.query == text)
        return shown and not window.controller.busy and window.search.text() == text
    qtbot.waitUntil(answered, timeout=10_000)


def slugs(window: MainWindow) -> list[str]:
    return [window.model.data(window.model.index(r), ResultModel.SlugRole)
            for r in range(window.model.rowCount())]


def test_a_query_of_the_language_finds_what_the_command_line_finds(
    qtbot: QtBot, window: MainWindow, real_services: Application
) -> None:
    window.set_query("el:fire t:champion")
    settle(qtbot, window, "el:fire t:champion")
    expected = real_services.catalogue.query("el:fire t:champion")
    assert slugs(window) == [hit.slug for hit in expected.hits]
    assert window.count_label.text() == f"{expected.total} cards"
    assert window.browser.error.isHidden() and window.search.property("invalid") is False
    panel = window.browser.filters
    assert panel.combos["element"].currentData() == "FIRE"
    assert panel.combos["type"].currentData() == "CHAMPION"
    assert window.browser.filters_button.text() == "Filters (2)"


def test_edition_terms_hold_on_one_edition_in_the_window(
    qtbot: QtBot, window: MainWindow
) -> None:
    query = 'r:UR s:"DOA 1st"'  # Arcane Sight is UR elsewhere, not in DOA 1st
    window.set_query(query)
    settle(qtbot, window, query)
    assert window.count_label.text() == "5 cards" and "arcane-sight" not in slugs(window)


def test_a_malformed_query_is_shown_inline_and_the_grid_keeps_its_results(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.set_query("spirit")
    settle(qtbot, window, "spirit")
    rows = window.model.rowCount()
    window.search.setFocus()
    window.search.selectAll()
    qtbot.keyClicks(window.search, "lv>>2 (")
    settle(qtbot, window, "lv>>2 (")
    banner = window.browser.error
    assert banner.isVisible() and banner.problem is not None
    assert banner.problem.position == 3 and "expects a number" in banner.message.text()
    assert "lv&gt;=3" in banner.message.text()  # the hint
    assert "lv&gt;<span" in banner.excerpt.text()  # the character at 3 is marked
    assert window.search.property("invalid") is True and "border" in window.search.styleSheet()
    assert banner.geometry().top() > window.search.geometry().bottom()  # right under it
    assert banner.width() == window.search.width()
    assert window.model.query == "spirit" and window.model.rowCount() == rows
    assert not window.browser.filters.isEnabled()  # it cannot show what it cannot read

    window.search.setCursorPosition(0)
    qtbot.keyClick(window.search, Qt.Key.Key_Return)  # stays in the field, at the problem
    assert window.search.hasFocus() and window.search.cursorPosition() == 3
    window.search.setCursorPosition(0)
    qtbot.mouseClick(banner, Qt.MouseButton.LeftButton)
    assert window.search.cursorPosition() == 3

    window.search.setText("lv>=2 (t:champion)")
    settle(qtbot, window, "lv>=2 (t:champion)")
    assert banner.isHidden() and window.search.property("invalid") is False
    assert window.browser.filters.isEnabled() and window.model.rowCount() > 0


def test_tiles_per_edition_and_the_count(qtbot: QtBot, window: MainWindow) -> None:
    assert window.count_label.text() == "2,235 cards"
    window.browser.options.per_buttons["edition"].click()
    qtbot.waitUntil(lambda: window.model.per == "edition" and not window.controller.busy)
    assert window.model.rowCount() == 4414 and window.count_label.text() == "4,414 editions"
    subtitle = window.model.data(window.model.index(0), ResultModel.SubtitleRole)
    assert " · " in subtitle
    window.set_query("zzqxv")
    settle(qtbot, window, "zzqxv")
    assert window.grid.empty_text() == "No editions match “zzqxv”"
    assert window.count_label.text() == "No editions"
    window.browser.options.per_buttons["card"].click()
    qtbot.waitUntil(lambda: window.model.per == "card" and not window.controller.busy)
    assert window.grid.empty_text() == "No cards match “zzqxv”"


def test_sort_and_direction(qtbot: QtBot, window: MainWindow, real_services: Application) -> None:
    window.set_query("t:champion")
    settle(qtbot, window, "t:champion")
    options = window.browser.options
    options.sort_box.setCurrentIndex(options.sort_box.findData("level"))
    options.direction.click()
    assert options.direction.text().startswith("↓")
    expected = real_services.catalogue.query("t:champion", sort="level", descending=True)
    qtbot.waitUntil(lambda: slugs(window) == [hit.slug for hit in expected.hits],
                    timeout=10_000)


def test_a_filter_edit_writes_the_query(qtbot: QtBot, window: MainWindow) -> None:
    window.set_query("spirit -t:ally")
    settle(qtbot, window, "spirit -t:ally")
    panel = window.browser.filters
    requests: list[object] = []
    window.browser.searchRequested.connect(requests.append)
    panel.combos["element"].setCurrentIndex(panel.combos["element"].findData("FIRE"))
    assert window.search.text() == "spirit -t:ally el:fire"
    low = panel.ranges["lv"][0]
    low.setValue(2)
    assert window.search.text() == "spirit -t:ally el:fire lv>=2"
    settle(qtbot, window, "spirit -t:ally el:fire lv>=2")
    assert len(requests) == 1  # debounced, and no loop between the panel and the field
    assert panel.combos["element"].currentData() == "FIRE" and low.bound() == 2
    window.search.undo()  # a filter edit is one undo step
    assert window.search.text() == "spirit -t:ally el:fire"
    panel.clear_button.click()
    assert window.search.text() == "spirit -t:ally"  # the words stay


def test_typing_a_query_updates_the_filters(qtbot: QtBot, window: MainWindow) -> None:
    window.search.setFocus()
    qtbot.keyClicks(window.search, "el:fire lv>=2")
    settle(qtbot, window, "el:fire lv>=2")
    panel = window.browser.filters
    assert panel.combos["element"].currentData() == "FIRE"
    assert panel.ranges["lv"][0].bound() == 2 and panel.ranges["lv"][1].bound() is None
    assert window.search.text() == "el:fire lv>=2"  # the panel never rewrites typed text
    qtbot.keyClicks(window.search, " or el:water")  # an or: nothing the panel can show
    settle(qtbot, window, "el:fire lv>=2 or el:water")
    assert panel.state().count() == 0
    assert panel.combos["element"].currentText() == "Any"


@pytest.mark.parametrize(("query", "per"), [("el:fire t:champion", "edition"), ("lv>>2 (", "card")])
def test_screenshots_of_the_language_settle(
    qapp: object, real_services: Application, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    query: str, per: str,
) -> None:
    out = tmp_path / "search.png"
    assert take_screenshot(real_services, out, query=query, per=per, sort="thema",
                           descending=True, size=(1280, 800)) == 0
    assert out.is_file()
    assert "not everything was loaded" not in capsys.readouterr().err  # it settled
