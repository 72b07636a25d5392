"""Values of the search language's fields (app/search/fields.py): numbers, days and
rarities take the digits 0-9 only, and a number of any length is an error, not a crash."""

from __future__ import annotations

import pytest

from app.search import parse
from app.search.ast import Term
from app.search.errors import QuerySyntaxError


@pytest.mark.parametrize("query", ["lv>=\u0664", "r:\u0664", "cost=\uff13",
                                   "changed>=\u0664\u0664\u0664\u0664-01-01"])
def test_digits_other_than_0_to_9_are_no_number(query: str) -> None:
    """``lv>=٤`` and ``r:٤`` were read as 4."""
    with pytest.raises(QuerySyntaxError):
        parse(query)


@pytest.mark.parametrize("query", ["r:" + "9" * 5000, "lv>=" + "9" * 1500, "pow=1." + "0" * 30])
def test_a_number_of_thousands_of_digits_is_a_syntax_error_not_a_value_error(query: str) -> None:
    """``r:`` and 5,000 digits raised ValueError (int() over 4,300 digits)."""
    with pytest.raises(QuerySyntaxError):
        parse(query)


def test_ordinary_numbers_rarities_and_days_still_read() -> None:
    assert parse("lv>=2") == Term("lv", ">=", 2)
    assert parse("r:5") == Term("rarity", ":", 5)
    assert parse("changed>=2026-04-01") == Term("changed", ">=", "2026-04-01")
    assert parse("thema>=123456789012345678") == Term("thema", ">=", 123456789012345678.0)
