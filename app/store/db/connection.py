"""Opening the catalogue file: WAL mode, migrations, one connection per thread."""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path, PurePath

from app.diskfull import write_failure
from app.errors import StoreError
from app.store.db.errors import store_errors
from app.store.db.integrity import (
    REBUILD,
    DamagedCatalogue,
    check_at_open,
    is_corruption,
    move_aside,
)
from app.store.db.version import SCHEMA_VERSION

log = logging.getLogger("app.store")


def sqlite_uri(path: PurePath) -> str:
    """The ``file:`` URI SQLite opens for the absolute ``path``: characters outside ASCII,
    spaces, ``#``, ``?`` and ``%`` percent-encoded; a Windows network path
    (``\\\\server\\share\\…``) as ``file:////server/share/…``, since SQLite refuses a URI
    naming a host."""
    uri = path.as_uri()
    if not uri.startswith("file:///"):
        uri = "file:////" + uri.removeprefix("file://")
    return uri


class Store:
    """The SQLite catalogue file.

    Readers get one connection per thread (:meth:`connection`); SQLite's WAL mode lets
    them read the last committed catalogue while a writer's transaction is open, so a
    reader sees the old or the new catalogue, never half of an import.

    Args:
        path: the ``catalogue.sqlite3`` file; created, with its folder, when missing.
        read_only: open an existing file for reading only (a read-only data folder): no
            migration, no WAL, and every write transaction is refused.

    Raises:
        StoreError: the file cannot be opened or is not a catalogue (read-only: it is
            missing or needs an upgrade).
    """

    def __init__(self, path: Path, read_only: bool = False) -> None:
        self.path = path
        self.read_only = read_only
        self._local = threading.local()
        self._generation = 0
        if read_only and not path.is_file():
            raise StoreError(f"No catalogue at {path}, and its folder is read-only")
        conn = self.connect()
        try:
            if read_only:
                check_version(conn, path)
            else:
                check_at_open(conn, path)
                (current,) = conn.execute("PRAGMA user_version").fetchone()
                if current != SCHEMA_VERSION:  # the migrations load only to migrate
                    from app.store.db.schema import migrate

                    migrate(conn)
        except sqlite3.DatabaseError as exc:
            if is_corruption(exc):
                conn.close()
                aside = move_aside(path)
                raise DamagedCatalogue(f"The catalogue {path} is damaged ({exc}); it was moved "
                                       f"aside to {aside.name} (kept, not deleted): {REBUILD}"
                                       ) from exc
            raise StoreError(f"Cannot open the catalogue {path}: "
                             f"{write_failure(exc, path.parent)}") from exc
        finally:
            conn.close()

    def connect(self) -> sqlite3.Connection:
        """Open a new connection (the caller closes it). Autocommit; explicit transactions."""
        if self.read_only:
            return self._connect_read_only()
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

    def _connect_read_only(self) -> sqlite3.Connection:
        uri = f"{sqlite_uri(self.path.resolve())}?mode=ro&immutable=1"
        with store_errors(f"Cannot open the catalogue {self.path} (read-only)"):
            conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA query_only = ON")
        return conn

    @contextmanager
    def transaction(self, what: str = "the catalogue") -> Iterator[sqlite3.Connection]:
        """One ``BEGIN IMMEDIATE`` write transaction on a fresh connection: all or nothing.

        Any exception inside the block rolls back; an SQLite error becomes a StoreError
        naming ``what`` and saying that nothing was changed.
        """
        if self.read_only:
            raise StoreError(f"The data folder {self.path.parent} is read-only: {what} cannot "
                             "be changed")
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


def check_version(conn: sqlite3.Connection, path: Path) -> None:
    """A read-only catalogue must be of this Archivist's schema version (it cannot migrate).

    Raises:
        StoreError: it is not.
    """
    (current,) = conn.execute("PRAGMA user_version").fetchone()
    if current != SCHEMA_VERSION:
        raise StoreError(f"The catalogue {path} has schema version {current}, this Archivist "
                         f"needs {SCHEMA_VERSION}, and its folder is read-only: open it once "
                         "from a writable folder")
