"""app/files.py: a user-visible file is replaced whole or left exactly as it was."""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

import pytest

from app.files import NoSuchFolder, WriteFailed, ZipWriter, replacing, write_bytes, write_text
from tests.helpers.smallfs import fill, full_device, small_fs


def test_a_written_file_replaces_the_old_one_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "deck.txt"
    target.write_text("old deck\n")
    write_text(target, "new deck\n")
    assert target.read_text() == "new deck\n"
    assert [p.name for p in tmp_path.iterdir()] == ["deck.txt"]


def test_the_replaced_file_keeps_its_permissions(tmp_path: Path) -> None:
    if os.name != "posix":
        pytest.skip("POSIX permissions")
    target = tmp_path / "sheet.pdf"
    target.write_bytes(b"old")
    target.chmod(0o640)
    write_bytes(target, b"new")
    assert target.stat().st_mode & 0o777 == 0o640


def test_a_failure_while_writing_leaves_the_previous_file_as_it_was(tmp_path: Path) -> None:
    target = tmp_path / "deck.txt"
    target.write_text("the deck I had\n")
    with pytest.raises(RuntimeError), replacing(target) as tmp:
        tmp.write_text("half a deck")
        raise RuntimeError("the writer broke")
    assert target.read_text() == "the deck I had\n"
    assert [p.name for p in tmp_path.iterdir()] == ["deck.txt"]


def test_a_file_that_verify_rejects_is_not_put_in_place(tmp_path: Path) -> None:
    target = tmp_path / "sheet.pdf"
    target.write_bytes(b"%PDF good %%EOF")

    def whole(path: Path) -> None:
        if not path.read_bytes().endswith(b"%%EOF"):
            raise OSError(5, "the PDF was not written whole")

    with pytest.raises(WriteFailed, match=f"the PDF was not written whole writing {target}"), \
            replacing(target, verify=whole) as tmp:
        tmp.write_bytes(b"%PDF cut short")
    assert target.read_bytes() == b"%PDF good %%EOF"


def test_a_device_is_refused_not_replaced(tmp_path: Path) -> None:
    device = full_device(tmp_path)  # made here: a regression must not replace /dev/full
    with pytest.raises(WriteFailed, match="device or special file"):
        write_text(device, "x")
    assert device.is_char_device()


def test_a_fifo_and_a_folder_are_refused(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(WriteFailed, match="special file"):
        write_bytes(fifo, b"x")
    assert fifo.is_fifo()
    with pytest.raises(WriteFailed, match="is a folder"):
        write_bytes(tmp_path, b"x")


def test_a_link_is_followed_and_stays_a_link(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    write_text(link, "new")
    assert link.is_symlink()
    assert real.read_text() == "new"


def test_a_full_disk_names_the_cause_and_the_target_and_keeps_the_old_file(
        tmp_path: Path) -> None:
    with small_fs(tmp_path / "fs") as fs:
        target = fs / "deck.txt"
        target.write_text("the deck I had\n")
        fill(fs, leave=8_192)
        with pytest.raises(WriteFailed) as raised:
            write_text(target, "x" * 200_000)
        assert str(raised.value) == f"No space left on device writing {target}"
        assert "\n" not in str(raised.value)
        assert target.read_text() == "the deck I had\n"
        assert sorted(p.name for p in fs.iterdir()) == ["deck.txt", "filler.bin"]


def test_a_zip_written_over_an_old_zip_holds_only_the_new_members(tmp_path: Path) -> None:
    target = tmp_path / "images.zip"
    first = ZipWriter(target)
    first.add("old.jpg", b"old")
    first.finish(commit=True)
    second = ZipWriter(target)
    second.add("new.jpg", b"new")
    second.finish(commit=True)
    with zipfile.ZipFile(target) as archive:
        assert archive.namelist() == ["new.jpg"]


def test_a_target_in_a_folder_that_does_not_exist_is_refused_and_no_folder_made(
        tmp_path: Path) -> None:
    target = tmp_path / "missing" / "dir" / "x.csv"
    for write in (lambda: write_text(target, "x"), lambda: write_bytes(target, b"x"),
                  lambda: ZipWriter(target)):
        with pytest.raises(NoSuchFolder) as caught:
            write()
        assert caught.value.message == (f"{target}: the folder {target.parent} does not "
                                        "exist: choose an existing folder")
        assert caught.value.status == 400
    assert not (tmp_path / "missing").exists()


def test_an_existing_sqlite_database_is_refused_unless_archivist_writes_its_own(
        tmp_path: Path) -> None:
    import sqlite3
    from contextlib import closing

    from app.files import SQLiteFile

    target = tmp_path / "someone-elses.db"
    with closing(sqlite3.connect(target)) as conn:
        conn.execute("CREATE TABLE kept (x)")
        conn.commit()
    before = target.read_bytes()
    for write in (lambda: write_text(target, "x"), lambda: write_bytes(target, b"x"),
                  lambda: ZipWriter(target)):
        with pytest.raises(SQLiteFile, match="is a SQLite database"):
            write()
    assert target.read_bytes() == before
    with replacing(target, own=True) as tmp:
        tmp.write_bytes(b"new")
    assert target.read_bytes() == b"new"
