"""The parser: what queries mean, and where and why malformed ones are refused."""

from __future__ import annotations

import json

import pytest

from app.errors import InvalidRequest
from app.search import And, Not, Or, QuerySyntaxError, Term, parse
from app.search.fields import FIELDS, RARITY_CODES
from tests.conftest import SHARED_DATA


def t(field: str, value: object, op: str = ":", exact: bool = False) -> Term:
    return Term(field, op, value, exact)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("query", "tree"),
    [
        ("fire", t("name", "fire")),
        ('"spirit of"', t("name", "spirit of", exact=True)),
        ("fire spirit", And((t("name", "fire"), t("name", "spirit")))),
        ("T:Champion", t("type", "Champion")),
        ("type=champion", t("type", "champion")),
        ('t:"greater boon"', t("type", "greater boon")),
        ("o:draw effect:card", And((t("effect", "draw"), t("effect", "card")))),
        ('o:"draw a card"', t("effect", "draw a card", exact=True)),
        ("cost<=2", t("cost", 2, "<=")),
        ("cost:3", t("cost", 3, "=")),
        ("lv>=1.5", t("lv", 1.5, ">=")),
        ("pow!=3", t("pow", 3, "!=")),
        ("cost=X", t("cost", "X", "=")),
        ("r:cur", t("rarity", 8)),
        ("r:5", t("rarity", 5)),
        ("spd:FAST", t("spd", "fast")),
        ("is:foil", t("is", "foil")),
        ("t!=ally", t("type", "ally", "!=")),
        ("-t:ally", Not(t("type", "ally"))),
        ("--t:ally", t("type", "ally")),
        ("a or b c", Or((t("name", "a"), And((t("name", "b"), t("name", "c")))))),
        ("a OR b Or c", Or((t("name", "a"), t("name", "b"), t("name", "c")))),
        ("-(a or b) c", And((Not(Or((t("name", "a"), t("name", "b")))), t("name", "c")))),
        ('"or"', t("name", "or", exact=True)),
        ("(t:ally)", t("type", "ally")),
        ("s:doa)x", None),  # an error: see below
        ("", And(())),
        ("   ", And(())),
    ],
)
def test_queries_parse_to_their_meaning(query: str, tree: object) -> None:
    if tree is None:
        with pytest.raises(QuerySyntaxError):
            parse(query)
        return
    assert parse(query) == tree


@pytest.mark.parametrize(
    ("query", "position", "message", "hint"),
    [
        ("xyz:1", 0, "unknown field 'xyz'", "fields: name o ft t st cl el"),
        ("fire tpye:ally", 5, "unknown field 'tpye'", "did you mean 'type:'?"),
        ("cost>abc", 5, "cost expects a number, not 'abc'", "e.g. cost>=3"),
        ("lv>x", 3, "lv expects a number, not 'x'", "e.g. lv>=3"),
        ("cost<x", 5, "X is not a number", "e.g. cost=x"),
        ("t<ally", 1, "t compares with ':' or '!=', not '<'", "e.g. t:champion"),
        ("t: ally", 2, "t: needs a value", "e.g. t:champion"),
        ('o:""', 2, "o: needs a value", "e.g. o:draw"),
        ("r:zz", 2, "unknown rarity 'zz'", "C U R SR UR PR CSR CUR CPR"),
        ("r:10", 2, "unknown rarity '10'", "a number 1–9"),
        ("spd:quick", 4, "spd: expects fast or slow, not 'quick'", "e.g. spd:fast"),
        ("is:shiny", 3, "is: expects dynamic or foil or flip", "e.g. is:dynamic"),
        ("(t:ally", 0, "this '(' is never closed", "add ')'"),
        ("(a (b)", 0, "this '(' is never closed", "add ')'"),
        ("t:ally)", 6, "this ')' closes nothing", "remove it"),
        (")", 0, "this ')' closes nothing", "remove it"),
        ("a ()", 2, "empty parentheses", "put a search inside"),
        ("or fire", 0, "'or' needs a term before it", 'quote it'),
        ("fire or", 5, "'or' needs a term after it", "e.g. t:ally or t:champion"),
        ("a or or b", 2, "'or' needs a term after it", ""),
        ("(a or)", 3, "'or' needs a term after it", ""),
        ("fire -", 5, "'-' needs a term right after it", "no space after '-'"),
        ("- fire", 0, "'-' needs a term right after it", ""),
        ("-or x", 0, "'-' needs a term right after it", ""),
        ('o:"draw a', 2, "this quote is never closed", 'close it with another "'),
        ('fire "', 5, "this quote is never closed", ""),
        ('""', 0, "empty quotes", "type words between the quotes"),
        ("!!!", 0, "nothing to search for in '!!!'", "words of letters or digits"),
        ("o:***", 2, "nothing to search for in '***'", ""),
        ("木叶 x\ud800", 4, "unreadable character", ""),
    ],
)
def test_a_malformed_query_is_refused_at_its_position_with_a_hint(
    query: str, position: int, message: str, hint: str
) -> None:
    with pytest.raises(QuerySyntaxError) as caught:
        parse(query)
    error = caught.value
    assert (error.position, error.message[: len(message)]) == (position, message)
    assert hint in error.hint
    assert isinstance(error, InvalidRequest)  # a 400 for any front end


def test_nesting_and_length_are_bounded_by_syntax_errors() -> None:
    with pytest.raises(QuerySyntaxError, match="nested too deep"):
        parse("(" * 40 + "a" + ")" * 40)
    with pytest.raises(QuerySyntaxError, match="too many terms"):
        parse(" ".join(["a"] * 101))
    parse("-" * 1999 + "a")  # negations are counted, not recursed
    with pytest.raises(QuerySyntaxError, match="the query has 2,001 characters; at most 2,000"):
        parse("-" * 2000 + "a")


def test_the_caret_sits_under_the_offending_character_even_after_wide_characters() -> None:
    query = "a:木叶 cost>abc"
    with pytest.raises(QuerySyntaxError) as caught:
        parse(query)
    lines = caught.value.render(query).splitlines()
    assert lines[0] == "  a:木叶 cost>abc"
    assert lines[1] == "  " + " " * 12 + "^"  # a : 木(2) 叶(2) space c o s t > = 12 columns
    assert lines[2] == "cost expects a number, not 'abc'"
    assert lines[3].startswith("hint: e.g. cost>=3")


@pytest.mark.realdata
def test_rarity_codes_are_the_display_values_of_option_search() -> None:
    options = json.loads((SHARED_DATA / "option-search.json").read_text(encoding="utf-8"))
    from_options = {r["display"]: int(r["value"]) for r in options["rarity"]}
    assert from_options == RARITY_CODES


def test_every_field_has_a_unique_alias_and_a_working_example() -> None:
    aliases = [a for f in FIELDS for a in f.aliases]
    assert len(aliases) == len(set(aliases))
    for f in FIELDS:
        for example in f.example.split(", "):
            parse(example)
