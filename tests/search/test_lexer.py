"""The search language's lexer (app/search/lexer.py): bounded before it reads."""

from __future__ import annotations

import pytest

from app.search import parse
from app.search.errors import QuerySyntaxError
from app.search.lexer import MAX_QUERY_CHARS, tokenize


def test_a_query_longer_than_the_limit_is_refused_before_it_is_read() -> None:
    with pytest.raises(QuerySyntaxError) as caught:
        tokenize("a" * (MAX_QUERY_CHARS + 1))
    assert caught.value.message == "the query has 2,001 characters; at most 2,000"
    assert [t.kind for t in tokenize("a" * MAX_QUERY_CHARS)] == ["word", "end"]


@pytest.mark.parametrize(("query", "position"), [
    ("back\x00zzzz", 4), ('o:"draw\x00"', 7), ("fire \x1b[31m", 5), ("x\x85", 1),
])
def test_a_control_character_is_a_syntax_error_where_it_stands(query: str,
                                                                position: int) -> None:
    """A NUL went on to SQLite, which cut the text at it."""
    with pytest.raises(QuerySyntaxError) as caught:
        parse(query)
    assert caught.value.message == "a control character"
    assert caught.value.position == position


def test_tabs_and_line_breaks_are_white_space_as_before() -> None:
    assert parse("fire\tt:ally\nel:fire") == parse("fire t:ally el:fire")
