"""A page of a search with edition filters sorted by a card's own key (name, cost, level,
power, life, durability), found by walking the key's order (:mod:`app.store.official.orders`).

Grouping every passing edition by card and sorting every hit card cost 180-250 ms a page on
the generated catalogue when most editions pass (``language=EN&sort=power``). The card's
place in the order does not depend on which of its editions pass, so the walk reads the
cards in the asked order and keeps those with a passing edition (one look-up of the card's
narrow edition rows by key) until a page is full: dense hits read a short prefix.
"""

from __future__ import annotations

import sqlite3

from app.store.language.plan import probing
from app.store.official.orders import WALKS, index_name

DENSE = 16
"""Walk a sort index when at least one card in this many is a hit (as the search language,
app/store/language/plan.py): the walk reads about ``limit × DENSE`` cards, a scan all of them."""


def walk_cards(conn: sqlite3.Connection, sort: str, direction: str, joined: str,
               params: list[object], window: list[int]) -> list[tuple[object, ...]] | None:
    """The ``(card uuid, "")`` rows of a card search's page when its hits are dense; None
    when they are not (the caller scans).

    The page walks the sort key's index (:mod:`app.store.official.orders`) in the asked
    order over at most :data:`DENSE` times as many cards as the page's end: when that
    prefix of the order holds a full page of hits, the page is exact (every card before its
    last hit was read), and only the total is left to count. Rarer hits cost that short
    walk, then one scan of every card (which also gives the total). The order is the
    official one: the key (no value last), the name (case-insensitive) in the same
    direction, the uuid.

    Args:
        sort: the request's sort key. joined: ``… WHERE …`` after ``cards c``; params: its
            parameters. window: ``[page size, offset]``.
    """
    walk = WALKS[sort]
    key = f", {walk.key}" if walk.key else ""
    sql = (f"SELECT o.uuid, '' FROM (SELECT card_rowid, uuid, name{key} FROM {walk.table} "
           f"INDEXED BY {index_name(sort, direction)} ORDER BY {walk.order(direction)} "
           f"LIMIT ?) o CROSS JOIN cards c INDEXED BY cards_cover ON c.uuid = o.uuid{joined} "
           f"ORDER BY {walk.order(direction, 'o.')} LIMIT ? OFFSET ?")
    rows = conn.execute(sql, [DENSE * sum(window), *params, *window]).fetchall()
    return rows if len(rows) >= window[0] else None


def walk_card_order(conn: sqlite3.Connection, sort: str, direction: str,
                    editions: tuple[list[str], list[object], bool],
                    cards: tuple[list[str], list[object], bool], window: list[int],
                    separate: bool = False) -> list[tuple[object, ...]] | None:
    """The page's ``(card uuid, its passing editions' uuids, one a line)`` rows, or None
    when the walked prefix of the order holds less than a page (the caller groups every
    hit).

    Args:
        sort: a card key of :data:`app.store.official.orders.WALKS` (not collector number or
            rarity: those depend on the passing editions). direction: ``ASC`` or ``DESC``.
        editions: ``(conditions on api_search_editions n, their parameters, whether they
            read api_editions a)``. cards: the same on ``cards c``/``card_facts f`` (and
            whether they read ``api_cards ca``). window: ``[page size, offset]``.
        separate: one row per passing edition (``separate_editions``), in the card's
            edition order.
    """
    walk = WALKS[sort]
    key = f", {walk.key}" if walk.key else ""
    ed_where, ed_params, texts = editions
    card_where, card_params, card_texts = cards
    a = (" CROSS JOIN api_editions a ON a.card_rowid = n.card_rowid AND a.position = "
         "n.position") if texts else ""
    joins = where = ""
    if card_where:
        joins = (" CROSS JOIN cards c INDEXED BY cards_cover ON c.uuid = w.uuid CROSS JOIN "
                 "card_facts f ON f.card_rowid = c.rowid"
                 + " CROSS JOIN api_cards ca ON ca.card_rowid = c.rowid" * card_texts)
        where = " WHERE " + probing(" AND ".join(card_where))
    cards_walked = (f"SELECT card_rowid, uuid, name{key} FROM {walk.table} INDEXED BY "
                    f"{index_name(sort, direction)} ORDER BY {walk.order(direction)} LIMIT ?")
    if separate:
        rows = conn.execute(
            f"SELECT o.uuid, n.uuid FROM (SELECT w.* FROM ({cards_walked}) w{joins}{where}) o "
            f"CROSS JOIN api_search_editions n ON n.card_rowid = o.card_rowid{a} WHERE "
            f"{' AND '.join(ed_where)} ORDER BY {walk.order(direction, 'o.')}, n.position "
            f"LIMIT ? OFFSET ?",
            [DENSE * sum(window), *card_params, *ed_params, *window]).fetchall()
        return rows if len(rows) >= window[0] else None
    sql = (f"SELECT o.uuid, o.e FROM (SELECT w.*, (SELECT group_concat(n.uuid, char(10)) "
           f"FROM api_search_editions n{a} WHERE n.card_rowid = w.card_rowid AND "
           f"{' AND '.join(ed_where)}) AS e FROM (SELECT card_rowid, uuid, name{key} FROM "
           f"{walk.table} INDEXED BY {index_name(sort, direction)} ORDER BY "
           f"{walk.order(direction)} LIMIT ?) w{joins}{where}) o WHERE o.e IS NOT NULL "
           f"ORDER BY {walk.order(direction, 'o.')} LIMIT ? OFFSET ?")
    rows = conn.execute(sql, [*ed_params, DENSE * sum(window), *card_params, *window]
                        ).fetchall()
    return rows if len(rows) >= window[0] else None
