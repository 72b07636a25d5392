"""``archivist events import`` and ``events list`` (GENERATED events over an empty
catalogue: every name is kept as written)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli.main import main
from tests.events.conftest import write_events


def test_import_reports_each_skipped_file_and_keeps_the_rest(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "in"
    write_events(folder)
    (folder / "broken.json").write_text("{", encoding="utf-8")
    data = str(tmp_path / "data")
    assert main(["--data-dir", data, "events", "import", str(folder)]) == 1
    out, err = capsys.readouterr()
    assert "Imported 2 events (4 decklists); skipped 1 files" in out
    assert "skipped:" in err and "broken.json" in err and "Traceback" not in err
    assert "not in the catalogue (kept as written): Backstep" in err
    assert main(["--data-dir", data, "events", "list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)["events"]
    assert [(e["id"], e["decklists"], e["startAt"]) for e in listed] == [
        (1, 2, "2026-04-27T10:00:00.000Z"), (2, 2, "2026-05-06T18:00:00.000Z")]


def test_a_missing_path_is_one_line_and_exit_2(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data-dir", str(tmp_path), "events", "import",
                 str(tmp_path / "nothing")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no such file or folder" in err


def test_list_with_no_event_says_how_to_import(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data-dir", str(tmp_path), "events", "list"]) == 0
    assert "archivist events import" in capsys.readouterr().out
    assert not (tmp_path / "events.sqlite3").exists()
