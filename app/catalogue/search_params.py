"""Parameters of the official ``GET /cards/search``: one table, parsed and validated.

Source: ``openapi-v1.1.0.json``, ``/cards/search`` (every parameter, its kind and allowed
values). Allowed values of class, type, subtype, element, rarity, language and legality
format come from the catalogue's ``/option/search`` answer, so a value the catalogue holds is
always accepted. A known parameter with a bad value raises :class:`InvalidRequest` naming the
parameter and what it allows; an unknown parameter is ignored (as the official API does) and
reported back so the server can name it.

List parameters (``class``, ``element``, ``prefix``, …) take repeated keys
(``element=FIRE&element=WATER``), comma-separated values, or ``element[]=`` keys.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app import limits
from app.errors import InvalidRequest
from app.limits import parse_int, quote
from app.store.official.request import ApiQuery, ListFilter, StatTerm
from app.store.official.search import API_SORT_KEYS, STAT_FIELDS

MAX_PAGE_SIZE = 50
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9:.+\-Z]{0,40})?")
_STAT = re.compile(r"([a-z_]{1,40})\s{0,20}(<=|>=|=|<|>)\s{0,20}"
                   r"(-?[0-9]{1,18}(?:\.[0-9]{1,18})?|[xX])")
_TRUE, _FALSE = ("true", "1", "yes"), ("false", "0", "no")


MAX_PAGE = 1_000_000_000
"""The highest ``page`` accepted: its offset must fit SQLite's 64-bit integers (a larger
page answered 500 with an OverflowError)."""
MAX_LIMIT = 1_000_000
"""The highest ``legality_limit`` accepted (a copy limit; 2^63 answered 500)."""
INT_RANGES: dict[str, tuple[int, int]] = {
    "page": (1, MAX_PAGE), "page_size": (1, MAX_PAGE_SIZE), "legality_limit": (0, MAX_LIMIT)}
"""Each integer parameter's least and greatest value."""


@dataclass(frozen=True)
class Param:
    """One parameter: its kind, whether it repeats, and its allowed values.

    ``kind`` is one of ``int``, ``enum`` (``allowed``), ``option`` (allowed values from the
    ``/option/search`` field ``option``), ``text``, ``date``, ``bool``, ``stats``.
    """

    kind: str
    many: bool = False
    allowed: tuple[str, ...] = ()
    option: str = ""
    nullable: bool = False


LOGIC = ("AND", "OR")
API_PARAMETERS: dict[str, Param] = {
    "page": Param("int"),
    "page_size": Param("int"),
    "sort": Param("enum", allowed=tuple(API_SORT_KEYS)),
    "order": Param("enum", allowed=("ASC", "DESC")),
    "separate_editions": Param("bool"),
    "class": Param("option", many=True, option="class"),
    "class_logic": Param("enum", allowed=LOGIC),
    "type": Param("option", many=True, option="type"),
    "type_logic": Param("enum", allowed=LOGIC),
    "subtype": Param("option", many=True, option="subtype"),
    "subtype_logic": Param("enum", allowed=LOGIC),
    "element": Param("option", many=True, option="element", nullable=True),
    "element_logic": Param("enum", allowed=LOGIC),
    "name": Param("text"), "slug": Param("text"), "effect": Param("text"),
    "flavor": Param("text"), "rule": Param("text"), "rule_title": Param("text"),
    "last_update": Param("date"),
    "speed": Param("enum", many=True, allowed=("fast", "none", "slow")),
    "stats": Param("stats"),
    "legality_format": Param("option", option="gameFormat"),
    "legality_limit": Param("int"),
    "legality_state": Param("enum", allowed=("ANY", "LEGAL", "RESTRICTED")),
    "prefix": Param("text", many=True),
    "rarity": Param("option", option="rarity"),
    "illustrator": Param("text"), "collector_number": Param("text"),
    "edition_slug": Param("text"), "edition_effect": Param("text"),
    "edition_flavor": Param("text"), "edition_last_update": Param("date"),
    "language": Param("option", many=True, option="language"),
    "configuration": Param("enum", allowed=("default", "flip")),
    "collab": Param("bool"),
}
"""Every ``/cards/search`` parameter of the OpenAPI document."""


def _values(name: str, raw: list[str], param: Param) -> list[str]:
    if not param.many:
        return raw[-1:] if raw and raw[-1] != "" else []
    out = [v.strip() for item in raw for v in item.split(",")]
    return [v for v in out if v]


def _choose(name: str, value: str, allowed: Sequence[str]) -> str:
    for candidate in allowed:
        if candidate.upper() == value.upper():
            return candidate
    raise InvalidRequest(
        f"{name} must be one of {', '.join(allowed)}; not {quote(value, 40)}")


def _int(name: str, value: str) -> int:
    low, high = INT_RANGES[name]
    text = value.strip()
    digits = text[1:] if text[:1] in ("-", "+") else text
    if not digits or not (digits.isascii() and digits.isdigit()):
        raise InvalidRequest(f"{name} must be a whole number (digits 0-9), not "
                             f"{quote(value, 40)}")
    number = parse_int(text, limits.NUMBER_DIGITS, signed=True)
    if number is None or not low <= number <= high:
        shown = number if number is not None else quote(text, 40)
        raise InvalidRequest(f"{name} must be at least {low} and at most {high}, not {shown}")
    return number


def _bool(name: str, value: str) -> bool:
    if value.lower() in _TRUE:
        return True
    if value.lower() in _FALSE:
        return False
    raise InvalidRequest(f"{name} must be true or false, not {quote(value, 40)}")


def _stats(value: str) -> tuple[StatTerm, ...]:
    terms = []
    for text in (t for t in value.split(";") if t.strip()):
        match = _STAT.fullmatch(text.strip())
        if match is None or match.group(1) not in STAT_FIELDS:
            raise InvalidRequest(
                f"stats must be terms like level>=2 separated by ';' with a stat among "
                f"{', '.join(STAT_FIELDS)} and an operator among =, <, >, <=, >=; "
                f"not {quote(text, 40)}")
        field, op, number = match.groups()
        if number.upper() == "X":
            if op != "=" or field not in ("cost_memory", "cost_reserve"):
                raise InvalidRequest("stats: =X is allowed for cost_memory and cost_reserve "
                                     f"only, not {quote(text, 40)}")
            terms.append(StatTerm(field, "=", -1))
        else:
            terms.append(StatTerm(field, op, float(number)))
    return tuple(terms)


def group_pairs(pairs: Sequence[tuple[str, str]]) -> dict[str, list[str]]:
    """Query pairs by name, ``name[]`` folded into ``name``, in received order."""
    grouped: dict[str, list[str]] = {}
    for key, value in pairs:
        grouped.setdefault(key[:-2] if key.endswith("[]") else key, []).append(value)
    return grouped


def parse_api_query(
    pairs: Sequence[tuple[str, str]], options: Mapping[str, Any]
) -> tuple[ApiQuery, list[str]]:
    """Validate a ``/cards/search`` query string.

    Args:
        pairs: the query's ``(name, value)`` pairs in order (names may repeat).
        options: the catalogue's ``/option/search`` answer (allowed values).

    Returns:
        ``(the query, names of unknown parameters, sorted)``.

    Raises:
        InvalidRequest: a known parameter has a value outside its allowed values.
    """
    grouped = group_pairs(pairs)
    ignored = sorted(k for k in grouped if k not in API_PARAMETERS)
    fields: dict[str, Any] = {}
    lists: dict[str, ListFilter] = {}
    for name, param in API_PARAMETERS.items():
        values = _values(name, grouped.get(name, []), param)
        if not values:
            continue
        if param.kind == "enum":
            chosen = [_choose(name, v, param.allowed) for v in values]
            fields[name] = tuple(chosen) if param.many else chosen[0]
        elif param.kind == "option":
            allowed = [str(i.get("value")) for i in options.get(param.option, [])]
            allowed += ["null"] if param.nullable else []
            chosen = [_choose(name, v, allowed) for v in values]
            if name in ("class", "type", "subtype", "element"):
                logic = _values(name, grouped.get(f"{name}_logic", []), Param("enum"))
                lists[name] = ListFilter(
                    tuple(v for v in chosen if v != "null"),
                    _choose(f"{name}_logic", logic[0], LOGIC) if logic else "OR",
                    "null" in chosen)
            elif name == "rarity":
                fields[name] = int(chosen[0])
            else:
                fields[name] = tuple(chosen) if param.many else chosen[0]
        elif param.kind == "int":
            fields[name] = _int(name, values[0])
        elif param.kind == "bool":
            fields[name] = _bool(name, values[0])
        elif param.kind == "date":
            if not _DATE.fullmatch(values[0]):
                raise InvalidRequest(
                    f"{name} must be a date YYYY-MM-DD, not {quote(values[0], 40)}")
            fields[name] = values[0]
        elif param.kind == "stats":
            fields[name] = _stats(values[0])
        else:
            fields[name] = tuple(values) if param.many else values[0]
    for name in ("class_logic", "type_logic", "subtype_logic", "element_logic"):
        fields.pop(name, None)
    return ApiQuery(lists=lists, **fields), ignored
