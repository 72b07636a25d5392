"""The dynamic Thema ranking as a table model (spec: endpoint 6, "Dynamic Thema rank entry")
and its sorting proxy. Sorting uses :attr:`RankModel.SortRole` (numbers, not the text)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QColor

from app.gui.kit.cells import safe_cells
from app.gui.kit.theme import rise_fall_colours

COLUMNS = ("Rank", "Move", "Card", "Set · No.", "Kind", "Total", "Change")
RANK, MOVE, CARD, SET, KIND, TOTAL, CHANGE = range(len(COLUMNS))
_LAST = 1 << 30  # where unknown ranks sort
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_CENTER = int(Qt.AlignmentFlag.AlignCenter)

AnyIndex = QModelIndex | QPersistentModelIndex


def rank_change_text(value: object) -> str:
    """``▲ 2`` for a rise of two places, ``▼ 3`` for a fall, ``–`` for none, ``""`` unknown."""
    if not isinstance(value, int):
        return ""
    if value > 0:
        return f"▲ {value}"
    return f"▼ {-value}" if value < 0 else "–"


def percent_text(value: object) -> str:
    """``+0.04 %``, ``−0.75 %`` (a true minus sign), ``""`` when unknown."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return ""
    return f"{value:+.2f} %".replace("-", "−")


def set_number(entry: dict[str, Any]) -> str:
    """``DOA 1st · 013``: the edition's set prefix and collector number."""
    edition = entry.get("edition") or {}
    prefix = (edition.get("set") or {}).get("prefix") or "?"
    return f"{prefix} · {edition.get('collector_number') or '?'}"


class RankModel(QAbstractTableModel):
    """Rank entries, one row each, in the columns of :data:`COLUMNS`.

    Roles: :attr:`SortRole` (what a column sorts by), :attr:`EditionRole` (the edition
    uuid) and :attr:`KindRole` (the circulation kind) on every column.

    Args:
        parent: the owning QObject.
    """

    SortRole = Qt.ItemDataRole.UserRole + 1
    EditionRole = Qt.ItemDataRole.UserRole + 2
    KindRole = Qt.ItemDataRole.UserRole + 3

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._entries: list[dict[str, Any]] = []
        self._rise, self._fall = QColor("#1f8a3c"), QColor("#c92a2a")

    def set_entries(self, entries: list[dict[str, Any]]) -> None:
        """Show ``entries`` (endpoint 6's answer); resets the model."""
        self.beginResetModel()
        self._entries = list(entries)
        self.endResetModel()

    def entry(self, row: int) -> dict[str, Any]:
        """The rank entry of ``row``."""
        return self._entries[row]

    def row_of(self, edition_uuid: str, kind: str | None = None) -> int | None:
        """The first row of ``edition_uuid`` (of ``kind`` when given), or None."""
        for row, entry in enumerate(self._entries):
            if (entry.get("edition") or {}).get("uuid") == edition_uuid and (
                    kind is None or entry.get("kind") == kind):
                return row
        return None

    def set_colours(self, rise: QColor, fall: QColor) -> None:
        """Colours of rises and falls (see :func:`app.gui.kit.theme.rise_fall_colours`)."""
        self._rise, self._fall = rise, fall
        if self._entries:
            self.dataChanged.emit(self.index(0, MOVE), self.index(len(self._entries) - 1, CHANGE))

    def use_palette_of(self, palette: Any) -> None:
        """Pick rise and fall colours readable on ``palette`` (a QPalette)."""
        self.set_colours(*rise_fall_colours(palette))

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """One row per rank entry (none below a row)."""
        return 0 if parent.isValid() else len(self._entries)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """The columns of :data:`COLUMNS`."""
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Column titles and their tooltips."""
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return ("Overall rank", "Change of rank since the previous day (▲ rise, ▼ fall)",
                    "Card", "Set prefix and collector number", "Circulation kind",
                    "Total Thema score", "Change of the total since the previous day")[section]
        return None

    @safe_cells
    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Text, alignment, colours of moves, sort values, edition uuid and kind."""
        if not index.isValid():
            return None
        entry, column = self._entries[index.row()], index.column()
        score = entry.get("score") or {}
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(entry, score, column)
        if role == self.SortRole:
            return self._sort_value(entry, score, column)
        if role == self.EditionRole:
            return (entry.get("edition") or {}).get("uuid")
        if role == self.KindRole:
            return entry.get("kind")
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _CENTER if column in (RANK, MOVE, KIND) else (
                _RIGHT if column in (TOTAL, CHANGE) else None)
        if role == Qt.ItemDataRole.ForegroundRole and column in (MOVE, CHANGE):
            value = score.get("rank_change" if column == MOVE else "change")
            if isinstance(value, int | float) and value:
                return self._rise if value > 0 else self._fall
        if role == Qt.ItemDataRole.ToolTipRole and column == CARD:
            return f"{entry.get('name')} ({(entry.get('edition') or {}).get('slug')})"
        return None

    @staticmethod
    def _text(entry: dict[str, Any], score: dict[str, Any], column: int) -> str:
        if column == RANK:
            rank = score.get("rank")
            return str(rank) if isinstance(rank, int) else "–"
        if column == MOVE:
            return rank_change_text(score.get("rank_change"))
        if column == CARD:
            return str(entry.get("name") or "")
        if column == SET:
            return set_number(entry)
        if column == KIND:
            return str(entry.get("kind") or "").capitalize()
        if column == TOTAL:
            total = score.get("thema_total")
            return f"{total:,}" if isinstance(total, int | float) else ""
        return percent_text(score.get("change"))

    @staticmethod
    def _sort_value(entry: dict[str, Any], score: dict[str, Any], column: int) -> Any:
        key = {RANK: "rank", MOVE: "rank_change", TOTAL: "thema_total", CHANGE: "change"}
        if column in key:
            value = score.get(key[column])
            return value if isinstance(value, int | float) else (_LAST if column == RANK else 0)
        if column == CARD:
            return str(entry.get("name") or "").casefold()
        if column == SET:
            edition = entry.get("edition") or {}
            prefix = (edition.get("set") or {}).get("prefix") or ""
            return f"{prefix}\x00{str(edition.get('collector_number') or '').zfill(6)}"
        return str(entry.get("kind") or "")


class RankProxy(QSortFilterProxyModel):
    """Sorts by :attr:`RankModel.SortRole`; filters on the card name (case-insensitive).

    Args:
        parent: the owning QObject.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setSortRole(RankModel.SortRole)
        self.setFilterKeyColumn(CARD)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
