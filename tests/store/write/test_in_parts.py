"""A big write into a catalogue without cards, fed in parts: the catalogue of the one-piece
write at its end, nothing of it before, and nothing at all when abandoned or declined."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from app.store import CardRecord, Reader, Store, Writer
from app.store.history.revisions import RevisionRecorder
from app.store.write.in_parts import WriteInParts
from tests.store.write.tables import every_row
from tests.store.write.test_fresh import _cards

FEATURED = [{"uuid": "g1", "name": "Group"}]
META = {"sync.watermark": "2026-01-01T00:00:00.000Z"}


def _records() -> list[CardRecord]:
    return [CardRecord(c) for c in copy.deepcopy(_cards())]


@pytest.fixture(autouse=True)
def _small_big_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("app.store.write.batch.BULK_CARDS", 10)


def test_parts_make_the_catalogue_of_one_write_and_none_of_it_shows_before(
        tmp_path: Path) -> None:
    whole = Store(tmp_path / "whole.sqlite3")
    Writer(whole, RevisionRecorder("api", "sync", ["rejected"])).write(
        _records(), [("a.jpg", 10)], featured=FEATURED, meta=META)
    parts = Store(tmp_path / "parts.sqlite3")
    history = RevisionRecorder("api", "sync")
    write = WriteInParts(parts, history)
    records = _records()
    for start in range(0, len(records), 7):
        write.add(records[start:start + 7])
        assert Reader(parts).counts()["cards"] == 0  # readers see the previous catalogue
    history.kept_out = ("rejected",)
    report = write.finish([r.uuid for r in records], [("a.jpg", 10)], featured=FEATURED,
                          meta=META)
    assert report is not None and report.new == len(records)
    assert every_row(parts) == every_row(whole)


def test_an_abandoned_write_leaves_the_catalogue_as_it_was(tmp_path: Path) -> None:
    store = Store(tmp_path / "catalogue.sqlite3")
    before = every_row(store)
    write = WriteInParts(store)
    write.add(_records())
    write.abandon()
    assert every_row(store) == before
    Writer(store).write(_records())  # the lock is free again
    assert Reader(store).counts()["cards"] == len(_records())


def test_a_write_whose_cards_are_not_the_parts_declines(tmp_path: Path) -> None:
    store = Store(tmp_path / "catalogue.sqlite3")
    records = _records()
    write = WriteInParts(store)
    write.add(records[:20])
    write.add(records[:1])  # a card seen before: no longer all at once
    assert write.stopped is not None
    assert write.finish([r.uuid for r in records[:20]]) is None
    write.abandon()
    assert Reader(store).counts()["cards"] == 0


def test_a_part_after_the_last_stops_the_write(tmp_path: Path) -> None:
    store = Store(tmp_path / "catalogue.sqlite3")
    records = _records()
    write = WriteInParts(store)
    write.add(records[:20])
    write.settle()
    write.add(records[20:])
    assert write.stopped is not None
    assert write.finish([r.uuid for r in records]) is None
    write.abandon()
    assert Reader(store).counts()["cards"] == 0
