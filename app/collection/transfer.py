"""Import and export of collection CSV files.

Import reads and matches the whole file first (nothing is written while a limit or the
header can still refuse it), then writes every matched row in one transaction — one undo
step. A replace is all or nothing: when a row is reported, the collection stays as it was,
unless ``partial`` says to replace it with the rows taken (never with no row). Export
writes the columns of :data:`~app.collection.csvfile.COLUMNS` with the ``Edition UUID``, so
export → import into an empty collection gives the same collection.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from app.collection.csvfile import read_csv, write_csv
from app.collection.editions import CollectionEditions
from app.collection.match import RowProblem, match_rows
from app.collection.model import Written
from app.collection.storage import MAX_QUANTITY, CollectionStore
from app.model.vocabulary import rarity_by_number


@dataclass(frozen=True)
class CsvImportReport:
    """What an import did.

    Attributes:
        rows: data rows read.
        imported: rows taken (their copies added, or the collection replaced by them); 0
            when a replace was refused.
        copies: copies stored: added (an import that adds), or the collection's copies
            after a replace.
        problems: the rows reported (line number, reason, suggestions), not imported.
        not_in_catalogue: taken rows whose edition uuid the catalogue does not hold.
        changed: entries that changed.
        replaced: a replace was asked for and done (False: the collection is as it was).
        capped: entries that stopped at :data:`~app.collection.storage.MAX_QUANTITY`.
        lost: copies beyond that most, not stored.
    """

    rows: int
    imported: int
    copies: int
    problems: tuple[RowProblem, ...]
    not_in_catalogue: int
    changed: int
    replaced: bool = False
    capped: int = 0
    lost: int = 0

    def capped_text(self) -> str:
        """``; 1 entry stopped at 999,999 copies, the most one entry holds: 5 copies were
        not stored``, or ``""`` when none did."""
        if not self.capped:
            return ""
        return (f"; {self.capped} {'entry' if self.capped == 1 else 'entries'} stopped at "
                f"{MAX_QUANTITY:,} copies, the most one entry holds: {self.lost:,} copies "
                "were not stored")

    def to_json(self) -> dict[str, object]:
        """``{"rows", "imported", "copies", "not_in_catalogue", "replaced", "capped",
        "lost", "max_quantity", "problems": [...]}``."""
        return {"rows": self.rows, "imported": self.imported, "copies": self.copies,
                "not_in_catalogue": self.not_in_catalogue, "replaced": self.replaced,
                "capped": self.capped, "lost": self.lost, "max_quantity": MAX_QUANTITY,
                "problems": [p.to_json() for p in self.problems]}


def import_csv(store: CollectionStore, editions: CollectionEditions, path: Path,
               replace: bool = False, partial: bool = False) -> CsvImportReport:
    """Add the copies of a collection CSV to ``store`` (``replace``: make the file the
    collection). Rows that match no edition, or several, are reported; the rest is
    imported, all in one transaction. A replace with a row reported changes nothing unless
    ``partial``; a replace with no row taken never does.

    Raises:
        InvalidData: the file cannot be read or breaks a limit (nothing imported).
        StoreError: the collection cannot be written (nothing imported).
    """
    _, rows = read_csv(path)
    matched = match_rows(rows, editions)
    what = f"import of {path.name}"
    taken = matched.entries
    if replace and (not taken or (matched.problems and not partial)):
        return CsvImportReport(matched.rows, 0, 0, tuple(matched.problems), 0, 0)
    written: Written
    if replace:
        written = store.replace_counted(taken, what + " (replacing the collection)")
    else:
        written = store.change_counted(((e.key, e.quantity) for e in taken), what)
    return CsvImportReport(matched.rows, len(taken), written.copies, tuple(matched.problems),
                        matched.not_in_catalogue, written.changed, replace, written.capped,
                        written.lost)


def export_csv(store: CollectionStore, editions: CollectionEditions, path: Path) -> int:
    """Write the whole collection to ``path`` as a collection CSV; returns the rows written.

    Cells a spreadsheet would run as a formula are written after a ``'``
    (:func:`~app.collection.csvfile.defused`); an import reads them back as they were.

    Raises:
        WriteFailed: the file cannot be written (the previous file is as it was).
        StoreError: the collection cannot be read.
    """
    rows = []
    for entry in store.entries():
        edition = editions.get(entry.edition_uuid)
        rarity = rarity_by_number(edition.rarity) if edition else None
        rows.append((str(entry.quantity), edition.name if edition else "",
                     edition.set_prefix if edition else "",
                     edition.collector_number if edition else "",
                     rarity.code if rarity else "", "foil" if entry.foil else "normal",
                     entry.condition, entry.language, entry.tag, entry.edition_uuid))
    rows.sort(key=lambda r: (not r[2], r[2].casefold(), r[3], r[4], r[1], r[9], r[5], r[6:9]))
    write_csv(path, rows)
    return len(rows)
