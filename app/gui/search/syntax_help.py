"""Help ▸ Search syntax (F1): a cheat sheet of the search language whose examples run when
clicked. Built from :data:`app.search.fields.FIELDS`, so it never drifts
from what the language accepts."""

from __future__ import annotations

import html
from urllib.parse import quote, unquote

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QDialog, QLabel, QScrollArea, QVBoxLayout, QWidget

from app.search.fields import FIELDS

GENERAL = (
    ("lorraine", "cards whose name has a word starting with “lorraine”"),
    ('"spirit of"', "a phrase of whole words"),
    ("el:fire t:champion", "several terms: all must match"),
    ("el:fire or el:water", "either term"),
    ("-t:ally", "a minus excludes"),
    ("(cl:mage or cl:cleric) lv<=2", "parentheses group"),
    ('r:ur s:"doa 1st", -r:ur s:doa', "set, rarity and the other edition terms hold on one "
     "edition: a card matches when one of its editions matches the whole search"),
)
"""(example, what it finds) of the language's grammar."""


def example_links(examples: str) -> str:
    """``o:draw, o:"draw a card"`` as clickable links, one per comma-separated example."""
    parts = [part.strip() for part in examples.split(", ") if part.strip()]
    return ", ".join(f'<a href="q:{quote(part)}">{html.escape(part)}</a>' for part in parts)


def cheat_sheet_html() -> str:
    """The cheat sheet: the grammar's examples, then one row per field (aliases, examples)."""
    rows = ["<h3>Search syntax</h3><p>Click an example to search for it.</p><table "
            "cellspacing='0' cellpadding='3'>"]
    for example, about in GENERAL:
        rows.append(f"<tr><td>{example_links(example)}</td><td>{html.escape(about)}</td></tr>")
    rows.append("</table><h4>Fields</h4><table cellspacing='0' cellpadding='3'>"
                "<tr><th align='left'>field</th><th align='left'>type it as</th>"
                "<th align='left'>examples</th></tr>")
    for field in FIELDS:
        rows.append(f"<tr><td>{field.name}</td><td>{', '.join(field.aliases)}</td>"
                    f"<td>{example_links(field.example)}</td></tr>")
    rows.append("</table><p>Numbers compare with = != &lt; &lt;= &gt; &gt;=; text ignores "
                "case and accents.</p>")
    return "".join(rows)


class SyntaxHelp(QDialog):
    """The cheat sheet (non-modal).

    Signals:
        exampleChosen(str): an example was clicked; the window searches for it.

    Args:
        parent: the main window.
    """

    exampleChosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Search syntax")
        self.resize(620, 640)
        self.sheet = QLabel(cheat_sheet_html())
        self.sheet.setTextFormat(Qt.TextFormat.RichText)
        self.sheet.setWordWrap(True)
        self.sheet.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.sheet.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.sheet.linkActivated.connect(self.choose)
        self.sheet.setContentsMargins(12, 12, 12, 12)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.sheet)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll)

    def choose(self, link: str) -> None:
        """Run the example of ``link`` (``q:<percent-encoded query>``)."""
        if link.startswith("q:"):
            self.exampleChosen.emit(unquote(link[2:]))
