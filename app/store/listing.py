"""The ``/cards/search`` listing: filter, sort and page cards in SQL.

Source: the official OpenAPI document (``openapi-v1.1.0.json``), ``GET /cards/search``
with ``prefix``, ``name``, ``last_update``, ``sort``, ``order``, ``page``, ``page_size``.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.store.db import Store
from app.store.reader import CardRow

SORT_KEYS = {
    "collector_number": "MIN(e.collector_number)",
    "name": "c.name COLLATE NOCASE",
    "rarity": "MIN(e.rarity)",
    "cost_memory": "json_extract(c.body, '$.cost_memory')",
    "cost_reserve": "json_extract(c.body, '$.cost_reserve')",
    "durability": "json_extract(c.body, '$.durability')",
    "level": "json_extract(c.body, '$.level')",
    "life": "json_extract(c.body, '$.life')",
    "power": "json_extract(c.body, '$.power')",
}
"""The sort fields the official API offers, as SQL over a card ``c`` and its matching
editions ``e``. The keys are fixed strings: no request text is ever pasted into SQL."""


def list_cards(
    store: Store,
    prefixes: Sequence[str],
    name: str | None,
    last_update: str | None,
    sort: str,
    descending: bool,
    offset: int,
    limit: int,
) -> tuple[int, list[CardRow]]:
    """One page of cards matching every given filter.

    Args:
        prefixes: keep cards with an edition in one of these set prefixes (all when empty).
        name: keep cards whose name contains this text, case-insensitively.
        last_update: keep cards whose ``last_update`` is later than this date or timestamp.
        sort: a key of :data:`SORT_KEYS`; ties are broken by name, then uuid.
        descending: sort order.
        offset, limit: the page window.

    Returns:
        ``(total matching cards, the page's rows)``.
    """
    where = ["1 = 1"]
    params: list[object] = []
    if prefixes:
        where.append(f"e.set_prefix IN ({', '.join('?' * len(prefixes))})")
        params += list(prefixes)
    if name:
        escaped = name.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        where.append("c.name LIKE ? ESCAPE '\\'")
        params.append(f"%{escaped}%")
    if last_update:
        where.append("c.last_update > ?")
        params.append(last_update)
    direction = "DESC" if descending else "ASC"
    base = (
        "FROM cards c JOIN editions e ON e.card_uuid = c.uuid "
        f"WHERE {' AND '.join(where)} GROUP BY c.uuid"
    )
    conn = store.connection()
    (total,) = conn.execute(f"SELECT COUNT(*) FROM (SELECT c.uuid {base})", params).fetchone()
    rows = conn.execute(
        f"SELECT c.uuid, c.body {base} "
        f"ORDER BY {SORT_KEYS[sort]} IS NULL, {SORT_KEYS[sort]} {direction}, "
        f"c.name COLLATE NOCASE {direction}, c.uuid LIMIT ? OFFSET ?",
        [*params, limit, offset],
    ).fetchall()
    return total, [CardRow(*r) for r in rows]
