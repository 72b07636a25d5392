"""Which hits make a search's page, from their ranks in the asked order.

A page of thousands of hits had SQLite sort them all (and, per edition, join each to its
card): 10-120 ms on the generated catalogue. The rank of every card (edition) in each order
the search sorts by (the same ``ORDER BY``, ties by name, then uuid and position, so the
order is total) is made once per catalogue version, on first use, and kept beside the
bitmaps; the page is then the ``limit`` hits of least rank (a partition, about 1 ms for
80,000 hits), and SQLite sorts and reads those rows only.

Not here: per card by set (the order is each hit's shown edition's, which depends on
the query) and a name search's own order (the typed name first): these sort in SQL.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from pyroaring import BitMap

from app.store.db.reading import Reading
from app.store.language import bitmap_files
from app.store.language.bitmaps import Index
from app.store.language.conditions import BEST_THEMA, CARD_STATS

_KEYS = {"cost": CARD_STATS["cost"], "level": CARD_STATS["lv"], "power": CARD_STATS["pow"],
         "life": CARD_STATS["life"]}
_CARD_KEYS = {**_KEYS, "rarity": "c.rarity", "thema": "c.thema"}
_EDITION_KEYS = {**_KEYS, "rarity": "e.rarity", "thema": BEST_THEMA}
_CARD_TIES = "c.name COLLATE NOCASE, c.uuid"
_EDITION_TIES = "c.name COLLATE NOCASE, e.card_uuid, e.position"


def order_sql(per: str, sort: str, direction: str) -> str | None:
    """The query listing every card (edition) row id in the order of a search's page
    (:mod:`app.store.language.query`'s ``ORDER BY``), or None for an order it has not."""
    if per == "card":
        if sort == "name":
            ordered = f"c.name COLLATE NOCASE {direction}, c.uuid"
        elif sort in _CARD_KEYS:
            key = _CARD_KEYS[sort]
            ordered = f"{key} IS NULL, {key} {direction}, {_CARD_TIES}"
        else:
            return None
        return f"SELECT c.rowid FROM card_facts c ORDER BY {ordered}"
    if sort == "name":
        ordered = f"c.name COLLATE NOCASE {direction}, e.card_uuid, e.position"
    elif sort == "set":
        ordered = (f"e.set_prefix COLLATE NOCASE {direction}, e.collector_number {direction}, "
                   f"{_EDITION_TIES}")
    elif sort in _EDITION_KEYS:
        key = _EDITION_KEYS[sort]
        ordered = f"{key} IS NULL, {key} {direction}, {_EDITION_TIES}"
    else:
        return None
    return (f"SELECT e.rowid FROM card_facts c JOIN editions e ON e.card_uuid = c.uuid "
            f"ORDER BY {ordered}")


def page(store: Reading, made: Index, per: str, sort: str, direction: str, hits: BitMap,
         limit: int) -> list[int] | None:
    """The row ids of the first ``limit`` of ``hits`` in the order (unordered), or None
    when the order has no ranks (:func:`order_sql`).

    Raises:
        sqlite3.Error: the catalogue cannot be read (the ranks are made on first use).
    """
    ranks = _ranks(store, made, per, sort, direction.upper())
    if ranks is None:
        return None
    rows = np.frombuffer(hits.to_array(), dtype=np.uint32)
    if len(rows) > limit:
        rows = rows[np.argpartition(ranks[rows], limit - 1)[:limit]]
    return [int(r) for r in rows]


def _ranks(store: Reading, made: Index, per: str, sort: str, direction: str
           ) -> np.ndarray[Any, Any] | None:
    name = f"{per}-{sort}-{direction.lower()}"
    kept = made.orders.get(name)
    if kept is not None:
        return kept
    sql = order_sql(per, sort, direction)
    if sql is None:
        return None
    path = bitmap_files.folder(Path(store.path)) / f"order-{name}.bin"  # type: ignore[attr-defined]
    parts = bitmap_files.read(path, made.key)
    ranks = None
    if parts is not None and "ranks" in parts and len(parts["ranks"]) % 4 == 0:
        ranks = np.frombuffer(parts["ranks"], dtype="<u4").astype(np.uint32)
    top = max(int(made.cards.max()) if made.cards else 0,
              int(made.editions.max()) if made.editions else 0)
    if ranks is None or len(ranks) <= top:
        ordered = np.array([r for (r,) in store.connection().execute(sql)], dtype=np.int64)
        ranks = np.full(top + 1, np.iinfo(np.uint32).max, dtype=np.uint32)
        ranks[ordered] = np.arange(len(ordered), dtype=np.uint32)
        bitmap_files.write(path, made.key, {"ranks": ranks.astype("<u4").tobytes()})
    made.orders[name] = ranks
    return ranks
