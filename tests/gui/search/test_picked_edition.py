"""The edition picked in the grid is the one the detail pane and the gallery show."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.gui.search.result_model import ResultModel, edition_of
from app.gui.shell.main_window import MainWindow
from app.model.query import EditionHit
from app.model.vocabulary import rarity_by_number
from tests.gui.search.test_page import settle

pytestmark = pytest.mark.realdata


def row_of_tile(window: MainWindow, subtitle: str, name: str) -> int:
    model = window.model
    return next(r for r in range(model.rowCount())
                if model.data(model.index(r)) == name
                and model.data(model.index(r), ResultModel.SubtitleRole) == subtitle)


def shown_edition(window: MainWindow) -> str:
    detail, row = window.detail.detail, window.detail.current_edition()
    assert detail is not None and row >= 0
    return detail.editions[row].uuid


def click_tile(qtbot: QtBot, window: MainWindow, row: int) -> None:
    index = window.model.index(row)
    rect = window.grid.visualRect(index)
    window.grid.scrollTo(index)
    rect = window.grid.visualRect(index)
    qtbot.mouseClick(window.grid.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_the_clicked_edition_tile_is_the_edition_shown_and_opened(
        qtbot: QtBot, window: MainWindow) -> None:
    window.browser.options.per_buttons["edition"].click()
    window.set_query("lorraine")
    settle(qtbot, window, "lorraine")
    qtbot.waitUntil(lambda: window.model.per == "edition" and not window.controller.busy)
    cur = row_of_tile(window, "DOA 1st · 005 · CUR", "Lorraine, Blademaster")
    hit = window.model.hit(cur)
    assert isinstance(hit, EditionHit)
    click_tile(qtbot, window, cur)
    qtbot.waitUntil(lambda: window.detail.slug == hit.slug and not window.controller.busy)
    assert shown_edition(window) == hit.uuid
    cur_name = rarity_by_number(8).name  # type: ignore[union-attr]
    assert cur_name in window.detail.edition_panel.title.text() + \
        window.detail.edition_panel.side.text()

    # another tile of the same card: the pane follows without reloading the card
    alter = row_of_tile(window, "DOA Alter · 005 · C", "Lorraine, Blademaster")
    click_tile(qtbot, window, alter)
    qtbot.waitUntil(lambda: shown_edition(window) == window.model.hit(alter).uuid)
    click_tile(qtbot, window, cur)
    qtbot.waitUntil(lambda: shown_edition(window) == hit.uuid)

    # Ctrl+G: the gallery's current tile is that edition
    window.detail.nav.galleryRequested.emit()
    qtbot.waitUntil(window.gallery.isVisible)
    current = window.gallery.view.currentIndex()
    assert current.isValid()
    assert window.gallery.model.edition(current.row()).uuid == hit.uuid
    window.gallery.close()

    # a new search keeps the picked tile current
    window.set_query("lorraine blademaster")
    settle(qtbot, window, "lorraine blademaster")
    assert edition_of(window.model.hit(window.grid.currentIndex().row())) == hit.uuid
    assert shown_edition(window) == hit.uuid


def test_a_card_tile_opens_the_edition_it_shows(qtbot: QtBot, window: MainWindow) -> None:
    window.set_query('s:"DOA 1st" r:CUR')
    settle(qtbot, window, 's:"DOA 1st" r:CUR')
    row = window.model.row_of("lorraine-blademaster")
    assert row is not None
    click_tile(qtbot, window, row)
    qtbot.waitUntil(lambda: window.detail.slug == "lorraine-blademaster"
                    and not window.controller.busy)
    assert shown_edition(window) == edition_of(window.model.hit(row))


def test_a_thema_ranking_row_opens_its_card_on_the_search_page(
        qtbot: QtBot, window: MainWindow) -> None:
    window.show_page("thema")
    window.thema.cardRequested.emit("lorraine-blademaster")
    assert window.current_page() == "search"
    qtbot.waitUntil(lambda: window.detail.slug == "lorraine-blademaster", timeout=10_000)


def test_the_result_count_shows_on_the_search_page_only(window: MainWindow) -> None:
    """The count says how many cards the search found; other pages have no such count."""
    assert window.count_label.isVisible() and window.count_label.text() == "2,235 cards"
    for page in ("sets", "thema"):
        window.show_page(page)
        assert not window.count_label.isVisible()
    window.show_page("search")
    assert window.count_label.isVisible()
