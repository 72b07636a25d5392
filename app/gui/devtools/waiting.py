"""Waiting, offscreen, until the window has drawn what a screenshot needs."""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEventLoop, QThread


def wait_until(condition: Callable[[], object], timeout: float) -> bool:
    """Process Qt events until ``condition()`` is true (True) or ``timeout`` seconds pass
    (False)."""
    app = QCoreApplication.instance()
    assert app is not None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        if condition():
            return True
        QThread.msleep(10)
    return False
