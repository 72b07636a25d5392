"""Whether Collection ▸ Scan with camera can work here: Qt Multimedia loads (it needs the
system's sound and video libraries) and a camera is connected."""

from __future__ import annotations

import logging

log = logging.getLogger("app.gui")

NO_CAMERA = "No camera found"


def camera_problem() -> str | None:
    """None when a camera can be used; else why not, in a few words (the menu entry's
    tooltip). Loads Qt Multimedia, so it is asked when the Collection page is built."""
    try:
        from PySide6.QtMultimedia import QMediaDevices
    except ImportError as error:  # a missing system library (libpulse, GStreamer)
        log.info("Qt Multimedia cannot load: %s", error)
        return NO_CAMERA
    return None if QMediaDevices.videoInputs() else NO_CAMERA
