"""The application object's ``scan`` part: cards recognised in photos, offline, against
the catalogue's own stored images.

OpenCV, ``imagehash`` and NumPy load on the first scan (or index build), never when the
part is built: a command that does not scan pays nothing for them.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from app.errors import ArchivistError, InvalidRequest
from app.scan.results import Candidate, PhotoResult

if TYPE_CHECKING:
    from app.images.store import ImageStore
    from app.paths import Paths
    from app.scan.index import Progress, ScanIndex
    from app.scan.match import Ranked
    from app.store import Store
    from app.store.reads.scan_editions import ScanEdition

PHOTO_SUFFIXES = (".jpg", ".jpeg", ".png", ".webp", ".heic", ".heif")
"""What a folder given to a scan is searched for (a file named alone is read whatever its
name)."""

Cancel = Callable[[], bool]
"""Asked between images and between photos: True stops the work (:class:`ScanCancelled`)."""


class ScanCancelled(ArchivistError):
    """A scan (or the index build before it) was cancelled; an index half built is not
    kept (the images hashed so far are hashed again next time)."""

    status = 499


class Scan:
    """Recognises cards in photos.

    Args:
        store: the catalogue (the editions and their image file names).
        images: the card image store (what the index is built from).
        paths: the folders (the index is kept in ``paths.cache``).
    """

    def __init__(self, store: Store, images: ImageStore, paths: Paths) -> None:
        self._store = store
        self._images = images
        self.index_file = paths.cache / "scan-index.npz"
        """Where the index is kept."""
        self._index: ScanIndex | None = None
        self._editions: dict[str, list[ScanEdition]] | None = None
        self._state: tuple[int, int, int] | None = None

    def editions(self) -> dict[str, list[ScanEdition]]:
        """The editions with an image, by image file name: read again whenever the
        catalogue changed since (a sync, an import, a restored backup). Raises StoreError."""
        from app.store.reads.scan_editions import catalogue_state, scan_editions

        state = catalogue_state(self._store)
        if self._editions is None or state != self._state:
            found: dict[str, list[ScanEdition]] = {}
            for edition in scan_editions(self._store):
                found.setdefault(edition.image_file, []).append(edition)
            self._editions, self._state = found, state
        return self._editions

    def index(self, progress: Progress | None = None,
              cancel: Cancel | None = None) -> ScanIndex:
        """The index, brought up to date with the catalogue and the stored images on each
        call (so a scan after a sync or an import, by this object or another, sees them):
        new and changed images hashed, the file rewritten when anything changed;
        ``progress`` is told (done, to hash); ``cancel`` is asked after each image hashed.
        Raises StoreError, ScanCancelled."""
        require_libraries()
        import app.scan.index as kept

        images = kept.stored(self._images.folder, self.editions())
        current = self._index if self._index is not None else kept.load(self.index_file)
        told = progress if cancel is None else _cancellable(progress, cancel)
        updated, changed = kept.update(current, images, told)
        if changed or not self.index_file.is_file():
            kept.save(updated, self.index_file)
        self._index = updated
        return updated

    def scan(self, photos: Sequence[Path], top: int = 5,
             progress: Progress | None = None,
             cancel: Cancel | None = None) -> list[PhotoResult]:
        """Each photo's answer, in order (folders expanded to their photos, by name).

        Args:
            photos: photo files and folders of them.
            top: the most candidates a photo lists (at least the editions sharing the
                best image).
            progress: told (done, to hash) while the index is built.
            cancel: asked between images of the index and between photos.

        Raises:
            StoreError: the catalogue cannot be read.
            ScanCancelled: ``cancel`` answered True.
        """
        index = self.index(progress, cancel)
        results = []
        for path in expand(photos):
            if cancel is not None and cancel():
                raise ScanCancelled("The scan was cancelled")
            results.append(self.scan_one(path, index, top))
        return results

    def scan_one(self, path: Path, index: ScanIndex, top: int = 5) -> PhotoResult:
        """One photo's answer (never raises for a bad photo: ``unreadable`` says why)."""
        import numpy as np

        from app.scan.match import rank
        from app.scan.photo import Unreadable, read_photo

        try:
            rgb = np.asarray(read_photo(path))
        except Unreadable as exc:
            return PhotoResult(str(path), "unreadable", str(exc))
        if not len(index):
            return PhotoResult(str(path), "uncertain", "the catalogue has no card images to "
                               "match against: import or download them first")
        return self._decide(str(path), rank(rgb, index), index, top)

    def _decide(self, path: str, ranked: Ranked, index: ScanIndex, top: int) -> PhotoResult:
        from app.scan.match import LOOSE_DISTANCE, MARGIN, MATCH_DISTANCE, score

        editions = self.editions()
        candidates: list[Candidate] = []
        cards: list[tuple[str, float]] = []
        for row, distance in zip(ranked.rows, ranked.distances, strict=True):
            for e in editions.get(index.names[row], []):
                if not any(c.edition_uuid == e.edition_uuid for c in candidates):
                    candidates.append(Candidate(e.edition_uuid, e.card_uuid, e.slug, e.name,
                                                e.set_prefix, e.collector_number, e.rarity,
                                                score(distance)))
                if all(card != e.card_uuid for card, _ in cards):
                    cards.append((e.card_uuid, distance))
        if not cards or cards[0][1] > LOOSE_DISTANCE:
            what = "a card-like outline, but no catalogue card" if ranked.found_outline \
                else "nothing card-like"
            return PhotoResult(path, "no-card", f"{what} found")
        best = cards[0][1]
        from app.scan.footer import by_footer

        shared = by_footer([c for c in candidates if c.score == score(best)], ranked.footer)
        listed = shared + [c for c in candidates if c not in shared][:max(0, top - len(shared))]
        ahead = len(cards) == 1 or cards[1][1] - best >= MARGIN
        if best <= MATCH_DISTANCE and ahead:
            first = listed[0]
            return PhotoResult(path, "matched", f"{first.name} ({first.set_prefix} "
                               f"{first.collector_number})", listed)
        return PhotoResult(path, "uncertain", "no candidate is clearly ahead", listed)


def _cancellable(progress: Progress | None, cancel: Cancel) -> Progress:
    """``progress`` that first asks ``cancel`` (raising :class:`ScanCancelled`)."""
    def told(done: int, total: int) -> None:
        if cancel():
            raise ScanCancelled("The scan was cancelled while the card index was prepared")
        if progress is not None:
            progress(done, total)

    return told


def expand(photos: Iterable[Path]) -> list[Path]:
    """Each path, a folder replaced by its photo files (by name, not recursive)."""
    found: list[Path] = []
    for path in photos:
        if path.is_dir():
            found.extend(sorted(p for p in path.iterdir()
                                if p.suffix.lower() in PHOTO_SUFFIXES and p.is_file()))
        else:
            found.append(path)
    return found


def require_libraries() -> None:
    """Check that the scanner's libraries can be imported.

    Raises:
        InvalidRequest: one is missing (the desktop bundle leaves them out for now: with
            them it would weigh about 370 MB), naming what to install.
    """
    try:
        import cv2  # noqa: F401
        import imagehash  # noqa: F401
        import numpy  # noqa: F401
    except ImportError as exc:
        if getattr(sys, "frozen", False):  # the desktop bundle: pip means nothing there
            raise InvalidRequest("Scanning photos needs OpenCV, which the desktop bundle "
                                 "leaves out for its size: install Archivist from source "
                                 "(see its README) to scan photos") from None
        raise InvalidRequest(f"Scanning photos needs OpenCV, imagehash and NumPy, which this "
                             f"installation lacks ({exc.name}): pip install "
                             "opencv-python-headless imagehash") from None
