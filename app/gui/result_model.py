"""The search results as a list model: one row per card, best hit first.

The model holds the ``CardSummary`` list of the newest search. The thumbnail of a row is
asked of the :class:`~app.gui.thumbnails.ThumbnailProvider` when a view needs it; when the
provider reports ``ready(key)``, the model emits ``dataChanged`` for that row only.
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

from app.catalogue.base import CardSummary
from app.gui.detail_data import caption
from app.gui.thumbnails import ThumbnailProvider, ThumbState

AnyIndex = QModelIndex | QPersistentModelIndex


class ResultModel(QAbstractListModel):
    """Search hits for the tile grid.

    Roles: ``DisplayRole`` the card name, ``ToolTipRole`` name and editions,
    ``DecorationRole``/:attr:`ThumbnailRole` the thumbnail ``QImage`` (or None while it is
    made or when there is none), :attr:`SlugRole`, :attr:`SummaryRole` (the
    ``CardSummary``), :attr:`CaptionRole` (``DOA 1st · 001``), :attr:`ThumbStateRole`
    (a :class:`ThumbState`; ``MISSING`` when the image is not stored).

    Args:
        provider: makes the thumbnails.
        thumb_size: the logical size of a tile's thumbnail.
        parent: the owning QObject.
    """

    SlugRole = Qt.ItemDataRole.UserRole + 1
    SummaryRole = Qt.ItemDataRole.UserRole + 2
    ThumbnailRole = Qt.ItemDataRole.UserRole + 3
    ThumbStateRole = Qt.ItemDataRole.UserRole + 4
    CaptionRole = Qt.ItemDataRole.UserRole + 5

    def __init__(self, provider: ThumbnailProvider, thumb_size: QSize,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._provider = provider
        self._size = thumb_size
        self._rows: list[CardSummary] = []
        self._query = ""
        self._rows_by_key: dict[str, list[int]] = {}
        provider.ready.connect(self._on_ready)

    @property
    def query(self) -> str:
        """The search text these rows answer."""
        return self._query

    def set_results(self, query: str, rows: list[CardSummary]) -> None:
        """Replace the rows with the hits of ``query`` (resets the model)."""
        self.beginResetModel()
        self._query = query
        self._rows = list(rows)
        self._rows_by_key = {}
        for row, summary in enumerate(self._rows):
            if summary.has_image:
                key = self._key(summary)
                self._rows_by_key.setdefault(key, []).append(row)
        self.endResetModel()

    def summary(self, row: int) -> CardSummary:
        """The hit in ``row``."""
        return self._rows[row]

    def row_of(self, slug: str) -> int | None:
        """The row of the card with this slug, or None when it is not among the hits."""
        for row, summary in enumerate(self._rows):
            if summary.slug == slug:
                return row
        return None

    def thumb_state(self, row: int) -> ThumbState:
        """Where the thumbnail of ``row`` is (``MISSING`` when the card has no stored image)."""
        summary = self._rows[row]
        if not summary.has_image:
            return ThumbState.MISSING
        return self._provider.state(summary.image_file, self._size.width(), self._size.height())

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """Number of hits (0 under any valid parent: this is a flat list)."""
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The value of ``role`` for the hit at ``index`` (see the class doc), or None."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        summary = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return summary.name
        if role == Qt.ItemDataRole.ToolTipRole:
            editions = f"{summary.editions} edition" + ("" if summary.editions == 1 else "s")
            return f"{summary.name}\n{caption(summary)} · {editions}"
        if role in (Qt.ItemDataRole.DecorationRole, self.ThumbnailRole):
            if not summary.has_image:
                return None
            return self._provider.image(
                summary.image_file, self._size.width(), self._size.height()
            )
        if role == self.ThumbStateRole:
            return self.thumb_state(index.row())
        if role == self.SlugRole:
            return summary.slug
        if role == self.SummaryRole:
            return summary
        if role == self.CaptionRole:
            return caption(summary)
        return None

    def _key(self, summary: CardSummary) -> str:
        return ThumbnailProvider.key(summary.image_file, self._size.width(), self._size.height())

    @Slot(str)
    def _on_ready(self, key: str) -> None:
        for row in self._rows_by_key.get(key, ()):
            index = self.index(row)
            self.dataChanged.emit(
                index, index, [Qt.ItemDataRole.DecorationRole, self.ThumbnailRole]
            )
