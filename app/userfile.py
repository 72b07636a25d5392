"""A file of the user's own data (the decks, the collection): one small SQLite file in the
data folder that no import, sync or revert opens, with its schema version in
``user_version`` and every write one transaction (DESIGN.md: Input and output).

:class:`UserFile` is the part the decks file (:mod:`app.decks.storage`) and the collection
file (:mod:`app.collection.storage`) share: creating and migrating the file, a connection
per call (safe from any thread), and all-or-nothing writes whose failure — a full disk
included — is one sentence and leaves the file as it was.
"""

from __future__ import annotations

import functools
import logging
import os
import sqlite3
from collections.abc import Callable, Iterator, Mapping
from contextlib import closing, contextmanager, suppress
from pathlib import Path

from app.diskfull import is_disk_full, write_failure
from app.errors import StoreError, UnusableUserFile
from app.limits import file_kind

log = logging.getLogger("app.userfile")


def check_user_file(path: Path, what: str) -> bool:
    """Whether the user data file ``path`` exists, once it is known to be a regular file
    (a link is followed) or absent: anything else would read as an empty file.

    Args:
        path: the file. what: how the message names it (``the collection file``).

    Raises:
        UnusableUserFile: ``path`` is a folder, a FIFO, a socket or a device, or cannot be
            looked at (``"The collection file /d/collection.sqlite3 is a folder, not a
            regular file: …"``).
    """
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise UnusableUserFile(f"Cannot open {what} {path}: {exc.strerror or exc}",
                               path) from exc
    kind = file_kind(mode)
    if kind is not None:
        raise UnusableUserFile(f"{what.capitalize()} {path} is {kind}, not a regular file: "
                               "move it out of the way (Archivist then starts an empty one) "
                               "or put the file back", path)
    return True

_DAMAGED = (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)
"""SQLite's codes for a file that is truncated, overwritten or not a database at all."""
Migration = str | Callable[[sqlite3.Connection], None]
"""The SQL, or the function, that brings a file of the version before it to one version."""


class UserFile:
    """One user data file.

    Args:
        path: the file (created, with its folder, on first use).
        what: how messages name it (``the decks file``).
        schema: the SQL that makes a new file (version ``version``).
        version: the schema version this Archivist writes.
        migrations: version → the SQL that brings a file of the version before it there,
            or a function doing it on a connection in a transaction with foreign keys off
            (rebuilding a table drops the old one, which must not cascade).
        made_on_write: make the file on the first write, not now; until then readers see
            no file (:meth:`_reading` gives None), so reading works in a read-only folder.

    Raises:
        UnusableUserFile: a folder, a FIFO or a device stands where the file belongs.
        StoreError: the file cannot be opened or was written by a newer Archivist.
    """

    def __init__(self, path: Path, what: str, schema: str, version: int,
                 migrations: Mapping[int, Migration] | None = None,
                 made_on_write: bool = False) -> None:
        self.path = path
        self._what = what
        self._schema, self._version, self._migrations = schema, version, migrations or {}
        self._made_on_write = made_on_write
        if not made_on_write or check_user_file(path, what):
            existed = path.is_file()
            with self._connect() as conn:
                self._prepare(conn, reading=True)
            if existed:  # a file made just now holds nothing to back up
                self.back_up_daily()

    def _prepare(self, conn: sqlite3.Connection, reading: bool = False) -> None:
        """Refuse a newer schema, make a new file's tables, migrate an older file (for
        ``reading``, a file that cannot be written or backed up first stays as it is: the
        readers check each row, whatever the schema; a write then migrates it, or is
        refused with the backup's failure).

        Raises:
            StoreError: a newer schema; not ``reading``: the backup before the migration
                failed, or the migration did.
        """
        (found,) = conn.execute("PRAGMA user_version").fetchone()
        if found > self._version:
            raise StoreError(f"{self._what.capitalize()} {self.path} has schema version "
                             f"{found}, newer than this Archivist understands "
                             f"({self._version}).")
        if found == 0:  # another process may be making it too: made once
            _step(conn, self._version, lambda c: _run_script(c, self._schema), done_at=1)
            return
        if found < self._version:
            try:
                self.before_change(f"before-migration-v{found}")
            except StoreError as exc:
                if not reading:
                    raise  # no change to a file that could not be backed up first
                # it stays as it is: the readers check each row, whatever the schema
                if _writable(self.path):
                    log.warning("%s; reading it as it is (schema version %d): changes are "
                                "refused until it can be backed up", exc.message, found)
                return
        try:
            for number in range(found + 1, self._version + 1):
                step = self._migrations[number]
                if isinstance(step, str):
                    _step(conn, number, functools.partial(_run_script, sql=step))
                else:
                    _migrate(conn, step, number)
        except sqlite3.Error as exc:
            if not (reading and _read_only(exc)):
                raise

    def back_up_daily(self) -> None:
        """Back the file up when it was not today (:func:`app.backups.back_up_daily`:
        a folder listing when nothing is due; a failure is logged, never raised)."""
        from app.backups.automatic import back_up_daily

        back_up_daily(self.path)

    def before_change(self, reason: str) -> None:
        """Back the file up before a change that replaces or removes many rows.

        Raises:
            StoreError: no backup could be made (the change must not be made).
        """
        from app.backups.automatic import before_change

        before_change(self.path, reason)

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection | None]:
        """A connection to read the file, or None when a file made on write is not made yet
        (nothing stored: reading never creates it).

        Raises:
            UnusableUserFile: the file is a folder, a FIFO or a device.
        """
        if self._made_on_write and not check_user_file(self.path, self._what):
            yield None
            return
        with self._connect() as conn:
            yield conn

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        """A new connection (autocommit; foreign keys on; waits 10 s for a writer), closed
        when the block ends.

        Raises:
            UnusableUserFile: the file is a folder, a FIFO or a device.
            StoreError: the file cannot be opened, or a statement failed (a full disk says
                so: "the disk is full (N MB free at PATH)").
        """
        check_user_file(self.path, self._what)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, isolation_level=None)
        except (sqlite3.Error, OSError) as exc:
            raise StoreError(f"Cannot open {self._what} {self.path}: {exc}") from exc
        done = False
        try:
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA busy_timeout = 10000")
            yield conn
            done = True
        except sqlite3.Error as exc:
            if (getattr(exc, "sqlite_errorcode", 0) & 0xFF) in _DAMAGED:
                raise StoreError(f"{self._what.capitalize()} {self.path} is damaged (not a "
                                 f"whole database: {exc}); nothing was changed") from exc
            why = write_failure(exc, self.path.parent) if is_disk_full(exc) else exc
            raise StoreError(f"{self._what.capitalize()} {self.path} failed, nothing was "
                             f"changed: {why}") from exc
        finally:
            conn.close()
            if not done:
                self._finish_rollback()

    def _finish_rollback(self) -> None:
        """Put back what a failed write left in the file.

        On a full disk SQLite can give up a transaction whose pages it had already spilled
        into the file: it reports no transaction open, yet leaves the file grown and a
        ``-journal`` of the old pages for the next opener to roll back. A fresh connection's
        first read does that rollback now (it writes no new space), so no hot journal waits
        for the next command.
        """
        journal = self.path.with_name(self.path.name + "-journal")
        if not journal.exists():
            return
        with suppress(sqlite3.Error), closing(sqlite3.connect(self.path)) as conn:
            conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: committed when the block ends, rolled back on any error
        (a file made on write is made, or migrated, first)."""
        with self._connect() as conn:
            self._prepare(conn)  # an old file that opening left unmigrated: now or never
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:  # SQLite rolled back itself on a full disk
                    with suppress(sqlite3.Error):
                        conn.execute("ROLLBACK")
                raise


def _step(conn: sqlite3.Connection, number: int, run: Callable[[sqlite3.Connection], object],
          done_at: int | None = None) -> None:
    """Run ``run`` and set the version ``number`` in one write transaction (all or
    nothing), unless the file is at version ``done_at`` (default ``number``) or later once
    the transaction holds the write lock: another process opening the same old file at
    the same time may have done this step since the version was first read."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        (now,) = conn.execute("PRAGMA user_version").fetchone()
        if now < (number if done_at is None else done_at):
            run(conn)
            conn.execute(f"PRAGMA user_version = {number}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            with suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
        raise


def _run_script(conn: sqlite3.Connection, sql: str) -> None:
    """Run every statement of ``sql`` inside the transaction open on ``conn`` (unlike
    ``executescript``, which would commit it first)."""
    statement = ""
    for part in sql.split(";"):
        statement += part + ";"
        if sqlite3.complete_statement(statement):  # not inside a string or a trigger
            if statement.strip(" \t\r\n;"):
                conn.execute(statement)
            statement = ""


def _migrate(conn: sqlite3.Connection, step: Callable[[sqlite3.Connection], None],
             number: int) -> None:
    """Run ``step`` and set the version ``number`` in one transaction (all or nothing;
    skipped when done already: :func:`_step`)."""
    conn.execute("PRAGMA foreign_keys = OFF")  # only outside a transaction
    # A table renamed aside keeps the others' references to its name for the new table.
    conn.execute("PRAGMA legacy_alter_table = ON")
    try:
        _step(conn, number, step)
    finally:
        conn.execute("PRAGMA legacy_alter_table = OFF")
        conn.execute("PRAGMA foreign_keys = ON")


def _read_only(exc: sqlite3.Error) -> bool:
    """True when ``exc`` says the file or its folder cannot be written."""
    return (getattr(exc, "sqlite_errorcode", 0) & 0xFF) == sqlite3.SQLITE_READONLY


def _writable(path: Path) -> bool:
    """Whether ``path`` and its folder can be written (False on a read-only file system)."""
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)
