"""Have / need on the Decks page: the real deck 50170 #1 over the real 2026-04-04 catalogue,
with a collection that owns part of it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QThreadPool
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.collection import Entry
from app.decks import read_decklists, resolve
from app.gui.decks.need_panel import NeedPanel
from tests.conftest import SHARED_DATA

pytestmark = pytest.mark.realdata


@pytest.fixture
def pool() -> Iterator[QThreadPool]:
    made = QThreadPool()
    yield made
    made.waitForDone()


def test_have_need_copy_and_save_the_missing(qtbot: QtBot, real_services: Application,
                                             pool: QThreadPool, tmp_path: Path) -> None:
    collection = real_services.collection
    cards = real_services.decks.deck_cards()
    deck = resolve(read_decklists(SHARED_DATA / "decklists" / "50170.json")[0], cards).deck
    first = deck.entries[0]
    edition = cards.by_uuid[first.card_uuid].editions[0]  # type: ignore[index]
    collection.collection_store().change([(Entry(edition.uuid, True, 1).key, 1)], "own one")
    panel = NeedPanel(collection, pool, lambda: cards)
    qtbot.addWidget(panel)
    panel.show()
    panel.show_deck(deck)
    qtbot.waitUntil(lambda: panel.need is not None, timeout=10_000)
    total = sum(deck.counts().values())
    assert panel.summary.text() == f"You have 1 of the {total} cards; {total - 1} missing"
    first_row = [panel.model.item(0, c).text() for c in range(3)]
    assert first_row[0] == cards.by_uuid[first.card_uuid].name  # type: ignore[index]
    assert first_row[2].startswith("1")
    panel.copy_button.click()
    text = QGuiApplication.clipboard().text()
    assert text.startswith("# ") and text == panel.need.missing_text()  # type: ignore[union-attr]
    target = tmp_path / "missing.txt"
    panel.save_missing(target)
    assert target.read_text(encoding="utf-8") == text
    panel.show_deck(None)
    assert panel.model.rowCount() == 0 and not panel.copy_button.isEnabled()
