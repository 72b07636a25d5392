"""``GET /cards/search``: the official API's paginated card search, from the local catalogue.

Parameters: :mod:`app.catalogue.search_params` (every one of ``openapi-v1.1.0.json``);
SQL: :mod:`app.store.official.search`. The page object holds ``data, has_more, order, page,
page_size, paginated_cards_count, sort, total_cards, total_pages`` as the real pages in
``../shared/data/gatcg/search-pages`` show.
"""

from __future__ import annotations

import math
from typing import Any

from app.catalogue.shapes import EditionTest, card_response
from app.store.db.connection import Store
from app.store.official.request import ApiQuery
from app.store.official.search import search_cards


def _in(uuids: set[str]) -> EditionTest:
    return lambda edition: edition["uuid"] in uuids


def official_search_page(store: Store, query: ApiQuery) -> dict[str, Any]:
    """One page of the search, shaped like the official API's response.

    ``result_editions`` holds the card's editions that pass the edition-level filters, in
    received order; with ``separate_editions`` each data entry holds exactly one, and
    ``total_cards`` counts entries.
    """
    total, hits = search_cards(store, query)
    data = [card_response(hit.body, None if hit.edition_uuids is None
                          else _in(set(hit.edition_uuids))) for hit in hits]
    total_pages = math.ceil(total / query.page_size)
    return {
        "data": data,
        "has_more": query.page < total_pages,
        "order": query.order,
        "page": query.page,
        "page_size": query.page_size,
        "paginated_cards_count": len(data),
        "sort": query.sort,
        "total_cards": total,
        "total_pages": total_pages,
    }
