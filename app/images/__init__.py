"""Card images: the on-disk image store and Pillow processing (no Qt here)."""

from app.images.cache import write_atomic
from app.images.check import MAX_PIXELS
from app.images.rounded import corner_radius, rounded_png, rounded_thumbnail
from app.images.store import ImageStore, is_plain_filename

__all__ = [
    "MAX_PIXELS", "ImageStore", "corner_radius", "is_plain_filename", "rounded_png",
    "rounded_thumbnail", "write_atomic",
]
