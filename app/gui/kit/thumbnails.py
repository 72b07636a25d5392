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
import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtGui import QImage

from app.gui.kit.image_jobs import ImageJobs, ThumbState

log = logging.getLogger("app.gui")

__all__ = ["ImageSource", "ThumbState", "ThumbnailProvider", "make_thumbnail"]

MEMORY_TILES = 200
"""Thumbnails kept in memory by default: several screens of tiles, even on a large display."""
TILE_BYTES = 146 * 204 * 4
"""Bytes of one search tile's thumbnail at 1x (146 × 204 pixels, 32 bits each)."""

ImageSource = Callable[[str], Path | None]
"""Finds a stored card image by API file name (``LocalCatalogue.card_image_path``)."""


def worker_threads() -> int:
    """Thumbnail workers: one core is left to the GUI thread, at most three are used.

    The workers run Python between Pillow's calls (so they take turns on the interpreter
    lock with the GUI thread) and each keeps a core busy. On two cores, three of them made
    the GUI thread wait: scrolling the edition grid past new thumbnails, 60–140 of 1,471
    frames took over 16.7 ms with at most 10 ms of the GUI thread's own CPU; one worker,
    25–32 (``benchmarks.gui_grid``).
    """
    return max(1, min(3, (os.cpu_count() or 2) - 1))


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
    from app.images import rounded_thumbnail, write_atomic  # Pillow loads on the first miss

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


class ThumbnailProvider(ImageJobs[tuple[str, int, int]]):
    """Thumbnails by (file name, logical size), made off the GUI thread (see :class:`ImageJobs`).

    Args:
        source: finds the stored image file of an API file name, or None.
        cache_dir: the disk cache folder (``services.paths.thumbnails``).
        memory_bytes: how many bytes of QImages the LRU keeps; None: :data:`MEMORY_TILES`
            search tiles at ``scale`` (24 MiB at 1x, 96 MiB at 2x: a 2x display's
            thumbnails are four times larger, so the bound is in bytes, not images).
            Scrolling back further reads the disk cache's PNGs (a few milliseconds).
        threads: worker threads; None: :func:`worker_threads`.
        scale: device pixel ratio; thumbnails are made at ``scale`` × the logical size.
        max_queued: requests kept waiting.
        parent: the owning QObject.
    """

    def __init__(self, source: ImageSource, cache_dir: Path, *, memory_bytes: int | None = None,
                 threads: int | None = None, scale: float = 1.0, max_queued: int = 400,
                 parent: QObject | None = None) -> None:
        scale = max(1.0, scale)
        if memory_bytes is None:
            memory_bytes = round(MEMORY_TILES * TILE_BYTES * scale * scale)
        super().__init__(self._make, threads=threads or worker_threads(),
                         memory_bytes=memory_bytes,
                         max_queued=max_queued, parent=parent)
        self._source, self._cache_dir, self._scale = source, cache_dir, max(1.0, scale)

    @staticmethod
    def key(filename: str, width: int, height: int) -> str:
        """The key of a thumbnail, as ``ready`` reports it: ``"<file>@<W>x<H>"``."""
        return f"{filename}@{width}x{height}"

    def image(self, filename: str, width: int, height: int) -> QImage | None:
        """The thumbnail if it is in memory; otherwise queue it (newest first) and return None."""
        job = (filename, round(width * self._scale), round(height * self._scale))
        return self.request(self.key(filename, width, height), job)

    def state(self, filename: str, width: int, height: int) -> ThumbState:
        """Where the thumbnail is (without queueing it)."""
        return self.state_of(self.key(filename, width, height))

    def _make(self, job: tuple[str, int, int]) -> QImage | None:
        filename, width, height = job
        path = self._source(filename)
        if path is None:
            return None
        folder = self._cache_dir / f"{width}x{height}"
        image = make_thumbnail(path, folder / f"{Path(filename).stem}.png", width, height)
        image.setDevicePixelRatio(self._scale)
        return image
