"""``archivist events import``: event files and folders of them into the events file, in
one transaction; each invalid file reported and skipped."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from app.decks.cards import DeckCard, DeckCards
from app.errors import InvalidData, InvalidRequest
from app.events.model import Event
from app.events.reading import read_event, resolve_event
from app.events.storage import EventStore

MAX_FILES = 100_000
"""The most files one import reads (a folder with more is refused whole)."""


@dataclass
class ImportReport:
    """What an import did.

    Attributes:
        events: the events kept (after duplicates were dropped), in the order read.
        decklists: their decklists, in all.
        skipped: one line per file that was not kept (``PATH: why``).
        duplicates: one line per event id read twice (the later file replaced the earlier).
        replaced: the ids that replaced an event already stored.
        unresolved: ``(event id, name)`` per name of an entry that is no card (kept as
            written; the meta counts it under its name).
    """

    events: list[Event] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    duplicates: list[str] = field(default_factory=list)
    replaced: list[int] = field(default_factory=list)
    unresolved: list[tuple[int, str]] = field(default_factory=list)

    @property
    def decklists(self) -> int:
        """The decklists of the kept events."""
        return sum(len(e.decklists) for e in self.events)


def event_files(paths: Iterable[Path]) -> list[Path]:
    """The files of ``paths``: a file as it is, a folder's ``*.json`` files by name.

    Raises:
        InvalidRequest: a path does not exist, or the folders hold more than
            :data:`MAX_FILES` files.
    """
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(sorted(p for p in path.glob("*.json")))
        elif path.exists() or path.is_symlink():
            found.append(path)
        else:
            raise InvalidRequest(f"{path}: no such file or folder")
        if len(found) > MAX_FILES:
            raise InvalidRequest(f"more than {MAX_FILES:,} files to import; import fewer at once")
    return found


def import_events(store: EventStore, cards: DeckCards, paths: Iterable[Path]) -> ImportReport:
    """Read every event file of ``paths``, resolve its names against ``cards``, and keep
    the valid ones in one transaction (an event id read twice: the later file wins).

    Raises:
        InvalidRequest: a path does not exist (nothing is kept).
        StoreError: the events file cannot be written (nothing is kept).
    """
    report = ImportReport()
    by_id: dict[int, Event] = {}
    for path in event_files(paths):
        try:
            event = read_event(path)
        except InvalidData as exc:  # NotRegularFile is one
            report.skipped.append(exc.message)
            continue
        if event.id in by_id:
            report.duplicates.append(f"event {event.id}: {path} replaces "
                                     f"{by_id[event.id].source}")
            del by_id[event.id]
        by_id[event.id] = event
    found: dict[tuple[str, str | None], DeckCard | None] = {}
    report.events = [resolve_event(event, cards, found) for event in by_id.values()]
    report.unresolved = [(e.id, name) for e in report.events for name in e.unresolved]
    report.replaced = store.keep(report.events) if report.events else []
    return report
