"""``archivist import``: validate API JSON files and write them in one transaction.

Every record is validated (:func:`app.model.validate_card`); an invalid one is reported
and skipped. Cards are de-duplicated by uuid, first seen wins: the real snapshots hold a
card once per set file, with the same editions in varying order. A file that cannot be
read or decoded stops the import before anything is written.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from app.images.store import ImageStore
from app.ingest.sources import card_records, json_files, read_json
from app.model import RecordProblem, fill_neutral, validate_card
from app.store import CardRecord, Reader, Store, Writer, WriteReport

log = logging.getLogger("app.ingest")


@dataclass
class ImportReport:
    """The outcome of one import.

    Attributes:
        files: JSON files read.
        records: card records read (before de-duplication).
        cards: distinct valid cards in the input.
        editions: their editions.
        duplicates: records skipped because their card uuid was already seen.
        rejected: invalid records, each with its reason.
        filled: how often each missing required key was filled with its neutral value.
        images: image files now in the image store from ``--images``.
        write: what the write changed in the catalogue.
        totals: the catalogue's counts after the import.
        seconds: wall time of the whole import.
    """

    files: int = 0
    records: int = 0
    cards: int = 0
    editions: int = 0
    duplicates: int = 0
    rejected: list[RecordProblem] = field(default_factory=list)
    filled: Counter[str] = field(default_factory=Counter)
    images: int = 0
    write: WriteReport = field(default_factory=WriteReport)
    totals: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0

    def summary(self) -> str:
        """A few human lines, as ``archivist import`` prints them."""
        w, t = self.write, self.totals
        lines = [
            f"Read {self.files} files, {self.records} records in {self.seconds:.2f} s.",
            f"Cards: {self.cards} ({w.new} new, {w.changed} changed, {w.unchanged} unchanged); "
            f"editions: {self.editions}; images: {self.images}; "
            f"rejected records: {len(self.rejected)}.",
            f"Catalogue now holds {t.get('cards', 0)} cards, {t.get('editions', 0)} editions, "
            f"{t.get('sets', 0)} sets, {t.get('images', 0)} images.",
        ]
        if self.filled:
            keys = ", ".join(f"{k} ×{n}" for k, n in sorted(self.filled.items()))
            lines.append(f"Filled missing required keys with the spec's neutral value: {keys}.")
        return "\n".join(lines)


def _key_name(path: str) -> str:
    return path.rsplit(".", 1)[-1]


def collect(paths: Iterable[Path], report: ImportReport) -> list[CardRecord]:
    """Read, fill and validate every card record; return the distinct valid cards.

    Raises:
        InvalidData: a file cannot be read, is not JSON, or has neither accepted shape.
    """
    seen: dict[str, CardRecord] = {}
    for path in json_files(paths):
        source = read_json(path)
        report.files += 1
        for index, raw in card_records(source):
            report.records += 1
            filled = fill_neutral(raw) if isinstance(raw, dict) else []
            checked = validate_card(raw, str(path), index)
            if isinstance(checked, RecordProblem):
                report.rejected.append(checked)
                log.warning("rejected %s", checked)
                continue
            if checked.uuid in seen:
                report.duplicates += 1
                continue
            report.filled.update(_key_name(p) for p in filled)
            seen[checked.uuid] = CardRecord(raw)
            report.editions += len(checked.editions)
    report.cards = len(seen)
    return list(seen.values())


def import_paths(
    store: Store,
    paths: Iterable[Path],
    images_from: Path | None = None,
    image_store: ImageStore | None = None,
) -> ImportReport:
    """Import JSON files (or folders of them) and optionally a folder of card images.

    Args:
        store: the catalogue to write into.
        paths: files or folders of ``*.json``.
        images_from: a folder of card images named by their API file name.
        image_store: where images go (required with ``images_from``).

    Returns:
        The :class:`ImportReport`.

    Raises:
        InvalidData: an input file is unreadable or of the wrong shape; nothing was written.
        StoreError: writing failed; nothing was written.
    """
    started = time.perf_counter()
    report = ImportReport()
    records = collect(paths, report)
    images: list[tuple[str, int]] = []
    if images_from is not None:
        if image_store is None:
            raise ValueError("images_from needs an image_store")
        images = image_store.copy_from(images_from)
    report.images = len(images)
    report.write = Writer(store).write(records, images)
    report.totals = Reader(store).counts()
    report.seconds = time.perf_counter() - started
    return report
