"""The live picture of Collection ▸ Scan with camera: a card held still is photographed
(a still kept in a temporary folder while the dialog is open) and handed to the review,
which recognises it and offers it; a match flashes the picture's frame and beeps, and the
next card can be held up. Imported only where a camera was found
(:func:`~app.gui.collection.camera.camera_problem`)."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtMultimedia import QCamera, QMediaCaptureSession, QMediaDevices, QVideoFrame
from PySide6.QtMultimediaWidgets import QVideoWidget
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QVBoxLayout, QWidget

from app.gui.collection.camera import StillFrames

EVERY_S = 0.25
"""How often a frame of the live picture is looked at, in seconds."""
HOLD = "Hold a card still in front of the camera"


class CameraScan(QDialog):
    """The camera's live picture.

    Signals:
        stillTaken(object): the :class:`~pathlib.Path` of a still to recognise.

    Args:
        busy: True while the previous still is being recognised (no new one is taken).
    """

    stillTaken = Signal(object)

    def __init__(self, busy: Callable[[], bool], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Scan with camera")
        self._busy = busy
        self._folder = tempfile.TemporaryDirectory(prefix="archivist-camera-")
        self._still = StillFrames()
        self._looked = 0.0
        self._taken = 0
        self._camera = QCamera(QMediaDevices.defaultVideoInput())
        self._session = QMediaCaptureSession()
        self._session.setCamera(self._camera)
        self.view = QVideoWidget()
        self.view.setMinimumSize(480, 360)
        self._session.setVideoOutput(self.view)
        self.view.videoSink().videoFrameChanged.connect(self._on_frame)
        self.status = QLabel(HOLD, alignment=Qt.AlignmentFlag.AlignCenter)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.status)
        self._camera.start()

    @property
    def folder(self) -> Path:
        """Where the stills are kept while the dialog is open."""
        return Path(self._folder.name)

    def recognised(self, name: str | None, offered: bool = False) -> None:
        """The still was recognised as ``name`` (None: not recognised; ``offered``: the
        candidates are in the review, to choose from): say so, flash and beep on a match."""
        if name is None:
            self.status.setText("Several cards look alike: choose in the review. " + HOLD
                                if offered else f"No card recognised. {HOLD}")
            return
        self.status.setText(f"Recognised {name}: hold up the next card")
        self.setStyleSheet("QDialog { background: #2e9e4f; }")
        QTimer.singleShot(250, self, lambda: self.setStyleSheet(""))
        QApplication.beep()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Stop the camera and remove the stills."""
        self._camera.stop()
        self._folder.cleanup()
        super().closeEvent(event)

    def _on_frame(self, frame: QVideoFrame) -> None:
        now = time.monotonic()
        if now - self._looked < EVERY_S or self._busy():
            return
        self._looked = now
        image = frame.toImage()
        if image.isNull() or not self._still.feed(image):
            return
        self._taken += 1
        still = Path(self._folder.name) / f"camera-{self._taken:03}.jpg"
        if image.save(str(still), b"JPG", 92):
            self.status.setText("Recognising…")
            self.stillTaken.emit(still)
