"""The composition root: builds the one application object (paths, store, catalogue and
the services beside it) that the window, the CLI and the server are handed.

No module keeps a global instance; everything is built here and passed in. The services
load their machinery on first use: building them costs a few objects, not imports.
"""

from __future__ import annotations

import os
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from app.errors import StoreError
from app.own_files import protect
from app.paths import Paths, resolve_paths

if TYPE_CHECKING:  # loaded by build(): `archivist gui` paints its window first
    from app.catalogue.local import LocalCatalogue
    from app.collection.service import Collection
    from app.decks.service import Decks
    from app.events.service import Events
    from app.export.service import Export
    from app.history.service import History
    from app.images.store import ImageStore
    from app.ingest.service import Importer
    from app.scan.service import Scan
    from app.store import Store
    from app.sync.service import Sync


def read_only_folder(folder: Path) -> bool:
    """True when ``folder`` exists and cannot be written (a read-only mount or permissions)."""
    return folder.is_dir() and not os.access(folder, os.W_OK)


class Application:
    """The application object: where things live, the catalogue, and the services beside it
    (as Anki's collection holds ``col.decks``), each built once over the same store.

    A service is built, and its package imported, when it is first asked for: a one-shot
    command such as ``archivist search`` loads none of them.

    Args:
        paths: the installation's folders.
        catalogue: the opened catalogue (its store and image stores are the services' own).
    """

    def __init__(self, paths: Paths, catalogue: LocalCatalogue) -> None:
        self.paths = paths
        """The installation's folders."""
        self.catalogue = catalogue
        """The API's endpoints, the official search, the search language, options, counts
        and status."""
        self.store: Store = catalogue.store
        """The SQLite catalogue (the services' own; faces read through the parts)."""
        self.images: ImageStore = catalogue.images
        """The card image store."""

    @cached_property
    def history(self) -> History:
        """Revisions, what each changed, a card's versions, revert."""
        from app.history.service import History

        return History(self.store)

    @cached_property
    def decks(self) -> Decks:
        """The kept decks and the cards as decks see them."""
        from app.decks.service import Decks

        return Decks(self.store, self.paths)

    @cached_property
    def events(self) -> Events:
        """The stored events (tournaments and their decklists) and importing them."""
        from app.events.service import Events

        return Events(self.decks, self.paths)

    @cached_property
    def collection(self) -> Collection:
        """The collection file and the editions as the collection sees them."""
        from app.collection.service import Collection

        return Collection(self.store, self.paths)

    @cached_property
    def sync(self) -> Sync:
        """A sync of the catalogue, its state, whether an API answers."""
        from app.sync.service import Sync

        return Sync(self.store, self.paths)

    @cached_property
    def export(self) -> Export:
        """Export plans, image fetchers, text proxies."""
        from app.export.service import Export

        return Export(self.store, self.images)

    @cached_property
    def importer(self) -> Importer:
        """Imports files, folders and ZIPs; writes generated demo Thema history."""
        from app.ingest.service import Importer

        return Importer(self.store, self.images, self.catalogue.logos)


    @cached_property
    def scan(self) -> Scan:
        """Cards recognised in photos against the stored card images."""
        from app.scan.service import Scan

        return Scan(self.store, self.images, self.paths)


def assemble(catalogue: LocalCatalogue, paths: Paths) -> Application:
    """The application object over an opened catalogue and its folders."""
    return Application(paths, catalogue)


def build(data_dir: str | None = None, verbose: bool = False,
          writing: bool = True) -> Application:
    """Resolve the folders, open (or create) the catalogue and return the application object.

    Args:
        data_dir: the data folder (None: the platform's).
        verbose: log debug detail to stderr.
        writing: the command writes to the data folder. A reading command (False) opens
            the catalogue of a read-only folder read-only; a writing one is refused there.

    Raises:
        StoreError: the catalogue file cannot be opened, or the folder is read-only and
            the command writes.
    """
    from app.catalogue.local import LocalCatalogue
    from app.logs import setup_logging
    from app.store import Store

    paths = resolve_paths(data_dir)
    protect(paths)  # no export may overwrite them, whatever writes it
    read_only = read_only_folder(paths.data)
    if read_only and writing:
        raise StoreError(f"The data folder {paths.data} is read-only: this command writes "
                         "to it (reading commands such as get, search and serve work)")
    if not read_only:
        paths.ensure()
    setup_logging(paths.logs, verbose)
    store = Store(paths.catalogue_file, read_only=read_only)
    return assemble(LocalCatalogue.from_paths(paths, store), paths)
