"""A big write into a catalogue that holds no card (the first full sync, the first import):
every card is new, so there is nothing to look up, compare, refuse or delete per card, and
each table's rows are written by one ``executemany`` for every card instead of a dozen
statements a card (the derived rows of 2,235 real cards: 1.2 s of CPU card by card).

The rows are the very rows, in the very order, that the card-by-card path writes: the same
functions derive them (:func:`app.store.language.facts.index_card`,
:func:`app.store.official.facts.index_api`), handed a :class:`Deferred` instead of the
connection, which runs each of their statements once for every card, cards in order.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any, cast

from app.store.write.records import CardRecord


class FreshCheck:
    """Whether the cards of a big write can be written all at once: the catalogue holds no
    card (nor search facts), no two records share a uuid, a slug or an edition uuid (so no
    card is refused or frees a slug), and no set changes its language within the write
    (which would re-derive the languages of the cards written before it).

    Raises (the constructor):
        sqlite3.Error: SQLite failed.
    """

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.empty = not any(conn.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone()
                             for table in ("cards", "card_facts"))
        self._languages: dict[str, Any] = dict(
            conn.execute("SELECT id, language FROM sets").fetchall())
        self._uuids: set[str] = set()
        self._slugs: set[Any] = set()
        self._owners: dict[Any, str] = {}

    def accepts(self, records: Sequence[CardRecord]) -> bool:
        """Whether ``records`` (the write's cards) can be written all at once."""
        if not self.empty:
            return False
        for record in records:
            card = record.raw
            if record.uuid in self._uuids or card["slug"] in self._slugs:
                self.empty = False
                return False
            self._uuids.add(record.uuid)
            self._slugs.add(card["slug"])
            for edition in card["editions"]:
                s = edition["set"]
                if (self._owners.setdefault(edition["uuid"], record.uuid) != record.uuid
                        or self._languages.setdefault(s["id"], s["language"]) != s["language"]):
                    self.empty = False
                    return False
        return True


class Deferred:
    """Stands in for the connection of functions that write one card's derived rows: it
    keeps each ``INSERT`` and ``DELETE`` they run, and :meth:`run` runs each statement once
    for every card (one ``executemany``), statements in the order they first came.

    That is the card-by-card result when each card's statements touch only its own rows
    and read no row another of them writes (each function's docstring says what it
    reads); a rows' table gets them card after card, so even implicit rowids are the same.
    A statement of another kind (a read whose answer the function would use) is refused
    with a TypeError rather than answered wrongly.
    """

    def __init__(self) -> None:
        self._runs: dict[str, list[Any]] = {}

    @property
    def connection(self) -> sqlite3.Connection:
        """This object, typed as the connection the functions take."""
        return cast(sqlite3.Connection, self)

    def execute(self, sql: str, params: Any = ()) -> None:
        """Keep one statement (an ``INSERT`` or ``DELETE``) with its parameters."""
        self._rows(sql).append(params)

    def executemany(self, sql: str, rows: Any) -> None:
        """Keep one statement with each of its parameter rows."""
        self._rows(sql).extend(rows)

    def _rows(self, sql: str) -> list[Any]:
        rows = self._runs.get(sql)
        if rows is None:
            if sql.lstrip()[:6].upper() not in ("INSERT", "DELETE"):
                raise TypeError(f"only INSERT and DELETE statements can be deferred: {sql[:60]}")
            rows = self._runs[sql] = []
        return rows

    def run(self, conn: sqlite3.Connection) -> None:
        """Run every kept statement on ``conn``, each once with all its parameter rows.

        Raises:
            sqlite3.Error: SQLite failed.
        """
        for sql, rows in self._runs.items():
            conn.executemany(sql, rows)
        self._runs.clear()
