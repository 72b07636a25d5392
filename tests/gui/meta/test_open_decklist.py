"""The Meta page's "Open a decklist…" over the GENERATED events (made up for the tests):
the decklists of the selected card listed, the chosen one read and shown on the Decks
page as of its event's start, without being kept."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QItemSelectionModel, QThreadPool
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.gui.meta.model import CARD
from app.gui.meta.open_decklist import decklist_label
from app.gui.meta.page import MetaPage
from app.gui.shell.main_window import MainWindow


class Chooser:
    """Records what the person was offered and picks the ``pick``th row."""

    def __init__(self, pick: int) -> None:
        self.pick, self.offered, self.title = pick, list[str](), ""

    def __call__(self, parent: object, title: str, rows: Sequence[Any]) -> Any:
        self.title, self.offered = title, [decklist_label(row) for row in rows]
        return rows[self.pick]


def select(page: MetaPage, name: str) -> None:
    model = page.sorted
    row = next(r for r in range(model.rowCount()) if model.data(model.index(r, CARD)) == name)
    page.table.selectionModel().setCurrentIndex(
        model.index(row, CARD), QItemSelectionModel.SelectionFlag.ClearAndSelect
        | QItemSelectionModel.SelectionFlag.Rows)


def open_page(qtbot: QtBot, services: Application, pool: QThreadPool,
              chooser: Chooser) -> MetaPage:
    page = MetaPage(services.events, pool, choose_deck=chooser)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: page.loaded and not page.busy, timeout=10_000)
    return page


def test_the_decklists_of_the_selected_card_are_offered_and_the_chosen_one_asked_for(
        qtbot: QtBot, services: Application, pool: QThreadPool) -> None:
    chooser = Chooser(1)
    page = open_page(qtbot, services, pool, chooser)
    select(page, "Backstep")
    with qtbot.waitSignal(page.decklistRequested, timeout=10_000) as asked:
        page.open_button.click()
    assert chooser.title == "The 3 decklists that play Backstep:"
    assert chooser.offered == [
        "2026-04-27 · Generated Regional #1 — Lorraine",
        "2026-04-27 · Generated Regional #2 — Jin",
        "2026-05-06 · Generated Store Championship #2 — Lorraine"]
    parsed = asked.args[0]
    assert (parsed.event, parsed.index, parsed.started) == (
        "Generated Regional", 1, "2026-04-27T10:00:00.000Z")
    assert sum(line.quantity for line in parsed.lines) == 10


def test_without_a_selected_card_every_decklist_in_range_is_offered(
        qtbot: QtBot, services: Application, pool: QThreadPool) -> None:
    chooser = Chooser(3)
    page = open_page(qtbot, services, pool, chooser)
    with qtbot.waitSignal(page.decklistRequested, timeout=10_000) as asked:
        page.open_button.click()
    assert chooser.title == "The 4 decklists in this range:"
    assert asked.args[0].event == "Generated Store Championship"


def test_the_chosen_decklist_opens_on_the_decks_page_as_of_its_event_unkept(
        qtbot: QtBot, services: Application) -> None:
    window = MainWindow(services, None, dialogs=False)
    qtbot.addWidget(window)
    window.show()
    try:
        window.show_page("meta")
        page = window.meta
        qtbot.waitUntil(lambda: page.loaded and not page.busy, timeout=10_000)
        page.opener._choose = Chooser(0)
        select(page, "Mystery Card")
        page.open_button.click()
        decks = window.decks
        qtbot.waitUntil(lambda: decks.session.deck is not None, timeout=10_000)
        assert window.current_page() == "decks"
        deck = decks.session.deck
        assert deck is not None
        assert (deck.name, deck.as_of) == ("Generated Store Championship #2",
                                           "2026-05-06T18:00:00Z")
        assert services.decks.deck_store().decks() == []
    finally:
        window.shutdown()
