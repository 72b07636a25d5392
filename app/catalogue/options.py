"""``GET /option/search``: the stored response, kept current with the catalogue's own values.

The real response (``../shared/data/gatcg/option-search.json``) lists allowed values as
``{"text", "value", ...}`` items per option. A value the catalogue holds but the stored
response lacks (a new set, class or subtype that arrived with newer cards) is appended,
with a readable ``text``; nothing received is removed or reordered.
"""

from __future__ import annotations

import copy
from typing import Any

from app.store.reads.sets import SetsReader

CARD_LIST_OPTIONS = {"class": "classes", "type": "types", "subtype": "subtypes",
                     "element": "elements"}


def _text(value: str) -> str:
    return value.replace("_", " ").title()


def _append(items: list[dict[str, Any]], value: str, item: dict[str, Any]) -> None:
    if all(str(existing.get("value")) != value for existing in items):
        items.append(item)


def current_options(reader: SetsReader) -> dict[str, Any]:
    """The options response: the stored one (or an empty one) plus the catalogue's values.

    Returns:
        A dict of option name → list of ``{"text", "value", ...}`` items.
    """
    options: dict[str, Any] = copy.deepcopy(reader.stored_options() or {})
    for option, key in CARD_LIST_OPTIONS.items():
        items = options.setdefault(option, [])
        for value in reader.card_values(key):
            _append(items, value, {"text": _text(value), "value": value})
    sets = options.setdefault("set", [])
    for prefix, name, _language in reader.sets():
        _append(sets, prefix, {"text": name, "value": prefix, "display": name})
    rarities = options.setdefault("rarity", [])
    for rarity in reader.rarities():
        _append(rarities, str(rarity), {"text": f"Rarity {rarity}", "value": str(rarity)})
    formats = options.setdefault("gameFormat", [])
    for fmt in reader.legality_formats():
        _append(formats, fmt, {"text": _text(fmt), "value": fmt})
    languages = options.setdefault("language", [])
    for language in sorted({s[2] for s in reader.sets()}):
        _append(languages, language, {"text": language, "value": language})
    return options
