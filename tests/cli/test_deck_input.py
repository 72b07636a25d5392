"""``archivist deck check`` / ``deck import`` given hostile decklist files: one
line on stderr, no traceback, no hang, over an empty catalogue (no card is needed to refuse
a file)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from app.cli.main import main

ROOT = Path(__file__).resolve().parents[2]

CASES = {
    "line.txt": ("1 a" + " " * 100_000 + "b\n",
                 "line 1 has 100,004 characters; a decklist has at most 200 a line: '1 a "),
    "many.txt": (("1 a" + " " * 1900 + "b\n") * 1000,
                 "line 1 has 1,904 characters; a decklist has at most 200 a line: '1 a "),
    "deep.json": ("[" * 100_000, "JSON nested 100,000 levels deep; at most 8"),
    "digits.txt": ("9" * 5000 + " Backstep\n", "line 1 has 5,009 characters"),
    "digits.json": ('{"main": [{"name": "Backstep", "qty": ' + "9" * 5000 + "}]}",
                    "a number of 5,000 digits; at most 18"),
    "shape.json": ('{"main": 5}', "decklist 1: 'main' is not a list of cards but '5'"),
}


@pytest.fixture
def hostile(tmp_path: Path) -> dict[str, Path]:
    files = {}
    for name, (text, _) in CASES.items():
        files[name] = tmp_path / name
        files[name].write_text(text, encoding="utf-8")
    return files


@pytest.mark.parametrize("name", sorted(CASES))
def test_deck_check_of_a_hostile_file_is_one_line_and_exit_2(
    name: str, hostile: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    path = hostile[name]
    assert main(["deck", "check", "--data-dir", str(tmp_path / "data"), str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"archivist: {path}: {CASES[name][1]}")
    assert err.count("\n") == 1 and len(err) < len(str(path)) + 180


@pytest.mark.parametrize("name", sorted(CASES))
def test_deck_import_of_a_hostile_file_is_one_line_and_keeps_nothing(
    name: str, hostile: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    data = tmp_path / "data"
    path = hostile[name]
    assert main(["deck", "import", "--data-dir", str(data), str(path)]) != 0
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"archivist: {path}: {CASES[name][1]}")
    assert err.count("\n") == 1
    assert main(["deck", "list", "--data-dir", str(data)]) == 0
    assert capsys.readouterr().out.startswith("No kept deck yet")


def test_an_event_without_decklists_is_no_decklist_exit_2_not_legal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "empty.json"
    path.write_text('{"decklists": []}', encoding="utf-8")
    assert main(["deck", "check", "--data-dir", str(tmp_path / "data"), str(path)]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"archivist: no decklist in {path}\n")


def test_the_100000_space_line_answers_in_a_child_process_within_its_timeout(
    hostile: dict[str, Path], tmp_path: Path,
) -> None:
    """The hang itself (minutes before: time grew with the square of the line), with a
    timeout so that a regression fails instead of blocking the run."""
    for command in ("check", "import"):
        done = subprocess.run(
            [sys.executable, "-m", "app", "deck", command, "--data-dir", str(tmp_path / "d"),
             str(hostile["line.txt"])],
            capture_output=True, text=True, timeout=90, check=False, cwd=ROOT)
        assert done.returncode != 0 and done.stdout == ""
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
        assert "line 1 has 100,004 characters" in done.stderr


def test_an_unresolved_long_line_is_quoted_to_about_80_characters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "long.txt"
    path.write_text("# Main Deck\n4 " + "Zephyr " * 28 + "\n", encoding="utf-8")
    assert main(["deck", "check", "--data-dir", str(tmp_path / "data"), str(path)]) == 1
    quoted = [line for line in capsys.readouterr().out.splitlines() if "no card of that name"
              in line]
    assert quoted == ["  error: '4 Zephyr Zephyr Zephyr Zephyr Zephyr Zephyr Zephyr Zephyr Zephyr "
                      "Zephyr Zephyr …': no card of that name in the catalogue"]
