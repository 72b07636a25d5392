"""Reads behind the official API's other catalogue endpoints (``openapi-v1.1.0.json``):
``/cards/all``, ``/cards/autocomplete``, ``/cards/random``, ``/cards/edition/{slug or uuid}``
and ``/`` (service information)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from app.store.db.connection import Store


@dataclass(frozen=True)
class CatalogueState:
    """What identifies the catalogue's current content, cheaply.

    Attributes:
        cards: number of cards.
        changed: the newest ``cards.changed_at`` (when a record last changed here).
        newest: the newest card ``last_update`` as received (the catalogue's date).
    """

    cards: int
    changed: str
    newest: str


def catalogue_state(store: Store) -> CatalogueState:
    """The :class:`CatalogueState` (three aggregate reads over indexed columns)."""
    count, changed, newest = store.connection().execute(
        "SELECT COUNT(*), COALESCE(MAX(changed_at), ''), COALESCE(MAX(last_update), '') "
        "FROM cards").fetchone()
    return CatalogueState(int(count), str(changed), str(newest))


def catalogue_stamp(store: Store) -> tuple[int, str, int]:
    """A cheap stamp that changes when cards or the stored options change: card count,
    newest ``changed_at`` (both from indexes) and the stored options' length."""
    count, changed, options = store.connection().execute(
        "SELECT (SELECT COUNT(*) FROM cards), (SELECT MAX(changed_at) FROM cards), "
        "(SELECT length(body) FROM options)").fetchone()
    return int(count), str(changed or ""), int(options or 0)


def all_cards(store: Store) -> list[tuple[str, str, str]]:
    """``(name, slug, uuid)`` of every card, by name (case-insensitive), then uuid."""
    rows = store.connection().execute(
        "SELECT name, slug, uuid FROM cards ORDER BY name COLLATE NOCASE, uuid").fetchall()
    return [(str(n), str(s), str(u)) for n, s, u in rows]


def autocomplete_bodies(store: Store, name: str, limit: int) -> list[str]:
    """Bodies of cards whose name contains ``name`` (case-insensitive): names that start
    with it first, then by name; at most ``limit``."""
    escaped = name.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    rows = store.connection().execute(
        "SELECT body FROM cards WHERE name LIKE ? ESCAPE '\\' "
        "ORDER BY name NOT LIKE ? ESCAPE '\\', name COLLATE NOCASE, uuid LIMIT ?",
        (f"%{escaped}%", f"{escaped}%", limit)).fetchall()
    return [str(r[0]) for r in rows]


def random_bodies(store: Store, amount: int, seed: int | None) -> list[str]:
    """Bodies of ``amount`` distinct cards drawn at random (repeatable with ``seed``)."""
    conn = store.connection()
    uuids = [str(r[0]) for r in conn.execute("SELECT uuid FROM cards ORDER BY uuid")]
    picked = random.Random(seed).sample(uuids, min(amount, len(uuids)))
    bodies = []
    for uuid in picked:
        row = conn.execute("SELECT body FROM cards WHERE uuid = ?", (uuid,)).fetchone()
        bodies.append(str(row[0]))
    return bodies


def card_by_edition(store: Store, key: str) -> tuple[str, str] | None:
    """``(card body, edition uuid)`` of the edition whose slug or uuid is ``key``, or None.

    A uuid match wins over a slug match (uuids are case-sensitive).
    """
    row = store.connection().execute(
        "SELECT c.body, e.uuid FROM editions e JOIN cards c ON c.uuid = e.card_uuid "
        "WHERE e.uuid = ? OR e.slug = ? ORDER BY e.uuid = ? DESC, e.created_at LIMIT 1",
        (key, key, key)).fetchone()
    return (str(row[0]), str(row[1])) if row else None


def card_texts(store: Store, slug: str) -> tuple[str, str] | None:
    """``(stored body, its editions array as JSON text)`` of the card with ``slug``, or None.

    SQLite cuts the editions out of the stored text itself, so a full card answer needs no
    JSON parsing in Python (``app/catalogue/shapes.py``: :func:`card_text`).
    """
    row = store.connection().execute(
        "SELECT body, json_extract(body, '$.editions') FROM cards WHERE slug = ?", (slug,)
    ).fetchone()
    return (str(row[0]), str(row[1])) if row else None
