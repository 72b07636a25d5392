"""``RemoteCatalogue``: the :class:`~app.catalogue.base.Endpoints` protocol over HTTP (httpx).

One method per endpoint of ``../shared/spec/catalogue-api.md``, returning the decoded
JSON exactly as the server sent it. Requests go through :class:`~app.net.blocking.
BlockingClient`: the one endpoint table and the one policy of :mod:`app.net.policy`
(404 and 204 → NotFound, 400 → InvalidRequest, anything else unusable → UpstreamError).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from app.errors import InvalidRequest
from app.images.store import is_plain_filename
from app.net.blocking import BlockingClient
from app.net.policy import ClientSettings

log = logging.getLogger("app.net")


def _plain(filename: str) -> str:
    if not is_plain_filename(filename):
        raise InvalidRequest(f"Not a plain image file name: {filename[:80]!r}")
    return filename


class RemoteCatalogue:
    """The catalogue of a server at ``base_url``.

    Args:
        base_url: e.g. ``https://api.gatcg.com`` or ``http://127.0.0.1:8765``.
        timeout: seconds for connecting and for each read.
        settings: timeouts and retries instead of ``timeout`` (default: no retry, as a
            person is waiting for the answer).
    """

    def __init__(
        self, base_url: str, timeout: float = 20.0, settings: ClientSettings | None = None
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self._client = BlockingClient(self.base_url, settings or ClientSettings(
            timeout=timeout, retries=0))

    def close(self) -> None:
        """Close the connection pool."""
        self._client.close()

    def __enter__(self) -> RemoteCatalogue:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def card(self, slug: str) -> dict[str, Any]:
        """Endpoint 1 ``GET /cards/{slug}``."""
        return dict(self._client.json("card", slug=slug))

    def card_by_number(self, set_prefix: str, collector_number: str) -> dict[str, Any]:
        """Endpoint 2 ``GET /cards/{set_prefix}/{collector_number}``."""
        return dict(self._client.json("card_by_number", set_prefix=set_prefix,
                                      collector_number=collector_number))

    def card_image(self, filename: str, rounded: bool = False) -> bytes:
        """Endpoint 3 ``GET /cards/images/{filename}[?rounded=true]``."""
        params = {"rounded": "true"} if rounded else None
        return self._client.content("card_image", params, filename=_plain(filename))

    def featured_sets(self) -> list[dict[str, Any]]:
        """Endpoint 4 ``GET /featured-sets``."""
        return list(self._client.json("featured_sets"))

    def featured_set_logo(self, filename: str) -> bytes:
        """Endpoint 5 ``GET /featured-sets/images/{filename}``."""
        return self._client.content("featured_set_logo", filename=_plain(filename))

    def dynamic_thema_ranks(self) -> list[dict[str, Any]]:
        """Endpoint 6 ``GET /cards/edition/dynamic-thema-ranks``."""
        return list(self._client.json("thema_ranks"))

    def dynamic_thema_history(
        self, edition_uuid: str, kind: str | None = None,
        from_: str | None = None, to: str | None = None,
    ) -> list[dict[str, Any]]:
        """Endpoint 7 ``GET /cards/edition/{edition_uuid}/dynamic-thema?kind=&from=&to=``."""
        params = {k: v for k, v in (("kind", kind), ("from", from_), ("to", to)) if v is not None}
        return list(self._client.json("thema_history", params, edition_uuid=edition_uuid))

    def option_search(self, field: str | None = None) -> dict[str, Any]:
        """``GET /option/search[?field=]``."""
        return dict(self._client.json("option_search", {"field": field} if field else None))

    def cards_all(self) -> list[dict[str, str]]:
        """``GET /cards/all``."""
        return list(self._client.json("cards_all"))

    def cards_autocomplete(self, name: str | None) -> list[dict[str, Any]]:
        """``GET /cards/autocomplete?name=``."""
        return list(self._client.json("cards_autocomplete", {"name": name} if name else None))

    def cards_random(self, amount: str | None = None, seed: str | None = None) -> list[Any]:
        """``GET /cards/random?amount=&seed=`` (``seed``: an Archivist server extension)."""
        params = {k: v for k, v in (("amount", amount), ("seed", seed)) if v is not None}
        return list(self._client.json("cards_random", params))

    def card_by_edition(self, edition_slug_or_uuid: str) -> dict[str, Any]:
        """``GET /cards/edition/{edition_slug_or_uuid}``."""
        return dict(self._client.json("card_by_edition", edition=edition_slug_or_uuid))

    def service_info(self) -> dict[str, Any]:
        """``GET /``."""
        return dict(self._client.json("service_info"))

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
        return dict(self._client.json("cards_search", params))

    def counts(self) -> dict[str, int]:
        """``{"cards": n}`` from the server's search totals (other counts are not offered)."""
        return {"cards": int(self.cards_search(page=1, page_size=1)["total_cards"])}


if TYPE_CHECKING:  # mypy checks that the remote catalogue answers the endpoints' protocol
    from app.catalogue.base import Endpoints

    def _remote_answers_the_endpoints(remote: RemoteCatalogue) -> Endpoints:
        return remote
