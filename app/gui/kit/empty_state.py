"""A page's empty or failed state: a title, what to do, buttons that fill the catalogue
(:mod:`app.gui.kit.setup_buttons`), an optional button ("Try again") and, folded away, the
terminal command that does the same."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from app.gui.kit.card_paint import scaled_font
from app.gui.kit.setup_buttons import SetupButtons


class EmptyState(QWidget):
    """Centered text telling the person why a page is empty and how to fill it.

    Signals:
        actionRequested(): the button was pressed.
        setupRequested(str): a setup button was pressed (its kind, see
            :data:`~app.gui.kit.setup_buttons.SETUP_ACTIONS`).

    Args:
        parent: the owning widget.
        offers: the setup buttons it can show (``set_state(..., offer=True)``).
    """

    actionRequested = Signal()
    setupRequested = Signal(str)

    def __init__(self, parent: QWidget | None = None, offers: Sequence[str] = ()) -> None:
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
        self.command.hide()
        self.terminal = QPushButton("Prefer a terminal? Show the command", flat=True)
        self.terminal.setCheckable(True)
        self.terminal.toggled.connect(self._show_command)
        self.setup = SetupButtons(offers)
        self.setup.requested.connect(self.setupRequested)
        self.button = QPushButton()
        self.button.clicked.connect(self.actionRequested)
        inner = QWidget()
        inner.setMaximumWidth(600)
        column = QVBoxLayout(inner)
        column.setSpacing(12)
        column.addWidget(self.title)
        column.addWidget(self.text)
        column.addWidget(self.setup, 0, Qt.AlignmentFlag.AlignHCenter)
        column.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        column.addWidget(self.terminal, 0, Qt.AlignmentFlag.AlignHCenter)
        column.addWidget(self.command, 0, Qt.AlignmentFlag.AlignHCenter)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(inner, 10)
        row.addStretch(1)
        outer = QVBoxLayout(self)
        outer.addStretch(1)
        outer.addLayout(row)
        outer.addStretch(2)
        self.set_state("", "")

    def set_state(self, title: str, text: str, command: str = "", action: str = "",
                  offer: bool = False) -> None:
        """Show ``title`` and ``text``; the setup buttons with ``offer``; the ``action``
        button when not empty; ``command`` (a shell line) folded behind "Prefer a terminal?"
        when not empty."""
        self.title.setText(title)
        self.text.setText(text)
        self.text.setVisible(bool(text))
        self.setup.setVisible(offer and bool(self.setup.buttons))
        self.command.setText(command)
        self.terminal.setVisible(bool(command))
        self.command.setVisible(bool(command) and self.terminal.isChecked())
        self.button.setText(action)
        self.button.setVisible(bool(action))

    def _show_command(self, shown: bool) -> None:
        self.command.setVisible(shown and bool(self.command.text()))
        self.terminal.setText("Hide the command" if shown else
                              "Prefer a terminal? Show the command")


def page_stack(page: QWidget, content: QWidget, empty: EmptyState) -> QStackedWidget:
    """Lay out ``page`` as one stack of its ``content`` and its ``empty`` state (the content
    shown first), with the pages' margins; returns the stack, whose current widget the page
    switches."""
    stack = QStackedWidget()
    stack.addWidget(content)
    stack.addWidget(empty)
    layout = QVBoxLayout(page)
    layout.setContentsMargins(8, 8, 8, 0)
    layout.addWidget(stack)
    return stack
