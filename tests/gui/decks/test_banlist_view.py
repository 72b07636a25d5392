"""The ban list view over the real catalogue: grouped under Banned,
one line per name, worked out again for another format."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QThreadPool
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.gui.decks.page import DecksPage

pytestmark = pytest.mark.realdata


@pytest.fixture
def pool() -> Iterator[QThreadPool]:
    made = QThreadPool()
    yield made
    made.waitForDone()


def test_the_ban_list_groups_banned_names_once_and_follows_the_format(
    qtbot: QtBot, real_services: Application, pool: QThreadPool, qtmodeltester: ModelTester,
) -> None:
    page = DecksPage(real_services, pool)
    qtbot.addWidget(page)
    page.resize(1280, 800)
    page.show()
    page.show_banlist()
    qtbot.waitUntil(lambda: page.banlist.found is not None, timeout=20_000)
    assert page.stack.currentWidget() is page.banlist
    rows = [text for _heading, text, _slug in page.banlist.model.rows]
    qtmodeltester.check(page.banlist.model)
    assert rows[0] == "Banned (105)"
    assert "Nameless Champion (15 cards of this name)" in rows
    assert page.banlist.summary.text().startswith("Standard as of today: 105 names banned")
    with qtbot.waitSignal(page.banlist.shown, timeout=20_000):
        page.banlist.format.setCurrentIndex(page.banlist.format.findData("PANTHEON"))
        page.banlist.format.activated.emit(page.banlist.format.currentIndex())
    assert page.banlist.found is not None and page.banlist.found.format == "PANTHEON"
    assert "Baby Gray Slime" not in {e.name for e in page.banlist.found.cards}


def test_the_ban_list_before_a_sets_release_leaves_its_cards_out_and_says_what_it_cannot_know(
    qtbot: QtBot, real_services: Application, pool: QThreadPool,
) -> None:
    page = DecksPage(real_services, pool)
    qtbot.addWidget(page)
    page.show()
    page.show_banlist()
    qtbot.waitUntil(lambda: page.banlist.found is not None, timeout=20_000)
    with qtbot.waitSignal(page.banlist.shown, timeout=20_000):
        page.banlist.as_of.set_moment("2026-01-01T00:00:00Z")
        page.banlist.refresh()
    found = page.banlist.found
    assert found is not None and found.as_of == "2026-01-01T00:00:00Z"
    names = {e.name for e in found.cards}
    assert "Animal Encounter" not in names  # RDOP, released 2026-04-03
    assert "Baby Gray Slime" in names
    summary = page.banlist.summary.text()
    assert summary.startswith("Standard as of 2026-01-01: 41 names banned")
    assert "Cards not released by then are left out." in summary
    assert "holds no version that old of Unmake Duality" in summary
