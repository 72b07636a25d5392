"""Perceptual hashes of a card image (``imagehash``): a difference hash and a DCT hash of
256 bits each, on the card inset by a margin (so a few pixels of background or a rounded
corner left by the outline change little)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PIL import Image

HASH_SIZE = 16
"""Each hash is HASH_SIZE² bits."""
HASH_BYTES = HASH_SIZE * HASH_SIZE // 8
"""Each hash packed, in bytes (32)."""
INSET = 0.04
"""The share of each side left out before hashing."""


def _inset_gray(image: Image.Image) -> Image.Image:
    width, height = image.size
    dx, dy = round(width * INSET), round(height * INSET)
    return image.convert("L").crop((dx, dy, width - dx, height - dy))


def difference_hash(image: Image.Image) -> Any:
    """The packed difference hash (uint8 array of :data:`HASH_BYTES`) of a card image."""
    import imagehash
    import numpy as np

    return np.packbits(imagehash.dhash(_inset_gray(image), HASH_SIZE).hash)


def dct_hash(image: Image.Image) -> Any:
    """The packed DCT hash (uint8 array of :data:`HASH_BYTES`) of a card image.

    ``imagehash.phash``'s method (the low frequencies of a 64×64 grey image against their
    median) with OpenCV's DCT: ``imagehash`` computes it with SciPy, which would add
    about 140 MB to the desktop bundle for this one transform.
    """
    import cv2
    import numpy as np
    from PIL import Image

    side = HASH_SIZE * 4
    pixels = np.asarray(_inset_gray(image).resize((side, side), Image.Resampling.LANCZOS),
                        np.float32)
    low = cv2.dct(pixels)[:HASH_SIZE, :HASH_SIZE]
    return np.packbits(low > np.median(low))


def card_hashes(image: Image.Image) -> tuple[Any, Any]:
    """The packed difference hash and DCT hash of an upright card image."""
    return difference_hash(image), dct_hash(image)
