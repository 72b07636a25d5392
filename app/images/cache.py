"""Disk cache of rounded-corner images (endpoint 3 with ``rounded=true``).

An entry is keyed by the source file's name and size in bytes, so a replaced image
(new bytes under the same name) is rounded anew rather than served stale.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from app.images.check import BadImage


def write_atomic(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` through a unique temporary file and a rename."""
    import tempfile  # only here: opening a catalogue need not load it (and shutil)

    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class RoundedCache:
    """Rounded PNG variants of stored images, made with Pillow on first request.

    Args:
        folder: the cache folder (``Paths.cache / "rounded"``); created on first write.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def entry(self, source: Path) -> Path:
        """The cache file for ``source`` (it may not exist yet)."""
        return self.folder / f"{source.stem}-{source.stat().st_size}.png"

    def rounded(self, source: Path) -> bytes:
        """The rounded PNG of ``source``, from the cache or made and cached now.

        Raises:
            BadImage: the stored file is not an image, is cut short or has too many pixels
                (the next sync fetches it again).
        """
        entry = self.entry(source)
        try:
            return entry.read_bytes()
        except FileNotFoundError:
            pass
        from app.images.rounded import rounded_png  # Pillow: on the first rounding

        try:
            data = rounded_png(source.read_bytes())
        except (OSError, SyntaxError) as exc:
            raise BadImage(f"The stored image {source.name} is broken ({exc}); "
                           "the next sync fetches it again") from exc
        with contextlib.suppress(OSError):  # a read-only or full disk: serve it uncached
            write_atomic(entry, data)
        return data
