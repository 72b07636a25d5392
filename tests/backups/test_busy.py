"""A restore never waits for ever: the file itself is refused as a backup, and a copy into
a database another connection keeps locked gives up after its deadline."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

import app.backups.copies as copies
from app.backups import COLLECTION, make_backup, restore
from app.errors import InvalidRequest, StoreError
from tests.backups.conftest import MONDAY
from tests.helpers.hang_guard import within


def test_restoring_the_live_file_itself_is_refused(data: Path) -> None:
    live = data / "collection.sqlite3"
    before = live.read_bytes()
    raised = within(60, lambda: restore(data, live, COLLECTION))
    assert isinstance(raised, InvalidRequest)
    assert "is the collection file itself" in raised.message
    assert live.read_bytes() == before


def test_a_copy_into_a_locked_database_gives_up(data: Path, tmp_path: Path) -> None:
    source_path = tmp_path / "source.sqlite3"
    with closing(sqlite3.connect(source_path)) as conn:
        conn.execute("CREATE TABLE t (x)")
        conn.commit()
    live = data / "collection.sqlite3"
    with closing(sqlite3.connect(live, isolation_level=None)) as holder:
        holder.execute("BEGIN EXCLUSIVE")  # another program writing, for as long as it likes
        with closing(sqlite3.connect(source_path, check_same_thread=False)) as source, \
                closing(sqlite3.connect(live, timeout=0, check_same_thread=False)) as target:
            raised = within(60, lambda: copies.copy_pages(source, target, deadline=0.3))
        holder.execute("ROLLBACK")
    assert isinstance(raised, sqlite3.OperationalError)
    assert "locked" in str(raised)


def test_a_restore_into_a_locked_file_fails_and_says_so(
        data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    good = make_backup(data / "collection.sqlite3", "manual", MONDAY)
    assert good is not None
    monkeypatch.setattr(copies, "BUSY_DEADLINE", 0.3)
    live = data / "collection.sqlite3"
    with closing(sqlite3.connect(live, isolation_level=None)) as holder:
        holder.execute("BEGIN IMMEDIATE")
        raised = within(60, lambda: restore(data, good.path, COLLECTION))
        holder.execute("ROLLBACK")
    assert isinstance(raised, StoreError) and "the file is as it was" in raised.message
