"""What a collection needs of every edition, read in one statement.

One row per edition with its card's slug and name, its set's prefix and name, collector
number, rarity and image: the collection matches CSV rows to these, shows its entries by
them and counts set completion over them (:mod:`app.collection.editions`).
"""

from __future__ import annotations

from typing import NamedTuple

from app.store.db.connection import Store
from app.store.db.errors import store_errors

# The card columns come from the covering index (a card row holds its whole JSON body);
# set names and stored images are read apart (55 and a few hundred rows), since a join
# would read each set's body once per edition.
_SQL = """
SELECT e.uuid, e.card_uuid, c.slug, c.name, e.set_prefix, e.set_id, e.collector_number,
       e.rarity, e.image_file
FROM editions e JOIN cards c INDEXED BY cards_cover ON c.uuid = e.card_uuid
"""


class CollectionEdition(NamedTuple):
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
    with store_errors("Reading the catalogue failed"):
        conn = store.connection()
        set_names = dict(conn.execute("SELECT id, name FROM sets").fetchall())
        stored = {row[0] for row in conn.execute("SELECT filename FROM images")}
        rows = conn.execute(_SQL).fetchall()
    editions = [CollectionEdition(uuid, card, slug, name, prefix, set_names.get(set_id, prefix),
                                  number, rarity, image, image in stored)
                for uuid, card, slug, name, prefix, set_id, number, rarity, image in rows]
    editions.sort(key=lambda e: (e.set_prefix.casefold(), e.collector_number,
                                 e.rarity or 0, e.uuid))
    return editions
