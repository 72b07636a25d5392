"""Background work on a ``QThreadPool``; results reach the GUI thread by queued signal.

A :class:`LatestRequest` runs one kind of request (a search, a card load) and delivers
only the result of the newest one: every submission takes the next number of a request
counter, and a result whose number is not the newest is dropped as stale.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

log = logging.getLogger("app.gui")


class _Relay(QObject):
    """Lives in the GUI thread; workers emit on it, so the slots run in the GUI thread."""

    done = Signal(int, object)
    failed = Signal(int, object)


class _Task(QRunnable):
    def __init__(self, relay: _Relay, token: int, work: Callable[[], Any]) -> None:
        super().__init__()
        self._relay = relay
        self._token = token
        self._work = work
        self.setAutoDelete(True)

    def run(self) -> None:
        try:
            result = self._work()
        except Exception as error:  # reported to the GUI thread, never lost
            self._relay.failed.emit(self._token, error)
        else:
            self._relay.done.emit(self._token, result)


class LatestRequest(QObject):
    """Runs requests of one kind in ``pool``; only the newest one's outcome is delivered.

    Signals:
        finished(object): the result of the newest request, in the GUI thread.
        failed(object): the exception the newest request raised, in the GUI thread.

    Args:
        pool: the thread pool that runs the work.
        parent: the owning QObject.
    """

    finished = Signal(object)
    failed = Signal(object)

    def __init__(self, pool: QThreadPool, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = pool
        self._relay = _Relay(self)
        self._relay.done.connect(self._on_done)
        self._relay.failed.connect(self._on_failed)
        self._latest = 0
        self._busy = False

    @property
    def busy(self) -> bool:
        """True while the newest request has not delivered its outcome."""
        return self._busy

    def submit(self, work: Callable[[], Any]) -> int:
        """Run ``work()`` in the pool; returns its request number. Older results go stale."""
        self._latest += 1
        self._busy = True
        self._pool.start(_Task(self._relay, self._latest, work))
        return self._latest

    def cancel(self) -> None:
        """Make every request submitted so far stale (its outcome will be dropped)."""
        self._latest += 1
        self._busy = False

    @Slot(int, object)
    def _on_done(self, token: int, result: object) -> None:
        if token != self._latest:
            return
        self._busy = False
        self.finished.emit(result)

    @Slot(int, object)
    def _on_failed(self, token: int, error: object) -> None:
        if token != self._latest:
            log.debug("stale request %d failed: %s", token, error)
            return
        self._busy = False
        self.failed.emit(error)
