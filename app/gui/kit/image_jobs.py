"""Images made in worker threads on request, newest request first, kept in a bounded cache.

:class:`ImageJobs` is the machinery shared by the grid's thumbnails
(:class:`~app.gui.kit.thumbnails.ThumbnailProvider`) and the gallery's rounded images
(:class:`~app.gui.kit.rounded_images.RoundedImages`): an in-memory LRU bounded in bytes, a set of
keys known to be missing, a newest-first queue (the items painted last, the ones on screen,
are made first) and a ``ready(key)`` signal when an image is made or found missing. Workers
only make ``QImage``\\ s (DESIGN.md: never ``QPixmap``\\ s).
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable
from enum import Enum
from functools import partial
from typing import Generic, TypeVar

from PySide6.QtCore import QObject, QThreadPool, Signal
from PySide6.QtGui import QImage

from app.gui.kit.free_memory import release_free_memory
from app.gui.kit.operations import run_operation

log = logging.getLogger("app.gui")
Job = TypeVar("Job")
TRIM_AFTER = 64
"""Images made, at least, before the heap's freed pages are returned when the queue drains."""


class ThumbState(Enum):
    """Where an image is: not asked for, queued or being made, in memory, or impossible."""

    NONE = "none"
    PENDING = "pending"
    READY = "ready"
    MISSING = "missing"


class ImageJobs(QObject, Generic[Job]):
    """Images by key, made by ``make(job)`` in a thread pool (None or an error: missing).

    Signals:
        ready(str): the image of this key is now in memory, or known to be missing.

    Args:
        make: makes the image of a job (worker thread).
        threads: worker threads.
        memory_bytes: bytes of QImages the LRU keeps (at least the newest one).
        max_queued: requests kept waiting; older ones (scrolled out of view) are dropped.
        parent: the owning QObject.
    """

    ready = Signal(str)

    def __init__(self, make: Callable[[Job], QImage | None], *, threads: int,
                 memory_bytes: int, max_queued: int = 400,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._make, self._memory_bytes, self._max_queued = make, memory_bytes, max_queued
        self._memory: OrderedDict[str, QImage] = OrderedDict()
        self._held = 0  # bytes of the QImages in _memory
        self._missing: set[str] = set()
        self._queue: OrderedDict[str, Job] = OrderedDict()  # newest last
        self._running: set[str] = set()
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(threads)
        self._closed = False
        self._made = 0  # images made since the heap was last trimmed

    def request(self, key: str, job: Job) -> QImage | None:
        """The image of ``key`` if in memory; otherwise queue ``job`` (newest first)."""
        found = self._memory.get(key)
        if found is not None:
            self._memory.move_to_end(key)
            return found
        if key not in self._missing and key not in self._running and not self._closed:
            self._queue[key] = job
            self._queue.move_to_end(key)
            while len(self._queue) > self._max_queued:
                self._queue.popitem(last=False)
            self._pump()
        return None

    def state_of(self, key: str) -> ThumbState:
        """Where the image of ``key`` is (without queueing it)."""
        if key in self._memory:
            return ThumbState.READY
        if key in self._missing:
            return ThumbState.MISSING
        if key in self._queue or key in self._running:
            return ThumbState.PENDING
        return ThumbState.NONE

    def forget_missing(self) -> None:
        """Ask again for images that were missing (a sync may have stored them since)."""
        self._missing.clear()

    def is_idle(self) -> bool:
        """True when nothing is queued or being made."""
        return not self._queue and not self._running

    def shutdown(self) -> None:
        """Drop the queue and wait for the running workers (call before the window closes)."""
        self._closed = True
        self._queue.clear()
        self._pool.clear()
        self._pool.waitForDone()

    def _pump(self) -> None:
        while self._queue and len(self._running) < self._pool.maxThreadCount():
            key, job = self._queue.popitem(last=True)
            self._running.add(key)
            run_operation(self._pool, partial(self._make, job), partial(self._on_done, key),
                          partial(self._on_failed, key), owner=self)

    def _on_failed(self, key: str, error: Exception) -> None:
        log.info("no image for %s: %s", key, error)  # a missing or broken image: missing
        self._on_done(key, None)

    def _on_done(self, key: str, image: object) -> None:
        self._running.discard(key)
        self._made += 1
        if isinstance(image, QImage) and not image.isNull():
            self._memory[key] = image
            self._held += image.sizeInBytes()
            while self._held > self._memory_bytes and len(self._memory) > 1:
                self._held -= self._memory.popitem(last=False)[1].sizeInBytes()
        else:
            self._missing.add(key)
        if not self._closed:
            self.ready.emit(key)
            self._pump()
        if self._made >= TRIM_AFTER and self.is_idle():
            self._made = 0  # a burst is over: the workers' freed decode buffers go back
            release_free_memory()
