"""Opening the catalogue file: WAL mode, migrations, one connection per thread."""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from app.diskfull import write_failure
from app.errors import StoreError
from app.store.schema import migrate

log = logging.getLogger("app.store")


class Store:
    """The SQLite catalogue file.

    Readers get one connection per thread (:meth:`connection`); SQLite's WAL mode lets
    them read the last committed catalogue while a writer's transaction is open, so a
    reader sees the old or the new catalogue, never half of an import.

    Args:
        path: the ``catalogue.sqlite3`` file; created, with its folder, when missing.

    Raises:
        StoreError: the file cannot be opened or is not a catalogue.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._local = threading.local()
        self._generation = 0
        conn = self.connect()
        try:
            migrate(conn)
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"Cannot open the catalogue {path}: "
                             f"{write_failure(exc, path.parent)}") from exc
        finally:
            conn.close()

    def connect(self) -> sqlite3.Connection:
        """Open a new connection (the caller closes it). Autocommit; explicit transactions."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA busy_timeout = 10000")
        except (sqlite3.Error, OSError) as exc:
            raise StoreError(f"Cannot open the catalogue {self.path}: "
                             f"{write_failure(exc, self.path.parent)}") from exc
        return conn

    @contextmanager
    def transaction(self, what: str = "the catalogue") -> Iterator[sqlite3.Connection]:
        """One ``BEGIN IMMEDIATE`` write transaction on a fresh connection: all or nothing.

        Any exception inside the block rolls back; an SQLite error becomes a StoreError
        naming ``what`` and saying that nothing was changed.
        """
        conn = self.connect()
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                if conn.in_transaction:  # SQLite already rolled back after a full disk
                    conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise StoreError(f"Writing {what} failed, nothing was changed: "
                             f"{write_failure(exc, self.path.parent)}") from exc
        finally:
            conn.close()

    def connection(self) -> sqlite3.Connection:
        """This thread's reading connection, opened on first use."""
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = self.connect()
            self._local.conn = conn
        return conn

    def close(self) -> None:
        """Close this thread's reading connection (other threads' close with them)."""
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None
