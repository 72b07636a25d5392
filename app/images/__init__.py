"""Card images: the on-disk image store and Pillow processing (no Qt here).

The names below load on first use (PEP 562): the image store and the disk cache do not load
Pillow, which only decoding and rounding need (a one-shot search never does).
"""

from typing import TYPE_CHECKING

from app.lazy import lazy_names

if TYPE_CHECKING:
    from app.images.cache import write_atomic
    from app.images.check import MAX_PIXELS
    from app.images.rounded import corner_radius, rounded_png, rounded_thumbnail
    from app.images.store import ImageStore, is_plain_filename

_WHERE = {
    "write_atomic": "app.images.cache", "MAX_PIXELS": "app.images.check",
    **dict.fromkeys(("corner_radius", "rounded_png", "rounded_thumbnail"), "app.images.rounded"),
    **dict.fromkeys(("ImageStore", "is_plain_filename"), "app.images.store"),
}


__getattr__ = lazy_names(__name__, _WHERE)


__all__ = [
    "MAX_PIXELS", "ImageStore", "corner_radius", "is_plain_filename", "rounded_png",
    "rounded_thumbnail", "write_atomic",
]
