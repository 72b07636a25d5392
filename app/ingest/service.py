"""Filling a catalogue from the window: import files, folders or a ZIP of them, and write
generated demo Thema history. :class:`Importer` is the application object's ``importer``
part; the window calls it in a worker.
"""

from __future__ import annotations

import os
import tempfile
import threading
import zipfile
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from app.errors import ImportCancelled, InvalidData, InvalidRequest
from app.images.store import ImageStore

if TYPE_CHECKING:
    from app.ingest.report import ImportReport
    from app.store import Store

__all__ = ["IMAGE_SUFFIXES", "ImportCancelled", "Importer", "find_sources"]

IMAGE_SUFFIXES = frozenset({".jpg", ".jpeg", ".png", ".webp"})
"""Files that make a folder an image folder (card images named by their API file name)."""


def find_sources(paths: Sequence[Path]) -> tuple[list[Path], list[Path], list[Path]]:
    """Sort what a person picked into JSON sources, card image folders and logo folders.

    A JSON file is a source; a folder (searched to any depth) gives every sub-folder that
    holds ``*.json`` files as a source and every sub-folder that holds images as an image
    folder (a logo folder when it is named ``logos``). Returns
    ``(sources, image_folders, logo_folders)``, each sorted.

    Raises:
        InvalidData: a path does not exist or is neither JSON, a folder nor a ZIP.
    """
    sources: set[Path] = set()
    images: set[Path] = set()
    logos: set[Path] = set()
    for path in paths:
        if path.is_file() and path.suffix.lower() == ".json":
            sources.add(path)
        elif path.is_dir():
            for folder, _dirs, files in os.walk(path):
                suffixes = {Path(name).suffix.lower() for name in files}
                if ".json" in suffixes:
                    sources.add(Path(folder))
                if suffixes & IMAGE_SUFFIXES:
                    (logos if Path(folder).name.lower() == "logos" else images).add(Path(folder))
        elif path.exists():
            raise InvalidData(f"{path.name}: not a JSON file, a folder or a ZIP file")
        else:
            raise InvalidData(f"{path}: no such file or folder")
    return sorted(sources), sorted(images), sorted(logos)


def _unzip(path: Path, into: Path) -> Path:
    """Extract the ZIP ``path`` into a new folder under ``into`` (names are kept inside it).

    Raises:
        InvalidData: not a readable ZIP file.
    """
    target = into / f"zip-{len(list(into.iterdir()))}"
    try:
        with zipfile.ZipFile(path) as archive:
            archive.extractall(target)
    except (zipfile.BadZipFile, OSError) as exc:
        raise InvalidData(f"{path.name}: not a readable ZIP file ({exc})") from exc
    return target


class Importer:
    """Imports into one catalogue and writes its generated demo Thema history.

    Args:
        store: the SQLite catalogue written to.
        images: the card image store (image folders found are copied into it).
        logos: the featured-set-group logo store (a ``logos`` folder goes there).
    """

    def __init__(self, store: Store, images: ImageStore, logos: ImageStore) -> None:
        self.store = store
        self._images = images
        self.logos = logos

    def import_sources(self, paths: Sequence[Path],
                       cancel: threading.Event | None = None) -> ImportReport:
        """Import what ``archivist import`` accepts, picked as files, folders or ZIPs.

        JSON files and folders of them are read as by ``archivist import``; folders of images
        found inside are copied into the card image store (a ``logos`` folder into the logo
        store); a ZIP is extracted to a temporary folder first. One write: an error leaves
        the catalogue as it was.

        Args:
            paths: JSON files, folders (searched to any depth) and ZIP files of them.
            cancel: when set before the write starts, nothing is written.

        Returns:
            The :class:`~app.ingest.report.ImportReport` (its ``summary()`` reads well).

        Raises:
            InvalidData: nothing to import, an unreadable file or ZIP, a file of the wrong
                shape. ImportCancelled: ``cancel`` was set. StoreError: writing failed.
        """
        from app.ingest import import_paths

        with tempfile.TemporaryDirectory(prefix="archivist-import-") as temp:
            picked = [_unzip(p, Path(temp)) if p.suffix.lower() == ".zip" and p.is_file()
                      else p for p in paths]
            sources, image_folders, logo_folders = find_sources(picked)
            if not sources and not image_folders and not logo_folders:
                names = ", ".join(p.name for p in paths) or "nothing"
                raise InvalidData(f"{names}: holds no catalogue JSON file and no card image")
            if cancel is not None and cancel.is_set():
                raise ImportCancelled("Import cancelled. The catalogue is unchanged.")
            first = image_folders[0] if image_folders else None
            logos = logo_folders[0] if logo_folders else None
            report = import_paths(self.store, sources, first, self._images, logos, self.logos)
            for folder in image_folders[1:]:
                extra = import_paths(self.store, [], folder, self._images)
                report.images += extra.images
                report.totals = extra.totals
            return report

    def generate_demo_thema(self, days: int = 400) -> int:
        """Write GENERATED (not real) Thema history for every dynamic edition, ending today.

        Returns:
            Entries written; 0 when the catalogue has no edition with dynamic Thema scores.

        Raises:
            StoreError: writing failed; nothing was written.
        """
        from app.ingest.thema import import_generated_history

        if not 1 <= days <= 3660:
            raise InvalidRequest("days must be between 1 and 3660")
        return import_generated_history(self.store, end=datetime.now(UTC).date(), days=days)
