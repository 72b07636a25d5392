""""Decks like mine…" on the Decks page over the GENERATED events (made up for the tests):
the stored decklists nearest to the deck shown, read off the GUI thread, in a dialog."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QThreadPool
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.gui.decks.page import DecksPage
from tests.gui.conftest import OFFSCREEN_NOISE
from tests.gui.meta.conftest import catalogue_with_events


@pytest.fixture
def services(tmp_path: Path) -> Iterator[Application]:
    made = catalogue_with_events(tmp_path / "data")
    yield made
    made.store.close()


def table(page: DecksPage) -> list[list[str]]:
    assert page.like is not None and page.like.dialog is not None
    shown = page.like.dialog.table
    return [[shown.item(r, c).text() for c in range(shown.columnCount())]
            for r in range(shown.rowCount())]


@pytest.mark.qt_log_ignore(OFFSCREEN_NOISE, r"^This plugin does not support raise\(\)$")
def test_decks_like_mine_lists_the_nearest_stored_decklists_best_first(
        qtbot: QtBot, services: Application) -> None:
    pool = QThreadPool()
    page = DecksPage(services, pool)
    qtbot.addWidget(page)
    page.show()
    try:
        page.show_decklist(services.events.decklists(2)[0])  # Spirit of Fire, 4 Creative Shock
        qtbot.waitUntil(lambda: page.session.deck is not None, timeout=10_000)
        assert page.buttons["like"].isVisibleTo(page)
        page.buttons["like"].click()
        assert page.like is not None
        qtbot.waitUntil(lambda: page.like is not None and page.like.dialog is not None
                        and page.like.dialog.isVisible(), timeout=10_000)
        rows = table(page)
        assert rows[0] == ["Generated Store Championship", "2026-05-06", "1",
                           "Spirit of Fire", "100.0%"]
        # 1 Spirit of Fire + 4 Creative Shock shared; 5 + 10 copies in all: 5 / (15 - 5)
        assert rows[1] == ["Generated Regional", "2026-04-27", "2", "Jin", "50.0%"]
        assert [row[0] for row in rows[2:]] == ["Generated Regional"]
        assert "nearest to 'Generated Store Championship #1'" in (
            page.like.dialog.heading.text())
    finally:
        pool.waitForDone()
