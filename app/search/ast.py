"""The parsed form of a query: terms combined with NOT, AND and OR.

The parser builds these; the compiler turns them into SQL. Values are already checked and
normalised by the parser (numbers are numbers, rarity codes are rarity numbers), so the
compiler never has to reject anything.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

Value = str | int | float


@dataclass(frozen=True)
class Term:
    """One condition, e.g. ``t:champion``, ``cost<=2`` or the bare word ``fire``.

    Attributes:
        field: the canonical field name (:data:`app.search.fields.FIELDS`), e.g. ``"type"``;
            bare words and phrases have the field ``"name"``.
        op: ``":"`` (has / matches) or ``"!="`` (does not) for text and choice fields;
            one of ``= != < <= > >=`` for numeric fields.
        value: text as typed (words fields, exact fields); an ``int``/``float`` for numbers
            and rarity; ``"X"`` for an X cost; a lower-case choice (``"fast"``, ``"foil"``).
        exact: the value was quoted: for name, effect and flavor a phrase of whole words.
        span: ``(start, end)`` character offsets of the term in the query (not compared,
            not shown).
    """

    field: str
    op: str
    value: Value
    exact: bool = False
    span: tuple[int, int] = dataclasses.field(default=(0, 0), compare=False, repr=False)


@dataclass(frozen=True)
class Not:
    """The negation of ``child`` (``-term``, ``-(group)``)."""

    child: Node


@dataclass(frozen=True)
class And:
    """Every child holds (terms side by side). An empty ``And`` matches everything."""

    children: tuple[Node, ...]


@dataclass(frozen=True)
class Or:
    """At least one child holds (``a or b``)."""

    children: tuple[Node, ...]


Node = Term | Not | And | Or


def terms(node: Node) -> list[Term]:
    """Every :class:`Term` of ``node``, left to right."""
    if isinstance(node, Term):
        return [node]
    if isinstance(node, Not):
        return terms(node.child)
    return [t for child in node.children for t in terms(child)]
