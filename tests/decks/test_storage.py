"""Kept decks: their own file, every entry kept, delete undoable; typed tables, and rows of
the wrong type (an older file's, or changed since) left out and listed."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from app.decks import Deck, DeckStore, Entry, Zone
from app.errors import InvalidData, InvalidRequest, NotFound, StoreError
from tests.helpers.damaged_user_files import old_decks

DECK = Deck("Wind", [
    Entry(Zone.MATERIAL, 1, "Spirit of Wind", "uuidspirit", None, "1 Spirit of Wind"),
    Entry(Zone.MAIN, 4, "backstep", "uuidbackst", "uuidedit01", "4x backstep"),
    Entry(Zone.SIDEBOARD, 2, "The Duchess's Thornes", None, None, "2 The Duchess's Thornes"),
])


def test_a_kept_deck_comes_back_whole(tmp_path: Path) -> None:
    store = DeckStore(tmp_path / "decks.sqlite3")
    store.save(DECK)
    assert store.load("wind") == DECK
    assert [(d.name, d.format, d.cards) for d in store.decks()] == [("Wind", "STANDARD", 7)]


def test_the_file_has_its_own_schema_version(tmp_path: Path) -> None:
    DeckStore(tmp_path / "decks.sqlite3")
    with sqlite3.connect(tmp_path / "decks.sqlite3") as conn:
        assert conn.execute("PRAGMA user_version").fetchone() == (3,)
        conn.execute("PRAGMA user_version = 99")
    with pytest.raises(StoreError, match="newer than this Archivist"):
        DeckStore(tmp_path / "decks.sqlite3")


def test_a_second_deck_of_the_same_name_is_refused_unless_replacing(tmp_path: Path) -> None:
    store = DeckStore(tmp_path / "decks.sqlite3")
    store.save(DECK)
    with pytest.raises(InvalidRequest, match="already kept"):
        store.save(Deck("WIND", []))
    store.save(Deck("Wind", DECK.entries[:1]), replace=True)
    assert len(store.load("Wind").entries) == 1
    assert [d.cards for d in store.decks(trash=True)] == [7]  # the old one can come back


def test_a_deleted_deck_goes_to_the_trash_and_can_be_restored(tmp_path: Path) -> None:
    store = DeckStore(tmp_path / "decks.sqlite3")
    store.save(DECK)
    deck_id = store.delete("Wind")
    assert store.decks() == []
    with pytest.raises(NotFound):
        store.load("Wind")
    store.restore(deck_id)
    assert store.load("Wind") == DECK


def test_an_empty_name_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidRequest, match="needs a name"):
        DeckStore(tmp_path / "decks.sqlite3").save(Deck("  ", []))


def test_an_edit_rewrites_the_kept_deck_in_place_without_a_trash_row(tmp_path: Path) -> None:
    store = DeckStore(tmp_path / "decks.sqlite3")
    deck_id = store.save(DECK)
    store.save(Deck("Fire", []))
    edited = Deck("Wind 2", [DECK.entries[1].with_quantity(3)], "PANTHEON")
    store.update(deck_id, edited)
    assert store.load(deck_id) == edited
    assert [(d.name, d.cards) for d in store.decks()] == [("Fire", 0), ("Wind 2", 3)]
    assert store.decks(trash=True) == []
    with pytest.raises(InvalidRequest, match="already kept"):
        store.update(deck_id, Deck("fire", []))
    with pytest.raises(InvalidRequest, match="needs a name"):
        store.update(deck_id, Deck(" ", []))
    assert store.load(deck_id) == edited  # a refused edit changes nothing
    store.delete("Wind 2")
    with pytest.raises(NotFound):
        store.update(deck_id, edited)  # a deck in the trash is not edited


def test_the_decks_of_an_imported_event_are_listed_in_their_order(tmp_path: Path) -> None:
    """An event's decks are kept as "50170", "50170 #2" … "50170 #28": #10 does not come
    before #2 (numbers are sorted by value, the rest without case)."""
    store = DeckStore(tmp_path / "decks.sqlite3")
    for name in ("50170 #10", "wind", "50170", "50170 #2", "Fire", "50170 #9"):
        store.save(Deck(name, []))
    assert [d.name for d in store.decks()] == [
        "50170", "50170 #2", "50170 #9", "50170 #10", "Fire", "wind"]


@pytest.mark.parametrize("bad", ["\n", "\t", "\r", "\x1b", "\u202e", "\u2066"])
def test_a_name_with_a_line_break_tab_or_override_is_refused_on_save_and_rename(
    tmp_path: Path, bad: str,
) -> None:
    store = DeckStore(tmp_path / "decks.sqlite3")
    with pytest.raises(InvalidRequest, match=f"cannot hold a line break.*U\\+{ord(bad):04X}"):
        store.save(Deck(f"Wind{bad}STANDARD\t60 cards", []))
    deck_id = store.save(DECK)
    with pytest.raises(InvalidRequest, match="cannot hold a line break") as raised:
        store.update(deck_id, Deck(f"Wi{bad}nd", list(DECK.entries)))
    assert bad not in raised.value.message
    assert [d.name for d in store.decks()] == ["Wind"]


def test_a_stored_entry_in_an_unknown_zone_is_one_clear_error(tmp_path: Path) -> None:
    store = DeckStore(tmp_path / "decks.sqlite3")
    store.save(DECK)
    with sqlite3.connect(tmp_path / "decks.sqlite3") as conn:
        conn.execute("UPDATE entries SET zone = 'attic' WHERE position = 1")
    with pytest.raises(InvalidData) as raised:
        store.load("Wind")
    assert raised.value.message == (
        "The deck “Wind” holds backstep in an unknown zone 'attic' (not material, main or "
        "sideboard): the decks file was changed outside Archivist; nothing of this deck was "
        "read")
    assert [d.cards for d in store.decks()] == [7]  # the list still shows it


def test_a_decks_file_of_version_1_keeps_its_decks_and_gains_the_as_of_day(
    tmp_path: Path,
) -> None:
    path = tmp_path / "decks.sqlite3"
    with sqlite3.connect(path) as conn:  # an older schema (no as_of column)
        conn.executescript(
            "CREATE TABLE decks (id INTEGER PRIMARY KEY, name TEXT NOT NULL, format TEXT NOT "
            "NULL, saved_at TEXT NOT NULL, deleted_at TEXT);"
            "CREATE TABLE entries (deck_id INTEGER NOT NULL, position INTEGER NOT NULL, zone "
            "TEXT NOT NULL, quantity INTEGER NOT NULL, name TEXT NOT NULL, card_uuid TEXT, "
            "edition_uuid TEXT, line TEXT NOT NULL DEFAULT '', PRIMARY KEY (deck_id, position));"
            "INSERT INTO decks VALUES (1, 'Old', 'STANDARD', '2026-01-01T00:00:00', NULL);"
            "INSERT INTO entries VALUES (1, 0, 'main', 4, 'Zephyr', NULL, NULL, '4 Zephyr');"
            "PRAGMA user_version = 1;")
    store = DeckStore(path)
    old = store.load("Old")
    assert (old.as_of, [e.name for e in old.entries]) == (None, ["Zephyr"])
    old.as_of = "2026-06-27T00:00:00Z"
    store.update(1, old)
    assert store.load(1).as_of == "2026-06-27T00:00:00Z"


def test_an_old_file_with_rows_of_the_wrong_type_is_typed_and_keeps_them_aside(
    tmp_path: Path,
) -> None:
    path = tmp_path / "decks.sqlite3"
    old_decks(path)
    store = DeckStore(path)
    assert [(d.name, d.cards) for d in store.decks()] == [("Wind", 4)]
    assert store.load("Wind").entries == [Entry(Zone.MAIN, 4, "Backstep", None, None,
                                                "4 Backstep")]
    assert store.unreadable() == [
        'decks row [2, {"hex": "ff00"}, "STANDARD", "2026-01-01T00:00:00", null, null]: '
        "name is binary data",
        'entries row [1, 1, "main", -5, {"hex": "ff00"}, null, null, ""]: quantity is -5',
        'entries row [1, 2, "main", "lots", "Backstep", null, null, ""]: quantity is "lots"',
        'entries row [2, 0, "main", 4, "Backstep", null, null, ""]: its deck is unreadable']
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone() == (3,)
        with pytest.raises(sqlite3.IntegrityError, match="cannot store BLOB"):
            conn.execute("UPDATE entries SET name = x'ff00'")


def test_a_deck_whose_entry_is_damaged_after_the_typing_is_one_clear_error(
    tmp_path: Path,
) -> None:
    store = DeckStore(tmp_path / "decks.sqlite3")
    store.save(DECK)
    with sqlite3.connect(tmp_path / "decks.sqlite3") as conn:
        conn.execute("UPDATE entries SET quantity = -5 WHERE position = 1")
    with pytest.raises(InvalidData) as raised:
        store.load("Wind")
    assert raised.value.message == (
        "The deck “Wind” holds an unreadable row (position 1: quantity is -5): the decks "
        "file was changed outside Archivist; nothing of this deck was read")
    assert [d.cards for d in store.decks()] == [3]
    assert store.unreadable() == [
        'entries row [1, 1, "main", -5, "backstep", "uuidbackst", "uuidedit01", '
        '"4x backstep"]: quantity is -5']


def test_a_deck_with_an_unreadable_as_of_moment_is_checked_as_of_today(
    tmp_path: Path,
) -> None:
    store = DeckStore(tmp_path / "decks.sqlite3")
    store.save(DECK)
    with sqlite3.connect(tmp_path / "decks.sqlite3") as conn:
        conn.execute("UPDATE decks SET as_of = '0001-01-01T00:00:00+14:00'")
    assert store.load("Wind").as_of is None
    (line,) = store.unreadable()
    assert line.endswith("as-of moment: '0001-01-01T00:00:00+14:00' is out of range: in UTC "
                         "it falls before year 1 or after year 9999; the deck is checked as of "
                         "today")
