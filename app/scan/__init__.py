"""Cards recognised in photos, offline, against the catalogue's own images: the outline
found and straightened (OpenCV), matched by perceptual hashes (``imagehash``) against an
index of the stored images kept in the cache folder.

The application object's ``scan`` part is :class:`app.scan.service.Scan`; what it answers
per photo is :class:`app.scan.results.PhotoResult`.

The names below load on first use (PEP 562): the window reads the results' types and
the photo suffixes without loading the scanner.
"""

from typing import TYPE_CHECKING

from app.lazy import lazy_names

if TYPE_CHECKING:
    from app.scan.results import Candidate, PhotoResult, Status
    from app.scan.service import PHOTO_SUFFIXES, ScanCancelled, expand

_WHERE = {
    **dict.fromkeys(("Candidate", "PhotoResult", "Status"), "app.scan.results"),
    **dict.fromkeys(("PHOTO_SUFFIXES", "ScanCancelled", "expand"), "app.scan.service"),
}

__getattr__ = lazy_names(__name__, _WHERE)

__all__ = ["PHOTO_SUFFIXES", "Candidate", "PhotoResult", "ScanCancelled", "Status", "expand"]
