"""Background requests whose stale results are dropped (app/gui/kit/operations.py)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from PySide6.QtCore import QThreadPool
from pytestqt.qtbot import QtBot

from app.gui.kit.operations import LatestRequest, Operation, run_operation


def test_only_the_newest_result_is_delivered(qtbot: QtBot) -> None:
    pool = QThreadPool()
    pool.setMaxThreadCount(2)
    request = LatestRequest(pool)
    delivered: list[object] = []
    request.finished.connect(delivered.append)
    release = threading.Event()

    def slow() -> str:
        release.wait(5)
        return "old"

    request.submit(slow)
    request.submit(lambda: "new")
    qtbot.waitUntil(lambda: delivered == ["new"])
    release.set()
    pool.waitForDone()
    qtbot.wait(50)
    assert delivered == ["new"]
    assert not request.busy


def test_failures_arrive_in_the_gui_thread(qtbot: QtBot) -> None:
    pool = QThreadPool()
    request = LatestRequest(pool)
    seen: list[tuple[object, bool]] = []
    request.failed.connect(
        lambda error: seen.append((error, threading.current_thread() is threading.main_thread()))
    )

    def broken() -> None:
        time.sleep(0.01)
        raise ValueError("boom")

    with qtbot.waitSignal(request.failed, timeout=5000):
        request.submit(broken)
    pool.waitForDone()
    (error, in_gui_thread), = seen
    assert isinstance(error, ValueError) and in_gui_thread


def test_cancel_drops_what_is_running(qtbot: QtBot) -> None:
    pool = QThreadPool()
    request = LatestRequest(pool)
    delivered: list[object] = []
    request.finished.connect(delivered.append)
    request.submit(lambda: 1)
    request.cancel()
    pool.waitForDone()
    qtbot.wait(50)
    assert delivered == [] and not request.busy


def test_an_operation_reports_progress_then_its_result_in_the_gui_thread(qtbot: QtBot) -> None:
    pool = QThreadPool()
    seen: list[tuple[str, object, bool]] = []

    def note(kind: str) -> Callable[[object], None]:
        return lambda value: seen.append(
            (kind, value, threading.current_thread() is threading.main_thread()))

    operation = Operation(note("done"), note("failed"), note("progress"))

    def work() -> str:
        for step in (1, 2, 3):
            operation.report(step)
        return "all"

    operation.start(pool, work)
    qtbot.waitUntil(lambda: operation.finished)
    pool.waitForDone()
    assert seen == [("progress", 1, True), ("progress", 2, True), ("progress", 3, True),
                    ("done", "all", True)]


def test_a_cancelled_operation_delivers_nothing(qtbot: QtBot) -> None:
    pool = QThreadPool()
    delivered: list[object] = []
    release = threading.Event()

    def slow() -> str:
        release.wait(5)
        return "stale"

    operation = run_operation(pool, slow, delivered.append, delivered.append)
    operation.cancel()
    release.set()
    qtbot.waitUntil(lambda: operation.finished)
    pool.waitForDone()
    assert delivered == [] and operation.cancelled
