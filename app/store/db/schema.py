"""Schema of the catalogue file and its forward migrations.

The schema version lives in ``PRAGMA user_version``. Migration ``n`` takes a file from
version ``n - 1`` to ``n``; opening a file runs the missing ones in one transaction.
A file newer than this program is refused rather than guessed at.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from app.errors import StoreError
from app.store.language.facts import SORT_COLUMNS, backfill
from app.store.language.search_stamp import SCHEMA as SEARCH_STAMP
from app.store.language.search_stamp import install as install_search_stamp
from app.store.language.start_page import SCHEMA as START_PAGE
from app.store.language.start_page import install as install_start_page
from app.store.language.value_counts import SCHEMA as VALUE_COUNTS
from app.store.language.value_counts import install as install_value_counts
from app.store.official.facts import ORDER_SCHEMA, backfill_api, backfill_order
from app.store.official.facts import SCHEMA as API_FACTS
from app.store.official.narrow_editions import (
    FILTERS_SCHEMA,
    POPULATIONS_INDEX,
    backfill_narrow,
)
from app.store.official.narrow_editions import SCHEMA as API_NARROW
from app.store.official.orders import SCHEMA as API_ORDERS
from app.store.official.text_filters import SCHEMA as API_TEXTS

_SORT_INDEXES = "".join(
    f"CREATE INDEX card_facts_{c}_asc ON card_facts({c} IS NULL, {c}, name COLLATE NOCASE, "
    "uuid);\n" for c in SORT_COLUMNS
)
_DESC_SORT_INDEXES = "".join(
    f"CREATE INDEX card_facts_{c}_desc ON card_facts({c} IS NULL, {c} DESC, "
    "name COLLATE NOCASE, uuid);\n" for c in SORT_COLUMNS
)


MIGRATIONS: tuple[str, ...] = (
    # 1: cards with their received JSON, editions and sets indexed, FTS5 over text.
    """
    CREATE TABLE cards (
        uuid TEXT PRIMARY KEY,
        slug TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        last_update TEXT NOT NULL,
        body TEXT NOT NULL            -- the Card JSON as received, result_editions = []
    );
    CREATE INDEX cards_name ON cards(name COLLATE NOCASE);

    CREATE TABLE sets (
        id TEXT PRIMARY KEY,          -- case-sensitive
        prefix TEXT NOT NULL,
        name TEXT NOT NULL,
        language TEXT NOT NULL,
        release_date TEXT NOT NULL,
        body TEXT NOT NULL
    );
    CREATE INDEX sets_prefix ON sets(prefix);

    CREATE TABLE editions (
        uuid TEXT PRIMARY KEY,
        card_uuid TEXT NOT NULL REFERENCES cards(uuid) ON DELETE CASCADE,
        position INTEGER NOT NULL,    -- index in the card's editions list, as received
        slug TEXT NOT NULL,
        set_id TEXT NOT NULL,
        set_prefix TEXT NOT NULL,
        collector_number TEXT NOT NULL,
        rarity INTEGER,
        image_file TEXT NOT NULL,     -- last path part of the edition's image path
        created_at TEXT NOT NULL
    );
    CREATE INDEX editions_number ON editions(set_prefix, collector_number);
    CREATE INDEX editions_slug ON editions(slug);
    CREATE INDEX editions_card ON editions(card_uuid, position);
    CREATE INDEX editions_image ON editions(image_file);

    CREATE TABLE images (
        filename TEXT PRIMARY KEY,    -- API file name, e.g. gx83sfhvfi.jpg
        bytes INTEGER NOT NULL,
        stored_at TEXT NOT NULL
    );

    CREATE VIRTUAL TABLE cards_fts USING fts5(
        name, effect_raw, flavor, tokenize = 'unicode61 remove_diacritics 2'
    );                                -- rowid = cards.rowid

    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
    # 2: featured set groups and logos, /option/search, dynamic Thema history.
    """
    CREATE TABLE featured_groups (
        uuid TEXT PRIMARY KEY,
        position INTEGER NOT NULL,    -- order in the received /featured-sets array
        body TEXT NOT NULL            -- the group JSON as received
    );

    CREATE TABLE logos (
        filename TEXT PRIMARY KEY,    -- e.g. RDO.png
        bytes INTEGER NOT NULL,
        stored_at TEXT NOT NULL
    );

    CREATE TABLE options (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        body TEXT NOT NULL            -- the /option/search response as received
    );

    CREATE TABLE thema_history (
        edition_uuid TEXT NOT NULL,
        kind TEXT NOT NULL,           -- circulation kind: FOIL or NONFOIL
        day TEXT NOT NULL,            -- YYYY-MM-DD of created_at
        uuid TEXT NOT NULL,           -- the entry's uuid as received
        created_at TEXT NOT NULL,     -- as received
        thema_total NUMERIC,
        thema_charm NUMERIC,
        thema_ferocity NUMERIC,
        thema_grace NUMERIC,
        thema_mystique NUMERIC,
        thema_valor NUMERIC,
        rank INTEGER,
        rank_change INTEGER,
        change REAL,
        PRIMARY KEY (edition_uuid, kind, day)
    ) WITHOUT ROWID;
    CREATE INDEX thema_history_day ON thema_history(kind, day);
    """,
    # 3: when each card's stored record last changed in this catalogue (sync watermarks):
    # UTC, YYYY-MM-DDTHH:MM:SS.mmmZ; existing rows start from their last_update.
    """
    ALTER TABLE cards ADD COLUMN changed_at TEXT;
    UPDATE cards SET changed_at = last_update;
    CREATE INDEX cards_changed_at ON cards(changed_at);
    """,
    # 4: search facts (app/store/language/facts.py): card stats and list values, edition flags, as
    # indexed columns, so search filters need not parse card bodies. Filled by backfill().
    """
    CREATE TABLE card_facts (
        card_rowid INTEGER PRIMARY KEY,   -- cards.rowid
        cost INTEGER,                     -- cost.value as a number, NULL for X or none
        cost_x INTEGER NOT NULL,          -- 1 when cost.value is X
        mem NUMERIC, res NUMERIC, level NUMERIC, power NUMERIC, life NUMERIC,
        durability NUMERIC, speed INTEGER
    );
    CREATE TABLE card_values (
        card_rowid INTEGER NOT NULL,
        field TEXT NOT NULL,              -- type, subtype, class, element, format
        value TEXT NOT NULL COLLATE NOCASE
    );
    CREATE INDEX card_values_lookup ON card_values(field, value, card_rowid);
    CREATE INDEX card_values_card ON card_values(card_rowid);
    ALTER TABLE editions ADD COLUMN illustrators TEXT NOT NULL DEFAULT '';
    ALTER TABLE editions ADD COLUMN foil INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE editions ADD COLUMN flip INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE editions ADD COLUMN dynamic INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE editions ADD COLUMN thema_foil NUMERIC;
    ALTER TABLE editions ADD COLUMN thema_nonfoil NUMERIC;
    """,
    # 5: the catalogue's history (app/store/history/revisions.py): one row per write that
    # changed cards, and per card what it did with the card's previous stored body (zlib).
    """
    CREATE TABLE revisions (
        number INTEGER PRIMARY KEY,
        at TEXT NOT NULL,                 -- UTC, YYYY-MM-DDTHH:MM:SS.mmmZ
        source TEXT NOT NULL,             -- files, the API URL, revert of revision N
        kind TEXT NOT NULL,               -- import, sync, revert
        added INTEGER NOT NULL,
        changed INTEGER NOT NULL,
        removed INTEGER NOT NULL,
        kept_out TEXT NOT NULL            -- JSON list of lines: records not written, why
    );
    CREATE TABLE revision_cards (
        revision INTEGER NOT NULL,
        uuid TEXT NOT NULL,
        slug TEXT NOT NULL,               -- after the change (before it for a removal)
        name TEXT NOT NULL,
        kind TEXT NOT NULL,               -- added, changed, removed, or quiet: stored body
                                          -- changed, content not (edition order, dates)
        groups TEXT NOT NULL,             -- ',errata,legality,' (patch-note groups)
        fields TEXT NOT NULL,             -- JSON list of changed field paths
        previous BLOB,                    -- the body before (app/store/history/revisions.py), NULL
                                          -- when added
        PRIMARY KEY (revision, uuid)
    );
    CREATE INDEX revision_cards_uuid ON revision_cards(uuid, revision);
    CREATE INDEX revision_cards_slug ON revision_cards(slug);
    """,
    # 6: covering indexes for searches (app/store/language/query.py,
    # app/store/official/search.py): a search that
    # finds cards by uuid or scans them never reads the large card bodies, and a card's
    # lowest collector number or highest rarity (sort keys) is one index seek.
    """
    CREATE INDEX cards_cover ON cards(uuid, name, slug);
    CREATE INDEX editions_card_number ON editions(card_uuid, collector_number);
    CREATE INDEX editions_card_rarity ON editions(card_uuid, rarity);
    """,
    # 7: card_facts is the search's card table (app/store/language/query.py): it also holds each
    # card's uuid, name and the highest rarity, Thema range, illustrators and flags of its
    # editions, and card_values what its editions hold (set, rarity), so a search
    # scans one narrow table (or its name index, which covers it, in name order) and never
    # looks up a card's editions or row per card; editions_set_order and the SORT_COLUMNS
    # indexes are walked in the order of a search with many hits. The table is made anew
    # (one schema change, not twelve: a fresh file's first open fits a small disk) and
    # filled by backfill(), which rewrites every card's facts, so migration 4 needs no step
    # of its own.
    """
    DROP TABLE card_facts;
    CREATE TABLE card_facts (
        card_rowid INTEGER PRIMARY KEY,   -- cards.rowid
        cost INTEGER,                     -- cost.value as a number, NULL for X or none
        cost_x INTEGER NOT NULL,          -- 1 when cost.value is X
        mem NUMERIC, res NUMERIC, level NUMERIC, power NUMERIC, life NUMERIC,
        durability NUMERIC, speed INTEGER,
        uuid TEXT NOT NULL,
        name TEXT NOT NULL,
        editions INTEGER NOT NULL,        -- how many
        rarity INTEGER,                   -- the highest of its editions'
        thema NUMERIC,                    -- the highest edition Thema (foil or non-foil)
        thema_low NUMERIC,                -- the lowest
        illustrators TEXT,                -- every edition's, one a line (NULL: no editions)
        foil INTEGER NOT NULL,            -- 1: any edition is
        flip INTEGER NOT NULL,
        dynamic INTEGER NOT NULL,
        languages TEXT                    -- of its editions' sets, see facts.set_languages
    );
    CREATE INDEX card_facts_uuid ON card_facts(uuid);
    CREATE INDEX card_facts_name ON card_facts(name COLLATE NOCASE, uuid, cost, cost_x, mem,
        res, level, power, life, durability, speed, rarity, thema, thema_low, foil, flip,
        dynamic, illustrators);
    CREATE INDEX editions_set_order ON editions(set_prefix COLLATE NOCASE, collector_number);
    """ + _SORT_INDEXES,
    # 8: for the search's long tail on large catalogues: a rare language's
    # editions are found through their sets' ids (lang:cn per edition scanned all editions,
    # 60 ms on the generated catalogue of 220,000; lang:en's count reads the narrow index),
    # and descending key orders walk their own index like ascending ones (a scan and top-N
    # sort of every hit, 40-60 ms). SQLite keeps indexes current, so the writer and history
    # revert need no step.
    """
    CREATE INDEX editions_set_id ON editions(set_id);
    """ + _DESC_SORT_INDEXES,
    # 9: the official search's facts (app/store/official/facts.py): what /cards/search
    # filters on beyond the search facts (texts, rules, legality limits, edition illustrator,
    # language, collaborators, Thema parts, populations) as rows written with the card;
    # the search parsed card bodies per card and per edition for them (a population filter:
    # seconds a page on the generated catalogue of 110,000 cards). backfill_api() derives
    # them from every stored body with the expressions the search used.
    API_FACTS,
    # 10: the empty query's hits per card by name (app/store/language/start_page.py), the
    # window's first search, stored by the writer and read in one query; install() adds
    # the triggers that empty the table when a table the query reads changes.
    START_PAGE,
    # 11: the official search's sort keys (app/store/official/facts.py): each card's
    # lowest collector number and rarity, with its name and uuid, the collector number
    # indexed in both sort directions; a search without edition filters computed them per
    # card for every hit and sorted all hits (100 ms a page on the generated catalogue), it
    # now walks the index when hits are dense. backfill_order() writes them for every card.
    ORDER_SCHEMA,
    # 12: the search language's stored counts (app/store/language/value_counts.py): the
    # languages, flags and illustrator names of each card's editions as card_values rows
    # (a value once a card), and how many cards (and their editions) hold each value, kept
    # by triggers; a rare value (lang:cn, is:dynamic, a:alkai) scanned every card twice,
    # 30-60 ms on the generated catalogue, it is now found through the index, and a
    # one-value search takes its total from the counts. editions_shown covers what a card
    # hit's shown edition is chosen by (a search sorted by set), and two Thema indexes find
    # thema=N. install() writes the rows, the counts and the triggers.
    VALUE_COUNTS,
    # 13: the official search's narrow edition table (
    # app/store/official/narrow_editions.py):
    # per edition what /cards/search filters and sorts editions by, indexed by the filtered
    # values, so a search with edition filters reads one narrow table (it joined four tables
    # per hit card: 100-700 ms a page on the generated catalogue); the card's last_update
    # indexed. backfill_narrow() writes the rows of every card.
    API_NARROW,
    # 14: the official search's texts indexed (
    # app/store/official/text_filters.py): the card
    # and edition effect and flavor columns, their non-NULL rows, so a text filter tests
    # each distinct text once (a catalogue holds few) instead of every row (effect=draw a
    # card: 90 ms on the generated catalogue); and the narrow editions' populations in card
    # order, so a population filter counts its cards on them
    # (app/store/official/narrow_editions.py).
    # Indexes only: SQLite fills and keeps them.
    API_TEXTS + POPULATIONS_INDEX,
    # 15: the search's version (app/store/language/search_stamp.py): a counter that triggers
    # on cards and images move with every card (or image) written or removed, and the file's
    # own random name, so the search language's bitmaps, kept in files beside the catalogue,
    # are known current or remade. install() writes the row and the triggers.
    SEARCH_STAMP,
    # 16: the official search's orders (app/store/official/orders.py): an index for every
    # sort key in both orders with the official ties (name in the same order, then uuid),
    # so a search with many hits walks its order for any sort (a search without filters
    # sorted by life sorted every card: 70 ms on the generated catalogue); and the narrow
    # editions' often-dense filter columns in card order, so a count of their cards reads
    # one narrow index (app/store/official/narrow_editions.py).
    # Indexes only: SQLite fills and keeps them.
    API_ORDERS + FILTERS_SCHEMA,
)

def _install_start_page(conn: sqlite3.Connection) -> None:
    """Migration 10's data step: the empty query's rows, run by the search language's query
    (loaded here only when a file is migrated, as opening a catalogue need not load it)."""
    from app.store.language.query import card_rows

    install_start_page(conn, card_rows)


DATA_STEPS: dict[int, Callable[[sqlite3.Connection], None]] = {
    7: backfill, 9: backfill_api, 10: _install_start_page, 11: backfill_order,
    12: install_value_counts, 13: backfill_narrow, 15: install_search_stamp}
"""Python steps that run after a migration's SQL, in the same transaction."""

SCHEMA_VERSION = len(MIGRATIONS)


def migrate(conn: sqlite3.Connection) -> int:
    """Bring ``conn``'s file to :data:`SCHEMA_VERSION`; return the version it had.

    Raises:
        StoreError: the file was written by a newer Archivist.
    """
    (current,) = conn.execute("PRAGMA user_version").fetchone()
    if current > SCHEMA_VERSION:
        raise StoreError(
            f"The catalogue file has schema version {current}, newer than this Archivist "
            f"understands ({SCHEMA_VERSION}). Update Archivist or choose another --data-dir."
        )
    if current == SCHEMA_VERSION:
        return int(current)
    conn.execute("BEGIN IMMEDIATE")
    try:
        (current,) = conn.execute("PRAGMA user_version").fetchone()
        for version in range(current + 1, SCHEMA_VERSION + 1):
            for statement in MIGRATIONS[version - 1].split(";"):
                if statement.strip():
                    conn.execute(statement)
            if version in DATA_STEPS:
                DATA_STEPS[version](conn)
            conn.execute(f"PRAGMA user_version = {version}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return int(current)
