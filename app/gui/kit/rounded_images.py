"""Rounded card images made off the GUI thread (endpoint 3's rounded variant).

:class:`RoundedImages` asks the catalogue for the rounded variant
(``card_image(filename, rounded=True)``: a PNG with transparent corners, cached on disk),
decodes it into a ``QImage`` in a worker — scaled to a tile's size at the screen's pixel
ratio, or at full size for the large view — and reports ``ready(key)``; newest requests
are made first. Workers make ``QImage``\\ s only (DESIGN.md: never ``QPixmap``\\ s).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QBuffer, QByteArray, QObject, QSize, Qt
from PySide6.QtGui import QImage, QImageReader

from app.gui.kit.image_jobs import ImageJobs, ThumbState
from app.images import MAX_PIXELS

RoundedReader = Callable[[str], bytes]
"""Reads a rounded card image by API file name (``lambda f: catalogue.card_image(f, True)``)."""


def decode(data: bytes, width: int, height: int, scale: float) -> QImage:
    """A PNG/JPEG's ``QImage``; with a size, fitted into ``width`` × ``height`` logical pixels
    at ``scale`` device pixels each (worker thread). Raises ValueError for unreadable data
    or more than :data:`~app.images.check.MAX_PIXELS` pixels (checked before decoding)."""
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    size = QImageReader(buffer).size()
    if size.width() * size.height() > MAX_PIXELS:
        raise ValueError(f"{size.width()}×{size.height()} pixels: too large to decode")
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


class RoundedImages(ImageJobs[tuple[str, int, int]]):
    """Rounded card images by (file name, logical size; 0 × 0 is full size), made in workers
    (see :class:`~app.gui.kit.image_jobs.ImageJobs`).

    Args:
        read: reads the rounded variant's bytes (raises for a missing image).
        scale: the device pixel ratio of sized images.
        memory_bytes: how many bytes of images are kept in memory.
        parent: the owning QObject.
    """

    def __init__(self, read: RoundedReader, scale: float = 1.0, memory_bytes: int = 64 << 20,
                 parent: QObject | None = None) -> None:
        super().__init__(self._make, threads=2, memory_bytes=memory_bytes, parent=parent)
        self._read, self._scale = read, max(1.0, scale)

    @staticmethod
    def key(filename: str, width: int = 0, height: int = 0) -> str:
        """``"<file>@<W>x<H>"``, as ``ready`` reports it."""
        return f"{filename}@{width}x{height}"

    def image(self, filename: str, width: int = 0, height: int = 0) -> QImage | None:
        """The image if in memory; else queue it (newest first) and return None."""
        return self.request(self.key(filename, width, height), (filename, width, height))

    def state(self, filename: str, width: int = 0, height: int = 0) -> ThumbState:
        """Where the image is (without asking for it)."""
        return self.state_of(self.key(filename, width, height))

    def _make(self, job: tuple[str, int, int]) -> QImage:
        filename, width, height = job
        return decode(self._read(filename), width, height, self._scale)
