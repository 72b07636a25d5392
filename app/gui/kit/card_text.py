"""Readable texts of API values: rarities, formats, kinds, facts, type lines (pure, no Qt).

The names come from the real ``GET /option/search`` response
(``../shared/data/gatcg/option-search.json``); values it does not list are shown
title-cased, so a new value still reads well.
"""

from __future__ import annotations

from typing import Any

from app.model import vocabulary

RARITIES: dict[int, str] = {r.number: r.name for r in vocabulary.RARITIES}
"""Rarity numbers of the API and their names (option/search ``rarity``: ``text``)."""

FORMATS: dict[str, str] = vocabulary.names(vocabulary.FORMATS)
"""Legality formats (option/search ``gameFormat``)."""

CIRCULATION_KINDS: dict[str, str] = vocabulary.names(vocabulary.CIRCULATION_KINDS)
"""Circulation kinds (option/search ``circulation``)."""

CONFIGURATIONS: dict[str, str] = {"default": "Default", "flip": "Flip"}
"""Edition configurations (option/search ``configuration``)."""

ORIENTATIONS: dict[str, str] = {"front": "Front", "back": "Back"}
"""Edition orientations (option/search ``configurationOrientation``)."""

LANGUAGES: dict[str, str] = {"EN": "English", "CN": "Chinese (Traditional)"}
"""Set languages (option/search ``language``)."""


def title(value: Any) -> str:
    """An API value as words: ``GREATER_BOON`` → ``Greater Boon``."""
    return str(value).replace("_", " ").title()


def named(table: dict[Any, str], value: Any) -> str:
    """The name of ``value`` in ``table``, else the value title-cased ("" for None)."""
    if value is None:
        return ""
    return table.get(value) or title(value)


def rarity_text(rarity: Any) -> str:
    """``Rare (R)`` for 3; ``Rarity 12`` for a number the options do not list; "" for None."""
    if not isinstance(rarity, int) or isinstance(rarity, bool):
        return ""
    known = vocabulary.rarity_by_number(rarity)
    if known:
        return f"{known.name} ({known.code})"
    return f"Rarity {rarity}"


def words(values: Any) -> str:
    """A list of API values as a comma-separated phrase (``Tamer, Warrior``)."""
    if not values:
        return ""
    return ", ".join(title(v) for v in values)


def type_line(card: dict[str, Any]) -> str:
    """``Champion — Spirit``: types, then subtypes, title case ("" when both are empty)."""
    parts = (words(card.get("types")), words(card.get("subtypes")))
    return " — ".join(part for part in parts if part)


def facts(card: dict[str, Any]) -> list[tuple[str, str]]:
    """A card's (or an other orientation's) facts as ``(label, value)`` pairs, in display order:
    cost, elements, classes, level, power, life, durability, speed; missing ones left out."""
    found: list[tuple[str, str]] = []
    cost = card.get("cost") or {}
    if cost.get("type") in ("memory", "reserve") and cost.get("value") is not None:
        found.append(("Cost", f"{cost['value']} {cost['type'].title()}"))
    for one, many, key in (("Element", "Elements", "elements"), ("Class", "Classes", "classes")):
        if card.get(key):
            found.append((many if len(card[key]) > 1 else one, words(card[key])))
    for label, key in (("Level", "level"), ("Power", "power"), ("Life", "life"),
                       ("Durability", "durability")):
        if card.get(key) is not None:
            found.append((label, str(card[key])))
    if card.get("speed") is not None:
        found.append(("Speed", "Fast" if card["speed"] else "Slow"))
    return found


def image_name(path: str | None) -> str:
    """The file name of an edition ``image`` path (``/cards/images/x.jpg`` → ``x.jpg``)."""
    return (path or "").rsplit("/", 1)[-1]


def population_text(population: Any, operator: Any) -> str:
    """``≈ 24,000`` (the operator is the symbol itself in the real data); "" for no number."""
    if not isinstance(population, int | float) or isinstance(population, bool):
        return ""
    number = f"{population:,}" if isinstance(population, int) else f"{population:,g}"
    return f"{operator} {number}" if operator else number
