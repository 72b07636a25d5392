"""The Decks page as seen at 1280 × 800 and 1024 × 700 with a real event's 56 decklists
kept (event 50623): the kept decks' rows differ, card names are whole, the summary under
the curve is not squeezed under the next panel."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from pytestqt.qtbot import QtBot

from app.decks import Zone
from app.gui.decks.deck_view import NAME_COLUMN
from app.gui.decks.models import row_label
from app.gui.shell.main_window import MainWindow
from tests.conftest import SHARED_DATA

pytestmark = pytest.mark.realdata
EVENT = SHARED_DATA / "decklists" / "50623.json"
EVENT_NAME = "Reaper Game Store - Texas Regional"


def test_row_labels_put_an_events_deck_number_and_champion_first() -> None:
    assert row_label(f"{EVENT_NAME} #12", "Jin, Undying Resolve") == (
        f"#12 Jin, Undying Resolve — {EVENT_NAME}")
    assert row_label(f"{EVENT_NAME} #12") == f"#12 — {EVENT_NAME}"
    assert row_label("Aggro", "Tristan, Shadowdancer") == "Aggro — Tristan, Shadowdancer"
    assert row_label("Aggro") == "Aggro"
    assert row_label("#3") == "#3"


@pytest.mark.parametrize("size", [(1280, 800), (1024, 700)])
def test_kept_event_decks_differ_in_the_list_and_names_and_summary_are_whole(
    qtbot: QtBot, real_window: MainWindow, size: tuple[int, int],
) -> None:
    window = real_window
    window.resize(*size)
    window.show_page("decks")
    page = window.decks
    qtbot.waitUntil(lambda: page.loaded, timeout=20_000)
    page.session.import_file(EVENT)
    qtbot.waitUntil(lambda: page.list_model.rowCount() == 56, timeout=60_000)
    model = page.list_model
    # The champions are found in the background, then shown.
    qtbot.waitUntil(lambda: not any(model.index(r).data() == f"#{r + 1} — {EVENT_NAME}"
                                    for r in range(56)), timeout=30_000)
    labels = [model.index(r).data() for r in range(56)]
    assert labels[0].startswith("#1 ") and labels[17].startswith("#18 Tonoris, Lone Mercenary")
    # What a narrow list shows of each row (its start, elided to the list's width) differs.
    metrics = QFontMetrics(page.deck_list.font())
    width = page.deck_list.viewport().width()
    shown = [metrics.elidedText(label, Qt.TextElideMode.ElideRight, width) for label in labels]
    assert len(set(shown)) == 56, shown[:5]

    page.deck_list.setCurrentIndex(model.index(0))
    qtbot.waitUntil(lambda: page.session.deck is not None and page.checks.result is not None
                    and page.session.deck.name == f"{EVENT_NAME} #1", timeout=20_000)
    qtbot.wait(50)  # the tables' columns fit their contents on the next layout pass
    for zone in (Zone.MATERIAL, Zone.MAIN, Zone.SIDEBOARD):
        table, zone_model = page.view.tables[zone], page.view.models[zone]
        metrics = table.fontMetrics()
        for row in range(zone_model.rowCount()):
            name = zone_model.index(row, NAME_COLUMN).data()
            assert metrics.horizontalAdvance(name) < table.columnWidth(NAME_COLUMN), (
                zone, name, table.columnWidth(NAME_COLUMN))
    summary = page.checks.breakdown
    assert "Sideboard" in summary.text()
    assert summary.height() >= summary.heightForWidth(summary.width())  # not cut off
    page.shutdown()
