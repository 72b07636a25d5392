"""The detail pane: the selected card's text, facts, flavor and editions."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from app.gui.detail_data import CardDetail
from app.gui.edition_list import EditionList, EditionModel
from app.gui.effect_html import escape_text
from app.gui.thumbnails import ThumbnailProvider
from app.gui.tile_delegate import scaled_font

EFFECT_STYLE = (
    "QFrame#effectBox { background: #f7f4ec; border: 1px solid #e2dccb; border-radius: 8px; }"
    " QFrame#effectBox QLabel { color: #1e2430; background: transparent; }"
)


def facts_html(facts: list[tuple[str, str]], columns: int = 2) -> str:
    """The facts as a rich-text table, ``columns`` label/value pairs per row (escaped)."""
    cells = [
        f'<td style="color:#7a8291; padding-right:6px;">{html.escape(label)}</td>'
        f'<td style="padding-right:22px;"><b>{html.escape(value)}</b></td>'
        for label, value in facts
    ]
    rows = ["".join(cells[i:i + columns]) for i in range(0, len(cells), columns)]
    return '<table cellspacing="0" cellpadding="2">' + "".join(
        f"<tr>{row}</tr>" for row in rows
    ) + "</table>"


def _label(object_name: str, rich: bool = False) -> QLabel:
    label = QLabel()
    label.setObjectName(object_name)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
    label.setOpenExternalLinks(False)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


class DetailPane(QStackedWidget):
    """Shows one :class:`CardDetail`, or a hint when no card is selected.

    Args:
        provider: the thumbnail provider shared with the grid (edition thumbnails).
        parent: the owning widget.
    """

    def __init__(self, provider: ThumbnailProvider, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._slug: str | None = None
        self._hint = QLabel("Select a card to see its details.")
        self._hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._hint.setWordWrap(True)
        self._hint.setObjectName("detailHint")
        self.addWidget(self._hint)

        self.name = _label("cardName")
        self.name.setFont(scaled_font(self.font(), 1.6, bold=True))
        self.type_line = _label("typeLine")
        self.facts = _label("facts", rich=True)
        self.effect = _label("effect", rich=True)
        effect_box = QFrame()
        effect_box.setObjectName("effectBox")
        effect_box.setStyleSheet(EFFECT_STYLE)
        box_layout = QVBoxLayout(effect_box)
        box_layout.setContentsMargins(12, 10, 12, 4)
        box_layout.addWidget(self.effect)
        self._effect_box = effect_box
        self.flavor = _label("flavor", rich=True)
        self.editions_title = _label("editionsTitle")
        self.editions_title.setFont(scaled_font(self.font(), 1.0, bold=True))
        self.edition_model = EditionModel(provider, self)
        self.editions = EditionList(self.edition_model)

        content = QWidget()
        layout = QVBoxLayout(content)
        layout.setContentsMargins(16, 14, 16, 14)
        layout.setSpacing(8)
        for widget in (self.name, self.type_line, self.facts, effect_box, self.flavor):
            layout.addWidget(widget)
        layout.addSpacing(6)
        layout.addWidget(self.editions_title)
        layout.addWidget(self.editions)
        layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(content)
        self._scroll = scroll
        self.addWidget(scroll)
        self.setMinimumWidth(300)

    @property
    def slug(self) -> str | None:
        """The slug of the card shown, or None."""
        return self._slug

    def show_detail(self, detail: CardDetail) -> None:
        """Show this card (texts are set; edition thumbnails are requested)."""
        self._slug = detail.slug
        self.name.setText(detail.name)
        self.type_line.setText(detail.type_line)
        self.type_line.setVisible(bool(detail.type_line))
        self.facts.setText(facts_html(detail.facts))
        self.facts.setVisible(bool(detail.facts))
        self.effect.setText(detail.effect_html)
        self._effect_box.setVisible(bool(detail.effect_html))
        self.flavor.setText(f"<i>{escape_text(detail.flavor)}</i>" if detail.flavor else "")
        self.flavor.setVisible(bool(detail.flavor))
        count = len(detail.editions)
        self.editions_title.setText(f"{count} edition" + ("" if count == 1 else "s"))
        self.edition_model.set_editions(detail.editions)
        self._scroll.verticalScrollBar().setValue(0)
        self.setCurrentWidget(self._scroll)

    def show_message(self, text: str) -> None:
        """Show a message instead of a card (nothing selected, card not found)."""
        self._slug = None
        self._hint.setText(text)
        self.edition_model.set_editions([])
        self.setCurrentWidget(self._hint)
