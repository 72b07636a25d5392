"""The collection file: changes all or nothing, each one undone by Ctrl+Z's step."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from app.collection import CollectionStore, Entry
from app.errors import StoreError

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
