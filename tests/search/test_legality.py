"""Format legality means what players mean (spec/decks.md, "Legality in
the catalogue"): ``f:``/``legal:`` playable, ``banned:`` limit 0, ``restricted:`` limit ≥ 1."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.bootstrap import build
from app.model.legality import Standing, format_limits, standing, standings
from app.search import QuerySyntaxError
from app.search.filters import FilterState, from_query, to_query
from app.store import CardRecord, Store, Writer
from app.store.language.query import run_query
from tests.helpers.cards import make_card

LEGALITIES: dict[str, Any] = {  # GENERATED cards, one per shape of legality
    "Open Card": None,
    "Empty Card": {},
    "Banned Card": {"STANDARD": {"limit": 0}, "DRAFT": {"limit": 0}},
    "Limited Card": {"STANDARD": {"limit": 2}},
    "Single Card": {"PANTHEON": {"limit": 1}},
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    services = build(str(tmp_path_factory.mktemp("legality")))
    cards = [make_card(f"legal{n:05d}", name, legality=legality)
             for n, (name, legality) in enumerate(LEGALITIES.items())]
    Writer(services.store).write(CardRecord(card) for card in cards)
    yield services.store
    services.store.close()


def names(store: Store, query: str) -> set[str]:
    return {hit.name for hit in run_query(store, query).hits}


@pytest.mark.parametrize(("query", "expected"), [
    ("f:standard", {"Open Card", "Empty Card", "Limited Card", "Single Card"}),
    ("legal:Standard", {"Open Card", "Empty Card", "Limited Card", "Single Card"}),
    ("banned:standard", {"Banned Card"}),
    ("restricted:standard", {"Limited Card"}),
    ("limited:pantheon", {"Single Card"}),
    ("f:draft -restricted:standard", {"Open Card", "Empty Card", "Single Card"}),
    ("-f:pantheon", set()),
])
def test_format_terms_follow_the_rules_of_the_spec(store: Store, query: str,
                                                   expected: set[str]) -> None:
    assert names(store, query) == expected


def test_an_unknown_format_is_a_clear_error(store: Store) -> None:
    with pytest.raises(QuerySyntaxError) as caught:
        run_query(store, "f:modern")
    assert "unknown format 'modern'" in caught.value.message
    assert "standard" in caught.value.hint


def test_one_reading_of_legality() -> None:
    assert format_limits({"standard": {"limit": 2}, "DRAFT": {"limit": "x"}, "X": 3}) == {
        "STANDARD": 2}
    assert standing({"STANDARD": 0}, "standard") == Standing("STANDARD", "banned", 0)
    assert [s.describe() for s in standings({"STANDARD": {"limit": 1},
                                              "PANTHEON": {"limit": 0}})] == [
        "Limited to 1 copy", "Legal", "Banned"]
    assert not standing({"DRAFT": 0}, "DRAFT").playable
    assert standing({}, "DRAFT").playable


def test_the_readme_explains_the_format_terms() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    for words in ("banned:", "restricted:", "f:standard"):
        assert words in readme


@pytest.mark.parametrize(("text", "state"), [
    ("f:standard", FilterState(format="STANDARD")),
    ("banned:pantheon", FilterState(format="PANTHEON", format_rule="banned")),
    ("limited:draft", FilterState(format="DRAFT", format_rule="restricted")),
])
def test_the_filter_panel_reads_and_writes_each_format_rule(text: str,
                                                            state: FilterState) -> None:
    assert from_query(text) == (state, "")
    assert from_query(to_query(state)) == (state, "")
    assert to_query(state).split(":")[0] in ("f", "banned", "restricted")
