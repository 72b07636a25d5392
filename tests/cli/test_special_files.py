"""Files that are not what a command expects: a FIFO, a folder or a device handed to a reader
(refused at once, never waited on), and UTF-16 text (named, not called binary). One line
on stderr, exit status 2. Each command runs in a subprocess with a timeout, so a reader
that waits on a FIFO fails the test instead of hanging the suite. Cards are generated."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.helpers.cards import make_card, make_edition

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")


def run(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``archivist ARGS`` in a subprocess; a hang fails the test after ``timeout`` s."""
    try:
        return subprocess.run([sys.executable, "-m", "app", *args], capture_output=True,
                              text=True, timeout=timeout, check=False,
                              env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    except subprocess.TimeoutExpired:
        pytest.fail(f"archivist {' '.join(args)} waited for ever")


def one_line(result: subprocess.CompletedProcess[str]) -> str:
    """The one ``archivist:`` line of a refused command (exit status 2)."""
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("archivist: "), result.stderr
    return lines[0]


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A JSON file of four generated cards (``Gen Card 0`` … ``Gen Card 3``)."""
    root = tmp_path_factory.mktemp("special-files")
    cards = []
    for i in range(4):
        card = make_card(f"genCard{i:03d}", f"Gen Card {i}")
        card["editions"] = [make_edition(card["uuid"], f"genEdit{i:03d}", f"{i + 1:03d}")]
        cards.append(card)
    source = root / "cards.json"
    source.write_text(json.dumps(cards), encoding="utf-8")
    return source


@pytest.fixture
def data_dir(tmp_path: Path, catalogue: Path) -> Path:
    """A data folder holding the generated catalogue."""
    data = tmp_path / "data"
    assert run("import", "--data-dir", str(data), str(catalogue)).returncode == 0
    return data


def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


@pytest.mark.parametrize(("command", "name"), [
    (("collection", "import"), "owned.csv"),
    (("collection", "import", "--replace"), "owned.csv"),
    (("deck", "check"), "deck.txt"),
    (("deck", "check"), "event.json"),
    (("deck", "import"), "deck.txt"),
    (("deck", "need"), "deck.txt"),
    (("import",), "cards.json"),
])
def test_a_reader_given_a_fifo_refuses_it_at_once(
    tmp_path: Path, data_dir: Path, command: tuple[str, ...], name: str,
) -> None:
    fifo = _fifo(tmp_path / name)
    line = one_line(run(*command, "--data-dir", str(data_dir), str(fifo)))
    assert f"{fifo}: a named pipe (FIFO), not a regular file" in line


def test_a_folder_of_api_files_holding_a_fifo_is_refused_at_once(
    tmp_path: Path, data_dir: Path, catalogue: Path,
) -> None:
    folder = tmp_path / "api"
    folder.mkdir()
    (folder / "a.json").write_bytes(catalogue.read_bytes())
    fifo = _fifo(folder / "b.json")
    line = one_line(run("import", "--data-dir", str(data_dir), str(folder)))
    assert f"{fifo}: a named pipe (FIFO), not a regular file" in line


def test_a_screenshot_of_a_deck_file_that_is_a_fifo_is_refused_at_once(
    tmp_path: Path, data_dir: Path,
) -> None:
    fifo = _fifo(tmp_path / "deck.txt")
    line = one_line(run("screenshot", "--data-dir", str(data_dir), str(tmp_path / "x.png"),
                        "--page", "decks", "--deck", str(fifo), timeout=120))
    assert f"{fifo}: a named pipe (FIFO), not a regular file" in line
    assert not (tmp_path / "x.png").exists()


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_device_or_a_folder_given_as_a_decklist_is_refused(
    tmp_path: Path, data_dir: Path,
) -> None:
    line = one_line(run("deck", "check", "--data-dir", str(data_dir), "/dev/zero"))
    assert "/dev/zero: a device, not a regular file" in line
    line = one_line(run("collection", "import", "--data-dir", str(data_dir), str(tmp_path)))
    assert f"{tmp_path}: a folder, not a regular file" in line


@pytest.mark.parametrize(("command", "name", "text"), [
    (("collection", "import"), "owned.csv", "Quantity,Name\n1,Gen Card 0\n"),
    (("deck", "check"), "deck.txt", "4 Gen Card 0\n"),
])
def test_utf16_text_is_named_with_what_to_do(
    tmp_path: Path, data_dir: Path, command: tuple[str, ...], name: str, text: str,
) -> None:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-16"))  # with its byte-order mark, as Notepad saves it
    line = one_line(run(*command, "--data-dir", str(data_dir), str(path)))
    assert "UTF-16 text; save it as UTF-8" in line
    assert "binary" not in line


def _collection_folder(path: Path) -> str:
    path.mkdir()
    return "a folder"


def _collection_fifo(path: Path) -> str:
    os.mkfifo(path)
    return "a named pipe (FIFO)"


def _collection_device(path: Path) -> str:
    path.symlink_to("/dev/null")
    return "a device"


@pytest.mark.parametrize("make", [_collection_folder, _collection_fifo, _collection_device])
def test_a_collection_file_that_is_no_file_is_refused_by_every_command_not_read_as_empty(
    tmp_path: Path, data_dir: Path, make: Callable[[Path], str],
) -> None:
    d = ("--data-dir", str(data_dir))
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Gen Card 0\n", encoding="utf-8")
    assert run("deck", "import", *d, str(deck)).returncode == 0
    good = tmp_path / "good.csv"
    good.write_text("Quantity,Name\n3,Gen Card 1\n", encoding="utf-8")
    path = data_dir / "collection.sqlite3"
    kind = make(path)
    expected = f"archivist: The collection file {path} is {kind}, not a regular file"
    for command in (("collection", "show"), ("collection", "export", str(good)),
                    ("deck", "need", "deck"), ("search", "is:owned"),
                    ("collection", "add", "Gen Card 2"), ("collection", "import", str(good))):
        assert one_line(run(*command, *d)).startswith(expected), command
    assert good.read_text(encoding="utf-8") == "Quantity,Name\n3,Gen Card 1\n"


def test_a_decks_file_that_is_no_file_is_refused(tmp_path: Path, data_dir: Path) -> None:
    path = data_dir / "decks.sqlite3"
    path.mkdir()
    expected = f"archivist: The decks file {path} is a folder, not a regular file"
    for command in (("deck", "list"), ("deck", "need", "deck"), ("deck", "export", "deck",
                                                                 "--text", str(tmp_path / "x"))):
        assert one_line(run(*command, "--data-dir", str(data_dir))).startswith(expected)
    assert not (tmp_path / "x").exists()


def test_an_export_onto_archivists_own_files_is_refused_and_touches_nothing(
    tmp_path: Path, data_dir: Path,
) -> None:
    d = ("--data-dir", str(data_dir))
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Gen Card 0\n", encoding="utf-8")
    assert run("deck", "import", *d, str(deck)).returncode == 0
    assert run("collection", "add", *d, "Gen Card 1", "--qty", "3").returncode == 0
    own = {name: (data_dir / name).read_bytes()
           for name in ("collection.sqlite3", "decks.sqlite3", "catalogue.sqlite3")}
    link = tmp_path / "owned.csv"
    link.symlink_to(data_dir / "collection.sqlite3")
    for command in (
        ("collection", "export", str(data_dir / "collection.sqlite3")),
        ("collection", "export", str(data_dir / "decks.sqlite3")),
        ("collection", "export", str(data_dir / "catalogue.sqlite3")),
        ("collection", "export", str(link)),
        ("collection", "export", str(data_dir / "backups" / "owned.csv")),
        ("deck", "export", "deck", "--text", str(data_dir / "decks.sqlite3")),
        ("deck", "export", "deck", "--text", str(tmp_path / "ok.txt"),
         "--zip", str(data_dir / "collection.sqlite3")),
        ("export", "Gen", "--offline", "--to", str(data_dir / "cache" / "images")),
        ("export", "Gen", "--offline", "--zip", str(data_dir / "decks.sqlite3")),
    ):
        line = one_line(run(*command, *d))
        assert "which nothing may write over: choose another" in line, command
    assert {name: (data_dir / name).read_bytes() for name in own} == own
    assert not (tmp_path / "ok.txt").exists()
    # the daily backups that opening the files makes are the only files the backups folder holds
    backups = data_dir / "backups"
    made = sorted(p.name for p in backups.iterdir()) if backups.exists() else []
    assert all(name.endswith(".sqlite3") and "-daily" in name for name in made), made
    assert not (data_dir / "cache" / "images").exists()
    shown = run("collection", "show", *d)
    assert shown.stdout.startswith("3 copies"), shown.stdout


def test_an_export_into_a_folder_that_does_not_exist_is_refused(
    tmp_path: Path, data_dir: Path,
) -> None:
    target = tmp_path / "missing" / "dir" / "x.csv"
    line = one_line(run("collection", "export", "--data-dir", str(data_dir), str(target)))
    assert line == (f"archivist: {target}: the folder {target.parent} does not exist: choose "
                    "an existing folder")
    assert not (tmp_path / "missing").exists()


def test_an_export_onto_the_events_file_or_another_installations_file_is_refused(
    tmp_path: Path, data_dir: Path,
) -> None:
    import sqlite3
    from contextlib import closing

    other = tmp_path / "other"
    other.mkdir()
    targets = (data_dir / "events.sqlite3", other / "collection.sqlite3")
    for path in targets:
        with closing(sqlite3.connect(path)) as conn:
            conn.execute("CREATE TABLE kept (x)")
            conn.commit()
    before = {path: path.read_bytes() for path in targets}
    line = one_line(run("collection", "export", "--data-dir", str(data_dir), str(targets[0])))
    assert "Archivist's own file (the stored events), which nothing may write over" in line
    line = one_line(run("collection", "export", "--data-dir", str(data_dir), str(targets[1])))
    assert "is a SQLite database" in line and "choose another file" in line
    assert {path: path.read_bytes() for path in targets} == before
