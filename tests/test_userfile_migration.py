"""app/userfile.py: two processes (here threads) opening the same old file at once both
open it; each migration step is done once, by whichever gets the write lock first."""

from __future__ import annotations

import sqlite3
import threading
from contextlib import closing
from pathlib import Path

import pytest

from app.cli.main import main
from app.collection import CollectionStore, Entry
from app.errors import StoreError
from app.userfile import UserFile
from tests.helpers.damaged_user_files import old_collection

SCHEMA = "CREATE TABLE t (x, y, z);"


def _add_z(conn: sqlite3.Connection) -> None:
    conn.execute("ALTER TABLE t ADD COLUMN z")


class _Racing(UserFile):
    """A file of version 3 whose opening waits, once it has read the old version, until
    the other opener has read it too (the moment two processes race)."""

    meet = threading.Barrier(2)

    def __init__(self, path: Path) -> None:
        super().__init__(path, "the test file", SCHEMA, 3,
                         {2: "ALTER TABLE t ADD COLUMN y;", 3: _add_z})

    def before_change(self, reason: str) -> None:
        self.meet.wait(timeout=30)

    def back_up_daily(self) -> None:
        pass


def _open_at_once(path: Path) -> list[BaseException]:
    failed: list[BaseException] = []

    def open_it() -> None:
        try:
            _Racing(path)
        except BaseException as exc:  # handed to the test
            failed.append(exc)

    threads = [threading.Thread(target=open_it, daemon=True) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
        assert not thread.is_alive()
    return failed


def test_two_openers_of_an_old_file_both_succeed_and_migrate_it_once(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with closing(sqlite3.connect(path)) as conn:
        conn.executescript("CREATE TABLE t (x); INSERT INTO t VALUES (1); "
                           "PRAGMA user_version = 1;")
    assert _open_at_once(path) == []
    with closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone() == (3,)
        assert conn.execute("SELECT x, y, z FROM t").fetchall() == [(1, None, None)]



@pytest.mark.allow_log(r"Cannot back up .*reading it as it is")
def test_an_old_file_that_cannot_be_backed_up_is_read_as_it_is_and_writes_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    live = tmp_path / "collection.sqlite3"
    old_collection(live, "aaaaaaaaaa")
    (tmp_path / "backups").write_text("not a folder")  # no backup can be made
    before = live.read_bytes()
    store = CollectionStore(live)
    assert [(e.edition_uuid, e.quantity) for e in store.entries()] == [("aaaaaaaaaa", 3)]
    with pytest.raises(StoreError, match="Cannot back up"):
        store.change([(Entry("bbbbbbbbbb", False, 1).key, 1)], "add")
    assert live.read_bytes() == before  # neither migrated nor changed
    data = ("--data-dir", str(tmp_path))
    assert main(["collection", "show", *data]) == 0
    assert main(["collection", "export", *data, str(tmp_path / "owned.csv")]) == 0
    assert "aaaaaaaaaa" in (tmp_path / "owned.csv").read_text(encoding="utf-8")
    assert "Cannot back up" not in capsys.readouterr().err
