"""File names from templates, made safe on Windows, macOS and Linux."""

from __future__ import annotations

import unicodedata

import pytest

from app.errors import InvalidRequest
from app.export.naming import (
    DEFAULT_TEMPLATE,
    MAX_NAME_BYTES,
    MAX_NAME_CHARS,
    check_template,
    numbered,
    render_name,
    safe_filename,
)

VALUES = {"set_prefix": "DOA 1st", "collector_number": "001", "slug": "spirit-of-fire",
          "name": "Spirit of Fire", "rarity": "C", "uuid": "abcdef1234"}
WINDOWS_FORBIDDEN = set('/\\:*?"<>|') | {chr(c) for c in range(32)} | {"\x7f"}
RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)),
            *(f"LPT{i}" for i in range(1, 10))}


def assert_safe(name: str) -> None:
    assert name and not set(name) & WINDOWS_FORBIDDEN
    assert name == name.strip(". ")
    assert name not in (".", "..")
    assert name.split(".")[0].upper() not in RESERVED
    assert len(name) <= MAX_NAME_CHARS and len(name.encode()) <= MAX_NAME_BYTES
    assert unicodedata.is_normalized("NFC", name)


def test_the_default_template() -> None:
    # the rarity tells DOA 1st 005 C from DOA 1st 005 CUR
    assert render_name(DEFAULT_TEMPLATE, VALUES, ".png") == "DOA 1st-001-C-spirit-of-fire.png"
    assert render_name(DEFAULT_TEMPLATE, {**VALUES, "rarity": ""}, ".png") == (
        "DOA 1st-001-spirit-of-fire.png")  # an unknown rarity leaves no "--"


def test_every_placeholder_renders() -> None:
    template = "{set_prefix} {collector_number} {slug} {name} {rarity} {uuid}"
    assert render_name(template, VALUES, ".jpg") == (
        "DOA 1st 001 spirit-of-fire Spirit of Fire C abcdef1234.jpg")


@pytest.mark.parametrize("template, words", [
    ("{nope}", "Unknown placeholder {nope}"),
    ("{}", "Unknown placeholder {}"),
    ("{0}", "Unknown placeholder {0}"),
    ("{name.upper}", "Unknown placeholder {name.upper}"),
    ("{name!r}", "no conversion"),
    ("{name:>20}", "no conversion or format spec"),
    ("{name", "malformed"),
    ("name}", "malformed"),
    ("   ", "empty"),
])
def test_a_bad_template_is_refused_with_a_clear_message(template: str, words: str) -> None:
    with pytest.raises(InvalidRequest, match=".*" + words.replace("{", r"\{").replace(
            "}", r"\}").replace(".", r"\.")):
        check_template(template)


def test_the_message_lists_the_placeholders() -> None:
    with pytest.raises(InvalidRequest) as error:
        check_template("{set}")
    assert "{set_prefix}, {collector_number}, {slug}, {name}, {rarity}, {uuid}" in str(error.value)


def test_literal_braces_are_allowed() -> None:
    assert render_name("{{{name}}}", VALUES, ".png") == "{Spirit of Fire}.png"


@pytest.mark.parametrize("hostile, expected", [
    ("a/b\\c", "a_b_c"),
    ("../../etc/passwd", "_.._etc_passwd"),
    ("..", "card"),
    (".", "card"),
    ("", "card"),
    ("  . ", "card"),
    ("x:y*z?\"<>|", "x_y_z_____"),
    ("tab\there\nnew\x00nul\x7f", "tab_here_new_nul_"),
    ("CON", "_CON"),
    ("con", "_con"),
    ("NUL.txt", "_NUL.txt"),
    ("Com1", "_Com1"),
    ("LPT9.tar", "_LPT9.tar"),
    ("COM¹", "_COM¹"),
    ("CONSOLE", "CONSOLE"),
    (" .hidden. ", "hidden"),
    ("e\u0301toile", "\u00e9toile"),
])
def test_hostile_names_come_out_safe(hostile: str, expected: str) -> None:
    name = safe_filename(hostile, ".png")
    assert name == expected + ".png"
    assert_safe(name)


def test_a_very_long_name_is_cut_keeping_the_extension() -> None:
    name = safe_filename("A" * 1000, ".png")
    assert name == "A" * (MAX_NAME_CHARS - 4) + ".png"
    assert_safe(name)


def test_a_long_name_of_wide_characters_fits_the_byte_limit() -> None:
    name = safe_filename("漢" * 200, ".jpg")
    assert name.endswith(".jpg") and len(name.encode()) <= MAX_NAME_BYTES
    assert_safe(name)


def test_cutting_never_leaves_a_trailing_dot_or_space() -> None:
    name = safe_filename("a" * 140 + " . . . . . . . . . .", ".png")
    assert_safe(name)
    assert name.endswith("a.png")


def test_hostile_values_in_a_template_stay_in_one_name() -> None:
    values = {**VALUES, "name": "../../../x", "set_prefix": "C:\\Windows"}
    name = render_name("{set_prefix}-{name}", values, ".png")
    assert "/" not in name and "\\" not in name
    assert_safe(name)


def test_numbered_names() -> None:
    assert numbered("a.png", 2) == "a (2).png"
    assert numbered("DOA 1st-001-x.jpg", 3) == "DOA 1st-001-x (3).jpg"
    assert numbered("plain", 2) == "plain (2)"
