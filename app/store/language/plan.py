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

import json
import re
from typing import Any, NamedTuple

from app.store.db.errors import store_errors
from app.store.db.reading import Reading
from app.store.language.conditions import SOURCES
from app.store.language.facts import SORT_COLUMNS

DENSE = 16
"""Walk an index when at least one row in this many is a hit, …"""
WALK_PAGES = 8
"""… or, sorted by name, when there are this many pages of hits: a walk then reads about
an eighth of the rows, each costing a few times a scanned row. Other orders follow what
people filter on (s:AMB by set, cost<=1 by cost), so their hits bunch up at one end of the
index and a walk may read most of it before it finds them: they walk only when dense."""

WINDOWED = 2
"""A search whose stored counts allow more hits than a scan takes, but at most this many
times as many, counts them in the pass that finds the first (a window over the hits, half
again the cost of a count; the few then need no second pass); one allowing more is
counted apart (its hits are likely many, and a page walks an index for them)."""

_READS_CARD = re.compile(r"\bc\.")
_READS_EDITION = re.compile(r"\be\.")


def count_hits(store: Reading, per: str, where: str, params: tuple[object, ...]) -> int:
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
"""``key``: a card_facts sort column with an index in each direction (facts.SORT_COLUMNS)."""


class Few(NamedTuple):
    """The hits of a search with few of them, found in one pass: ``total``, and ``where``
    (with ``params``), a condition naming them by rowid that replaces the compiled one."""

    total: int
    where: str
    params: tuple[str]


_BY_ROWID = "{}.rowid IN (SELECT value FROM json_each(?))"


def table_rows(store: Reading, per: str) -> int:
    """About how many rows a search reads from, cards (``per="card"``) or editions: the
    highest rowid, one index seek (a count read the whole index, 1 ms on the generated
    catalogue); only the choice of a plan depends on it, never a result."""
    table = "card_facts" if per == "card" else "editions"
    return int(_one(store, f"SELECT IFNULL(MAX(rowid), 0) FROM {table}", ()))


def find_hits(store: Reading, per: str, order: tuple[str, str, str], where: str,
              params: tuple[object, ...], limit: int, rows: int, most: int | None = None
              ) -> Few | int:
    """The hits of a search that :func:`plan` would scan for (too few to walk an index),
    or, when there are more, how many.

    A sparse search read every card twice, once to count its hits and once for its page
    (on the generated catalogue of 111,750 cards, 10–20 ms each); this reads them once, in
    rowid order, and stops as soon as there are too many: the page then finds the few hits
    by rowid, and the count of many goes on from the last one read (a dense search also
    reads every card once). When SQLite would have to sort to give rowid order (an ``or`` of
    indexed terms), the count is made apart, as before.

    When at most ``most`` rows can match (stored counts, :mod:`app.store.language.value_counts`),
    that decides: few enough, the first pass finds them all; not many more than a page's scan
    would take, one pass finds both the first hits and the total (a window count over the
    hits); more, they are counted (:data:`WINDOWED`).

    Args:
        order: as for :func:`plan`. rows: :func:`table_rows` of ``per``.
        most: an upper bound of the hits (None: not known).

    Raises:
        StoreError: the catalogue cannot be read.
    """
    cap = (rows - 1) // DENSE  # the most hits that are not dense
    if _kind(order) == "name":
        cap = min(cap, WALK_PAGES * limit - 1)
    on_cards = per == "card" or not _READS_EDITION.search(where)
    if on_cards:  # per edition: every edition of each card found
        key, n, source = "c.rowid", "1" if per == "card" else "c.editions", "card_facts c"
    elif not _READS_CARD.search(where):
        key, n, source = "e.rowid", "1", "editions e"
    else:  # SQLite finds cards by the card terms first
        key, n, source = "", "1", SOURCES["edition"]
    first = f"SELECT {key or 'e.rowid'}, {n} FROM {source} WHERE {where} LIMIT ?"
    if most is not None and WINDOWED * cap < most < rows:  # likely dense: count them
        return count_hits(store, per, where, params)
    if most is not None and cap < most < rows:
        counted = first.replace(" FROM ", ", TOTAL(1) OVER () FROM ", 1)
        found = _all(store, counted, (*params, cap + 1))
        if not found or found[0][2] <= cap:
            rowids = json.dumps([row[0] for row in found])
            return Few(len(found), _BY_ROWID.format(key[0] if key else "e"), (rowids,))
        return int(found[0][2])
    ordered = first.replace(" LIMIT ?", f" ORDER BY {key} LIMIT ?")
    in_order = bool(key) and not _sorts(store, ordered, (*params, cap + 1))
    found = _all(store, ordered if in_order else first, (*params, cap + 1))
    total = sum(int(count) for _, count in found)
    if len(found) <= cap and total <= cap:
        rowids = json.dumps([rowid for rowid, _ in found])
        return Few(total, _BY_ROWID.format(key[0] if key else "e"), (rowids,))
    if not in_order:
        return count_hits(store, per, where, params)
    if len(found) > cap:  # count on after the last hit read
        rest = f"SELECT TOTAL({n}) FROM {source} WHERE {key} > ? AND ({where})"
        total += int(_one(store, rest, (found[-1][0], *params)))
    return total


def _sorts(store: Reading, sql: str, params: tuple[object, ...]) -> bool:
    """Whether SQLite sorts to run ``sql`` (its plan has a temporary B-tree for ORDER BY)."""
    plan = _all(store, f"EXPLAIN QUERY PLAN {sql}", params)
    return any("TEMP B-TREE FOR ORDER BY" in str(row[-1]) for row in plan)


def _all(store: Reading, sql: str, params: tuple[object, ...]) -> list[tuple[Any, ...]]:
    with store_errors("Searching the catalogue failed"):
        return store.connection().execute(sql, params).fetchall()


def _kind(order: tuple[str, str, str]) -> str:
    """``name``, ``set``, ``key`` (an indexed card_facts column) or "" (no index walks)."""
    sort, column, _ = order
    indexed = column in SORT_COLUMNS
    return "name" if sort == "name" else "set" if sort == "set" else "key" if indexed else ""


class Plan(NamedTuple):
    """How a page is read: ``source``, its FROM clause (aliases ``c``, and ``e`` per edition,
    see :data:`WALKS`), and ``condition``, the compiled condition as the page tests it."""

    source: str
    condition: str
    walks: bool


def plan(store: Reading, per: str, order: tuple[str, str, str], where: str, total: int | None,
         limit: int | None, rows: int | None = None) -> Plan:
    """How to read the page of a search (a walk for dense hits, else a scan).

    Args:
        order: ``(sort, column, direction)``: the sort, its card_facts column when it has one
            (``""`` otherwise) and ``asc`` or ``desc``.
        where: the compiled condition. total: its exact count (None: no limit).
        rows: :func:`table_rows` of ``per`` when known.
    """
    _, column, direction = order
    kind = _kind(order)
    if kind and total is not None and limit is not None and (per, kind) in WALKS:
        if rows is None:
            rows = table_rows(store, per)
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
    compiled conditions write it only in this form (app/store/language/conditions.py).
    """
    return where.replace("c.rowid IN (", "+c.rowid IN (")


def _one(store: Reading, sql: str, params: tuple[object, ...]) -> float:
    with store_errors("Searching the catalogue failed"):
        return float(store.connection().execute(sql, params).fetchone()[0])
