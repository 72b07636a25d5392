"""The official search's facts (app/store/official/facts.py): written with the card, removed
with it, and rebuilt by migrations 9 and 10 for a catalogue written before."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from app.store import CardRecord, Store, Writer
from app.store.official.facts import TABLES
from app.store.official.request import ApiQuery, StatTerm
from app.store.official.search import DENSE, search_cards
from tests.helpers.cards import make_card, make_edition


def _card(effect: str | None, population: int) -> dict[str, Any]:
    edition = make_edition(
        "genCard001", "genEd00001", effect_raw=effect,
        circulationTemplates=[{"foil": True, "kind": "FOIL", "population": population},
                              {"foil": False, "kind": "NONFOIL", "population": 5000}])
    return make_card(editions=[edition], rule=[{"title": "Errata", "description": "x"}],
                     legality={"STANDARD": {"limit": 1}})


def _found(store: Store, **query: Any) -> int:
    return search_cards(store, ApiQuery(**query))[0]


def _rows(store: Store) -> dict[str, list[tuple[Any, ...]]]:
    conn = store.connection()
    return {t: conn.execute(f"SELECT * FROM {t} ORDER BY 1, 2, 3").fetchall() for t in ALL}


ALL = (*TABLES, "api_order", "api_search_editions")


def test_edition_text_and_population_filters_follow_the_card(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.sqlite3")
    Writer(store).write([CardRecord(_card("Draw two cards.", 50))])
    few = (StatTerm("population_foil", "<=", 100),)
    assert _found(store, edition_effect="draw") == 1
    assert _found(store, stats=few) == 1
    assert _found(store, stats=(StatTerm("population_nonfoil", "<=", 100),)) == 0
    Writer(store).write([CardRecord(_card("Banish it.", 500))])  # the card changes
    assert (_found(store, edition_effect="draw"), _found(store, stats=few)) == (0, 0)
    assert _found(store, edition_effect="banish") == 1
    assert _found(store, rule_title="errata", legality_format="STANDARD",
                  legality_limit=1) == 1
    Writer(store).write([], remove=["genCard001"])
    assert all(not rows for rows in _rows(store).values())


def test_migration_9_rebuilds_the_facts_of_a_catalogue_written_before(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    store = Store(path)
    Writer(store).write([CardRecord(_card("Draw two cards.", 50)),
                         CardRecord(make_card("genCard002", "Second Card"))])
    written = _rows(store)
    assert written["api_prints"] and written["api_rules"] and written["api_legality"]
    conn = store.connection()
    for table in ALL:  # a file of schema version 8 has none of them
        conn.execute(f"DROP TABLE {table}")
    conn.execute("DROP INDEX cards_last_update")
    conn.execute("PRAGMA user_version = 8")
    store.close()
    reopened = Store(path)
    assert _rows(reopened) == written
    assert search_cards(reopened, ApiQuery(edition_effect="draw"))[0] == 1


def _numbered(uuid: str, name: str, *numbers: str) -> CardRecord:
    return CardRecord(make_card(uuid, name, editions=[
        make_edition(uuid, f"{uuid[::-1]}{i}", number) for i, number in enumerate(numbers)]))


def _order(store: Store, name: str | None = None, order: str = "ASC") -> list[str]:
    hits = search_cards(store, ApiQuery(name=name, order=order))[1]
    return [str(json.loads(hit.body)["name"]) for hit in hits]


def test_collector_number_order_follows_each_cards_lowest_edition(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.sqlite3")
    others = [_numbered(f"genOther{i:03}", f"Other {i}", "900") for i in range(DENSE * 2)]
    Writer(store).write([_numbered("genCardA01", "Alpha Spirit", "005", "020"),
                         _numbered("genCardB01", "Beta Spirit", "003"),
                         _numbered("genCardC01", "Gamma Spirit", "010"), *others])
    # "Spirit": hits rarer than one in DENSE (a scan); no filter: every card (a walk)
    assert _order(store, "spirit") == ["Beta Spirit", "Alpha Spirit", "Gamma Spirit"]
    assert _order(store)[:3] == ["Beta Spirit", "Alpha Spirit", "Gamma Spirit"]
    assert _order(store, order="DESC")[-3:] == ["Gamma Spirit", "Alpha Spirit", "Beta Spirit"]
    Writer(store).write([_numbered("genCardA01", "Alpha Spirit", "020", "001")])
    assert _order(store, "spirit") == ["Alpha Spirit", "Beta Spirit", "Gamma Spirit"]
    assert _order(store)[:3] == ["Alpha Spirit", "Beta Spirit", "Gamma Spirit"]
    Writer(store).write([], remove=["genCardA01"])
    assert _order(store)[:2] == ["Beta Spirit", "Gamma Spirit"]
    rarest = search_cards(store, ApiQuery(sort="rarity", order="DESC", page_size=3))[1]
    assert len(rarest) == 3  # the rarity order reads the stored lowest rarity too
