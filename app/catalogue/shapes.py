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
