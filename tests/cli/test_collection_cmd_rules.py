"""``archivist collection …`` over the real 2026-04-04 catalogue: a replace is all or
nothing (``--partial``), the cap is said with exit 1, quantities, rarities, tags and
languages are read one way on the command line and in a CSV, and ``show`` prints one line
per entry whatever its tag holds."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from app.cli.main import main
from app.collection import CollectionStore, Entry

pytestmark = pytest.mark.realdata

SPIRIT = ("Spirit of Fire", "--set", "DOA 1st", "--number", "001")


@pytest.fixture
def data_dir(real_catalogue_dir: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    shutil.copy2(real_catalogue_dir / "catalogue.sqlite3", folder / "catalogue.sqlite3")
    return folder


def _run(capsys: pytest.CaptureFixture[str], data_dir: Path, *argv: str) -> tuple[int, str, str]:
    try:
        status = main([*argv, "--data-dir", str(data_dir)])
    except SystemExit as exit_:  # argparse's usage errors
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def _file(tmp_path: Path, name: str, text: str) -> str:
    (tmp_path / name).write_text(text, encoding="utf-8")
    return str(tmp_path / name)


def test_a_replace_with_a_row_reported_keeps_the_collection(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(capsys, data_dir, "collection", "add", *SPIRIT, "--qty", "4")[0] == 0
    unknown = _file(tmp_path, "unknown.csv", "Qty,Set,Number\n1,XYZ,001\n")
    status, out, err = _run(capsys, data_dir, "collection", "import", unknown, "--replace")
    assert status == 1
    assert out.startswith("Nothing was replaced: not one of its 1 row was taken")
    assert err.startswith("reported: line 2: no edition XYZ 001")
    for text in ('Qty,Set,Number\n1,"DOA 1st,001\n', "Qty,Set,Set Code,Number\n1,A,A,001\n"):
        bad = _file(tmp_path, "bad.csv", text)
        status, _, err = _run(capsys, data_dir, "collection", "import", bad, "--replace")
        assert (status, err.count("\n")) == (2, 1)
    mixed = _file(tmp_path, "mixed.csv", "Qty,Set,Number\n2,ALC,002\n1,XYZ,001\n")
    status, out, _ = _run(capsys, data_dir, "collection", "import", mixed, "--replace")
    assert status == 1 and "replace it with the 1 row taken with --partial" in out
    assert "4 copies" in _run(capsys, data_dir, "collection", "show")[1]
    status, out, _ = _run(capsys, data_dir, "collection", "import", mixed, "--replace",
                          "--partial")
    assert status == 1 and out.startswith("Imported 1 of 2 rows (2 copies held now)")
    assert _run(capsys, data_dir, "collection", "show")[1].startswith("2 copies, 1 editions")
    assert _run(capsys, data_dir, "collection", "import", mixed, "--partial")[0] == 2


def test_the_cap_is_said_and_exits_1(data_dir: Path, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    twice = _file(tmp_path, "twice.csv", "Qty,Set,Number\n999999,DOA 1st,001\n"
                                         "999999,DOA 1st,001\n")
    status, out, _ = _run(capsys, data_dir, "collection", "import", twice)
    assert status == 1
    assert out.startswith("Imported 2 of 2 rows (999999 copies added)")
    assert "1 entry stopped at 999,999 copies, the most one entry holds: 999,999 copies" in out
    status, out, err = _run(capsys, data_dir, "collection", "add", *SPIRIT, "--qty", "999999")
    assert status == 1 and out.endswith(": 999999, unchanged\n")  # no arrow to the same count
    assert "999,999 of the 999,999 copies were not added" in err


def test_quantities_and_rarities_are_read_as_a_csv_reads_them(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = _run(capsys, data_dir, "collection", "add", *SPIRIT, "--qty", "١٢")
    assert status == 2
    arabic = _file(tmp_path, "arabic.csv", "Qty,Set,Number\n١٢,DOA 1st,001\n")
    _, _, csv_err = _run(capsys, data_dir, "collection", "import", arabic)
    said = "quantity '١٢' is not a whole number from 1 to 999999 (digits 0–9)"
    assert said in err and said in csv_err
    status, _, err = _run(capsys, data_dir, "collection", "add", *SPIRIT, "--rarity", "QQ")
    assert (status, err) == (2, "archivist: rarity 'QQ' is not one of C U R SR UR PR CSR CUR "
                                "CPR (or their names)\n")


def test_languages_are_codes_and_remove_takes_one(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tcg = _file(tmp_path, "tcg.csv", "Quantity,Name,Set,Number,Condition,Language\n"
                "1,Spirit of Fire,Dawn of Ashes First Edition,001,NM,English\n"
                "1,Spirit of Fire,DOA 1st,001,NM,EN\n")
    assert _run(capsys, data_dir, "collection", "import", tcg)[0] == 0
    out = _run(capsys, data_dir, "collection", "show")[1]
    assert "   2 Spirit of Fire [DOA 1st 001] non-foil NM EN\n" in out
    shown = json.loads(_run(capsys, data_dir, "collection", "show", "--json")[1])
    assert [(e["language"], e["quantity"]) for e in shown["entries"]] == [("EN", 2)]
    status, _, err = _run(capsys, data_dir, "collection", "remove", *SPIRIT)
    assert status == 1 and err.endswith("is owned; owned: 2 non-foil --condition NM "
                                        "--language EN\n")
    status, out, _ = _run(capsys, data_dir, "collection", "remove", *SPIRIT, "--condition",
                          "nm", "--language", "english", "--qty", "2")
    assert (status, out) == (0, "DOA 1st 001 C Spirit of Fire (non-foil): 2 → 0\n")
    status, _, err = _run(capsys, data_dir, "collection", "add", *SPIRIT, "--language", "xx")
    assert status == 2 and "language 'xx' is not one of EN JP CN" in err


def test_a_tag_cannot_forge_a_line(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    forged = "x\n 999 Lorraine, Blademaster [DOA 1st 005] foil NM"
    status, _, err = _run(capsys, data_dir, "collection", "add", *SPIRIT, "--tag", forged)
    assert status == 2 and "A tag cannot hold a line break" in err
    status, _, err = _run(capsys, data_dir, "collection", "add", *SPIRIT, "--tag", "t" * 65)
    assert status == 2 and "at most 64 characters" in err
    store = CollectionStore(data_dir / "collection.sqlite3")  # stored before the rules
    store.change([(Entry("gx83sfhvfi", False, 1, "", "", forged).key, 1)], "old")
    out = _run(capsys, data_dir, "collection", "show")[1]
    assert out.count("\n") == 3 and "#x\\n 999 Lorraine" in out


def test_a_set_is_named_by_its_name_too(data_dir: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, data_dir, "collection", "add", "Spirit of Fire", "--set",
                          "Dawn of Ashes 1st Edition", "--number", "1")
    assert (status, out) == (0, "DOA 1st 001 C Spirit of Fire (non-foil): 0 → 1\n")
    status, _, err = _run(capsys, data_dir, "collection", "show", "--set", "DOA")
    assert status == 2 and "set 'DOA' names 2 sets: DOA 1st, DOA Alter" in err
