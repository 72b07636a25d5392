"""``RemoteCatalogue``: the :class:`~app.catalogue.base.Catalogue` interface over HTTP (httpx).

One method per endpoint of ``../shared/spec/catalogue-api.md``, returning the decoded
JSON exactly as the server sent it. Errors map back to the app's hierarchy: 404 (and 204,
which older servers send for a missing card) → NotFound, 400 → InvalidRequest, anything
else unusable → UpstreamError.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any
from urllib.parse import quote

import httpx

from app import __version__
from app.catalogue.base import CardSummary
from app.errors import InvalidRequest, NotFound, UpstreamError
from app.images.store import is_plain_filename
from app.store.writer import image_file

log = logging.getLogger("app.net")
USER_AGENT = f"Archivist/{__version__} (offline Grand Archive catalogue browser)"
"""The official service refuses generic HTTP-library User-Agents (403)."""


def _segment(value: str) -> str:
    """One path segment, percent-encoded; dot segments encoded so no client normalises them."""
    if value.strip(".") == "":
        return value.replace(".", "%2E")
    return quote(value, safe="")


def _plain(filename: str) -> str:
    if not is_plain_filename(filename):
        raise InvalidRequest(f"Not a plain image file name: {filename[:80]!r}")
    return filename


class RemoteCatalogue:
    """The catalogue of a server at ``base_url``.

    Args:
        base_url: e.g. ``https://api.gatcg.com`` or ``http://127.0.0.1:8765``.
        timeout: seconds for connecting and for each read.
        client: an httpx client to use instead of a new one (tests, shared pools).
    """

    def __init__(
        self, base_url: str, timeout: float = 20.0, client: httpx.Client | None = None
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self._client = client or httpx.Client(
            base_url=self.base_url, timeout=timeout, headers={"User-Agent": USER_AGENT},
        )

    def close(self) -> None:
        """Close the connection pool."""
        self._client.close()

    def __enter__(self) -> RemoteCatalogue:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _get(self, path: str, params: Any = None) -> httpx.Response:
        try:
            response = self._client.get(path, params=params)
        except httpx.HTTPError as exc:
            raise UpstreamError(f"{self.base_url}{path}: {exc.__class__.__name__}: {exc}") from exc
        if response.status_code == 200:
            return response
        message = _error_message(response)
        if response.status_code in (204, 404):
            raise NotFound(message or f"Not found: {path}")
        if response.status_code == 400:
            raise InvalidRequest(message or f"Invalid request: {path}")
        raise UpstreamError(f"{self.base_url}{path} answered {response.status_code}: {message}")

    def _json(self, path: str, params: Any = None) -> Any:
        response = self._get(path, params)
        try:
            return response.json()
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise UpstreamError(f"{self.base_url}{path}: the body is not valid JSON") from exc

    def card(self, slug: str) -> dict[str, Any]:
        """Endpoint 1 ``GET /cards/{slug}``."""
        return dict(self._json(f"/cards/{_segment(slug)}"))

    def card_by_number(self, set_prefix: str, collector_number: str) -> dict[str, Any]:
        """Endpoint 2 ``GET /cards/{set_prefix}/{collector_number}``."""
        return dict(self._json(f"/cards/{_segment(set_prefix)}/{_segment(collector_number)}"))

    def card_image(self, filename: str, rounded: bool = False) -> bytes:
        """Endpoint 3 ``GET /cards/images/{filename}[?rounded=true]``."""
        params = {"rounded": "true"} if rounded else None
        return self._get(f"/cards/images/{_plain(filename)}", params).content

    def featured_sets(self) -> list[dict[str, Any]]:
        """Endpoint 4 ``GET /featured-sets``."""
        return list(self._json("/featured-sets"))

    def featured_set_logo(self, filename: str) -> bytes:
        """Endpoint 5 ``GET /featured-sets/images/{filename}``."""
        return self._get(f"/featured-sets/images/{_plain(filename)}").content

    def dynamic_thema_ranks(self) -> list[dict[str, Any]]:
        """Endpoint 6 ``GET /cards/edition/dynamic-thema-ranks``."""
        return list(self._json("/cards/edition/dynamic-thema-ranks"))

    def dynamic_thema_history(
        self, edition_uuid: str, kind: str | None = None,
        from_: str | None = None, to: str | None = None,
    ) -> list[dict[str, Any]]:
        """Endpoint 7 ``GET /cards/edition/{edition_uuid}/dynamic-thema?kind=&from=&to=``."""
        params = {k: v for k, v in (("kind", kind), ("from", from_), ("to", to)) if v is not None}
        return list(self._json(f"/cards/edition/{_segment(edition_uuid)}/dynamic-thema", params))

    def option_search(self, field: str | None = None) -> dict[str, Any]:
        """``GET /option/search[?field=]``."""
        return dict(self._json("/option/search", {"field": field} if field else None))

    def cards_all(self) -> list[dict[str, str]]:
        """``GET /cards/all``."""
        return list(self._json("/cards/all"))

    def cards_autocomplete(self, name: str | None) -> list[dict[str, Any]]:
        """``GET /cards/autocomplete?name=``."""
        return list(self._json("/cards/autocomplete", {"name": name} if name else None))

    def cards_random(self, amount: str | None = None, seed: str | None = None) -> list[Any]:
        """``GET /cards/random?amount=&seed=`` (``seed``: an Archivist server extension)."""
        params = {k: v for k, v in (("amount", amount), ("seed", seed)) if v is not None}
        return list(self._json("/cards/random", params))

    def card_by_edition(self, edition_slug_or_uuid: str) -> dict[str, Any]:
        """``GET /cards/edition/{edition_slug_or_uuid}``."""
        return dict(self._json(f"/cards/edition/{_segment(edition_slug_or_uuid)}"))

    def service_info(self) -> dict[str, Any]:
        """``GET /``."""
        return dict(self._json("/"))

    def cards_search(
        self, page: str | int | None = None, page_size: str | int | None = None,
        prefix: Sequence[str] = (), name: str | None = None, last_update: str | None = None,
        sort: str | None = None, order: str | None = None, **more: str | Sequence[str],
    ) -> dict[str, Any]:
        """``GET /cards/search`` (official API): one page object; ``more`` holds the other
        parameters of the OpenAPI document (a list for a repeated one)."""
        pairs = [("page", page), ("page_size", page_size), ("name", name),
                 ("last_update", last_update), ("sort", sort), ("order", order)]
        params = [(k, str(v)) for k, v in pairs if v is not None]
        params += [("prefix", p) for p in ([prefix] if isinstance(prefix, str) else prefix)]
        for key, value in more.items():
            params += [(key, str(v)) for v in ([value] if isinstance(value, str) else value)]
        return dict(self._json("/cards/search", params))

    def search_cards(self, text: str, limit: int = 5000) -> list[CardSummary]:
        """Cards whose name contains ``text`` (the server's ``/cards/search?name=``), by name.

        The remote form searches names only: the official API has no full-text search.
        """
        out: list[CardSummary] = []
        page = 1
        while len(out) < limit:
            body = self.cards_search(page=page, page_size=50, name=text.strip() or None,
                                     sort="name")
            for card in body["data"]:
                first = card["editions"][0]
                out.append(CardSummary(
                    uuid=card["uuid"], slug=card["slug"], name=card["name"],
                    editions=len(card["editions"]), set_prefix=first["set"]["prefix"],
                    collector_number=first["collector_number"],
                    image_file=image_file(first["image"]), has_image=False,
                ))
            if not body["has_more"]:
                break
            page += 1
        return out[:limit]

    def counts(self) -> dict[str, int]:
        """``{"cards": n}`` from the server's search totals (other counts are not offered)."""
        return {"cards": int(self.cards_search(page=1, page_size=1)["total_cards"])}


def _error_message(response: httpx.Response) -> str:
    try:
        body = response.json()
    except (json.JSONDecodeError, UnicodeDecodeError):
        return response.text[:200]
    if isinstance(body, dict) and isinstance(body.get("error"), str):
        return body["error"]
    return str(body)[:200]
