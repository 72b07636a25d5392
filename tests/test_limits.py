"""app/limits.py: the shared limits of every reader of outside input, each able to fail."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app import limits
from app.errors import InvalidData
from tests.helpers.hang_guard import within


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0


TRICKY_TEXT = st.text(alphabet='[]{}"\\ab\n\u00e9')
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | TRICKY_TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TRICKY_TEXT, inner, max_size=4),
    max_leaves=40,
)


@settings(max_examples=300)
@given(JSON_VALUES, st.booleans())
def test_json_depth_is_exact_even_with_brackets_quotes_and_backslashes_in_strings(
    value: Any, ascii_only: bool,
) -> None:
    assert limits.json_depth(json.dumps(value, ensure_ascii=ascii_only)) == _depth(value)


def test_json_nested_100000_deep_is_refused_without_recursing() -> None:
    with pytest.raises(InvalidData) as caught:
        limits.load_json("[" * 100_000 + "]" * 100_000, "deep.json")
    assert caught.value.message == "deep.json: JSON nested 100,000 levels deep; at most 64"


def test_json_integers_longer_than_the_digit_cap_are_one_clear_error() -> None:
    with pytest.raises(InvalidData, match=r"x.json: a number of 5,000 digits; at most 18"):
        limits.load_json('{"qty": ' + "9" * 5000 + "}", "x.json")
    assert limits.load_json('{"qty": -' + "9" * 18 + "}", "x.json") == {"qty": -(10**18 - 1)}


def test_json_that_is_not_json_is_not_json_with_its_line_and_column() -> None:
    with pytest.raises(limits.NotJson, match=r"x.json: not valid JSON at line 2, column 1"):
        limits.load_json('{"a": 1,\n}', "x.json")
    with pytest.raises(limits.NotJson, match="NaN is not a JSON number"):
        limits.load_json("[NaN]", "x.json")


@pytest.mark.parametrize(("text", "expected"), [
    ("4", 4), ("099", 99), ("-3", None), ("٤", None), ("４", None), ("4 ", None),
    ("1_000", None), ("", None), ("9" * 19, None), ("9" * 18, 10**18 - 1),
])
def test_parse_int_reads_ascii_digits_only_up_to_the_digit_cap(text: str,
                                                               expected: int | None) -> None:
    assert limits.parse_int(text) == expected


def test_parse_int_signed_takes_one_sign_and_never_converts_thousands_of_digits() -> None:
    assert limits.parse_int("-12", signed=True) == -12
    assert limits.parse_int("+12", signed=True) == 12
    assert limits.parse_int("--12", signed=True) is None
    assert limits.parse_int("9" * 5000, signed=True) is None  # int() would raise ValueError


@pytest.mark.parametrize(("text", "index"), [
    ("back\x00zzzz", 4), ("\t", 0), ("a\x7f", 1), ("\x85", 0), ("plain text é ٤", None),
])
def test_control_character_finds_c0_del_and_c1(text: str, index: int | None) -> None:
    assert limits.control_character(text) == index


def test_a_long_line_is_refused_by_number_quoting_at_most_80_characters() -> None:
    text = "4 Backstep\n1 a" + " " * 100_000 + "b\n"
    with pytest.raises(InvalidData) as caught:
        limits.bounded_lines(text, "deck.txt", 1000, 200, "a decklist")
    message = caught.value.message
    assert message.startswith("deck.txt: line 2 has 100,004 characters; a decklist has at most "
                              "200 a line: '1 a   ")
    assert len(message) < 200 and "\n" not in message


def test_a_file_over_the_byte_cap_is_refused_with_its_size(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_bytes(b"x" * 1001)
    with pytest.raises(InvalidData, match=r"big.txt: 1,001 bytes; a decklist has at most 1,000"):
        limits.read_bounded(path, 1000, "a decklist")
    assert limits.read_bounded(path, 1001) == b"x" * 1001


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_an_endless_device_is_refused_before_it_is_read() -> None:
    with pytest.raises(limits.NotRegularFile,
                       match="/dev/zero: a device, not a regular file; give the path of a file"):
        limits.read_bounded(Path("/dev/zero"), 1000)




@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_at_once_not_waited_on(tmp_path: Path) -> None:
    fifo = tmp_path / "deck.txt"
    os.mkfifo(fifo)
    for read in (lambda: limits.read_bounded(fifo, 1000, "a decklist"),
                 lambda: limits.open_regular(fifo), lambda: limits.check_regular(fifo),
                 lambda: limits.read_text(fifo, max_bytes=10, max_lines=1, max_line_chars=1)):
        error = within(20, read)
        assert isinstance(error, limits.NotRegularFile)
        assert error.message == (f"{fifo}: a named pipe (FIFO), not a regular file; give the "
                                 "path of a file")
        assert error.status == 400  # exit status 2


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_link_to_a_fifo_is_refused_and_a_link_to_a_file_is_read(tmp_path: Path) -> None:
    fifo, text = tmp_path / "pipe", tmp_path / "deck.txt"
    os.mkfifo(fifo)
    text.write_text("4 Zephyr\n", encoding="utf-8")
    (tmp_path / "to-pipe.txt").symlink_to(fifo)
    (tmp_path / "to-text.txt").symlink_to(text)
    assert isinstance(within(20, lambda: limits.read_bounded(tmp_path / "to-pipe.txt", 99)),
                      limits.NotRegularFile)
    assert limits.read_bounded(tmp_path / "to-text.txt", 99) == b"4 Zephyr\n"


def test_utf16_and_utf32_text_are_named_not_called_binary() -> None:
    for encoding, name in (("utf-16", "UTF-16"), ("utf-16-be", "UTF-16"), ("utf-32", "UTF-32")):
        data = ("\ufeff" if encoding == "utf-16-be" else "") + "4 Zephyr\n"
        with pytest.raises(InvalidData) as caught:
            limits.decode_text(data.encode(encoding), "deck.txt", "a decklist")
        assert caught.value.message == f"deck.txt: {name} text; save it as UTF-8 and try again"


def test_unreadable_binary_and_non_utf8_files_are_one_line_each(tmp_path: Path) -> None:
    with pytest.raises(limits.NotRegularFile, match="a folder, not a regular file"):
        limits.read_bounded(tmp_path, 1000)
    with pytest.raises(InvalidData, match="cannot be read"):
        limits.read_bounded(tmp_path / "missing.txt", 1000)
    with pytest.raises(InvalidData, match="x: a binary file, not a decklist"):
        limits.decode_text(b"\x89PNG\x00", "x", "a decklist")
    with pytest.raises(InvalidData, match=r"x: not UTF-8 text \(byte 1\)"):
        limits.decode_text(b"a\xff", "x")
    assert limits.decode_text("\ufeff4 Zephyr".encode(), "x") == "4 Zephyr"


def test_read_text_checks_bytes_lines_and_line_length_before_returning(tmp_path: Path) -> None:
    path = tmp_path / "c.csv"
    path.write_text("a,b\n" * 3, encoding="utf-8")
    assert limits.read_text(path, max_bytes=100, max_lines=3, max_line_chars=3) == "a,b\n" * 3
    with pytest.raises(InvalidData, match=r"c\.csv: 3 lines; a CSV has at most 2"):
        limits.read_text(path, max_bytes=100, max_lines=2, max_line_chars=3, what="a CSV")


def test_quote_cuts_to_about_80_characters_and_escapes_controls() -> None:
    assert limits.quote("a" * 200) == repr("a" * 79 + "…")
    assert limits.quote("x\x00\u202e") == "'x\\x00\\u202e'"
