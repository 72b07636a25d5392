"""Small hand-written Card objects for tests that need no real data (generated, not real)."""

from __future__ import annotations

import copy
from typing import Any

_SET = {
    "created_at": "2024-01-26T12:00:00+00:00",
    "id": "gen0set001",
    "language": "EN",
    "last_update": "2025-01-18T17:40:17.152+00:00",
    "name": "Generated Test Set",
    "prefix": "GEN 1st",
    "release_date": "2024-01-26T00:00:00",
}


def make_edition(card_uuid: str, uuid: str, number: str = "001", **extra: Any) -> dict[str, Any]:
    """A valid Edition object (generated)."""
    edition: dict[str, Any] = {
        "card_id": card_uuid,
        "collector_number": number,
        "configuration": "default",
        "created_at": "2024-01-26T12:00:00+00:00",
        "effect": None,
        "effect_raw": None,
        "flavor": None,
        "illustrator": "Test Artist",
        "image": f"/cards/images/{uuid}.jpg",
        "last_update": "2025-01-19T12:25:21.17+00:00",
        "orientation": None,
        "rarity": 1,
        "slug": f"gen-card-{uuid}",
        **{
            f"thema_{e}_{k}": None
            for k in ("foil", "nonfoil")
            for e in ("charm", "ferocity", "grace", "mystique", "valor")
        },
        "thema_foil": None,
        "thema_nonfoil": None,
        "thema_foil_dynamic": False,
        "thema_nonfoil_dynamic": False,
        "uuid": uuid,
        "collaborators": [],
        "circulationTemplates": [],
        "circulations": [],
        "other_orientations": [],
        "set": copy.deepcopy(_SET),
        "effect_html": None,
    }
    edition.update(extra)
    return edition


def make_card(
    uuid: str = "genCard001", name: str = "Generated Card", **extra: Any
) -> dict[str, Any]:
    """A valid Card object with one edition (generated)."""
    slug = name.lower().replace(" ", "-")
    card: dict[str, Any] = {
        "classes": ["MAGE"],
        "cost_memory": None,
        "cost_reserve": 2,
        "cost": {"type": "reserve", "value": "2"},
        "created_at": "2023-01-01T12:00:00.000Z",
        "durability": None,
        "editions": [make_edition(uuid, uuid[::-1])],
        "effect": "**On Enter:** Draw a card.",
        "effect_raw": "On Enter: Draw a card.",
        "element": "FIRE",
        "elements": ["FIRE"],
        "flavor": "Generated flavor.",
        "last_update": "2025-01-19T19:30:22.466Z",
        "legality": None,
        "level": None,
        "life": None,
        "name": name,
        "power": None,
        "referenced_by": [],
        "references": [],
        "result_editions": [],
        "rule": [],
        "slug": slug,
        "speed": True,
        "subtypes": ["SPELL"],
        "types": ["ACTION"],
        "uuid": uuid,
        "effect_html": None,
    }
    card.update(extra)
    card["result_editions"] = copy.deepcopy(card["editions"])
    return card
