"""The featured set groups (spec: endpoint 4, "Featured set group") as a two-level model:
groups at the top, their sets below, and the loading of groups and logos off the GUI thread.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any, Protocol

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QImage

from app.errors import InvalidRequest, NotFound
from app.gui.kit.cells import safe_cells

LOGO_HEIGHT = 128
"""Logos are scaled (in the worker) to at most this many pixels high."""
COLUMNS = ("Set", "Prefix", "Language", "Released")
_NO_PARENT = 0  # internal id of a group row; a set row's id is its group's row + 1

Index = QModelIndex | QPersistentModelIndex


class FeaturedSource(Protocol):
    """The catalogue calls of the page (``LocalCatalogue`` satisfies it)."""

    def featured_sets(self) -> list[dict[str, Any]]: ...

    def featured_set_logo(self, filename: str) -> bytes: ...


@dataclass
class FeaturedGroup:
    """One featured set group: its name, logo file name (``RDO.png``), logo and sets."""

    name: str
    logo_file: str
    logo: QImage | None
    sets: list[dict[str, Any]] = field(default_factory=list)

    @property
    def code(self) -> str:
        """The logo's prefix (``RDO`` of ``RDO.png``), or the name's initials."""
        stem = self.logo_file.rsplit(".", 1)[0]
        return stem or "".join(word[:1] for word in self.name.split())[:4].upper()


def readable_date(value: object) -> str:
    """``"2026-04-03T00:00:00"`` → ``"3 April 2026"``; ``"—"`` when unknown or malformed."""
    if not isinstance(value, str):
        return "—"
    try:
        day = date.fromisoformat(value[:10])
    except ValueError:
        return value or "—"
    return f"{day.day} {day:%B %Y}"


def load_featured(catalogue: FeaturedSource) -> list[FeaturedGroup]:
    """Ask endpoint 4 for the groups and endpoint 5 for each logo (worker side).

    A logo that is absent (``NotFound``, the usual case) or unreadable is None: the view
    draws a placeholder.
    """
    groups: list[FeaturedGroup] = []
    for raw in catalogue.featured_sets():
        filename = str(raw.get("image") or "").rsplit("/", 1)[-1]
        logo: QImage | None = None
        if filename:
            try:
                image = QImage.fromData(catalogue.featured_set_logo(filename))
            except (NotFound, InvalidRequest):
                image = QImage()
            if not image.isNull():
                logo = image if image.height() <= LOGO_HEIGHT else image.scaledToHeight(
                    LOGO_HEIGHT, Qt.TransformationMode.SmoothTransformation)
        sets = [s for s in raw.get("sets") or [] if isinstance(s, dict)]
        groups.append(FeaturedGroup(str(raw.get("name") or ""), filename, logo, sets))
    return groups


class FeaturedSetsModel(QAbstractItemModel):
    """Groups (top level, one column of meaning) and their sets (four columns: name,
    prefix, language, release date as a readable date).

    Roles: :attr:`PrefixRole` (a set row's prefix; None on group rows) and
    :attr:`GroupRole` (a group row's :class:`FeaturedGroup`; None on set rows).
    """

    PrefixRole = Qt.ItemDataRole.UserRole + 1
    GroupRole = Qt.ItemDataRole.UserRole + 2

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._groups: list[FeaturedGroup] = []

    @property
    def groups(self) -> list[FeaturedGroup]:
        """The groups shown, in received order."""
        return list(self._groups)

    def set_groups(self, groups: list[FeaturedGroup]) -> None:
        """Show ``groups`` (resets the model)."""
        self.beginResetModel()
        self._groups = list(groups)
        self.endResetModel()

    def set_count(self) -> int:
        """How many sets all groups hold together."""
        return sum(len(group.sets) for group in self._groups)

    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        """See ``QAbstractItemModel.index``."""
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, _NO_PARENT)
        return self.createIndex(row, column, parent.row() + 1)

    def parent(self, child: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        """See ``QAbstractItemModel.parent``."""
        if not child.isValid() or child.internalId() == _NO_PARENT:
            return QModelIndex()
        return self.createIndex(child.internalId() - 1, 0, _NO_PARENT)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Groups at the top; a group's sets below it; nothing below a set."""
        if not parent.isValid():
            return len(self._groups)
        if parent.internalId() == _NO_PARENT and parent.column() == 0:
            return len(self._groups[parent.row()].sets)
        return 0

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Four columns (see :data:`COLUMNS`)."""
        return len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Column titles."""
        if (orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole
                and 0 <= section < len(COLUMNS)):
            return COLUMNS[section]
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        """Sets are selectable; group rows are headings (enabled, not selectable)."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        if index.internalId() == _NO_PARENT:
            return Qt.ItemFlag.ItemIsEnabled
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    @safe_cells
    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Display text, tooltips, :attr:`PrefixRole` and :attr:`GroupRole`."""
        if not index.isValid():
            return None
        if index.internalId() == _NO_PARENT:
            group = self._groups[index.row()]
            if role == self.GroupRole:
                return group
            if role == Qt.ItemDataRole.DisplayRole and index.column() == 0:
                return group.name
            return None
        entry = self._groups[index.internalId() - 1].sets[index.row()]
        prefix = entry.get("prefix")
        if role == Qt.ItemDataRole.DisplayRole:
            column = index.column()
            if column == 3:
                return readable_date(entry.get("release_date"))
            return str(entry.get(("name", "prefix", "language")[column]) or "")
        if role == self.PrefixRole:
            return prefix
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"Show the cards of {entry.get('name')} ({prefix})"
        return None
