"""What a collection needs of every edition, read in one statement.

One row per edition with its card's slug and name, its set's prefix and name, collector
number, rarity and image: the collection matches CSV rows to these, shows its entries by
them and counts set completion over them (:mod:`app.catalogue.collection`).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from app.errors import StoreError
from app.store.db import Store

_SQL = """
SELECT e.uuid, e.card_uuid, c.slug, c.name, e.set_prefix,
       IFNULL((SELECT s.name FROM sets s WHERE s.id = e.set_id), e.set_prefix),
       e.collector_number, e.rarity, e.image_file,
       EXISTS (SELECT 1 FROM images i WHERE i.filename = e.image_file)
FROM editions e JOIN cards c ON c.uuid = e.card_uuid
ORDER BY e.set_prefix COLLATE NOCASE, e.collector_number, e.rarity, e.uuid
"""


@dataclass(frozen=True)
class CollectionEdition:
    """An edition as the collection sees it.

    Attributes:
        uuid, set_prefix, collector_number, rarity, image_file: the edition's (rarity is the
            API's number, None when it has none; ``image_file`` the API file name).
        card_uuid, slug, name: its card's.
        set_name: its set's name (``Dawn of Ashes 1st Edition``).
        has_image: its image is stored.
    """

    uuid: str
    card_uuid: str
    slug: str
    name: str
    set_prefix: str
    set_name: str
    collector_number: str
    rarity: int | None
    image_file: str
    has_image: bool


def read_collection_editions(store: Store) -> list[CollectionEdition]:
    """Every edition of the catalogue, by set prefix and collector number.

    Raises:
        StoreError: the catalogue cannot be read.
    """
    try:
        rows = store.connection().execute(_SQL).fetchall()
    except sqlite3.Error as exc:
        raise StoreError(f"Reading the catalogue failed: {exc}") from exc
    return [CollectionEdition(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], bool(r[9]))
            for r in rows]
