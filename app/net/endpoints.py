"""The one table of upstream endpoint paths (``../shared/spec/catalogue-api.md``: Endpoints).

Every upstream call names its endpoint here; path parts are percent-encoded one segment
each, so a set prefix with a space (``DOA 1st``) or a slug with a slash stays one segment.
"""

from __future__ import annotations

from typing import Final
from urllib.parse import quote, urlencode

ENDPOINTS: Final[dict[str, str]] = {
    "card": "/cards/{slug}",  # endpoint 1
    "card_by_number": "/cards/{set_prefix}/{collector_number}",  # endpoint 2
    "card_image": "/cards/images/{filename}",  # endpoint 3
    "featured_sets": "/featured-sets",  # endpoint 4
    "featured_set_logo": "/featured-sets/images/{filename}",  # endpoint 5
    "thema_ranks": "/cards/edition/dynamic-thema-ranks",  # endpoint 6
    "thema_history": "/cards/edition/{edition_uuid}/dynamic-thema",  # endpoint 7
    "option_search": "/option/search",  # official API, used by the site's filters
    "cards_search": "/cards/search",  # official API (OpenAPI document); archivist serve
    "cards_all": "/cards/all",  # official API, as the rest below
    "cards_autocomplete": "/cards/autocomplete",
    "cards_random": "/cards/random",
    "card_by_edition": "/cards/edition/{edition}",
    "service_info": "/",
    "omnidex_event": "/omnidex/events/{event_id}",  # official API: tournaments
    "omnidex_decklists": "/omnidex/events/{event_id}/decklists",
    "omnidex_standings": "/omnidex/events/{event_id}/standings",
}
"""Endpoint name → path template; ``{name}`` parts are filled by :func:`path`."""

BINARY: Final[frozenset[str]] = frozenset({"card_image", "featured_set_logo"})
"""Endpoints whose body is an image, not JSON."""


def segment(value: str) -> str:
    """One URL path segment, percent-encoded (``"DOA 1st"`` → ``"DOA%201st"``).

    Dot segments (``.``, ``..``) are encoded too, so no client or server normalises them
    into a walk up the path.
    """
    if value.strip(".") == "":
        return value.replace(".", "%2E")
    return quote(value, safe="")


def path(endpoint: str, **parts: str) -> str:
    """The path of ``endpoint`` with its parts filled in and encoded.

    Args:
        endpoint: a key of :data:`ENDPOINTS`.
        **parts: the template's parts, e.g. ``set_prefix="DOA 1st"``.

    Returns:
        e.g. ``/cards/DOA%201st/001``.

    Raises:
        KeyError: an unknown endpoint, or a part missing from ``parts``.
    """
    return ENDPOINTS[endpoint].format_map({k: segment(v) for k, v in parts.items()})


def source(endpoint: str, params: object = None, **parts: str) -> str:
    """The path and query of a call, to name it in logs and problem reports
    (``/cards/search?page=3&page_size=50``)."""
    query = urlencode(params, doseq=True) if params else ""  # type: ignore[arg-type]
    return path(endpoint, **parts) + (f"?{query}" if query else "")
