"""The ``/cards/search`` listing: filter, sort and page cards in SQL; and the plain listings
of every card and edition key that a sync compares with what the upstream offers.

Source: the official OpenAPI document (``openapi-v1.1.0.json``), ``GET /cards/search``
with ``prefix``, ``name``, ``last_update``, ``sort``, ``order``, ``page``, ``page_size``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

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
        last_update: keep cards changed in this catalogue after this date or timestamp
            (``cards.changed_at``, set by the writer) or whose ``last_update`` is later.
            The official API filters on ``last_update`` alone, but the real data does not
            always move ``last_update`` when a card changes, so a mirror offers what a sync
            needs: every card whose record changed since the client's previous sync.
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
        where.append("(c.changed_at > ? OR c.last_update > ?)")
        params += [last_update, last_update]
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


@dataclass(frozen=True)
class EditionKey:
    """What a sync needs to know of a stored edition: its card, image path, dynamic flags."""

    card_uuid: str
    uuid: str
    image: str
    foil_dynamic: bool
    nonfoil_dynamic: bool


def card_keys(store: Store) -> dict[str, str]:
    """``uuid → slug`` of every stored card."""
    rows = store.connection().execute("SELECT uuid, slug FROM cards").fetchall()
    return {str(u): str(s) for u, s in rows}


def card_bodies(store: Store, uuids: Iterable[str]) -> dict[str, str]:
    """``uuid → stored body`` (JSON) of the stored cards among ``uuids``."""
    wanted = list(uuids)
    out: dict[str, str] = {}
    conn = store.connection()
    for start in range(0, len(wanted), 500):
        chunk = wanted[start:start + 500]
        rows = conn.execute(
            f"SELECT uuid, body FROM cards WHERE uuid IN ({', '.join('?' * len(chunk))})", chunk
        ).fetchall()
        out.update((str(u), str(b)) for u, b in rows)
    return out


def edition_keys(store: Store) -> list[EditionKey]:
    """Every stored edition as an :class:`EditionKey`, by card and position."""
    rows = store.connection().execute(
        "SELECT c.uuid, json_extract(e.value, '$.uuid'), json_extract(e.value, '$.image'), "
        "json_type(e.value, '$.thema_foil_dynamic') = 'true', "
        "json_type(e.value, '$.thema_nonfoil_dynamic') = 'true' "
        "FROM cards c, json_each(c.body, '$.editions') e ORDER BY c.uuid, e.key"
    ).fetchall()
    return [EditionKey(str(c), str(u), str(i), bool(f), bool(n)) for c, u, i, f, n in rows]
