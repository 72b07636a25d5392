"""The index a photo is matched against: each stored card image's perceptual hashes,
kept in the cache folder (``scan-index.npz``).

An entry is keyed by the image's file name, size in bytes, modification time and file
number (inode), so an image replaced by a sync or an import is hashed anew (a stale entry
never names an edition whose image changed: the image store writes a new file and renames
it into place, which gives it a new file number even within the modification time's
resolution) and only new or changed images are hashed. A file that cannot be read as an
index (damaged, another version) is rebuilt.
"""

from __future__ import annotations

import io
import logging
import os
import stat
import zipfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.images.cache import write_atomic

log = logging.getLogger("app.scan")

INDEX_VERSION = 3
"""Raised whenever the hashes change meaning: an index of another version is rebuilt."""

Key = tuple[int, int, int]
"""An image file's size in bytes, modification time in ns and file number when hashed."""

Progress = Callable[[int, int], None]
"""Told (images done, images to hash) as the index is built."""


@dataclass
class ScanIndex:
    """Hashes of stored images.

    Attributes:
        names: image file names, one a row.
        keys: each image's :data:`Key` when hashed.
        difference, dct: (rows, 32) uint8 arrays: the packed hashes.
    """

    names: list[str]
    keys: list[Key]
    difference: Any
    dct: Any

    def __len__(self) -> int:
        return len(self.names)


def empty() -> ScanIndex:
    """An index of no image."""
    import numpy as np

    from app.scan.hashing import HASH_BYTES

    none = np.zeros((0, HASH_BYTES), np.uint8)
    return ScanIndex([], [], none, none.copy())


def load(file: Path) -> ScanIndex:
    """The index kept in ``file``; an empty one when it is missing, damaged or of another
    version (it is then rebuilt from the images)."""
    import numpy as np

    if not file.is_file():
        return empty()
    try:
        with np.load(file, allow_pickle=False) as data:
            if int(data["version"]) != INDEX_VERSION:  # made by another release
                log.info("the photo index %s is of another version: rebuilding it", file)
                return empty()
            names = [str(n) for n in data["names"]]
            keys = [(int(s), int(m), int(i)) for s, m, i in data["keys"]]
            index = ScanIndex(names, keys, data["difference"], data["dct"])
        if not (len(names) == len(keys) == len(index.difference) == len(index.dct)):
            raise ValueError("rows of different lengths")
    except (OSError, ValueError, KeyError, EOFError, TypeError, zipfile.BadZipFile) as exc:
        log.warning("the photo index %s is damaged (%s): rebuilding it", file, exc)
        return empty()
    return index


def save(index: ScanIndex, file: Path) -> None:
    """Write ``index`` to ``file`` atomically."""
    import numpy as np

    buffer = io.BytesIO()
    keys = np.array(index.keys, np.int64).reshape(-1, 3)
    np.savez(buffer, version=np.int64(INDEX_VERSION), names=np.array(index.names, str),
             keys=keys, difference=index.difference, dct=index.dct)
    write_atomic(file, buffer.getvalue())


def stored(folder: Path, names: Iterable[str]) -> list[tuple[str, Path]]:
    """Those of the image file ``names`` stored in ``folder`` (file name, path), by name:
    the folder listed once rather than each name looked for (most editions of a catalogue
    may have no image stored)."""
    try:
        present = {entry.name for entry in os.scandir(folder)}
    except OSError:  # no image stored yet
        return []
    return [(name, folder / name) for name in sorted(names) if name in present]


def update(index: ScanIndex, images: Iterable[tuple[str, Path]],
           progress: Progress | None = None) -> tuple[ScanIndex, bool]:
    """``index`` brought up to date with ``images`` (file name, path): new and changed
    images hashed, gone ones dropped; whether anything changed.

    An image that cannot be decoded is left out (logged), so it is tried again next time.
    """
    import numpy as np

    from app.scan.hashing import card_hashes
    from app.scan.photo import Unreadable, read_photo

    known = {name: row for row, name in enumerate(index.names)}
    wanted: list[tuple[str, Path, Key]] = []
    for name, path in images:
        try:
            info = path.stat()
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode):
            wanted.append((name, path, (info.st_size, info.st_mtime_ns, info.st_ino)))
    keep = [(name, known[name]) for name, _, key in wanted
            if name in known and index.keys[known[name]] == key]
    todo = [(name, path, key) for name, path, key in wanted
            if name not in known or index.keys[known[name]] != key]
    rows = [row for _, row in keep]
    names = [name for name, _ in keep]
    keys = [index.keys[row] for row in rows]
    difference, dct = [index.difference[rows]], [index.dct[rows]]
    for done, (name, path, key) in enumerate(todo, 1):
        try:
            one, two = card_hashes(read_photo(path))
        except Unreadable as exc:
            log.info("not indexed: %s", exc)
        else:
            names.append(name)
            keys.append(key)
            difference.append(one[None, :])
            dct.append(two[None, :])
        if progress is not None:
            progress(done, len(todo))
    changed = bool(todo) or len(keep) != len(index)
    return ScanIndex(names, keys, np.concatenate(difference), np.concatenate(dct)), changed
