"""Answering an API path with a catalogue: the body, status and media type the API sends.

This is the one place that maps the spec's paths to catalogue methods; ``archivist get``
uses it, and so does the server.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote, urlsplit

from app.catalogue.base import Catalogue
from app.errors import ArchivistError, InvalidRequest, NotFound

JSON = "application/json"
MAX_PATH = 2048


@dataclass(frozen=True)
class ApiResponse:
    """An answer: HTTP status, body bytes and media type."""

    status: int
    body: bytes
    media_type: str = JSON

    def json(self) -> Any:
        """The body decoded as JSON."""
        return json.loads(self.body)


def json_body(value: Any) -> bytes:
    """Encode a JSON response body (UTF-8, non-ASCII kept as is)."""
    return json.dumps(value, ensure_ascii=False).encode("utf-8")


def error_response(error: ArchivistError) -> ApiResponse:
    """The API's error shape: ``{"error": "<message>"}`` with the error's status."""
    return ApiResponse(error.status, json_body({"error": error.message}))


def _segments(path: str) -> list[str]:
    if len(path) > MAX_PATH:
        raise InvalidRequest(f"The path is longer than {MAX_PATH} characters")
    raw = urlsplit(path).path
    if not raw.startswith("/"):
        raise InvalidRequest("An API path starts with '/'")
    parts = raw.strip("/").split("/")
    decoded = [unquote(p, errors="strict") for p in parts]
    if any("\x00" in p for p in decoded):
        raise InvalidRequest("The path contains a NUL character")
    return decoded


def route(catalogue: Catalogue, path: str) -> ApiResponse:
    """Answer ``path`` (e.g. ``/cards/DOA%201st/001``) from ``catalogue``.

    Raises:
        ArchivistError: NotFound for an unknown path or resource, InvalidRequest for a
            malformed one.
    """
    try:
        parts = _segments(path)
    except UnicodeDecodeError:
        raise InvalidRequest("The path is not valid percent-encoded UTF-8") from None
    match parts:
        case ["cards", "images", filename]:
            return ApiResponse(200, catalogue.card_image(filename), "image/jpeg")
        case ["cards", slug] if slug:
            return ApiResponse(200, json_body(catalogue.card(slug)))
        case ["cards", set_prefix, collector_number] if set_prefix and collector_number:
            card = catalogue.card_by_number(set_prefix, collector_number)
            return ApiResponse(200, json_body(card))
    raise NotFound(f"No such endpoint: {path[:200]}")


def dispatch(catalogue: Catalogue, path: str) -> ApiResponse:
    """Like :func:`route`, but errors become the API's JSON error responses."""
    try:
        return route(catalogue, path)
    except ArchivistError as error:
        return error_response(error)
