"""The status bar's sync indicator (app/gui/sync/status_indicator.py) and the sync state it shows
(app/sync/status.py): never synced, the last sync's time and API, online or offline."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.gui.kit.settings import SyncPrefs
from app.gui.shell.main_window import MainWindow
from app.gui.sync.status_indicator import indicator_text
from app.store import Writer
from app.sync.common import META_API, META_COMPLETE, META_FINISHED
from app.sync.progress import UNCHANGED, Progress
from app.sync.status import (
    SyncStatus,
    duration_text,
    local_time_text,
    probe,
    progress_lines,
    read_status,
)
from tests.sync.conftest import fast_options
from tests.sync.servers import free_port

WHEN = datetime(2026, 11, 21, 14, 4, 5, tzinfo=UTC)


@pytest.fixture
def berlin(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The computer's time zone is Europe/Berlin (UTC+1 in November)."""
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


class _Answer(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(200 if self.path == "/featured-sets" else 404)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"[]")

    def log_message(self, *_: object) -> None:
        pass


@pytest.fixture
def tiny_api() -> Iterator[str]:
    """A loopback server that answers ``/featured-sets`` (nothing else)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Answer)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_the_indicator_text(berlin: None) -> None:
    never = SyncStatus()
    synced = SyncStatus("https://api.gatcg.com", WHEN, WHEN)
    assert local_time_text(WHEN) == "21 Nov 2026 15:04"
    assert indicator_text(never, "https://api.gatcg.com", "online") == \
        "Never synced · api.gatcg.com · offline"
    assert indicator_text(synced, "https://api.gatcg.com", "online") == \
        "Synced 21 Nov 2026 15:04 · api.gatcg.com · online"
    assert indicator_text(synced, "http://10.0.0.2:8000", "offline") == \
        "Synced 21 Nov 2026 15:04 · 10.0.0.2:8000 · offline"
    assert indicator_text(synced, "https://api.gatcg.com", "unknown") == \
        "Synced 21 Nov 2026 15:04 · api.gatcg.com"


def test_the_status_comes_from_the_meta_table(empty_services: Application) -> None:
    store = empty_services.store
    assert read_status(store) == SyncStatus() and not read_status(store).synced
    Writer(store).write([], meta={META_API: "https://api.gatcg.com",
                                  META_FINISHED: "2026-11-21T14:04:05.123Z"})
    status = read_status(store)
    assert status.synced and status.api_url == "https://api.gatcg.com"
    assert status.finished_at == datetime(2026, 11, 21, 14, 4, 5, 123000, tzinfo=UTC)
    assert status.complete_at is None


def test_the_probe_tells_online_from_offline(tiny_api: str) -> None:
    assert probe(tiny_api) is None
    dead = f"http://127.0.0.1:{free_port()}"
    problem = probe(dead, timeout=2)
    assert problem is not None and "does not answer" in problem
    assert probe(tiny_api + "/nothing-here") == f"{tiny_api[7:]} answered 404"


def test_the_window_shows_never_synced_then_the_last_sync_and_reachability(
    qtbot: QtBot, empty_services: Application, tiny_api: str, berlin: None
) -> None:
    window = MainWindow(empty_services, None, dialogs=False)
    qtbot.addWidget(window)
    window.show()
    indicator = window.sync.indicator
    assert indicator.text() == "Never synced · api.gatcg.com · offline"
    assert "never synced" in indicator.toolTip()

    Writer(empty_services.store).write([], meta={
        META_API: tiny_api, META_FINISHED: "2026-11-21T14:04:05.123Z",
        META_COMPLETE: "2026-11-21T14:04:05.123Z"})
    window.sync.use_prefs(SyncPrefs(api_url=tiny_api))
    indicator.refresh()
    host = tiny_api.removeprefix("http://")
    qtbot.waitUntil(lambda: indicator.text() == f"Synced 21 Nov 2026 15:04 · {host}",
                    timeout=10_000)
    indicator.probe()
    qtbot.waitUntil(lambda: indicator.reach == "online", timeout=10_000)
    assert indicator.text() == f"Synced 21 Nov 2026 15:04 · {host} · online"
    assert f"from {tiny_api}" in indicator.toolTip()

    window.sync.use_prefs(SyncPrefs(api_url=f"http://127.0.0.1:{free_port()}"))
    indicator.probe()
    qtbot.waitUntil(lambda: indicator.reach == "offline", timeout=10_000)
    assert indicator.text().endswith(" · offline")
    assert "does not answer" in indicator.toolTip()

    window.shutdown()


def test_clicking_the_indicator_before_any_sync_offers_one(
    qtbot: QtBot, empty_services: Application
) -> None:
    window = MainWindow(empty_services, None, dialogs=False)
    qtbot.addWidget(window)
    window.show()
    window.sync.use_prefs(SyncPrefs(api_url=f"http://127.0.0.1:{free_port()}"))
    window.sync.indicator.click()
    dialog = window.sync.dialog
    assert dialog.isVisible() and dialog.state == "idle"
    assert dialog.button.text() == "Sync now" and "up to date from http://127.0.0.1:" in \
        dialog.phase.text()
    window.sync.options_factory = lambda prefs: fast_options(prefs.api_url)
    dialog.button.click()
    assert window.sync.running and dialog.button.text() == "Cancel"
    qtbot.waitUntil(lambda: dialog.state == "ended", timeout=30_000)
    text = dialog.message.text()
    assert dialog.title.text() == "Sync failed" and text.endswith(UNCHANGED)
    assert text.count("unchanged") + text.count("intact") == 1  # said once
    assert "resume" not in text  # no sync started: none to resume
    window.shutdown()


def test_progress_in_words() -> None:
    progress = Progress("cards", "Cards", 30, 45, 37, 13_500_000, 5.0)
    traffic, pace = progress_lines(progress, phase_started=1.0)
    assert traffic == "13.5 MB received (2.7 MB/s) · 37 requests"
    assert pace == "30 pages done · 7.5 per second · about 2 s left"
    crawl = Progress("cards", "Cards", 12, None, 20, 800, 2.0)
    assert progress_lines(crawl, 1.9) == ("1 KB received (0 KB/s) · 20 requests",
                                          "12 look-ups done")
    assert (duration_text(0.2), duration_text(150), duration_text(3900)) == \
        ("1 s", "2 min", "1 h 5 min")
