"""The filter panel's state and the query text, converted both ways (no Qt here).

A :class:`FilterState` holds what the panel can show: one value for each of element,
class, type, subtype, set, rarity and format, and a minimum and maximum for cost, level,
power and life. :func:`from_query` splits a query into that state and the *free text*
(everything the panel cannot show: bare words, ``o:``, ``a:``, negations, ``or`` groups,
a second ``el:`` …); :func:`to_query` writes them back as one query::

    >>> state, free = from_query('spirit el:fire lv>=2 -t:ally')
    >>> state.choice("element"), state.bounds("lv"), free
    ('fire', (2, None), 'spirit -t:ally')
    >>> to_query(state.with_choice("type", "CHAMPION"), free)
    'spirit -t:ally el:fire t:champion lv>=2'

Only terms at the top level of the query, not negated and not inside parentheses or an
``or``, are taken: all of them must hold, so taking them out and putting them back at the
end finds the same cards. When a field comes twice (``el:fire el:water``), the last term
is the panel's and the first stays in the free text, so ``to_query(*from_query(q))`` is
equivalent to ``q`` and a fixed point: a second trip changes nothing.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from app.model.vocabulary import rarity_by_number
from app.search import lexer
from app.search.ast import Or, Term, terms
from app.search.errors import QuerySyntaxError
from app.search.parser import parse

Bounds = tuple[int | None, int | None]
"""A range of a stat: (minimum, maximum), None for no bound; both inclusive."""

CHOICE_FIELDS: tuple[str, ...] = ("element", "class", "type", "subtype", "set", "rarity",
                                  "format")
"""Fields with one chosen value, in the order :func:`to_query` writes them."""
RANGE_FIELDS: tuple[str, ...] = ("cost", "lv", "pow", "life")
"""Fields with a range, in the order :func:`to_query` writes them."""
RANGE_MAX = 999
"""The largest bound the panel shows; larger ones stay in the free text."""

_ALIAS = {"element": "el", "class": "cl", "type": "t", "subtype": "st", "set": "s",
          "rarity": "r", "format": "f"}
FORMAT_RULES: dict[str, str] = {"format": "f", "banned": "banned", "restricted": "restricted"}
"""How the format choice reads (``FilterState.format_rule``) → the alias written: legal in
(``f:``), banned in (``banned:``), limited in (``restricted:``)."""
_ATTR = {"class": "card_class"}


@dataclass(frozen=True)
class FilterState:
    """What the filter panel shows. ``""`` is no choice; ``(None, None)`` is no range.

    Attributes:
        element, card_class, type, subtype, format: a value as ``/option/search`` lists it
            (``FIRE``, ``MAGE``, ``CHAMPION``, ``GREATER BOON``, ``STANDARD``); any case.
        set: a set prefix (``DOA 1st``).
        rarity: a rarity number as text, ``"1"`` to ``"9"`` (``/option/search`` values).
        cost, lv, pow, life: inclusive (minimum, maximum) bounds.
        format_rule: what ``format`` asks (a key of :data:`FORMAT_RULES`): ``format``
            playable in it, ``banned`` banned in it, ``restricted`` limited in it.
    """

    element: str = ""
    card_class: str = ""
    type: str = ""
    subtype: str = ""
    set: str = ""
    rarity: str = ""
    format: str = ""
    cost: Bounds = (None, None)
    lv: Bounds = (None, None)
    pow: Bounds = (None, None)
    life: Bounds = (None, None)
    format_rule: str = "format"

    def choice(self, field: str) -> str:
        """The value chosen for ``field`` (one of :data:`CHOICE_FIELDS`), or ``""``."""
        return str(getattr(self, _ATTR.get(field, field)))

    def bounds(self, field: str) -> Bounds:
        """The (minimum, maximum) of ``field`` (one of :data:`RANGE_FIELDS`)."""
        value: Bounds = getattr(self, field)
        return value

    def with_choice(self, field: str, value: str) -> FilterState:
        """A copy with ``field`` set to ``value`` (``""`` clears it)."""
        changes: dict[str, Any] = {_ATTR.get(field, field): value}
        return dataclasses.replace(self, **changes)

    def with_bounds(self, field: str, low: int | None, high: int | None) -> FilterState:
        """A copy with the range of ``field`` set to ``(low, high)``."""
        changes: dict[str, Any] = {field: (low, high)}
        return dataclasses.replace(self, **changes)

    def count(self) -> int:
        """How many fields have a choice or a bound (for a "Filters (2)" badge)."""
        chosen = sum(1 for f in CHOICE_FIELDS if self.choice(f))
        return chosen + sum(1 for f in RANGE_FIELDS if self.bounds(f) != (None, None))


def from_query(text: str) -> tuple[FilterState, str]:
    """Split ``text`` into the panel's state and the free text the panel cannot show.

    Returns:
        ``(state, free_text)``; the free text keeps the query's own words, in order.

    Raises:
        QuerySyntaxError: ``text`` is malformed.
    """
    root = parse(text)
    if isinstance(root, Or):
        return FilterState(), text.strip()
    by_start = {term.span[0]: term for term in terms(root)}
    state, taken = FilterState(), []
    for token in reversed(_top_level_fields(text)):  # the last term of a field wins
        term = by_start.get(token.start)
        if term is not None:
            updated = _absorb(state, term)
            if updated is not None:
                state = updated
                taken.append((token.start, token.end))
    return state, _without(text, sorted(taken))


def to_query(state: FilterState, free_text: str = "") -> str:
    """The query of ``free_text`` and the filters of ``state``: free text first.

    Free text with a top-level ``or`` is put in parentheses when filters follow it, so the
    filters apply to every alternative. Element, class, type, subtype and format values
    are written in lower case; a value with spaces is quoted (``t:"greater boon"``).
    """
    parts: list[str] = []
    for field in CHOICE_FIELDS:
        value = state.choice(field).replace('"', "")
        if not value:
            continue
        if field == "rarity":
            rarity = rarity_by_number(int(value)) if value.isdecimal() else None
            value = rarity.code if rarity else value
        if field != "set":
            value = value.lower()
        quoted = f'"{value}"' if any(c.isspace() or c in "()" for c in value) else value
        alias = FORMAT_RULES.get(state.format_rule, "f") if field == "format" else _ALIAS[field]
        parts.append(f"{alias}:{quoted}")
    for field in RANGE_FIELDS:
        low, high = state.bounds(field)
        if low is not None and low == high:
            parts.append(f"{field}={low}")
            continue
        if low is not None:
            parts.append(f"{field}>={low}")
        if high is not None:
            parts.append(f"{field}<={high}")
    free = free_text.strip()
    if free and parts and _has_top_level_or(free):
        free = f"({free})"
    return " ".join([free, *parts] if free else parts)


def _absorb(state: FilterState, term: Term) -> FilterState | None:
    """``state`` with ``term`` taken in, or None when the panel cannot show it."""
    if term.field in FORMAT_RULES:  # f:, banned:, restricted: share the format choice
        if term.op != ":" or state.format:
            return None
        return dataclasses.replace(state, format=str(term.value), format_rule=term.field)
    if term.field in CHOICE_FIELDS:
        if term.op != ":" or state.choice(term.field):
            return None
        return state.with_choice(term.field, str(term.value))
    if term.field not in RANGE_FIELDS or type(term.value) is not int:
        return None
    low, high = state.bounds(term.field)
    value = term.value
    if term.op == "=" and low is None and high is None:
        low = high = value
    elif term.op in (">=", ">") and low is None:
        low = value + (term.op == ">")
    elif term.op in ("<=", "<") and high is None:
        high = value - (term.op == "<")
    else:
        return None
    if not all(b is None or 0 <= b <= RANGE_MAX for b in (low, high)):
        return None
    return state.with_bounds(term.field, low, high)


def _top_level_fields(text: str) -> list[lexer.Token]:
    """Field tokens outside parentheses and not negated, left to right."""
    found, depth, negated = [], 0, False
    for token in lexer.tokenize(text):
        if token.kind == lexer.FIELD and depth == 0 and not negated:
            found.append(token)
        depth += {lexer.LPAREN: 1, lexer.RPAREN: -1}.get(token.kind, 0)
        negated = token.kind == lexer.MINUS
    return found


def _has_top_level_or(text: str) -> bool:
    try:
        tokens = lexer.tokenize(text)
    except QuerySyntaxError:  # malformed text is left as it is
        return False
    depth = 0
    for token in tokens:
        depth += {lexer.LPAREN: 1, lexer.RPAREN: -1}.get(token.kind, 0)
        if token.kind == lexer.OR and depth == 0:
            return True
    return False


def _without(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` without the character ranges ``spans`` (ascending), pieces joined by a space."""
    pieces, at = [], 0
    for start, end in spans:
        pieces.append(text[at:start].strip())
        at = end
    pieces.append(text[at:].strip())
    return " ".join(piece for piece in pieces if piece)
