"""The page shown while the catalogue is empty: how to import one."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QIcon
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

SNAPSHOT_HINT = "…/snapshots/2026-04-04"
IMAGES_HINT = "…/images/cards"


def import_command(data_dir_args: Sequence[str]) -> str:
    """The ``archivist import`` command line for a data folder, on two lines.

    Args:
        data_dir_args: ``Catalogue.data_dir_args()`` (``--data-dir FOLDER`` only when the
            folder is not the one ``archivist`` would use by default).
    """
    first = ["archivist", *(shlex.quote(word) for word in data_dir_args)]
    first += ["import", SNAPSHOT_HINT]
    return " ".join(first) + " \\\n    --images " + IMAGES_HINT


class FirstRunPage(QWidget):
    """A friendly page for an empty catalogue.

    Signals:
        recheckRequested(): the person imported something and asks to look again.

    Args:
        data_dir: the data folder of the catalogue (``catalogue.data_dir``).
        icon: the application icon.
        parent: the owning widget.
        data_dir_args: ``catalogue.data_dir_args()`` for the import command.
    """

    recheckRequested = Signal()

    def __init__(self, data_dir: Path, icon: QIcon, parent: QWidget | None = None, *,
                 data_dir_args: Sequence[str]) -> None:
        super().__init__(parent)
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
            "search and browse it offline. Import a catalogue snapshot (the API's JSON files) "
            "and, if you have them, the card images, from a terminal:"
        )
        intro.setWordWrap(True)
        intro.setAlignment(Qt.AlignmentFlag.AlignCenter)
        command = QLabel(import_command(data_dir_args))
        command.setObjectName("importCommand")
        command.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        command.setFont(QFont("DejaVu Sans Mono, Menlo, Consolas, monospace"))
        command.setFrameShape(QFrame.Shape.StyledPanel)
        command.setStyleSheet(
            "QLabel#importCommand { background: #1f2530; color: #e8ecf3; padding: 12px;"
            " border-radius: 6px; }"
        )
        after = QLabel("Then choose “Check again”. The catalogue lives in "
                       f"{data_dir}.")
        after.setWordWrap(True)
        after.setAlignment(Qt.AlignmentFlag.AlignCenter)
        after.setObjectName("firstRunFolder")
        self.recheck = QPushButton("Check again")
        self.recheck.clicked.connect(self.recheckRequested)
        for widget in (picture, title, intro, command, after):
            layout.addWidget(widget)
        layout.addWidget(self.recheck, 0, Qt.AlignmentFlag.AlignHCenter)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(column, 10)
        row.addStretch(1)
        outer = QVBoxLayout(self)
        outer.addStretch(1)
        outer.addLayout(row)
        outer.addStretch(2)
