"""Per card, edition terms hold on one edition: a per-card search finds exactly the cards
of the per-edition search (app/store/language/conditions.py, ``_per_card``), on the real
catalogue."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from app.store.language.query import run_query

pytestmark = pytest.mark.realdata

EDITION_TERMS = (
    's:"DOA 1st"', "s:DOA", 's:"DOA Alter"', "s:AMB", "r:UR", "r:C", "r:CSR", "r:R",
    'a:"Primea Studio"', "a:木叶", "lang:CN", "lang:EN", "thema>=500", "thema<100",
    "is:foil", "is:flip", "is:dynamic",
)
"""Edition-level terms with values the 2026-04-04 snapshot holds (sets, rarities,
illustrators, languages, Thema, the edition flags)."""


def cards(catalogue: Any, query: str, per: str) -> set[str]:
    result = run_query(catalogue.store, query, per=per)  # type: ignore[arg-type]
    uuids = {hit.uuid if per == "card" else hit.card_uuid for hit in result.hits}
    if per == "card":
        assert result.total == len(uuids)
    return uuids


def shown(catalogue: Any, query: str, sort: str) -> set[tuple[str, str]]:
    """(card, shown edition) of a per-card page read as it is when many cards match (an
    index walk in the sort's order; a limit below the hits)."""
    result = run_query(catalogue.store, query, sort=sort, limit=2000)
    return {(hit.uuid, hit.edition_uuid) for hit in result.hits}  # type: ignore[union-attr]


def test_the_issue_example_finds_the_five_ur_editions_of_doa_1st(real_catalogue: Any) -> None:
    result = run_query(real_catalogue.store, 'r:UR s:"DOA 1st"')
    names = sorted(hit.name for hit in result.hits)
    assert result.total == 5
    assert not {"Arcane Sight", "Crux Sight", "Luxem Sight", "Tera Sight"} & set(names)
    assert all(hit.set_prefix == "DOA 1st" for hit in result.hits)  # the matched edition shown


def _pairs() -> list[str]:
    queries = []
    for a, b in itertools.combinations(EDITION_TERMS, 2):
        queries += [f"{a} {b}", f"-{a} {b}", f"{a} -{b}", f"({a} or {b}) r:UR",
                    f"-({a} {b})"]
    return queries


def test_every_pair_of_edition_terms_finds_the_cards_of_the_per_edition_search(
        real_catalogue: Any) -> None:
    wrong = [q for q in _pairs()
             if cards(real_catalogue, q, "card") != cards(real_catalogue, q, "edition")]
    assert wrong == []


@pytest.mark.parametrize("query", [
    "-s:DOA", "s!=DOA", "-r:UR s:DOA", "t:ally -is:foil r:C", "(t:ally s:AMB) or (r:UR lang:EN)",
    "el:fire (s:DOA or s:AMB) -r:C", "cost<=2 -(s:DOA r:C)", "thema!=0 s:AMB",
    "-(t:champion or s:DOA) r:UR", 'a:"Primea Studio" -a:"Primea Studio"',
])
def test_mixed_card_and_edition_terms(real_catalogue: Any, query: str) -> None:
    assert cards(real_catalogue, query, "card") == cards(real_catalogue, query, "edition")


def test_a_negated_edition_term_alone_means_an_edition_without_it(real_catalogue: Any) -> None:
    # every card has an edition outside AMB but the few printed only there
    only_amb = cards(real_catalogue, "s:AMB", "card") - cards(real_catalogue, "-s:AMB", "card")
    assert only_amb and len(cards(real_catalogue, "-s:AMB", "card")) > 2000


@pytest.mark.parametrize("query", [
    "-s:DOA", "is:foil -r:C", 's:"DOA Alter" -is:foil', "-lang:EN", "r:C -s:AMB",
    "lang:EN -r:UR", "el:fire -s:DOA",
])
@pytest.mark.parametrize("sort", ["set", "name", "cost"])
def test_a_page_shows_each_card_by_an_edition_that_matches(
        real_catalogue: Any, query: str, sort: str) -> None:
    editions = {(hit.card_uuid, hit.uuid) for hit in
                run_query(real_catalogue.store, query, per="edition").hits}
    page = shown(real_catalogue, query, sort)
    assert page and page <= editions
    if len(page) < 2000:
        assert {card for card, _ in page} == {card for card, _ in editions}
