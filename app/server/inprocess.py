"""Requests to the server application in this process, with no socket (``archivist get``).

So ``archivist get`` answers exactly what ``archivist serve`` would, through the same
routes, status codes and error bodies. The paths that take no parameter and whose answer
is one catalogue call (:data:`DIRECT`: ``/``, ``/featured-sets``, ``/cards/all``) are
answered by that call, encoded as the route encodes it, without loading the web framework
(most of a one-shot ``archivist get /``); any failure there is answered by the routes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from app.server.encoding import json_body

if TYPE_CHECKING:
    import httpx

    from app.catalogue.local import LocalCatalogue
    from app.events.service import Events

DIRECT: dict[str, Callable[[LocalCatalogue], Any]] = {
    "/": lambda catalogue: catalogue.service_info(),
    "/featured-sets": lambda catalogue: catalogue.featured_sets(),
    "/cards/all": lambda catalogue: catalogue.cards_all(),
}
"""The paths answered by one catalogue call (their routes' only work); a test holds each
answer equal to its route's."""


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
        from app.server.app import create_app

        self._app = create_app(catalogue, events)

    async def _get(self, path: str) -> httpx.Response:
        import httpx

        transport = httpx.ASGITransport(app=self._app, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://archivist") as client:
            return await client.get(path)

    def get(self, path: str) -> ApiResponse:
        """Answer an API path such as ``/cards/DOA%201st/001`` (query string allowed)."""
        import asyncio

        if not path.startswith("/"):
            path = "/" + path
        response = asyncio.run(self._get(path))
        media = response.headers.get("content-type", "application/octet-stream").split(";")[0]
        return ApiResponse(response.status_code, response.content, media)


def direct(catalogue: LocalCatalogue, path: str) -> ApiResponse | None:
    """The answer to one of the :data:`DIRECT` paths, or None: another path, or the call
    failed (the routes answer that failure). Not in the request log: no request was served
    (writing the log file would load :mod:`logging.handlers`, a third of the command)."""
    answer = DIRECT.get(path)
    if answer is None:
        return None
    try:
        body = json_body(answer(catalogue))
    except Exception:  # the routes give it its status and message
        return None
    return ApiResponse(200, body, "application/json")


def dispatch(catalogue: LocalCatalogue, path: str, events: Events | None = None) -> ApiResponse:
    """One request to the catalogue's API (see :class:`InProcessClient`)."""
    if not path.startswith("/"):
        path = "/" + path
    return direct(catalogue, path) or InProcessClient(catalogue, events).get(path)
