"""What a deck check needs of every card, read in two statements (spec/decks.md).

One row per card (uuid, name, slug, types, level, legality, last_update) and one per
edition (for the image a deck entry shows). The card body is not parsed in Python:
SQLite's JSON functions pick the few keys, so loading the whole catalogue stays cheap.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass

from app.errors import StoreError
from app.model.legality import format_limits
from app.store.db import Store

_CARDS_SQL = """
SELECT uuid, name, slug, json_extract(body, '$.types'), json_extract(body, '$.level'),
       json_extract(body, '$.legality'), last_update, json_extract(body, '$.element'),
       json_extract(body, '$.cost.value')
FROM cards ORDER BY name COLLATE NOCASE, uuid
"""

_EDITIONS_SQL = """
SELECT e.uuid, e.card_uuid, e.set_prefix, e.collector_number, e.image_file,
       i.filename IS NOT NULL
FROM editions e LEFT JOIN images i ON i.filename = e.image_file
ORDER BY e.card_uuid, e.position
"""


@dataclass(frozen=True)
class DeckEdition:
    """An edition a deck entry can show: ``image_file`` is the API file name."""

    uuid: str
    set_prefix: str
    collector_number: str
    image_file: str
    has_image: bool


@dataclass(frozen=True)
class DeckCard:
    """A card as a deck check sees it.

    Attributes:
        uuid, name, slug: the card's.
        types: its ``types`` (``("REGALIA", "ITEM")``).
        level: its ``level`` (None when it has none).
        limits: ``{format code: limit}`` from ``legality`` (absent/null/{}: no entry;
            0 = banned; N >= 1 = at most N copies).
        last_update: the card's ``last_update`` as received (``2026-06-29T…Z``).
        editions: its editions in received order.
        element: its ``element`` (``FIRE``; None when it has none).
        cost: its cost's ``value`` as received (``"2"``, ``"X"``; None when it has none).
    """

    uuid: str
    name: str
    slug: str
    types: tuple[str, ...]
    level: float | None
    limits: dict[str, int]
    last_update: str
    editions: tuple[DeckEdition, ...]
    element: str | None = None
    cost: str | None = None


def _limits(raw: str | None) -> dict[str, int]:
    return format_limits(json.loads(raw)) if raw else {}


def read_deck_cards(store: Store) -> list[DeckCard]:
    """Every card of the catalogue with its editions, by name.

    Raises:
        StoreError: the catalogue cannot be read.
    """
    try:
        conn = store.connection()
        editions: dict[str, list[DeckEdition]] = {}
        for uuid, card_uuid, prefix, number, image, stored in conn.execute(_EDITIONS_SQL):
            editions.setdefault(card_uuid, []).append(
                DeckEdition(uuid, prefix, number, image, bool(stored)))
        rows = conn.execute(_CARDS_SQL).fetchall()
    except sqlite3.Error as exc:
        raise StoreError(f"Reading the catalogue failed: {exc}") from exc
    cards = []
    for uuid, name, slug, types, level, legality, last_update, element, cost in rows:
        kinds = json.loads(types) if types else []
        cards.append(DeckCard(
            uuid=uuid, name=name, slug=slug,
            types=tuple(str(t) for t in kinds) if isinstance(kinds, list) else (),
            level=level if isinstance(level, int | float) else None,
            limits=_limits(legality), last_update=last_update,
            editions=tuple(editions.get(uuid, ())),
            element=element if isinstance(element, str) else None,
            cost=None if cost is None else str(cost),
        ))
    return cards
