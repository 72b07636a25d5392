"""app/collection/csvfile.py: a header naming a column twice and a quote never closed make a
file unreadable; cells a spreadsheet would run as a formula are written after a ``'`` and
read back as they were (OWASP's "CSV injection"), over the real 2026-04-04 catalogue."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.collection import CollectionStore, Entry, export_csv, import_csv
from app.collection.csvfile import csv_text, defused, parse_csv, undefused
from app.collection.editions import CollectionEditions
from app.collection.values import NOTE_CHARS
from app.errors import InvalidData
from app.safetext import one_line

ATTACKS = ['=HYPERLINK("http://x","click")', "+cmd|' /C calc'!A0", "@SUM(1)", "-2+3",
           "'=1+1", "''@x"]


@pytest.mark.parametrize("header", ["Qty,Set,Set Code,Number", "Qty,Set,Number,set",
                                    "Qty,Name,Card Name,Set", "Edition UUID,Edition UUID"])
def test_a_header_naming_a_column_twice_is_unreadable(header: str) -> None:
    with pytest.raises(InvalidData, match=r"names the .* column 2 times") as error:
        parse_csv(header + "\n1,DOA 1st,DOA 1st,001\n", "twice.csv")
    assert "nothing was imported" in error.value.message


def test_a_quote_never_closed_is_unreadable() -> None:
    with pytest.raises(InvalidData, match="line 3 is never closed"):
        parse_csv('Qty,Set,Number\n1,ALC,001\n1,"DOA 1st,001\n2,ALC,002\n', "quote.csv")


def test_formula_cells_are_written_after_a_quote_and_read_back_as_they_were() -> None:
    text = csv_text([["1", "", "", "", "", "", "", lang, tag, "abcdefghij"]
                     for tag, lang in zip(ATTACKS, reversed(ATTACKS), strict=True)])
    for line in text.split("\r\n")[1:-1]:
        cells = line.split(",", 7)[7]
        assert not cells.startswith(("=", "+", "-", "@", '"=', '"+', '"@')), line
    _, rows = parse_csv(text)
    assert [(r.get("Tag"), r.get("Language")) for r in rows] == list(
        zip(ATTACKS, reversed(ATTACKS), strict=True))
    assert defused("\tx") == "'\tx" and defused("\rx") == "'\rx"
    assert undefused("'x") == "'x" and undefused("'=x") == "=x"


@pytest.mark.realdata
def test_export_defuses_tags_and_import_gives_the_same_collection(
    editions: CollectionEditions, store: CollectionStore, tmp_path: Path
) -> None:
    uuids = list(editions.by_uuid)[:len(ATTACKS)]
    store.change([(Entry(u, False, 1, "", "EN", tag).key, 2) for u, tag in zip(
        uuids, ATTACKS, strict=True)], "set up")
    target = tmp_path / "out.csv"
    export_csv(store, editions, target)
    written = target.read_text(encoding="utf-8")
    assert ",'=HYPERLINK(" in written.replace('"', "") and "\n=" not in written
    assert ",'+cmd|" in written and ",'@SUM(1)," in written and ",'-2+3," in written
    again = CollectionStore(tmp_path / "again.sqlite3")
    assert import_csv(again, editions, target).problems == ()
    assert again.entries() == store.entries()


_TAGS = st.text(st.characters(codec="utf-8"), max_size=NOTE_CHARS
                ).map(str.strip).filter(lambda t: one_line(t) == t)


@pytest.mark.realdata
@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(tags=st.lists(_TAGS, min_size=1, max_size=6),
       languages=st.lists(st.sampled_from(["", "EN", "JP", "CN"]), min_size=6, max_size=6))
def test_any_tag_survives_the_round_trip(editions: CollectionEditions, tags: list[str],
                                         languages: list[str]) -> None:
    uuids = list(editions.by_uuid)[100:106]
    with tempfile.TemporaryDirectory() as folder:
        store = CollectionStore(Path(folder) / "c.sqlite3")
        store.change([(Entry(u, i % 2 == 1, 1, "", lang, tag).key, i + 1) for i, (u, tag, lang)
                      in enumerate(zip(uuids, tags, languages, strict=False))], "set up")
        export_csv(store, editions, Path(folder) / "out.csv")
        again = CollectionStore(Path(folder) / "again.sqlite3")
        assert import_csv(again, editions, Path(folder) / "out.csv").problems == ()
        assert again.entries() == store.entries()


def test_a_space_after_a_closing_quote_is_read_as_before() -> None:
    _, rows = parse_csv('Qty,Set,Number,Tag\n1,"DOA 1st" ,001,"trade" \n')
    assert [(r.line, r.get("Set"), r.get("Tag")) for r in rows] == [(2, "DOA 1st", "trade")]
