"""The card part of the detail pane: name, type line, facts, effect box, flavor, sections.

The sections are legality, rules and errata, references and referenced-by
(:func:`app.gui.card.detail_html.sections_html`); references are internal links, reported by
``linkActivated``. Every rich text sits in a :class:`~app.gui.card.safe_text.SafeText`.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from app.gui.card.detail_html import facts_html, sections_html
from app.gui.card.detail_style import effect_style
from app.gui.card.safe_text import SafeText
from app.gui.kit.card_paint import scaled_font
from app.gui.kit.detail_data import CardDetail
from app.gui.kit.effect_html import escape_text


def plain_label(object_name: str) -> QLabel:
    """A selectable, word-wrapped plain-text label (texts from the catalogue are never
    interpreted as markup here)."""
    label = QLabel()
    label.setObjectName(object_name)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


class CardView(QWidget):
    """The texts of one card (not its editions).

    Signals:
        linkActivated(str): an internal link (a reference) was clicked; the URL text.

    Args:
        parent: the owning widget.
    """

    linkActivated = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = plain_label("cardName")
        self.name.setFont(scaled_font(self.font(), 1.6, bold=True))
        self.type_line = plain_label("typeLine")
        self.facts = SafeText("facts")
        self.effect = SafeText("effect")
        self.effect_box = QFrame()
        self.effect_box.setObjectName("effectBox")
        box_layout = QVBoxLayout(self.effect_box)
        box_layout.setContentsMargins(12, 10, 12, 4)
        box_layout.addWidget(self.effect)
        self.flavor = SafeText("flavor")
        self.sections = SafeText("sections")
        self.sections.linkActivated.connect(self.linkActivated)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        for widget in (self.name, self.type_line, self.facts, self.effect_box, self.flavor,
                       self.sections):
            layout.addWidget(widget)

    def show_card(self, detail: CardDetail, css: str) -> None:
        """Show the texts of ``detail`` styled with ``css``; empty parts are hidden."""
        self.name.setText(detail.name)
        self.type_line.setText(detail.type_line)
        self.type_line.setVisible(bool(detail.type_line))
        self.facts.set_html(facts_html(detail.facts), css)
        self.facts.setVisible(bool(detail.facts))
        self.effect.set_html(detail.effect_html, css)
        self.effect_box.setVisible(bool(detail.effect_html))
        self.flavor.set_html(f"<i>{escape_text(detail.flavor)}</i>" if detail.flavor else "", css)
        self.flavor.setVisible(bool(detail.flavor))
        sections = sections_html(detail)
        self.sections.set_html(sections, css)
        self.sections.setVisible(bool(sections))

    def restyle(self, palette: QPalette) -> None:
        """The effect box's colours for ``palette`` (the texts follow on the next show)."""
        self.effect_box.setStyleSheet(effect_style(palette))
