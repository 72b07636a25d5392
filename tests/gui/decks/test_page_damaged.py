"""The Decks page over a decks file it cannot read says what is wrong, where the file is and
how to restore it (not an empty list); the ban list still works. An older file with rows of
the wrong type lists the readable decks and a note naming the rest. Over the real
2026-04-04 catalogue."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QThreadPool
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.gui.decks.page import DecksPage
from tests.helpers.damaged_user_files import old_decks

pytestmark = pytest.mark.realdata


@pytest.fixture
def pool() -> Iterator[QThreadPool]:
    made = QThreadPool()
    yield made
    made.waitForDone()


def _page(qtbot: QtBot, services: Application, pool: QThreadPool) -> DecksPage:
    page = DecksPage(services, pool)
    qtbot.addWidget(page)
    page.resize(1280, 760)
    page.show()
    return page


def test_an_unreadable_decks_file_is_shown_in_place(
    qtbot: QtBot, real_services: Application, pool: QThreadPool,
) -> None:
    path = real_services.paths.decks_file
    path.write_bytes(b"SQLite format 3\0" + b"\x07" * 600)  # the start of a file, cut off
    page = _page(qtbot, real_services, pool)
    qtbot.waitUntil(lambda: page.session.store_problem is not None, timeout=20_000)
    assert page.stack.currentWidget() is page.empty
    assert page.empty.title.text() == "The kept decks cannot be read"
    text = page.empty.text.text()
    assert str(path) in text and "archivist backup restore latest" in text
    assert not page.buttons["new"].isEnabled() and not page.buttons["paste"].isEnabled()
    page.show_banlist()
    qtbot.waitUntil(lambda: page.banlist.model.rowCount() > 0, timeout=20_000)

    path.unlink()  # a fresh decks file is made on the next try
    page.empty.button.click()  # Try again
    qtbot.waitUntil(lambda: page.loaded, timeout=20_000)
    assert page.buttons["new"].isEnabled()
    page.shutdown()


def test_rows_of_the_wrong_type_are_left_out_with_a_note(
    qtbot: QtBot, real_services: Application, pool: QThreadPool,
) -> None:
    old_decks(real_services.paths.decks_file)
    page = _page(qtbot, real_services, pool)
    qtbot.waitUntil(lambda: page.loaded, timeout=20_000)
    assert [d.name for d in page.session.decks] == ["Wind"]
    assert page.note.isVisible()
    assert page.note.text() == ("4 rows of the decks file cannot be read and are left out "
                                "(kept in the file)")
    assert "name is binary data" in page.note.toolTip()
    page.shutdown()
