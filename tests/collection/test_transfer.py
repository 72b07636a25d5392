"""Importing and exporting collection CSV files, over the real 2026-04-04 catalogue: every
header alias, the matching rules, reported rows, the round trip, and bad files."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from app.collection import CollectionStore, Entry, export_csv, import_csv
from app.collection.editions import CollectionEditions
from app.errors import InvalidData
from app.model.vocabulary import rarity_by_number
from tests.collection.conftest import write_csv_file

pytestmark = pytest.mark.realdata


def _unique_editions(editions: CollectionEditions, count: int) -> list[Any]:
    """Real editions whose set prefix and number no other edition shares, and whose name
    names only them in their set: every matching rule finds them alone."""
    picked = []
    for edition in editions.by_uuid.values():
        alone = len(editions.by_number[(edition.set_prefix.casefold(),
                                        edition.collector_number.lstrip("0") or "0")]) == 1
        named = [e for e in editions.sets[edition.set_prefix] if e.name == edition.name]
        if alone and len(named) == 1:
            picked.append(edition)
        if len(picked) == count:
            return picked
    raise AssertionError("not enough editions")


HEADERS = [  # every alias of every column, in various cases
    ("Quantity,Name,Set,Number,Rarity,Foil,Condition,Language,Tag,Edition UUID", "all"),
    ("count,card name,set code,card number,RARITY,printing,condition,language,tag", "number"),
    ("Qty,Simple Name,Set Prefix,Collector Number,Rarity,Finish", "number"),
    ("QTY,Name,Edition,Number,Rarity,FOIL", "number"),
    ("Edition UUID,Count,Printing", "uuid"),
    ("Card Name,SET,Quantity,Finish", "name"),
]


@pytest.mark.parametrize(("header", "kind"), HEADERS)
def test_every_header_alias_imports_the_same_collection(
    header: str, kind: str, editions: CollectionEditions, store: CollectionStore, tmp_path: Path
) -> None:
    chosen = _unique_editions(editions, 40)
    foil_words = ["foil", "Foil", "yes", "true", "1", "normal", "non-foil", "no", ""]
    rows = []
    for i, e in enumerate(chosen):
        foil = foil_words[i % len(foil_words)]
        rarity = rarity_by_number(e.rarity)
        by_column = {"quantity": str(i % 3 + 1), "count": str(i % 3 + 1), "qty": str(i % 3 + 1),
                     "name": e.name, "card name": e.name, "simple name": e.name,
                     "set": e.set_prefix, "set code": e.set_prefix, "set prefix": e.set_prefix,
                     "edition": e.set_prefix, "number": e.collector_number,
                     "card number": e.collector_number, "collector number": e.collector_number,
                     "rarity": rarity.code if rarity else "", "foil": foil, "printing": foil,
                     "finish": foil, "condition": "nm", "language": "EN", "tag": "trade",
                     "edition uuid": e.uuid}
        rows.append([by_column[h.strip().lower()] for h in header.split(",")])
    report = import_csv(store, editions, write_csv_file(tmp_path / "in.csv", header, rows))
    assert report.problems == ()
    assert report.imported == 40
    owned = {e.edition_uuid: e for e in store.entries()}
    assert set(owned) == {e.uuid for e in chosen}
    for i, e in enumerate(chosen):
        assert owned[e.uuid].quantity == i % 3 + 1
        assert owned[e.uuid].foil is (i % len(foil_words) < 5)
        assert owned[e.uuid].condition == ("NM" if "condition" in header.lower() else "")


def test_shared_set_and_number_need_the_rarity(editions: CollectionEditions,
                                               store: CollectionStore, tmp_path: Path) -> None:
    # DOA 1st 004 is Lorraine, Wandering Warrior in C and in CUR (real data).
    shared = editions.by_number[("doa 1st", "4")]
    assert sorted(rarity_by_number(e.rarity).code for e in shared) == ["C", "CUR"]  # type: ignore[union-attr]
    rows = [["2", "DOA 1st", "004", "CUR"], ["1", "DOA 1st", "4", ""],
            ["1", "DOA 1st", "999", ""], ["1", "DOA 1sst", "001", ""]]
    report = import_csv(store, editions,
                        write_csv_file(tmp_path / "in.csv", "Qty,Set,Number,Rarity", rows))
    cur = next(e for e in shared if e.rarity == 8)
    assert store.entries() == [Entry(cur.uuid, False, 2)]
    lines = {p.line: p for p in report.problems}
    assert sorted(lines) == [3, 4, 5]
    assert "matches 2 editions" in lines[3].message
    assert lines[3].suggestions == ("DOA 1st 004 C Lorraine, Wandering Warrior",
                                    "DOA 1st 004 CUR Lorraine, Wandering Warrior")
    assert "no edition DOA 1st 999" in lines[4].message
    assert lines[5].suggestions[0] == "set DOA 1st"


def test_a_misspelt_name_is_reported_with_the_card_it_may_mean(
    editions: CollectionEditions, store: CollectionStore, tmp_path: Path
) -> None:
    rows = [["1", "Spirit of Fyre", "ALC"], ["x", "Spirit of Fire", "ALC"]]
    report = import_csv(store, editions,
                        write_csv_file(tmp_path / "in.csv", "Qty,Name,Set", rows))
    assert [p.line for p in report.problems] == [2, 3]
    assert report.problems[0].suggestions == ("ALC 001 C Spirit of Fire",)
    assert "quantity 'x'" in report.problems[1].message
    assert store.entries() == []


def test_export_then_import_into_an_empty_collection_is_the_same_collection(
    editions: CollectionEditions, store: CollectionStore, tmp_path: Path
) -> None:
    shared = editions.by_number[("doa 1st", "4")]  # editions sharing set and number too
    chosen = [*shared, *list(editions.by_uuid.values())[::37]]
    store.change([(Entry(e.uuid, i % 2 == 0, 1, ("", "NM", "LP")[i % 3], ("", "JP")[i % 2],
                         ("", "trade")[i % 4 == 0]).key, i + 1)
                  for i, e in enumerate(chosen)], "set up")
    store.change([(Entry("gone00000A", True, 3).key, 3)], "an edition no longer in it")
    target = tmp_path / "out.csv"
    assert export_csv(store, editions, target) == len(chosen) + 1
    again = CollectionStore(tmp_path / "again.sqlite3")
    report = import_csv(again, editions, target)
    assert report.problems == () and report.not_in_catalogue == 1
    assert again.entries() == store.entries()
    assert target.read_bytes().startswith(
        b"Quantity,Name,Set,Number,Rarity,Foil,Condition,Language,Tag,Edition UUID\r\n")


def test_replace_makes_the_file_the_collection(editions: CollectionEditions,
                                               store: CollectionStore, tmp_path: Path) -> None:
    store.change([(Entry("gx83sfhvfi", False, 1).key, 5)], "add")
    path = write_csv_file(tmp_path / "in.csv", "Edition UUID,Qty", [["szdne4n32l", "2"]])
    import_csv(store, editions, path)
    assert {e.edition_uuid for e in store.entries()} == {"gx83sfhvfi", "szdne4n32l"}
    import_csv(store, editions, path, replace=True)
    assert store.entries() == [Entry("szdne4n32l", False, 2)]
    store.undo()
    assert len(store.entries()) == 2


def _bad_files(tmp: Path) -> list[tuple[Path, str]]:
    binary = tmp / "cards.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" + os.urandom(4096))
    huge = tmp / "huge.csv"
    with huge.open("wb") as handle:
        handle.write(b"Qty,Set,Number\n")
        handle.truncate(100 * 1024 * 1024)
    digits = tmp / "digits.csv"
    digits.write_text("Qty,Set,Number\n1,ALC,001\n" + "9" * 5000 + ",ALC,002\n")
    rows = tmp / "rows.csv"
    rows.write_text("Qty,Set,Number\n" + "1,ALC,001\n" * 300_000)
    long_line = tmp / "long.csv"
    long_line.write_text("Qty,Set,Number\n1,ALC," + "0" * 10_000 + "\n")
    latin = tmp / "latin.csv"
    latin.write_bytes("Qty,Name,Set\n1,Ré,ALC\n".encode("latin-1"))
    return [(binary, "binary"), (huge, "104,857,600 bytes"), (digits, "5,000 digits"),
            (rows, "300,001 lines"), (long_line, "10,006 characters"), (latin, "not UTF-8")]


def test_bad_files_are_refused_quickly_and_import_nothing(
    editions: CollectionEditions, store: CollectionStore, tmp_path: Path
) -> None:
    store.change([(Entry("gx83sfhvfi", False, 1).key, 1)], "before")
    for path, words in _bad_files(tmp_path):
        started = time.monotonic()
        with pytest.raises(InvalidData, match=words) as error:
            import_csv(store, editions, path, replace=True)
        assert "nothing was imported" in error.value.message or "UTF-8" in error.value.message
        assert time.monotonic() - started < 5  # "within a second" is measured in benchmarks
        assert store.entries() == [Entry("gx83sfhvfi", False, 1)], path.name
    assert store.undo_label() == "before"
