"""The official search's SQL (app/store/official/search.py) on a small GENERATED catalogue:
levels of filters, ordering rules, and request text that never reaches SQL as code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.store.db.connection import Store
from app.store.official.request import ApiQuery, ListFilter, StatTerm
from app.store.official.search import _found_once, search_cards
from tests.search.generated import generated_catalogue


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Store:
    return generated_catalogue(tmp_path_factory.mktemp("api-search")).store


def names(store: Store, query: ApiQuery) -> list[str]:
    return [json.loads(hit.body)["name"] for hit in search_cards(store, query)[1]]


def test_edition_filters_choose_result_editions(store: Store) -> None:
    total, hits = search_cards(store, ApiQuery(rarity=8))
    assert total == 1 and hits[0].edition_uuids == ("genEd00102",)
    total, hits = search_cards(store, ApiQuery(slug="fire-spirit"))
    assert total == 1 and hits[0].edition_uuids is None  # no edition filter: every edition


def test_separate_editions_counts_entries(store: Store) -> None:
    total, hits = search_cards(store, ApiQuery(slug="fire-spirit", separate_editions=True))
    assert total == 2 and [h.edition_uuids for h in hits] == [("genEd00101",), ("genEd00102",)]


def test_cards_without_the_sort_value_come_last_both_ways(store: Store) -> None:
    # life: Wind Ally 4, Fire Spirit 20, the other four have none.
    assert names(store, ApiQuery(sort="life"))[:2] == ["Wind Ally", "Fire Spirit"]
    assert names(store, ApiQuery(sort="life", order="DESC"))[:2] == ["Fire Spirit", "Wind Ally"]


def test_list_logic_and_null(store: Store) -> None:
    both = ApiQuery(lists={"class": ListFilter(("WARRIOR", "GUARDIAN"), "AND")})
    assert names(store, both) == ["Or Else"]
    either = ApiQuery(lists={"class": ListFilter(("WARRIOR", "SPIRIT"), "OR")})
    assert sorted(names(store, either)) == ["Fire Spirit", "Or Else"]
    no_element = ApiQuery(lists={"element": ListFilter((), "OR", none=True)})
    assert "Water Bolt" not in names(store, no_element)


def test_a_card_list_with_edition_filters_lists_each_card_once(store: Store) -> None:
    # Or Else is both a WARRIOR and a GUARDIAN: found through each value, listed once
    either = {"class": ListFilter(("WARRIOR", "GUARDIAN"), "OR")}
    every = names(store, ApiQuery(lists=either))
    assert "Or Else" in every and len(every) == len(set(every))
    with_editions = ApiQuery(lists=either, stats=(StatTerm("rarity", ">=", 0),))
    assert search_cards(store, with_editions)[0] == len(every)
    assert sorted(names(store, with_editions)) == sorted(every)
    past = ApiQuery(lists=either, page=len(every) + 1, page_size=1)  # the walk finds none
    assert search_cards(store, past) == (len(every), [])
    one = {"class": ListFilter(("WARRIOR",), "AND")}
    assert names(store, ApiQuery(lists=one, stats=(StatTerm("rarity", ">=", 0),))) == names(
        store, ApiQuery(lists=one))


def test_x_cost_and_stat_terms(store: Store) -> None:
    assert names(store, ApiQuery(stats=(StatTerm("cost_reserve", "=", -1),))) == [
        "Mystery Cost"]
    assert names(store, ApiQuery(stats=(StatTerm("population_foil", "<=", 250),))) == [
        "Fire Spirit"]


@pytest.mark.parametrize("text", ["'; DROP TABLE cards; --", "%", "_", "\\", "\" OR 1=1"])
def test_request_text_is_bound_never_pasted(store: Store, text: str, tmp_path: Path) -> None:
    for query in (ApiQuery(name=text), ApiQuery(prefix=(text,)), ApiQuery(illustrator=text),
                  ApiQuery(edition_effect=text), ApiQuery(rule_title=text)):
        assert search_cards(store, query)[0] == 0
    assert search_cards(store, ApiQuery())[0] == 6


def test_a_found_card_set_is_listed_once_in_rowid_order(store: Store) -> None:
    # Each statement of a search builds its own index of the set: ascending rowids append to
    # it (a card matching in its effect and in an edition's is found twice, kept once).
    found = "SELECT 3 AS r UNION ALL SELECT 1 AS r UNION ALL SELECT 3 AS r"
    condition, rowids = _found_once(store.connection(), found)
    assert json.loads(rowids) == [1, 3] and "json_each" in condition
