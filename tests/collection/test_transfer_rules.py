"""Importing a collection CSV over the real 2026-04-04 catalogue: a replace is all or
nothing, the copies told are those stored (the cap said), tags and languages follow the
deck-name rules, languages become codes, and sets may be named as marketplaces name them."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.collection import CollectionStore, Entry, import_csv
from app.collection.editions import CollectionEditions
from tests.collection.conftest import write_csv_file

pytestmark = pytest.mark.realdata

KEPT = Entry("gx83sfhvfi", False, 5)


def _csv(tmp_path: Path, rows: list[list[str]], header: str = "Qty,Set,Number",
         name: str = "in.csv") -> Path:
    return write_csv_file(tmp_path / name, header, rows)


def test_a_replace_with_a_row_reported_replaces_nothing(
    editions: CollectionEditions, store: CollectionStore, tmp_path: Path
) -> None:
    store.change([(KEPT.key, 5)], "before")
    for rows in ([["1", "XYZ", "001"]], [["1", "DOA 1st", "001"], ["1", "XYZ", "001"]]):
        report = import_csv(store, editions, _csv(tmp_path, rows), replace=True)
        assert (report.replaced, report.imported, report.changed) == (False, 0, 0)
        assert [p.line for p in report.problems] == [len(rows) + 1]
        assert store.entries() == [KEPT]
    assert store.undo_label() == "before"


def test_partial_replaces_with_the_rows_taken_but_never_with_none(
    editions: CollectionEditions, store: CollectionStore, tmp_path: Path
) -> None:
    store.change([(KEPT.key, 5)], "before")
    report = import_csv(store, editions, _csv(tmp_path, [["1", "XYZ", "001"]]), replace=True,
                        partial=True)
    assert not report.replaced and store.entries() == [KEPT]
    report = import_csv(store, editions, _csv(tmp_path, [["2", "DOA 1st", "001"],
                                                         ["1", "XYZ", "001"]]),
                        replace=True, partial=True)
    assert (report.replaced, report.imported, report.copies) == (True, 1, 2)
    assert [e.quantity for e in store.entries()] == [2]


def test_the_copies_told_are_the_copies_stored_and_the_cap_is_said(
    editions: CollectionEditions, store: CollectionStore, tmp_path: Path
) -> None:
    path = _csv(tmp_path, [["999999", "DOA 1st", "002"], ["999999", "DOA 1st", "002"],
                           ["3", "DOA 1st", "001"]])
    report = import_csv(store, editions, path)
    assert (report.copies, report.capped, report.lost) == (1_000_002, 1, 999_999)
    assert sum(e.quantity for e in store.entries()) == 1_000_002
    again = import_csv(store, editions, _csv(tmp_path, [["5", "DOA 1st", "002"]], name="5.csv"))
    assert (again.copies, again.capped, again.lost) == (0, 1, 5)
    replaced = import_csv(store, editions, path, replace=True)
    assert (replaced.copies, replaced.capped, replaced.lost) == (1_000_002, 1, 999_999)


def test_tags_and_languages_follow_the_deck_name_rules(
    editions: CollectionEditions, store: CollectionStore, tmp_path: Path
) -> None:
    forged = "x\n 999 Lorraine, Blademaster [DOA 1st 005] foil NM"
    rows = [["1", "DOA 1st", "001", tag, ""] for tag in
            (forged, "a\u202eb", "t" * 65, "t" * 64, " trade ")]
    rows.append(["1", "DOA 1st", "001", "", "x\ty"])
    report = import_csv(store, editions, _csv(tmp_path, rows, "Qty,Set,Number,Tag,Language"))
    assert [p.line for p in report.problems] == [2, 4, 5, 8]  # the line break is line 3
    assert "A tag cannot hold a line break" in report.problems[0].message
    assert "U+202E" in report.problems[1].message
    assert "at most 64 characters, not 65" in report.problems[2].message
    assert "A language cannot hold" in report.problems[3].message
    assert sorted(e.tag for e in store.entries()) == ["trade", "t" * 64]


def test_languages_become_the_catalogues_codes(
    editions: CollectionEditions, store: CollectionStore, tmp_path: Path
) -> None:
    rows = [["1", "DOA 1st", "001", "NM", lang] for lang in ("English", "EN", "eng", " en ")]
    rows += [["1", "DOA 1st", "001", "NM", lang] for lang in ("Japanese", "ja", "JPN")]
    rows += [["1", "DOA 1st", "001", "NM", "zh-TW"], ["1", "DOA 1st", "001", "NM", "Klingon"]]
    report = import_csv(store, editions, _csv(tmp_path, rows,
                                              "Qty,Set,Number,Condition,Language"))
    assert [(p.line, p.message) for p in report.problems] == [
        (10, "language 'Klingon' is not one of EN JP CN (or their names, such as English, "
             "Japanese, Chinese)")]
    assert sorted((e.language, e.quantity) for e in store.entries()) == [
        ("CN", 1), ("EN", 4), ("JP", 3)]


def test_sets_named_as_marketplaces_name_them(
    editions: CollectionEditions, store: CollectionStore, tmp_path: Path
) -> None:
    sets = ["Dawn of Ashes First Edition", "Dawn of Ashes 1st Edition",
            "dawn of ashes: 1st edition", "Dawn of Ashes Alter", "Mortal Ambition Alter Edition",
            "Alchemical Revolution", "DOA", "Dawn of Ashes"]
    rows = [["1", name, "022"] for name in sets]
    report = import_csv(store, editions, _csv(tmp_path, rows))
    prefixes = sorted(editions.get(e.edition_uuid).set_prefix  # type: ignore[union-attr]
                      for e in store.entries() for _ in range(e.quantity))
    assert prefixes == ["ALC", "AMB Alter", "DOA 1st", "DOA 1st", "DOA 1st", "DOA Alter"]
    assert [(p.line, p.suggestions) for p in report.problems] == [
        (8, ("DOA 1st", "DOA Alter")), (9, ("DOA 1st", "DOA Alter", "DOAp", "DOASD"))]
    assert report.problems[0].text() == ("line 8: set 'DOA' names 2 sets; write its prefix "
                                         "(did you mean DOA 1st / DOA Alter?)")
