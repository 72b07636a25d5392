"""The filter panel: a combo box per ``/option/search`` list and a range per stat.

The panel shows a :class:`~app.search.filters.FilterState` and reports the person's edits
as a new one (``changed``); :meth:`FiltersPanel.set_state` shows a state without reporting
it, so the search page can update the panel from the query text without a signal loop.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.gui.search.filter_widgets import OptionalSpinBox, item_text, set_entries
from app.search.filters import CHOICE_FIELDS, RANGE_FIELDS, FilterState

RULES = (("Legal in", "format"), ("Banned in", "banned"), ("Limited in", "restricted"))
"""The Format box's readings: (text, ``FilterState.format_rule``)."""

CHOICES = {"element": ("Element", "element"), "class": ("Class", "class"),
           "type": ("Type", "type"), "subtype": ("Subtype", "subtype"), "set": ("Set", "set"),
           "rarity": ("Rarity", "rarity"), "format": ("Format", "gameFormat")}
"""Field → (label, ``/option/search`` option name)."""
RANGES = {"cost": "Cost", "lv": "Level", "pow": "Power", "life": "Life"}
ANY = "Any"
WIDTH = 232
TYPED_ROLE = Qt.ItemDataRole.UserRole + 1
ADJUST = QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon


class FiltersPanel(QFrame):
    """Combo boxes for element, class, type, subtype, set, rarity and format, and min/max
    spin boxes for cost, level, power and life. :attr:`toggle` (for a tool bar) shows and
    hides the panel and says how many filters are set ("Filters (2)").

    Signals:
        changed(object): the person changed a filter: the new :class:`FilterState`.

    Args:
        parent: the owning widget.
    """

    changed = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("filters")
        self.setFixedWidth(WIDTH)
        self._quiet = False
        self._state = FilterState()
        self.toggle = QToolButton()
        self.toggle.setText("Filters")
        self.toggle.setCheckable(True)
        self.toggle.setChecked(True)
        self.toggle.setToolTip("Show or hide the filters")
        self.toggle.toggled.connect(self.setVisible)
        self.combos: dict[str, QComboBox] = {}
        self.ranges: dict[str, tuple[OptionalSpinBox, OptionalSpinBox]] = {}
        form = QFormLayout()
        form.setContentsMargins(0, 0, 0, 0)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.format_rule = QComboBox()
        self.format_rule.setAccessibleName("Format rule")
        self.format_rule.setToolTip("Legal in: playable in the format (limited cards too); "
                                    "Banned in: limit 0; Limited in: at most some copies")
        for text, rule in RULES:
            self.format_rule.addItem(text, rule)
        self.format_rule.currentIndexChanged.connect(self._on_edited)
        for field, (label, _option) in CHOICES.items():
            if field == "format":  # "Format: [Legal in ▾]" above the formats
                form.addRow(label, self.format_rule)
            combo = QComboBox()
            combo.setSizeAdjustPolicy(ADJUST)
            combo.setMinimumContentsLength(8)
            combo.setMaxVisibleItems(20)
            combo.setAccessibleName(label)
            combo.addItem(ANY, "")
            combo.currentIndexChanged.connect(self._on_edited)
            self.combos[field] = combo
            form.addRow("" if field == "format" else label, combo)
        for field, label in RANGES.items():
            low, high = OptionalSpinBox("min"), OptionalSpinBox("max")
            row = QHBoxLayout()
            row.setSpacing(4)
            row.addWidget(low, 1)
            row.addWidget(QLabel("–"))
            row.addWidget(high, 1)
            for spin, end in ((low, "minimum"), (high, "maximum")):
                spin.setAccessibleName(f"{label} {end}")
                spin.valueChanged.connect(self._on_edited)
            self.ranges[field] = (low, high)
            form.addRow(label, row)
        title = QLabel("<b>Filters</b>")
        self.clear_button = QPushButton("Clear", flat=True)
        self.clear_button.setToolTip("Clear every filter (the words you typed stay)")
        self.clear_button.clicked.connect(self.clear)
        header = QHBoxLayout()
        header.addWidget(title)
        header.addStretch(1)
        header.addWidget(self.clear_button)
        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(0, 0, 8, 0)
        column.addLayout(header)
        column.addLayout(form)
        column.addStretch(1)
        scroll = QScrollArea(widgetResizable=True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(body)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)

    def state(self) -> FilterState:
        """What the panel shows now."""
        return self._state

    def set_options(self, options: dict[str, Any]) -> None:
        """Fill the combo boxes from ``GET /option/search`` (keeps what is chosen)."""
        with_quiet = self._quiet
        self._quiet = True
        for field, (_label, option) in CHOICES.items():
            combo = self.combos[field]
            combo.clear()
            combo.addItem(ANY, "")
            items = list(options.get(option) or [])
            entries = set_entries(items) if field == "set" else [  # grouped by family
                (item_text(field, item), str(item.get("value", "")), False) for item in items]
            for text, value, member in entries:
                combo.addItem(f"    {text}" if member else text, value)
            view = combo.view()
            view.setMinimumWidth(min(520, view.sizeHintForColumn(0) + 24))
        self._quiet = with_quiet
        self._show(self._state)

    def set_state(self, state: FilterState) -> None:
        """Show ``state`` without emitting ``changed`` (the query text changed)."""
        self._state = state
        self._show(state)

    def _count(self) -> None:
        count = self._state.count()
        self.toggle.setText(f"Filters ({count})" if count else "Filters")

    @Slot()
    def clear(self) -> None:
        """Clear every filter and report it (``changed``)."""
        self.set_state(FilterState())
        self.changed.emit(self._state)

    def _show(self, state: FilterState) -> None:
        self._count()
        with_quiet = self._quiet
        self._quiet = True
        try:
            for field in CHOICE_FIELDS:
                self._choose(self.combos[field], state.choice(field))
            self.format_rule.setCurrentIndex(
                max(0, self.format_rule.findData(state.format_rule)))
            for field in RANGE_FIELDS:
                low, high = self.ranges[field]
                low.set_bound(state.bounds(field)[0])
                high.set_bound(state.bounds(field)[1])
        finally:
            self._quiet = with_quiet

    @staticmethod
    def _choose(combo: QComboBox, value: str) -> None:
        """Select the item of ``value`` (any case); one typed value the options lack gets an
        item of its own (in italics) while it is chosen."""
        wanted = value.casefold()
        for i in reversed(range(combo.count())):
            if combo.itemData(i, TYPED_ROLE) and str(combo.itemData(i)).casefold() != wanted:
                combo.removeItem(i)
        for i in range(combo.count()):
            if str(combo.itemData(i)).casefold() == wanted:
                combo.setCurrentIndex(i)
                return
        combo.addItem(value, value)
        last = combo.count() - 1
        combo.setItemData(last, True, TYPED_ROLE)
        font = combo.font()
        font.setItalic(True)
        combo.setItemData(last, font, Qt.ItemDataRole.FontRole)
        combo.setCurrentIndex(last)

    @Slot()
    def _on_edited(self) -> None:
        if self._quiet:
            return
        state = FilterState(format_rule=str(self.format_rule.currentData() or "format"))
        for field in CHOICE_FIELDS:
            state = state.with_choice(field, str(self.combos[field].currentData() or ""))
        for field in RANGE_FIELDS:
            low, high = self.ranges[field]
            state = state.with_bounds(field, low.bound(), high.bound())
        self._state = state
        self._count()
        self.changed.emit(state)
