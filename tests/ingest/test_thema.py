"""Importing dynamic Thema rank entries and history entries (generated, not real, data)."""

from __future__ import annotations

import copy
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from app.catalogue.thema import ThemaEndpoints
from app.errors import InvalidData
from app.ingest.thema import detect, import_generated_history, import_thema, validate_thema
from app.store.history.thema import ThemaReader, write_thema
from app.thema import HISTORY_KEYS, generate_history
from tests.thema import BOTH, FOIL_ONLY, entry, generated_cards, generated_store

TODAY = date(2026, 4, 4)


def _served(e: dict[str, Any]) -> dict[str, Any]:
    """An entry as endpoint 7 serves it (no ``edition_uuid``)."""
    return {k: e[k] for k in HISTORY_KEYS}


def _generated_ranks(folder: Path) -> list[dict[str, Any]]:
    store = generated_store(folder)
    editions = [card["editions"][0] for card in generated_cards()]
    write_thema(store, generate_history(editions, 30, end=TODAY))
    return ThemaEndpoints(store).dynamic_thema_ranks()


def test_detect_by_keys(tmp_path: Path) -> None:
    assert detect(_generated_ranks(tmp_path)) == "ranks"
    assert detect([_served(entry(FOIL_ONLY, "2026-01-01", 1))]) == "history"
    assert detect([]) is None
    assert detect({"kind": "FOIL"}) is None
    assert detect([{"uuid": "x", "name": "y"}]) is None
    assert detect(["FOIL"]) is None


def test_neither_shape_is_invalid_data(tmp_path: Path) -> None:
    with pytest.raises(InvalidData, match="rank entries or history entries"):
        import_thema(generated_store(tmp_path), [{"name": "x"}], "x.json")


def test_history_of_one_edition_is_imported_with_derived_values(tmp_path: Path) -> None:
    store = generated_store(tmp_path)
    value = [_served(entry(FOIL_ONLY, d, t)) for d, t in
             (("2026-01-01", 100), ("2026-01-02", 125), ("2026-01-03", 100))]
    count, problems = import_thema(store, value, "a.json", edition_uuid=FOIL_ONLY)
    assert (count, problems) == (3, [])
    rows = ThemaReader(store).history(FOIL_ONLY, "FOIL", date(2026, 1, 1), date(2026, 1, 3))
    assert [(r.rank, r.rank_change, r.change) for r in rows] == [
        (1, 0, 0.0), (1, 0, 25.0), (1, 0, -20.0)
    ]
    assert [r.uuid for r in rows] == [e["uuid"] for e in value]


def test_received_values_are_kept(tmp_path: Path) -> None:
    store = generated_store(tmp_path)
    value = [_served(entry(FOIL_ONLY, "2026-01-01", 100, rank=4, rank_change=-1, change=2))]
    import_thema(store, value, "a.json", edition_uuid=FOIL_ONLY)
    (row,) = ThemaReader(store).history(FOIL_ONLY, "FOIL", date(2026, 1, 1), date(2026, 1, 1))
    assert (row.rank, row.rank_change, row.change) == (4, -1, 2)


def test_a_partial_import_is_ranked_against_the_stored_history(tmp_path: Path) -> None:
    store = generated_store(tmp_path)
    import_thema(store, [_served(entry(BOTH, "2026-01-02", 500)),
                         _served(entry(BOTH, "2026-01-01", 50))], "b.json", edition_uuid=BOTH)
    import_thema(store, [_served(entry(FOIL_ONLY, "2026-01-01", 100)),
                         _served(entry(FOIL_ONLY, "2026-01-02", 200))], "a.json",
                 edition_uuid=FOIL_ONLY)
    rows = ThemaReader(store).history(FOIL_ONLY, "FOIL", date(2026, 1, 1), date(2026, 1, 2))
    assert [(r.rank, r.rank_change) for r in rows] == [(1, 0), (2, -1)]


def test_the_previous_stored_entry_is_the_base_of_change(tmp_path: Path) -> None:
    store = generated_store(tmp_path)
    import_thema(store, [_served(entry(FOIL_ONLY, "2026-01-01", 100))], "a.json",
                 edition_uuid=FOIL_ONLY)
    import_thema(store, [_served(entry(FOIL_ONLY, "2026-01-09", 150))], "b.json",
                 edition_uuid=FOIL_ONLY)
    (row,) = ThemaReader(store).history(FOIL_ONLY, "FOIL", date(2026, 1, 9), date(2026, 1, 9))
    assert row.change == 50.0


def test_invalid_records_are_reported_and_skipped(tmp_path: Path) -> None:
    store = generated_store(tmp_path)
    good = _served(entry(FOIL_ONLY, "2026-01-01", 100))
    value: list[Any] = [
        good,
        {**_served(entry(FOIL_ONLY, "2026-01-02", 100)), "thema_total": "100"},
        {**_served(entry(FOIL_ONLY, "2026-01-03", 100)), "kind": "GOLD"},
        {k: v for k, v in _served(entry(FOIL_ONLY, "2026-01-04", 1)).items() if k != "created_at"},
        {**_served(entry(FOIL_ONLY, "2026-01-05", 100)), "rank": 1.5},
        "not an entry",
    ]
    count, problems = import_thema(store, value, "mixed.json", edition_uuid=FOIL_ONLY)
    assert count == 1
    assert [(p.index, p.field) for p in problems] == [
        (1, "thema_total.int"), (2, "kind"), (3, "created_at"), (4, "rank"), (5, "(record)"),
    ]
    assert str(problems[2]).startswith("mixed.json[3]")
    assert "required field is missing" in problems[2].reason


def test_history_without_its_edition_is_refused_per_record(tmp_path: Path) -> None:
    store = generated_store(tmp_path)
    value = [_served(entry(FOIL_ONLY, "2026-01-01", 100)),
             {**_served(entry(FOIL_ONLY, "2026-01-02", 100)), "edition_uuid": FOIL_ONLY}]
    count, problems = import_thema(store, value, "h.json")
    assert count == 1
    assert [(p.index, p.field) for p in problems] == [(0, "edition_uuid")]
    assert "endpoint 7" in problems[0].reason


def test_ranks_round_trip_through_an_import(tmp_path: Path) -> None:
    ranks = _generated_ranks(tmp_path / "a")
    target = generated_store(tmp_path / "b")
    count, problems = import_thema(target, copy.deepcopy(ranks), "ranks.json", today=TODAY)
    assert (count, problems) == (3, [])
    assert ThemaEndpoints(target).dynamic_thema_ranks() == ranks
    assert ThemaReader(target).latest_day() == TODAY  # the import date


def test_a_rank_entry_score_date_is_used_when_present(tmp_path: Path) -> None:
    ranks = _generated_ranks(tmp_path / "a")
    ranks[0]["score"]["date"] = "2025-12-24"
    target = generated_store(tmp_path / "b")
    entries, problems = validate_thema(ranks, "r.json", today=TODAY)
    assert problems == []
    assert entries[0]["created_at"] == "2025-12-24T00:00:00+00:00"
    assert {e["created_at"][:10] for e in entries[1:]} == {"2026-04-04"}
    assert all(e["rank"] is not None for e in entries)
    bad = copy.deepcopy(ranks)
    del bad[1]["edition"]["uuid"]
    bad[2]["score"]["rank"] = "1"
    _, problems = validate_thema(bad, "r.json", store=target)
    assert [(p.index, p.field) for p in problems] == [(1, "edition.uuid"), (2, "score.rank")]


def test_generated_history_for_every_dynamic_edition(tmp_path: Path) -> None:
    store = generated_store(tmp_path)
    assert import_generated_history(store, end=TODAY, days=5) == 3 * 5
    reader = ThemaReader(store)
    assert reader.latest_day("FOIL") == TODAY and reader.latest_day("NONFOIL") == TODAY
    assert len(reader.latest_entries()) == 3
