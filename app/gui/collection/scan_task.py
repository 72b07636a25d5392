"""Photos scanned in the window's operations pool: the card index prepared first ("k of n"
images), then each photo in turn, its answer delivered as soon as it is known with a
thumbnail of the photo and the card images of its candidates. Cancel is asked between
images and between photos; the photos scanned before it keep their answers.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sized
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QObject, QSize, Qt, QThreadPool, Signal
from PySide6.QtGui import QImage, QImageIOHandler, QImageReader

from app.collection import CollectionEditions
from app.gui.kit.operations import Operation
from app.scan import PhotoResult, ScanCancelled, expand

PHOTO_THUMB = QSize(112, 150)
"""The largest a photo's thumbnail is in the review, in pixels."""


class ScanSource(Protocol):
    """What the review asks: the application object's ``scan`` part."""

    def index(self, progress: Callable[[int, int], None] | None = None,
              cancel: Callable[[], bool] | None = None) -> Sized: ...

    def scan_one(self, path: Path, index: Any, top: int = 5) -> PhotoResult: ...


@dataclass(frozen=True)
class ScannedPhoto:
    """One photo's answer as the review shows it.

    Attributes:
        result: the scanner's answer.
        thumb: the photo, at most :data:`PHOTO_THUMB` (None: not readable as a picture).
        images: each candidate's image file name and whether it is stored, by edition uuid.
    """

    result: PhotoResult
    thumb: QImage | None
    images: dict[str, tuple[str, bool]] = field(default_factory=dict)


@dataclass(frozen=True)
class ScanOutcome:
    """How a scan ended: ``photos`` answered of ``total``; ``no_images``: the catalogue has
    no card image to match against; ``cancelled``: stopped by Cancel."""

    photos: int
    total: int
    no_images: bool = False
    cancelled: bool = False


def photo_thumbnail(path: Path, size: QSize = PHOTO_THUMB) -> QImage | None:
    """``path`` scaled to fit ``size`` (worker thread): Qt's reader first (a JPEG decodes
    at a fraction of its size), else Pillow (HEIC, once the scanner registered its
    reader). None when neither can read it."""
    reader = QImageReader(str(path))
    reader.setAutoTransform(True)
    found = reader.size()  # as stored: a phone held upright stores it turned
    if found.isValid():
        turned = reader.transformation() & QImageIOHandler.Transformation.TransformationRotate90
        box = size.transposed() if turned else size
        reader.setScaledSize(found.scaled(box, Qt.AspectRatioMode.KeepAspectRatio))
    image = reader.read()
    if not image.isNull():
        return image.convertToFormat(QImage.Format.Format_RGB32)
    try:
        from PIL import Image, ImageOps

        _register_heif()
        with Image.open(path) as opened:
            opened.draft("RGB", (size.width(), size.height()))
            picture = ImageOps.exif_transpose(opened).convert("RGB")
            picture.thumbnail((size.width(), size.height()))
    except Exception:  # whatever Pillow raises, the row shows "no preview"
        return None
    data = picture.tobytes("raw", "RGB")
    return QImage(data, picture.width, picture.height, picture.width * 3,
                  QImage.Format.Format_RGB888).copy()


def _register_heif() -> None:
    try:
        from pillow_heif import register_heif_opener
    except ImportError:  # HEIC photos then show no preview
        return
    register_heif_opener()


def scan_photos(scan: ScanSource, editions: Callable[[], CollectionEditions],
                photos: list[Path], cancelled: Callable[[], bool],
                report: Callable[[object], None], top: int = 5) -> ScanOutcome:
    """Prepare the index, then scan each photo (worker thread).

    ``report`` is told ``("index", done, total)`` while images are indexed and
    ``("photo", done, total, ScannedPhoto)`` after each photo.

    Raises:
        StoreError: the catalogue cannot be read. InvalidRequest: the scanner's libraries
            are missing.
    """
    files = expand(photos)
    try:
        index = scan.index(lambda done, total: report(("index", done, total)), cancelled)
    except ScanCancelled:
        return ScanOutcome(0, len(files), cancelled=True)
    if not len(index):
        return ScanOutcome(0, len(files), no_images=True)
    known: CollectionEditions | None = None
    for done, path in enumerate(files):
        if cancelled():
            return ScanOutcome(done, len(files), cancelled=True)
        result = scan.scan_one(path, index, top)
        if result.candidates and known is None:
            known = editions()
        images = {} if known is None else {
            c.edition_uuid: (e.image_file, e.has_image) for c in result.candidates
            if (e := known.by_uuid.get(c.edition_uuid)) is not None}
        thumb = None if result.status == "unreadable" else photo_thumbnail(path)
        report(("photo", done + 1, len(files), ScannedPhoto(result, thumb, images)))
    return ScanOutcome(len(files), len(files))


class ScanTask(QObject):
    """Runs one scan at a time in ``pool``.

    Signals:
        indexing(int, int): card images indexed, of how many.
        scanned(int, int, object): photos answered, of how many, and the latest
            :class:`ScannedPhoto`.
        finished(object): the :class:`ScanOutcome`.
        failed(object): the exception that stopped the scan.

    Args:
        scan: the scanner. editions: reads the catalogue's editions (worker thread).
        pool: the window's operations pool.
    """

    indexing = Signal(int, int)
    scanned = Signal(int, int, object)
    finished = Signal(object)
    failed = Signal(object)

    def __init__(self, scan: ScanSource, editions: Callable[[], CollectionEditions],
                 pool: QThreadPool, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._scan, self._editions, self._pool = scan, editions, pool
        self._stop = threading.Event()
        self._operation: Operation | None = None

    @property
    def running(self) -> bool:
        """True while a scan runs."""
        return self._operation is not None

    def start(self, photos: list[Path]) -> None:
        """Scan ``photos`` (files and folders); a scan already running is dropped."""
        self.drop()
        stop = self._stop = threading.Event()
        operation = self._operation = Operation(self._done, self._failed, self._progress,
                                                owner=self)
        scan, editions = self._scan, self._editions
        operation.start(self._pool, lambda: scan_photos(scan, editions, photos, stop.is_set,
                                                        operation.report))

    def cancel(self) -> None:
        """Stop after the image or photo being worked on; its outcome says so."""
        self._stop.set()

    def drop(self) -> None:
        """Stop the scan and deliver nothing more of it (the review closed)."""
        self._stop.set()
        if self._operation is not None:
            self._operation.cancel()
        self._operation = None

    def _progress(self, value: Any) -> None:
        if value[0] == "index":
            self.indexing.emit(value[1], value[2])
        else:
            self.scanned.emit(value[1], value[2], value[3])

    def _done(self, outcome: ScanOutcome) -> None:
        self._operation = None
        self.finished.emit(outcome)

    def _failed(self, error: Exception) -> None:
        self._operation = None
        self.failed.emit(error)
