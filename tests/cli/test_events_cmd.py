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


def test_sync_prints_the_counts_and_exits_1_when_an_event_failed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.events.upstream import build_events_upstream
    from tests.sync.servers import ServerProcess

    server = ServerProcess(build_events_upstream(tmp_path / "upstream")).start()
    try:
        code = main(["--data-dir", str(tmp_path / "data"), "events", "sync", "--api",
                     server.url, "--ids", "1,3,5,999"])
    finally:
        server.stop()
    out, err = capsys.readouterr()
    assert code == 1
    assert ("Synced 1 events (2 decklists); 0 unchanged, 1 not found, 1 not public, "
            "1 failed") in out
    assert err.startswith("failed: event 5: ") and "Traceback" not in err


@pytest.mark.parametrize("args", [[], ["--ids", "1", "--from-id", "1", "--to-id", "2"],
                                  ["--ids", "1,x"], ["--from-id", "5"],
                                  ["--from-id", "1", "--to-id", "200000"], ["--ids", "0"],
                                  ["--ids", "1", "--api", "ftp://example.org"]])
def test_sync_refuses_ids_it_cannot_ask_for_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    assert main(["--data-dir", str(tmp_path), "events", "sync", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_sync_from_no_server_is_one_line(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    from tests.sync.servers import free_port

    url = f"http://127.0.0.1:{free_port()}"
    assert main(["--data-dir", str(tmp_path), "events", "sync", "--api", url,
                 "--ids", "1"]) != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "refused the connection" in err
