"""Reading decklist text and event JSON: formats, variants and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.decks import Zone, parse_event, parse_text, read_decklists
from app.errors import InvalidData

OMNIDEX = """# Material Deck
1 Spirit of Wind
1 Tristan, Underhanded

# Main Deck
4 Backstep
3 Zephyr

# Sideboard
2 Drown in Aether
"""


def test_the_omnidex_text_is_read_zone_by_zone() -> None:
    parsed = parse_text(OMNIDEX)
    assert parsed.problems == []
    assert [(ln.zone, ln.quantity, ln.name) for ln in parsed.lines] == [
        (Zone.MATERIAL, 1, "Spirit of Wind"), (Zone.MATERIAL, 1, "Tristan, Underhanded"),
        (Zone.MAIN, 4, "Backstep"), (Zone.MAIN, 3, "Zephyr"),
        (Zone.SIDEBOARD, 2, "Drown in Aether"),
    ]


def test_community_variants_read_the_same() -> None:
    text = ("Material:\n1x Spirit of Wind\n1 x Tristan, Underhanded\n"
            "MAIN DECK (7)\n4x Backstep\n3 Zephyr\n// a comment\n"
            "sideboard:\n2X Drown in Aether\n")
    variant = parse_text(text)
    assert variant.problems == []
    assert [(ln.zone, ln.quantity, ln.name) for ln in variant.lines] == [
        (ln.zone, ln.quantity, ln.name) for ln in parse_text(OMNIDEX).lines]


def test_lines_before_any_header_have_no_zone_yet() -> None:
    parsed = parse_text("1 Spirit of Wind\n4 Backstep\n")
    assert [ln.zone for ln in parsed.lines] == [None, None]


@pytest.mark.parametrize(("line", "message"), [
    ("0 Backstep", "line 2: quantity 0 for 'Backstep': a line needs 1 to 99 copies"),
    ("1000000000 Backstep",
     "line 2: quantity 1000000000 for 'Backstep': a line needs 1 to 99 copies"),
    ("12", "line 2: '12' has a quantity but no card name"),
    ("Backstep", "line 2: 'Backstep' is not 'QUANTITY NAME' (e.g. '4 Backstep')"),
])
def test_a_bad_line_gets_its_own_message_and_the_others_are_kept(line: str, message: str) -> None:
    parsed = parse_text(f"# Main Deck\n{line}\n3 Zephyr\n")
    assert [str(p) for p in parsed.problems] == [message]
    assert [(ln.quantity, ln.name) for ln in parsed.lines] == [(3, "Zephyr")]


def test_ten_thousand_lines_are_refused_with_one_clear_message() -> None:
    with pytest.raises(InvalidData) as caught:
        parse_text("4 Backstep\n" * 10_000, "deck.txt")
    assert caught.value.message == "deck.txt: 10,000 lines; a decklist has at most 1,000"


def test_a_binary_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    with pytest.raises(InvalidData, match="a binary file, not a decklist"):
        read_decklists(path)


def test_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(InvalidData, match="cannot be read"):
        read_decklists(tmp_path / "nope.txt")


def test_an_event_file_gives_every_decklist_in_file_order(tmp_path: Path) -> None:
    event = {"id": 1, "decklists": [
        {"material": [{"slug": "spirit-of-wind", "name": "Spirit of Wind", "qty": 1}],
         "main": [{"slug": "backstep", "name": "Backstep", "qty": 4}], "sideboard": []},
        {"material": [], "main": [{"slug": "zephyr", "name": "Zephyr", "qty": 0}],
         "sideboard": []},
    ]}
    path = tmp_path / "event.json"
    path.write_text(json.dumps(event), encoding="utf-8")
    first, second = read_decklists(path)
    assert (first.index, second.index) == (0, 1)
    assert [(ln.zone, ln.quantity, ln.slug) for ln in first.lines] == [
        (Zone.MATERIAL, 1, "spirit-of-wind"), (Zone.MAIN, 4, "backstep")]
    assert [str(p) for p in second.problems] == [
        "line 1: quantity 0 for 'Zephyr': a line needs 1 to 99 copies"]


def test_json_that_is_not_a_decklist_is_refused() -> None:
    with pytest.raises(InvalidData, match="not an event with 'decklists'"):
        parse_event({"cards": []}, "x.json")
