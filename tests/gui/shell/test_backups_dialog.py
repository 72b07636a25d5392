"""File ▸ Backups…: the backups newest first, Back up now, Restore after a confirmation."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QThreadPool
from pytestqt.qtbot import QtBot

from app.collection import CollectionStore
from app.gui.shell.backups_dialog import BackupsDialog
from tests.backups.conftest import owned


def _dialog(qtbot: QtBot, data: Path, answers: list[bool], restored: list[bool]
            ) -> BackupsDialog:
    pool = QThreadPool()
    dialog = BackupsDialog(data, pool, lambda: restored.append(True),
                           confirm=lambda name, holds: answers.pop(0))
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: dialog.status.text() != "Reading the backups…")
    return dialog


def test_back_up_now_then_restore_after_confirming(qtbot: QtBot, tmp_path: Path) -> None:
    store = owned(tmp_path, 3)
    answers, restored = [False, True], []
    dialog = _dialog(qtbot, tmp_path, answers, restored)
    assert dialog.table.rowCount() == 0 and "No backups yet" in dialog.status.text()
    assert not dialog.restore_button.isEnabled()
    dialog.now_button.click()
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 1)
    assert dialog.table.item(0, 3).text() == "3 entries, 6 copies"
    store.change([(e.key, -2) for e in store.entries()], "remove")
    dialog.table.selectRow(0)
    assert dialog.restore_button.isEnabled()
    dialog.restore_button.click()  # the person says No: nothing happens
    assert answers == [True] and store.entries() == []
    dialog.restore_button.click()
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 2)  # the file as it was, backed up
    assert restored == [True]
    assert "Restored the collection file (3 entries, 6 copies)" in dialog.status.text()
    assert dialog.table.item(0, 2).text() == "before restore"  # newest first
    assert len(CollectionStore(tmp_path / "collection.sqlite3").entries()) == 3


def test_the_window_starts_the_daily_backup(qtbot: QtBot, tmp_path: Path) -> None:
    from app.backups import backups_in
    from app.gui.shell.backups_dialog import start_daily_backups

    owned(tmp_path, 2)
    pool = QThreadPool()
    start_daily_backups(pool, tmp_path)
    qtbot.waitUntil(lambda: len(backups_in(tmp_path / "backups")) == 1)
    start_daily_backups(pool, tmp_path)  # once a day: the second start makes none
    pool.waitForDone()
    qtbot.wait(50)
    assert [b.reason for b in backups_in(tmp_path / "backups")] == ["daily"]
