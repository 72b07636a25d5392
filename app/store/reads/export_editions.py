"""Editions with their card's slug and name, selected by set, card, uuids or tile: the rows
an export plan is made of (:mod:`app.export.plan`).

Each selector is a fixed ``WHERE`` text; the values a person gives are ``?`` parameters.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from app.store.db.connection import Store
from app.store.db.errors import store_errors

Selector = Literal["set", "card", "uuids", "tile"]

_WHERE = {
    "set": "e.set_prefix = ?",
    "card": "c.slug = ?",
    "tile": "c.slug = ? AND e.image_file = ?",
}
_EDITION_SQL = """
SELECT e.uuid, c.slug, c.name, e.slug, e.set_prefix, e.collector_number, e.rarity, e.image_file
FROM editions e JOIN cards c ON c.uuid = e.card_uuid
WHERE {where} ORDER BY e.position
"""
_CHUNK = 500


@dataclass(frozen=True)
class EditionRecord:
    """An edition's columns and its card's slug and name.

    Attributes:
        uuid, edition_slug, set_prefix, collector_number, rarity, image_file: the edition's.
        card_slug, name: its card's.
    """

    uuid: str
    card_slug: str
    name: str
    edition_slug: str
    set_prefix: str
    collector_number: str
    rarity: int | None
    image_file: str


def select_editions(
    store: Store, selector: Selector, values: Sequence[str]
) -> list[EditionRecord]:
    """The editions ``selector`` picks, in each card's order of editions.

    Args:
        selector: ``set`` (values: a set prefix), ``card`` (a card slug), ``tile`` (a card
            slug and an image file) or ``uuids`` (any number of edition uuids).
        values: the selector's values.

    Raises:
        StoreError: the catalogue cannot be read.
    """
    if selector == "uuids":
        return [row for chunk in _chunks(list(values))
                for row in _select(store, f"e.uuid IN ({','.join('?' * len(chunk))})", chunk)]
    return _select(store, _WHERE[selector], values)


def _select(store: Store, where: str, params: Sequence[str]) -> list[EditionRecord]:
    with store_errors("Reading the catalogue failed"):
        rows = store.connection().execute(_EDITION_SQL.format(where=where), tuple(params))
        return [EditionRecord(*r) for r in rows.fetchall()]


def _chunks(values: list[str]) -> Iterable[list[str]]:
    for start in range(0, len(values), _CHUNK):
        yield values[start:start + _CHUNK]


_SHARED_SQL = """
SELECT set_prefix, collector_number, COUNT(*), COUNT(DISTINCT COALESCE(rarity, -1))
FROM editions GROUP BY set_prefix, collector_number HAVING COUNT(*) > 1
"""


def shared_numbers(store: Store) -> dict[tuple[str, str], bool]:
    """The ``(set prefix, collector number)`` pairs more than one edition prints, each with
    whether their rarities alone tell them apart (``P25 001`` is a PR and a CPR: True; the
    twelve AMBDP 001 are all Common: False).

    Raises:
        StoreError: the catalogue cannot be read.
    """
    with store_errors("Reading the catalogue failed"):
        rows = store.connection().execute(_SHARED_SQL).fetchall()
    return {(prefix, number): distinct == count for prefix, number, count, distinct in rows}


def card_bodies(store: Store, uuids: Sequence[str]) -> dict[str, str]:
    """The stored card JSON (text) of each edition uuid's card; unknown uuids are left out.

    Raises:
        StoreError: the catalogue cannot be read.
    """
    found: dict[str, str] = {}
    with store_errors("Reading the catalogue failed"):
        for chunk in _chunks(list(dict.fromkeys(uuids))):
            rows = store.connection().execute(
                "SELECT e.uuid, c.body FROM editions e JOIN cards c ON c.uuid = e.card_uuid "
                f"WHERE e.uuid IN ({','.join('?' * len(chunk))})", tuple(chunk))
            found.update(rows.fetchall())
    return found
