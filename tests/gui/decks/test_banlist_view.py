"""The ban list view (issue 21, item 2) over the real catalogue: grouped under Banned,
one line per name, worked out again for another format."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QThreadPool
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from app.bootstrap import Services
from app.gui.decks.page import DecksPage

pytestmark = pytest.mark.realdata


@pytest.fixture
def pool() -> Iterator[QThreadPool]:
    made = QThreadPool()
    yield made
    made.waitForDone()


def test_the_ban_list_groups_banned_names_once_and_follows_the_format(
    qtbot: QtBot, real_services: Services, pool: QThreadPool, qtmodeltester: ModelTester,
) -> None:
    page = DecksPage(real_services.catalogue, pool)
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
