"""Data folders holding a collection and decks file, for the backup tests."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from app.collection import CollectionStore, Entry
from app.decks import Deck, DeckStore
from app.decks.model import Entry as DeckEntry
from app.decks.model import Zone

MONDAY = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
"""A fixed clock: Monday 23 November 2026, noon UTC."""


def owned(data: Path, count: int) -> CollectionStore:
    """A collection file in ``data`` with ``count`` entries of 2 copies each."""
    store = CollectionStore(data / "collection.sqlite3")
    store.change([(Entry(f"edition{n:04d}", False, 1).key, 2) for n in range(count)], "add")
    return store


def kept_decks(data: Path, names: list[str]) -> DeckStore:
    """A decks file in ``data`` keeping one small deck per name."""
    store = DeckStore(data / "decks.sqlite3")
    for name in names:
        store.save(Deck(name, [DeckEntry(Zone.MAIN, 3, "Spirit of Fire")], "STANDARD"))
    return store


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A data folder with 5 collection entries and 2 kept decks."""
    owned(tmp_path, 5)
    kept_decks(tmp_path, ["Aggro", "Control"])
    return tmp_path
