"""app/collection/values.py: a quantity is ASCII digits only, a rarity is named when it is
none, and a tag or language follows the deck-name rules (one line, no control or
bidirectional character, at most 64 characters)."""

from __future__ import annotations

import re

import pytest

from app.collection.values import note, quantity, rarity_number


@pytest.mark.parametrize("typed", ["١٢", "１２", "0", "-1", "1_000", "1234567", " ", "x"])
def test_a_quantity_is_one_to_six_ascii_digits(typed: str) -> None:
    with pytest.raises(ValueError, match="is not a whole number from 1 to 999999"):
        quantity(typed)


def test_a_quantity_reads_ascii_digits() -> None:
    assert (quantity("12"), quantity("999999"), quantity(" 3 ")) == (12, 999_999, 3)


def test_a_bad_rarity_is_named_with_the_valid_ones() -> None:
    with pytest.raises(ValueError) as error:
        rarity_number("QQ")
    assert str(error.value) == ("rarity 'QQ' is not one of C U R SR UR PR CSR CUR CPR (or "
                                "their names)")
    assert rarity_number("cur") == rarity_number("Collector Ultra Rare") is not None


@pytest.mark.parametrize(("text", "words"), [
    ("x\n 999 Lorraine", "U+000A"), ("a\tb", "U+0009"), ("evil\u202ecard", "U+202E"),
    ("x\u2066y", "U+2066"), ("a\x1bb", "U+001B"), ("t" * 65, "at most 64 characters"),
])
def test_tags_and_languages_follow_the_deck_name_rules(text: str, words: str) -> None:
    for what in ("tag", "language"):
        with pytest.raises(ValueError, match=re.escape(words)):
            note(text, what)


def test_a_tag_is_kept_without_surrounding_spaces() -> None:
    assert note("  trade  ", "tag") == "trade" and note("é" * 64, "tag") == "é" * 64
    assert note(" English ", "language") == "EN"
