"""A page's empty or failed state: a title, what to do, an optional command to copy and an
optional button ("Try again")."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from app.gui.kit.card_paint import scaled_font


class EmptyState(QWidget):
    """Centered text telling the person why a page is empty and how to fill it.

    Signals:
        actionRequested(): the button was pressed.

    Args:
        parent: the owning widget.
    """

    actionRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel(textFormat=Qt.TextFormat.PlainText,
                            alignment=Qt.AlignmentFlag.AlignCenter, wordWrap=True)
        self.title.setFont(scaled_font(self.font(), 1.4, bold=True))
        self.text = QLabel(textFormat=Qt.TextFormat.PlainText,
                           alignment=Qt.AlignmentFlag.AlignCenter, wordWrap=True)
        self.command = QLabel()
        self.command.setObjectName("emptyCommand")
        self.command.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.command.setFont(QFont("DejaVu Sans Mono, Menlo, Consolas, monospace"))
        self.command.setStyleSheet(
            "QLabel#emptyCommand { background: #1f2530; color: #e8ecf3; padding: 10px;"
            " border-radius: 6px; }"
        )
        self.button = QPushButton()
        self.button.clicked.connect(self.actionRequested)
        inner = QWidget()
        inner.setMaximumWidth(600)
        column = QVBoxLayout(inner)
        column.setSpacing(12)
        column.addWidget(self.title)
        column.addWidget(self.text)
        column.addWidget(self.command, 0, Qt.AlignmentFlag.AlignHCenter)
        column.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(inner, 10)
        row.addStretch(1)
        outer = QVBoxLayout(self)
        outer.addStretch(1)
        outer.addLayout(row)
        outer.addStretch(2)
        self.set_state("", "")

    def set_state(self, title: str, text: str, command: str = "", action: str = "") -> None:
        """Show ``title`` and ``text``; ``command`` (a shell line) and the ``action`` button
        only when not empty."""
        self.title.setText(title)
        self.text.setText(text)
        self.text.setVisible(bool(text))
        self.command.setText(command)
        self.command.setVisible(bool(command))
        self.button.setText(action)
        self.button.setVisible(bool(action))
