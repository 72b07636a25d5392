"""Recognising what an API JSON file holds, by its shape.

Shapes: an array of Card objects or a ``/cards/search`` page (``{"data": [...]}``), a
``/featured-sets`` array, an ``/option/search`` object, or an array of dynamic Thema
rank entries or history entries (endpoints 6 and 7).
"""

from __future__ import annotations

from typing import Any, Literal

Kind = Literal["cards", "featured", "options", "thema"]

FEATURED_KEYS = {"uuid", "name", "image", "sets"}
OPTION_KEYS = {"class", "type", "subtype", "element", "set", "rarity"}
THEMA_KEYS = {"kind", "score"}, {"kind", "thema_total", "rank"}


def classify(value: Any) -> Kind:
    """Which kind of response ``value`` is; ``"cards"`` when in doubt, so that every record
    is then validated as a Card and each bad one is reported with its reason."""
    if isinstance(value, dict):
        if isinstance(value.get("data"), list):
            return "cards"
        if OPTION_KEYS & set(value) and all(isinstance(v, list) for v in value.values()):
            return "options"
        return "cards"
    if not isinstance(value, list) or not value or not isinstance(value[0], dict):
        return "cards"
    keys = set(value[0])
    if "editions" in keys:
        return "cards"
    if keys >= FEATURED_KEYS:
        return "featured"
    if any(k <= keys for k in THEMA_KEYS):
        return "thema"
    return "cards"
