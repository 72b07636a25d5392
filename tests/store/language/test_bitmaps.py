"""The search's bitmaps: the same answers as the SQL alone, and never an answer of an older
catalogue (a write, a damaged file, a file of another version)."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path
from typing import Any

import pytest

from app.model.query import Per, QueryResult
from app.store import CardRecord, Store, Writer
from app.store.language import bitmap_files, bitmap_terms, bitmaps
from app.store.language.query import run_query
from tests.helpers.cards import make_card, make_edition
from tests.search.generated import generated_catalogue

QUERIES = [
    "", "fire", "o:fire", "cl:guardian", "-cl:mage", "cl!=mage", "banned:STANDARD",
    "f:STANDARD", "spd:slow", "cost=x", "cost!=x t:action", "res=x", "res<3", "pow!=3",
    "-pow=3", "lv>=2 life=20", "lang:cn", "-lang:cn", "a:KUMAI", "a:sera", "a:木", "is:flip",
    "is:foil", "-is:foil", "s:gen", 's:"gen alter" r:ur', "-r:1", "r!=5", "thema>=1000",
    "thema<400", "thema=300", "thema!=300", "(el:wind or el:water) -t:ally", "t:ally or cost<=1",
    "s:gen -r:5", "-(s:gen r:5)", "is:dynamic or o:draw",
]
PERS: tuple[Per, ...] = ("card", "edition")
SORTS = [("name", False), ("name", True), ("set", False), ("set", True), ("cost", True),
         ("rarity", False), ("thema", True), ("power", False)]


def answer(result: QueryResult) -> tuple[int, list[tuple[Any, ...]]]:
    return result.total, [dataclasses.astuple(hit) for hit in result.hits]


def without_bitmaps(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bitmap_terms, "supported", lambda tree: False)


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return generated_catalogue(tmp_path / "data").store


def test_the_bitmaps_answer_as_the_sql_does(store: Store, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    asked = [(q, per, sort, down, limit) for q in QUERIES for per in PERS
             for sort, down in SORTS for limit in (1, 3)]
    fast = [answer(run_query(store, q, per=per, sort=sort, descending=down, limit=limit))
            for q, per, sort, down, limit in asked]
    assert bitmaps.index(store) is not None  # they were used
    without_bitmaps(monkeypatch)
    slow = [answer(run_query(store, q, per=per, sort=sort, descending=down, limit=limit))
            for q, per, sort, down, limit in asked]
    assert [a for a, b in zip(fast, slow, strict=True) if a != b] == []
    assert fast == slow


def ally(uuid: str, name: str) -> CardRecord:
    return CardRecord(make_card(uuid, name, types=["ALLY"],
                                editions=[make_edition(uuid, uuid + "e1", number="900")]))


def totals(store: Store, query: str = "t:ally") -> tuple[int, list[str]]:
    result = run_query(store, query, limit=10)
    return result.total, [hit.slug for hit in result.hits]


def test_a_write_changes_the_answers_at_once(store: Store) -> None:
    assert totals(store) == (1, ["wind-ally"])
    Writer(store).write([ally("genCard007", "Brand New Ally")])
    assert totals(store) == (2, ["brand-new-ally", "wind-ally"])
    Writer(store).write([], remove=["genCard003"])
    assert totals(store) == (1, ["brand-new-ally"])


def index_file(store: Store) -> Path:
    return bitmap_files.folder(store.path) / "index.bin"


def test_a_damaged_bitmap_file_is_made_again(store: Store) -> None:
    before = totals(store)
    path = index_file(store)
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF  # one byte of a bitmap
    path.write_bytes(bytes(data))
    again = Store(store.path)  # another process: nothing kept in memory
    assert totals(again) == before
    key = bitmaps.stamp(again)
    assert key is not None and bitmap_files.read(path, key) is not None  # whole again
    path.write_bytes(b"ARCHSRB1\xff\xff")  # cut short
    assert totals(Store(store.path)) == before


def test_a_stale_bitmap_file_is_never_used(store: Store, tmp_path: Path) -> None:
    assert totals(store) == (1, ["wind-ally"])
    shutil.copy(index_file(store), tmp_path / "old.bin")
    Writer(Store(store.path)).write([ally("genCard007", "Brand New Ally")])  # another writer
    shutil.copy(tmp_path / "old.bin", index_file(store))  # the older version's file back
    assert totals(Store(store.path)) == (2, ["brand-new-ally", "wind-ally"])
    assert totals(store) == (2, ["brand-new-ally", "wind-ally"])  # its kept bitmaps too


def test_an_image_stored_later_changes_the_version(store: Store) -> None:
    before = bitmaps.stamp(store)
    Writer(store).write([], images=[("genEd00301.jpg", 10)])
    assert bitmaps.stamp(store) not in (None, before)


def test_a_write_in_progress_reads_without_bitmaps(store: Store) -> None:
    with store.transaction() as conn:
        reading = type("InTransaction", (), {"path": store.path,
                                              "connection": lambda self: conn})()
        assert bitmaps.stamp(reading) is None


@pytest.mark.realdata
def test_the_bitmaps_answer_as_the_sql_does_on_the_real_catalogue(
        real_catalogue: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from benchmarks.search_language import LIMIT, make_queries

    real = real_catalogue.store
    queries = make_queries(real, 120, seed=34)
    fast = [answer(run_query(real, text, limit=LIMIT, **options)) for _, text, options in queries]
    without_bitmaps(monkeypatch)
    slow = [answer(run_query(real, text, limit=LIMIT, **options)) for _, text, options in queries]
    assert fast == slow
