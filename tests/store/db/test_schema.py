"""Schema version in PRAGMA user_version, forward migrations, WAL mode."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from app.errors import StoreError
from app.store import Store
from app.store.db.schema import SCHEMA_VERSION


def test_new_file_gets_the_current_schema_in_wal_mode(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.sqlite3")
    conn = store.connection()
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"cards", "editions", "sets", "images", "cards_fts", "meta"} <= tables


def test_reopening_keeps_the_data(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    Store(path).connection().execute("INSERT INTO meta VALUES ('k', 'v')")
    assert Store(path).connection().execute("SELECT value FROM meta").fetchone() == ("v",)


def test_a_file_from_a_newer_archivist_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(StoreError, match="newer than this Archivist"):
        Store(path)


def test_a_file_that_is_not_a_database_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StoreError, match="Cannot open the catalogue"):
        Store(path)


def test_the_version_known_without_the_migrations_is_their_count() -> None:
    from app.store.db import version

    assert version.SCHEMA_VERSION == SCHEMA_VERSION


def test_opening_a_current_catalogue_loads_neither_the_migrations_nor_the_search(
    tmp_path: Path
) -> None:
    import subprocess
    import sys

    path = tmp_path / "c.sqlite3"
    Store(path).close()
    code = ("import sys; from pathlib import Path; from app.store import Store; "
            f"Store(Path({str(path)!r})).connection().execute('SELECT 1'); "
            "print(sorted(m for m in sys.modules if m == 'app.store.db.schema' or "
            "m.startswith(('app.search', 'app.store.language', 'app.store.official'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=120)
    assert done.stdout.splitlines()[-1] == "[]"
