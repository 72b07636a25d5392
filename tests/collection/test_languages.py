"""app/collection/languages.py: every usual spelling of a language is kept as the
catalogue's code, and a collection file written before that has its languages brought to
codes when opened (rows that become one add up, at most 999,999 copies)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from app.collection import CollectionStore, Entry
from app.collection.languages import language_code
from app.collection.storage import VERSION
from tests.helpers.damaged_user_files import OLD_COLLECTION


@pytest.mark.parametrize(("typed", "code"), [
    ("English", "EN"), ("eng", "EN"), ("EN", "EN"), (" en ", "EN"), ("Japanese", "JP"),
    ("ja", "JP"), ("JPN", "JP"), ("日本語", "JP"), ("Chinese", "CN"), ("zh", "CN"),
    ("Chinese (Traditional)", "CN"), ("zh-TW", "CN"), ("", ""),
])
def test_usual_spellings_become_codes(typed: str, code: str) -> None:
    assert language_code(typed) == code


def test_an_unknown_language_is_named_with_the_codes() -> None:
    with pytest.raises(ValueError, match="language 'Klingon' is not one of EN JP CN"):
        language_code("Klingon")


def _version_1_file(path: Path, rows: list[tuple[str, int, str, str, str, object]]) -> None:
    conn = sqlite3.connect(path)
    conn.executescript(OLD_COLLECTION + "PRAGMA user_version = 1;")
    conn.executemany("INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?)", rows)
    conn.execute("INSERT INTO steps VALUES (1, 'import of old.csv', '2026-01-01T00:00:00')")
    conn.execute("INSERT INTO step_rows VALUES (1, 'aaaaaaaaaa', 0, 'NM', 'English', '', 0)")
    conn.commit()
    conn.close()


def test_an_older_file_has_its_languages_brought_to_codes_when_opened(tmp_path: Path) -> None:
    path = tmp_path / "collection.sqlite3"
    _version_1_file(path, [
        ("aaaaaaaaaa", 0, "NM", "English", "", 2), ("aaaaaaaaaa", 0, "NM", "EN", "", 1),
        ("aaaaaaaaaa", 0, "NM", "eng", "", 4), ("aaaaaaaaaa", 1, "NM", "English", "", 1),
        ("bbbbbbbbbb", 0, "", "Japanese", "trade", 999_998),
        ("bbbbbbbbbb", 0, "", "JP", "trade", 5), ("cccccccccc", 0, "", "Klingon", "", 3),
        ("dddddddddd", 0, "", "English", "", "lots"),  # damaged: left for the reader to tell
    ])
    store = CollectionStore(path)
    assert [e for e in store.entries() if e.edition_uuid != "dddddddddd"] == [
        Entry("aaaaaaaaaa", False, 7, "NM", "EN"), Entry("aaaaaaaaaa", True, 1, "NM", "EN"),
        Entry("bbbbbbbbbb", False, 999_999, "", "JP", "trade"),
        Entry("cccccccccc", False, 3, "", "Klingon")]
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone() == (VERSION,)
    assert conn.execute("SELECT language FROM step_rows").fetchall() == [("EN",)]
    conn.close()
    assert CollectionStore(path).entries() == store.entries()  # once only, nothing else
