"""The catalogue as a collection sees it: every edition by uuid, by set prefix and
collector number, by card name and set, and each set's editions.

Built from :func:`app.store.collection_editions.read_collection_editions` (one statement);
:class:`CollectionEditions` answers in memory, so matching 10,000 CSV rows is cheap.
"""

from __future__ import annotations

from collections.abc import Iterable

from app.catalogue.decks import normalise_name
from app.store.collection_editions import CollectionEdition

__all__ = ["CollectionEdition", "CollectionEditions", "number_key"]


def number_key(number: str) -> str:
    """A collector number as compared: any case, leading zeros dropped (``"005"`` and
    ``"5"`` are one number)."""
    text = number.strip().casefold()
    return text.lstrip("0") or ("0" if text else "")


class CollectionEditions:
    """Editions indexed for the collection.

    Args:
        editions: the catalogue's editions
            (:func:`~app.store.collection_editions.read_collection_editions`).
    """

    def __init__(self, editions: Iterable[CollectionEdition]) -> None:
        self.by_uuid: dict[str, CollectionEdition] = {}
        self.by_number: dict[tuple[str, str], list[CollectionEdition]] = {}
        self.by_name_set: dict[tuple[str, str], list[CollectionEdition]] = {}
        self.by_name: dict[str, list[CollectionEdition]] = {}
        self.sets: dict[str, list[CollectionEdition]] = {}
        """Set prefix (as the catalogue writes it) → its editions, by collector number."""
        self.set_names: dict[str, str] = {}
        self._prefixes: dict[str, str] = {}
        names: dict[str, str] = {}
        for edition in editions:
            self.by_uuid[edition.uuid] = edition
            prefix = edition.set_prefix.casefold()
            name = names.get(edition.name)
            if name is None:
                name = names[edition.name] = normalise_name(edition.name)
            self.by_number.setdefault((prefix, number_key(edition.collector_number)),
                                      []).append(edition)
            self.by_name_set.setdefault((name, prefix), []).append(edition)
            self.by_name.setdefault(name, []).append(edition)
            self.sets.setdefault(edition.set_prefix, []).append(edition)
            self.set_names.setdefault(edition.set_prefix, edition.set_name)
            self._prefixes.setdefault(prefix, edition.set_prefix)

    def __len__(self) -> int:
        return len(self.by_uuid)

    def get(self, uuid: str) -> CollectionEdition | None:
        """The edition with this uuid, or None (it is not in the catalogue)."""
        return self.by_uuid.get(uuid)

    def prefix(self, typed: str) -> str | None:
        """The catalogue's spelling of the set prefix ``typed`` (any case), or None."""
        return self._prefixes.get(typed.strip().casefold())

    def prefixes(self) -> list[str]:
        """Every set prefix, as the catalogue writes them."""
        return list(self.sets)
