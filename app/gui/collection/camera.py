"""Collection ▸ Scan with camera: whether it can work here (Qt Multimedia loads — it needs
the system's sound and video libraries — and a camera is connected), and when a frame of
the live picture is worth scanning (:class:`StillFrames`: the card held still, and a
different card from the last one scanned)."""

from __future__ import annotations

import logging

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

log = logging.getLogger("app.gui")

NO_CAMERA = "No camera found"
SAMPLE = 32
"""Frames are compared at ``SAMPLE`` × ``SAMPLE`` grey pixels."""


def camera_problem() -> str | None:
    """None when a camera can be used; else why not, in a few words (the menu entry's
    tooltip). Loads Qt Multimedia: asked when the menu opens, not before."""
    try:
        from PySide6.QtMultimedia import QMediaDevices
    except ImportError as error:  # a missing system library (libpulse, GStreamer)
        log.info("Qt Multimedia cannot load: %s", error)
        return NO_CAMERA
    return None if QMediaDevices.videoInputs() else NO_CAMERA


def _sample(image: QImage) -> bytes:
    small = image.scaled(SAMPLE, SAMPLE, Qt.AspectRatioMode.IgnoreAspectRatio,
                         Qt.TransformationMode.SmoothTransformation)
    grey = small.convertToFormat(QImage.Format.Format_Grayscale8)
    line = grey.bytesPerLine()
    data = bytes(grey.constBits())
    return b"".join(data[row * line:row * line + SAMPLE] for row in range(SAMPLE))


def _distance(one: bytes, two: bytes) -> float:
    """Mean difference of two samples, 0–255."""
    return sum(abs(a - b) for a, b in zip(one, two, strict=True)) / len(one)


class StillFrames:
    """Tells which frames of a live picture to scan: one once the picture has held still
    for ``still`` frames in a row, then none until it has changed from that frame (the
    card taken away or another held up), so one card is scanned once.

    Args:
        still: frames in a row that differ from the one before by at most ``steady``.
        steady: the mean grey difference (0–255) of a frame still held.
        moved: the mean difference from the frame scanned that makes the next one new.
    """

    def __init__(self, still: int = 3, steady: float = 4.0, moved: float = 16.0) -> None:
        self._still, self._steady, self._moved = still, steady, moved
        self._previous: bytes | None = None
        self._taken: bytes | None = None
        self._held = 0

    def feed(self, frame: QImage) -> bool:
        """True when ``frame`` should be scanned."""
        sample = _sample(frame)
        previous, self._previous = self._previous, sample
        if previous is None or _distance(previous, sample) > self._steady:
            self._held = 0
            return False
        self._held += 1
        if self._held < self._still:
            return False
        if self._taken is not None and _distance(self._taken, sample) <= self._moved:
            return False  # the card scanned last, still there
        self._taken = sample
        return True
