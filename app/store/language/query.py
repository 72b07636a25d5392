"""Running a query of the search language over the catalogue: hits, total, order.

The language (lexer, parser, fields) lives in :mod:`app.search`; its compilation to SQL in
:mod:`app.store.language.conditions`. Callers outside the store go through
:meth:`app.catalogue.LocalCatalogue.query`.

Example::

    result = run_query(store, "t:champion el:fire", sort="level", descending=True, limit=50)
    print(result.describe())            # e.g. "Showing 50 of 122 cards"
    for hit in result.hits:             # CardSummary: name, slug, set_prefix, collector_number …
        print(hit.name, hit.set_prefix, hit.collector_number)
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from app.errors import InvalidRequest
from app.model.query import QUERY_SORTS, EditionHit, Hit, Per, QueryResult, SortKey
from app.search.ast import And, Node, Not, Term
from app.search.ast import terms as terms_of
from app.search.fields import about_edition
from app.search.parser import parse
from app.store.db.errors import store_errors
from app.store.db.reading import Reading
from app.store.language.conditions import (
    BEST_THEMA,
    CARD_STATS,
    SOME_EDITION,
    SOURCES,
    Compiled,
    compile_where,
    rare_key,
)
from app.store.language.owned_terms import attach_collection, uses_collection
from app.store.language.plan import (
    DENSE,
    WALK_PAGES,
    WALKS,
    count_hits,
    find_hits,
    plan,
    probing,
    table_rows,
)
from app.store.language.start_page import card_hits, stored_hits
from app.store.language.value_counts import every, exact_total, most_cards, negated, value_count

_CARD_STATS = {key: CARD_STATS[field] for key, field in
               (("cost", "cost"), ("level", "lv"), ("power", "pow"), ("life", "life"))}
_CARD_KEYS = {**_CARD_STATS, "rarity": "c.rarity", "thema": "c.thema"}
"""Card mode: one value per card (rarity and Thema: the highest of its editions')."""
_SHOWN_KEY = "((NOT ({matched})) * 2 + (i.filename IS NULL)) * 4294967296 + e.position"
"""The edition a card hit shows: one the query matched before others, then one with a
stored image, then the card's first (in received order), as one number for a subquery
(whose ORDER BY cannot read the outer card); positions are unique within a card, so the
least key's position names the shown edition."""
_EDITION_KEYS = {**_CARD_STATS, "rarity": "e.rarity", "thema": BEST_THEMA}
_SET_WALK = WALKS["card", "set"]
_READS_EDITION = re.compile(r"\be\.")


_SLUG = "(SELECT slug FROM cards WHERE rowid = card_rowid)"
"""A page row's card slug, looked up for the page's rows only (card_facts has none)."""

# The hits are read from card_facts (schema migration 7), one narrow row per card, and the
# page is cut by ORDER BY … LIMIT: a scan that keeps only the best rows, or, for dense hits,
# a walk of the index in the asked order ({source}, see app.store.language.plan); the total is
# counted apart. Only the page's cards (at most the limit) get their shown edition looked up,
# by position (a window over each card's editions sorted twice per card: 9 ms a page of 200
# on the generated catalogue, this 3).
_CARDS_SQL = """
WITH page AS MATERIALIZED (
    SELECT c.rowid AS card_rowid, c.uuid, c.name, {k1} AS k1 FROM {source}
    WHERE {where} ORDER BY {order} LIMIT ?
),
shown AS MATERIALIZED (
    SELECT p.*, (SELECT MIN({shown_key}) FROM editions e LEFT JOIN images i
                 ON i.filename = e.image_file WHERE e.card_uuid = p.uuid) % 4294967296 AS pos,
           (SELECT COUNT(*) FROM editions WHERE card_uuid = p.uuid) AS n
    FROM page p JOIN card_facts c ON c.rowid = p.card_rowid
)
SELECT s.uuid AS uuid, (SELECT slug FROM cards WHERE rowid = s.card_rowid), s.name AS name, s.n,
       IFNULL(e.set_prefix, ''), IFNULL(e.collector_number, ''), IFNULL(e.image_file, ''),
       i.filename IS NOT NULL, IFNULL(e.uuid, '')
FROM shown s LEFT JOIN editions e ON e.card_uuid = s.uuid AND e.position = s.pos
LEFT JOIN images i ON i.filename = e.image_file ORDER BY {order}
"""

# Sorted by set: the order needs every hit's shown edition, so it is found (one number,
# _SHOWN_KEY) for every hit before the page is cut, from the editions_shown index alone
# (schema migration 12); the page's cards then get the rest of their shown edition.
_CARDS_BY_SET_SQL = """
WITH hits AS MATERIALIZED (
    SELECT c.rowid AS card_rowid, c.uuid, c.name, c.editions AS n, (
        SELECT MIN({shown_key}) FROM editions e LEFT JOIN images i ON i.filename = e.image_file
        WHERE e.card_uuid = c.uuid) % 4294967296 AS shown
    FROM card_facts c NOT INDEXED WHERE {where}
),
page AS MATERIALIZED (
    SELECT h.*, e.set_prefix AS k1, e.collector_number AS k2
    FROM hits h LEFT JOIN editions e ON e.card_uuid = h.uuid AND e.position = h.shown
    ORDER BY {order} LIMIT ?
)
SELECT p.uuid AS uuid, {slug}, p.name AS name, p.n, IFNULL(p.k1, ''), IFNULL(p.k2, ''),
       IFNULL(e.image_file, ''), EXISTS (SELECT 1 FROM images WHERE filename = e.image_file),
       IFNULL(e.uuid, '')
FROM page p LEFT JOIN editions e ON e.card_uuid = p.uuid AND e.position = p.shown
ORDER BY {order}
"""

# Sorted by set with many hits: walk the editions in set order and keep each that is its
# card's shown edition, until the page is full; cards without editions come after
# (_NO_EDITIONS_SQL).
_CARDS_SET_WALK_SQL = """
WITH page AS MATERIALIZED (
    SELECT c.rowid AS card_rowid, c.uuid AS uuid, c.name AS name, c.editions AS n,
           w.set_prefix AS k1,
           w.collector_number AS k2, w.image_file, w.uuid AS edition_uuid,
           EXISTS (SELECT 1 FROM images WHERE filename = w.image_file) AS has_image
    FROM {source}
    WHERE {where} AND w.position = (  -- the least of (shown order, position), see _SHOWN_KEY
        SELECT MIN({shown_key}) FROM editions e LEFT JOIN images i ON i.filename = e.image_file
        WHERE e.card_uuid = c.uuid) % 4294967296
    ORDER BY {order} LIMIT ?
)
SELECT uuid, {slug}, name, n, k1, k2, image_file, has_image, edition_uuid FROM page
ORDER BY {order}
"""
_NO_EDITIONS_SQL = """
SELECT c.uuid, (SELECT slug FROM cards WHERE rowid = c.rowid), c.name, 0, '', '', '', 0, ''
FROM card_facts c WHERE {where} AND c.editions = 0 ORDER BY c.name COLLATE NOCASE, c.uuid
LIMIT ?
"""

_EDITIONS_SQL = """
WITH page AS MATERIALIZED (
    SELECT e.uuid, e.card_uuid, c.rowid AS card_rowid, c.name, e.slug AS edition_slug,
           e.set_prefix, e.collector_number, e.rarity, e.image_file, e.position, {k1} AS k1
    FROM {source} WHERE {where} ORDER BY {order} LIMIT ?
)
SELECT p.uuid, p.card_uuid, {slug}, p.name, p.edition_slug, p.set_prefix,
       p.collector_number, p.rarity, p.image_file, i.filename IS NOT NULL
FROM page p LEFT JOIN images i ON i.filename = p.image_file ORDER BY {order}
"""


def run_query(
    store: Reading, text: str, per: Per = "card", sort: SortKey | str = "name",
    descending: bool = False, limit: int | None = None, collection: Path | None = None,
    parsed: Node | None = None,
) -> QueryResult:
    """Find the cards (or editions) that match ``text``, a query of the search language.

    Args:
        store: the catalogue.
        text: the query (see :mod:`app.search.parser`); empty matches every card.
        per: ``"card"``: one hit per card, shown by the best of the editions the query
            matched (the first with a stored image, else the first of them);
            ``"edition"``: one hit per matching edition.
        sort: one of :data:`~app.model.query.QUERY_SORTS`. Cards with no value for the
            key come last in both directions; ties go by name, then uuid. In card mode
            ``set`` is the shown edition's set prefix and number, ``rarity`` and ``thema``
            the highest of the card's editions (an edition's Thema is the higher of its foil
            and non-foil total).
        descending: reverse the key's order (not the ties').
        limit: at most this many hits (``None``: all).
        collection: the collection file the terms about it read
            (:mod:`app.store.language.owned_terms`;
            None: nothing is owned).
        parsed: ``text`` already parsed (None: it is parsed here).

    Raises:
        QuerySyntaxError: the query is malformed (an :class:`~app.errors.InvalidRequest`).
        InvalidRequest: an unknown ``per`` or ``sort``, or a negative ``limit``.
        StoreError: the catalogue cannot be read.
    """
    if per not in ("card", "edition"):
        raise InvalidRequest(f"per must be card or edition, not {per!r}")
    if sort not in QUERY_SORTS:
        raise InvalidRequest(f"sort must be one of {', '.join(QUERY_SORTS)}, not {sort!r}")
    if limit is not None and limit < 0:
        raise InvalidRequest(f"limit must be 0 or more, not {limit}")
    stored = stored_hits(store, text, per, sort, descending, limit)  # the window's first
    if stored is not None:
        return QueryResult(text, per, stored, len(stored))
    tree = parse(text) if parsed is None else parsed
    if uses_collection(tree):
        attach_collection(store, collection)
    rare = _rare_terms(store, tree)
    where = compile_where(tree, per, rare)
    direction = "DESC" if descending else "ASC"
    wanted = _name_words(tree) if sort == "name" and not descending else ""
    closeness = (wanted, _like_prefix(wanted)) if wanted else ()
    params: tuple[object, ...] = (*closeness, *where.params)
    after: tuple[object, ...] = ()  # the parameters after the limit's
    column = "" if sort in ("name", "set") or wanted else _CARD_KEYS[sort][2:]  # c.<column>
    if per == "edition" and sort in ("rarity", "thema"):
        column = ""  # the edition's, not the card's
    order = ("" if wanted else sort, column, direction.lower())
    total, table = None, table_rows(store, per) if limit else None
    planned: int | None = None  # the hits the page's plan is chosen by, when not the total
    if limit == 0:
        total = count_hits(store, per, where.where, where.params)
    if table is not None and limit:  # the bitmaps' hits: the total, and the page's rows
        bits = _by_bitmaps(store, tree, per, limit, (sort, direction), bool(wanted), table)
        if bits is not None:
            total, listed, ranked = bits
            if listed is not None:
                where, params = listed, (*closeness, *listed.params)
                planned = 0 if ranked else total
    if table is not None and total is None:  # from the stored counts, or the other cards'
        total = _exact_total(store, tree, per)
        if total is None:
            total = _by_complement(store, tree, per, table)
    if table is not None and total is None and limit:
        most = _most_cards(store, tree, table) if per == "card" else None
        found = find_hits(store, per, order, where.where, where.params, limit, table, most)
        if isinstance(found, int):
            total = found
        else:  # the page finds the few hits by rowid
            total, where = found.total, Compiled(found.where, found.params)
            params = (*closeness, *where.params)
    if total == 0 or limit == 0:
        return QueryResult(text, per, (), total or 0)
    walk, condition, _ = plan(store, per, order, where.where,
                              total if planned is None else planned, limit, table)
    if per == "card":
        matched = compile_where(tree, "edition")  # which of a card's editions the query hit
        if not _READS_EDITION.search(matched.where):  # card terms only: all of a hit's
            matched = Compiled("1", ())
        shown_order = _SHOWN_KEY.format(matched=matched.where)
        if walk == _SET_WALK and SOME_EDITION in condition:
            # the walked edition must match: a hit's shown edition is one that matches, so
            # this is the one-edition test, made once per walked edition, not per card
            cheap = compile_where(tree, per, rare, one_edition=False)
            condition = probing(cheap.where) + " AND " + _READS_EDITION.sub("w.", matched.where)
            walked = (*cheap.params, *matched.params)
        else:
            walked = where.params
        sql = _card_sql(condition, sort, direction, bool(wanted), shown_order, walk)
        if walk == _SET_WALK:
            params = (*walked, *matched.params)
        elif sort == "set":  # the shown key comes first in _CARDS_BY_SET_SQL
            params = (*matched.params, *where.params)
        else:
            after = matched.params
    else:
        sql = _edition_sql(condition, sort, direction, bool(wanted), walk)
    with store_errors("Searching the catalogue failed"):
        cursor = store.connection().execute(
            sql, (*params, -1 if limit is None else limit, *after))
        rows = cursor.fetchall()
        if walk == _SET_WALK and limit is not None and len(rows) < min(limit, total or 0):
            rows += store.connection().execute(  # the hits without editions come last
                _NO_EDITIONS_SQL.format(where=where.where), (*where.params, limit - len(rows))
            ).fetchall()
    total = len(rows) if total is None else total
    if per == "card":
        hits: tuple[Hit, ...] = card_hits(rows)
    else:
        hits = tuple(
            EditionHit(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], bool(r[9]))
            for r in rows
        )
    return QueryResult(text, per, hits, total)


def _by_bitmaps(store: Reading, tree: Node, per: Per, limit: int, order: tuple[str, str],
                closeness: bool, rows: int) -> tuple[int, Compiled | None, bool] | None:
    """``(total, the page's rows as a condition, whether they are the page)`` from the
    bitmaps (:mod:`app.store.language.bitmaps`), or None when the query has a term without
    them. The rows are the page's when the order has ranks, else every hit when few (as
    :func:`find_hits` lists them), else None: the compiled condition reads the page."""
    # numpy and pyroaring load with the first search that needs them, not at start-up
    from app.store.language.bitmap_pages import page
    from app.store.language.bitmap_terms import matching, supported
    from app.store.language.bitmaps import index

    if not supported(tree):
        return None
    with store_errors("Searching the catalogue failed"):
        made = index(store)
        if made is None:
            return None
        hits = matching(store, made, tree, per)
        if not hits:
            return 0, None, False
        matched = None
        if per == "card" and order[0] == "set":  # a hit shows an edition the query matched
            matched = matching(store, made, tree, "edition")
        found = None if closeness else page(store, made, per, *order, hits, limit, matched)
    cap = (rows - 1) // DENSE if order[0] != "name" else min((rows - 1) // DENSE,
                                                             WALK_PAGES * limit - 1)
    if found is None and len(hits) <= cap:
        found, ranked = list(hits), False
    elif found is None:
        return len(hits), None, False
    else:
        ranked = True
    alias = "c" if per == "card" else "e"
    return len(hits), Compiled(_BY_ROWID.format(alias), (json.dumps(found),)), ranked


_BY_ROWID = "{}.rowid IN (SELECT value FROM json_each(?))"


def _exact_total(store: Reading, tree: Node, per: str) -> int | None:
    with store_errors("Searching the catalogue failed"):
        return exact_total(store, tree, per)


def _by_complement(store: Reading, tree: Node, per: str, rows: int) -> int | None:
    """How many cards (editions) match ``tree`` counted as every card (edition) but those
    that do not, when the stored counts say those are few cards (``f:standard or cost=x``:
    a scan of every card, 25 ms on the generated catalogue, against a few lookups); else
    None. Per edition only for a query about cards (its editions are all its cards')."""
    if per == "card" and any(about_edition(t) for t in terms_of(tree)):
        return None  # no edition matching it is not some edition matching its negation
    other = negated(tree)
    where = compile_where(other, per, _rare_terms(store, other))  # type: ignore[arg-type]
    if per != "card" and _READS_EDITION.search(where.where):
        return None
    with store_errors("Searching the catalogue failed"):
        cards = rows if per == "card" else table_rows(store, "card")
        if most_cards(store, other, cards) * DENSE >= cards:
            return None
        total = every(store, per)
    return total - count_hits(store, per, where.where, where.params)


def _most_cards(store: Reading, tree: Node, cards: int) -> int:
    with store_errors("Searching the catalogue failed"):
        return most_cards(store, tree, cards)


def _rare_terms(store: Reading, tree: Node) -> frozenset[Term]:
    """The terms of ``tree`` whose value few cards hold (:func:`query_sql.rare_key`), so
    the search finds those cards through the index rather than testing every card."""
    terms: list[Term] = []
    nodes = [tree]
    while nodes:
        node = nodes.pop()
        if isinstance(node, Term):
            terms.append(node)
        elif isinstance(node, Not):
            nodes.append(node.child)
        else:
            nodes.extend(node.children)
    keys = {t: key for t in terms if (key := rare_key(t)) is not None}
    if not keys:
        return frozenset()
    with store_errors("Searching the catalogue failed"):
        cards = table_rows(store, "card")
        return frozenset(t for t, key in keys.items()
                         if value_count(store, *key) * DENSE < cards)


def card_rows(store: Reading) -> list[tuple[Any, ...]]:
    """The rows of the empty query per card by name, run live (what
    :mod:`app.store.language.start_page` stores; its ``card_hits`` names their columns).

    Raises:
        StoreError: the catalogue cannot be read.
    """
    where = compile_where(parse(""), "card")
    walk, condition, _ = plan(store, "card", ("name", "", "asc"), where.where, None, None)
    matched = compile_where(parse(""), "edition")
    sql = _card_sql(condition, "name", "ASC", False,
                    _SHOWN_KEY.format(matched=matched.where), walk)
    with store_errors("Searching the catalogue failed"):
        return store.connection().execute(sql, (*where.params, -1, *matched.params)).fetchall()


_CLOSENESS = (  # 0: the name is the typed words, 1: it starts with them, 2: other hits
    "CASE WHEN c.name = ? COLLATE NOCASE THEN 0 WHEN c.name LIKE ? ESCAPE '\\' THEN 1 ELSE 2 END"
)


def _name_words(tree: Node) -> str:
    """The bare words of a plain name search (top-level, not negated), as typed, or ""."""
    terms = tree.children if isinstance(tree, And) else (tree,)
    words = [str(t.value) for t in terms
             if isinstance(t, Term) and t.field == "name" and t.op == ":"]
    return " ".join(words)


def _like_prefix(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def _card_sql(where: str, sort: str, direction: str, closeness: bool = False,
              shown_order: str = "(i.filename IS NULL) * 4294967296 + e.position",
              source: str = "") -> str:
    k1, ties = "NULL", ", name COLLATE NOCASE, uuid"
    if sort == "name" and closeness:  # the card whose name was typed comes first
        k1, order = _CLOSENESS, "k1"
    elif sort == "name":  # its index gives this order without a sort (ties: block by block)
        order, ties = f"name COLLATE NOCASE {direction}", ", uuid"
    elif sort == "set" and source == _SET_WALK:  # every walked edition has a set prefix
        order = f"k1 COLLATE NOCASE {direction}, k2 {direction}" + ties
        return _CARDS_SET_WALK_SQL.format(where=where, order=order, shown_key=shown_order,
                                          slug=_SLUG, source=source)
    elif sort == "set":
        order = f"k1 COLLATE NOCASE {direction} NULLS LAST, k2 {direction}" + ties
        return _CARDS_BY_SET_SQL.format(where=where, order=order, shown_key=shown_order,
                                        slug=_SLUG)
    else:
        k1, order = _CARD_KEYS[sort], f"k1 IS NULL, k1 {direction}"  # no value last
    return _CARDS_SQL.format(k1=k1, where=where, order=order + ties, shown_key=shown_order,
                             slug=_SLUG, source=source or SOURCES["card"])


def _edition_sql(where: str, sort: str, direction: str, closeness: bool = False,
                 source: str = "") -> str:
    k1, ties = "NULL", ", name COLLATE NOCASE, card_uuid, position"
    if sort == "name" and closeness:
        k1, order = _CLOSENESS, "k1"
    elif sort == "name":
        order, ties = f"name COLLATE NOCASE {direction}", ", card_uuid, position"
    elif sort == "set":
        order = f"set_prefix COLLATE NOCASE {direction}, collector_number {direction}"
    else:
        k1, order = _EDITION_KEYS[sort], f"k1 IS NULL, k1 {direction}"  # no value last
    return _EDITIONS_SQL.format(k1=k1, where=where, order=order + ties, slug=_SLUG,
                                source=source or SOURCES["edition"])
