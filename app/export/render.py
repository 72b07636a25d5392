"""Rendering one exported image with Pillow: runs in the export's worker processes.

Kept small (Pillow, :mod:`app.images.rounded` and the file helpers), so a worker process
starts fast. A worker writes the file it rendered itself (:func:`render_beside`) and
hands back only the temporary file's path: sending the bytes back cost both processes
CPU (about 260 MB for the real images as rounded PNGs).
"""

from __future__ import annotations

import io
import signal
from pathlib import Path
from typing import Literal

from PIL import Image

from app.diskfull import write_failure
from app.files import write_beside
from app.images.check import open_bounded
from app.images.rounded import rounded_png

Format = Literal["jpeg", "png-rounded"]
FORMATS: tuple[str, ...] = ("jpeg", "png-rounded")
EXTENSIONS: dict[str, str] = {"jpeg": ".jpg", "png-rounded": ".png"}
JPEG_QUALITY = 92
"""Quality of a JPEG re-encoded at another width (the original's bytes are copied as they are)."""


def render(source: str, fmt: str, width: int | None = None) -> bytes:
    """The bytes to write for the stored image at ``source``.

    Args:
        source: path of the stored image (a JPEG).
        fmt: ``jpeg`` (the original bytes, or re-encoded when scaled) or ``png-rounded``
            (a PNG with transparent rounded corners, see :func:`app.images.rounded_png`).
        width: scale to this width in pixels, keeping the aspect ratio; None (or the
            image's own width) keeps the original size.

    Raises:
        OSError: the file cannot be read or is cut short. BadImage: not an image, or
            too many pixels to decode safely.
        ValueError: an unknown format.
    """
    data = Path(source).read_bytes()
    if fmt == "jpeg":
        return data if width is None else _scaled_jpeg(data, width)
    if fmt != "png-rounded":
        raise ValueError(f"unknown export format {fmt!r}")
    if width is None:
        return rounded_png(data)
    with open_bounded(data) as probe:
        original = probe.width
    if width <= original:
        return rounded_png(data, width)
    # rounded_png only scales down: scale up here, hand it an uncompressed image
    return rounded_png(_encode(_scaled(data, width), "BMP"))


class Unwritable(Exception):
    """The rendered image could not be written; ``str()`` says why in a user's words."""


def render_beside(source: str, fmt: str, width: int | None, target: str) -> str:
    """Render as :func:`render` does into a new temporary file beside ``target``; the
    caller renames it to ``target`` (:func:`app.files.put_in_place`) or removes it.

    Returns:
        The temporary file's path.

    Raises:
        Unwritable: the temporary file cannot be written (none is left), e.g. a full disk.
        Whatever :func:`render` raises.
    """
    data = render(source, fmt, width)
    try:
        return str(write_beside(Path(target), data))
    except OSError as error:
        raise Unwritable(write_failure(error, Path(target).parent)) from None


def _scaled(data: bytes, width: int) -> Image.Image:
    with open_bounded(data) as source:
        image = source.convert("RGB")
    if width == image.width:
        return image
    height = max(1, round(image.height * width / image.width))
    return image.resize((width, height), Image.Resampling.LANCZOS)


def _scaled_jpeg(data: bytes, width: int) -> bytes:
    with open_bounded(data) as probe:
        if probe.width == width:
            return data
    return _encode(_scaled(data, width), "JPEG", quality=JPEG_QUALITY, optimize=True)


def _encode(image: Image.Image, fmt: str, **options: object) -> bytes:
    out = io.BytesIO()
    image.save(out, format=fmt, **options)
    return out.getvalue()


def ignore_interrupts() -> None:
    """Worker initializer: Ctrl-C is the parent's to handle (it cancels the export)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
