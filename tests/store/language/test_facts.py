"""Search facts: derived from each card when written, and by migration 4 for older files."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from app.store import CardRecord, Store, Writer
from app.store.db.schema import MIGRATIONS, SCHEMA_VERSION
from app.store.language.facts import card_values, cost_number, edition_facts
from app.store.language.query import run_query
from tests.helpers.cards import make_card, make_edition


def test_cost_number_reads_digits_only() -> None:
    assert cost_number(make_card(cost={"type": "reserve", "value": "3"})) == 3
    assert cost_number(make_card(cost={"type": "reserve", "value": "X"})) is None
    assert cost_number(make_card(cost={"type": "none", "value": None})) is None


def test_card_values_include_lists_and_legality_formats() -> None:
    card = make_card(legality={"STANDARD": {"limit": 0}})
    assert ("type", "ACTION") in card_values(card)
    assert ("element", "FIRE") in card_values(card)
    assert ("format", "STANDARD") in card_values(card)


def test_edition_facts_flags() -> None:
    edition = make_edition(
        "genCard001", "genEd00001", configuration="flip", collaborators=["Second Artist"],
        thema_foil=120, thema_foil_dynamic=True,
        circulationTemplates=[{"kind": "FOIL"}],
    )
    illustrators, foil, flip, dynamic, thema_foil, thema_nonfoil = edition_facts(edition)
    assert illustrators == "Test Artist\nSecond Artist"
    assert (foil, flip, dynamic, thema_foil, thema_nonfoil) == (1, 1, 1, 120, None)


def test_writer_keeps_facts_in_step_with_the_card(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.sqlite3")
    Writer(store).write([CardRecord(make_card(level=2))])
    conn = store.connection()
    assert conn.execute("SELECT level FROM card_facts").fetchall() == [(2,)]
    Writer(store).write([CardRecord(make_card(level=5, types=["ALLY"]))])
    assert conn.execute("SELECT level FROM card_facts").fetchall() == [(5,)]
    values = conn.execute("SELECT value FROM card_values WHERE field = 'type'").fetchall()
    assert values == [("ALLY",)]
    Writer(store).write([], remove=["genCard001"])
    assert conn.execute("SELECT COUNT(*) FROM card_values").fetchone() == (0,)
    assert conn.execute("SELECT COUNT(*) FROM card_facts").fetchone() == (0,)


def test_migration_4_backfills_a_version_3_file(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    for version, script in enumerate(MIGRATIONS[:3], start=1):
        for statement in script.split(";"):
            if statement.strip():
                conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {version}")
    body = '{"uuid":"genCard001","name":"Old","level":3,"types":["ALLY"],"cost":{"value":"2"},' \
           '"editions":[{"uuid":"genEd00001","configuration":"flip","illustrator":"A"}]}'
    conn.execute("INSERT INTO cards(uuid, slug, name, last_update, body) "
                 "VALUES ('genCard001', 'old', 'Old', '2025-01-01', ?)", (body,))
    conn.execute("INSERT INTO editions(uuid, card_uuid, position, slug, set_id, set_prefix, "
                 "collector_number, image_file, created_at) VALUES ('genEd00001', 'genCard001', "
                 "0, 'old-x', 's', 'X', '001', 'a.jpg', '2025-01-01')")
    conn.close()
    store = Store(path)
    conn = store.connection()
    assert conn.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    assert conn.execute("SELECT cost, level FROM card_facts").fetchall() == [(2, 3)]
    assert conn.execute("SELECT flip, illustrators FROM editions").fetchall() == [(1, "A")]
    assert conn.execute("SELECT rowid FROM cards_fts WHERE cards_fts MATCH 'old'").fetchall()


def test_a_set_whose_language_changes_moves_every_card_of_it(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.sqlite3")
    Writer(store).write([CardRecord(make_card("genCard001", "First Card")),
                         CardRecord(make_card("genCard002", "Second Card"))])
    assert run_query(store, "lang:en").total == 2
    second = make_card("genCard002", "Second Card")
    second["editions"][0]["set"]["language"] = "CN"  # the set record changes with it
    Writer(store).write([CardRecord(second)])
    assert [h.name for h in run_query(store, "lang:cn").hits] == ["First Card", "Second Card"]
    assert run_query(store, "lang:en").total == 0
    assert run_query(store, "lang:cn", per="edition").total == 2


def test_card_facts_summarise_the_editions_for_card_searches(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.sqlite3")
    card = make_card(legality={"STANDARD": {"limit": 0}, "DRAFT": {"limit": 2}})
    card["editions"] = [
        make_edition("genCard001", "genEd00001", "001", rarity=2, thema_foil=300),
        make_edition("genCard001", "genEd00002", "002", rarity=5, thema_nonfoil=90,
                     illustrator="Other Hand", configuration="flip"),
    ]
    Writer(store).write([CardRecord(card)])
    found = {q: run_query(store, q).total for q in (
        "r:5", "r:3", "thema>=300", "thema<100", "thema>300", "thema!=300", "a:other",
        "a:nobody", "is:flip", "is:foil", "banned:standard", "restricted:draft", "f:standard",
        "f:draft")}
    assert found == {"r:5": 1, "r:3": 0, "thema>=300": 1, "thema<100": 1, "thema>300": 0,
                     "thema!=300": 1, "a:other": 1, "a:nobody": 0, "is:flip": 1,
                     "is:foil": 0, "banned:standard": 1, "restricted:draft": 1,
                     "f:standard": 0, "f:draft": 1}
