"""``archivist backup list|now|restore``: newest first, restore by name or latest, a
damaged backup refused in one line with exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli.main import main
from app.collection import CollectionStore
from tests.backups.conftest import kept_decks, owned


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_now_list_and_restore_latest(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = str(tmp_path)
    assert _run(capsys, "backup", "list", "--data-dir", data)[1] == (
        "No backups yet (archivist backup now makes one)\n")
    store = owned(tmp_path, 4)
    kept_decks(tmp_path, ["Aggro"])
    status, out, _ = _run(capsys, "backup", "now", "--data-dir", data)
    assert status == 0
    assert "Backed up the decks (1 deck) to " in out
    assert "Backed up the collection (4 entries, 8 copies) to " in out
    store.change([(key, -2) for key in [e.key for e in store.entries()]], "remove all")
    assert store.entries() == []
    status, out, _ = _run(capsys, "backup", "list", "--data-dir", data)
    lines = out.splitlines()
    assert len(lines) == 2 and lines[0].startswith("collection-")  # newest first
    assert lines[0].endswith("UTC  4 entries, 8 copies") and lines[1].endswith("1 deck")
    status, out, err = _run(capsys, "backup", "restore", "latest", "--collection",
                            "--data-dir", data)
    assert (status, err) == (0, "")
    assert "Backed up the current collection to collection-" in out
    assert out.splitlines()[-1].endswith("collection.sqlite3 (4 entries, 8 copies)")
    assert len(CollectionStore(tmp_path / "collection.sqlite3").entries()) == 4


def test_a_damaged_backup_is_refused_in_one_line(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    owned(tmp_path, 3)
    live = (tmp_path / "collection.sqlite3").read_bytes()
    (tmp_path / "backups").mkdir()
    bad = tmp_path / "backups" / "collection-20261120T000000.000Z-manual.sqlite3"
    bad.write_bytes(b"SQLite format 3\x00" + b"\x07" * 3000)
    status, out, err = _run(capsys, "backup", "restore", bad.name, "--data-dir",
                            str(tmp_path))
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "nothing was changed" in err
    assert (tmp_path / "collection.sqlite3").read_bytes() == live
    status, out, err = _run(capsys, "backup", "list", "--data-dir", str(tmp_path))
    assert "unreadable" in out
    status, _, err = _run(capsys, "backup", "restore", str(tmp_path / "elsewhere.db"),
                          "--data-dir", str(tmp_path))
    assert status == 2 and "--collection or --decks" in err


def test_a_command_that_opens_the_collection_backs_it_up_once_a_day(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from app.backups import backups_in

    owned(tmp_path, 2)
    for _ in range(2):
        assert _run(capsys, "collection", "show", "--data-dir", str(tmp_path))[0] == 0
    assert [b.reason for b in backups_in(tmp_path / "backups")] == ["daily"]


def test_a_damaged_file_moved_aside_shows_in_the_list(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    owned(tmp_path, 2)
    data = str(tmp_path)
    assert _run(capsys, "backup", "now", "--data-dir", data)[0] == 0
    (tmp_path / "collection.sqlite3").write_bytes(b"garbage" * 500)
    status, out, _ = _run(capsys, "backup", "restore", "latest", "--collection",
                          "--data-dir", data)
    assert status == 0 and "was damaged: moved whole to" in out
    out = _run(capsys, "backup", "list", "--data-dir", data)[1]
    damaged = [line for line in out.splitlines() if line.startswith("damaged-collection-")]
    assert len(damaged) == 1 and damaged[0].endswith("DAMAGED (cannot be restored)")


def test_restoring_the_live_file_itself_is_refused_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    owned(tmp_path, 2)
    live = tmp_path / "collection.sqlite3"
    status, _, err = _run(capsys, "backup", "restore", str(live), "--collection",
                          "--data-dir", str(tmp_path))
    assert status == 2 and err.count("\n") == 1 and "the collection file itself" in err
