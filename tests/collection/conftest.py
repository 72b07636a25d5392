"""Fixtures of the collection tests: the real 2026-04-04 catalogue's editions, real editions
picked from its snapshot files, and a fresh collection file per test."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from app.collection import CollectionStore
from app.collection.csvfile import csv_text
from app.collection.editions import CollectionEditions
from app.files import write_text
from tests.conftest import SNAPSHOT_0404
from tests.helpers.parts import parts_of


def snapshot_editions() -> dict[str, dict[str, Any]]:
    """Every edition of the real 2026-04-04 snapshot files by uuid, read here from the JSON
    (valid card records only: DOApSP.json's old-shape records have no ``last_update``), each
    with its card's ``name``."""
    found: dict[str, dict[str, Any]] = {}
    for path in sorted(SNAPSHOT_0404.glob("*.json")):
        for card in json.loads(path.read_text(encoding="utf-8")):
            if "last_update" not in card:
                continue
            for edition in card["editions"]:
                found[edition["uuid"]] = {**edition, "card_name": card["name"]}
    return found


@pytest.fixture(scope="session")
def snapshot() -> dict[str, dict[str, Any]]:
    """:func:`snapshot_editions`, read once."""
    return snapshot_editions()


@pytest.fixture(scope="session")
def editions(real_catalogue: Any) -> CollectionEditions:
    """The real 2026-04-04 catalogue's editions, indexed for the collection."""
    found: CollectionEditions = parts_of(real_catalogue).collection.collection_editions()
    return found


@pytest.fixture
def store(tmp_path: Path) -> CollectionStore:
    """An empty collection file in a test folder."""
    return CollectionStore(tmp_path / "collection.sqlite3")


@pytest.fixture
def data_dir(real_catalogue_dir: Path, tmp_path: Path) -> Path:
    """A data folder of its own holding a copy of the real 2026-04-04 catalogue (a command
    may write its collection there)."""
    folder = tmp_path / "data"
    folder.mkdir()
    shutil.copy2(real_catalogue_dir / "catalogue.sqlite3", folder / "catalogue.sqlite3")
    return folder


def write_csv_file(path: Path, header: str, rows: list[list[str]]) -> Path:
    """A CSV file with a header line as given and ``rows`` quoted as CSV."""
    body = csv_text(rows).split("\r\n", 1)[1]
    write_text(path, header + "\r\n" + body, newline="")
    return path
