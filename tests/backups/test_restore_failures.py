"""A restore that cannot back up the current file, or cannot copy: the collection stays
where it was and the message says nothing changed; a damaged file moved aside is listed."""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path

import pytest

import app.backups.copies as copies
from app.backups import COLLECTION, list_backups, make_backup, restore
from app.collection import CollectionStore
from app.errors import StoreError
from tests.backups.conftest import MONDAY, owned
from tests.helpers.smallfs import fill, small_fs


def _no_space(*_args: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def test_a_full_disk_refuses_the_restore_and_leaves_the_file_in_place(
        data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    good = make_backup(data / "collection.sqlite3", "manual", MONDAY)
    assert good is not None
    owned(data, 40)
    live = data / "collection.sqlite3"
    before = live.read_bytes()
    monkeypatch.setattr(copies, "_copy_checked", _no_space)
    with pytest.raises(StoreError, match="nothing was changed") as refused:
        restore(data, good.path, COLLECTION)
    assert "\n" not in refused.value.message
    assert live.read_bytes() == before
    assert not list((data / "backups").glob("damaged-*"))
    assert len(CollectionStore(live).entries()) == 40


def test_a_copy_failing_after_the_damaged_file_was_moved_puts_it_back(
        data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    good = make_backup(data / "collection.sqlite3", "manual", MONDAY)
    assert good is not None
    live = data / "collection.sqlite3"
    live.write_bytes(b"not a database at all" * 100)
    real = copies.copy_pages
    calls: list[int] = []

    def second_fails(source: sqlite3.Connection, target: sqlite3.Connection) -> None:
        calls.append(1)
        if len(calls) == 1:
            real(source, target)  # the backup of the damaged file: fails as damaged
        else:
            _no_space()

    monkeypatch.setattr(copies, "copy_pages", second_fails)
    with pytest.raises(StoreError, match="the file is as it was"):
        restore(data, good.path, COLLECTION)
    assert live.read_bytes() == b"not a database at all" * 100
    assert not list((data / "backups").glob("damaged-*"))


def test_a_damaged_file_moved_aside_is_listed_as_damaged(data: Path) -> None:
    good = make_backup(data / "collection.sqlite3", "manual", MONDAY)
    assert good is not None
    (data / "collection.sqlite3").write_bytes(b"not a database at all" * 100)
    done = restore(data, good.path, COLLECTION)
    assert done.moved is not None
    listed = {item.backup.path: item for item in list_backups(data)}
    assert listed[done.moved].damaged and listed[done.moved].backup.kind == "collection"
    assert not listed[good.path].damaged


def test_a_real_full_disk_refuses_the_restore(tmp_path: Path) -> None:
    with small_fs(tmp_path / "small", "2m") as data:
        owned(data, 5)
        good = make_backup(data / "collection.sqlite3", "manual", MONDAY)
        assert good is not None
        owned(data, 2000)
        live = data / "collection.sqlite3"
        before = live.read_bytes()
        fill(data, 4096)
        with pytest.raises(StoreError, match="nothing was changed"):
            restore(data, good.path, COLLECTION)
        assert live.read_bytes() == before
        assert not list((data / "backups").glob("damaged-*"))
