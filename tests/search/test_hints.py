"""Help for a query that finds nothing (app/search/hints.py): unknown field values and
"did you mean" over name words given by the caller."""

from __future__ import annotations

import pytest

from app.search.hints import as_query, did_you_mean, history_reason, unknown_value

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
    names = ["Lorraine, Wandering Warrior", "Spirit of Fire", "Bombastic Sprint"]
    assert did_you_mean("lorrane", names) == "Lorraine"
    assert did_you_mean("lorrane wandring", names) == "Lorraine, Wandering Warrior"
    assert did_you_mean("lorr", names) is None  # a prefix of a word is no misspelling
    assert did_you_mean("t:ally", names) is None and did_you_mean("qqqqqq", names) is None


@pytest.mark.parametrize("typed", ["sprit of fire", "Sprint of Fire", '"sprit of fire"'])
def test_did_you_mean_names_a_whole_card_never_words_of_two(typed: str) -> None:
    # "sprit" is as close to "Sprint" (Bombastic Sprint) as to "Spirit"
    names = ["Bombastic Sprint", "Spirit of Fire", "Spirit of Water", "Fireball"]
    assert did_you_mean(typed, names) == "Spirit of Fire"


def test_a_suggested_name_that_would_not_read_as_words_is_quoted() -> None:
    assert as_query("Spirit Blade: Ascension") == '"Spirit Blade: Ascension"'
    assert as_query("Lorraine, Blademaster") == "Lorraine, Blademaster"
    assert as_query("Fire or Ice") == '"Fire or Ice"'


def test_a_history_term_says_why_it_found_nothing() -> None:
    first = history_reason("is:legality f:standard", 1, True, set())
    assert first is not None and first.message == "no revision has changed legality yet"
    assert "first import" in first.hint and first.position == 0
    later = history_reason("t:ally is:new", 3, False, {"errata"})
    assert later is not None and later.message == "the latest revision (3) has not added a card"
    assert later.position == 7
    assert history_reason("is:errata t:ally", 3, False, {"errata"}) is None  # it did
    assert history_reason("-is:new", 1, True, set()) is None  # negated: not why
    assert history_reason("changed:latest", 2, False, {"new"}) is None
    assert history_reason("t:ally", 1, True, set()) is None
