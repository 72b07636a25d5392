"""Finding a damaged catalogue file before it answers wrong.

At open, ``PRAGMA quick_check`` runs when the file changed since its last good check (the
size and modification time of that check are kept beside it, in ``<file>.checked``). A
damaged file is moved aside to ``<file>.damaged-<UTC time>`` (never deleted) and the user is
told how to rebuild it: ``archivist sync`` or ``archivist import``. An SQLite corruption
error met later forgets the last good check, so the next open checks again.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from app.errors import StoreError

log = logging.getLogger("app.store")
REBUILD = ("rebuild it with archivist sync (from the API or a mirror) or archivist import "
           "(from JSON files)")


class DamagedCatalogue(StoreError):
    """The catalogue file failed its integrity check; it was moved aside."""


def is_corruption(exc: BaseException) -> bool:
    """True for SQLite's "database disk image is malformed" and "file is not a database"."""
    if not isinstance(exc, sqlite3.DatabaseError):
        return False
    code = getattr(exc, "sqlite_errorcode", None)
    text = str(exc)
    return code in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB) or "malformed" in text \
        or "not a database" in text


def _stamp_file(path: Path) -> Path:
    return path.with_name(path.name + ".checked")


def _signature(path: Path) -> list[int]:
    stat = path.stat()
    return [stat.st_size, stat.st_mtime_ns]


def forget_check(path: Path) -> None:
    """Make the next open run the check (after a corruption error)."""
    _stamp_file(path).unlink(missing_ok=True)


def check_at_open(conn: sqlite3.Connection, path: Path) -> None:
    """Run ``quick_check`` if ``path`` changed since its last good check.

    Raises:
        DamagedCatalogue: the file is damaged; it was moved aside (message says where and
            how to rebuild).
    """
    if not path.is_file() or path.stat().st_size == 0:
        return
    stamp = _stamp_file(path)
    try:
        if json.loads(stamp.read_text(encoding="utf-8")) == _signature(path):
            return
    except (OSError, ValueError):
        pass
    try:
        rows = conn.execute("PRAGMA quick_check(5)").fetchall()
        problems = [str(r[0]) for r in rows if str(r[0]) != "ok"]
    except sqlite3.DatabaseError as exc:
        problems = [str(exc)]
    if problems:
        conn.close()
        aside = move_aside(path)
        log.warning("damaged catalogue %s moved to %s: %s", path, aside, problems)
        raise DamagedCatalogue(f"The catalogue {path} is damaged ({problems[0][:120]}); it "
                               f"was moved aside to {aside.name} (kept, not deleted): {REBUILD}")
    from app.files import write_text  # only after a check: its imports cost start-up

    with contextlib.suppress(OSError):  # a read-only or full disk: check again next time
        write_text(stamp, json.dumps(_signature(path)))  # whole or not at all


def move_aside(path: Path) -> Path:
    """Rename the file (and its WAL and shared-memory files) to ``.damaged-<UTC time>``."""
    suffix = datetime.now(UTC).strftime("damaged-%Y%m%dT%H%M%SZ")
    aside = path.with_name(f"{path.name}.{suffix}")
    for extra in ("", "-wal", "-shm"):
        source = Path(f"{path}{extra}")
        if source.exists():
            os.replace(source, Path(f"{aside}{extra}"))
    forget_check(path)
    return aside
