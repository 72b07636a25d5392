"""The empty query's hits stored by the writer: the same hits as the query run live."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from app.store import CardRecord, Store, Writer
from app.store.language.query import card_rows, run_query
from app.store.language.start_page import stored_rows
from app.store.write.writer import image_file
from tests.helpers.cards import make_card, make_edition


def _stored(store: Store) -> list[str] | None:
    rows = stored_rows(store.connection())
    return None if rows is None else [row[2] for row in rows]


def _live(store: Store) -> list[tuple[object, ...]]:
    return card_rows(store)


def test_a_write_stores_the_hits_the_empty_query_gives(tmp_path: Path) -> None:
    store = Store(tmp_path / "catalogue.sqlite3")
    assert run_query(store, "").hits == ()  # a new catalogue: nothing stored, nothing found
    Writer(store).write([CardRecord(make_card("zetaCard01", "zeta")),
                         CardRecord(make_card("alphaCard1", "Alpha"))])
    assert _stored(store) == ["Alpha", "zeta"]
    stored = run_query(store, "")
    assert [hit.name for hit in stored.hits] == ["Alpha", "zeta"] and stored.total == 2
    assert list(stored_rows(store.connection()) or []) == _live(store)


def test_a_change_outside_the_writer_empties_it_and_the_query_runs_live(tmp_path: Path) -> None:
    store = Store(tmp_path / "catalogue.sqlite3")
    edition = make_edition("alphaCard1", "alphaEd001")
    Writer(store).write([CardRecord(make_card("alphaCard1", "Alpha", editions=[edition]))])
    before = run_query(store, "").hits[0]
    assert not before.has_image
    with store.transaction() as conn:  # e.g. an image fetched for an export
        conn.execute("INSERT INTO images(filename, bytes, stored_at) VALUES (?, 1, '')",
                     (image_file(edition["image"]),))
    assert _stored(store) is None
    assert run_query(store, "").hits[0].has_image  # what the catalogue is now


def test_the_next_write_stores_the_hits_again(tmp_path: Path) -> None:
    store = Store(tmp_path / "catalogue.sqlite3")
    Writer(store).write([CardRecord(make_card("alphaCard1", "Alpha"))])
    with store.transaction() as conn:
        conn.execute("UPDATE card_facts SET name = 'Beta'")
    assert _stored(store) is None
    Writer(store).write([CardRecord(make_card("gammaCard1", "Gamma"))], remove=["alphaCard1"])
    assert _stored(store) == ["Gamma"]


@pytest.mark.realdata
def test_the_real_catalogue_s_stored_hits_are_the_live_ones(real_catalogue_dir: Path,
                                                            tmp_path: Path) -> None:
    copy = tmp_path / "catalogue.sqlite3"
    with sqlite3.connect(real_catalogue_dir / "catalogue.sqlite3") as source, \
            sqlite3.connect(copy) as target:
        source.backup(target)
    store = Store(copy)
    stored = run_query(store, "")
    assert stored.total == 2235 and len(stored.hits) == 2235
    with store.transaction() as conn:
        conn.execute("DELETE FROM start_page")
    assert run_query(store, "") == stored
