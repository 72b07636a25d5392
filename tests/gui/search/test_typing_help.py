"""Typing help in the search field over the real catalogue: name
completion, "did you mean", unknown field values as inline errors."""

from __future__ import annotations

from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from app.gui.search.completion import bold_matches
from app.gui.shell.main_window import MainWindow
from tests.gui.search.test_page import settle

pytestmark = pytest.mark.realdata


@pytest.mark.qt_log_ignore("does not support (raise|grabbing|propagateSizeHints)")
def test_card_names_complete_as_you_type(qtbot: QtBot, window: MainWindow) -> None:
    window.activateWindow()
    window.search.setFocus()
    qtbot.waitUntil(window.search.hasFocus, timeout=5_000)
    qtbot.keyClicks(window.search, "lorr")
    model = window.completion.model
    qtbot.waitUntil(lambda: model.rowCount() > 0, timeout=10_000)
    names = model.stringList()
    assert names[0].startswith("Lorraine") and all("lorr" in n.lower() for n in names)
    popup = window.completion.completer.popup()
    assert popup is not None and popup.isVisible()
    assert bold_matches("Lorraine, Blademaster", "lorr") == "<b>Lorr</b>aine, Blademaster"


def test_a_misspelt_name_offers_did_you_mean(qtbot: QtBot, window: MainWindow) -> None:
    window.set_query("lorrane")
    settle(qtbot, window, "lorrane")
    label = window.browser.did_you_mean
    qtbot.waitUntil(label.isVisible, timeout=5_000)
    assert "Did you mean" in label.text() and label.suggestion == "Lorraine"
    label.linkActivated.emit("suggestion")
    settle(qtbot, window, "Lorraine")
    assert window.model.rowCount() > 0 and not label.isVisible()


@pytest.mark.parametrize(("query", "listed"), [("t:champ", "champion"), ("el:fi", "fire")])
def test_an_unknown_field_value_is_an_inline_error_listing_the_values(
    qtbot: QtBot, window: MainWindow, query: str, listed: str
) -> None:
    window.set_query(query)
    settle(qtbot, window, query)
    problem = window.browser.error.problem
    assert problem is not None and problem.message.startswith("no ")
    assert problem.hint.endswith(f"starting with “{query.split(':')[1]}”: {listed}")
    assert window.browser.error.isVisible()



def test_did_you_mean_keeps_the_cards_own_capitals(qtbot: QtBot, window: MainWindow) -> None:
    window.set_query("lorraine blademastr")
    settle(qtbot, window, "lorraine blademastr")
    label = window.browser.did_you_mean
    qtbot.waitUntil(label.isVisible, timeout=5_000)
    assert label.suggestion == "Lorraine, Blademaster"  # the card's name, as it writes it


def test_did_you_mean_names_a_card_that_exists(qtbot: QtBot, window: MainWindow) -> None:
    window.set_query("sprit of fire")  # "sprit" is as close to Bombastic Sprint's word
    settle(qtbot, window, "sprit of fire")
    label = window.browser.did_you_mean
    qtbot.waitUntil(label.isVisible, timeout=5_000)
    assert label.suggestion == "Spirit of Fire"


def test_most_editions_without_an_image_are_counted_with_a_download_offer(
    qtbot: QtBot, window: MainWindow, real_catalogue: Any,
) -> None:
    notice = window.browser.images_notice
    qtbot.waitUntil(notice.isVisible, timeout=10_000)
    counts = real_catalogue.counts()
    missing = counts["editions"] - counts["images"]
    assert notice.text().startswith(f"{missing:,} of {counts['editions']:,} editions have "
                                    "no image stored")
    asked: list[bool] = []
    window.sync.start = lambda show=True: asked.append(window.sync.prefs.images == "all")
    notice.linkActivated.emit("download")
    assert asked == [True] and window.sync.prefs.images != "all"  # one sync, setting kept


def test_a_history_term_with_nothing_yet_says_why_in_the_empty_grid(
        qtbot: QtBot, window: MainWindow) -> None:
    window.set_query("is:legality f:standard")
    settle(qtbot, window, "is:legality f:standard")
    grid = window.browser.grid
    qtbot.waitUntil(lambda: "no revision has changed legality yet" in grid.empty_text(),
                    timeout=5_000)
    assert window.model.rowCount() == 0 and window.browser.error.problem is None
    assert "first import" in grid.empty_text()
