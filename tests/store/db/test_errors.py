"""SQLite's errors become the store's StoreError with the message a user reads."""

from __future__ import annotations

import sqlite3

import pytest

from app.errors import StoreError
from app.store.db.errors import store_errors


def test_an_sqlite_error_becomes_a_store_error_saying_what_failed() -> None:
    conn = sqlite3.connect(":memory:")
    with pytest.raises(StoreError) as caught, store_errors("Reading the catalogue failed"):
        conn.execute("SELECT * FROM no_such_table")
    assert str(caught.value) == "Reading the catalogue failed: no such table: no_such_table"
    assert isinstance(caught.value.__cause__, sqlite3.OperationalError)


def test_other_errors_pass_and_a_result_comes_back() -> None:
    def read() -> int:
        with store_errors("Searching the catalogue failed"):
            return int(sqlite3.connect(":memory:").execute("SELECT 7").fetchone()[0])

    assert read() == 7
    with pytest.raises(ValueError), store_errors("Searching the catalogue failed"):
        raise ValueError("not SQLite's")
