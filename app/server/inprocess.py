"""Requests to the server application in this process, with no socket (``archivist get``).

So ``archivist get`` answers exactly what ``archivist serve`` would, through the same
routes, status codes and error bodies.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import httpx

from app.catalogue.local import LocalCatalogue
from app.server.app import create_app

if TYPE_CHECKING:
    from app.events.service import Events


@dataclass(frozen=True)
class ApiResponse:
    """An answer: HTTP status, body bytes and media type."""

    status: int
    body: bytes
    media_type: str

    def json(self) -> Any:
        """The body decoded as JSON."""
        return json.loads(self.body)


class InProcessClient:
    """Sends GET requests to :func:`create_app` over ``catalogue`` in this process."""

    def __init__(self, catalogue: LocalCatalogue, events: Events | None = None) -> None:
        self._app = create_app(catalogue, events)

    async def _get(self, path: str) -> httpx.Response:
        transport = httpx.ASGITransport(app=self._app, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://archivist") as client:
            return await client.get(path)

    def get(self, path: str) -> ApiResponse:
        """Answer an API path such as ``/cards/DOA%201st/001`` (query string allowed)."""
        if not path.startswith("/"):
            path = "/" + path
        response = asyncio.run(self._get(path))
        media = response.headers.get("content-type", "application/octet-stream").split(";")[0]
        return ApiResponse(response.status_code, response.content, media)


def dispatch(catalogue: LocalCatalogue, path: str, events: Events | None = None) -> ApiResponse:
    """One request to the catalogue's API (see :class:`InProcessClient`)."""
    return InProcessClient(catalogue, events).get(path)
