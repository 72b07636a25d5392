"""Perceptual hashes of a card image (``imagehash``): a difference hash and a DCT hash of
256 bits each, on the card inset by a margin (so a few pixels of background or a rounded
corner left by the outline change little)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    from PIL import Image

HASH_SIZE = 16
"""Each hash is HASH_SIZE² bits."""
HASH_BYTES = HASH_SIZE * HASH_SIZE // 8
"""Each hash packed, in bytes (32)."""
INSET = 0.04
"""The share of each side left out before hashing."""


def card_hashes(image: Image.Image) -> tuple[Any, Any]:
    """The packed difference hash and DCT hash of an upright card image: two uint8
    arrays of :data:`HASH_BYTES`."""
    import imagehash
    import numpy as np

    width, height = image.size
    dx, dy = round(width * INSET), round(height * INSET)
    gray = image.convert("L").crop((dx, dy, width - dx, height - dy))
    difference = imagehash.dhash(gray, HASH_SIZE).hash
    dct = imagehash.phash(gray, HASH_SIZE).hash
    return np.packbits(difference), np.packbits(dct)


def array_hashes(rgb: np.ndarray) -> tuple[Any, Any]:
    """:func:`card_hashes` of an H×W×3 RGB array."""
    from PIL import Image

    return card_hashes(Image.fromarray(rgb))
