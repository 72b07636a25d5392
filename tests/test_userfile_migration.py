"""app/userfile.py: two processes (here threads) opening the same old file at once both
open it; each migration step is done once, by whichever gets the write lock first."""

from __future__ import annotations

import sqlite3
import threading
from contextlib import closing
from pathlib import Path

from app.userfile import UserFile

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

