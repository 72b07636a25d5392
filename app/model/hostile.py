"""Values JSON can carry that the catalogue cannot keep, found before a record is stored.

Python's ``json`` module accepts lone surrogates (``"\\ud800"``), integers of any size,
``NaN`` and ``Infinity``, and recurses on nesting. SQLite cannot store an integer of 2^63 or
more, a lone surrogate is no UTF-8, ``NaN`` makes served JSON invalid, and deep nesting
exhausts the interpreter's stack. A record holding any of them is rejected with its reason
like any other invalid record; :func:`loads` decodes a whole file or
response without letting one deeply nested record abort the rest.
"""

from __future__ import annotations

import json
import math
from typing import Any

MAX_DEPTH = 64
"""Nesting deeper than this is rejected (real records nest about 6 levels)."""
INT_MIN, INT_MAX = -(2**63), 2**63 - 1
MAX_INT_DIGITS = 20
"""An integer literal with more digits is out of range whatever it is (2^63 has 19)."""
TOO_DEEP = "__archivist_too_deep__"
"""Key of the object that :func:`loads` puts in place of a value nested too deep."""


def hostile_value(value: Any, path: str = "") -> tuple[str, str] | None:
    """The first value the catalogue cannot keep, as ``(dotted path, reason)``, or None.

    Args:
        value: a decoded JSON value (a record).
        path: the prefix of the reported path.

    Returns:
        ``(path, reason)`` for a lone surrogate, an integer outside SQLite's 64-bit range,
        ``NaN``/``Infinity``, nesting deeper than :data:`MAX_DEPTH`, or a part :func:`loads`
        cut for depth; None when the value is clean.
    """
    if _surely_clean(value):
        return None
    stack: list[tuple[Any, str, int]] = [(value, path, 0)]
    while stack:
        item, where, depth = stack.pop()
        here = where or "(record)"
        if depth > MAX_DEPTH:
            return here, f"nested deeper than {MAX_DEPTH} levels"
        if isinstance(item, dict):
            if TOO_DEEP in item:
                return here, f"nested deeper than {MAX_DEPTH} levels"
            for key, child in item.items():
                bad = _bad_text(key)
                if bad:
                    return here, f"a key {bad}"
                stack.append((child, f"{where}.{key}" if where else str(key), depth + 1))
        elif isinstance(item, list):
            stack.extend((c, f"{where}.{i}" if where else str(i), depth + 1)
                         for i, c in enumerate(item))
        elif isinstance(item, str):
            bad = _bad_text(item)
            if bad:
                return here, bad
        elif isinstance(item, bool):
            continue
        elif isinstance(item, int) and not INT_MIN <= item <= INT_MAX:
            return here, "integer out of range (more than 64 bits)"
        elif isinstance(item, float) and not math.isfinite(item):
            return here, f"{item} is not a JSON number"
    return None


def _surely_clean(value: Any) -> bool:
    """True when ``value`` certainly holds nothing :func:`hostile_value` reports; False when it
    may (the exact walk then finds what and where).

    The same checks as the exact walk without building a path for every value, and the
    strings encoded at once: a lone surrogate anywhere makes the joined text unencodable.
    """
    strings: list[str] = []
    if not _lean(value, 0, strings):
        return False
    try:
        "".join(strings).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _lean(item: Any, depth: int, strings: list[str]) -> bool:
    kind = type(item)
    if kind is dict:
        if depth >= MAX_DEPTH or TOO_DEEP in item:
            return False
        strings.extend(item)
        children = item.values()
    elif kind is list:
        if depth >= MAX_DEPTH:
            return False
        children = item
    else:
        return _lean_scalar(item, strings)
    for child in children:
        kind = type(child)
        if kind is str:
            strings.append(child)
        elif kind is dict or kind is list:
            if not _lean(child, depth + 1, strings):
                return False
        elif not _lean_scalar(child, strings):
            return False
    return True


def _lean_scalar(item: Any, strings: list[str]) -> bool:
    kind = type(item)
    if kind is str:
        strings.append(item)
        return True
    if item is None or kind is bool:
        return True
    if kind is int:
        return bool(INT_MIN <= item <= INT_MAX)
    if kind is float:
        return math.isfinite(item)
    return False


def _bad_text(text: str) -> str | None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "holds a lone surrogate (not valid Unicode)"
    return None


def decode(data: bytes) -> Any:
    """Decode a JSON document given as UTF-8 bytes (a response body) exactly like
    ``loads(data.decode("utf-8"))``, faster.

    pydantic-core's Rust decoder builds the same values as ``json`` for every document it
    accepts (tested in ``tests/model/test_hostile.py``); it refuses what ``json`` refuses and
    also lone surrogate escapes and nesting beyond 200 levels, so any document it refuses
    takes the exact path, which decodes it or raises the same error as before.

    Raises:
        json.JSONDecodeError, UnicodeDecodeError: not UTF-8 JSON.
    """
    from pydantic_core import from_json  # not at import: the window starts without pydantic

    try:
        return from_json(data)
    except ValueError:
        return loads(data.decode("utf-8"))


def loads(text: str) -> Any:
    """Decode JSON text; a value nested deeper than :data:`MAX_DEPTH` is replaced by
    ``{TOO_DEEP: true}`` and an integer of more than :data:`MAX_INT_DIGITS` digits by a value
    out of range (so only its record is rejected) instead of aborting the decode.

    Raises:
        json.JSONDecodeError: the text is not JSON.
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise
    except (RecursionError, ValueError):  # too deep, or an integer over 4,300 digits
        return json.loads(_cut_deep(text), parse_int=_capped_int)


def _capped_int(digits: str) -> int:
    """``int(digits)``, or a value just out of SQLite's range for an integer too long to
    convert (so :func:`hostile_value` rejects its record, not the whole file)."""
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        return INT_MIN - 1 if digits.startswith("-") else INT_MAX + 1
    return int(digits)


def _cut_deep(text: str) -> str:
    out: list[str] = []
    depth, start, in_string, escape, last = 0, -1, False, False, 0
    for i, char in enumerate(text):
        if in_string:
            if escape:
                escape = False
            elif char == "\\":
                escape = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth == MAX_DEPTH + 1:
                start = i
        elif char in "]}":
            if depth == MAX_DEPTH + 1 and start >= 0:
                out.append(text[last:start])
                out.append(json.dumps({TOO_DEEP: True}))
                last, start = i + 1, -1
            depth -= 1
    out.append(text[last:])
    return "".join(out)
