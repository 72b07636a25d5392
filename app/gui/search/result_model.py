"""The search results as a list model: one row per card, or one per edition.

The model holds the hits of the newest query (:class:`~app.model.query.CardSummary` per
card, :class:`~app.model.query.EditionHit` per edition), in the query's order. The thumbnail of
a row is asked of the shared :class:`~app.gui.kit.thumbnails.ThumbnailProvider` only when a
view paints it; when the provider reports ``ready(key)``, the model emits ``dataChanged``
for the rows showing that image only.
"""

from __future__ import annotations

from collections.abc import Sequence
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
from app.gui.kit.thumbnails import ThumbnailProvider, ThumbState
from app.model.query import EditionHit, Hit
from app.model.vocabulary import rarity_by_number

AnyIndex = QModelIndex | QPersistentModelIndex


def hit_caption(hit: Hit) -> str:
    """Set prefix and collector number of the edition a hit shows (``DOA 1st · 001``)."""
    return f"{hit.set_prefix} · {hit.collector_number}".strip(" ·")


def edition_of(hit: Hit) -> str:
    """The uuid of the edition a hit's tile shows ("" for a card without editions)."""
    return hit.uuid if isinstance(hit, EditionHit) else hit.edition_uuid


class ResultModel(QAbstractListModel):
    """Search hits for the tile grid.

    Roles: ``DisplayRole`` the card name, ``ToolTipRole`` name, edition and rarity,
    ``DecorationRole``/:attr:`ThumbnailRole` the thumbnail ``QImage`` (or None while it is
    made or when there is none), :attr:`SlugRole` (the card's slug), :attr:`HitRole` (the
    hit; :attr:`SummaryRole` is the same), :attr:`CaptionRole` (``DOA 1st · 001``),
    :attr:`SubtitleRole` (per edition: ``DOA 1st · 001 · CUR``; per card: None),
    :attr:`ThumbStateRole` (a :class:`ThumbState`; ``MISSING`` when the image is not stored).

    Args:
        provider: makes the thumbnails (shared with the detail pane).
        thumb_size: the logical size of a tile's thumbnail.
        parent: the owning QObject.
    """

    SlugRole = Qt.ItemDataRole.UserRole + 1
    HitRole = SummaryRole = Qt.ItemDataRole.UserRole + 2
    ThumbnailRole = Qt.ItemDataRole.UserRole + 3
    ThumbStateRole = Qt.ItemDataRole.UserRole + 4
    CaptionRole = Qt.ItemDataRole.UserRole + 5
    SubtitleRole = Qt.ItemDataRole.UserRole + 6
    ChangedRole = Qt.ItemDataRole.UserRole + 7  # groups of the latest revision, or None
    OwnedRole = Qt.ItemDataRole.UserRole + 8  # copies of the card in the collection, or None

    def __init__(self, provider: ThumbnailProvider, thumb_size: QSize,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._provider = provider
        self._w, self._h = thumb_size.width(), thumb_size.height()
        self._rows: list[Hit] = []
        self._query, self._per = "", "card"
        self._rows_by_key: dict[str, list[int]] = {}
        self._changed: dict[str, tuple[str, ...]] = {}
        self._owned: dict[str, int] = {}
        provider.ready.connect(self._on_ready)

    @property
    def query(self) -> str:
        """The search text these rows answer."""
        return self._query

    @property
    def per(self) -> str:
        """``card`` or ``edition``: what one row is."""
        return self._per

    def set_results(self, query: str, rows: Sequence[Hit], per: str | None = None) -> None:
        """Replace the rows with the hits of ``query`` (resets the model).

        Args:
            query: the query text.
            rows: the hits, in order.
            per: ``card`` or ``edition``; by default what the first row is.
        """
        self.beginResetModel()
        self._query = query
        self._rows = list(rows)
        first_is_edition = bool(self._rows) and isinstance(self._rows[0], EditionHit)
        self._per = per or ("edition" if first_is_edition else "card")
        self._rows_by_key = {}
        for row, hit in enumerate(self._rows):
            if hit.has_image:
                key = ThumbnailProvider.key(hit.image_file, self._w, self._h)
                self._rows_by_key.setdefault(key, []).append(row)
        self.endResetModel()

    def set_changed(self, changed: dict[str, tuple[str, ...]]) -> None:
        """Cards the latest revision added or changed (uuid → patch-note groups): their
        tiles carry a badge (:attr:`ChangedRole`)."""
        self._changed = dict(changed)
        if self._rows:
            self.dataChanged.emit(self.index(0), self.index(len(self._rows) - 1),
                                  [self.ChangedRole])

    def set_owned(self, owned: dict[str, int]) -> None:
        """Copies owned per card uuid (any printing and finish): their tiles carry a badge
        (:attr:`OwnedRole`); ``{}`` shows none."""
        self._owned = dict(owned)
        if self._rows:
            self.dataChanged.emit(self.index(0), self.index(len(self._rows) - 1),
                                  [self.OwnedRole])

    def hit(self, row: int) -> Hit:
        """The hit in ``row``."""
        return self._rows[row]

    summary = hit

    def row_of(self, slug: str, edition_uuid: str = "") -> int | None:
        """The row of the card with this slug (the tile of ``edition_uuid`` when there is
        one, else its first), or None when it is not among the hits."""
        rows = [row for row, hit in enumerate(self._rows) if hit.slug == slug]
        exact = [row for row in rows
                 if edition_uuid and edition_of(self._rows[row]) == edition_uuid]
        found = exact or rows
        return found[0] if found else None

    def thumb_state(self, row: int) -> ThumbState:
        """Where the thumbnail of ``row`` is (``MISSING`` when the edition has no stored image)."""
        hit = self._rows[row]
        if not hit.has_image:
            return ThumbState.MISSING
        return self._provider.state(hit.image_file, self._w, self._h)

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """Number of hits (0 under any valid parent: this is a flat list)."""
        return 0 if parent.isValid() else len(self._rows)

    @safe_cells
    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The value of ``role`` for the hit at ``index`` (see the class doc), or None."""
        row = index.row()
        if not index.isValid() or not 0 <= row < len(self._rows):
            return None
        hit = self._rows[row]
        if role == Qt.ItemDataRole.DisplayRole:
            return hit.name
        if role in (Qt.ItemDataRole.DecorationRole, self.ThumbnailRole):
            if not hit.has_image:
                return None
            return self._provider.image(hit.image_file, self._w, self._h)
        if role == self.ThumbStateRole:
            return self.thumb_state(row)
        if role == self.SlugRole:
            return hit.slug
        if role == self.HitRole:
            return hit
        if role == self.CaptionRole:
            return hit_caption(hit)
        if role == self.SubtitleRole:
            return self._subtitle(hit)
        if role == self.ChangedRole:
            return self._changed.get(hit.card_uuid if isinstance(hit, EditionHit) else hit.uuid)
        if role == self.OwnedRole:
            return self._owned.get(hit.card_uuid if isinstance(hit, EditionHit) else hit.uuid)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(hit)
        return None

    @staticmethod
    def _subtitle(hit: Hit) -> str | None:
        if not isinstance(hit, EditionHit):
            return None
        known = rarity_by_number(hit.rarity)
        code = known.code if known else None
        return " · ".join(part for part in (hit_caption(hit), code) if part)

    @staticmethod
    def _tooltip(hit: Hit) -> str:
        if isinstance(hit, EditionHit):
            known = rarity_by_number(hit.rarity)
            rarity = known.name if known else ""
            return "\n".join(part for part in (hit.name, hit_caption(hit), rarity) if part)
        editions = f"{hit.editions} edition" + ("" if hit.editions == 1 else "s")
        return f"{hit.name}\n{hit_caption(hit)} · {editions}"

    @Slot(str)
    def _on_ready(self, key: str) -> None:
        for row in self._rows_by_key.get(key, ()):
            index = self.index(row)
            self.dataChanged.emit(
                index, index, [Qt.ItemDataRole.DecorationRole, self.ThumbnailRole]
            )
