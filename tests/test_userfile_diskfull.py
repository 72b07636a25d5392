"""A user file's failed write leaves the file as it was, with no hot journal waiting for
the next command: on a real, small tmpfs filled up (mounting needs root; skipped otherwise)."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

import pytest

from app.collection import CollectionStore
from app.errors import StoreError
from tests.helpers.smallfs import fill, small_fs


def _key(prefix: str, number: int) -> tuple[str, bool, str, str, str]:
    return (f"{prefix}{number:09d}", False, "", "", f"tag{number}")


def test_a_write_failing_on_a_full_disk_leaves_no_journal_and_the_file_as_it_was(
    tmp_path: Path,
) -> None:
    with small_fs(tmp_path / "small", size="12m") as small:
        path = small / "collection.sqlite3"
        store = CollectionStore(path)
        store.change([(_key("u", i), 1) for i in range(20_000)], "add")
        size = path.stat().st_size
        # Room for part of the write: SQLite spills pages into the file before it fails.
        fill(small, 3_500_000)
        with pytest.raises(StoreError, match="the disk is full"):
            store.change([(_key("u", i), 1) for i in range(20_000)]
                         + [(_key("w", i), 1) for i in range(30_000)], "add more")
        assert not path.with_name("collection.sqlite3-journal").exists()
        assert path.stat().st_size == size
        with contextlib.closing(sqlite3.connect(path)) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            assert conn.execute("SELECT COUNT(*), SUM(quantity) FROM entries").fetchone() == (
                20_000, 20_000)
