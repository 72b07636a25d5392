"""The backups Archivist makes by itself: once a day on open, before large changes."""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from datetime import timedelta
from pathlib import Path

import pytest

from app.backups import back_up_daily, backups_in, holds
from app.collection import CollectionStore, Entry
from app.decks import DeckStore
from app.errors import StoreError
from tests.backups.conftest import MONDAY, owned


def _touch(path: Path, when: float) -> None:
    os.utime(path, (when, when))


def test_a_daily_backup_is_made_once_a_day_and_only_of_a_changed_file(tmp_path: Path) -> None:
    owned(tmp_path, 3)
    live = tmp_path / "collection.sqlite3"
    _touch(live, (MONDAY - timedelta(days=1)).timestamp())
    assert back_up_daily(live, MONDAY) is not None
    assert back_up_daily(live, MONDAY + timedelta(hours=11)) is None  # the same day
    _touch(live, (MONDAY + timedelta(hours=2)).timestamp())  # changed after the backup…
    assert back_up_daily(live, MONDAY + timedelta(hours=11)) is None  # …still the same day
    tuesday = MONDAY + timedelta(days=1)
    assert back_up_daily(live, tuesday) is not None
    _touch(live, (tuesday - timedelta(hours=1)).timestamp())  # not changed since Tuesday's
    assert back_up_daily(live, tuesday + timedelta(days=1)) is None
    assert [b.reason for b in backups_in(tmp_path / "backups")] == ["daily", "daily"]


def test_opening_a_user_file_makes_the_daily_backup(tmp_path: Path) -> None:
    """The command line and the window open the files through their stores: the first
    open of the day backs each file up (a file made just now is not)."""
    store = owned(tmp_path, 2)
    DeckStore(tmp_path / "decks.sqlite3")
    assert backups_in(tmp_path / "backups") == []  # nothing was there to back up
    CollectionStore(store.path)
    DeckStore(tmp_path / "decks.sqlite3")
    assert sorted(b.kind for b in backups_in(tmp_path / "backups")) == ["collection", "decks"]
    CollectionStore(store.path)
    assert len(backups_in(tmp_path / "backups")) == 2


def test_a_daily_backup_that_fails_does_not_stop_the_command(tmp_path: Path) -> None:
    store = owned(tmp_path, 2)
    (tmp_path / "backups").write_text("a file where the folder should be")
    assert back_up_daily(store.path) is None
    assert len(CollectionStore(store.path).entries()) == 2


def test_replacing_the_collection_backs_up_what_it_held(tmp_path: Path) -> None:
    store = owned(tmp_path, 6)
    store.replace([Entry("other", False, 1)], "import of owned.csv")
    (made,) = backups_in(tmp_path / "backups")
    assert made.reason == "before-replace" and holds(made) == "6 entries, 12 copies"


def test_no_replace_without_a_backup(tmp_path: Path) -> None:
    store = owned(tmp_path, 6)
    (tmp_path / "backups").write_text("a file where the folder should be")
    with pytest.raises(StoreError, match="Nothing was changed"):
        store.replace([Entry("other", False, 1)], "import of owned.csv")
    assert len(store.entries()) == 6


def test_undoing_a_large_change_backs_up_first_a_small_one_not(tmp_path: Path) -> None:
    store = owned(tmp_path, 30)  # one step of 30 entries
    store.change([(Entry("one", False, 1).key, 1)], "add")
    store.undo()
    assert backups_in(tmp_path / "backups") == []
    store.undo()
    (made,) = backups_in(tmp_path / "backups")
    assert made.reason == "before-undo" and holds(made) == "30 entries, 60 copies"


def test_a_decks_file_is_backed_up_before_its_schema_is_migrated(tmp_path: Path) -> None:
    live = tmp_path / "decks.sqlite3"
    with closing(sqlite3.connect(live)) as conn:  # a decks file of version 1
        conn.executescript(
            "CREATE TABLE decks (id INTEGER PRIMARY KEY, name TEXT NOT NULL, format TEXT NOT "
            "NULL, saved_at TEXT NOT NULL, deleted_at TEXT); CREATE TABLE entries (deck_id "
            "INTEGER NOT NULL, position INTEGER NOT NULL, zone TEXT NOT NULL, quantity INTEGER "
            "NOT NULL, name TEXT NOT NULL, card_uuid TEXT, edition_uuid TEXT, line TEXT NOT "
            "NULL DEFAULT '', PRIMARY KEY (deck_id, position)); INSERT INTO decks VALUES "
            "(1, 'Old', 'STANDARD', '2025-01-01', NULL); PRAGMA user_version = 1;")
    assert [d.name for d in DeckStore(live).decks()] == ["Old"]
    made = [b for b in backups_in(tmp_path / "backups") if b.reason != "daily"]
    assert [b.reason for b in made] == ["before-migration-v1"]
    with closing(sqlite3.connect(made[0].path)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone() == (1,)
