"""``archivist deck export`` and ``deck import`` write whole files or leave the old ones: a
full disk (a real 2 MB tmpfs), a device, a FIFO or a folder as the target.
Cards and images are generated."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from app.bootstrap import build
from app.ingest import import_paths
from tests.helpers.cards import make_card, make_edition
from tests.helpers.smallfs import fill, full_device, noisy_jpeg, small_fs

COUNT = 8


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app", *args], capture_output=True, text=True,
                          timeout=180, check=False)


def _decklist(folder: Path, name: str, numbers: range) -> Path:
    path = folder / f"{name}.txt"
    path.write_text("# Main Deck\n" + "".join(f"4 Gen Card {i}\n" for i in numbers),
                    encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A generated catalogue of 8 cards, each with a stored image, and two kept decks:
    ``first`` (cards 0-3) and ``second`` (cards 4-7)."""
    root = tmp_path_factory.mktemp("deck-writes")
    images = root / "in-images"
    images.mkdir()
    cards = []
    for i in range(COUNT):
        card = make_card(f"genCard{i:03d}", f"Gen Card {i}")
        card["editions"] = [make_edition(card["uuid"], f"genEdit{i:03d}", f"{i + 1:03d}")]
        cards.append(card)
        (images / f"genEdit{i:03d}.jpg").write_bytes(noisy_jpeg(i, (100, 140)))
    source = root / "cards.json"
    source.write_text(json.dumps(cards), encoding="utf-8")
    data = root / "data"
    services = build(str(data))
    import_paths(services.store, [source], images, services.images)
    services.store.close()
    for name, numbers in (("first", range(4)), ("second", range(4, COUNT))):
        kept = _run("deck", "import", "--data-dir", str(data), str(_decklist(root, name, numbers)))
        assert kept.returncode == 0, kept.stderr
    return data


def _one_line(result: subprocess.CompletedProcess[str]) -> str:
    assert "Traceback" not in result.stderr, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.startswith("archivist:")]
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.mark.parametrize(("option", "name"), [("--sheet", "sheet.pdf"), ("--text", "deck.txt")])
def test_an_export_onto_a_full_disk_fails_in_one_line_and_keeps_the_old_file(
    tmp_path: Path, data_dir: Path, option: str, name: str,
) -> None:
    with small_fs(tmp_path / "small") as small:
        target = small / name
        assert _run("deck", "export", "--data-dir", str(data_dir), "first",
                    option, str(target)).returncode == 0
        old = target.read_bytes()
        fill(small, 0 if option == "--text" else 8_192)
        result = _run("deck", "export", "--data-dir", str(data_dir), "second", option,
                      str(target))
        assert result.returncode == 1 and "Wrote" not in result.stdout
        assert _one_line(result) == f"archivist: No space left on device writing {target}"
        assert target.read_bytes() == old
        assert sorted(p.name for p in small.iterdir()) == sorted(["filler.bin", name])


def test_a_sheet_written_whole_ends_with_eof(tmp_path: Path, data_dir: Path) -> None:
    target = tmp_path / "sheet.pdf"
    result = _run("deck", "export", "--data-dir", str(data_dir), "second", "--sheet",
                  str(target))
    assert result.returncode == 0 and f"Wrote {target}" in result.stdout
    assert target.read_bytes().rstrip().endswith(b"%%EOF")


def test_a_zip_exported_over_another_decks_zip_holds_exactly_this_decks_images(
    tmp_path: Path, data_dir: Path,
) -> None:
    target = tmp_path / "z.zip"
    for name in ("first", "second"):
        result = _run("deck", "export", "--data-dir", str(data_dir), name, "--offline",
                      "--zip", str(target))
        assert result.returncode == 0, result.stderr
        assert "kept (already there)" not in result.stdout
    with zipfile.ZipFile(target) as archive:
        names = sorted(archive.namelist())
    assert names == [f"GEN 1st-00{i + 1}-C-gen-card-{i}.jpg" for i in range(4, COUNT)]


def test_an_import_onto_a_nearly_full_disk_says_so_and_keeps_the_decks_file(
    tmp_path: Path,
) -> None:
    with small_fs(tmp_path / "small") as small:
        data = small / "data"
        first = tmp_path / "first.json"
        first.write_text(json.dumps([make_card()]), encoding="utf-8")
        assert _run("import", "--data-dir", str(data), str(first)).returncode == 0
        kept = _run("deck", "import", "--data-dir", str(data),
                    str(_decklist(tmp_path, "kept", range(1))))
        assert kept.returncode == 0, kept.stderr
        big = tmp_path / "big.txt"
        big.write_text("# Main Deck\n" + "".join(f"1 Card number {i} {'x' * 150}\n"
                                                 for i in range(900)), encoding="utf-8")
        fill(small, 60_000)  # room to open the catalogue, not for 900 deck lines
        result = _run("deck", "import", "--data-dir", str(data), str(big))
        line = _one_line(result)
        assert result.returncode == 1
        assert "the disk is full (" in line and "cannot rollback" not in result.stderr, line
        (small / "filler.bin").unlink()
        with sqlite3.connect(data / "decks.sqlite3") as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            assert conn.execute("SELECT name FROM decks").fetchall() == [("kept",)]


def _special(kind: str, tmp_path: Path) -> Path:
    if kind == "device":
        return full_device(tmp_path)
    target = tmp_path / kind
    if kind == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(target)
    else:
        target.mkdir()
    return target


@pytest.mark.parametrize("kind", ["device", "fifo", "folder"])
@pytest.mark.parametrize("option", ["--text", "--sheet", "--pdf", "--zip"])
def test_a_device_fifo_or_folder_as_the_target_is_refused_and_left_as_it_is(
    tmp_path: Path, data_dir: Path, kind: str, option: str,
) -> None:
    target = _special(kind, tmp_path)
    before = target.stat()
    result = _run("deck", "export", "--data-dir", str(data_dir), "first", "--offline", option,
                  str(target))
    said = "is a folder, not a file" if kind == "folder" else "is a device or special file"
    assert result.returncode == 2
    assert _one_line(result) == f"archivist: {target} {said}" + (
        "" if kind == "folder" else ", not a regular file") + ": choose a file name"
    after = target.stat()
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)
    assert not list(target.parent.glob(f".{target.name}.*.part"))
