"""The Collection page over a collection file it cannot read (truncated, of a newer
Archivist) says what is wrong, where the file is and how to restore it, instead of waiting
on "Reading the collection…"; the other pages go on working. An older file with rows of the
wrong type shows the rest and a note naming them. Over the real 2026-04-04 catalogue."""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.gui.shell.main_window import MainWindow
from tests.helpers.damaged_user_files import DAMAGED_ENTRIES, old_collection

pytestmark = pytest.mark.realdata
STRAFE = "005593y9s2"  # Scorching Strafe, AMB 119


def _truncated(path: Path) -> None:
    old_collection(path, STRAFE)
    whole = path.read_bytes()
    path.write_bytes(whole[:1500])


def _newer(path: Path) -> None:
    old_collection(path, STRAFE)
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA user_version = 99")


@pytest.mark.parametrize(("damage", "said"), [(_truncated, "is damaged"),
                                              (_newer, "newer than this Archivist")])
def test_an_unreadable_file_is_shown_in_place_and_the_other_pages_work(
    qtbot: QtBot, real_services: Application, damage: Callable[[Path], None], said: str,
) -> None:
    path = real_services.paths.collection_file
    damage(path)
    window = MainWindow(real_services, None, dialogs=False)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    window.show_page("collection")
    page = window.collection
    qtbot.waitUntil(lambda: page.reading_failed, timeout=20_000)
    text = page.problem.text.text()
    assert said in text and str(path) in text
    assert "archivist backup restore latest" in text and "File ▸ Backups…" in text
    assert page.totals.text() != "Reading the collection…"
    assert not page.import_button.isEnabled() and not page.export_button.isEnabled()
    window.show_page("search")
    qtbot.waitUntil(lambda: window.model.rowCount() > 0, timeout=20_000)

    shutil.move(path, path.with_suffix(".damaged"))  # what a restore would do, in effect
    with qtbot.waitSignal(page.loaded, timeout=20_000):
        page.problem.button.click()  # Try again
    assert not page.reading_failed
    assert page.totals.text().startswith("No cards owned yet")
    assert page.import_button.isEnabled()
    window.shutdown()


def test_rows_of_the_wrong_type_are_left_out_with_a_note(
    qtbot: QtBot, real_services: Application,
) -> None:
    old_collection(real_services.paths.collection_file, STRAFE, *DAMAGED_ENTRIES)
    window = MainWindow(real_services, None, dialogs=False)
    qtbot.addWidget(window)
    window.show()
    window.show_page("collection")
    page = window.collection
    qtbot.waitUntil(lambda: page.view is not None, timeout=20_000)
    assert page.totals.text() == "3 copies · 1 editions · 1 cards"
    assert page.entries.rowCount() == 1
    assert page.note.isVisible()
    assert page.note.text() == ("3 rows of the collection file cannot be read and are left "
                                "out (kept in the file)")
    assert 'quantity is "lots"' in page.note.toolTip()
    window.shutdown()
