"""The Meta page's "Open a decklist…": the stored decklists that play the selected card
(every decklist in the filters' range when no card is selected), one chosen by the person
and read in the pool, then asked for on the Decks page (checked as of its event's start).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QObject, QThreadPool, Signal
from PySide6.QtWidgets import QInputDialog, QWidget

from app.gui.kit.operations import run_operation
from app.gui.meta.data import EventsSource, lineage_name
from app.meta import Scope


def decklist_label(row: Any) -> str:
    """``2026-04-27 · Generated Regional #1 — Lorraine`` (``row``: a stored decklist's
    ``DeckRow``: day, event, 0-based position, lineage)."""
    return f"{row.day} · {row.event} #{row.position + 1} — {lineage_name(row.lineage)}"


def choose_decklist(parent: QWidget, title: str, rows: Sequence[Any]) -> Any | None:
    """Ask which of ``rows`` to open (None: cancelled)."""
    labels = [decklist_label(row) for row in rows]
    text, ok = QInputDialog.getItem(parent, "Open a decklist", title, labels, 0, False)
    return rows[labels.index(text)] if ok and text in labels else None


class DecklistOpener(QObject):
    """Lists, asks and reads; the page owns one.

    Signals:
        decklistRequested(object): the chosen decklist as read (a ``ParsedList`` named
            after its event, dated by its start).
        message(str): why nothing was opened (no decklist plays the card).
        failed(str, object): ``"open a decklist"`` and the error.

    Args:
        events: the stored events (the application object's ``events``).
        pool: the thread pool for the reads.
        parent: the page (the dialog's parent).
        choose: asks which row to open (tests pass their own).
    """

    decklistRequested = Signal(object)
    message = Signal(str)
    failed = Signal(str, object)

    def __init__(self, events: EventsSource, pool: QThreadPool, parent: QWidget,
                 choose: Callable[[QWidget, str, Sequence[Any]], Any | None]
                 = choose_decklist) -> None:
        super().__init__(parent)
        self._events, self._pool, self._page, self._choose = events, pool, parent, choose
        self.busy = False

    def open(self, scope: Scope, name: str | None) -> None:
        """List the decklists in ``scope`` playing the card ``name`` (None: all), ask which
        to open, read it and emit :attr:`decklistRequested`."""
        if self.busy:
            return
        self.busy = True
        events = self._events
        run_operation(self._pool, lambda: events.decklists_playing(scope, name),
                      lambda rows: self._on_listed(rows, name), self._on_failed, owner=self)

    def _on_listed(self, rows: list[Any], name: str | None) -> None:
        self.busy = False
        if not rows:
            self.message.emit(f"No stored decklist plays {name}" if name
                              else "No stored decklist in this range")
            return
        title = (f"The {len(rows):,} decklists that play {name}:" if name
                 else f"The {len(rows):,} decklists in this range:")
        chosen = self._choose(self._page, title, rows)
        if chosen is None:
            return
        self.busy = True
        events, position = self._events, chosen.position
        run_operation(self._pool,
                      lambda: next(p for p in events.decklists(chosen.event_id)
                                   if p.index == position),
                      self._on_read, self._on_failed, owner=self)

    def _on_read(self, parsed: Any) -> None:
        self.busy = False
        self.decklistRequested.emit(parsed)

    def _on_failed(self, error: Exception) -> None:
        self.busy = False
        self.failed.emit("open a decklist", error)
