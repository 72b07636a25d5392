"""A write never destroys a card it has no right to replace: slug and edition collisions
are refused, older records are kept out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli.main import main
from app.store import CardRecord, Reader, Store, Writer
from tests.helpers.cards import make_card, make_edition

NOT_STORED = r"^not stored: "


def _store(tmp_path: Path) -> Store:
    return Store(tmp_path / "catalogue.sqlite3")


def _fire(**extra: object) -> dict[str, object]:
    card = make_card("fireCard01", "Spirit of Fire", **extra)
    card["editions"] = [make_edition("fireCard01", f"fireEd{i:04d}", f"{i:03d}") for i in range(14)]
    return card


@pytest.mark.allow_log(NOT_STORED)
def test_a_new_card_taking_an_existing_slug_is_refused_and_the_old_card_stays(
    tmp_path: Path,
) -> None:
    store = _store(tmp_path)
    Writer(store).write([CardRecord(_fire())])
    impostor = make_card("impostor01", "Impostor")
    impostor["slug"] = "spirit-of-fire"
    report = Writer(store).write([CardRecord(impostor)])
    assert report.new == 0 and report.replaced_slugs == []
    assert [(r.uuid, r.field) for r in report.refused] == [("impostor01", "slug")]
    assert "belongs to another card ('Spirit of Fire'" in report.refused[0].reason
    row = Reader(store).card_by_slug("spirit-of-fire")
    assert row is not None and row.uuid == "fireCard01"
    assert Reader(store).counts()["editions"] == 14


def test_a_rename_of_the_same_uuid_keeps_its_editions(tmp_path: Path) -> None:
    store = _store(tmp_path)
    Writer(store).write([CardRecord(_fire())])
    renamed = _fire(last_update="2026-01-01T00:00:00.000Z")
    renamed["slug"], renamed["name"] = "spirit-of-flame", "Spirit of Flame"
    report = Writer(store).write([CardRecord(renamed)])
    assert (report.changed, report.refused) == (1, [])
    assert Reader(store).card_by_slug("spirit-of-fire") is None
    assert Reader(store).card_by_slug("spirit-of-flame") is not None


def test_two_cards_swapping_slugs_in_one_write_both_move(tmp_path: Path) -> None:
    store = _store(tmp_path)
    a, b = make_card("cardAAAA01", "Alpha"), make_card("cardBBBB01", "Beta")
    Writer(store).write([CardRecord(a), CardRecord(b)])
    a2 = {**a, "slug": "beta", "last_update": "2026-01-01T00:00:00.000Z"}
    b2 = {**b, "slug": "alpha", "last_update": "2026-01-01T00:00:00.000Z"}
    report = Writer(store).write([CardRecord(a2), CardRecord(b2)])
    assert (report.changed, report.refused) == (2, [])
    assert [Reader(store).card_by_slug(s).uuid for s in ("alpha", "beta")] == [  # type: ignore[union-attr]
        "cardBBBB01", "cardAAAA01"]


@pytest.mark.allow_log(NOT_STORED)
def test_an_edition_uuid_of_another_card_is_refused_and_stays_reachable(tmp_path: Path) -> None:
    store = _store(tmp_path)
    Writer(store).write([CardRecord(_fire())])
    thief = make_card("thiefCard1", "Thief")
    thief["editions"] = [make_edition("thiefCard1", "fireEd0001", "777")]
    report = Writer(store).write([CardRecord(thief)])
    assert [(r.uuid, r.field) for r in report.refused] == [("thiefCard1", "editions.0.uuid")]
    assert "fireEd0001 belongs to another card ('Spirit of Fire'" in report.refused[0].reason
    assert Reader(store).card_by_slug("thief") is None
    assert Reader(store).counts()["editions"] == 14
    owner = store.connection().execute(
        "SELECT card_uuid FROM editions WHERE uuid = 'fireEd0001'").fetchone()
    assert owner == ("fireCard01",)


@pytest.mark.allow_log(NOT_STORED)
def test_an_older_record_is_kept_out_unless_allowed(tmp_path: Path) -> None:
    store = _store(tmp_path)
    Writer(store).write([CardRecord(_fire(last_update="2026-04-01T00:00:00.000Z"))])
    old = _fire(last_update="2024-01-01T00:00:00.000Z", flavor="Old flavor.")
    report = Writer(store).write([CardRecord(old)])
    assert (report.changed, len(report.kept_out)) == (0, 1)
    assert "older than the catalogue" in report.kept_out[0].reason
    assert "Old flavor." not in Reader(store).card_by_slug("spirit-of-fire").body  # type: ignore[union-attr]
    forced = Writer(store).write([CardRecord(old)], allow_older=True)
    assert (forced.changed, forced.kept_out) == (1, [])


@pytest.mark.allow_log(NOT_STORED)
def test_a_record_lacking_editions_or_filled_keys_and_not_newer_is_kept_out(
    tmp_path: Path,
) -> None:
    store = _store(tmp_path)
    stored = _fire()
    stored["editions"][0]["thema_foil_dynamic"] = True  # type: ignore[index]
    Writer(store).write([CardRecord(stored)])
    fewer = _fire()
    fewer["editions"] = fewer["editions"][:3]  # type: ignore[index]
    report = Writer(store).write([CardRecord(fewer)])
    assert len(report.kept_out) == 1 and "lacks the edition" in report.kept_out[0].reason
    filled = _fire()
    report = Writer(store).write([CardRecord(
        filled, filled=frozenset({"editions.fireEd0000.thema_foil_dynamic"}))])
    assert len(report.kept_out) == 1
    newer = _fire(last_update="2026-05-01T00:00:00.000Z")
    newer["editions"] = newer["editions"][:3]  # type: ignore[index]
    report = Writer(store).write([CardRecord(newer)])
    assert (report.changed, report.kept_out) == (1, [])
    assert Reader(store).counts()["editions"] == 3


@pytest.mark.allow_log(NOT_STORED)
def test_the_import_summary_names_refused_and_kept_out_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = str(tmp_path / "data")
    first, second = tmp_path / "new.json", tmp_path / "old.json"
    first.write_text(json.dumps([_fire(last_update="2026-04-01T00:00:00.000Z")]), "utf-8")
    impostor = make_card("impostor01", "Impostor")
    impostor["slug"] = "spirit-of-fire"
    second.write_text(json.dumps([_fire(), impostor]), "utf-8")
    assert main(["import", "--data-dir", data, str(first)]) == 0
    capsys.readouterr()
    assert main(["import", "--data-dir", data, "--verbose", str(second)]) == 0
    out = capsys.readouterr()
    assert "1 records older than the catalogue were kept out" in out.out
    assert "1 records that would destroy another card were refused" in out.out
    assert "Cards: 2 (0 new, 0 changed" in out.out
    assert "kept out: fireCard01 (spirit-of-fire): last_update:" in out.err
    assert "rejected: impostor01 (spirit-of-fire): slug:" in out.err
    assert main(["import", "--data-dir", data, "--allow-older", str(second)]) == 0
    # stored with its older date, but only the date differs: no change of content
    assert "Cards: 2 (0 new, 0 changed, 1 unchanged" in capsys.readouterr().out
