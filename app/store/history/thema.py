"""Dynamic Thema history in the catalogue file: table ``thema_history`` (schema migration 2).

One row per edition, circulation kind and day (``day`` = the first 10 characters of the
entry's ``created_at``). Writes are upserts: a later entry for the same edition, kind and day
replaces the earlier one. Source: spec endpoints 6 and 7.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass, fields
from datetime import date
from typing import Any

from app.model.vocabulary import THEMA_SCORE_KEYS
from app.store.db.connection import Store

log = logging.getLogger("app.store")

SCORES = THEMA_SCORE_KEYS


@dataclass(frozen=True)
class ThemaRow:
    """One stored history entry; the columns of ``thema_history``. Scores are numbers or None."""

    edition_uuid: str
    kind: str
    day: str
    uuid: str
    created_at: str
    thema_total: int | float | None
    thema_charm: int | float | None
    thema_ferocity: int | float | None
    thema_grace: int | float | None
    thema_mystique: int | float | None
    thema_valor: int | float | None
    rank: int | None
    rank_change: int | None
    change: float | None

    def entry(self) -> dict[str, Any]:
        """The spec's Dynamic Thema history entry (its keys in the spec's order)."""
        return {
            "uuid": self.uuid, "kind": self.kind,
            **{name: getattr(self, name) for name in SCORES},
            "created_at": self.created_at, "rank": self.rank, "rank_change": self.rank_change,
            "change": self.change,
        }

    def entry_with_edition(self) -> dict[str, Any]:
        """:meth:`entry` plus ``edition_uuid`` (the shape of :mod:`app.thema.derive`)."""
        return {**self.entry(), "edition_uuid": self.edition_uuid}


_COLUMNS = [f.name for f in fields(ThemaRow)]
_SELECT = f"SELECT {', '.join(_COLUMNS)} FROM thema_history"
_UPSERT = (
    f"INSERT INTO thema_history({', '.join(_COLUMNS)}) VALUES ({', '.join('?' * len(_COLUMNS))}) "
    "ON CONFLICT(edition_uuid, kind, day) DO UPDATE SET "
    + ", ".join(f"{c} = excluded.{c}" for c in _COLUMNS[3:])
)


META_GENERATED = "thema.generated"
"""``meta`` key: ``"1"`` while the stored history is GENERATED demo data (demo-thema, or a
sync from a mirror that said so with :data:`app.model.thema.GENERATED_HEADER`)."""


def history_is_generated(conn: sqlite3.Connection) -> bool:
    """True while the stored Thema history is GENERATED demo data."""
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (META_GENERATED,)).fetchone()
    return row is not None and row[0] == "1"


def write_history(conn: sqlite3.Connection, entries: Iterable[dict[str, Any]],
                  generated: bool = False) -> int:
    """Upsert history entries inside the caller's transaction.

    Real entries replace generated history: when the stored history is marked generated
    and ``generated`` is False, it is all deleted first and the mark removed. Generated
    entries set the mark.

    Args:
        conn: a connection with an open transaction.
        entries: spec history entries plus ``edition_uuid``; ``rank``, ``rank_change`` and
            ``change`` should already be derived (:func:`app.thema.derive.derive`).
        generated: the entries are GENERATED demo data.

    Returns:
        How many entries were written.
    """
    if generated:
        conn.execute("INSERT INTO meta(key, value) VALUES (?, '1') "
                     "ON CONFLICT(key) DO UPDATE SET value = '1'", (META_GENERATED,))
    elif history_is_generated(conn):
        conn.execute("DELETE FROM thema_history")
        conn.execute("DELETE FROM meta WHERE key = ?", (META_GENERATED,))
        log.info("thema: real history replaces the generated history")
    count = 0
    for e in entries:
        created_at = str(e["created_at"])
        conn.execute(_UPSERT, (
            e["edition_uuid"], e["kind"], created_at[:10], e["uuid"], created_at,
            *(e.get(name) for name in SCORES), e.get("rank"), e.get("rank_change"), e.get("change"),
        ))
        count += 1
    return count


def write_thema(store: Store, entries: Iterable[dict[str, Any]], generated: bool = False
                ) -> int:
    """Write history entries in one ``BEGIN IMMEDIATE`` transaction: all or nothing
    (``generated``: GENERATED demo entries, see :func:`write_history`).

    Returns:
        How many entries were written.

    Raises:
        StoreError: SQLite failed; nothing was written.
        Exception: whatever ``entries`` raised; nothing was written.
    """
    with store.transaction("Thema history") as conn:
        count = write_history(conn, entries, generated)
    log.info("thema: wrote %d history entries", count)
    return count


class ThemaReader:
    """Read queries of dynamic Thema history and of the dynamic editions' cards."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def _rows(self, where: str, params: tuple[object, ...]) -> list[ThemaRow]:
        rows = self._store.connection().execute(f"{_SELECT} {where}", params).fetchall()
        return [ThemaRow(*r) for r in rows]

    def history(self, edition_uuid: str, kind: str, start: date, end: date) -> list[ThemaRow]:
        """An edition's entries of one kind from ``start`` to ``end`` (inclusive), by day."""
        return self._rows(
            "WHERE edition_uuid = ? AND kind = ? AND day BETWEEN ? AND ? ORDER BY day",
            (edition_uuid, kind, start.isoformat(), end.isoformat()),
        )

    def latest_day(self, kind: str | None = None) -> date | None:
        """The newest stored day (of one kind, or of any), or None when nothing is stored."""
        sql = "SELECT MAX(day) FROM thema_history" + (" WHERE kind = ?" if kind else "")
        (day,) = self._store.connection().execute(sql, (kind,) if kind else ()).fetchone()
        return None if day is None else date.fromisoformat(day)

    def latest_entries(self) -> list[ThemaRow]:
        """Every entry of the newest day of each kind, by kind, rank (nulls last), edition."""
        return self._rows(
            "WHERE (kind, day) IN (SELECT kind, MAX(day) FROM thema_history GROUP BY kind) "
            "ORDER BY kind, rank IS NULL, rank, edition_uuid",
            (),
        )

    def entries_on(self, kind: str, days: Iterable[str]) -> list[ThemaRow]:
        """Every entry of one kind on the given ``YYYY-MM-DD`` days (ranking context)."""
        wanted = sorted(set(days))
        marks = ", ".join("?" * len(wanted))
        return self._rows(f"WHERE kind = ? AND day IN ({marks})", (kind, *wanted)) if wanted else []

    def entry_before(self, edition_uuid: str, kind: str, day: str) -> ThemaRow | None:
        """An edition's latest entry of one kind before ``day``, or None."""
        rows = self._rows(
            "WHERE edition_uuid = ? AND kind = ? AND day < ? ORDER BY day DESC LIMIT 1",
            (edition_uuid, kind, day),
        )
        return rows[0] if rows else None

    def dynamic_editions(self) -> list[tuple[str, str]]:
        """``(card body JSON, edition uuid)`` of every edition whose ``thema_foil_dynamic`` or
        ``thema_nonfoil_dynamic`` is true, by card slug and edition order."""
        rows = self._store.connection().execute(
            "SELECT c.body, json_extract(e.value, '$.uuid') FROM cards c, "
            "json_each(c.body, '$.editions') e "
            "WHERE json_type(e.value, '$.thema_foil_dynamic') = 'true' "
            "OR json_type(e.value, '$.thema_nonfoil_dynamic') = 'true' "
            "ORDER BY c.slug, e.key"
        ).fetchall()
        return [(str(body), str(uuid)) for body, uuid in rows]

    def card_body_for_edition(self, edition_uuid: str) -> str | None:
        """The stored body (JSON) of the edition's parent card, or None for an unknown edition."""
        row = self._store.connection().execute(
            "SELECT c.body FROM editions e JOIN cards c ON c.uuid = e.card_uuid WHERE e.uuid = ?",
            (edition_uuid,),
        ).fetchone()
        return None if row is None else str(row[0])
