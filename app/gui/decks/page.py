"""The Decks page: the kept decks, the deck open, its check beside it.

Left: the kept decks (New, Paste…, Import…, Duplicate, Rename…, Delete, Undo) and the ban
list. Middle: the deck's name, its format and the day it is checked as of, its three zones
as tables (:class:`~app.gui.decks.deck_view.DeckView`) beside them as cards
(:class:`~app.gui.decks.images_view.DeckImagesView`), and what can be made of it (text,
registration sheet, proxy sheet, card images). Right: the check, live, with the cost curve
and summary (:class:`~app.gui.decks.check_panel.CheckPanel`); more panels go below it
(:attr:`DecksPage.side`). The state and all reading, writing and checking is
:class:`~app.gui.decks.session.DeckSession`'s.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QModelIndex, Qt, QThreadPool, Signal, Slot
from PySide6.QtGui import QGuiApplication, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QListView,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from app.decks import FORMATS, Deck, Entry, ParsedList
from app.gui.decks.as_of_field import AsOfField
from app.gui.decks.banlist_view import BanListView
from app.gui.decks.champions import ChampionLookup
from app.gui.decks.check_panel import CheckPanel
from app.gui.decks.deck_view import DeckView
from app.gui.decks.images_view import DeckImagesView
from app.gui.decks.like_dialog import DecksLike
from app.gui.decks.models import DeckListModel
from app.gui.decks.need_panel import NeedPanel
from app.gui.decks.out import EditionPlanner, ExportOpener, plan_deck, save_text, write_sheet
from app.gui.decks.paste_dialog import PasteDialog
from app.gui.decks.printing import PrintingDialog
from app.gui.decks.session import DeckSession, DeckSource
from app.gui.kit.card_paint import scaled_font
from app.gui.kit.empty_state import EmptyState
from app.gui.kit.file_problem import RESTORE, problem_text, unreadable_note
from app.gui.kit.operations import run_operation
from app.gui.kit.thumbnails import ThumbnailProvider
from app.safetext import escape_controls


class DeckParts(Protocol):
    """The parts of the application object the page reads (:class:`app.bootstrap.Application`
    has them): the deck cards and the decks file, the collection (have / need), export
    plans and the folders."""

    @property
    def decks(self) -> DeckSource: ...

    @property
    def collection(self) -> Any: ...

    @property
    def export(self) -> EditionPlanner: ...

    @property
    def paths(self) -> Any: ...


_NO_DECK = ("No deck open", "Paste a decklist, import a file, make a new deck, or choose a "
            "kept deck on the left.")
_KEEPING = ("new", "paste", "import", "duplicate", "rename", "delete", "undo")
"""The buttons that need the decks file."""


def decks_file(parts: object) -> Path | None:
    """Where the decks file is (None for a catalogue without a data folder)."""
    paths = getattr(parts, "paths", None)
    return None if paths is None else Path(paths.decks_file)


class DecksPage(QWidget):
    """The Decks page over the application object's decks.

    Signals:
        message(str): a status line for the window.
        failed(str, object): what failed and the exception.

    Args:
        parts: the application object (deck cards, the decks file, the collection, export
            plans).
        pool: the window's thread pool.
        provider: thumbnails for the printing picker (None: names only).
        export: opens the export dialog for a deck's proxy sheet or images (None: hidden).
        dialogs: ask with dialogs (off in screenshots and tests).
    """

    message = Signal(str)
    failed = Signal(str, object)

    def __init__(self, parts: DeckParts, pool: QThreadPool,
                 provider: ThumbnailProvider | None = None, export: ExportOpener | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._parts, self._pool = parts, pool
        self._provider, self._export = provider, export
        self.session = DeckSession(parts.decks, pool, self)
        events = getattr(parts, "events", None)  # None: no stored events to compare with
        self.like = None if events is None else DecksLike(events, pool, self)
        if self.like is not None:
            self.like.failed.connect(self.failed)
        self.list_model = DeckListModel(self)
        self.deck_list = QListView()
        self.deck_list.setModel(self.list_model)
        self.deck_list.setAccessibleName("Kept decks")
        self.deck_list.selectionModel().currentRowChanged.connect(self._on_deck_chosen)
        self.champions = ChampionLookup(pool, self)
        self.champions.found.connect(self.list_model.set_champions)
        self.champions.failed.connect(lambda error: self.failed.emit("deck champions", error))
        self.view = DeckView()
        self.images = DeckImagesView(provider)
        self.checks = CheckPanel()
        self.banlist = BanListView(pool)
        self.banlist.failed.connect(self.failed)
        self.title = QLabel()
        self.title.setFont(scaled_font(self.font(), 1.4, bold=True))
        self.totals = QLabel(wordWrap=True)
        self.title.setWordWrap(True)
        self.format = QComboBox()
        for code, rules in FORMATS.items():
            self.format.addItem(rules.name, code)
        self.format.setToolTip("The format this deck is checked against")
        self.format.activated.connect(
            lambda _i: self.session.set_format(self.format.currentData()))
        self.as_of = AsOfField()
        self.as_of.changed.connect(self.session.set_as_of)
        self.buttons: dict[str, QPushButton] = {}
        self.empty = EmptyState()
        self.empty.set_state(*_NO_DECK)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.empty)
        self.stack.addWidget(self._deck_area())
        self.stack.addWidget(self.banlist)
        self.side = QWidget()
        """The right column: the check, then any further panel of the deck open."""
        side = QVBoxLayout(self.side)
        side.setContentsMargins(0, 0, 0, 0)
        side.addWidget(self.checks, 3)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self._list_area())
        self.splitter.addWidget(self.stack)
        self.need = NeedPanel(parts.collection, pool, lambda: self.session.cards)  # have / need
        side.addWidget(self.need, 2)  # its table scrolls; the check's summary should not
        self.splitter.addWidget(self.side)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 5)
        self.splitter.setStretchFactor(2, 2)
        self.splitter.setSizes([180, 780, 300])
        QVBoxLayout(self).addWidget(self.splitter)
        self.session.decksListed.connect(self._on_listed)
        self.session.storeFailed.connect(self._on_store_failed)
        self.empty.actionRequested.connect(self.reload)
        self.session.deckChanged.connect(self._on_deck)
        self.session.deckChanged.connect(self.need.show_deck)
        self.need.message.connect(self.message)
        self.need.failed.connect(self.failed)
        self.session.checked.connect(self.checks.show_result)
        self.session.message.connect(self.message)
        self.session.failed.connect(self.failed)
        self.view.quantityRequested.connect(self.session.set_quantity)
        self.view.cardDropped.connect(self.add_card)
        self.view.printingRequested.connect(self.pick_printing)
        self.checks.cardChosen.connect(self.view.select_name)
        self._shown: Deck | None = None
        self._on_deck(None)

    def _button(self, key: str, text: str, tip: str, slot: object) -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(tip)
        button.clicked.connect(slot)
        self.buttons[key] = button
        return button

    def _list_area(self) -> QWidget:
        area = QWidget()
        layout = QVBoxLayout(area)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel("Decks"))
        layout.addWidget(self.deck_list, 1)
        self.note = QLabel(wordWrap=True, textFormat=Qt.TextFormat.PlainText)
        self.note.setObjectName("decks-note")
        self.note.hide()
        layout.addWidget(self.note)
        for key, text, tip, slot in (
            ("new", "New", "An empty deck", lambda: self.session.when_loaded(
                self.session.new_deck)),
            ("paste", "Paste…", "Paste a decklist (Omnidex text)", self.open_paste),
            ("import", "Import…", "Keep a decklist file (text or event JSON)", self.open_import),
            ("duplicate", "Duplicate", "Keep a copy of this deck", self.session.duplicate),
            ("rename", "Rename…", "Rename this deck", self.open_rename),
            ("delete", "Delete", "Delete this deck (Undo brings it back)", self.session.delete),
            ("undo", "Undo delete", "Bring back the deck deleted last", self.session.undo_delete),
        ):
            layout.addWidget(self._button(key, text, tip, slot))
        layout.addSpacing(8)
        layout.addWidget(self._button("banlist", "Ban list", "The cards banned or limited in "
                                      "a format, and since when", self.show_banlist))
        return area

    def _deck_area(self) -> QWidget:
        area = QWidget()
        layout = QVBoxLayout(area)
        layout.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        top.addWidget(QLabel("Format:"))
        top.addWidget(self.format)
        top.addWidget(QLabel("As of:"))
        top.addWidget(self.as_of)
        layout.addLayout(top)
        layout.addWidget(self.totals)
        middle = QSplitter(Qt.Orientation.Horizontal)
        middle.addWidget(self.view)
        middle.addWidget(self.images)
        # The tables first: whole card names matter more than a second column of images.
        middle.setStretchFactor(0, 3)
        middle.setStretchFactor(1, 1)
        middle.setSizes([580, 230])
        middle.setChildrenCollapsible(False)
        layout.addWidget(middle, 1)
        out = QGridLayout()
        out.addWidget(self._button("copy", "Copy text", "Copy the decklist as text",
                                   self.copy_text), 0, 0)
        out.addWidget(self._button("save", "Save text…", "Save the decklist as a text file",
                                   self.open_save_text), 0, 1)
        out.addWidget(self._button("sheet", "Registration sheet…", "A printable registration "
                                   "sheet (PDF)", self.open_sheet), 0, 2)
        out.addWidget(self._button("proxies", "Proxy sheet…", "Every copy on a proxy sheet "
                                   "(PDF)", lambda: self.open_export(True)), 1, 0)
        out.addWidget(self._button("images", "Card images…", "Each card's image as files or "
                                   "a ZIP", lambda: self.open_export(False)), 1, 1)
        out.addWidget(self._button("like", "Decks like mine…", "The stored event decklists "
                                   "nearest to this deck", self.find_like), 1, 2)
        self.buttons["like"].setVisible(self.like is not None)
        self.buttons["proxies"].setVisible(self._export is not None)
        self.buttons["images"].setVisible(self._export is not None)
        out.setColumnStretch(3, 1)
        layout.addLayout(out)
        return area

    # -- public ------------------------------------------------------------------------
    @property
    def loaded(self) -> bool:
        """True once the cards and the kept decks were read."""
        return self.session.loaded

    def reload(self) -> None:
        """Read the catalogue's cards again (after a sync) and check the deck open."""
        self.session.load()

    @Slot(str, object)
    def add_card(self, slug: str, edition_uuid: str | None = None) -> None:
        """Add one copy of ``slug`` to the deck open (a new deck when none is)."""
        self.session.add_card(slug, edition_uuid)

    def paste(self, text: str, name: str = "Pasted deck") -> None:
        """Keep ``text`` as a deck named ``name`` (made unique), open it and check it."""
        code = self.format.currentData() or "STANDARD"
        self.session.when_loaded(lambda: self.session.paste(text, name, code))

    def show_decklist(self, parsed: ParsedList) -> None:
        """Show ``parsed`` (e.g. a stored event's decklist) checked as of its event's start,
        without keeping it."""
        self.session.when_loaded(lambda: self.session.show_parsed(parsed))

    def find_like(self) -> None:
        """Show the stored event decklists nearest to the deck open (in a dialog)."""
        if self.like is not None:
            self.like.find(self.session.deck)

    def show_banlist(self) -> None:
        """Show the ban list in the middle (choosing a deck shows the deck again)."""
        if self.session.cards is not None:  # also when the decks file cannot be read
            self.banlist.set_cards(self.session.cards)
        else:
            self.session.when_loaded(lambda: self.banlist.set_cards(self.session.cards))
        self.stack.setCurrentWidget(self.banlist)
        self.side.setVisible(False)

    def shutdown(self) -> None:
        """Wait for the deck writes to land."""
        self.session.shutdown()

    def showEvent(self, event: QShowEvent) -> None:
        """Read the decks the first time the page is shown."""
        super().showEvent(event)
        if not self.session.loaded:
            self.session.load()

    # -- dialogs -----------------------------------------------------------------------
    def open_paste(self) -> None:
        """Ask for a decklist to paste."""
        dialog = PasteDialog(self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.paste(dialog.text(), dialog.name())

    def open_import(self) -> None:
        """Ask for a decklist file to keep."""
        path, _ = QFileDialog.getOpenFileName(self, "Import a decklist", "",
                                              "Decklists (*.txt *.json);;All files (*)")
        if path:
            code = self.format.currentData() or "STANDARD"
            self.session.when_loaded(lambda: self.session.import_file(Path(path), code))

    def open_rename(self) -> None:
        """Ask for the deck's new name."""
        deck = self.session.deck
        if deck is not None:
            name, ok = QInputDialog.getText(self, "Rename the deck", "Name:", text=deck.name)
            if ok:
                self.session.rename(name)

    def pick_printing(self, entry: Entry) -> None:
        """Ask which printing ``entry`` shows (its card's editions)."""
        cards = self.session.cards
        card = cards.get(entry.card_uuid) if cards is not None else None
        if card is None or not card.editions:
            return
        dialog = PrintingDialog(card.name, card.editions, entry.edition_uuid, self._provider,
                                self)
        if dialog.exec() == QDialog.DialogCode.Accepted and dialog.chosen():
            self.session.set_edition(entry, dialog.chosen())

    def copy_text(self) -> None:
        """Put the decklist text on the clipboard."""
        deck, cards = self.session.deck, self.session.cards
        if deck is not None and cards is not None:
            from app.decks import deck_text

            QGuiApplication.clipboard().setText(deck_text(deck, cards))
            self.message.emit(f"Copied the decklist of “{deck.name}”")

    def open_save_text(self) -> None:
        """Ask where to save the decklist text, then save it."""
        deck = self.session.deck
        if deck is not None:
            path, _ = QFileDialog.getSaveFileName(self, "Save the decklist", f"{deck.name}.txt",
                                                  "Text (*.txt)")
            if path:
                self.write_out("text", Path(path))

    def open_sheet(self) -> None:
        """Ask where to write the registration sheet, then write it."""
        deck = self.session.deck
        if deck is not None:
            path, _ = QFileDialog.getSaveFileName(self, "Registration sheet",
                                                  f"{deck.name} registration.pdf", "PDF (*.pdf)")
            if path:
                self.write_out("sheet", Path(path))

    def write_out(self, kind: str, path: Path) -> None:
        """Write the deck open as ``text`` or registration ``sheet`` to ``path`` (worker)."""
        deck, cards = self.session.deck, self.session.cards
        if deck is None or cards is None:
            return
        snapshot = deck.snapshot()
        work = ((lambda: save_text(snapshot, cards, path)) if kind == "text"
                else (lambda: write_sheet(snapshot, cards, path)))
        run_operation(self._pool, work, lambda _r: self.message.emit(f"Wrote {path}"),
                      lambda error: self.failed.emit(f"write {path.name}", error), owner=self)

    def open_export(self, sheet: bool) -> None:
        """Open the export dialog for the deck's proxy sheet (``sheet``) or card images."""
        deck, cards = self.session.deck, self.session.cards
        if deck is None or cards is None or self._export is None:
            return
        title = (f"Every copy of the deck “{deck.name}” ({sum(deck.counts().values())} cards)"
                 if sheet else f"The card images of the deck “{deck.name}”")
        self._export(title, plan_deck(self._parts.export, deck, cards, sheet), sheet)

    # -- session → widgets -------------------------------------------------------------
    def _on_store_failed(self, error: Exception) -> None:
        """The decks file cannot be read: say what, where and what to do in place of the
        deck (the ban list still works)."""
        self.empty.set_state("The kept decks cannot be read",
                             problem_text(error, decks_file(self._parts)), RESTORE,
                             "Try again")
        self.stack.setCurrentWidget(self.empty)
        self.note.hide()
        for key, button in self.buttons.items():
            if key in _KEEPING:
                button.setEnabled(False)

    def _on_listed(self, decks: list[object]) -> None:
        self.empty.set_state(*_NO_DECK)
        for key in ("new", "paste", "import"):
            self.buttons[key].setEnabled(True)
        note, rows = unreadable_note(self.session.unreadable, "the decks file")
        self.note.setText(note)
        self.note.setToolTip(rows)
        self.note.setVisible(bool(self.session.unreadable))
        self.deck_list.selectionModel().blockSignals(True)
        self.list_model.set_decks(self.session.decks)
        self.champions.look_up(self.session.store, self.session.cards, self.session.decks)
        row = (self.list_model.row_of(self.session.deck_id)
               if self.session.deck_id is not None else None)
        if row is not None:
            self.deck_list.setCurrentIndex(self.list_model.index(row))
        self.deck_list.selectionModel().blockSignals(False)
        self._enable()

    def _on_deck(self, deck: Deck | None) -> None:
        self.stack.setCurrentIndex(0 if deck is None else 1)
        self.side.setVisible(True)
        self.view.set_deck(deck, self.session.cards)
        self.images.set_deck(deck, self.session.cards)
        if deck is None or deck is not self._shown:
            self.checks.show_result(None, [])  # another deck: its check is on the way
        self._shown = deck
        if deck is not None:
            self.title.setText(escape_controls(deck.name))  # an older file's name
            index = self.format.findData(deck.format.upper())
            self.format.setCurrentIndex(max(index, 0))
            self.as_of.set_moment(deck.as_of)
            counts = deck.counts()
            self.totals.setText(f"{sum(counts.values())} cards: material {counts['material']}"
                                f", main {counts['main']}, sideboard {counts['sideboard']}")
            row = (self.list_model.row_of(self.session.deck_id)
                   if self.session.deck_id is not None else None)
            if row is not None and self.deck_list.currentIndex().row() != row:
                self.deck_list.selectionModel().blockSignals(True)
                self.deck_list.setCurrentIndex(self.list_model.index(row))
                self.deck_list.selectionModel().blockSignals(False)
        self._enable()

    def _on_deck_chosen(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            deck_id = self.list_model.summary(current.row()).id
            if deck_id != self.session.deck_id:
                self.session.open(deck_id)
            else:
                self._on_deck(self.session.deck)  # back from the ban list

    def _enable(self) -> None:
        has_deck = self.session.deck is not None
        for key in ("duplicate", "rename", "delete"):
            self.buttons[key].setEnabled(has_deck)
        self.buttons["undo"].setEnabled(self.session.deleted is not None)
