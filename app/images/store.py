"""The image store: card-edition images named by their API file name (``<name>.jpg``).

A file name is only ever joined to the store's folder after :func:`is_plain_filename`
said it is a plain name, so no request can reach a file outside the store.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from pathlib import Path

from app.errors import InvalidRequest, NotFound
from app.images.cache import write_atomic
from app.images.check import stored_problem

log = logging.getLogger("app.images")

_PLAIN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$")
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png")


def is_plain_filename(name: str) -> bool:
    """True for a bare file name: letters, digits, ``.``, ``_``, ``-``; no ``..``, no separators."""
    return bool(_PLAIN.match(name)) and ".." not in name


class ImageStore:
    """A folder of image files, read and filled by file name.

    Args:
        folder: where the files live (``Paths.card_images``); created on first write.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def path_for(self, filename: str) -> Path:
        """The path a plain file name maps to (it need not exist).

        Raises:
            InvalidRequest: ``filename`` is not a plain file name.
        """
        if not is_plain_filename(filename):
            raise InvalidRequest(f"Not a plain image file name: {filename[:80]!r}")
        return self.folder / filename

    def find(self, filename: str) -> Path | None:
        """The stored file's path, or None when it is not stored or the name is not plain."""
        if not is_plain_filename(filename):
            return None
        path = self.folder / filename
        return path if path.is_file() else None

    def read(self, filename: str) -> bytes:
        """The stored file's bytes.

        Raises:
            InvalidRequest: not a plain file name.
            NotFound: no such image in the store.
        """
        path = self.path_for(filename)
        try:
            return path.read_bytes()
        except FileNotFoundError:
            raise NotFound(f"Image not found: {filename}") from None

    def add(self, filename: str, data: bytes) -> int:
        """Store ``data`` under ``filename`` atomically (temporary file, then rename)."""
        write_atomic(self.path_for(filename), data)
        return len(data)

    def copy_from(
        self, folder: Path, problems: list[tuple[Path, str]] | None = None
    ) -> list[tuple[str, int]]:
        """Copy every whole image file with a plain name from ``folder`` into the store.

        Files already stored with the same size are not copied again. Each copy is
        atomic, so an interrupted copy never leaves a half file under the real name. A file
        that is cut short or too large to decode (:func:`app.images.check.stored_problem`)
        is not copied.

        Args:
            folder: the source folder.
            problems: receives ``(path, reason)`` of every file not copied.

        Returns:
            ``(filename, size)`` of every image now stored from ``folder``.
        """
        self.folder.mkdir(parents=True, exist_ok=True)
        done: list[tuple[str, int]] = []
        for source in sorted(_image_files(folder)):
            problem = stored_problem(source)
            if problem is not None:
                log.warning("not copied: %s: %s", source, problem)
                if problems is not None:
                    problems.append((source, problem))
                continue
            size = source.stat().st_size
            target = self.folder / source.name
            if not (target.is_file() and target.stat().st_size == size):
                write_atomic(target, source.read_bytes())
            done.append((source.name, size))
        log.info("copied %d images from %s", len(done), folder)
        return done


def _image_files(folder: Path) -> Iterable[Path]:
    for entry in folder.iterdir():
        if (
            entry.is_file()
            and entry.suffix.lower() in IMAGE_SUFFIXES
            and is_plain_filename(entry.name)
        ):
            yield entry
