"""The top cards of the meta as a table model: decks, inclusion, mean copies and a small
trend (the movement of the card's inclusion between the range's two halves)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QPalette

from app.gui.kit.cells import safe_cells
from app.gui.kit.theme import rise_fall_colours
from app.gui.meta.data import card_key

COLUMNS = ("Card", "Decks", "Inclusion", "Mean copies", "Trend")
CARD, DECKS, INCLUSION, COPIES, TREND = range(len(COLUMNS))
STEADY = 0.005
"""A movement smaller than this (half a percentage point) shows as steady."""
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

AnyIndex = QModelIndex | QPersistentModelIndex


def trend_text(change: float | None) -> str:
    """``▲ 4.2 pts``, ``▼ 1.0 pts`` (percentage points of inclusion), ``–`` steady, ``""``
    unknown (one half of the range holds no decklist)."""
    if change is None:
        return ""
    if abs(change) < STEADY:
        return "–"
    return f"{'▲' if change > 0 else '▼'} {abs(change) * 100:.1f} pts"


class CardsModel(QAbstractTableModel):
    """The meta's cards (``{"name", "slug", "decks", "inclusion", "mean_copies"}``), one
    row each, in the columns of :data:`COLUMNS`; most played first.

    Roles: :attr:`SlugRole` (the card's slug, None for a name no card has) on every column,
    :attr:`SortRole` the number a column sorts by.

    Args:
        parent: the owning QObject.
    """

    SlugRole = Qt.ItemDataRole.UserRole + 1
    SortRole = Qt.ItemDataRole.UserRole + 2

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.cards: list[dict[str, Any]] = []
        self.trend: dict[str, float] = {}
        self.palette = QPalette()

    def set_cards(self, cards: list[dict[str, Any]], trend: dict[str, float]) -> None:
        """Show ``cards`` with their movement (card key → change, see
        :func:`app.gui.meta.data.card_key`)."""
        self.beginResetModel()
        self.cards, self.trend = list(cards), dict(trend)
        self.endResetModel()

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """The number of cards (none under a row: a table)."""
        return 0 if parent.isValid() else len(self.cards)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """The columns of :data:`COLUMNS`."""
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Column titles; rows are numbered 1, 2, …"""
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return COLUMNS[section] if 0 <= section < len(COLUMNS) else None
        return section + 1

    def change(self, row: int) -> float | None:
        """The movement of the card in ``row`` (None: unknown)."""
        return self.trend.get(card_key(self.cards[row]))

    @safe_cells
    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The cell's text, alignment, colour (the trend), slug and sort value."""
        if not index.isValid() or not 0 <= index.row() < len(self.cards):
            return None
        card, column = self.cards[index.row()], index.column()
        if role == self.SlugRole:
            return card.get("slug")
        change = self.change(index.row())
        if role == Qt.ItemDataRole.DisplayRole:
            return (str(card["name"]), f"{card['decks']:,}", f"{card['inclusion']:.1%}",
                    f"{card['mean_copies']:.2f}", trend_text(change))[column]
        if role == self.SortRole:
            return (str(card["name"]).casefold(), card["decks"], card["inclusion"],
                    card["mean_copies"], change if change is not None else 0.0)[column]
        if role == Qt.ItemDataRole.TextAlignmentRole and column != CARD:
            return _RIGHT
        if role == Qt.ItemDataRole.ForegroundRole and column == TREND and change is not None \
                and abs(change) >= STEADY:
            rise, fall = rise_fall_colours(self.palette)
            return rise if change > 0 else fall
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == TREND and change is not None:
                return "Inclusion in the second half of the range against the first"
            if column == CARD and not card.get("slug"):
                return "No card of the catalogue has this name"
        return None
