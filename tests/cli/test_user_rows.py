"""Commands over user files of an older Archivist holding rows of the wrong type (a text
quantity, binary names): the rest works, one stderr line lists what was left out, nothing
crashes. Over the real 2026-04-04 catalogue."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli.main import main
from tests.helpers.damaged_user_files import DAMAGED_ENTRIES, old_collection, old_decks
from tests.helpers.smallfs import small_fs

pytestmark = pytest.mark.realdata
STRAFE = "005593y9s2"  # Scorching Strafe, AMB 119


@pytest.fixture
def data_dir(real_catalogue_dir: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    shutil.copy2(real_catalogue_dir / "catalogue.sqlite3", folder / "catalogue.sqlite3")
    old_collection(folder / "collection.sqlite3", STRAFE, *DAMAGED_ENTRIES)
    old_decks(folder / "decks.sqlite3")
    return folder


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_collection_show_and_export_leave_the_damaged_rows_out_and_say_so(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = _run(capsys, "collection", "show", "--data-dir", str(data_dir))
    assert status == 0
    assert out.startswith("3 copies, 1 editions, 1 cards")
    assert "   3 Scorching Strafe [AMB 119] non-foil NM" in out
    assert err.startswith(f"archivist: 3 unreadable rows in the collection file "
                          f"{data_dir / 'collection.sqlite3'} (left out, kept in the file): ")
    assert 'quantity is "lots"' in err and err.count("\n") == 1
    target = tmp_path / "owned.csv"
    status, out, err = _run(capsys, "collection", "export", "--data-dir", str(data_dir),
                            str(target))
    assert (status, out) == (0, f"Wrote 1 entry to {target}\n")
    assert "3 unreadable rows" in err
    assert "Scorching Strafe" in target.read_text(encoding="utf-8")
    status, out, _err = _run(capsys, "search", "--data-dir", str(data_dir), "is:owned")
    assert status == 0 and "Scorching Strafe" in out


def test_a_kept_deck_with_damaged_rows_exports_and_needs_without_them(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = _run(capsys, "deck", "list", "--data-dir", str(data_dir))
    assert status == 0 and out.startswith("Wind\tStandard\t4 cards")
    assert "4 unreadable rows in the decks file" in err and "name is binary data" in err
    text = tmp_path / "wind.txt"
    status, _out, err = _run(capsys, "deck", "export", "--data-dir", str(data_dir), "Wind",
                             "--text", str(text))
    assert status == 0 and "4 unreadable rows" in err
    assert text.read_text(encoding="utf-8") == "# Main Deck\n4 Backstep\n"
    status, out, err = _run(capsys, "deck", "need", "--data-dir", str(data_dir), "Wind")
    assert status == 0 and out.startswith("Wind: have 0 of 4")
    assert "unreadable rows in the decks file" in err
    assert "unreadable rows in the collection file" in err
    sheet = tmp_path / "wind.pdf"  # in a process of its own: it starts a Qt application
    drawn = subprocess.run([sys.executable, "-m", "app", "deck", "export", "--data-dir",
                            str(data_dir), "Wind", "--sheet", str(sheet)], capture_output=True,
                           text=True, timeout=120, check=False)
    assert drawn.returncode == 0, drawn.stderr
    assert sheet.stat().st_size > 0


def test_an_old_file_in_a_read_only_folder_is_read_row_by_row(
    real_catalogue_dir: Path, tmp_path: Path,
) -> None:
    with small_fs(tmp_path / "ro", size="40m") as mount:
        data = mount / "data"
        data.mkdir()
        shutil.copy2(real_catalogue_dir / "catalogue.sqlite3", data / "catalogue.sqlite3")
        old_collection(data / "collection.sqlite3", STRAFE, *DAMAGED_ENTRIES)
        subprocess.run(["mount", "-o", "remount,ro", str(mount)], check=True)
        shown = subprocess.run([sys.executable, "-m", "app", "collection", "show",
                                "--data-dir", str(data)], capture_output=True, text=True,
                               timeout=120, check=False)
        assert shown.returncode == 0, shown.stderr
        assert "   3 Scorching Strafe [AMB 119] non-foil NM" in shown.stdout
        assert "3 unreadable rows in the collection file" in shown.stderr
        assert "Traceback" not in shown.stderr
