"""The review of scanned photos as a table: each photo beside the card image of the
edition chosen for it, what the scanner found, the edition (the candidates one click
away), the finish and the copies to add.

A matched photo starts on its best candidate; an uncertain one waits for the person to
choose; a photo with no card or one that could not be read is shown, never added.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSize,
    Qt,
    Slot,
)
from PySide6.QtWidgets import QApplication, QStyle

from app.gui.collection.models import rarity_code
from app.gui.collection.scan_task import ScannedPhoto
from app.gui.kit.cells import safe_cells
from app.gui.kit.thumbnails import ThumbnailProvider, ThumbState
from app.scan import Candidate

AnyIndex = QModelIndex | QPersistentModelIndex
PHOTO, CARD, FOUND, EDITION, FINISH, COPIES = range(6)
HEADERS = ("Photo", "Card", "Found", "Edition", "Finish", "Copies")
CandidatesRole = Qt.ItemDataRole.UserRole + 1
"""The edition column's choices: one label per candidate, best first."""
STATUS_ICON = QSize(20, 20)
MAX_COPIES = 99
"""The most copies one row adds."""

_TITLES = {"matched": "Matched", "uncertain": "Uncertain: choose the edition",
           "no-card": "No card found", "unreadable": "Unreadable"}
_ICONS = {"matched": QStyle.StandardPixmap.SP_DialogApplyButton,
          "uncertain": QStyle.StandardPixmap.SP_MessageBoxQuestion,
          "no-card": QStyle.StandardPixmap.SP_MessageBoxWarning,
          "unreadable": QStyle.StandardPixmap.SP_MessageBoxCritical}


def candidate_label(candidate: Candidate) -> str:
    """``Lorraine, Wandering Warrior · DOA 1st 004 · CUR · 93 %``."""
    rarity = rarity_code(candidate.rarity)
    return " · ".join(part for part in (
        candidate.name, f"{candidate.set_prefix} {candidate.collector_number}", rarity,
        f"{candidate.score:.0%}") if part)


@dataclass
class ReviewRow:
    """One photo in the review: its answer, the candidate chosen (None: none yet), the
    finish and copies to add, and whether it was added."""

    photo: ScannedPhoto
    choice: int | None
    foil: bool = False
    quantity: int = 1
    added: bool = False

    @property
    def status(self) -> str:
        """The scanner's status: ``matched``, ``uncertain``, ``no-card``, ``unreadable``."""
        return self.photo.result.status

    @property
    def choosable(self) -> bool:
        """True when the row has candidates and is not added yet."""
        return bool(self.photo.result.candidates) and not self.added and \
            self.status in ("matched", "uncertain")

    @property
    def acceptable(self) -> bool:
        """True when the row can be added: choosable and an edition is chosen."""
        return self.choosable and self.choice is not None

    @property
    def chosen(self) -> Candidate | None:
        """The candidate chosen (None: none)."""
        candidates = self.photo.result.candidates
        return candidates[self.choice] if self.choice is not None else None


class ReviewModel(QAbstractTableModel):
    """The photos of a scan as rows (see the module's notes).

    Args:
        provider: the shared thumbnail provider (the card images).
        card_size: the card images' size in pixels.
    """

    def __init__(self, provider: ThumbnailProvider, card_size: QSize,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[ReviewRow] = []
        self._provider, self._w, self._h = provider, card_size.width(), card_size.height()
        provider.ready.connect(self._on_ready)

    def clear(self) -> None:
        """Show no photo."""
        self.beginResetModel()
        self._rows = []
        self.endResetModel()

    def append(self, photo: ScannedPhoto) -> int:
        """Add a photo's row (a match starts on its best candidate); returns its row."""
        row = len(self._rows)
        self.beginInsertRows(QModelIndex(), row, row)
        self._rows.append(ReviewRow(photo, 0 if photo.result.status == "matched" else None))
        self.endInsertRows()
        return row

    def review_row(self, row: int) -> ReviewRow:
        """The row ``row``."""
        return self._rows[row]

    def acceptable_rows(self, rows: list[int] | None = None) -> list[int]:
        """Of ``rows`` (None: all), those that can be added, in order."""
        chosen = range(len(self._rows)) if rows is None else sorted(set(rows))
        return [row for row in chosen if 0 <= row < len(self._rows)
                and self._rows[row].acceptable]

    def mark_added(self, rows: list[int]) -> None:
        """Mark ``rows`` as added to the collection (no longer editable)."""
        for row in rows:
            if not 0 <= row < len(self._rows):  # a new scan began meanwhile
                continue
            self._rows[row].added = True
            self._changed(row)

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """Photos shown."""
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """Photo, card, found, edition, finish, copies."""
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The column titles."""
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole \
                and 0 <= section < len(HEADERS):
            return HEADERS[section]
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        """Edition, finish and copies are editable while the row is choosable."""
        base = super().flags(index)
        if index.isValid() and index.column() in (EDITION, FINISH, COPIES) \
                and self._rows[index.row()].choosable:
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    @safe_cells
    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Each column's text, picture, tooltip and edit value."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row, column = self._rows[index.row()], index.column()
        result = row.photo.result
        if column == PHOTO:
            if role == Qt.ItemDataRole.DecorationRole:
                return row.photo.thumb
            if role == Qt.ItemDataRole.DisplayRole:
                return "" if row.photo.thumb is not None else "No preview"
            if role == Qt.ItemDataRole.ToolTipRole:
                return result.path
            return None
        if column == CARD:
            if role == Qt.ItemDataRole.DecorationRole:
                return self._card_image(row)
            if role == Qt.ItemDataRole.ToolTipRole and result.candidates:
                return f"The edition chosen: {row.chosen.name}" if row.chosen is not None \
                    else f"The closest card, not chosen yet: {result.candidates[0].name}"
            return None
        if column == FOUND:
            return self._found(row, role)
        if column == EDITION:
            return self._edition(row, role)
        if column == FINISH and (row.choosable or row.added):
            if role == Qt.ItemDataRole.DisplayRole:
                return "Foil" if row.foil else "Non-foil"
            if role == Qt.ItemDataRole.EditRole:
                return row.foil
        if column == COPIES and (row.choosable or row.added):
            if role == Qt.ItemDataRole.DisplayRole:
                return str(row.quantity)
            if role == Qt.ItemDataRole.EditRole:
                return row.quantity
        return None

    def setData(self, index: AnyIndex, value: Any,
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Choose the edition (a candidate's position), the finish (True: foil) or the
        copies (1 to :data:`MAX_COPIES`)."""
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        row = self._rows[index.row()]
        if not row.choosable:
            return False
        if index.column() == EDITION:
            if not (isinstance(value, int) and 0 <= value < len(row.photo.result.candidates)):
                return False
            row.choice = value
        elif index.column() == FINISH:
            row.foil = bool(value)
        elif index.column() == COPIES:
            row.quantity = max(1, min(MAX_COPIES, int(value)))
        else:
            return False
        self._changed(index.row())
        return True

    def card_state(self, image_file: str) -> ThumbState:
        """Whether the card image of ``image_file`` is made (screenshots wait for it)."""
        return self._provider.state(image_file, self._w, self._h)

    def _found(self, row: ReviewRow, role: int) -> Any:
        result = row.photo.result
        if role == Qt.ItemDataRole.DisplayRole:
            title = "Added to the collection" if row.added else _TITLES.get(result.status, "")
            message = result.message.removeprefix(f"{result.path}: ")  # named below
            lines = (title, message, Path(result.path).name)
            return "\n".join(line for line in lines if line)
        if role == Qt.ItemDataRole.DecorationRole:  # a pixmap: drawn at its own size
            style = QApplication.style()
            icon = _ICONS.get("matched" if row.added else result.status)
            return style.standardIcon(icon).pixmap(STATUS_ICON) \
                if style is not None and icon is not None else None
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{result.path}: {result.message}"
        return None

    def _edition(self, row: ReviewRow, role: int) -> Any:
        candidates = row.photo.result.candidates
        if role == CandidatesRole:
            return [candidate_label(c) for c in candidates]
        if role == Qt.ItemDataRole.EditRole:
            return row.choice
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            chosen = row.chosen
            if chosen is not None:
                return candidate_label(chosen)
            if candidates and row.status == "uncertain":
                return f"Choose one of {len(candidates)} editions…"
            return "" if role == Qt.ItemDataRole.DisplayRole else None
        return None

    @staticmethod
    def shown_image(row: ReviewRow) -> str:
        """The image file of the card shown beside the photo: the edition chosen, else the
        best candidate ("" for none, or one not stored)."""
        candidates = row.photo.result.candidates
        if not candidates or row.status not in ("matched", "uncertain"):
            return ""
        shown = row.chosen or candidates[0]
        image_file, stored = row.photo.images.get(shown.edition_uuid, ("", False))
        return image_file if stored else ""

    def _card_image(self, row: ReviewRow) -> Any:
        image_file = self.shown_image(row)
        return self._provider.image(image_file, self._w, self._h) if image_file else None

    def _changed(self, row: int) -> None:
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(HEADERS) - 1))

    @Slot(str)
    def _on_ready(self, key: str) -> None:
        for number, row in enumerate(self._rows):
            if ThumbnailProvider.key(self.shown_image(row), self._w, self._h) == key:
                index = self.index(number, CARD)
                self.dataChanged.emit(index, index, [Qt.ItemDataRole.DecorationRole])
