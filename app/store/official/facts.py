"""The official search's facts: what ``/cards/search`` filters on that the search facts
(:mod:`app.store.language.facts`) do not hold, as rows written with the card.

Before schema migration 9 the official search read these values from the card bodies
(``json_extract``/``json_each`` per card and per edition): a population filter took seconds
a page on the generated catalogue of 110,000 cards. The rows are derived here from
the stored body by SQLite's own JSON functions, with the very expressions the search used,
so every value (its type too: the value columns have no type affinity) and every filter's
answer is what it was. Nothing here is served back.

Tables (schema migration 9), each keyed by ``cards.rowid``:

- ``api_cards``: the card's ``effect_raw`` and ``flavor`` and the lengths of its
  ``classes``, ``types``, ``subtypes`` and ``elements`` lists;
- ``api_rules``: one row per entry of ``rule`` (``title``, ``description``);
- ``api_legality``: one row per format of a ``legality`` object (``format``, ``lim``);
- ``api_editions``: per edition (``position`` in the card's list) the illustrator, texts,
  ``last_update``, set language, number of collaborators and the ten Thema parts;
- ``api_prints``: per circulation template and circulation of an edition, ``foil`` and
  ``population``;
- ``api_order`` (schema migration 10): the card's uuid and name and its editions' lowest
  collector number and lowest rarity, the sort keys of a search without edition filters,
  indexed in both directions so a page with many hits walks an index
  (:mod:`app.store.official.search`). Written after the card's editions.
"""

from __future__ import annotations

import sqlite3

THEMA_PARTS = tuple(
    f"thema_{part}_{kind}" for kind in ("foil", "nonfoil")
    for part in ("charm", "ferocity", "grace", "mystique", "valor")
)
"""The Thema parts of an edition that ``stats`` filters on (columns of ``api_editions``)."""

LIST_LENGTHS = {"class": "classes", "type": "types", "subtype": "subtypes",
                "element": "elements"}
"""Card list parameter → its ``api_cards`` column (the list's length, as the body's key)."""

TABLES = ("api_cards", "api_rules", "api_legality", "api_editions", "api_prints")

SCHEMA = f"""
CREATE TABLE api_cards (
    card_rowid INTEGER PRIMARY KEY,   -- cards.rowid
    effect_raw, flavor,               -- no declared type: stored as json_extract gave them
    {", ".join(f"{column} INTEGER" for column in LIST_LENGTHS.values())}
);
CREATE TABLE api_rules (card_rowid INTEGER NOT NULL, title, description);
CREATE INDEX api_rules_card ON api_rules(card_rowid);
CREATE TABLE api_legality (card_rowid INTEGER NOT NULL, format, lim);
CREATE INDEX api_legality_card ON api_legality(card_rowid, format, lim);
CREATE TABLE api_editions (
    card_rowid INTEGER NOT NULL,
    position INTEGER NOT NULL,        -- editions.position
    illustrator, effect_raw, flavor, last_update, language, collaborators,
    {", ".join(THEMA_PARTS)},
    PRIMARY KEY (card_rowid, position)
) WITHOUT ROWID;
CREATE TABLE api_prints (card_rowid INTEGER NOT NULL, position INTEGER NOT NULL, foil,
    population);
CREATE INDEX api_prints_edition ON api_prints(card_rowid, position, foil, population);
CREATE INDEX api_prints_population ON api_prints(foil, population, card_rowid);
"""
"""Migration 9's SQL."""

_EDITIONS = "FROM cards c, json_each(c.body, '$.editions') e WHERE {}"
_INSERTS = (
    "INSERT INTO api_cards SELECT c.rowid, json_extract(c.body, '$.effect_raw'), "
    "json_extract(c.body, '$.flavor'), "
    + ", ".join(f"json_array_length(c.body, '$.{key}')" for key in LIST_LENGTHS.values())
    + " FROM cards c WHERE {}",
    "INSERT INTO api_rules SELECT c.rowid, json_extract(r.value, '$.title'), "
    "json_extract(r.value, '$.description') FROM cards c, json_each(c.body, '$.rule') r "
    "WHERE {}",
    "INSERT INTO api_legality SELECT c.rowid, g.key, json_extract(g.value, '$.limit') "
    "FROM cards c, json_each(c.body, '$.legality') g "
    "WHERE json_type(c.body, '$.legality') = 'object' AND {}",
    "INSERT INTO api_editions SELECT c.rowid, e.key, "
    + ", ".join(f"json_extract(e.value, '$.{path}')" for path in (
        "illustrator", "effect_raw", "flavor", "last_update", "set.language"))
    + ", json_array_length(json_extract(e.value, '$.collaborators')), "
    + ", ".join(f"json_extract(e.value, '$.{part}')" for part in THEMA_PARTS)
    + " " + _EDITIONS,
    "INSERT INTO api_prints SELECT c.rowid, e.key, json_extract(p.value, '$.foil'), "
    "json_extract(p.value, '$.population') FROM cards c, json_each(c.body, '$.editions') e, "
    "json_each(json_extract(e.value, '$.circulationTemplates')) p WHERE {0} UNION ALL "
    "SELECT c.rowid, e.key, json_extract(p.value, '$.foil'), "
    "json_extract(p.value, '$.population') FROM cards c, json_each(c.body, '$.editions') e, "
    "json_each(json_extract(e.value, '$.circulations')) p WHERE {0}",
)


ORDER_KEYS = ("number", "rarity")
"""``api_order``'s sort key columns: ``number`` (``collector_number``) and ``rarity``."""

WALKED = 1
"""How many of :data:`ORDER_KEYS` have their indexes here (the collector number: the default
sort); the rarity's are migration 16's (:mod:`app.store.official.orders`)."""

ORDER_SCHEMA = "CREATE TABLE api_order (card_rowid INTEGER PRIMARY KEY, uuid, name, number, " \
    "rarity);\n" + "".join(
        f"CREATE INDEX api_order_{key}_asc ON api_order({key} IS NULL, {key}, "
        f"name COLLATE NOCASE, uuid);\n"
        f"CREATE INDEX api_order_{key}_desc ON api_order({key} IS NULL, {key} DESC, "
        f"name COLLATE NOCASE DESC, uuid);\n" for key in ORDER_KEYS[:WALKED])
"""Migration 10's SQL. The columns have no declared type: each value keeps the type of the
``cards`` or ``editions`` column it copies (so it sorts as the search sorted that column)."""

_ORDER_INSERT = (
    "INSERT INTO api_order SELECT c.rowid, c.uuid, c.name, "
    "(SELECT MIN(x.collector_number) FROM editions x WHERE x.card_uuid = c.uuid), "
    "(SELECT MIN(x.rarity) FROM editions x WHERE x.card_uuid = c.uuid) FROM cards c WHERE {}"
)


def index_api(conn: sqlite3.Connection, rowid: int) -> None:
    """Write the official search's rows of the card at ``rowid`` from its stored body and
    edition rows (replacing old ones); call after the card's row and editions are written."""
    unindex_api(conn, rowid)
    for sql in (*_INSERTS, _ORDER_INSERT):
        conn.execute(sql.format("c.rowid = :rowid"), {"rowid": rowid})


def unindex_api(conn: sqlite3.Connection, rowid: int) -> None:
    """Delete the official search's rows of the card at ``rowid``."""
    for table in (*TABLES, "api_order"):
        conn.execute(f"DELETE FROM {table} WHERE card_rowid = ?", (rowid,))


def backfill_api(conn: sqlite3.Connection) -> None:
    """Migration 9's data step: the rows of every stored card."""
    for table in TABLES:
        conn.execute(f"DELETE FROM {table}")
    for sql in _INSERTS:
        conn.execute(sql.format("1"))


def backfill_order(conn: sqlite3.Connection) -> None:
    """Migration 10's data step: the ``api_order`` row of every stored card."""
    conn.execute("DELETE FROM api_order")
    conn.execute(_ORDER_INSERT.format("1"))


def index_order_after(conn: sqlite3.Connection, rowid: int) -> None:
    """The ``api_order`` rows of every card after ``rowid`` (cards with no such row yet,
    their editions written), in one statement."""
    conn.execute(_ORDER_INSERT.format("c.rowid > :rowid"), {"rowid": rowid})
