"""Stored hit counts per search value, and the values the search finds cards by.

A search term that only a scan could test (``lang:cn``, ``is:dynamic``, ``a:alkai`` per
card: a text or flag column of every card) read every card twice (once for the total, once
for the page): 30–60 ms on the generated catalogue of 111,750 cards for a few hundred hits.
Its values are now also rows of ``card_values`` (``lang``: each language of the card's
editions' sets, upper case; ``is``: ``foil``, ``flip`` or ``dynamic`` when any edition is;
``illustrator``: each name an edition credits), so a rare one is found through the index,
and ``value_counts`` holds how many rows each value has, so the search knows whether a
value is rare before it reads any card (a common one, ``lang:en``, is still tested per
card: a list of 100,000 cards costs more than the scan).

Triggers on ``card_values`` keep the counts, so every writer (import, sync, history revert)
does; the rows themselves are written with the card's facts (:mod:`app.store.language.facts`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.search.ast import Node, Term
    from app.store.db.reading import Reading

# app.search is loaded by the functions that read a query: opening a catalogue (the
# schema names this module's SQL and install()) need not load the search language.

SCHEMA = """
CREATE TABLE IF NOT EXISTS value_counts (
    field TEXT NOT NULL,
    value TEXT NOT NULL COLLATE NOCASE,
    cards INTEGER NOT NULL,           -- the cards holding it (a value is once a card)
    editions INTEGER NOT NULL,        -- their editions (card_facts.editions)
    PRIMARY KEY (field, value)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS editions_shown ON editions(card_uuid, position, image_file,
    set_prefix, collector_number, rarity, set_id, foil, flip, dynamic, thema_foil,
    thema_nonfoil);
CREATE INDEX IF NOT EXISTS editions_thema_foil ON editions(thema_foil);
CREATE INDEX IF NOT EXISTS editions_thema_nonfoil ON editions(thema_nonfoil);
"""
"""Migration 12's SQL; :func:`install` is its data step. ``editions_shown`` holds what
a card hit's shown edition is chosen by (its position, image, and the edition columns a
query tests but the illustrators) and its set prefix and number, so a search sorted by set
finds every hit's shown edition in the index (it read two edition rows a hit, 10 µs each on
the generated catalogue), and a count of editions by those columns reads the index, not the
rows (thema>=1214 per edition: 36 ms, 26 ms). ``thema=N`` finds its editions through the
two Thema indexes."""

SEARCH_FIELDS = ("lang", "is", "illustrator")
"""The card_values fields written for the search only (not values a card lists)."""

_EDITIONS = "IFNULL((SELECT editions FROM card_facts WHERE card_rowid = {}.card_rowid), 0)"
_TRIGGERS = (  # the card's facts are written before its values and deleted after them
    "CREATE TRIGGER IF NOT EXISTS value_counts_add AFTER INSERT ON card_values BEGIN "
    "INSERT INTO value_counts(field, value, cards, editions) "
    f"VALUES (new.field, new.value, 1, {_EDITIONS.format('new')}) "
    "ON CONFLICT(field, value) DO UPDATE SET cards = cards + 1, "
    "editions = editions + excluded.editions; END",
    "CREATE TRIGGER IF NOT EXISTS value_counts_remove AFTER DELETE ON card_values BEGIN "
    f"UPDATE value_counts SET cards = cards - 1, editions = editions - {_EDITIONS.format('old')} "
    "WHERE field = old.field AND value = old.value; "
    "DELETE FROM value_counts WHERE field = old.field AND value = old.value AND cards <= 0; "
    "END",
)


def install(conn: sqlite3.Connection) -> None:
    """Migration 12's data step: every stored card's search rows, the counts, the triggers."""
    from app.store.language.facts import search_values, set_languages

    conn.execute("DELETE FROM card_values WHERE field IN ('is', 'illustrator')")  # migration 7
    rows = conn.execute("SELECT card_rowid, illustrators, foil, flip, dynamic FROM card_facts"
                        ).fetchall()
    conn.executemany(
        "INSERT INTO card_values(card_rowid, field, value) VALUES (?, ?, ?)",
        [(rowid, field, value) for rowid, *summary in rows
         for field, value in search_values(*summary)])
    set_languages(conn)  # the lang rows
    conn.execute(  # a value once a card (older writers kept repeats), as index_card does
        "DELETE FROM card_values WHERE rowid NOT IN "
        "(SELECT MIN(rowid) FROM card_values GROUP BY card_rowid, field, value)")
    _recount(conn)
    for trigger in _TRIGGERS:
        conn.execute(trigger)


def _recount(conn: sqlite3.Connection) -> None:
    conn.execute("DELETE FROM value_counts")
    conn.execute("INSERT INTO value_counts(field, value, cards, editions) "
                 "SELECT v.field, v.value, COUNT(*), TOTAL(c.editions) FROM card_values v "
                 "LEFT JOIN card_facts c ON c.card_rowid = v.card_rowid GROUP BY v.field, v.value")


@contextmanager
def counting(conn: sqlite3.Connection, big: bool) -> Iterator[None]:
    """Keep ``value_counts`` right across a write in ``conn``'s open transaction.

    A small write is counted by the triggers, row by row. A ``big`` one
    (:func:`app.store.write.batch.big_write`: a full sync, the first import) sets the triggers
    aside and counts every value once at its end: the triggers cost ~10 µs a value row,
    0.26 s of a full sync of the real catalogue's 2,235 cards, the count ~30 ms. The
    triggers are back when the block ends, whether it fails or not; a failure rolls the
    transaction back, counts included.

    Raises:
        sqlite3.Error: SQLite failed.
    """
    if not big:
        yield
        return
    for name in ("value_counts_add", "value_counts_remove"):
        conn.execute(f"DROP TRIGGER IF EXISTS {name}")
    try:
        yield
        _recount(conn)
    finally:
        for trigger in _TRIGGERS:
            conn.execute(trigger)


def value_count(store: Reading, field: str, value: str, like: bool = False,
                what: str = "cards") -> int:
    """How many cards hold ``value`` (any case) in ``field`` (``what="editions"``: how
    many editions those cards have); with ``like``, the values that match the LIKE pattern
    ``value`` (escape ``\\``), summed.

    Raises:
        sqlite3.Error: SQLite failed.
    """
    test = "LIKE ? ESCAPE '\\'" if like else "= ?"
    column = "editions" if what == "editions" else "cards"
    (count,) = store.connection().execute(
        f"SELECT TOTAL({column}) FROM value_counts WHERE field = ? AND value {test}",
        (field, value)).fetchone()
    return int(count)


_BY_VALUE = {"type": "type", "subtype": "subtype", "class": "class", "element": "element",
             "banned": "banned", "restricted": "restricted", "rarity": "rarity",
             "lang": "lang", "is": "is"}
"""Search fields whose per-card test is "holds the value" (card_values field of the same
name; ``is`` only for the edition flags)."""
_FLAGS = ("foil", "flip", "dynamic")
_CARD_FIELDS = ("type", "subtype", "class", "element", "banned", "restricted")
"""The fields of :data:`_BY_VALUE` about the card (per edition: every edition of it)."""


def exact_total(store: Reading, tree: Node, per: str = "card") -> int | None:
    """How many cards match ``tree`` from the stored counts alone, when it is one term
    that holds for the cards holding one value (``t:ally``, ``r:c``, ``lang:en``,
    ``s:"DOA 1st"``, ``-el:fire``, ``f:standard``), else None; ``per="edition"``: how many
    editions, for a term about the card (``t:ally``, not ``r:c``).

    A card holds a value at most once (:func:`app.store.language.facts.index_card`), so a value's
    count is its number of cards; a negated term's is the other cards.

    Raises:
        sqlite3.Error: SQLite failed.
    """
    from app.search.ast import And, Not, Term
    from app.search.fields import about_edition

    negated = False
    while True:
        if isinstance(tree, And) and len(tree.children) == 1:
            tree = tree.children[0]
        elif isinstance(tree, Not):
            negated, tree = not negated, tree.child
        else:
            break
    if not isinstance(tree, Term) or tree.op not in (":", "!="):
        return None
    negated ^= tree.op == "!="
    field, value = tree.field, str(tree.value)
    if field == "format":  # legal: not banned
        field, negated = "banned", not negated
    conn = store.connection()
    if per != "card" and field not in _CARD_FIELDS:
        return None
    if negated and about_edition(tree):  # per card: some edition lacks it, not a count
        return None
    if field == "set":
        from app.store.language.conditions import SET_PARAMS, SET_PREFIXES

        found = conn.execute(
            f"SELECT COUNT(*), TOTAL(cards) FROM value_counts WHERE field = 'set' AND value IN "
            f"({SET_PREFIXES})", (value,) * SET_PARAMS).fetchone()
        if found[0] > 1:  # a card may be in more than one of the sets
            return None
        count = int(found[1])
    elif field in _BY_VALUE and (field != "is" or value in _FLAGS):
        count = value_count(store, field, value.strip() if field != "lang" else value,
                            what="cards" if per == "card" else "editions")
    else:
        return None
    if not negated:
        return count
    return every(store, per) - count


def every(store: Reading, per: str) -> int:
    """How many cards (``per="card"``) or editions of cards a search can find.

    Raises:
        sqlite3.Error: SQLite failed.
    """
    sql = "COUNT(*)" if per == "card" else "TOTAL(editions)"
    (count,) = store.connection().execute(f"SELECT {sql} FROM card_facts").fetchone()
    return int(count)


def most_cards(store: Reading, tree: Node, cards: int) -> int:
    """An upper bound of how many cards match ``tree`` (per card), from the stored counts:
    a term holding a value matches at most the value's cards, ``and`` at most its rarest
    part, ``or`` at most the sum; anything else (a number, a negation, a word) ``cards``.

    Raises:
        sqlite3.Error: SQLite failed.
    """
    from app.search.ast import And, Not, Term

    if isinstance(tree, Term):
        return min(cards, _term_cards(store, tree, cards))
    if isinstance(tree, Not) or not tree.children:
        exact = exact_total(store, tree) if isinstance(tree, Not) else None
        return cards if exact is None else exact
    bounds = [most_cards(store, child, cards) for child in dict.fromkeys(tree.children)]
    return min(bounds) if isinstance(tree, And) else min(cards, sum(bounds))


def _term_cards(store: Reading, t: Term, cards: int) -> int:
    if t.op != ":":
        return cards
    from app.store.language.conditions import SET_PARAMS, SET_PREFIXES, rare_key

    if t.field == "set":
        (count,) = store.connection().execute(
            f"SELECT TOTAL(cards) FROM value_counts WHERE field = 'set' AND value IN "
            f"({SET_PREFIXES})", (str(t.value),) * SET_PARAMS).fetchone()
        return int(count)
    key = rare_key(t)
    if key is not None:
        return value_count(store, *key)
    if t.field in _BY_VALUE and t.field != "is":
        return value_count(store, t.field, str(t.value).strip())
    return cards


def negated(tree: Node) -> Node:
    """The query that matches exactly the cards ``tree`` does not (per card: when it has
    no edition term, :func:`app.store.language.conditions.compile_where`), its negations pushed
    down to the terms (``-(a or b)`` is ``-a -b``), so that SQLite can find its cards
    through the index when they are few. Every compiled condition is 0 or 1, never NULL,
    so the two counts add up to every card."""
    from app.search.ast import And, Not, Or, Term

    if isinstance(tree, Not):
        return tree.child
    if isinstance(tree, Term) or not tree.children:
        return Not(tree)
    flipped = tuple(negated(child) for child in tree.children)
    return Or(flipped) if isinstance(tree, And) else And(flipped)
