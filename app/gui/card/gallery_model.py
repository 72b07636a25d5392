"""The gallery's list model: the editions of one card with their rounded images.

The images come from :class:`~app.gui.kit.rounded_images.RoundedImages` (endpoint 3's rounded
variant, made in workers); a ``ready(key)`` repaints the one row it belongs to.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSize,
    Qt,
    Slot,
)

from app.gui.kit.cells import safe_cells
from app.gui.kit.edition_data import EditionInfo
from app.gui.kit.rounded_images import RoundedImages
from app.gui.kit.thumbnails import ThumbState

AnyIndex = QModelIndex | QPersistentModelIndex


class GalleryModel(QAbstractListModel):
    """The editions of one card, for the gallery.

    Roles: ``DisplayRole`` the label ``"<set prefix> · <number> · <rarity code>"``,
    ``ToolTipRole`` set name and rarity, ``DecorationRole``/:attr:`ImageRole` the tile
    ``QImage`` or None, :attr:`EditionRole` the :class:`EditionInfo`, :attr:`StateRole` a
    :class:`ThumbState`.

    Args:
        images: makes the rounded images.
        tile: the logical size of a tile image.
        parent: the owning QObject.
    """

    EditionRole = Qt.ItemDataRole.UserRole + 1
    ImageRole = Qt.ItemDataRole.UserRole + 2
    StateRole = Qt.ItemDataRole.UserRole + 3

    def __init__(self, images: RoundedImages, tile: QSize, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._images, self._tile = images, tile
        self._rows: list[EditionInfo] = []
        self.card_name = ""
        images.ready.connect(self._on_ready)

    def set_editions(self, card_name: str, editions: list[EditionInfo]) -> None:
        """Show the editions of the card ``card_name`` (images are asked for when painted)."""
        self.beginResetModel()
        self.card_name, self._rows = card_name, list(editions)
        self.endResetModel()

    def edition(self, row: int) -> EditionInfo:
        """The edition of ``row``."""
        return self._rows[row]

    def state(self, row: int) -> ThumbState:
        """Where the tile image of ``row`` is (``MISSING`` when the image is not stored)."""
        edition = self._rows[row]
        if not edition.has_image:
            return ThumbState.MISSING
        return self._images.state(edition.image_file, self._tile.width(), self._tile.height())

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """Number of editions (0 under any valid parent)."""
        return 0 if parent.isValid() else len(self._rows)

    @safe_cells
    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The value of ``role`` for the edition at ``index`` (see the class doc), or None."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        edition = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return edition.label
        if role == Qt.ItemDataRole.ToolTipRole:
            return " · ".join(p for p in (edition.set_name, edition.rarity_text) if p)
        if role == self.EditionRole:
            return edition
        if role in (Qt.ItemDataRole.DecorationRole, self.ImageRole):
            if not edition.has_image:
                return None
            return self._images.image(edition.image_file, self._tile.width(), self._tile.height())
        if role == self.StateRole:
            return self.state(index.row())
        return None

    @Slot(str)
    def _on_ready(self, key: str) -> None:
        size = (self._tile.width(), self._tile.height())
        for row, edition in enumerate(self._rows):
            if edition.has_image and RoundedImages.key(edition.image_file, *size) == key:
                index = self.index(row)
                self.dataChanged.emit(index, index,
                                      [Qt.ItemDataRole.DecorationRole, self.ImageRole])
