"""``LocalCatalogue``: the API's endpoints answered from the SQLite catalogue."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.catalogue.base import CardSummary
from app.errors import NotFound
from app.images.store import ImageStore
from app.store import Reader, Store

EditionTest = Callable[[dict[str, Any]], bool]


def card_response(body: str, matches: EditionTest | None = None) -> dict[str, Any]:
    """Rebuild a Card response from a stored body (spec: Endpoints, rule 1).

    Args:
        body: the stored JSON (the card as received, ``result_editions`` empty).
        matches: which editions belong in ``result_editions``; None means all of them.
    """
    card: dict[str, Any] = json.loads(body)
    editions = card["editions"]
    card["result_editions"] = [e for e in editions if matches is None or matches(e)]
    return card


class LocalCatalogue:
    """The :class:`~app.catalogue.base.Catalogue` over a local :class:`Store`.

    Safe to call from several threads: each thread reads through its own connection.

    Args:
        store: the SQLite catalogue.
        images: the image store of card images.
    """

    def __init__(self, store: Store, images: ImageStore) -> None:
        self.store = store
        self.images = images
        self._reader = Reader(store)

    @classmethod
    def open(cls, data_dir: Path) -> LocalCatalogue:
        """Open (creating if needed) the catalogue of an Archivist data folder."""
        from app.paths import resolve_paths

        paths = resolve_paths(data_dir)
        return cls(Store(paths.catalogue_file), ImageStore(paths.card_images))

    def card(self, slug: str) -> dict[str, Any]:
        """Endpoint 1. See :meth:`Catalogue.card`."""
        row = self._reader.card_by_slug(slug)
        if row is None:
            raise NotFound(f"Card not found: no card has the slug {slug!r}")
        return card_response(row.body)

    def card_by_number(self, set_prefix: str, collector_number: str) -> dict[str, Any]:
        """Endpoint 2. See :meth:`Catalogue.card_by_number`."""
        rows = self._reader.cards_by_number(set_prefix, collector_number)
        if not rows:
            raise NotFound(
                f"Card not found: no edition has the set prefix {set_prefix!r} "
                f"and collector number {collector_number!r}"
            )

        def matches(edition: dict[str, Any]) -> bool:
            return bool(
                edition["set"]["prefix"] == set_prefix
                and edition["collector_number"] == collector_number
            )

        return card_response(rows[0].body, matches)

    def card_image(self, filename: str) -> bytes:
        """Endpoint 3 (original bytes). See :meth:`Catalogue.card_image`."""
        return self.images.read(filename)

    def card_image_path(self, filename: str) -> Path | None:
        """The local file of a stored card image, or None (local catalogues only)."""
        return self.images.find(filename)

    def search_cards(self, text: str, limit: int = 5000) -> list[CardSummary]:
        """See :meth:`Catalogue.search_cards`."""
        return self._reader.search(text, limit)

    def counts(self) -> dict[str, int]:
        """See :meth:`Catalogue.counts`."""
        return self._reader.counts()
