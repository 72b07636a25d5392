"""The sync dialog (non-modal): phase, progress bar, traffic, pace and time left, Cancel; at
the end the summary, or what went wrong and that the catalogue is unchanged.

It only paints; :class:`~app.gui.sync.controller.SyncController` runs the sync and calls
:meth:`SyncDialog.begin`, :meth:`~SyncDialog.show_progress` and one of
:meth:`~SyncDialog.show_report`, :meth:`~SyncDialog.show_cancelled`,
:meth:`~SyncDialog.show_failure`. Closing it while a sync runs only hides it.
"""

from __future__ import annotations

import traceback

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.errors import ArchivistError, Unreachable
from app.gui.kit.card_paint import scaled_font
from app.sync import (
    PHASES,
    UNCHANGED,
    UNITS,
    Progress,
    SyncReport,
    api_host,
    progress_lines,
    report_counts,
    report_lines,
)

CANCELLED_TEXT = ("Sync cancelled. The catalogue is unchanged; the next sync resumes where "
                  "this one stopped.")
INTACT_TEXT = "The previous catalogue is intact; the next sync resumes where this one stopped."
COLUMNS = ("new", "changed", "removed", "unchanged")


class SyncDialog(QDialog):
    """Shows one sync at a time; before the first, a Sync now button.

    Signals:
        syncRequested(): Sync now was pressed (no sync has run yet).
        cancelRequested(): Cancel was pressed while the sync runs.

    Args:
        api_url: the API the next sync uses (shown before the first sync).
        parent: the main window (the dialog stays on top of it, non-modal).
    """

    syncRequested = Signal()
    cancelRequested = Signal()

    def __init__(self, api_url: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Sync")
        self.setMinimumWidth(520)
        self.state = "idle"
        """``idle`` (no sync yet), ``running`` or ``ended``."""
        self._phase, self._phase_start, self._host = "", 0.0, ""
        self.title, self.phase, self.traffic, self.rate = (
            QLabel(textFormat=Qt.TextFormat.PlainText) for _ in range(4))
        self.title.setFont(scaled_font(self.font(), 1.25, bold=True))
        self.bar = QProgressBar()
        self.summary = QWidget()
        grid = QGridLayout(self.summary)
        grid.setContentsMargins(0, 6, 0, 0)
        self.cells: dict[tuple[str, str], QLabel] = {}
        for col, name in enumerate(COLUMNS, 1):
            grid.addWidget(QLabel(f"<b>{name.capitalize()}</b>"), 0, col,
                           Qt.AlignmentFlag.AlignRight)
        for row, kind in enumerate(("cards", "editions"), 1):
            grid.addWidget(QLabel(f"<b>{kind.capitalize()}</b>"), row, 0)
            for col, name in enumerate(COLUMNS, 1):
                self.cells[kind, name] = QLabel()
                grid.addWidget(self.cells[kind, name], row, col, Qt.AlignmentFlag.AlignRight)
        self.facts = QLabel(textFormat=Qt.TextFormat.PlainText)
        self.facts.setWordWrap(True)
        grid.addWidget(self.facts, 3, 0, 1, len(COLUMNS) + 1)
        self.message = QLabel(textFormat=Qt.TextFormat.PlainText)
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details = QPlainTextEdit(readOnly=True)
        self.details.setMinimumHeight(140)
        self.button = QPushButton()
        self.button.clicked.connect(self._on_button)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.button)
        layout = QVBoxLayout(self)
        for widget in (self.title, self.phase, self.bar, self.traffic, self.rate, self.summary,
                       self.message, self.details):
            layout.addWidget(widget)
        layout.addStretch(1)
        layout.addLayout(buttons)
        self.show_idle(api_url)

    def show_idle(self, api_url: str) -> None:
        """Before the first sync: say what a sync does and offer Sync now."""
        if self.state != "idle":
            return
        self._reset(f"Sync from {api_host(api_url)}", "Sync now")
        self.phase.setText(f"A sync brings the catalogue up to date from {api_url}. "
                           "The window stays usable meanwhile.")
        self.phase.setWordWrap(True)
        self.bar.hide()

    def begin(self, api_url: str) -> None:
        """A sync from ``api_url`` starts: an indeterminate bar and a Cancel button."""
        self.state = "running"
        self._phase, self._phase_start = "", 0.0
        self._host = api_host(api_url)
        self._reset(f"Syncing from {self._host}", "Cancel")
        self.phase.setText("Connecting…")
        self.bar.setRange(0, 0)
        self.bar.show()
        self.adjustSize()

    def show_progress(self, progress: Progress) -> None:
        """Paint one progress report (items done of the phase; bytes and requests overall)."""
        if self.state != "running":
            return
        if progress.phase != self._phase:
            self._phase, self._phase_start = progress.phase, progress.elapsed
        step = list(PHASES).index(progress.phase) + 1 if progress.phase in PHASES else 0
        self.phase.setText(f"Step {step} of {len(PHASES)}: {progress.label}" if step
                           else progress.label)
        total = progress.total or 0
        self.bar.setRange(0, total)
        self.bar.setValue(min(progress.done, total))
        self.bar.setFormat(f"%v / %m {UNITS.get(progress.phase, 'items')}")
        traffic, pace = progress_lines(progress, self._phase_start)
        self.traffic.setText(traffic)
        note = progress.note[:1].upper() + progress.note[1:]
        self.rate.setText(note or pace)

    def show_cancelling(self) -> None:
        """Cancel was pressed: the sync stops at its next step."""
        self.phase.setText("Stopping…")
        self.button.setText("Cancelling…")
        self.button.setEnabled(False)

    def show_report(self, report: SyncReport) -> None:
        """The sync was applied: the summary of what changed and what it cost."""
        self._end(f"Synced from {self._host}", None)
        self.phase.setText("Done: the new catalogue is in use.")
        self.bar.setRange(0, 1)
        self.bar.setValue(1)
        self.bar.setFormat("Done")
        for kind, numbers in report_counts(report).items():
            for name, number in zip(COLUMNS, numbers, strict=True):
                self.cells[kind, name].setText(f"{number:,}")
        self.facts.setText("\n".join(report_lines(report)))
        self.summary.show()
        self.adjustSize()

    def show_cancelled(self) -> None:
        """The sync stopped on Cancel; nothing was changed."""
        self._end("Sync cancelled", CANCELLED_TEXT)

    def show_failure(self, error: object) -> None:
        """The sync failed: what went wrong, that the catalogue is intact, and for an
        unexpected error the details."""
        if isinstance(error, Unreachable):  # nothing was fetched: nothing to resume
            self._end("Sync failed", f"{error.message}\n\n{UNCHANGED}")
            return
        if isinstance(error, ArchivistError):
            self._end("Sync failed", f"{error.message}\n\n{INTACT_TEXT}")
            return
        if isinstance(error, BaseException):
            self.details.setPlainText("".join(traceback.format_exception(error)))
            self.details.show()
        self._end("Sync failed", f"Something went wrong: {error}\n\n{INTACT_TEXT}")

    def _reset(self, title: str, button: str) -> None:
        self.title.setText(title)
        for label in (self.traffic, self.rate, self.message):
            label.clear()
        for widget in (self.summary, self.message, self.details):
            widget.hide()
        for widget in (self.phase, self.traffic, self.rate):
            widget.show()
        self.button.setText(button)
        self.button.setEnabled(True)

    def _end(self, title: str, message: str | None) -> None:
        """The sync ended: ``message`` (cancelled, failed) replaces the progress lines."""
        self.state = "ended"
        self.title.setText(title)
        for widget in (self.traffic, self.rate):
            widget.hide()
        if message is not None:
            self.phase.hide()
            self.bar.hide()
            self.message.setText(message)
            self.message.show()
            self.adjustSize()
        self.button.setText("Close")
        self.button.setEnabled(True)
        self.button.setDefault(True)

    @Slot()
    def _on_button(self) -> None:
        if self.state == "running":
            self.show_cancelling()
            self.cancelRequested.emit()
        elif self.state == "idle":
            self.syncRequested.emit()
        else:
            self.close()
