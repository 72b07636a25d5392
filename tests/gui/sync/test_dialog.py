"""Sync in the window (app/gui/sync/controller.py, sync_dialog.py): a sync from a server on
loopback over a small GENERATED catalogue, driven from File ▸ Sync now and the dialog."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.bootstrap import Application, build
from app.gui.kit.settings import SyncPrefs
from app.gui.shell.main_window import MainWindow
from app.gui.sync.dialog import CANCELLED_TEXT, INTACT_TEXT
from app.sync import Progress
from app.sync.engine import STAGING_FILE
from app.sync.status import throttled
from tests.sync.conftest import fast_options, state
from tests.sync.generated import build_upstream, generated_card, write_cards
from tests.sync.servers import ServerProcess, free_port

UPSTREAM_CARDS = 40


@pytest.fixture(scope="module")
def upstream(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A generated upstream of 40 cards and 5 images (not real data)."""
    return build_upstream(tmp_path_factory.mktemp("upstream"), count=UPSTREAM_CARDS, images=5)


@pytest.fixture(scope="module")
def serve(upstream: Path) -> Iterator[ServerProcess]:
    """``archivist serve`` over :func:`upstream` on a free loopback port."""
    process = ServerProcess(upstream, faulty=False).start()
    yield process
    process.stop()


@pytest.fixture(scope="module")
def faulty(upstream: Path) -> Iterator[ServerProcess]:
    """The fault-injecting server over :func:`upstream`."""
    process = ServerProcess(upstream).start()
    yield process
    process.stop()


@pytest.fixture
def mine(tmp_path: Path) -> Iterator[Application]:
    """A catalogue of 6 cards that differs from the upstream (5 changed, 1 not upstream)."""
    folder = tmp_path / "mine"
    write_cards(folder, [generated_card(i, flavor="Previous.") for i in range(1, 6)]
                + [generated_card(900)])
    services = build(str(folder))
    yield services
    services.store.close()


def open_window(qtbot: QtBot, services: Application, url: str) -> MainWindow:
    window = MainWindow(services, None, dialogs=False)
    qtbot.addWidget(window)
    window.sync.options_factory = lambda prefs: fast_options(prefs.api_url, images=prefs.images)
    window.sync.use_prefs(SyncPrefs(api_url=url, images="all"))
    window.show()
    qtbot.waitUntil(lambda: window.count_label.text() == "6 cards", timeout=10_000)
    return window


def finish(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.waitUntil(lambda: not window.sync.running, timeout=30_000)


def test_cancel_mid_sync_leaves_the_catalogue_unchanged_and_says_so(
    qtbot: QtBot, mine: Application, faulty: ServerProcess
) -> None:
    faulty.control([{"match": r"^/cards/search\?page=1&page_size=50", "kind": "stall",
                     "seconds": 5, "times": -1}])
    before = state(mine.paths.data)
    window = open_window(qtbot, mine, faulty.url)
    window.sync.sync_now()
    dialog = window.sync.dialog
    qtbot.waitUntil(lambda: dialog.phase.text() == "Step 3 of 7: Cards", timeout=10_000)

    window.set_query("Generated 3")  # the window stays usable during the sync
    qtbot.waitUntil(lambda: window.model.query == "Generated 3"
                    and not window.controller.busy, timeout=10_000)
    assert window.count_label.text() == "1 card" and window.sync.running

    qtbot.mouseClick(dialog.button, Qt.MouseButton.LeftButton)
    assert dialog.button.text() == "Cancelling…" and not dialog.button.isEnabled()
    finish(qtbot, window)
    assert dialog.message.text() == CANCELLED_TEXT and dialog.message.isVisible()
    assert dialog.title.text() == "Sync cancelled"
    assert dialog.button.text() == "Close" and not dialog.summary.isVisible()
    assert window.statusBar().currentMessage() == CANCELLED_TEXT
    assert state(mine.paths.data) == before
    assert (mine.paths.data / STAGING_FILE).is_file()  # the next sync resumes
    assert window.sync.indicator.text() == f"Never synced · 127.0.0.1:{faulty.port} · offline"
    faulty.control()
    window.shutdown()


def test_sync_now_while_a_sync_runs_shows_it_instead_of_starting_another(
    qtbot: QtBot, mine: Application, faulty: ServerProcess
) -> None:
    faulty.control([{"match": "^/featured-sets", "kind": "stall", "seconds": 5,
                     "times": -1}])
    window = open_window(qtbot, mine, faulty.url)
    assert window.sync.start(show=False) and not window.sync.dialog.isVisible()
    assert window.sync.indicator.text().startswith("Syncing · ")
    assert not window.sync.start(show=True)
    assert window.sync.dialog.isVisible()
    window.sync.cancel()
    finish(qtbot, window)
    faulty.control()
    window.shutdown()


def test_closing_the_window_during_a_sync_stops_it_and_keeps_the_catalogue(
    qtbot: QtBot, mine: Application, faulty: ServerProcess
) -> None:
    faulty.control([{"match": r"^/cards/search\?page=1&page_size=50", "kind": "stall",
                     "seconds": 5, "times": -1}])
    before = state(mine.paths.data)
    window = open_window(qtbot, mine, faulty.url)
    window.sync.start(show=False)
    qtbot.waitUntil(lambda: window.sync.dialog.phase.text() == "Step 3 of 7: Cards", timeout=10_000)
    window.close()  # waits for the worker, which stops at once (not after the stall)
    assert state(mine.paths.data) == before
    assert (mine.paths.data / STAGING_FILE).is_file()
    faulty.control()


def test_a_sync_from_archivist_serve_shows_progress_summary_and_the_new_catalogue(
    qtbot: QtBot, mine: Application, serve: ServerProcess
) -> None:
    window = open_window(qtbot, mine, serve.url)
    seen: list[Progress] = []
    window.sync.progressed.connect(seen.append)
    window.sync.sync_action.trigger()
    dialog = window.sync.dialog
    assert dialog.isVisible() and not dialog.isModal()
    assert dialog.button.text() == "Cancel"
    assert dialog.title.text() == f"Syncing from 127.0.0.1:{serve.port}"
    finish(qtbot, window)

    phases = [p.phase for p in seen]
    assert phases[0] == "connect" and "cards" in phases and phases[-1] == "apply"
    assert any(p.phase == "cards" and p.total == 1 for p in seen)  # one page of 50 cards
    assert any(p.phase == "images" and p.total == UPSTREAM_CARDS + 1 for p in seen)  # + logo
    cells = {key: label.text() for key, label in dialog.cells.items()}
    assert (cells["cards", "new"], cells["cards", "changed"], cells["cards", "removed"],
            cells["cards", "unchanged"]) == ("35", "5", "1", "0")
    assert cells["editions", "new"] == "35" and cells["editions", "removed"] == "1"
    assert "5 downloaded" in dialog.facts.text()
    assert f"holds {UPSTREAM_CARDS} cards" in dialog.facts.text()
    assert dialog.summary.isVisible() and not dialog.message.isVisible()
    assert dialog.title.text() == f"Synced from 127.0.0.1:{serve.port}"
    assert dialog.button.text() == "Close"

    qtbot.waitUntil(lambda: window.count_label.text() == f"{UPSTREAM_CARDS} cards",
                    timeout=10_000)
    assert window.model.rowCount() == UPSTREAM_CARDS
    qtbot.waitUntil(lambda: window.sync.indicator.status.synced, timeout=10_000)
    text = window.sync.indicator.text()
    assert text.startswith("Synced ") and text.endswith(f"127.0.0.1:{serve.port} · online")
    assert window.statusBar().currentMessage().startswith("Sync done: 35 new, 5 changed")
    qtbot.mouseClick(dialog.button, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()
    window.shutdown()


def test_a_server_that_keeps_failing_shows_the_failure_and_the_catalogue_is_intact(
    qtbot: QtBot, mine: Application, faulty: ServerProcess
) -> None:
    before = state(mine.paths.data)
    faulty.control([{"match": "^/cards/search", "kind": "status", "status": 503,
                     "times": -1}])
    window = open_window(qtbot, mine, faulty.url)
    window.sync.sync_now()
    finish(qtbot, window)
    dialog = window.sync.dialog
    text = dialog.message.text()
    assert dialog.title.text() == "Sync failed"
    assert text.startswith("http://127.0.0.1:") and "gave up after" in text
    assert text.endswith(INTACT_TEXT) and not dialog.details.isVisible()
    assert window.statusBar().currentMessage().startswith("Sync failed: ")
    assert window.sync.indicator.reach == "offline"
    assert state(mine.paths.data) == before
    assert window.count_label.text() == "6 cards"
    faulty.control([])
    window.shutdown()


def test_a_server_that_is_down_says_so_in_plain_words_at_once(
    qtbot: QtBot, mine: Application
) -> None:
    before = state(mine.paths.data)
    window = open_window(qtbot, mine, f"http://127.0.0.1:{free_port()}")
    window.sync.sync_now()
    finish(qtbot, window)
    dialog = window.sync.dialog
    text = dialog.message.text()
    assert dialog.title.text() == "Sync failed"
    assert "refused the connection" in text and "gave up" not in text
    assert "\n\nYour catalogue is unchanged; you can keep browsing." in text
    assert not dialog.details.isVisible() and window.sync.indicator.reach == "offline"
    assert state(mine.paths.data) == before
    window.shutdown()


def test_an_offline_computer_is_told_it_seems_offline(qtbot: QtBot, mine: Application) -> None:
    window = open_window(qtbot, mine, "https://nonexistent.invalid")
    window.sync.sync_now()
    finish(qtbot, window)
    text = window.sync.dialog.message.text()
    assert text.startswith("nonexistent.invalid cannot be reached — this computer seems to "
                           "be offline")
    window.shutdown()


def test_a_retry_is_shown_in_the_dialog(qtbot: QtBot, mine: Application) -> None:
    window = open_window(qtbot, mine, "http://127.0.0.1:1")
    dialog = window.sync.dialog
    dialog.begin("http://127.0.0.1:1")
    dialog.show_progress(Progress("connect", "Connecting", 0, 1, 1, 0, 0.5,
                                  "retrying in 4 s… (the server answered 503: busy)"))
    assert dialog.rate.text() == "Retrying in 4 s… (the server answered 503: busy)"
    window.shutdown()


def test_progress_is_throttled_but_every_phase_shows_its_last_count() -> None:
    passed: list[Progress] = []
    report = throttled(passed.append, interval=60)
    steps = [("cards", n, 40) for n in range(10)] + [("images", 0, 5), ("images", 1, 5)]
    for phase, done, total in steps:
        report(Progress(phase, phase, done, total, 0, 0, 0.0))
    assert [(p.phase, p.done) for p in passed] == [("cards", 0), ("cards", 9), ("images", 0)]
