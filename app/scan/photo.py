"""Reading a photo safely: a regular file of bounded size, one still image, decoded whole,
downscaled to what recognition needs.

Pillow's decompression-bomb guard is held at :data:`MAX_PHOTO_PIXELS` (a photo with more
pixels is refused before it is decoded; Pillow's own default warns at 89 million and
refuses at twice that). A 50-megapixel phone photo is read and downscaled (``draft`` lets a
JPEG decode at a fraction of its size), never refused.
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
    Image.MAX_IMAGE_PIXELS = MAX_PHOTO_PIXELS
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
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
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
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
