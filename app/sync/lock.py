"""One sync at a time per data folder, across processes (the window and the CLI)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from app.diskfull import is_disk_full, write_failure
from app.errors import StoreError


class SyncLock:
    """One sync at a time per data folder, across processes (the window and the CLI).

    Held as an exclusive SQLite transaction on ``path``; the operating system releases it
    when the process ends, however it ends.

    Raises:
        StoreError: another sync holds the lock (on :meth:`acquire`).
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._conn: sqlite3.Connection | None = None

    def acquire(self) -> SyncLock:
        """Take the lock or fail at once."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, timeout=0, isolation_level=None)
            conn.execute("BEGIN EXCLUSIVE")
        except sqlite3.Error as exc:
            if is_disk_full(exc) or not self.path.exists():
                raise StoreError(f"Cannot take the sync lock {self.path}: "
                                 f"{write_failure(exc, self.path.parent)}") from exc
            if not isinstance(exc, sqlite3.OperationalError) or "locked" not in str(exc):
                raise StoreError(f"Cannot take the sync lock {self.path}: {exc}") from exc
            raise StoreError(f"Another sync of this catalogue is running ({self.path}): "
                             f"{exc}; wait for it to end") from exc
        except OSError as exc:
            raise StoreError(f"Cannot take the sync lock {self.path}: "
                             f"{write_failure(exc, self.path.parent)}") from exc
        self._conn = conn
        return self

    def release(self) -> None:
        """Give the lock back."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None
