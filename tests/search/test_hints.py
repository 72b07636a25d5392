"""Help for a query that finds nothing (app/search/hints.py): unknown field values and
"did you mean" over name words given by the caller (issue 12, item 5)."""

from __future__ import annotations

from app.search.hints import did_you_mean, name_words, unknown_value

KNOWN = {"type": ["CHAMPION", "ALLY", "ACTION"], "element": ["FIRE", "WATER", "WIND", "NORM"],
         "class": ["MAGE", "WARRIOR"]}


def test_an_unknown_value_lists_the_values_that_start_with_it() -> None:
    error = unknown_value("t:champ", KNOWN)
    assert error is not None and error.message == "no type “champ” in the catalogue"
    assert error.hint == "type values starting with “champ”: champion" and error.position == 2
    error = unknown_value("cost>2 el:w", KNOWN)
    assert error is not None and error.position == 10
    assert error.hint == "element values starting with “w”: water, wind"


def test_a_misspelt_value_gets_the_closest_ones() -> None:
    error = unknown_value("cl:magee", KNOWN)
    assert error is not None and error.hint == "did you mean mage"


def test_known_values_and_fields_without_values_pass() -> None:
    assert unknown_value("t:Champion el:fire", KNOWN) is None
    assert unknown_value("st:anything", KNOWN) is None  # no subtype values given
    assert unknown_value("t:(", KNOWN) is None  # malformed: the parser says why


def test_did_you_mean_corrects_misspelt_name_words() -> None:
    words = name_words(["Lorraine, Wandering Warrior", "Spirit of Fire"])
    assert did_you_mean("lorrane", words) == "Lorraine"
    assert did_you_mean("lorrane wandring", words) == "Lorraine Wandering"
    assert did_you_mean("lorr", words) is None  # a prefix of a word is no misspelling
    assert did_you_mean("t:ally", words) is None and did_you_mean("qqqqqq", words) is None
