"""Paste a decklist: its name and its text (Omnidex format or a common variant)."""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from app.decks import PASTE_LIMITS

PLACEHOLDER = """# Material Deck
1 Spirit of Wind
# Main Deck
4 Zephyr
# Sideboard
2 Drown in Aether"""


MAX_CLIPBOARD_CHARS = 2_000_000
"""A longer clipboard text is not put into the dialog to start (it could not be kept)."""


class PasteDialog(QDialog):
    """Asks for a deck's name and its list; the clipboard's text is pasted in to start."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Paste a decklist")
        self.name_edit = QLineEdit("Pasted deck")
        self.text_edit = QPlainTextEdit()
        self.text_edit.setPlaceholderText(PLACEHOLDER)
        self.text_edit.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        clipboard = QGuiApplication.clipboard().text()
        if clipboard.strip() and len(clipboard) <= MAX_CLIPBOARD_CHARS:
            self.text_edit.setPlainText(clipboard)
        form = QFormLayout()
        form.addRow("Name:", self.name_edit)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        hint = QLabel("Lines like “4 Zephyr” or “4x Zephyr”, under #\u00a0Material\u00a0Deck, "
                      "#\u00a0Main\u00a0Deck and #\u00a0Sideboard (lines without a header go "
                      "where their "
                      "card's type goes), or an event's JSON. " + PASTE_LIMITS)
        hint.setWordWrap(True)
        layout.addWidget(hint)
        layout.addWidget(self.text_edit, 1)
        layout.addWidget(buttons)
        self.resize(560, 600)

    def name(self) -> str:
        """The deck's name (``Pasted deck`` when left empty)."""
        return self.name_edit.text().strip() or "Pasted deck"

    def text(self) -> str:
        """The decklist pasted."""
        return self.text_edit.toPlainText()
