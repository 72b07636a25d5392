"""Routes of the official API beyond the spec's seven endpoints (``openapi-v1.1.0.json``):
``/cards/search`` with every parameter, ``/cards/all``, ``/cards/autocomplete``,
``/cards/random``, ``/cards/edition/{edition_slug_or_uuid}``, ``/option/search`` and ``/``.
The stored Omnidex events answer ``/omnidex/events/{event_id}`` and its ``/decklists`` and
``/standings`` (:mod:`app.events.official`); the document's other non-catalogue endpoints
(players, pairings, …, the changelog) answer a JSON 404.

One function per route, each one call to the catalogue. Registered before the spec's
``/cards/{slug}`` routes, whose paths would otherwise swallow these.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from fastapi import FastAPI, Request
from fastapi.responses import Response

from app.catalogue.local import LocalCatalogue
from app.catalogue.search_params import API_PARAMETERS
from app.server.errors import error_response

if TYPE_CHECKING:
    from app.events.service import Events

log = logging.getLogger("app.server")
IGNORED_HEADER = "X-Archivist-Ignored"
NOT_SERVED = ("The Archivist mirror serves the card catalogue and the stored events, their "
              "decklists and standings only; the rest of Omnidex and the changelog are not "
              "mirrored: ask the official API")
EVENT_ID = {"name": "event_id", "in": "path", "required": True,
            "schema": {"type": "integer", "minimum": 1, "maximum": 2**53 - 1}}


def _search_parameters() -> list[dict[str, Any]]:
    """The OpenAPI description of ``/cards/search``'s parameters (from the one table)."""
    out = []
    for name, param in API_PARAMETERS.items():
        schema: dict[str, Any] = {"type": "string"}
        if param.allowed:
            schema["enum"] = list(param.allowed)
        if param.many:
            schema = {"type": "array", "items": schema}
        out.append({"name": name, "in": "query", "required": False, "schema": schema})
    return out


def add_official_routes(
    app: FastAPI, catalogue: LocalCatalogue, json_response: Callable[[Any], Response],
    events: Events | None = None,
) -> None:
    """Register the routes on ``app``; ``json_response`` encodes a body; ``events`` answers
    the stored events (None: every event is a 404)."""

    def event_answer(event_id: int, endpoint: str) -> Response:
        if events is None:
            return error_response(404, f"No event {event_id} is stored on this server")
        return Response(events.official(event_id, endpoint), media_type="application/json")

    @app.get("/omnidex/events/{event_id}", responses={200: {"description": "an event"}})
    def omnidex_event(event_id: int) -> Response:
        return event_answer(event_id, "event")

    @app.get("/omnidex/events/{event_id}/decklists",
             responses={200: {"description": "an event's public decklists"}})
    def omnidex_decklists(event_id: int) -> Response:
        return event_answer(event_id, "decklists")

    @app.get("/omnidex/events/{event_id}/standings",
             responses={200: {"description": "an event's Swiss standings"}})
    def omnidex_standings(event_id: int) -> Response:
        return event_answer(event_id, "standings")

    @app.get("/", responses={200: {"description": "service information"}})
    def service_info() -> Response:
        return json_response(catalogue.service_info())

    @app.get("/cards/search", openapi_extra={"parameters": _search_parameters()},
             responses={200: {"description": "a page of cards"}})
    def cards_search(request: Request) -> Response:
        page, ignored = catalogue.api_search(request.query_params.multi_items())
        response = json_response(page)
        if ignored:
            names = ", ".join(quote(n, safe="[]_-.") for n in ignored)[:500]
            log.info("/cards/search ignored unknown parameters: %s", names)
            response.headers[IGNORED_HEADER] = names
        return response

    @app.get("/cards/all")
    def cards_all() -> Response:
        return json_response(catalogue.cards_all())

    @app.get("/cards/autocomplete")
    def cards_autocomplete(name: str | None = None) -> Response:
        return json_response(catalogue.cards_autocomplete(name))

    @app.get("/cards/random")
    def cards_random(amount: str | None = None, seed: str | None = None) -> Response:
        return json_response(catalogue.cards_random(amount, seed))

    @app.get("/cards/edition/{edition_slug_or_uuid}")
    def card_by_edition(edition_slug_or_uuid: str) -> Response:
        return json_response(catalogue.card_by_edition(edition_slug_or_uuid))

    @app.get("/option/search")
    def option_search(field: str | None = None) -> Response:
        return json_response(catalogue.option_search(field))

    @app.get("/changelog/list", include_in_schema=False)
    def changelog() -> Response:
        return error_response(404, NOT_SERVED)

    @app.get("/omnidex/{rest:path}", include_in_schema=False)
    def omnidex(rest: str) -> Response:
        return error_response(404, NOT_SERVED)
