"""What the Collection page shows, read in a worker: the entries with their editions, the
totals, and set completion of every set (the sets with something owned first)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from app.catalogue.collection import CollectionEditions
from app.collection import (
    CollectionStore,
    ImportReport,
    OwnedEntry,
    SetCompletion,
    Totals,
    completion,
    export_csv,
    import_csv,
    owned_entries,
    totals,
)


class CollectionSource(Protocol):
    """What the page reads of the catalogue (``services.catalogue``)."""

    def collection_store(self) -> CollectionStore: ...

    def collection_editions(self) -> CollectionEditions: ...


@dataclass(frozen=True)
class CollectionView:
    """One reading of the collection.

    Attributes:
        entries: every entry with its edition, by set prefix and number.
        totals: copies, distinct editions, distinct cards.
        sets: set completion of every set, those with something owned first.
        undo: what Ctrl+Z would undo (None: nothing).
        editions: the catalogue's editions (for the missing grid).
    """

    entries: list[OwnedEntry]
    totals: Totals
    sets: list[SetCompletion]
    undo: str | None
    editions: CollectionEditions | None = field(default=None, compare=False)


def load_view(source: CollectionSource, editions: CollectionEditions | None = None
              ) -> CollectionView:
    """Read the collection (and the catalogue's editions unless given). Worker thread.

    Raises:
        StoreError: the catalogue or the collection file cannot be read.
    """
    editions = editions if editions is not None else source.collection_editions()
    store = source.collection_store()
    entries = store.entries()
    sets = completion(entries, editions, all_sets=True)
    sets.sort(key=lambda s: (s.owned == 0, s.prefix.casefold()))
    return CollectionView(owned_entries(entries, editions), totals(entries, editions), sets,
                          store.undo_label(), editions)


def import_file(source: CollectionSource, path: Path, replace: bool) -> ImportReport:
    """Import a collection CSV (:func:`app.collection.import_csv`). Worker thread."""
    return import_csv(source.collection_store(), source.collection_editions(), path, replace)


def export_file(source: CollectionSource, path: Path) -> int:
    """Export the collection as CSV (:func:`app.collection.export_csv`). Worker thread."""
    return export_csv(source.collection_store(), source.collection_editions(), path)


def undo(source: CollectionSource) -> str | None:
    """Undo the latest change of the collection. Worker thread."""
    return source.collection_store().undo()
