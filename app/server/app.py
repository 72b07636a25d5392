"""The FastAPI application: one function per endpoint, each one call to the catalogue.

Paths and shapes: ``../shared/spec/catalogue-api.md`` (endpoints 1–7) plus the official
API's ``/cards/search`` and ``/option/search``. Read-only: only GET (and HEAD).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import FastAPI, Query
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import Response

from app import API_VERSION
from app.catalogue.local import LocalCatalogue
from app.model import Card, FeaturedSetGroup
from app.model.thema import GENERATED_HEADER, GENERATED_VALUE
from app.server.encoding import json_body
from app.server.errors import install_error_handlers
from app.server.guards import HeadAsGet, install_corruption_handler
from app.server.http_cache import HttpCache
from app.server.official import add_official_routes
from app.server.request_log import RequestLog

if TYPE_CHECKING:
    from app.events.service import Events

log = logging.getLogger("app.server")
IMAGE = {"content": {"image/jpeg": {}, "image/png": {}}, "description": "binary image file"}
ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"description": "invalid request: `{\"error\": \"<message>\"}`"},
    404: {"description": "not found: `{\"error\": \"<message>\"}`"},
}


def json_response(value: Any) -> Response:
    """A JSON body encoded once, UTF-8, non-ASCII kept (exactly what the catalogue answered)."""
    return Response(json_body(value), media_type="application/json")


def image_response(data: bytes, filename: str, rounded: bool = False) -> Response:
    """An image body with its media type (a rounded variant is always PNG)."""
    png = rounded or filename.lower().endswith(".png")
    return Response(data, media_type="image/png" if png else "image/jpeg")


def marked_thema(catalogue: LocalCatalogue, response: Response) -> Response:
    """``response`` with ``X-Archivist-Generated: thema-history`` when the catalogue's Thema
    history is GENERATED demo data."""
    if catalogue.thema_generated():
        response.headers[GENERATED_HEADER] = GENERATED_VALUE
    return response


def create_app(catalogue: LocalCatalogue, events: Events | None = None) -> FastAPI:
    """Build the ASGI application serving ``catalogue`` (the official routes need the local
    catalogue's search and stored card text) and the stored ``events`` (None: none)."""
    app = FastAPI(
        title="Archivist catalogue mirror", version=API_VERSION,
        description="The Grand Archive catalogue API, answered from a local catalogue.",
        docs_url=None, redoc_url=None, responses=ERRORS, redirect_slashes=False,
    )
    install_error_handlers(app)
    app.add_middleware(HttpCache)
    app.add_middleware(GZipMiddleware, minimum_size=1000, compresslevel=6)
    app.add_middleware(RequestLog)  # outside gzip: logs the status that was sent

    @app.get("/cards/images/{filename}", responses={200: IMAGE})
    def card_image(filename: str, rounded: bool = False) -> Response:
        return image_response(catalogue.card_image(filename, rounded), filename, rounded)

    @app.get("/cards/edition/dynamic-thema-ranks")
    def dynamic_thema_ranks() -> Response:
        return marked_thema(catalogue, json_response(catalogue.dynamic_thema_ranks()))

    @app.get("/cards/edition/{edition_uuid}/dynamic-thema")
    def dynamic_thema_history(
        edition_uuid: str, kind: str | None = None,
        from_: Annotated[str | None, Query(alias="from")] = None, to: str | None = None,
    ) -> Response:
        return marked_thema(catalogue, json_response(
            catalogue.dynamic_thema_history(edition_uuid, kind, from_, to)))

    add_official_routes(app, catalogue, json_response, events)  # before /cards/{slug}

    @app.get("/cards/{slug}", responses={200: {"model": Card}})
    async def card(slug: str) -> Response:  # one indexed row: no thread hop
        return Response(catalogue.card_json(slug), media_type="application/json")

    @app.get("/cards/{set_prefix}/{collector_number}", responses={200: {"model": Card}})
    async def card_by_number(set_prefix: str, collector_number: str) -> Response:
        return json_response(catalogue.card_by_number(set_prefix, collector_number))

    @app.get("/featured-sets", responses={200: {"model": list[FeaturedSetGroup]}})
    def featured_sets() -> Response:
        return json_response(catalogue.featured_sets())

    @app.get("/featured-sets/images/{filename}", responses={200: IMAGE})
    def featured_set_logo(filename: str) -> Response:
        return image_response(catalogue.featured_set_logo(filename), filename)

    app.add_middleware(HeadAsGet)  # HEAD on every GET route (app/server/guards.py)
    install_corruption_handler(app, getattr(getattr(catalogue, "store", None), "path", None))
    return app
