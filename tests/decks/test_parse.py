"""Reading decklist text and event JSON: formats, variants and bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.decks import Zone, parse_event, parse_pasted, parse_text, read_decklists
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


# -- hostile input: each case one clear error or line problem, never a hang ---------------------

def test_a_line_of_100000_spaces_is_refused_at_once_not_after_minutes() -> None:
    """'1 a' + 100,000 spaces + 'b' took time growing with the square of the line in the old
    regular expression (40,000 spaces: 7.7 s); run in a child process with a timeout so a
    regression fails instead of hanging the suite."""
    code = ("from app.decks import parse_pasted\nfrom app.errors import InvalidData\n"
            "try:\n    parse_pasted('1 a' + ' ' * 100_000 + 'b')\n"
            "except InvalidData as e:\n    print(e.message)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=True, cwd=Path(__file__).parents[2])
    assert done.stdout.startswith("the pasted text: line 1 has 100,004 characters; a "
                                  "decklist has at most 200 a line: '1 a ")
    assert len(done.stdout.strip()) < 200


def test_a_line_longer_than_200_characters_refuses_the_file_quoting_80(tmp_path: Path) -> None:
    path = tmp_path / "many.txt"
    path.write_text(("1 a" + " " * 1900 + "b\n") * 1000, encoding="utf-8")  # 1.9 MB
    with pytest.raises(InvalidData) as caught:
        read_decklists(path)
    assert caught.value.message.startswith(f"{path}: line 1 has 1,904 characters; a decklist "
                                           "has at most 200 a line: '1 a ")
    assert len(caught.value.message) < len(str(path)) + 160


def test_a_line_within_the_limit_is_read_in_one_pass_whatever_its_spaces() -> None:
    parsed = parse_text("1 a" + " " * 190 + "b\n")
    assert [(ln.quantity, ln.name) for ln in parsed.lines] == [(1, "a" + " " * 190 + "b")]


def test_json_nested_100000_deep_is_one_clear_error_not_a_recursion_error(
    tmp_path: Path,
) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000, encoding="utf-8")
    with pytest.raises(InvalidData, match=r"deep.json: JSON nested 100,000 levels deep; at most 8"):
        read_decklists(path)


def test_a_5000_digit_quantity_is_one_clear_error_in_text_and_in_json(tmp_path: Path) -> None:
    text = tmp_path / "digits.txt"
    text.write_text("9" * 5000 + " Backstep\n", encoding="utf-8")
    with pytest.raises(InvalidData, match="line 1 has 5,009 characters"):
        read_decklists(text)
    event = tmp_path / "digits.json"
    event.write_text('{"main": [{"name": "Backstep", "qty": ' + "9" * 5000 + "}]}",
                     encoding="utf-8")
    with pytest.raises(InvalidData, match=r"digits\.json: a number of 5,000 digits; at most 18"):
        read_decklists(event)


def test_a_150_digit_quantity_is_a_line_problem_quoting_12_digits() -> None:
    parsed = parse_text("9" * 150 + " Backstep\n")
    assert [str(p) for p in parsed.problems] == [
        "line 1: quantity 99999999999… for 'Backstep': a line needs 1 to 99 copies"]


@pytest.mark.parametrize("text", ['{"main": 5}', '{"material": "Spirit of Wind"}',
                                  '{"decklists": [{"main": {"qty": 4}}]}'])
def test_a_zone_that_is_not_a_list_is_one_clear_error_not_a_type_error(
    tmp_path: Path, text: str,
) -> None:
    path = tmp_path / "shape.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InvalidData, match=r"shape.json: decklist 1: '\w+' is not a list of cards"):
        read_decklists(path)


def test_an_event_without_decklists_says_so_instead_of_a_silent_legal(tmp_path: Path) -> None:
    path = tmp_path / "empty.json"
    path.write_text('{"decklists": []}', encoding="utf-8")
    with pytest.raises(InvalidData) as caught:
        read_decklists(path)
    assert caught.value.message == f"no decklist in {path}"


@pytest.mark.parametrize("line", ["\u0664 Backstep", "\uff14 Backstep", "\u09ea Backstep"])
def test_quantities_take_the_digits_0_to_9_only(line: str) -> None:
    """'٤ Backstep' (an Arabic-Indic four) counted 4 copies."""
    parsed = parse_text(f"# Main Deck\n{line}\n")
    assert parsed.lines == []
    assert [str(p) for p in parsed.problems] == [
        f"line 2: {line!r}: write the quantity with the digits 0-9 (e.g. '4 Backstep')"]


def test_headers_with_counts_and_colons_still_name_their_zone() -> None:
    parsed = parse_text("## Material Deck (12):\n1 Spirit of Wind\nMaindeck\n4 Zephyr\n"
                        "Side Board:\n2 Backstep\nMain Deck (sixty)\n")
    assert [(ln.zone, ln.name) for ln in parsed.lines] == [
        (Zone.MATERIAL, "Spirit of Wind"), (Zone.MAIN, "Zephyr"), (Zone.SIDEBOARD, "Backstep")]
    assert [p.number for p in parsed.problems] == [7]  # "(sixty)" is no count: not a header


def test_pasted_text_over_2_mb_is_refused_before_it_is_read() -> None:
    with pytest.raises(InvalidData, match="the pasted text has 2,000,001 bytes; a decklist "
                                          "has at most 2,000,000"):
        parse_pasted("x" * 2_000_001)


LINE_PIECES = st.sampled_from(["1", "4", "99", "100", "0", "٤", "x", "X", "×", " ", "  ", "\t",
                               "#", "# Main Deck", "Sideboard:", "//", "Backstep", "Spirit of",
                               "{", "[", '"', "\u202e", "\x00", "(12)", ":", "\n", "\r\n"])
DECKLIST_TEXT = st.one_of(
    st.text(max_size=100_000),
    st.lists(LINE_PIECES, max_size=400).map("".join),
    st.tuples(st.sampled_from(["1 a", "{", "[", "4x "]), st.integers(0, 100_000),
              st.sampled_from(["b", "", "]", "}"])).map(lambda t: t[0] + " " * t[1] + t[2]),
    st.integers(0, 100_000).map(lambda n: "[" * n),
)


@settings(max_examples=200, deadline=timedelta(seconds=2),
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(DECKLIST_TEXT)
def test_any_text_up_to_100_kb_is_read_or_refused_cleanly(text: str) -> None:
    """Whatever is pasted (up to 100 KB), the reader answers decklists or one InvalidData:
    no other exception, and (the deadline) no example takes seconds."""
    try:
        lists = parse_pasted(text, "Pasted deck")
    except InvalidData as error:
        assert "\n" not in error.message and len(error.message) < 300
        return
    for parsed in lists:
        for line in parsed.lines:
            assert 1 <= line.quantity <= 99 and line.name
        for problem in parsed.problems:
            assert "\n" not in str(problem) and len(str(problem)) < 300
