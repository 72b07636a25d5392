"""Pick the printing of a deck entry from its card's editions (the card's gallery).

:class:`EditionModel` lists a card's editions with their thumbnails (made off the GUI
thread by the window's :class:`~app.gui.kit.thumbnails.ThumbnailProvider`);
:class:`PrintingDialog` shows them as tiles and answers the edition chosen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, QSize, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListView,
    QVBoxLayout,
    QWidget,
)

from app.decks import DeckEdition
from app.gui.kit.cells import safe_cells
from app.gui.kit.thumbnails import ThumbnailProvider

AnyIndex = QModelIndex | QPersistentModelIndex
THUMB = QSize(146, 204)
EditionRole = Qt.ItemDataRole.UserRole + 1


class EditionModel(QAbstractListModel):
    """A card's editions: ``SET NUMBER`` and, when a provider is given, the thumbnail."""

    def __init__(self, editions: Sequence[DeckEdition], provider: ThumbnailProvider | None,
                 parent: Any = None) -> None:
        super().__init__(parent)
        self._editions = list(editions)
        self._provider = provider
        if provider is not None:
            provider.ready.connect(self._on_ready)

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """The number of editions (0 under a valid parent)."""
        return 0 if parent.isValid() else len(self._editions)

    @safe_cells
    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Display: ``SET NUMBER``; Decoration: the thumbnail once made; EditionRole."""
        if not index.isValid() or not 0 <= index.row() < len(self._editions):
            return None
        edition = self._editions[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{edition.set_prefix} {edition.collector_number}"
        if role == Qt.ItemDataRole.DecorationRole and self._provider is not None:
            if not edition.image_file:
                return None
            return self._provider.image(edition.image_file, THUMB.width(), THUMB.height())
        if role == Qt.ItemDataRole.ToolTipRole and not edition.has_image:
            return "Image not stored"
        if role == EditionRole:
            return edition
        return None

    def _on_ready(self, key: str) -> None:
        for row, edition in enumerate(self._editions):
            if edition.image_file and key == ThumbnailProvider.key(
                    edition.image_file, THUMB.width(), THUMB.height()):
                self.dataChanged.emit(self.index(row), self.index(row),
                                      [Qt.ItemDataRole.DecorationRole])


class PrintingDialog(QDialog):
    """Choose one of ``editions`` for the card ``name``; ``current`` starts chosen.

    After ``exec()`` accepted, :meth:`chosen` is the edition's uuid.
    """

    def __init__(self, name: str, editions: Sequence[DeckEdition], current: str | None,
                 provider: ThumbnailProvider | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Printing of {name}")
        self.model = EditionModel(editions, provider, self)
        self.view = QListView()
        self.view.setViewMode(QListView.ViewMode.IconMode)
        self.view.setIconSize(THUMB)
        self.view.setMovement(QListView.Movement.Static)
        self.view.setResizeMode(QListView.ResizeMode.Adjust)
        self.view.setGridSize(QSize(THUMB.width() + 24, THUMB.height() + 40))
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setModel(self.model)
        rows = [i for i, e in enumerate(editions) if e.uuid == current]
        self.view.setCurrentIndex(self.model.index(rows[0] if rows else 0))
        self.view.doubleClicked.connect(lambda _index: self.accept())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"{len(editions)} printings of {name}: the one chosen is "
                                "shown on the proxy sheet and exported"))
        layout.addWidget(self.view)
        layout.addWidget(buttons)
        self.resize(720, 520)

    def chosen(self) -> str | None:
        """The uuid of the edition chosen, or None."""
        edition = self.view.currentIndex().data(EditionRole)
        return edition.uuid if isinstance(edition, DeckEdition) else None
