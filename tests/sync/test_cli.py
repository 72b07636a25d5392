"""``archivist sync`` as a user runs it: summary, one-line errors, Ctrl-C, and SIGKILL."""

from __future__ import annotations

import io
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.bootstrap import build
from app.cli.main import main
from app.cli.sync_cmd import ProgressBar, ctrl_c_cancels
from app.sync import Progress, SyncEngine
from app.sync.engine import STAGING_FILE
from tests.sync.conftest import fast_options, state
from tests.sync.generated import generated_card, write_cards
from tests.sync.servers import ROOT, ServerProcess, free_port


def test_sync_prints_a_summary(tmp_path: Path, healthy: ServerProcess,
                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sync", "--data-dir", str(tmp_path), "--api", healthy.url]) == 0
    out = capsys.readouterr().out
    assert "Cards: 120 received; 120 new, 0 changed, 0 removed, 0 unchanged." in out
    assert "Images: 10 downloaded" in out and "Requests: " in out


def test_an_unreachable_api_is_one_line_and_a_failure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"http://127.0.0.1:{free_port()}"
    assert main(["sync", "--data-dir", str(tmp_path), "--api", url, "--retries", "0"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"archivist: 127.0.0.1:{url.rsplit(':', 1)[1]} refused the "
                          "connection — no server is running at that address.")
    assert err.endswith("Your catalogue is unchanged; you can keep browsing.\n")
    assert err.count("\n") == 1 and "Traceback" not in err


def test_an_offline_computer_is_not_retried_and_told_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["sync", "--data-dir", str(tmp_path), "--api", "https://nonexistent.invalid",
                 "--retries", "5"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("archivist: nonexistent.invalid cannot be reached — this computer "
                          "seems to be offline")
    assert "attempts" not in err and err.count("\n") == 1


def test_a_url_that_is_not_http_is_refused(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sync", "--data-dir", str(tmp_path), "--api", "ftp://example.org"]) == 2
    assert "must start with http:// or https://" in capsys.readouterr().err


def test_the_progress_bar_shows_phase_counts_and_bytes() -> None:
    out = io.StringIO()
    bar = ProgressBar(file=out, disable=False, mininterval=0)
    bar(Progress("cards", "Cards", 0, 45, 1, 0, 0.1))
    bar(Progress("cards", "Cards", 20, 45, 21, 3_400_000, 1.0))
    bar.close()
    text = out.getvalue()
    assert "Cards" in text and "20/45" in text and "3.4 MB" in text and "21 requests" in text


def _start_sync(mine: Path, url: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "app", "sync", "--data-dir", str(mine), "--api", url,
         "--images", "none"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ},
    )


def _wait_for_history_request(server: ServerProcess, proc: subprocess.Popen[bytes]) -> None:
    """Wait until the sync, its cards staged, is waiting on a (stalled) history request."""
    deadline = time.monotonic() + 60
    while not any("dynamic-thema" in r["path"] and r["query"] for r in server.requests()):
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)


@pytest.fixture
def stalled(server: ServerProcess) -> ServerProcess:
    """The server, answering every history request (endpoint 7) only after 30 s.

    Far longer than the test needs to send its signal, so the sync cannot finish first on a
    busy machine (with 2 s it once did, and exited 0 instead of 130)."""
    server.control([{"match": r"dynamic-thema\?", "kind": "stall", "seconds": 30, "times": -1}])
    return server


def test_ctrl_c_stops_cleanly(tmp_path: Path, stalled: ServerProcess) -> None:
    mine = tmp_path / "mine"
    write_cards(mine, [generated_card(1, flavor="Previous.")])
    before = state(mine)
    proc = _start_sync(mine, stalled.url)
    _wait_for_history_request(stalled, proc)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert err.decode().strip().splitlines()[-1] == \
        "archivist: sync interrupted; run it again to resume"
    assert b"Traceback" not in err
    assert state(mine) == before and (mine / STAGING_FILE).exists()


def test_the_first_ctrl_c_cancels_the_sync_and_a_second_stops_at_once() -> None:
    before = signal.getsignal(signal.SIGINT)
    with ctrl_c_cancels() as cancel:
        signal.raise_signal(signal.SIGINT)
        assert cancel.is_set()
        with pytest.raises(KeyboardInterrupt):
            signal.raise_signal(signal.SIGINT)
    assert signal.getsignal(signal.SIGINT) is before


def test_a_sync_killed_midway_leaves_the_catalogue_whole_and_the_next_one_completes(
    tmp_path: Path, stalled: ServerProcess, upstream: Path
) -> None:
    mine = tmp_path / "mine"
    write_cards(mine, [generated_card(1, flavor="Previous."), generated_card(900)])
    before = state(mine)
    proc = _start_sync(mine, stalled.url)
    _wait_for_history_request(stalled, proc)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=60)
    conn = sqlite3.connect(mine / "catalogue.sqlite3")
    assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    conn.close()
    assert state(mine) == before
    stalled.control()
    services = build(str(mine))
    report = SyncEngine(services.paths, services.store,
                        fast_options(stalled.url, images="none")).run()
    assert report.resumed and report.write.removed == 1
    assert state(mine)["cards"] == state(upstream)["cards"]
    pages = [r for r in stalled.requests() if r["path"] == "/cards/search"]
    assert len(pages) == 1  # only the probe: every page was staged before the kill
