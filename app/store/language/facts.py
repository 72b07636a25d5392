"""Search facts: the card and edition values the search language filters on, as columns.

The card body is JSON; SQLite 3.40 parses a whole body for every ``json_extract``, which
made a filter on a card stat about one second per term on a catalogue of 110,000 cards.
These rows are derived from the body when a card is written (and by migration 4 for
existing files), so filters read indexed columns instead. Nothing here is served back.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

SORT_COLUMNS = ("cost", "level", "rarity", "thema")
"""The card_facts columns whose ascending and descending orders (no value last, then name,
then uuid) have an index, ``card_facts_<column>_asc`` (migration 7) and ``…_desc``
(migration 8), that app/store/language/plan.py walks. Power and life orders scan: each index
is a page of a new, empty catalogue, and one made on a nearly full disk must still open
(tests/cli/test_diskfull.py)."""

_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
"""SQLite's NOCASE folds ASCII letters only."""
CARD_LISTS = {"type": "types", "subtype": "subtypes", "class": "classes", "element": "elements"}


def _number(value: Any) -> float | int | None:
    return value if isinstance(value, int | float) and not isinstance(value, bool) else None


def cost_number(card: dict[str, Any]) -> int | None:
    """The cost as a number (``cost.value`` "3" → 3); None for X, none or a missing value."""
    value = (card.get("cost") or {}).get("value")
    return int(value) if isinstance(value, str) and value.isdigit() else None


def card_values(card: dict[str, Any]) -> list[tuple[str, str]]:
    """``(field, value)`` of the card's list fields, legality formats (``format``; and
    ``banned`` or ``restricted`` for a whole-number limit of 0 or at least 1), and of what
    its editions hold (``set``: prefix, ``rarity``), each once."""
    out = [
        (field, str(v)) for field, key in CARD_LISTS.items()
        for v in card.get(key) or [] if isinstance(v, str)
    ]
    legality = card.get("legality")
    if isinstance(legality, dict):
        out += [("format", str(fmt)) for fmt in legality]
        for fmt, rule in legality.items():  # app.model.legality: a whole-number limit
            limit = rule.get("limit") if isinstance(rule, dict) else None
            if isinstance(limit, int) and not isinstance(limit, bool) and limit >= 0:
                out.append(("banned" if limit == 0 else "restricted", str(fmt)))
    held: dict[tuple[str, str], None] = {}
    for edition in card.get("editions") or []:
        s = edition.get("set") or {}
        pairs = [("set", s.get("prefix")), ("rarity", _whole(edition.get("rarity")))]
        held.update(((f, str(v)), None) for f, v in pairs if v is not None)
    return out + list(held)


def _whole(value: Any) -> Any:
    """A whole number as an int (rarity 3.0 is stored as 3 by the INTEGER column)."""
    number = _number(value)
    return int(number) if number is not None and float(number).is_integer() else number


def editions_summary(card: dict[str, Any]) -> tuple[Any, ...]:
    """``(rarity, thema, thema_low, illustrators, foil, flip, dynamic)`` over the card's
    editions: the highest rarity, the highest and lowest of their foil and non-foil Thema
    totals (None when none has one), every edition's illustrators, one name a line (None
    without editions), and 1 when any edition is foil (flip, dynamic)."""
    rarities = [r for e in card.get("editions") or []
                if (r := _number(e.get("rarity"))) is not None]
    facts = [edition_facts(e) for e in card.get("editions") or []]
    themas = [t for f in facts for t in f[4:] if t is not None]
    return (max(rarities, default=None), max(themas, default=None),
            min(themas, default=None), "\n".join(f[0] for f in facts) if facts else None,
            *(int(any(f[i] for f in facts)) for i in (1, 2, 3)))


def edition_facts(edition: dict[str, Any]) -> tuple[str, int, int, int, Any, Any]:
    """``(illustrators, foil, flip, dynamic, thema_foil, thema_nonfoil)`` of an edition.

    ``illustrators`` joins the illustrator and the collaborators with newlines; ``foil`` is 1
    when a circulation or circulation template is of kind FOIL.
    """
    names = [edition.get("illustrator"), *(edition.get("collaborators") or [])]
    prints = [*(edition.get("circulationTemplates") or []), *(edition.get("circulations") or [])]
    foil = any(str(p.get("kind", "")).upper() == "FOIL" for p in prints if isinstance(p, dict))
    dynamic = bool(edition.get("thema_foil_dynamic") or edition.get("thema_nonfoil_dynamic"))
    return (
        "\n".join(n for n in names if isinstance(n, str)),
        int(foil),
        int(str(edition.get("configuration", "")).lower() == "flip"),
        int(dynamic),
        _number(edition.get("thema_foil")),
        _number(edition.get("thema_nonfoil")),
    )


def index_card(conn: sqlite3.Connection, rowid: int, card: dict[str, Any]) -> None:
    """Write the full-text row and the facts of the card at ``rowid`` (replacing old ones)."""
    unindex_card(conn, rowid)
    conn.execute(
        "INSERT INTO cards_fts(rowid, name, effect_raw, flavor) VALUES (?, ?, ?, ?)",
        (rowid, card.get("name") or "", card.get("effect_raw") or "", card.get("flavor") or ""),
    )
    value = (card.get("cost") or {}).get("value")
    summary = editions_summary(card)
    conn.execute(
        "INSERT INTO card_facts(card_rowid, cost, cost_x, mem, res, level, power, life, "
        "durability, speed, uuid, name, editions, rarity, thema, thema_low, illustrators, "
        "foil, flip, dynamic) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (rowid, cost_number(card), int(str(value).upper() == "X"),
         _number(card.get("cost_memory")), _number(card.get("cost_reserve")),
         _number(card.get("level")), _number(card.get("power")), _number(card.get("life")),
         _number(card.get("durability")),
         None if card.get("speed") is None else int(bool(card.get("speed"))),
         str(card.get("uuid", "")), str(card.get("name") or ""), len(card.get("editions") or []),
         *summary),
    )
    once: dict[tuple[str, str], str] = {}  # a value once a card (any ASCII case, as NOCASE)
    for field, v in (*card_values(card), *search_values(*summary[3:])):
        once.setdefault((field, v.translate(_ASCII_LOWER)), v)
    conn.executemany(
        "INSERT INTO card_values(card_rowid, field, value) VALUES (?, ?, ?)",
        [(rowid, field, v) for (field, _), v in once.items()],
    )


def search_values(illustrators: str | None, foil: int, flip: int, dynamic: int
                  ) -> list[tuple[str, str]]:
    """``(field, value)`` rows the search finds cards by (:mod:`app.store.language.value_counts`):
    ``illustrator``, each name of ``illustrators`` (the card's, one a line; once), and
    ``is``, each of ``foil``, ``flip``, ``dynamic`` that is 1 (columns of card_facts)."""
    names = dict.fromkeys(n for n in (illustrators or "").split("\n") if n)
    flags = (("foil", foil), ("flip", flip), ("dynamic", dynamic))
    return [("illustrator", n) for n in names] + [("is", f) for f, on in flags if on]


def unindex_card(conn: sqlite3.Connection, rowid: int) -> None:
    """Delete the full-text row and the facts of the card at ``rowid``."""
    conn.execute("DELETE FROM cards_fts WHERE rowid = ?", (rowid,))
    # the values first: their counts' triggers read the card's edition count
    conn.execute("DELETE FROM card_values WHERE card_rowid = ?", (rowid,))
    conn.execute("DELETE FROM card_facts WHERE card_rowid = ?", (rowid,))


def set_edition_facts(conn: sqlite3.Connection, edition: dict[str, Any]) -> None:
    """Fill the fact columns of an already written edition row."""
    conn.execute(
        "UPDATE editions SET illustrators = ?, foil = ?, flip = ?, dynamic = ?, "
        "thema_foil = ?, thema_nonfoil = ? WHERE uuid = ?",
        (*edition_facts(edition), edition["uuid"]),
    )


_LANGUAGES = (  # each upper-cased, between char(31)s (which no query value holds)
    "UPDATE card_facts SET languages = (SELECT char(31) || group_concat(l, char(31)) || "
    "char(31) FROM (SELECT DISTINCT upper(s.language) AS l FROM editions e JOIN sets s "
    "ON s.id = e.set_id WHERE e.card_uuid = card_facts.uuid)) WHERE {}"
)


_LANGUAGE_ROWS = (  # the same languages as rows of card_values (app.store.language.value_counts)
    # (the unary + keeps SQLite off the (field, value) index: every card has lang rows, so
    # that index walked all of them for each card written, quadratic in the catalogue)
    "DELETE FROM card_values WHERE +field = 'lang' AND card_rowid IN "
    "(SELECT card_rowid FROM card_facts WHERE {0})",
    "INSERT INTO card_values(card_rowid, field, value) SELECT DISTINCT card_facts.card_rowid, "
    "'lang', upper(s.language) FROM card_facts JOIN editions e ON e.card_uuid = card_facts.uuid "
    "JOIN sets s ON s.id = e.set_id WHERE {0}",
)


def set_languages(conn: sqlite3.Connection, card_uuid: str | None = None,
                  set_id: str | None = None) -> None:
    """Fill ``card_facts.languages`` and the ``lang`` rows of ``card_values`` from the stored
    editions and sets: of one card, of the cards with an edition in one set (whose language
    changed), or of every card."""
    params: tuple[str, ...] = ()
    if card_uuid is not None:
        which, params = "card_facts.uuid = ?", (card_uuid,)
    elif set_id is not None:
        which = "card_facts.uuid IN (SELECT card_uuid FROM editions WHERE set_id = ?)"
        params = (set_id,)
    else:
        which = "1"
    conn.execute(_LANGUAGES.format(which), params)
    for sql in _LANGUAGE_ROWS:
        conn.execute(sql.format(which), params)


def backfill(conn: sqlite3.Connection) -> None:
    """Migration 7's data step: derive the facts of every stored card and edition."""
    for rowid, body in conn.execute("SELECT rowid, body FROM cards").fetchall():
        card = json.loads(body)
        index_card(conn, rowid, card)
        for edition in card.get("editions", []):
            set_edition_facts(conn, edition)
    set_languages(conn)
