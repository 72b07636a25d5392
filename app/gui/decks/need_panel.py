"""Have / need of the deck shown against the collection: per card name over every
zone, how many copies the deck asks, how many are owned (any printing, any finish), and
what is missing — with "Copy missing as decklist" and "Save missing…" (Omnidex text, so it
pastes into a shop's buylist or back into Archivist). Computed in the pool; only the newest
deck's answer is shown.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QThreadPool, Signal
from PySide6.QtGui import QGuiApplication, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.collection import DeckNeed, deck_need, owned_by_name
from app.decks import Deck
from app.files import write_text
from app.gui.kit.operations import LatestRequest


class NeedPanel(QWidget):
    """Have / need of one deck.

    Signals:
        message(str): a status line. failed(str, object): ``"collection"`` and the error.

    Args:
        collection: ``collection_store()`` and ``collection_editions()`` (``app.collection``).
        pool: the thread pool.
        cards: gives the catalogue's deck cards (names as the catalogue writes them), or
            None before they are read.
        choose_file: asks where to save (tests pass their own): ``(parent) → path or None``.
    """

    message = Signal(str)
    failed = Signal(str, object)

    def __init__(self, collection: Any, pool: QThreadPool, cards: Any,
                 choose_file: Any = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("needPanel")
        self._collection, self._cards = collection, cards
        self._choose = choose_file or _choose_file
        self._editions: Any = None
        self._deck: Deck | None = None
        self.need: DeckNeed | None = None
        self._request = LatestRequest(pool, self)
        self._request.finished.connect(self._show)
        self._request.failed.connect(lambda error: self.failed.emit("collection", error))
        self.summary = QLabel("Have / need: open a deck")
        self.summary.setWordWrap(True)
        self.model = QStandardItemModel(0, 3, self)
        self.model.setHorizontalHeaderLabels(["Card", "Need", "Have"])
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)  # the name: the rest
        self.copy_button = QPushButton("Copy missing as decklist")
        self.save_button = QPushButton("Save missing…")
        self.copy_button.clicked.connect(self.copy_missing)
        self.save_button.clicked.connect(lambda: self.save_missing())
        buttons = QHBoxLayout()
        buttons.addWidget(self.copy_button)
        buttons.addWidget(self.save_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        title = QLabel("<b>Have / need</b> (your collection)")
        layout.addWidget(title)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        self._enable()

    def show_deck(self, deck: Deck | None) -> None:
        """Work out have / need of ``deck`` (None: no deck)."""
        self._deck = deck
        if deck is None:
            self._request.cancel()
            self.need = None
            self.model.setRowCount(0)
            self.summary.setText("Have / need: open a deck")
            self._enable()
            return
        self.refresh()

    def refresh(self, catalogue_changed: bool = False) -> None:
        """Read the collection again for the deck shown (it changed)."""
        if catalogue_changed:
            self._editions = None
        deck, cards, editions = self._deck, self._cards(), self._editions
        if deck is None:
            return
        collection = self._collection

        def work() -> tuple[DeckNeed, Any]:
            found = editions if editions is not None else collection.collection_editions()
            owned = owned_by_name(collection.collection_store().entries(), found)
            return deck_need(deck, owned, cards), found

        self._request.submit(work)

    def _show(self, result: tuple[DeckNeed, Any]) -> None:
        need, self._editions = result
        self.need = need
        self.summary.setText(f"You have {need.have} of the {need.need} cards; "
                             f"{need.need - need.have} missing")
        self.model.setRowCount(0)
        for line in need.lines:
            cells = [QStandardItem(line.name), QStandardItem(str(line.wanted)),
                     QStandardItem(str(line.have))]
            for cell in cells[1:]:
                cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            if line.missing:
                cells[2].setToolTip(f"{line.missing} missing")
                cells[2].setText(f"{line.have}  (−{line.missing})")
            self.model.appendRow(cells)
        self._enable()

    def copy_missing(self) -> None:
        """Put the missing cards on the clipboard as Omnidex decklist text."""
        if self.need is not None and self.need.missing_text():
            QGuiApplication.clipboard().setText(self.need.missing_text())
            self.message.emit(f"Copied {self.need.need - self.need.have} missing cards as a "
                              "decklist")

    def save_missing(self, path: Path | None = None) -> None:
        """Save the missing cards as decklist text (asks where when ``path`` is None)."""
        if self.need is None or not self.need.missing_text():
            return
        path = path or self._choose(self)
        if path is None:
            return
        try:
            write_text(path, self.need.missing_text())
        except OSError as error:
            self.failed.emit("collection", error)
            return
        self.message.emit(f"Saved the missing cards to {path}")

    def _enable(self) -> None:
        missing = self.need is not None and self.need.have < self.need.need
        self.copy_button.setEnabled(missing)
        self.save_button.setEnabled(missing)


def _choose_file(parent: QWidget) -> Path | None:
    name, _ = QFileDialog.getSaveFileName(parent, "Save the missing cards", "missing.txt",
                                          "Decklist text (*.txt);;All files (*)")
    return Path(name) if name else None
