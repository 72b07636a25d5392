"""Files an export writes: each through a temporary file and a rename, with the user's
usual permissions (``0666`` less the umask, not the ``0600`` of a temporary file).

An interrupted or cancelled export therefore never leaves a half-written file under a
real name; only ``.<name>.<random>.part`` files, which are removed on failure.
"""

from __future__ import annotations

import contextlib
import functools
import os
import tempfile
import time
import zipfile
from pathlib import Path


@functools.cache
def file_mode() -> int:
    """The mode a newly created file gets here: ``0o666`` less the process's umask."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def temporary_beside(target: Path) -> Path:
    """A new empty ``.<name>.<random>.part`` file beside ``target`` (folder created),
    with the mode of :func:`file_mode`; the caller renames or removes it."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part")
    os.close(fd)
    if os.name == "posix":
        os.chmod(tmp, file_mode())
    return Path(tmp)


def write_file(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` atomically (a temporary file beside it, then a rename).

    Raises:
        OSError: the folder or file cannot be written (no temporary file is left).
    """
    put_in_place(write_beside(target, data), target)


def write_beside(target: Path, data: bytes) -> Path:
    """Write ``data`` to a new temporary file beside ``target`` and return its path (the
    first half of :func:`write_file`; an export's worker process does it).

    Raises:
        OSError: the folder or file cannot be written (no temporary file is left).
    """
    tmp = temporary_beside(target)
    try:
        tmp.write_bytes(data)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return tmp


def put_in_place(tmp: Path, target: Path) -> None:
    """Rename the temporary file ``tmp`` to ``target`` (replacing it), or remove it.

    Raises:
        OSError: the rename failed (``tmp`` is removed).
    """
    try:
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


class ZipWriter:
    """One ZIP file written to a temporary file beside ``target``, renamed when complete.

    Members are stored as they are (JPEG and PNG are compressed already).
    """

    def __init__(self, target: Path) -> None:
        self.target = target
        self._tmp: Path | None = temporary_beside(target)
        self._zip: zipfile.ZipFile | None = zipfile.ZipFile(self._tmp, "w", zipfile.ZIP_STORED)

    def add(self, name: str, data: bytes) -> None:
        """Add the member ``name`` holding ``data``, dated now."""
        assert self._zip is not None
        info = zipfile.ZipInfo(name, time.localtime()[:6])
        info.external_attr = (0o100000 | file_mode()) << 16
        self._zip.writestr(info, data)

    def finish(self, commit: bool) -> Path | None:
        """Close; with ``commit`` rename to the target and return it, else discard."""
        if self._zip is not None:
            self._zip.close()
            self._zip = None
        if not commit or self._tmp is None:
            self.discard()
            return None
        os.replace(self._tmp, self.target)
        self._tmp = None
        return self.target

    def discard(self) -> None:
        """Remove the temporary file if it is still there (idempotent; also when closing the
        ZIP fails on a full disk)."""
        try:
            if self._zip is not None:
                zip_file, self._zip = self._zip, None
                with contextlib.suppress(OSError, ValueError):
                    zip_file.close()
        finally:
            if self._tmp is not None:
                self._tmp.unlink(missing_ok=True)
                self._tmp = None
