"""``GET /cards/search``: the official API's paginated card search, from the local catalogue.

Parameters and response keys follow ``openapi-v1.1.0.json``: ``page`` ≥ 1 (default 1),
``page_size`` 1–50 (default 50), ``prefix`` (repeatable), ``name``, ``last_update``
(``YYYY-MM-DD`` or a timestamp), ``sort`` (default ``collector_number``), ``order``
(``ASC``/``DESC``). The page object holds ``data, has_more, order, page, page_size,
paginated_cards_count, sort, total_cards, total_pages``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from app.catalogue.shapes import card_response
from app.errors import InvalidRequest
from app.store.db import Store
from app.store.listing import SORT_KEYS, list_cards

MAX_PAGE_SIZE = 50
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}([T ][0-9:.+\-Z]*)?$")


MAX_PAGE = 1_000_000_000
"""The highest ``page`` accepted: its offset must fit SQLite's 64-bit integers (a larger
page answered 500 with an OverflowError)."""


@dataclass(frozen=True)
class SearchParams:
    """Validated ``/cards/search`` parameters."""

    page: int = 1
    page_size: int = MAX_PAGE_SIZE
    prefix: tuple[str, ...] = field(default=())
    name: str | None = None
    last_update: str | None = None
    sort: str = "collector_number"
    order: str = "ASC"


def _positive_int(name: str, raw: str | int | None, default: int, maximum: int | None) -> int:
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except (TypeError, ValueError):
        raise InvalidRequest(f"{name} must be a whole number, not {str(raw)[:40]!r}") from None
    if value < 1 or (maximum is not None and value > maximum):
        upper = f" and at most {maximum}" if maximum is not None else ""
        raise InvalidRequest(f"{name} must be at least 1{upper}, not {value}")
    return value


def parse_params(
    page: str | int | None = None,
    page_size: str | int | None = None,
    prefix: Sequence[str] = (),
    name: str | None = None,
    last_update: str | None = None,
    sort: str | None = None,
    order: str | None = None,
) -> SearchParams:
    """Validate raw query values.

    Raises:
        InvalidRequest: a value is out of range or not one of the allowed values.
    """
    sort = sort or "collector_number"
    if sort not in SORT_KEYS:
        raise InvalidRequest(f"sort must be one of {', '.join(SORT_KEYS)}; not {sort[:40]!r}")
    order = (order or "ASC").upper()
    if order not in ("ASC", "DESC"):
        raise InvalidRequest(f"order must be ASC or DESC, not {order[:40]!r}")
    if last_update and not _DATE.match(last_update):
        raise InvalidRequest(f"last_update must be a date YYYY-MM-DD, not {last_update[:40]!r}")
    return SearchParams(
        page=_positive_int("page", page, 1, MAX_PAGE),
        page_size=_positive_int("page_size", page_size, MAX_PAGE_SIZE, MAX_PAGE_SIZE),
        prefix=tuple(p for p in prefix if p),
        name=name or None,
        last_update=last_update or None,
        sort=sort,
        order=order,
    )


def search_page(store: Store, params: SearchParams) -> dict[str, Any]:
    """One page of the search, shaped like the official API's response.

    ``result_editions`` holds a card's editions in the requested prefixes (all of them
    without a prefix filter), in received order.
    """
    offset = (params.page - 1) * params.page_size
    total, rows = list_cards(
        store, params.prefix, params.name, params.last_update, params.sort,
        params.order == "DESC", offset, params.page_size,
    )
    wanted = set(params.prefix)
    matches = (lambda e: e["set"]["prefix"] in wanted) if wanted else None
    data = [card_response(row.body, matches) for row in rows]
    total_pages = math.ceil(total / params.page_size)
    return {
        "data": data,
        "has_more": params.page < total_pages,
        "order": params.order,
        "page": params.page,
        "page_size": params.page_size,
        "paginated_cards_count": len(data),
        "sort": params.sort,
        "total_cards": total,
        "total_pages": total_pages,
    }
