"""Between the Search and the Decks pages: Add to deck (Ctrl+D on the grid, the tile's
right-click menu) and File ▸ Export… for a deck's editions (the Decks page asks for it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QAbstractItemView, QStatusBar

from app.gui.kit.failures import STATUS_MS
from app.model.query import EditionHit

if TYPE_CHECKING:
    from app.export import ExportItem
    from app.gui.decks.page import DecksPage
    from app.gui.export.actions import ExportActions
    from app.gui.search.result_model import ResultModel


class DeckActions(QObject):
    """Adds search tiles to the open deck and exports a deck's editions.

    Args:
        parent: the window (the action's parent).
        grid: the search grid (the action's Ctrl+D is the grid's).
        model: the grid's results.
        decks: the Decks page (built on first call).
        export: File ▸ Export…'s owner.
        status: where "Choose a card…" is said.
    """

    def __init__(self, parent: QObject, grid: QAbstractItemView, model: ResultModel,
                 decks: Callable[[], DecksPage], export: ExportActions,
                 status: QStatusBar) -> None:
        super().__init__(parent)
        self._grid, self._model, self._decks = grid, model, decks
        self._export, self._status = export, status
        self.add_action = QAction("Add to &deck", parent, shortcut=QKeySequence("Ctrl+D"))
        """Add to deck: the grid's Ctrl+D (the tile menu and Edit list it too)."""
        self.add_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        grid.addAction(self.add_action)

    @Slot()
    def add_current(self) -> None:
        """Add the current search tile's card (its edition, per edition) to the deck open
        on the Decks page (a new deck when none is)."""
        index = self._grid.currentIndex()
        if not index.isValid():
            self._status.showMessage("Choose a card to add to the deck", STATUS_MS)
            return
        hit = self._model.hit(index.row())
        self._decks().add_card(hit.slug, hit.uuid if isinstance(hit, EditionHit) else None)

    def export_deck(self, title: str, plan: Callable[[], list[ExportItem]],
                    sheet: bool) -> None:
        """Open File ▸ Export… for a deck's editions (``sheet``: the proxy sheet chosen)."""
        from app.gui.export.task import ExportScope  # with the export stack, when first used

        dialog = self._export.open_export([ExportScope(title, plan)])
        dialog.form.sheet_radio.setChecked(sheet)
        dialog.form.files_radio.setChecked(not sheet)
