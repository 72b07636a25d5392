"""Images not stored yet: fetched from a catalogue API when one is configured and reachable.

A *fetcher* is a callable ``fetch(filename) -> Path`` that stores the image and returns
its path, or raises an :class:`~app.errors.ArchivistError` saying why it could not; the
export lists such editions as missing with that reason, never drops them silently.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

from app.diskfull import write_failure
from app.errors import ArchivistError, NotFound, StoreError, UpstreamError
from app.export.plan import ExportItem
from app.export.report import Problem
from app.images.check import BadImage, image_problem
from app.images.store import ImageStore
from app.store import Store, Writer
from app.store.write.writer import read_meta
from app.sync.common import META_API

log = logging.getLogger("app.export")

Fetcher = Callable[[str], Path]
NOT_STORED = "the image is not stored, and no API is set to fetch it from"
"""Why an image is missing when nothing fetches (callers may say how to set one)."""


def configured_api(store: Store) -> str | None:
    """The API the catalogue was last synced from, or None (an imported catalogue)."""
    return read_meta(store, META_API).get(META_API) or None


class ApiFetcher:
    """Fetches card images from the catalogue API at ``api_url`` into the image store.

    After the first connection failure it stops asking (the API is unreachable: offline)
    and every later image is reported missing at once.

    Args:
        api_url: the API root, e.g. ``https://api.gatcg.com``.
        images: the image store to add fetched images to.
        store: the catalogue, told about each stored image (None: not recorded).
        timeout: seconds for connecting and for each read.
    """

    def __init__(self, api_url: str, images: ImageStore, store: Store | None = None,
                 timeout: float = 10.0) -> None:
        from app.net.remote import RemoteCatalogue

        self.api_url = api_url
        self._remote = RemoteCatalogue(api_url, timeout=timeout)
        self._images = images
        self._store = store
        self._offline: str | None = None

    def __call__(self, filename: str) -> Path:
        """Fetch ``filename`` (endpoint 3), store it and return its path.

        Raises:
            NotFound: the API has no such image. UpstreamError: the API is unreachable
            or failed. InvalidRequest: not a plain file name. BadImage: the body is not a
            whole image (cut short, undecodable, too many pixels); nothing was stored.
        """
        if self._offline is not None:
            raise UpstreamError(self._offline)
        try:
            data = self._remote.card_image(filename)
        except UpstreamError as error:
            self._offline = f"not stored, and {self.api_url} is unreachable ({error.message})"
            log.warning("image fetch failed, treating the API as offline: %s", error.message)
            raise UpstreamError(self._offline) from error
        problem = image_problem(data)
        if problem is not None:
            raise BadImage(f"the API's image {filename} is broken: {problem}")
        try:
            self._images.add(filename, data)
        except OSError as exc:
            raise StoreError(f"Cannot store the fetched image {filename}: "
                             f"{write_failure(exc, self._images.folder)}") from exc
        if self._store is not None:
            Writer(self._store).write([], images=[(filename, len(data))])
        return self._images.path_for(filename)

    def close(self) -> None:
        """Close the HTTP connection pool."""
        self._remote.close()


def resolve_sources(
    items: Sequence[ExportItem], images: ImageStore, fetch: Fetcher | None = None,
    on_fetch: Callable[[ExportItem], None] | None = None,
    cancel: threading.Event | None = None, unfetched: str = NOT_STORED,
) -> tuple[list[tuple[ExportItem, Path]], list[Problem], int]:
    """The stored image file of each item, fetching those not stored when ``fetch`` is given.

    Args:
        items: the editions to export.
        images: the image store.
        fetch: fetches an image not stored (None: offline, such items are missing).
        on_fetch: called before each fetch (progress).
        cancel: when set, stop before the next fetch (the rest is left out of the result).
        unfetched: the reason given for an image not stored when ``fetch`` is None (the
            command line names its ``--api`` there, the window its settings).

    Returns:
        ``(found, missing, fetched)``: ``(item, path)`` in the items' order, the items
        without an image with the reason, and how many images were fetched.
    """
    found: list[tuple[ExportItem, Path]] = []
    missing: list[Problem] = []
    fetched = 0
    for item in items:
        path = images.find(item.image_file)
        if path is None and fetch is not None:
            if cancel is not None and cancel.is_set():
                break
            if on_fetch is not None:
                on_fetch(item)
            try:
                path = fetch(item.image_file)
                fetched += 1
            except NotFound:
                missing.append(Problem(item, "not stored, and the API has no such image"))
                continue
            except ArchivistError as error:
                missing.append(Problem(item, error.message))
                continue
        if path is None:
            missing.append(Problem(item, unfetched))
        else:
            found.append((item, path))
    return found, missing, fetched
