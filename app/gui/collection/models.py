"""The Collection page's models: the entries (rows, or tiles), the set completion table and
the missing editions of one set (tiles). Models hold plain rows; thumbnails come from the
shared :class:`~app.gui.kit.thumbnails.ThumbnailProvider`."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSize,
    Qt,
    Slot,
)

from app.collection import NOT_IN_CATALOGUE, CollectionEdition, OwnedRow, SetCompletion
from app.gui.kit.cells import safe_cells
from app.gui.kit.thumbnails import ThumbnailProvider, ThumbState
from app.model.vocabulary import rarity_by_number

AnyIndex = QModelIndex | QPersistentModelIndex
ThumbnailRole = Qt.ItemDataRole.UserRole + 1
ThumbStateRole = Qt.ItemDataRole.UserRole + 2
CaptionRole = Qt.ItemDataRole.UserRole + 3
SlugRole = Qt.ItemDataRole.UserRole + 4
BadgeRole = Qt.ItemDataRole.UserRole + 5
NameRole = Qt.ItemDataRole.UserRole + 6

ENTRY_COLUMNS = ("Qty", "Name", "Set", "Number", "Rarity", "Finish", "Condition", "Language",
                 "Tag")


def rarity_code(number: int | None) -> str:
    """``CUR`` for 8, ``""`` for none."""
    found = rarity_by_number(number)
    return found.code if found else ""


class _Thumbs:
    """Thumbnail lookups of rows by image file, and the rows to repaint when one is ready."""

    def __init__(self, provider: ThumbnailProvider, thumb: QSize) -> None:
        self.provider, self.w, self.h = provider, thumb.width(), thumb.height()
        self.rows_of: dict[str, list[int]] = {}

    def index(self, files: list[tuple[str, bool]]) -> None:
        self.rows_of = {}
        for row, (name, stored) in enumerate(files):
            if stored:
                self.rows_of.setdefault(ThumbnailProvider.key(name, self.w, self.h), []).append(row)

    def data(self, role: int, image_file: str, stored: bool) -> Any:
        if role == ThumbnailRole:
            return self.provider.image(image_file, self.w, self.h) if stored else None
        return self.provider.state(image_file, self.w, self.h) if stored else ThumbState.MISSING


class EntriesModel(QAbstractTableModel):
    """One row per entry: :data:`ENTRY_COLUMNS`; column 0 also answers the tile roles
    (thumbnail, caption ``DOA 1st · 004 · CUR``, badge ``×3 foil``, slug)."""

    def __init__(self, provider: ThumbnailProvider, thumb: QSize,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[OwnedRow] = []
        self._thumbs = _Thumbs(provider, thumb)
        provider.ready.connect(self._on_ready)

    def set_entries(self, entries: list[OwnedRow]) -> None:
        """Show ``entries``."""
        self.beginResetModel()
        self._rows = entries
        self._thumbs.index([(o.image_file or "", bool(o.has_image)) for o in entries])
        self.endResetModel()

    def entry(self, row: int) -> OwnedRow:
        """The entry in ``row``."""
        return self._rows[row]

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """Entries shown."""
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """:data:`ENTRY_COLUMNS`."""
        return 0 if parent.isValid() else len(ENTRY_COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The column titles."""
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return ENTRY_COLUMNS[section]
        return None

    @safe_cells
    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """A cell's text, or a tile role of column 0."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        owned = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._cell(owned, index.column())
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() == 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role in (ThumbnailRole, ThumbStateRole):
            return self._thumbs.data(role, owned.image_file or "", bool(owned.has_image))
        if role == CaptionRole:
            if owned.set_prefix is None:
                return owned.edition_uuid
            return " · ".join(p for p in (owned.set_prefix, owned.collector_number,
                                          rarity_code(owned.rarity)) if p)
        if role == BadgeRole:
            return f"×{owned.quantity}" + (" foil" if owned.foil else "")
        if role == SlugRole:
            return owned.slug or ""
        if role == NameRole:
            return owned.name or NOT_IN_CATALOGUE
        if role == Qt.ItemDataRole.ToolTipRole:
            return (f"{owned.name or NOT_IN_CATALOGUE}\n{self.data(index, CaptionRole)}\n"
                    f"{self.data(index, BadgeRole)}")
        return None

    @staticmethod
    def _cell(owned: OwnedRow, column: int) -> str:
        if column == 0:
            return str(owned.quantity)
        values = (owned.name or NOT_IN_CATALOGUE, owned.set_prefix or "",
                  owned.collector_number or "", rarity_code(owned.rarity),
                  "foil" if owned.foil else "non-foil", owned.condition, owned.language,
                  owned.tag)
        return values[column - 1]

    @Slot(str)
    def _on_ready(self, key: str) -> None:
        for row in self._thumbs.rows_of.get(key, ()):
            index = self.index(row, 0)
            self.dataChanged.emit(index, index, [ThumbnailRole])


SET_COLUMNS = ("Set", "Name", "Owned", "Complete", "By rarity")


class SetsModel(QAbstractTableModel):
    """Set completion: one row per set prefix."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[SetCompletion] = []

    def set_sets(self, sets: list[SetCompletion]) -> None:
        """Show ``sets``."""
        self.beginResetModel()
        self._rows = sets
        self.endResetModel()

    def completion(self, row: int) -> SetCompletion:
        """The set in ``row``."""
        return self._rows[row]

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """Sets shown."""
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """:data:`SET_COLUMNS`."""
        return 0 if parent.isValid() else len(SET_COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The column titles."""
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return SET_COLUMNS[section]
        return None

    @safe_cells
    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """``DOA 1st`` · name · ``12 / 287`` · ``4%`` · ``C 10/114 …``."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        done = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            share = f"{100 * done.owned // done.total}%" if done.total else ""
            rarities = "  ".join(f"{code} {have}/{of}"
                                 for code, (have, of) in done.by_rarity.items())
            return (done.prefix, done.name, f"{done.owned} / {done.total}", share,
                    rarities)[index.column()]
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{done.name}: {len(done.missing)} editions missing — select to see them"
        return None


class MissingModel(QAbstractListModel):
    """The missing editions of one set, as tiles (same roles as :class:`EntriesModel`)."""

    def __init__(self, provider: ThumbnailProvider, thumb: QSize,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: tuple[CollectionEdition, ...] = ()
        self._thumbs = _Thumbs(provider, thumb)
        provider.ready.connect(self._on_ready)

    def set_editions(self, editions: tuple[CollectionEdition, ...]) -> None:
        """Show ``editions``."""
        self.beginResetModel()
        self._rows = editions
        self._thumbs.index([(e.image_file, e.has_image) for e in editions])
        self.endResetModel()

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """Editions shown."""
        return 0 if parent.isValid() else len(self._rows)

    @safe_cells
    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The edition's name, thumbnail, caption or slug."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        edition = self._rows[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, NameRole):
            return edition.name
        if role in (ThumbnailRole, ThumbStateRole):
            return self._thumbs.data(role, edition.image_file, edition.has_image)
        if role == CaptionRole:
            return f"{edition.set_prefix} · {edition.collector_number} · " \
                   f"{rarity_code(edition.rarity)}"
        if role == BadgeRole:
            return "missing"
        if role == SlugRole:
            return edition.slug
        return None

    @Slot(str)
    def _on_ready(self, key: str) -> None:
        for row in self._thumbs.rows_of.get(key, ()):
            index = self.index(row)
            self.dataChanged.emit(index, index, [ThumbnailRole])
