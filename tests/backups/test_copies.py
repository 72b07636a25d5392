"""Making a backup: a consistent, checked copy under a temporary name, renamed when whole;
a failure or a kill during a backup leaves the earlier backups whole."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest

from app.backups import BackupFailed, backups_in, holds, make_backup
from app.backups import copies as copies_module
from tests.backups.conftest import MONDAY, owned

REPO = Path(__file__).resolve().parents[2]


def _rows(path: Path) -> int:
    with closing(sqlite3.connect(path)) as conn:
        return int(conn.execute("SELECT count(*) FROM entries").fetchone()[0])


def test_a_backup_is_a_whole_copy_named_by_kind_time_and_reason(tmp_path: Path) -> None:
    owned(tmp_path, 7)
    made = make_backup(tmp_path / "collection.sqlite3", "before-replace", MONDAY)
    assert made is not None
    assert made.path.name == "collection-20261123T120000.000Z-before-replace.sqlite3"
    assert (made.kind, made.made, made.reason) == ("collection", MONDAY, "before-replace")
    assert holds(made) == "7 entries, 14 copies"
    assert [p.name for p in (tmp_path / "backups").iterdir()] == [made.path.name]


def test_no_file_no_backup(tmp_path: Path) -> None:
    assert make_backup(tmp_path / "decks.sqlite3", "daily") is None
    assert not (tmp_path / "backups").exists()


def test_two_backups_in_one_millisecond_keep_both(tmp_path: Path) -> None:
    owned(tmp_path, 1)
    first = make_backup(tmp_path / "collection.sqlite3", "manual", MONDAY)
    second = make_backup(tmp_path / "collection.sqlite3", "manual", MONDAY)
    assert first is not None and second is not None and first.path != second.path
    assert len(backups_in(tmp_path / "backups")) == 2


def test_a_damaged_file_is_not_backed_up_and_the_earlier_backups_stay(tmp_path: Path) -> None:
    owned(tmp_path, 3)
    live = tmp_path / "collection.sqlite3"
    good = make_backup(live, "daily", MONDAY)
    assert good is not None
    live.write_bytes(b"SQLite format 3\x00" + b"\xff" * 5000)
    with pytest.raises(BackupFailed, match="Cannot back up"):
        make_backup(live, "daily")
    assert backups_in(tmp_path / "backups") == [good]
    assert os.listdir(tmp_path / "backups") == [good.path.name]  # no temporary left


def test_a_failure_during_the_copy_leaves_the_earlier_backups_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    owned(tmp_path, 4)
    live = tmp_path / "collection.sqlite3"
    good = make_backup(live, "daily", MONDAY)
    assert good is not None
    before = good.path.read_bytes()

    def full_disk(source: sqlite3.Connection, target: sqlite3.Connection) -> None:
        source.backup(target, pages=1)  # a page or two written, then the disk is full
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(copies_module, "copy_pages", full_disk)
    with pytest.raises(BackupFailed, match="the earlier backups are as they were"):
        make_backup(live, "manual")
    assert backups_in(tmp_path / "backups") == [good]
    assert good.path.read_bytes() == before
    assert os.listdir(tmp_path / "backups") == [good.path.name]


KILLED_MID_COPY = """
import os, signal, sys
from pathlib import Path
from app.backups import copies

def killed(source, target):
    source.backup(target, pages=1,
                  progress=lambda status, left, total: os.kill(os.getpid(), signal.SIGKILL))

copies.copy_pages = killed
copies.make_backup(Path(sys.argv[1]), "manual")
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_a_process_killed_during_a_backup_leaves_the_earlier_backups_whole(
        tmp_path: Path) -> None:
    owned(tmp_path, 300)  # several pages, so the kill comes with the copy half done
    live = tmp_path / "collection.sqlite3"
    good = make_backup(live, "daily", MONDAY)
    assert good is not None
    before = good.path.read_bytes()
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-c", KILLED_MID_COPY, str(live)], env=env,
                          capture_output=True, check=False, timeout=120)
    assert done.returncode == -9
    left = sorted(os.listdir(tmp_path / "backups"))
    assert len(left) == 3 and any(name.endswith(".part") for name in left)  # the half copy
    assert backups_in(tmp_path / "backups") == [good]  # …which no listing shows
    assert good.path.read_bytes() == before and _rows(good.path) == 300
    # the next backup works; a half copy an hour old is cleared away then
    for name in left:
        os.utime(tmp_path / "backups" / name, (time.time() - 7200, time.time() - 7200))
    newer = make_backup(live, "manual")
    assert newer is not None and _rows(newer.path) == 300
    assert sorted(os.listdir(tmp_path / "backups")) == sorted([good.path.name,
                                                               newer.path.name])
