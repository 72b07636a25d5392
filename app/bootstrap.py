"""The composition root: builds paths, store, catalogue (and, in the GUI, the window).

No module keeps a global instance; everything is built here and passed in.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.catalogue.local import LocalCatalogue
from app.images.store import ImageStore
from app.logs import setup_logging
from app.paths import Paths, resolve_paths
from app.store import Store


@dataclass(frozen=True)
class Services:
    """What a command needs: where things live and the catalogue over them."""

    paths: Paths
    store: Store
    images: ImageStore
    catalogue: LocalCatalogue


def build(data_dir: str | None = None, verbose: bool = False) -> Services:
    """Resolve the folders, open (or create) the catalogue and return the services.

    Raises:
        StoreError: the catalogue file cannot be opened.
    """
    paths = resolve_paths(data_dir).ensure()
    setup_logging(paths.logs, verbose)
    store = Store(paths.catalogue_file)
    images = ImageStore(paths.card_images)
    return Services(paths, store, images, LocalCatalogue.from_paths(paths, store))
