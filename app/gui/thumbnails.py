"""Rounded card thumbnails, made in worker threads, newest request first.

:class:`ThumbnailProvider` answers "the thumbnail of image file F at size W × H" from an
in-memory LRU of ``QImage``\\ s. On a miss it queues the request on a newest-first stack
(the tiles painted last — the ones on screen — are made first) and a worker makes it: from
the disk cache of PNG thumbnails (``Paths.thumbnails/<W>x<H>/<stem>.png``) when that is
newer than the image, else from the stored JPEG with :func:`app.images.rounded_thumbnail`
(written to the disk cache for next time). Workers only make ``QImage``\\ s; when one is
done, ``ready(key)`` tells the models which row to repaint.
"""

from __future__ import annotations

import io
import logging
from collections import OrderedDict
from collections.abc import Callable
from enum import Enum
from pathlib import Path

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot
from PySide6.QtGui import QImage

from app.images import rounded_thumbnail
from app.images.cache import write_atomic

log = logging.getLogger("app.gui")

ImageSource = Callable[[str], Path | None]
"""Finds a stored card image by API file name (``LocalCatalogue.card_image_path``)."""


class ThumbState(Enum):
    """Where a thumbnail is: not asked for, queued or being made, in memory, or impossible."""

    NONE = "none"
    PENDING = "pending"
    READY = "ready"
    MISSING = "missing"


def make_thumbnail(source: Path, cache: Path, width: int, height: int) -> QImage:
    """The rounded thumbnail of ``source`` fitting ``width`` × ``height`` (worker thread).

    Reads ``cache`` when it is at least as new as ``source``; otherwise renders with Pillow
    and writes ``cache`` atomically. Raises OSError or PIL errors when ``source`` is unusable.
    """
    try:
        if cache.stat().st_mtime >= source.stat().st_mtime:
            cached = QImage(str(cache))
            if not cached.isNull():
                return cached.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
    except OSError:
        pass
    picture = rounded_thumbnail(source.read_bytes(), width, height)
    data = picture.tobytes("raw", "RGBA")
    image = QImage(data, picture.width, picture.height, picture.width * 4,
                   QImage.Format.Format_RGBA8888).copy()
    try:
        encoded = io.BytesIO()
        picture.save(encoded, format="PNG")
        write_atomic(cache, encoded.getvalue())
    except OSError as error:  # a read-only cache only costs speed
        log.debug("thumbnail cache not written: %s", error)
    return image.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)


class _Relay(QObject):
    done = Signal(str, object)


class _ThumbTask(QRunnable):
    def __init__(self, relay: _Relay, key: str, job: tuple[str, int, int],
                 source: ImageSource, cache_dir: Path, scale: float) -> None:
        super().__init__()
        self._relay, self._key, self._job = relay, key, job
        self._source, self._cache_dir, self._scale = source, cache_dir, scale
        self.setAutoDelete(True)

    def run(self) -> None:
        filename, width, height = self._job
        image: QImage | None = None
        try:
            path = self._source(filename)
            if path is not None:
                folder = self._cache_dir / f"{width}x{height}"
                image = make_thumbnail(path, folder / f"{Path(filename).stem}.png", width, height)
                image.setDevicePixelRatio(self._scale)
        except Exception as error:  # a broken image is shown as missing, not raised
            log.warning("cannot make a thumbnail of %s: %s", filename, error)
            image = None
        self._relay.done.emit(self._key, image)


class ThumbnailProvider(QObject):
    """Thumbnails by (file name, logical size), made off the GUI thread.

    Signals:
        ready(str): the thumbnail of this key is now in memory, or known to be missing.

    Args:
        source: finds the stored image file of an API file name, or None.
        cache_dir: the disk cache folder (``services.paths.thumbnails``).
        memory_bytes: how many bytes of QImages the LRU keeps (a 2x display's thumbnails
            are four times larger, so the bound is in bytes, not images).
        threads: worker threads.
        scale: device pixel ratio; thumbnails are made at ``scale`` × the logical size.
        parent: the owning QObject.
    """

    ready = Signal(str)

    def __init__(self, source: ImageSource, cache_dir: Path, *, memory_bytes: int = 96 << 20,
                 threads: int = 3, scale: float = 1.0, max_queued: int = 400,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._source, self._cache_dir, self._scale = source, cache_dir, max(1.0, scale)
        self._memory: OrderedDict[str, QImage] = OrderedDict()
        self._memory_bytes, self._max_queued, self._threads = memory_bytes, max_queued, threads
        self._held = 0  # bytes of the QImages in _memory
        self._missing: set[str] = set()
        self._queue: OrderedDict[str, tuple[str, int, int]] = OrderedDict()  # newest last
        self._running: set[str] = set()
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(threads)
        self._relay = _Relay(self)
        self._relay.done.connect(self._on_done)
        self._closed = False

    @staticmethod
    def key(filename: str, width: int, height: int) -> str:
        """The key of a thumbnail, as ``ready`` reports it: ``"<file>@<W>x<H>"``."""
        return f"{filename}@{width}x{height}"

    def image(self, filename: str, width: int, height: int) -> QImage | None:
        """The thumbnail if it is in memory; otherwise queue it (newest first) and return None."""
        key = self.key(filename, width, height)
        found = self._memory.get(key)
        if found is not None:
            self._memory.move_to_end(key)
            return found
        if key not in self._missing and key not in self._running and not self._closed:
            w, h = round(width * self._scale), round(height * self._scale)
            self._queue[key] = (filename, w, h)
            self._queue.move_to_end(key)
            while len(self._queue) > self._max_queued:
                self._queue.popitem(last=False)  # the oldest request scrolled out of view
            self._pump()
        return None

    def state(self, filename: str, width: int, height: int) -> ThumbState:
        """Where the thumbnail is (without queueing it)."""
        key = self.key(filename, width, height)
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
        while self._queue and len(self._running) < self._threads:
            key, job = self._queue.popitem(last=True)
            self._running.add(key)
            self._pool.start(
                _ThumbTask(self._relay, key, job, self._source, self._cache_dir, self._scale)
            )

    @Slot(str, object)
    def _on_done(self, key: str, image: object) -> None:
        self._running.discard(key)
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
