"""Response shapes built from stored JSON (spec: Endpoints, rule 1)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

EditionTest = Callable[[dict[str, Any]], bool]


def card_response(body: str, matches: EditionTest | None = None) -> dict[str, Any]:
    """Rebuild a Card response from a stored body.

    Args:
        body: the stored JSON (the card as received, ``result_editions`` empty).
        matches: which editions belong in ``result_editions``; None means all of them.

    Returns:
        The Card object, keys in received order, ``result_editions`` in received order.
    """
    card: dict[str, Any] = json.loads(body)
    editions = card["editions"]
    card["result_editions"] = [e for e in editions if matches is None or matches(e)]
    return card


EMPTY_RESULT = '"result_editions":[]'


def card_text(body: str, editions: str) -> str:
    """A Card response with ``result_editions`` = all editions, as JSON text, built from the
    stored text without parsing it (endpoint 1, the busiest answer of a server).

    Args:
        body: the stored JSON (compact, ``result_editions`` empty: ``app/store/write/writer.py``).
        editions: the JSON text of the body's ``editions`` array.

    Returns:
        The JSON text; equal, once parsed, to ``card_response(body)``. The top-level key is
        the last occurrence (nested objects come before it in ``editions``); a body without
        it (not written by this program) falls back to parsing.
    """
    at = body.rfind(EMPTY_RESULT)
    if at < 0:
        return json.dumps(card_response(body), ensure_ascii=False)
    return f"{body[:at]}\"result_editions\":{editions}{body[at + len(EMPTY_RESULT):]}"
