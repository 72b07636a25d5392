"""The Meta page's filters: format and category (the stored events' own), from and to days
(``Any``: no bound)."""

from __future__ import annotations

from datetime import date, timedelta

from PySide6.QtCore import QDate, Signal
from PySide6.QtWidgets import QComboBox, QDateEdit, QHBoxLayout, QLabel, QWidget

from app.meta import Scope

ANY = "Any"


class MetaFilters(QWidget):
    """A row of the four filters; :meth:`scope` reads them.

    Signals:
        changed(): the person changed a filter (not emitted by :meth:`fill`).

    Args:
        parent: the owning widget.
    """

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.format_box, self.category_box = QComboBox(), QComboBox()
        for box, name in ((self.format_box, "Format"), (self.category_box, "Category")):
            box.setAccessibleName(name)
            box.addItem(ANY, None)
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            box.currentIndexChanged.connect(self.changed)
        self.start_edit, self.end_edit = QDateEdit(), QDateEdit()
        for edit, name in ((self.start_edit, "From"), (self.end_edit, "To")):
            edit.setAccessibleName(name)
            edit.setCalendarPopup(True)
            edit.setDisplayFormat("yyyy-MM-dd")
            edit.setSpecialValueText(ANY)  # the minimum date stands for "no bound"
            edit.setDate(edit.minimumDate())
            edit.dateChanged.connect(self.changed)
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(0, 0, 0, 0)
        for label, widget in (("Format", self.format_box), ("Category", self.category_box),
                              ("From", self.start_edit), ("To", self.end_edit)):
            caption = QLabel(label)
            caption.setBuddy(widget)
            self.row.addWidget(caption)
            self.row.addWidget(widget)
            self.row.addSpacing(8)
        self.row.addStretch(1)

    def scope(self) -> Scope:
        """The filters as chosen: a format, a category, from and to days (None: any)."""
        def day(edit: QDateEdit) -> str | None:
            chosen = edit.date()
            return None if chosen == edit.minimumDate() else chosen.toString("yyyy-MM-dd")
        return Scope(self.format_box.currentData(), self.category_box.currentData(),
                     day(self.start_edit), day(self.end_edit))

    def fill(self, formats: list[str], categories: list[str],
             days: tuple[str, str] | None) -> None:
        """Offer ``formats`` and ``categories`` and the days from ``days[0]`` to ``days[1]``
        (``YYYY-MM-DD``), keeping the choices made when still offered."""
        for box, values in ((self.format_box, formats), (self.category_box, categories)):
            chosen = box.currentData()
            box.blockSignals(True)
            box.clear()
            box.addItem(ANY, None)
            for value in values:
                box.addItem(value.replace("-", " ").capitalize(), value)
            box.setCurrentIndex(max(0, box.findData(chosen)))
            box.blockSignals(False)
        if days is None:
            return
        first, last = (date.fromisoformat(d) for d in days)
        before = first - timedelta(days=1)  # the "Any" sentinel, just before the first day
        for edit in (self.start_edit, self.end_edit):
            any_chosen = edit.date() == edit.minimumDate()
            edit.blockSignals(True)
            edit.setDateRange(QDate(before.year, before.month, before.day),
                              QDate(last.year, last.month, last.day))
            if any_chosen:
                edit.setDate(edit.minimumDate())
            edit.blockSignals(False)
