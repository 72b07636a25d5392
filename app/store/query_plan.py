"""How a search reads the catalogue: its exact total, and the FROM clause of its page.

A page of a search is cut by ``ORDER BY … LIMIT``: SQLite either scans every row and keeps
the best (cost: every row), or walks an index in the asked order and stops at the limit
(cost: the rows walked, about ``limit × rows ÷ hits``). The walk wins when hits are dense
and loses badly when they are rare (on the generated catalogue of 111,750 cards, a name walk
for 950 Chinese editions took 140 ms, a scan 20 ms), so :func:`plan` decides from the
exact total, which the result needs anyway (:func:`count_hits`). SQLite's own choice is
not left to it: without statistics it walked a sort index for rare hits too, or put the
walked table inside the join.
"""

from __future__ import annotations

import re
import sqlite3
from typing import NamedTuple

from app.errors import StoreError
from app.store.db import Store
from app.store.query_sql import SOURCES
from app.store.schema import SORT_COLUMNS

DENSE = 16
"""Walk an index when at least one row in this many is a hit, …"""
WALK_PAGES = 8
"""… or, sorted by name, when there are this many pages of hits: a walk then reads about
an eighth of the rows, each costing a few times a scanned row. Other orders follow what
people filter on (s:AMB by set, cost<=1 by cost), so their hits bunch up at one end of the
index and a walk may read most of it before it finds them: they walk only when dense."""

_READS_CARD = re.compile(r"\bc\.")
_READS_EDITION = re.compile(r"\be\.")


def count_hits(store: Store, per: str, where: str, params: tuple[object, ...]) -> int:
    """How many cards (``per="card"``) or editions match a compiled condition.

    Per edition, a condition on card facts only is summed from each card's edition count,
    and one on edition columns only counts editions, so the join is made only when the
    condition reads both.

    Raises:
        StoreError: the catalogue cannot be read.
    """
    if per == "card":
        sql = f"SELECT COUNT(*) FROM {SOURCES['card']} WHERE {where}"
    elif not _READS_EDITION.search(where):
        sql = f"SELECT TOTAL(c.editions) FROM {SOURCES['card']} WHERE {where}"
    elif not _READS_CARD.search(where):
        sql = f"SELECT COUNT(*) FROM editions e WHERE {where}"
    else:
        sql = f"SELECT COUNT(*) FROM {SOURCES['edition']} WHERE {where}"
    return int(_one(store, sql, params))


WALKS = {  # by mode and sort: the FROM clause that walks an index in that order
    ("card", "name"): "card_facts c INDEXED BY card_facts_name",
    ("card", "key"): "card_facts c INDEXED BY card_facts_{column}_{direction}",
    ("card", "set"): "editions w INDEXED BY editions_set_order "
                     "CROSS JOIN card_facts c ON c.uuid = w.card_uuid",
    ("edition", "name"): "card_facts c INDEXED BY card_facts_name "
                         "CROSS JOIN editions e ON e.card_uuid = c.uuid",
    ("edition", "key"): "card_facts c INDEXED BY card_facts_{column}_{direction} "
                        "CROSS JOIN editions e ON e.card_uuid = c.uuid",
    ("edition", "set"): "editions e INDEXED BY editions_set_order "
                        "CROSS JOIN card_facts c ON c.uuid = e.card_uuid",
}
"""``key``: a card_facts sort column with an index in each direction (schema.SORT_COLUMNS)."""


class Plan(NamedTuple):
    """How a page is read: ``source``, its FROM clause (aliases ``c``, and ``e`` per edition,
    see :data:`WALKS`), and ``condition``, the compiled condition as the page tests it."""

    source: str
    condition: str
    walks: bool


def plan(store: Store, per: str, order: tuple[str, str, str], where: str, total: int | None,
         limit: int | None) -> Plan:
    """How to read the page of a search (a walk for dense hits, else a scan).

    Args:
        order: ``(sort, column, direction)``: the sort, its card_facts column when it has one
            (``""`` otherwise) and ``asc`` or ``desc``.
        where: the compiled condition. total: its exact count (None: no limit).
    """
    sort, column, direction = order
    indexed = column in SORT_COLUMNS
    kind = "name" if sort == "name" else "set" if sort == "set" else "key" if indexed else ""
    if kind and total is not None and limit is not None and (per, kind) in WALKS:
        rows = _one(store, f"SELECT COUNT(*) FROM {'card_facts' if per == 'card' else 'editions'}",
                    ())
        if total * DENSE >= rows or (kind == "name" and total >= WALK_PAGES * limit):
            walk = WALKS[per, kind].format(column=column, direction=direction)
            return Plan(walk, probing(where), True)
    if per == "card":  # the rowid (full-text hits) still finds cards
        return Plan("card_facts c NOT INDEXED", where, False)
    if not _READS_CARD.search(where):
        return Plan("editions e CROSS JOIN card_facts c ON c.uuid = e.card_uuid", where, False)
    return Plan("card_facts c NOT INDEXED CROSS JOIN editions e ON e.card_uuid = c.uuid", where,
                False)


def probing(where: str) -> str:
    """``where`` for a walk: its ``c.rowid IN (…)`` terms tested per walked card.

    SQLite otherwise takes such a term as a constraint of the card lookup inside the join
    and, for every walked edition, tries every rowid of the list (2 s for ``r:r`` by set
    on the generated catalogue). The unary ``+`` keeps the term out of index choices; the
    compiled conditions write it only in this form (app/store/query_sql.py).
    """
    return where.replace("c.rowid IN (", "+c.rowid IN (")


def _one(store: Store, sql: str, params: tuple[object, ...]) -> float:
    try:
        return float(store.connection().execute(sql, params).fetchone()[0])
    except sqlite3.Error as exc:
        raise StoreError(f"Searching the catalogue failed: {exc}") from exc
