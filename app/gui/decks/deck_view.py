"""The deck open: its three zones as tables, quantities by button or key, card drops.

Keys in a zone's table: ``+`` (or ``=``) adds a copy, ``-`` takes one away, Delete removes
the entry, Enter picks its printing. A card dragged from the Search page (mime data of
:mod:`app.gui.kit.card_mime`) and dropped anywhere on the view is added where its type
goes (champions and regalia: the material deck).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.decks import ZONES, Deck, DeckCards, Entry, Zone
from app.gui.decks.models import COLUMNS, ZoneModel
from app.gui.kit.card_mime import card_from_mime

ZONE_STRETCH = {Zone.MATERIAL: 4, Zone.MAIN: 7, Zone.SIDEBOARD: 3}
NAME_COLUMN, TYPE_COLUMN, PRINTING_COLUMN = (COLUMNS.index(c)
                                             for c in ("Name", "Type", "Printing"))
PLUS_KEYS = (Qt.Key.Key_Plus, Qt.Key.Key_Equal)
MINUS_KEYS = (Qt.Key.Key_Minus, Qt.Key.Key_Underscore)
REMOVE_KEYS = (Qt.Key.Key_Delete, Qt.Key.Key_Backspace)


class DeckView(QWidget):
    """The three zones of a deck, with +, −, Remove and Printing… for the chosen entry.

    Signals:
        quantityRequested(object, int): an entry and its new quantity (0: remove it).
        printingRequested(object): the entry whose printing to pick.
        cardDropped(str, object): a card's slug and edition uuid (or None) dropped here.
    """

    quantityRequested = Signal(object, int)
    printingRequested = Signal(object)
    cardDropped = Signal(str, object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAcceptDrops(True)
        self.models = {zone: ZoneModel(zone, self) for zone in ZONES}
        self.tables: dict[Zone, QTableView] = {}
        self.headings: dict[Zone, QLabel] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for zone in ZONES:
            heading = QLabel()
            heading.setStyleSheet("font-weight: bold")
            table = self._table(zone)
            self.headings[zone], self.tables[zone] = heading, table
            layout.addWidget(heading)
            layout.addWidget(table, ZONE_STRETCH[zone])
        buttons = QHBoxLayout()
        self.plus = QPushButton("+1")
        self.minus = QPushButton("−1")
        self.remove = QPushButton("Remove")
        self.printing = QPushButton("Printing…")
        self.plus.setToolTip("One more copy of the chosen card (+)")
        self.minus.setToolTip("One copy fewer (−)")
        self.remove.setToolTip("Take the card out of the deck (Delete)")
        self.printing.setToolTip("Choose the printing shown on the proxy sheet (Enter)")
        for button in (self.plus, self.minus, self.remove, self.printing):
            buttons.addWidget(button)
        buttons.addStretch(1)
        self.hint = QLabel("Drag cards here from the Search page, or press Ctrl+D there")
        self.hint.setEnabled(False)
        self.hint.setWordWrap(True)
        layout.addLayout(buttons)
        layout.addWidget(self.hint)  # under the buttons: beside them it wrapped into a column
        self.plus.clicked.connect(lambda: self.change_current(+1))
        self.minus.clicked.connect(lambda: self.change_current(-1))
        self.remove.clicked.connect(lambda: self.change_current(None))
        self.printing.clicked.connect(self._pick_printing)
        self.set_deck(None, None)

    def _table(self, zone: Zone) -> QTableView:
        table = QTableView()
        table.setModel(self.models[zone])
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.verticalHeader().hide()
        table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 6)
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # The name is what a player reads: it keeps its whole width, and the type line and
        # printing share what is left (they elide first when the page is narrow).
        for column in (TYPE_COLUMN, PRINTING_COLUMN):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        table.setAccessibleName(zone.heading)
        table.installEventFilter(self)
        table.doubleClicked.connect(lambda _index: self._pick_printing())
        table.selectionModel().currentRowChanged.connect(
            lambda current, _old, z=zone: self._focus_zone(z) if current.isValid() else None)
        return table

    def set_deck(self, deck: Deck | None, cards: DeckCards | None) -> None:
        """Show ``deck`` (None: nothing open) with names from ``cards``."""
        for zone in ZONES:
            self.models[zone].set_deck(deck, cards)
            count = deck.quantity(zone) if deck is not None else 0
            self.headings[zone].setText(f"{zone.heading} ({count})")
        self._enable()

    def current(self) -> Entry | None:
        """The chosen entry (the current row of the zone table last used), or None."""
        for zone in self._zone_order():
            index = self.tables[zone].currentIndex()
            if index.isValid() and self.tables[zone].selectionModel().isRowSelected(
                    index.row()):
                return self.models[zone].entry(index.row())
        return None

    def select_name(self, name: str) -> bool:
        """Choose the first entry of the card ``name`` (a finding's card); True when found."""
        for zone in ZONES:
            row = self.models[zone].row_of_name(name)
            if row is not None:
                table = self.tables[zone]
                table.setFocus()
                table.selectRow(row)
                table.scrollTo(self.models[zone].index(row, 0))
                return True
        return False

    def change_current(self, step: int | None) -> None:
        """Add ``step`` copies to the chosen entry (None: remove it)."""
        entry = self.current()
        if entry is not None:
            self.quantityRequested.emit(entry, 0 if step is None else entry.quantity + step)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """+, −, Delete and Enter in a zone's table."""
        if isinstance(event, QKeyEvent) and event.type() == QEvent.Type.KeyPress:
            key = event.key()
            if key in PLUS_KEYS:
                self.change_current(+1)
            elif key in MINUS_KEYS:
                self.change_current(-1)
            elif key in REMOVE_KEYS:
                self.change_current(None)
            elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                self._pick_printing()
            else:
                return False
            return True
        return super().eventFilter(watched, event)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        """Accept a dragged card."""
        if card_from_mime(event.mimeData()) is not None:
            event.acceptProposedAction()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        """Keep accepting a dragged card."""
        if card_from_mime(event.mimeData()) is not None:
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        """Add the dropped card (``cardDropped``)."""
        card = card_from_mime(event.mimeData())
        if card is not None:
            event.acceptProposedAction()
            self.cardDropped.emit(card[0], card[1])

    def _zone_order(self) -> list[Zone]:
        focused = [z for z in ZONES if self.tables[z].hasFocus()]
        last = getattr(self, "_last_zone", None)
        return focused + ([last] if last else []) + list(ZONES)

    def _focus_zone(self, zone: Zone) -> None:
        self._last_zone = zone
        for other in ZONES:
            if other is not zone:
                self.tables[other].clearSelection()
        self._enable()

    def _enable(self) -> None:
        chosen = self.current() is not None
        for button in (self.plus, self.minus, self.remove, self.printing):
            button.setEnabled(chosen)

    def _pick_printing(self) -> None:
        entry = self.current()
        if entry is not None and entry.card_uuid is not None:
            self.printingRequested.emit(entry)
