"""The application object's ``export`` part: what one selection exports, the images an
export fetches, the text proxies a sheet prints."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from app.errors import InvalidRequest
from app.model.query import Hit, SortKey

if TYPE_CHECKING:  # the export machinery loads when an export is planned, not to read
    from app.export.fetch import ApiFetcher
    from app.export.plan import ExportItem
    from app.export.proxy import ProxyText
    from app.images.store import ImageStore
    from app.store import Store


class Export:
    """Exports from one catalogue.

    Args:
        store: the SQLite catalogue.
        images: the card image store (what an export copies and renders).
    """

    def __init__(self, store: Store, images: ImageStore) -> None:
        self._store = store
        self.images = images

    def export_plan(
        self, *, query: str | None = None, set_prefix: str | None = None,
        card: str | None = None, editions: Sequence[str] = (), hits: Iterable[Hit] = (),
        sort: SortKey | str = "set", descending: bool = False, limit: int | None = None,
    ) -> list[ExportItem]:
        """The editions to export for one selection, one item per edition, in a stable order.

        Give exactly one of: ``query`` (every edition it matches, in ``sort`` order),
        ``set_prefix`` (by collector number), ``card`` (a slug: its editions in order),
        ``editions`` (uuids, in that order) or ``hits`` (the editions search hits show).

        Raises:
            InvalidRequest: no or several selections; a bad sort or limit.
            QuerySyntaxError: a malformed query.
            NotFound: an unknown set prefix, card slug or edition uuid.
        """
        from app.export.plan import plan_card, plan_editions, plan_hits, plan_query, plan_set

        hits = list(hits)
        chosen = [query is not None, set_prefix is not None, card is not None,
                  bool(editions), bool(hits)]
        if sum(chosen) != 1:
            raise InvalidRequest("Export one selection: a query, a set, a card, editions or hits")
        if query is not None:
            return plan_query(self._store, query, sort=sort, descending=descending, limit=limit)
        if set_prefix is not None:
            return plan_set(self._store, set_prefix)
        if card is not None:
            return plan_card(self._store, card)
        if editions:
            return plan_editions(self._store, editions)
        return plan_hits(self._store, hits)

    def configured_api(self) -> str | None:
        """The API the catalogue was last synced from, or None (an imported catalogue)."""
        from app.export.fetch import configured_api

        return configured_api(self._store)

    def image_fetcher(self, api_url: str) -> ApiFetcher:
        """Fetches card images missing from the store from ``api_url`` (for an export);
        the caller closes it."""
        from app.export.fetch import ApiFetcher

        return ApiFetcher(api_url, self.images, self._store)

    def proxy_texts(self, items: Sequence[ExportItem]) -> dict[str, ProxyText]:
        """The text proxy of each item's card, by edition uuid (where a proxy sheet has
        no image to print). Raises StoreError."""
        from app.export.proxy import proxy_texts

        return proxy_texts(self._store, items)
