"""The official API's ``GET /cards/search``, compiled to SQL over the search facts.

Source: ``openapi-v1.1.0.json``, ``/cards/search``. The parameters arrive already validated
as an :class:`app.store.official.request.ApiQuery` (``app/catalogue/search_params.py``); nothing a
client sent is ever pasted into SQL: values are bound, column names come from fixed tables.

Card-level filters (class, type, subtype, element, name, slug, effect, flavor, rule, speed,
card stats, legality, last_update) decide which cards match. Edition-level filters (set
prefix, rarity, illustrator, collector number, edition slug/effect/flavor/last_update,
language, configuration, collab, edition stats) decide which of a card's editions match:
a card matches when it passes the card filters and at least one edition passes the edition
filters, and its ``result_editions`` are exactly those editions.

No filter parses a card body: what the search facts (:mod:`app.store.language.facts`) do not hold is
read from the official search's facts (:mod:`app.store.official.facts`, schema migration 9):
``api_cards`` (``ca``), ``api_editions`` (``a``), ``api_rules``, ``api_legality`` and
``api_prints``, joined only when a filter needs them.
"""

from __future__ import annotations

import re
import sqlite3

from app.store.db.connection import Store
from app.store.language.plan import probing
from app.store.official.card_walks import DENSE as DENSE  # its walks' density, for tests
from app.store.official.card_walks import walk_card_order, walk_cards
from app.store.official.drivers import drive
from app.store.official.facts import LIST_LENGTHS, THEMA_PARTS
from app.store.official.narrow_editions import POPULATIONS, walk_entries, walk_page
from app.store.official.request import ApiHit, ApiQuery
from app.store.official.text_filters import matching

CARD_STATS = {
    "cost_memory": "f.mem", "cost_reserve": "f.res", "level": "f.level", "power": "f.power",
    "life": "f.life", "durability": "f.durability",
}
"""Card stats of the ``stats`` parameter, as card-fact columns."""

EDITION_STATS = ("rarity", "thema_foil", "thema_nonfoil")
"""Edition stats held in narrow edition columns of the same name, as the Thema parts."""

POPULATION_STATS = {"population_foil": 1, "population_nonfoil": 0}
STAT_FIELDS = (*CARD_STATS, *EDITION_STATS, *THEMA_PARTS, *POPULATION_STATS)
STAT_OPERATORS = ("<=", ">=", "=", "<", ">")

API_SORT_KEYS = {
    "collector_number": ("MIN(e.collector_number)", "e.collector_number"),
    "cost_memory": ("f.mem", "f.mem"),
    "cost_reserve": ("f.res", "f.res"),
    "durability": ("f.durability", "f.durability"),
    "level": ("f.level", "f.level"),
    "life": ("f.life", "f.life"),
    "name": ("c.name COLLATE NOCASE", "c.name COLLATE NOCASE"),
    "power": ("f.power", "f.power"),
    "rarity": ("MIN(e.rarity)", "e.rarity"),
}
"""The official sort keys as SQL: (grouped by card, one row per edition). Ties are broken
by card name (case-insensitive) in the same direction, then card uuid, then edition order.
Cards without the value come last in both directions."""

ORDER_COLUMNS = {"collector_number": "number", "rarity": "rarity"}
"""Edition sort keys → their ``api_order`` column (over all the card's editions), for a
search without edition filters."""


def _found_once(conn: sqlite3.Connection, sql: str, *params: object) -> tuple[str, str]:
    """``c.rowid IN (…)`` over the card rowids ``sql`` selects (as its column ``r``), run
    now: the condition and its one parameter (the rowids as a JSON array, built by SQLite
    and read by ``json_each``), once each and ascending: every statement reading the set
    builds its own index of it, and ascending rowids append to that index (an unsorted
    94,000 cost 50 ms a statement on the generated catalogue, sorted ones 20)."""
    (rowids,) = conn.execute(f"SELECT json_group_array(r) FROM (SELECT r FROM ({sql}) "
                             "GROUP BY r)", params).fetchone()
    return "c.rowid IN (SELECT value FROM json_each(?))", rowids


_ROWID = "x.card_rowid AS r"


def _like(text: str) -> str:
    return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


class _Sql:
    """Conditions, their parameters, and whether they read ``api_cards ca`` or
    ``api_editions a``."""

    def __init__(self) -> None:
        self.where: list[str] = []
        self.params: list[object] = []
        self.joins: set[str] = set()
        self.sets: dict[int, str] = {}  # where's index → the SELECT of its card rowids
        self.cover = ""  # INDEXED BY for a count of the edition conditions (see _drive)

    def add(self, sql: str, *params: object, join: str | None = None,
            rowids: str | None = None) -> None:
        """Add the condition ``sql``; ``rowids``: a SELECT of exactly the card rowids it
        holds for, taking the same parameters (a card set found without the cards)."""
        if rowids is not None:
            self.sets[len(self.where)] = rowids
        self.where.append(sql)
        self.params.extend(params)
        if join is not None:
            self.joins.add(join)


def _card_filters(q: ApiQuery, s: _Sql, conn: sqlite3.Connection) -> None:
    for name, flt in q.lists.items():
        # the cards holding a value, found once through card_values' index (a correlated
        # EXISTS probed it for every card scanned)
        exists = ("c.rowid IN (SELECT v.card_rowid FROM card_values v "
                  "WHERE v.field = ? AND v.value {})")
        if flt.logic == "AND":
            parts = [exists.format("= ?") for _ in flt.values]
            params: list[object] = [p for v in flt.values for p in (name, v)]
            joiner = " AND "
        else:
            parts = [exists.format(f"IN ({', '.join('?' * len(flt.values))})")] \
                if flt.values else []
            params = [name, *flt.values] if flt.values else []
            joiner = " OR "
        if flt.none:  # found through api_cards_<list> (migration 13)
            parts.append(f"c.rowid IN (SELECT ca.card_rowid FROM api_cards ca "
                         f"WHERE ca.{LIST_LENGTHS[name]} = 0)")
        single = f"SELECT v.card_rowid FROM card_values v WHERE v.field = ? AND v.value IN " \
            f"({', '.join('?' * len(flt.values))})" if len(parts) == 1 and not flt.none else None
        s.add("(" + joiner.join(parts) + ")", *params, rowids=single)
    if q.name:
        s.add("c.name LIKE ? ESCAPE '\\'", _like(q.name))
    # Text filters are sets of card rowids, each found in one pass over its tables (joined
    # per card, they read each card's api_cards row and editions: 0.5 s on the generated
    # catalogue), and only once a search (as a subquery, each statement of the search, the
    # index walk and the count, scanned again).
    if q.flavor:  # through each distinct text (app/store/official/text_filters.py)
        s.add(*_found_once(conn, matching("api_cards", "flavor", _ROWID),
                           *[_like(q.flavor)] * 2))
    if q.slug:
        s.add("c.rowid IN (SELECT rowid FROM cards WHERE slug = ?)", q.slug)
    if q.effect:  # the card's or any edition's (a card in both: twice, the same for IN)
        s.add(*_found_once(conn, matching("api_cards", "effect_raw", _ROWID) + " UNION ALL "
                           + matching("api_editions", "effect_raw", _ROWID),
                           *[_like(q.effect)] * 4))
    # rules and legality entries: card rowid sets found in one pass over their (small)
    # tables (a correlated EXISTS probed them for every card: 80 ms on the generated one)
    rules = "c.rowid IN (SELECT r.card_rowid FROM api_rules r WHERE "
    if q.rule:
        s.add(rules + "r.title LIKE ? ESCAPE '\\' OR r.description LIKE ? ESCAPE '\\')",
              _like(q.rule), _like(q.rule))
    if q.rule_title == "null":
        s.add(rules + "COALESCE(r.title, '') = '')")
    elif q.rule_title is not None:
        s.add(rules + "lower(r.title) = lower(?))", q.rule_title)
    if q.last_update and not _changed_since(conn, q.last_update):
        # As before this module: a sync also needs cards whose record changed here. Two
        # ranges of cards_changed_at and cards_last_update (reading the columns, stored
        # after the body, read every card's whole row: 0.6 s on the generated catalogue).
        s.add("c.rowid IN (SELECT rowid FROM cards WHERE changed_at > ? UNION ALL "
              "SELECT rowid FROM cards WHERE last_update > ?)", q.last_update, q.last_update)
    if q.speed:
        speeds = {"fast": "f.speed = 1", "slow": "f.speed = 0", "none": "f.speed IS NULL"}
        s.add("(" + " OR ".join(speeds[v] for v in q.speed) + ")")
    _legality(q, s)


def _changed_since(conn: sqlite3.Connection, date: str) -> bool:
    """Whether every card's record changed here after ``date`` (so every card passes the
    ``last_update`` filter): two seeks of ``cards_changed_at``. After an import every card
    changed today, and a condition that holds for every card cost a set of every card's
    rowid (45 ms on the generated catalogue) and a test of each."""
    low, unknown = conn.execute(
        "SELECT MIN(changed_at), EXISTS (SELECT 1 FROM cards WHERE changed_at IS NULL) "
        "FROM cards").fetchone()
    return low is not None and not unknown and str(low) > date


def _legality(q: ApiQuery, s: _Sql) -> None:
    fmt = q.legality_format
    # One row per format of the card's legality object (exact case, as the object's keys);
    # card_rowid is never NULL, so NOT IN is NOT EXISTS.
    entries = ("SELECT g.card_rowid FROM api_legality g WHERE 1 = 1"
               + (" AND g.format = ?" if fmt else ""))
    fmt_params = [fmt] if fmt else []
    if q.legality_limit is not None:
        s.add(f"c.rowid IN ({entries} AND g.lim = ?)", *fmt_params, q.legality_limit)
    elif q.legality_state == "RESTRICTED":
        s.add(f"c.rowid IN ({entries})", *fmt_params)
    elif q.legality_state == "LEGAL":
        s.add(f"c.rowid NOT IN ({entries})", *fmt_params)


_POSITIONS = 1 << 16
"""More than any card's editions: ``card rowid × this + position`` names an edition."""


def _edition_filters(q: ApiQuery, s: _Sql, conn: sqlite3.Connection) -> None:
    """Edition conditions on the narrow edition table ``api_search_editions n``
    (:mod:`app.store.official.narrow_editions`), the edition texts on ``api_editions a``."""
    if q.prefix:
        s.add(f"n.set_prefix IN ({', '.join('?' * len(q.prefix))})", *q.prefix)
    if q.rarity is not None:
        s.add("n.rarity = ?", q.rarity)
    if q.illustrator == "null":
        s.add("n.illustrator IS NULL")
    elif q.illustrator is not None:  # the edition's illustrators fact holds the name
        s.add("n.illustrator = ?", q.illustrator)
        s.add("instr(n.illustrators, ?) > 0", q.illustrator)
    if q.collector_number is not None:
        s.add("n.number = ?", q.collector_number)
    if q.edition_slug is not None:
        s.add("(n.card_rowid, n.position) IN (SELECT c.rowid, e.position FROM editions e "
              "JOIN cards c ON c.uuid = e.card_uuid WHERE e.slug = ?)", q.edition_slug)
    for column, text in (("effect_raw", q.edition_effect), ("flavor", q.edition_flavor)):
        if text:
            # Found once (each statement of the search matched the texts again: 35 ms each
            # for edition_flavor=in on the generated catalogue), as the editions' cards (so
            # SQLite reads only their rows, by key) and the editions, one number each,
            # ascending (as _found_once's sets).
            cards, editions = conn.execute(
                f"SELECT json_group_array(DISTINCT x.card_rowid), json_group_array(x.k) FROM "
                f"(SELECT x.card_rowid, x.card_rowid * {_POSITIONS} + x.position AS k FROM "
                f"({matching('api_editions', column, 'x.card_rowid, x.position')}) x "
                f"ORDER BY k) x", [_like(text)] * 2).fetchone()
            s.add(f"n.card_rowid IN (SELECT value FROM json_each(?)) AND n.card_rowid * "
                  f"{_POSITIONS} + n.position IN (SELECT value FROM json_each(?))",
                  cards, editions)
    if q.edition_last_update:
        s.add("n.last_update > ?", q.edition_last_update)
    if q.language:
        s.add(f"n.language IN ({', '.join('?' * len(q.language))})", *q.language)
    if q.configuration is not None:
        s.add(f"n.flip = {int(q.configuration == 'flip')}")  # literal: a partial index
    if q.collab is not None:
        s.add(f"n.collaborators {'>' if q.collab else '='} 0")


def _stat_filters(q: ApiQuery, card: _Sql, s: _Sql) -> None:
    for term in q.stats:
        if term.field in CARD_STATS:
            card.add(f"{CARD_STATS[term.field]} {term.op} ?", term.value)
        elif term.field in EDITION_STATS or term.field in THEMA_PARTS:
            s.add(f"n.{term.field} {term.op} ?", term.value)
        elif term.op != "=":  # the edition's highest or lowest population of the finish
            kind = "max" if ">" in term.op else "min"
            s.add(f"n.{POPULATIONS[POPULATION_STATS[term.field], kind]} {term.op} ?",
                  term.value)
        else:  # a circulation template or circulation of the edition
            foil = f"p.foil = {POPULATION_STATS[term.field]} AND p.population {term.op} ?"
            s.add("EXISTS (SELECT 1 FROM api_prints p WHERE p.card_rowid = n.card_rowid AND "
                  f"p.position = n.position AND {foil})", term.value)
            # implied (a card with such a print), and found by api_prints_population
            s.add(f"n.card_rowid IN (SELECT p.card_rowid FROM api_prints p WHERE {foil})",
                  term.value)


def search_cards(store: Store, q: ApiQuery) -> tuple[int, list[ApiHit]]:
    """One page of the official search.

    Without edition-level filters (and without ``separate_editions``) only cards are read:
    every edition is a result edition, and the edition sort keys are the card's stored ones
    (``api_order``): with dense hits the page walks their index
    (:func:`app.store.official.card_walks.walk_cards`).
    Otherwise cards join their edition rows, and one pass gives the page and the total.

    Returns:
        ``(total data entries, the page's hits)``: cards (or, with ``separate_editions``,
        card-edition pairs) in the requested order.
    """
    card, ed = _Sql(), _Sql()
    conn = store.connection()
    _card_filters(q, card, conn)
    _edition_filters(q, ed, conn)
    _stat_filters(q, card, ed)
    ed.where, ed.cover = drive(ed.where)
    grouped = API_SORT_KEYS[q.sort][0]
    direction = "DESC" if q.order == "DESC" else "ASC"
    ties = f"c.name COLLATE NOCASE {direction}, c.uuid"
    window = [q.page_size, (q.page - 1) * q.page_size]
    # No filter reads the body: uuid and name come from the covering index of migration 6
    # (reading card rows means reading their bodies' pages). CROSS JOIN keeps the order
    # cards, facts, editions: given a list of card rowids, SQLite would otherwise start from
    # it and scan editions (or build an automatic index) for every card.
    facts = " CROSS JOIN card_facts f ON f.card_rowid = c.rowid" + (
        " JOIN api_cards ca ON ca.card_rowid = c.rowid" * ("ca" in card.joins))
    source = "FROM cards c INDEXED BY cards_cover" + facts
    if not ed.where and not q.separate_editions:
        where = " AND ".join(card.where) or "1 = 1"
        params = card.params
        narrowed = _narrow(where)
        if narrowed is None:  # the condition reads cards' columns: scan the cards
            cards, cond, order_ties, order_key = source, where, ties, grouped
        else:  # card_facts alone holds what it reads (and the uuid, name: the ties)
            cards = "FROM card_facts f" + (
                " CROSS JOIN api_cards ca ON ca.card_rowid = f.card_rowid" * ("ca" in card.joins))
            cond, order_ties = narrowed, _narrow(ties) or ties
            order_key = _narrow(grouped) or grouped
        key = ORDER_COLUMNS.get(q.sort)
        on_order = _on_order(narrowed, card) if key or q.sort == "name" else None
        if on_order is not None:  # api_order alone holds what it reads and the sort keys
            cards, cond = "FROM api_order o", on_order
            order_ties = f"o.name COLLATE NOCASE {direction}, o.uuid"
            order_key = f"o.{key}" if key else "o.name COLLATE NOCASE"
        count_sql = f"SELECT COUNT(*) {cards} WHERE {cond}"
        walked = True  # every sort key's order has its indexes (app/store/official/orders.py)
        walked_rows = walk_cards(conn, q.sort, direction, f"{facts} WHERE {probing(where)}",
                                 params, window)
        if walked_rows is not None:  # the page is found: only the total is left
            (total,) = conn.execute(count_sql, params).fetchone()
            return int(total), _hits(conn, walked_rows)
        # One card set whose walk failed (dense but clustered hits: element=FIRE&element=
        # WATER, 32,000 cards at 50x): counted on its index, the page sorted alone cost less
        # than the window's sort of every hit (about 30 vs 44 ms).
        counted = walked and len(card.where) == 1 and 0 in card.sets
        rowid = "c.rowid" if narrowed is None else "f.card_rowid"
        if on_order is not None:
            rowid = "o.card_rowid"
        elif key:
            cards += f" CROSS JOIN api_order o ON o.card_rowid = {rowid}"
            order_key = f"o.{key}"
        sql = (f"SELECT {rowid.split('.')[0]}.uuid, '', {'0' if counted else 'COUNT(*) OVER ()'} "
               f"{cards} WHERE {cond} ORDER BY {order_key} IS NULL, {order_key} {direction}, "
               f"{order_ties} LIMIT ? OFFSET ?")
        rows = conn.execute(sql, [*params, *window]).fetchall()
        if counted:
            (total,) = conn.execute(f"WITH k(r) AS ({card.sets[0]}) SELECT COUNT(DISTINCT r) "
                                    "FROM k", params).fetchone()
        elif rows or not window[1]:  # (no row on the first page: no hit)
            total = int(rows[0][2]) if rows else 0
        else:  # a page past the end: the window has no row to carry the total
            (total,) = conn.execute(count_sql, params).fetchone()
    else:
        rows, total = _edition_page(conn, q, card, ed, window)
    return int(total), _hits(conn, rows)


EDITION_SORT_KEYS = {"collector_number": ("MIN(n.number)", "n.number"),
                     "rarity": ("MIN(n.rarity)", "n.rarity"),
                     "name": ("n.name COLLATE NOCASE", "n.name COLLATE NOCASE")}
"""The sort keys of :data:`API_SORT_KEYS` that the narrow edition table holds (the others
are card facts)."""


def _edition_page(conn: sqlite3.Connection, q: ApiQuery, card: _Sql, ed: _Sql,
                  window: list[int]) -> tuple[list[tuple[object, ...]], int]:
    """The page's ``(card uuid, edition uuids, total)`` rows and the total of a search
    with edition filters (or ``separate_editions``), read from the narrow edition table.

    The card filters become one set of card rowids (found once, on ``card_facts``), or,
    when a quarter of the cards pass them, conditions tested on each edition's card; the
    edition filters read ``api_search_editions n`` alone (and ``api_editions a`` for the
    edition texts), through the index :func:`app.store.official.drivers.drive` leaves.
    Dense hits walk an order (the card's for a card key, the edition's for the collector
    number either way and rarity ascending) and count apart; others group every hit in one pass.
    """
    grouped, single = EDITION_SORT_KEYS.get(q.sort) or API_SORT_KEYS[q.sort]
    direction = "DESC" if q.order == "DESC" else "ASC"
    ties = f"n.name COLLATE NOCASE {direction}, n.card_uuid"
    f_join = " CROSS JOIN card_facts f ON f.card_rowid = n.card_rowid"
    texts = (" CROSS JOIN api_editions a ON a.card_rowid = n.card_rowid "
             "AND a.position = n.position" * ("a" in ed.joins))
    walked_rows = None
    if q.sort not in ("collector_number", "rarity"):
        walked_rows = walk_card_order(
            conn, q.sort, direction, (ed.where or ["1 = 1"], ed.params, "a" in ed.joins),
            (card.where, card.params, "ca" in card.joins), window, q.separate_editions)
    where, params = list(ed.where), list(ed.params)
    tested = texts  # the joins the conditions read
    if card.where:
        cond = " AND ".join(card.where)
        narrowed = _narrow(cond)
        ca = " CROSS JOIN api_cards ca ON ca.card_rowid = f.card_rowid" * ("ca" in card.joins)
        on_order = _on_order(narrowed, card)
        cards = (card.sets[0] if len(card.where) == 1 and 0 in card.sets else
                 f"SELECT o.card_rowid FROM api_order o WHERE {on_order}"
                 if on_order is not None else
                 f"SELECT f.card_rowid FROM card_facts f{ca} WHERE {narrowed}"
                 if narrowed is not None else
                 f"SELECT c.rowid FROM cards c CROSS JOIN card_facts f ON f.card_rowid = "
                 f"c.rowid{ca} WHERE {cond}")
        # Found once (each statement of the search would find them again), unless they are
        # many (speed=fast, legality_state=LEGAL: 96,000-106,000 on the generated catalogue
        # cost 40 ms as a list and again as each statement's table of them): then their
        # conditions are tested on each edition's card_facts row instead (in card order).
        (rowids, found) = conn.execute(
            f"WITH k(r) AS ({cards}) SELECT json_group_array(r), COUNT(*) FROM "
            f"(SELECT r FROM k LIMIT ?)", [*card.params, _few_cards(conn) + 1]).fetchone()
        if found <= _few_cards(conn) or narrowed is None:
            if found > _few_cards(conn):
                (rowids,) = conn.execute(f"WITH k(r) AS ({cards}) SELECT json_group_array(r) "
                                         "FROM k", card.params).fetchone()
            where.insert(0, "n.card_rowid IN (SELECT value FROM json_each(?))")
            params = [rowids, *params]
        else:
            where, cover = drive(ed.where, many_cards=True)
            ed.cover = cover
            # (last: tested on the editions the edition conditions pass; legality_state=
            # LEGAL's NOT IN tested on every edition first cost 30 ms more with rarity=5)
            params = [*params, *card.params]
            if _on_order(narrowed, card) is None:
                where.append(f"({narrowed})")
                tested = f_join + ca + texts
            else:  # sets of cards alone: tested on the edition's card rowid
                where.append(f"({narrowed.replace('f.card_rowid', 'n.card_rowid')})")
    joins = tested + f_join * (q.sort not in EDITION_SORT_KEYS and f_join not in tested)
    source = f"FROM api_search_editions n{joins} WHERE {' AND '.join(where) or '1 = 1'}"
    counted = f"FROM api_search_editions n{ed.cover}{tested} WHERE " \
        f"{' AND '.join(where) or '1 = 1'}"
    if walked_rows is None and q.separate_editions and q.sort == "collector_number" \
            and direction == "ASC":
        walked_rows = walk_entries(conn, " AND ".join(where) or "1 = 1", params, window,
                                   tested)
    if walked_rows is not None:  # the page is found: only the total is left
        entries = "*" if q.separate_editions else "DISTINCT n.card_rowid"
        (total,) = conn.execute(f"SELECT COUNT({entries}) {counted}", params).fetchone()
        return walked_rows, int(total)
    few = False
    if ed.cover:  # the filter index finds the passing editions; when few, only their rows
        keys, cards_found, found = conn.execute(  # are read after
            f"SELECT json_group_array(k), json_group_array(DISTINCT r), COUNT(*) FROM "
            f"(SELECT n.card_rowid * {_POSITIONS} + n.position AS k, n.card_rowid AS r "
            f"{counted} LIMIT ?)", [*params, _few_cards(conn) // 2 + 1]).fetchone()
        few = found <= _few_cards(conn) // 2
        if few:
            where = ["n.card_rowid IN (SELECT value FROM json_each(?))",
                     f"n.card_rowid * {_POSITIONS} + n.position IN "
                     f"(SELECT value FROM json_each(?))"]
            params = [cards_found, keys]
            joins = f_join * (q.sort not in EDITION_SORT_KEYS)
            source = f"FROM api_search_editions n{joins} WHERE {' AND '.join(where)}"
            counted = f"FROM api_search_editions n WHERE {' AND '.join(where)}"
    # (not for an edition text: a LIKE over every edition, read twice when the walk fails)
    if q.sort in ORDER_COLUMNS and (q.sort != "rarity" or direction == "ASC") \
            and not q.separate_editions and not texts and not few:
        walked = walk_page(conn, " AND ".join(where) or "1 = 1", params, window, ed.cover,
                           tested, (" AND ".join(ed.where) or "1 = 1", list(ed.params))
                           if card.where and not texts else None,
                           ORDER_COLUMNS[q.sort], direction == "DESC")
        if walked is not None:
            return walked
    # One pass gives the page and the total (a count first would read every row twice).
    if q.separate_editions:
        sql = (f"SELECT n.card_uuid, n.uuid, COUNT(*) OVER () {source} ORDER BY {single} IS "
               f"NULL, {single} {direction}, {ties}, n.position LIMIT ? OFFSET ?")
        count_sql = f"SELECT COUNT(*) {counted}"
    else:
        sql = (f"SELECT n.card_uuid, group_concat(n.uuid, char(10)), COUNT(*) OVER () "
               f"{source} GROUP BY n.card_rowid ORDER BY {grouped} IS NULL, {grouped} "
               f"{direction}, {ties} LIMIT ? OFFSET ?")
        count_sql = f"SELECT COUNT(DISTINCT n.card_rowid) {counted}"
    rows = conn.execute(sql, [*params, *window]).fetchall()
    if rows or not window[1]:  # (no row on the first page: no hit)
        return rows, int(rows[0][2]) if rows else 0
    (total,) = conn.execute(count_sql, params).fetchone()  # a page past the end
    return rows, int(total)


def _few_cards(conn: sqlite3.Connection) -> int:
    """How many cards a search's card filters may find to be listed once (a quarter of the
    stored cards, at least 1,000)."""
    (stored,) = conn.execute("SELECT MAX(rowid) FROM cards").fetchone()
    return max(1000, int(stored or 0) // 4)


_OTHER_CARD_COLUMN = re.compile(r"\bc\.(?!(?:rowid|name|uuid)\b)")
_CARD_COLUMN = re.compile(r"\bc\.(rowid|name|uuid)\b")
_FACT_COLUMNS = {"rowid": "f.card_rowid", "name": "f.name", "uuid": "f.uuid"}


def _narrow(sql: str) -> str | None:
    """``sql`` on ``card_facts f`` alone (its ``card_rowid``, ``name`` and ``uuid`` are the
    card's), or None when it reads another column of ``cards c`` (slug, last update)."""
    if _OTHER_CARD_COLUMN.search(sql):
        return None
    return _CARD_COLUMN.sub(lambda m: _FACT_COLUMNS[m.group(1)], sql)


_OTHER_FACT = re.compile(r"\bf\.(?!card_rowid\b)")


def _on_order(narrowed: str | None, card: _Sql) -> str | None:
    """A condition on ``card_facts f`` (from :func:`_narrow`) on ``api_order o`` instead,
    when it reads only the card's rowid (sets of cards: lists, texts, rules, legality),
    or None. ``api_order`` holds the uuid, name and sort keys in narrower rows: a search
    with many hits reads one row less per hit."""
    if narrowed is None or "ca" in card.joins or _OTHER_FACT.search(narrowed):
        return None
    return narrowed.replace("f.card_rowid", "o.card_rowid")


def _hits(conn: sqlite3.Connection, rows: list[tuple[object, ...]]) -> list[ApiHit]:
    """The page's hits from its ``(card uuid, edition uuids or "")`` rows. Bodies are read
    after sorting, so the sorter never carries them."""
    wanted = list({str(r[0]) for r in rows})
    bodies = dict(conn.execute(
        f"SELECT uuid, body FROM cards WHERE uuid IN ({', '.join('?' * len(wanted))})", wanted,
    ).fetchall()) if wanted else {}
    return [ApiHit(str(bodies[r[0]]), tuple(str(r[1]).split("\n")) if r[1] else None)
            for r in rows]
