"""The one error hierarchy of Archivist (DESIGN.md: Errors).

Every error carries a message a person can act on. The HTTP status is the one the
API answers with when the error reaches a client (server, ``archivist get``).
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit


class ArchivistError(Exception):
    """Base of every error Archivist raises on purpose."""

    status = 500

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFound(ArchivistError):
    """A requested resource (card, edition, image, set) does not exist. HTTP 404."""

    status = 404


class InvalidRequest(ArchivistError):
    """A request's path or parameters are malformed. HTTP 400."""

    status = 400


class InvalidData(ArchivistError):
    """Input data (a JSON file, a response) is not what the spec describes."""

    status = 422


class UpstreamError(ArchivistError):
    """The upstream API failed or answered something unusable. HTTP 502."""

    status = 502


class Unreachable(UpstreamError):
    """The upstream cannot be reached at all: its name does not resolve (offline, or a
    misspelt address) or nothing listens at its address. Not retried; the message says in
    plain words what happened and what to do (the CLI and the window show it as is)."""

    @classmethod
    def for_url(cls, url: str, kind: str) -> Unreachable:
        """The error for a request to ``url`` that failed as ``kind``: ``offline`` (the
        name did not resolve) or ``refused`` (nothing listens there)."""
        parts = urlsplit(url)
        host = parts.hostname or url
        if kind == "offline":
            return cls(f"{host} cannot be reached — this computer seems to be offline, or "
                       "the address is misspelt. Check the network connection (or the "
                       "address), then try again.")
        where = f"{host}:{parts.port}" if parts.port else host
        return cls(f"{where} refused the connection — no server is running at that address. "
                   "Start it (or check the address), then try again.")


class StoreError(ArchivistError):
    """The local catalogue file cannot be opened, read or written."""

    status = 500


class UnusableUserFile(StoreError):
    """A file of the user's own data (the decks, the collection) is there but cannot be used:
    a folder, a FIFO or a device stands where the file belongs. Refused, never read as an
    empty collection or decks list; the message names the file and what to do, ``path`` is
    the file (a window can show the problem in place). HTTP 400 (exit status 2)."""

    status = 400

    def __init__(self, message: str, path: Path) -> None:
        super().__init__(message)
        self.path = path


class ImportCancelled(ArchivistError):
    """An import was cancelled before it wrote anything; the catalogue is unchanged."""

    status = 499
