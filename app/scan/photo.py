"""Reading a photo safely: a regular file of bounded size, one still image, decoded whole,
downscaled to what recognition needs.

A photo of more than :data:`MAX_PHOTO_PIXELS` pixels is refused from its header, before
it is decoded (below Pillow's own decompression-bomb error at 179 million pixels, which
stays as Pillow sets it: the limit is the process's, not the scanner's). A 50-megapixel
phone photo is read and downscaled (``draft`` lets a JPEG decode at a fraction of its
size), never refused.
"""

from __future__ import annotations

import io
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

from app import limits
from app.errors import InvalidData

if TYPE_CHECKING:
    from PIL import Image

MAX_PHOTO_BYTES = 100_000_000
"""The largest photo file read (a 200-megapixel JPEG is about 60 MB)."""
MAX_PHOTO_PIXELS = 120_000_000
"""The most pixels a photo may have: above every phone camera (200 MP sensors save 50 MP
by default), far below what would exhaust memory (4 bytes a pixel: under 0.5 GB)."""
WORK_SIDE = 1280
"""The longest side a photo is recognised at, in pixels (a card fills a few hundred)."""


class Unreadable(InvalidData):
    """A photo that cannot be scanned; the message says why in one line."""


def _register_heif() -> None:
    try:
        from pillow_heif import register_heif_opener
    except ImportError:  # HEIC photos then read as "not an image"
        return
    register_heif_opener()


def read_photo(path: Path) -> Image.Image:
    """The photo at ``path`` as an RGB image whose longest side is at most
    :data:`WORK_SIDE`.

    Raises:
        Unreadable: not a regular file (a folder, a FIFO), empty, too large, not an image,
            an animation, truncated, or more than :data:`MAX_PHOTO_PIXELS` pixels.
    """
    from PIL import Image, UnidentifiedImageError

    _register_heif()
    try:
        data = limits.read_bounded(path, MAX_PHOTO_BYTES, "a photo")
    except InvalidData as exc:
        raise Unreadable(str(exc)) from None
    if not data:
        raise Unreadable(f"{path}: an empty file, not a photo")
    try:
        with warnings.catch_warnings():
            # Pillow's own guard (a warning above 89 million pixels, an error above twice
            # that) is process-wide: the photo's bound is checked here instead
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data))
            if getattr(image, "n_frames", 1) > 1:
                raise Unreadable(f"{path}: an animation ({image.format}), not a photo")
            if image.width * image.height > MAX_PHOTO_PIXELS:
                raise Unreadable(f"{path}: {image.width}×{image.height} pixels, more than "
                                 f"{MAX_PHOTO_PIXELS // 1_000_000} million")
            image.draft("RGB", (WORK_SIDE, WORK_SIDE))
            image.load()
    except UnidentifiedImageError:
        raise Unreadable(f"{path}: not an image (JPEG, PNG, WebP or HEIC)") from None
    except Image.DecompressionBombError:
        raise Unreadable(f"{path}: too many pixels to decode safely") from None
    except (OSError, SyntaxError, ValueError) as exc:
        raise Unreadable(f"{path}: a damaged or truncated image ({exc})") from None
    rgb = _upright(image).convert("RGB")
    rgb.thumbnail((WORK_SIDE, WORK_SIDE))
    return rgb


def _upright(image: Image.Image) -> Image.Image:
    """``image`` turned as its camera's orientation tag says (phones store it sideways)."""
    from PIL import ImageOps

    try:
        return ImageOps.exif_transpose(image) or image
    except (OSError, ValueError, SyntaxError):  # a damaged tag: the pixels as stored
        return image
