"""The official search's narrow edition table (schema migration 13): one row per edition with
what ``/cards/search`` filters and sorts editions by, so a search with edition filters reads
one narrow table (through an index on the filtered value) instead of joining each hit card's
``cards``, ``card_facts``, ``editions`` and ``api_editions`` rows (100-700 ms a page
on the generated catalogue of 110,000 cards for a set prefix, an illustrator, a Thema part).

``api_search_editions`` (alias ``n`` in :mod:`app.store.official.search`), keyed by
``(card_rowid, position)``: the edition's uuid, its card's uuid and name (the sort's ties),
and copies of the ``editions`` columns (collector number, rarity, set prefix, flip,
illustrators, Thema) and ``api_editions`` columns (illustrator, last update, set language,
collaborators, the Thema parts) the filters read. Each column is declared as the column it
copies (the ``api_editions`` ones with no type), so every comparison and order is the one the
search made on the original. The edition texts (effect, flavor) stay in ``api_editions``.

Written by :func:`index_narrow` after the card's ``editions`` and ``api_editions`` rows
(``app.store.official.facts.index_api`` calls it), deleted with them; :func:`backfill_narrow` is
the migration's data step. ``cards_last_update`` indexes the card's ``last_update`` so the
``last_update`` filter is two index ranges (with ``cards_changed_at``).
"""

from __future__ import annotations

import sqlite3

from app.store.official.facts import LIST_LENGTHS, THEMA_PARTS

WALK = (32, 256)
"""Edition rows a walk reads per card it needs, at least and at most: 8 × the cards per hit
card (about 2 editions a card, and a margin for the number order's clusters: the generated
catalogue's clones of a card are neighbours). Rarer hits are grouped instead (at most one
card in 32 hits: a grouping is as quick). Reading 1,000 rows costs about a millisecond."""

NARROW_FROM_A = ("illustrator", "last_update", "language", "collaborators", *THEMA_PARTS)
"""``api_editions`` columns copied into the narrow table (same names)."""

POPULATIONS = {(foil, f"{kind}"): f"pop_{'foil' if foil else 'nonfoil'}_{kind}"
               for foil in (1, 0) for kind in ("max", "min")}
"""``(api_prints.foil, max or min)`` → the narrow column holding the highest or lowest
``population`` of the edition's circulation templates and circulations of that finish
(NULL: none has one). An edition has a print with ``population > v`` (or ``>=``) exactly
when its highest is, ``< v`` (``<=``) when its lowest is: the columns have no type, so the
values and their comparisons are those of ``api_prints``."""

POPULATIONS_INDEX = (
    "CREATE INDEX IF NOT EXISTS api_search_editions_populations ON api_search_editions("
    f"card_rowid, {', '.join(POPULATIONS.values())});\n")
"""Migration 14's: the population columns in card order, narrow, so a population filter's
count of cards reads them, not every edition's whole row (population_nonfoil>1000 at 50x:
a count of 110,700 cards, 36 -> 16 ms)."""

FILTERS_INDEX = "api_search_editions_filters"
FILTERS_COVERED = frozenset({"card_rowid", "position", "language", "rarity", "flip",
                             "collaborators", "last_update", "set_prefix", "thema_foil",
                             "thema_nonfoil", *THEMA_PARTS, *POPULATIONS.values()})
"""The narrow columns that :data:`FILTERS_INDEX` (migration 16) holds in card order: the
edition filters that often find many editions, so a count of their cards reads one narrow
index instead of each edition's whole row."""
RARITY_ORDER = "api_search_editions_rarity_order"
WALKED_ORDERS = {
    "number": ("api_search_editions_number", "number, name COLLATE NOCASE, card_uuid"),
    "rarity": (RARITY_ORDER, "rarity IS NULL, rarity, name COLLATE NOCASE, card_uuid")}
"""Edition sort key → the index holding the search's edition order and that order (the
card's first edition in it is where the card's lowest passing value puts it)."""

FILTERS_SCHEMA = (
    f"CREATE INDEX IF NOT EXISTS {FILTERS_INDEX} ON api_search_editions(card_rowid, "
    + ", ".join(sorted(FILTERS_COVERED - {"card_rowid", "position"})) + ", position);\n"
    f"CREATE INDEX IF NOT EXISTS {RARITY_ORDER} ON api_search_editions("
    f"{WALKED_ORDERS['rarity'][1]});\n")
"""Migration 15's part: :data:`FILTERS_INDEX` and :data:`RARITY_ORDER`."""

INDEXED = ("set_prefix", "rarity", "illustrator", "last_update", "language", "thema_foil",
           "thema_nonfoil")
"""Narrow columns with an index of their own (``api_search_editions_<column>``)."""

PARTIAL = {"flip": "flip = 1", "collab": "collaborators > 0"}
"""Indexes of the rare side of a flag only (``api_search_editions_<name>``): without
statistics SQLite takes any equality's index, and nearly every edition is neither flip nor
a collaboration. The search writes these conditions with literal values, as here."""

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS api_search_editions (\n"
    "    card_rowid INTEGER NOT NULL, position INTEGER NOT NULL,\n"
    "    uuid TEXT NOT NULL, card_uuid TEXT NOT NULL, name TEXT NOT NULL,\n"
    "    number TEXT NOT NULL, rarity INTEGER, set_prefix TEXT NOT NULL,\n"
    "    flip INTEGER NOT NULL, illustrators TEXT NOT NULL,\n"
    "    thema_foil NUMERIC, thema_nonfoil NUMERIC,\n"
    f"    {', '.join(NARROW_FROM_A)}, {', '.join(POPULATIONS.values())},\n"
    "    PRIMARY KEY (card_rowid, position)\n"
    ") WITHOUT ROWID;\n"
    + "".join(f"CREATE INDEX IF NOT EXISTS api_search_editions_{c} "
              f"ON api_search_editions({c});\n" for c in INDEXED)
    + "".join(f"CREATE INDEX IF NOT EXISTS api_search_editions_{name} "
              f"ON api_search_editions(card_rowid) WHERE {condition};\n"
              for name, condition in PARTIAL.items())
    + "CREATE INDEX IF NOT EXISTS api_search_editions_number ON api_search_editions(number, "
      "name COLLATE NOCASE, card_uuid);\n"
    + "CREATE INDEX IF NOT EXISTS cards_last_update ON cards(last_update);\n"
    + "".join(f"CREATE INDEX IF NOT EXISTS api_cards_{c} ON api_cards({c});\n"
              for c in LIST_LENGTHS.values())
)
"""Migration 13's SQL (each statement runs again harmlessly, as migration 12's)."""

_INSERT = (
    "INSERT INTO api_search_editions SELECT c.rowid, e.position, e.uuid, c.uuid, c.name, "
    "e.collector_number, e.rarity, e.set_prefix, e.flip, e.illustrators, e.thema_foil, "
    "e.thema_nonfoil, " + ", ".join(f"a.{column}" for column in NARROW_FROM_A) + ", "
    + ", ".join(f"(SELECT {kind.upper()}(p.population) FROM api_prints p WHERE p.card_rowid = "
                f"c.rowid AND p.position = e.position AND p.foil = {foil})"
                for foil, kind in POPULATIONS)
    + " FROM cards c JOIN editions e ON e.card_uuid = c.uuid JOIN api_editions a "
    "ON a.card_rowid = c.rowid AND a.position = e.position WHERE {}"
)


def index_narrow(conn: sqlite3.Connection, rowid: int) -> None:
    """Write the narrow rows of the card at ``rowid`` (replacing old ones) from its
    ``editions`` and ``api_editions`` rows, which must be written first."""
    unindex_narrow(conn, rowid)
    conn.execute(_INSERT.format("c.rowid = ?"), (rowid,))


def unindex_narrow(conn: sqlite3.Connection, rowid: int) -> None:
    """Delete the narrow rows of the card at ``rowid``."""
    conn.execute("DELETE FROM api_search_editions WHERE card_rowid = ?", (rowid,))


def backfill_narrow(conn: sqlite3.Connection) -> None:
    """Migration 13's data step: the narrow rows of every stored card."""
    conn.execute("DELETE FROM api_search_editions")
    conn.execute(_INSERT.format("1"))


def walk_page(conn: sqlite3.Connection, where: str, params: list[object], window: list[int],
              counted: str = "", joins: str = "",
              editions: tuple[str, list[object]] | None = None, key: str = "number",
              descending: bool = False) -> tuple[list[tuple[object, ...]], int] | None:
    """The page of a search with edition filters sorted by collector number (or rarity),
    ascending (or by collector number descending: ``descending``), when its hits are dense:
    ``(card uuid, its passing editions' uuids, one a line, total)``
    rows and the total; None when the walk finds too few, or none past the offset (the
    caller groups every hit).

    Walks ``api_search_editions_number`` (collector number, card name case-insensitive,
    card uuid): a card first appears at its lowest passing collector number, so the cards
    in order of first appearance are the cards in the search's order (lowest passing
    number, name, uuid). The total, counted first, says how far to walk. The rarity order
    walks :data:`RARITY_ORDER` alike (no rarity last).

    Args:
        where: the condition on ``api_search_editions n``; params: its parameters.
        window: ``[page size, offset]``. counted: an ``INDEXED BY`` for the count.
        joins: the joins after ``api_search_editions n`` that ``where`` reads.
        editions: the part of ``where`` (and its parameters) on ``n`` alone, if any: the
            page's cards passed the rest, so their result editions are read by it alone.
        key: ``number`` or ``rarity`` (a column of :data:`WALKED_ORDERS`).
        descending: the collector number order descending (:func:`_walk_descending`;
            ``key`` must be ``number``).
    """
    (cards_stored,) = conn.execute("SELECT MAX(rowid) FROM cards").fetchone()  # about
    wanted, low, high = sum(window), *WALK
    if descending and wanted * low > 4 * (cards_stored or 0):  # a deep page: a backward
        return None  # walk would read about every edition to settle it (grouped at once)
    (total,) = conn.execute(  # (in card order, SQLite counts without sorting or grouping)
        f"SELECT COUNT(DISTINCT n.card_rowid) FROM api_search_editions n{counted}{joins} "
        f"WHERE {where}",
        params).fetchone()
    if not total or 8 * cards_stored > high * total:
        return None
    limit = wanted * max(low, 8 * cards_stored // total)
    if descending:
        rows = None
        for walked in [limit, limit * 8] if limit * 8 <= _RETRY else [limit]:  # (clustered
            rows = _walk_descending(conn, where, params, walked, window, joins)  # hits, as
            if rows is not None:  # below)
                break
        return None if rows is None else ([(*row, total) for row in rows], int(total))
    cards = _walk(conn, where, params, limit, wanted, joins, key)
    if len(cards) < wanted and limit * 8 <= _RETRY:  # clustered hits (a set's cards, the
        cards = _walk(conn, where, params, limit * 8, wanted, joins, key)  # generated clones)
    if len(cards) < wanted:
        return None
    page = list(cards.items())[window[1]:]
    if not page:
        return None
    found: dict[int, list[str]] = {rowid: [] for rowid, _ in page}
    tested, tested_params = (where, params) if editions is None else editions
    for rowid, uuid in conn.execute(
            f"SELECT n.card_rowid, n.uuid FROM api_search_editions n"
            f"{joins if editions is None else ''} WHERE n.card_rowid IN "
            f"({', '.join('?' * len(page))}) AND {tested}", [*found, *tested_params]):
        found[rowid].append(uuid)
    return [(uuid, "\n".join(found[rowid]), total) for rowid, uuid in page], int(total)


_RETRY = 16_384
"""The longest second walk (editions): about 15 ms, less than grouping every hit."""


def _walk(conn: sqlite3.Connection, where: str, params: list[object], limit: int, wanted: int,
          joins: str, key: str) -> dict[int, str]:
    """Card rowid → uuid of the first ``wanted`` cards passing ``where`` among the first
    ``limit`` editions in the number order, in order of first appearance."""
    cards: dict[int, str] = {}
    index, order = WALKED_ORDERS[key]
    for rowid, uuid in conn.execute(  # the first `limit` editions in the order, then filters
            f"SELECT n.card_rowid, n.card_uuid FROM (SELECT card_rowid, position, {key}, "
            f"name, card_uuid FROM api_search_editions INDEXED BY {index} "
            f"ORDER BY {order} LIMIT ?) w CROSS JOIN "
            f"api_search_editions n ON n.card_rowid = w.card_rowid AND n.position = w.position"
            f"{joins} WHERE {where} ORDER BY {', '.join('w.' + t for t in order.split(', '))}",
            [limit, *params]):
        cards.setdefault(rowid, uuid)
        if len(cards) == wanted:
            break
    return cards


_DESCENDING = "number DESC, name COLLATE NOCASE DESC, card_uuid DESC"
""":data:`WALKED_ORDERS`' number index read backwards."""


def _walk_descending(conn: sqlite3.Connection, where: str, params: list[object], limit: int,
                     window: list[int], joins: str) -> list[tuple[object, ...]] | None:
    """The ``(card uuid, its passing editions' uuids, one a line)`` rows of a page sorted by
    collector number descending, or None when the last ``limit`` editions in the number
    order do not settle it.

    The card's key is still its lowest passing collector number (the grouped order: that
    number descending, the name case-insensitive descending, the uuid ascending), so a
    card's first appearance in the backward walk (its highest passing number) is not its
    place. But every card whose lowest passing number is above the lowest number walked
    (``b``) has that edition among the walked ones: the walked cards with a passing edition,
    grouped over all their passing editions and kept when their lowest is above ``b``, are
    exactly the first cards of the order, and sorted as the grouped search sorts them.
    """
    (bound,) = conn.execute(  # the lowest number walked (None: the walk reads every edition)
        f"SELECT number FROM api_search_editions INDEXED BY {WALKED_ORDERS['number'][0]} "
        f"ORDER BY {_DESCENDING} LIMIT 1 OFFSET ?", [limit - 1]).fetchone() or (None,)
    if bound is None:
        return None
    (cards,) = conn.execute(
        f"SELECT json_group_array(DISTINCT n.card_rowid) FROM (SELECT card_rowid, position "
        f"FROM api_search_editions INDEXED BY {WALKED_ORDERS['number'][0]} WHERE number > ? "
        f"ORDER BY {_DESCENDING}) w CROSS JOIN api_search_editions n ON n.card_rowid = "
        f"w.card_rowid AND n.position = w.position{joins} WHERE {where}",
        [bound, *params]).fetchone()
    rows = conn.execute(
        f"SELECT n.card_uuid, group_concat(n.uuid, char(10)) FROM json_each(?) j CROSS JOIN "
        f"api_search_editions n ON n.card_rowid = j.value{joins} WHERE {where} GROUP BY "
        f"n.card_rowid HAVING MIN(n.number) > ? ORDER BY MIN(n.number) DESC, "
        f"n.name COLLATE NOCASE DESC, n.card_uuid LIMIT ? OFFSET ?",
        [cards, *params, bound, *window]).fetchall()
    return rows if len(rows) >= window[0] else None


def walk_entries(conn: sqlite3.Connection, where: str, params: list[object],
                 window: list[int], joins: str = "") -> list[tuple[object, ...]] | None:
    """The page of a search with ``separate_editions`` sorted by collector number,
    ascending: ``(card uuid, edition uuid)`` rows, or None when the first
    ``DENSE × the page's end`` editions in that order hold less than a page (the caller
    sorts every passing edition: 170 ms without filters on the generated catalogue).

    ``api_search_editions_number`` holds the entries' order: collector number, card name
    case-insensitive, card uuid (one card: one rowid), the edition's position.

    Args:
        where: the condition on ``api_search_editions n`` (and ``joins``); params: its
            parameters. window: ``[page size, offset]``.
    """
    order = "number, name COLLATE NOCASE, card_uuid, card_rowid, position"
    rows = conn.execute(
        f"SELECT n.card_uuid, n.uuid FROM (SELECT card_rowid, position, number, name, "
        f"card_uuid FROM api_search_editions INDEXED BY api_search_editions_number ORDER BY "
        f"{order} LIMIT ?) w CROSS JOIN api_search_editions n ON n.card_rowid = w.card_rowid "
        f"AND n.position = w.position{joins} WHERE {where} ORDER BY "
        f"{', '.join('w.' + term for term in order.split(', '))} LIMIT ? OFFSET ?",
        [_DENSE * sum(window), *params, *window]).fetchall()
    return rows if len(rows) >= window[0] else None


_DENSE = 16
"""Editions walked per entry of the page's end (as the card walks)."""
