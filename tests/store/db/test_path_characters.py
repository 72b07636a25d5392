"""The catalogue in a folder whose path has spaces, characters outside ASCII and URI
characters (``#``, ``%``): WAL mode, reads, writes and the read-only open all work there,
as in a Windows user's ``C:\\Users\\Zoë Quinn\\…`` or a macOS ``~/Library/Application Support``."""

from __future__ import annotations

import sqlite3
from pathlib import Path, PureWindowsPath

from app.bootstrap import build
from app.store import CardRecord, Store, Writer
from app.store.db.connection import sqlite_uri
from tests.helpers.cards import make_card

FOLDER = "Zoë Quinn's cards — カード #1 %20 (Application Support)"


def test_wal_over_a_path_with_spaces_and_characters_outside_ascii(tmp_path: Path) -> None:
    data = tmp_path / FOLDER
    services = build(str(data))
    Writer(services.store).write([CardRecord(make_card())])
    reader = services.store.connection()
    assert reader.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert (data / "catalogue.sqlite3-wal").is_file()  # beside the file, not mangled
    assert services.catalogue.card("generated-card")["name"]
    services.store.close()
    files = sorted(p.name for p in data.iterdir())
    assert "catalogue.sqlite3" in files
    assert not [name for name in files if "%" in name.replace("%20", "") or "?" in name]


def test_the_read_only_open_finds_the_same_file(tmp_path: Path) -> None:
    data = tmp_path / FOLDER
    Writer(build(str(data)).store).write([CardRecord(make_card())])
    store = Store(data / "catalogue.sqlite3", read_only=True)
    try:
        count = store.connection().execute("SELECT count(*) FROM cards").fetchone()[0]
        assert count == 1
    finally:
        store.close()


def test_the_uri_of_a_windows_path() -> None:
    local = PureWindowsPath("C:\\Users\\Zoë Quinn\\AppData\\Local\\Archivist\\catalogue.sqlite3")
    assert sqlite_uri(local) == ("file:///C:/Users/Zo%C3%AB%20Quinn/AppData/Local/Archivist/"
                                 "catalogue.sqlite3")
    share = PureWindowsPath("\\\\nas\\cards\\#1\\catalogue.sqlite3")
    assert sqlite_uri(share) == "file:////nas/cards/%231/catalogue.sqlite3"


def test_sqlite_opens_the_uri_of_this_platform(tmp_path: Path) -> None:
    target = tmp_path / "a #b %c ü" / "x.sqlite3"
    target.parent.mkdir()
    sqlite3.connect(target).close()
    sqlite3.connect(f"{sqlite_uri(target)}?mode=ro", uri=True).close()
