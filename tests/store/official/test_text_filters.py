"""The official search's text filters through each distinct text
(app/store/official/text_filters.py,
migration 14): every write (import, sync's apply, history revert, removal) keeps their
answers, they are those of a test of every row, and a catalogue written before gets the
indexes."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from app.catalogue import LocalCatalogue
from app.store import CardRecord, Store, Writer
from app.store.history.revisions import RevisionRecorder
from app.store.official.request import ApiQuery
from app.store.official.search import search_cards
from app.store.official.text_filters import TEXTS, matching
from tests.helpers.cards import make_card, make_edition
from tests.helpers.parts import parts_of


def _card(uuid: str, effect: str | None, edition_flavor: str | None) -> CardRecord:
    number = uuid[-3:]  # edition uuids: ten letters or digits
    editions = [make_edition(uuid, f"genEdA0{number}", "001", effect_raw=effect, flavor=None),
                make_edition(uuid, f"genEdB0{number}", "002", effect_raw=None,
                             flavor=edition_flavor)]
    return CardRecord(make_card(uuid, f"Card {uuid}", slug=uuid.lower(), effect_raw=effect,
                                flavor=edition_flavor, editions=editions))


def _names(store: Store, **query: Any) -> list[str]:
    return sorted(json.loads(hit.body)["name"] for hit in search_cards(
        store, ApiQuery(sort="name", **query))[1])


def _every_row(conn: sqlite3.Connection, table: str, column: str, text: str) -> list[Any]:
    return sorted(conn.execute(f"SELECT * FROM {table} WHERE {column} LIKE ?",
                               (f"%{text}%",)).fetchall())


def _matched(conn: sqlite3.Connection, table: str, column: str, text: str) -> list[Any]:
    return sorted(conn.execute(matching(table, column, "x.*"), [f"%{text}%"] * 2).fetchall())


def test_every_write_keeps_the_text_filters_answers(tmp_path: Path) -> None:
    Store(tmp_path / "catalogue.sqlite3").close()
    catalogue = LocalCatalogue.open(tmp_path)
    store = catalogue.store
    Writer(store, RevisionRecorder("a", "import")).write(
        [_card("genCard001", "Draw a card.", "Light falls."),
         _card("genCard002", "Draw a card.", None), _card("genCard003", "Banish it.", None)])
    assert _names(store, effect="DRAW A") == ["Card genCard001", "Card genCard002"]
    assert _names(store, edition_effect="banish") == ["Card genCard003"]
    assert _names(store, flavor="light") == _names(store, edition_flavor="light") == [
        "Card genCard001"]
    Writer(store, RevisionRecorder("b", "import")).write(  # one card's texts change
        [_card("genCard001", "Banish a card.", "Dark rises.")])
    assert _names(store, effect="draw a") == ["Card genCard002"]
    assert _names(store, effect="banish") == ["Card genCard001", "Card genCard003"]
    assert _names(store, flavor="light") == _names(store, edition_flavor="light") == []
    assert _names(store, edition_flavor="dark") == ["Card genCard001"]
    parts_of(catalogue).history.revert(2)  # through the writer, as a sync's apply
    assert _names(store, effect="draw a") == ["Card genCard001", "Card genCard002"]
    assert _names(store, edition_flavor="light") == ["Card genCard001"]
    Writer(store).write([], remove=["genCard001", "genCard002"])
    assert _names(store, effect="draw") == _names(store, edition_flavor="light") == []
    assert _names(store, effect="banish") == ["Card genCard003"]


def test_the_texts_match_as_a_test_of_every_row(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.sqlite3")
    texts = ["Draw a card.", "draw A CARD", "Draw a card.", "100% off", "a_b", "Ünïcode draw",
             None, ""]
    Writer(store).write([_card(f"genCard{i:03}", text, text) for i, text in enumerate(texts)])
    conn = store.connection()
    # values that are not text (a number in a body) are tested too
    conn.execute("UPDATE api_cards SET effect_raw = 1.5 WHERE effect_raw = 'a_b'")
    conn.execute("UPDATE api_editions SET flavor = 42 WHERE flavor = ''")
    for table, column in TEXTS:
        for text in ("draw a card", "DRAW", "a", "1.5", "4", "%", "_", "ünï", "zzz", ""):
            escaped = text.replace("%", "\\%").replace("_", "\\_")
            expected = sorted(conn.execute(
                f"SELECT * FROM {table} WHERE {column} LIKE ? ESCAPE '\\'",
                (f"%{escaped}%",)).fetchall())
            assert sorted(conn.execute(matching(table, column, "x.*"),
                                       [f"%{escaped}%"] * 2).fetchall()) == expected
    assert _every_row(conn, "api_cards", "effect_raw", "1.5") == _matched(
        conn, "api_cards", "effect_raw", "1.5") != []


def test_migration_14_indexes_the_texts_of_a_catalogue_written_before(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    store = Store(path)
    Writer(store).write([_card("genCard001", "Draw a card.", "Light falls.")])
    conn = store.connection()
    indexes = ["api_search_editions_populations", *(f"{t}_{c}" for t, c in TEXTS)]
    for index in indexes:  # a file of schema version 13 has none of them
        conn.execute(f"DROP INDEX {index}")
    conn.execute("PRAGMA user_version = 13")
    store.close()
    reopened = Store(path)
    assert {row[0] for row in reopened.connection().execute(
        "SELECT name FROM sqlite_master WHERE type = 'index'")} >= set(indexes)
    plan = " ".join(str(row) for row in reopened.connection().execute(
        "EXPLAIN QUERY PLAN " + matching("api_cards", "effect_raw", "x.card_rowid"), ["%a%"] * 2))
    assert "api_cards_effect_raw" in plan
    assert _names(reopened, effect="draw", edition_flavor="light") == ["Card genCard001"]
