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

from app.errors import InvalidRequest
from app.store.api_search import (
    API_SORT_KEYS,
    STAT_FIELDS,
    ApiQuery,
    ListFilter,
    StatTerm,
)

MAX_PAGE_SIZE = 50
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}([T ][0-9:.+\-Z]*)?$")
_STAT = re.compile(r"^\s*([a-z_]+)\s*(<=|>=|=|<|>)\s*(-?\d+(?:\.\d+)?|[xX])\s*$")
_TRUE, _FALSE = ("true", "1", "yes"), ("false", "0", "no")


MAX_PAGE = 1_000_000_000
"""The highest ``page`` accepted: its offset must fit SQLite's 64-bit integers (a larger
page answered 500 with an OverflowError)."""


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
        f"{name} must be one of {', '.join(allowed)}; not {value[:40]!r}")


def _int(name: str, value: str, low: int, high: int | None) -> int:
    try:
        number = int(value)
    except ValueError:
        raise InvalidRequest(f"{name} must be a whole number, not {value[:40]!r}") from None
    if number < low or (high is not None and number > high):
        upper = f" and at most {high}" if high is not None else ""
        raise InvalidRequest(f"{name} must be at least {low}{upper}, not {number}")
    return number


def _bool(name: str, value: str) -> bool:
    if value.lower() in _TRUE:
        return True
    if value.lower() in _FALSE:
        return False
    raise InvalidRequest(f"{name} must be true or false, not {value[:40]!r}")


def _stats(value: str) -> tuple[StatTerm, ...]:
    terms = []
    for text in (t for t in value.split(";") if t.strip()):
        match = _STAT.match(text)
        if match is None or match.group(1) not in STAT_FIELDS:
            raise InvalidRequest(
                f"stats must be terms like level>=2 separated by ';' with a stat among "
                f"{', '.join(STAT_FIELDS)} and an operator among =, <, >, <=, >=; "
                f"not {text[:40]!r}")
        field, op, number = match.groups()
        if number.upper() == "X":
            if op != "=" or field not in ("cost_memory", "cost_reserve"):
                raise InvalidRequest("stats: =X is allowed for cost_memory and cost_reserve "
                                     f"only, not {text[:40]!r}")
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
            high = {"page_size": MAX_PAGE_SIZE, "page": MAX_PAGE}.get(name)
            fields[name] = _int(name, values[0], 0 if name == "legality_limit" else 1, high)
        elif param.kind == "bool":
            fields[name] = _bool(name, values[0])
        elif param.kind == "date":
            if not _DATE.match(values[0]):
                raise InvalidRequest(
                    f"{name} must be a date YYYY-MM-DD, not {values[0][:40]!r}")
            fields[name] = values[0]
        elif param.kind == "stats":
            fields[name] = _stats(values[0])
        else:
            fields[name] = tuple(values) if param.many else values[0]
    for name in ("class_logic", "type_logic", "subtype_logic", "element_logic"):
        fields.pop(name, None)
    return ApiQuery(lists=lists, **fields), ignored
