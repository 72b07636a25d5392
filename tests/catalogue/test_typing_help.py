"""The help a query that finds nothing carries (app/catalogue/typing_help.py), decided by
the catalogue for every front end, on a small generated catalogue."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import app.search.lexer
from app.catalogue import LocalCatalogue
from app.model.query import QueryHelp
from tests.search.generated import generated_catalogue


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalCatalogue]:
    services = generated_catalogue(tmp_path_factory.mktemp("generated"))
    yield services.catalogue
    services.store.close()


def test_an_unknown_value_is_a_mistake_the_answer_names(catalogue: LocalCatalogue) -> None:
    result = catalogue.query("t:champ")
    assert result.total == 0
    assert result.help == QueryHelp("no type “champ” in the catalogue", 2,
                                    "type values starting with “champ”: champion",
                                    mistake=True)


def test_a_misspelt_name_carries_a_suggestion(catalogue: LocalCatalogue) -> None:
    result = catalogue.query("wnd ally")
    assert result.total == 0 and result.help is not None
    assert not result.help.problem and result.help.suggestion == "Wind Ally"


def test_a_query_that_finds_something_carries_no_help(catalogue: LocalCatalogue) -> None:
    assert catalogue.query("wind").help is None
    assert catalogue.query("qqqqqqqq").help is None  # nothing close: nothing to say


def test_a_query_that_finds_nothing_is_read_once(
    catalogue: LocalCatalogue, monkeypatch: pytest.MonkeyPatch,
) -> None:
    read: list[str] = []
    tokenize = app.search.lexer.tokenize

    def counted(text: str) -> object:
        read.append(text)
        return tokenize(text)

    monkeypatch.setattr(app.search.lexer, "tokenize", counted)
    for query in ("t:champ", "wnd ally", "is:legality el:fire qqq"):
        read.clear()
        assert catalogue.query(query).total == 0
        assert read.count(query) == 1
