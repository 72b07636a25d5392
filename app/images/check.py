"""Is an image body whole and safe to decode? Checked before any image is stored or drawn.

A download cut short without a ``Content-Length`` looks complete to HTTP; a 12,000×12,000
PNG stored as ``.jpg`` costs over a gigabyte per decode. So:

* :func:`image_problem` (downloads: sync, export fetch) decodes the whole image and checks
  its length against ``Content-Length`` when one was given;
* :func:`stored_problem` (a file already stored, import ``--images``) is cheap: the format's
  end marker is present and the header's size is within :data:`MAX_PIXELS`;
* :func:`open_bounded` opens an image for drawing only when its size is within the bound.
"""

from __future__ import annotations

import io
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

from app.errors import InvalidData

if TYPE_CHECKING:  # Pillow loads on the first decode: a one-shot search never decodes
    from PIL import Image

MAX_PIXELS = 40_000_000
"""Decoded pixels an image may have (a real card image has about 0.35 million)."""
MAGIC = (b"\xff\xd8\xff", b"\x89PNG\r\n\x1a\n", b"GIF87a", b"GIF89a")
_TAIL = 4096


class BadImage(InvalidData):
    """An image that is truncated, not an image, or too large to decode safely (HTTP 422)."""


def looks_like_image(data: bytes) -> bool:
    """True for the start of a JPEG, PNG, GIF or WebP file."""
    return data.startswith(MAGIC) or (data[:4] == b"RIFF" and data[8:12] == b"WEBP")


def _ends_whole(head: bytes, tail: bytes, size: int) -> bool:
    """The format's end marker is there (JPEG ``FFD9``, PNG ``IEND``, GIF ``;``, WebP size)."""
    if head.startswith(b"\xff\xd8\xff"):
        return b"\xff\xd9" in tail[-_TAIL:]
    if head.startswith(b"\x89PNG"):
        return b"IEND" in tail[-16:]
    if head.startswith(b"GIF8"):
        return tail.rstrip(b"\x00").endswith(b";")
    if head[:4] == b"RIFF":
        return int.from_bytes(head[4:8], "little") + 8 <= size
    return False


def _header_problem(data: bytes) -> str | None:
    from PIL import Image

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as image:
                width, height = image.size
    except (OSError, ValueError, Image.DecompressionBombError) as exc:
        return f"not a readable image ({exc})"
    if width * height > MAX_PIXELS:
        return (f"{width}×{height} pixels is more than the "
                f"{MAX_PIXELS // 1_000_000} million an image may have")
    return None


def image_problem(data: bytes, content_length: int | None = None) -> str | None:
    """Why a downloaded image body must not be stored, or None when it is whole and sane.

    Args:
        data: the body as received.
        content_length: the ``Content-Length`` the server announced, if any.

    Returns:
        A reason: not an image, shorter than announced, cut short, too many pixels, or
        not decodable to its end.
    """
    if not looks_like_image(data):
        return "the body is not a JPEG, PNG, GIF or WebP image"
    if content_length is not None and content_length != len(data):
        return f"{len(data)} bytes received of the {content_length} announced"
    if not _ends_whole(data[:16], data[-_TAIL:], len(data)):
        return "the image is cut short (its end marker is missing)"
    problem = _header_problem(data)
    if problem is not None:
        return problem
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as image:
            image.load()
    except (OSError, ValueError, SyntaxError) as exc:
        return f"the image does not decode to its end ({exc})"
    return None


def stored_problem(path: Path) -> str | None:
    """Why a stored image file is broken (cheap: the head, the tail, the header's size).

    Returns:
        A reason, or None when the file looks whole; a missing file is a reason too.
    """
    try:
        size = path.stat().st_size
        with path.open("rb") as handle:
            head = handle.read(64 * 1024)
            handle.seek(max(0, size - _TAIL))
            tail = handle.read()
    except OSError as exc:
        return f"cannot read it ({exc.strerror or exc})"
    if not looks_like_image(head):
        return "not a JPEG, PNG, GIF or WebP image"
    if not _ends_whole(head, tail, size):
        return "the image is cut short (its end marker is missing)"
    if head.startswith(b"\x89PNG"):
        return _png_size(head)
    if _header_problem(head) is None:
        return None
    try:  # the header may lie beyond the first 64 KB (a large EXIF block)
        return _header_problem(path.read_bytes())
    except OSError as exc:
        return f"cannot read it ({exc.strerror or exc})"


def _png_size(head: bytes) -> str | None:
    width = int.from_bytes(head[16:20], "big")
    height = int.from_bytes(head[20:24], "big")
    if width * height > MAX_PIXELS:
        return (f"{width}×{height} pixels is more than the "
                f"{MAX_PIXELS // 1_000_000} million an image may have")
    return None


def open_bounded(data: bytes) -> Image.Image:
    """Open image bytes for decoding, refusing more than :data:`MAX_PIXELS` pixels.

    Raises:
        BadImage: not an image, or too many pixels (nothing was decoded).
    """
    problem = _header_problem(data)
    if problem is not None:
        raise BadImage(problem)
    from PIL import Image

    return Image.open(io.BytesIO(data))
