"""The Decks page's state: the kept decks, the deck open, its check (no widgets here).

Reading the catalogue's cards, every read and write of ``decks.sqlite3`` and every check
run off the GUI thread (:mod:`app.gui.kit.operations`); writes go through a pool of one
thread, so they land in the order made. An edit changes :attr:`DeckSession.deck` at once
(the page repaints), then the deck is saved and checked in the background.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QObject, QThreadPool, Signal

from app.decks import (
    Deck,
    DeckCards,
    DeckStore,
    DeckSummary,
    Entry,
    LineProblem,
    ParsedList,
    Zone,
    breakdowns,
    check_deck,
    parse_pasted,
    read_decklists,
    resolve,
    zone_for,
)
from app.gui.kit.operations import LatestRequest, run_operation

MAX_QUANTITY = 99
"""The most copies one entry may hold (as a decklist line)."""


class DeckSource(Protocol):
    """What the page reads of the decks (the application object's ``decks`` has it)."""

    def deck_cards(self) -> DeckCards:
        """Every card as decks need it."""
        ...

    def deck_store(self) -> DeckStore:
        """The kept decks."""
        ...


def unique_name(wanted: str, taken: list[str]) -> str:
    """``wanted``, or ``wanted (2)``, ``(3)``… when a kept deck has it (any case)."""
    names = {n.casefold() for n in taken}
    name, number = wanted.strip() or "New deck", 2
    base = name
    while name.casefold() in names:
        name, number = f"{base} ({number})", number + 1
    return name


class DeckSession(QObject):
    """The decks and the deck open, for the Decks page.

    Signals:
        ready(): the cards and the kept decks are loaded (edits are possible).
        decksListed(object): the kept decks (``list[DeckSummary]``) after any change.
        deckChanged(object): the deck open (a ``Deck``, or None) after any change.
        checked(object, object): its ``CheckResult`` and ``list[Breakdown]``.
        message(str): a status line (``Deleted “Aggro”``).
        failed(str, object): what failed and the exception.
        storeFailed(object): the decks file cannot be read (the exception); the cards
            are loaded all the same.

    Args:
        decks: the catalogue's cards and the decks file (``app.decks``).
        pool: the thread pool for reads and checks.
        parent: the owning QObject.
    """

    ready = Signal()
    decksListed = Signal(object)
    deckChanged = Signal(object)
    checked = Signal(object, object)
    message = Signal(str)
    failed = Signal(str, object)
    storeFailed = Signal(object)

    def __init__(self, decks: DeckSource, pool: QThreadPool,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._decks, self._pool = decks, pool
        self._writes = QThreadPool(self)
        self._writes.setMaxThreadCount(1)
        self._check = LatestRequest(pool, self)
        self._check.finished.connect(lambda found: self.checked.emit(*found))
        self._check.failed.connect(lambda error: self.failed.emit("deck check", error))
        self.cards: DeckCards | None = None
        self.store: DeckStore | None = None
        self.decks: list[DeckSummary] = []
        self.deck: Deck | None = None
        self.deck_id: int | None = None
        self.problems: list[LineProblem] = []
        self.unreadable: list[str] = []
        self.store_problem: Exception | None = None
        """Why the decks file could not be read at the latest load (None: it was)."""
        """The decks file's rows left out as unreadable (:meth:`DeckStore.unreadable`)."""
        self.deleted: tuple[int, str] | None = None
        self._waiting: list[Callable[[], object]] = []
        self._after_keep: list[Callable[[], object]] | None = None  # adds while a deck is made
        self._loading = False

    @property
    def loaded(self) -> bool:
        """True once the cards and the kept decks are in."""
        return self.cards is not None and self.store is not None

    def load(self) -> None:
        """Read the catalogue's cards and the kept decks (once; a reload after a sync)."""
        if self._loading:
            return
        self._loading = True
        decks = self._decks

        def work() -> tuple[DeckCards, DeckStore | Exception, list[DeckSummary], list[str]]:
            cards = decks.deck_cards()
            try:
                store = decks.deck_store()
                return cards, store, store.decks(), store.unreadable()
            except Exception as error:  # shown on the page, whatever the opening raised
                return cards, error, [], []

        run_operation(self._pool, work, self._on_loaded, self._fail("decks"), owner=self)

    def when_loaded(self, action: Callable[[], object]) -> None:
        """Run ``action`` now when loaded, else once :meth:`load` has answered."""
        if self.loaded:
            action()
        else:
            self._waiting.append(action)
            self.load()

    # -- the list of decks ---------------------------------------------------------------
    def open(self, deck_id: int) -> None:
        """Open the kept deck ``deck_id`` (read in the background)."""
        store = self._need_store()
        self._write(lambda: store.load(deck_id), lambda deck: self._show(deck_id, deck, []),
                    "open the deck")

    def new_deck(self, name: str = "New deck") -> None:
        """Keep an empty deck named ``name`` (made unique) and open it."""
        self.keep(Deck(unique_name(name, [d.name for d in self.decks])))

    def keep(self, deck: Deck, problems: list[LineProblem] | None = None) -> None:
        """Keep ``deck`` as a new deck (its name made unique) and open it."""
        store = self._need_store()
        deck.name = unique_name(deck.name, [d.name for d in self.decks])
        kept = deck.snapshot()

        def work() -> tuple[int, list[DeckSummary]]:
            return store.save(kept), store.decks()

        def done(found: tuple[int, list[DeckSummary]]) -> None:
            self._listed(found[1])
            self._show(found[0], kept, problems or [])
            waiting, self._after_keep = self._after_keep or [], None
            for action in waiting:
                action()

        self._write(work, done, "keep the deck")

    def paste(self, text: str, name: str, format_code: str = "STANDARD") -> None:
        """Read ``text`` as a decklist, keep it as ``name`` and open it with its check;
        pasted event JSON keeps each of its decklists under its own name (as an import).

        The text is read and resolved off the GUI thread; text over the limits
        (:data:`app.decks.PASTE_LIMITS`) fails with one line (``failed("paste", error)``).
        """
        cards = self.cards
        assert cards is not None

        def work() -> list[tuple[Deck, list[LineProblem]]]:
            lists = parse_pasted(text, name)
            read = [resolve(parsed, cards, name if len(lists) == 1 else "", format_code)
                    for parsed in lists]
            return [(r.deck, r.problems) for r in read]

        def done(found: list[tuple[Deck, list[LineProblem]]]) -> None:
            for deck, problems in found:
                self.keep(deck, problems)

        run_operation(self._pool, work, done, self._fail("paste"), owner=self)

    def import_file(self, path: Path, format_code: str = "STANDARD") -> None:
        """Read the decklist file ``path`` (text, or event JSON: each decklist) and keep
        each deck; the first is opened."""
        cards = self.cards
        assert cards is not None

        def work() -> list[tuple[Deck, list[LineProblem]]]:
            read = [resolve(item, cards, "", format_code) for item in read_decklists(path)]
            return [(r.deck, r.problems) for r in read if r.deck.entries or r.problems]

        def done(found: list[tuple[Deck, list[LineProblem]]]) -> None:
            if not found:
                self.message.emit(f"{path.name}: no card line to keep")
            for deck, problems in found:
                self.keep(deck, problems)

        run_operation(self._pool, work, done, self._fail("import"), owner=self)

    def duplicate(self) -> None:
        """Keep a copy of the deck open, named ``NAME (copy)``, and open it."""
        if self.deck is not None:
            copy = self.deck.snapshot()
            copy.name = f"{self.deck.name} (copy)"
            self.keep(copy)

    def rename(self, name: str) -> None:
        """Rename the deck open (refused, with a message, when another deck has ``name``)."""
        if self.deck is None or not name.strip() or name.strip() == self.deck.name:
            return
        taken = [d.name.casefold() for d in self.decks if d.id != self.deck_id]
        if name.strip().casefold() in taken:
            self.message.emit(f"A deck named “{name.strip()}” is already kept")
            return
        self.deck.name = name.strip()
        self._changed(check=False)

    def delete(self) -> None:
        """Move the deck open to the trash (:meth:`undo_delete` brings it back)."""
        if self.deck is None:
            return
        store, name = self._need_store(), self.deck.name

        def work() -> tuple[int, list[DeckSummary]]:
            return store.delete(name), store.decks()

        def done(found: tuple[int, list[DeckSummary]]) -> None:
            self.deleted = (found[0], name)
            self._listed(found[1])
            self._show(None, None, [])
            self.message.emit(f"Deleted “{name}” (Undo brings it back)")

        self._write(work, done, "delete the deck")

    def undo_delete(self) -> None:
        """Bring back the deck deleted last and open it."""
        if self.deleted is None:
            return
        store, (deck_id, name) = self._need_store(), self.deleted
        self.deleted = None

        def work() -> tuple[Deck, list[DeckSummary]]:
            store.restore(deck_id)
            return store.load(deck_id), store.decks()

        def done(found: tuple[Deck, list[DeckSummary]]) -> None:
            self._listed(found[1])
            self._show(deck_id, found[0], [])
            self.message.emit(f"Restored “{name}”")

        self._write(work, done, "restore the deck")

    # -- editing the deck open -----------------------------------------------------------
    def set_format(self, code: str) -> None:
        """Check (and keep) the deck open against the format ``code``."""
        if self.deck is not None and self.deck.format != code:
            self.deck.format = code
            self._changed()

    def set_as_of(self, as_of: str | None) -> None:
        """Check (and keep) the deck open as of ``as_of`` (an ISO timestamp; None: today,
        the latest version of every card)."""
        if self.deck is not None and self.deck.as_of != as_of:
            self.deck.as_of = as_of
            self._changed()

    def show_unkept(self, text: str, name: str) -> None:
        """Show the first decklist of ``text`` with its check without keeping it (a
        screenshot): nothing is written to the decks file, and edits are not kept."""
        assert self.cards is not None
        lists = parse_pasted(text, name)
        read = resolve(lists[0], self.cards, name if len(lists) == 1 else "")
        self._show(None, read.deck, read.problems)

    def show_parsed(self, parsed: ParsedList) -> None:
        """Show a decklist as read (a stored event's: named ``<event> #N``, checked as of
        its start) with its check without keeping it; edits are not kept."""
        assert self.cards is not None
        read = resolve(parsed, self.cards)
        self._show(None, read.deck, read.problems)

    def set_quantity(self, entry: Entry, quantity: int) -> None:
        """Give ``entry`` (an entry of the deck open) ``quantity`` copies; 0 removes it."""
        quantity = min(quantity, MAX_QUANTITY)
        self._replace(entry, entry.with_quantity(quantity) if quantity > 0 else None)

    def set_edition(self, entry: Entry, edition_uuid: str | None) -> None:
        """Show ``entry`` with the printing ``edition_uuid`` (its image on the sheet)."""
        self._replace(entry, replace(entry, edition_uuid=edition_uuid))

    def add_card(self, slug: str, edition_uuid: str | None = None, zone: Zone | None = None
                 ) -> None:
        """Add one copy of the card ``slug`` to the deck open (a new deck when none is),
        in ``zone`` or, by default, where its type goes."""
        self.when_loaded(lambda: self._add(slug, edition_uuid, zone))

    def _add(self, slug: str, edition_uuid: str | None, zone: Zone | None) -> None:
        assert self.cards is not None
        card = self.cards.by_slug.get(slug)
        if card is None:
            self.message.emit(f"{slug} is not in the catalogue")
            return
        if self.deck is None and self._after_keep is not None:  # the new deck is on its way
            self._after_keep.append(lambda: self._add(slug, edition_uuid, zone))
            return
        if self.deck is None:
            self._after_keep = []
            self.keep(Deck(unique_name("New deck", [d.name for d in self.decks]),
                           [Entry(zone or zone_for(card), 1, card.name, card.uuid, edition_uuid)]))
            self.message.emit(f"Added {card.name} to a new deck")
            return
        where = zone or zone_for(card)
        for entry in self.deck.zone(where):
            if entry.card_uuid == card.uuid:
                self.set_quantity(entry, entry.quantity + 1)
                break
        else:
            self.deck.entries.append(Entry(where, 1, card.name, card.uuid, edition_uuid))
            self._changed()
        self.message.emit(f"Added {card.name} to “{self.deck.name}” ({where.heading})")

    def _replace(self, old: Entry, new: Entry | None) -> None:
        if self.deck is None:
            return
        for i, entry in enumerate(self.deck.entries):
            if entry is old:
                if new is None:
                    del self.deck.entries[i]
                else:
                    self.deck.entries[i] = new
                self._changed()
                return

    # -- plumbing ------------------------------------------------------------------------
    def check(self) -> None:
        """Check the deck open again (in the background); ``checked`` brings the result."""
        cards, deck = self.cards, self.deck
        if cards is None or deck is None:
            self._check.cancel()
            return
        copy, problems = deck.snapshot(), list(self.problems)
        self._check.submit(lambda: (check_deck(copy, cards, None, problems),
                                    breakdowns(copy, cards)))

    def _changed(self, check: bool = True) -> None:
        assert self.deck is not None
        self.problems = []  # the deck is no longer the pasted text
        self.deckChanged.emit(self.deck)
        if check:
            self.check()
        store, deck_id = self._need_store(), self.deck_id
        saved = self.deck.snapshot()
        if deck_id is not None:
            def work() -> list[DeckSummary]:
                store.update(deck_id, saved)
                return store.decks()

            self._write(work, self._listed, "keep the deck")

    def _show(self, deck_id: int | None, deck: Deck | None,
              problems: list[LineProblem]) -> None:
        self.deck_id, self.deck, self.problems = deck_id, deck, problems
        self.deckChanged.emit(deck)
        self.check()

    def _listed(self, decks: list[DeckSummary]) -> None:
        self.decks = decks
        self.decksListed.emit(decks)

    def _on_loaded(self, found: tuple[DeckCards, DeckStore | Exception, list[DeckSummary],
                                      list[str]]) -> None:
        self._loading = False
        self.cards = found[0]
        self.store_problem = found[1] if isinstance(found[1], Exception) else None
        if isinstance(found[1], Exception):
            self.store = None
            self.storeFailed.emit(found[1])
            self.failed.emit("decks", found[1])
            return
        self.store, self.unreadable = found[1], found[3]
        self._listed(found[2])
        self.ready.emit()
        waiting, self._waiting = self._waiting, []
        for action in waiting:
            action()
        if self.deck is not None:
            self.deckChanged.emit(self.deck)  # names resolve against the new cards
            self.check()

    def _need_store(self) -> DeckStore:
        assert self.store is not None, "load() first"
        return self.store

    def _write(self, work: Callable[[], Any], done: Callable[[Any], object], what: str) -> None:
        run_operation(self._writes, work, done, self._fail(what), owner=self)

    def _fail(self, what: str) -> Callable[[Exception], None]:
        def failed(error: Exception) -> None:
            if what == "decks":
                self._loading = False
            self.failed.emit(what, error)
        return failed

    def shutdown(self) -> None:
        """Drop pending checks and wait for the writes to land."""
        self._check.cancel()
        self._writes.waitForDone()
