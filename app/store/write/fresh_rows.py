"""The official search's rows (:mod:`app.store.official.facts`) of the cards of a write into
an empty catalogue, derived in Python from the cards already parsed, instead of by SQLite's
JSON functions re-reading each stored body (a third of a first full sync's write).

The rows are the very rows ``index_api`` writes, in the same order (so the same rowids): each
value is what ``json_extract`` gives for it (a JSON ``true`` is 1, a missing key NULL, a
``null`` list 0 long), and a ``null`` where ``json_each`` walks yields its one row, as there.
A card holding a value those functions would give otherwise (a nested object or list where
a scalar is read, a fraction or a number beyond 64 bits, a string with a NUL character) is not
derived here: :func:`api_rows` answers None and the caller runs the SQL for every card.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

from app.store.official.facts import LIST_LENGTHS, THEMA_PARTS

Rows = dict[str, list[tuple[Any, ...]]]
"""``table → rows`` in insertion order."""

_WIDTH = {"api_cards": 3 + len(LIST_LENGTHS), "api_rules": 3, "api_legality": 3,
          "api_editions": 8 + len(THEMA_PARTS), "api_prints": 4}
_LISTS = tuple(LIST_LENGTHS.values())
_EDITION_KEYS = ("illustrator", "effect_raw", "flavor", "last_update")
_INT64 = (-(2 ** 63), 2 ** 63 - 1)


class _Unplain(Exception):
    """A value SQLite's JSON functions would not give back as Python reads it."""


def _check(rows: list[tuple[Any, ...]]) -> None:
    """Raise _Unplain unless every value of ``rows`` is one ``json_extract`` gives as is."""
    for row in rows:
        for value in row:
            kind = type(value)
            if kind is str:
                if "\x00" in value:
                    raise _Unplain
            elif kind is int:
                if not _INT64[0] <= value <= _INT64[1]:
                    raise _Unplain
            elif value is not None and kind is not bool:
                raise _Unplain  # a float: SQLite's own reading of its digits might differ


def _length(value: Any, missing: bool, null: int | None) -> int | None:
    """``json_array_length`` of a list value (None when ``missing``, ``null`` for null)."""
    if missing:
        return None
    if value is None:
        return null
    if isinstance(value, list):
        return len(value)
    raise _Unplain


def _walk(value: Any, missing: bool) -> list[Any]:
    """What ``json_each`` walks of a value: its entries (a null: one null entry)."""
    if missing:
        return []
    if value is None:
        return [None]
    if isinstance(value, list):
        return value
    raise _Unplain


def _pair(entry: Any, first: str, second: str) -> tuple[Any, Any]:
    """Two keys of a walked entry (a null entry: two NULLs, as ``json_extract(NULL)``)."""
    if entry is None:
        return None, None
    if not isinstance(entry, dict):
        raise _Unplain
    return entry.get(first), entry.get(second)


def _card(rowid: int, card: dict[str, Any], out: Rows) -> None:
    out["api_cards"].append((rowid, card.get("effect_raw"), card.get("flavor"), *(
        _length(card.get(key), key not in card, 0) for key in _LISTS)))
    for rule in _walk(card.get("rule"), "rule" not in card):
        out["api_rules"].append((rowid, *_pair(rule, "title", "description")))
    legality = card.get("legality")
    if isinstance(legality, dict):
        for fmt, value in legality.items():
            if value is not None and not isinstance(value, dict):
                raise _Unplain
            out["api_legality"].append((rowid, fmt, None if value is None
                                        else value.get("limit")))
    editions = card["editions"]
    if not isinstance(editions, list):
        raise _Unplain
    prints: list[tuple[Any, ...]] = []
    circulations: list[tuple[Any, ...]] = []
    for position, e in enumerate(editions):
        if not isinstance(e, dict):
            raise _Unplain
        s = e.get("set")
        if s is not None and not isinstance(s, dict):
            raise _Unplain
        out["api_editions"].append((
            rowid, position, *[e.get(key) for key in _EDITION_KEYS],
            None if s is None else s.get("language"),
            _length(e.get("collaborators"), "collaborators" not in e, None),
            *[e.get(part) for part in THEMA_PARTS]))
        for key, into in (("circulationTemplates", prints), ("circulations", circulations)):
            value = e.get(key)  # json_each(NULL) walks nothing: a null list has no entry
            for entry in _walk(value, value is None):
                into.append((rowid, position, *_pair(entry, "foil", "population")))
    out["api_prints"] += prints + circulations  # templates of every edition, then the rest


def api_rows(cards: Sequence[tuple[int, dict[str, Any]]]) -> Rows | None:
    """The official search's rows (but ``api_order``) of ``(rowid, card)`` pairs, cards in
    rowid order; None when a card holds a value only SQLite's JSON functions read right."""
    out: Rows = {table: [] for table in _WIDTH}
    try:
        for rowid, card in cards:
            _card(rowid, card, out)
        for rows in out.values():
            _check(rows)
    except _Unplain:
        return None
    return out


def insert_rows(conn: sqlite3.Connection, rows: Rows) -> None:
    """Write :func:`api_rows`'s rows, one ``executemany`` a table.

    Raises:
        sqlite3.Error: SQLite failed.
    """
    for table, width in _WIDTH.items():
        conn.executemany(f"INSERT INTO {table} VALUES ({', '.join('?' * width)})", rows[table])
