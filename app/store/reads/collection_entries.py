"""The collection's entries as the Collection page shows them, read in one statement.

The collection file is attached to the catalogue's reading connection (as the search terms
about it have it, :mod:`app.store.language.owned_terms`), so each entry comes with its
edition's shown
columns from one join (and those whose edition left the catalogue from a second), already
in the page's order: by set prefix, collector number, rarity and edition, then finish,
condition, language and tag; entries whose edition is not in the catalogue last. Reading
the entries and every edition apart and joining them in Python cost 90 ms of CPU with
10,000 entries, most of the page's first paint.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from app.store.db.connection import Store
from app.store.db.errors import store_errors
from app.store.language.owned_terms import attach_collection
from app.userrows import readable_entry

_COLUMNS = """o.quantity, c.name, e.set_prefix, e.collector_number, e.rarity, o.foil,
       o.condition, o.language, o.tag, o.edition_uuid, c.slug, e.image_file,
       i.filename IS NOT NULL"""
# The editions walked in the set order index, each one's entries found by their key: no
# sort of the 10,000 rows but of the ties of a set prefix and number (33 -> 22 ms of SQLite).
_SQL = f"""
SELECT {_COLUMNS}
FROM editions e INDEXED BY editions_set_order
JOIN owned.entries o ON o.edition_uuid = e.uuid AND {readable_entry("o")}
JOIN cards c INDEXED BY cards_cover ON c.uuid = e.card_uuid
LEFT JOIN images i ON i.filename = e.image_file
ORDER BY e.set_prefix COLLATE NOCASE, e.collector_number, IFNULL(e.rarity, 0), e.uuid,
         o.foil, o.condition, o.language, o.tag
"""
_GONE_SQL = f"""
SELECT o.quantity, NULL, NULL, NULL, NULL, o.foil, o.condition, o.language, o.tag,
       o.edition_uuid, NULL, NULL, 0
FROM owned.entries o
WHERE {readable_entry("o")}
  AND NOT EXISTS (SELECT 1 FROM editions e WHERE e.uuid = o.edition_uuid)
"""


class OwnedRow(NamedTuple):
    """One entry with its edition's shown columns (None where the edition is not in the
    catalogue).

    Attributes:
        quantity: copies (1 or more).
        name, set_prefix, collector_number, rarity: the edition's (rarity: the API's
            number).
        foil: 1 foil, 0 non-foil (as SQLite gives it).
        condition, language, tag: the entry's (``""`` when not given).
        edition_uuid: the entry's edition.
        slug, image_file, has_image: the card's slug, the edition's image file name and
            whether it is stored (1 or 0).
    """

    quantity: int
    name: str | None
    set_prefix: str | None
    collector_number: str | None
    rarity: int | None
    foil: int
    condition: str
    language: str
    tag: str
    edition_uuid: str
    slug: str | None
    image_file: str | None
    has_image: int

    @property
    def key(self) -> tuple[str, bool, str, str, str]:
        """The entry's key: ``(edition uuid, foil, condition, language, tag)``."""
        return (self.edition_uuid, bool(self.foil), self.condition, self.language, self.tag)


def read_owned_rows(store: Store, path: Path | None) -> list[OwnedRow]:
    """Every entry of the collection file ``path`` (None or missing: none) with its
    edition, in the page's order.

    Raises:
        StoreError: the catalogue or the collection cannot be read.
    """
    attach_collection(store, path, summary=False)
    with store_errors("Reading the collection failed"):
        conn = store.connection()
        rows = conn.execute(_SQL).fetchall()
        rows += conn.execute(_GONE_SQL).fetchall()  # editions not in the catalogue last
    return list(map(OwnedRow._make, rows))
