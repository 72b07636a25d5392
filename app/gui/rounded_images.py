"""Rounded card images made off the GUI thread (endpoint 3's rounded variant).

:class:`RoundedImages` asks the catalogue for the rounded variant
(``card_image(filename, rounded=True)``: a PNG with transparent corners, cached on disk),
decodes it into a ``QImage`` in a worker — scaled to a tile's size at the screen's pixel
ratio, or at full size for the large view — and reports ``ready(key)``; newest requests
are made first. Workers make ``QImage``\\ s only (DESIGN.md: never ``QPixmap``\\ s).
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable

from PySide6.QtCore import QObject, QRunnable, QSize, Qt, QThreadPool, Signal, Slot
from PySide6.QtGui import QImage

from app.gui.thumbnails import ThumbState

log = logging.getLogger("app.gui")
RoundedReader = Callable[[str], bytes]
"""Reads a rounded card image by API file name (``lambda f: catalogue.card_image(f, True)``)."""


def decode(data: bytes, width: int, height: int, scale: float) -> QImage:
    """A PNG/JPEG's ``QImage``; with a size, fitted into ``width`` × ``height`` logical pixels
    at ``scale`` device pixels each (worker thread). Raises ValueError for unreadable data."""
    image = QImage.fromData(data)
    if image.isNull():
        raise ValueError("not an image")
    if width and height:
        box = QSize(round(width * scale), round(height * scale))
        if image.width() > box.width() or image.height() > box.height():
            image = image.scaled(box, Qt.AspectRatioMode.KeepAspectRatio,
                                 Qt.TransformationMode.SmoothTransformation)
        image.setDevicePixelRatio(scale)
    return image.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)


class _Relay(QObject):
    done = Signal(str, object)


class _Task(QRunnable):
    def __init__(self, relay: _Relay, key: str, job: tuple[str, int, int],
                 read: RoundedReader, scale: float) -> None:
        super().__init__()
        self._relay, self._key, self._job, self._read, self._scale = relay, key, job, read, scale
        self.setAutoDelete(True)

    def run(self) -> None:
        filename, width, height = self._job
        try:
            image: QImage | None = decode(self._read(filename), width, height, self._scale)
        except Exception as error:  # a missing or broken image is shown as missing
            log.info("no rounded image %s: %s", filename, error)
            image = None
        self._relay.done.emit(self._key, image)


class RoundedImages(QObject):
    """Rounded card images by (file name, logical size; 0 × 0 is full size), made in workers.

    Signals:
        ready(str): the image of this key is in memory, or known to be missing.

    Args:
        read: reads the rounded variant's bytes (raises for a missing image).
        scale: the device pixel ratio of sized images.
        memory_items: how many images are kept in memory.
        parent: the owning QObject.
    """

    ready = Signal(str)

    def __init__(self, read: RoundedReader, scale: float = 1.0, memory_items: int = 80,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._read, self._scale, self._items = read, max(1.0, scale), memory_items
        self._memory: OrderedDict[str, QImage] = OrderedDict()
        self._missing: set[str] = set()
        self._queue: OrderedDict[str, tuple[str, int, int]] = OrderedDict()
        self._running: set[str] = set()
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(2)
        self._relay = _Relay(self)
        self._relay.done.connect(self._on_done)
        self._closed = False

    @staticmethod
    def key(filename: str, width: int = 0, height: int = 0) -> str:
        """``"<file>@<W>x<H>"``, as ``ready`` reports it."""
        return f"{filename}@{width}x{height}"

    def image(self, filename: str, width: int = 0, height: int = 0) -> QImage | None:
        """The image if in memory; else queue it (newest first) and return None."""
        key = self.key(filename, width, height)
        found = self._memory.get(key)
        if found is not None:
            self._memory.move_to_end(key)
            return found
        if key not in self._missing and key not in self._running and not self._closed:
            self._queue[key] = (filename, width, height)
            self._queue.move_to_end(key)
            self._pump()
        return None

    def state(self, filename: str, width: int = 0, height: int = 0) -> ThumbState:
        """Where the image is (without asking for it)."""
        key = self.key(filename, width, height)
        if key in self._memory:
            return ThumbState.READY
        if key in self._missing:
            return ThumbState.MISSING
        return ThumbState.PENDING if key in self._queue or key in self._running else \
            ThumbState.NONE

    def is_idle(self) -> bool:
        """True when nothing is queued or being made."""
        return not self._queue and not self._running

    def shutdown(self) -> None:
        """Drop the queue and wait for the running workers."""
        self._closed = True
        self._queue.clear()
        self._pool.clear()
        self._pool.waitForDone()

    def _pump(self) -> None:
        while self._queue and len(self._running) < self._pool.maxThreadCount():
            key, job = self._queue.popitem(last=True)
            self._running.add(key)
            self._pool.start(_Task(self._relay, key, job, self._read, self._scale))

    @Slot(str, object)
    def _on_done(self, key: str, image: object) -> None:
        self._running.discard(key)
        if isinstance(image, QImage):
            self._memory[key] = image
            while len(self._memory) > self._items:
                self._memory.popitem(last=False)
        else:
            self._missing.add(key)
        if not self._closed:
            self.ready.emit(key)
            self._pump()
