"""Rounded-corner card images with Pillow (endpoint 3's ``rounded=true`` and thumbnails).

A printed Grand Archive card is 63 × 88 mm with corners of about 3 mm radius, so the
radius is 3/63 of the image width.
"""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

CORNER_RATIO = 3.0 / 63.0
SUPERSAMPLE = 4


def corner_radius(width: int) -> int:
    """Corner radius in pixels for a card image ``width`` pixels wide (at least 1)."""
    return max(1, round(width * CORNER_RATIO))


def _round(image: Image.Image) -> Image.Image:
    rgba = image.convert("RGBA")
    w, h = rgba.size
    r = corner_radius(w)
    mask = Image.new("L", (w * SUPERSAMPLE, h * SUPERSAMPLE), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (0, 0, w * SUPERSAMPLE - 1, h * SUPERSAMPLE - 1), radius=r * SUPERSAMPLE, fill=255
    )
    rgba.putalpha(mask.resize((w, h), Image.Resampling.LANCZOS))
    return rgba


def rounded_png(data: bytes, width: int | None = None) -> bytes:
    """A PNG of the image in ``data`` with transparent rounded corners.

    Args:
        data: an encoded image (JPEG in the image store).
        width: scale to this width in pixels, keeping the aspect ratio; None keeps the size.

    Raises:
        PIL.UnidentifiedImageError: ``data`` is not an image.
    """
    with Image.open(io.BytesIO(data)) as source:
        image: Image.Image = source
        image.load()
        if width and width < image.width:
            image = image.resize(
                (width, max(1, round(image.height * width / image.width))),
                Image.Resampling.LANCZOS,
            )
        out = io.BytesIO()
        _round(image).save(out, format="PNG", optimize=False)
    return out.getvalue()


def rounded_thumbnail(data: bytes, width: int, height: int) -> Image.Image:
    """An RGBA thumbnail fitting ``width`` × ``height`` with rounded corners, for tiles."""
    with Image.open(io.BytesIO(data)) as source:
        source.draft("RGB", (width, height))  # JPEG: decode at a reduced scale, much faster
        image = source.convert("RGB")
        image.thumbnail((width, height), Image.Resampling.LANCZOS)
        return _round(image)
