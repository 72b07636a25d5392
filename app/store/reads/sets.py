"""Featured set groups, their logos, and the stored ``/option/search`` response."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from typing import Any

from app.store.db.connection import Store


def replace_featured(conn: sqlite3.Connection, groups: list[dict[str, Any]]) -> None:
    """Replace every featured set group (the ``/featured-sets`` array is the complete list)."""
    conn.execute("DELETE FROM featured_groups")
    conn.executemany(
        "INSERT INTO featured_groups(uuid, position, body) VALUES (?, ?, ?)",
        [(g["uuid"], i, json.dumps(g, ensure_ascii=False)) for i, g in enumerate(groups)],
    )


def add_logos(conn: sqlite3.Connection, logos: list[tuple[str, int]]) -> None:
    """Record logo files (``filename, bytes``) already placed in the logo store."""
    now = datetime.now(UTC).isoformat(timespec="seconds")
    conn.executemany(
        "INSERT INTO logos(filename, bytes, stored_at) VALUES (?, ?, ?) "
        "ON CONFLICT(filename) DO UPDATE SET bytes = excluded.bytes",
        [(name, size, now) for name, size in logos],
    )


def replace_options(conn: sqlite3.Connection, options: dict[str, Any]) -> None:
    """Store the ``/option/search`` response as received."""
    conn.execute(
        "INSERT INTO options(id, body) VALUES (1, ?) "
        "ON CONFLICT(id) DO UPDATE SET body = excluded.body",
        (json.dumps(options, ensure_ascii=False),),
    )


class SetsReader:
    """Reads featured set groups, stored options and the catalogue's own option values."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def featured_groups(self) -> list[dict[str, Any]]:
        """The stored groups in received order (endpoint 4)."""
        rows = self._store.connection().execute(
            "SELECT body FROM featured_groups ORDER BY position"
        ).fetchall()
        return [json.loads(r[0]) for r in rows]

    def stored_options(self) -> dict[str, Any] | None:
        """The stored ``/option/search`` response, or None."""
        row = self._store.connection().execute("SELECT body FROM options WHERE id = 1").fetchone()
        return json.loads(row[0]) if row else None

    def card_values(self, key: str) -> list[str]:
        """Distinct values of a card's list field (``classes``, ``types``, ``subtypes``,
        ``elements``) over the whole catalogue, sorted."""
        if key not in ("classes", "types", "subtypes", "elements"):
            raise ValueError(key)
        rows = self._store.connection().execute(
            f"SELECT DISTINCT j.value FROM cards, json_each(cards.body, '$.{key}') j "
            "ORDER BY j.value"
        ).fetchall()
        return [r[0] for r in rows if isinstance(r[0], str)]

    def legality_formats(self) -> list[str]:
        """Distinct format keys of every card's ``legality`` object, sorted."""
        rows = self._store.connection().execute(
            "SELECT DISTINCT j.key FROM cards, json_each(cards.body, '$.legality') j "
            "WHERE json_type(cards.body, '$.legality') = 'object' ORDER BY j.key"
        ).fetchall()
        return [r[0] for r in rows]

    def sets(self) -> list[tuple[str, str, str]]:
        """``(prefix, name, language)`` of every set, newest release first."""
        rows = self._store.connection().execute(
            "SELECT prefix, name, language FROM sets ORDER BY release_date DESC, prefix"
        ).fetchall()
        return [(r[0], r[1], r[2]) for r in rows]

    def rarities(self) -> list[int]:
        """Distinct edition rarities, ascending."""
        rows = self._store.connection().execute(
            "SELECT DISTINCT rarity FROM editions WHERE rarity IS NOT NULL ORDER BY rarity"
        ).fetchall()
        return [int(r[0]) for r in rows]

    def has_logo(self, filename: str) -> bool:
        """True when a logo file of this name was imported."""
        row = self._store.connection().execute(
            "SELECT 1 FROM logos WHERE filename = ?", (filename,)
        ).fetchone()
        return row is not None
