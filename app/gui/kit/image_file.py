"""A QImage written as a PNG file through :mod:`app.files` (whole or not at all).

The picture is encoded in memory first (Qt's image writers report a failed write to a file
unreliably, for example a full disk), then written with :func:`app.files.write_bytes`: to a
temporary file beside the target, synced, and renamed over it.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QImage, QImageWriter, QPixmap

from app.files import write_bytes


def png_bytes(image: QImage | QPixmap) -> bytes:
    """``image`` encoded as PNG.

    Raises:
        OSError: Qt could not encode it (a null image).
    """
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QImageWriter(buffer, QByteArray(b"png"))
    picture = image.toImage() if isinstance(image, QPixmap) else image
    if not writer.write(picture):
        raise OSError(f"cannot encode the picture as PNG: {writer.errorString()}")
    buffer.close()
    return bytes(data.data())


def write_png(image: QImage | QPixmap, path: Path) -> Path:
    """Write ``image`` to the PNG file ``path``; returns it. A ``QImage`` may be written
    from a worker thread; a ``QPixmap`` only from the GUI thread.

    Raises:
        OSError: the picture cannot be encoded.
        WriteFailed: the file cannot be written (a full disk, a folder or device named);
            ``path`` is left as it was.
    """
    return write_bytes(path, png_bytes(image))
