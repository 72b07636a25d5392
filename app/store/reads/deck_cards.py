"""What a deck check needs of every card, read in two statements (spec/decks.md).

One row per card (uuid, name, slug, types, level, legality, last_update) and one per
edition (for the image a deck entry shows). The card body is not parsed in Python:
SQLite's JSON functions pick the few keys, so loading the whole catalogue stays cheap.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from app.model.legality import format_limits
from app.store.db.connection import Store
from app.store.db.errors import store_errors

_CARDS_SQL = """
SELECT uuid, name, slug, json_extract(body, '$.types'), json_extract(body, '$.level'),
       json_extract(body, '$.legality'), last_update, json_extract(body, '$.element'),
       json_extract(body, '$.cost.value'), json_extract(body, '$.elements'),
       json_extract(body, '$.cost.type')
FROM cards ORDER BY name COLLATE NOCASE, uuid
"""

_EDITIONS_SQL = """
SELECT e.uuid, e.card_uuid, e.set_prefix, e.collector_number, e.image_file,
       i.filename IS NOT NULL, s.release_date
FROM editions e LEFT JOIN images i ON i.filename = e.image_file
     LEFT JOIN sets s ON s.id = e.set_id
ORDER BY e.card_uuid, e.position
"""


@dataclass(frozen=True)
class DeckEdition:
    """An edition a deck entry can show: ``image_file`` is the API file name;
    ``release_date`` its set's as received (``2026-04-03T00:00:00``, no zone; ``""`` when
    unknown)."""

    uuid: str
    set_prefix: str
    collector_number: str
    image_file: str
    has_image: bool
    release_date: str = ""


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
        elements: every element of ``elements`` (``("EXALTED", "WIND")``), else its
            ``element`` alone; empty when it has none.
        cost_kind: its cost's ``type``: ``reserve`` (main-deck cards) or ``memory``
            (material cards); None when it has none.
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
    elements: tuple[str, ...] = ()
    cost_kind: str | None = None


def _limits(raw: str | None) -> dict[str, int]:
    return format_limits(json.loads(raw)) if raw else {}


def read_deck_cards(store: Store) -> list[DeckCard]:
    """Every card of the catalogue with its editions, by name.

    Raises:
        StoreError: the catalogue cannot be read.
    """
    with store_errors("Reading the catalogue failed"):
        conn = store.connection()
        editions: dict[str, list[DeckEdition]] = {}
        for uuid, card_uuid, prefix, number, image, stored, released in conn.execute(
                _EDITIONS_SQL):
            editions.setdefault(card_uuid, []).append(
                DeckEdition(uuid, prefix, number, image, bool(stored), str(released or "")))
        rows = conn.execute(_CARDS_SQL).fetchall()
    cards = []
    for (uuid, name, slug, types, level, legality, last_update, element, cost, elements,
         cost_kind) in rows:
        kinds = json.loads(types) if types else []
        cards.append(DeckCard(
            uuid=uuid, name=name, slug=slug,
            types=tuple(str(t) for t in kinds) if isinstance(kinds, list) else (),
            level=level if isinstance(level, int | float) else None,
            limits=_limits(legality), last_update=last_update,
            editions=tuple(editions.get(uuid, ())),
            element=element if isinstance(element, str) else None,
            cost=None if cost is None else str(cost),
            elements=_elements(json.loads(elements) if elements else None, element),
            cost_kind=cost_kind if isinstance(cost_kind, str) else None,
        ))
    return cards


_VERSIONS_SQL = """
SELECT r.uuid, r.previous, c.body FROM revision_cards r JOIN cards c ON c.uuid = r.uuid
ORDER BY r.uuid, r.revision DESC
"""


def read_deck_versions(store: Store, current: dict[str, DeckCard]) -> dict[str, list[DeckCard]]:
    """The earlier versions the history keeps of the cards in ``current`` (uuid → card),
    as a deck check sees them (spec/decks.md, Legality at a moment).

    Each stored ``previous`` body (:mod:`app.store.history.revisions`) is rebuilt once, newest
    first, with the body after it as its zlib dictionary; a card's editions are its
    current ones (a version's ``last_update``, legality, types and name are its own).

    Returns:
        uuid → its earlier versions, newest first (cards the history never changed are
        absent; identical versions are kept: each has its own ``last_update``).

    Raises:
        StoreError: the catalogue or its history cannot be read.
    """
    from app.store.history.revisions import rebuild_previous
    from app.store.history.versions import UnreadableRow

    with store_errors("Reading the catalogue's history failed"):
        rows = store.connection().execute(_VERSIONS_SQL).fetchall()
    out: dict[str, list[DeckCard]] = {}
    after: str | None = None
    last_uuid = None
    for uuid, blob, body in rows:
        if uuid != last_uuid:
            last_uuid, after = uuid, str(body)
        if blob is None:  # the card was added by this revision: nothing before it
            after = None
            continue
        try:
            previous = rebuild_previous(uuid, blob, after)
        except UnreadableRow:  # damaged (`changes` shows it as unreadable): the deck check
            after = None       # uses the versions it can read
            continue
        after = previous
        card = current.get(uuid)
        version = _loads(previous)
        if card is not None and version is not None:
            out.setdefault(uuid, []).append(_from_body(version, card.editions))
    return out


def _loads(text: str) -> dict[str, object] | None:
    """The JSON object ``text`` holds, or None for damaged text (no JSON, no object)."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def _from_body(body: dict[str, object], editions: tuple[DeckEdition, ...]) -> DeckCard:
    kinds = body.get("types")
    level, element = body.get("level"), body.get("element")
    cost = body.get("cost")
    value = cost.get("value") if isinstance(cost, dict) else None
    return DeckCard(
        uuid=str(body.get("uuid")), name=str(body.get("name")), slug=str(body.get("slug")),
        types=tuple(str(t) for t in kinds) if isinstance(kinds, list) else (),
        level=level if isinstance(level, int | float) else None,
        limits=format_limits(body.get("legality")),
        last_update=str(body.get("last_update") or ""), editions=editions,
        element=element if isinstance(element, str) else None,
        cost=None if value is None else str(value),
        elements=_elements(body.get("elements"), element),
        cost_kind=str(cost.get("type")) if isinstance(cost, dict) and cost.get("type") else None,
    )


def _elements(raw: object, element: object) -> tuple[str, ...]:
    if isinstance(raw, list) and raw:
        return tuple(str(e) for e in raw)
    return (element,) if isinstance(element, str) else ()
