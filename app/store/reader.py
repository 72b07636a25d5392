"""Read queries over the catalogue, one family per endpoint.

Every method reads through the calling thread's connection (:meth:`Store.connection`)
and runs as one statement or one read transaction, so it sees one committed state.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.store.db import Store


@dataclass(frozen=True)
class CardRow:
    """A stored card: its uuid and its JSON body (``result_editions`` empty)."""

    uuid: str
    body: str


@dataclass(frozen=True)
class EditionRow:
    """An edition's indexed columns (for listings; the full edition lives in the card body)."""

    uuid: str
    card_uuid: str
    position: int
    set_prefix: str
    collector_number: str
    image_file: str


@dataclass(frozen=True)
class SummaryRow:
    """One search hit: a card and the edition that represents it on a tile.

    The representative edition is the first one (in received order) whose image is in
    the image store, else the card's first edition.
    """

    uuid: str
    slug: str
    name: str
    editions: int
    set_prefix: str
    collector_number: str
    image_file: str
    has_image: bool


_WORD = re.compile(r"\w+", re.UNICODE)

_SUMMARY_SQL = """
WITH picked(rowid, score) AS ({picked}),
hits AS (SELECT c.uuid, c.slug, c.name, p.score FROM picked p JOIN cards c ON c.rowid = p.rowid),
rep AS (
    SELECT e.card_uuid, e.set_prefix, e.collector_number, e.image_file,
           i.filename IS NOT NULL AS has_image,
           ROW_NUMBER() OVER (PARTITION BY e.card_uuid
                              ORDER BY i.filename IS NULL, e.position) AS rn,
           COUNT(*) OVER (PARTITION BY e.card_uuid) AS n
    FROM hits h JOIN editions e ON e.card_uuid = h.uuid
    LEFT JOIN images i ON i.filename = e.image_file
)
SELECT h.uuid, h.slug, h.name, rep.n, rep.set_prefix, rep.collector_number,
       rep.image_file, rep.has_image
FROM hits h JOIN rep ON rep.card_uuid = h.uuid AND rep.rn = 1
ORDER BY h.score, h.name COLLATE NOCASE, h.uuid
"""


def fts_query(text: str) -> str | None:
    """Turn what a person typed into an FTS5 query: every word, as a prefix, must match.

    Words are quoted, so FTS5 syntax in the input (``NEAR``, ``*``, ``"``, ``:``) is never
    interpreted. Returns None when the text has no word characters.
    """
    words = _WORD.findall(text)
    if not words:
        return None
    return " ".join(f'"{w}"*' for w in words)


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

    def search(self, text: str, limit: int = 5000) -> list[SummaryRow]:
        """Cards matching ``text`` in name, effect_raw or flavor (FTS5), best first.

        Name matches rank above effect and flavor matches, and a name that starts with the
        text above all. An empty text lists every card by name.
        """
        query = fts_query(text)
        conn = self._store.connection()
        if query is None:
            picked = "SELECT rowid, 0 FROM cards"
            params: tuple[object, ...] = ()
        else:
            picked = (
                "SELECT f.rowid, CASE WHEN f.name LIKE ? ESCAPE '\\' THEN -1000 "
                "ELSE bm25(cards_fts, 10.0, 1.0, 0.5) END "
                "FROM cards_fts f WHERE cards_fts MATCH ?"
            )
            like = text.strip().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
            params = (like + "%", query)
        sql = _SUMMARY_SQL.format(picked=picked) + " LIMIT ?"
        rows = conn.execute(sql, (*params, limit)).fetchall()
        return [
            SummaryRow(
                uuid=r[0], slug=r[1], name=r[2], editions=r[3], set_prefix=r[4],
                collector_number=r[5], image_file=r[6], has_image=bool(r[7]),
            )
            for r in rows
        ]

    def editions_of(self, card_uuid: str) -> list[EditionRow]:
        """The indexed columns of a card's editions, in received order."""
        rows = self._store.connection().execute(
            "SELECT uuid, card_uuid, position, set_prefix, collector_number, image_file "
            "FROM editions WHERE card_uuid = ? ORDER BY position",
            (card_uuid,),
        ).fetchall()
        return [EditionRow(*r) for r in rows]

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
