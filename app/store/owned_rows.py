"""The collection's entries as the Collection page shows them, read in one statement.

The collection file is attached to the catalogue's reading connection (as the search terms
about it have it, :mod:`app.store.owned`), so each entry comes with its edition's shown
columns from one join, already in the page's order: by set prefix, collector number,
rarity and edition, then finish, condition, language and tag; entries whose edition is not
in the catalogue last. Reading the entries and every edition apart and joining them in
Python cost 90 ms of CPU with 10,000 entries, most of the page's first paint.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import NamedTuple

from app.errors import StoreError
from app.store.db import Store
from app.store.owned import attach_collection

_SQL = """
SELECT o.quantity, c.name, e.set_prefix, e.collector_number, e.rarity, o.foil, o.condition,
       o.language, o.tag, o.edition_uuid, c.slug, e.image_file,
       i.filename IS NOT NULL
FROM owned.entries o
LEFT JOIN editions e ON e.uuid = o.edition_uuid
LEFT JOIN cards c INDEXED BY cards_cover ON c.uuid = e.card_uuid
LEFT JOIN images i ON i.filename = e.image_file
ORDER BY e.uuid IS NULL, lower(e.set_prefix), e.collector_number, IFNULL(e.rarity, 0),
         o.edition_uuid, o.foil, o.condition, o.language, o.tag
"""


class OwnedRow(NamedTuple):
    """One entry with its edition's shown columns (None where the edition is not in the
    catalogue).

    Attributes:
        quantity: copies (1 or more).
        name, set_prefix, collector_number, rarity: the edition's (rarity: the API's
            number).
        foil, condition, language, tag: the entry's (``""`` when not given).
        edition_uuid: the entry's edition.
        slug, image_file, has_image: the card's slug, the edition's image file name and
            whether it is stored.
    """

    quantity: int
    name: str | None
    set_prefix: str | None
    collector_number: str | None
    rarity: int | None
    foil: bool
    condition: str
    language: str
    tag: str
    edition_uuid: str
    slug: str | None
    image_file: str | None
    has_image: bool

    @property
    def key(self) -> tuple[str, bool, str, str, str]:
        """The entry's key: ``(edition uuid, foil, condition, language, tag)``."""
        return (self.edition_uuid, self.foil, self.condition, self.language, self.tag)


def read_owned_rows(store: Store, path: Path | None) -> list[OwnedRow]:
    """Every entry of the collection file ``path`` (None or missing: none) with its
    edition, in the page's order.

    Raises:
        StoreError: the catalogue or the collection cannot be read.
    """
    attach_collection(store, path, summary=False)
    try:
        rows = store.connection().execute(_SQL).fetchall()
    except sqlite3.Error as exc:
        raise StoreError(f"Reading the collection failed: {exc}") from exc
    return [OwnedRow(q, name, prefix, number, rarity, bool(foil), cond, lang, tag, uuid, slug,
                     image, bool(stored))
            for q, name, prefix, number, rarity, foil, cond, lang, tag, uuid, slug, image, stored
            in rows]
