"""What one write receives and removes: tells a legitimate slug or edition move (the other
card leaves it in the same write) from a collision that would destroy a card
(see :mod:`app.store.write.guard`)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any

from app.store.language.facts import unindex_card
from app.store.official.facts import unindex_api
from app.store.official.narrow_editions import unindex_narrow
from app.store.write.guard import Refusal, older_than_stored
from app.store.write.records import CardRecord, WriteReport


def delete_card(conn: sqlite3.Connection, uuid: str) -> None:
    """Delete a stored card and its search rows."""
    row = conn.execute("SELECT rowid FROM cards WHERE uuid = ?", (uuid,)).fetchone()
    if row is not None:
        unindex_card(conn, row[0])
        unindex_api(conn, row[0])
        unindex_narrow(conn, row[0])
        conn.execute("DELETE FROM cards WHERE uuid = ?", (uuid,))


BULK_CARDS = 1000
"""A write of at least this many cards, and of at least a quarter of the stored ones, is
big (:func:`big_write`)."""


def big_write(conn: sqlite3.Connection, cards: int) -> bool:
    """Whether a write of ``cards`` cards (written or removed) is big: a full sync or the
    first import, whose derived rows (value counts, the official search's narrow rows, the
    card languages) cost less written once for every card at its end than card by card."""
    if cards < BULK_CARDS:
        return False
    (stored,) = conn.execute("SELECT COUNT(*) FROM card_facts").fetchone()
    return cards * 4 >= int(stored)


class Batch:
    """What one write receives and removes, to tell a legitimate slug or edition move (the
    other card leaves it in the same write) from a collision that would destroy a card."""

    def __init__(self, records: list[CardRecord], removing: set[str], allow_older: bool) -> None:
        self.slugs = {r.uuid: str(r.raw.get("slug")) for r in records}
        self.editions = {
            r.uuid: {str(e.get("uuid")) for e in r.raw.get("editions") or []} for r in records
        }
        self.removing = removing
        self.allow_older = allow_older

    def _leaves(self, other: str, *, slug: str | None = None, edition: str | None = None) -> bool:
        if other in self.removing:
            return True
        if other not in self.slugs:
            return False
        if slug is not None:
            return self.slugs[other] != slug
        return edition not in self.editions[other]

    def refusal(
        self, conn: sqlite3.Connection, record: CardRecord, stored: dict[str, Any] | None
    ) -> Refusal | None:
        """Why ``record`` must not be written (see :mod:`app.store.write.guard`), or None."""
        card = record.raw
        uuid, slug = str(card["uuid"]), str(card["slug"])
        if stored is not None and not self.allow_older:
            why = older_than_stored(card, stored, record.filled)
            if why is not None:
                return Refusal(uuid, slug, "last_update", f"older than the catalogue: {why}")
        clash = conn.execute(
            "SELECT uuid, name FROM cards WHERE slug = ? AND uuid != ?", (slug, uuid)
        ).fetchone()
        if clash is not None and not self._leaves(clash[0], slug=slug):
            return Refusal(uuid, slug, "slug", f"the slug {slug!r} belongs to another card "
                           f"({clash[1]!r}, uuid {clash[0]}); a card may take it only by renaming "
                           "the same uuid")
        for index, edition in enumerate(card["editions"]):
            owner = conn.execute(
                "SELECT e.card_uuid, c.name FROM editions e JOIN cards c ON c.uuid = e.card_uuid "
                "WHERE e.uuid = ? AND e.card_uuid != ?", (edition["uuid"], uuid)
            ).fetchone()
            if owner is not None and not self._leaves(owner[0], edition=edition["uuid"]):
                return Refusal(uuid, slug, f"editions.{index}.uuid",
                               f"the edition uuid {edition['uuid']} belongs to another card "
                               f"({owner[1]!r}, uuid {owner[0]})")
        return None

    def free_slug(
        self, conn: sqlite3.Connection, other: str, r: WriteReport,
        delete: Callable[[sqlite3.Connection, str], None] = delete_card,
    ) -> None:
        """Take a slug from ``other``, which leaves it in this write (see :meth:`refusal`);
        a card being removed is deleted with ``delete`` (the writer's, which records history)."""
        if other in self.removing:
            slug = conn.execute("SELECT slug FROM cards WHERE uuid = ?", (other,)).fetchone()
            delete(conn, other)
            r.replaced_slugs.append(str(slug[0]) if slug else "")
        else:
            target = self.slugs[other]
            if conn.execute("SELECT 1 FROM cards WHERE slug = ?", (target,)).fetchone():
                target = f"{target}~moving-{other}"
            conn.execute("UPDATE cards SET slug = ? WHERE uuid = ?", (target, other))
