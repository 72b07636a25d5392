"""The one error hierarchy of Archivist (DESIGN.md: Errors).

Every error carries a message a person can act on. The HTTP status is the one the
API answers with when the error reaches a client (server, ``archivist get``).
"""

from __future__ import annotations


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


class StoreError(ArchivistError):
    """The local catalogue file cannot be opened, read or written."""

    status = 500
