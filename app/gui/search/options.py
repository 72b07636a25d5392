"""The order and the kind of tiles of the search page: a sort combo box, an ascending /
descending toggle, and a Cards | Editions switch."""

from __future__ import annotations

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import (
    QAbstractButton,
    QButtonGroup,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QToolButton,
    QWidget,
)

from app.model.query import QUERY_SORTS

SORTS = {"name": "Name", "set": "Set & number", "cost": "Cost", "level": "Level",
         "power": "Power", "life": "Life", "rarity": "Rarity", "thema": "Thema"}
"""Sort key (:data:`app.model.query.QUERY_SORTS`) → what the combo box says."""
PERS = {"card": "Cards", "edition": "Editions"}
SEGMENTS = """
QToolButton#per_card, QToolButton#per_edition {
    padding: 3px 10px; border: 1px solid palette(mid); background: palette(button); }
QToolButton#per_card { border-top-left-radius: 4px; border-bottom-left-radius: 4px; }
QToolButton#per_edition { border-top-right-radius: 4px; border-bottom-right-radius: 4px;
    border-left: none; }
QToolButton#per_card:checked, QToolButton#per_edition:checked {
    background: palette(highlight); color: palette(highlighted-text);
    border-color: palette(highlight); }
"""


class SearchOptions(QWidget):
    """Sort by, ascending or descending, one tile per card or per edition.

    Signals:
        changed(): the person changed one of them.

    Args:
        parent: the owning widget.
    """

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        assert tuple(SORTS) == QUERY_SORTS
        self.sort_box = QComboBox()
        self.sort_box.setAccessibleName("Sort by")
        for key, text in SORTS.items():
            self.sort_box.addItem(text, key)
        self.direction = QToolButton()
        self.direction.setAccessibleName("Order")
        self._descending = False
        self.direction.setText("↓ Descending")
        self.direction.setMinimumWidth(self.direction.sizeHint().width())
        self.per_buttons: dict[str, QToolButton] = {}
        self._per_group = QButtonGroup(self)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(4)
        self.setStyleSheet(SEGMENTS)
        row.addWidget(QLabel("Sort"))
        row.addWidget(self.sort_box)
        row.addWidget(self.direction)
        row.addSpacing(10)
        segments = QHBoxLayout()
        segments.setSpacing(0)
        row.addLayout(segments)
        for per, text in PERS.items():
            button = QToolButton()
            button.setObjectName(f"per_{per}")
            button.setText(text)
            button.setCheckable(True)
            button.setToolTip(f"One tile per {per}")
            self._per_group.addButton(button)
            self.per_buttons[per] = button
            segments.addWidget(button)
        self.per_buttons["card"].setChecked(True)
        self._show_direction()
        self.sort_box.currentIndexChanged.connect(self.changed)
        self.direction.clicked.connect(self._on_direction)
        self._per_group.buttonToggled.connect(self._on_per)

    @property
    def sort(self) -> str:
        """The sort key (one of :data:`app.model.query.QUERY_SORTS`)."""
        return str(self.sort_box.currentData())

    @property
    def descending(self) -> bool:
        """True for the reverse order."""
        return self._descending

    @property
    def per(self) -> str:
        """``card`` or ``edition``."""
        return "edition" if self.per_buttons["edition"].isChecked() else "card"

    def set_values(self, per: str, sort: str, descending: bool) -> None:
        """Show these values without emitting ``changed`` (unknown values are ignored)."""
        self.blockSignals(True)
        try:
            if per in self.per_buttons:
                self.per_buttons[per].setChecked(True)
            index = self.sort_box.findData(sort)
            if index >= 0:
                self.sort_box.setCurrentIndex(index)
            self._descending = descending
            self._show_direction()
        finally:
            self.blockSignals(False)

    def _show_direction(self) -> None:
        down = self._descending
        self.direction.setText("↓ Descending" if down else "↑ Ascending")
        self.direction.setToolTip("Descending: click for ascending" if down
                                  else "Ascending: click for descending")

    @Slot()
    def _on_direction(self) -> None:
        self._descending = not self._descending
        self._show_direction()
        self.changed.emit()

    @Slot(QAbstractButton, bool)
    def _on_per(self, _button: QAbstractButton, checked: bool) -> None:
        if checked:
            self.changed.emit()
