"""What every catalogue answers, local (SQLite) or remote (HTTP): the :class:`Catalogue` protocol.

Methods are named after the spec's endpoints and return its JSON shapes as plain
Python values (``dict``/``list``), exactly as the API would send them.
"""

from __future__ import annotations

from typing import Any, Protocol

from app.store.reader import SummaryRow

CardSummary = SummaryRow
"""One search hit: ``uuid, slug, name, editions, set_prefix, collector_number, image_file,
has_image`` (the representative edition is the first with a stored image)."""


class Catalogue(Protocol):
    """The read interface shared by the GUI, the CLI and the server."""

    def card(self, slug: str) -> dict[str, Any]:
        """Endpoint 1 ``GET /cards/{slug}``: one Card, ``result_editions`` = all editions.

        Raises:
            NotFound: no card has this slug.
        """
        ...

    def card_by_number(self, set_prefix: str, collector_number: str) -> dict[str, Any]:
        """Endpoint 2 ``GET /cards/{set_prefix}/{collector_number}``: one Card whose
        ``result_editions`` are its editions with that set prefix and collector number.

        Raises:
            NotFound: no edition has this set prefix and collector number.
        """
        ...

    def card_image(self, filename: str) -> bytes:
        """Endpoint 3 ``GET /cards/images/{filename}``: the stored image's bytes.

        Raises:
            NotFound: no such image. InvalidRequest: not a plain file name.
        """
        ...

    def search_cards(self, text: str, limit: int = 5000) -> list[CardSummary]:
        """Cards whose name, effect or flavor match every word of ``text`` (prefixes), best
        first; all cards by name when ``text`` has no words."""
        ...

    def counts(self) -> dict[str, int]:
        """Numbers of ``cards``, ``editions``, ``sets`` and ``images`` in the catalogue."""
        ...
