""""Decks like mine": the stored event decklists nearest to the deck open (the meta's
``like``: weighted overlap of card counts over material and main), read in the pool and
listed in a small dialog — event, date, place in the event's file, lineage, similarity.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import QObject, Qt, QThreadPool, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.decks import Deck
from app.gui.kit.operations import run_operation
from app.meta import Scope, like

TOP = 10
"""How many decklists the dialog lists (every tie of the last kept)."""
COLUMNS = ("Event", "Date", "#", "Lineage", "Similarity")


def like_rows(found: list[dict[str, Any]]) -> list[tuple[str, ...]]:
    """The dialog's rows of ``like``'s answer: event, date, index (1 is the first in the
    event's file), lineage ("No champion" for null) and similarity as a percentage."""
    return [(str(row["event"]), str(row["date"]), str(row["index"]),
             str(row["lineage"] or "No champion"), f"{row['similarity']:.1%}")
            for row in found]


class LikeDialog(QDialog):
    """The nearest stored decklists of one deck, as a read-only table."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Decks like mine")
        self.heading = QLabel(wordWrap=True, textFormat=Qt.TextFormat.PlainText)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setAccessibleName("Nearest stored decklists")
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in range(1, len(COLUMNS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
        self.resize(720, 360)

    def show_found(self, name: str, found: list[dict[str, Any]]) -> None:
        """List ``found`` (``like``'s answer) as the decklists nearest to deck ``name``."""
        rows = like_rows(found)
        self.heading.setText(
            f"The {len(rows)} stored decklists nearest to {name!r} (shared copies over "
            "material and main):" if rows else
            f"No stored event decklist shares a card with {name!r}.")
        self.table.setRowCount(len(rows))
        for number, row in enumerate(rows):
            for column, text in enumerate(row):
                item = QTableWidgetItem(text)
                if column in (2, 4):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                          | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(number, column, item)


class DecksLike(QObject):
    """Finds the decklists like a deck in the pool and shows them in :attr:`dialog`.

    Signals:
        failed(str, object): ``"decks like mine"`` and the error.

    Args:
        events: the application object's ``events`` part (its ``event_store()``).
        pool: the thread pool for the read.
        parent: the page (the dialog's parent).
    """

    failed = Signal(str, object)

    def __init__(self, events: Any, pool: QThreadPool, parent: QWidget) -> None:
        super().__init__(parent)
        self._events, self._pool, self._page = events, pool, parent
        self.dialog: LikeDialog | None = None
        self.busy = False

    def find(self, deck: Deck | None) -> None:
        """Read the stored decklists nearest to ``deck`` (a copy: the deck may change
        meanwhile) and show them; nothing for no deck or while a read runs."""
        if deck is None or self.busy:
            return
        self.busy = True
        mine, events = replace(deck, entries=list(deck.entries)), self._events
        run_operation(self._pool, lambda: like(events.event_store(), Scope(), mine, TOP),
                      lambda found: self._on_found(mine.name, found), self._on_failed,
                      owner=self)

    def _on_found(self, name: str, found: list[dict[str, Any]]) -> None:
        self.busy = False
        if self.dialog is None:
            self.dialog = LikeDialog(self._page)
        self.dialog.show_found(name, found)
        self.dialog.show()
        self.dialog.raise_()

    def _on_failed(self, error: Exception) -> None:
        self.busy = False
        self.failed.emit("decks like mine", error)
