"""The Collection page and the card page's owned copies, in the main window over the real
2026-04-04 catalogue (a private copy; the collection built from its real editions)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from app.gui.shell.main_window import MainWindow

pytestmark = pytest.mark.realdata


@pytest.fixture
def window(qtbot: QtBot, real_window: MainWindow) -> MainWindow:
    qtbot.waitUntil(lambda: real_window.model.rowCount() > 0, timeout=10_000)
    return real_window


def _owned_csv(tmp_path: Path) -> Path:
    path = tmp_path / "owned.csv"
    path.write_text("Count,Set Code,Card Number,Rarity,Printing,Tag\n"
                    "3,DOA 1st,004,CUR,foil,trade\n2,DOA 1st,004,C,,\n1,ALC,001,,,\n",
                    encoding="utf-8")
    return path


def test_import_shows_totals_and_ctrl_z_undoes_it(qtbot: QtBot, window: MainWindow,
                                                  tmp_path: Path) -> None:
    window.show_page("collection")
    page = window.collection
    qtbot.waitUntil(lambda: page.view is not None and page.sets.rowCount() > 0,
                    timeout=10_000)  # the entries first, then set completion
    assert page.totals.text().startswith("No cards owned yet")
    assert not page.undo_button.isEnabled()
    with qtbot.waitSignals([page.loaded, page.setsLoaded], timeout=10_000):
        page.import_csv(_owned_csv(tmp_path))
    assert page.totals.text() == "6 copies · 3 editions · 2 cards"
    assert page.entries.rowCount() == 3
    ModelTester(None).check(page.entries)
    ModelTester(None).check(page.sets)
    doa = next(r for r in range(page.sets.rowCount())
               if page.sets.completion(r).prefix == "DOA 1st")
    page.sets_view.selectRow(doa)
    assert page.missing_title.text() == "DOA 1st: 2 of 287 editions owned — 285 missing"
    assert page.missing.rowCount() == 285
    page.tiles_button.click()
    assert page.owned_stack.currentWidget() is page.tiles

    page.tiles.setFocus()
    with qtbot.waitSignal(page.loaded, timeout=10_000):
        qtbot.keyClick(page.tiles, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert page.totals.text().startswith("No cards owned yet")
    assert window.statusBar().currentMessage() == "Undid import of owned.csv"


def test_plus_and_minus_on_the_card_page_and_ctrl_z(qtbot: QtBot, window: MainWindow) -> None:
    window.select_card("lorraine-wandering-warrior")
    pane = window.detail
    qtbot.waitUntil(lambda: pane.slug == "lorraine-wandering-warrior", timeout=10_000)
    editions = pane.detail.editions  # type: ignore[union-attr]
    row = next(r for r, e in enumerate(editions)
               if (e.set_prefix, e.collector_number) == ("DOA 1st", "004") and "CUR" in e.label)
    pane.editions.setCurrentIndex(pane.edition_model.index(row))
    plus = pane.owned.buttons[False, 1]
    minus = pane.owned.buttons[False, -1]
    assert pane.owned.counts[False].text() == "Non-foil 0" and not minus.isEnabled()

    def counts() -> tuple[int, int]:
        return pane.edition_model.owned(row)

    qtbot.mouseClick(plus, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: counts() == (1, 0), timeout=10_000)
    qtbot.mouseClick(plus, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: counts() == (2, 0), timeout=10_000)
    assert pane.owned.counts[False].text() == "Non-foil 2" and minus.isEnabled()
    assert "owned 2" in pane.edition_model.data(pane.edition_model.index(row),
                                                pane.edition_model.OwnedRole)
    pane.editions.setFocus()
    qtbot.keyClick(pane.editions, Qt.Key.Key_Plus, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: counts() == (2, 1), timeout=10_000)
    qtbot.keyClick(pane.editions, Qt.Key.Key_Minus)
    qtbot.waitUntil(lambda: counts() == (1, 1), timeout=10_000)
    qtbot.keyClick(pane.editions, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: counts() == (2, 1), timeout=10_000)
    assert window.statusBar().currentMessage().startswith("Undid remove a non-foil copy")
    owned = window._services.collection.collection_store().owned()  # type: ignore[union-attr]
    assert owned == {pane.detail.editions[row].uuid: (2, 1)}  # type: ignore[union-attr]


def test_search_tiles_carry_the_copies_owned_and_view_hides_them(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    window.set_query('"lorraine, wandering warrior"')
    qtbot.waitUntil(lambda: window.model.rowCount() == 1 and not window.controller.searching,
                    timeout=10_000)
    role = window.model.OwnedRole
    assert window.model.data(window.model.index(0), role) is None
    window.show_page("collection")
    page = window.collection
    qtbot.waitUntil(lambda: page.view is not None, timeout=10_000)
    page.import_csv(_owned_csv(tmp_path))  # 3 foil CUR and 2 C copies of Lorraine
    qtbot.waitUntil(lambda: window.model.data(window.model.index(0), role) == 5, timeout=10_000)
    window.menus.owned_badges_action.setChecked(False)
    qtbot.waitUntil(lambda: window.model.data(window.model.index(0), role) is None,
                    timeout=10_000)
    window.menus.owned_badges_action.setChecked(True)
    qtbot.waitUntil(lambda: window.model.data(window.model.index(0), role) == 5, timeout=10_000)
