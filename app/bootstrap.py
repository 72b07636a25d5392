"""The composition root: builds paths, store, catalogue (and, in the GUI, the window).

No module keeps a global instance; everything is built here and passed in.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from app.errors import StoreError
from app.own_files import protect
from app.paths import Paths, resolve_paths

if TYPE_CHECKING:  # loaded by build(): `archivist gui` paints its window first
    from app.catalogue.local import LocalCatalogue
    from app.images.store import ImageStore
    from app.store import Store


def read_only_folder(folder: Path) -> bool:
    """True when ``folder`` exists and cannot be written (a read-only mount or permissions)."""
    return folder.is_dir() and not os.access(folder, os.W_OK)


@dataclass(frozen=True)
class Services:
    """What a command needs: where things live and the catalogue over them."""

    paths: Paths
    store: Store
    images: ImageStore
    catalogue: LocalCatalogue


def build(data_dir: str | None = None, verbose: bool = False, writing: bool = True) -> Services:
    """Resolve the folders, open (or create) the catalogue and return the services.

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
    from app.images.store import ImageStore
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
    images = ImageStore(paths.card_images)
    return Services(paths, store, images, LocalCatalogue.from_paths(paths, store))
