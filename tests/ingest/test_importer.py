"""Import of the real 2026-04-04 snapshot: counts, rejections, idempotence, atomicity."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from app import limits
from app.bootstrap import build
from app.errors import InvalidData
from app.ingest import import_paths
from app.ingest.sources import read_json
from app.store import Reader
from tests.conftest import CARD_IMAGES, SNAPSHOT_0210, SNAPSHOT_0404
from tests.helpers.cards import make_card

pytestmark = pytest.mark.realdata


def _dump(db: Path) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(db)
    try:
        rows: list[tuple[object, ...]] = []
        for table in ("cards", "editions", "sets", "images"):
            rows += conn.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall()
        return rows
    finally:
        conn.close()


@pytest.mark.allow_log(r"^rejected ")
def test_real_snapshot_counts_and_the_33_legacy_rejections(tmp_path: Path) -> None:
    services = build(str(tmp_path))
    report = import_paths(services.store, [SNAPSHOT_0404], CARD_IMAGES, services.images)
    assert (report.cards, report.editions) == (2235, 4414)
    assert report.totals["cards"] == 2235 and report.totals["editions"] == 4414
    assert report.totals["sets"] == 55
    assert len(report.rejected) == 33
    assert {Path(p.source).name for p in report.rejected} == {"DOApSP.json"}
    assert all(p.uuid and p.field and p.reason for p in report.rejected)
    assert sorted(p.index for p in report.rejected) == list(range(33))
    assert report.images == len(list(CARD_IMAGES.glob("*.jpg")))
    assert "2235 new" in report.summary() and "rejected records: 33" in report.summary()


@pytest.mark.allow_log(r"^rejected ")
def test_importing_the_same_files_twice_changes_nothing(tmp_path: Path) -> None:
    services = build(str(tmp_path))
    import_paths(services.store, [SNAPSHOT_0404], CARD_IMAGES, services.images)
    before = _dump(services.paths.catalogue_file)
    second = import_paths(services.store, [SNAPSHOT_0404], CARD_IMAGES, services.images)
    assert (second.write.new, second.write.changed, second.write.unchanged) == (0, 0, 2235)
    assert _dump(services.paths.catalogue_file) == before


@pytest.mark.allow_log(r"^rejected ")
def test_corrupt_file_after_valid_ones_leaves_the_previous_catalogue(tmp_path: Path) -> None:
    services = build(str(tmp_path / "data"))
    import_paths(services.store, [SNAPSHOT_0210], None, None)
    before = _dump(services.paths.catalogue_file)
    mixed = tmp_path / "mixed"
    shutil.copytree(SNAPSHOT_0404, mixed)
    (mixed / "zzz-corrupt.json").write_text('[{"uuid": "abc", "name": ', encoding="utf-8")
    with pytest.raises(InvalidData, match=r"zzz-corrupt\.json: not valid JSON at line 1"):
        import_paths(services.store, [mixed], None, None)
    assert _dump(services.paths.catalogue_file) == before
    assert Reader(services.store).counts()["cards"] == 1885


@pytest.mark.allow_log(r"^rejected ")
def test_2026_02_10_gets_dynamic_flags_filled_false(tmp_path: Path) -> None:
    services = build(str(tmp_path))
    report = import_paths(services.store, [SNAPSHOT_0210], None, None)
    assert (report.cards, report.editions) == (1885, 3478)
    assert report.filled["thema_foil_dynamic"] == report.filled["thema_nonfoil_dynamic"] > 3478
    card = services.catalogue.card("spirit-of-fire")
    assert all(e["thema_foil_dynamic"] is False for e in card["editions"])
    assert "missing fields with the spec's neutral values in" in report.summary()


@pytest.mark.allow_log(r"^rejected ")
def test_search_page_objects_and_invalid_records_in_one_file(tmp_path: Path) -> None:
    page = {"data": [make_card(), {"uuid": "bad"}, 42], "page": 1, "has_more": False}
    source = tmp_path / "page.json"
    source.write_text(json.dumps(page), encoding="utf-8")
    services = build(str(tmp_path / "data"))
    report = import_paths(services.store, [source], None, None)
    assert report.cards == 1
    assert [(p.index, p.uuid) for p in report.rejected] == [(1, "bad"), (2, None)]


def test_wrong_shape_and_missing_paths_are_clear_errors(tmp_path: Path) -> None:
    services = build(str(tmp_path / "data"))
    source = tmp_path / "obj.json"
    source.write_text('{"hello": "world"}', encoding="utf-8")
    with pytest.raises(InvalidData, match="expected an array of Card objects"):
        import_paths(services.store, [source], None, None)
    with pytest.raises(InvalidData, match="no such file or folder"):
        import_paths(services.store, [tmp_path / "nope.json"], None, None)


@pytest.mark.allow_log(r"^rejected |^not stored: ")
def test_an_older_snapshot_after_a_newer_one_rolls_nothing_back(tmp_path: Path) -> None:
    services = build(str(tmp_path))
    import_paths(services.store, [SNAPSHOT_0404])
    older = import_paths(services.store, [SNAPSHOT_0210])
    assert (older.write.new, older.write.changed) == (0, 0)
    assert len(older.write.kept_out) == 431
    assert "431 records older than the catalogue were kept out" in older.summary()
    assert older.totals["editions"] == 4414
    conn = services.store.connection()
    assert conn.execute(
        "SELECT count(DISTINCT card_uuid) FROM editions WHERE dynamic").fetchone() == (18,)
    assert conn.execute(
        "SELECT count(*) FROM editions e JOIN cards c ON c.uuid = e.card_uuid "
        "WHERE c.name = 'Merlin, Kingslayer' AND e.set_prefix = 'RDO'").fetchone() == (1,)


def test_an_api_file_over_the_byte_cap_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "cards.json"
    path.write_text("[]" + " " * 100, encoding="utf-8")
    monkeypatch.setattr(limits, "JSON_FILE_BYTES", 50)
    with pytest.raises(InvalidData, match=r"cards\.json: 102 bytes; an API file has at most 50"):
        read_json(path)
