"""The champion of each kept deck, for the list of kept decks (read off the GUI thread).

Decks kept from one event share the event's name (``Reaper Game Store - Texas Regional
#1`` … ``#56``): the list shows each one's number and champion so the rows differ. A
deck's champion is found once per saved version (its id and ``saved_at``).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject, QThreadPool, Signal

from app.decks import DeckCards, DeckStore, DeckSummary, deck_champion
from app.errors import ArchivistError
from app.gui.kit.operations import LatestRequest

Key = tuple[int, str]
"""A kept deck's id and ``saved_at``: a deck saved again may have another champion."""


class ChampionLookup(QObject):
    """Finds the champions of kept decks in ``pool``; :attr:`names` holds those found.

    Signals:
        found(object): ``{deck id: champion name}`` of the decks last listed ("" for a deck
            without a champion the catalogue knows).
        failed(object): the exception a lookup raised.
    """

    found = Signal(object)
    failed = Signal(object)

    def __init__(self, pool: QThreadPool, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._known: dict[Key, str] = {}
        self._request = LatestRequest(pool, self)
        self._request.finished.connect(self._on_found)
        self._request.failed.connect(self.failed)

    def look_up(self, store: DeckStore | None, cards: DeckCards | None,
                decks: Sequence[DeckSummary]) -> None:
        """Find the champions of ``decks`` not known yet (emits :attr:`found`)."""
        if store is None or cards is None:
            return
        known = dict(self._known)
        wanted = [(d.id, d.saved_at) for d in decks]
        missing = [key for key in wanted if key not in known]

        def work() -> tuple[list[Key], dict[Key, str]]:
            out: dict[Key, str] = {}
            for key in missing:
                try:
                    champion = deck_champion(store.load(key[0]), cards)
                except ArchivistError:  # deleted meanwhile, or unreadable: no champion shown
                    champion = None
                out[key] = champion.name if champion is not None else ""
            return wanted, out

        self._request.submit(work)

    def _on_found(self, result: tuple[list[Key], dict[Key, str]]) -> None:
        wanted, new = result
        self._known.update(new)
        self.found.emit({key[0]: self._known.get(key, "") for key in wanted})
