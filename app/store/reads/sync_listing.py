"""The plain listings of every card and edition key that a sync compares with what the
upstream offers. (The official ``/cards/search`` lives in :mod:`app.store.official.search`.)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from app.store.db.connection import Store


@dataclass(frozen=True)
class EditionKey:
    """What a sync needs to know of a stored edition: its card, image path, dynamic flags."""

    card_uuid: str
    uuid: str
    image: str
    foil_dynamic: bool
    nonfoil_dynamic: bool


def card_keys(store: Store) -> dict[str, str]:
    """``uuid → slug`` of every stored card."""
    rows = store.connection().execute("SELECT uuid, slug FROM cards").fetchall()
    return {str(u): str(s) for u, s in rows}


def card_bodies(store: Store, uuids: Iterable[str]) -> dict[str, str]:
    """``uuid → stored body`` (JSON) of the stored cards among ``uuids``."""
    wanted = list(uuids)
    out: dict[str, str] = {}
    conn = store.connection()
    for start in range(0, len(wanted), 500):
        chunk = wanted[start:start + 500]
        rows = conn.execute(
            f"SELECT uuid, body FROM cards WHERE uuid IN ({', '.join('?' * len(chunk))})", chunk
        ).fetchall()
        out.update((str(u), str(b)) for u, b in rows)
    return out


def edition_keys(store: Store) -> list[EditionKey]:
    """Every stored edition as an :class:`EditionKey`, by card and position."""
    rows = store.connection().execute(
        "SELECT c.uuid, json_extract(e.value, '$.uuid'), json_extract(e.value, '$.image'), "
        "json_type(e.value, '$.thema_foil_dynamic') = 'true', "
        "json_type(e.value, '$.thema_nonfoil_dynamic') = 'true' "
        "FROM cards c, json_each(c.body, '$.editions') e ORDER BY c.uuid, e.key"
    ).fetchall()
    return [EditionKey(str(c), str(u), str(i), bool(f), bool(n)) for c, u, i, f, n in rows]
