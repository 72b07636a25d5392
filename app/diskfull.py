"""Telling a full disk apart from other write failures, in the words a user needs.

Every writer (import, sync, export, ``get -o``, image copies) turns an ``OSError`` or an
SQLite error caused by a full disk into ``"… the disk is full (N MB free at PATH)"``,
removes its partial file and leaves the catalogue whole.
"""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path

FULL_ERRNOS = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)


def free_mb(path: Path | str) -> float:
    """Free megabytes on the file system holding ``path`` (its nearest existing parent)."""
    import shutil  # only here: every opening of the catalogue loads this module

    where = Path(path)
    while not where.exists() and where != where.parent:
        where = where.parent
    try:
        return shutil.disk_usage(where).free / 1_000_000
    except OSError:
        return 0.0


def is_disk_full(exc: BaseException) -> bool:
    """True for an error a full disk (or quota) caused: ``ENOSPC``, ``EDQUOT``, ``EFBIG``, or
    SQLite's ``database or disk is full``."""
    if isinstance(exc, OSError) and exc.errno in FULL_ERRNOS:
        return True
    if isinstance(exc, sqlite3.Error):
        code = getattr(exc, "sqlite_errorcode", None)
        return code == sqlite3.SQLITE_FULL or "disk is full" in str(exc)
    return False


def disk_full(path: Path | str) -> str:
    """``the disk is full (N MB free at PATH)``."""
    return f"the disk is full ({free_mb(path):.1f} MB free at {path})"


def write_failure(exc: BaseException, path: Path | str) -> str:
    """Why writing at ``path`` failed: the disk-full sentence, else the error's own words.

    SQLite reports some writes on a full disk as a plain ``disk I/O error`` (the WAL's
    shared memory); an I/O error with less than 0.1 MB free counts as a full disk too.
    """
    if is_disk_full(exc) or (
        isinstance(exc, (OSError, sqlite3.Error)) and free_mb(path) < 0.1
    ):
        said = exc.strerror if isinstance(exc, OSError) else None
        return f"{disk_full(path)}: {said}" if said else disk_full(path)
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    return str(exc)
