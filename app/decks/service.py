"""The application object's ``decks`` part: the kept decks and the cards as decks see them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.errors import InvalidRequest

if TYPE_CHECKING:
    from app.decks.cards import DeckCards
    from app.decks.storage import DeckStore
    from app.paths import Paths
    from app.store import Store


class Decks:
    """Decks over one catalogue.

    Args:
        store: the SQLite catalogue the decks' cards are read from.
        paths: the installation's folders (None: a catalogue built from parts, no decks file).
    """

    def __init__(self, store: Store, paths: Paths | None) -> None:
        self._store = store
        self._paths = paths

    def deck_store(self) -> DeckStore:
        """The kept decks (``decks.sqlite3`` beside the catalogue, a file of its own).

        Raises:
            InvalidRequest: a catalogue without a data folder. StoreError: unreadable file.
        """
        from app.decks.storage import DeckStore

        if self._paths is None:
            raise InvalidRequest("This catalogue has no data folder to keep decks in")
        return DeckStore(self._paths.decks_file)

    def deck_cards(self) -> DeckCards:
        """Every card as decks need it (:mod:`app.decks.cards`), with the earlier versions
        the history keeps (:meth:`DeckCards.as_of`), read now (off the GUI thread)."""
        from app.decks.cards import DeckCards
        from app.store.reads.deck_cards import read_deck_cards, read_deck_versions

        cards = read_deck_cards(self._store)
        return DeckCards(cards, read_deck_versions(self._store, {c.uuid: c for c in cards}))
