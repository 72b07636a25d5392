"""File ▸ Export…: export card images or a proxy sheet, with progress and Cancel.

The options are :class:`~app.gui.export.form.ExportForm`; the work runs in an
:class:`~app.gui.export.task.ExportTask` (a worker thread driving the export engine's
process pool), so the window stays responsive. Editions whose image is not stored and
cannot be fetched are listed in the dialog, never dropped silently.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import Qt, QUrl, Slot
from PySide6.QtGui import QCloseEvent, QDesktopServices
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.errors import ArchivistError, InvalidRequest
from app.gui.export.form import ExportForm
from app.gui.export.task import ExportOutcome, ExportScope, ExportTask

MAX_LISTED = 500


class ExportDialog(QDialog):
    """Options, then progress and Cancel, then what was done and what is missing.

    Args:
        task: runs the export (its ``images``/``store``/``api`` decide where images come from).
        scopes: what may be exported (selected tiles, the search's results, …).
        folder: the folder suggested for the files.
        parent: the main window.
    """

    def __init__(self, task: ExportTask, scopes: Sequence[ExportScope], folder: Path,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Export")
        self.setMinimumWidth(560)
        self.task = task
        self.form = ExportForm(scopes, folder, self)
        self.progress = QProgressBar()
        self.progress.setVisible(False)
        self.status = QLabel(textFormat=Qt.TextFormat.PlainText)
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details = QPlainTextEdit(readOnly=True)
        self.details.setVisible(False)
        self.details.setMaximumHeight(140)
        self.buttons = QDialogButtonBox()
        self.export_button = self.buttons.addButton("Export",
                                                    QDialogButtonBox.ButtonRole.AcceptRole)
        self.open_button = QPushButton("Open folder")
        self.buttons.addButton(self.open_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.open_button.setVisible(False)
        self.close_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self.export_button.setDefault(True)
        layout = QVBoxLayout(self)
        for widget in (self.form, self.progress, self.status, self.details, self.buttons):
            layout.addWidget(widget)
        self.export_button.clicked.connect(self.start)
        self.close_button.clicked.connect(self.reject)
        self.open_button.clicked.connect(self._open_folder)
        self.form.changed.connect(self._validate)
        task.progressed.connect(self._on_progress)
        task.finished.connect(self._on_finished)
        task.failed.connect(self._on_failed)
        task.api_found.connect(self.form.set_api)
        self._target: Path | None = None
        self._validate()
        task.find_api()

    @Slot()
    def start(self) -> None:
        """Export with the current options (a message says what is wrong, if anything)."""
        if self.task.running:
            return
        try:
            request = self.form.request()
        except InvalidRequest as error:
            self.status.setText(error.message)
            return
        files = request.files
        self._target = (files.folder or files.zip_path) if files else (
            request.sheet.out if request.sheet else None)
        self.form.setEnabled(False)
        self.export_button.setEnabled(False)
        self.close_button.setText("Cancel")
        self.open_button.setVisible(False)
        self.details.setVisible(False)
        self.progress.setRange(0, 0)  # busy until the first step is known
        self.progress.setVisible(True)
        self.status.setText(f"Exporting {request.scope.title[:1].lower()}"
                            f"{request.scope.title[1:]}…")
        self.task.start(request)

    @Slot()
    def reject(self) -> None:
        """Cancel a running export (the dialog stays to show the outcome), else close."""
        if self.task.running:
            self.task.cancel()
            self.status.setText("Cancelling… (images being written are finished first)")
            return
        super().reject()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing the window while exporting cancels and waits for the worker."""
        if self.task.running:
            self.task.shutdown()
        super().closeEvent(event)

    @Slot(int, int, str)
    def _on_progress(self, done: int, total: int, current: str) -> None:
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)
        if not self.task.cancelling:
            self.status.setText(f"{done} of {total}: {current}")

    @Slot(object)
    def _on_finished(self, outcome: ExportOutcome) -> None:
        self._idle()
        self.status.setText(outcome.summary())
        problems = outcome.problems()
        if problems:
            lines = [str(p) for p in problems[:MAX_LISTED]]
            if len(problems) > MAX_LISTED:
                lines.append(f"… and {len(problems) - MAX_LISTED} more")
            heading = ("Drawn as text proxies (no image):" if outcome.plan is not None
                       else "Not exported:")
            self.details.setPlainText(heading + "\n" + "\n".join(lines))
            self.details.setVisible(True)
        self.open_button.setVisible(self._folder() is not None and not outcome.cancelled)

    @Slot(object)
    def _on_failed(self, error: object) -> None:
        self._idle()
        message = error.message if isinstance(error, ArchivistError) else str(error)
        self.status.setText(f"The export failed: {message}")

    def _idle(self) -> None:
        self.progress.setVisible(False)
        self.form.setEnabled(True)
        self.export_button.setEnabled(True)
        self.close_button.setText("Close")
        self._validate()

    @Slot()
    def _validate(self) -> None:
        try:
            self.form.request()
        except InvalidRequest as error:
            self.export_button.setEnabled(False)
            self.export_button.setToolTip(error.message)
        else:
            self.export_button.setEnabled(not self.task.running)
            self.export_button.setToolTip("")

    def _folder(self) -> Path | None:
        target = self._target
        if target is None:
            return None
        folder = target if target.is_dir() else target.parent
        return folder if folder.is_dir() else None

    @Slot()
    def _open_folder(self) -> None:
        folder = self._folder()
        if folder is not None:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))
