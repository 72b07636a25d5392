"""The editions a photographed card is matched against: each edition with an image file,
its card's uuid, slug and name (:mod:`app.scan`)."""

from __future__ import annotations

from dataclasses import dataclass

from app.store.db.connection import Store
from app.store.db.errors import store_errors

_SQL = """
SELECT e.uuid, e.card_uuid, c.slug, c.name, e.set_prefix, e.collector_number, e.rarity,
       e.image_file
FROM editions e JOIN cards c ON c.uuid = e.card_uuid
WHERE e.image_file IS NOT NULL AND e.image_file != ''
ORDER BY c.slug, e.position
"""


@dataclass(frozen=True)
class ScanEdition:
    """An edition as a scan names it.

    Attributes:
        edition_uuid, card_uuid: the edition's and its card's uuids.
        slug, name: the card's.
        set_prefix, collector_number, rarity: the edition's (rarity None when unknown).
        image_file: the edition's image file name in the image store.
    """

    edition_uuid: str
    card_uuid: str
    slug: str
    name: str
    set_prefix: str
    collector_number: str
    rarity: int | None
    image_file: str


def scan_editions(store: Store) -> list[ScanEdition]:
    """Every edition with an image file, by card slug then the card's order of editions.

    Raises:
        StoreError: the catalogue cannot be read.
    """
    with store_errors("Reading the catalogue failed"):
        rows = store.connection().execute(_SQL).fetchall()
    return [ScanEdition(*row) for row in rows]


def catalogue_state(store: Store) -> tuple[int, int, int]:
    """What changes whenever the catalogue's editions may have: the catalogue file's
    number (a restored backup is another file) and its latest revision and their count
    (every import, sync or revert that changes a card records one).

    Raises:
        StoreError: the catalogue cannot be read.
    """
    with store_errors("Reading the catalogue failed"):
        latest, count = store.connection().execute(
            "SELECT coalesce(max(number), 0), count(*) FROM revisions").fetchone()
        return store.path.stat().st_ino, int(latest), int(count)
