"""``archivist import``: validate API JSON files and write them in one transaction.

Every record is validated (:mod:`app.model`); an invalid one is reported and skipped.
Cards are de-duplicated by uuid, first seen wins: the real snapshots hold a card once
per set file, with the same editions in varying order. A file that cannot be read or
decoded stops the import before anything is written.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from app.diskfull import write_failure
from app.errors import StoreError
from app.images.store import ImageStore
from app.ingest.classify import classify
from app.ingest.report import ImportReport
from app.ingest.sources import SourceFile, card_records, json_files, read_json
from app.ingest.thema import validate_thema
from app.model import FeaturedSetGroup, RecordProblem, fill_neutral, validate_card
from app.model.hostile import hostile_value
from app.store import CardRecord, Reader, Store, Writer
from app.store.history.revisions import RevisionRecorder
from app.store.write.guard import filled_paths

log = logging.getLogger("app.ingest")


class _Collector:
    """Accumulates the valid content of many files, and the problems, for one write."""

    def __init__(self, report: ImportReport, store: Store) -> None:
        self.report = report
        self.store = store
        self.cards: dict[str, CardRecord] = {}
        self.featured: list[dict[str, Any]] | None = None
        self.options: dict[str, Any] | None = None
        self.thema: list[dict[str, Any]] = []

    def reject(self, problem: RecordProblem) -> None:
        self.report.rejected.append(problem)
        log.warning("rejected %s", problem)

    def add(self, source: SourceFile) -> None:
        kind = classify(source.value)
        self.report.files += 1
        if kind == "cards":
            self._cards(source)
        elif kind == "featured":
            self._featured(source)
        elif kind == "options":
            bad = hostile_value(source.value)
            if bad is not None:
                self.reject(RecordProblem(str(source.path), None, None, None, *bad))
                return
            self.options = source.value
            self.report.options = True
        else:
            self._thema(source)

    def _cards(self, source: SourceFile) -> None:
        for index, raw in card_records(source):
            self.report.records += 1
            filled = fill_neutral(raw) if isinstance(raw, dict) else []
            checked = validate_card(raw, str(source.path), index)
            if isinstance(checked, RecordProblem):
                self.reject(checked)
            elif checked.uuid in self.cards:
                self.report.duplicates += 1
            else:
                self.report.filled.update(p.rsplit(".", 1)[-1] for p in filled)
                self.report.filled_records += bool(filled)
                self.cards[checked.uuid] = CardRecord(raw, filled=filled_paths(raw, filled))
                self.report.editions += len(checked.editions)

    def _featured(self, source: SourceFile) -> None:
        groups: list[dict[str, Any]] = []
        for index, raw in enumerate(source.value):
            bad = hostile_value(raw)
            if bad is not None:
                self.reject(RecordProblem(str(source.path), index, None, None, *bad))
                continue
            try:
                FeaturedSetGroup.model_validate(raw)
            except ValidationError as exc:
                error = exc.errors()[0]
                path = ".".join(str(p) for p in error["loc"])
                self.reject(RecordProblem(str(source.path), index, raw.get("uuid"),
                                          None, path, str(error["msg"])))
                continue
            groups.append(raw)
        self.featured = groups
        self.report.featured_groups = len(groups)

    def _thema(self, source: SourceFile) -> None:
        entries, problems = validate_thema(source.value, str(source.path), store=self.store)
        for problem in problems:
            self.reject(problem)
        self.thema += entries
        self.report.thema_entries += len(entries)


def import_paths(
    store: Store,
    paths: Iterable[Path],
    images_from: Path | None = None,
    image_store: ImageStore | None = None,
    logos_from: Path | None = None,
    logo_store: ImageStore | None = None,
    *,
    allow_older: bool = False,
) -> ImportReport:
    """Import JSON files (or folders of them), card images and featured-set logos.

    Args:
        store: the catalogue to write into.
        paths: files or folders of ``*.json`` (cards, featured sets, options, Thema).
        images_from: a folder of card images named by their API file name.
        image_store: where card images go (required with ``images_from``).
        logos_from: a folder of featured-set-group logos (``<PREFIX>.png``).
        logo_store: where logos go (required with ``logos_from``).
        allow_older: replace stored cards with older records too (``--allow-older``);
            otherwise they are kept out and listed in ``report.write.kept_out``.

    Returns:
        The :class:`ImportReport`.

    Raises:
        InvalidData: an input file is unreadable or of the wrong shape; nothing was written.
        StoreError: writing failed; nothing was written.
    """
    started = time.perf_counter()
    report = ImportReport()
    collector = _Collector(report, store)
    paths = list(paths)
    for path in json_files(paths):
        collector.add(read_json(path))
    report.cards = len(collector.cards)
    broken: list[tuple[Path, str]] = []
    images = _copy(images_from, image_store, broken)
    logos = _copy(logos_from, logo_store, broken)
    report.rejected += [RecordProblem(str(p), None, None, None, "image", r) for p, r in broken]
    report.images, report.logos = len(images), len(logos)
    history = RevisionRecorder(", ".join(str(p) for p in paths), "import",
                               [str(problem) for problem in report.rejected])
    report.write = Writer(store, history).write(
        collector.cards.values(), images, featured=collector.featured,
        options=collector.options, logos=logos, thema=collector.thema,
        allow_older=allow_older,
    )
    report.revision = history.number
    report.totals = Reader(store).counts()
    report.seconds = time.perf_counter() - started
    return report


def _copy(
    folder: Path | None, target: ImageStore | None, broken: list[tuple[Path, str]]
) -> list[tuple[str, int]]:
    if folder is None:
        return []
    if target is None:
        raise ValueError("a source folder needs a target store")
    try:
        return target.copy_from(folder, broken)
    except OSError as exc:
        raise StoreError(f"Cannot copy the images of {folder} into {target.folder}: "
                         f"{write_failure(exc, target.folder)}; the catalogue was not "
                         "changed") from exc
