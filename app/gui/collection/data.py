"""What the Collection page shows, read in workers: first the entries with their editions'
shown columns (one statement) and the totals, then set completion of every set (the sets
with something owned first), which needs every edition of the catalogue."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from app.collection import (
    CollectionEditions,
    CollectionStore,
    CsvImportReport,
    OwnedRow,
    SetCompletion,
    Totals,
    completion_of,
    export_csv,
    import_csv,
)


class CollectionSource(Protocol):
    """What the page reads: the application object's ``collection`` part."""

    def collection_store(self) -> CollectionStore: ...

    def collection_editions(self) -> CollectionEditions: ...

    def collection_rows(self) -> list[OwnedRow]: ...


@dataclass(frozen=True)
class CollectionView:
    """One reading of the collection's entries.

    Attributes:
        entries: every entry with its edition's shown columns, by set prefix and number
            (entries whose edition is not in the catalogue last).
        totals: copies, distinct editions, distinct cards.
        undo: what Ctrl+Z would undo (None: nothing).
        unreadable: one line per stored row left out as unreadable (a text quantity, a
            binary name: :meth:`CollectionStore.unreadable`).
    """

    entries: list[OwnedRow]
    totals: Totals
    undo: str | None
    unreadable: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class SetsView:
    """Set completion of every set, those with something owned first, and the catalogue's
    editions it was counted over (kept for the next reading)."""

    sets: list[SetCompletion]
    editions: CollectionEditions = field(compare=False)


def load_view(source: CollectionSource) -> CollectionView:
    """Read the collection's entries with their editions, in one statement, and count the
    totals. Worker thread.

    Raises:
        StoreError: the catalogue or the collection file cannot be read (the file is opened
            first, so a newer or damaged file says so, naming itself).
    """
    store = source.collection_store()  # first: it brings a file of an older Archivist up
    rows = source.collection_rows()     # to date (typed, languages as codes) before it is read
    copies = 0
    uuids: set[str] = set()
    names: set[str] = set()
    for row in rows:
        copies += row.quantity
        uuids.add(row.edition_uuid)
        if row.name is not None:
            names.add(row.name)
    return CollectionView(rows, Totals(copies, len(uuids), len(names)), store.undo_label(),
                          store.unreadable())


def collection_file(source: CollectionSource) -> Path | None:
    """Where the collection file is (None for a catalogue without a data folder)."""
    paths = getattr(source, "paths", None)
    return None if paths is None else Path(paths.collection_file)


def load_sets(source: CollectionSource, owned: set[str],
              editions: CollectionEditions | None = None) -> SetsView:
    """Set completion of every set for the editions ``owned`` (the catalogue's editions
    read unless given). Worker thread.

    Raises:
        StoreError: the catalogue cannot be read.
    """
    editions = editions if editions is not None else source.collection_editions()
    sets = completion_of(owned, editions, all_sets=True)
    sets.sort(key=lambda s: (s.owned == 0, s.prefix.casefold()))
    return SetsView(sets, editions)


def import_file(source: CollectionSource, path: Path, replace: bool,
                partial: bool = False) -> CsvImportReport:
    """Import a collection CSV (:func:`app.collection.import_csv`: a replace with a row
    reported replaces nothing unless ``partial``). Worker thread."""
    return import_csv(source.collection_store(), source.collection_editions(), path, replace,
                      partial)


def export_file(source: CollectionSource, path: Path) -> int:
    """Export the collection as CSV (:func:`app.collection.export_csv`). Worker thread."""
    return export_csv(source.collection_store(), source.collection_editions(), path)


def undo(source: CollectionSource) -> str | None:
    """Undo the latest change of the collection. Worker thread."""
    return source.collection_store().undo()
