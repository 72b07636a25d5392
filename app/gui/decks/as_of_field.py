"""A date field for the moment a deck or the ban list is seen at: a day, or "today".

"today" (the field's lowest date, shown as its special text) means the latest version of
every card; a day means the start of that UTC day. A deck carrying an exact moment (an
event's start) shows its day and keeps the moment until the person picks another day.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

from PySide6.QtCore import QDate, Signal
from PySide6.QtWidgets import QDateEdit, QHBoxLayout, QToolButton, QWidget

from app.decks import iso, parse_moment

TODAY = QDate(2000, 1, 1)
"""The field's lowest date, shown as "today"."""


class AsOfField(QWidget):
    """A day or "today", with a button back to today.

    Signals:
        changed(object): the moment picked (ISO timestamp) or None for today.
    """

    changed = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.edit = QDateEdit()
        self.edit.setCalendarPopup(True)
        self.edit.setDisplayFormat("yyyy-MM-dd")
        self.edit.setMinimumDate(TODAY)
        self.edit.setSpecialValueText("today")
        self.edit.setDate(TODAY)
        self.edit.setToolTip("Check with the card versions in force on this day (UTC); "
                             "today: the latest")
        self.edit.setAccessibleName("As of")
        self.today = QToolButton()
        self.today.setText("Today")
        self.today.setToolTip("Check with the latest card versions")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.edit)
        layout.addWidget(self.today)
        self._moment: str | None = None
        self._quiet = False
        self.edit.dateChanged.connect(self._on_date)
        self.today.clicked.connect(lambda: self.edit.setDate(TODAY))

    def moment(self) -> str | None:
        """The moment shown: an ISO timestamp, or None for today."""
        return self._moment

    def set_moment(self, moment: str | None) -> None:
        """Show ``moment`` (an ISO timestamp, or None: today) without emitting ``changed``."""
        self._moment = moment
        parsed = parse_moment(moment) if moment else None
        self._quiet = True
        self.edit.setDate(QDate(parsed.year, parsed.month, parsed.day) if parsed else TODAY)
        self._quiet = False

    def _on_date(self, day: QDate) -> None:
        if self._quiet:
            return
        if day == TODAY:
            self._moment = None
        else:
            picked = date(day.year(), day.month(), day.day())
            self._moment = iso(datetime(picked.year, picked.month, picked.day, tzinfo=UTC))
        self.changed.emit(self._moment)
