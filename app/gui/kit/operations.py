"""Background work on a ``QThreadPool``; outcomes reach the GUI thread by queued signal.

This is the one way the window runs work off the GUI thread (DESIGN.md, "Operations and
workers"):

* :class:`Operation` runs one function in a pool and calls ``on_done(result)`` or
  ``on_failed(error)`` in the GUI thread; the function may report progress through
  :meth:`Operation.report` (any thread), delivered to ``on_progress`` in the GUI thread.
  :meth:`Operation.cancel` makes its answers stale: they are dropped, never delivered.
  :func:`run_operation` makes and starts one.
* :class:`LatestRequest` runs one kind of request (a search, a card load) and delivers only
  the outcome of the newest: each submission makes the one before it stale.

The work receives plain values (the catalogue, a request), never a widget.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, Signal, Slot

log = logging.getLogger("app.gui")


class _Relay(QObject):
    """Lives in the GUI thread as a child of an operation's owner; workers emit on it, so
    the outcome is delivered in the GUI thread, and never once the owner is gone."""

    arrived = Signal(object, str, object)  # operation, "done" | "failed" | "progress", value

    def __init__(self, parent: QObject | None) -> None:
        super().__init__(parent)
        self.setObjectName(_RELAY_NAME)
        self.arrived.connect(self._deliver)

    @Slot(object, str, object)
    def _deliver(self, operation: Operation, kind: str, value: object) -> None:
        operation._deliver(kind, value)


_RELAY_NAME = "operation-relay"
_shared_relay: _Relay | None = None  # for operations without an owner


def _relay_of(owner: QObject | None) -> _Relay:
    """The relay of ``owner`` (made on first use, in the calling thread)."""
    global _shared_relay
    if owner is None:
        if _shared_relay is None:
            _shared_relay = _Relay(None)
        return _shared_relay
    found = owner.findChild(_Relay, _RELAY_NAME, Qt.FindChildOption.FindDirectChildrenOnly)
    return found if isinstance(found, _Relay) else _Relay(owner)


class _Runnable(QRunnable):
    def __init__(self, operation: Operation, work: Callable[[], Any]) -> None:
        super().__init__()
        self._operation, self._work = operation, work
        self.setAutoDelete(True)

    def run(self) -> None:
        try:
            result = self._work()
        except Exception as error:  # reported to the GUI thread, never lost
            self._operation._emit("failed", error)
        else:
            self._operation._emit("done", result)


class Operation:
    """One run of background work; its outcome is delivered in the GUI thread.

    Make it in the GUI thread, then :meth:`start` it. The callbacks run in the GUI thread;
    after :meth:`cancel` none of them runs (the answer is stale). An operation with an
    ``owner`` (the object whose methods the callbacks are) delivers nothing once the owner
    is deleted.

    Args:
        on_done: called with the work's result.
        on_failed: called with the exception the work raised.
        on_progress: called with each value given to :meth:`report`.
        owner: the QObject the outcome is for; its deletion drops the outcome.
    """

    def __init__(self, on_done: Callable[[Any], object], on_failed: Callable[[Exception], object],
                 on_progress: Callable[[Any], object] | None = None,
                 owner: QObject | None = None) -> None:
        self._on_done, self._on_failed, self._on_progress = on_done, on_failed, on_progress
        self._relay = _relay_of(owner)
        self._cancelled = False
        self._finished = False

    @property
    def cancelled(self) -> bool:
        """True once :meth:`cancel` was called (may be read from the worker)."""
        return self._cancelled

    @property
    def finished(self) -> bool:
        """True once the outcome reached the GUI thread (delivered or dropped as stale)."""
        return self._finished

    def start(self, pool: QThreadPool, work: Callable[[], Any]) -> Operation:
        """Run ``work()`` in ``pool``; returns this operation."""
        pool.start(_Runnable(self, work))
        return self

    def report(self, value: object) -> None:
        """Report progress (thread-safe: queued to the GUI thread, dropped once stale)."""
        self._emit("progress", value)

    def cancel(self) -> None:
        """Make this operation stale: its progress and outcome will be dropped."""
        self._cancelled = True

    def _emit(self, kind: str, value: object) -> None:
        try:
            self._relay.arrived.emit(self, kind, value)
        except RuntimeError:  # the owner, and so the relay, is gone: nobody to tell
            log.debug("operation outlived its owner")

    def _deliver(self, kind: str, value: Any) -> None:
        if kind == "progress":
            if not self._cancelled and not self._finished and self._on_progress is not None:
                self._on_progress(value)
            return
        self._finished = True
        if kind == "done" and not self._cancelled:
            self._on_done(value)
        elif kind == "failed" and self._cancelled:
            log.debug("stale operation failed: %s", value)
        elif kind == "failed":
            self._on_failed(value)


def run_operation(pool: QThreadPool, work: Callable[[], Any], on_done: Callable[[Any], object],
                  on_failed: Callable[[Exception], object],
                  on_progress: Callable[[Any], object] | None = None,
                  owner: QObject | None = None) -> Operation:
    """Run ``work()`` in ``pool``; ``on_done``/``on_failed`` get its outcome in the GUI
    thread, unless ``owner`` was deleted first. Returns the :class:`Operation` (cancel it
    to drop a stale answer)."""
    return Operation(on_done, on_failed, on_progress, owner).start(pool, work)


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
        self._latest = 0
        self._current: Operation | None = None

    @property
    def busy(self) -> bool:
        """True while the newest request has not delivered its outcome."""
        return self._current is not None

    def submit(self, work: Callable[[], Any]) -> int:
        """Run ``work()`` in the pool; returns its request number. Older results go stale."""
        self.cancel()
        self._current = run_operation(self._pool, work, self._on_done, self._on_failed,
                                      owner=self)
        return self._latest

    def cancel(self) -> None:
        """Make every request submitted so far stale (its outcome will be dropped)."""
        self._latest += 1
        if self._current is not None:
            self._current.cancel()
        self._current = None

    def _on_done(self, result: object) -> None:
        self._current = None
        self.finished.emit(result)

    def _on_failed(self, error: Exception) -> None:
        self._current = None
        self.failed.emit(error)
