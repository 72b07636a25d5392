"""The controls above the Thema chart: circulation kind, range presets, a custom from/to
range, the inline message of a refused range, and the exports."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QDate, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QButtonGroup,
    QDateEdit,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QToolButton,
    QWidget,
)

from app.gui.kit.theme import rise_fall_colours
from app.gui.thema.data import PRESETS
from app.model.vocabulary import CIRCULATION_KINDS, names
from app.thema import KINDS

SEGMENT_STYLE = (
    "QToolButton#segment { min-width: 40px; padding: 3px 10px; border: 1px solid palette(dark);"
    " background: palette(button); color: palette(button-text); }"
    " QToolButton#segment:hover { background: palette(midlight); }"
    " QToolButton#segment:checked { background: palette(highlight);"
    " color: palette(highlighted-text); border-color: palette(highlight); }"
    " QToolButton#segment:disabled { background: palette(window); color: #8a8a8a;"
    " border-style: dashed; }"
)
"""Segmented buttons: the checked one in the highlight colour, in light and dark palettes."""


def _qdate(day: date) -> QDate:
    return QDate(day.year, day.month, day.day)


def _segment(labels: tuple[str, ...], texts: dict[str, str] | None = None
             ) -> tuple[QButtonGroup, dict[str, QToolButton], QHBoxLayout]:
    group, buttons, row = QButtonGroup(), {}, QHBoxLayout()
    row.setSpacing(0)
    for label in labels:
        button = QToolButton()
        button.setText((texts or {}).get(label, label))
        button.setCheckable(True)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        button.setObjectName("segment")
        button.setStyleSheet(SEGMENT_STYLE)
        group.addButton(button)
        buttons[label] = button
        row.addWidget(button)
    return group, buttons, row


class ThemaControls(QWidget):
    """Kind switch, ranges and exports of the chart.

    Signals:
        kindChosen(str): ``FOIL`` or ``NONFOIL``.
        presetChosen(str): ``1M``, ``3M``, ``6M`` or ``1Y``.
        customChosen(object, object): the custom range's ``from`` and ``to`` (``date``s).
        exportPng(): save the chart as PNG.
        exportCsv(): save its data as CSV.

    Args:
        parent: the owning widget.
    """

    kindChosen = Signal(str)
    presetChosen = Signal(str)
    customChosen = Signal(object, object)
    exportPng = Signal()
    exportCsv = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._kinds, self.kind_buttons, kinds = _segment(
            KINDS, names(CIRCULATION_KINDS))
        self._presets, self.preset_buttons, presets = _segment(tuple(PRESETS))
        self._kinds.setParent(self)
        self._presets.setParent(self)
        for kind, button in self.kind_buttons.items():
            button.clicked.connect(lambda _=False, k=kind: self.kindChosen.emit(k))
        for preset, button in self.preset_buttons.items():
            button.clicked.connect(lambda _=False, p=preset: self.presetChosen.emit(p))
        self.from_edit, self.to_edit = QDateEdit(), QDateEdit()
        for edit, name in ((self.from_edit, "From"), (self.to_edit, "To")):
            edit.setCalendarPopup(True)
            edit.setDisplayFormat("yyyy-MM-dd")
            edit.setAccessibleName(f"{name} date")
        self.apply = QPushButton("Show range")
        self.apply.setToolTip("Show the history between these dates (at most one year)")
        self.apply.clicked.connect(self._on_apply)
        self.export = QToolButton()
        self.export.setText("Export")
        self.export.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.export)
        self.png = menu.addAction("Chart as PNG…", self.exportPng.emit)
        self.csv = menu.addAction("Data as CSV…", self.exportCsv.emit)
        self.export.setMenu(menu)
        self.error = QLabel(textFormat=Qt.TextFormat.PlainText, wordWrap=True)
        self.error.setObjectName("rangeError")
        self.error.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error.hide()
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        top.addLayout(kinds)
        top.addSpacing(16)
        top.addLayout(presets)
        top.addStretch(1)
        top.addWidget(self.export)
        custom = QHBoxLayout()
        custom.addWidget(QLabel("From"))
        custom.addWidget(self.from_edit)
        custom.addWidget(QLabel("to"))
        custom.addWidget(self.to_edit)
        custom.addWidget(self.apply)
        custom.addStretch(1)
        grid.addLayout(top, 0, 0)
        grid.addLayout(custom, 1, 0)
        grid.addWidget(self.error, 2, 0)

    def set_kind(self, kind: str) -> None:
        """Check the button of ``kind`` (without emitting kindChosen)."""
        if kind in self.kind_buttons:
            self.kind_buttons[kind].setChecked(True)

    def set_range(self, start: date, end: date, preset: str | None) -> None:
        """Show the range in the date fields and check ``preset`` (none for a custom range)."""
        self.from_edit.setDate(_qdate(start))
        self.to_edit.setDate(_qdate(end))
        self._presets.setExclusive(False)
        for name, button in self.preset_buttons.items():
            button.setChecked(name == preset)
        self._presets.setExclusive(True)

    def show_error(self, message: str) -> None:
        """Show why the catalogue refused the request, inline ("" hides it)."""
        fall = rise_fall_colours(self.palette())[1]
        self.error.setStyleSheet(f"QLabel#rangeError {{ color: {fall.name()}; }}")
        self.error.setText(message)
        self.error.setVisible(bool(message))

    def set_kinds_dynamic(self, dynamic: dict[str, bool]) -> None:
        """Enable the kind buttons whose score is dynamic for the edition shown; a disabled
        one says why in its tooltip (a kind missing from ``dynamic`` stays enabled)."""
        for kind, button in self.kind_buttons.items():
            is_dynamic = dynamic.get(kind, True)
            button.setEnabled(is_dynamic)
            button.setToolTip("" if is_dynamic else
                              f"This edition's {button.text().lower()} Thema score is not "
                              "dynamic: it does not change, so it has no history")

    def set_exports_enabled(self, enabled: bool) -> None:
        """Enable the exports (only when a chart with data is shown)."""
        self.export.setEnabled(enabled)

    @Slot()
    def _on_apply(self) -> None:
        self.customChosen.emit(self.from_edit.date().toPython(), self.to_edit.date().toPython())
