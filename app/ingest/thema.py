"""Importing dynamic Thema data: arrays of rank entries (endpoint 6) or history entries
(endpoint 7), and the generated demo history (:mod:`app.thema.generate`).

Every record is validated (:func:`app.model.thema.validate_thema_record`); an invalid one is
reported and skipped. Missing ``rank``, ``rank_change`` and ``change`` are derived
(:mod:`app.thema.derive`) together with the history already stored for the same days and the
entry just before, so a partial import ranks against the whole stored field. Received values
are kept. Everything valid is written in one transaction.

Where an entry's day comes from:

- a history entry: the first 10 characters of its ``created_at``;
- a rank entry: its ``created_at`` is the card's, not the score's, so the day is taken from a
  date in its ``score`` object when there is one (``score.created_at``, ``score.date`` or
  ``score.day``, not in the spec but kept if a server sends it), else the import date (UTC
  today, or ``today``): a ranks response is "the latest rankings" when it is fetched. Its
  history uuid, which a rank entry lacks, is derived from edition uuid, kind and day.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, date, datetime
from typing import Any, Literal

from app.errors import InvalidData
from app.model.thema import HistoryEntry, RankEntry, validate_thema_record
from app.model.validate import RecordProblem
from app.store.db.connection import Store
from app.store.history.thema import ThemaReader, write_thema
from app.thema.derive import HISTORY_KEYS, Entry, derive, derived_uuid, entry_day
from app.thema.generate import generate_history

Shape = Literal["ranks", "history"]
_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_UUID = re.compile(r"[A-Za-z0-9]{10}")
_TIMESTAMP = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}")


def detect(value: Any) -> Shape | None:
    """``"ranks"`` for an array of rank entries, ``"history"`` for history entries, else None.

    Decided by the keys of the array's first item: ``kind`` and ``score`` make a rank entry,
    ``kind`` and ``thema_total`` a history entry (a superset of what
    :func:`app.ingest.classify.classify` calls Thema; each record is then validated).
    """
    if not isinstance(value, list) or not value or not isinstance(value[0], dict):
        return None
    keys = value[0].keys()
    if {"kind", "score"} <= keys:
        return "ranks"
    if {"kind", "thema_total"} <= keys:
        return "history"
    return None


def _score_day(score: dict[str, Any]) -> tuple[str, str] | None:
    for key in ("created_at", "date", "day"):
        value = score.get(key)
        if isinstance(value, str) and _DAY.match(value):
            try:
                date.fromisoformat(value[:10])
            except ValueError:
                continue
            full = _TIMESTAMP.match(value) is not None
            return value[:10], value if full else f"{value[:10]}T00:00:00+00:00"
    return None


def rank_to_entry(raw: dict[str, Any], today: date) -> Entry:
    """Turn a validated rank entry into a history entry with ``edition_uuid`` (see module)."""
    score, edition_uuid, kind = raw["score"], raw["edition"]["uuid"], raw["kind"]
    day, created_at = _score_day(score) or (today.isoformat(), f"{today}T00:00:00+00:00")
    entry: Entry = {key: score.get(key) for key in HISTORY_KEYS}
    entry.update(
        uuid=derived_uuid("rank-entry", edition_uuid, kind, day), kind=kind, created_at=created_at
    )
    entry["edition_uuid"] = edition_uuid
    return entry


def _history_entry(raw: dict[str, Any], edition_uuid: str | None) -> Entry | str:
    own = raw.get("edition_uuid")
    chosen = own if own is not None else edition_uuid
    if not isinstance(chosen, str) or not _UUID.fullmatch(chosen):
        return "the entry does not name its edition: give the edition uuid of endpoint 7's path"
    return {**{key: raw.get(key) for key in HISTORY_KEYS}, "edition_uuid": chosen}


def stored_context(store: Store, entries: list[Entry]) -> list[Entry]:
    """The stored entries that new ``entries`` are ranked against and compared with: every
    stored entry of the same kind on their days, and each edition's entry just before."""
    reader, context = ThemaReader(store), []
    firsts: dict[tuple[str, str], str] = {}
    for e in entries:
        key = (e["edition_uuid"], e["kind"])
        firsts[key] = min(firsts.get(key, "9999"), entry_day(e))
    for kind in sorted({e["kind"] for e in entries}):
        days = {entry_day(e) for e in entries if e["kind"] == kind}
        context += [row.entry_with_edition() for row in reader.entries_on(kind, days)]
    for (edition_uuid, kind), first in firsts.items():
        row = reader.entry_before(edition_uuid, kind, first)
        if row is not None:
            context.append(row.entry_with_edition())
    return context


def validate_thema(
    value: Any, source: str, *, edition_uuid: str | None = None, today: date | None = None,
    store: Store | None = None,
) -> tuple[list[Entry], list[RecordProblem]]:
    """Validate an array of rank entries or history entries and complete them.

    Args:
        value: the decoded JSON array.
        source: where it came from (a file name), for problem reports.
        edition_uuid: the edition of history entries that lack an ``edition_uuid`` key (an
            endpoint 7 response does not name its edition).
        today: the import date for rank entries without a score date (default: UTC today).
        store: when given, missing ranks and changes are derived against its stored history
            (:func:`stored_context`); without it, against ``value`` alone.

    Returns:
        ``(entries, rejected records)``: history entries plus ``edition_uuid``, with
        ``rank``, ``rank_change`` and ``change`` set, ready for
        :func:`app.store.history.thema.write_history`.

    Raises:
        InvalidData: ``value`` is neither shape (see :func:`detect`).
    """
    shape = detect(value)
    if shape is None:
        raise InvalidData(
            f"{source}: expected an array of Dynamic Thema rank entries or history entries"
        )
    model: type[RankEntry | HistoryEntry] = RankEntry if shape == "ranks" else HistoryEntry
    day = today or datetime.now(UTC).date()
    entries: list[Entry] = []
    problems: list[RecordProblem] = []
    for index, raw in enumerate(value):
        checked = validate_thema_record(model, raw, source, index)
        if isinstance(checked, RecordProblem):
            problems.append(checked)
            continue
        entry = rank_to_entry(raw, day) if shape == "ranks" else _history_entry(raw, edition_uuid)
        if isinstance(entry, str):
            uuid = raw.get("uuid")
            problems.append(RecordProblem(source, index, uuid, None, "edition_uuid", entry))
            continue
        entries.append(entry)
    context = stored_context(store, entries) if store is not None else []
    return derive(entries, context), problems


def import_thema(
    store: Store, value: Any, source: str, *, edition_uuid: str | None = None,
    today: date | None = None,
) -> tuple[int, list[RecordProblem]]:
    """Validate, complete (against the stored history) and write, in one transaction, an
    array of rank entries or history entries. Arguments as :func:`validate_thema`.

    Returns:
        ``(entries written, rejected records)``.

    Raises:
        InvalidData: ``value`` is neither shape (see :func:`detect`); nothing was written.
        StoreError: writing failed; nothing was written.
    """
    entries, problems = validate_thema(
        value, source, edition_uuid=edition_uuid, today=today, store=store
    )
    return write_thema(store, entries), problems


def import_generated_history(
    store: Store, *, end: date, days: int = 400, seed: int = 2026
) -> int:
    """Write generated (not real) history for every dynamic edition of the catalogue.

    See :func:`app.thema.generate.generate_history`; replaces stored entries of the same
    edition, kind and day, and marks the stored history GENERATED
    (:data:`app.store.history.thema.META_GENERATED`) until real history replaces it. Returns how
    many entries were written (0 without dynamic editions).

    Raises:
        StoreError: writing failed; nothing was written.
    """
    editions = [
        edition
        for body, uuid in ThemaReader(store).dynamic_editions()
        for edition in json.loads(body)["editions"]
        if edition["uuid"] == uuid
    ]
    return write_thema(store, generate_history(editions, days, end=end, seed=seed),
                       generated=True)

