"""A scanner for the window's tests: answers set per photo file name, an index of a given
size, and (when asked) an index build that waits for Cancel."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.collection import CollectionEdition, CollectionEditions
from app.scan import Candidate, PhotoResult, ScanCancelled


def candidate(edition: CollectionEdition, score: float) -> Candidate:
    """A candidate naming ``edition``."""
    return Candidate(edition.uuid, edition.card_uuid, edition.slug, edition.name,
                     edition.set_prefix, edition.collector_number, edition.rarity, score)


def edition(number: int, name: str = "") -> CollectionEdition:
    """A made-up edition (GENERATED) with no stored image."""
    return CollectionEdition(f"edition-{number}", f"card-{number}", f"card-{number}",
                             name or f"Card {number}", "GEN", "Generated", f"{number:03}", 1,
                             f"edition-{number}.jpg", False)


class FakeScan:
    """Answers ``answers[photo file name]`` (else ``no-card``).

    Args:
        answers: status and candidates by file name.
        images: how many images the index holds (0: a catalogue without images).
        wait_for_cancel: the index build reports its first image, then waits until
            cancelled (at most ``limit`` seconds, a guard against a hang).
    """

    def __init__(self, answers: dict[str, tuple[str, list[Candidate]]], images: int = 3,
                 wait_for_cancel: bool = False, limit: float = 20.0) -> None:
        self.answers, self.images = answers, images
        self.wait_for_cancel, self.limit = wait_for_cancel, limit
        self.scanned: list[str] = []
        self.gate: threading.Event | None = None
        """When set to an event: the first photo's answer waits for it (a test cancels
        meanwhile)."""
        self.cancelled = False
        """True once the index build stopped on Cancel."""

    def index(self, progress: Callable[[int, int], None] | None = None,
              cancel: Callable[[], bool] | None = None) -> list[str]:
        """An index of ``images`` names; told progress once per image."""
        for done in range(1, self.images + 1):
            if progress is not None:
                progress(done, self.images + (100 if self.wait_for_cancel else 0))
        if self.wait_for_cancel:
            waited = threading.Event()
            for _ in range(int(self.limit * 100)):
                if cancel is not None and cancel():
                    self.cancelled = True
                    raise ScanCancelled("The scan was cancelled")
                waited.wait(0.01)
        return [f"image-{n}" for n in range(self.images)]

    def scan_one(self, path: Path, index: Any, top: int = 5) -> PhotoResult:
        """The answer set for ``path``'s name."""
        self.scanned.append(path.name)
        if self.gate is not None and len(self.scanned) == 1:
            self.gate.wait(self.limit)
        status, candidates = self.answers.get(path.name, ("no-card", []))
        message = {"matched": candidates[0].name if candidates else "",
                   "uncertain": "no candidate is clearly ahead",
                   "no-card": "nothing card-like found",
                   "unreadable": "not an image (JPEG, PNG, WebP or HEIC)"}[status]
        return PhotoResult(str(path), status, message, candidates)  # type: ignore[arg-type]


def editions_of(*known: CollectionEdition) -> Callable[[], CollectionEditions]:
    """The editions reader the review is given."""
    return lambda: CollectionEditions(known)
