"""Which hits make a search's page, from their ranks in the asked order.

A page of thousands of hits had SQLite sort them all (and, per edition, join each to its
card): 10-120 ms on the generated catalogue. The rank of every card (edition) in each order
the search sorts by (the same ``ORDER BY``, ties by name, then uuid and position, so the
order is total) is made once per catalogue version, on first use, and kept beside the
bitmaps; the page is then the ``limit`` hits of least rank (a partition, about 1 ms for
80,000 hits), and SQLite sorts and reads those rows only.

Per card by set, the order is each hit's shown edition's (which depends on the query): it
is found for every hit from the edition arrays of the bitmaps (:func:`_by_shown_set`). Not
here: a name search's own order (the typed name first), which sorts in SQL.
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
         limit: int, matched: BitMap | None = None) -> list[int] | None:
    """The row ids of the first ``limit`` of ``hits`` in the order (unordered), or None
    when the order has no ranks (:func:`order_sql`).

    Args:
        matched: per card by set, the editions the query matches (a hit's shown edition is
            one of them when it has one).

    Raises:
        sqlite3.Error: the catalogue cannot be read (the ranks are made on first use).
    """
    rows = np.frombuffer(hits.to_array(), dtype=np.uint32)
    if per == "card" and sort == "set" and matched is not None:
        names = _ranks(store, made, "card", "name", "ASC")
        assert names is not None
        keys = _by_shown_set(made, rows, matched, direction.upper() == "DESC") + names[rows]
    else:
        ranks = _ranks(store, made, per, sort, direction.upper())
        if ranks is None:
            return None
        keys = ranks[rows]
    if len(rows) > limit:
        rows = rows[np.argpartition(keys, limit - 1)[:limit]]
    return [int(r) for r in rows]


def _by_shown_set(made: Index, cards: np.ndarray[Any, Any], matched: BitMap, descending: bool
                  ) -> np.ndarray[Any, Any]:
    """Per card (in ``cards`` order), its shown edition's set rank times 2**31 (descending:
    the reverse rank), cards without editions last: the order of query.py's
    ``_CARDS_BY_SET_SQL`` before its ties by name (added by the caller, as name ranks).

    The shown edition is the card's least by (not matched, no image, position), as
    query.py's ``_SHOWN_KEY``."""
    top = len(made.edition_card)
    hit = np.zeros(int(cards.max()) + 1 if len(cards) else 1, dtype=bool)
    hit[cards] = True
    owner = made.edition_card
    editions = np.flatnonzero(hit[np.minimum(owner, len(hit) - 1)] & (owner > 0)
                              & (owner < len(hit)))
    in_matched = np.zeros(top, dtype=bool)
    in_matched[np.frombuffer(matched.to_array(), dtype=np.uint32)] = True
    shown = made.shown
    score = ((~in_matched[editions]).astype(np.int64) * 2 + shown["no_image"][editions]) \
        * 2**32 + shown["position"][editions]
    order = np.lexsort((score, owner[editions]))
    owners = owner[editions][order]
    first = np.flatnonzero(np.r_[True, owners[1:] != owners[:-1]]) if len(owners) else owners
    card_rank = np.full(len(hit), np.int64(2**30), dtype=np.int64)  # no editions: last
    set_rank = shown["set_rank"][editions[order][first]].astype(np.int64)
    card_rank[owners[first]] = -set_rank if descending else set_rank
    keys: np.ndarray[Any, Any] = (card_rank[cards] + 2**30) * 2**31
    return keys  # under 2**62; a name rank is under 2**31


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
