"""The page shown while the catalogue is empty: buttons that sync or import one, so a
first run needs no terminal; the terminal command is folded away for those who prefer it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QIcon, QShowEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from app.gui.kit.card_paint import scaled_font
from app.gui.kit.setup_buttons import FILL, SetupButtons

SNAPSHOT_HINT = "…/snapshots/2026-04-04"
IMAGES_HINT = "…/images/cards"


def import_command(data_dir_args: Sequence[str]) -> str:
    """The ``archivist import`` command line for a data folder, on two lines.

    Args:
        data_dir_args: ``Catalogue.data_dir_args()`` (``--data-dir FOLDER`` only when the
            folder is not the one ``archivist`` would use by default).
    """
    import shlex  # with the page shown: a catalogue with cards never shows it

    first = ["archivist", *(shlex.quote(word) for word in data_dir_args)]
    first += ["import", SNAPSHOT_HINT]
    return " ".join(first) + " \\\n    --images " + IMAGES_HINT


class FirstRunPage(QWidget):
    """A friendly page for an empty catalogue.

    Signals:
        recheckRequested(): the person imported something and asks to look again.
        setupRequested(str): a setup button was pressed (``official``, ``mirror``,
            ``import``; see :data:`~app.gui.kit.setup_buttons.SETUP_ACTIONS`).

    Args:
        data_dir: the data folder of the catalogue (``catalogue.data_dir``).
        icon: the application icon.
        parent: the owning widget.
        data_dir_args: ``catalogue.data_dir_args()`` for the import command, or what
            returns it: called when the page is first shown (it may ask where the default
            data folder is: most starts never show this page).
    """

    recheckRequested = Signal()
    setupRequested = Signal(str)

    def __init__(self, data_dir: Path, icon: QIcon, parent: QWidget | None = None, *,
                 data_dir_args: Sequence[str] | Callable[[], Sequence[str]]) -> None:
        super().__init__(parent)
        self._data_dir_args = data_dir_args
        column = QWidget()
        column.setMaximumWidth(640)
        column.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        layout = QVBoxLayout(column)
        layout.setSpacing(14)
        picture = QLabel()
        picture.setPixmap(icon.pixmap(96, 96))
        picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        title = QLabel("Your catalogue is empty")
        title.setFont(scaled_font(self.font(), 1.8, bold=True))
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        intro = QLabel(
            "Archivist keeps the Grand Archive card catalogue on this computer, so you can "
            "search and browse it offline. Download it once from the official catalogue "
            "(a few minutes), from another Archivist on your network, or import files you "
            "already have:"
        )
        self.setup = SetupButtons(FILL)
        self.setup.requested.connect(self.setupRequested)
        intro.setWordWrap(True)
        intro.setAlignment(Qt.AlignmentFlag.AlignCenter)
        command = self._command = QLabel()
        if not callable(data_dir_args):
            command.setText(import_command(data_dir_args))
        command.setObjectName("importCommand")
        command.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        command.setFont(QFont("DejaVu Sans Mono, Menlo, Consolas, monospace"))
        command.setFrameShape(QFrame.Shape.StyledPanel)
        command.setStyleSheet(
            "QLabel#importCommand { background: #1f2530; color: #e8ecf3; padding: 12px;"
            " border-radius: 6px; }"
        )
        self.terminal = QPushButton("Prefer a terminal? Show the command", flat=True)
        self.terminal.setCheckable(True)
        self.terminal.toggled.connect(command.setVisible)
        command.hide()
        after = QLabel(f"The catalogue lives in {data_dir}.")
        after.setWordWrap(True)
        after.setAlignment(Qt.AlignmentFlag.AlignCenter)
        after.setObjectName("firstRunFolder")
        self.recheck = QPushButton("Check again")
        self.recheck.clicked.connect(self.recheckRequested)
        for widget in (picture, title, intro):
            layout.addWidget(widget)
        layout.addWidget(self.setup, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(after)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.terminal)
        buttons.addWidget(self.recheck)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        layout.addWidget(command, 0, Qt.AlignmentFlag.AlignHCenter)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(column, 10)
        row.addStretch(1)
        outer = QVBoxLayout(self)
        outer.addStretch(1)
        outer.addLayout(row)
        outer.addStretch(2)

    def showEvent(self, event: QShowEvent) -> None:
        """Write the import command the first time the page is shown (when it was given
        as what returns its data folder's arguments)."""
        if not self._command.text():
            args = self._data_dir_args
            self._command.setText(import_command(args() if callable(args) else args))
        super().showEvent(event)
