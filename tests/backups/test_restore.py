"""Restoring a backup: the current file is backed up first, the restore is one
transaction, and a damaged backup is refused with nothing changed."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from datetime import timedelta
from pathlib import Path

import pytest

from app.backups import COLLECTION, DECKS, backups_in, find_backup, make_backup, restore
from app.collection import CollectionStore, Entry
from app.decks import DeckStore
from app.errors import InvalidRequest
from tests.backups.conftest import MONDAY, kept_decks, owned

REPO = Path(__file__).resolve().parents[2]


def test_a_restore_puts_the_backup_back_and_keeps_the_current_file(data: Path) -> None:
    backup = make_backup(data / "collection.sqlite3", "manual", MONDAY)
    assert backup is not None
    owned(data, 40)  # 40 more entries since
    done = restore(data, backup.path, COLLECTION, MONDAY + timedelta(hours=1))
    assert done.holds == "5 entries, 10 copies" and done.moved is None
    assert len(CollectionStore(data / "collection.sqlite3").entries()) == 5
    assert done.saved is not None and done.saved.reason == "before-restore"
    again = restore(data, done.saved.path, COLLECTION)  # and the restore can be undone
    assert again.holds == "40 entries, 90 copies"


def test_decks_are_restored_by_latest(data: Path) -> None:
    make_backup(data / "decks.sqlite3", "manual", MONDAY)
    DeckStore(data / "decks.sqlite3").delete("Aggro")
    path, kind = find_backup(data, "latest", "decks")
    restore(data, path, kind)
    assert [d.name for d in DeckStore(data / "decks.sqlite3").decks()] == ["Aggro", "Control"]


def _damaged(tmp: Path, good: Path) -> dict[str, Path]:
    """Backups that cannot be restored as the collection, by what is wrong with them."""
    text = tmp / "collection-20261120T000000.000Z-text.sqlite3"
    text.write_text("Quantity,Name\n1,Spirit of Fire\n")
    torn = tmp / "collection-20261120T000000.000Z-torn.sqlite3"
    raw = bytearray(good.read_bytes())
    raw[len(raw) // 2:] = b"\x00\xff" * (len(raw) - len(raw) // 2 // 1 - len(raw) // 2)
    torn.write_bytes(bytes(raw[:len(good.read_bytes())]))
    half = tmp / "collection-20261120T000000.000Z-half.sqlite3"
    half.write_bytes(good.read_bytes()[:5000])
    newer = tmp / "collection-20261120T000000.000Z-newer.sqlite3"
    newer.write_bytes(good.read_bytes())
    with closing(sqlite3.connect(newer)) as conn:
        conn.execute("PRAGMA user_version = 99")
    empty = tmp / "collection-20261120T000000.000Z-empty.sqlite3"
    with closing(sqlite3.connect(empty)) as conn:
        conn.execute("CREATE TABLE other (x)")
    folder = tmp / "collection-20261120T000000.000Z-folder.sqlite3"
    folder.mkdir()
    found = {"not SQLite": text, "torn pages": torn, "cut short": half,
             "newer schema": newer, "other tables": empty, "a folder": folder}
    if hasattr(os, "mkfifo"):
        fifo = tmp / "collection-20261120T000000.000Z-fifo.sqlite3"
        os.mkfifo(fifo)
        found["a FIFO"] = fifo
    return found


def test_a_damaged_backup_is_refused_and_nothing_changes(data: Path, tmp_path: Path) -> None:
    good = make_backup(data / "collection.sqlite3", "manual", MONDAY)
    assert good is not None
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    live = data / "collection.sqlite3"
    before = live.read_bytes()
    listed = os.listdir(data / "backups")
    for what, path in _damaged(elsewhere, good.path).items():
        with pytest.raises(InvalidRequest) as refused:
            restore(data, path, COLLECTION)
        assert "nothing was changed" in refused.value.message, what
        assert "\n" not in refused.value.message, what
        assert live.read_bytes() == before, what
        assert os.listdir(data / "backups") == listed, what
    decks = make_backup(data / "decks.sqlite3", "manual", MONDAY)
    assert decks is not None
    with pytest.raises(InvalidRequest, match="not a backup of the collection file"):
        restore(data, decks.path, COLLECTION)
    assert live.read_bytes() == before


def test_a_damaged_current_file_is_moved_aside_whole_then_replaced(data: Path) -> None:
    good = make_backup(data / "collection.sqlite3", "manual", MONDAY)
    assert good is not None
    live = data / "collection.sqlite3"
    live.write_bytes(b"not a database at all" * 100)
    done = restore(data, good.path, COLLECTION)
    assert done.saved is None and done.moved is not None
    assert done.moved.read_bytes() == b"not a database at all" * 100
    assert len(CollectionStore(live).entries()) == 5
    assert done.moved not in [b.path for b in backups_in(data / "backups")]


def test_restoring_the_oldest_backup_kept_works_though_it_is_pruned_after(
        tmp_path: Path) -> None:
    """The backup of the current file comes first; the pruning it brings must not remove
    the backup being restored before it is copied."""
    store = owned(tmp_path, 1)
    live = tmp_path / "collection.sqlite3"
    oldest = make_backup(live, "manual", MONDAY)
    store.change([(Entry("another", False, 1).key, 1)], "add")
    for minute in range(1, 10):
        make_backup(live, "manual", MONDAY + timedelta(minutes=minute))
    assert oldest is not None and len(backups_in(tmp_path / "backups")) == 10
    done = restore(tmp_path, oldest.path, COLLECTION, MONDAY + timedelta(hours=1))
    assert done.holds == "1 entry, 2 copies"
    assert len(CollectionStore(live).entries()) == 1


def test_latest_needs_to_know_which_file(data: Path) -> None:
    kept_decks(data, ["More"])
    with pytest.raises(InvalidRequest, match="--collection or --decks"):
        find_backup(data, "latest")
    assert DECKS.name == "decks"


KILLED_MID_RESTORE = """
import os, signal, sys
from pathlib import Path
from app.backups import COLLECTION, copies, restore

calls = []

def killed(source, target):
    calls.append(target)
    if len(calls) == 1:  # the backup of the current file, whole
        source.backup(target)
        return
    print("restoring", flush=True)  # then killed half-way through the restore's copy
    source.backup(target, pages=1,
                  progress=lambda status, left, total: os.kill(os.getpid(), signal.SIGKILL))

copies.copy_pages = killed
restore(Path(sys.argv[1]), Path(sys.argv[2]), COLLECTION)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_a_process_killed_during_a_restore_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    """The restore writes into the file in one transaction: a kill half-way leaves a
    journal that the next open rolls back."""
    store = owned(tmp_path, 5)
    backup = make_backup(store.path, "manual", MONDAY)
    store.change([(Entry(f"more{n}", False, 1).key, 1) for n in range(400)], "add")
    assert backup is not None
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-c", KILLED_MID_RESTORE, str(tmp_path),
                           str(backup.path)], env=env, capture_output=True, check=False,
                          timeout=120, text=True)
    assert done.returncode == -9 and done.stdout == "restoring\n", done.stderr
    assert Path(f"{store.path}-journal").stat().st_size > 0  # killed inside the transaction
    assert len(CollectionStore(store.path).entries()) == 405
    with closing(sqlite3.connect(store.path)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
