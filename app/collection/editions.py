"""The catalogue as a collection sees it: every edition by uuid, by set prefix and
collector number, by card name and set, and each set's editions.

Built from :func:`app.store.collection_editions.read_collection_editions` (one statement);
:class:`CollectionEditions` answers in memory, so matching 10,000 CSV rows is cheap.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property

from app.model.names import normalise_name
from app.store.reads.collection_editions import CollectionEdition
from app.store.reads.collection_entries import OwnedRow

__all__ = ["CollectionEdition", "CollectionEditions", "OwnedRow", "number_key"]


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
        self.sets: dict[str, list[CollectionEdition]] = {}
        """Set prefix (as the catalogue writes it) → its editions, by collector number."""
        self.set_names: dict[str, str] = {}
        self._prefixes: dict[str, str] = {}
        for edition in editions:
            self.by_uuid[edition.uuid] = edition
            members = self.sets.get(edition.set_prefix)
            if members is None:
                members = self.sets[edition.set_prefix] = []
                self.set_names[edition.set_prefix] = edition.set_name
                self._prefixes.setdefault(edition.set_prefix.casefold(), edition.set_prefix)
            members.append(edition)

    @cached_property
    def by_number(self) -> dict[tuple[str, str], list[CollectionEdition]]:
        """(set prefix case folded, :func:`number_key`) → editions (made on first use: the
        matching of CSV rows needs it, showing the collection does not)."""
        found: dict[tuple[str, str], list[CollectionEdition]] = {}
        for edition in self.by_uuid.values():
            key = (edition.set_prefix.casefold(), number_key(edition.collector_number))
            found.setdefault(key, []).append(edition)
        return found

    @cached_property
    def by_name(self) -> dict[str, list[CollectionEdition]]:
        """Normalised card name (:func:`~app.model.names.normalise_name`) → editions."""
        names: dict[str, str] = {}
        found: dict[str, list[CollectionEdition]] = {}
        for edition in self.by_uuid.values():
            name = names.get(edition.name)
            if name is None:
                name = names[edition.name] = normalise_name(edition.name)
            found.setdefault(name, []).append(edition)
        return found

    @cached_property
    def by_name_set(self) -> dict[tuple[str, str], list[CollectionEdition]]:
        """(normalised card name, set prefix case folded) → editions."""
        found: dict[tuple[str, str], list[CollectionEdition]] = {}
        for name, editions in self.by_name.items():
            for edition in editions:
                found.setdefault((name, edition.set_prefix.casefold()), []).append(edition)
        return found

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
