"""The collection file: changes all or nothing, each one undone by Ctrl+Z's step; typed
tables, and rows of the wrong type (an older file's, or changed since) left out and listed."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

import pytest

from app.collection import CollectionStore, Entry
from app.collection.storage import VERSION
from app.errors import StoreError
from tests.helpers.damaged_user_files import DAMAGED_ENTRIES, old_collection

# Real edition uuids of the 2026-04-04 snapshot (Spirit of Fire ALC 001, Spirit of Water ALC 002).
FIRE, WATER = "gx83sfhvfi", "szdne4n32l"


def test_add_then_take_away_down_to_none_removes_the_entry(store: CollectionStore) -> None:
    key = Entry(FIRE, False, 1).key
    store.change([(key, 3)], "add")
    store.change([(key, -1)], "remove")
    assert store.owned() == {FIRE: (2, 0)}
    store.change([(key, -5)], "remove")
    assert store.entries() == []


def test_foil_and_non_foil_are_counted_apart(store: CollectionStore) -> None:
    store.change([(Entry(FIRE, True, 1).key, 2), (Entry(FIRE, False, 1, "LP").key, 1)], "add")
    assert store.owned() == {FIRE: (1, 2)}


def test_undo_puts_each_change_back_newest_first(store: CollectionStore) -> None:
    store.change([(Entry(FIRE, False, 1).key, 2)], "add 2 × Spirit of Fire")
    store.replace([Entry(WATER, True, 4, tag="trade")], "import of owned.csv")
    assert store.undo_label() == "import of owned.csv"
    assert store.undo() == "import of owned.csv"
    assert store.entries() == [Entry(FIRE, False, 2)]
    assert store.undo() == "add 2 × Spirit of Fire"
    assert store.entries() == []
    assert store.undo() is None


def test_a_failed_write_changes_nothing(store: CollectionStore, tmp_path: Path) -> None:
    store.change([(Entry(FIRE, False, 1).key, 1)], "add")
    slow = _no_wait(CollectionStore(store.path))
    blocker = sqlite3.connect(tmp_path / "collection.sqlite3", timeout=0)
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreError, match="nothing was changed"):
            slow.change([(Entry(WATER, False, 1).key, 1)], "add")
    finally:
        blocker.rollback()
        blocker.close()
    assert store.entries() == [Entry(FIRE, False, 1)]
    assert store.undo_label() == "add"


def _no_wait(store: CollectionStore) -> CollectionStore:
    """The store with a busy timeout of 0, so a locked file fails at once."""
    original = store._connect

    from contextlib import contextmanager

    @contextmanager
    def connect():  # type: ignore[no-untyped-def]
        with original() as conn:
            conn.execute("PRAGMA busy_timeout = 0")
            yield conn

    store._connect = connect  # type: ignore[method-assign]
    return store


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "collection.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    with pytest.raises(StoreError, match="newer"):
        CollectionStore(path)


def test_an_old_file_with_rows_of_the_wrong_type_is_typed_and_keeps_them_aside(
    tmp_path: Path,
) -> None:
    path = tmp_path / "collection.sqlite3"
    old_collection(path, "good000001", *DAMAGED_ENTRIES)
    store = CollectionStore(path)
    assert store.entries() == [Entry("good000001", False, 3, "NM")]
    assert store.owned() == {"good000001": (3, 0)}
    assert store.unreadable() == [
        'entries row ["bad0000001", 1, "", "", "", "lots"]: quantity is "lots"',
        'entries row ["bad0000002", 0, "", {"hex": "ff00"}, "", 2]: language is binary data',
        'entries row [{"hex": "0102"}, 0, "", "", "", 2]: edition uuid is binary data']
    with contextlib.closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone() == (VERSION,)
        with pytest.raises(sqlite3.IntegrityError, match="cannot store TEXT"):
            conn.execute("INSERT INTO entries VALUES ('x', 0, '', '', '', 'lots')")
        assert conn.execute("SELECT COUNT(*) FROM unreadable_rows").fetchone() == (3,)
    store.change([(("good000001", False, "NM", "", ""), 1)], "add")
    assert store.entries() == [Entry("good000001", False, 4, "NM")]


def test_a_row_damaged_after_the_typing_is_left_out_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "collection.sqlite3"
    store = CollectionStore(path)
    store.change([(("good000001", False, "", "", ""), 2), (("good000002", False, "", "", ""), 1)],
                 "add")
    with contextlib.closing(sqlite3.connect(path)) as conn, conn:
        conn.execute("PRAGMA ignore_check_constraints = ON")
        conn.execute("UPDATE entries SET foil = 7 WHERE edition_uuid = 'good000002'")
    assert store.entries() == [Entry("good000001", False, 2)]
    assert store.owned() == {"good000001": (2, 0)}
    assert store.owned_of(["good000002"]) == {}
    assert store.unreadable() == ['entries row ["good000002", 7, "", "", "", 1]: foil is 7']
    store.replace([Entry("good000003", True, 1)], "replace")
    assert store.entries() == [Entry("good000003", True, 1)]
    assert len(store.unreadable()) == 1  # the damaged row is kept, not replaced away
