"""SQLite's errors as the store's: one :class:`~app.errors.StoreError` saying what failed."""

from __future__ import annotations

import sqlite3
from types import TracebackType

from app.errors import StoreError


def store_errors(failed: str) -> SQLiteErrors:
    """A ``with`` block whose SQLite errors become a StoreError.

    Example::

        with store_errors("Reading the catalogue failed"):
            rows = conn.execute(sql).fetchall()

    Args:
        failed: what failed, as the user reads it; the message is ``"<failed>: <SQLite's
            message>"``.

    Raises:
        StoreError: SQLite failed inside the block (chained to SQLite's error).
    """
    return SQLiteErrors(failed)


class SQLiteErrors:
    """The context manager :func:`store_errors` returns. Its exit returns None (it never
    swallows an error), so a type checker knows a ``return`` inside the block is final."""

    def __init__(self, failed: str) -> None:
        self.failed = failed

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if isinstance(exc, sqlite3.Error):
            raise StoreError(f"{self.failed}: {exc}") from exc
