"""The writer: upserts in one transaction; a failure midway leaves the previous catalogue."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.errors import StoreError
from app.store import CardRecord, Reader, Store, Writer
from tests.helpers.cards import make_card


def _store(tmp_path: Path) -> Store:
    return Store(tmp_path / "catalogue.sqlite3")


def test_upsert_counts_new_changed_unchanged(tmp_path: Path) -> None:
    store = _store(tmp_path)
    writer = Writer(store)
    first = writer.write([CardRecord(make_card())])
    assert (first.new, first.changed, first.unchanged, first.editions) == (1, 0, 0, 1)
    again = writer.write([CardRecord(make_card())])
    assert (again.new, again.changed, again.unchanged) == (0, 0, 1)
    changed = writer.write([CardRecord(make_card(flavor="New flavor."))])
    assert (changed.new, changed.changed) == (0, 1)
    assert Reader(store).counts()["cards"] == 1


def test_changed_card_is_searchable_by_its_new_text_only(tmp_path: Path) -> None:
    store = _store(tmp_path)
    Writer(store).write([CardRecord(make_card(effect_raw="Banish target ally."))])
    Writer(store).write([CardRecord(make_card(effect_raw="Recover 3."))])
    reader = Reader(store)
    assert [r.slug for r in reader.search("recover")] == ["generated-card"]
    assert reader.search("banish") == []


def test_exception_from_input_midway_rolls_everything_back(tmp_path: Path) -> None:
    store = _store(tmp_path)
    Writer(store).write([CardRecord(make_card())])

    def records() -> Iterator[CardRecord]:
        yield CardRecord(make_card("genCard002", "Second Card"))
        raise OSError("disk vanished")

    with pytest.raises(OSError):
        Writer(store).write(records())
    reader = Reader(store)
    assert reader.counts()["cards"] == 1
    assert reader.card_by_slug("second-card") is None


def test_sqlite_failure_is_a_store_error_and_changes_nothing(tmp_path: Path) -> None:
    store = _store(tmp_path)
    bad = make_card()
    bad["name"] = None  # violates NOT NULL
    with pytest.raises(StoreError, match="nothing was changed"):
        Writer(store).write([CardRecord(make_card("genCard002", "Ok Card")), CardRecord(bad)])
    assert Reader(store).counts()["cards"] == 0


def test_a_new_uuid_taking_an_existing_slug_replaces_the_old_card(tmp_path: Path) -> None:
    store = _store(tmp_path)
    Writer(store).write([CardRecord(make_card("genCard001", "Same Name"))])
    report = Writer(store).write([CardRecord(make_card("genCard009", "Same Name"))])
    assert report.replaced_slugs == ["same-name"]
    row = Reader(store).card_by_slug("same-name")
    assert row is not None and row.uuid == "genCard009"
    assert Reader(store).counts()["editions"] == 1


def test_readers_see_the_old_or_the_new_catalogue_never_half(tmp_path: Path) -> None:
    store = _store(tmp_path)
    Writer(store).write([CardRecord(make_card(f"genOld{i:04d}", f"Old {i}")) for i in range(50)])
    seen: list[int] = []
    stop = threading.Event()

    def read() -> None:
        reader = Reader(store)
        while not stop.is_set():
            seen.append(reader.counts()["cards"])
        store.close()

    thread = threading.Thread(target=read)
    thread.start()
    Writer(store).write([CardRecord(make_card(f"genNew{i:04d}", f"New {i}")) for i in range(400)])
    stop.set()
    thread.join()
    assert set(seen) <= {50, 450}
    assert 50 in seen or 450 in seen
