"""The Meta page over GENERATED events imported into a private data folder: the meta shown,
the filters, the empty state, and a double-clicked card opening the card page."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QThreadPool
from PySide6.QtGui import QKeySequence
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.gui.meta.data import OTHER
from app.gui.meta.model import CARD, CardsModel
from app.gui.meta.page import IMPORT_COMMAND, MetaPage
from app.gui.shell.main_window import MainWindow
from tests.events.conftest import write_events
from tests.gui.meta.conftest import catalogue_with_events


def open_page(qtbot: QtBot, services: Application, pool: QThreadPool) -> MetaPage:
    page = MetaPage(services.events, pool)
    qtbot.addWidget(page)
    page.resize(1100, 700)
    page.show()
    qtbot.waitUntil(lambda: page.loaded and not page.busy, timeout=10_000)
    return page


def rows(page: MetaPage) -> dict[str, list[str]]:
    """Card name → its row's texts, in the table's order."""
    model = page.sorted
    return {str(model.data(model.index(r, CARD))): [
        str(model.data(model.index(r, c))) for c in range(1, model.columnCount())]
        for r in range(model.rowCount())}


def test_the_page_shows_the_stored_events_meta(qtbot: QtBot, services: Application,
                                               pool: QThreadPool) -> None:
    page = open_page(qtbot, services, pool)
    assert page.stack.currentIndex() == 0
    assert page.heading.text() == "2 events · 4 decklists · 2026-04-27 to 2026-05-06"
    table = rows(page)
    # Backstep: in 3 of 4 decklists, 4 + 2 + 3 copies; both of the first event's, one of
    # the second's: its inclusion fell from 100 % to 50 %
    assert table["Backstep"] == ["3", "75.0%", "3.00", "▼ 50.0 pts"]
    assert list(table)[:2] == ["Backstep", "Spirit of Fire"]  # most played first (3 each)
    assert "Mystery Card" in table  # a name no card has is counted too
    series = page.chart.series
    assert "Lorraine" in series and OTHER not in series  # fewer lineages than the top 8
    assert series["Lorraine"].count() == 2  # one point a week


def test_the_filters_narrow_the_meta_to_one_category(qtbot: QtBot, services: Application,
                                                     pool: QThreadPool) -> None:
    page = open_page(qtbot, services, pool)
    box = page.category_box
    assert [box.itemData(i) for i in range(box.count())] == [
        None, "regionals", "store-championships"]
    box.setCurrentIndex(box.findData("store-championships"))
    qtbot.waitUntil(lambda: not page.busy and page.view is not None
                    and page.view.scope.category == "store-championships", timeout=10_000)
    assert page.heading.text() == "1 event · 2 decklists · 2026-05-06 to 2026-05-06"
    assert box.currentData() == "store-championships"  # kept when the choices refill
    assert rows(page)["Backstep"][:3] == ["1", "50.0%", "3.00"]


def test_dates_outside_every_event_say_no_decklist_falls_within(
        qtbot: QtBot, services: Application, pool: QThreadPool) -> None:
    page = open_page(qtbot, services, pool)
    assert page.start_edit.text() == "Any"
    page.start_edit.setDate(page.start_edit.maximumDate())  # the last event's day
    page.end_edit.setDate(page.start_edit.maximumDate())
    qtbot.waitUntil(lambda: not page.busy and page.view is not None
                    and page.view.scope.end == "2026-05-06", timeout=10_000)
    assert page.view is not None and page.view.scope.start == "2026-05-06"
    assert page.heading.text().startswith("1 event · 2 decklists")


def test_without_events_the_page_says_how_to_import_them_and_imports_a_folder(
        qtbot: QtBot, tmp_path: Path, pool: QThreadPool) -> None:
    services = catalogue_with_events(tmp_path / "data", events=False)
    folder = tmp_path / "events"
    write_events(folder)
    chosen: list[Path | None] = [None, folder]  # first cancelled, then the folder
    try:
        page = MetaPage(services.events, pool, choose_folder=lambda _parent: chosen.pop(0))
        qtbot.addWidget(page)
        page.show()
        qtbot.waitUntil(lambda: page.loaded and not page.busy, timeout=10_000)
        assert page.stack.currentWidget() is page.empty
        assert page.empty.title.text() == "No events yet"
        assert page.empty.command.text() == IMPORT_COMMAND == "archivist events import FOLDER"
        assert page.empty.button.text() == "Import events…"
        page.empty.button.click()  # cancelled: nothing happens
        assert not page.importing and page.stack.currentWidget() is page.empty
        with qtbot.waitSignal(page.message, timeout=10_000) as said:
            page.empty.button.click()
        assert said.args == ["Imported 2 events (4 decklists)"]
        qtbot.waitUntil(lambda: not page.busy and page.stack.currentIndex() == 0,
                        timeout=10_000)
        assert page.heading.text().startswith("2 events · 4 decklists")
    finally:
        services.store.close()


def test_double_clicking_a_card_asks_for_its_card_page(
        qtbot: QtBot, services: Application, pool: QThreadPool) -> None:
    page = open_page(qtbot, services, pool)
    model = page.sorted
    at = {str(model.data(model.index(r, CARD))): r for r in range(model.rowCount())}
    asked: list[str] = []
    page.cardRequested.connect(asked.append)
    page.table.doubleClicked.emit(model.index(at["Backstep"], 2))
    page.table.doubleClicked.emit(model.index(at["Mystery Card"], CARD))  # no card: nothing
    assert asked == ["backstep"]
    assert model.data(model.index(at["Backstep"], CARD), CardsModel.SlugRole) == "backstep"


def test_ctrl_7_shows_the_meta_and_a_double_clicked_card_opens_its_card_page(
        qtbot: QtBot, services: Application) -> None:
    window = MainWindow(services, None, dialogs=False)
    qtbot.addWidget(window)
    window.show()
    try:
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        qtbot.keySequence(window, QKeySequence("Ctrl+7"))
        assert window.current_page() == "meta"
        page = window.meta
        qtbot.waitUntil(lambda: page.loaded and not page.busy, timeout=10_000)
        model = page.sorted
        row = next(r for r in range(model.rowCount())
                   if model.data(model.index(r, CARD)) == "Backstep")
        page.table.doubleClicked.emit(model.index(row, CARD))
        assert window.current_page() == "search"
        qtbot.waitUntil(lambda: window.detail.slug == "backstep", timeout=10_000)
    finally:
        window.shutdown()
