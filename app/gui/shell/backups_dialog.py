"""File ▸ Backups…: the backups of the decks and collection files, newest first, with
Restore (after a confirmation) and Back up now, each run in the window's pool.

Archivist makes these backups by itself too (:mod:`app.backups`); the window starts the
daily one when it opens (:func:`start_daily_backups`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, QThreadPool
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app import backups
from app.gui.kit.operations import run_operation

log = logging.getLogger("app.gui")
COLUMNS = ("File", "Made (UTC)", "Why", "Holds")


def start_daily_backups(pool: QThreadPool, data: Path) -> None:
    """Back up each user file in ``data`` when it was not today (in ``pool``; a failure is
    logged: a missing daily backup must not trouble the window)."""
    run_operation(pool, lambda: backups.back_up_daily_all(data), lambda _made: None,
                  lambda error: log.info("no daily backup: %s", error))


class BackupsDialog(QDialog):
    """The list of backups with Restore… and Back up now.

    Args:
        data: the data folder (its ``backups`` folder is listed).
        pool: the window's worker pool (listing, backing up and restoring run there).
        restored: called after a restore, so the window shows the restored file.
        parent: the main window.
        confirm: asks whether to restore (the file name, what it holds); a test answers.
    """

    def __init__(self, data: Path, pool: QThreadPool, restored: Callable[[], None],
                 parent: QWidget | None = None,
                 confirm: Callable[[str, str], bool] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Backups")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.resize(760, 420)
        self._data, self._pool, self._restored = data, pool, restored
        self._confirm = confirm or self._ask
        self._listed: list[backups.Listed] = []
        self.note = QLabel(f"Backups of your decks and collection, in {data / 'backups'}. "
                           "Archivist makes one each day and before large changes, and keeps "
                           "the last 10 of each, each day's daily backup for 8 days and "
                           "one a week for 8 weeks.")
        self.note.setWordWrap(True)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.
                                                           ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.status = QLabel("Reading the backups…")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.restore_button = QPushButton("&Restore…")
        self.now_button = QPushButton("&Back up now")
        buttons.addButton(self.restore_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.now_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        self.restore_button.clicked.connect(self.restore_selected)
        self.now_button.clicked.connect(self.back_up_now)
        self.table.itemSelectionChanged.connect(self._enable)
        layout = QVBoxLayout(self)
        for widget in (self.note, self.table, self.status, buttons):
            layout.addWidget(widget)
        self._enable()
        self.reload()

    def reload(self, said: str = "") -> None:
        """List the backups anew (in the pool); then show ``said`` (what was just done)."""
        self._busy("Reading the backups…")
        run_operation(self._pool, lambda: backups.list_backups(self._data),
                      lambda listed: self._show(listed, said), self._failed, owner=self)

    def back_up_now(self) -> None:
        """Back up both files now (in the pool), then list anew."""
        self._busy("Backing up…")
        run_operation(self._pool, lambda: backups.back_up_now(self._data),
                      lambda made: self.reload(
                          f"Backed up {len(made)} file{'s' if len(made) != 1 else ''}"),
                      self._failed, owner=self)

    def restore_selected(self) -> None:
        """Restore the selected backup once the person confirms (in the pool)."""
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return
        item = self._listed[rows[0].row()]
        if not self._confirm(item.backup.path.name, item.holds):
            return
        kind = backups.KINDS[item.backup.kind]
        self._busy("Restoring…")
        run_operation(self._pool, lambda: backups.restore(self._data, item.backup.path, kind),
                      lambda done: self._done_restoring(kind.noun, done), self._failed,
                      owner=self)

    def _done_restoring(self, noun: str, done: backups.Restored) -> None:
        self.reload(f"Restored {noun} ({done.holds}); the file as it was is kept as a "
                    "backup" if done.moved is None else f"Restored {noun} ({done.holds}); "
                    f"the damaged file was moved to {done.moved}")
        self._restored()

    def _show(self, listed: list[backups.Listed], said: str) -> None:
        self._listed = listed
        self.table.setRowCount(len(listed))
        for row, item in enumerate(listed):
            b = item.backup
            for column, text in enumerate((b.path.name, b.made.strftime("%Y-%m-%d %H:%M:%S"),
                                           b.reason.replace("-", " "), item.holds)):
                self.table.setItem(row, column, QTableWidgetItem(text))
        self.status.setText(said or (f"{len(listed)} backups" if listed else
                                     "No backups yet: Back up now makes one"))
        self.now_button.setEnabled(True)
        self._enable()

    def _failed(self, error: Exception) -> None:
        self.status.setText(getattr(error, "message", None) or str(error))
        self.now_button.setEnabled(True)
        self._enable()

    def _busy(self, text: str) -> None:
        self.status.setText(text)
        self.now_button.setEnabled(False)
        self.restore_button.setEnabled(False)

    def _enable(self) -> None:
        self.restore_button.setEnabled(bool(self.table.selectionModel().selectedRows())
                                       and self.now_button.isEnabled())

    def _ask(self, name: str, holds: str) -> bool:
        answer = QMessageBox.question(
            self, "Restore a backup",
            f"Restore {name} ({holds})?\n\nThe file as it is now is backed up first, so "
            "this restore can be undone by restoring that backup.")
        return answer == QMessageBox.StandardButton.Yes
