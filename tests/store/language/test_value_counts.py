"""The search's stored values and their counts (schema migration 12): every write keeps
them those of the cards, and a search finds the same cards and totals whichever way it
reads them (generated cards)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from app.catalogue import LocalCatalogue
from app.search.ast import terms
from app.search.hints import unknown_value
from app.search.parser import parse
from app.store import CardRecord, Store, Writer
from app.store.history.revisions import RevisionRecorder
from app.store.language.conditions import SOURCES, compile_where
from app.store.language.query import run_query
from app.store.language.typing_names import field_values
from tests.helpers.cards import make_card, make_edition
from tests.helpers.parts import parts_of

CN_SET = {"created_at": "2024-01-26T12:00:00+00:00", "id": "genSetCN01", "language": "CN",
          "last_update": "2025-01-18T17:40:17.152+00:00", "name": "Generated CN",
          "prefix": "GCN", "release_date": "2024-01-26T00:00:00"}


def _card(n: int, **extra: Any) -> dict[str, Any]:
    uuid = f"genCard{n:03}"
    return make_card(uuid, f"Card {n:03}", **{"types": ["ALLY"] if n % 3 else ["ACTION"],
                                              **extra})


def _edition(n: int, **extra: Any) -> dict[str, Any]:
    uuid = f"genCard{n:03}"
    return make_edition(uuid, f"genEd{n:05}", **extra)


def _catalogue() -> list[dict[str, Any]]:
    cards = [_card(n) for n in range(40)]
    cards[1] = _card(1, editions=[_edition(1, set=dict(CN_SET))])
    cards[2] = _card(2, editions=[_edition(2, thema_foil_dynamic=True, thema_foil=700)])
    cards[3] = _card(3, editions=[_edition(3, illustrator="Rare Painter",
                                           configuration="flip")])
    cards[4] = _card(4, types=["ALLY", "ally"], legality={"STANDARD": {"limit": 0}})
    cards[7] = _card(7, editions=[_edition(7, circulationTemplates=[{"kind": "FOIL"}])])
    cards[9] = _card(9, editions=[_edition(9), make_edition("genCard009", "genEd09999", "002")])
    return cards


def _recounted(conn: sqlite3.Connection) -> dict[tuple[str, str], tuple[int, int]]:
    """(field, value) → (cards, their editions), counted from the stored rows."""
    rows = conn.execute("SELECT v.field, v.value, COUNT(*), TOTAL(c.editions) FROM card_values v "
                        "JOIN card_facts c ON c.card_rowid = v.card_rowid GROUP BY 1, 2")
    return {(str(f), str(v).upper()): (int(n), int(e)) for f, v, n, e in rows}


def _stored(conn: sqlite3.Connection) -> dict[tuple[str, str], tuple[int, int]]:
    rows = conn.execute("SELECT field, value, cards, editions FROM value_counts")
    return {(str(f), str(v).upper()): (int(n), int(e)) for f, v, n, e in rows}


def _names(store: Store, text: str, per: str = "card") -> list[str]:
    return [h.name for h in run_query(store, text, per=per).hits]  # type: ignore[arg-type]


@pytest.fixture
def catalogue(tmp_path: Path) -> LocalCatalogue:
    catalogue = LocalCatalogue.open(tmp_path)
    Writer(catalogue.store, RevisionRecorder("files", "import")).write(
        [CardRecord(c) for c in _catalogue()])
    return catalogue


def test_the_search_values_and_counts_follow_every_write(catalogue: LocalCatalogue) -> None:
    store, conn = catalogue.store, catalogue.store.connection()
    assert _stored(conn) == _recounted(conn)
    assert _stored(conn)["lang", "CN"] == (1, 1) and _stored(conn)["is", "DYNAMIC"] == (1, 1)
    assert _stored(conn)["illustrator", "RARE PAINTER"] == (1, 1)
    assert _stored(conn)["type", "ACTION"] == (14, 15)  # card 9 has two editions
    assert _names(store, "lang:cn") == ["Card 001"]
    assert _names(store, "is:dynamic") == _names(store, "is:dynamic", "edition") == ["Card 002"]
    assert _names(store, "a:painter") == _names(store, "a:painter", "edition") == ["Card 003"]
    # a sync-like rewrite: the painter and the flip move to card 5, card 1 leaves the CN set
    later = {"last_update": "2026-01-01T00:00:00.000Z"}
    Writer(store, RevisionRecorder("api", "sync")).write([
        CardRecord(_card(3, **later)), CardRecord(_card(1, **later)),
        CardRecord(_card(5, editions=[_edition(5, illustrator="Rare Painter",
                                               configuration="flip")], **later))])
    assert _stored(conn) == _recounted(conn)
    assert ("lang", "CN") not in _stored(conn)
    assert _names(store, "a:painter") == _names(store, "is:flip") == ["Card 005"]
    assert _names(store, "lang:cn") == []
    Writer(store).write([], remove=["genCard002"])
    assert _stored(conn) == _recounted(conn) and ("is", "DYNAMIC") not in _stored(conn)
    history = parts_of(catalogue).history
    assert history.revert(2) is not None  # the history puts cards 1, 3 and 5 back
    assert _stored(conn) == _recounted(conn)
    assert _names(store, "a:painter") == ["Card 003"] and _names(store, "lang:cn") == ["Card 001"]


def _triggers(conn: sqlite3.Connection) -> list[str]:
    return [name for (name,) in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'value_counts%' "
        "ORDER BY name")]


def test_a_big_write_counts_once_and_keeps_the_triggers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("app.store.write.batch.BULK_CARDS", 10)  # 40 cards are a big write
    store = LocalCatalogue.open(tmp_path).store
    conn = store.connection()
    Writer(store).write([CardRecord(c) for c in _catalogue()])
    assert _stored(conn) == _recounted(conn) and _stored(conn)["lang", "CN"] == (1, 1)
    assert _triggers(conn) == ["value_counts_add", "value_counts_remove"]
    later = {"last_update": "2026-01-01T00:00:00.000Z", "types": ["CHAMPION"]}
    Writer(store).write([CardRecord(_card(n, **later)) for n in range(12)])  # big: 12 of 40
    assert _stored(conn) == _recounted(conn) and _stored(conn)["type", "CHAMPION"] == (12, 12)
    before = _stored(conn)

    def broken(*_: Any) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(Writer, "_upsert_card", broken)
    with pytest.raises(Exception, match="disk I/O error"):
        Writer(store).write([CardRecord(_card(n, last_update="2026-02-01T00:00:00.000Z"))
                             for n in range(40)])
    assert _stored(conn) == before and _triggers(conn) == ["value_counts_add",
                                                           "value_counts_remove"]
    monkeypatch.undo()
    Writer(store).write([], remove=["genCard002"])  # a small write: the triggers count it
    assert _stored(conn) == _recounted(conn) and ("is", "DYNAMIC") not in _stored(conn)


def _search_rows(store: Store) -> tuple[list[Any], ...]:
    conn = store.connection()
    return (conn.execute("SELECT * FROM api_search_editions ORDER BY card_rowid, position"
                         ).fetchall(),
            conn.execute("SELECT card_rowid, field, upper(value) FROM card_values "
                         "ORDER BY 1, 2, 3").fetchall(),
            conn.execute("SELECT card_rowid, languages FROM card_facts ORDER BY 1").fetchall(),
            sorted(_stored(conn).items()))


def test_a_big_write_stores_the_rows_of_card_by_card_writes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    later = {"last_update": "2026-01-01T00:00:00.000Z"}
    moved = [_card(1, **later), _card(6, editions=[_edition(6, set=dict(CN_SET))], **later),
             *[_card(n, types=["CHAMPION"], **later) for n in range(20, 32)]]
    stores = []
    for name, bulk in (("one-by-one", 10_000), ("big", 10)):
        monkeypatch.setattr("app.store.write.batch.BULK_CARDS", bulk)
        store = LocalCatalogue.open(tmp_path / name).store
        Writer(store).write([CardRecord(c) for c in _catalogue()])
        Writer(store).write([CardRecord(c) for c in moved], remove=["genCard002"])
        stores.append(store)
    one_by_one, big = (_search_rows(s) for s in stores)
    assert big == one_by_one and big[0] and big[1]
    assert _names(stores[1], "lang:cn") == ["Card 006"]


def test_a_sets_new_language_moves_its_cards(catalogue: LocalCatalogue) -> None:
    store = catalogue.store
    moved = dict(CN_SET, language="JP")
    Writer(store).write([CardRecord(_card(6, editions=[_edition(6, set=moved)],
                                          last_update="2026-01-01T00:00:00.000Z"))])
    assert _names(store, "lang:jp") == ["Card 001", "Card 006"] and _names(store, "lang:cn") == []
    assert _stored(store.connection()) == _recounted(store.connection())


def test_a_value_is_stored_once_a_card_in_any_case(catalogue: LocalCatalogue) -> None:
    conn = catalogue.store.connection()
    rows = conn.execute("SELECT value FROM card_values WHERE field = 'type' AND card_rowid = "
                        "(SELECT rowid FROM cards WHERE uuid = 'genCard004')").fetchall()
    assert rows == [("ALLY",)]


@pytest.mark.parametrize("query", [
    "lang:cn", "-lang:cn", "is:dynamic", "-is:flip", "a:painter", "a:test", "-a:painter",
    "lang:cn or a:painter", "t:ally", "-t:ally", "t:ally or t:action", "f:standard",
    "f:standard or cost=x", "-(t:ally or el:fire)", "t:ally cost<=2", "s:gcn", "thema=700",
    "thema=700 or lang:cn", "r:1", "-r:1",
])
@pytest.mark.parametrize("per", ["card", "edition"])
def test_every_way_of_counting_gives_the_full_count(
        catalogue: LocalCatalogue, query: str, per: str) -> None:
    store = catalogue.store
    every = run_query(store, query, per=per)  # type: ignore[arg-type]
    for limit in (1, 2, 3, 30):  # sparse, near the threshold and dense paths
        page = run_query(store, query, per=per, limit=limit)  # type: ignore[arg-type]
        assert page.total == every.total
        assert page.hits == every.hits[:limit]
        by_set = run_query(store, query, per=per, sort="set", limit=limit)  # type: ignore[arg-type]
        assert by_set.total == every.total


@pytest.mark.parametrize("query", ["lang:cn", "-lang:cn", "is:dynamic", "is:foil",
                                   "a:painter", "-a:painter", "a:test", "lang:en"])
@pytest.mark.parametrize("per", ["card", "edition"])
def test_a_rare_value_read_from_the_index_holds_for_the_same_cards(
        catalogue: LocalCatalogue, query: str, per: str) -> None:
    tree = parse(query)
    source = "card_facts c" if per == "card" else SOURCES["edition"]
    hit = "c.uuid" if per == "card" else "e.uuid"
    conn = catalogue.store.connection()
    found = []
    for rare in ((), terms(tree)):  # a column of every card, or the cards the index lists
        where = compile_where(tree, per, rare)  # type: ignore[arg-type]
        found.append(sorted(conn.execute(
            f"SELECT {hit} FROM {source} WHERE {where.where}", where.params).fetchall()))
    assert found[0] == found[1] and found[0]


def test_migration_12_writes_the_values_and_counts_of_an_older_file(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    store = Store(path)
    Writer(store).write([CardRecord(c) for c in _catalogue()])
    conn = store.connection()
    written = _recounted(conn)
    conn.execute("DELETE FROM card_values WHERE field IN ('lang', 'is', 'illustrator')")
    for name in ("value_counts_add", "value_counts_remove"):
        conn.execute(f"DROP TRIGGER {name}")
    conn.execute("DROP TABLE value_counts")
    conn.execute("PRAGMA user_version = 11")
    store.close()
    reopened = Store(path)
    conn = reopened.connection()
    assert _recounted(conn) == written and _stored(conn) == written
    assert _names(reopened, "a:painter") == ["Card 003"]


def test_typing_help_knows_the_listed_values_only(catalogue: LocalCatalogue) -> None:
    known = field_values(catalogue.store)
    assert not {"lang", "is", "illustrator"} & set(known)
    assert unknown_value("a:paint lang:cn", known) is None  # a part of a name finds it
    assert "ally" in str(unknown_value("t:alley", known))
