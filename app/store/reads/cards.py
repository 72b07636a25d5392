"""Read queries over the catalogue, one family per endpoint.

Every method reads through the calling thread's connection (:meth:`Store.connection`)
and runs as one statement or one read transaction, so it sees one committed state.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.store.db.connection import Store


@dataclass(frozen=True)
class CardRow:
    """A stored card: its uuid and its JSON body (``result_editions`` empty)."""

    uuid: str
    body: str


class Reader:
    """Read-only queries of a :class:`Store`."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def card_by_slug(self, slug: str) -> CardRow | None:
        """The card with this slug (endpoint 1), or None."""
        row = self._store.connection().execute(
            "SELECT uuid, body FROM cards WHERE slug = ?", (slug,)
        ).fetchone()
        return CardRow(*row) if row else None

    def cards_by_number(self, set_prefix: str, collector_number: str) -> list[CardRow]:
        """Cards with an edition of this set prefix and collector number (endpoint 2).

        Exact, case-sensitive match. Several cards can share one (``AMBDP 001``): they come
        oldest edition first, then by card slug.
        """
        rows = self._store.connection().execute(
            "SELECT c.uuid, c.body FROM cards c JOIN editions e ON e.card_uuid = c.uuid "
            "WHERE e.set_prefix = ? AND e.collector_number = ? "
            "GROUP BY c.uuid ORDER BY MIN(e.created_at), c.slug",
            (set_prefix, collector_number),
        ).fetchall()
        return [CardRow(*r) for r in rows]

    def stored_images(self) -> set[str]:
        """File names of the card images in the image store."""
        rows = self._store.connection().execute("SELECT filename FROM images").fetchall()
        return {r[0] for r in rows}

    def counts(self) -> dict[str, int]:
        """How many cards, editions, sets and stored images the catalogue holds."""
        conn = self._store.connection()
        out: dict[str, int] = {}
        for table in ("cards", "editions", "sets", "images"):
            (out[table],) = conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()
        return out
