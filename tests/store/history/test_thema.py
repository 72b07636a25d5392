"""Dynamic Thema history in the catalogue file: upserts, range queries, dynamic editions."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from app.errors import StoreError
from app.store.history.thema import ThemaReader, write_thema
from app.thema.derive import Entry
from tests.thema import BOTH, FOIL_ONLY, STATIC, entry, generated_store


def _ranked(e: Entry) -> Entry:
    return {**e, "rank": 1, "rank_change": 0, "change": 0.0}


def test_written_history_reads_back_in_date_order_within_an_inclusive_range(
    tmp_path: Path,
) -> None:
    store = generated_store(tmp_path)
    days = ["2026-01-03", "2026-01-01", "2026-01-02", "2026-01-05"]
    assert write_thema(store, [_ranked(entry(FOIL_ONLY, d, 100 + i)) for i, d in
                               enumerate(days)]) == 4
    rows = ThemaReader(store).history(FOIL_ONLY, "FOIL", date(2026, 1, 2), date(2026, 1, 5))
    assert [r.day for r in rows] == ["2026-01-02", "2026-01-03", "2026-01-05"]
    assert rows[0].entry() == {
        "uuid": rows[0].uuid, "kind": "FOIL", "thema_total": 102, "thema_charm": 20,
        "thema_ferocity": 20, "thema_grace": 20, "thema_mystique": 20, "thema_valor": 20,
        "created_at": "2026-01-02T00:00:00+00:00", "rank": 1, "rank_change": 0, "change": 0.0,
    }
    assert ThemaReader(store).history(FOIL_ONLY, "NONFOIL", date(2026, 1, 1),
                                      date(2026, 1, 5)) == []


def test_a_second_entry_for_the_same_edition_kind_and_day_replaces_the_first(
    tmp_path: Path,
) -> None:
    store = generated_store(tmp_path)
    write_thema(store, [_ranked(entry(FOIL_ONLY, "2026-01-01", 100))])
    later = {**_ranked(entry(FOIL_ONLY, "2026-01-01", 250)),
             "created_at": "2026-01-01T18:30:00.5+00:00", "uuid": "replaced01"}
    write_thema(store, [later])
    (row,) = ThemaReader(store).history(FOIL_ONLY, "FOIL", date(2026, 1, 1), date(2026, 1, 1))
    assert (row.uuid, row.thema_total, row.created_at) == (
        "replaced01", 250, "2026-01-01T18:30:00.5+00:00"
    )


def test_latest_day_and_latest_entries_per_kind(tmp_path: Path) -> None:
    store = generated_store(tmp_path)
    reader = ThemaReader(store)
    assert reader.latest_day() is None and reader.latest_entries() == []
    write_thema(store, [
        _ranked(entry(FOIL_ONLY, "2026-01-01", 1)),
        {**_ranked(entry(FOIL_ONLY, "2026-01-02", 1)), "rank": 2},
        _ranked(entry(BOTH, "2026-01-02", 2)),
        _ranked(entry(BOTH, "2026-01-01", 3, kind="NONFOIL")),
    ])
    assert reader.latest_day() == date(2026, 1, 2)
    assert reader.latest_day("FOIL") == date(2026, 1, 2)
    assert reader.latest_day("NONFOIL") == date(2026, 1, 1)
    got = [(r.kind, r.day, r.edition_uuid, r.rank) for r in reader.latest_entries()]
    assert got == [("FOIL", "2026-01-02", BOTH, 1), ("FOIL", "2026-01-02", FOIL_ONLY, 2),
                   ("NONFOIL", "2026-01-01", BOTH, 1)]


def test_context_queries(tmp_path: Path) -> None:
    store = generated_store(tmp_path)
    write_thema(store, [_ranked(entry(FOIL_ONLY, d, 1)) for d in
                        ("2026-01-01", "2026-01-03", "2026-01-07")])
    reader = ThemaReader(store)
    assert [r.day for r in reader.entries_on("FOIL", ["2026-01-03", "2026-01-07", "x"])] == [
        "2026-01-03", "2026-01-07"]
    assert reader.entries_on("FOIL", []) == []
    before = reader.entry_before(FOIL_ONLY, "FOIL", "2026-01-07")
    assert before is not None and before.day == "2026-01-03"
    assert reader.entry_before(FOIL_ONLY, "FOIL", "2026-01-01") is None


def test_dynamic_editions_are_those_flagged_true(tmp_path: Path) -> None:
    store = generated_store(tmp_path)
    reader = ThemaReader(store)
    found = reader.dynamic_editions()
    assert [uuid for _, uuid in found] == [FOIL_ONLY, BOTH]
    assert [json.loads(body)["uuid"] for body, _ in found] == ["genCardA01", "genCardB01"]
    body = reader.card_body_for_edition(STATIC)
    assert body is not None and json.loads(body)["uuid"] == "genCardC01"
    assert reader.card_body_for_edition("unknown001") is None


def test_exception_midway_writes_nothing(tmp_path: Path) -> None:
    store = generated_store(tmp_path)

    def entries() -> Iterator[Entry]:
        yield _ranked(entry(FOIL_ONLY, "2026-01-01", 1))
        raise OSError("file vanished")

    with pytest.raises(OSError):
        write_thema(store, entries())
    assert ThemaReader(store).latest_day() is None


def test_sqlite_failure_is_a_store_error_and_writes_nothing(tmp_path: Path) -> None:
    store = generated_store(tmp_path)
    bad = {**_ranked(entry(FOIL_ONLY, "2026-01-02", 1)), "uuid": None}  # NOT NULL
    with pytest.raises(StoreError, match="nothing was changed"):
        write_thema(store, [_ranked(entry(FOIL_ONLY, "2026-01-01", 1)), bad])
    assert ThemaReader(store).latest_day() is None
