"""The Decks page's models: the kept decks, one zone's entries, the check's findings.

They hold plain values (:class:`~app.decks.storage.DeckSummary`, :class:`~app.decks.model.Deck`,
:class:`~app.decks.check.CheckResult`) handed to them in the GUI thread; nothing here reads
a file or the catalogue.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QGuiApplication

from app.decks import ERROR, CheckResult, Deck, DeckCards, DeckSummary, Entry, Zone
from app.gui.kit.cells import safe_cells

AnyIndex = QModelIndex | QPersistentModelIndex
DataRole = Qt.ItemDataRole.UserRole + 1
"""The role of a row's value: a ``DeckSummary``, an ``Entry`` or a finding's card names."""
ERROR_COLOURS = ("#c62828", "#ef6c6c")
ADVISORY_COLOURS = ("#b26a00", "#ffb74d")
"""(on a light palette, on a dark one)."""


def severity_colour(error: bool) -> QColor:
    """Red for an error, amber for an advisory, lighter on a dark palette."""
    dark = QGuiApplication.palette().base().color().lightness() < 128
    return QColor((ERROR_COLOURS if error else ADVISORY_COLOURS)[int(dark)])


def row_label(name: str, champion: str = "") -> str:
    """How the list of kept decks shows a deck: an event's deck (``<event name> #N``) by its
    number and champion first, so decks of one event differ however narrow the list
    (``#12 Jin, Undying Resolve — Reaper Game Store - Texas Regional``); another deck by
    its name, then its champion (``Aggro — Tristan, Shadowdancer``)."""
    event, mark, number = name.rpartition(" #")
    if mark and number.isdigit() and event.strip():
        return f"#{number}{' ' + champion if champion else ''} — {event.strip()}"
    return f"{name} — {champion}" if champion else name


class DeckListModel(QAbstractListModel):
    """The kept decks: :func:`row_label` shown, the name, champion, cards and format as
    tooltip."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._decks: list[DeckSummary] = []
        self._champions: dict[int, str] = {}

    def set_decks(self, decks: Sequence[DeckSummary]) -> None:
        """Show ``decks`` (from :meth:`DeckStore.decks`)."""
        self.beginResetModel()
        self._decks = list(decks)
        self.endResetModel()

    def set_champions(self, champions: dict[int, str]) -> None:
        """Show each deck's champion (deck id → champion name; "" or absent: none)."""
        self._champions = dict(champions)
        if self._decks:
            self.dataChanged.emit(self.index(0), self.index(len(self._decks) - 1),
                                  [Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole])

    def summary(self, row: int) -> DeckSummary:
        """The deck of ``row``."""
        return self._decks[row]

    def row_of(self, deck_id: int) -> int | None:
        """The row of the deck ``deck_id``, or None."""
        return next((i for i, d in enumerate(self._decks) if d.id == deck_id), None)

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """The number of decks (0 under a valid parent)."""
        return 0 if parent.isValid() else len(self._decks)

    @safe_cells
    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Display: the name; ToolTip: cards and format; :data:`DataRole`: the summary."""
        if not index.isValid() or not 0 <= index.row() < len(self._decks):
            return None
        deck = self._decks[index.row()]
        champion = self._champions.get(deck.id, "")
        if role == Qt.ItemDataRole.DisplayRole:
            return row_label(deck.name, champion)
        if role == Qt.ItemDataRole.ToolTipRole:
            return (f"{deck.name}\n{champion + ' · ' if champion else ''}{deck.cards} cards · "
                    f"{deck.format.title()} · saved {deck.saved_at[:16]}")
        if role == DataRole:
            return deck
        return None


COLUMNS = ("Qty", "Name", "Type", "Cost", "Element", "Printing")


class ZoneModel(QAbstractTableModel):
    """The entries of one zone of a deck: quantity, name, type, cost, element, printing.

    An entry whose card the catalogue does not hold shows its written name in red.

    Args:
        zone: the zone shown.
        parent: the owning QObject.
    """

    def __init__(self, zone: Zone, parent: Any = None) -> None:
        super().__init__(parent)
        self.zone = zone
        self._entries: list[Entry] = []
        self._cards: DeckCards | None = None

    def set_deck(self, deck: Deck | None, cards: DeckCards | None) -> None:
        """Show the zone of ``deck``; rows that stay keep their place (a quantity change
        only repaints)."""
        entries = deck.zone(self.zone) if deck is not None else []
        same_rows = ([(e.card_uuid, e.name) for e in entries]
                     == [(e.card_uuid, e.name) for e in self._entries])
        if same_rows and cards is self._cards:
            self._entries = entries
            if entries:
                self.dataChanged.emit(self.index(0, 0),
                                      self.index(len(entries) - 1, len(COLUMNS) - 1))
            return
        self.beginResetModel()
        self._entries, self._cards = entries, cards
        self.endResetModel()

    def entry(self, row: int) -> Entry:
        """The entry of ``row``."""
        return self._entries[row]

    def row_of_name(self, name: str) -> int | None:
        """The first row whose card (or written) name is ``name``, or None."""
        for row, entry in enumerate(self._entries):
            if name in (entry.name, self._card_name(entry)):
                return row
        return None

    def total(self) -> int:
        """The copies in the zone."""
        return sum(e.quantity for e in self._entries)

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """The number of entries (0 under a valid parent)."""
        return 0 if parent.isValid() else len(self._entries)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """The number of :data:`COLUMNS` (0 under a valid parent)."""
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Column titles (:data:`COLUMNS`)."""
        if (orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole
                and 0 <= section < len(COLUMNS)):
            return COLUMNS[section]
        return None

    @safe_cells
    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The cell's text; red text for a card not in the catalogue; the entry at
        :data:`DataRole`."""
        if not index.isValid() or not 0 <= index.row() < len(self._entries):
            return None
        entry = self._entries[index.row()]
        card = self._cards.get(entry.card_uuid) if self._cards is not None else None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._cell(entry, index.column())
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in (0, 3):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ForegroundRole and card is None and self._cards is not None:
            return QBrush(severity_colour(True))
        if role == Qt.ItemDataRole.ToolTipRole and card is None and self._cards is not None:
            return f"{entry.name}: not in the catalogue"
        if role == DataRole:
            return entry
        return None

    def _card_name(self, entry: Entry) -> str:
        card = self._cards.get(entry.card_uuid) if self._cards is not None else None
        return card.name if card is not None else entry.name

    def _cell(self, entry: Entry, column: int) -> str:
        card = self._cards.get(entry.card_uuid) if self._cards is not None else None
        if column == 0:
            return str(entry.quantity)
        if column == 1:
            return self._card_name(entry)
        if card is None:
            return "" if column != 2 else "not in the catalogue"
        if column == 2:
            return " ".join(t.title() for t in card.types)
        if column == 3:
            return card.cost or ""
        if column == 4:
            return ", ".join(e.title() for e in card.elements or
                             ((card.element,) if card.element else ()))
        edition = self._cards.edition(card, entry.edition_uuid) if self._cards else None
        return f"{edition.set_prefix} {edition.collector_number}" if edition else ""


class FindingModel(QAbstractListModel):
    """What a check found: the findings, then the names not in the catalogue.

    Errors are red, advisories amber; :data:`DataRole` holds the card names a finding
    names (the page selects the first one's entry when a finding is chosen).
    """

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[tuple[str, str, tuple[str, ...]]] = []  # severity, text, cards

    def set_result(self, result: CheckResult | None) -> None:
        """Show ``result`` (None: nothing checked)."""
        self.beginResetModel()
        self._rows = []
        if result is not None:
            self._rows += [(f.severity, f.message, f.cards) for f in result.findings]
            self._rows += [(ERROR, u.message(), (u.line.split(" ", 1)[-1],))
                           for u in result.unresolved]
        self.endResetModel()

    def messages(self) -> list[str]:
        """Every row's text, in order."""
        return [text for _, text, _ in self._rows]

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """The number of rows (0 under a valid parent)."""
        return 0 if parent.isValid() else len(self._rows)

    @safe_cells
    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Display/ToolTip: the sentence; Foreground: by severity; DataRole: card names."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        severity, text, cards = self._rows[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return text
        if role == Qt.ItemDataRole.ForegroundRole:
            return QBrush(severity_colour(severity == ERROR))
        if role == DataRole:
            return cards
        return None
