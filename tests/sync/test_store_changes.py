"""Schema migration 3 (``cards.changed_at``) and the ``last_update`` filter a sync relies on."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from app.catalogue import LocalCatalogue
from app.store import CardRecord, Store, Writer
from app.store.db.schema import MIGRATIONS, SCHEMA_VERSION
from tests.helpers.cards import make_card


def test_migration_3_backfills_changed_at_from_last_update(tmp_path: Path) -> None:
    path = tmp_path / "catalogue.sqlite3"
    conn = sqlite3.connect(path)
    for version, script in enumerate(MIGRATIONS[:2], start=1):
        conn.executescript(script)
        conn.execute(f"PRAGMA user_version = {version}")
    conn.execute("INSERT INTO cards(uuid, slug, name, last_update, body) VALUES "
                 "('genCard001', 'old', 'Old', '2025-01-19T19:30:22.466Z', '{}')")
    conn.commit()
    conn.close()
    store = Store(path)
    conn = store.connection()
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION >= 3
    assert conn.execute("SELECT changed_at FROM cards").fetchone() == \
        ("2025-01-19T19:30:22.466Z",)


def test_last_update_lists_cards_changed_here_since_even_with_an_old_last_update(
    tmp_path: Path,
) -> None:
    catalogue = LocalCatalogue.open(tmp_path)
    Writer(catalogue.store).write([CardRecord(make_card()),
                                   CardRecord(make_card("otherCard2", "Other"))])
    (since,) = catalogue.store.connection().execute("SELECT MAX(changed_at) FROM cards"
                                                    ).fetchone()
    Writer(catalogue.store).write([CardRecord(make_card(flavor="Changed."))])
    page = catalogue.cards_search(last_update=since)
    assert [c["slug"] for c in page["data"]] == ["generated-card"]
    assert page["data"][0]["last_update"] < since  # the card's own last_update did not move
    assert catalogue.cards_search(last_update="2025-01-01")["total_cards"] == 2
