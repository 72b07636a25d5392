"""The application object's ``collection`` part: the collection file and the catalogue's
editions as the collection sees them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.errors import InvalidRequest

if TYPE_CHECKING:
    from app.collection.editions import CollectionEditions
    from app.collection.storage import CollectionStore
    from app.paths import Paths
    from app.store import Store
    from app.store.reads.collection_entries import OwnedRow


class Collection:
    """The collection over one catalogue.

    Args:
        store: the SQLite catalogue the editions are read from.
        paths: the installation's folders (None: a catalogue built from parts, no
            collection file).
    """

    def __init__(self, store: Store, paths: Paths | None) -> None:
        self._store = store
        self._paths = paths

    def collection_store(self) -> CollectionStore:
        """The collection (``collection.sqlite3`` beside the catalogue, a file of its own).

        Raises:
            InvalidRequest: a catalogue without a data folder. StoreError: unreadable file.
        """
        from app.collection.storage import CollectionStore

        if self._paths is None:
            raise InvalidRequest("This catalogue has no data folder to keep a collection in")
        return CollectionStore(self._paths.collection_file)

    def collection_editions(self) -> CollectionEditions:
        """Every edition as the collection needs it (:mod:`app.collection.editions`; off
        the GUI thread)."""
        from app.collection.editions import CollectionEditions
        from app.store.reads.collection_editions import read_collection_editions

        return CollectionEditions(read_collection_editions(self._store))

    def collection_rows(self) -> list[OwnedRow]:
        """Every entry of the collection with its edition's shown columns, in the
        Collection page's order (:mod:`app.store.reads.collection_entries`).

        Raises:
            StoreError: the catalogue or the collection cannot be read.
        """
        from app.store.reads.collection_entries import read_owned_rows

        return read_owned_rows(self._store,
                               self._paths.collection_file if self._paths else None)
