"""The official search's narrow edition table (app/store/official/narrow_editions.py, migration 13):
written with the card by every write (import, sync, revert), removed with it, rebuilt for a
catalogue written before, and the search's answers follow it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.catalogue import LocalCatalogue
from app.store import CardRecord, Store, Writer
from app.store.history.revisions import RevisionRecorder
from app.store.official import narrow_editions
from app.store.official.narrow_editions import backfill_narrow
from app.store.official.request import ApiQuery, StatTerm
from app.store.official.search import search_cards
from tests.helpers.cards import make_card, make_edition
from tests.helpers.parts import parts_of


def _card(prefix: str, illustrator: str, thema: int, name: str = "Fire Spirit") -> CardRecord:
    edition = make_edition("genCard001", "genEd00001", "007", illustrator=illustrator,
                           thema_foil=thema)
    edition["set"] = {**edition["set"], "prefix": prefix}
    return CardRecord(make_card("genCard001", name, editions=[edition]))


def _rows(store: Store) -> list[tuple[Any, ...]]:
    return store.connection().execute(
        "SELECT * FROM api_search_editions ORDER BY card_rowid, position").fetchall()


def _names(store: Store, **query: Any) -> list[str]:
    return [json.loads(hit.body)["name"] for hit in search_cards(store, ApiQuery(**query))[1]]


def test_every_write_keeps_the_edition_filters_answers(tmp_path: Path) -> None:
    Store(tmp_path / "catalogue.sqlite3").close()
    catalogue = LocalCatalogue.open(tmp_path)
    store = catalogue.store
    Writer(store, RevisionRecorder("a", "import")).write([_card("DOA", "Ann", 120)])
    hot = (StatTerm("thema_foil", ">", 100),)
    assert _names(store, prefix=("DOA",), illustrator="Ann", stats=hot) == ["Fire Spirit"]
    Writer(store, RevisionRecorder("b", "import")).write(
        [_card("ReC", "Bo", 80, "Fire Spirit Reborn")])  # every edition fact changes
    assert _names(store, prefix=("DOA",)) == _names(store, illustrator="Ann") == []
    assert _names(store, stats=hot) == []
    assert _names(store, prefix=("ReC",), illustrator="Bo", sort="name") == [
        "Fire Spirit Reborn"]
    assert _rows(store) == _backfilled(store)
    parts_of(catalogue).history.revert(2)  # through the writer, as a sync's apply
    assert _names(store, prefix=("DOA",), illustrator="Ann", stats=hot) == ["Fire Spirit"]
    assert _names(store, prefix=("ReC",)) == []
    assert _rows(store) == _backfilled(store)
    Writer(store).write([], remove=["genCard001"])
    assert _rows(store) == [] and _names(store, prefix=("DOA",)) == []


def _backfilled(store: Store) -> list[tuple[Any, ...]]:
    conn = store.connection()
    conn.execute("SAVEPOINT check_backfill")
    backfill_narrow(conn)
    rows = _rows(store)
    conn.execute("ROLLBACK TO check_backfill")
    conn.execute("RELEASE check_backfill")
    return rows


def test_migration_12_fills_the_table_of_a_catalogue_written_before(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    store = Store(path)
    Writer(store).write([_card("DOA", "Ann", 120), CardRecord(make_card("genCard002", "Other"))])
    written = _rows(store)
    assert len(written) == 2
    conn = store.connection()
    conn.execute("DROP TABLE api_search_editions")  # a file of schema version 12
    for index in ("cards_last_update", "api_cards_classes", "api_cards_types",
                  "api_cards_subtypes", "api_cards_elements"):
        conn.execute(f"DROP INDEX {index}")
    conn.execute("PRAGMA user_version = 12")
    store.close()
    reopened = Store(path)
    assert _rows(reopened) == written
    assert _names(reopened, prefix=("DOA",)) == ["Fire Spirit"]
    assert search_cards(reopened, ApiQuery(last_update="2000-01-01"))[0] == 2


def test_a_dense_page_walks_the_number_order_of_the_passing_editions(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.sqlite3")

    def card(i: int) -> CardRecord:  # its DOA edition's number is not its lowest
        uuid = f"genCard{i:03}"
        doa = make_edition(uuid, f"genEdD{i:04}", f"{(i * 37) % 100:03}")
        doa["set"] = {**doa["set"], "prefix": "DOA"}
        return CardRecord(make_card(uuid, f"Card {i % 7}", slug=f"card-{i}", editions=[
            make_edition(uuid, f"genEdA{i:04}", "000"), doa]))

    Writer(store).write([card(i) for i in range(40)])
    expected = sorted(range(40), key=lambda i: (f"{(i * 37) % 100:03}", f"card {i % 7}",
                                                f"genCard{i:03}"))
    for page in (1, 2, 3):
        total, hits = search_cards(store, ApiQuery(prefix=("DOA",), page=page, page_size=4))
        assert total == 40
        assert [h.edition_uuids for h in hits] == [
            (f"genEdD{i:04}",) for i in expected[(page - 1) * 4:page * 4]]


def test_a_dense_page_by_number_descending_walks_each_cards_lowest_passing_number(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path / "c.sqlite3")
    names = ("alpha", "Alpha", "beta")  # ties in the case-insensitive name

    def card(i: int) -> dict[str, Any]:  # a passing edition above its lowest passing number
        uuid = f"genDesc{(i * 37) % 1000:04}"
        numbers = (f"{(i * 7) % 10:03}", f"{(i * 11) % 10:03}", "099")[:3 if i % 4 else 2]
        editions = [make_edition(uuid, f"{uuid}E{p}", n) for p, n in enumerate(numbers)]
        for p, edition in enumerate(editions):
            passing = p == 0 or (p == 1 and i % 3) or (p == 2 and i % 8 == 1)
            edition["set"] = {**edition["set"], "prefix": "DOA" if passing else "ALC"}
        return make_card(uuid, names[i % 3], slug=f"card-{i}", editions=editions)

    cards = [card(i) for i in range(120)]
    Writer(store).write([CardRecord(c) for c in cards])
    passing = {c["uuid"]: [e for e in c["editions"] if e["set"]["prefix"] == "DOA"]
               for c in cards}
    # grouped and sorted: lowest passing number descending, name descending, uuid ascending
    expected = sorted(passing, key=lambda u: u)
    name = {c["uuid"]: c["name"].lower() for c in cards}
    expected.sort(key=lambda u: name[u], reverse=True)
    expected.sort(key=lambda u: min(e["collector_number"] for e in passing[u]), reverse=True)
    walked: list[object] = []
    walk = narrow_editions._walk_descending

    def spied(*args: Any) -> Any:
        walked.append(walk(*args))
        return walked[-1]

    monkeypatch.setattr(narrow_editions, "_walk_descending", spied)
    got: list[tuple[str, set[str]]] = []
    for page in range(1, 120 // 4 + 1):
        total, hits = search_cards(store, ApiQuery(prefix=("DOA",), sort="collector_number",
                                                   order="DESC", page=page, page_size=4))
        assert total == 120
        got += [(json.loads(h.body)["uuid"], set(h.edition_uuids or ())) for h in hits]
    assert got == [(u, {e["uuid"] for e in passing[u]}) for u in expected]
    assert any(rows is not None for rows in walked)  # the first pages were walked
