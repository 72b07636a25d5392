"""The writer: upserts in one transaction; a failure midway leaves the previous catalogue."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.errors import StoreError
from app.store import CardRecord, Reader, Store, Writer
from app.store.language.query import run_query
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
    assert [r.slug for r in run_query(store, "o:recover").hits] == ["generated-card"]
    assert run_query(store, "o:banish").hits == ()


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


def test_a_new_uuid_taking_the_slug_of_a_card_removed_in_the_same_write_replaces_it(
    tmp_path: Path,
) -> None:
    store = _store(tmp_path)
    Writer(store).write([CardRecord(make_card("genCard001", "Same Name"))])
    report = Writer(store).write([CardRecord(make_card("genCard009", "Same Name"))],
                                 remove=["genCard001"])
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


def _changed_at(store: Store, uuid: str) -> str:
    row = store.connection().execute(
        "SELECT changed_at FROM cards WHERE uuid = ?", (uuid,)).fetchone()
    return str(row[0])


def test_key_order_alone_is_no_change_and_the_stored_body_stays(tmp_path: Path) -> None:
    store = _store(tmp_path)
    Writer(store).write([CardRecord(make_card())])
    stored = Reader(store).card_by_slug("generated-card")
    stamp = _changed_at(store, "genCard001")
    reordered = dict(reversed(list(make_card().items())))
    report = Writer(store).write([CardRecord(reordered)])
    assert (report.unchanged, report.changed, report.editions_unchanged) == (1, 0, 1)
    assert Reader(store).card_by_slug("generated-card") == stored
    assert _changed_at(store, "genCard001") == stamp


def test_edition_order_is_stored_with_a_new_changed_at_but_no_change(tmp_path: Path) -> None:
    from tests.helpers.cards import make_edition

    store = _store(tmp_path)
    first, second = make_edition("genCard001", "genEd00001"), make_edition(
        "genCard001", "genEd00002", number="002")
    Writer(store).write([CardRecord(make_card(editions=[first, second]))])
    stamp = _changed_at(store, "genCard001")
    report = Writer(store).write([CardRecord(make_card(editions=[second, first]))])
    assert report.changed == 0 and report.unchanged == 1 and report.editions_unchanged == 2
    assert _changed_at(store, "genCard001") > stamp  # stored as received: a sync refetches it
    assert stamp.endswith("Z") and len(stamp) == len("2026-04-04T10:00:00.000Z")


def test_edition_counts_of_a_changed_card(tmp_path: Path) -> None:
    from tests.helpers.cards import make_edition

    store = _store(tmp_path)
    a, b = make_edition("genCard001", "genEd00001"), make_edition("genCard001", "genEd00002")
    Writer(store).write([CardRecord(make_card(editions=[a, b]))])
    c = make_edition("genCard001", "genEd00003")
    report = Writer(store).write([CardRecord(make_card(  # newer: it may drop an edition
        editions=[{**a, "flavor": "New."}, c], last_update="2026-01-01T00:00:00.000Z"))])
    assert (report.editions_new, report.editions_changed, report.editions_removed) == (1, 1, 1)
    assert Reader(store).counts()["editions"] == 2


def test_removal_deletes_the_card_its_editions_search_rows_and_history(tmp_path: Path) -> None:
    from app.store.history.thema import ThemaReader, write_thema

    store = _store(tmp_path)
    Writer(store).write([CardRecord(make_card()), CardRecord(make_card("otherCard2", "Other"))])
    edition = make_card()["editions"][0]["uuid"]
    write_thema(store, [{"edition_uuid": edition, "kind": "FOIL", "uuid": "genHist001",
                         "created_at": "2026-04-01T00:00:00+00:00", "thema_total": 1}])
    report = Writer(store).write([], remove=["genCard001", "notStored1"],
                                 meta={"sync.watermark": "2026-04-04T00:00:00.000Z"})
    assert (report.removed, report.editions_removed) == (1, 1)
    reader = Reader(store)
    assert reader.card_by_slug("generated-card") is None
    assert [r.slug for r in run_query(store, "generated or ft:generated").hits] == ["other"]
    assert reader.counts()["editions"] == 1
    assert ThemaReader(store).latest_day() is None
    from app.store.write.writer import read_meta

    assert read_meta(store, "sync.") == {"sync.watermark": "2026-04-04T00:00:00.000Z"}


def test_a_card_both_written_and_removed_is_kept(tmp_path: Path) -> None:
    store = _store(tmp_path)
    report = Writer(store).write([CardRecord(make_card())], remove=["genCard001"])
    assert (report.new, report.removed) == (1, 0)
    assert Reader(store).counts()["cards"] == 1
