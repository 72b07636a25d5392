"""``archivist deck import`` and ``deck list`` with input a user did not mean: an
 unreadable file exits 2 as ``deck check`` does; a name cannot forge a row of the list;
a deck changed outside Archivist is one line, never a traceback. Decks are generated."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from app.cli.main import main


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


def _unreadable(kind: str, tmp_path: Path) -> Path:
    path = tmp_path / f"{kind}.txt"
    if kind == "binary":
        path.write_bytes(b"\x00\x01\x02garbage")
    elif kind == "folder":
        path.mkdir()
    return path  # "missing": not there


@pytest.mark.parametrize("kind", ["binary", "missing", "folder"])
def test_import_of_an_unreadable_file_exits_2_like_check(
    tmp_path: Path, data_dir: Path, kind: str, capsys: pytest.CaptureFixture[str],
) -> None:
    path = _unreadable(kind, tmp_path)
    assert main(["deck", "check", "--data-dir", str(data_dir), str(path)]) == 2
    said_by_check = capsys.readouterr().err
    assert main(["deck", "import", "--data-dir", str(data_dir), str(path)]) == 2
    said = capsys.readouterr().err
    assert said == said_by_check and said.startswith(f"archivist: {path}") and said.count(
        "\n") == 1
    assert main(["deck", "list", "--data-dir", str(data_dir)]) == 0
    assert "No kept deck yet" in capsys.readouterr().out


@pytest.mark.parametrize("name", ["Wind\tSTANDARD\t60 cards\tsaved 2026", "Wind\nForged",
                                  "Wind\u202eForged"])
def test_import_refuses_a_name_that_would_forge_a_row(
    tmp_path: Path, data_dir: Path, name: str, capsys: pytest.CaptureFixture[str],
) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("# Main Deck\n4 Backstep\n", encoding="utf-8")
    assert main(["deck", "import", "--data-dir", str(data_dir), str(deck), "--name", name]) == 2
    err = capsys.readouterr().err
    assert err.startswith("archivist: A deck name cannot hold a line break") and err.count(
        "\n") == 1
    assert main(["deck", "list", "--data-dir", str(data_dir)]) == 0
    assert "No kept deck yet" in capsys.readouterr().out


def test_list_shows_a_name_kept_with_a_tab_or_line_break_on_one_row(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("# Main Deck\n4 Backstep\n", encoding="utf-8")
    assert main(["deck", "import", "--data-dir", str(data_dir), str(deck), "--name", "Wind"]) == 0
    with sqlite3.connect(data_dir / "decks.sqlite3") as conn:  # as an older version kept it
        conn.execute("UPDATE decks SET name = ?", ("Wind\tPANTHEON\t99 cards\nForged\u202e",))
    capsys.readouterr()
    assert main(["deck", "list", "--data-dir", str(data_dir)]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert len(rows) == 1
    assert rows[0].split("\t")[:3] == ["Wind\\tPANTHEON\\t99 cards\\nForged\\u202e", "Standard",
                                       "4 cards"]


def test_export_of_a_deck_with_an_unknown_zone_is_one_line(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("# Main Deck\n4 Backstep\n", encoding="utf-8")
    assert main(["deck", "import", "--data-dir", str(data_dir), str(deck), "--name", "Wind"]) == 0
    with sqlite3.connect(data_dir / "decks.sqlite3") as conn:
        conn.execute("UPDATE entries SET zone = 'attic'")
    capsys.readouterr()
    out = tmp_path / "wind.txt"
    assert main(["deck", "export", "--data-dir", str(data_dir), "Wind", "--text", str(out)]) == 1
    err = capsys.readouterr().err
    assert err == ("archivist: The deck “Wind” holds Backstep in an unknown zone 'attic' (not "
                   "material, main or sideboard): the decks file was changed outside "
                   "Archivist; nothing of this deck was read\n")
    assert not out.exists()
