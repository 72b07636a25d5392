"""The search language compiled to SQL (:mod:`app.store.language.conditions`): property tests
that no
input breaks the parser or the query and that no value reaches SQL text.

- any text either parses or raises :class:`QuerySyntaxError`, nothing else, and running it
  on a catalogue raises nothing else either;
- for any valid query tree, the SQL text depends only on its fields, operators and shape:
  replacing every value changes the parameters, never the SQL; each ``?`` has one parameter.
"""

from __future__ import annotations

import contextlib
import dataclasses
import doctest
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.search import And, Node, Not, Or, QuerySyntaxError, Term, parse
from app.search.fields import FIELDS, NUMBER_OPS, RARITY_CODES, TEXT_OPS, WORD
from app.store import Store
from app.store.language import conditions
from app.store.language.conditions import SOURCES, compile_where
from app.store.language.owned_terms import attach_collection, uses_collection
from app.store.language.query import run_query
from tests.search.generated import generated_catalogue

FRAGMENTS = [
    "(", ")", "-", " ", " or ", "OR", '"', ":", "=", "!=", "<", "<=", ">", ">=", "x", "fire",
    "'", ";", "--", "%", "_", "\\", "*", "NEAR", "\x00", "木叶", "é", "1", "-1", "9" * 30,
] + [alias for f in FIELDS for alias in f.aliases] + [c.lower() for c in RARITY_CODES]

query_like = st.lists(st.sampled_from(FRAGMENTS), max_size=14).map("".join)
any_text = st.one_of(st.text(max_size=60), query_like)


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    services = generated_catalogue(tmp_path_factory.mktemp("generated"))
    yield services.store
    services.store.close()


@given(any_text)
@settings(max_examples=600)
def test_the_parser_raises_nothing_but_its_own_error(text: str) -> None:
    try:
        parse(text)
    except QuerySyntaxError as error:
        assert 0 <= error.position <= len(text)
        assert error.message


@given(any_text, st.sampled_from(["card", "edition"]))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_running_any_text_raises_nothing_but_the_syntax_error(
    store: Store, text: str, per: str
) -> None:
    with contextlib.suppress(QuerySyntaxError):
        run_query(store, text, per=per, limit=5)  # type: ignore[arg-type]


def _value(field: str, op: str) -> st.SearchStrategy[object]:
    kind = {f.name: f for f in FIELDS}[field]
    if kind.kind == "words":
        return st.text(min_size=1).filter(lambda s: WORD.search(s) is not None)
    if kind.kind in ("exact", "contains"):
        return st.text(min_size=1).filter(lambda s: s.strip() != "")
    if kind.kind == "rarity":
        return st.integers(1, 9)
    if kind.kind == "choice":
        return st.sampled_from(kind.choices)
    if kind.kind == "date":
        days = st.dates().map(lambda d: f"{d:%Y-%m-%d}")
        return st.one_of(days, st.just("latest")) if op in ("=", "!=") else days
    numbers = st.one_of(st.integers(-(2**63), 2**63 - 1), st.floats(allow_nan=False))
    if kind.accepts_x and op in ("=", "!="):
        return st.one_of(numbers, st.just("X"))
    return numbers


@st.composite
def terms(draw: st.DrawFn) -> Term:
    f = draw(st.sampled_from(FIELDS))
    op = draw(st.sampled_from(NUMBER_OPS if f.kind in ("number", "date") else TEXT_OPS))
    value = draw(_value(f.name, op))
    return Term(f.name, op, value, exact=draw(st.booleans()) and f.kind == "words")  # type: ignore[arg-type]


trees: st.SearchStrategy[Node] = st.recursive(
    terms(),
    lambda inner: st.one_of(
        inner.map(Not),
        st.lists(inner, min_size=1, max_size=4).map(lambda c: And(tuple(c))),
        st.lists(inner, min_size=1, max_size=4).map(lambda c: Or(tuple(c))),
    ),
    max_leaves=12,
)


def _placeholders(node: Node) -> Node:
    """The same tree with every free value replaced (choices and X select SQL on purpose)."""
    if isinstance(node, Term):
        kind = {f.name: f for f in FIELDS}[node.field].kind
        if kind == "choice" or node.value in ("X", "latest"):
            return node
        stand_ins: dict[str, str | int] = {"words": "w", "exact": "v", "contains": "v", "rarity": 1,
                                           "date": "2000-01-01"}
        value = stand_ins.get(kind, 0)
        return dataclasses.replace(node, value=value)
    if isinstance(node, Not):
        return Not(_placeholders(node.child))
    return type(node)(tuple(_placeholders(c) for c in node.children))


@given(trees, st.sampled_from(["card", "edition"]))
@settings(max_examples=400)
def test_values_reach_sql_only_as_parameters(tree: Node, per: str) -> None:
    compiled = compile_where(tree, per)  # type: ignore[arg-type]
    assert compiled.where == compile_where(_placeholders(tree), per).where  # type: ignore[arg-type]
    assert compiled.where.count("?") == len(compiled.params)
    assert all(isinstance(p, str | int | float) for p in compiled.params)


@given(trees, st.sampled_from(["card", "edition"]))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_valid_tree_runs_as_sql(store: Store, tree: Node, per: str) -> None:
    compiled = compile_where(tree, per)  # type: ignore[arg-type]
    if uses_collection(tree):  # its terms read the collection attached beside the catalogue
        attach_collection(store, None)
    store.connection().execute(
        f"SELECT COUNT(*) FROM {SOURCES[per]} WHERE {compiled.where}", compiled.params
    ).fetchone()


def test_sql_looking_values_stay_values(store: Store, tmp_path: Path) -> None:
    hostile = [
        "t:\"x' OR 1=1 --\"", "s:\"'; DROP TABLE cards; --\"", 'o:"draw NEAR card"*x',
        "a:%", "a:_", "lang:\"x\\\"", 'name:"fire OR name*" x*',
    ]
    before = run_query(store, "").total
    for query in hostile:
        compiled = compile_where(parse(query))
        assert "DROP" not in compiled.where and "1=1" not in compiled.where
        assert "NEAR" not in compiled.where and "%" not in compiled.where
        run_query(store, query)
    assert run_query(store, "a:%").total == 0  # '%' is a character, not a wildcard
    assert run_query(store, "").total == before == 6


def test_docstring_examples() -> None:
    result = doctest.testmod(conditions, extraglobs={"parse": parse})
    assert result.failed == 0 and result.attempted > 0
